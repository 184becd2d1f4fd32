"""Names, places and dates as a person writes them (session 39).

A person's name may carry a title and several particles ("Dr van der Berg", "Prof. Anna de la Cruz",
"Sr. dos Santos", "Dr al-Hassan"): the attribute reader (memory/life.py), the name reader
(memory/names.py) and the pages read the whole name; with one particle "Dr van der Berg" was the
doctor "dr" and the entity "Berg". A place written with and without its accents ("İzmir", "Izmir")
is one entity, shown as first written, in a new home and, after migration 25, in an old one. An ISO
week date ("2024-W18") is refused on every route with the forms quire reads, as any unread date is:
Python read it as its Monday's first second, which no hint offered and an as-of read wrongly."""

from __future__ import annotations

import json

import pytest

import quire
from memory import entities, life, migrations, names, tokens
from memory.db import FileDatabase
from tests.conftest import chat_turns
from tests.test_adversary_classes import DATE_FIX
from tests.test_adversary_routes import BASE, ROUTES, _answer
from wiki import render

# -- 1. titles and particles --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("My new doctor is Dr van der Berg.", "doctor", "dr van der berg"),
        ("I have a new doctor, Dr. de Vries.", "doctor", "dr de vries"),
        ("My new manager, Dr van der Berg, starts Monday.", "manager", "dr van der berg"),
        ("I now report to Dr. van der Berg.", "manager", "dr van der berg"),
        ("My new manager is Prof. Anna de la Cruz.", "manager", "prof anna de la cruz"),
        ("My doctor is Dr. Pieter van den Berg, since May.", "doctor", "dr pieter van den berg"),
        ("My new partner is Jan van der Berg.", "partner", "jan van der berg"),
        ("My new doctor is Sra. García de la Fuente.", "doctor", "sra garcía de la fuente"),
        ("My new doctor is Mme de La Tour.", "doctor", "mme de la tour"),
        ("My new doctor is M. Dupont.", "doctor", "m dupont"),
        ("My new doctor is Dr al-Hassan.", "doctor", "dr al-hassan"),
        ("My partner is Omar bin Said.", "partner", "omar bin said"),
        ("My new manager is Sr. dos Santos.", "manager", "sr dos santos"),
        ("My new doctor is dr van der berg.", "doctor", "dr van der berg"),
        # controls: what was read whole before still is
        ("My doctor is Dr. McAllister.", "doctor", "dr mcallister"),
        ("My dentist is dr patel now.", "dentist", "dr patel"),
        ("I moved to Frankfurt am Main.", "home", "frankfurt am main"),
        ("My manager is now Herr von Trapp.", "manager", "herr von trapp"),
    ],
)
def test_a_name_with_its_title_and_particles_is_read_whole(text, attribute, value):
    said = {s.attribute: s.value for s in life.read(text)}
    assert said.get(attribute) == value, said


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My new manager, Dr van der Berg, starts Monday.", "Dr. van der Berg"),
        ("I have a new doctor, Dr. de Vries.", "Dr. de Vries"),
        ("My doctor is Dr. Ana de la Cruz, since May.", "Ana de la Cruz"),
        ("Mi médica de familia, Dra. de la Fuente.", "Dra. de la Fuente"),
        ("I see a new dentist, Dr. da Silva.", "Dr. da Silva"),
        ("My new manager is Sr. dos Santos.", "Sr. dos Santos"),
        ("My new doctor is Dr al-Hassan.", "Dr. al-Hassan"),
        ("Herr von Trapp called about the lease.", "Herr von Trapp"),
        ("We walked up to the Miradouro de Santa Luzia.", "Miradouro de Santa Luzia"),  # a control
    ],
)
def test_the_name_reader_keeps_the_particles_and_the_title(text, name):
    found = [n.name for n in names.extract(text)]
    assert name in found, found
    assert not {"Berg", "Vries", "Cruz", "Fuente", "Silva", "Santos", "Sr", "Dra"} & set(found), found


