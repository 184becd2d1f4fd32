"""What the blind glenda fixture (session 45) showed, read as classes another person hits, with sentences not from
the fixture (other names, towns, insurers, medicines), each beside a near miss that stays quiet (someone else's
change said the same way, a plan, a pasted text, a "we" that is a team at work):

- One account, two writers: a turn whose writer says they are someone else ("Tom here on Sarah's account", "this is
  her son", "(Raj here)", "my wife set this up, im her husband") is not the person's voice, nor the writer's turns
  after it in that conversation until the person says she is back ("ok sarah again"): none is read as hers, each is
  marked as said by someone else, and the next conversation is hers again.
- Which change a statement is of: a medicine for another condition is one more, not a switch; a statement naming
  what it replaces ("instead of losartan", "Dr. Brennan retired") changes that, and none where it was never said.
- A town after a workplace in a job's sentence ("a pharmacist at Boots here in Leeds") is no home.
- The household's "we" and "our" (insurance, a church joined, the vet, a book club), a role, a supervisor named in
  a plan's sentence, the pool one swims at, a volunteer role, a class, a pet put down, a pet adopted and named next.
"""

from __future__ import annotations

import json

import pytest

from memory import correction, life
from tests.conftest import changes_after, life_changes, said_of

# -- one account, two writers ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "writer"),
    [
        ("tom here on sarahs account. whats a good torque wrench", "tom"),
        ("Raj here (using my wife's login). Need a quote for gutters", "raj"),
        ("this is dev, priyas husband. how do i reset the router", "dev"),
        ("This is her son. Mum asked me to look up bus times.", ""),
        ("Hi! (Marco here) quick one about my tax return", "marco"),
        ("my wife set this up, im her husband. what oil for a 2012 tacoma", ""),
        ("my husband made this, I am his wife. is the recall on our dryer fixed", ""),
    ],
)
def test_a_turn_saying_another_writes_it_names_that_writer(text, writer):
    assert life.writer_of(text, None) == writer


@pytest.mark.parametrize(
    "text",
    [
        "Tom here is my husband and he thinks I'm overthinking this.",
        "This is my husband's truck, can you identify the model?",
        "this is her husband's idea, not mine lol",
        "I'm writing for my sister's wedding program, can you help?",
        "Sarah here! Quick question about my garden.",
        "Here on my own account I keep a budget, can you check it?",
        # (session 45) the owner speaking of who set it up, or asking for someone: hers (a turn of hers heard as
        # another's would be lost unseen)
        "my granddaughter set this up for me so bear with me. I moved to Tucson last year",
        "My son set up this account for me, I'm not good with computers",
        "my wife set this up",
        "Typing this for my dad, he wants to know about hearing tests",
        "I'm asking for my mom, she wants to switch to a Medicare Advantage plan",
    ],
)
def test_a_turn_of_the_person_herself_names_no_other_writer(text):
    assert life.writer_of(text, None) is None


def test_the_other_writer_lasts_until_the_person_says_she_is_back():
    assert life.writer_of("whats the towing on a 2019 ram", "tom") == "tom"
    assert life.writer_of("tom again, one more thing", "tom") == "tom"
    assert life.writer_of("ok sarah again! thanks for putting up with him", "tom") is None
    assert life.writer_of("back to me, he's gone to bed", "tom") is None


def test_a_turn_saying_another_writes_it_is_heard_as_theirs_wherever_it_is_heard_again():
    heard = correction.read_turns(
        [("a", "raj here on priyas account. i moved to Bristol last month"), ("b", "I moved to Bristol last month.")]
    )
    assert heard.others == ("a",)
    assert [t[0] for t in heard.typed] == ["b"]


