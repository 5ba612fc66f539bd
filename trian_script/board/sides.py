"""Single-faced tiles written in one line: their sides clockwise, a centre, marks (Galactic Realms).

    sides R05 = LEELEE            a lane from side 0 to side 3 (one region: a path through the tile)
    sides R01 = LELELE/J  start   three lanes ending at a junction, the start tile
    sides R40 = SSLEEE+1*         a system on sides 0-1 with one mark, a lane ending at the system

Each letter is a feature's letter (in either case), side 0 on the grid's edge 0, then clockwise;
after ``/`` comes the letter of a ``centre`` feature; ``+n*`` gives the region of the tileset's
``mark`` property n of it. The regions follow from the letters:

* a ``joined`` feature's sides form one region (a star system);
* a centre that ``forms`` or ``holds`` something is a region with no side (a station); a
  ``surrounded`` centre is complete when every touching cell holds a tile (asked by the game);
* the sides of any other feature that forms areas end at a terminator when the tile has one (a
  centre, or a joined feature): each side is then its own region (lanes at a junction); without
  a terminator they pair clockwise, the first with the second, the third with the fourth (a path
  through the tile). An unpaired side is a dead end in empty space: an error.
"""
from __future__ import annotations

import re

from .faces import Face, FaceError, Feature, Property, Region

NOTATION = re.compile(r"([A-Za-z]*)(?:/([A-Za-z]))?(?:\+(\d+)\*)?")


def face_name(notation: str) -> str:
    """A face's name from its notation, safe in file names: ``LELELE/J`` -> ``LELELE-J``."""
    return notation.replace("/", "-").replace("*", "")


def sides_face(name: str, notation: str, features: dict[str, Feature], properties: dict[str, Property],
               mark: str | None, edges: int) -> Face:
    """The face a sides line describes; FaceError (pointing at the line) for what cannot be."""
    path = ("sides", name, "sides")
    match = NOTATION.fullmatch(notation)
    if not match:
        raise FaceError(path, f"'{notation}' is not a side string", expected="letters, then /CENTRE, then +n*",
                        hint="for example LELELE/J or SSLEEE+1*")
    letters, centre_letter, marks = match.group(1).lower(), (match.group(2) or "").lower(), int(match.group(3) or 0)
    if len(letters) != edges:
        raise FaceError(path, f"side string '{match.group(1)}' has {len(letters)} sides, a tile of this grid has {edges}",
                        expected=f"{edges} letters, one per side, clockwise from side 0",
                        hint=f"add or remove {abs(edges - len(letters))} letter(s)")
    by_letter = {f.letter: f for f in features.values() if f.letter}
    kinds = []
    for letter in letters:
        if letter not in by_letter:
            raise FaceError(path, f"unknown side letter '{letter.upper()}' in '{notation}'",
                            expected=", ".join(f"{l.upper()} ({f.name})" for l, f in by_letter.items() if not f.centre),
                            hint="a side letter is the letter of a feature of this tileset")
        kinds.append(by_letter[letter])
    centre = by_letter.get(centre_letter) if centre_letter else None
    if centre_letter and (centre is None or not centre.centre):
        raise FaceError(path, f"'/{centre_letter.upper()}' is not a centre",
                        expected=", ".join(f"/{l.upper()} ({f.name})" for l, f in by_letter.items() if f.centre),
                        hint="after '/' comes the letter of a feature marked 'centre'")
    regions = _regions(notation, kinds, centre, path)
    if marks:
        regions = _marked(regions, properties, mark, marks, notation, path)
    return Face(face_name(notation), tuple(kinds[i].letter for i in range(edges)), tuple(regions), False,
                notation=notation)


