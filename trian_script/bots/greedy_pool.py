"""The greedy bot's play in pool games with pieces on features (Galactic Realms): grow and complete
the features it leads, put a piece on the biggest free feature, keep its tokens (each a point).

It reads the board's read-only questions and the option entries; it never changes the game.
"""
from __future__ import annotations

KIND_VALUE = {"system": 2.0, "station": 1.5, "lane": 1.0}


def choose(game, decision, rng):
    me = decision.player
    if decision.kind == "place":
        options = decision.structured
        best = max(range(len(options)), key=lambda i: _placement_value(game, me, options[i].args) + rng.random() * 0.1)
        return options[best].text
    if decision.kind == "starship":
        ships = [o for o in decision.options if o.startswith("starship ")]
        if ships:
            return max(ships, key=lambda o: KIND_VALUE.get(o.split()[1], 1.0) + rng.random() * 0.1)
    return "pass" if "pass" in decision.options else rng.choice(decision.options)


def _placement_value(game, me: str, args) -> float:
    notation, cell, rotation = args
    board = game.board
    face = next(f for f in game.placing.faces(game.pool.tiles) if f.notation == notation)
    value = 0.0
    for root in _joined_roots(board, face, cell, rotation):
        totals = board.forest.totals[root]
        weights = {owner: n for (owner, what), n in totals.units.items() if what == "weight" and n > 0}
        if weights:
            top = max(weights.values())
            lead = 1.0 if weights.get(me) == top else -0.6
            value += lead * KIND_VALUE.get(totals.kind, 1.0) * (1 + (totals.open <= 2))
    value += 0.5 * len(board.would_close(face, cell, rotation))  # a token for each completed feature
    if game.current.starships and any("starship" in r.holds for r in face.regions):
        value += 0.8
    return value


def _joined_roots(board, face, cell, rotation) -> set:
    roots = set()
    grid = board.grid
    for region in face.regions:
        for p in region.positions:
            side = (p + rotation) % grid.edges
            neighbour = board.cells.get(grid.neighbour(cell, side))
            if neighbour is None:
                continue
            back = grid.back_edge(cell, side)
            for area, ri in neighbour.orientation.touching[back]:
                if neighbour.nodes[ri] is not None:
                    roots.add(board.forest.find(neighbour.nodes[ri]))
    return roots
