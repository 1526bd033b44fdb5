"""A value worked out the first time it is read, then kept: :class:`functools.cached_property`
without the lock that Python 3.11 takes on every first read (Python 3.12 dropped it too).

The engine's frozen records (a hand history, a settlement) compute a few derived values on
demand; each is computed once per record, and the lock cost more than most of the computations.

>>> class Table:
...     def __init__(self, seats):
...         self.seats = seats
...     @cached
...     def count(self):
...         print("counting")
...         return len(self.seats)
>>> table = Table(["Alice", "Bilal"])
>>> table.count, table.count
counting
(2, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class cached(Generic[T]):  # noqa: N801 (used like a decorator, as functools.cached_property is)
    """Decorate a method of one argument: its value is stored in the instance's ``__dict__``
    under the method's name on first read, where later reads find it without calling anything.
    It works on frozen dataclasses, whose ``__setattr__`` it does not use."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | cached[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value