def _regions(notation: str, kinds: list[Feature], centre: Feature | None, path: tuple) -> list[Region]:
    regions: list[Region] = []
    joined = [f for f in dict.fromkeys(kinds) if f.joined and f.forms]
    for feature in joined:
        regions.append(_region(feature, [i for i, f in enumerate(kinds) if f is feature]))
    if centre is not None and (centre.forms or centre.holds):
        regions.append(_region(centre, []))
    terminated = centre is not None or bool(joined)
    for feature in dict.fromkeys(kinds):
        if feature.joined or not feature.forms:
            continue
        sides = [i for i, f in enumerate(kinds) if f is feature]
        if terminated:
            regions += [_region(feature, [i]) for i in sides]
            continue
        if len(sides) % 2:
            raise FaceError(path, f"the {feature.name} on side {sides[-1]} of '{notation}' ends in empty space",
                            expected=f"a {feature.name} that passes through the tile or ends at a centre",
                            hint=f"give it another {feature.letter.upper()} side, or end it at a centre (e.g. "
                                 f"'{notation.split('/')[0].split('+')[0]}/J')")
        regions += [_region(feature, sides[i:i + 2]) for i in range(0, len(sides), 2)]
    return regions


def _region(feature: Feature, positions: list[int]) -> Region:
    return Region(feature.name, feature.forms, tuple(positions), (), feature.holds)


def _marked(regions: list[Region], properties: dict[str, Property], mark: str | None, count: int, notation: str,
            path: tuple) -> list[Region]:
    prop = properties.get(mark or "")
    if prop is None:
        raise FaceError(path, f"'+{count}*' marks nothing: the tileset names no mark property",
                        hint="add 'mark = NAME' to the tileset, NAME a property")
    for i, region in enumerate(regions):
        if not prop.on or region.kind in prop.on:
            return regions[:i] + [Region(region.kind, region.area, region.positions, ((prop.name, count),),
                                         region.holds | prop.holds)] + regions[i + 1:]
    where = " or ".join(sorted(prop.on))
    raise FaceError(path, f"a {prop.name} ('+{count}*') lies in a {where}, and '{notation}' has none",
                    hint=f"add {where} sides, or remove '+{count}*'")


def turned(notation: str, k: int) -> str:
    """The side string of a tile turned ``k`` steps clockwise (side j goes to side j + k), so a
    position may be written as it lies: ``SEEEEE`` turned 2 is ``EESEEE``."""
    sides = NOTATION.fullmatch(notation).group(1)
    n = len(sides)
    return "".join(sides[(i - k) % n] for i in range(n)) + notation[n:]


def turn_between(notation: str, written: str) -> int | None:
    """How far ``notation`` must turn to read as ``written`` (None when no turn does)."""
    if NOTATION.fullmatch(written) is None or NOTATION.fullmatch(notation) is None:
        return None
    n = len(NOTATION.fullmatch(notation).group(1))
    return next((k for k in range(max(n, 1)) if turned(notation, k) == written), None)


PLACE = re.compile(r"place (\S+) @\((-?\d+),(-?\d+)\) r(\d+)")


def place_text(entry) -> str:
    """The option text of a placement (notation, cell, rotation): ``place LEELEE @(0,-1) r0``."""
    return f"place {entry[0]} @({entry[1][0]},{entry[1][1]}) r{entry[2]}"


def parse_place(text: str, faces=()):
    """(notation, cell, rotation) of a placement's text, or None; a tile written as it lies
    (``EESEEE r0`` for ``SEEEEE r2``) is read as the face of ``faces`` it is."""
    m = PLACE.fullmatch(text)
    if not m:
        return None
    notation, cell, rotation = m.group(1), (int(m.group(2)), int(m.group(3))), int(m.group(4))
    if all(face.notation != notation for face in faces):  # not as written: perhaps turned
        for face in faces:
            k = turn_between(face.notation, notation)
            if k is not None:
                return face.notation, cell, (rotation + k) % len(face.edges)
    return notation, cell, rotation


def region_name(placed, index: int) -> str:
    """A region of a placed tile in words: its kind, and when the tile has several of that kind
    (lanes at a junction), the lowest board side it touches: ``lane 2``."""
    names = placed.face.__dict__.get("_names")  # asked every turn: kept per face
    if names is None:
        names = placed.face.__dict__["_names"] = {}
    key = (placed.rotation, index)
    name = names.get(key)
    if name is None:
        regions, kind = placed.face.regions, placed.face.regions[index].kind
        name = names[key] = kind if sum(r.kind == kind for r in regions) == 1 else \
            f"{kind} {min((p + placed.rotation) % len(placed.face.edges) for p in regions[index].positions)}"
    return name
