"""Regular expressions compiled the first time they are used, not when their module is imported.

memory/life.py holds about 800 patterns; compiling them all at import cost about 0.7 s of CPU in
every command (`quire status`, `quire recall`, `quire serve`, MCP's start), most of which reads none
of them. `lazy` returns an object that stands in for the compiled pattern: `.pattern` and `.flags`
are there at once, and the first call of a method compiles it and binds its methods on the object,
so every later call costs what the compiled pattern's does. It is not an `re.Pattern`: call its
methods (`p.search(text)`), never pass the object to `re.search`, and never compare a match's `.re`
with it (`m.re is p` is false: the match holds the compiled pattern).
"""

from __future__ import annotations

import re
from typing import Any, cast

# What a compiled pattern offers, bound on the stand-in when it compiles.
_BOUND = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner")


class _Lazy:
    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self.flags = flags

    def __getattr__(self, name: str) -> Any:  # only for what is not bound yet: the first use
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self.flags)
        for method in _BOUND:
            setattr(self, method, getattr(compiled, method))
        self.groups, self.groupindex = compiled.groups, compiled.groupindex
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r})"


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`pattern` compiled at its first use (typed as the pattern it stands in for)."""
    return cast(re.Pattern[str], _Lazy(pattern, flags))
