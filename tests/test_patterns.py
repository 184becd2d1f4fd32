"""memory/patterns.py: a pattern compiled at its first use reads as the compiled one does, and the
life reading's ~800 patterns are not compiled when a command imports the rules."""

from __future__ import annotations

import re
import subprocess
import sys

from memory import patterns

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def test_a_lazy_pattern_answers_as_the_compiled_one_on_every_method():
    source, flags = r"(?P<who>\w+) (?:moved|went) to (?P<to>[A-Z]\w+)", re.IGNORECASE
    lazy, eager = patterns.lazy(source, flags), re.compile(source, flags)
    text = "Anna moved to Lyon, then ben WENT to porto and Ines went to Faro"
    assert lazy.pattern == source and lazy.flags == flags  # before any use: nothing compiled
    assert lazy.search(text).groupdict() == eager.search(text).groupdict()  # type: ignore[union-attr]
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in eager.finditer(text)]
    assert lazy.findall(text) == eager.findall(text)
    assert lazy.sub(r"\g<to>", text) == eager.sub(r"\g<to>", text)
    assert lazy.split(text) == eager.split(text)
    assert lazy.fullmatch("Anna moved to Lyon") is not None and lazy.match("x") is None
    assert lazy.groups == 2 and dict(lazy.groupindex) == {"who": 1, "to": 2}


def test_a_bad_pattern_fails_at_its_first_use():
    bad = patterns.lazy(r"(unclosed")
    try:
        bad.search("text")
    except re.error:
        return
    raise AssertionError("a pattern that does not compile was used without an error")


def _compiled_at_import(module: str) -> int:
    code = (
        "import re, sys\n"
        "count = [0]\n"
        "real = re._compile\n"
        "def counting(*a, **k):\n"
        "    count[0] += 1\n"
        "    return real(*a, **k)\n"
        "re._compile = counting\n"
        f"import {module}\n"
        "print(count[0])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return int(done.stdout.strip())


def test_importing_the_life_rules_compiles_few_patterns():
    """Every command imports memory.life (through the gate); compiling its rules there cost 0.7 s of
    CPU each time. The control: a module whose patterns are compiled at import counts them."""
    assert _compiled_at_import("memory.life") < 100
    assert _compiled_at_import("memory.messenger") > 5  # control: eager re.compile is counted
