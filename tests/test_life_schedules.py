"""A changed schedule, a job that ended without a name, and a car named by its model alone.

"I work Mondays to Thursdays now", "my gym days moved to Tuesday and Friday", "I start work at 8 now
instead of 9", "my shift is nights now": a change of the person's week, read as one (About me's Now
says the new days, and the days before wait in review). "I left the company", "I'm no longer at
Google", "I retired in March": the job ends. "I got a Mustang", "traded my Corolla for a RAV4": the
car is the one got, never the one given for it. Look-alikes read nothing: a question, a plan, a one-off
day, someone else's week ("my sister works nights", "should I start at 8?", "if I worked Mondays")."""

from __future__ import annotations

import pytest

from memory import life, names
from tests.conftest import about_now, chat_turns, life_changes


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read.__wrapped__(text)}


# -- 1. schedules -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I work Mondays to Thursdays now", "schedule:work", "monday tuesday wednesday thursday"),
        ("I only work Tuesday and Wednesday", "schedule:work", "tuesday wednesday"),
        ("I'm working Tuesdays through Saturdays now.", "schedule:work", "tuesday wednesday thursday friday saturday"),
        ("I work Saturday to Monday at the bakery", "schedule:work", "monday saturday sunday"),
        ("my work days are Monday to Thursday now", "schedule:work", "monday tuesday wednesday thursday"),
        ("my gym days moved to Tuesday and Friday", "schedule:gym", "tuesday friday"),
        ("my gym days are Tuesday and Friday", "schedule:gym", "tuesday friday"),
        ("I moved my gym days to Tuesday and Friday", "schedule:gym", "tuesday friday"),
        ("I go to the gym Tuesdays and Fridays now", "schedule:gym", "tuesday friday"),
        ("I switched my Italian class to Thursdays", "schedule:italian", "thursday"),
        ("I start work at 8 now instead of 9", "time:work", "8:00"),
        ("my shift starts at 7 now", "time:work", "7:00"),
        ("work starts at 8:30 now, which is brutal", "time:work", "8:30"),
        ("my shift is nights now", "shift", "night"),
        ("my shifts are days again", "shift", "day"),
        ("they put me on nights", "shift", "night"),
        ("I've been moved onto the night shift", "shift", "night"),
    ],
)
def test_a_schedule_said_its_own_way_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "my sister works nights",
        "my sister works Mondays to Thursdays",
        "should I start at 8?",
        "should I start work at 8?",
        "if I worked Mondays I'd see the kids more",
        "I'm working Saturday, can we meet Sunday?",
        "I start work at 8 tomorrow",
        "I start work at 9 on Monday",
        "I worked Mondays last year",
        "should I move my gym days to Tuesday?",
        "I moved my dentist appointment to Friday",
        "I moved my Italian class to Thursday",
        "my sister's shift is nights now",
        "if my shift is nights I'll quit",
        "they put me on the spot",
    ],
)
def test_a_schedule_look_alike_reads_nothing(text):
    found = _read(text)
    assert not any(a == "shift" or a.startswith(("schedule:", "time:")) for a in found), found


def test_days_of_work_changed_are_a_change_and_now_says_the_new_days(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "I work Monday to Friday at the clinic, long weeks."),
            ("2024-09-05", "Good news, I work Mondays to Thursdays now, Fridays are mine."),
        ],
    )
    cli_json("import", str(path))
    changed = life_changes(db)
    assert len(changed) == 1 and "Monday to Friday" in changed[0][0] and "Thursdays now" in changed[0][1], changed
    now = about_now(cli_json)
    assert "**Work (schedule)**: Mondays to Thursdays, since 2024-09-05" in now, now
    assert "was Monday to Friday" in now, now


def test_a_start_time_and_a_shift_changed_are_changes(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "I start work at 9 every day, the commute is easy."),
            ("2024-02-05", "I'm a nurse and I work days on the ward."),
            ("2024-09-05", "I start work at 8 now instead of 9, which hurts."),
            ("2024-09-06", "Also my shift is nights now, the ward needed cover."),
        ],
    )
    cli_json("import", str(path))
    assert len(life_changes(db)) == 2, life_changes(db)
    now = about_now(cli_json)
    assert "**Work (time)**: 8, since 2024-09-05" in now and "was 9" in now, now
    assert "**Shift**: nights, since 2024-09-06" in now, now


# -- 2. a job ended, said without its name -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I left the company", "left"),
        ("I left the company last year to join Stripe", "left"),
        ("I quit the firm in March", "left"),
        ("I'm no longer at Google", "left google"),
        ("I'm not at Acme anymore, long story", "left acme"),
        ("I don't work there anymore", "left"),
        ("I retired in March", "left"),
        ("I finally retired last year!", "left"),
        ("I was laid off last week", "left"),
        ("I quit my job at Acme", "left acme"),
    ],
)
def test_a_job_ended_without_its_name_is_read(text, value):
    assert _read(text).get("employer") == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I left the company party early",
        "I left my company car at home",
        "I'm no longer at home",
        "I'm not with Vodafone anymore",
        "I retired the old laptop",
        "when I retire I'll move to the coast",
        "should I retire in March?",
        "I retired from Delphi in 2015 after 31 years",
        "my dad retired in March",
        "if I left the company I'd lose the bonus",
    ],
)
def test_a_job_ending_look_alike_reads_no_employer(text):
    assert "employer" not in _read(text), _read(text)


