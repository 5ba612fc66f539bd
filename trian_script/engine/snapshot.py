"""What a copy of a game may hold: steps that follow the copy, not the original."""
from __future__ import annotations


def is_copyable_step(step) -> bool:
    """Whether a queued step survives a copy and a pickle: a bound method, a ``functools.partial``
    or a module-level function. A closure (a lambda naming the game or a plugin) would keep pointing
    at the original game after a copy, and cannot be pickled."""
    function = step
    while hasattr(function, "func"):  # partials, possibly nested
        function = function.func
    function = getattr(function, "__func__", function)  # a bound method's function
    return getattr(function, "__closure__", None) is None and getattr(function, "__name__", "") != "<lambda>"
