"""An import that reads changes in the person's life says so in its text output, where the person
looks: a history imported into a full review queue, with nothing said, was an empty queue to them."""

from __future__ import annotations

from quire.cli import render
from tests.conftest import chat_turns


def test_the_text_output_lists_each_change_and_how_to_review_it(tmp_path, cli):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "My manager is Priya Raman, she wants the report by Friday."),
            ("2024-12-05", "My new manager is Tom Okafor since the reorg, how do I introduce myself?"),
        ],
    )
    result = cli("import", str(path))
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    head = next(line for line in lines if "read from this history" in line)
    assert head.startswith("1 change read from this history, 1 waiting for your review (`quire curate`")
    listed = lines[lines.index(head) + 1]
    assert listed == "  manager: Priya Raman -> Tom Okafor: review item 1"


def test_an_import_with_no_change_says_none(tmp_path, cli):
    path = chat_turns(
        tmp_path / "c.jsonl", [("2024-01-05", "My manager is Priya Raman, she wants the report by Friday.")]
    )
    result = cli("import", str(path))
    assert result.exit_code == 0, result.stderr
    assert "read from this history" not in result.stdout


def test_a_long_list_is_cut_and_says_where_the_rest_are():
    item = "mem_{0} changes mem_x (home: A{0} -> B{0}); review item {0} (`quire curate accept {0}`)"
    changes = [item.format(i) for i in range(30)]
    lines = render.import_changes({"changes": changes})
    assert lines[0] == "30 changes read from this history, 30 waiting for your review (`quire curate` walks them):"
    assert len(lines) == 1 + render.CHANGES_SHOWN + 1
    assert lines[1] == "  home: A0 -> B0: review item 0"
    assert lines[-1].startswith(f"  ... and {30 - render.CHANGES_SHOWN} more (`quire curate list`")


def test_a_change_applied_at_once_says_so_and_an_unknown_line_is_shown_as_it_is():
    applied = "mem_b supersedes mem_a (allergy: penicillin -> latex)"
    other = "c.json: the edit mem_c was taken back"
    assert render.import_changes({"changes": [applied, other]})[1:] == [
        "  allergy: penicillin -> latex: applied (mem_b supersedes mem_a)",
        f"  {other}",
    ]