def test_leaving_the_company_ends_the_job_on_about_me(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "I work at Kestrel Labs, on the data team."),
            ("2024-09-05", "I left the company last month, taking a break."),
            ("2024-10-05", "I'm no longer at Kestrel Labs, so the laptop went back."),
        ],
    )
    cli_json("import", str(path))
    assert len(life_changes(db)) == 1, life_changes(db)
    now = about_now(cli_json)
    assert "**Employer**: none now (no longer at Kestrel Labs), since 2024-09-05" in now, now


# -- 3. a car by its model, and a trade -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I got a Mustang", "mustang"),
        ("I bought a Ford Mustang GT", "ford mustang gt"),  # a trim after the model is the model's
        ("my Golf GTI is in the garage", "golf gti"),
        ("just bought a used Cherokee", "cherokee"),
        ("I bought a Tesla Model 3", "tesla model 3"),
        ("just picked up a used Civic", "civic"),
        ("traded my Corolla for a RAV4", "rav4"),
        ("traded my Corolla for a Mustang", "mustang"),
        ("I traded in my Corolla for a new Mustang", "mustang"),
        ("I traded in my Corolla for a new RAV4", "rav4"),
        ("I traded in my Corolla last week", "sold corolla"),
        ("I swapped my car for a bike", "sold"),
    ],
)
def test_a_car_by_its_model_or_a_trade_reads_the_car_got(text, value):
    assert _read(text).get("car") == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I bought a Blazer for the wedding",
        "I met Holden at the bar",
        "my son got a Mustang",
        "should I get a Mustang?",
        "my sister traded her Corolla for a Mustang",
        "thinking of trading in my Corolla for a RAV4",
        "I swapped the car seats over",
    ],
)
def test_a_car_look_alike_reads_no_car(text):
    assert "car" not in _read(text), _read(text)


def test_a_trade_is_a_change_from_the_car_before_to_the_one_got(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "My Corolla needs new tyres again."),
            ("2024-09-05", "I traded in my Corolla for a new Mustang, no regrets!"),
        ],
    )
    cli_json("import", str(path))
    changed = life_changes(db)
    assert len(changed) == 1 and "Corolla needs" in changed[0][0] and "Mustang" in changed[0][1], changed
    first = cli_json("recall", "what car do I drive", "-k", "2")["results"][0]
    assert "Mustang" in first["content"], first


@pytest.mark.parametrize(
    ("query", "attribute"),
    [
        ("what days do I work", "schedule:work"),
        ("which days do I work now?", "schedule:work"),
        ("what time do I start work", "time:work"),
        ("what time does my shift start", "time:work"),
        ("what days do I go to the gym", "schedule:gym"),
    ],
)
def test_a_question_of_the_days_or_hours_of_work_asks_their_attribute(query, attribute):
    assert attribute in life.asked(query)


def test_recall_answers_the_days_of_work_with_the_days_of_now(tmp_path, cli_json):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "I work Monday to Friday at the clinic, long weeks."),
            ("2024-03-05", "What should I cook for a dinner party of six?"),
            ("2024-09-05", "Good news, I work Mondays to Thursdays now, Fridays are mine."),
        ],
    )
    cli_json("import", str(path))
    first = cli_json("recall", "what days do I work", "-k", "3")["results"][0]
    assert "Mondays to Thursdays now" in first["content"], first


def test_a_gathering_named_by_its_noun_alone_is_one_schedule():
    """'My team standup is on Mondays' then 'Our standup moved to Tuesdays' (a typed pair of `quire eval
    contradictions` missed): one standup, not a team's schedule and a class's."""
    before, after = (
        life.read("My team standup is on Mondays at nine"),
        life.read("Our standup moved to Tuesdays at ten"),
    )
    assert [(s.attribute, s.value) for s in before] == [("schedule:standup", "monday")]
    assert [(o.value, n.value) for o, n in life.changes(before, after)] == [("monday", "tuesday")]
    assert "schedule:standup" in life.asked("when is my team standup")
    assert _read("my Italian class is on Mondays") == {"schedule:italian": "monday"}


# -- 4. from a real history (LongMemEval S, a knowledge update): a role and the team one leads ------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I lead a team of 4 engineers in my new role as Senior Software Engineer.",
            {"role": "senior software engineer", "team size": "4"},
        ),
        (
            "I've been enjoying my role as Senior Software Engineer, and now I lead a team of five engineers.",
            {"role": "senior software engineer", "team size": "5"},
        ),
        ("I'm managing a team of 12 nurses on the ward", {"team size": "12"}),
        ("in my role as a nurse I see a lot", {"role": "nurse"}),
        ("my sister leads a team of 5", {}),
        ("should I lead a team of 5?", {}),
        ("I lead a team", {}),
        ("I managed a team of 5 at my old job", {}),
    ],
)
def test_a_role_said_as_my_role_and_the_team_one_leads_are_read(text, expected):
    assert _read(text) == expected


