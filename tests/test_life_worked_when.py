"""Where a person works said with when, how or how long they work it, and what "for" names that is no employer
(session 50: trust50). "I work nights at Meta" read no employer (Meta is a place of the lists too), "I work
part-time for Oxfam" none ("for" after the phrase was not read), "I've worked at Monzo for two years" none (the
perfect was not read), "I work for mum" the employer "mum", and "i work at financial times" none ("times" made any
phrase a when). By every route a person's words come in: the CLI's capture, the library, and each import."""

from __future__ import annotations

from pathlib import Path

import pytest

import quire
from memory import life
from tests.import_formats import whatsapp_said, write


def _read(text: str, attribute: str = "employer") -> list[str]:
    return [s.value for s in life.read(text) if s.attribute == attribute]


# 1. when it is worked, then the place: the employer, a name the lists hold for a place too as after "I work at"
WHEN_THEN_AT = [
    ("I work nights at Meta", "meta"),  # the reproduction
    ("I work weekends at Tesco", "tesco"),
    ("I work evenings at the Crown", "crown"),
    ("I work mornings at Meta", "meta"),
    ("I work weekends at Meta", "meta"),
    ("I work nights at Apple", "apple"),
    ("I'm working nights at Meta", "meta"),
    ("I currently work nights at Meta", "meta"),
    ("I work Saturdays at Meta", "meta"),
    ("I work Mondays at Tesco", "tesco"),
    ("I work shifts at Meta", "meta"),
    ("I work part-time at Meta", "meta"),
    ("I work the night shift at Meta", "meta"),
    ("I work the late shift at Tesco", "tesco"),
    ("I work nights and weekends at Tesco", "tesco"),
    ("I work three days a week at Tesco", "tesco"),
    ("I work 20 hours a week at Tesco", "tesco"),
    ("I work 12-hour shifts at St Mary's", "st mary's"),
    ("I work 9 to 5 at Google", "google"),
    ("I work late at Google", "google"),
    ("I work overnight at Amazon", "amazon"),
    ("I work long hours at Google", "google"),
    ("I work on weekends at Tesco", "tesco"),
]

# 2. when or how it is worked, then "for" and the place
WHEN_THEN_FOR = [
    ("I work at night for Deliveroo", "deliveroo"),  # the reproductions
    ("I work part-time for Oxfam", "oxfam"),
    ("I work remotely for Stripe", "stripe"),
    ("I work nights for Deliveroo", "deliveroo"),
    ("I work full-time for Google", "google"),
    ("i work weekends for tesco", "tesco"),
    ("I work from home for Stripe", "stripe"),
    ("I work freelance for Stripe", "stripe"),
    ("I'm working remotely for Stripe", "stripe"),
    ("I work shifts for the NHS", "nhs"),
    ("I work at odd hours for Stripe", "stripe"),
]

# controls: a place of the lists in lower case, a kind of place, the past, a reward, a while, family: none
WHEN_NOT_AN_EMPLOYER = [
    "i work weekends at london",
    "I work nights at the hospital",
    "I worked nights at Meta",
    "I work nights",
    "I work weekends for extra money",
    "I work nights for a living",
    "I work nights for the extra cash",
    "I work remotely for now",
    "I work from home for my dad",
    "I work remotely for mum",
    "I work part-time for two years",
    "I work overtime for free",
    "I work remotely for the hospital",
    "I work from home for a startup",
    "I work late at night",
    "I work late at the office",
    "I work the night shift at the hospital",
    "I work three days a week at home",
    "I work 9 to 5 at an office",
    "I work shifts at odd hours",
    "i work two days a week at uni",
    "I work long hours for peanuts",
]


@pytest.mark.parametrize(("text", "employer"), WHEN_THEN_AT + WHEN_THEN_FOR)
def test_the_place_after_when_it_is_worked_is_the_employer(text, employer):
    assert _read(text) == [employer]


@pytest.mark.parametrize("text", WHEN_NOT_AN_EMPLOYER)
def test_control_no_name_after_when_it_is_worked(text):
    assert _read(text) == []


