"""About me answers to the person's own name: it is never a page of its own (`wiki.synth.OwnName`),
so a person searching their vault for "Noor Haddad" had found her lease and her offer letter's
pages and not her own. Where the chats give the name (the letters pasted open on it, the drafts
sign it), About me's lead opens on it and its frontmatter lists it as an alias; where they do not,
About me says nothing of a name."""

from __future__ import annotations

import quire
from tests.test_own_name import LEASE, LETTER, MORE, TEXT, _export
from wiki import synth

FACTS = [
    "i live in ann arbor and im a junior at umich studying public health",
    "im allergic to tree nuts and i dont drink, ideas for my 21st dinner?",
    "I work as a research assistant in the okafor lab, how do i ask for a raise",
]


def _about(tmp_path, texts: list[str]):
    q = quire.open(tmp_path / "home")
    q.import_path(_export(tmp_path / "conversations.json", texts))
    q.rebuild()
    page = (tmp_path / "home" / "wiki" / "about-me.md").read_text(encoding="utf-8")
    return q, page


def test_about_me_opens_on_the_persons_own_name_and_answers_to_it(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    q, page = _about(tmp_path, [LETTER, LEASE, TEXT, *MORE, *FACTS])
    try:
        front, _, body = page.partition("\n---\n")
        assert 'aliases: ["About me", "Noor Haddad"]' in front, front
        assert body.split("# About me\n\n", 1)[1].startswith("Name: Noor Haddad. "), body[:300]
        found = q.page_search("noor haddad").results
        assert found and found[0]["slug"] == "about-me", found
    finally:
        q.close()


def test_about_me_names_no_one_where_the_chats_give_no_name_of_theirs(tmp_path, monkeypatch):
    """Near misses: a letter pasted once opens on a name that is not yet theirs; a friend named in
    every turn is the friend's."""
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    once = "Dear Noor, On behalf of Northpoint Consulting, we extend an offer. Best regards, Karen Walsh"
    q, page = _about(tmp_path, [once, "hana and i are going to detroit, hana drives", *FACTS])
    q.close()
    front, _, body = page.partition("\n---\n")
    assert "Name:" not in body and "Noor" not in front and "Hana" not in front, page[:600]


def test_the_name_is_written_as_a_reader_writes_a_name():
    """The fullest form the person's turns give, shouted or typed low capitalised ("NOOR" is "Noor");
    a titled surname alone stays titled (dale's letters open "Dear Mr. Hutchins:")."""

    def turn(i: int, text: str) -> synth.Mem:
        when = f"2024-01-01T00:{i:02d}:00Z"
        return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn="person")

    turns = [turn(i, t) for i, t in enumerate([LETTER, LEASE, TEXT, *MORE])]
    own = synth.OwnName.read(turns)
    assert own.display(turns) == "Noor Haddad"
    shouted = [turn(0, "'NOOR. i got into columbia law' what do i say"), turn(1, "'NOOR! call me' from hana")]
    assert synth.OwnName.read(shouted).display(shouted) == "Noor"
    dale = [
        turn(0, "what does this mean\n\n'Dear Mr. Hutchins: We have received your claim.'"),
        turn(1, "customer sent me this\n\n'Mr. Hutchins, the unit is blowing warm air again.'"),
    ]
    assert synth.OwnName.read(dale).display(dale) == "Mr. Hutchins"
    assert synth.OwnName().display(turns) is None
