"""One base for the closed sets of the rules: documented members, rebuilding reprs, one parser.

Every game system names its closed sets (range bands, damage types, arcs,
stations) as subclasses of :class:`Kind`. A member is written either as its
value alone, with the docstring on the line after (read by Sphinx), or as a
``(value, docstring)`` pair, which also sets the member's ``__doc__`` at run
time:

>>> class Cover(Kind):
...     '''Cover between shooter and target.'''
...     NONE = "none", "A clear line."
...     SOFT = "soft", "Soft cover: +1 difficulty."
>>> Cover.SOFT
Cover.SOFT
>>> Cover.SOFT.__doc__
'Soft cover: +1 difficulty.'
>>> Cover.parse("Soft"), Cover.parse("soft"), Cover.parse(Cover.NONE)
(Cover.SOFT, Cover.SOFT, Cover.NONE)
>>> Cover.parse("glass", "cover")
Traceback (most recent call last):
...
voidref.errors.RulesError: 'cover' must be one of none, soft (got 'glass')
"""

from __future__ import annotations

import enum
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

from voidref.errors import RulesError, check_enum, describe

__all__ = ["Kind", "dataclass_repr"]

_K = TypeVar("_K", bound="Kind")


class Kind(enum.Enum):
    """An enum for one closed set of a rulebook.

    - A member may carry its own docstring: ``NAME = value, "what it means"``.
    - Its repr is the code that names it (``Arc.REAR``), so doctest output
      reads as code and ``eval(repr(member))`` gives the member back.
    - :meth:`parse` accepts a member, its value or its name in any case (with
      spaces or hyphens for underscores), so the API, the command line and the
      calculators read the same text the same way.
    """

    def __new__(cls, value: Any, doc: str | None = None) -> Kind:
        if doc is not None and not isinstance(doc, str):
            raise TypeError(f"'doc' of {cls.__name__} member {value!r} must be a docstring (got {describe(doc)})")
        obj = object.__new__(cls)
        obj._value_ = value
        if doc is not None:
            obj.__doc__ = doc
        return obj

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    @classmethod
    def parse(cls: type[_K], value: Any, argument: str = "value") -> _K:
        """The member *value* stands for; a :class:`~voidref.errors.RulesError` naming *argument* if none.

        >>> class Band(Kind):
        ...     EXTRA_LONG = "extra long"
        >>> Band.parse("Extra Long"), Band.parse("extra_long"), Band.parse("EXTRA-LONG")
        (Band.EXTRA_LONG, Band.EXTRA_LONG, Band.EXTRA_LONG)
        """
        if not isinstance(argument, str):
            raise RulesError(argument="argument", expected="the name of the argument, as text", received=argument)
        return check_enum(argument, value, cls)


def dataclass_repr(obj: Any, positional: tuple[str, ...] = ("name",)) -> str:
    """A repr that rebuilds a frozen dataclass: its *positional* fields, then only the fields off their default.

    A field with a ``default_factory`` is left out when it equals a fresh default.

    >>> from dataclasses import dataclass, field
    >>> @dataclass(frozen=True, repr=False)
    ... class Gun:
    ...     name: str
    ...     damage: int = 4
    ...     crit: int = 3
    ...     tags: tuple[str, ...] = field(default_factory=tuple)
    ...     def __repr__(self) -> str:
    ...         return dataclass_repr(self)
    >>> Gun("Autocannon", crit=4), Gun("Railgun", tags=("spinal",))
    (Gun('Autocannon', crit=4), Gun('Railgun', tags=('spinal',)))
    """
    if not is_dataclass(obj) or isinstance(obj, type):
        raise RulesError(argument="obj", expected="a dataclass value", received=obj)
    names = {f.name for f in fields(obj)}
    if not isinstance(positional, tuple) or not all(isinstance(f, str) and f in names for f in positional):
        raise RulesError(argument="positional", expected=f"a tuple of field names of {type(obj).__name__}",
                         received=positional)
    parts = [repr(getattr(obj, f)) for f in positional]
    for f in fields(obj):
        if f.name in positional:
            continue
        value = getattr(obj, f.name)
        default = f.default_factory() if f.default_factory is not MISSING else f.default
        if value != default:
            parts.append(f"{f.name}={value!r}")
    return f"{type(obj).__name__}({', '.join(parts)})"
