"""Every attribute the life rules read has a question a person asks of it, in their words, and
`life.asked` reads that question as it (a drift guard: a rule added for a new kind of thing, with no
question form, answers nothing it is asked). Session 42 found beth's "Which credit union have we
always banked with?" asked nothing (a credit union is a bank), as did "Which Tricare plan are we
on?", "Which state is my hygiene license in?", "Where did our orders after Germany end up sending
us?", "Do we have a pet?" and "Where do the kids go to school?": the rules read each answer, the
question reader had not kept up."""

from __future__ import annotations

import pytest

from memory import life, needles

# attribute -> questions a person asks of it (each must read as it)
QUESTIONS: dict[str, tuple[str, ...]] = {
    "allergy": ("What am I allergic to?",),
    "band": ("What band am I in?", "Which band do I play in?"),
    "bank": (
        "Which bank do I use?",
        "Which credit union have we always banked with?",
        "Which building society am I with?",
        "What credit union am I with?",
        "Who do I bank with these days?",
    ),
    "bedtime": ("What time do I go to bed?",),
    "birthday": ("When is my birthday?",),
    "blood type": ("What is my blood type?",),
    "booking agent": ("Who is my booking agent?",),
    "car": ("What car do I drive?", "What vehicle do I have?"),
    "club": ("WHAT CARD CLUB AM I IN?", "Which bridge group am I in?"),  # (session 44: wilma)
    "car insurance": ("Who insures my car?",),
    "cdl endorsements": ("Which CDL endorsements do I have?",),
    "certification": ("What certifications do I have?",),
    "childminder": ("Who is our childminder?",),
    "choir": ("Which choir do I sing in?",),
    "church": ("Which church do we go to?",),
    "command": ("What is my command?",),
    "commute": ("How do I get to work?",),
    "day job": ("Do I still have a day job?",),
    "degree": ("What degree do I have?",),
    "dentist": ("Who is my dentist?", "Which dentist do I take the kids to?"),
    "diet": ("What diet am I on?",),
    "dispatcher": ("Who is my dispatcher?",),
    "doctor": ("Who is my doctor?", "Who's my GP?"),
    "duty station": ("Where are we stationed?", "Which base are we at?"),
    "dwelling": ("What kind of home do I live in?",),
    "e-wallet": ("What e-wallet do I use?", "anong e-wallet gamit ko?"),  # (session 45: maricel) GCash, Maya
    "employer": ("Where do I work?", "Who do I work for now?"),
    "family origin": ("Where is my family from?",),
    "gig": ("What apps do I drive for?",),
    "gym": ("Which gym do I go to?", "Where do I work out?"),
    "health insurance provider": ("Who is my health insurer?",),
    "hobby": ("What are my hobbies?",),
    "home": ("Where do I live?", "Which neighborhood are we in?", "Which city do I live in?"),
    "hours:work": ("How many hours a week do I work?",),
    "hearing aids": ("What hearing aids do I wear now?", "Which hearing aids do I have?"),  # (session 44: wilma)
    "insurance": ("What insurance do I have?", "Which health plan are we on?", "Which Tricare plan are we on?"),
    "kids school": ("What school do the kids go to?", "Where do the kids go to school?"),
    "label": ("What label am I on?",),
    "laptop": ("What laptop do I use?",),
    "license": ("Which state is my hygiene license in?", "Where am I licensed?"),
    "license plate": ("What is my number plate?",),
    "living with": ("Who do I live with?",),
    "manager": ("Who is my manager?",),
    "military": ("Which branch did I serve in?",),
    "minor": ("What is my minor?",),
    "name": ("What is my name?",),
    "next duty station": ("Where are we being sent next?", "Where did our orders after Germany end up sending us?"),
    "origin": ("Where am I from?",),
    "partner": ("Who is my partner?", "sino jowa ko ngayon?"),  # (session 45: maricel)
    "personal best": ("What is my personal best?",),
    "pets": ("Do I have any pets?", "Do we have a pet?"),
    "pharmacy": ("What pharmacy do I use?", "Which pharmacy do I get my pills at?"),  # (session 44: wilma)
    "language class": ("What language am I learning?", "quelle langue j'apprends?"),  # (session 44: maude)
    "phone": ("What phone do I have?",),
    "phone provider": ("Who is my mobile carrier?", "What phone network am I on?"),
    "pronouns": ("What are my pronouns?",),
    "rank": ("What is my rank?",),
    "relationship": ("Am I married?",),
    "remittance": ("What remittance service do I use?", "ano gamit ko pang padala kay nanay?"),  # (session 45)
    "retirement": ("When did I retire?",),
    "role": ("What is my job title?", "What do I do for a living?"),
    "schedule:work": ("Which days do I work?",),
    "shift": ("What shift do I work?",),
    "shoe size": ("What shoe size do I wear?",),
    "stage name": ("What name do I perform under?",),
    "street": ("What street do I live on?",),
    "studying": ("What am I studying?",),
    "supplier": ("Who is my supplier?",),
    "team": ("What team am I on?",),
    "team size": ("How big is my team?",),
    "tenure": ("Do we own or rent?",),
    "therapist": ("Who is my therapist?",),
    "thesis": ("What is my thesis about?",),
    "time:work": ("What time do I start work?",),
    "trailer": ("What trailer do I pull?",),
    "university": ("Where did I go to university?",),
    "usual order": ("What is my usual order?",),
    "visa": ("What visa am I on?",),
    "volunteer role": ("Am I still the FRG leader?", "What volunteer role do I have?"),
    "wake": ("What time do I wake up?", "When do I wake up?"),
    # (session 43: life45, ava) the name gone by beside the legal one; a medicine one is switched to, by its name
    "goes by": ("What name do I go by?", "what do people call me these days?"),
    "medication": ("What estradiol am I on?", "Which blood pressure tablets am I on?", "what testosterone am i on"),
    # (session 45: life52, glenda) a household's vet, a book club, a class
    "vet": ("Who is our vet?", "Which vet do we take the dog to?"),
    "book club": ("What book club am I in?", "Which book club do I go to?"),
    "class": ("What class am I taking?", "What art class am I taking these days?"),
}

