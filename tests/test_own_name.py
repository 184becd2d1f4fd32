"""The person's own name is never a page of its own, as if they were someone else (`wiki.synth.OwnName`).

The blind noor fixture had a page "Noor Haddad" made of the offer letter she pasted ("Dear Noor, On
behalf of Northpoint ..."), her lease ("... and Noor Haddad ('Tenants')") and a friend's text
("'NOOR. i got into columbia law ..."); dale's had one titled "Mr. Hutchins" of the VA's letter and
a customer's email, both pasted to ask what to answer. The letters and messages a person pastes in
open on their name; the drafts an assistant writes for them are signed with it."""

from __future__ import annotations

import json
from pathlib import Path

import quire
from wiki import synth

LETTER = (
    "Dear Noor, On behalf of Northpoint Consulting, I am delighted to extend an offer for the position of "
    "Business Technology Analyst in our Detroit office. Best regards, Karen Walsh, Campus Recruiting Lead"
)
LEASE = (
    "is this lease sus? This Lease is made between Arbor Crest Properties LLC and Madison Clarke, Simone "
    "Baptiste and Noor Haddad ('Tenants'). Premises: 1120 Packard St, Ann Arbor."
)
TEXT = "'NOOR. i got into columbia law and im moving to new york in august!!! call me' what do i even say to hana"
MORE = [
    "me and Noor Haddad and Simone Baptiste signed the renewal, Noor Haddad pays the internet",
    "karen walsh from Northpoint Consulting called again about the offer",
    "Hana got into Columbia and Hana is moving to New York",
]
VA = (
    "got this letter from teh VA what does it mean in plain english\n\n'Dear Mr. Hutchins: We have received your "
    "claim for service-connected compensation. Claims Officer: Regina Tate, Houston Regional Office.'"
)
CUSTOMER = (
    "customer sent me this email. help me write back somethin calm\n\n'Mr. Hutchins, the unit Hutchins Heating "
    "& Air installed at 412 Oak Meadow Dr is blowing warm air again. Regina Tate'"
)
WIFE = "Mrs. Hutchins says the Hutchins Heating & Air truck needs new tires, Mrs. Hutchins is right"


def _turn(i: int, text: str, turn: str = "person") -> synth.Mem:
    when = f"2024-01-01T00:{i:02d}:00Z"
    return synth.Mem(f"mem_{i:04d}", text, "note", None, "active", when, None, when, when, "", turn=turn)


def _named(texts: list[str], assistant: list[str] = ()) -> set[str]:
    mems = [_turn(i, t) for i, t in enumerate(texts)]
    mems += [_turn(len(mems) + i, t, "assistant") for i, t in enumerate(assistant)]
    synth.turn_entities(mems)
    return {k for m in mems for k, _ in m.entities}


def test_a_name_the_letters_a_person_pastes_open_on_is_their_own():
    named = _named([LETTER, LEASE, TEXT, *MORE])
    assert not {"noor", "noor haddad"} & named
    assert {"simone baptiste", "hana", "northpoint consulting"} <= named  # the others they name stay names
    dale = _named([VA, CUSTOMER, WIFE])
    assert "mr. hutchins" not in dale and "mr hutchins" not in dale
    assert {"hutchins heating & air", "mrs. hutchins", "regina tate"} <= dale  # his business and his wife stay


def test_one_letter_is_their_own_name_where_the_assistants_draft_for_them_signs_it():
    drafts = ["Here is a reply:\n\n'Thank you so much for the offer. I really enjoyed meeting the team. Best, Noor'"]
    assert "noor haddad" in _named([LETTER, LEASE, *MORE])  # one letter alone: not yet theirs
    assert "noor haddad" not in _named([LETTER, LEASE, *MORE], drafts)


def test_names_their_own_drafts_open_on_and_everyday_openings_stay():
    """A draft the person signs opens on whom it is written to ("Hi Rohit," twice is their manager);
    "Dear Sir", "Hi all" and "Dear Member" name no one; one pasted letter is not yet their name."""
    drafts = [
        "pls make this better\nDear Rohit Sharma, the seller dashboard ships friday.\n\nRegards,\nPriya",
        "fix grammar\nDear Rohit Sharma, I would like to apply for leave in Feb.\n\nThanks,\nPriya",
        "rewrite\nDear Rohit Sharma, the offsite moved to Oct.\n\nBest,\nPriya",
        "Hi all, Rohit Sharma will run the standup. Dear Member, your plan renews. Dear Sir, PFA the count",
    ]
    named = _named(drafts)
    assert "rohit sharma" in named and "priya" not in named
    once = _named([VA, WIFE, "Mr. Hutchins from the VA office wrote again about Hutchins Heating & Air"])
    assert "mr. hutchins" in once or "mr hutchins" in once  # one letter opens on him: a name still