def _chat(path, conversations):
    """A chat JSONL: conversations of (time, [(role, text), ...])."""
    lines = [
        {"conversation": f"c-{n}", "role": role, "text": text, "time": when, "title": f"chat {n}"}
        for n, (when, turns) in enumerate(conversations)
        for role, text in turns
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def test_what_another_writer_says_as_i_on_the_account_is_not_her_change_and_she_is_heard_again(tmp_path, cli_json, db):
    reply = ("assistant", "Sure, here you go.")
    conversations = [
        ("2023-02-05T10:00:00Z", [("user", "I live in Leeds and I'm a pharmacist at Boots."), reply]),
        (
            "2023-06-05T10:00:00Z",
            [
                ("user", "tom here on sarahs account. i moved to Bristol last month, whats a good gym there"),
                reply,
                ("user", "i work at Airbus now as a fitter. what boots do i need"),
                reply,
                ("user", "ok sarah again! I'm a pharmacist at Superdrug now, finally."),
                reply,
            ],
        ),
        ("2023-09-05T10:00:00Z", [("user", "I moved to York last week, a little flat by the river."), reply]),
    ]
    cli_json("import", str(_chat(tmp_path / "c.jsonl", conversations)))
    news = [new for _, new in life_changes(db)]
    assert not any("Bristol" in new or "Airbus" in new for new in news)  # his, said as "I"
    assert any("Superdrug" in new for new in news)  # hers again, in the same conversation
    assert any("York" in new for new in news)  # and in the next
    marked = db.dicts("SELECT content FROM memories WHERE structured_fields = ?", (correction.OTHER_FIELDS,))
    assert sorted(m["content"][:8] for m in marked) == ["i work a", "tom here"]


def test_the_owner_another_writer_named_is_spoken_of_in_the_third_person_only_by_another():
    assert life.owner_named("tom here on sarahs account. whats a good torque wrench") == {"sarah", "sarahs"}
    assert life.owner_named("this is dev, priya's husband. how do i reset the router") == {"priya", "priyas"}
    assert life.owner_named("Sarah's husband is so annoying, how do I get him to cook?") == frozenset()  # no writer
    owners = frozenset({"sarah", "sarahs"})
    assert life.writer_of("my wife sarah says i should ask you about knee braces", None, owners) == ""
    assert life.writer_of("ok. sarah keeps asking about the pension and i dont know", None, owners) == ""
    assert life.writer_of("My husband Tom says I should ask you about knee braces.", None, owners) is None
    assert life.writer_of("my wife sarah says i should ask you", None, frozenset()) is None  # no owner named yet


def test_a_later_conversation_speaking_of_the_owner_by_name_is_another_writers(tmp_path, cli_json, db):
    reply = ("assistant", "Sure, here you go.")
    conversations = [
        ("2023-02-05T10:00:00Z", [("user", "I'm a pharmacist at Boots and I live in Leeds."), reply]),
        ("2023-03-05T10:00:00Z", [("user", "tom here on sarahs account. whats a good torque wrench"), reply]),
        (
            "2023-06-05T10:00:00Z",
            [("user", "my wife sarah says i should ask you. i work at Airbus now, what boots"), reply],
        ),
        ("2023-09-05T10:00:00Z", [("user", "My husband Tom says I should ask you: I moved to York last week!"), reply]),
    ]
    cli_json("import", str(_chat(tmp_path / "c.jsonl", conversations)))
    news = [new for _, new in life_changes(db)]
    assert not any("Airbus" in new for new in news)
    assert any("York" in new for new in news)


def test_the_owners_name_learnt_in_one_export_holds_in_the_next_one_imported(tmp_path, cli_json, db):
    reply = ("assistant", "Sure, here you go.")
    first = [
        ("2023-02-05T10:00:00Z", [("user", "I'm a pharmacist at Boots and I live in Leeds."), reply]),
        ("2023-03-05T10:00:00Z", [("user", "tom here on sarahs account. whats a good torque wrench"), reply]),
    ]
    cli_json("import", str(_chat(tmp_path / "one.jsonl", first)))
    second = [("2023-06-05T10:00:00Z", [("user", "sarah keeps asking me so here goes. i work at Airbus now"), reply])]
    cli_json("import", str(_chat(tmp_path / "two.jsonl", second)))
    assert not any("Airbus" in new for _, new in life_changes(db))
    assert correction.owners_named(db) == {"sarah", "sarahs"}


# -- which change a statement is of -------------------------------------------------------------------------------


def test_a_medicine_for_another_condition_is_one_more_and_a_named_replacement_pairs_with_it(tmp_path, cli_json, db):
    changes = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "I take losartan for my blood pressure, 50 mg in the morning.",
            "My doctor put me on atorvastatin for my cholesterol last week.",
            "The cardiologist switched me to amlodipine instead of losartan because of the dizziness.",
        ],
    )
    assert [(old[:15], new[:16]) for old, new in changes] == [("I take losartan", "The cardiologist")]


def test_a_medicine_for_the_same_condition_is_still_a_switch(tmp_path, cli_json, db):
    changes = changes_after(
        tmp_path, cli_json, db, ["I take losartan for my blood pressure.", "My doctor put me on valsartan this week."]
    )
    assert [(old[:14], new[:12]) for old, new in changes] == [("I take losarta", "My doctor pu")]


def test_a_doctor_who_retired_that_was_never_theirs_changes_no_doctor(tmp_path, cli_json, db):
    said = ["My GP is Dr. Okafor at the Riverside practice.", "dr brennan retired. i see dr walsh at the clinic now."]
    assert changes_after(tmp_path, cli_json, db, said) == []


