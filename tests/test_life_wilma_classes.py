"""What the blind wilma fixture (session 44) showed, read as classes another person hits, with sentences not from
the fixture (other names, towns, banks, carriers, medicines), each beside a near miss that stays quiet (someone
else's change said the same way, a plan, a question, a pasted letter):

- A dose is no car: "LISINOPRIL 10 MG", "atorvastatin 40 mg" name no MG (a year before the make, "my 2015 MG ZS",
  still does), and a medicine put on after one taken off is the one taken now ("took me off X and put me on Y").
- The life areas of a widow in her seventies, said in frames no rule read, in capitals as in lower case: a farm
  near a town left for town, a new doctor first seen, the pharmacy pills are got at and prescriptions moved to, a
  church membership moved, a bank all the money is at and one an account is opened at, a landline's company, an
  old dog by its bare age, a card club, widowed ("since X passed I have been on my own") and a gentleman friend, a
  volunteer role taken on and stepped down from, hearing aids, a Medicare plan.
- A town of the lists that is also a word ("Lincoln", "Reading"), read only with a capital, is read in capitals
  and in lower case where the move is dated as one done ("I MOVED TO LINCOLN LAST MONTH").
- A wedding dated decades back ("WE GOT MARRIED IN JUNE OF 1968") dates a life: it is no "married" now.
"""

from __future__ import annotations

import pytest

from memory import life
from tests.conftest import changes_after, said_of

# -- a dose is no car, and the medicine put on is the one taken ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "medicine"),
    [
        ("THE CARDIOLOGIST HAS ME ON LISINOPRIL 10 MG EVERY MORNING. CAN I TAKE IT WITH GRAPEFRUIT", "lisinopril"),
        ("I take atorvastatin 40 mg at night, is that the best time?", "atorvastatin"),
        ("my gp put me on sertraline 50 mg last month and i feel flat", "sertraline"),
    ],
)
def test_a_number_and_a_unit_beside_a_medicine_is_a_dose_not_an_mg_car(text, medicine):
    said = said_of(text)
    assert "car" not in said
    assert said.get("medication") == medicine


@pytest.mark.parametrize(
    ("text", "car"),
    [
        ("My 2015 MG ZS needs new brakes, what should that cost?", "mg zs"),
        ("I bought an MG last year and the dealer won't return my calls", "mg"),
    ],
)
def test_an_mg_with_a_year_or_bought_is_still_a_car(text, car):
    assert said_of(text).get("car") == car


@pytest.mark.parametrize(
    ("text", "medicine"),
    [
        ("DR PATEL TOOK ME OFF THE LISINOPRIL AND PUT ME ON LOSARTAN BECAUSE OF THE COUGH", "losartan"),
        ("The nurse practitioner switched me off simvastatin and started me on atorvastatin.", "atorvastatin"),
    ],
)
def test_a_medicine_put_on_after_one_taken_off_is_the_one_taken_now(text, medicine):
    assert said_of(text).get("medication") == medicine


def test_taken_off_and_put_on_something_else_names_no_medicine():
    assert said_of("the doctor took me off the lisinopril and put me on a waiting list").get("medication") in (
        None,
        "lisinopril",
    )


