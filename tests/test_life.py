"""Changes in a person's life reach the person.

The attribute model (memory/life.py), what a change does (memory/correction.heard and the
contradiction check by meaning), and how recall ranks a change that waits for review.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory import life, needles, review
from memory.capture import Stored, capture
from memory.embed import FakeEmbedder
from memory.models import parse_payload
from retrieval.recall import search
from tests import held
from tests.conftest import run_forked as run_quire  # a real process; what it imports is not the point

FIXTURE = Path(__file__).parent / "fixtures" / "lifechanges"


def _chat(path: Path, turns: list[tuple[str, str, str]]) -> Path:
    """A chat JSONL of one conversation with an assistant: (time, role, text)."""
    lines = [
        {"conversation": f"c-{n}", "role": role, "text": text, "time": when, "title": f"chat {n}"}
        for n, (when, role, text) in enumerate(turns)
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def _import(cli_json, *paths: Path) -> list[dict]:
    return [cli_json("import", str(p)) for p in paths]


# -- the named reproduction (Protected tiers, named last round) --------------------


def test_protected_named_case_opens_one_review_item(tmp_path):
    env = {"QUIRE_EMBEDDER": "fake", "QUIRE_HOME": str(tmp_path / "home")}
    first = run_quire(
        "capture",
        "I am a backend engineer at Acme working on the payments platform",
        "--type",
        "identity",
        "--field",
        "claim=backend engineer at Acme",
        env=env,
    )
    second = run_quire(
        "capture",
        "I am a product manager at Acme working on the payments platform",
        "--type",
        "identity",
        "--field",
        "claim=product manager at Acme",
        env=env,
    )
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    listed = run_quire("curate", "list", "--json", env=env)
    items = json.loads(listed.stdout)
    items = items["items"] if isinstance(items, dict) else items
    assert len(items) == 1, items
    assert {items[0]["old"], items[0]["new"]} == {
        "I am a backend engineer at Acme working on the payments platform",
        "I am a product manager at Acme working on the payments platform",
    }
    # An agent's (or a person's) typed capture keeps the Protected rule: the old stays current.
    found = json.loads(run_quire("recall", "payments platform at Acme", "--json", env=env).stdout)
    assert [h["content"] for h in found["results"]] == [
        "I am a backend engineer at Acme working on the payments platform"
    ]


def test_the_same_words_with_another_claim_open_a_review_not_a_silent_duplicate(tmp_path):
    """The named case with only the claim changed: the text matched, so the capture was called an
    exact duplicate ("nothing written", exit 0) and the new claim was dropped without a review."""
    env = {"QUIRE_EMBEDDER": "fake", "QUIRE_HOME": str(tmp_path / "home")}
    text = "I am a backend engineer at Acme working on the payments platform"
    first = run_quire("capture", text, "--type", "identity", "--field", "claim=backend engineer at Acme", env=env)
    second = run_quire("capture", text, "--type", "identity", "--field", "claim=product manager at Acme", env=env)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert "held for review" in second.stderr and "nothing written" not in second.stderr, second.stderr
    items = json.loads(run_quire("curate", "list", "--json", env=env).stdout)
    items = items["items"] if isinstance(items, dict) else items
    assert len(items) == 1, items
    again = run_quire("capture", text, "--type", "identity", "--field", "claim=backend engineer at Acme", env=env)
    assert again.returncode == 0 and "exact duplicate" in again.stderr, again.stderr  # the same claim: nothing new


@pytest.mark.parametrize(
    ("old", "new", "change"),
    [
        ("I live in Vienna with my partner and our cat", "I moved to Lisbon last spring for the new job", True),
        ("My manager is Priya, she runs the data platform team", "I now report to Tomasz on the risk team", True),
        ("I am vegetarian and cook most evenings at home", "I've gone pescatarian, fish twice a week at home", True),
        ("I live in Vienna with my partner and our cat", "I live in Vienna, near the Prater park with friends", False),
        ("I am a backend engineer at Acme on payments", "I work at Acme on the payments platform team", False),
    ],
)
def test_a_typed_identity_of_the_same_attribute_opens_an_item_only_when_the_value_changes(db, old, new, change):
    a = capture(db, parse_payload({"content": old, "type": "identity"}), actor="mcp", embedder=FakeEmbedder)
    b = capture(db, parse_payload({"content": new, "type": "identity"}), actor="mcp", embedder=FakeEmbedder)
    assert isinstance(a, Stored) and isinstance(b, Stored)
    items = review.open_items(db)
    assert len(items) == (1 if change else 0), [i.payload for i in items]
    if change:
        assert db.scalar("SELECT status FROM memories WHERE id = ?", (b.id,)) == "pending_revision"


# -- chat history: the person's own words ----------------------------------------------------


def test_life_changes_in_a_chat_history_fill_the_queue_one_item_each(cli_json):
    _import(cli_json, FIXTURE / "chatgpt.json", FIXTURE / "claude.json")
    key = json.loads((FIXTURE / "answers.json").read_text())
    items = cli_json("curate", "list")
    items = items["items"] if isinstance(items, dict) else items
    # One item per change, none for restatements, plans, other people, code or an abandoned edit.
    assert len(items) == len(key["changes"]), [i["new"] for i in items]
    for change in key["changes"]:
        assert any(change["to"] in i["new"] and change["from"] in i["old"] for i in items), change
    for quiet in key["quiet"]:
        assert not any(quiet in i["new"] for i in items), quiet


def test_the_current_value_ranks_first_while_the_change_waits(cli_json):
    _import(cli_json, FIXTURE / "chatgpt.json", FIXTURE / "claude.json")
    found = cli_json("recall", "which day is my Italian class", "-k", "3")
    top = found["results"][0]
    assert "Tuesdays" in top["content"]
    assert top["awaiting_review"]["side"] == "newer"
    older = next(h for h in found["results"] if "Thursdays" in h["content"])
    assert older["awaiting_review"] == {"item": top["awaiting_review"]["item"], "side": "older", "other": top["id"]}


def test_accepting_a_change_makes_the_older_history(tmp_path, cli_json, db):
    path = _chat(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "user", "My Italian class is on Thursdays, quiz me on verbs please."),
            ("2024-09-05", "user", "Italian class moved to Tuesdays this term."),
        ],
    )
    _import(cli_json, path)
    (item,) = review.open_items(db)
    cli_json("curate", "accept", str(item.id))
    found = cli_json("recall", "which day is my Italian class")
    assert [h["content"] for h in found["results"]] == ["Italian class moved to Tuesdays this term."]
    assert found["results"][0]["awaiting_review"] is None


def test_dismissing_a_change_keeps_both_unmarked(tmp_path, cli_json, db):
    path = _chat(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "user", "I live in Vienna and love the coffee houses here."),
            ("2024-09-05", "user", "I moved to Lisbon in the summer, the light is wonderful."),
        ],
    )
    _import(cli_json, path)
    (item,) = review.open_items(db)
    cli_json("curate", "dismiss", str(item.id))
    found = cli_json("recall", "which city do I live in")
    assert {h["content"][:12] for h in found["results"]} == {"I live in Vi", "I moved to L"}
    assert all(h["awaiting_review"] is None for h in found["results"])
    assert db.scalar("SELECT count(*) FROM memories WHERE status = 'active'") == 2


def test_a_fact_of_the_persons_life_supersedes_at_once(tmp_path, cli_json, db):
    path = _chat(
        tmp_path / "c.jsonl",
        [
            ("2023-03-01", "user", "My dentist is Dr. Huber in the 7th district, any tips for sensitive teeth?"),
            ("2024-06-01", "user", "My dentist is Dr. Almeida now, at the clinic in Baixa."),
        ],
    )
    _import(cli_json, path)
    assert review.open_items(db) == []
    rows = db.dicts("SELECT content, status, memory_type FROM memories ORDER BY valid_from")
    assert [(r["status"], r["memory_type"]) for r in rows] == [("superseded", "fact"), ("active", "fact")]


def test_ordinary_chatter_opens_nothing(tmp_path, cli_json, db):
    path = _chat(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "user", "I live in Vienna."),
            ("2024-01-06", "user", "Should I move to Berlin?"),
            ("2024-01-07", "user", "My sister lives in Porto and loves it."),
            ("2024-01-08", "user", "I'm thinking about moving to Madrid next year."),
            ("2024-01-09", "user", "If I lived in Oslo I would ski every weekend."),
            ("2024-01-10", "user", "thanks!"),
            ("2024-01-11", "assistant", "You live in Lisbon now, right?"),
            ("2024-01-12", "user", "```\n# I live in Graz\nprint('x')\n```"),
            ("2024-01-13", "user", "I used to live in Madrid, years ago."),
            ("2024-01-14", "user", "I live in Vienna, still."),
        ],
    )
    _import(cli_json, path)
    assert review.open_items(db) == []


def test_turns_between_people_are_never_typed(tmp_path, cli_json, db):
    lines = [
        {
            "conversation": "pub",
            "speaker": "Ana",
            "role": "user",
            "text": "I live in Vienna now.",
            "time": "2024-01-01",
        },
        {"conversation": "pub", "speaker": "Ben", "role": "user", "text": "I moved to Lisbon.", "time": "2024-01-02"},
    ]
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    _import(cli_json, path)
    assert review.open_items(db) == []
    assert {r[0] for r in db.rows("SELECT memory_type FROM memories")} == {"note"}


def test_the_import_report_names_each_change(tmp_path, cli_json):
    path = _chat(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "user", "I keep the kitchen at 19 degrees."),
            ("2024-12-05", "user", "I keep the kitchen at 22 degrees now."),
        ],
    )
    (report,) = _import(cli_json, path)
    assert len(report["changes"]) == 1 and "19 degrees -> 22 degrees" in report["changes"][0]


def test_recall_through_the_library_marks_the_pair(tmp_path, session, cli_json):
    path = _chat(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "user", "My manager is Priya Raman."),
            ("2024-06-05", "user", "There was a reorg: my new manager is Tomasz Nowak."),
        ],
    )
    _import(cli_json, path)
    hits = search(session, "who is my manager").hits
    assert "Tomasz" in hits[0].content and hits[0].awaiting and hits[0].awaiting["side"] == "newer"


# -- the attribute model -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I moved to Lisbon last month.", "home", "lisbon"),
        ("My new manager is Priya Raman, she started Monday.", "manager", "priya raman"),
        ("I've gone pescatarian since March.", "diet", "pescatarian"),
        ("Italian class moved to Tuesday this term.", "schedule:italian", "tuesday"),
        ("I go climbing on Mondays.", "schedule:climbing", "monday"),
        ("I keep the kitchen at 22°C.", "keep:kitchen", "22°c"),
        ("I joined Feedzai in March as a data scientist.", "employer", "feedzai"),
        ("My physiotherapist is Dr. Almeida.", "physiotherapist", "dr almeida"),
        # tests/fixtures/life's commute change, which no rule read
        ("I take the U3 to work every morning, so I usually draft it on the train.", "commute", "u3"),
        ("I cycle to work along the river now, it takes twenty minutes.", "commute", "bike"),
    ],
)
def test_read_finds_the_attribute_and_its_value(text, attribute, value):
    found = {s.attribute: s.value for s in life.read(text)}
    assert found.get(attribute) == value, found


def test_a_commute_said_two_ways_is_one_value_and_another_persons_is_none():
    cycle, by_bike = life.read("I cycle to work along the river now."), life.read("My commute is by bike.")
    assert life.restates(cycle, by_bike) and not life.changes(cycle, by_bike)
    assert life.changes(life.read("I take the U3 to work every morning."), cycle)
    assert life.read("My partner drives to work.") == () and life.read("I might cycle to work next year.") == ()


def test_read_takes_the_class_a_sentence_before_named():
    # tests/fixtures/life: the old schedule names its class only in the sentence before.
    text = "I started an Italian evening class in Vienna. The class is on Thursday evenings at 18:30."
    assert {s.attribute: s.value for s in life.read(text)} == {"schedule:italian": "thursday"}
    assert life.read("The class is on Thursday.") == ()  # which class: nothing said
    assert life.read("I might join a pottery class. The class is on Monday.") == ()
    assert life.read("My sister started a yoga class. The class is on Monday.") == ()


def test_the_issue_named_italian_class_case_on_the_life_fixture(cli_json):
    life_fixture = FIXTURE.parent / "life"
    _import(cli_json, life_fixture / "chatgpt.json", life_fixture / "claude.json")
    found = cli_json("recall", "which day is my Italian class", "--no-floor")["results"]
    top = found[0]
    assert "Tuesday" in top["content"] and top["awaiting_review"]["side"] == "newer", [h["content"] for h in found]
    older = next(h for h in found if "Thursday" in h["content"])
    assert older["awaiting_review"]["side"] == "older"


@pytest.mark.parametrize(
    "text",
    [
        "My sister lives in Porto.",
        "Should I move to Berlin?",
        "I'm thinking about moving to Berlin.",
        "I used to live in Madrid.",
        "Dr. Smith says I live in denial.",
        "```\nI live in Code\n```",
        "I'm still vegetarian-ish but fish is fine.",
    ],
)
def test_read_ignores_what_is_not_a_statement_of_the_persons_life(text):
    assert life.read(text) == ()


def test_asked_names_the_attribute_of_a_question():
    assert life.asked("which day is my Italian class") == {"schedule:italian"}
    assert life.asked("which city do I live in") == {"home"}
    assert life.asked("what is my library card number") == frozenset()  # (no rule reads one: asks nothing)
    assert life.asked("what is my passport number") == {"passport"}  # (none reads one either: nothing states it)


@pytest.mark.parametrize(
    ("question", "current"),
    [("which city do I live in", "Lisbon"), ("who is my manager", "Ines"), ("which company do I work for", "Feedzai")],
)
def test_the_stale_value_is_never_first(cli_json, question, current):
    _import(cli_json, FIXTURE / "chatgpt.json", FIXTURE / "claude.json")
    found = cli_json("recall", question, "-k", "3")
    assert current in found["results"][0]["content"], [h["content"] for h in found["results"]]


def test_the_fixture_measure_runs_and_finds_every_change():
    from eval import lifechanges

    result = lifechanges.run()
    assert (result["found"], result["false_items"]) == (result["changes"], [])


def test_typed_pairs_open_an_item_for_changes_and_not_for_restatements(tmp_path):
    from eval import contradictions
    from memory.home import Home, open_db

    db = open_db(Home(tmp_path / "pairs"))
    try:
        result, _ = contradictions.typed(db)
    finally:
        db.close()
    assert result.pairs >= 100
    assert result.precision >= 90 and result.recall >= 90, result


@pytest.mark.parametrize("actor", ["mcp", "service", "cli"])
def test_the_protected_case_through_the_operation_every_route_calls(session, actor):
    from quire import ops

    session.actor = actor
    for role in ("backend engineer", "product manager"):
        ops.run(
            session,
            "capture",
            {
                "content": f"I am a {role} at Acme working on the payments platform",
                "type": "identity",
                "fields": {"claim": f"{role} at Acme"},
            },
        )
    (item,) = review.open_items(session.db)
    assert item.payload["reason"] == "contradiction" and item.payload["pending"] is True


def test_a_claim_alone_states_the_attribute(db):
    for claim in ("backend engineer at Acme", "product manager at Acme"):
        capture(
            db,
            parse_payload(
                {
                    "content": f"Role update for the Acme payments team: {claim}",
                    "type": "identity",
                    "fields": {"claim": claim},
                }
            ),
            actor="mcp",
            embedder=FakeEmbedder,
        )
    assert len(review.open_items(db)) == 1


def test_an_export_listing_the_newest_chats_first_finds_the_same_changes(tmp_path, cli_json):
    key = json.loads((FIXTURE / "answers.json").read_text())
    for name in ("claude.json", "chatgpt.json"):
        reversed_export = tmp_path / name
        reversed_export.write_text(json.dumps(list(reversed(json.loads((FIXTURE / name).read_text())))))
        cli_json("import", str(reversed_export))
    items = cli_json("curate", "list")["items"]
    assert len(items) == len(key["changes"])
    for change in key["changes"]:
        assert any(change["to"] in i["new"] and change["from"] in i["old"] for i in items), change
    assert "Ines" in cli_json("recall", "who is my manager", "-k", "1")["results"][0]["content"]


def _every_string(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _every_string(v)
    elif isinstance(value, list):
        for v in value:
            yield from _every_string(v)


def test_skipping_the_rules_that_need_an_i_or_my_changes_no_reading(monkeypatch):
    """`read` skips the rules opening with "I" (or "my", "our", "we") when no such word stands where
    they need one: the same statements as running every rule on every sentence, over every text of
    the chat fixtures and the near misses (an "i" inside a word, another case, a dotless or dotted
    I, I before a comma, "my" ending a word or a sentence)."""
    texts = [
        s for name in ("chatgpt.json", "claude.json") for s in _every_string(json.loads((FIXTURE / name).read_text()))
    ]
    texts += [
        s
        for person in sorted(p.name for p in FIXTURE.parent.iterdir())  # every person, the ones added later too
        for name in ("chatgpt.json", "claude.json")
        if (FIXTURE.parent / person / name).exists()
        for s in _every_string(json.loads((FIXTURE.parent / person / name).read_text()))
    ]
    texts += [
        "i moved to Lisbon.",
        "I'M VEGAN now.",
        "ı am vegetarian.",
        "İ am vegetarian.",
        "I drive a ŠKODA Octavia now.",
        "My new phone is an İPHONE 15.",
        "We got a KIA Sportage.",
        "I got a new KKIA.",
        "My ſalary went up.",
        "I bike to work on MONDAYS.",
        "I switched to Giffgaff.",
        "i'm pescatarian these days",
        "(I live in Porto)",
        "so, I work at Feedzai",
        "Hi, Ive moved to Lisbon",
        "I,am vegan",
        "I\tlive in Porto",
        "Ian moved to Porto.",
        "My commute is by bike.",
        "Italian class moved to Tuesday.",
        "We moved to Berlin.",
        "On a déménagé à Lyon.",
        "on habite à Montréal",
        "J’habite à Montréal.",
        "Mon médecin est le Dr Tremblay.",
        "I'm on days now, on a new ward.",
        "First week at the CHUM done. I'm still on nights.",
    ]
    # Each text once: a person's two exports hold the same conversations, and FIXTURE is one of the
    # people (32,729 strings, 8,713 different; the reading is a function of its text alone).
    texts = list(dict.fromkeys(texts))
    assert sum(o is not None for o in life._OPENERS) >= 30  # the skip is in use: most rules open with I or my
    assert sum(long is not None for _, long, _, _ in life._BY_OPENER) >= 15  # and most gates have needles
    # The gates live in `_stated` alone, and what `read` hands it (a sentence, the rules skipped, the
    # sentence before) never hangs on what it returned: so `read` with every rule run is `read` with
    # the gates wherever each of these calls returns the same. Each call is kept and run again with
    # every rule (once per different call), not each text read twice: 18 s of CPU, now 15. (A
    # statement `read` keeps behind an earlier one of the same attribute is compared too.)
    stated = life._stated
    calls: dict[tuple[object, ...], list[life.Said]] = {}

    def kept(*args: object) -> list[life.Said]:
        return calls.setdefault(args, stated(*args))

    monkeypatch.setattr(life, "_stated", kept)
    skipped = [life.read.__wrapped__(t) for t in texts]
    monkeypatch.setattr(life, "_stated", stated)
    assert len(calls) > len(texts)  # every text's sentences went through the kept calls
    # Every rule run on every sentence: no gate, no needle. (Patching `_OPENERS` alone changed
    # nothing: the groups are made from it once, at import.) Each rule is a group of its own, passed
    # over only where an ASCII sentence holds none of the words every match of it holds (tests/held.py,
    # read apart from the needles): there it finds nothing, and the 608 rules' loop on every sentence
    # was 25 s of CPU, now 11. (tests/test_needles.py checks those words on the fixture sentences.)
    every = tuple((None, held.words(rule[2]), None, ((at, rule),)) for at, rule in enumerate(life._RULES))
    monkeypatch.setattr(life, "_BY_OPENER", every)
    monkeypatch.setattr(life, "_HELD", needles.Finder([words for _, words, _, _ in every]))
    assert [args for args, said in calls.items() if stated(*args) != said] == []
    assert sum(bool(s) for s in skipped) > 20


def test_a_fact_a_chat_supersedes_closes_what_waited_on_it_and_is_never_retired_by_it(tmp_path, cli_json, db):
    # Before: a chat's "My dentist is Dr. Almeida now" superseded the older fact, but a
    # contradiction waiting on that fact stayed open, and accepting it (keep_new) followed the
    # chain and retired the chat's newer fact unseen. Now the item closes as a supersede closes it.
    first = _chat(tmp_path / "a.jsonl", [("2023-03-01", "user", "My dentist is Dr. Huber in the 7th district.")])
    _import(cli_json, first)
    old = db.scalar("SELECT id FROM memories WHERE content LIKE 'My dentist is Dr. Huber%'")
    other = cli_json("capture", "Dr. Huber retired from his practice in the 7th district", "--type", "fact")["id"]
    item = review.enqueue(
        db, "contradiction", [other, old], {"old_id": old, "new_id": other, "old": "x", "new": "y"}, actor="cli"
    )
    later = _chat(
        tmp_path / "b.jsonl", [("2024-06-01", "user", "My dentist is Dr. Almeida now, at the clinic in Baixa.")]
    )
    _import(cli_json, later)
    newer = db.scalar("SELECT id FROM memories WHERE content LIKE 'My dentist is Dr. Almeida%'")
    assert db.scalar("SELECT superseded_by FROM memories WHERE id = ?", (old,)) == newer
    closed = review.get(db, item)
    assert (closed.status, closed.note) == ("dismissed", f"{old} no longer current")
    with pytest.raises(Exception, match="already dismissed"):
        review.accept(db, item, actor="cli")
    assert db.scalar("SELECT status FROM memories WHERE id = ?", (newer,)) == "active"


# -- phrasing families a new person uses (found on the chef and phd fixtures, written here in other
# words: none of these sentences is in a fixture) --------------------------------------------------

FAMILIES = [
    # a bank named as one: customers of it, everything at it, everything moved to it
    ("We're Monzo customers now, the app is so much better.", "bank", "monzo"),
    ("I'm a Starling customer these days", "bank", "starling"),
    ("Everything is with Revolut now, salary included.", "bank", "revolut"),
    ("my savings are all at Chase", "bank", "chase"),
    ("We moved everything over to Barclays last month.", "bank", "barclays"),
    ("switched all my money to Nationwide and never looked back", "bank", "nationwide"),
    # a title: promoted to all of it, given by others, on the rota, or a forum-style opening
    ("finally got promoted to principal software engineer", "role", "principal software engineer"),
    ("just got promoted to lead data engineer!", "role", "lead data engineer"),
    ("They made me shift lead at the warehouse.", "role", "shift lead"),
    ("the owner put me in as head barista, so that's new", "role", "head barista"),
    ("they moved me up to the bar, floor manager on the rota now", "role", "floor manager"),
    ("Junior doctor here, quick question about rotas.", "role", "junior doctor"),
    ("2nd year law student here - how do I cite a statute?", "role", "2nd year law student"),
    # a trade plied in a business named as one
    ("I'm bartending at Fitzgerald's on the weekends", "employer", "fitzgerald's"),
    ("I'm waitressing in Brennan's now and the tips are good", "employer", "brennan's"),
    ("I'm cooking at the Harbour Hotel these days", "employer", "harbour hotel"),
    ("Day 2 at Monzo and my manager already booked a 1:1", "employer", "monzo"),
    # a sport swapped, packed in, gone to on a weekday; a habit most mornings; an instrument's night
    ("I've swapped running for cycling since the knee op", "schedule:running", "stopped"),
    ("i switched football for padel this year", "schedule:football", "stopped"),
    ("I've ditched the gym for yoga", "schedule:gym", "stopped"),
    ("packed in the rugby, my neck can't take it", "schedule:rugby", "stopped"),
    ("I've jacked in swimming, the pool's too far", "schedule:swimming", "stopped"),
    ("finally packed in tennis", "schedule:tennis", "stopped"),
    ("I pulled a hamstring at football sundays", "schedule:football", "sunday"),
    ("wrecked my wrist at badminton mondays", "schedule:badminton", "monday"),
    ("I go for a run every evening after work", "schedule:running", "evening"),
    ("I do the parkrun in Bushy Park on saturdays", "schedule:parkrun", "saturday"),
    ("I do a cold water dip at the harbour most mornings", "schedule:dip", "morning"),
    ("I play cello with a quartet on Mondays", "schedule:cello", "monday"),
    ("I play trumpet in a brass band every Thursday", "schedule:trumpet", "thursday"),
    ("choir moved to fridays, so that's my singing night now", "schedule:singing", "friday"),
    ("the league plays on mondays so that's my darts night", "schedule:darts", "monday"),
    # a commute said as its line, or a ride with the way in between
    ("my commute's the 46A now", "commute", "46a"),
    ("My commute's the S-Bahn these days.", "commute", "s-bahn"),
    ("my commute's the tube now, which I hate", "commute", "tube"),
    ("I walk through the park to the office", "commute", "foot"),
    ("I cycle along the canal to work most days", "commute", "bike"),
    ("I drive across town to the hospital", "commute", "car"),
    # a boss named in brackets or after a comma
    ("my PI (Dr Weber) wants the draft by friday", "manager", "dr weber"),
    ("my PI, Okonkwo, is on sabbatical", "manager", "okonkwo"),
    ("my manager (Priya) signed off on it", "manager", "priya"),
    # a device given to the person, bought after a comma, or theirs with a part named
    ("work gave me an M1 MacBook Air", "laptop", "macbook air"),
    ("my company issued me a ThinkPad X1", "laptop", "thinkpad x1"),
    ("the old one died, bought a Pixel 8 on sale", "phone", "pixel 8"),
    ("my iPhone 12 screen cracked again", "phone", "iphone 12"),
]


@pytest.mark.parametrize(("text", "attribute", "value"), FAMILIES)
def test_a_phrasing_family_a_new_person_uses_is_read(text, attribute, value):
    found = {s.attribute: s.value for s in life.read(text)}
    assert found.get(attribute) == value, found


@pytest.mark.parametrize(
    "text",
    [
        # hypotheticals, plans, questions, negations
        "if we were Monzo customers, would the switch be easy",
        "should we go with Monzo?",
        "we're not Monzo customers any more",
        "if they made me team lead I'd quit",
        "they offered me head chef and I turned it down",
        "if I swapped running for cycling would my knees thank me",
        "should I pack in the gym?",
        "if my commute was the U2 I'd read more",
        "I might move everything over to ING next year",
        # other people's lives
        "my sister's with Starling now",
        "my sister moved everything over to Monzo",
        "my brother got promoted to senior engineer",
        "they made my sister head chef",
        "my son swapped football for rugby",
        "my sister packed in tennis",
        "her commute's the U3 now",
        "bought an iPhone 15 for my mum",
        "Day 3 at Disneyland and the kids are exhausted",
        # what names no value of the person's
        "We're Tesco customers now",
        "I'm with Chase on this one",
        "I'm cooking at Mum's on Sunday",
        "I'm cooking in Paris this week",
        "the head chef here is lovely",
        "Support here is slow",
        "I do the school run every morning",
        "Friday so that's my day off",
        "I play it at the pub on Fridays",
        "my commute is awful",
        "I walk the dog to the park",
        "my PI wants the draft by friday",
        "I got an iPhone case",
        "bought a macbook charger",
    ],
)
def test_what_only_resembles_a_family_reads_nothing(text):
    assert life.read(text) == (), life.read(text)


@pytest.mark.parametrize(
    ("before", "after", "attribute"),
    [
        ("my wages go into AIB", "we're Revolut customers now", "bank"),
        ("I cycle along the river to work", "my commute's the 7 bus now", "commute"),
        ("My PI (Schmidt) is great", "my lead Amara does my reviews", "manager"),
        (
            "I play fiddle at the session in Kelly's on a monday night",
            "it's wednesdays so that's my fiddle night now",
            "schedule:fiddle",
        ),
    ],
)
def test_two_statements_of_a_family_are_a_change(before, after, attribute):
    assert [old.attribute for old, _ in life.changes(life.read(before), life.read(after))] == [attribute]


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("what night do I play chess", "schedule:chess"),
        ("what evening is my pottery class", "schedule:pottery"),
        ("which night is my choir practice", "schedule:choir"),
    ],
)
def test_a_question_of_a_night_or_an_evening_asks_its_schedule(question, attribute):
    assert attribute in life.asked(question)


@pytest.mark.parametrize(
    ("text", "thing", "often"),
    [
        ("I go running three times a week", "running", "three times a week"),
        ("I swim twice a week at the local pool", "swimming", "twice a week"),
        ("I climb 3 times per week with a coach", "climbing", "3 times per week"),
    ],
)
def test_a_habit_said_by_how_often_is_read_and_a_day_said_later_is_no_change(text, thing, often):
    found = {s.attribute: s.value for s in life.read(text)}
    assert found.get(f"schedule:{thing}") == often, found
    assert not life.read("my sister swims twice a week") and not life.read("if I ran twice a week would I get faster")
    assert life.changes(life.read(text), life.read(f"I've stopped {thing}")) != []
    assert life.changes(life.read("I run twice a week"), life.read("I run on Mondays")) == []
