"""Objects that never change once built, shared by every copy of a game.

A ruleset and everything compiled from it (tiles, faces, orientations, skills, formulas) is
immutable once loaded, so ``Game.copy()`` shares it instead of copying it: ``shared`` marks such a
class, and ``copy.deepcopy`` then returns the object itself.
"""
from __future__ import annotations


def _same(self, memo=None):
    return self


def shared(cls):
    """Class decorator: instances are immutable and shared by every copy of a game."""
    cls.__deepcopy__ = _same
    cls.__copy__ = _same
    return cls
