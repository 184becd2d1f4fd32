"""The layer contract in pyproject.toml covers every module of wiki/ (the one package split
between two layers), and lists the layers in the order the design gives."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def contract(kind: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == kind)


def layer_modules() -> list[set[str]]:
    return [{m.strip() for m in layer.replace("|", ":").split(":")} for layer in contract("layers")["layers"]]


def unplaced(modules: list[str], layers: list[set[str]]) -> list[str]:
    """Modules of wiki/ that are in no layer (so no contract constrains them) or in more than one."""
    return [m for m in modules if sum(m in layer or m.split(".")[0] in layer for layer in layers) != 1]


def wiki_modules() -> list[str]:
    return sorted(f"wiki.{p.stem}" for p in (ROOT / "wiki").glob("*.py") if p.stem != "__init__")


def test_every_wiki_module_is_in_exactly_one_layer():
    assert unplaced(wiki_modules(), layer_modules()) == []


def test_the_guard_catches_a_new_module_nobody_placed():
    assert unplaced([*wiki_modules(), "wiki.newcomer"], layer_modules()) == ["wiki.newcomer"]


def test_the_layers_are_in_the_design_order():
    layers = layer_modules()
    assert {"wiki.cli", "wiki.ops", "wiki.service", "wiki.client", "wiki.mcp_server", "wiki.curate"} <= layers[0]
    assert layers[1:2] == [{"eval"}] and layers[3:] == [{"retrieval"}, {"memory"}]
    assert {"wiki.pages", "wiki.rebuild", "wiki.pagemap", "wiki.lint"} <= layers[2]
    assert set(contract("acyclic_siblings")["ancestors"]) == {"memory", "retrieval", "wiki", "eval"}


# -- imports inside functions: only where a fast path needs them, each said why ----------------

OWN = ("memory", "retrieval", "wiki", "eval")
# module -> the quire modules it may import inside a function (their import pulls numpy, the
# model or networkx, and this module is on the path of `quire --help`, `quire capture
# --defer-embed` or the CLI's call to a running service). wiki/cli.py says so in its docstring.
LAZY_ALLOWED = {
    "wiki/cli.py": None,  # every command loads what it needs (see its module docstring)
    "wiki/ops.py": {"memory.capture", "memory.chats", "retrieval.recall", "wiki.rebuild", "wiki.pagemap", "wiki.lint"},
    "wiki/client.py": {"memory.session"},
    "wiki/synth.py": {"memory.embed"},
}


def lazy_imports(source: str) -> set[str]:
    """quire modules imported inside a function of `source`."""
    found = set()
    for fn in ast.walk(ast.parse(source)):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    if node.module.split(".")[0] in OWN:
                        names = [f"{node.module}.{a.name}" for a in node.names if node.module in OWN]
                        found |= set(names) if names else {node.module}
                elif isinstance(node, ast.Import):
                    found |= {a.name for a in node.names if a.name.split(".")[0] in OWN}
    return found


def unexplained_lazy_imports(files: dict[str, str]) -> dict[str, set[str]]:
    out = {}
    for path, source in files.items():
        allowed = LAZY_ALLOWED.get(path, set())
        if allowed is None:
            continue
        extra = lazy_imports(source) - allowed
        if extra:
            out[path] = extra
    return out


def test_no_quire_import_hides_inside_a_function():
    files = {
        p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
        for package in OWN
        for p in sorted((ROOT / package).rglob("*.py"))
    }
    assert unexplained_lazy_imports(files) == {}


def test_the_lazy_import_guard_catches_one():
    source = "def f():\n    from memory import review\n    return review\n"
    assert unexplained_lazy_imports({"memory/tombstones.py": source}) == {"memory/tombstones.py": {"memory.review"}}
