"""Features complete when every cell around them holds a tile: a Realms military station (GR-5.3),
a Carcassonne cloister. Asked from the board's grid, so it works on any grid (6 cells around a
hexagon, 8 around a square, 12 around a triangle)."""
from __future__ import annotations


def neighbours_filled(board, cell) -> int:
    """How many of the cells touching ``cell`` hold a tile."""
    cells = board.cells
    return sum(1 for other in board.grid.touching(cell) if other in cells)


def surrounded(board, cell) -> bool:
    return neighbours_filled(board, cell) == len(board.grid.touching(cell))


def completed_by(board, cell, watched) -> list:
    """The cells of ``watched`` (incomplete surrounded features) that laying a tile at ``cell`` has
    completed: ``cell`` itself, or a cell it touches; in the grid's order."""
    around = (cell, *board.grid.touching(cell))
    return [c for c in around if c in watched and surrounded(board, c)]


def track(board, cell, watched: set, kinds) -> list:
    """Keep ``watched`` (the cells of incomplete surrounded features, of the feature ``kinds``) as a
    tile is laid at ``cell``: the cells it completed, which are no longer watched."""
    if any(region.kind in kinds for region in board.cells[cell].face.regions):
        watched.add(cell)
    done = completed_by(board, cell, watched) if watched else []
    watched.difference_update(done)
    return done
