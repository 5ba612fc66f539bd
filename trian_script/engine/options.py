"""Options whose texts are written only when someone reads them.

A decision can have many options that differ only in their arguments (every cell and rotation
where a tile fits). ``Options`` keeps them structured: a kind's entries (tuples of arguments), a
function that writes an entry's text and one that applies it. ``len``, indexing and membership
work without writing every text, so a bot that picks one option at random pays for one text, and
the cost of a decision does not grow with the number of its options' texts. A text, once
written, is kept; the texts are the same as a plain dict of texts would have.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Option:
    """One option, structured: its kind (``place``, ``buy``…), its arguments, and its stable text
    (the text is what logs, people and scenario files use; ``Game.choose`` takes either)."""

    kind: str
    args: tuple
    text: str

    def __str__(self) -> str:
        return self.text


_TOKEN = re.compile(r"@\((-?\d+(?:,-?\d+)*)\)|(-?\d+)|(\S+)")


def read_option(text: str) -> Option:
    """An option text read as kind and arguments: the first word is the kind; a cell ``@(0,1,1)``
    becomes a tuple of numbers, a number a number, any other word stays a word."""
    args = []
    for cell, number, word in _TOKEN.findall(text):
        args.append(tuple(int(v) for v in cell.split(",")) if cell else int(number) if number else word)
    kind = args.pop(0) if args and isinstance(args[0], str) else ""
    return Option(kind, tuple(args), text)


class Options(Mapping):
    """A mapping text -> what choosing it does, for ``entries`` of one kind of option."""

    def __init__(self, entries: list[tuple], text: Callable[[tuple], str], apply: Callable[[tuple], Callable],
                 parse: Callable[[str], tuple | None], kind: str = "", legal: Callable[[tuple], bool] | None = None):
        """``legal(entry)``, when given, answers membership at once (else a set of the entries is made)."""
        self.entries, self.kind = entries, kind
        self._text, self._apply, self._parse, self._legal = text, apply, parse, legal
        self._texts: dict[int, str] = {}
        self._written: dict[str, tuple] = {}  # text -> entry of the texts written: no parse, no lookup
        self._members: set | None = None
        self._parsed: tuple[str, tuple | None] = ("", None)

    def option(self, index: int) -> Option:
        return Option(self.kind, self.entries[index], self.text(index))

    def text(self, index: int) -> str:
        if index not in self._texts:
            entry = self.entries[index]
            text = self._texts[index] = self._text(entry)
            self._written.setdefault(text, entry)
        return self._texts[index]

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self):
        return (self.text(i) for i in range(len(self.entries)))

    def _entry(self, text: str) -> tuple | None:
        if self._parsed[0] != text:  # choose asks "in" and then "[]" for the same text
            self._parsed = (text, self._parse(text))
        return self._parsed[1]

    def __contains__(self, text) -> bool:
        if not isinstance(text, str):
            return False
        if text in self._written:  # a text written from an entry: one of the options (a bot's pick)
            return True
        entry = self._entry(text)
        if entry is None:
            return False
        if self._legal is not None and self._members is None:
            return self._legal(entry)
        if self._members is None:
            self._members = set(self.entries)
        return entry in self._members

    def __getitem__(self, text: str) -> Callable:
        entry = self._written.get(text)
        if entry is not None:
            return self._apply(entry)
        if text not in self:
            raise KeyError(text)
        return self._apply(self._entry(text))

    def pop(self, text: str, default=None):
        """Take an option away (a plugin forbade it)."""
        if text not in self:
            return default
        entry = self._entry(text)
        self.entries = [e for e in self.entries if e != entry]
        self._texts, self._written, self._members, self._legal = {}, {}, set(self.entries), None
        return self._apply(entry)


class Texts(Sequence):
    """The texts of a decision's options, in order, written when read (``decision.options``)."""

    def __init__(self, options):
        self._options = options

    def __len__(self) -> int:
        return len(self._options)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self._options)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        return self._options.text(index)

    def __contains__(self, text) -> bool:
        return text in self._options

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    __hash__ = None

    def __repr__(self) -> str:
        return repr(tuple(self))


class Structured(Sequence):
    """A decision's options as ``Option`` objects (``decision.structured``), made when read."""

    def __init__(self, options, texts: tuple | None = None):
        """``texts``: the options' texts in order, when the caller has them already (a tuple)."""
        self._options = options
        self._texts = texts if type(texts) is tuple else None if _is_options(options) else tuple(options)

    def __len__(self) -> int:
        return len(self._options)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if self._texts is None:
            return self._options.option(index if index >= 0 else index + len(self))
        return read_option(self._texts[index])


def texts(options) -> Sequence:
    """The texts of a decision's options: a tuple, or a lazy view of ``Options``."""
    return Texts(options) if _is_options(options) else tuple(options)


def _is_options(options) -> bool:
    """Whether ``options`` is an ``Options`` (asked for every decision: a plain dict is told at
    once, without the abstract base class's check)."""
    return type(options) is not dict and isinstance(options, Options)


class OptionsAndMore(Options):
    """``Options`` followed by other options of any kind (a dict: text -> what choosing it does),
    offered in one decision; the entries' texts are still read in every spelling their parser takes."""

    def __init__(self, options: Options, more: dict):
        self.__dict__.update(options.__dict__)  # the same entries and texts written so far
        self.more, self._more_texts = more, list(more)

    def __len__(self) -> int:
        return len(self.entries) + len(self.more)

    def __iter__(self):
        return (self.text(i) for i in range(len(self)))

    def text(self, index: int) -> str:
        size = len(self.entries)
        return super().text(index) if index < size else self._more_texts[index - size]

    def option(self, index: int) -> Option:
        return super().option(index) if index < len(self.entries) else read_option(self.text(index))

    def __contains__(self, text) -> bool:
        return text in self.more or super().__contains__(text)

    def __getitem__(self, text: str) -> Callable:
        return self.more[text] if text in self.more else super().__getitem__(text)

    def pop(self, text: str, default=None):
        if text not in self.more:
            return super().pop(text, default)
        self._more_texts.remove(text)
        return self.more.pop(text)


def with_more(options, more: dict):
    """``options`` (a dict or ``Options``) and ``more`` after them, in one mapping."""
    return OptionsAndMore(options, more) if _is_options(options) else {**options, **more}