# -- the life areas of a widow, in frames no rule read -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        (
            "WE HAVE LIVED ON THE RANCH 12 MILES SOUTH OF CHADRON SINCE 1971. THE BOYS WANT ME TO SELL",
            "home",
            "chadron",
        ),
        (
            "I still live on the family farm outside of Holdrege and the lane drifts shut every winter",
            "home",
            "holdrege",
        ),
        ("I SAW MY NEW DOCTOR YESTERDAY, DR MBEKI AT AVERA ON LOUISE. SHE WANTS BLOOD WORK", "doctor", "dr mbeki"),
        ("I met my new GP this week: Dr Lindqvist, very patient with me", "doctor", "dr lindqvist"),
        ("I FILL MY PRESCRIPTIONS AT PRAIRIE DRUG ON MAIN. DO THEY DELIVER", "pharmacy", "prairie drug"),
        ("I had my meds transferred to the Walmart pharmacy near the lake", "pharmacy", "walmart pharmacy"),
        ("I MOVED MY MEMBERSHIP TO GRACE METHODIST WHERE MY SISTER GOES", "church", "grace methodist"),
        ("I transferred my membership to Our Redeemer Lutheran in town", "church", "redeemer lutheran"),
        (
            "EVERYTHING I HAVE IS AT, NO, ALL MY SAVINGS ARE AT FIRST STATE BANK OF GOTHENBURG",
            "bank",
            "first state bank of gothenburg",
        ),
        (
            "I opened my savings account at Liberty First Credit Union and closed the old one",
            "bank",
            "liberty first credit union",
        ),
        (
            "WE STILL HAVE THE CENTURYLINK LANDLINE IN THE KITCHEN, HOW DO I BLOCK A NUMBER",
            "phone provider",
            "centurylink",
        ),
        ("OUR OLD GERMAN SHEPHERD DUKE IS 11 AND HE WONT EAT HIS KIBBLE", "dog", "duke"),
        ("I PLAY IN THE EUCHRE LEAGUE AT THE LEGION HALL ON THURSDAYS", "club", "euchre"),
        ("I joined a canasta group at the library, we meet Mondays", "club", "canasta"),
        ("EVER SINCE MY HUSBAND DIED I HAVE BEEN ALL ALONE IN THIS BIG HOUSE", "relationship", "widowed"),
        ("since harold passed i've been on my own with the cats", "relationship", "widowed"),
        ("I HAVE A LADY FRIEND NOW, SHE IS A RETIRED TEACHER FROM MY CARD CLUB", "relationship", "in a relationship"),
        ("I SIGNED UP TO BE A HOSPICE VOLUNTEER AT ST MARYS, TUESDAYS", "volunteer role", "hospice"),
        (
            "I'm done being a museum docent after this spring, my knees can't do the stairs",
            "volunteer role",
            "stopped museum docent",
        ),
        ("MY BELTONE HEARING AIDS WHISTLE WHEN I HUG SOMEBODY", "hearing aids", "beltone"),
        (
            "I got new hearing aids at Sam's Club, the Rexton ones, and they are so much better",
            "hearing aids",
            "rexton",
        ),
        ("MY MEDICARE SUPPLEMENT IS PLAN G WITH AARP AND IT WENT UP AGAIN", "insurance", "aarp"),
        ("I signed up for an Aetna Medicare Advantage plan for next year", "insurance", "aetna"),
    ],
)
def test_a_widows_life_areas_are_read_in_capitals_as_in_lower_case(text, attribute, value):
    assert said_of(text).get(attribute) == value
    assert said_of(text.lower()).get(attribute) == value


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("MY SISTER LIVES ON A FARM 8 MILES WEST OF ORD AND STILL MILKS", "home"),
        ("If we lived on a farm near Kearney I would keep chickens", "home"),
        ("MY SISTER SAW HER NEW DOCTOR TODAY, DR FERRIS", "doctor"),
        ("SHOULD I HAVE MY PRESCRIPTIONS TRANSFERRED TO THE WALGREENS PHARMACY", "pharmacy"),
        ("Karen had her prescriptions transferred to the Hy-Vee pharmacy by her work", "pharmacy"),
        ("MY DAUGHTER TRANSFERRED HER MEMBERSHIP TO ST PAULS LUTHERAN", "church"),
        ("I transferred my membership to my daughter's church", "church"),
        ("MY FRIEND JUNE MOVED ALL HER MONEY TO CORNHUSKER BANK", "bank"),
        ("YOUR ACCOUNTS WILL AUTOMATICALLY TRANSFER TO HERITAGE BANK ON MARCH 1", "bank"),
        ("My bank is terrible and my money is at risk", "bank"),
        ("All my money is in the bank, is that safe", "bank"),
        ("My savings are at a local credit union", "bank"),
        ("I get my pills at the pharmacy by the clinic", "pharmacy"),
        ("I transferred my membership to the church down the road", "church"),
        ("MY MOTHER STILL HAS THE CENTURYLINK LANDLINE", "phone provider"),
        ("We have the old landline still", "phone provider"),
        ("MY NEIGHBORS OLD BEAGLE TOBY IS 12 AND BARKS ALL NIGHT", "dog"),
        ("MY SISTER JOINED A BRIDGE CLUB IN TUCSON", "club"),
        ("I might join the pinochle club if they move it to mornings", "club"),
        ("SINCE MOM DIED I HAVE BEEN ON MY OWN WITH THE BILLS", "relationship"),
        ("MY SISTER HAS A GENTLEMAN FRIEND NOW, HE IS 84", "relationship"),
        ("KAREN SIGNED UP TO BE A HOSPICE VOLUNTEER", "volunteer role"),
        ("MY HUSBANDS HEARING AIDS ARE ALWAYS WHISTLING", "hearing aids"),
        ("MY SISTER SWITCHED TO A HUMANA MEDICARE ADVANTAGE PLAN", "insurance"),
        ("SHOULD I SWITCH TO A HUMANA MEDICARE ADVANTAGE PLAN", "insurance"),
    ],
)
def test_the_same_frames_of_someone_else_a_plan_a_question_or_a_letter_stay_quiet(text, attribute):
    assert attribute not in said_of(text)


