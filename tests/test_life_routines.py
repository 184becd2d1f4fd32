"""How often a person does a thing or sees someone, the time they wake up, and favourites said in every
common shape: each form as a person types it (the sentences of LongMemEval's knowledge-update
histories among them), the change between two of them found, one said two ways no change, and the
look-alikes that read nothing (a question to the assistant, someone else's, a plan, an acronym that
is also a car maker's name)."""

from __future__ import annotations

import pytest

from memory import life, review
from tests.conftest import chat_turns


def _read(text: str) -> dict[str, str]:
    return {said.attribute: said.value for said in life.read.__wrapped__(text)}


def _one(text: str, attribute: str) -> life.Said:
    return next(s for s in life.read.__wrapped__(text) if s.attribute == attribute)


# -- 1. favourites by name ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        (
            "Speaking of which, I need to stock up on my favorite BBQ sauce, Sweet Baby Ray's, to serve with the ribs.",
            "favourite:bbq sauce",
            "sweet baby ray's",
        ),
        (
            "By the way, I've been loving my new Weber gas grill for quick weeknight dinners, and I'm currently "
            "obsessed with Kansas City Masterpiece BBQ sauce on my ribs.",
            "favourite:bbq sauce",
            "kansas city masterpiece",
        ),
        (
            "Currently, my favourite is Kansas City Masterpiece BBQ sauce, but I'm open to trying other options.",
            "favourite:bbq sauce",
            "kansas city masterpiece",
        ),
        ("my favorite BBQ sauce is Sweet Baby Ray's", "favourite:bbq sauce", "sweet baby ray's"),
        ("Sweet Baby Ray's is my favourite BBQ sauce.", "favourite:bbq sauce", "sweet baby ray's"),
        ("I got a signed card of my favorite player, Mike Trout, last week", "favourite:player", "mike trout"),
        ("my favourite TV show is The Office", "favourite:tv show", "office"),
    ],
)
def test_a_favourite_said_by_name_in_any_shape_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "What's your favorite BBQ sauce, Sweet Baby Ray's or Stubb's?",
        "my friend's favourite BBQ sauce is Sweet Baby Ray's",
        "My husband is obsessed with Kansas City Masterpiece BBQ sauce",
        "If Sweet Baby Ray's were my favorite BBQ sauce I would buy more",
        "I met one of my favorite authors, Celeste Ng, at the festival",
        "my favourite part, I think, was the ending",
        "I'm obsessed with Kansas City Masterpiece",  # no thing said: nothing to be the favourite of
    ],
)
def test_a_favourite_look_alike_reads_no_favourite(text):
    assert not [a for a in _read(text) if a.startswith("favourite")], _read(text)


def test_a_new_favourite_is_a_change_and_the_same_one_said_again_is_not():
    old = life.read.__wrapped__("I need to stock up on my favorite BBQ sauce, Sweet Baby Ray's.")
    new = life.read.__wrapped__("I'm currently obsessed with Kansas City Masterpiece BBQ sauce on my ribs.")
    again = life.read.__wrapped__("Currently, my favourite is Kansas City Masterpiece BBQ sauce.")
    assert [(a.value, b.value) for a, b in life.changes(old, new)] == [("sweet baby ray's", "kansas city masterpiece")]
    assert life.restates(new, again) and not life.changes(new, again)


# -- 2. how often ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        (
            "I have a therapy session with Dr. Smith coming up soon - it's every two weeks, so I'm glad.",
            "schedule:dr smith",
            "every two weeks",
        ),
        ("I see Dr. Smith every week, and she's been helping me.", "schedule:dr smith", "every week"),
        ("I see my therapist every other week", "schedule:therapist", "every other week"),
        ("my therapy sessions with Dr. Smith are fortnightly", "schedule:dr smith", "fortnightly"),
        (
            "I saw some people playing tennis - reminds me of my own weekly tennis sessions with friends.",
            "schedule:tennis",
            "weekly",
        ),
        (
            "Oh, and by the way, I'm planning to play tennis with my friends at the local park this Sunday, like we "
            "do every other week.",
            "schedule:tennis",
            "every other week",
        ),
        ("I play squash with my brother twice a month", "schedule:squash", "twice a month"),
        ("I do yoga every day", "schedule:yoga", "every day"),
        ("I have a biweekly piano lesson", "schedule:piano", "biweekly"),
        ("I go climbing three times a week", "schedule:climbing", "three times a week"),
    ],
)
def test_how_often_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)  # as said: `life.same` compares what it means


@pytest.mark.parametrize(
    "text",
    [
        "my sister sees Dr. Smith every week",
        "my son's tennis lessons are every other week",
        "Do you think I should see Dr. Smith every week?",
        "I might play tennis every week if the weather holds",
        "my weekly report is due on Friday",
        "I'm planning to play tennis this Sunday, like they do every other week",
    ],
)
def test_how_often_of_someone_else_or_a_plan_reads_nothing(text):
    assert not [a for a in _read(text) if a.startswith("schedule")], _read(text)


