"""Every random draw of a game comes from its seeded generator (``game.rng``), so a log replays.

While a choice is applied, Python's shared generator (the functions of the ``random`` module) is
closed to the rules and plugins: a draw from it raises ``OutsideDraw``, and ``choose`` undoes the
choice and names the plugin (a PluginFailure). Outside a choice — bots, apps, tests — the module
works as usual; the guard costs one flag per choice.
"""
from __future__ import annotations

import random
import threading

_state = threading.local()  # per thread: is a choice being applied?
DRAWS = ("random", "randint", "randrange", "choice", "choices", "shuffle", "sample", "uniform", "gauss",
         "getrandbits", "randbytes", "triangular", "betavariate", "expovariate", "normalvariate",
         "lognormvariate", "vonmisesvariate", "gammavariate", "paretovariate", "weibullvariate")


class OutsideDraw(RuntimeError):
    """A rule or plugin drew from Python's shared generator while a choice was applied."""


def _guarded(name: str, draw):
    def guarded(*args, **kwargs):
        if getattr(_state, "applying", False):
            raise OutsideDraw(f"random.{name}() draws from Python's shared generator, which no log can replay: "
                              "draw from the game's seeded generator, game.rng")
        return draw(*args, **kwargs)

    guarded.__wrapped__ = draw
    guarded.__doc__ = draw.__doc__
    return guarded


def _install() -> None:
    for name in DRAWS:
        draw = getattr(random, name, None)
        if draw is not None and not hasattr(draw, "__wrapped__"):
            setattr(random, name, _guarded(name, draw))


class applying_choice:
    """``with applying_choice():`` closes the shared generator for the duration (nested uses keep it
    closed). A class rather than a generator-based context manager: it runs on every choice."""

    __slots__ = ("before",)

    def __enter__(self) -> None:
        self.before = getattr(_state, "applying", False)
        _state.applying = True

    def __exit__(self, *exc) -> None:
        _state.applying = self.before


_install()
