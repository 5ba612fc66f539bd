"""Scenario files for games with a face-up pool of single-faced tiles and pieces on features
(Galactic Realms): how a position is set up and what expectations read. A game names this module
in its class value ``SCENARIO``; the steps choose, refuse and expect-option are the runner's own.

    scenario lane_closed "GR-9.4" {
      covers GR-9.4
      ruleset = galactic_realms
      first = red
      pool = ["LEELEE", "EEELEE/M"]          # the face-up pool, by side strings (or tile ids)
      bag = ["SEEEEE"]                       # drawn next, in order; tiles-in-stacks = N keeps N in the bag
      tokens = {red: 2}                      # also points = {…} and supply = {red: {starships: 2}}
      lay "LEELEE" @(0,-1) r0                # a tile laid before play (GR-4.4 is checked)
      put red starship @(0,-1) lane powered  # a piece on a feature of a laid tile, powered up or not
      choose "place EEELEE/M @(0,-2) r0"
      expect points.red == 3
    }
"""
from __future__ import annotations

from dataclasses import fields

from ..board import PlacementError
from ..board.sides import region_name, turn_between
from ..mechanics import control, surround
from .new_order.scenario import RUNNERS as PLAYING, Names, ScenarioFailure, Step, _cell


def setup(game, d: dict, where) -> None:
    players = {p.name: p for p in game.players}
    if "first" in d:
        if d["first"] not in players:
            raise ScenarioFailure(where, f"first = {d['first']}: not a seat ({', '.join(players)})")
        first = list(players).index(d["first"])
        game.turn_order = [(first + k) % len(players) for k in range(len(players))]
        game.current_index = 0
    for key in ("tokens", "points"):
        for name, count in d.get(key, {}).items():
            if not isinstance(count, int):
                raise ScenarioFailure(where, f"{key}.{name}: a number")
            setattr(_player(players, name, where), key, count)
    for name, kinds in d.get("supply", {}).items():
        for kind, count in kinds.items():
            setattr(_player(players, name, where), kind, count)
    pool = game.pool
    tiles = pool.bag + (pool.tiles if "pool" in d else [])
    if "pool" in d:
        pool.tiles = [_take(tiles, wanted, where) for wanted in d["pool"]]
    drawn = [_take(tiles, wanted, where) for wanted in d.get("bag", [])]
    keep = d.get("tiles-in-stacks", len(tiles) + len(drawn)) - len(drawn)
    if keep < 0:
        raise ScenarioFailure(where, "tiles-in-stacks is smaller than the tiles listed in bag")
    game.scenario_reserve = tiles[keep:]  # `lay` takes from these first
    pool.bag = tiles[:keep] + drawn[::-1]  # the last is drawn first
    game.scenario_drawn = {t.id for t in drawn}
    game.scenario_unsettled = True  # (``_settled``)
    game.notes.clear()


def _player(players: dict, name: str, where):
    if name not in players:
        raise ScenarioFailure(where, f"'{name}' is not a seat ({', '.join(players)})")
    return players[name]


def _matches(tile, wanted: str) -> bool:
    return wanted in (tile.id, tile.design) or turn_between(tile.faces[0].notation, wanted) is not None


def _take(tiles: list, wanted: str, where):
    for i, tile in enumerate(tiles):
        if _matches(tile, str(wanted)):
            return tiles.pop(i)
    raise ScenarioFailure(where, f"no tile '{wanted}' left in the bag")


def _lay(game, step: Step) -> None:
    if len(step.args) != 3 or not str(step.args[2]).startswith("r") or not str(step.args[2])[1:].isdigit():
        raise ScenarioFailure(step.position, 'lay takes a side string, a cell and a rotation: lay "LEELEE" @(0,-1) r0')
    wanted, cell, rotation = str(step.args[0]), _cell(step.args[1], step), int(step.args[2][1:])
    drawn = getattr(game, "scenario_drawn", set())
    for source in (game.scenario_reserve, game.pool.bag):
        tile = next((t for t in source if _matches(t, wanted) and t.id not in drawn), None)
        if tile is not None:
            break
    else:
        raise ScenarioFailure(step.position, f"no tile '{wanted}' left to lay (the pool and the bag's next draws are kept)")
    rotation += turn_between(tile.faces[0].notation, wanted) or 0  # written as it lies, or turned
    try:
        game.lay(tile, cell, rotation % 6)
    except PlacementError as err:
        raise ScenarioFailure(step.position, f"cannot lay {wanted} there: {err}") from None
    source.remove(tile)
    game.scenario_unsettled = True
    game.checkpoint()


def _put(game, step: Step) -> None:
    if len(step.args) < 3:
        raise ScenarioFailure(step.position, "put takes a player, a piece and a cell: put red starship @(0,-1) lane [powered]")
    player = _player({p.name: p for p in game.players}, str(step.args[0]), step.position)
    kind, cell = str(step.args[1]), _cell(step.args[2], step)
    words = [str(a) for a in step.args[3:]]
    powered = "powered" in words
    feature = " ".join(w for w in words if w != "powered")
    placed = game.board.cells.get(cell)
    if placed is None:
        raise ScenarioFailure(step.position, f"no tile at {step.args[2]}: a {kind} stands on a feature of a tile (GR-3.2)")
    holding = [i for i, r in enumerate(placed.face.regions) if kind in r.holds]
    found = [i for i in holding if not feature or region_name(placed, i) == feature]
    if len(found) != 1:
        names = ", ".join(region_name(placed, i) for i in holding) or "none"
        raise ScenarioFailure(step.position, f"{'no' if not found else 'more than one'} feature for a {kind} there "
                                             f"(GR-3.2): name one of {names}")
    if (cell, found[0]) in game.ships.pieces or getattr(player, kind + "s", 0) < 1:
        raise ScenarioFailure(step.position, f"that feature holds a piece already, or {player.name} has no {kind} left (GR-6.4)")
    setattr(player, kind + "s", getattr(player, kind + "s") - 1)
    piece = game.ships.put(player.name, cell, found[0])
    if powered:
        game.ships.put_under(piece)
    game.checkpoint()


