"""An import's path is read by the process that runs the import: a relative one is refused on the
op (whatever route sends it), and made whole in the caller's folder by the library and the CLI.

Before: `quire serve` (or a library handle whose calls it answered) read a relative path in the
folder the service was started in: the same request imported another file, or none.
"""

from __future__ import annotations

import json

import pytest

import quire
from memory.errors import QuireError
from tests.test_adversary_values import http_post
from tests.test_service import served  # noqa: F401  (the fixture)

LINE = {"content": "The Lisbon office opens at ten on weekdays now"}
SAYS = "'caps.jsonl' is not a whole path; give it from the root"


@pytest.fixture
def beside(tmp_path, monkeypatch):
    """A captures file in the current folder, named relatively."""
    (tmp_path / "caps.jsonl").write_text(json.dumps(LINE) + "\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_library_makes_a_relative_path_whole_in_the_callers_folder(quire_home, beside):
    with quire.open(quire_home) as q:
        assert q.import_path("caps.jsonl").stored == 1


@pytest.mark.parametrize("path", ["caps.jsonl", "./caps.jsonl", "../x/caps.jsonl", "~user"])
def test_the_op_refuses_a_relative_path_naming_the_fix(quire_home, beside, path):
    with quire.open(quire_home) as q, pytest.raises(QuireError) as refused:
        q.run("import", path=path)
    assert "is not a whole path; give it from the root" in str(refused.value)
    with quire.open(quire_home) as q:
        assert q.status().total == 0


def test_the_service_refuses_it_in_the_same_words_and_stores_nothing(served, beside):  # noqa: F811
    s = served()
    status, data = http_post(s, "import", json.dumps({"params": {"path": "caps.jsonl"}}).encode())
    assert status == 400 and SAYS in data["error"]["message"], data
    status, data = http_post(s, "import", json.dumps({"params": {"path": str(beside / "caps.jsonl")}}).encode())
    assert status == 200 and data["result"]["stored"] == 1, data


def test_the_cli_reads_a_relative_path_in_its_folder(cli_json, beside):
    assert cli_json("import", "caps.jsonl")["stored"] == 1
