"""The layer contract in pyproject.toml covers every module of wiki/ (the one package split
between two layers), and lists the layers in the order the design gives."""

from __future__ import annotations

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
