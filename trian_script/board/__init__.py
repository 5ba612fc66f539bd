"""Tiles on a grid: compiled faces, the tileset, the board with its frontier and areas."""
from .board import Area, Board, Placed, PlacementError
from .faces import Face, FaceError, Feature, Property, Region
from .tileset import Tile, Tileset, compile_tileset, merged_definition

__all__ = ["Area", "Board", "Placed", "PlacementError", "Face", "FaceError", "Feature", "Property", "Region",
           "Tile", "Tileset", "compile_tileset", "merged_definition"]