@pytest.mark.parametrize(
    ("one", "other", "changed"),
    [
        ("I see Dr. Smith every two weeks", "I see Dr. Smith every week", True),
        ("I see Dr. Smith every other week", "I see Dr. Smith biweekly", False),
        ("I see Dr. Smith fortnightly", "I see Dr. Smith twice a month", False),
        ("I see Dr. Smith once a week", "I see Dr. Smith every week", False),
        ("I play tennis every week", "I play tennis twice a week", True),
        ("my own weekly tennis sessions", "I play tennis on Sundays", False),  # one habit said two ways
    ],
)
def test_a_frequency_is_compared_by_what_it_means(one, other, changed):
    assert bool(life.changes(life.read.__wrapped__(one), life.read.__wrapped__(other))) is changed


# -- 3. routine times and a class with a person --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        (
            "I've been waking up around 8:30 am on Saturdays, which gives me enough time to fit in a jog.",
            "wake:saturday",
            "8:30 am",
        ),
        (
            "Also, what time do you think I should aim to start my jog, considering I like to wake up at 7:30 am on "
            "Saturdays and fit in a cup of coffee beforehand?",
            "wake:saturday",
            "7:30 am",
        ),
        ("I usually wake up at 6:30 AM on weekdays", "wake:weekday", "6:30 am"),
        ("On weekends I get up around 9", "wake:weekend", "9:00"),
        ("my alarm goes off at 5:45", "wake", "5:45"),
        ("I usually go to bed around 11 pm", "bedtime", "11:00 pm"),
    ],
)
def test_a_routine_time_or_a_class_with_a_person_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


def test_a_class_with_a_person_is_read_on_its_day():
    found = _read("My language exchange class with Juan is on Wednesday evening.")
    # (the schedule of the class: "exchange", or "language exchange" where two words are one activity)
    assert [v for a, v in found.items() if a.startswith("schedule:") and a.endswith("exchange")] == ["wednesday"], found


@pytest.mark.parametrize(
    "text",
    [
        "I have to get up at 5 tomorrow for my flight",
        "my daughter wakes up at 6 every day",
        "Should I wake up at 6 on Saturdays?",
        "I woke up at 3 am last night",
        "I want to wake up at 6 am on weekdays",
        "I wake up and run 5 km",
    ],
)
def test_a_time_look_alike_reads_no_routine(text):
    assert not [a for a in _read(text) if a.startswith(("wake", "bedtime"))], _read(text)


def test_a_new_wake_up_time_is_a_change_and_the_same_time_written_otherwise_is_not():
    old = life.read.__wrapped__("I've been waking up around 8:30 am on Saturdays")
    assert life.changes(old, life.read.__wrapped__("I like to wake up at 7:30 am on Saturdays"))
    assert not life.changes(old, life.read.__wrapped__("I wake up at 8:30 a.m. on Saturdays"))
    assert not life.changes(old, life.read.__wrapped__("I wake up at 7:30 am on weekdays"))  # another day's


# -- 3b. the time of a habit and the time given to a thing (LongMemEval's oracle knowledge-update forms)


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        (
            "Can you suggest the best way to set reminders for my gym sessions, which I usually go to at 7:00 pm on "
            "Mondays, Wednesdays, and Fridays?",
            "time:gym",
            "7:00 pm",
        ),
        ("I need to be done before I head to the gym, which is usually at 6:00 pm.", "time:gym", "6:00 pm"),
        ("I usually go to the gym at 7 pm", "time:gym", "7:00 pm"),
        ("I've been dedicating about an hour each day to coding exercises.", "time on:exercises", "1 hour per day"),
        ("I spend 30 mins a day on Duolingo", "time on:duolingo", "30 minutes per day"),
        ("I've been doing yoga twice a week, which has really been helping me relax", "schedule:yoga", "twice a week"),
    ],
)
def test_the_time_of_a_habit_or_given_to_a_thing_is_read(text, attribute, value):
    assert _read(text).get(attribute) == value, _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "my son's swim class, which is usually at 5 pm, got moved",
        "Should I go to the gym at 7 pm tonight?",
        "I might spend an hour a day on coding exercises",
        "my sister has been doing yoga twice a week",
    ],
)
def test_the_time_of_someone_elses_habit_or_a_plan_reads_nothing(text):
    assert not [a for a in _read(text) if a.startswith(("time", "schedule"))], _read(text)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("I've been doing yoga twice a week", "I attend yoga classes, which is three times a week"),
        (
            "I've been dedicating about an hour each day to coding exercises",
            "I've been dedicating about two hours each day to coding exercises",
        ),
        ("my gym sessions, which I usually go to at 7:00 pm", "I head to the gym, which is usually at 6:00 pm"),
    ],
)
def test_a_new_time_or_frequency_of_a_habit_is_a_change(one, other):
    assert life.changes(life.read.__wrapped__(one), life.read.__wrapped__(other))


