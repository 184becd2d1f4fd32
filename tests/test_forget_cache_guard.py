"""A cache of what memories say must be emptied by a forget (memory/textcache.py `text_cache`). A plain
`functools.lru_cache` / `functools.cache` on a function that takes arguments keeps them after a forget:
session 47's `life._s45k_word` held a forgotten word in a warm service until tests/test_forget_caches.py
caught it at run time. This guard finds such caches in the source; those listed hold no memory's words."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("memory", "retrieval", "wiki", "quire")

# Caches of arguments that are no memory's words, each with why.
ALLOWED = {
    "memory/clock.py:_parsed": "an instant's ISO text (a date, no words)",
    "memory/clock.py:read_when": "a stored instant (a date, no words)",
    "memory/clock.py:_zone": "a time zone's name",
    "memory/clock.py:_normalized": "an instant's text as sent (a date)",
    "memory/vocab.py:word_list": "a data file's name: the shipped word lists",
    "wiki/vault.py:_resolved": "the vault's folder",
}


def _plain_cache(decorator: ast.expr) -> bool:
    """Whether a decorator is functools' lru_cache or cache (called or not), by any spelling."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = target.attr if isinstance(target, ast.Attribute) else target.id if isinstance(target, ast.Name) else ""
    return name in ("lru_cache", "cache")


def plain_caches(source: str, where: str) -> list[str]:
    """The "file:function" of every function with arguments under a plain functools cache."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(map(_plain_cache, node.decorator_list)):
            arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            if [a for a in arguments if a.arg not in ("self", "cls")] or node.args.vararg:
                found.append(f"{where}:{node.name}")
    return found


def test_no_cache_of_arguments_outlives_a_forget():
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            found += plain_caches(path.read_text(encoding="utf-8"), where)
    assert sorted(set(found) - set(ALLOWED)) == [], "cache them with memory.textcache.text_cache (a forget empties it)"
    assert sorted(set(ALLOWED) - set(found)) == [], "an allowance for a cache that is gone: drop it"


def test_control_the_guard_sees_a_plain_cache_of_words():
    source = (
        "import functools\nfrom functools import lru_cache, cache\n"
        "@functools.lru_cache(maxsize=16)\ndef spelt(word): ...\n"
        "@lru_cache\ndef seen(text, n=1): ...\n"
        "@cache\ndef made(*words): ...\n"
        "@functools.cache\ndef lists(): ...\n"  # no argument: a list made once, no memory's words
        "@text_cache(maxsize=8)\ndef kept(word): ...\n"  # emptied by a forget
    )
    assert plain_caches(source, "x.py") == ["x.py:spelt", "x.py:seen", "x.py:made"]
