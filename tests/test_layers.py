"""The folders are the layers: the contract in pyproject.toml names the five packages in the
design's order and nothing else, and every top-level package with Python code is one of them."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ["quire", "eval", "wiki", "retrieval", "memory"]


def contract(kind: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == kind)


def packages(root: Path) -> set[str]:
    """Top-level folders holding Python code that ships (tests and scripts do not)."""
    return {p.parent.name for p in root.glob("*/__init__.py")} - {"tests"}


def unlayered(found: set[str], layers: list[str]) -> set[str]:
    return found - set(layers)


def test_the_layers_are_the_five_folders_in_the_design_order():
    assert contract("layers")["layers"] == LAYERS
    assert sorted(contract("acyclic_siblings")["ancestors"]) == sorted(LAYERS)


def test_every_package_is_a_layer():
    assert unlayered(packages(ROOT), contract("layers")["layers"]) == set()


def test_the_guard_catches_a_package_nobody_placed(tmp_path):
    (tmp_path / "export").mkdir()
    (tmp_path / "export" / "__init__.py").write_text("")
    assert unlayered(packages(ROOT) | packages(tmp_path), LAYERS) == {"export"}


# -- imports inside functions: only where a fast path needs them, each said why ----------------

OWN = ("memory", "retrieval", "wiki", "eval", "quire")
# module -> the quire modules it may import inside a function (their import pulls numpy, the
# model or networkx, and this module is on the path of `quire --help`, `quire capture
# --defer-embed` or the CLI's call to a running service). quire/cli/app.py says so in its docstring.
LAZY_ALLOWED = {
    **{f"quire/cli/{p.name}": None for p in (ROOT / "quire" / "cli").glob("*.py")},  # see quire/cli/app.py
    "quire/ops/memories.py": {"memory.capture", "memory.chats", "memory.importer"},  # importer: chats, numpy
    "quire/ops/registry.py": {"memory.capture"},  # the rejection log's line for a refused supersede or edit
    "quire/ops/search.py": {"retrieval.recall"},
    "quire/ops/wiki.py": {"wiki.rebuild", "wiki.pagemap", "wiki.lint"},
    "quire/client.py": {"memory.session"},
    "quire/api.py": {"memory.session"},  # `import quire` is on the path of `quire --help`
    "quire/__init__.py": {"quire.api"},  # the same: the API loads on first use
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