# 3. a job held till now, said in the perfect
HELD_TILL_NOW = [
    ("I've been working at Google since May", "google"),  # the reproductions
    ("I started at Stripe last week", "stripe"),  # (read before: a control of the class)
    ("I've worked at Monzo for two years", "monzo"),
    ("I have worked at Monzo for two years", "monzo"),
    ("I've been working for Google since May", "google"),
    ("i've been working at tesco since march", "tesco"),
    ("I've worked for Google since 2019", "google"),
    ("I've been employed by Google since 2019", "google"),
    ("I have worked at the BBC for a decade", "bbc"),
    ("I've worked at Google for over five years now", "google"),
    ("I've been working nights at Meta since May", "meta"),
    ("I've been working from home for Stripe since 2020", "stripe"),
]

# controls: what they did, or did not, or for how long they have worked at all
NOT_HELD_NOW = [
    "I've worked at Google before",
    "I've worked for Meta and Uber",
    "I've worked at Google, Meta and Amazon",
    "I've worked at Google in the past",
    "I've worked at Monzo for two years but I left in June",
    "I had worked at Monzo for two years",
    "I haven't worked at Google for years",
    "I've never worked at Google",
    "I've been working for hours",
    "I've been working for ages",
    "I've been working for the past year",
    "I've been working at it for hours",
    "I've been working at home since March",
    "I've been working at odd hours",
    "I've been working on Google Docs since May",
    "I'll start at Stripe next week",
]


@pytest.mark.parametrize(("text", "employer"), HELD_TILL_NOW)
def test_a_job_held_till_now_is_the_employer(text, employer):
    assert _read(text) == [employer]


@pytest.mark.parametrize("text", NOT_HELD_NOW)
def test_control_a_job_done_or_a_while_worked_is_no_employer(text):
    assert _read(text) == []


# 4. after "for": the family (a family's business has no name here, as "for my dad" has none), the person's own
# work, a reason, a reward or a while
FOR_NO_ONE = [
    "I work for mum",  # the reproductions
    "I work for my dad",
    "I work for myself",
    "I work for a living",
    "I work for Mum",
    "I work for dad",
    "I work for Dad",
    "I work for Mum and Dad",
    "I work for mum's company",
    "I'm working for mum now",
    "I've been working for my dad for years",
    "I work for the money",
    "I work for two hours a day",
    "I work for ages",
    "I volunteer for free",
    "I work for the wife",
    # many, or a kind in the plural: no one of them
    "I work at many places",
    "I work for several clients",
    "I work for tech companies",
    "I work at various places",
    "I've worked at many places for years",
]


@pytest.mark.parametrize("text", FOR_NO_ONE)
def test_family_self_a_reason_or_a_while_after_for_is_no_employer(text):
    assert _read(text) == [] and _read(text, "volunteer role") == []


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I work for Mother Jones", "mother jones"),  # (a family word opens a name)
        ("I work for Papa John's", "papa john's"),
        ("I work for jeff", "jeff"),  # (someone worked for, not family)
        ("i work for stripe", "stripe"),
        ("I work for the council", "council"),
        ("I work for Many Hands", "many hands"),  # (with capitals: a name)
    ],
)
def test_control_a_name_or_a_person_after_for_is_still_the_employer(text, employer):
    assert _read(text) == [employer]


# 5. a name that merely ends in a word of when is a name; a phrase of when keeps its shape
ENDS_IN_A_WHEN_WORD = [
    ("i work at financial times", "financial times"),  # the reproduction
    ("I work at financial times", "financial times"),
    ("i work at sunday times", "sunday times"),
]
WHEN_SHAPED = [
    "i work at all times",
    "i work at different times",
    "i work at the same times",
    "I work at odd times",
    "I work at irregular hours",
    "I work at unsocial hours",
    "I work at a steady pace",
    "I work at lightning speed",
]


@pytest.mark.parametrize(("text", "employer"), ENDS_IN_A_WHEN_WORD)
def test_a_name_ending_in_a_when_word_is_the_employer(text, employer):
    assert _read(text) == [employer]


@pytest.mark.parametrize("text", WHEN_SHAPED)
def test_control_a_phrase_of_when_is_no_employer(text):
    assert _read(text) == []


