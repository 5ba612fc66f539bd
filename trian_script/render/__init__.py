"""Pictures of faces, tiles, boards and positions (SVG, drawn with drawsvg), and replay pages."""
from .position import board_picture, board_svg
from .svg import board_drawing, draw_face, face_drawing, tiles_sheet

__all__ = ["board_drawing", "board_picture", "board_svg", "draw_face", "face_drawing", "tiles_sheet"]