# Attributes a rule reads that no question asks by that name, and why.
ASKED_OTHERWISE = {
    "fact": "a fact typed, no attribute of its own",
    "favourite": "asked per thing (favourite:<thing>)",
    "keep": "asked per thing kept (keep:<thing>)",
    "prefer": "a preference, asked per thing",
    "their": "another's thing under their name (<name> school)",
    "schedule": "asked per activity (schedule:<activity>)",
    "schedule:language": "asked per language (schedule:<language>)",
    "time": "asked per activity (time:<activity>)",
    "time on": "how long, asked with the activity",
    "age": "asked as the age at a first (age:<first>)",
    "exercise": "asked as a class or the gym (schedule:class, gym)",
    "number of pets": "asked as pets",
    "pet": "read as its kind (hamster: its name), asked as pets",
    "degree:bachelor": "asked as degree",
}


def rule_attributes() -> set[str]:
    return {attribute for _, _, _, rules in life._BY_OPENER for _, (attribute, *_rest) in rules}


def unasked(attributes: set[str], questions: dict[str, tuple[str, ...]]) -> list[str]:
    """The attributes with no question here and no reason they are asked otherwise."""
    return sorted(a for a in attributes if a not in questions and a not in ASKED_OTHERWISE)


def test_every_attribute_a_rule_reads_has_a_question():
    assert unasked(rule_attributes(), QUESTIONS) == []


def test_the_guard_bites_on_an_attribute_with_no_question():
    assert unasked({"home", "mooring"}, QUESTIONS) == ["mooring"]


@pytest.mark.parametrize(
    ("attribute", "question"), [(a, q) for a, qs in QUESTIONS.items() for q in qs], ids=lambda v: str(v)[:40]
)
def test_the_question_reads_as_its_attribute(attribute, question):
    asked = life.asked(question)
    assert attribute in asked or life.asks_for(asked, attribute), (question, sorted(asked))


@pytest.mark.parametrize(
    ("question", "not_asked"),
    [
        ("Which state is my driver's license from?", "license"),  # a driver's license is no profession's
        ("Which phone plan are we on?", "insurance"),
        ("Which meal plan are we on?", "insurance"),
        ("Where was the party stationed?", "duty station"),
        ("Do the neighbours have a pet?", "pets"),
        ("Which bank did my sister use?", "bank"),
        ("Am I still the team leader at work?", "volunteer role"),  # a job's post, not a volunteer's
        ("What language is my sister learning?", "language class"),  # hers, not mine
        ("What language is this menu in?", "language class"),
        ("What club is my sister in?", "club"),  # (session 44) hers
        ("Which hearing aids does my husband wear?", "hearing aids"),
        ("Which bus do I take to work?", "car"),  # (session 45) "take X to": who one takes someone to, not a ride
        ("Which vet does my sister take her dog to?", "vet"),
        ("What e-wallet does my mum use?", "e-wallet"),  # (session 45) hers
        ("sino jowa ni ate?", "partner"),  # (session 45) her sister's
    ],
)
def test_near_questions_ask_something_else(question, not_asked):
    assert not_asked not in life.asked(question), sorted(life.asked(question))


def test_the_kids_school_asks_each_childs_school_read_by_name():
    """ "Ava and Theo start at Aspen Valley Elementary" is read as Ava's school; "what school do the
    kids go to" asks it (recall's statements channel takes every child's school the home holds)."""
    said = life.read("Ava and Theo start at Aspen Valley Elementary next week.")
    assert [s.attribute for s in said] == ["ava school"]
    asked = life.asked("What school do the kids go to?")
    assert life.asks_for(asked, "ava school") and life.asks_for(asked, "son school")
    assert not life.asks_for(asked, "high school") and not life.asks_for(asked, "kids schoolbag")


NEAR = (
    "Which state is my driver's license from?",
    "Do the neighbours have a pet?",
    "What club is my sister in?",
    "Which bus do I take to work?",
    "the dentist moved my appointment",  # no question at all
    "ſo which bank do I use?",  # not ASCII: a long s IGNORECASE reads as "s", so nothing is screened out
)


def test_a_warm_process_screens_the_question_patterns_and_reads_every_question_the_same(monkeypatch):
    """(rec25) From the third query on, `_ASKS_RE` is searched only where the words every match holds are there
    (`needles.Screen`): each question reads as it read with every pattern searched."""
    questions = [q for qs in QUESTIONS.values() for q in qs] + list(NEAR)
    every = [pattern for _, pattern in life._ASKS_RE]
    monkeypatch.setattr(life, "_ASKS_SCREEN", needles.Screen(every, after=10**9))  # as a cold command searches
    searched = {q: life.asked.__wrapped__(q) for q in questions}
    assert life._ASKS_SCREEN.finder is None
    monkeypatch.setattr(life, "_ASKS_SCREEN", needles.Screen(every, after=1))
    screened = {q: life.asked.__wrapped__(q) for q in questions}
    assert life._ASKS_SCREEN.finder is not None  # the screen made at once, and used for every question
    assert screened == searched
    assert "bank" in screened["ſo which bank do I use?"] and "dentist" not in screened[NEAR[4]]
