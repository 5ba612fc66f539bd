"""Tile laying: tiles dealt into stacks (``stacks``) or drawn into a face-up pool (``pool``), and laid
on any grid (the board: ``trian_script.board``)."""
from .pool import Pool, refill, swap, swaps, unstick
from .stacks import TileSetupError, deal, draw, face_up, fits_anywhere

__all__ = ["Pool", "TileSetupError", "deal", "draw", "face_up", "fits_anywhere", "refill", "swap", "swaps", "unstick"]