@pytest.mark.parametrize(
    ("text", "role", "employer"),
    [
        ("I'm a nurse at night at St Mary's", "nurse", "st mary's"),
        ("I'm a barista part-time at Starbucks", "barista", "starbucks"),
        ("I'm a barista at weekends at Starbucks", "barista", "starbucks"),
        ("I work as a nurse at night at St Mary's", "nurse", "st mary's"),
        # controls: when alone names no place
        ("I'm a nurse at night", "nurse", None),
        ("I'm a barista at odd hours", "barista", None),
    ],
)
def test_a_role_said_with_when_then_where(text, role, employer):
    assert _read(text, "role") == [role]
    assert _read(text) == ([employer] if employer else [])


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("I volunteer weekends at Oxfam", "oxfam"),
        ("I volunteer on Saturdays at Oxfam", "oxfam"),
        ("I volunteer part-time for Oxfam", "oxfam"),
        ("I volunteer at night for the Samaritans", "samaritans"),
        ("I've been volunteering at Oxfam since May", "oxfam"),
        ("I volunteer for Oxfam", "oxfam"),
        # controls: no place of volunteering
        ("I volunteer at home", None),
        ("I volunteer evenings at home", None),
        ("I volunteer for mum", None),
    ],
)
def test_volunteering_with_when_is_a_volunteer_role_and_no_job(text, role):
    """The same classes where a volunteer role stands: and volunteering for a charity is no employer."""
    assert _read(text, "volunteer role") == ([role] if role else [])
    assert _read(text) == []


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I'm a volunteer at weekends at Oxfam", "volunteer role", "oxfam"),
        ("I'm a student part-time at UCL", "university", "ucl"),
        ("I'm a student at odd hours at UCL", "university", "ucl"),
        ("I lift at night at PureGym", "gym", "puregym"),
        ("I train at odd hours at PureGym", "gym", "puregym"),
        ("I swim mornings at the YMCA", "gym", "ymca"),
        # controls: when alone, or no gym after it
        ("I'm a student at night", "university", None),
        ("I lift at night", "gym", None),
        ("I walk at night in the park", "gym", None),
    ],
)
def test_the_place_after_when_in_other_fields(text, attribute, value):
    """The same class where a volunteer role, a university or a gym stands after when it is done."""
    assert _read(text, attribute) == ([value] if value else [])


def test_control_a_trade_plied_for_someone_is_still_a_job():
    assert _read("I deliver for Deliveroo") == ["deliveroo"]


def _changes(home) -> list[tuple[str, str, str]]:
    with quire.open(home) as q:
        return [(i["payload"]["attribute"], i["payload"]["was"], i["payload"]["now"]) for i in q.review().items]


OLD = "I work at Google on the search team."
ROUTED = [
    ("I work nights at Meta", [("employer", "Google", "Meta")]),
    ("I work part-time for Oxfam", [("employer", "Google", "Oxfam")]),
    ("I've worked at Monzo for two years", [("employer", "Google", "Monzo")]),
    ("i work at financial times", [("employer", "Google", "financial times")]),
    ("I work for mum in her shop these days", []),
    ("I've worked at Stripe before", []),
]


@pytest.mark.parametrize(("new", "changed"), ROUTED)
def test_on_the_cli(cli, quire_home, new, changed):
    assert cli("capture", OLD).exit_code == 0
    assert cli("capture", new).exit_code == 0
    assert _changes(quire_home) == changed


@pytest.mark.parametrize(("new", "changed"), ROUTED)
def test_through_the_library(quire_home, new, changed):
    with quire.open(quire_home) as q:
        q.capture(OLD)
        q.capture(new)
    assert _changes(quire_home) == changed


@pytest.mark.parametrize("fmt", ["jsonl", "chatgpt", "chat-jsonl"])
@pytest.mark.parametrize(("new", "changed"), [(new, bool(changed)) for new, changed in ROUTED])
def test_from_each_import(cli, quire_home, tmp_path, fmt, new, changed):
    path = write(fmt, tmp_path / "export", [("Work", [OLD, new])])
    assert cli("import", str(path)).exit_code == 0
    with quire.open(quire_home) as q:
        items = [(i["kind"], i["old"], i["new"]) for i in q.review().items]
    assert items == ([("revision", OLD, new)] if changed else [])


@pytest.mark.parametrize(("new", "changed"), [(new, bool(changed)) for new, changed in ROUTED])
def test_from_a_whatsapp_chat(cli, quire_home, tmp_path: Path, new, changed):
    assert cli("import", "--me", "Tom", str(whatsapp_said(tmp_path, OLD, new))).exit_code == 0
    with quire.open(quire_home) as q:
        items = [(i["kind"], i["old"], i["new"]) for i in q.review().items]
    assert items == ([("revision", OLD, new)] if changed else [])
