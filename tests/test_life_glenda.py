"""A thirty-fifth person's life in chats (tests/fixtures/glenda), written blind in session 45: no rule, no
recall code and no other fixture's answers or chats read. Glenda Marsh, a hospice social worker in Duluth,
shares one ChatGPT and Claude login with her husband Vern, a retired lineman who types short, lowercase
and blunt, sometimes saying it is him ("vern here on glendas account"), sometimes only by his truck, his
plow job or his blood sugar. Her changes (said as "I" and as "we" for both): a split-level on Jean Duluth
Road to a little house in Two Harbors, staff social worker to bereavement coordinator, Deb to Marcus as
supervisor, Dr. Pettersen to Dr. Chaudhry, lisinopril to amlodipine, Allstate to State Farm, Verizon to
Consumer Cellular, a Subaru to a CR-V, Copper the beagle to Pixie the greyhound, the Hermantown vet to the
Two Harbors one, Wells Fargo to Agate Bay Credit Union, First Lutheran to Bethany Lutheran, the Tuesday
Night Readers to the library book club, YMCA laps to water aerobics, CHUM to Split Rock Lighthouse, pottery
to rosemaling. Around them, not hers: Vern's retirement and plow job, his Silverado, his metformin and his
new doctor (said as "I"); her son's job, her daughter's apartment, her sister's move; a downsizing
daydream, a realtor listing, an Allstate letter and a church bulletin pasted.

Measured blind (session 45, persona42), either embedder: 5 of 16 changes found (doctor, medication,
phone carrier, car, bank), 6 false items of 9 open. The false items, as the import names them:
  - medication: lisinopril -> metformin ("doc says my A1C is 7.2 and put me on metformin 500 ..."): Vern's
    pill, unsigned, read as hers;
  - medication: metformin -> amlodipine ("Dr. Chaudhry switched me to amlodipine ..."): her true switch,
    paired with his metformin (the key's step is still found through the item's history);
  - home: Duluth -> Two Harbors ("We moved into the little house in Two Harbors ..."): the true move, paired
    with her work sentence ("I'm a hospice social worker at Arrowhead Hospice here in Duluth") rather than
    "We live in a split-level on Jean Duluth Road";
  - doctor: Dr. Anita Chaudhry -> dr baptiste ("dr kowal retired. I see dr baptiste ..."): Vern's doctor,
    unsigned, read as hers;
  - phone provider: Verizon -> Consumer Cellular: the true switch, moved onto her later Verizon bill
    question ("Can you help me decode my Verizon bill?"), so the open item pairs a statement the key does
    not name;
  - dog: Copper -> Pixie ("I'm knitting a sweater for our greyhound, Pixie"): the true change, paired with
    Copper's death and the sweater, not with "Our beagle Copper is 11" and the adoption.
The current value first: 16 of 21 questions with the real model, 11 of 21 with the fake embedder. Foreign
questions flagged: 2 of 5 with the real model (0 of 5 with the fake); the two about Vern's things asked in
her words ("What truck do I drive?", "Which diabetes medication am I on?") are not flagged, but neither
brings his value first (her CR-V and her amlodipine come first). These are floors: a general rule may raise
them, none may lower them, and the false items may only go (none other may come).

After session 45's life52 (memory/life.py's block "session 45: one account, two writers (glenda)", its classes
tested in other words in tests/test_life_glenda_classes.py): 16 of 16 found with either embedder, 3 false items
of 17 open, 21 of 21 first with the real model (19 of 21 with the fake), 2 of 5 foreign flagged (real). A turn
whose writer says he is another ("vern here on glendas account", "this is vern, glendas husband", "Vern here (on
my wife's account)") and his turns after it in that conversation are not heard as hers and are marked said by
someone else, as is a turn speaking of her by the name such a turn gave, in that export or the next one
imported ("my wife glenda says I should ask you", "my wife glenda keeps asking"); his unsigned metformin and
doctor are still read as hers (nothing safe says they are his), but his metformin is one more medicine (for
another condition), not her switch, and "dr kowal retired" changes no doctor of hers. The false items left,
each a pairing the blind key does not name rather than a misreading:
  - dog: Copper -> Copper died ("Our sweet old beagle Copper had to be put down this morning") and dog: Copper
    died -> Pixie ("We adopted a retired racing greyhound! Her name is Pixie"): a pet put down is an ending, as
    "died" is, and the next dog changes from it (jolene's key names the same two steps, "mochi died this
    morning" then "we adopted a cat"); her key names one step, "Our beagle Copper is 11" -> the adoption;
  - phone provider: Verizon -> Consumer Cellular, whose old side is her later Verizon bill question (the Claude
    export, imported second, says the old value after the switch was read): the item moves to the latest
    statement of the old value, the key names the first ("I'm on Verizon").
"Which diabetes medication am I on?" now brings his unsigned metformin first (it was under her amlodipine only
while it was wrongly the old side of her switch); "What truck do I drive?" still never brings his truck.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 16  # changes found (either embedder), after session 45's life52
RANK1_FAKE = 19  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's (21 of 21): each must stay first
    "Where do we live now?",
    "What's my job title now?",
    "Who is my supervisor now?",
    "Who is my doctor now?",
    "What blood pressure pill am I taking now?",
    "Who is our home insurance with now?",
    "Which phone company am I with?",
    "What car do I drive now?",
    "What's our dog's name?",
    "Who is our vet?",
    "Which bank do we use now?",
    "Which church do we belong to?",
    "Which book club am I in now?",
    "Where do I go to exercise now?",
    "Where do I volunteer these days?",
    "What art class am I taking?",
    "Where did I grow up?",
    "Where did I get my MSW?",
    "What am I allergic to?",
    "What year did we get married?",
    "What is my sister's name?",
]
UNFLAGGED_REAL = [  # the real model finds something close for these today
    "Have I ever run a marathon?",
    "What truck do I drive?",
    "Which diabetes medication am I on?",
]
KNOWN_FALSE = (  # the false items left (the docstring), by the start of the statement each opens on: they may only go
    "I'm sorry, this isn't a question really. Our sweet old beagle Copper had to be put down",
    "Happy news for once!! We adopted a retired racing greyhound! Her name is Pixie",
    "Hello! Okay, I finally did the thing I've been grumbling about for a year",
)
HIS = ("What truck do I drive?",)  # Vern's truck, asked in her words (his metformin is unsigned: the docstring)
HIS_VALUES = ("silverado", "f-150", "f150")


def _new_false(result: dict) -> list[str]:
    return [f for f in result["false_items"] if not f.startswith(KNOWN_FALSE)]


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.GLENDA)


def test_no_false_item_comes_beyond_the_known_ones(measured):
    assert _new_false(measured) == []
    assert len(measured["false_items"]) <= len(KNOWN_FALSE)
    assert measured["changes"] == 16


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_his_things_never_answer_for_her(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = lifefloors.measured(lifechanges.GLENDA, "minilm")
    assert _new_false(result) == []
    assert result["found"] >= FOUND
    answered = [a["question"] for a in result["asked"] if a["rank1"]]
    assert [q for q in RANK1_REAL if q not in answered] == []
    close = [f["question"] for f in result["foreign_asked"] if not f["flagged"]]
    assert [q for q in close if q not in UNFLAGGED_REAL] == []
    # a question about his truck, asked as she would, never answers with his value first
    his_first = [
        f["question"]
        for f in result["foreign_asked"]
        if f["question"] in HIS and any(v in (f.get("top") or "").lower() for v in HIS_VALUES)
    ]
    assert his_first == []