@pytest.mark.parametrize(
    ("text", "split"),
    [
        ("My new doctor is M. Dupont. He is kind.", ["My new doctor is M. Dupont.", "He is kind."]),
        ("Sra. García called. She is nice.", ["Sra. García called.", "She is nice."]),
        ("My grade was an M. Then I cried.", ["My grade was an M.", "Then I cried."]),  # a control
        ("We met at 5 P.M. Then we left.", ["We met at 5 P.M.", "Then we left."]),  # a control
    ],
)
def test_a_title_with_its_dot_keeps_its_sentence_whole(text, split):
    assert life.sentences(text) == split


def test_the_particles_are_one_list_for_every_reader():
    assert frozenset(life.NAME_PARTICLES) == names._CONNECTORS
    assert frozenset(life.NAME_PARTICLES) <= render._NAME_PARTICLES
    assert render._now_shown("doctor", "dr van der berg")[1] == "Dr van der Berg"
    assert render._now_shown("manager", "omar bin said")[1] == "Omar bin Said"
    assert render._now_label("schedule:herr müller") == "Herr Müller (schedule)"
    assert render._now_label("schedule:dr van der berg") == "Dr. van der Berg (schedule)"


def test_a_lone_particle_or_a_lower_case_word_after_a_name_is_no_part_of_it():
    assert [n.name for n in names.extract("I met Anna de la playa yesterday.")] == ["Anna"]
    said = {s.attribute: s.value for s in life.read("My new doctor is Dr. Weber and she is great.")}
    assert said["doctor"] == "dr weber"


@pytest.mark.parametrize("new", ["Dr van der Berg", "Dr. de Vries", "Prof. Anna de la Cruz"])
def test_a_doctor_changed_to_a_name_with_particles_opens_an_item(quire_home, new):
    with quire.open(quire_home) as q:
        q.capture("My doctor is Dr. Smith.", type="fact")
        q.capture(f"My new doctor is {new}.", type="fact")
        [item] = q.review().items
        assert item["kind"] == "contradiction" and item["new"] == f"My new doctor is {new}."


def test_the_page_of_a_titled_name_with_particles_is_titled_with_the_whole_name(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "fake")
    said = [
        "My new doctor is Dr van der Berg, and the clinic is on Elm Street.",
        "Dr van der Berg said my blood pressure is fine now, what else should I ask?",
        "Dr van der Berg wants a blood test again in June, how should I prepare?",
        "Booked the follow-up with Dr van der Berg for Tuesday, what should I bring?",
    ]
    path = chat_turns(tmp_path / "c.jsonl", [(f"2024-0{n + 1}-02T10:00:00Z", t) for n, t in enumerate(said)])
    with quire.open(tmp_path / "home") as q:
        q.import_path(path)
        q.rebuild()
        titles = [p["title"] for p in q.pages().model_dump()["pages"]]
    assert "Dr. van der Berg" in titles, titles
    assert not {"Berg", "Dr", "Dr."} & set(titles), titles


# -- 2. one entity however its accents are written ---------------------------------------------


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("İzmir", "Izmir"),
        ("Izmir", "İZMİR"),
        ("Kraków", "Krakow"),
        ("Zürich", "Zurich"),
        ("São Paulo", "Sao Paulo"),
        ("Malmö", "Malmo"),
        ("Łódź", "Lodz"),
        ("Αθήνα", "Αθηνα"),
    ],
)
def test_names_that_differ_only_in_accents_are_one_entity_shown_as_first_written(quire_home, first, then):
    with quire.open(quire_home) as q:
        q.capture("We took the ferry across the bay on a windy Sunday", type="note", entities=[first])
        later = q.capture("The market by the old harbour sells fresh figs in August", type="note", entities=[then])
        assert any("filed under" in w for w in later.warnings), later.warnings
        [entity] = q.run("entities_list").model_dump()["entities"]
    assert entity["name"] == first and entity["memories"] == 2


@pytest.mark.parametrize(("one", "other"), [("が", "か"), ("й", "и"), ("Lodz", "Łeba"), ("Sao Paulo", "Sao Pablo")])
def test_a_mark_that_makes_another_letter_or_another_name_keeps_two_entities(one, other):
    assert entities.key(one) != entities.key(other)


