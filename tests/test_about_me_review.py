"""About me's Now lines say "(awaiting review)" on the attribute a change waits on, not on every
attribute the waiting turn states (session 42: beth's chili turn said her home, "on-post housing at
Fort Bragg", and that she is married, "my husband's unit"; the home's change waited for review and
About me marked her marriage as awaiting review too, and her new house's tenure)."""

from __future__ import annotations

import re

from tests.conftest import chat_turns
from tests.test_synth import rebuild
from wiki.synth import Mem, _changed_attributes


def _now(session) -> dict[str, str]:
    text = (session.wiki_dir / "about-me.md").read_text(encoding="utf-8")
    block = text.split("## Now", 1)[1].split("\n## ", 1)[0]
    return {m.group(1): m.group(2) for m in re.finditer(r"^- \*\*(.+?)\*\*: (.*)$", block, re.M)}


def test_only_the_attribute_under_review_is_marked(session, tmp_path):
    chats = chat_turns(
        tmp_path / "chats.jsonl",
        [
            ("2024-02-01", "My wife and I live in a rented flat in Leeds, so I'm looking for a cheap standing desk."),
            ("2024-09-15", "We moved to York last month and I still haven't unpacked the kitchen boxes."),
        ],
    )
    session.import_path(chats)
    rebuild(session)
    now = _now(session)
    assert "(awaiting review)" in now["Home"] and "York" in now["Home"]
    others = {k: v for k, v in now.items() if k != "Home"}
    assert others and not any("(awaiting review)" in v for v in others.values()), now


def test_the_kinds_and_attributes_read_from_the_queue():
    """A change of the person's life waits on its attributes; any other item (a contradiction of typed
    memories, a plain revision) on the whole memory, every line it gives."""

    assert _changed_attributes({"attribute": "home", "also": ["tenure"]}) == {"home", "tenure"}
    assert _changed_attributes({"reason": "contradiction"}) is None
    m = Mem("m", "", "note", None, "active", "", None, "", "", "", review="revision:bank,home")
    assert m.review_kind == "revision" and m.under_review("home") and not m.under_review("relationship")
    whole = Mem("m", "", "note", None, "active", "", None, "", "", "", review="contradiction")
    assert whole.under_review("relationship") and not Mem(
        "m", "", "note", None, "active", "", None, "", "", ""
    ).under_review("home")
