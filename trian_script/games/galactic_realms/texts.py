"""Realms' words: option texts and how they are read, prompts, refusals with their rule ids, and
what a picture of the board shows."""
from __future__ import annotations

from ...board.sides import parse_place, region_name as region
from ...engine.marks import Mark
from ...engine.points import points_summary

PROMPTS = {"place": "step 1: place a pool tile (GR-3.1)",
           "starship": "step 2: a Starship on a free feature of the tile just placed, or pass (GR-3.2)",
           "token": "step 4: use a Cosmic Token (return, refresh, power), or pass (GR-3.4)"}


def cell(c) -> str:
    return f"@({c[0]},{c[1]})"


def refusal(game, text: str) -> tuple[str, str]:
    word, me = text.split(" ", 1)[0], game.current
    if word == "place":
        return _place_refusal(game, parse_place(text, game.placing.faces(game.pool.tiles)))
    if word == "starship":
        placed = game.board.cells.get(game.placed)
        names = {region(placed, i): i for i, r in enumerate(placed.face.regions) if "starship" in r.holds} if placed else {}
        if text[9:] in names and text not in game.offered:
            return "a Starship goes only on a feature that holds none, after this tile's joins", "GR-5.5"
        if not me.starships:
            return f"{me.name} has no Starship in the supply", "GR-6.4"
        if game.phase != "starship":
            return "a Starship goes only on the tile just placed, in step 2", "GR-3.2"
        return f"the tile just placed has no '{text[9:]}' for a Starship ({', '.join(names) or 'none'})", "GR-3.2"
    if word in ("return", "power", "refresh"):
        if not me.tokens:
            return f"{me.name} has no Cosmic Token", "GR-7.5"
        if game.used >= game.values["tokens_per_turn"] or game.phase not in ("token", "over") and \
                game.values["token_timing"] == "step4":
            return f"a Cosmic Token is used once per turn, in step 4, after scoring", "GR-3.4"
        return {"return": ("a token returns one of your own Starships on the board", "GR-7.2"),
                "power": ("a token powers up one of your own Starships, at most once each", "GR-7.4"),
                "refresh": ("a refresh sets aside 1 to min(pool, bag) pool tiles, never on an empty bag",
                            "GR-7.3")}[word]
    return f"'{text}' is not an option now: {PROMPTS.get(game.phase, '')}", "GR-3"


def _place_refusal(game, entry) -> tuple[str, str]:
    if game.phase != "place":
        return "this turn's tile is placed; a step passed is not returned to", "GR-3"
    face = next((f for f in game.placing.faces(game.pool.tiles) if entry and f.notation == entry[0]), None)
    if face is None:
        pool = ", ".join(t.faces[0].notation for t in game.pool.tiles)
        return f"a placement names a pool tile ({pool}): place LEELEE @(0,-1) r0", "GR-3.1"
    return game.placing.why_not(face, entry[1], entry[2], {"match": "GR-4.4", "rotation": "GR-4.2", "contact": "GR-4.5"})


def summary(game) -> str:
    closed = ", ".join(f"{k} {n}" for k, n in sorted(game.closed_counts.items())) or "none"
    return points_summary(game, [f"features completed: {closed}",
                                 "tokens left: " + ", ".join(f"{p.name} {p.tokens}" for p in game.players)])


def marks(game) -> list[Mark]:
    """Starships (a powered one labelled with its weight) and the controllers of completed features."""
    return game.ships.marks("starship") + [Mark(c, "controller", owner, ri) for c, ri, owner in game.controlled]
