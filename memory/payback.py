"""When a warm process builds something that costs up front and pays back over the uses after it.

A store read whole (retrieval/rowcache.py, retrieval/lexical.py) or a vector index held in int8
(memory/vectors.py) is built at one state of the store and dropped when the state moves. Built
too eagerly in a process that writes between every few reads, it is paid for again and again and
never earned back; built never, a process answering query after query pays full price each time.
"""

from __future__ import annotations

from dataclasses import dataclass

FIRST = 3  # the use at one state that builds, to begin with
MOST = 1024  # the latest use it waits for, however often building did not pay


@dataclass
class Payback:
    """Build on the `after`-th use at one state. `after` starts at FIRST and doubles (to MOST) each
    time a state built at moved before the uses after the build saved what it cost (`worth` uses,
    from the caller's measured costs); it falls back to FIRST once one does. A process answering
    query after query builds at its third; one that writes between every few soon stops paying for
    builds it never earns back."""

    after: int = FIRST
    uses: int = 0  # at the current state
    read_at: int | None = None  # `uses` when this state was built at
    worth: int = 0  # uses after the build that earn it back

    def use(self) -> None:
        self.uses += 1

    def due(self) -> bool:
        return self.read_at is None and self.uses >= self.after

    def read(self, worth: int) -> None:
        """Built now; `worth` more uses at this state earn it back."""
        self.read_at, self.worth = self.uses, worth

    def moved(self) -> None:
        """The state changed: judge the build made at the old one (if any) and start counting again."""
        if self.read_at is not None:
            earned = self.uses - self.read_at >= self.worth
            self.after = FIRST if earned else min(self.after * 2, MOST)
        self.uses, self.read_at = 0, None
