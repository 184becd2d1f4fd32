"""The formats `import` reads are one list (memory.models.IMPORT_FORMATS), the one every route
offers: the import request's choices (the library, the service, the schema) and the CLI's
`--format`. They were written out twice, in quire's ImportRequest and in the CLI's choices, and
neither was held to what the importer reads."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import click
import pytest

from memory import chats, importer
from memory.errors import InvalidInput
from memory.models import IMPORT_FORMATS
from quire.cli import cli as group
from quire.ops import registry
from tests.conftest import wording


def _cli_choices() -> tuple[str, ...]:
    command = group.commands["import"]
    (option,) = [p for p in command.params if p.name == "format_"]
    assert isinstance(option.type, click.Choice)
    return tuple(option.type.choices)


def _request_choices() -> tuple[str, ...]:
    return get_args(registry.OPS["import"].request.model_fields["format"].annotation)


def _schema_choices() -> tuple[str, ...]:
    return tuple(registry.OPS["import"].request.model_json_schema()["properties"]["format"]["enum"])


def _importer_reads(fmt: str, home_db, tmp_path: Path) -> bool:
    """Whether memory.importer takes `fmt` as a format it reads (an unknown one is refused by name)."""
    path = tmp_path / "empty.json"
    path.write_text("[]\n")
    try:
        importer.import_path(home_db, path, format=fmt)
    except InvalidInput as exc:  # "nothing to import", "not a ... export": read as that format
        return not str(exc).startswith(f"unknown format {fmt!r}")
    return True


def drift(lists: dict[str, tuple[str, ...]]) -> list[str]:
    """Which of `lists` differ from the one list (in members or order)."""
    return [f"{name}: {got}" for name, got in lists.items() if got != IMPORT_FORMATS]


def test_every_route_offers_the_one_list():
    assert drift({"cli": _cli_choices(), "request": _request_choices(), "schema": _schema_choices()}) == []


def test_the_one_list_is_auto_the_chat_readers_and_the_importers_own():
    assert ("auto", *chats.CHAT_FORMATS, "jsonl", "markdown", "mem0") == IMPORT_FORMATS


def test_the_importer_reads_every_listed_format_and_refuses_any_other(db, tmp_path):
    assert [f for f in IMPORT_FORMATS if not _importer_reads(f, db, tmp_path)] == []
    assert not _importer_reads("pdf", db, tmp_path)  # the control: an unlisted format is seen as one


def test_the_drift_check_sees_a_list_written_out_again():
    # the control: a copy that lost messenger, or has the formats in another order, is drift
    lost = tuple(f for f in IMPORT_FORMATS if f != "messenger")
    assert drift({"cli": lost, "request": tuple(reversed(IMPORT_FORMATS))}) == [
        f"cli: {lost}",
        f"request: {tuple(reversed(IMPORT_FORMATS))}",
    ]


@pytest.mark.parametrize("fmt", ["pdf", "", "MESSENGER"])
def test_a_format_not_listed_is_refused_alike_by_the_cli_and_the_library(cli, quire_home, tmp_path, fmt):
    import quire

    path = tmp_path / "x.json"
    path.write_text("[]")
    done = cli("import", str(path), "--format", fmt)
    assert done.exit_code == 2, done.stderr
    with quire.open(quire_home) as q, pytest.raises(InvalidInput) as refused:
        q.import_path(path, format=fmt)
    # the flag (CLI) or the field (library) named alike
    assert wording(str(refused.value)) in wording(done.stderr), (str(refused.value), done.stderr)