def test_a_doctor_who_retired_that_was_theirs_is_a_change(tmp_path, cli_json, db):
    said = [
        "My GP is Dr. Okafor at the Riverside practice.",
        "Dr. Okafor retired, so I see Dr. Walsh at the clinic now.",
    ]
    assert [new[:12] for _, new in changes_after(tmp_path, cli_json, db, said)] == ["Dr. Okafor r"]


# -- a town after a workplace ------------------------------------------------------------------------------------


def test_a_town_after_a_workplace_in_a_jobs_sentence_is_no_home():
    said = said_of("I'm a pharmacist at Boots here in Leeds and I need help with a rota.")
    assert "home" not in said
    assert said.get("role") == "pharmacist"


@pytest.mark.parametrize(
    "text",
    [
        "I live here in Leeds and I'm a pharmacist at Boots.",
        "It's freezing here in Leeds today. I'm a pharmacist at Boots and the heating is broken.",
    ],
)
def test_a_town_said_as_home_beside_a_job_is_still_home(text):
    assert said_of(text).get("home") == "leeds"


# -- the household's we, and the areas said in frames no rule read -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("Our house and car are with Aviva and have been forever.", "insurance", "aviva"),
        ("Last spring we switched to Direct Line for both the house and the car.", "insurance", "direct line"),
        ("So we joined St Columba's Church last month and the choir is lovely.", "church", "st columba's church"),
        (
            "The dog had a checkup with our new vet at Riverside Veterinary Clinic.",
            "vet",
            "riverside veterinary clinic",
        ),
        ("Our vet is Dr. Moss at Oakfield Animal Hospital and she is great.", "vet", "oakfield animal hospital"),
        ("My book club, the Second Sunday Circle, is reading Middlemarch.", "book club", "second sunday circle"),
        ("I joined the Millbrook library book club in the autumn.", "book club", "millbrook library book club"),
        ("I'm a school social worker at Jefferson Middle School.", "role", "school social worker"),
        ("I'll ask my supervisor Priya Raman tomorrow.", "manager", "priya raman"),
        ("I swim laps at the Eastside YMCA before work.", "gym", "eastside ymca"),
        ("Now I do aqua aerobics at the Millbrook community pool.", "gym", "millbrook community pool"),
        ("I volunteer at the Westside food pantry on Sundays.", "volunteer role", "westside food pantry"),
        (
            "I'm going to be a volunteer guide at the Maritime Museum! Orientation was Tuesday.",
            "volunteer role",
            "maritime museum",
        ),
        ("I take a Monday night watercolor class at the community college.", "class", "watercolor"),
        ("Our old tabby Whiskers had to be put down yesterday.", "cat", "died whiskers"),
        ("We adopted a rescue beagle! His name is Toby, he's 3.", "dog", "toby"),
    ],
)
def test_the_household_and_her_own_areas_are_read(text, attribute, value):
    assert said_of(text).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("My brother switched to Direct Line for his car insurance.", "insurance"),  # someone else's
        ("We might switch to Direct Line for the house.", "insurance"),  # a plan
        ("At work we switched to Salesforce for the CRM.", "insurance"),  # a "we" that is her team
        ("Our team joined the hospice book club.", "book club"),  # her team's
        ("Our daughter joined Grace Baptist.", "church"),  # a daughter's church
        ("My daughter is a social worker at the county.", "role"),
        ("I'll ask my friend Priya Raman tomorrow.", "manager"),
        ("My husband swims laps at the YMCA.", "gym"),
        ("I might swim laps at the Eastside YMCA.", "gym"),
        ("My mom volunteers at the Westside food pantry.", "volunteer role"),
        ("I'm going to be a volunteer guide at the Maritime Museum someday.", "volunteer role"),  # no start said
        ("My son takes a karate class.", "class"),
        ("I might take a pottery class.", "class"),
        ("My sister adopted a beagle! His name is Toby.", "dog"),
        ("We might adopt a beagle. His name would be Toby.", "dog"),
    ],
)
def test_near_misses_of_those_say_nothing(text, attribute):
    assert attribute not in said_of(text)


def test_a_church_joined_is_no_job_and_a_book_club_is_no_employer():
    assert "employer" not in said_of("We joined Bethel Methodist in the spring.")
    assert "employer" not in said_of("Hello! I finally joined the Oakdale library book club, after a whole winter.")


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("Which book club do I belong to?", "book club"),
        ("What class am I taking this term?", "class"),
        ("Where do I work out these days?", "gym"),
    ],
)
def test_her_questions_of_those_areas_ask_for_them(question, attribute):
    assert attribute in life.asked(question)


def test_a_question_about_someone_elses_class_asks_for_none_of_hers():
    assert "class" not in life.asked("What class is my son taking?")
