"""What a copy of a game may hold: steps that follow the copy, not the original."""
from __future__ import annotations

from functools import partial
from types import FunctionType, MethodType

_PLAIN = (FunctionType, MethodType)


def is_copyable_step(step) -> bool:
    """Whether a queued step survives a copy and a pickle: a bound method, a ``functools.partial``
    or a module-level function. A closure (a lambda naming the game or a plugin) would keep pointing
    at the original game after a copy, and cannot be pickled."""
    if type(step) is MethodType:  # most steps: a bound method (a lambda is no method of a class)
        return step.__func__.__closure__ is None and step.__func__.__name__ != "<lambda>"
    function = step
    # partials, possibly nested (asked for every queued step: the usual types are not asked for
    # a ``func`` they do not have)
    while type(function) is partial or (type(function) not in _PLAIN and hasattr(function, "func")):
        function = function.func
    function = function.__func__ if type(function) is MethodType else getattr(function, "__func__", function)
    return getattr(function, "__closure__", None) is None and getattr(function, "__name__", "") != "<lambda>"
