"""What a refused capture says: the gate's reason, that nothing was stored, and what to do instead.

Apart from memory/gate.py so a command that only prints a refusal (the CLI's capture, from a
result) reads these lines without importing the gate's checks and the life reading they use
(~70 ms of `quire --help`'s cold start)."""

from __future__ import annotations

# What a person does instead, by reason: every route's refusal names it (MCP words it as a call).
FIX = {
    "too_short": "write one sentence of 5 or more words that makes sense on its own (a bare link: say what it is)",
    "credential_leak": "capture it again without the secret (say where it is kept, never its value)",
    "noise_pattern": "capture a durable fact, decision, preference or lesson, not a greeting or instructions",
}


def refusal(reason: str | None, detail: str | None) -> str:
    """The one line a refused capture or supersede gives: the reason, that nothing was stored, the fix
    (a tombstone's detail names its own: `quire tombstones lift N`)."""
    fix = FIX.get(reason or "")
    return f"{reason} ({detail}); nothing was stored" + (f"; {fix}" if fix else "")