# -- 4. a maker's name that is also a word -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I've been meaning to open up my laptop to upgrade the RAM",
        "Since I've upgraded my RAM from 8GB to 16GB, it's faster",
        "I understand how to set SMART goals now",
        "I think Trello and Focus@will could be really useful for me",
        "I actually just helped set up for a spring equinox celebration at my church today",
        "I'd prefer a suburban area with quiet residential streets",
        "I need some caption ideas for the scenic overlooks from my Tahoe trip",
    ],
)
def test_an_acronym_or_an_app_named_like_a_car_reads_no_car(text):
    assert "car" not in _read(text), _read(text)


def test_a_phone_line_that_is_a_word_is_no_phone_in_lower_case_unless_it_is_mine():
    assert "phone" not in _read("how do models predict the stars outside of our galaxy?")
    assert _read("my galaxy is cracked again") == {"phone": "galaxy"}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I drive a Ram", "ram"),
        ("I drive a RAM 1500", "ram 1500"),
        ("I drive a MINI", "mini"),
        ("my SEAT is old", "seat"),
        ("my 2019 equinox blows warm", "equinox"),
        ("I drive an Equinox", "equinox"),
        ("I have a 2016 suburban", "suburban"),
        ("my Tahoe needs new tires", "tahoe"),
    ],
)
def test_the_maker_written_as_its_name_is_still_a_car(text, value):
    assert _read(text).get("car") == value


# -- 5. through the import ------------------------------------------------------------------------


def test_a_change_of_how_often_and_of_a_favourite_opens_review_items_on_import(tmp_path, cli_json, db):
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "I have a therapy session with Dr. Smith coming up soon - it's every two weeks."),
            ("2024-01-06", "I need to stock up on my favorite BBQ sauce, Sweet Baby Ray's, to serve with the ribs."),
            ("2024-03-05", "I see Dr. Smith every week, and she's been helping me work on this stuff."),
            ("2024-03-06", "Currently, my favourite is Kansas City Masterpiece BBQ sauce, but I'm open to others."),
        ],
    )
    cli_json("import", str(path))
    items = {(i.old, i.new) for i in review.open_items(db)}
    assert any("every two weeks" in old and "every week" in new for old, new in items), items
    assert any("Sweet Baby Ray's" in old and "Kansas City Masterpiece" in new for old, new in items), items


# -- 6. the question that asks it, and recall -------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("How often do I see my therapist, Dr. Smith?", "schedule:dr smith"),
        ("How often do I play tennis with my friends at the local park?", "schedule:tennis"),
        ("What time do I wake up on Saturday mornings?", "wake:saturday"),
        ("What time do I usually go to the gym?", "time:gym"),
        ("How much time do I dedicate to coding exercises each day?", "time on:exercises"),
        ("What brand of BBQ sauce am I currently obsessed with?", "favourite:bbq sauce"),
    ],
)
def test_a_question_of_a_routine_asks_the_attribute_the_reading_names(question, attribute):
    assert attribute in life.asked(question), life.asked(question)


def test_how_often_now_ranks_the_newer_frequency_above_the_older(tmp_path, cli_json):
    """LongMemEval's "how often do I see my therapist, Dr. Smith": turns that name Dr. Smith without
    saying how often ranked above both; the one that says it now comes first, the older right after."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-04-03", "I have a therapy session with Dr. Smith coming up soon - it's every two weeks."),
            ("2024-11-03", "I had a session with Dr. Smith this week and we discussed how I need to set boundaries."),
            ("2024-11-03", "I had a really helpful session with Dr. Smith this week, I'm feeling more confident."),
            ("2024-11-04", "I see what you mean about a schedule. I see Dr. Smith every week, she's been helping me."),
        ],
    )
    cli_json("import", str(path))
    hits = [h["content"] for h in cli_json("recall", "How often do I see my therapist, Dr. Smith?")["results"]]
    assert "every week" in hits[0] and "every two weeks" in hits[1], hits


def test_about_me_names_a_person_seen_by_title_and_name():
    from wiki import render

    assert render._now_label("schedule:dr smith") == "Dr. Smith (schedule)"  # had read "Dr smith (schedule)"
    assert render._now_label("schedule:italian") == "Italian (schedule)"
    assert render._now_label("home") == "Home"


@pytest.mark.parametrize(
    ("text", "gym"),
    [
        ("I just joined a yoga studio near work.", None),  # had read gym = "y" (the Y)
        ("I signed up for a yearly plan at the pool.", None),
        ("I finally joined the Y last month.", "y"),
        ("cancelled planet fitness finally and joined the downtown YMCA.", "ymca"),
        ("I train at Gold's Gym on weekdays.", "gold's gym"),
    ],
)
def test_a_gyms_name_ends_where_a_word_does(text, gym):
    assert _read(text).get("gym") == gym