@pytest.mark.parametrize(
    ("text", "value"),
    [("I moved to İzmir.", "izmir"), ("I moved to İSTANBUL last year.", "istanbul"), ("I moved to Izmir.", "izmir")],
)
def test_a_turkish_dotted_capital_i_is_one_letter_of_the_value(text, value):
    # Before: "İ" folded to "i" and a combining dot, and "İzmir" was the value "i zmir".
    [said] = life.read(text)
    assert said.value == value


def test_an_existing_homes_two_spellings_become_one_entity_without_losing_a_link(quire_home):
    with quire.open(quire_home) as q:
        a = q.capture("We took the ferry across the bay on a windy Sunday", type="note", entities=["İzmir"]).id
        b = q.capture("The market by the old harbour sells fresh figs in August", type="note", entities=["Kraków"]).id
        c = q.capture("The tram to the old town stops right by the hotel door", type="note", entities=["Krakow"]).id
    db = FileDatabase(quire_home / "quire.db")
    try:
        # as an older quire left it: keys with their accents, and "Izmir" an entity of its own
        for entity, name in db.rows("SELECT id, name FROM entities"):
            db.execute("UPDATE entities SET name_key = ? WHERE id = ?", (tokens.name_key(str(name)), entity))
        db.execute("INSERT INTO entities(name, name_key, kind, created_at) VALUES ('Izmir', 'izmir', 'concept', '')")
        izmir = db.scalar("SELECT id FROM entities WHERE name = 'Izmir'")
        db.execute("INSERT INTO memory_entities(memory_id, entity_id) VALUES (?, ?)", (c, izmir))
        db.execute("DELETE FROM migrations WHERE number >= 25")
        db.execute("PRAGMA user_version = 24")
        assert migrations.apply(db) == list(range(25, migrations.latest() + 1))  # (25 again, and the ones after it)
        rows = db.rows("SELECT e.name, me.memory_id FROM entities e JOIN memory_entities me ON me.entity_id = e.id")
        assert sorted((str(n), str(m)) for n, m in rows) == sorted(
            [("İzmir", a), ("İzmir", c), ("Kraków", b), ("Kraków", c)]
        )
        assert {str(k) for (k,) in db.rows("SELECT name_key FROM entities")} == {"izmir", "krakow"}
        [(detail,)] = db.rows("SELECT detail FROM audit_log WHERE action = 'unaccented_entity_keys'")
        assert ["İzmir", "Izmir"] in json.loads(str(detail))["merged"]
    finally:
        db.close()


# -- 3. an ISO week date -------------------------------------------------------------------------

WEEKS = ["2024-W18", "2024-W18-3", "2024-w18", "2024-W18T10:00"]


@pytest.mark.parametrize("week", WEEKS)
@pytest.mark.parametrize(
    ("op", "field"), [("capture", "valid_from"), ("recall", "as_of"), ("recent", "since"), ("log", "since")]
)
def test_an_iso_week_date_is_refused_in_the_library_with_the_forms_read(quire_home, op, field, week):
    params = {"capture": {"content": BASE}, "recall": {"query": "staging"}}.get(op, {})
    with quire.open(quire_home) as q:
        q.capture("The staging deploy runs every night at two in the morning", type="fact")
        before = q.status().model_dump(exclude={"replica"})
        with pytest.raises(quire.InvalidInput, match=DATE_FIX):
            q.run(op, **params, **{field: week})
        assert q.status().model_dump(exclude={"replica"}) == before


@pytest.mark.parametrize(
    ("op", "params"),
    [("capture", {"content": BASE, "valid_from": "2024-W18"}), ("recall", {"query": "staging", "as_of": "2024-W18-3"})],
)
def test_an_iso_week_date_gets_one_refusal_on_every_route(tmp_path, monkeypatch, cli, op, params):
    home = tmp_path / "home"
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        q.capture(BASE, type="fact")
    answers = {route: _answer(route, home, cli, op, params) for route in ROUTES}
    assert {kind for kind, _ in answers.values()} == {"refused"}, answers
    for route, (_, said) in answers.items():
        assert DATE_FIX in str(said), (route, said)
    # a control: the same day written as a date is read on every route
    day = {k: ("2024-05-01" if k in ("valid_from", "as_of") else v) for k, v in params.items()}
    assert _answer("library", home, cli, op, day)[0] == "ok"
    assert _answer("cli", home, cli, op, day)[0] == "ok"
