"""A space name no space can have, by class, on every operation that takes one: refused with the
request in one wording, so a blank `--space` is a usage error (exit 2) on every command, as a blank
`--type` is. Before, `capture --space ""` and `import --space ""` were refused with the request but
`recall`, `recent` and `page search` took the name and refused it later, as a domain error (exit 1)."""

from __future__ import annotations

import pytest

import quire
from memory.errors import InvalidInput
from tests.conftest import run_forked

TEXT = "The quarterly planning meeting moved to the garden room outside"
WORDS = "bad space name '': use 1-64 ASCII letters"
COMMANDS = [
    ["capture", TEXT],
    ["recall", "garden room"],
    ["recent"],
    ["page", "search", "garden"],
]


@pytest.mark.parametrize("blank", ["", "   ", "\u200b"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0] + (c[1] if c[0] == "page" else ""))
def test_a_blank_space_is_a_usage_error_on_every_command_that_takes_one(command, blank):
    done = run_forked(*command, "--space", blank)
    assert done.returncode == 2, (command, done.stderr)
    # the flag named, as every refusal names the flag typed (adv27: it named none)
    assert done.stderr.startswith("Error: invalid ") and ": --space: bad space name " in done.stderr, done.stderr
    assert "use 1-64 ASCII" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "op, params",
    [
        ("capture", {"content": TEXT}),
        ("recall", {"query": "garden room"}),
        ("recent", {}),
        ("page_search", {"query": "garden"}),
    ],
)
def test_a_blank_space_is_refused_in_one_wording_by_the_library(quire_home, op, params):
    with quire.open(quire_home) as q:
        with pytest.raises(InvalidInput, match=WORDS.replace("(", r"\(")):
            q.run(op, space="  ", **params)
        assert q.status().total == 0  # nothing stored