def _settled(run):
    """A step that reads the game: first, a turn's start checks the pool set up (and the tiles laid
    around it) as play does, so a pool no tile of which fits is set aside (GR-3.6)."""
    def settled(game, step: Step) -> None:
        if game.__dict__.pop("scenario_unsettled", False) and game.phase == "place":
            game.start_turn()
            game.checkpoint()
        run(game, step)
    return settled


RUNNERS = {"lay": _lay, "put": _put,
           **{do: _settled(PLAYING[do]) for do in ("choose", "refuse", "expect", "expect-option", "expect-no-option")}}


def state_env(game) -> tuple[dict, dict]:
    env: dict = {p.name: p.name for p in game.players} | {"none": "none"}
    for p in game.players:
        for f in fields(p):
            if isinstance(getattr(p, f.name), int):
                env[f"{f.name}.{p.name}"] = getattr(p, f.name)
        env[f"on-board.{p.name}"] = sum(1 for piece in game.ships.pieces.values() if piece.owner == p.name)
        env[f"powered.{p.name}"] = sum(1 for piece in game.ships.pieces.values() if piece.owner == p.name and piece.under)
    env.update({"pool": len(game.pool.tiles), "bag": len(game.pool.bag), "token-bag": game.token_bag,
                "removed": len(game.pool.removed), "tiles": len(game.board.cells), "turn": game.turn + 1,
                "phase": game.phase, "current": game.current.name, "over": game.is_over,
                "winner": Names(game.winners() if game.is_over else [])})
    for kind in ("lane", "system", "station"):
        env[f"completed.{kind}"] = game.closed_counts[kind]
        env[kind] = kind

    def node(q, r, kind):
        """The feature of that tile named as options name it (``lane 2``), or by its kind alone (of
        several, the one on the lowest board side): a node of its area."""
        placed = game.board.cells.get((q, r))
        if placed is None:
            return None
        named = sorted((_side(region_name(placed, i)), n) for i, (reg, n) in enumerate(zip(placed.face.regions, placed.nodes))
                       if n is not None and kind in (reg.kind, region_name(placed, i)))
        return named[0][1] if named else None

    def area(q, r, kind):
        found = node(q, r, kind)
        return game.board.forest.of(found) if found is not None else None

    def seated(owners) -> Names:
        """``owners`` named together, in seat order."""
        return Names(p.name for p in game.players if p.name in owners)

    def station(q, r):
        """The station of that tile (GR-5.3), which belongs to no area: its Starships, or None."""
        placed = game.board.cells.get((q, r))
        if placed is None or not any(region.kind == "station" for region in placed.face.regions):
            return None
        return [p for p in game.ships.pieces.values() if p.cell == (q, r) and p.node is None]

    def closed(q, r, kind):
        if kind == "station":
            return station(q, r) is not None and surround.surrounded(game.board, (q, r))
        found = area(q, r, kind)
        return bool(found and found.closed)

    def size(q, r, kind):
        if kind == "station":
            return int(station(q, r) is not None)
        found = area(q, r, kind)
        return len(found.tiles) if found else 0

    def controller(q, r, kind):
        """Who scores that feature now (GR-6.2): the most Starships, powered ones counting 2; tied
        players together, in seat order."""
        if kind == "station":
            pieces = station(q, r) or []
        else:
            found = node(q, r, kind)
            pieces = game.ships.on_area(found) if found is not None else []
        owners = control.controllers(game.ships.strength(pieces), game.values["control.rule"]) if pieces else []
        return seated(owners)

    def ship(q, r, feature=None):
        """The owner of the Starship on that tile (on ``feature``, named as options name it: ``lane
        1``, ``system``); several owners together, in seat order."""
        placed = game.board.cells.get((q, r))
        owners = {p.owner for (cell, ri), p in game.ships.pieces.items() if cell == (q, r)
                  and (feature is None or region_name(placed, ri) == feature
                       or placed.face.regions[ri].kind == feature)}
        return seated(owners)

    functions = {
        "tile": lambda q, r: game.board.cells[(q, r)].face.notation if (q, r) in game.board.cells else "none",
        "rotation": lambda q, r: game.board.cells[(q, r)].rotation if (q, r) in game.board.cells else -1,
        "ship": ship, "closed": closed, "size": size, "controller": controller,
    }
    return env, functions


def _side(name: str) -> int:
    """The board side in a feature's name (``lane 2``: 2; one of its kind: 0)."""
    number = name.rpartition(" ")[2]
    return int(number) if number.isdigit() else 0


def snapshot(game) -> tuple:
    """What a refused choice must leave as it was."""
    return ([(p.name, *(getattr(p, f.name) for f in fields(p))) for p in game.players],
            [t.id for t in game.pool.tiles], [t.id for t in game.pool.bag], game.token_bag, list(game.log),
            game.phase, game.turn, {k: (p.owner, p.under) for k, p in game.ships.pieces.items()},
            {c: (p.tile.id, p.rotation) for c, p in game.board.cells.items()})