def test_a_team_grown_is_a_change_and_a_question_asks_it(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2023-05-11", "I lead a team of 4 engineers in my new role as Senior Software Engineer."),
            ("2023-10-24", "It's been great, especially the part where I now lead a team of five engineers."),
        ],
    )
    cli_json("import", str(path))
    changed = life_changes(db)
    assert len(changed) == 1 and "team of 4" in changed[0][0] and "team of five" in changed[0][1], changed
    assert life.asked("How many engineers do I lead now?") == {"team size"}
    now = about_now(cli_json)
    assert "**Team size**: five, since 2023-10-24" in now and "was 4" in now, now


@pytest.mark.parametrize(
    ("text", "heading"),
    [
        ("I walk upstairs and into the room that Alaric prepared for me.", ""),  # a role-play's story
        ("I walk back to the door and peer out into the hallway.", ""),
        ("I walk to work every day.", "Routine"),
        ("I swim twice a week.", "Routine"),
        ("I go to bed at 11.", "Routine"),  # a habit's time, read: not "Also"
        ("I start work at 8 now instead of 9", "Work"),
        ("I lead a team of 4 engineers", "Work"),
    ],
)
def test_a_turn_goes_under_the_heading_of_the_habit_it_states_and_a_story_under_none(text, heading):
    """LongMemEval S item 219: a dungeon-master role-play's 'I walk upstairs ...' was under Routine on
    About me (SELF_FACTS read any 'I walk' as a habit), and 'I usually go to bed around 10:30 PM'
    under Also."""
    assert names.self_fact(text) == heading


def test_a_gym_routine_said_by_how_often_is_a_change_from_the_days_before():
    """LongMemEval S item 196 ('Do I go to the gym more frequently than I did previously?'): three days
    named, later 'consistent with my gym routine - four times a week': more often, a change."""
    before = life.read("I don't actually work out on Mondays. I go to the gym on Tuesdays, Thursdays, and Saturdays.")
    after = life.read(
        "I'm thinking of rewarding myself with a post-workout smoothie on Saturday, since I've been consistent"
        " with my gym routine - four times a week, actually."
    )
    assert [(o.value, n.value) for o, n in life.changes(before, after)] == [
        ("tuesday thursday saturday", "four times a week")
    ]
    assert _read("I've been hitting the gym four times a week") == {"schedule:gym": "four times a week"}
    assert _read("my sister's gym routine is four times a week") == {}


def test_a_favourite_part_or_thing_names_no_favourite():
    """LongMemEval S item 196's About me had 'Part (favourite): the actual making'."""
    assert _read("I think my favorite part is the actual making and experimenting part.") == {}
    assert _read("My favourite thing is the smell of it") == {}
    assert _read("My favourite coffee shop is Fabrica now") == {"favourite:coffee shop": "fabrica"}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I was fired", "left"),
        ("I got fired from Spotify", "left spotify"),
        ("I resigned last week", "left"),
        ("I'm unemployed now", "left"),
        ("my last day at Acme was Friday", "left acme"),
        ("I've left Acme", "left acme"),
        # a job left for the next: the next one
        ("I left Google and joined Meta", "meta"),
        ("I left Google in March to join Meta", "meta"),
        ("I quit Acme to join Stripe", "stripe"),
    ],
)
def test_a_job_ended_in_other_words_or_for_the_next_is_read(text, value):
    assert _read(text).get("employer") == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I resigned myself to it",
        "I was unemployed for a year",
        "my last day at Acme is Friday",
        "my sister's last day at Acme was Friday",
        "I've left Leeds",
        "I've left Instagram",
        "if I'm unemployed I'll move",
        "my sister left Google and joined Meta",
        "I left Leeds and moved to York",
        "I left Leeds to join Tom",
    ],
)
def test_a_look_alike_of_a_job_ended_in_other_words_reads_no_employer(text):
    assert "employer" not in _read(text), _read(text)


def test_days_of_work_said_by_their_number_are_a_change_from_the_days_named():
    """'I work Monday to Friday' then 'I work four days a week now': fewer days, a change; 'Mondays to
    Thursdays' then 'four days a week' is the same week said two ways."""
    five, four = life.read("I work Monday to Friday at the clinic"), life.read("I work four days a week now")
    assert [(o.value, n.value) for o, n in life.changes(five, four)] == [
        ("monday tuesday wednesday thursday friday", "four days a week")
    ]
    assert life.changes(life.read("I work Mondays to Thursdays now"), four) == []
    assert _read("I'm only working three days a week") == {"schedule:work": "three days a week"}
    for text in ("I worked five days a week", "my sister works four days a week", "should I work four days a week?"):
        assert _read(text) == {}, text