def _export(path: Path, texts: list[str]) -> Path:
    convs = []
    for c, text in enumerate(texts):
        node = {
            "id": "n0",
            "parent": "root",
            "children": [],
            "message": {
                "id": "n0",
                "author": {"role": "user"},
                "create_time": 1714550400 + c * 86400,
                "content": {"content_type": "text", "parts": [text]},
            },
        }
        root = {"id": "root", "message": None, "parent": None, "children": ["n0"]}
        cid = f"conv-{c}"
        convs.append(
            {"title": f"chat {c}", "id": cid, "conversation_id": cid, "create_time": 1714550400 + c * 86400}
            | {"current_node": "n0", "mapping": {"root": root, "n0": node}}
        )
    path.write_text(json.dumps(convs), encoding="utf-8")
    return path


def test_an_imported_history_has_no_page_of_the_persons_own_name(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    export = _export(tmp_path / "conversations.json", [LETTER, LEASE, TEXT, *MORE])
    q = quire.open(tmp_path / "home")
    q.import_path(export)
    q.rebuild()
    q.close()
    pages = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "home" / "wiki").glob("*.md")}
    titles = {text.split("\ntitle: ", 1)[1].split("\n", 1)[0].strip('"') for text in pages.values()}
    assert not {"Noor Haddad", "Noor", "NOOR"} & titles, titles
    assert "Simone Baptiste" in titles  # another name two turns say is a page
    cited = "".join(pages.values())
    for text in [LETTER, LEASE, *MORE]:  # every turn is still on a page
        assert text.split(".")[0][:40].replace("'", "\\'") in cited or text[:30] in cited, text


def test_an_adjective_compared_in_lower_case_is_no_name():
    """Not the person's name, but found beside it in the noor fixture: a page titled "Cheaper" of
    "wayne is closer to home, cheaper, my best friend hana goes there" and a turn asking if it is cheaper."""
    texts = [
        "ok so hypothetically im thinking about transferring to wayne state. wayne is closer to home, cheaper, "
        "my best friend hana goes there. help me make a pros and cons list",
        "is it cheaper to stay on my parents policy, hana says no",
        "hana and omar are coming over, omar is bringing the busiest board game ever",
    ]
    named = _named(texts)
    assert not {"cheaper", "busiest"} & named
    assert "hana" in named  # a name typed in lower case stays a name
    film = _named(["Cheaper by the Dozen is on tonight", "we watched Cheaper by the Dozen again"])
    assert film & {"cheaper", "cheaper by the dozen"}  # written with its capital, a title stays a name


def test_the_persons_own_name_titles_no_topic():
    """A fake-vector home of the priya fixture had a topic titled "Priya": her drafts sign it."""
    drafts = [
        "pls fix grammar: Dear Rohit, the wedding leave starts friday.\n\nRegards,\nPriya",
        "make it better: Dear Helen, my wedding is in Feb so I need leave.\n\nThanks,\nPriya",
        "reply to landlord: the deposit is paid.\n\nBest,\nPriya",
        "the card says love from priya and arjun",
    ]
    turns = [_turn(i, text) for i, text in enumerate(drafts)]
    synth.turn_entities(turns)
    specs = synth.group(turns, lambda ids: {i: [1.0, 0.0, 0.0] for i in ids})
    titles = [s.title for s in specs]
    assert "Priya" not in titles, titles
    assert {m.id for s in specs for m in s.memories} == {m.id for m in turns}  # every turn on a page still


def test_the_person_asking_to_better_their_own_drafts_is_not_whom_they_open_on():
    """Unsigned drafts to one manager, each pasted to be made better, open on the manager, not the person."""
    drafts = [
        "pls make this better\nHi Rohit, the seller dashboard ships friday with the new filters.",
        "can you proof read my email\nDear Rohit Sharma, I would like to apply for leave in Feb.",
        "rewrite so its sharper:\nHi Rohit, the offsite moved to Oct and the budget is approved.",
    ]
    named = _named([*drafts, "Rohit Sharma wants the roadmap by monday"])
    assert named & {"rohit", "rohit sharma"}
