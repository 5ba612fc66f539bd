"""Pictures of faces, tiles and boards (SVG, drawn with drawsvg)."""
from .svg import board_drawing, draw_face, face_drawing, tiles_sheet

__all__ = ["board_drawing", "draw_face", "face_drawing", "tiles_sheet"]
