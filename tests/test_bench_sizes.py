"""`quire bench ... --sizes`: a list a person types, read as one, or one line naming the fix (exit 2).

Before: `--sizes abc` and `--sizes ,,` printed a ValueError traceback, `--sizes 0` an IndexError
from deep in the bench, `quire bench rebuild --sizes -1` measured nothing and exited 0.
"""

from __future__ import annotations

import click
import pytest

from quire.cli.measure import Sizes

COMMANDS = [
    ["bench", "recall", "--synthetic", "", "--cold-homes", ""],
    ["bench", "rebuild"],
    ["bench", "capture"],
    ["bench", "cold"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[1])
@pytest.mark.parametrize(
    ("sizes", "says"),
    [
        ("abc", "not a comma-separated list of whole numbers"),
        ("1e5", "not a comma-separated list of whole numbers"),
        (",,", "give at least one size"),
        ("", "give at least one size"),
        ("0", "every size must be at least 10"),
        ("-1", "every size must be at least 10"),
        ("1000,5", "every size must be at least 10"),
        # before: a size past any machine's memory began generating (1e20 memories) and never ended
        ("99999999999999999999", "every size must be at most 10,000,000"),
        ("1000,10000001", "every size must be at most 10,000,000"),
    ],
)
def test_a_bad_size_list_is_a_usage_error_naming_the_fix(cli, command, sizes, says):
    result = cli(*command, "--sizes", sizes)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and "Traceback" not in result.output


@pytest.mark.parametrize("option", ["--synthetic", "--cold-homes"])
def test_the_recall_bench_lists_may_be_empty_but_not_wrong(cli, option):
    result = cli("bench", "recall", "--sizes", "10", option, "12,x")
    assert result.exit_code == 2 and "not a comma-separated list" in result.output


def test_a_list_reads_as_its_sizes_once_each_in_order():
    assert Sizes().convert(" 1000, 10_000 ,1000,", None, None) == (1000, 10000)
    assert Sizes(empty=True).convert("", None, None) == ()
    with pytest.raises(click.BadParameter):
        Sizes().convert("", None, None)


@pytest.mark.parametrize(
    "command",
    [
        ["bench", "import", "--messages"],
        ["bench", "serve", "--runs"],
        ["bench", "cold", "--runs"],
        ["bench", "ui", "--memories"],
        ["bench", "store", "--queued"],
    ],
    ids=lambda c: f"{c[1]}{c[2]}",
)
def test_a_count_past_any_machine_is_refused_with_the_bound(cli, command):
    result = cli(*command, "99999999999")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "must be at most 10000000" in lines[0], result.output
