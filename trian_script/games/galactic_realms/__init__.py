"""Galactic Realms — the second game on the kernel: hex tiles with one face, a face-up pool,
features that complete, plurality control with powered-up Starships, Cosmic Tokens."""
from .game import GalacticRealms as GAME  # noqa: E402
