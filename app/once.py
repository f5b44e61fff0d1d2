"""`cached_property` without a lock: a value worked out on first use and kept on the instance.

The standard library's `functools.cached_property` (before Python 3.12) takes one lock per
property, shared by every instance of the class, while it works a value out: the server's
threads, each with its own table, then wait on one another for nothing. Working a value out
twice at once is harmless here (the instances never change), so none is taken.

>>> class Square:
...     def __init__(self, side: int) -> None:
...         self.side, self.worked = side, 0
...     @cached_property
...     def area(self) -> int:
...         self.worked += 1
...         return self.side * self.side
>>> s = Square(3)
>>> s.area, s.area, s.worked
(9, 9, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class cached_property(Generic[T]):  # noqa: N801  (named as the one it stands in for)
    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.__doc__ = func.__doc__
        self.name = func.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_property[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> T | cached_property[T]:
        if instance is None:
            return self
        # kept in the instance's own dict, which a frozen dataclass's __setattr__ does not guard:
        # the next look-up finds it there and never comes here again
        value = instance.__dict__[self.name] = self.func(instance)
        return value
