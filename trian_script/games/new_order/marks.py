"""What stands on New Order's board, as the renderer's marks (``engine.marks.Mark``): emissaries and
the stations under them, ships, the minerals lying in nebulas, special tokens, and who controls each
closed area (NO-4.7)."""
from __future__ import annotations

from ...engine.marks import Mark

# how the renderer draws New Order's kinds (it picks a stable shape for any other kind)
SHAPES = {"emissary": "circle", "research-station": "square", "space-station": "hexagon",
          "corvette": "triangle", "rogue": "diamond", "mineral": "gem", "controller": "flag"}


def board_marks(game) -> list[Mark]:
    marks = []
    for cell, emissary in game.emissaries.items():
        if emissary.station:  # a station stays under its emissary (NO-3.3.3): both are shown
            marks.append(Mark(cell, emissary.station, emissary.player, emissary.region))
        marks.append(Mark(cell, "emissary", emissary.player, emissary.region))
    for cell, ship in game.ships.items():
        marks.append(Mark(cell, ship.kind, ship.player, ship.region))
    first_region = _first_region_of_each_area(game.board)
    for root, totals in game.board.forest.totals.items():
        if root in first_region:
            cell, region = first_region[root]
            for colour, count in sorted((+totals.minerals).items()):
                marks.append(Mark(cell, "mineral", None, region, count, colour))
    for root, controller in game.controllers.items():
        root = game.board.forest.find(root)
        if controller is not None and root in first_region:
            cell, region = first_region[root]
            marks.append(Mark(cell, "controller", controller, region))
    for token in game.special_tokens.values():
        if token.cell is not None:
            marks.append(Mark(token.cell, token.kind, token.owner))
    return marks


def _first_region_of_each_area(board) -> dict[int, tuple]:
    """Area root -> (cell, region index) of its region on the earliest tile laid: where its minerals
    and its controller are drawn, so they stay put as the area grows."""
    first: dict[int, tuple] = {}
    for cell in board.order:
        for region, node in enumerate(board.cells[cell].nodes):
            if node is not None:
                first.setdefault(board.forest.find(node), (cell, region))
    return first
