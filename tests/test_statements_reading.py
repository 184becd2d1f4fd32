"""A home's `statements` rows are read again only when `memory.statements.READING` is newer than the
version they were read with (memory/statements.reread, run by the nightly rebuild). A change of what
`memory.life.read` states without a new READING leaves every home with the old reading of its older
memories for ever. This guard hashes what the reading is made of and compares the digest with the one
recorded for the current READING.

What is hashed: the source of the rules and of what they call (memory/life.py, memory/vocab.py, the
matcher memory/needles.py, memory/text.py whose `prose` takes the code out of a text first), the data
lists (memory/data/*.txt) and the shared word lists the rules read (tokens.STOPWORDS, clock.MONTHS).
A change of a comment there fails it too: bump all the same (a bump costs each home one re-read at
its next rebuild, about 6.5 s CPU at 10,000 typed memories: docs/nightly.md). Not hashed: pycountry's
data, which the place names read (an upgrade of it is not seen).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from memory import clock, statements, tokens

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("memory/life.py", "memory/vocab.py", "memory/needles.py", "memory/text.py")

# (1: the first version kept; a home read before it records none, read as 0, and is read again)
RECORDED = {
    1: "e5b428f8f4c968bb",  # first kept in session 34 (with life23's rules): no home recorded an earlier 1
    # session 35: life24 (a partner named, a church gone to, a game given up, a team supported), life25 (a
    # junior doctor's life, `_DOCTOR`), life26 (second-language English, `_SECOND_LANGUAGE`)
    # (recall27: the question side only, its reading of 22,406 fixture texts the same: re-recorded, not bumped)
    2: "9321942ab009bce0",
    # session 36: life29 (a fast texter's register, `_TEXTING`; "tho", "i'm" end a value), life28 (the formal
    # register of letters, `_FORMAL`: a home relocated to by its kind, a role appointed or accepted as, retired
    # since, widowed, a GP registered with, a pet adopted by its breed, a choir joined and left, which no
    # longer reads as an employer), life27 (a blood type listed beside an allergy or a next of kin, a doctor's
    # first degree and a CV's line, "I work in X, is a fintech", a parent named without "my", "the missus, Bisi")
    # and life30 (English without articles, `_NO_ARTICLES`; a home of childhood is none, `_in_childhood`)
    # and life31 (a partner courted then wedded, a sport taken up after "my only exercise is", a count of pets)
    # and life32 (a life said without "I", `_SUBJECTLESS`: a home, a command, a duty station, a rank, a
    # supervisor by military title, a gym, a school, an employer, a health plan; Japan's carriers and a
    # scooter in the lists): session 36's one bump
    # and recall28 (the question side: `anchored`, `_ASKS_IN_TIME`, three second-language shapes)
    # and adv26 (memory/text.py: `clean` keeps the Unicode form sent; the reading folds to NFC itself)
    3: "1beb66ebc68ac0f6",
    # session 37: life33 (one family vocabulary, memory/data/family.txt, read by every rule that reads a family
    # word: a word one list lacked and another held is read by each now; "gf", "bf", "novio", "novia" in it), a
    # partner by a texter's word, the only exercise by its verb, an activity done how often "now", a dwelling
    # by its kind without an article, a child's kindergarten by the child's name, a home in a part of a city
    # typed in lower case after "my flatshare in"
    # and recall29 (the question side only: `_ASKS_KIND_WORD`, "work out" asks no employer)
    # and life34 (a journal's register, `_JOURNAL`: a dated entry's heading dropped, a home in staff
    # housing or a room rented, a cabin rented, a house closed on, a bank account opened, a membership got, a
    # new therapist started with, "X and I have been dating", a teacher's principal, a ranger's role, a dream
    # told reads nothing; a teacher's words speak of a job)
    # and life35 (the drafting register, `_DRAFTED`: a person's own facts and drafts inside her asks; a
    # gym joined no employer, a job restated "since <date>" in a draft none, a province said in passing no
    # home; a bare profession or a city says less than the title or the part before it, `says_less`)
    # and life36 (Hinglish, `_HINGLISH`: "abhi Pune mein hoon", "took a 1BHK in X", SDET, a role a word
    # fewer, a gym, a carrier and an employer said without an article or "I"): session 37's one bump
    4: "7d1f04abd3892edb",
    # session 38: life38 (other people's lives around a caregiver, grace: a role-played part, a car only priced,
    # a company only called, a bank's name said as where one works, a thing of one's someone else uses read
    # nothing; a home by its kind and place, a doctor "I'm with now", full or part time, a designation in
    # capitals, a gym by what one does there, someone one is seeing, low carb, a claims adjuster or examiner, a
    # church gone to "once a month"; whose thing and the partner words by the family vocabulary; children named
    # by their ages after "my kids")
    # and life37 (fiction beside a life: a story's text pasted for feedback, a ghostwritten page, a
    # scene played say nothing of the person; a working writer's agent, publisher, pen name, tax status and
    # writing app; a pet never had, a home by its flat, a subject taught, someone new, a degree met on, a bank
    # everything moved to, a plan left running by mistake; MEO and NOS in the carriers; memory/text.py: a
    # sentence whose aside in brackets ends before its colon is prose, not code): session 38's one bump
    5: "984a7d59ad07ab1e",
    # session 39: kin (a word read where a relative's name goes that is no one's: a place, a thing or a list
    # item before ", my <relation>", a plural relation, an adverb or a verb after it; a preference of function
    # words alone)
    # and retr39 (the question side, "do I play an instrument?" and "who did I vote for" asked, and `played`,
    # `names_a_kind`, read by the import's mark and by recall, not by `read`; 17,757 fixture texts read the
    # same: re-recorded)
    # and names39 (a name with its title and up to three particles, `NAME_PARTICLES`: "Dr van der Berg"
    # was the doctor "dr", "Dr. de Vries" after a comma "dr de"; "Sra.", "Mme.", "Mx." and "M." keep a sentence
    # whole; "İzmir" is the value "izmir", not "i zmir")
    # and tidy39 (tidies of the question side and of how rules are written; `_FOR_SOMEONE` reads every family
    # word, "polish this for my grandma" is not the person's own; its reading of 33,882
    # fixture and test texts the same: re-recorded, not bumped)
    # and life39 (a business owner's own life beside her business's "we",
    # bola: a chair rented, self-employed, a manager named with where, a house rented by its kind, a GP
    # registered with, "I'm with X now, the church", a gym by its class, a staple eaten every day, a
    # qualification by its level; an ended contract is not the carrier, nor a supplier moved to a home; "a bakery
    # and I've started at" is no kids' school)
    # and life40 (dictated run-ons, ray: a move in with someone in a town, a house "we" closed on, a
    # doctor "here in" a town, a driver's carrier, leased on with one, own authority by name, "me and X got
    # married", "she's my fiancée now", no dog or "got me a" breed, a plan before "but I" hedging nothing after
    # it; a list's name said of a person or after "my dispatcher is", "here in X" of someone else's noun, a W2
    # before "company" no rank; tractor makes in cars.txt): session 39's one bump
    # and perflife (session 40: the import's cost of the reading; a group's search tried only where its
    # needles start, needles found inside a pattern's groups (`needles.within`) for the rules and for
    # the searches of a whole text (`life._may_hold`), the lists' names looked up only at words a name
    # opens with, `prose`'s test for an aside before a colon without splitting a line every way: every
    # user turn of the fixtures and 52,977 LongMemEval ones read, typed and marked played the same:
    # re-recorded, not bumped)
    6: "a8e812f8ba4af5d1",
    # 7 (session 40): life41, harold's letters (memory/life.py's block "Letters from a retired widower",
    # vocab's `_KEPT_AFTER`): a settled-in home, a post voted into, a dentist or GP registered with, a
    # hobby that has become one's main interest, "Having switched X to Y", a firm beside one's retirement
    7: "c85d7b9df285dce3",
    # 8 (session 41): weak41, an owned family word after "my" is someone else ("my sis drives a Honda Civic"), a
    # maker worked for is no car ("a driver for Swift"), "folks" and "kiddo" family words, a trucker's trailer,
    # dispatcher, diet, CDL endorsements, truck and "nobody since the divorce", a membership's year
    # and life42, dani's chats (memory/life.py's block "A touring songwriter's chats", vocab's
    # `_HERE_OF_A_BARE_THING`, Austin's and Nashville's parts in within.txt): a band played in, gone solo or
    # sung for, a day job and full-time music, a label signed with and a deal fallen through, a booking agent,
    # "X and i split", a partner's name ending in s, a health plan one is on, a stage name, the doctor seen, a
    # texter's home by its kind; a label "here in" a city no home
    # and the lead's long runs read in linear time (memory/text.code_line, at most 8 initials a run in
    # `life._INITIALS`; an indented aside before a colon is prose): session 41's one bump
    # and wiki26 (About me's lines: a name after "my <relation>," that a reason follows is not theirs, "Lobo for
    # my grandmother, Nell because ..."; a diet given up shown as the diet, "eats meat", not "broke my
    # vegetarianism"; a choir left ends, "none now (left)")
    # and the lead's: a diet said without "I" is someone else's when the words before it say so; "moved to" a
    # place named like a car model is a move
    8: "e0976e8be68864e4",
    # 9 (session 42): life43, beth's chats (memory/life.py's block "An Army spouse's chats", `_s42b_premise`,
    # `_s42b_beside`, "hygienist" a role, vocab's state's paper after a name and Tricare Overseas): a home by the
    # lease signed on it, "hired as" and "I start at <firm> on <day>", a license by its state, a child's school by
    # the child's name, a SIM's carrier, a health plan "we're on" and the premise of "Now that ..., how ...?", a
    # volunteer role taken and handed on, a named pet and one rehomed, orders got and changed, an account opened
    # beside another a second bank; a flight landed is no home, "my Colorado license" no car
    # session 42: weak42 (a breakup ends the partner, "am i still with X" asks the partner after X, the age a first
    # came at, a home named in passing "my flat in X", a pet got in a dialect's words or by its breed, a car's
    # model said as a place, a diet after another's "has", one check of another as the subject before every rule
    # with no subject of its own)
    # and wiki27: family words in Spanish in memory/data/family.txt ("mami", "mamá", "papá", "abuelo",
    # "abuelita", "abuelito"; "vieja" after "mi"/"my"): every user turn of the fixtures reads the same, a text
    # naming one by it reads it as a relative ("my abuelo Pedro": grandfather Pedro)
    9: "9165362334216ba1",
    # 10 (session 43): weak43, someone else named as the subject of a rule with no subject of its own and no "has"
    # ("Kev joined Planet Fitness", "she joined the YMCA", "my brother joined the Y"; not "me and kev joined"), a
    # role handed on shown as an ending ("handed on FRG leader"), a pet rehomed by its name ("none (rehomed
    # Pickles)"); the question side: a degree's level or a school after a first degree asks that level, a home by
    # its building (`a_building`), a thing held only as someone else's (`held_as_theirs`)
    # and life44, jolene's Singlish (memory/life.py's block "Singlish, and a life said with 'already'",
    # `_sgl_after`; Singapore's banks and telcos in banks.txt and carriers.txt, its towns in within.txt): "shifted
    # to X already", "i stay with my parents in X", a boss named in lower case, "X propose already" engaged, a gym
    # used or a class pack bought at, a clinic registered with, a weekly class and "now i do X", a pet named in
    # lower case and said dead by its name, a draft's signature's firm, "my mum name is X"; "my husband birthday"
    # names no partner (the question side: Singlish questions, a dropped "do")
    # and life45, ava's chats (memory/life.py's block "A name changed, and a life said in lowercase
    # asides", Portland's, Seattle's, Los Angeles's and San Francisco's parts in within.txt): a lowercase writer's
    # bank, manager, home, start day, clinic, gym and "extremely single" read where the frame says what the name
    # is; a car sold and a role said without "I"; a name gone by ("goes by") beside the legal one; a bio's college;
    # a medicine switched to with its ester; a lowercase sentence after an aside closed ("...). my new manager")
    10: "e3fb7f6bfb5496a8",
    # session 44 (rec30): a partner asked by the role's noun asks who they are with now ("whos my bf rn"); the
    # other names of a name (data/aliases.txt)
    # and life46: a pet named before a parenthesis ("my cat miso (orange, 4)"), a group's role held
    # and given up ("i DM for a group", "i quit DMing"), one who asked the person to be theirs named as a partner
    # and life47: a life in capitals (wilma): a farm near a town, a pharmacy, a church membership, a bank by
    # its word, a landline's company, a card club, widowed and a gentleman friend, a volunteer role, hearing aids, a
    # Medicare plan, a medicine put on after one taken off; a dose is no MG car; a wedding dated decades back; a town
    # that is also a word ("Lincoln") where a move is dated
    # and life48: Québec French and franglais (maude): a home moved into or ended up in ("chu rendue à"), a job
    # and role begun ("je commence chez X comme Y"), "mon boss X", a bank, a cell's carrier, a gym, a car of the
    # lists, a pet named or adopted, a family doctor (none, then named), a school, a language class, a hobby
    11: "4eec9c8e32294e8f",
    # session 45 (life51): a word that goes on the sentence is no one's name in lower case (memory/data/notnames.txt)
    # session 45 (life52): one account, two writers (glenda): a household's insurance, church, vet and book club
    # said as "we" and "our", a role ("a hospice social worker at"), a supervisor named in a plan's sentence, a pool,
    # a volunteer role, a class, a pet put down, one adopted and named after; a town after a workplace is no home
    # session 45 (life53): Tagalog and Taglish (maricel): a move ("lumipat na ako sa"), here now ("andito na ako
    # sa"), a job ("X ako sa Y", "first week ko sa Y"), a promotion, "TL ko si X", a shift, a bank, an e-wallet (an
    # attribute of its own), a carrier ("X na ako ngayon"), "jowa ko si X", a gym, a pet adopted and named, a dentist,
    # a motorbike of the lists, an allergy, a remittance service ("Enjaz na lng ako")
    # session 45 (import45): `sentences` reads a text with no stop or newline as one sentence at once (the same
    # sentences: tests/test_life_sentences_at_once.py)
    # session 45 (life55): Arabizi, French and English (rima): "I accepted the job at X" a job begun; a move ("n2alt
    # 3a X"), a home ("sakne bi X"), a job ("sert 3end X"), "le boss X", a bank, a carrier, a car, an engagement, a
    # gym, a course, a pet, a church, a remittance service, an origin ("men X asalan"), an allergy
    # session 45 (the lead): a bank of the lists said as where one works or worked is no bank of theirs
    # session 45 (life54): spelling by ear (kayla): a misspelt key word or list name read as the word ("mooved",
    # "docter", "verison"), and her lower-case run-ons: a car bought, a bank or carrier switched to, an insurer, a
    # gym, a league (a club), her place, a new doctor's appointment, a boss and a boyfriend named in lower case
    # session 45 (the lead): the embedding model's word lists moved from wiki/data to memory/data (life reads them)
    12: "5d008bbded6cc483",
    # session 46 (the lead): the spelling pass's index held as hashes in arrays (no reading changed: the source did)
    13: "9fe2bd0e4cb919f5",
    # session 46 (life56): an agent's third person ("User lives in Boston", "User's wife") read as the person's own;
    # "I left X for Y" of banks, carriers, doctors, gyms, schools; a city and its quarter in either order
    14: "1b64a6d464442afb",
    # session 46 (the lead): an agent's question of "the user" asked as the person's (no statement's reading changed)
    15: "82bd94ed392533a1",
    # session 46 (wiki31): vocab.country_code (a country's code in capitals is the country, for page titles)
    16: "b0fb8d2fd178e03e",
    # session 46 (the lead): Arabizi's "my" after the noun (taba3e, taba3i, tab3i) a stopword, not recall's own list
    17: "d97ac22dc40b727b",
    # session 47 (rec25): the question side only, `life.asked` screening `_ASKS_RE` (`needles.Screen`) in a warm
    # process (every question of tests/test_asked_every_attribute.py read the same with and without it)
    # and agent47: an agent's note with no subject ("Lives in Boston", "Married to Priya") read as the
    # person's own on every route (life.subjectless, in as_the_person), not only on a mem0 import
    # and lifespeed47: exact gates before searches that cannot match (101,638 fixture, LongMemEval and bench
    # texts read, typed and marked played the same)
    18: "7e178408c1883cd9",
    # session 48 (trust48): an everyday word in lower case after "at" no employer ("I work at scale"), dating no
    # one in particular no relationship ("I'm dating around"), a stated name, children named in a list;
    # and life48: each rule tried only where a match of it may start (`needles.openings`, `life._matches`), the
    # searches of every text told in one pass (`life._screen`), a level looked for where one is written, a line
    # tried as code where it may be (`text._may_be_code`), a text's word runs found once (101,662
    # fixture, LongMemEval and bench texts read, typed and marked played the same); and the lead's bounds on
    # long texts (an overlong word makes no spelling deletions, _s45k_read's gates read once a text)
    19: "8ae1de104e3bc624",
    # session 49 (trust49): when or how fast said after "at" no employer, volunteer role or university ("i work
    # at random times", "I volunteer at night"), the place after it the one ("I work at speed at Stripe", "I
    # volunteer at odd hours at Oxfam"), a reward after "for" no employer ("I work for fun"), a role held at heart,
    # in spirit or by nature no job ("I'm a student at heart");
    # and life49: the same reading, faster (re-recorded, not bumped): a joined group's rules told from its one pass
    # over a sentence, a rule that opens with "^" tried at 0 only where the text starts as it does, `straight` of an
    # ASCII text with nothing to clean left as it is, each rule's needles read from memory/data/needles.txt
    # (scripts/life_needles.py) where kept for its very pattern (every fixture, LongMemEval, LoCoMo and bench text
    # read, typed and marked played the same, the groups joined as they come and all at once);
    # and life50: the same reading, faster (re-recorded, not bumped): three finders of a sentence told in one pass
    # (`needles.Joint`), word lists in one pass (`needles.Holds`), a turn's word runs found once (`vocab.word_runs`),
    # code searched for only where a backtick is, an opening no subjectless note has passed over, the instrument
    # rule's pattern in one order in every process (104,596 fixture, LongMemEval, LoCoMo and bench texts read, typed
    # and marked played the same, the groups joined as they come and all at once)
    20: "ece3f97569f8ca8e",
    # session 50 (trust50): the place after when, how or where from it is worked the employer, after "at" or "for"
    # ("I work nights at Meta", "I work part-time for Oxfam", "I'm a nurse at night at St Mary's"), a job held till
    # now said in the perfect ("I've worked at Monzo for two years"), family, a while or a count after "for" no
    # employer ("I work for mum", "for two hours a day"), a when-phrase only of its words ("i work at financial
    # times" is the paper), many or a kind in the plural no employer ("at many places", "for tech companies"),
    # volunteering no job ("I volunteer for Oxfam"), and a volunteer role, a university or a gym said after when
    # ("I volunteer weekends at Oxfam", "a student part-time at UCL", "I lift at night at PureGym")
    # (with life50's gates merged: the digest of both)
    21: "8bbf76ebd24a60b4",
    # session 51: a student at a place no employer ("I'm a student at UCL", "a grad student at Stanford" are the
    # university alone; "a student nurse at St Mary's" still works there); and life51's same reading, faster
    22: "84f02590c053e40a",
    # session 51: a job held at "the" and a name is held there ("I'm a nurse at the Royal Free", "I work as a nurse
    # part-time for the NHS", "I'm an engineer at the BBC")
    23: "38e6b59acd81336c",
    # session 51: a common job said with its place the employer ("I'm a cashier at Tesco", "I work as a waitress at
    # Nando's"; `_JOBS_AT_A_PLACE`, read as a job only where a place follows), "at the best of times" no place
    24: "450562473d45ec4a",
    # session 51: no "of" or "the" among the words before a job held at a place ("I'm a fan of the pilot at Ryanair",
    # "a friend of the nurse at Guy's" hold no job of theirs)
    25: "a6327eb701cb6602",
    # session 51: the job of `_JOBS_AT_A_PLACE` said with its place the role too ("I'm a cashier at Tesco")
    26: "a595228d64afea1c",
    # session 51 (last look): a student left out of the jobs held at a place (`_ROLE_AT`) rather than a lookbehind
    # after each rule, and the role said without its article ("I am cashier at Tesco") reading the same jobs
    27: "a98d650493b673b4",
    # session 52: a job said as "been at" a company of the lists ("I've been at Monzo for two years"), "employed by"
    # and "do nights at"; a city by its whole name ("Apple" no "Apple Valley"); no pharmacy or carrier of the lists
    # beside the employer they are; "I work for the man" no employer; "I study at the University of Leeds"
    28: "f50394d45fe8c9d0",
    # session 52: a job left at a company whose name opens a city's ("I left Apple last month"), a city by another of
    # its names, a country or a state no employer ("I left New York last year", "I left Germany last year"), "been at"
    # a region that is no city a job ("I've been at Meta for two years"), no car of the lists beside its employer
    29: "3305a8798a1b854f",
    # session 52: a student at a place is at the university named after it ("I'm a student at Oxford", "a junior at
    # Michigan"), and "at the moment", "at present" name none
    30: "c9298e310a5c26fa",
    # session 53: a job said as the work done or taken ("I work as a cashier", "I've been working as a nurse",
    # "I got a job as a waiter"), a place by its letters ("I left NYC last year" no job left; "NYC" is New York
    # City), "for the summer", "at weddings" and "at heart" no employer; "I have a dog named Rex" a pet; "I resigned
    # from Google" the job left; "I married Tom" the partner; "I study at MIT" the university; "I switched my phone
    # plan to T-Mobile" the phone provider; "and bought a Corolla" the car, not ""; "I joined Equinox" no car;
    # "I stopped taking metformin" no medicine taken; "Lisbon is home now" the home; "I left Google, then joined
    # Meta" the job joined
    31: "d7c014050d6e386f",
}


def digest() -> str:
    h = hashlib.sha256()
    data = sorted((ROOT / "memory" / "data").glob("*.txt"))
    for path in [*(ROOT / name for name in SOURCES), *data]:
        h.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        h.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    h.update("\n".join(sorted(tokens.STOPWORDS)).encode() + b"\0")
    h.update(repr(clock.MONTHS).encode())
    return h.hexdigest()[:16]


def test_the_reading_has_the_version_its_rules_were_recorded_with():
    found = digest()
    bump = statements.READING + 1
    assert RECORDED.get(statements.READING) == found, (
        f"what memory.life reads changed (digest {found}): set READING = {bump} in memory/statements.py and "
        f'add {bump}: "{found}" to RECORDED in tests/test_statements_reading.py, so each home reads its typed '
        "memories again at its next rebuild"
    )


def test_versions_only_go_up():
    assert max(RECORDED) == statements.READING
    assert sorted(RECORDED) == list(range(1, statements.READING + 1))
    assert len(set(RECORDED.values())) == len(RECORDED)  # a new number for a new reading only
