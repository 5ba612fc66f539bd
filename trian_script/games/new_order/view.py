"""What one player may see (NO-3.2.1 and NO-4.5: the far face of a tile in the stacks and the other
players' combat tokens stay hidden), and a text map of the board for people at a terminal."""
from __future__ import annotations

from collections import defaultdict

MARKS = {"emissary": "e", "research-station": "R", "space-station": "S", "corvette": "C", "rogue": "r"}


def view(game, player: str) -> dict:
    """A JSON-ready picture of the game as ``player`` knows it."""
    fmt = game.board.grid.format_cell
    drawn = None
    if game.drawn is not None:
        up = game.drawn.faces[game.face_up[game.drawn.id]].name
        drawn = {"tile": game.drawn.id, "faces": [f.name for f in game.drawn.faces]} \
            if player == game.current.name else {"tile": game.drawn.id, "face up": up}
    return {
        "you": player,
        "turn": game.turn,
        "phase": game.phase,
        "current": game.current.name,
        "players": [{
            "name": p.name,
            "credits": p.credits,
            "minerals": dict(+p.minerals),
            "supply": dict(+p.supply),
            "tokens": list(p.tokens) if p.name == player else len(p.tokens),
        } for p in game.players],
        "stacks": [{"tiles": len(s), "top face up": s[-1].faces[game.face_up[s[-1].id]].name}
                   if s else {"tiles": 0} for s in game.stacks],
        "drawn": drawn,
        "board": [{"cell": fmt(c), "tile": p.tile.id, "face": p.face.name, "rotation": p.rotation}
                  for c, p in game.board.cells.items()],
        "emissaries": {fmt(c): {"player": e.player, "station": e.station} for c, e in game.emissaries.items()},
        "ships": {fmt(c): {"player": s.player, "kind": s.kind} for c, s in game.ships.items()},
        "special tokens": [{"kind": t.kind, "owner": t.owner, "cell": fmt(t.cell) if t.cell else None}
                           for t in game.special_tokens.values()],
        "races": dict(game.races),
        "bag": sum(game.bag.values()),
        "combat tokens in the bag": len(game.token_bag),
    }


def _strip(grid, cell) -> int:
    """The row a cell's triangle (or square, or hexagon) sits in, so ▲ and ▼ alternate on a line."""
    xs, ys = zip(*grid.corners(cell))
    return round((min(ys) + max(ys)) / 2 / (max(ys) - min(ys)) - 0.5) if max(ys) > min(ys) else 0


def text_map(game, around=None, radius: float = 2.6) -> str:
    """The tiles near ``around`` (default: the last tile placed), a row of triangles per line.

    Each cell reads ``▲N1 re`` — its shape, face and units (first letter of the player, then
    e emissary, R/S station, C corvette, r rogue); ``·`` marks an empty cell where a tile may go.
    """
    board, grid = game.board, game.board.grid
    if not board.cells:
        return "(no tiles yet)"
    around = around or board.order[-1]
    cx, cy = grid.center(around)
    cells = set(board.cells) | set(board.frontier)
    rows = defaultdict(list)
    for cell in cells:
        x, y = grid.center(cell)
        if abs(x - cx) <= radius and abs(y - cy) <= radius:
            rows[_strip(grid, cell)].append((x, cell))
    lines = []
    for key in sorted(rows):
        parts = []
        for x, cell in sorted(rows[key]):
            shape = "▲" if grid.shape(cell) == "up" else "▼" if grid.shape(cell) == "down" else "■"
            placed = board.cells.get(cell)
            if placed is None:
                parts.append(f"{shape}·{grid.format_cell(cell)}".ljust(16))
                continue
            units = ""
            if cell in game.emissaries:
                e = game.emissaries[cell]
                units += e.player[0] + MARKS[e.station or "emissary"]
            if cell in game.ships:
                s = game.ships[cell]
                units += s.player[0] + MARKS.get(s.kind, s.kind[0])  # a race's own piece: its initial
            for token in game.tokens_at(cell):  # special tokens: owner's initial, then + and its kind
                units += f"{token.owner[0]}+{token.kind[:4]}"
            mark = "*" if cell == around else ""
            parts.append(f"{shape}{placed.face.name}{mark}{grid.format_cell(cell)} {units}".ljust(16))
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines)