# -- a town that is also a word, its capital lost ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("I MOVED TO LINCOLN LAST MONTH AND I STILL CANT FIND THE POST OFFICE", "lincoln"),
        ("we moved to reading in june, how do i register with a gp", "reading"),
        ("I moved to Lincoln last month and I love it", "lincoln"),
    ],
)
def test_a_town_that_is_also_a_word_is_read_where_the_move_is_dated(text, town):
    assert said_of(text).get("home") == town


@pytest.mark.parametrize(
    "text",
    [
        "MY GRANDSON MOVED TO LINCOLN LAST MONTH FOR SCHOOL",
        "IF WE MOVED TO LINCOLN IN APRIL WE WOULD BE CLOSE TO KAREN.",
        "i moved to mobile banking last month, is it safe",
        "I moved to nights last month.",
    ],
)
def test_a_move_of_someone_else_a_plan_or_no_town_reads_no_home(text):
    assert "home" not in said_of(text)


# -- a wedding dated decades back ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "DON AND I GOT MARRIED IN JUNE OF 1968 AND HE ALWAYS BOUGHT ME ROSES",
        "I have sung in this choir since 1975 when Bill and I got married",
    ],
)
def test_a_wedding_dated_decades_back_is_no_marriage_now(text):
    assert said_of(text).get("relationship") is None


@pytest.mark.parametrize(
    "text",
    ["We got married in June! Now what do I do about my name?", "Dave and I got married in 2024, how do I file taxes"],
)
def test_a_wedding_of_now_is_still_married(text):
    assert said_of(text).get("relationship") == "married"


# -- the changes, imported -----------------------------------------------------------------------------------


def test_a_widows_changes_each_open_one_item_and_another_persons_none(tmp_path, cli_json, db):
    changed = changes_after(
        tmp_path,
        cli_json,
        db,
        [
            "WE LIVE ON THE RANCH 9 MILES EAST OF VALENTINE, 900 ACRES. HOW DO I FIND A LAND AGENT",
            "I FILL MY PRESCRIPTIONS AT SANDHILLS DRUG. CAN THEY MAIL THEM",
            "ALL MY MONEY IS AT CHERRY COUNTY BANK. SHOULD I BUY A CD",
            "SINCE LYLE PASSED I HAVE BEEN ON MY OWN OUT HERE WITH THE CATTLE",
            "MY STARKEY HEARING AIDS EAT BATTERIES, IS THAT NORMAL",
            "MY SISTER OPENED HER CHECKING AT PINNACLE BANK IN OMAHA",
            "I MOVED INTO A LITTLE HOUSE IN NORFOLK LAST WEEK. WHO DO I TELL MY ADDRESS",
            "I HAD MY PRESCRIPTIONS TRANSFERRED TO THE WALGREENS PHARMACY ON 13TH STREET",
            "I OPENED MY CHECKING AT FRONTIER COMMUNITY CREDIT UNION HERE IN NORFOLK",
            "I HAVE A GENTLEMAN FRIEND NOW, HIS NAME IS VERN, FROM CHURCH",
            "I GOT NEW HEARING AIDS AT COSTCO, THE KIRKLAND ONES. HOW DO I PAIR THEM",
        ],
    )
    assert sorted((old[:14], new[:14]) for old, new in changed) == [
        ("ALL MY MONEY I", "I OPENED MY CH"),
        ("I FILL MY PRES", "I HAD MY PRESC"),
        ("MY STARKEY HEA", "I GOT NEW HEAR"),
        ("SINCE LYLE PAS", "I HAVE A GENTL"),
        ("WE LIVE ON THE", "I MOVED INTO A"),
    ]


def test_what_she_asks_of_those_areas_is_asked():
    assert "club" in life.asked("WHAT CARD CLUB AM I IN?")
    assert "relationship" in life.asked("am i seeing anybody these days?")
    assert "hearing aids" in life.asked("Which hearing aids do I have?")
    assert "volunteer role" in life.asked("AM I STILL A HOSPICE VOLUNTEER?")
    assert life.asked("is my sister seeing anybody?") & {"relationship", "club"} == set()
