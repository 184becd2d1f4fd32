"""The attribute model: what a person says about their own life, read without a model.

`read(text)` finds first-person statements of an attribute and its value ("I moved to Lisbon" ->
home = lisbon; "my new manager is Priya" -> manager = priya; "Italian class moved to Tuesdays"
-> schedule:italian = tuesday). Two statements of one attribute with different values are a
change; with the same value, a restatement. Each attribute has the memory type its statements are
stored as: who a person is (home, employer, role, manager, diet) is identity, likes and habits
(schedules, settings, favourites, preferences) are preference, other things about their life
(a car, a doctor) are fact.

A name typed in lower case is read where the words before it say a name follows: a title ("my
dentist is dr patel now"), "work at" / "started at" / "a job at" ("i work at tesco now"), a school's
saint or kind ("the kids go to st marys"), "named" / "called" for a pet ("we got a cat named miso"),
and it ends at the first word that goes on the sentence. "im", "ive", "dont" typed without
apostrophes are read as "I'm", "I've", "don't".

Only plain statements count: a question, a plan or a wish ("should I move to Lisbon?", "I'm
thinking about moving", "if I worked at Acme"), someone else's life ("my sister lives in Porto")
and code are not read; a thing of someone in the person's life ("Inès's school is ...") is an
attribute of its own under their name ("inès school"). An ending ("I quit my job", "I sold my car",
"I moved out of Leeds") gives its attribute no value now (`ended`). `asked(query)` names the
attribute a question asks about ("which city do I live in" -> home), for recall.

Pure functions over text (no store, no SQL): memory/correction.py decides what a change does.
"""

# ruff: noqa: E501  (the pattern table reads best one rule a line)
from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import repeat

from memory import clock, needles, patterns, tokens, vocab
from memory.text import prose as text_prose
from memory.textcache import on_drop, text_cache

IDENTITY, PREFERENCE, FACT = "identity", "preference", "fact"
TYPES = (IDENTITY, PREFERENCE, FACT)


@dataclass(frozen=True)
class Said:
    """One attribute a statement gives a value to."""

    attribute: str  # "home", "employer", "role", "manager", "diet", "schedule:italian", ...
    value: str  # normalised (case-folded, articles and "now" dropped): what is compared
    shown: str  # as written
    memory_type: str

    @property
    def claim(self) -> str:
        name = self.attribute.replace(":", " ")
        return f"{name}: {self.shown}"


# -- the pieces of a pattern -------------------------------------------------------------------

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
# A capital letter of any Latin, Greek or Cyrillic alphabet: "Émilie", "Évry", "Øresund", "Łódź"
# open a name as "Emily" does (with [A-Z] alone, "I now report to Émilie Gagnon" stated nothing and
# "Hôpital Édouard-Herriot" was cut to "Hôpital"; a sentence opening with "À" or "É" was not split).
_UP = "A-Z" + "".join(chr(c) for c in range(0xC0, 0x530) if chr(c).isupper() and chr(c).isalpha())
# A proper name: capitalised words (and "of", "de", "am", "&" inside: "Frankfurt am Main", "Marks & Spencer").
# "and" joins the last word of a name that ends there ("Marks and Spencer", "Mac and Cheese", "Trinidad
# and Tobago"), not a clause that goes on ("I work at Google and Jane works at Meta", "Leeds and I").
_NAME_END = (
    r"(?:\s*(?:[,.;:!?)]|$)|\s+(?:in|on|at|for|since|from|with|now|again|too|though|last|next|this|because|as|but|"
    r"so|and|after|until|till)\b)"
)
_AND_LAST = rf"and(?=\s+(?!I\b)[{_UP}][\w'&.-]*" + _NAME_END + ")"
_ENDS_A_NAME = patterns.lazy(_NAME_END)


def ends_a_name(rest: str) -> bool:
    """Whether the words after a name end it (`_AND_LAST`): the clause ends, or a word that goes on."""
    return _ENDS_A_NAME.match(rest) is not None


# The small words inside a person's or a place's name, one to three in a row: "Dr van der Berg", "Ana de la
# Cruz", "Maria dos Santos", "Omar bin Said", "Dr ibn Sina", "Dr al-Hassan" (with one, "Dr van der Berg" was
# the name "dr"). One list for every reader of a name: memory/names.py's runs, wiki/render.py's capitals.
NAME_PARTICLES = (
    "de", "da", "das", "do", "dos", "du", "des", "di", "del", "della", "dei", "degli", "la", "las", "los", "le",
    "van", "von", "der", "den", "ter", "ten", "zu", "bin", "binti", "bint", "ibn", "al", "el",
)  # fmt: skip
_PARTICLE = "(?:" + "|".join(sorted(NAME_PARTICLES, key=len, reverse=True)) + ")"
_NAME_PARTS = rf"(?:{_PARTICLE}(?:\s+{_PARTICLE}){{0,2}}|(?:al|el)-)"  # ("van der", "de la", "al-")
_NAME = rf"(?:[{_UP}][\w'&.-]*|[{_UP}]{{2,}})(?:\s+(?:of|am|&|{_AND_LAST}|{_NAME_PARTS})?\s*[{_UP}][\w'&.-]*){{0,3}}"
_NOW = r"(?:now |currently |just |recently |finally |officially |actually |still )?"
# A name typed in lower case ("dr patel", "i work at tesco now", "the kids go to st marys"): read only after
# words that say a name follows (a title, "work at", "started at", "named"), and bounded: it ends at the
# first word that goes on the sentence (`_NAME_ENDS`: "at", "now", "and", "says", "put", ...), and a
# second or third word is read only where the name visibly ends after it ("dr ruth calloway, ...").
_NAME_ENDS = (
    r"(?:at|in|on|of|for|from|near|by|with|to|into|off|up|down|over|is|was|are|were|be|been|'s|has|had|have|does|did|do|"
    r"says|said|put|got|gets|wants|told|thinks|will|would|can|could|and|but|or|so|then|who|whom|which|that|this|these|"
    r"those|now|here|there|too|also|just|still|again|already|anymore|since|because|bc|cause|cuz|till|until|when|while|"
    r"where|after|before|as|like|she|he|they|it|its|we|i|im|ive|me|my|our|her|his|their|him|them|you|your|lol|haha|"
    r"today|tonight|tomorrow|yesterday|last|next|every|each|this|doing|working|part-time|full-time|though|finally|yet|done|"
    r"only|itself|yaar|na|kindly|"  # Indian English particles end a name too: "i work at tesco only" (`_DICTATED`)
    # a student's slang ends one too: "joined first ascent fr", "my studio in logan square rn" (`_STUDENT`)
    r"ngl|lowkey|highkey|fr|rn|tbh|istg|imo|idk|lmao|lmfao|omg|smh|atm|btw|w|"
    # and a texter's ("i still work at bayou tho": bayou, not "bayou tho": session 36, sam)
    r"tho|tbf|frfr|bruh|fml|deadass|i'm|i've|i'd|i'll)"
)
_LOW_WORD = r"(?!" + _NAME_ENDS + r"(?![\w'-]))[a-z][\w'&-]+"
# (an emoji after a name ends it as a full stop does: "joined first ascent 😭", `_STUDENT`)
_LOW_END = r"(?=\s*(?:[,.;:!?()]|$|[\U0001F300-\U0001FAFF\u2600-\u27BF])| " + _NAME_ENDS + r"(?![\w'-]))"
# a doctor's or a dentist's title and their name in lower case: "dr patel", "dr. okafor", "doc huffman"
# a name in lower case: one word, or two where the name visibly ends after the second ("dr ruth calloway, ...")
_LOW_NAME = _LOW_WORD + r"(?: " + _LOW_WORD + _LOW_END + r")?(?![\w'&-])"
_TITLED = r"(?i:dr\.?|doctor|doc) (?:" + _NAME_PARTS + " )?" + _LOW_NAME  # ("dr van der berg": van der berg)
# (a name after a title may open with its particles: "Dr. de Vries", "Dr van der Berg")
_DR = (
    r"(?:(?:Dr\.?|Dre?|Dra\.?|[Dd]octora) (?:" + _NAME_PARTS + r"\s*)?" + _NAME + "|" + _TITLED + ")"
)  # ("Dra. Puig", "the doctora Serrano")
# A home or an origin typed in lower case ("we moved to texas", "i am from india", "j'habite à lyon"):
# read only as a place the lists know (`vocab.place_in`: "I live in fear" names none). A place in a
# script without capitals ("東京") is read by the rules of `_CJK_RULES`.
_LOW_RUN = r"(?:[a-zß-ÿ][\w'-]*(?: [a-zß-ÿ][\w'-]*){0,3})"
_PLACE = r"(?:(?:the )?" + _NAME + "|" + _LOW_RUN + ")"  # ("I live in the UK": UK)
# A place a person starts at and goes on from is a route, not a job ("i started at the museum of modern
# art, ... and then made my way to the guggenheim").
_NOT_A_ROUTE = r"(?![^.;!?]*\b(?:then|ended up|made (?:my|our) way|moved on|finished (?:at|with|up))\b)"
# a school in lower case: a saint's ("st marys") or one that says it is a school ("oakwood primary")
_LOW_SCHOOL = (
    r"(?:st\.?|saint) "
    + _LOW_NAME
    + r"|(?:"
    + _LOW_WORD
    + r" ){1,3}(?<!local )(?<!new )(?<!old )(?<!same )(?<!other )(?<!big )(?<!nearby )(?:primary|school|academy|elementary|high|middle school|college|montessori|nursery|kindergarten|"
    r"preschool|pre-school|daycare|grammar|prep|infants|juniors)(?![\w'&-])"
)
# A place of work in lower case, after "work at", "started at", "a job at": not a time, a place in the
# home, an amount or someone's ("i work at home", "at the weekend", "for myself", "at a cafe", "at 9").
_NOT_EMPLOYER = (
    r"(?:a|an|my|our|his|her|their|your|its|it|this|that|home|nights?|days?|weekends?|moment|minute|time|times|same|"
    r"end|start|beginning|top|bottom|back|front|office|house|desk|computer|pace|level|least|all|most|some|any|both|"
    r"best|worst|"  # ("a terrible cook at the best of times": session 51)
    r"man|woman|men|women|guy|guys|lady|ladies|boss|"  # ("I work for the man": session 52)
    r"summer|winter|spring|autumn|fall|holidays?|season|semester|term|"  # ("a cook for the summer": session 53)
    r"heart|large|risk|ease|peace|war|hand|length|random|"  # ("I am a builder at heart without the room")
    r"(?:weddings|parties|events|festivals|concerts|conferences|gigs|functions|shows|funerals)"  # ("a waiter at weddings")
    r"(?! (?:company|agency|firm|venue|team|business|centre|center|group)\b)|"  # ("the events company" is one)
    r"(?:local|nearby)(?= [" + _UP + r"])|"  # ("at the local Tesco": the name is Tesco's; "the local council" is one)
    r"myself|ourselves|me|us|him|them|you|free|once|twice|lunch|dinner|breakfast|noon|midnight|dawn|work|school|uni|"
    r"college|university|gym|new|old|other|next|last|first|full|part|hourly|minimum|about|around|over|under|"
    r"more|less|than|lots|plenty|years?|months?|weeks?|hours?|kids|children|people|friends|family|clients|customers|"
    r"[\w-]*ing|\d[\w-]*)(?![\w'&-])"
)
_LOW_PLACE = (
    r"(?:the )?(?!the\b|"
    + _NOT_EMPLOYER
    + r")"
    + _LOW_WORD
    + r"(?:(?: "
    + _LOW_WORD
    + r"){1,3}"
    + _LOW_END
    + r")?(?![\w'&-])"
)
# A place of work typed in lower case that says what it is ("the east valley senior center", "the city council")
_LOW_ORG = (
    r"(?:(?!(?:the|a|an|my|our|his|her|their|this|that)\b)[a-z][\w'&-]* ){0,3}(?:center|centre|company|council|hospital|clinic|"
    r"library|church|agency|firm|store|supermarket|factory|plant|warehouse|depot|restaurant|cafe|café|hotel|pub|charity|"
    r"foundation|trust|authority|department|ministry|university|college|academy|school)(?![\w'&-])"
)
# The words that make a phrase of when or how fast of "hours", "times", "speed" or "pace" ("at odd hours", "at all
# times", "at breakneck speed", "at my own pace"): only these, so a name that merely ends in such a word is one
# ("i work at financial times", session 50: trust50; `_an_everyday_word`)
_WHEN_SAID = frozenset((
    "odd", "random", "all", "different", "weird", "strange", "irregular", "unsocial", "unsociable", "antisocial",
    "crazy", "ungodly", "silly", "late", "early", "regular", "set", "fixed", "flexible", "varying", "various", "any",
    "unusual", "normal", "usual", "long", "short", "full", "top", "breakneck", "lightning", "high", "great", "steady",
    "fast", "slow", "quick", "rapid", "same", "certain", "peak", "off", "busy", "quiet", "insane", "mad", "my", "own",
    "his", "her", "their", "our", "your", "a", "the",
))  # fmt: skip
# When or how fast a person works said with "at" ("at night", "at the weekend", "at odd hours", "at random times",
# "at breakneck speed", "at my own pace", "at scale"): the place after it is where (`_an_everyday_word` for the
# phrase alone)
_AT_WHILE = (
    r"at (?:night|weekends|the weekends?|scale|(?:(?:"
    + "|".join(sorted(_WHEN_SAID))
    + r") ){0,2}(?:hours|times|speed|pace))"
)
# When or how a person works said between "I work" and where ("I work nights at", "on Saturdays", "part-time",
# "remotely", "from home", "at odd hours": `_AT_WHILE`, "the night shift", "three days a week", "9 to 5"; two of
# them joined: "nights and weekends"), in any case: the place after it is where they work or volunteer, after "at"
# or "for" (session 50: trust50)
_WHEN_ONE = (
    r"(?:on )?(?:weekends|weekdays|(?:mon|tues|wednes|thurs|fri)days|(?:sat|sun)(?:urday|day)?s?(?: and (?:sat|sun)"
    r"(?:urday|day)?s?)?)|nights|days|evenings|mornings|overnight|late|part[- ]time|full[- ]time|remotely|remote|"
    r"from home|freelance|overtime|(?:the )?(?:(?:night|late|early|day|morning|evening|graveyard|weekend|double|split|"
    r"long|\d{1,2}[- ]hour) )?shifts?|long hours|(?:\d{1,2}|one|two|three|four|five|six|seven|a few) (?:days|hours|"
    r"nights|shifts|mornings|evenings) (?:a|per) week|(?:9|nine) to (?:5|five)|" + _AT_WHILE
)
_WORKED_WHEN = r"(?i:(?:" + _WHEN_ONE + r")(?:,? (?:and|&|or) (?:" + _WHEN_ONE + r"))?)"
# A kind of place alone names no employer ("my shift at the hospital", "I cook for the restaurant")
_NOT_A_KIND = (
    r"(?!(?:the )?(?:hospital|store|shop|office|restaurant|cafe|café|bar|pub|hotel|factory|warehouse|plant|site|clinic|school|lab|"
    r"library|station|depot|airport|bank|gym|centre|center|ward|unit|weekend|moment|minute|company|firm|agency|church|"
    r"university|college|council|family|kids|children|house|home|community|business)(?:\s*[,.;!?)]|\s+(?:on|in|at|near|and|is|are|was|were|got|for|every|this|last|now)\b|$))"
)
# A kind of place said alone, whatever follows it ("at the restaurant Thursday to Sunday"): no employer's name
_NO_KIND_ALONE = (
    r"(?!(?:hospital|store|shop|office|restaurant|cafe|café|bar|pub|hotel|factory|warehouse|plant|site|clinic|school|"
    r"lab|library|station|depot|airport|bank|gym|ward|unit|company|firm|agency|church|salon|diner|bakery|mall)(?![\w'&-]))"
)
_ROLE_NOUNS = [
    "engineer",
    "developer",
    "programmer",
    "manager",
    "designer",
    "scientist",
    "analyst",
    "teacher",
    "nurse",
    "doctor",
    "lead",
    "director",
    "consultant",
    "architect",
    "researcher",
    "student",
    "writer",
    "accountant",
    "lawyer",
    "intern",
    "officer",
    "specialist",
    "administrator",
    "editor",
    "owner",
    "founder",
    "ceo",
    "cto",
    "cfo",
    "vp",
    "head",
    "marketer",
    "recruiter",
    "physiotherapist",
    "therapist",
    "chef",
    "barista",
    "pharmacist",
    "technician",
    "coordinator",
    "strategist",
    "tester",
    "sdet",
    "SDET",
    "sre",
    "dba",
    "support(?! worker)",  # (a support worker: `_JOBS_AT_A_PLACE`)
    "lecturer",
    "professor",
    "postdoc",
    "translator",
    "journalist",
    "photographer",
    "freelancer",
    "contractor",
    "associate",
    "executive",
    "assistant",
    "dev",
    "swe",
    "sde",
    "pm",  # a product manager ("i'm a senior pm", `_DICTATED`)
    # the trades (life21: "im the crew foreman", "I'm an electrician now")
    "foreman",
    "forewoman",
    "electrician",
    "plumber",
    "mechanic",
    "carpenter",
    "welder",
    "installer",
    # selling homes (life23: "now that im licensed I'm a realtor", "I'm a real estate agent at Compass")
    "realtor",
    "estate agent",  # (and "real estate agent"; not an agent alone: "a free agent", "an agent of chaos")
    "insurance agent",
    "travel agent",
    "leasing agent",
    "letting agent",
    "broker",
    # claims (session 38: grace: "I'm a property adjuster at Nationwide", "a workers comp claims examiner now")
    "adjuster",
    "examiner",
    "underwriter",
    "hygienist",  # (session 42: beth: "I'm a registered dental hygienist at Sandhills Family Dentistry")
]
_ROLE = r"(?P<role>(?:[a-z0-9][\w-]*\s+){0,3}(?:" + "|".join(_ROLE_NOUNS) + r")s?)"
# Jobs said with the place they are held at ("I'm a cashier at Tesco", "I work as a waitress at Nando's"): read as a
# job only where a place follows (`_ROLE_AT`), as several are a hobby or a trait alone ("a keen baker", "a good
# cook", "a terrible pilot"). Session 51: 34 of 40 common jobs said "I'm a <job> at Tesco" read no employer.
_JOBS_AT_A_PLACE = [
    "producer", "paramedic", "firefighter", "cashier", "waiter", "waitress", "bartender", "receptionist", "cleaner",
    "baker", "nanny", "carer", "dentist", "surgeon", "pilot", "flight attendant", "chemist", "veterinarian", "vet",
    "secretary", "clerk", "courier", "salesperson", "sales assistant", "shop assistant", "hairdresser", "tutor", "cook",
    "security guard", "warehouse worker", "care worker", "support worker", "social worker", "optometrist",
    "radiographer", "librarian", "midwife", "server", "butcher", "stylist", "caretaker", "porter", "paralegal",
    # session 53: "I work as a farmer", "I'm a driver at Uber"
    "farmer", "driver", "labourer", "laborer", "builder", "painter", "gardener", "janitor", "housekeeper", "teller",
    "lifeguard", "trainer", "instructor",
]  # fmt: skip
# The jobs held at a place ("a nurse at St Mary's": the employer), in a job of up to three words, none of them "of" or
# "the" ("I'm a fan of the pilot at Ryanair" holds no job of theirs). No student: a student is at a school, not
# employed there ("I'm a student at UCL", "I am grad student at Stanford" are the university alone, its own rule:
# `_CLASS_YEAR`; "a student nurse at St Mary's" works there). Session 51.
_JOB_WORDS = r"(?:(?!(?:of|the)\s)[a-z0-9][\w-]*\s+){0,3}"
_JOB_NOUNS = "(?:" + "|".join([n for n in _ROLE_NOUNS if n != "student"] + _JOBS_AT_A_PLACE) + ")"
_ROLE_AT = r"(?P<role>" + _JOB_WORDS + _JOB_NOUNS + r"s?)"
# Any job, where the words say it is one ("I work as a cashier", "I've been working as a nurse", "I got a job as a
# waiter"): the jobs held at a place in `_ROLE`'s shape (any words before them), no student ("a job as a student
# ambassador") (session 53)
_JOB_SAID = r"(?P<role>(?:[a-z0-9][\w-]*\s+){0,3}" + _JOB_NOUNS + r"s?)"
# (the jobs of `_JOBS_AT_A_PLACE` alone: the others' role is read by the rules of `_ROLE`)
_JOB_AT_A_PLACE = r"(?P<role>" + _JOB_WORDS + "(?:" + "|".join(_JOBS_AT_A_PLACE) + r")s?)"
# after a job: not its possessive ("a dentist's receptionist" is the receptionist)
_NOT_OWNED = r"\b(?!['’]s\b)"
# "the" before a name a job is held at ("a nurse at the Royal Free", "for the NHS"): no part of the name (session 51)
_THE_NAMED = r"(?:the (?=[" + _UP + r"]))?"
# "head of science", "director of operations": a role named by what it heads
_HEAD_OF = (
    r"(?P<role>(?:deputy |assistant |acting )?(?:head|director|chair|dean|lead) of (?!the household|the family)"
    r"[a-z][\w-]*(?: (?!(?:here|there|now|at|in|for|this|since|from|and|but|so|which|who|with)\b)[a-z][\w-]*){0,2})"
)
_DIETS = {
    "vegetarian": "vegetarian",
    "veggie": "vegetarian",
    "vegan": "vegan",
    "pescatarian": "pescatarian",
    "pescetarian": "pescatarian",
    "flexitarian": "flexitarian",
    "omnivore": "omnivore",
    "keto": "keto",
    "paleo": "paleo",
    "gluten-free": "gluten-free",
    "dairy-free": "dairy-free",
    "carnivore": "carnivore",
    # Indian English (`_DICTATED`): "i'm pure veg" is vegetarian, "eggetarian" eats eggs and no meat
    "low carb": "low carb",  # (session 38: grace: "I am on low carb now")
    "low-carb": "low carb",
    "pure veg": "vegetarian",
    "pure vegetarian": "vegetarian",
    "eggetarian": "eggetarian",
    "low salt": "low salt",  # (session 41: weak41: ray, "Denise got me eating low salt now")
    "low-salt": "low salt",
    "low sodium": "low salt",
    "low-sodium": "low salt",
}
_DIET = r"(?P<diet>" + "|".join(sorted(_DIETS, key=len, reverse=True)) + r")(?![\w-])"
_DIET_WORDS = "|".join(_DIETS)
_FULL_NAME = (  # a person's first and last name ("Dana Whitcomb"), not a firm named so ("Charles Schwab")
    r"(?!(?:Charles Schwab|Edward Jones|Raymond James|Morgan Stanley|Merrill Lynch|Goldman Sachs|Wells Fargo|"
    r"Interactive Brokers|Robin Hood|T Rowe|Ally Invest|Charles Stanley|Hargreaves Lansdown)\b)"
    rf"[{_UP}][\w'-]+ [{_UP}][\w'-]+"
)
_FULL_NAME_LONG = rf"[{_UP}][\w'-]+(?: (?:{_NAME_PARTS} )?[{_UP}][\w'-]+){{1,3}}"  # "Marisol Ortega Reyes"
_MANAGER = r"(?:manager|boss|line manager|team lead|supervisor|lead|PI)"  # a PI: a PhD student's boss
_THING = r"(?P<thing>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)"
# Habits a person gives up (the activities of `_GERUND` and the sports a schedule names).
# (life24: the games and arts a person keeps at as a league or a class too, "I quit the bowling league", "gave
# up karate"; its article or "my" before it, and "league", "club", "team" or "class" after, are no part of it)
_STOPPED = (
    r"(?:(?:the|my|our) )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days? (?:night |morning |evening |afternoon )?)?(?P<thing>run(?:ning)?|climb(?:ing)?|bouldering|swim(?:ming)?|cycl(?:e|ing)|yoga|pilates|tennis|"
    r"football|soccer|boxing|crossfit|rowing|netball|basketball|volleyball|rugby|cricket|hockey|squash|badminton|"
    r"padel|golf|pickleball|five-a-side|5-a-side|bowling|darts|karate|judo|kickboxing|krav maga|jiu-jitsu|martial arts|"
    r"fencing|archery|dancing|salsa|ballet|zumba|spin|spinning|(?:to )?(?:the )?gym)\b"
    r"(?:(?<!gym) (?:league|club|team|class|classes|lessons))?"
    r"(?! (?:for|to|after|into|around|away|late|out|errands|balls?|pins?|alleys?)\b)"  # "stopped running for the bus"
)
_STOPPED_WORDS = r"run|climb|boulder|swim|cycl|yoga|pilates|tennis|football|soccer|boxing|crossfit|rowing|netball|basketball|volleyball|rugby|cricket|hockey|squash|badminton|padel|golf|pickleball|a-side|gym|bowling|darts|karate|judo|kickboxing|krav maga|jiu-jitsu|martial arts|fencing|archery|dancing|salsa|ballet|zumba|spin"
_SHIFT = (
    r"(?P<v>(?:night|day|evening|early|late|morning|afternoon|graveyard|swing|rotating|split)(?:[ -]shifts?|s? rota)"
    r"|(?:nights|days|evenings|mornings|afternoons)\b(?! off| a week| per week| in a row| a month))"
)
# (not "renting my flat out", nor "bought a house for my parents": someone else lives there)
_HOMES = (
    r"(?:(?:(?:one|two|three|four|five|[1-5])[ -]bed(?:room)?(?:ed)? )?(?:flat|apartment|house|home|place|condo|studio|"
    r"townhouse|cottage|bungalow|maisonette|loft|bedsit)|(?:one|two|three|four|five|[1-5])[ -]bed(?:room)?(?:ed)?)"
    r"\b(?! out\b| for (?:my|our|his|her|their) )"
)
# What a person does for exercise or sport, said as a thing done now ("doing yoga now", "got hooked on
# pickleball"): the activity is the schedule's subject, with no day yet (`_said`, value group "now").
_ACTIVITIES = (
    r"(?P<thing>(?i:yoga|hot yoga|pilates|krav maga|karate|judo|jiu-jitsu|jiu jitsu|bjj|taekwondo|kickboxing|boxing|"
    r"muay thai|martial arts|tai chi|qigong|zumba|barre|spin|spinning|crossfit|climbing|bouldering|running|swimming|"
    r"cycling|rowing|dance|dancing|salsa|ballet|tennis|padel|pickleball|golf|squash|badminton|football|soccer|netball|"
    r"hockey|rugby|volleyball|basketball|table tennis|ultimate frisbee|ultimate|weightlifting|powerlifting|lifting|"
    r"hiking|triathlons?|parkrun|aqua aerobics|aquafit|aerobics|water polo|fencing|archery|skating|surfing|bowling|"
    r"calisthenics|hyrox|trail running|open water swimming|wild swimming|sea swimming|aerial yoga|"
    # what friends tell each other they took up (LoCoMo): "I just signed up for a pottery class", "I started
    # playing acoustic guitar five years ago" (not "painting the house": a word after it goes on, `_RULES`)
    r"pottery|ceramics|painting|knitting|crochet|photography|acoustic guitar|guitar|piano|violin|ukulele|drums|"
    r"singing|choir))(?![\w-])"
)
_OFTEN = r"(?P<often>(?:once|twice|three times|four times|five times|\d+ times|\dx) (?:a|per|every) week)"
_ACTIVITY_NOUNS = r"(?:class|classes|lesson|lessons|practice|training|session|sessions|course|meeting|standup|club|rehearsal|appointment)"
# (life33) a kindergarten by its kind, as a parent says it in English, German or Polish
_KINDERGARTEN = (
    r"(?i:kita|kindergarten|kiga|krippe|przedszkole|żłobek|zlobek|nursery|preschool|pre-school|daycare|creche|crèche)\b"
)
_FACT_NOUNS = [
    "car",
    "bike",
    "dentist",
    "doctor",
    "gp",
    "physiotherapist",
    "physio",
    "landlord",
    "landlady",
    "partner",
    "dog",
    "cat",
    "laptop",
    "phone",
    "hairdresser",
    "barber",
    "therapist",
    "gym",
    "commute",
    "rent",
    "car",
    "insurance",
    "bank",
    "vet",
    "pharmacy",
    "internet",
    "broadband",
    "electricity",
    "energy",
    "mobile",
    "school",
    "teacher",
    "daycare",
    "nursery",
    "kindergarten",
    "paediatrician",
    "pediatrician",
    "current account",
    "bank account",
    "checking account",
    "counsellor",
    "counselor",
    "personal trainer",
    "hausarzt",
    "hausärztin",
    "physician",
    "zahnarzt",
    "zahnärztin",
    "nbn",
    "wifi",
    "wi-fi",
    "power",
    "everyday account",
    "savings account",
    "mortgage",
    "doc",
    "lekarz rodzinny",
    "lekarz",
    "lekarka",
    "dentysta",
    "dentystka",
    "médico de cabecera",
    "médico de família",
    "médica de família",
    "médico",
    "medico di base",
    "dentista",
    "huisarts",
    "tandarts",
    "nurse practitioner",
    "primary care doctor",
    "primary care physician",
    "primary care provider",
    "pcp",
]
# Whose things a statement may name beside the person's own ("my daughter's school", "my mama's doctor"):
# every family word of the one vocabulary (memory/data/family.txt; session 38: it was a list of its own, and
# "my mama's doctor is Dr. Feld" was read as the person's doctor's name nowhere, "mom's" everywhere).
_RELATIVE = vocab.alternation(vocab.family())
# One thing however it is named: "my GP", "my family doctor" and "my doctor" are one attribute, as
# are "my phone provider" / "my mobile carrier". The words before a noun that only say which one
# (`_FACT_QUALIFIER`) and after it that say it is who supplies it (`_SUPPLIER`) are read too: "My
# GP is Dr. Morel" then "My family doctor is Dr. Nguyen" is a change of doctor (the rules had read
# lower-case nouns alone, so neither stated anything), "my phone provider is Free" then "I switched
# to Fizz for my phone" a change of phone provider.
_FACT_SAME = {
    "gp": "doctor",
    "family doctor": "doctor",
    "general practitioner": "doctor",
    "physio": "physiotherapist",
    "mobile": "phone",
    "mobile phone": "phone",
    "cell phone": "phone",
    "landlady": "landlord",
    "current account": "bank",
    "everyday account": "bank",
    "savings account": "bank",
    "bank account": "bank",
    "checking account": "bank",
    "counselor": "counsellor",
    "hausarzt": "doctor",
    "hausärztin": "doctor",
    "physician": "doctor",
    "zahnarzt": "dentist",
    "zahnärztin": "dentist",
    "broadband": "internet",
    "nbn": "internet",
    "wifi": "internet",
    "wi-fi": "internet",
    "fibre": "internet",
    "power": "energy",
    "electricity": "energy",
    "electric": "energy",
    "gas": "energy",
    "gas and electric": "energy",
    "gas and electricity": "energy",
    "doc": "doctor",
    "lekarz rodzinny": "doctor",  # Polish, Spanish, Portuguese, Italian, Dutch: the words a person abroad keeps
    "lekarz": "doctor",
    "lekarka": "doctor",
    "dentysta": "dentist",
    "dentystka": "dentist",
    "médico de cabecera": "doctor",
    "médico de família": "doctor",
    "médica de família": "doctor",
    "médico": "doctor",
    "medico di base": "doctor",
    "dentista": "dentist",
    "huisarts": "doctor",
    "tandarts": "dentist",
    "nurse practitioner": "doctor",
    "primary care doctor": "doctor",
    "primary care physician": "doctor",
    "primary care provider": "doctor",
    "pcp": "doctor",
    "puppy": "dog",
    "pup": "dog",
    "kitten": "cat",
    "bunny": "rabbit",
}
# A pet, named as one ("we got a kitten named miso"): the kind is the attribute ("cat", "dog"), as
# "my dog is called Biscuit" says it. ("My dog's name is Max" is left unread: typing that turn a fact
# moved a LongMemEval dev question about books in the same session out of the first five.) Not a second one ("we got a second
# dog called Nouille" is one more, not a new one), nor an old one ("my old dog Rusty").
_PETS = r"(?P<thing>(?i:puppy|pup|dog|kitten|cat|hamster|rabbit|bunny|guinea pig|parrot|budgie|tortoise|ferret|gecko))"
# A pet said by its breed ("rusty my old beagle", "biscuit the little chihuahua mix"): the kind it is.
_BREEDS = {
    **dict.fromkeys(
        [
            "beagle",
            "labrador",
            "lab",
            "retriever",
            "terrier",
            "spaniel",
            "collie",
            "poodle",
            "greyhound",
            "whippet",
            "lurcher",
            "chihuahua",
            "dachshund",
            "pug",
            "bulldog",
            "frenchie",
            "husky",
            "corgi",
            "schnauzer",
            "staffie",
            "staffy",
            "pitbull",
            "rottweiler",
            "doberman",
            "cockapoo",
            "labradoodle",
            "cavapoo",
            "maltese",
            "yorkie",
            "sheepdog",
            "setter",
            "pointer",
            "mutt",
            # (said in passing: "our kelpie Biscuit", `_PET_THEN_NAME`)
            "kelpie",
            "heeler",
            "cattle dog",
            "german shepherd",
            "shepherd",
            "vizsla",
            "weimaraner",
            "samoyed",
            "shiba",
            "akita",
            "mastiff",
            "great dane",
            "dalmatian",
            "shih tzu",
            "bichon",
            "pomeranian",
            "westie",
            "jack russell",
            "malinois",
            "ridgeback",
            "basset",
            "cavoodle",
            "groodle",
            "goldendoodle",
            "sheltie",
            "podengo",  # (session 38: ines) a Portuguese hound
            "galgo",
        ],
        "dog",
    ),
    **dict.fromkeys(["tabby", "ragdoll", "siamese", "moggy", "moggie", "maine coon", "bengal", "sphynx"], "cat"),
}
_BREED = r"(?P<breed>(?i:" + "|".join(sorted(_BREEDS, key=len, reverse=True)) + r"))(?: (?:mix|cross|x))?"
# A pet of the person's own said by its breed ("my blue heeler boone is 7"): `names_a_kind`
_MY_BREED = patterns.lazy(r"\b(?i:my|our)\s+(?:[\w-]+\s+){0,2}?" + _BREED + r"(?![\w-])")


# Words that open a sentence and are no pet's name ("honestly, our dog is a menace", "today my dog ...")
_NOT_A_PET_NAME = (
    r"so|and|but|or|also|honestly|anyway|anyways|well|oh|ok|okay|yes|yeah|no|lol|omg|btw|basically|update|sadly|"
    r"today|tonight|yesterday|tomorrow|now|then|this|that|these|those|here|there|guess|sorry|thanks|hi|hey|hello|"
    r"please|apparently|obviously|seriously|literally|actually|meanwhile|also|plus|still|again|morning|evening|"
    r"why|what|when|where|who|how|which|whose|is|are|was|were|do|does|did|can|could|should|would|will|has|have|had|"
    r"i|we|he|she|they|it|you|me|my|our|his|her|their|your|the|a|an|walking|feeding|bathing|training|took|taking|"
    r"with|for|from|about|like|if|since|because|after|before|while|as|at|in|on|to|of|by|poor|little|dear|new|old|"
    r"sometimes|usually|plus|every|ugh|omg|wow|hmm|help|question|advice|quick|urgent|pls|thx|thank|ps|edit|note|"
    r"[a-z]+ly"
)
# The words between "our" and a pet's kind that say which one ("our little dog", "my old beagle": aged),
# never whose ("my sisters dog") nor one gone or one more ("our late dog", "our second cat")
_PET_WORDS = (
    r"(?:(?!(?:sisters?|brothers?|mums?|moms?|mothers?|dads?|fathers?|parents?|friends?|neighbou?rs?|sons?|daughters?|"
    r"kids?|aunts?|uncles?|cousins?|grand\w+|nans?|boyfriends?|girlfriends?|partners?|husbands?|wife|wifes|"
    r"colleagues?|roommates?|flatmates?|in-laws?|late|former|previous|second|other|another)\b)(?![\w-]*'s?\b)[a-z][\w-]* ){0,2}?"
)
# A pet's name at a sentence's or a clause's start ("biscuit, our dog", "rusty my old beagle",
# "Biscuit the little chihuahua mix"), and the words that say what it is after it.
_PET_NAMED_FIRST = r"(?:^|(?<=[.;!?] )|\b(?:and|so|but) )(?P<v>(?!(?:" + _NOT_A_PET_NAME + r")\b)[A-Za-z][\w'-]+)"
_PET_NAMED_KIND = _PET_WORDS + r"(?:" + _PETS + "|" + _BREED + r")"
_SCHOOL_NAME = (
    rf"(?:St\.?|Saint|Ste\.?) [{_UP}][\w'&.-]*(?: [{_UP}][\w'&.-]*){{0,3}}|(?:[{_UP}][\w'&.-]* ){{1,3}}"
    r"(?:Primary|School|Academy|Elementary|High|College|Montessori|Kindergarten|Nursery|Preschool|Grammar|Prep|Junior|"
    r"Infants|Middle School|Day Care|Daycare|Kita)(?: School)?(?![\w'&-])"
)
_PET_KIND = r"(?:(?!(?:second|another|other|third|2nd|3rd|old|late|former|previous|first)\b)[a-z][\w-]* ){0,2}?"
_FACT_QUALIFIER = r"(?:new |current |usual |regular |main |own |family |mobile |cell |health |dental |car |home )?"
_FACT_NOUN = r"(?i:general practitioner|" + "|".join(_FACT_NOUNS) + r")"
_SUPPLIER = r"(?: (?i:provider|carrier|operator|network|supplier|company|plan|contract|insurer))?"
# "<thing> is <value>": a fact's noun and its value, for the person's own things and someone else's
_THING_IS = (
    "(?P<thing>"
    + _FACT_QUALIFIER
    + _FACT_NOUN
    + _SUPPLIER
    + r")(?: here| now| these days| over here)? is (?:now )?(?:called |named )?(?:an? |the )?(?P<v>"
    + _NAME
    + "|"
    + _TITLED
    + r"|\d{4} [\w -]{2,30}|(?!with\b)[a-z][\w -]{2,30})"
)

# Kinds of home no other thing is called ("a trailer" is also a film's, "a bungalow" is said of a
# parent's, so neither): one kind however it is spelled (`_said`).
_DWELLINGS = (
    r"double[ -]?wide|single[ -]?wide|mobile home|manufactured home|park home|static caravan|houseboat|narrowboat|"
    r"narrow boat|tiny house|tiny home"
)
_STREET = r"(?i:street|st|road|rd|avenue|ave|lane|ln|drive|boulevard|blvd|ulica|straße|strasse|rue)"
_STREET_HOMES = r"(?i:flat|apartment|house|place|home|condo|mieszkanie|wohnung|appartement|piso|apartamento)"
_NOT_A_STREET = (
    r"(?i:the|a|an|my|our|fire|sale|airbnb|market|floor|ground|top|bottom|hold|rent|loan|the market|a hill|"
    r"it|its|this|that|[0-9]\w*|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|weekdays?|holidays?|"
    r"january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|"
    r"jul|aug|sept?|oct|nov|dec|christmas|easter|new year|"
    r"vacation|lockdown|wheels|stilts|campus|site|board|offer|paper|instagram|zillow|rightmove)"
)
# A stay, not a home: "we're living in Lisbon for a few weeks", "I live in hotels on the road" (and
# "staying in" says none: LongMemEval's "I'm staying in Shinjuku / Manhattan / Haight-Ashbury" are trips)
_A_STAY = (
    r"(?![^.;!?]{0,40}\b(?:this week(?:end)?|for (?:the|a|two|three|four|a few|a couple of|\d+) (?:days?|nights?|weeks?|weekend|"
    r"holidays?|night|trip|conference)|tonight|at (?:a|an|the) (?:hotel|hostel|airbnb|b&b)|on (?:holiday|vacation))\b)"
)
# The words between "moved" and "to": "shifted down to Hobart", "moved back over to Leeds"
_AWAY = r"(?:(?:back|over|down|up|out|across|house|interstate|overseas|abroad) ){0,2}"
# Where a person comes from ("origin", not where they live now): "I'm originally from Sweden", "I grew up
# in Leeds", "I was born in Manila", "I moved here from Sweden", "my home country, Sweden". A month or a
# year is no place ("I was born in May"), and the name ends before a word in lower case or the clause's end.
_ORIGIN = (
    r"(?:the )?(?P<v>(?!(?:"
    + _NOT_A_STREET
    + r"|I|The|My|Our|A|An)\b)"
    + _PLACE
    + r")(?<!\sI)(?=\s*(?:[,.;:!?)(\-\u2013\u2014]|$)|\s+[a-z0-9])"
)
# After "I": a habit now, or in the progressive ("I take", "I'm taking", "I've been taking"); it opens
# with "(?:'m| am)?" so the rule keeps the search of the rules that open with "I" (`_opener`).
_BEEN_DOING = r"(?:'m| am)? ?(?:'ve been |'ve |have been | been )?"
# "moved from Sweden to Berlin": where from, before where to (the home rules read the "to")
_FROM_THERE = r"(?:(?:here |over )?from (?:the )?[" + _UP + r"][\w'&.-]*(?: [" + _UP + r"][\w'&.-]*){0,2} )?"
# Where a person goes every day: work, or the school or campus they teach or study at
_WORKPLACE = r"(?:work|the office|school|uni|university|college|campus|the hospital|the lab|the studio)"
_TRIP = r"(?:drive|walk|bike ride|cycle|ride|bus ride|train ride|tram ride|ferry ride|commute by (?:car|bus|train|bike|tram))"
_GYMS = (
    r"YMCA|Y|Planet Fitness|PureGym|Pure Gym|Anytime Fitness|Equinox|LA Fitness|Gold's Gym|24 Hour Fitness|Crunch(?: Fitness)?|"
    r"F45|Orangetheory|Virgin Active|David Lloyd|The Gym|Snap Fitness|Life Time|Lifetime|Basic-Fit|Fitness First|"
    r"Cult\.fit|Cultfit|Flyefit|Talwalkars|Energie Fitness|Ben Dunne Gym|"  # (India's and Ireland's: session 37)
    r"[A-Z][\w'&-]*(?: [A-Z][\w'&-]*){0,2} (?:Gym|Fitness|CrossFit|Climbing|Bouldering)"
)
_CARRIERS = (
    r"T-Mobile|Verizon|AT&T|Mint Mobile|Mint|Visible|Google Fi|Cricket|Metro by T-Mobile|US Mobile|Boost|"
    r"Vodafone|EE|O2|Three|Giffgaff|Lebara|Telstra|Optus|Boost Mobile|Fizz|Free|Orange|SFR|Bouygues|Rogers|Bell|Telus"
)
# Banks by name, for what names no account ("we're PTSB customers now", "everything's at DKB these
# days"): a name alone says it is a bank only when it is one of these, or ends in "Bank".
_BANKS = (
    r"(?:PTSB|AIB|Bank of Ireland|BOI|Ulster Bank|KBC|Revolut|N26|bunq|Monzo|Starling|Barclays|HSBC|Lloyds|NatWest|"
    r"Santander|Nationwide|Halifax|TSB|First Direct|Chase|Wells Fargo|Bank of America|BofA|Citi|Citibank|Capital One|"
    r"Ally|Schwab|PNC|TD|Chime|SoFi|RBC|Scotiabank|BMO|CIBC|Desjardins|Tangerine|Simplii|CommBank|Commonwealth Bank|"
    r"ANZ|NAB|Westpac|ING|Macquarie|Bendigo|DKB|Sparkasse|Commerzbank|Comdirect|Postbank|Volksbank|Consorsbank|"
    r"Trade Republic|BNP|BNP Paribas|Crédit Agricole|Société Générale|LCL|Boursorama|Banque Postale|Crédit Mutuel|"
    r"Rabobank|ABN AMRO|Wise|(?i:commbank|monzo|revolut|dkb|ptsb)|"
    r"[A-Z][\w'&-]*(?: [A-Z][\w'&-]*){0,2} (?:Bank|Credit Union|Building Society))(?![\w'&-])"
)
# Who supplies a thing a person switches ("our broadband", "my current account", "my energy").
_SUPPLIED = r"(?i:gas and electric(?:ity)?|current account|bank account|checking account|everyday account|savings account|bank|broadband|internet|nbn|wifi|wi-fi|energy|electricity|power|gas|insurance|phone|mobile|gym|pension|mortgage)"
_SPORTS = r"(?:football|soccer|tennis|squash|badminton|basketball|volleyball|rugby|cricket|golf|hockey|padel|netball|table tennis|ping pong|handball|baseball|softball|ultimate|futsal|lacrosse|water polo|pickleball)"
# A device named by its maker's line: the attribute it is, and the lines; a model's words after it.
_MODEL = r"(?:\d+\w*|Pro|Max|Plus|Mini|Ultra|SE|XL|Lite|Air|Fold|Flip|[A-Z]\d+\w*)(?![\w-])"
# In any case ("my galaxy s21", "got a pixel 8"): names no other thing is called. A car is named by
# its model or its maker, never by a model that is also a word ("my golf lesson", "a polo shirt").
_DEVICES = (
    (
        "phone",
        r"(?i:iphone|pixel|galaxy [saz]\d*|galaxy note|oneplus|fairphone|xiaomi|redmi|huawei p|nokia|moto g|xperia|nothing phone)",
    ),
    (
        "laptop",
        r"(?i:macbook|thinkpad|xps|surface laptop|surface pro|chromebook|zenbook|framework laptop|framework 13|framework 16)",
    ),
    (
        "car",
        r"(?i:corolla|camry|rav4|rav 4|prius|yaris|hilux|land ?cruiser|civic|cr-v|hr-v|mazda ?[236]|cx-[3359]0?|outback|forester|impreza|"
        r"i30|tucson|kona|sportage|cerato|qashqai|x-trail|tiguan|octavia|model [3ysx]|toyota|honda|mazda|subaru|hyundai|kia|"
        r"nissan|volkswagen|vw|tesla|bmw|audi|volvo|skoda|škoda|renault|peugeot|citroën|citroen|mitsubishi|lexus|polestar|byd)",
    ),
)
_DEVICE_NOUNS = frozenset(noun for noun, _ in _DEVICES)

# The people a household calls on: "my plumber is Karim Benali", "our accountant is Ana Lima" (a
# fact each). Read with a name only: "my plumber is coming on Thursday" names nobody, and a fact
# supersedes the one before it.
_PROVIDERS = (
    r"(?P<thing>(?i:plumber|electrician|accountant|lawyer|solicitor|notary|mechanic|babysitter|nanny|cleaner|"
    r"gardener|handyman|builder|optician|osteopath|dermatologist|gynaecologist|gynecologist|psychiatrist|"
    r"psychologist|tutor|chiropractor|midwife|financial advisor|estate agent|real estate agent|letting agent))"
)
_PROVIDER_IS = (
    r"\b(?:[Mm]y|[Oo]ur) (?:new |current |usual |regular |family )?"
    + _PROVIDERS
    + r" (?:is|'s) (?:now |called |named )?(?:still )?(?P<v>(?:(?:Dr|Mr|Mrs|Ms|Dre|Me)\.? )?"
    + _NAME
    + r"(?![\w'&.-])|"
    + _TITLED
    + ")"
)

# Sentences that state nothing: questions, plans, wishes, conditions, reported speech about others.
_HEDGE = patterns.lazy(
    r"\b(?:if|whether|would|might|could|should|maybe|perhaps|thinking (?:about|of)|considering|planning to|"
    # (not a plan bought: "I switched my phone plan to Vodafone", session 53)
    r"(?<!phone )(?<!data )(?<!mobile )(?<!cell )(?<!energy )(?<!health )(?<!dental )(?<!insurance )(?<!gym )"
    r"(?<!pension )plan to|"
    r"want(?:ing)? to|wanna|(?<!stopped )(?<!quit )(?<!stop )(?<!been )(?<!started )going to(?!\s+(?:my|our) (?:manager|boss|team|parents|mum|mom|dad)\b)|gonna|hope|hoping|wish|dream|imagine|suppose|pretend|will|'ll|"
    r"shall|can i|do i|am i|did i|unless|when i was|years ago|used to|"
    # a case put, not lived: "let's say I'm a nurse", "assume I am a lawyer", "as if I were a doctor"
    r"let's say|lets say|let us say|assume|assuming|supposing|hypothetical|hypothetically|what if|as if|as though|"
    # words denied or doubted: "I never said I live in Paris", "I don't think I work there anymore"
    r"never said|didn't say|did not say|never told|not saying|(?:do not|don't|dont) (?:say|write|put|mention)|(?:don't|do not) think\s+(?:that\s+)?(?:i|we)|not that|"
    # what nearly happened: "I almost moved to Berlin", "we nearly bought a Tesla"
    r"(?:almost|nearly) (?:\w+ )?(?:moved|took|got|bought|left|quit|became|went|signed|accepted|started|joined)|"
    # the time a journey ended, not a move: "I felt rested when I arrived in London"
    r"when\s+(?:i|we)\s+(?:finally\s+|first\s+|just\s+)?(?:arrived|landed|got\s+(?:to|in))|"
    # French: "si", "peut-être", "je pense/envisage de", "je voudrais / j'aimerais / je devrais", "je vais"
    # / "on va" (a plan), "j'espère", "il y a deux ans", "est-ce que"
    r"si|s'il|peut-être|pense|pensons|envisage|envisageons|voudrais|voudrait|voudrions|aimerais|aimerait|"
    r"aimerions|devrais|devrait|devrions|pourrais|pourrait|pourrions|vais|on va|allons|vont|rêve|espère|"
    r"espérons|il y a|est-ce que|quand j'étais|imaginons|imaginez|supposons|mettons que|disons que|admettons)\b|^say\b",  # ("Say I'm a nurse at Guy's, what ...")
    re.IGNORECASE,
)


# "First week at the CHUM done", "my first day at Shopify": the first days of a job, said as a diary
# line. Only in a text that speaks of work (`_WORK`): "First day at Disneyland!" is a holiday (and a
# first night is one at a hotel, so nights are neither a unit here nor a sign of work), and
# "my first week at the gym" names no one (lower case). "Her first day at École X" is not the person's.
_FIRST_AT = (
    r"(?:^|\b[Mm]y )(?:(?:very )?(?i:first|1st) (?:(?:full |official )?(?:day|week|month|shift)s?)|(?i:day|week|shift) (?:[2-9]|1\d|two|three|four|five)) (?:of work |on the job |back )?"
    r"(?:at (?:the )?|with (?:the )?(?=[^,.;!?]{0,40}?\b(?:Realty|Realtors|Group|Inc|LLC|Ltd|Properties|Partners|"
    r"Associates|Agency|Brokerage|Consulting|Solutions|Company|Corp)\b))(?P<v>"  # ("my first month with Lakeside &
    + _NAME  # Palm Realty": a firm by its name; not "my first week with Sarah")
    + "|"
    + _LOW_PLACE
    + r")(?![\w'&.-]| (?:is|starts|begins|will)\b)"  # not "... is on Monday"
)
# A firm worked for: a name, or one typed in lower case that the sentence says is a firm ("lexiconnect,
# an agency in hamburg").
_NAMED_FIRM = (
    r"(?:(?P<v>" + _NAME + r")|(?P<v2>[a-z][\w&'-]+(?: [a-z][\w&'-]+)?)(?=,? (?:an?|the) (?:\w+ )?"
    r"(?:agency|company|firm|studio|publisher|startup|start-up|consultancy|bureau|shop|brand|client)\b))"
)
_WORK = patterns.lazy(
    r"\b(?:job|work|working|shifts?|on nights|on days|manager|boss|colleagues?|co-?workers?|team|office|onboarding|hired|"
    r"role|position|ward|unit|employer|salary|payroll|badge|orientation|coworkers|patients?|clients?|customers?|"
    r"engineer|developer|scientist|analyst|intern|nurse|chef|broker|brokerage|realtor|listings?|commission|"
    r"teacher|teaching|principal)\b",  # (session 37: rowan) a teacher's "First week at Lincoln Middle"
    re.IGNORECASE,
)


# The words every match of a pattern holds (`needles.within`), by the pattern: one pass over a text
# (`needles.Finder`) tells most texts of an import apart from a pattern's matches before its search
# (the role-play request `_ROLE_PLAY`, searched in every turn, was 9% of `read`; a job's words 5%).
# (by the pattern object, one lookup: a pattern of `patterns.lazy` hashes as itself; session 51: life51)
_WORDS_OF: dict[re.Pattern[str], needles.Finder | int] = {}  # (an int: the search's place in `_screen`)


def _may_hold(pattern: re.Pattern[str], text: str) -> bool:
    """False only where `text` cannot match `pattern`: it is ASCII and holds none of the words every
    match of it holds (made at the first text looked at). A search of `_screen` is told by its one pass."""
    finder = _WORDS_OF.get(pattern)
    if finder is None:
        at = _screen()[1].get((pattern.pattern, pattern.flags))
        finder = _WORDS_OF[pattern] = at if at is not None else needles.Finder([needles.within(pattern)])
    if finder.__class__ is int:
        return not text.isascii() or finder in _screened(text)
    return finder.holds_any(text.lower() if text.isascii() else None)  # type: ignore[union-attr]


# (session 48: life48) The searches `read` looks for the words of in every text or sentence, told in one pass a text
# (`_screened`): each by its own pass was ~1.5 us a search a text, and a turn of an import looks for five to seven.
_SCREEN: list[tuple[needles.Finder, dict[tuple[str, int], int]]] = []


def _screen() -> tuple[needles.Finder, dict[tuple[str, int], int]]:
    """The finder of the words within each of the searches of every text, and each search's place in it (made at
    the first text: these searches are defined further down)."""
    if not _SCREEN:
        searches = (
            _ROLE_PLAY,
            _WORK,
            _A_CASE,
            _INTRODUCES,
            _PARTNER_GATE,
            _PASTED_AFTER,
            _S45L_GROUP_WORDS,
            _S45K_SAYS,
        )
        finder = needles.Finder([needles.within(search) for search in searches])
        _SCREEN.append((finder, {(search.pattern, search.flags): at for at, search in enumerate(searches)}))
    return _SCREEN[0]


@text_cache(maxsize=256)  # (a text and its sentences while `read` reads them)
def _screened(text: str) -> frozenset[int]:
    """The searches of `_screen` an ASCII text holds words of (the others cannot match it), in one pass."""
    return frozenset(_screen()[0].holding(text.lower()))


def _rule(
    attribute: str, memory_type: str, pattern: str, value: str = "v", *, flags: int = 0, gate: str = ""
) -> tuple[str, str, re.Pattern[str], str]:
    """One rule; `gate`: words one of which every match holds (searched first, case-insensitively,
    so a sentence without them skips the rule: see `_opener` for the rules that open with "I")."""
    compiled = patterns.lazy(pattern, flags)
    if gate:  # one object a gate, so rules sharing one search it once a sentence
        _GATES[compiled] = _GATE_OF.setdefault(gate, patterns.lazy(r"(?:" + gate + r")", re.IGNORECASE))
    return attribute, memory_type, compiled, value


_GATES: dict[re.Pattern[str], re.Pattern[str]] = {}
_GATE_OF: dict[str, re.Pattern[str]] = {}  # a gate's words -> its one search


_I = r"(?:^|(?<=[\s,;(]))(?:I|i)"
# A job taken, said before the job ("I got a job as", "I've accepted a position as"; session 53)
_TOOK_A_JOB_AS = (
    _I
    + r"(?: have|'ve)? "
    + _NOW
    + r"(?:got|have|landed|found|taken|took|accepted|started) (?:a |my )?(?:new |first |full-time |part-time )?"
    + r"(?:job|position|role|post) as an? "
)
# -- French: the same attributes and values as English ("J'habite à Montréal" is home = montréal,
# "mon médecin est le Dr Tremblay" doctor = dr tremblay), so a person who writes in both languages has
# one history. Every rule opens with `_FR` (a first-person or possessive word ahead) so `read` skips
# them all in a sentence without one (`_SAYS_FR`).
_FR = r"(?<![\w'])(?=(?i:j'|je |nous |mon |ma |mes |notre |nos |on (?:a|habite|vit|est|s'est|vient|ne)\b|on n'))"
_FR_AT = r"(?:à |a |au |aux |en )(?:l')?"  # "à Montréal", "au Québec", "en France", "à l'Île-Bizard"
# "au" names a country as often as a workplace ("je travaille au Québec"): not an employer.
_FR_NOT_WORK = r"(?!(?:Canada|Québec|Quebec|Portugal|Brésil|Japon|Maroc|Mexique|Royaume-Uni|Luxembourg|Danemark|Liban|Sénégal|Vietnam|Chili|Pérou|Cameroun|Bénin|Togo|Mali|Niger|Gabon|Congo|Nord|Sud)\b)"
_FR_WORK_AT = r"(?:au |aux |chez |pour |à la |à l'|a l'|à le )" + _FR_NOT_WORK
_FR_NOW = r"(?:maintenant |désormais |enfin |finalement |récemment |depuis peu |officiellement |actuellement |toujours |encore )?"
_FR_ROLES = (
    r"(?:infirmi(?:er|ère)|médecin|ingénieure?|développeu(?:r|se)|enseignante?|professeure?|prof|avocate?|comptable|"
    r"pharmacienne?|chercheu(?:r|se)|stagiaire|cadre|direct(?:eur|rice)|responsable|serveu(?:r|se)|vendeu(?:r|se)|"
    r"consultante?|designer|analyste|technicienne?|aide-soignante?|journaliste|architecte|éducat(?:eur|rice)|"
    r"secrétaire|cuisini(?:er|ère)|caissi(?:er|ère)|sage-femme|pharmacien|chauffeur|employée?|salariée?)s?"
)
# A French job title (masculine, feminine, plural) -> the English role (`_said`): "je suis infirmière"
# is role = nurse as "I'm a nurse" is, so a person who says it in both languages has said it once.
# Nouns only: "je suis fatiguée", "je suis sûre", "je suis en retard", "je suis à Paris" name none (an
# adjective of state or feeling is not a job), nor "responsable" ("je suis responsable de ça"),
# "cadre", "employée" or "salariée" (a status, not a title).
_FR_ROLE_EN = {
    "infirmier": "nurse",
    "infirmière": "nurse",
    "aide-soignant": "nursing assistant",
    "aide-soignante": "nursing assistant",
    "sage-femme": "midwife",
    "médecin": "doctor",
    "pharmacien": "pharmacist",
    "pharmacienne": "pharmacist",
    "kiné": "physiotherapist",
    "kinésithérapeute": "physiotherapist",
    "dentiste": "dentist",
    "vétérinaire": "vet",
    "psychologue": "psychologist",
    "ingénieur": "engineer",
    "ingénieure": "engineer",
    "développeur": "developer",
    "développeuse": "developer",
    "enseignant": "teacher",
    "enseignante": "teacher",
    "professeur": "teacher",
    "professeure": "teacher",
    "prof": "teacher",
    "instituteur": "teacher",
    "institutrice": "teacher",
    "avocat": "lawyer",
    "avocate": "lawyer",
    "notaire": "notary",
    "comptable": "accountant",
    "chercheur": "researcher",
    "chercheuse": "researcher",
    "doctorant": "phd student",
    "doctorante": "phd student",
    "étudiant": "student",
    "étudiante": "student",
    "stagiaire": "intern",
    "directeur": "director",
    "directrice": "director",
    "consultant": "consultant",
    "consultante": "consultant",
    "designer": "designer",
    "graphiste": "graphic designer",
    "analyste": "analyst",
    "technicien": "technician",
    "technicienne": "technician",
    "journaliste": "journalist",
    "traducteur": "translator",
    "traductrice": "translator",
    "photographe": "photographer",
    "architecte": "architect",
    "éducateur": "educator",
    "éducatrice": "educator",
    "secrétaire": "secretary",
    "cuisinier": "cook",
    "cuisinière": "cook",
    "serveur": "waiter",
    "serveuse": "waiter",
    "vendeur": "salesperson",
    "vendeuse": "salesperson",
    "caissier": "cashier",
    "caissière": "cashier",
    "boulanger": "baker",
    "boulangère": "baker",
    "plombier": "plumber",
    "électricien": "electrician",
    "électricienne": "electrician",
    "chauffeur": "driver",
    "policier": "police officer",
    "policière": "police officer",
    "pompier": "firefighter",
    "agriculteur": "farmer",
    "agricultrice": "farmer",
    "fonctionnaire": "civil servant",
}
# "je suis (une) infirmière", "je travaille comme infirmière", "je suis devenue avocate", "je suis
# maintenant prof": the title, then no more of a word ("infirmières" is the plural, read too).
_FR_ROLE = (
    r"(?:un |une )?(?P<role>(?i:"
    + "|".join(sorted(map(re.escape, _FR_ROLE_EN), key=len, reverse=True))
    + r"))s?(?![\w'-])"
)
_FR_AS_ROLE = (
    r"(?:je suis (?:devenue? )?"
    + _FR_NOW
    + r"(?:devenue? )?|je (?:travaille|bosse) "
    + _FR_NOW
    + r"comme |je (?:deviens|viens de devenir) )"
)
# A French thing's noun -> the English attribute (`_fact`): "mon médecin traitant" is "doctor".
_FR_FACTS = {
    "médecin": "doctor",
    "médecin traitant": "doctor",
    "médecin de famille": "doctor",
    "généraliste": "doctor",
    "dentiste": "dentist",
    "kiné": "physiotherapist",
    "kinésithérapeute": "physiotherapist",
    "physiothérapeute": "physiotherapist",
    "physio": "physiotherapist",
    "voiture": "car",
    "vélo": "bike",
    "vétérinaire": "vet",
    "véto": "vet",
    "banque": "bank",
    "propriétaire": "landlord",
    "proprio": "landlord",
    "opérateur": "phone provider",
    "forfait": "phone provider",
    "opérateur mobile": "phone provider",
    "assurance": "insurance",
    "coiffeur": "hairdresser",
    "coiffeuse": "hairdresser",
    "pharmacie": "pharmacy",
    "psy": "therapist",
    "psychologue": "therapist",
    "thérapeute": "therapist",
    "plombier": "plumber",
    "électricien": "electrician",
    "comptable": "accountant",
    "avocat": "lawyer",
    "avocate": "lawyer",
    "notaire": "notary",
    "garagiste": "mechanic",
    "mécanicien": "mechanic",
    "nounou": "babysitter",
    "baby-sitter": "babysitter",
    "femme de ménage": "cleaner",
    "ostéo": "osteopath",
    "ostéopathe": "osteopath",
    "opticien": "optician",
    "opticienne": "optician",
    "dermato": "dermatologist",
    "dermatologue": "dermatologist",
}
_FR_FACT = "(?P<thing>(?i:" + "|".join(sorted(_FR_FACTS, key=len, reverse=True)) + "))"
_FR_DAYS = {
    "lundi": "monday",
    "mardi": "tuesday",
    "mercredi": "wednesday",
    "jeudi": "thursday",
    "vendredi": "friday",
    "samedi": "saturday",
    "dimanche": "sunday",
}
_FR_DAY = r"(?P<day>(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?)\b"
_FRENCH = (
    ("role", IDENTITY, patterns.lazy(_FR + "(?i:" + _FR_AS_ROLE + ")" + _FR_ROLE), "role"),
    # an ending: "je n'habite plus à Paris", "on ne vit plus à Lyon", "je ne travaille plus chez Google"
    (
        "home",
        IDENTITY,
        patterns.lazy(
            _FR
            + r"(?i:je|on|nous) (?P<end>(?i:n'habite plus|ne vis plus|ne vit plus|n'habitons plus|ne vivons plus) "
            + _FR_AT
            + r"(?P<v>"
            + _PLACE
            + "))"
        ),
        "left",
    ),
    (
        "employer",
        IDENTITY,
        patterns.lazy(
            _FR
            + r"(?i:je|on|nous) (?P<end>(?i:ne travaille plus|ne travaillons plus) "
            + _FR_WORK_AT
            + r"(?P<v>"
            + _NAME
            + "))"
        ),
        "left",
    ),
    (
        "home",
        IDENTITY,
        patterns.lazy(
            _FR
            + r"(?i:j'habite|je vis|on habite|on vit|nous habitons|nous vivons|je suis installée?|on est installés?|nous sommes installés?) "
            + _FR_NOW
            + _FR_AT
            + r"(?P<v>"
            + _PLACE
            + ")"
        ),
        "v",
    ),
    (
        "home",
        IDENTITY,
        patterns.lazy(
            _FR
            + r"(?i:j'ai|on a|nous avons|on s'est|nous nous sommes|je me suis|je viens d'|on vient d'|nous venons d') ?"
            + _FR_NOW
            + r"(?i:déménagée?s?|emménagée?s?|installée?s?|déménager|emménager) "
            + _FR_AT
            + r"(?P<v>"
            + _PLACE
            + ")"
        ),
        "v",
    ),
    # a retirement dated or planned: "j'ai pris ma retraite en 2019", "je suis à la retraite depuis 2015",
    # "je prends ma retraite l'année prochaine", "je vais prendre ma retraite en 2027"
    (
        "retirement",
        IDENTITY,
        patterns.lazy(
            _FR
            + r"(?i:j'ai pris ma retraite|je suis (?:à la )?retraitée?|je suis à la retraite|je suis partie? à la retraite) "
            + r"(?i:en|depuis) (?P<when>(?:19|20)\d\d)\b"
        ),
        "retired",
    ),
    (
        "retirement",
        IDENTITY,
        patterns.lazy(
            _FR
            + r"(?P<plan>(?i:je prends ma retraite|je pars à la retraite|je vais prendre ma retraite|je vais partir à la retraite|"
            + r"je prendrai ma retraite|je partirai à la retraite)) "
            + r"(?P<when>(?i:l'année prochaine|l'an prochain|cette année|en (?:20\d\d)))"
        ),
        "retired",
    ),
    # where the person comes from: "je viens de Suède", "je suis originaire du Québec", "j'ai grandi à Lyon",
    # "je suis née en Suède" (not "je viens de déménager": a verb, in lower case)
    (
        "origin",
        IDENTITY,
        patterns.lazy(
            _FR
            + r"(?i:je viens|on vient|nous venons|je suis originaire|on est originaires?|nous sommes originaires) "
            + r"(?:(?i:de la |de l'|de |d'|du |des ))(?P<v>"
            + _NAME
            + r")(?<!\sJe)(?=\s*(?:[,.;:!?)(]|$)|\s+[a-zà-ÿ0-9])"
        ),
        "v",
    ),
    (
        "origin",
        IDENTITY,
        patterns.lazy(
            _FR
            + r"(?i:j'ai grandi|je suis née?|je suis née? et j'ai grandi|nous avons grandi|on a grandi) "
            + _FR_AT
            + r"(?P<v>"
            + _NAME
            + r")(?<!\sJe)(?=\s*(?:[,.;:!?)(]|$)|\s+[a-zà-ÿ0-9])"
        ),
        "v",
    ),
    (
        "employer",
        IDENTITY,
        patterns.lazy(
            _FR
            + r"(?i:je travaille|je bosse|je suis "
            + _FR_ROLES
            + r"|(?:je travaille|je bosse) comme (?:un |une )?"
            + _FR_ROLES
            + r"|j'ai (?:commencé|débuté)(?: (?:un nouveau |mon nouveau )?(?:travail|job|boulot|poste))?|j'ai été embauchée?|je viens d'être embauchée?|j'ai signé) "
            + _FR_NOW
            + r"(?i:"
            + _FR_WORK_AT
            + r"|par )(?P<v>"
            + _NAME
            + ")"
        ),
        "v",
    ),
    (
        "employer",
        IDENTITY,
        patterns.lazy(_FR + r"(?i:j'ai rejoint|je viens de rejoindre) (?:l'|la |le )?(?P<v>" + _NAME + ")"),
        "v",
    ),
    (
        "employer",
        IDENTITY,
        patterns.lazy(
            _FR
            + r"(?i:mon (?:nouveau |nouvel )?(?:travail|boulot|job|poste|employeur)) (?:est )?"
            + _FR_NOW
            + r"(?i:"
            + _FR_WORK_AT
            + r"|l'|la |le )?(?P<v>"
            + _NAME
            + ")"
        ),
        "v",
    ),
    (
        "manager",
        IDENTITY,
        patterns.lazy(
            _FR
            + r"(?i:(?:mon|ma) (?:nouveau |nouvelle |nouvel )?(?:manager|cheffe?|responsable|supérieure?|patronne?|gestionnaire|cadre|boss)(?: de santé| d'équipe| de service)?) "
            + r"(?:est|c'est) "
            + _FR_NOW
            + r"(?P<v>"
            + _NAME
            + ")"
        ),
        "v",
    ),
    (
        "fact",
        FACT,
        patterns.lazy(
            _FR
            + r"(?i:(?:mon|ma) (?:nouveau |nouvelle |nouvel )?)"
            + _FR_FACT
            + r" (?:est|c'est) "
            + _FR_NOW
            + r"(?:le |la |l'|un |une )?(?P<v>"
            + _NAME
            + ")",
        ),
        "v",
    ),
    (
        "shift",
        PREFERENCE,
        patterns.lazy(
            _FR
            + r"(?i:je (?:travaille|bosse|suis|fais)) (?:toujours |encore )?"
            + _FR_NOW
            + r"(?:de |en |les |des )(?P<v>(?i:nuit|jour|soir|matin)s?)\b(?! (?:de congé|off|par semaine|de suite))"
        ),
        "v",
    ),
    (
        "diet",
        IDENTITY,
        patterns.lazy(
            _FR
            + r"(?i:je suis (?:devenue? )?"
            + _FR_NOW
            + r"(?:devenue? )?)(?P<diet>(?i:végétarienne?|végétalienne?|végane?|vegan|pescétarienne?|flexitarienne?))\b"
        ),
        "diet",
    ),
    (
        "schedule",
        PREFERENCE,
        patterns.lazy(
            _FR + r"(?i:(?:mon|ma) (?:cours|séance|entraînement|club|leçon|répétition)s? de )(?P<thing>[\w-]+) "
            r"(?i:est|a lieu|c'est|est passée?|a été déplacée?|a changé pour|a bougé|passe) "
            + _FR_NOW
            + r"(?i:le |les |au |à )?"
            + _FR_DAY
        ),
        "day",
    ),
)
# -- routines: how often, what time, favourites in every shape ---------------------------------
# How often a person does a thing or sees someone ("every two weeks", "every other week",
# "fortnightly", "twice a month", "weekly", "daily"), the time they wake up or go to bed, and a
# favourite said by its name however the sentence is built ("my favorite BBQ sauce, Sweet Baby
# Ray's", "I'm currently obsessed with Kansas City Masterpiece BBQ sauce", "my favourite is X BBQ
# sauce"). A frequency is compared by what it means (`_often`: "every other week" is "biweekly"),
# a time by the clock (`_clock`: "7:30am" is "7:30 a.m.").
# -- Spanish, German, Chinese, Japanese, Korean: where a person lives and is from, as the same attributes
# and values as English ("me mudé a Madrid", "ich wohne jetzt in München", "我住在东京", "東京に住んでいます",
# "서울에 살아요": home; "soy de México", "ich komme aus Österreich", "我来自中国", "大阪出身です": origin).
# A place is read only as one the lists know (`vocab.place`, value group "place"): German writes every noun
# with a capital ("ich lebe in Angst" is no home), and Chinese, Japanese and Korean write no spaces or
# capitals to end a name. The person is the speaker: "I" or "we", or (Japanese, Korean) no subject at all,
# with only a first-person word, "now" or "these days" before the place (not "彼は東京に住んでいます").
# One search for all the Spanish and German rules, one for all the Chinese, Japanese and Korean ones
# (a search a sentence costs ~1 us: a gate each cost the reader 5% on an import); the second is not
# searched in a sentence all in ASCII (`_stated`).
_ES_DE_GATE = (
    r"vivo|vivimos|resido|mudé|mude |mudamos|mudado|traslad|soy |somos|crecí|creci |nací|naci |wohne|lebe |leben |"
    r"gezogen|ausgewandert|komme |kommen |stamme|geboren|aufgewachsen"
)
_CJK_GATE = r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]"
_ES_AT = r"(?:^|(?<=[\s,;(¡¿]))"
_CJK_AT = r"(?:^|(?<=[.!?。！？]\s)|(?<=[。！？]))"
_HAN = r"[\u4e00-\u9fff]"
_KANA_HAN = r"[\u4e00-\u9fff\u30a0-\u30ff]"
_HANGUL = r"[\uac00-\ud7a3]"
_JA_SELF = r"(?:(?:私|僕|俺|わたし|あたし|うち|今|いま|現在|最近|実は|もう)(?:は|も|、)?\s*){0,3}"
_KO_SELF = r"(?:(?:저는|나는|난|전|우리는|저희는|지금|지금은|요즘|요즘은|현재|현재는|이제|이제는)\s+){0,3}"
_OTHER_LANGUAGES = (
    _rule(
        "home",
        IDENTITY,
        _ES_AT
        + r"(?i:(?:yo |nosotros |nosotras )?(?:ahora |ya |actualmente |por fin )?(?:vivo|vivimos|resido|me mudé|me mude|nos mudamos|"
        + r"me he mudado|nos hemos mudado|me fui a vivir|nos fuimos a vivir|me trasladé|nos trasladamos) (?:ahora |ya )?(?:en|a) )"
        + r"(?P<v>"
        + _PLACE
        + ")",
        "place",
        gate=_ES_DE_GATE,
    ),
    _rule(
        "origin",
        IDENTITY,
        _ES_AT
        + r"(?i:(?:yo )?(?:soy|somos) (?:originari[oa]s? )?de|(?:yo )?(?:crecí|creci|nací|naci) en) (?P<v>"
        + _PLACE
        + ")",
        "place",
        gate=_ES_DE_GATE,
    ),
    _rule(
        "home",
        IDENTITY,
        r"(?<![\w'])(?i:ich wohne|ich lebe|wir wohnen|wir leben) (?:(?i:jetzt|nun|seit kurzem|mittlerweile|inzwischen|endlich|schon|"
        + r"wieder) )*in (?P<v>"
        + _PLACE
        + ")",
        "place",
        gate=_ES_DE_GATE,
    ),
    _rule(
        "home",
        IDENTITY,
        r"(?<![\w'])(?i:ich bin|wir sind) (?:(?i:jetzt|nun|gerade|endlich|letztes jahr|vor kurzem|wieder) )*nach (?P<v>"
        + _PLACE
        + r") (?i:gezogen|umgezogen|ausgewandert)",
        "place",
        gate=_ES_DE_GATE,
    ),
    _rule(
        "origin",
        IDENTITY,
        r"(?<![\w'])(?:(?i:ich komme|wir kommen|ich stamme) (?:(?i:ursprünglich|eigentlich|gebürtig) )?aus (?:der |dem )?(?P<v>"
        + _PLACE
        + r")|(?i:ich bin) in (?P<v2>"
        + _PLACE
        + r") (?i:geboren|aufgewachsen))",
        "place",
        gate=_ES_DE_GATE,
    ),
    _rule(
        "home",
        IDENTITY,
        r"(?:我|我们|我們)(?:现在|現在|目前|已经|已經|一直|也|终于|終於)?(?:住在|生活在|搬到了?|搬去了?|搬来了?|搬來了?)(?P<v>"
        + _HAN
        + "{2,10})",
        "place",
        gate=_CJK_GATE,
    ),
    _rule(
        "origin",
        IDENTITY,
        r"(?:我|我们|我們)(?:是(?P<v>"
        + _HAN
        + r"{2,8}?)人|(?:来自|來自|出生在|出生于|出生於)(?P<v2>"
        + _HAN
        + r"{2,8}))",
        "place",
        gate=_CJK_GATE,
    ),
    # "我在上海长大" (I grew up in Shanghai), not "我在上海" (I'm in Shanghai)
    _rule(
        "origin",
        IDENTITY,
        r"(?:我|我们|我們)在(?P<v>" + _HAN + r"{2,8}?)(?:长大|長大|出生)",
        "place",
        gate=_CJK_GATE,
    ),
    _rule(
        "home",
        IDENTITY,
        _CJK_AT
        + _JA_SELF
        + r"(?P<v>"
        + _KANA_HAN
        + r"{1,10})に(?:住んで|住む|住みます|住んだ|引っ越し|引越し|引っ越|移住し|移り住)",
        "place",
        gate=_CJK_GATE,
    ),
    _rule(
        "origin",
        IDENTITY,
        _CJK_AT + _JA_SELF + r"(?P<v>" + _KANA_HAN + r"{1,10})(?:出身|生まれ|育ち)",
        "place",
        gate=_CJK_GATE,
    ),
    _rule(
        "home",
        IDENTITY,
        _CJK_AT
        + _KO_SELF
        + r"(?P<v>"
        + _HANGUL
        + r"{1,8})(?:에|에서) (?:살아요|살고 있어요|살고 있습니다|삽니다|살아|살고 있어|살고 있다|산다|살고 있어요)"
        + r"|"
        + _CJK_AT
        + _KO_SELF
        + r"(?P<v2>"
        + _HANGUL
        + r"{1,8})(?:으로|로) 이사(?:했어요|했어|했습니다|했다|왔어요|왔어|왔습니다|갔어요|갔어)",
        "place",
        gate=_CJK_GATE,
    ),
    _rule(
        "origin",
        IDENTITY,
        _CJK_AT
        + _KO_SELF
        + r"(?P<v>"
        + _HANGUL
        + r"{1,8}) 출신(?:이에요|이야|입니다|이고|이에요)|"
        + _CJK_AT
        + _KO_SELF
        + r"(?P<v2>"
        + _HANGUL
        + r"{1,8})에서 (?:왔어요|왔어|왔습니다|자랐어요|태어났어요)",
        "place",
        gate=_CJK_GATE,
    ),
)


_NUMBER_WORDS = r"(?:once|twice|three times|four times|five times|six times|\d+ times)"
_FREQ = (
    r"(?P<often>every (?:single )?(?:day|morning|evening|night|week|weekend|month|fortnight|year)"
    r"|every (?:other|second|2nd|third|3rd|two|three|four|six|couple of|\d+) (?:days?|weeks?|months?)"
    r"|" + _NUMBER_WORDS + r" (?:a|per|every) (?:day|week|month|fortnight|year)"
    r"|(?:bi-?weekly|fortnightly|weekly|daily|monthly|bi-?monthly)(?! (?:basis )?(?:report|newsletter|email|update|digest|podcast|paper)))"
    r"(?![\w-])"
)
_FREQ_ADJ = r"(?P<often>(?:bi-?weekly|fortnightly|weekly|twice-weekly|daily|monthly|bi-?monthly))"
# Who a frequency is of when it is not the person's: "my son's", "my sister", "friends'".
_NOT_MINE = r"(?!(?:son|daughter|kids?|child(?:ren)?|partner|wife|husband|sister|brother|mother|mum|mom|father|dad|friend|boyfriend|girlfriend|colleague|team|boss|neighbou?r)s?\b)"
_MY_WHAT = r"(?P<thing>(?:" + _NOT_MINE + r"[A-Za-z][\w-]*(?<!'s)\s+){0,2}?)"
# The people a person sees on a schedule: named ("Dr. Smith", "Juan"), or by who they are.
_SEEN_WHO = (
    r"(?P<who>"
    + _DR
    + r"|(?:my |our )(?:therapist|counsell?or|psychologist|psychiatrist|physio|physiotherapist|chiropractor|osteopath|"
    r"(?:personal )?trainer|tutor|coach|mentor|nutritionist|dietitian)|(?!(?:I|We|It|My|Our|The|This|That|Them|Him|Her|You)\b)"
    + _NAME
    + r")"
)
_LINKED = (
    r"(?:[^.;?!]{0,40}?(?:\bit's|\bit is|\bthey're|\bthey are|\bwhich is|\bwhich are|\bthat's)[ ,]+|[ ,]+(?:- |– )?)"
)
_PURSUITS = (
    r"(?P<thing>(?i:tennis|table tennis|squash|badminton|padel|pickleball|golf|football|soccer|basketball|volleyball|"
    r"yoga|pilates|spin|boxing|swimming|swim|running|climbing|bouldering|cycling|dance|salsa|ballet|karate|judo|"
    r"piano|guitar|violin|singing|drawing|painting|pottery|cooking|chess|book club|language exchange|therapy|"
    r"spanish|french|italian|german|japanese|mandarin|chinese|portuguese|korean|arabic|russian|english))"
)
_PURSUIT_NOUNS = r"(?:sessions?|class(?:es)?|lessons?|games?|matches|practice|training|meetups?|nights?)"
_CLOCK = r"(?P<v>(?:[01]?\d|2[0-3])(?::[0-5]\d)?(?:\s?(?:(?i:[ap]m\b|[ap]\.m\.)|o'clock))?|noon|midnight)(?![\w:.,]\d|\s?(?:%|km|k\b|miles|mins?|minutes|hours?|hrs?|times|days|kg|lbs?|pounds|years?))"
_DAY_ANY = r"(?i:" + _DAY + ")"
_WHEN_DAY = (
    r"(?:(?:on|every|during the|during) (?P<day>"
    + _DAY_ANY
    + r"|weekdays|weekends?|the weekends?|workdays|work days)(?: mornings?)?)"
)
_FAV = r"(?:favou?rite)"
# one favourite of several is no change of the favourite ("one of my favorite authors, Celeste Ng")
_MY_FAV = r"(?<!one of )(?<!some of )(?<!few of )(?<!two of )(?<!any of )(?<!all of )\b[Mm]y (?:new |current |all-time |absolute )?"
# A thing a favourite is of, with an acronym in it ("BBQ sauce", "TV show", "IPA"): lower-case
# things are read by the rule of `_THING`.
_FAV_THING = r"(?P<thing>(?:[a-z][\w-]* )?[A-Z]{2,5}(?: [a-z][\w-]*){0,2}|[a-z][\w-]*(?: [a-z][\w-]*){0,2})"
# A brand or a title: capitalised words, "of" / "&" inside ("Kansas City Masterpiece", "Ben & Jerry's")
_BRAND = (
    r"(?P<v>(?!(?:I|It|It's|Its|This|That|These|Those|He|She|They|We|Which|What|Who|Here|There|Mine|One|Another|Today|"
    r"Nothing|Everything|Something|Anything|Definitely|Probably|Honestly|Maybe|Actually|Currently|Still|Now|Right|But|And|So|Also)\b)"
    rf"(?:[{_UP}][a-z\u00e0-\u024f][\w'&.-]*|[{_UP}]\.)(?: (?:of |de |& |and )?(?:[{_UP}][a-z\u00e0-\u024f][\w'&.-]*|[{_UP}]\.)){{0,4}})"
)
# What a brand is of, after it: "Kansas City Masterpiece BBQ sauce" (not "... on my ribs").
_BRAND_THING = (
    r"(?P<thing>(?:[A-Z]{2,5} )?(?!(?:" + _NAME_ENDS[3:-1] + r"|right|lately|recently|days)\b)[a-z][\w-]+"
    r"(?: (?!(?:" + _NAME_ENDS[3:-1] + r"|right|lately|recently|days)\b)[a-z][\w-]+)?)"
    r"(?=\s*(?:[,.;:!?)]|$)| (?:on|with|for|but|and|because|from|at|in|right now|these days|at the moment|lately)\b)"
)
# Every routine rule holds one of these words (one gate for them all: each needle is looked for in
# every sentence, so few; "every " passes "every time" too, and each rule's own words tell the rest)
_ROUTINE_WORDS: tuple[str, ...] = ("every ", "weekly", "daily", "monthly", "fortnight", "twice", "times ", "once ")
_ROUTINE_WORDS += ("wak", "get up", "getting up", "alarm", "bed", "favo", "obsessed", "hooked")
_ROUTINE_WORDS += ("in love", "dedicat", "spend", "devot", "gym")
_ROUTINE_GATE = "|".join(_ROUTINE_WORDS)
_ROUTINES = (
    # "I see Dr. Smith every week", "I meet with my tutor every other week"
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"(?:usually |normally |only )?(?:see|visit|meet up with|meet with|meet) "
        + _SEEN_WHO
        + r"(?: (?:for|at|in) [^.,;]{1,30}?)?,? (?:about |roughly |around |like |once )?"
        + _FREQ,
        "often",
        gate=_ROUTINE_GATE,
    ),
    # "I have a therapy session with Dr. Smith coming up soon - it's every two weeks"
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r" (?:have|'ve got|have got|got|do|attend) (?:a |an |my |the |our )?(?P<thing>(?:[A-Za-z][\w-]*\s+){0,2}?)"
        + _ACTIVITY_NOUNS
        + r"(?: with "
        + _SEEN_WHO
        + r")?"
        + _LINKED
        + r"(?:usually |always |now |still )?"
        + _FREQ,
        "often",
        gate=_ROUTINE_GATE,
    ),
    # "my therapy sessions with Dr. Smith are every two weeks", "my Spanish class is weekly now"
    _rule(
        "schedule",
        PREFERENCE,
        r"\b[Mm]y (?:own |regular |usual )?"
        + _MY_WHAT
        + _ACTIVITY_NOUNS
        + r"(?: with "
        + _SEEN_WHO
        + r")? (?:is|are|happens?|takes place|runs?|meets?) (?:now |still |usually |always )?(?:held |on |once )?"
        + _FREQ,
        "often",
        gate=_ROUTINE_GATE,
    ),
    # "my own weekly tennis sessions with friends", "I have a fortnightly piano lesson"
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:\b[Mm]y|"
        + _I
        + r" (?:have|do|go to|attend|take|play)(?: a| an| my| the)?) (?:own |regular |usual )?"
        + _FREQ_ADJ
        + r" "
        + _PURSUITS
        + r" "
        + _PURSUIT_NOUNS
        + r"\b",
        "often",
        gate=_ROUTINE_GATE,
    ),
    # "I play tennis with my friends every week", "I've been doing yoga twice a week", "we go climbing every other week"
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?:'ve been| have been|'m| am|'re| are)? "
        + _NOW
        + r"(?:usually |normally |still )?(?:play(?:ing)?|do|doing|go to|going to|go|going|have|having|take|taking|attend(?:ing)?) (?:my |our |a |the )?"
        + _PURSUITS
        + r"(?: "
        + _PURSUIT_NOUNS
        + r")?(?: (?:with|at|in) [^.,;?!]{1,50}?)?,? (?:about |roughly |around |like )?"
        + _FREQ,
        "often",
        gate=_ROUTINE_GATE,
    ),
    # how often, said of the habit's routine: "I've been consistent with my gym routine - four times a week,
    # actually" (LongMemEval S item 196), "my running schedule is three times a week now"; and "I've been
    # hitting the gym four times a week"
    _rule(
        "schedule",
        PREFERENCE,
        r"\b[Mm]y (?P<thing>gym|running|swimming|climbing|cycling|yoga|pilates|bouldering) (?:routine|schedule|sessions|workouts)"
        + r"(?: (?:is|are|has been|have been))?(?:\s*[-–—:,]\s*| )(?:now |currently |still |about |around |roughly |like |actually |usually )*"
        + _FREQ,
        "often",
        gate=_ROUTINE_GATE,
    ),
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r"(?:'ve been| have been|'m| am) "
        + _NOW
        + r"(?:hitting|going to|getting to) (?:the )?(?P<thing>gym) (?:about |around |roughly |like |at least )?"
        + _FREQ,
        "often",
        gate=_ROUTINE_GATE,
    ),
    # the time of a habit: "I usually go to the gym at 7 pm", "I hit the gym around 6:00 pm on weekdays"
    _rule(
        "time",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"(?:usually |normally |always |typically |generally )?(?:go to|hit|head to|train at|work out at) (?:the |my )?(?P<thing>gym)"
        + r"(?: (?:usually |normally |always )?(?:at|around|about|by))(?: around| about)? "
        + _CLOCK
        + r"(?! (?:tomorrow|tonight|today|this|next)\b)",
        "clock",
        gate=_ROUTINE_GATE,
    ),
    # the time given to a thing each day: "I've been dedicating about an hour each day to coding exercises"
    _rule(
        "time on",
        PREFERENCE,
        _I
        + r"(?:'ve been| have been|'m| am)? "
        + _NOW
        + r"(?:usually |normally |always |typically )?(?:dedicat(?:e|ing)|spend(?:ing)?|devot(?:e|ing)) "
        + r"(?:about |around |roughly |at least |approximately |like )?(?P<v>(?:an?|one|two|three|four|five|half an|an hour and a half|\d+(?:[.,]\d+)?) ?(?:hours?|hrs?|minutes|mins?)|half an hour|an hour and a half) "
        + r"(?P<each>each|every|a|per) (?P<per>day|week|morning|evening|night) (?:to|on|for|practi[cs]ing|doing|working on) (?:my |the )?"
        + r"(?P<thing>(?:[A-Za-z][\w-]* ){0,2}?[A-Za-z][\w-]*)(?=\s*(?:[,.;:!?)]|$)| (?:and|but|so|because|which|to|on|at|in|with|every|each|since|now|lately)\b)",
        "spent",
        gate=_ROUTINE_GATE,
    ),
    # "My language exchange class with Juan is on Wednesday evening"
    _rule(
        "schedule",
        PREFERENCE,
        r"\b[Mm]y "
        + _MY_WHAT
        + _ACTIVITY_NOUNS
        + r" with "
        + _SEEN_WHO
        + r" (?:is|are|happens|takes place|runs|meets) (?:now |always |usually )?(?:on )?(?P<day>"
        + _DAY_ANY
        + ")",
        "day",
        gate=_DAY,
    ),
    # the time a person wakes up: "I've been waking up around 8:30 am on Saturdays", "I like to wake
    # up at 7:30 am on Saturdays", "on weekdays I get up at 6", "my alarm goes off at 5:45"
    _rule(
        "wake",
        PREFERENCE,
        r"(?:\b(?i:on|every) (?P<day2>"
        + _DAY_ANY
        + r"|weekdays|weekends|workdays)(?: mornings?)?,? )?"
        + _I
        + r"(?:'ve been|'m| have been| am)? (?:usually |normally |always |generally |typically |now |still |currently |just |tend to |like to |try to |prefer to |have to |need to )*"
        + r"(?:wake|waking|get|getting) up (?:at|around|about|by|before)(?: around| about)? "
        + _CLOCK
        + r"(?! (?:tomorrow|tonight|today|this|next)\b)(?: "
        + _WHEN_DAY
        + r")?",
        "clock",
        gate=_ROUTINE_GATE,
    ),
    _rule(
        "wake",
        PREFERENCE,
        r"\b[Mm]y (?:usual |normal |weekday |daily )?alarm (?:is (?:set )?(?:for|at)|goes off at|rings at|is) (?:around |about )?"
        + _CLOCK
        + r"(?: "
        + _WHEN_DAY
        + r")?",
        "clock",
        gate=_ROUTINE_GATE,
    ),
    _rule(
        "bedtime",
        PREFERENCE,
        _I
        + r"(?:'ve been|'m| have been| am)? (?:usually |normally |always |generally |typically |now |still |currently |tend to |like to |try to )*"
        + r"(?:go|going|get|head|heading) (?:to bed|to sleep) (?:at|around|about|by|before)(?: around| about)? "
        + _CLOCK
        + r"(?! (?:tomorrow|tonight|today|this|next)\b)(?: "
        + _WHEN_DAY
        + r")?",
        "clock",
        gate=_ROUTINE_GATE,
    ),
    _rule(
        "bedtime",
        PREFERENCE,
        r"\b[Mm]y (?:usual |normal )?bedtime is (?:around |about )?" + _CLOCK,
        "clock",
        gate=_ROUTINE_GATE,
    ),
    # favourites: "my favorite BBQ sauce, Sweet Baby Ray's", "my favorite BBQ sauce is Sweet Baby Ray's"
    _rule(
        "favourite",
        PREFERENCE,
        _MY_FAV + _FAV + r" " + _FAV_THING + r"(?:,| -| –) " + _BRAND,
        "fav",
        gate=_ROUTINE_GATE,
    ),
    _rule(
        "favourite",
        PREFERENCE,
        _MY_FAV
        + _FAV
        + r" (?P<thing>(?:[a-z][\w-]* )?[A-Z]{2,5}(?: [a-z][\w-]*){0,2}) (?:is|are|has to be) (?:now |still |definitely |probably |easily )?"
        + _BRAND.replace("(?P<v>", "(?P<v>(?:The |the )?", 1),
        "fav",
        gate=_ROUTINE_GATE,
    ),
    # "Sweet Baby Ray's is my favorite BBQ sauce", "Kansas City Masterpiece has become my new favourite BBQ sauce"
    _rule(
        "favourite",
        PREFERENCE,
        r"(?:^|(?<=[,;(] )|\b(?:and|but|so|though|honestly|currently|now) )"
        + _BRAND
        + r" (?:is|has become|became|remains|is still|is now|are) (?:still |now |definitely |easily |officially )?my (?:new |current |all-time |absolute )?"
        + _FAV
        + r" "
        + _FAV_THING,
        "fav",
        gate=_ROUTINE_GATE,
    ),
    # "Currently, my favourite is Kansas City Masterpiece BBQ sauce"
    _rule(
        "favourite",
        PREFERENCE,
        _MY_FAV
        + _FAV
        + r" (?:right now |at the moment |these days |lately |now |currently )?(?:is|has to be|has become) (?:now |still |definitely |easily |probably )?"
        + _BRAND
        + r" "
        + _BRAND_THING,
        "fav",
        gate=_ROUTINE_GATE,
    ),
    # "I'm currently obsessed with Kansas City Masterpiece BBQ sauce on my ribs"
    _rule(
        "favourite",
        PREFERENCE,
        _I
        + r"(?:'m| am|'ve been| have been) (?:currently |really |totally |absolutely |so |just |now |completely |a bit |kind of |kinda )*"
        + r"(?:obsessed with|hooked on|in love with) "
        + _BRAND
        + r" "
        + _BRAND_THING,
        "fav",
        gate=_ROUTINE_GATE,
    ),
)
_ROUTINE_GROUPS = frozenset(["often", "clock", "fav", "spent", "hours"])
_COUNTS = {"once": 1, "twice": 2, "other": 2, "second": 2, "2nd": 2, "couple of": 2, "third": 3, "3rd": 3}
_COUNTS |= {w: n for n, w in enumerate(("one", "two", "three", "four", "five", "six"), start=1)}
_EACH = {"day": "daily", "morning": "daily", "evening": "daily", "night": "daily", "week": "weekly"}
_EACH |= {"weekend": "weekly", "month": "monthly", "fortnight": "every 2 weeks", "year": "yearly"}
_OFTEN_NAMED = {"daily": "daily", "nightly": "daily", "weekly": "weekly", "monthly": "monthly", "yearly": "yearly"}
_OFTEN_NAMED |= {"biweekly": "every 2 weeks", "fortnightly": "every 2 weeks", "every fortnight": "every 2 weeks"}
_OFTEN_NAMED |= {"bimonthly": "every 2 months", "twiceweekly": "2 times a week"}
_EVERY_N = patterns.lazy(r"every (\w+|couple of) (day|week|month)s?")
_N_TIMES = patterns.lazy(r"(once|twice|(\w+) (?:times|days)|(\d) ?x) (?:a|per|every) (day|week|month|fortnight|year)")


# The days after a day, in a list ("Mondays, Wednesdays and Fridays"; not "Mondays or Fridays").
_A_DAY = patterns.lazy(r"(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b")
_MORE_DAYS = patterns.lazy(r"(?:(?:,|,? and|,? &) (?i:(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b)+")
# "Monday to Thursday", "Mondays through Fridays", "Tuesday-Saturday": the days between as well
_DAY_RANGE = patterns.lazy(
    r"\s*(?i:to|through|thru|till|until|-|–)\s*(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b"
)


def _often(value: str) -> str | None:
    """How often, one way for each ("every other week", "biweekly", "every two weeks", "fortnightly" and
    "twice a month": "every 2 weeks"; "once a week": "weekly"; "monday wednesday friday": "3 times a
    week"), None for no frequency (a day alone is a day)."""
    days = value.split()
    if len(days) > 1 and all(d in _DAYS for d in days):
        return f"{len(days)} times a week"
    said = re.sub(r"^(?:each|every single) ", "every ", " ".join(value.casefold().replace("-", "").split()))
    words = said.split()
    if said in _OFTEN_NAMED or (len(words) == 2 and words[0] == "every" and words[1] in _EACH):
        return _OFTEN_NAMED.get(said) or _EACH[words[-1]]
    every = _EVERY_N.fullmatch(said)
    if every:
        count = int(every.group(1)) if every.group(1).isdigit() else _COUNTS.get(every.group(1))
        return None if count is None else _EACH[every.group(2)] if count == 1 else f"every {count} {every.group(2)}s"
    times = _N_TIMES.fullmatch(said)
    if not times:
        return None
    word = times.group(2) or times.group(3) or times.group(1)
    count, unit = (int(word) if word.isdigit() else _COUNTS.get(word)), times.group(4)
    if count == 1 or (count == 2 and unit == "month"):
        return _EACH[unit] if count == 1 else "every 2 weeks"
    return None if count is None else f"{count} times a {unit}"


def _same_often(a: Said, b: Said) -> bool | None:
    """Two schedules said by how often: one value where they mean one frequency; a frequency and a
    day are one habit said two ways (None: not a question of frequency)."""
    if not a.attribute.startswith("schedule:") or "stopped" in (a.value, b.value):
        return None
    if all(d in _DAYS for d in (*a.value.split(), *b.value.split())):
        return set(a.value.split()) == set(b.value.split())  # days named on both sides: the same days?
    x, y = _often(a.value), _often(b.value)
    if x is None and y is None:
        return None
    return x == y if x is not None and y is not None else True


def _clock(shown: str) -> str:
    """A time of day one way: "7:30am", "7:30 a.m." -> "7:30 am"; "8" -> "8:00"; "noon" -> "12:00 pm"."""
    said = shown.casefold().replace(".", "").replace(" ", "")
    said = {"noon": "12pm", "midnight": "12am"}.get(said, said)
    time = re.fullmatch(r"(\d{1,2})(?::(\d\d))?(am|pm|o'clock)?", said)
    if time is None:
        return said
    half = f" {time.group(3)}" if time.group(3) in ("am", "pm") else ""
    return f"{int(time.group(1))}:{time.group(2) or '00'}{half}"


_SPENT_WORDS = {"a": "1", "an": "1", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5"}
_SPENT_WORDS |= {"half an hour": "30 minutes", "an hour and a half": "90 minutes"}


def _spent(shown: str) -> str:
    """Time given to a thing, one way: "an hour per day" -> "1 hour per day", "2 hrs" -> "2 hours", "half an hour" -> "30 minutes"."""
    said = shown.casefold()
    for words, number in sorted(_SPENT_WORDS.items(), key=lambda w: -len(w[0])):
        said = re.sub(rf"^{words}\b ?", number + " ", said) if " " in words or said.split()[0] == words else said
    said = re.sub(r"\b(?:hrs?|hours?)\b", "hours", re.sub(r"\b(?:mins?|minutes)\b", "minutes", said))
    return re.sub(r"^1 (hour|minute)s\b", r"1 \1", said)


def _day_key(day: str) -> str:
    """The days a routine time is of: "Saturdays" / "saturday mornings" -> saturday, "the weekends" -> weekend."""
    word = day.casefold().removeprefix("the ").split()[0].rstrip("s")
    return {"workday": "weekday", "work": "weekday"}.get(word, word)


# Words that are no favourite thing ("my favourite part, ...", "my favorite thing, honestly")
_NOT_A_FAVOURITE = frozenset(
    ["part", "thing", "things", "one", "ones", "bit", "way", "moment", "kind", "time", "kinds"]
)


def _routine(attribute: str, memory_type: str, groups: dict[str, str | None], value_group: str) -> Said | None:
    """How often (`often`: of the person seen, else of the activity), a time of day (`clock`: of the
    days said), a favourite by its name (`fav`)."""
    if value_group == "often":
        shown = groups["often"] or ""
        who = (groups.get("who") or "").strip()
        if who:
            who = re.sub(r"^(?:my|our) (?:personal )?", "", who, flags=re.IGNORECASE)
            key = _A_TITLE.sub("dr ", _norm(who), count=1) if _A_TITLE.match(who) else _norm(who)
        else:  # (a rule that names what it is of: "schedule:work")
            key = attribute.partition(":")[2] or _activity(groups.get("thing"))
        return Said(f"schedule:{key}", shown.casefold(), shown, memory_type)
    if value_group == "hours":  # "thirty hours a week", "30 hrs per week": "30 hours a week"
        hours = (groups["hours"] or "").casefold()
        return Said(
            attribute, f"{_HOURS_SAID.get(hours, hours)} hours a week", f"{groups['hours']} hours a week", memory_type
        )
    if value_group == "clock":
        shown = groups["v"] or ""
        day, thing = groups.get("day") or groups.get("day2"), groups.get("thing")
        attribute = f"{attribute}:{_activity(thing)}" if thing else attribute
        return Said(f"{attribute}:{_day_key(day)}" if day else attribute, _clock(shown), shown, memory_type)
    if value_group == "spent":
        shown, per = f"{groups['v']} {groups['each']} {groups['per']}", f"{groups['v']} per {groups['per']}"
        return Said(f"{attribute}:{_activity(groups.get('thing'))}", _spent(per), shown, memory_type)
    thing, shown = _thing(groups.get("thing")), (groups.get("v") or "").strip(" .,")
    if not thing or thing in _NOT_A_FAVOURITE or not _norm(shown) or shown.casefold() in tokens.STOPWORDS:
        return None
    return Said(f"favourite:{thing}", _norm(shown), shown, memory_type)


# "I'm planning to play tennis with my friends this Sunday, like we do every other week": the plan
# is a plan, and the habit it is like is said (read apart from the rules, whose match would hold the
# plan's words).
_LIKE_WE_DO = patterns.lazy(
    r"\b(?:like|as) (?:we|I|i) (?:usually |normally |always |typically )?(?:do|have|play)(?: it| them)?,? " + _FREQ
)
_DONE = patterns.lazy(
    r"\b(?:play|playing|do|doing|go|going|have|having|for|my|our) (?:some |a |our |my )?" + _PURSUITS + r"\b"
)


# "what time should I start my jog, considering I like to wake up at 7:30 am on Saturdays?": a routine
# given as the reason of a question or a plan is said all the same.
_REASON = patterns.lazy(r"\b(?:considering|since|because|given that|now that|as) (?=(?:I|i)\b)")


def _given(sentence: str) -> list[Said]:
    """The routines (`_ROUTINES`) said in a reason clause of a sentence the rules pass over as asked
    or hedged (read from the reason on, hedged only by its own words)."""
    out: list[Said] = []
    for reason in _REASON.finditer(sentence):
        clause = sentence[reason.end() :].rstrip("?")
        for attribute, memory_type, pattern, value_group in _ROUTINES:
            gate = _GATES.get(pattern)
            if gate is not None and gate.search(clause) is None:
                continue
            for match in pattern.finditer(clause):
                said = (
                    None if _HEDGE.search(clause[: match.end()]) else _said(attribute, memory_type, match, value_group)
                )
                out += [said] if said is not None else []
    return out


def _like_we_do(sentence: str) -> list[Said]:
    """A habit a sentence says its plan is like, of the activity the person plans."""
    habit = _LIKE_WE_DO.search(sentence)
    if habit is None or _HEDGE.search(habit.group(0)):
        return []
    planned = list(_DONE.finditer(sentence, 0, habit.start()))
    done = planned[-1] if planned else None
    if (
        done is None
        or not _SAYS_I_OR_WE.search(sentence[: done.start()] + " ")
        or vocab.someone_else(sentence[: done.start()])
    ):
        return []
    shown = habit.group("often")
    return [Said(f"schedule:{_activity(done.group('thing'))}", shown.casefold(), shown, PREFERENCE)]


# "set reminders for my gym sessions, which I usually go to at 7:00 pm?", "before I head to the gym,
# which is usually at 6:00 pm": the usual time of a habit, said in a relative clause of a question or
# a plan (a habit's word, "usually", says it is one; someone else's is not read).
_HABIT_AT = patterns.lazy(
    r"(?:which|that) (?:is |are |I )?(?:usually|normally|always|typically) (?:go to |do |have |attend |start |is |are )?"
    r"(?:at|around|about) " + _CLOCK
)
_HABIT_OF = patterns.lazy(
    r"\b(?P<thing>gym|" + _PURSUITS[len("(?P<thing>") : -1] + r")(?: sessions?| class(?:es)?| workouts?| practice)?,? $"
)


def _habit_at(sentence: str) -> list[Said]:
    """The usual time of a habit of the person's, said in a relative clause (`_HABIT_AT`) right after
    the habit (`_HABIT_OF`)."""
    found = _HABIT_AT.search(sentence)
    habit = _HABIT_OF.search(sentence[max(0, found.start() - 60) : found.start()]) if found else None
    if found is None or habit is None:
        return []
    before = sentence[: found.start()]
    if (not _SAYS_I_OR_WE.search(before) and not _SAYS_MY.search(sentence)) or vocab.someone_else(
        before[: -len(habit.group(0))]
    ):
        return []
    shown = found.group("v")
    return [Said(f"time:{_activity(habit.group('thing'))}", _clock(shown), shown, PREFERENCE)]


# The words each of them needs, looked for first (most sentences hold none: `_routines_apart` runs on all)
_REASON_WORDS = ("considering", "since", "because", "given that", "now that", "as i ", "as i'")
_HABIT_WORDS = ("usually", "normally", "always", "typically")
_LIKE_WORDS = ("like we", "as we", "like i ", "as i ")
_HOLDS_A_REASON, _HOLDS_A_ROUTINE = needles.Holds(_REASON_WORDS), needles.Holds(_ROUTINE_WORDS)  # (in one pass each)


def _routines_apart(sentence: str) -> list[Said]:
    """The routines read apart from the rules, whose match would hold a plan's or a question's words:
    a routine given as a reason (`_given`), the usual time of a habit (`_habit_at`), a habit a plan is
    like (`_like_we_do`)."""
    low, out = sentence.lower(), []
    if _HOLDS_A_REASON(low) and _HOLDS_A_ROUTINE(low):
        out += (
            _given(sentence) if _REASON.search(sentence) and (sentence.endswith("?") or _HEDGE.search(sentence)) else []
        )
    if ("which " in low or "that " in low) and any(map(low.__contains__, _HABIT_WORDS)):
        out += _habit_at(sentence)
    if any(map(low.__contains__, _LIKE_WORDS)):
        out += _like_we_do(sentence)
    return out


# Questions of a routine (`_ROUTINES`): "how often do I see my therapist, Dr. Smith" (schedule:dr smith),
# "how often do I play tennis", "what time do I wake up on Saturday mornings" (wake:saturday), "what
# time do I usually go to the gym" (time:gym), "how much time do I dedicate to coding exercises each
# day" (time on:exercises), "what brand of BBQ sauce am I currently obsessed with" (favourite:bbq sauce).
_ASK_OFTEN = patterns.lazy(
    r"\b(?i:how often|how frequently|how many times a (?:week|month)) (?i:do|did) (?i:i|we) (?i:usually |currently |still |now )?"
    r"(?P<verb>(?i:see|visit|meet(?: up)?(?: with)?|play|do|go to|go|attend|have|take)) (?P<what>[^?]+)"
)
_ASK_NAMED = patterns.lazy(_DR + r"|(?<![\w'])" + _NAME)
_ASK_PURSUIT = patterns.lazy(r"\b(?:" + _PURSUITS[len("(?P<thing>") : -1] + r"|gym)\b")
_ASK_CLOCK = patterns.lazy(
    r"\bwhat time (?:do|did) (?:i|we) (?:usually |normally |typically |currently |now )?(?:(?P<wake>wake up|get up)"
    r"(?: (?:on|during) (?P<day>" + _DAY + r"|weekdays|weekends|the weekends?))?|(?P<bed>go to bed|go to sleep)|"
    r"(?:go to|hit|head to) (?:the )?(?P<gym>gym))",
    re.IGNORECASE,
)
_ASK_SPENT = patterns.lazy(
    r"\bhow (?:much time|many (?:hours|minutes)) (?:do|did) (?:i|we) (?:usually |currently |now )?(?:dedicate|spend|devote|put in|set aside) "
    r"(?:to|on|for) (?:my |the )?(?P<thing>[a-z][\w -]*?)(?: (?:each|every|a|per) (?:day|week|morning|evening|night))?\s*\??$",
    re.IGNORECASE,
)
_ASK_BRAND = patterns.lazy(
    r"\b(?:what|which) (?:brand|kind|type|make) of (?P<thing>[\w -]+?) (?:am i|are we) (?:currently |now |still |really )?"
    r"(?:obsessed with|hooked on|addicted to|into|loving)\b",
    re.IGNORECASE,
)


def _asked_routine(query: str) -> set[str]:
    """The routine a question asks about (`_ASK_OFTEN` and the others above), as `read` names it."""
    found: set[str] = set()
    often = _ASK_OFTEN.search(query)
    if often and often.group("verb").casefold().startswith(("see", "visit", "meet")):
        named = _ASK_NAMED.search(often.group("what"))
        if named:
            who = named.group(0)
            found.add(f"schedule:{_A_TITLE.sub('dr ', _norm(who), count=1) if _A_TITLE.match(who) else _norm(who)}")
        else:
            found.add(f"schedule:{_thing(re.sub(r'^(?:my|our) (?:personal )?', '', often.group('what'), flags=re.I))}")
    elif often and (pursuit := _ASK_PURSUIT.search(often.group("what"))):
        found.add(f"schedule:{_activity(pursuit.group(0))}")
    clock = _ASK_CLOCK.search(query)
    if clock:
        day = clock.group("day")
        kind = "wake" if clock.group("wake") else "bedtime" if clock.group("bed") else "time:gym"
        found.add(f"{kind}:{_day_key(day)}" if day else kind)
    spent, brand = _ASK_SPENT.search(query), _ASK_BRAND.search(query)
    if spent:
        found.add(f"time on:{_activity(spent.group('thing'))}")
    if brand:
        found.add(f"favourite:{_thing(brand.group('thing'))}")
    return found


# One search says whether a sentence may end a thing or state a best (`_ENDS`, `_BESTS`): most say neither.
_ENDED_GATE = (
    r"quit|left|lost|laid off|let go|redundant|resigned|fired|unemployed|out of work|between jobs|last day|last shift|sold|scrapped|got rid|traded|swapped|part.exchanged|written off|totall?ed|moved out|moved away|"
    r"gave|given|rehom|re-hom|cancel|longer|any ?more|\bp[br]\b|personal (?:best|record)"
)
# A personal best: "my 5k PB is 24:10", later "new PB: 23:05 in the 5k" (a change of one attribute,
# "personal best:5k"), "my deadlift PR is 140kg", "set a new parkrun PB of 23:41", "finished the
# charity 5K run with a personal best time of 27 minutes and 12 seconds". The event must be said
# (in the sentence, for "a personal best time of"): "new PB!" names no best to compare with. Not a
# best beaten or broken ("beat my personal best by 3 minutes": by how much, not what it is).
_BEST = r"(?i:pb|pr|personal best|personal record)"
_EVENT = (
    r"(?i:5 ?km?|10 ?km?|5 kilomet(?:er|re)s?|10 kilomet(?:er|re)s?|half[ -]marathon|half|marathon|parkrun|"
    r"quarter[ -]mile|mile|1500 ?m|800 ?m|400 ?m|200 ?m|100 ?m|plank|"
    r"deadlift|squat|back squat|front squat|bench(?: press)?|overhead press|clean and jerk|clean|snatch|2k row|2k)"
)
_EVENT_IN = patterns.lazy(r"(?<![\w.])" + _EVENT + r"(?![\w-])")
_RESULT = (
    r"(?P<v>\d{1,2}:[0-5]\d(?::[0-5]\d)?(?![\w:])|\d{1,3}(?:\.\d+)? ?(?i:kg|kgs|kilos|lbs?|pounds)\b|"
    r"\d{1,2} (?:hours?|hrs?)(?:,? (?:and )?\d{1,2} (?:minutes?|mins?))?(?:,? (?:and )?\d{1,2} (?:seconds?|secs?))?\b|"
    r"\d{1,3} (?:minutes?|mins?)(?:,? (?:and )?\d{1,2} (?:seconds?|secs?))?\b|\d{1,3}(?:\.\d+)? (?:seconds?|secs?)\b)"
)
_BESTS = (
    _rule(
        "personal best",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?:(?i:new|current|latest) )?(?:(?P<thing>"
        + _EVENT
        + r") )?"
        + _BEST
        + r"(?: (?:time )?(?:for|in|at|on) (?:the |a )?(?P<thing2>"
        + _EVENT
        + r"))?(?: time)?"
        + r"(?:'s| is| stands at|:| =| -)(?: (?i:now|currently|officially))? (?:a |at )?"
        + _RESULT,
        "best",
        gate=_ENDED_GATE,
    ),
    _rule(
        "personal best",
        FACT,
        r"(?:^|\b)(?i:(?:got|set|hit|ran|did|smashed|clocked) (?:a |my )?)?(?i:new) (?:(?P<thing>"
        + _EVENT
        + r") )?"
        + _BEST
        + r"(?: (?:for|in|at|on) (?:the |a )?(?P<thing2>"
        + _EVENT
        + r"))?"
        + r"(?:!|:|,| of| -| at| with)* "
        + _RESULT
        + r"(?: (?:in|at|for|on) (?:the |a |my |this )?(?P<thing3>"
        + _EVENT
        + r"))?",
        "best",
        gate=_ENDED_GATE,
    ),
    # "I ... finished with a personal best time of 27 minutes and 12 seconds" (the event elsewhere in
    # the sentence), "finished it in 27 minutes and 12 seconds, which was a personal best for me", "I set a
    # personal best time in a charity 5K run with a time of 27:12"
    _rule(
        "personal best",
        FACT,
        r"(?:\b(?:I|i|my|we)\b[^.;?]{0,120}?\ba (?:new )?"
        + _BEST
        + r"(?: time)? of "
        + _RESULT
        + r"|\b(?:I|i|we)\b[^.;?]{0,120}?\bin "
        + _RESULT.replace("P<v>", "P<v2>")
        + r",? (?:which|that|and that) (?:was|is) (?:a |my )?(?:new )?"
        + _BEST
        + r"|\b(?:I|i|we)\b[^.;?]{0,60}?\ba (?:new )?"
        + _BEST
        + r"(?: time)?[^.;?]{0,50}? with a time of "
        + _RESULT.replace("P<v>", "P<v3>")
        + ")",
        "best",
        gate=_ENDED_GATE,
    ),
    # the best a person aims to beat is their best now, in a plan or a wish too: "I'm hoping to beat my
    # personal best time of 25:50" (not "I finally beat my PB of 25:50": beaten, an old one)
    _rule(
        "personal best",
        FACT,
        r"\bto (?:beat|break|better|improve on|crack|smash) (?:my|our) (?:(?i:current|own|previous) )?(?:(?P<thing>"
        + _EVENT
        + r") )?"
        + _BEST
        + r"(?: time)?(?: (?:for|in|at|on) (?:the |a )?(?P<thing2>"
        + _EVENT
        + r"))? (?:of|at) "
        + _RESULT.replace("P<v>", "P<v4>"),
        "aim",
        gate=_ENDED_GATE,
    ),
)

# A thing of the person's life that ended: a job left, a car sold, a home moved out of, a pet given
# away ("I quit my job", "I left Google last month", "we sold our Honda Civic", "I moved out of Leeds",
# "we gave the dog away"). Its value is the ending's word and what ended (`_ENDED`): the attribute
# has no value now (`ended`), and an earlier value is a change. Last of the rules: a sentence that
# also says what came next ("I left Google and joined Meta") gives that. Not "I almost quit my job"
# (no "I" just before the verb), "should I sell my car?", "my friend sold her car", "if I left Google"
# (`_HEDGE`), nor "I left Leeds last week" (a city is no employer: `_said_ended`).
_ENDED_I = (
    r"(?:"
    + _I
    + r"|\b[Ww]e)(?: have|'ve)? (?:(?:just|finally|officially|recently|already|actually|sadly|eventually) ){0,2}"
)
_WHEN_LEFT = (
    r"(?=,? (?:(?:last|this) (?:week|month|year|spring|summer|autumn|fall|winter)|in (?:[A-Z][a-z]+|20\d\d)|"
    r"after (?:\w+ )?(?:years?|months?)|(?:earlier|back) (?:this|in)\b|to (?:join|start|go freelance|work|take|focus|retire)|"
    r"for (?:a new|another|[A-Z])|a (?:few|couple of) (?:weeks|months) ago|"
    r"(?:two|three|four|six|\d+) (?:weeks|months) ago)\b)"
)
_EVENT_SAME = {
    "5km": "5k",
    "10km": "10k",
    "half": "half marathon",
    "halfmarathon": "half marathon",
    "bench": "bench press",
}
_EVENT_SAME |= {
    "5kilometers": "5k",
    "5kilometres": "5k",
    "5kilometer": "5k",
    "10kilometers": "10k",
    "10kilometres": "10k",
}
_ENDED = frozenset(["left", "sold", "rehomed"])  # the value groups of `_ENDS`: the ending's word
# An ending long ago is no change now: "I moved out of Leeds when I was 18", "sold my car years ago"
_LONG_AGO = r"(?![^.;!?]{0,60}\b(?:when (?:I|i|we) (?:was|were)|years ago|as a (?:kid|child|teen|teenager|student)|at (?:1[5-9]|2\d)\b|in (?:19\d\d|200\d)\b))"
# Apps and sites a person quits or leaves, not employers ("I quit Facebook last year")
_APPS = r"(?:Facebook|Instagram|Twitter|X|TikTok|Snapchat|Reddit|Netflix|YouTube|WhatsApp|LinkedIn|Tinder|Hinge|Bumble|Duolingo|Threads|Discord|Slack|Strava)\b"
_CAR_NOUNS = r"(?:car|truck|van|suv|motorbike|motorcycle|pickup|jeep|ute|camper|campervan|rv|motorhome)"
_ENDS = (
    # a job: "I quit my job", "I was laid off", "I left my job at Google", "I left Google last month"
    _rule(
        "employer",
        IDENTITY,
        _ENDED_I
        + r"(?P<end>(?:quit|left|lost|resigned from) (?:my|the) (?:(?:old|day|full-time|part-time|corporate|office) )?job"
        + r"(?: (?:at|with) (?:the )?(?P<v>"
        + _NAME
        + r"))?(?! (?:search|hunt|application|interview|offer|board|listing|ad|post|early|late|at (?:\d|noon|lunch)|for the day)\b))"
        + _LONG_AGO,
        "left",
        gate=_ENDED_GATE,
    ),
    _rule(
        "employer",
        IDENTITY,
        r"(?:"
        + _I
        + r"(?:'ve| have)? (?:just |finally |recently )?(?:was|got|been|'ve been|have been)|\b[Ww]e (?:were|got)) "
        + r"(?P<end>(?:laid off|let go|made redundant|fired)(?: (?:from|at|by) (?:the )?(?P<v>"
        + _NAME
        + r"))?)(?! (?:if|when|unless)\b)"
        + _LONG_AGO,
        "left",
        gate=_ENDED_GATE,
    ),
    _rule(
        "employer",
        IDENTITY,
        _ENDED_I
        + r"(?P<end>(?:quit|left|resigned from) (?!"
        + _APPS
        + r")(?P<v>"
        + _NAME
        + r"))"
        + _WHEN_LEFT
        + _LONG_AGO,
        "left",
        gate=_ENDED_GATE,
    ),
    # "I resigned from Google": one resigns from a job, with a time or without (a name quit or left needs one: "I
    # quit Facebook" may be the app, "I left Leeds" a move) (session 53: read the job left, not which)
    _rule(
        "employer",
        IDENTITY,
        _ENDED_I
        + r"(?P<end>resigned from (?P<v>"
        + _NAME
        + r"))(?=\s*(?:[.;!?)]|$))"  # (not "resigned from Google and joined Meta": Meta is the job now)
        + _LONG_AGO,
        "left",
        gate=r"resign",
    ),
    # the employer said by its kind: "I left the company", "I quit the firm last month" (not "left the
    # company party", "left my company car": the word ends the clause or a time follows)
    _rule(
        "employer",
        IDENTITY,
        _ENDED_I
        + r"(?P<end>(?:quit|left|resigned from) (?:my|the|that|this) (?:(?:old|previous) )?(?:company|firm|employer|agency|startup|start-up|organi[sz]ation))"
        + r"(?=\s*(?:[,.;!?)]|$)|"
        + _WHEN_LEFT[3:]
        + _LONG_AGO,
        "left",
        gate=r"company|firm|employer|agency|start-?up|organi[sz]ation",
    ),
    # a retirement ends the job: "I retired in March", "I finally retired last year", "I retired from
    # Delphi" (not "I retired the old laptop", "when I retire", "I retired from Delphi in 2015": a year
    # dates a retirement of the past, a life of now told from it, not news)
    _rule(
        "employer",
        IDENTITY,
        _ENDED_I
        + r"(?P<end>(?:retired|took (?:early )?retirement)(?: (?:from|at) (?:the )?(?P<v>"
        + _NAME
        + r"))?)(?=\s*(?:[,.;!?)]|$)| (?:early|last|this|in|on|after|at|from|a (?:few|couple)|two|three|four|six|\d+|recently|finally|now)\b)"
        + r"(?![^.;!?]{0,60}\b(?:19|20)\d\d\b)"
        + _LONG_AGO,
        "left",
        gate=r"retire",
    ),
    # "I resigned last week", "I'm unemployed now", "my last day at Acme was Friday", "I've left Acme" (not
    # "I resigned myself to it", "I was unemployed for a year", "my last day at Acme is Friday": not yet)
    _rule(
        "employer",
        IDENTITY,
        _ENDED_I
        + r"(?P<end>resigned|handed in my resignation)(?=\s*(?:[,.;!?)]|$)| (?:last|this|in|on|after|from|yesterday|today|"
        + r"a (?:few|couple)|two|three|\d+)\b)"
        # (not "I have resigned from the choir": a choir left, `_FORMAL`)
        + r"(?! from (?:the|my|our) [^.,;!?]{0,40}?\b(?i:choir|chorus|choral|singers)\b)"
        + _LONG_AGO,
        "left",
        gate=r"resign",
    ),
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:now |currently |officially |technically )?(?P<end>unemployed|out of work|between jobs|jobless)\b",
        "left",
        gate=r"unemployed|out of work|between jobs|jobless",
    ),
    _rule(
        "employer",
        IDENTITY,
        r"\b[Mm]y (?P<end>last (?:day|shift) (?:at|with) (?:the )?(?P<v>" + _NAME + r")) was\b" + _LONG_AGO,
        "left",
        gate=r"last day|last shift",
    ),
    # "tonight was my last shift at Tuscany Table", "today was my last day at Acme", "yesterday was my last day
    # with the Lakers": an ending said of the day itself (not "tomorrow is my last day", not yet)
    _rule(
        "employer",
        IDENTITY,
        r"\b(?i:today|tonight|yesterday|last night|this (?:morning|afternoon|evening)|friday|saturday|sunday|monday|"
        r"tuesday|wednesday|thursday) was (?:officially )?my (?P<end>(?:very )?last (?:day|shift) (?:at|with) (?:the )?(?P<v>"
        + _NAME
        + r"))",
        "left",
        gate=r"last day|last shift",
    ),
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:'ve| have) (?:just |finally |officially |now )?(?P<end>left (?!"
        + _APPS
        + r")(?P<v>"
        + _NAME
        + r"))(?=\s*(?:[,.;!?)]|$)| (?:for good|behind|after|and (?:joined|started|moved))\b)",
        "left",
        gate=r"(?:'ve|have) (?:just |finally |officially |now )?left",
    ),
    # "I don't work at Tesco anymore", "i no longer work for the council", "I'm no longer at Google",
    # "I'm not at Acme any more", "I don't work there anymore"
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:'m| am) (?P<end>(?:no longer|not(?=[^.;]*\bany ?more\b)) (?:at|working (?:at|for)) (?P<v>"
        + _NAME
        + r"))(?=,? (?:any ?more|now|since|as|because|after|but)\b|\s*(?:[,.;!?)]|$))"
        + _LONG_AGO,
        "left",
        gate=r"no longer|any ?more",
    ),
    _rule(
        "employer",
        IDENTITY,
        _I
        + r" (?P<end>(?:no longer|(?:don't|do not|dont)(?=[^.;]*\bany ?more\b)) work (?:there|for them))"
        + r"(?=,? (?:any ?more|now|since|as|because|after|but)\b|\s*(?:[,.;!?)]|$))"
        + _LONG_AGO,
        "left",
        gate=r"work there|work for them",
    ),
    # a job given up: "I'm no longer a nurse", "I'm not a teacher anymore", "I no longer work as a chef"
    # (and "I'm not a nurse" says what was never so, "I was never a nurse" nothing)
    _rule(
        "role",
        IDENTITY,
        _I + r"(?:'m| am)? (?P<end>(?:no longer|(?:not|don't|do not|dont)(?=[^.;]*\bany ?more\b)) "
        r"(?:working as |work as )?(?:an? )?"
        + _ROLE.replace("(?P<role>", "(?P<v>")
        + r")(?=,? (?:any ?more|now|since|as|because|after|at|for)\b|\s*(?:[,.;!?)]|$))"
        + _LONG_AGO,
        "left",
        gate=r"no longer|any ?more",
    ),
    # "I don't work at Tesco anymore", "i no longer work for the council"
    _rule(
        "employer",
        IDENTITY,
        _I
        + r" (?P<end>(?:no longer|(?:don't|do not|dont)(?=[^.;]*\bany ?more\b)) work (?:at|for) (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_PLACE
        + r"))(?=,? (?:any ?more|now|since|as|because|after|but)\b|\s*(?:[,.;!?)]|$))"
        + _LONG_AGO,
        "left",
        gate=_ENDED_GATE,
    ),
    # a car: "I sold my car", "we sold our Honda Civic", "I got rid of the truck", "my car was written off"
    _rule(
        "car",
        FACT,
        _ENDED_I
        + r"(?P<end>(?:sold|scrapped|got rid of|traded in|traded|swapped|part-exchanged|part exchanged) (?:my|our|the) (?:(?:old|little|trusty|beloved|previous|first|\d{4}) ){0,2}(?:"
        + _CAR_NOUNS
        + r"|(?P<v>"
        + _NAME
        + r")))(?! (?:seat|seats|park|parking|insurance|keys?|stereo|radio|mats|charger|wash|boot|parts|tyres|tires|wheels|rims|battery|cover|rack|payments?|loan)\b)"
        + _LONG_AGO,
        "sold",
        gate=_ENDED_GATE,
    ),
    _rule(
        "car",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?P<end>(?:old )?"
        + _CAR_NOUNS
        + r" (?:was|got|has been) (?:written off|totall?ed|scrapped))"
        + _LONG_AGO,
        "sold",
        gate=_ENDED_GATE,
    ),
    # "I no longer have a car", "we don't own a car anymore"
    _rule(
        "car",
        FACT,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?P<end>(?:no longer|(?:don't|do not|dont)(?=[^.;]*\bany ?more\b)) (?:have|own) (?:a|an|my|our|the) "
        + _CAR_NOUNS
        + r")(?=,? (?:any ?more|now|since|as|because|after|but)\b|\s*(?:[,.;!?)]|$))",
        "sold",
        gate=_ENDED_GATE,
    ),
    # a gym left: "I cancelled my gym membership", "I've quit my PureGym membership"
    _rule(
        "gym",
        FACT,
        _ENDED_I
        + r"(?P<end>(?:cancell?ed|quit|ended|stopped) (?:my|our) (?:(?:(?P<v>"
        + _NAME
        + r") )?gym|(?P<v2>"
        + _NAME
        + r")(?<=[Gg]ym)) membership)"
        + _LONG_AGO,
        "left",
        gate=_ENDED_GATE,
    ),
    # a home: "I moved out of Leeds", "we moved away from York" (not "moved out of Leeds to Bath": a move)
    _rule(
        "home",
        IDENTITY,
        _ENDED_I
        + r"(?P<end>moved (?:out of|away from) (?P<v>"
        + _NAME
        + r"))(?![^.;!?]{0,60}\b(?:to|into|back)\b)"
        + _LONG_AGO,
        "left",
        gate=_ENDED_GATE,
    ),
    # "I don't live in Paris anymore", "we no longer live in Leeds", "I'm not living in Paris any more",
    # "I'm no longer based in Berlin" (and "I never lived in Paris" says nothing: no home ended)
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?:'m| am|'re| are)? (?P<end>(?:no longer|(?:don't|do not|dont|not)(?=[^.;]*\bany ?more\b)) "
        r"(?:live|living|based|settled) in (?P<v>"
        + _PLACE
        + r"))(?=,? (?:any ?more|now|since|as|because|after|but)\b|\s*(?:[,.;!?)]|$))"
        + _LONG_AGO,
        "left",
        gate=r"no longer|any ?more",
    ),
    # a pet: "we gave the dog away", "we had to rehome our cat Miso", "I gave away my rabbit"
    _rule(
        "fact",
        FACT,
        _ENDED_I
        + r"(?:had to )?(?P<end>(?:(?:gave|given) away|re-?homed?) (?:my|our|the) "
        + _PET_WORDS
        + r"(?:"
        + _PETS
        + "|"
        + _BREED
        + r")(?:,? (?P<v>(?!(?:"
        + _NOT_A_PET_NAME
        + r")\b)[A-Za-z][\w'-]+))?"
        + r"|(?:gave|given) (?:my|our|the) "
        + _PET_WORDS
        + r"(?:"
        + _PETS.replace("P<thing>", "P<thing2>")
        + "|"
        + _BREED.replace("P<breed>", "P<breed2>")
        + r")(?:,? (?P<v2>(?!(?:"
        + _NOT_A_PET_NAME
        + r"|away|up)\b)[A-Za-z][\w'-]+),?)? (?:away|up for adoption))"
        + r"(?=\s*(?:[,.;!?)]|$)| (?:to|last|this|in|on|after|because|when|yesterday|and|a|two|three)\b)"
        + _LONG_AGO,
        "rehomed",
        gate=_ENDED_GATE,
    ),
)

# "I've now", "we have finally", or no subject ("Finally got a cat named Miso"): a thing got lately.
# A working week that changed (`_RULES`: schedule:work, hours:work): gone down, cut down, up to, on
_WEEK_CHANGED = (
    r"(?:(?:only |just )?(?:gone|went|cut|cutting|dropped|come|came|moved|switched|reduced|scaled|stepped|gone back|went back)"
    r"(?: back)?(?: down| up)? to |(?:only |just )?(?:down|up|back) to |(?:only )?on (?=\S+ (?:days?|hours?) ))(?:only |just )?"
)
# ... and nothing after it says it is of something else ("three days a week at the gym")
_WEEK_END = (
    r"(?=\s*(?:[,.;!?)(]|$)| at (?:the )?[A-Z]| (?:now|at work|at the office|in the office|at my job|from|since|after|because|so|and|but|"
    r"which|instead|for work|these days|nowadays|anymore|any more|right now|at the moment|until|till|to|in|last|this)\b)"
)
_HOUR_WORDS = r"(?:ten|fifteen|twenty|twenty-five|thirty|thirty-five|forty|forty-five|fifty|sixty)"
_HOURS_SAID = {"ten": "10", "fifteen": "15", "twenty": "20", "twenty-five": "25", "thirty": "30"}
_HOURS_SAID |= {"thirty-five": "35", "forty": "40", "forty-five": "45", "fifty": "50", "sixty": "60"}
_HAVE_NOW = r"(?:(?:" + _I + r"|\b[Ww]e)(?: have|'ve)? |^(?:(?:finally|just|so|and) )*)" + _NOW

# A number of people said in words ("a team of five")
_COUNTED_AS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8"}
_COUNTED_AS |= {"nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "fifteen": "15", "twenty": "20"}
_COUNT_WORDS = "|".join(_COUNTED_AS)

# -- education: what a person studied, where, and what they study now ---------------------------
# A degree is held for good and more come ("a master's does not end a bachelor's"): each level is an
# attribute of its own ("degree:bachelor", "degree:master", "degree:phd", "degree:associate"; "degree"
# where no level is said: "I studied economics"), its value the level and the field ("master applied
# linguistics"; a level said alone, "I have a PhD", is a short form of it). So a second degree is no
# change; a level said again with another field is. Where each was taken is "university[:level]"
# ("high school" for a school that says it is one). What a person studies now ("I'm doing a PhD in
# X") is "studying", one value: a PhD started after a master's, or dropped, is a change of what they
# do now (review), and "I just finished my PhD" ends it. Only first-person statements of the
# person's own degrees: "my daughter studies law", "I studied for my exam", "I'm studying the docs",
# "a degree of freedom", "30 degrees" and "I went to college fairs" state none.
_EDU_LEVEL = (
    r"(?P<level>(?i:bachelor'?s?|bachelors|master'?s?|masters|doctorate|doctoral degree|ph\.? ?d\.?|d\.?phil|"
    r"associate'?s?|undergrad(?:uate)?(?: degree)?|postgrad(?:uate)?(?: degree)?)"
    r"|(?:B\.?A|B\.?Sc?|B\.?Eng|BFA|BBA|LLB|M\.?A|M\.?Sc?|M\.?Eng|MFA|MPH|MPhil|MRes|LLM|MBA|EdD)\.?(?![\w'])"
    # (a doctor's first degree, a bachelor's of medicine and surgery: "MBBS", "MBChB", "MB BS"; a dentist's, "BDS")
    r"|(?:MBBS|MB ?BS|MBChB|MB ?ChB|MBBCh|BMBS|BDS)(?![\w'])"
    r"|(?:mba|msc|bsc|mphil|meng|beng|mbbs|mbchb)(?![\w']))"
)
# an abbreviation ("MA", "BS", "MS": also a mother, nonsense, a disease) reads as a degree only with
# "in <field>" or "degree" after it; the words (master's, PhD, MBA) read alone too
_EDU_ALONE = patterns.lazy(
    r"(?i:master'?s|bachelor'?s|ph\.? ?d\.?|d\.?phil|doctorate|mba|msc|bsc|mphil|mres|llm|llb|meng|beng|mbbs|mb ?bs|mbchb|"
    r"mb ?chb|mbbch|bmbs)"
)
_EDU_OF = r"(?: of (?:(?i:arts|science|sciences|engineering|fine arts|laws|philosophy|education|business))(?= in |[,.;!?)]| from | at |$))?"
# A field: up to six words, not a pronoun or an article first ("a degree in order to", "studied the
# impact of"), ended by punctuation or a word that goes on the sentence.
_EDU_FIELD = (
    r"(?P<field>(?!(?:the|a|an|my|this|that|it|order|hand|progress|hold|mind|what|which|how|general|total)\b|\d)[\w&'-]+"
    r"(?: (?:and |& |of )?(?!(?:from|at|with|and|but|so|which|because|since|back|last|this|that|when|while|"
    r"where|who|for|to|as|has|had|is|was|i|is|are|were|by|after|before|then|now|in|on|about|during|plus|btw|lol|haha|tbh|though|too|rn|also|already|lmao|fyi|imo|anyway|yet|and)\b)[\w&'-]+){0,5}?)"
    r"(?=\s*(?:[^\w\s&'-]|$)|\s+and (?:i|i'm|im|i've|ive|a|an|the|my|have|has|had|am|was|then|now|also|it|so|got|"
    r"get|currently|work|worked|working|since|later|went|did|do|\d)(?![\w'])|\s+(?:from|at|with|but|so|which|because|since|back|last|this|that|when|while|where|"
    r"who|for|to|as|has|had|is|was|i|by|after|before|then|now|in|on|about|during|plus|btw|lol|haha|tbh|though|too|rn|also|already|lmao|fyi|imo|anyway|yet)\b)"
)
# The subjects a bare "I studied X" / "I'm studying X" / "I did X at Y" names (not "the docs", "hard",
# "abroad", "for my exam"): where no word of a degree is said, only a subject a school teaches.
_SUBJECTS = (
    r"(?:computer science|comp ?sci|cs|software engineering|(?:[a-z]+ )?engineering|mathematics|maths|math|statistics|"
    r"physics|astrophysics|chemistry|biochemistry|biology|microbiology|neuroscience|psychology|sociology|anthropology|"
    r"philosophy|history|art history|economics|econ|finance|accounting|business(?: administration| studies)?|"
    r"management|marketing|law|medicine|nursing|pharmacy|dentistry|architecture|english(?: literature| lit)?|"
    r"literature|(?:applied )?linguistics|classics|politics|political science|international relations|geography|"
    r"geology|music|fine art|graphic design|journalism|media studies|communications|theatre|drama|film studies|"
    r"data science|information systems|information technology|social work|public health|environmental science|"
    r"nutrition|kinesiology|criminology|theology|zoology|ecology|astronomy|veterinary medicine|agriculture|"
    r"culinary arts|hospitality|education|modern languages|translation|pre-med|premed)"
)
_EDU_SUBJECT = r"(?P<field>(?i:" + _SUBJECTS + r"))(?![\w'-])"
_EDU_SAME = {"cs": "computer science", "comp sci": "computer science", "compsci": "computer science"}
_EDU_SAME |= {"econ": "economics", "maths": "mathematics", "math": "mathematics", "premed": "pre-med"}
# A school by its name: capitalised ("Purdue", "the University of Michigan", "UCLA", "Trinity College
# Dublin"), or typed in lower case where it says it is one ("leeds uni", "community college").
_SCHOOL = (
    r"(?:the )?(?P<v>"
    + _NAME
    + r"(?:,? [A-Z][A-Z](?![\w']))?|(?:(?!(?:the|a|an|my|our|his|her|their|this|that|some|local|same|other|new|old|"
    r"big|good|nearby|every)\b)[a-z][\w'&-]* ){1,3}(?i:uni|university|college|polytechnic))(?![\w'&-])"
)
_EDU_DID = (
    r"(?:got|earned|completed|finished|received|hold|have|did|done|obtained|gained|took|graduated with|left with)"
)
_EDU_NOW = r"(?:currently |now |still |also |actually |just |finally )?"
_EDU_STUDYING = (
    r"(?:doing|pursuing|working on|working towards|working toward|studying for|completing|finishing|finishing up|"
    r"halfway through|partway through|in the middle of|in the (?:first|second|third|fourth|final|last|1st|2nd|3rd|4th) "
    r"year of|enrolled in|on)"
)
# a level that names something else of a degree: "I have a PhD student", "I have a master's thesis due"
_EDU_NOT_NOUN = (
    r"(?! (?:students?|programs?|programmes?|applications?|positions?|supervisors?|advisors?|candidates?|thesis|"
    r"dissertation|course|courses|level|interviews?|offers?|scholarships?|holders?|friends?|plan|key|class|classes|"
    r"classmates?|cohort|coursework|project|projects|seminar|exam|exams)\b)"
)
# (literal heads, so memory/needles.py filters sentences by substring before any regex runs: a gate
# with "\bm\.?a\b" in it ran as a regex over every sentence, a third more time on an import)
_EDU_GATE = (
    r"degree|bachelor|master|phd|ph\.|ph d|doctora|undergrad|postgrad|mba|msc|bsc|mphil|dphil|meng|beng|llb|llm|mfa|"
    r"bfa|bba|mph|mres|associate| ma\b| ba\b| bs\b| ms\b| m\.a| b\.a| m\.s| b\.s|mbbs|mb bs|mbchb|mb chb|mbbch|bmbs|bds"
)
_EDU_DEGREE = (
    r"(?P<said>(?:"
    + _EDU_LEVEL
    + r"(?:'s)?(?P<deg> degree| degrees| program| programme| course)?"
    + _EDU_OF
    + _EDU_NOT_NOUN
    + r"|(?:college |university |uni )?degree)(?:,)?(?: (?:in|of|on) "
    + _EDU_FIELD
    + r")?)(?!\w)"
)
# where a bare subject ends: "I studied economics." / "... at Leeds" / "... in college" (not "I studied
# biology for my exam", "I did maths homework")
_EDU_SUBJECT_END = (
    r"(?=\s*(?:[,.;!?)]|$)| (?:at|in (?:college|uni|university|grad school)|and|but|so|because|as|in (?:19|20)\d\d|"
    r"for (?:my|a|an) (?:degree|undergrad|bachelor|master|phd)|before|then|which|when|back|too|myself)\b)"
)
_EDUCATION = (
    # a degree held: "I have an MA in applied linguistics", "I completed my Bachelor's degree in Business
    # Administration", "I graduated with a degree in Computer Science", "I did my masters in X at Y"
    _rule(
        "degree",
        IDENTITY,
        _I
        + r"(?: have|'ve)? (?:(?:also|actually|already|just|finally|recently|since|officially) )*"
        + _EDU_DID
        + r" (?:(?:a|an|my|the|both|two|one) )?(?:(?:first|second|graduate|college|university) )?"
        + _EDU_DEGREE,
        "edu",
        gate=_EDU_GATE,
    ),
    # a second degree in the same breath: "I have a bachelor's in economics and a master's in finance",
    # "I did a BA in history, then an MA in politics"
    _rule(
        "degree",
        IDENTITY,
        _I
        + r"(?: have|'ve)? (?:(?:also|actually|already|just|finally|recently|since|officially) )*"
        + _EDU_DID
        + r" (?:a|an|my|the) [^.;!?]{2,80}?(?:,? and|,|;) (?:then |later |also |now )?(?:a|an|my|the) (?:second )?(?=[\w.'-]+(?:'s)? (?:degree |in |of ))"
        + _EDU_DEGREE,
        "edu",
        gate=_EDU_GATE,
    ),
    # "my degree is in X", "My major is Human Resource Management", "my master's is in X", "my
    # undergraduate degree is in business administration" (not "my background is in data science",
    # "my degree is useless", "my major concern")
    _rule(
        "degree",
        IDENTITY,
        r"\b[Mm]y (?:(?:first|college|university|uni|graduate) )?(?:(?:"
        + _EDU_LEVEL
        + r"(?:'s)?(?P<deg> degree)?|degree) (?:is|was) (?:in|on) |(?P<major>major) (?:is|was) (?:in )?)(?P<said>"
        + _EDU_FIELD
        + r")",
        "edu",
        gate=_EDU_GATE + r"|major",
    ),
    # "I majored in economics": a major is a bachelor's
    _rule(
        "degree:bachelor",
        IDENTITY,
        _I + r" (?:double[ -])?majored in (?P<said>" + _EDU_FIELD + ")",
        "edu",
        gate=r"majored",
    ),
    # "I studied economics (at Leeds)", "I did CS at Purdue", "I read law at Oxford": a subject the list
    # knows, or any field at a school by its name
    _rule(
        "degree",
        IDENTITY,
        _I
        + r" (?:studied (?P<said>"
        + _EDU_SUBJECT
        + _EDU_SUBJECT_END
        + r")|(?:studied|read) (?P<said2>"
        + _EDU_FIELD.replace("P<field>", "P<field2>")
        + r")(?= (?:at|in) (?:the )?(?:University|College|Uni)\b| at (?:the )?[A-Z]| at (?:uni|university|college)\b)"
        + r"|did (?P<said3>"
        + _EDU_SUBJECT.replace("P<field>", "P<field3>")
        + r")(?= at (?:the )?[A-Z]| at (?:uni|university|college)\b| in (?:college|uni|university)\b))",
        "edu",
        gate=r"studied|did|read",
    ),
    # where: "I graduated from UCLA in 2018" ("... with a Bachelor of X": that level's), "I'm a recent
    # graduate from Stanford University", "I got my Master's degree from Stanford"
    _rule(
        "university",
        IDENTITY,
        _I
        + r"(?:(?: have|'ve)? (?:(?:also|actually|just|finally|recently|officially) )*(?:am )?graduated (?:from|at)|"
        + r"(?:'m| am) (?:also |actually )?(?:a |an )?(?:recent |proud )?(?:graduate|grad|alumn\w+) (?:of|from)) "
        + _SCHOOL
        + r"(?:[^.;!?]{0,60}? with (?:a|an|my) "
        + _EDU_LEVEL.replace("P<level>", "P<level2>")
        + r")?",
        "uni",
        gate=r"graduate|grad|alumn",
    ),
    _rule(
        "university",
        IDENTITY,
        _I
        + r"(?: have|'ve)? (?:(?:also|actually|already|just|finally|recently|officially) )*"
        + _EDU_DID
        + r" (?:(?:a|an|my|the) )?(?:(?:undergraduate|graduate|postgraduate) )?"
        + _EDU_LEVEL
        + r"(?:'s)?(?: degree)?(?: (?:in|of) [^.;!?,]{1,60}?)?,? (?:from|at) "
        + _SCHOOL,
        "uni",
        gate=_EDU_GATE,
    ),
    # "I study at MIT", "I'm studying at UCL": a university by its letters, after study only ("I go to KFC"; not a
    # place's letters, "I'm studying at NYU" is one) (session 53)
    _rule(
        "university",
        IDENTITY,
        _I
        + r"(?: (?:study|studied)(?: (?:part|full)[- ]time)? at|(?:'m| am) (?:now |currently )?studying(?: (?:part|full)"
        + r"[- ]time)? at) (?!(?:"
        + "|".join(sorted(vocab.PLACE_LETTERS))
        + r"|UK|US|USA|UAE|EU|UN|IKEA|KFC|CVS|BBC|NHS)\b)"
        + r"(?P<v>[A-Z]{2,5})(?![\w'&.-])",
        gate=r"stud",
    ),
    # "I went to Leeds University", "I attended the University of Michigan for my undergraduate
    # studies", "i went to leeds uni", "I went to Purdue for college" (not "I went to college fairs"); "I study
    # part-time at the University of Leeds", "I'm studying at Leeds Uni" (session 52; "I study at Starbucks" is where)
    _rule(
        "university",
        IDENTITY,
        _I
        + r"(?: (?:(?:also|actually|originally|now) )?(?:went to|attended|go to|attend|(?:study|studied)(?: (?:part|full)"
        + r"[- ]time)? at)|(?:'m| am) (?:now |currently )?studying(?: (?:part|full)[- ]time)? at) "
        + r"(?=(?:the )?(?:[A-Z][\w'&.-]* ){0,3}(?:University|College|Uni|Polytechnic|Institute)\b|(?:the )?University of "
        + r"|[a-z][\w'&-]* (?:[a-z][\w'&-]* ){0,2}(?:uni|university|college)\b(?![\w'-]| (?:fairs?|friends?|reunion|campus|"
        + r"tours?|visits?|party|parties|days|years|kids|students|classes|course|courses|town|library|radio|football|"
        + r"basketball|sports|team|application|applications|admissions|essay|essays)\b)|[A-Z][\w'&.-]* for (?:college|uni|university|my (?:degree|undergrad)))"
        + _SCHOOL
        + r"(?: (?:for|to do) (?:my )?"
        + _EDU_LEVEL.replace("P<level>", "P<level2>")
        + r")?",
        "uni",
        gate=r"universit|college|uni\b|polytechnic|institute",
    ),
    _rule(
        "university",
        IDENTITY,
        _I
        + r" (?:(?:studied|read) (?!(?:my|a|an|the|some|it|that|this|there|here|with|for|abroad|hard|online)\b)[\w&'-]+"
        + r"(?: [\w&'-]+){0,4}?|did "
        + _EDU_SUBJECT.replace("P<field>", "P<subject>")
        + r") at "
        + _SCHOOL,
        "uni",
        gate=r"studied|did|read",
    ),
    # what the person studies now: "I'm doing a PhD in X", "I'm studying computer science", "I just
    # started my PhD" (a master's said after a bachelor's is another degree; a PhD begun is new work)
    _rule(
        "studying",
        IDENTITY,
        _I
        + r"(?:(?:'m| am) "
        + _EDU_NOW
        + _EDU_STUDYING
        + r"|(?: have|'ve)? (?:(?:just|recently|finally|officially) )?(?:started|began|begun|enrolled in|enrolled on))"
        + r" (?:a |an |my )?(?:(?:part-time|full-time|second|another|funded) )?"
        + _EDU_DEGREE,
        "edu",
        gate=_EDU_GATE,
    ),
    _rule(
        "studying",
        IDENTITY,
        _I
        + r"(?:'m| am) "
        + _EDU_NOW
        + r"(?:studying|majoring in) (?P<said>(?P<field>(?:(?!(?:the|a|an|my|your|for|hard|some|up|on|at|in|with)\b)"
        + r"[A-Za-z][\w-]* )?(?i:"
        + _SUBJECTS
        + r"))(?![\w'-]))"
        + _EDU_SUBJECT_END,
        "edu",
        gate=r"studying|majoring",
    ),
    _rule(
        "university",
        IDENTITY,
        _I
        + r"(?:'m| am) "
        + _EDU_NOW
        + r"(?:"
        + _EDU_STUDYING
        + r" (?:a |an |my )?(?:(?:part-time|full-time) )?"
        + _EDU_LEVEL
        + r"(?:'s)?(?: degree| program(?:me)?| course)?(?: (?:in|on) [^.;!?,]{1,60}?)?|studying [\w&'-]+(?: [\w&'-]+){0,3}?) (?:at|from) "
        + _SCHOOL,
        "uni",
        gate=_EDU_GATE + r"|studying",
    ),
    # a study that ended: "I dropped out of my PhD", "I dropped out of college", "I quit my masters",
    # "I just finished my PhD" (news: what the person does now changed; "I completed my Master's in
    # 2016" is a degree held)
    _rule(
        "studying",
        IDENTITY,
        _I
        + r"(?: have|'ve)? (?:(?:just|recently|finally|officially|actually) )*(?P<end>(?:(?:dropped out of|withdrew from) "
        + r"(?:my |the |a )?(?:(?:uni|university|college|grad school|law school|med school)(?![\w'-]| (?:fairs?|friends?|campus|classes|class|course)\b)"
        + r"|(?:[A-Z][\w'&.-]* ){0,3}(?:University|College)\b(?: of [A-Z][\w'&.-]*)?)|(?:dropped out of|withdrew from|quit|left) (?:my |the |a )?"
        + _EDU_LEVEL
        + r"(?:'s)?(?: degree| program(?:me)?| course)?"
        + _EDU_NOT_NOUN
        + r"))"
        + _LONG_AGO,
        "quit",
        gate=r"dropped out|quit|left|withdrew",
    ),
    _rule(
        "studying",
        IDENTITY,
        _I
        + r"(?: have|'ve)? (?:(?:just|recently|finally|officially) )+(?P<end>(?:finished|completed|defended) "
        + r"(?:my )?(?:"
        + _EDU_LEVEL
        + r"(?:'s)?(?: degree| thesis| dissertation| viva| defen[cs]e)?|thesis|dissertation|viva|degree))"
        + r"(?![\w'-]| (?:proposal|chapter|draft|outline)\b)",
        "quit",
        gate=_EDU_GATE + r"|thesis|dissertation|viva",
    ),
)
_EDU_GROUPS = frozenset(["edu", "uni", "quit"])
_EDU_LEVELS = (
    ("phd", r"(?i:ph\.? ?d\.?|d\.?phil|doctora\w*|edd)"),
    ("associate", r"(?i:associate\S*)"),
    ("master", r"(?i:master\S*|postgrad\S*|m\.?a\.?|m\.?sc?\.?|m\.?eng|mfa|mph|mphil|mres|llm|mba)"),
    ("bachelor", r"(?i:bachelor\S*|undergrad\S*|b\.?a\.?|b\.?sc?\.?|b\.?eng|bfa|bba|llb|mbbs|mbchb|mbbch|bmbs|bds|mb)"),
)
_FIELD_NAMED = {"mba": "business administration", **dict.fromkeys(["mbbs", "mbchb", "mbbch", "bmbs"], "medicine")}
_FIELD_NAMED["bds"] = "dentistry"
_NOT_A_SCHOOL = patterns.lazy(r"\b(?i:program|programme|course|degree|class)\b")
_HIGH_SCHOOL = patterns.lazy(r"\b(?i:high|secondary|grammar|prep|middle|elementary|primary)\b")
EDUCATION = ("degree", "degree:bachelor", "degree:master", "degree:phd", "degree:associate", "studying")
SCHOOLS = ("university", "university:bachelor", "university:master", "university:phd", "university:associate")


def _level(said: str | None) -> str:
    """ "MA", "master's", "MSc" -> "master"; "PhD", "doctorate" -> "phd"; "" where none is said."""
    said = (said or "").strip().split(" ")[0]
    return next((level for level, pattern in _EDU_LEVELS if re.fullmatch(pattern, said)), "")


def _education(attribute: str, memory_type: str, groups: dict[str, str | None], value_group: str) -> Said | None:
    """A degree ("edu": the level and field), a school ("uni") or a study ended ("quit") (`_EDUCATION`)."""
    level = _level(groups.get("level") or groups.get("level2"))
    if value_group == "quit":
        return Said(attribute, "stopped", " ".join((groups.get("end") or "").split()), memory_type)
    if value_group == "uni":
        name = _untrailed(groups.get("v") or "").strip(" .,'")
        if not name or name.casefold() in tokens.STOPWORDS or _NOT_A_SCHOOL.search(name):
            return None
        attribute = "high school" if _HIGH_SCHOOL.search(name) else attribute + (f":{level}" if level else "")
        return Said(attribute, _norm(name), name, memory_type)
    raw = groups.get("level") or ""
    field = (groups.get("field") or groups.get("field2") or groups.get("field3") or "").strip(" .,'")
    said = groups.get("said") or groups.get("said2") or groups.get("said3") or field
    if not raw and re.search(r"\bdegree of\b", said, re.IGNORECASE):
        return None  # "a degree of certainty" (a bachelor of arts is one)
    if not field and not groups.get("deg") and not _EDU_ALONE.fullmatch(raw) and not groups.get("major"):
        return None  # "I have MS", "a master plan": no degree without "in <field>" or "degree"
    if not field:  # (a degree that names its field: an MBA, a doctor's MBBS, a dentist's BDS)
        field = _FIELD_NAMED.get(raw.casefold().rstrip(".").replace(" ", ""), "")
    field = _EDU_SAME.get(field.casefold(), field)
    if attribute == "degree" and (level or groups.get("major")):
        attribute = f"degree:{level or 'bachelor'}"  # (a major is a bachelor's)
    level = attribute.partition(":")[2] or (level if attribute == "studying" else "")
    value = _norm(f"{level} {field}")  # "master applied linguistics": a level said alone is its short form
    shown = " ".join(said.split()).strip(" .,'")
    return Said(attribute, value, shown, memory_type) if value else None


# The questions (`_ASKS`): what the person studied ("what did I study", "what's my degree in", "what
# did I major in", "what is my PhD on") and where ("where did I go to college", "which university did
# I graduate from", "where did I complete my Bachelor's degree"): every level answers either.
_ASK_STUDIED = (
    r"\bwhat (?:did|do|am|was|have) i (?:study|studying|studied|major|majoring|majored|get (?:my |a |an )?"
    r"(?:degree|masters?|master's|phd|bachelor'?s?|bsc|msc|mba) in)\b"
    # (not "what's my master password", "what are my degrees set to")
    r"|\bwhat(?:'s|s| is| was| were| are)? my (?:major|degree|field of study|qualifications?|undergrad(?:uate)? degree|"
    r"(?:bachelor'?s|bachelors|master'?s|masters|doctorate|phd|ph\.d|mba|bsc|msc)(?: degree)?)(?![\w'])"
    r"(?! (?:program|student|supervisor|advisor|thesis|password|plan|key))"
    r"|\bwhat (?:kind of |type of |sort of )?(?:degree|degrees|qualifications?) (?:do|did|have|am|was) i\b"
    r"|\bwhat (?:subject|subjects|field)\b.*\bi (?:study|studied|major|majored)\b"
    r"|\bwhat(?:'s|s| is| was)? my (?:phd|ph\.d|doctorate|dissertation|thesis|master'?s|masters) (?:on|about|in)\b"
)
# (not "where do I do my laundry", "where did I attend the conference", "where did I take ma")
_ASK_SCHOOL = (
    r"\bwhere (?:did|do|have) i (?:go to|went to|been to|attend|attended) (?:college|uni|university|grad school|"
    r"graduate school|law school|med school|medical school|business school)\b"
    r"|\bwhere (?:did|do|am) i (?:study|studying|studied)\b"
    r"|\bwhere did i (?:graduate|get|do|complete|finish|earn|take)\b.*\b(?:degree|bachelor'?s|bachelors|master'?s|"
    r"masters|phd|ph\.d|doctorate|undergrad|mba|bsc|msc|college|university|uni)(?![\w'])"
    r"|\b(?:which|what) (?:university|college|uni|school|grad school|law school|business school) (?:did|do|am|was) i\b"
    r"|\b(?:what|which|where)(?:'s| is| was) my (?:alma mater|university|college|uni)\b"
)

# -- facts of the person's own life said in passing ----------------------------------------------
# What a person mentions on the way to a question ("our kelpie Biscuit is 8 months and feral", "I'm O
# negative so the blood bank keeps texting", "im a navy man, machinists mate 1975 to 79", "thesis is
# on grid cells"): each a fact of their own, read only in the first person or with "my" / "our"
# ("my sister is O negative", "my dad was in the navy" are theirs).

# A pet named after its kind or breed: "our kelpie Biscuit", "my beagle Rusty", "our dog Biscuit".
# A name in capitals; in lower case only with its age after it ("our kelpie biscuit is 8 months").
# ("lab" and "pointer" are also a workplace and a finger: "my lab Slack", "my pointer Finger".)
_PET_AGE = (
    r"(?= (?:is|just turned|turned|turns) (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) "
    r"(?:months?|mo|mos|weeks?|wks?|years?|yrs?|yo)\b)"
)
_PET_THEN_NAME = (
    r"\b(?:[Mm]y|[Oo]ur) "
    + _PET_WORDS
    + r"(?:"
    + _PETS
    + r"|(?!(?i:lab|pointer|setter)\b)"
    + _BREED
    + r"),? (?P<v>(?!(?i:"
    + _NOT_A_PET_NAME
    + r"|mon|tues|wednes|thurs|fri|satur|sun)(?:day)?\b)(?:[A-Z][a-z]+(?:-[A-Z]?[a-z]+)?(?=[\s,.;:!?)]|$)(?! ?'s)"
    + r"|(?!"
    + _NAME_ENDS
    + r"\b)[a-z]{3,}"
    + _PET_AGE
    + r"))"
)
# A blood type ("O negative", "AB+", "O neg"); "A" and "B" in capitals only ("I'm a negative person").
_BLOOD = r"(?P<blood>(?:AB|ab|A|B|O|o)(?: ?(?:positive|negative|pos|neg)\b|[+-](?![\w+-])))"
_BLOOD_ANY = r"(?:" + _BLOOD + r"|type (?P<letter>AB|A|B|O|ab|o)\b)"
# The branches of the armed forces, one name each (`_BRANCH_SAME`).
_BRANCHES = (
    r"(?P<branch>(?i:navy|army|air force|marines?|marine corps|coast guard|national guard|raf|raaf|rcaf|ran|rn|usmc|"
    r"usaf|usn|royal navy|royal marines|royal air force|army reserves?|territorial army|territorials))"
    r"(?![\w-]| (?i:yard|base|surplus|store|museum|blue|cadets?|brat|wife|wives|husband|mom|mum|dad|family|kid|fan|game|seals? museum)\b)"
)
_BRANCH_SAME = {
    "marine": "marines",
    "marine corps": "marines",
    "usmc": "marines",
    "royal marines": "marines",
    "raf": "air force",
    "raaf": "air force",
    "rcaf": "air force",
    "usaf": "air force",
    "royal air force": "air force",
    "rn": "navy",
    "ran": "navy",
    "usn": "navy",
    "royal navy": "navy",
    "army reserve": "army",
    "army reserves": "army",
    "territorial army": "army",
    "territorials": "army",
}
_SERVED_AS = r"(?:man|guy|vet|veteran|officer|sailor|soldier|pilot|medic|nurse|engineer|mechanic|airman|lifer)"
# A health insurer said with what it insures: "I picked the HSA plan so I'm on HealthPartners now",
# "we're insured through Kaiser since the new job". The sentence says insurance; the name is not a
# medicine or a phone carrier ("my insurance won't cover it so I'm on Lexapro now": `_said_in_passing`).
_INSURANCE_WORDS = (
    r"\b(?i:insurance|insurer|benefits|hsa|ppo|hmo|epo|health plan|medical plan|coverage|deductible|premiums?|"
    r"copays?|open enrollment|krankenkasse|medicare advantage)\b"
)
_INSURED = (
    r"(?:(?:^|(?<=[\s,;(]))(?:I|i)(?:'m| am)|\b[Ww]e(?:'re| are)) (?:now |currently |finally |officially )?"
    r"(?:on|with|insured (?:with|by|through)|covered (?:by|through|under)) (?P<v>" + _NAME + r")(?![\w'&.-])"
)
# A thesis and what it is on: "thesis is on grid cells in mouse MEC", "my dissertation is about
# housing policy", "I'm writing my thesis on Byzantine coins", "doing my PhD on soil microbes".
_THESIS = r"(?P<thing>(?i:thesis|dissertation|phd|ph\.d\.?|doctorate|masters thesis|master's thesis|honours thesis|honors thesis))"
_THESIS_ON = r"(?P<v>[\w'-]+(?: [\w'&-]+){0,7}?)(?=\s*(?:[,.;:!?()]|$| (?:and|but|so|which|because|lol|haha)\b))"
# Who a person lives with: "jonas and i finally have a place together", "I moved in with my boyfriend",
# "I live with 3 flatmates", "my WG (me + 3 flatmates)".
_HOUSEMATES = r"(?:flatmates?|roommates?|room-mates?|housemates?|flat-mates?|house-mates?|mitbewohner\w*)"
_LIVE_WITH_KIN = (
    r"boyfriend|girlfriend|partner|fiance|fiancee|fiancé|fiancée|husband|wife|parents|mum|mom|dad|sister|brother|"
    r"grandma|grandmother|grandpa|daughter|son|kids|family"
)
_LIVE_WITH_WHO = (
    r"(?P<v>(?:my |our )?(?:(?:" + _LIVE_WITH_KIN + r")(?: [A-Z][\w'-]+)?|(?:\d+|two|three|four|"
    r"five|some|a few|a couple of) " + _HOUSEMATES + r"|" + _HOUSEMATES + r"|(?!Type\b)[A-Z][a-z]{2,}))(?![\w'-])"
)
_HOME_NOUNS = r"(?:place|flat|apartment|house|home|condo|wohnung)"

# A birthday, by its month and maybe its day: "it's my birthday in november (the 19th)", "today is my
# birthday, march 9", "my birthday's in October", "my bday is the 3rd of May" (not whose it is not:
# "my son's birthday", "my mum's bday"; nor a day with no month: "my birthday is next week").
_MONTHS = clock.MONTHS
_MONTH = r"(?P<month>(?i:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b\.?)"
_ORDINAL = r"\d{1,2}(?:st|nd|rd|th)?(?![\d:])"
_BIRTHDATE = (
    r"(?:the )?(?:(?P<day>"
    + _ORDINAL
    + r")(?: of)? "
    + _MONTH
    + r"|"
    + _MONTH.replace("P<month>", "P<month2>")
    + r"(?:,? \(?(?:the )?(?P<day2>"
    + _ORDINAL
    + r")\)?)?)"
)
_BIRTHDAY = r"(?i:birthday|bday|b-day|birth day)"


def _birthdate(n: int) -> str:
    """`_BIRTHDATE` with its groups numbered apart (one pattern holds it three times)."""
    return _BIRTHDATE.replace("P<month", f"P<m{n}month").replace("P<day", f"P<m{n}day")


# A church by its name: a saint's or a title of Mary's or Christ's, in any case ("st albert the great",
# "queen of peace", "Our Lady of Lourdes", "Holy Family", "sacred heart"), to the first word that goes on.
_CHURCH_NAME = (
    r"(?P<v>(?!(?i:santa (?:monica|barbara|cruz|fe|clara|rosa|ana|claus)\b|san (?:francisco|diego|jose|antonio)\b))"
    r"(?i:(?:st\.?|saint|ste\.?|san|santa) (?!"
    + _NAME_ENDS
    + r"\b)(?:[a-z][\w'-]*)(?:(?<!'s) (?:the|of|and|&) [a-z][\w'-]*)?(?: (?:great|apostle|evangelist|baptist))?|"
    r"(?:our lady|queen|mary queen|christ the king|christ the redeemer|mother) of (?:the )?[a-z][\w'-]*(?: (?!"
    + _NAME_ENDS
    + r"\b)[a-z][\w'-]*)?|"
    r"holy (?:family|trinity|cross|spirit|name|redeemer|rosary|innocents|angels)|sacred heart|blessed sacrament|"
    r"immaculate conception|good shepherd|christ the king|corpus christi|all saints|precious blood))"
    r"(?:(?i:'s))?(?: (?i:church|parish|cathedral|chapel|basilica))?"
    r"(?=\s*(?:[,.;:!?)]|$)| (?!(?i:church|parish)\b)[a-z])"
)
_CHURCH_WORDS = (
    r"(?i:parish|mass|church|father [a-z]+|pastor|priest|sermon|pews?|communion|confession|rosary|vicar|deacon|"
    r"congregation|parishioners?)"
)
_NOT_MY_CHURCH = (
    r"(?![^.;!?]*\b(?i:wedding|funeral|baptism|christening|visit|visited|visiting|tour|toured|trip|holiday|vacation|"
    r"looking forward|plan|planning|hope|hoping|next (?:week|sunday|month|year))\b)"
)

_LANGUAGE_NAMES = (
    r"spanish|french|italian|german|japanese|mandarin|chinese|portuguese|korean|arabic|russian|english|dutch|polish|"
    r"greek|turkish|swedish|norwegian|danish|hindi|hebrew|language"
)

_A_LANGUAGE = patterns.lazy(_LANGUAGE_NAMES)

# What a congregation does together, said of a church by its name ("potluck at First Baptist")
_CONGREGATION = (
    r"(?:potluck|pot luck|fish fry|fellowship(?: dinner| meal| night| hall)?|bible study|sunday school|choir(?: practice)?|"
    r"men's breakfast|mens breakfast|women's (?:group|breakfast|bible study)|vbs|vacation bible school|youth group|"
    r"prayer (?:meeting|group|breakfast)|church picnic|revival|homecoming|deacons meeting|deacons' meeting)"
)
# (life24) Going to a church as a habit, said by the person: "we've been going to", "I go to", "we started going
# to", "we attend" (not "we're going to", a plan, nor "we went to", once)
_ATTEND = (
    r"(?:^|(?<=[\s,;(]))(?:I|i|[Ww]e)(?:'ve| have)? (?:(?:been|started|now|still|all|just|finally|also|recently|usually) )*"
    r"(?<!'re )(?<! are )(?:(?<=been |rted )going|(?<=been |rted )goin|go|attending|attend)(?: back)? to "
)
# (one time, not a church home: "the choir at St. Mary's Church a few weeks ago", "last christmas"; but "a Twi
# service once a month", "she loves it once she is there" are no one time: session 38, grace)
_ONCE = (
    r"(?![^;!?]*\b(?:ago|last (?:year|christmas|easter|sunday)|"
    r"once(?! (?:a|every|per) (?:week|month|year|fortnight)\b| (?:she|he|they|we|I|i|it|you)\b)|one time)\b)"
)
_NOT_THEIRS = r"(?<!'s )(?<!s' )(?<!\bhis )(?<!\bher )(?<!\btheir )"

_IN_PASSING = (
    # a church: "the 9 oclock at queen of peace is packed" (a mass by its hour), "at st albert the great they
    # want me to run the grill at the parish picnic" (a saint's name with a word of church life), "my parish is
    # St Luke's", "we go to mass at Holy Family" (not a wedding or a visit: "the wedding at St Patrick's")
    _rule(
        "church",
        FACT,
        r"^"
        + _NOT_MY_CHURCH
        + r"(?:.*?(?<=[\s,;(]))?(?:(?i:the) (?:\d{1,2}(?::\d\d)? ?(?i:o'?clock|oclock|am|a\.m\.|pm|p\.m\.)?|(?i:early|late|morning|evening|sunday|saturday vigil|vigil)) ?(?i:mass|service)?|"
        r"(?i:mass|service)) at " + _CHURCH_NAME,
        "church",
        gate=r"at ",
    ),
    _rule(
        "church",
        FACT,
        r"^"
        + _NOT_MY_CHURCH
        + r"(?=[^.;!?]*\b(?:I|i|me|my|we|us|our)\b)(?=[^.;!?]*\b"
        + _CHURCH_WORDS
        + r"\b)(?:.*?(?<=[\s,;(]))?(?i:at|to) "
        + _CHURCH_NAME,
        "church",
        gate=r"parish|mass|church|father|pastor|priest|sermon|pew|communion|confession|rosary|vicar|deacon|congregation",
    ),
    _rule(
        "church",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?:home |local )?(?i:parish|church)(?: is|'s)? (?:still |now )?" + _CHURCH_NAME,
        "church",
        gate=r"parish|church",
    ),
    # (life24) a team the person supports, in a sentence of sport: "I'm a huge Cubs fan, is the season over",
    # "I support Leeds United", "I've always supported Arsenal, we lost the derby" (not "a Taylor Swift fan",
    # "I support the proposal", nor theirs: "my dad is a Celtic fan")
    _rule(
        "team",
        FACT,
        # (the clause's word of sport is looked for after "I", not before it: looked for first, it was
        # searched from every place of the sentence, a tenth of the life reading's time on real turns)
        _I
        + r"(?=[^.;!?]*\b(?i:football|soccer|footy|club|team|match|matches|game|games|season|league|nfl|nba|mlb|nhl|ipl|"
        r"premier league|derby|stadium|playoffs?|super bowl|world series|fc|united|city|rovers|wanderers|athletic)\b)"
        r"(?:(?:'m| am|'ve been| have been)(?: always| still)? (?:a |an )?(?:(?:huge|big|massive|die-hard|diehard|lifelong|"
        r"life-long|loyal|long-suffering|proud|true|massive) )*(?P<v>"
        + _NAME
        + r") (?:fan|supporter)\b|(?: have| 've|'ve)?(?: always| still)? support(?:ed)? (?P<v2>"
        + _NAME
        + r")(?=\s*(?:[,.;!?]|$)| (?:and|but|so|since|through|from|lol|haha)\b))",
        gate=r"fan|support",
    ),
    # (life24) "the Lenten fish fry at St. Rose of Lima", "bible study at Holy Family" (what a congregation does
    # together, at a saint's church: `_CONGREGATION`), "we've been going to St Mary's since we moved" (`_ATTEND`)
    _rule(
        "church",
        FACT,
        r"^"
        + _NOT_MY_CHURCH
        + _ONCE
        + r"(?:.*?(?<=[\s,;(]))?"
        + _NOT_THEIRS
        + r"(?:(?i:"
        + _CONGREGATION
        + r") at |"
        + _ATTEND
        + r"(?:(?i:mass|service|church) at )?)"
        + _CHURCH_NAME,
        "church",
        gate=r"potluck|pot luck|fish fry|fellowship|bible|sunday school|choir|breakfast|vbs|youth group|prayer|picnic|revival|homecoming|deacons|going to|goin to|go to|attend",
    ),
    _rule(
        "birthday",
        FACT,
        r"\b[Mm]y "
        + _BIRTHDAY
        + r"(?:'s| is)? (?:(?:coming up |falls )?(?:on|in) )?"
        + _birthdate(1)
        + r"|\b(?i:it's|it is|today is|today's|tomorrow is|tomorrow's|yesterday was) my "
        + _BIRTHDAY
        + r",? (?:(?:on|in) )?"
        + _birthdate(2)
        + r"|"
        + _I
        + r" was born (?:on|in) "
        + _birthdate(3),
        "birthday",
        gate=r"birth|born|bday|b-day",
    ),
    _rule("fact", FACT, _PET_THEN_NAME, "pet", gate=r"my|our"),
    # a blood type: "I'm O negative", "they say im O neg", "i'm type O", "my blood group is A+"
    _rule("blood type", FACT, _I + r"(?:'m| am) (?:blood )?" + _BLOOD_ANY, "blood", gate=r"pos|neg|\+|-|type"),
    _rule(
        "blood type",
        FACT,
        r"\b[Mm]y blood (?:type|group)(?:'s| is|:)? (?:now |still )?(?:type )?(?:(?P<bare>AB|A|B|O|ab|o)\b(?![+-])(?! ?(?i:positive|negative|pos|neg)\b)|"
        + _BLOOD
        + ")",
        "blood",
        gate=r"blood",
    ),
    _rule(
        "blood type",
        FACT,
        _I + r"(?: have|'ve got| got)? (?:type )?" + _BLOOD + r" blood\b",
        "blood",
        gate=r"blood",
    ),
    # service in the armed forces: "I was in the navy", "served 22 years in the army", "I did 4 yrs in
    # the marines", "I joined the RAF at 18", "im a navy man", "I'm an army vet", "ex-RAF", "navy veteran here"
    _rule(
        "military",
        FACT,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i)(?: was| served| spent| did| have served|'ve served)|^(?:and |so )?served|"
        r"^(?:spent|did)(?= [\w ]{0,20}\b(?:years?|yrs|tours?)\b))"
        r"(?: (?:\d+|two|three|four|five|six|eight|ten|twenty|a few|many|several)(?: (?:more|long))? (?:years?|yrs|tours?))?"
        r" (?:in|with) the " + _BRANCHES,
        "branch",
        gate=r"in the|with the",
    ),
    _rule(
        "military",
        FACT,
        _I + r"(?: (?:joined|enlisted in|enlisted with|signed up for)) the " + _BRANCHES,
        "branch",
        gate=r"joined|enlisted|signed up",
    ),
    _rule(
        "military",
        FACT,
        _I
        + r"(?:'m| am| was) (?:an? )?(?:retired |former |proud |disabled |old |ex-|ex )?"
        + _BRANCHES
        + r" "
        + _SERVED_AS
        + r"\b",
        "branch",
        gate=_SERVED_AS,
    ),
    _rule(
        "military",
        FACT,
        _I
        + r"(?:'m| am| was) (?:an? )?(?:(?:retired|former|proud|ex-|ex) )?(?P<branch>(?i:marine|soldier))\b"
        + r"(?! (?:biologist|biology|life|park|corps of engineers))",
        "branch",
        gate=r"marine|soldier",
    ),
    _rule(
        "military",
        FACT,
        _I + r"(?:'m| am) (?:(?:an? )?(?:retired|former) |ex-|ex )" + _BRANCHES,
        "branch",
        gate=r"retired|former|ex",
    ),
    _rule(
        "military",
        FACT,
        r"(?:^|(?<=[.;!?] ))(?:(?:(?:an? )?(?:retired|former) |ex-|ex )"
        + _BRANCHES
        + r" (?:(?:vet|veteran|man|guy|lifer) )?|"
        + _BRANCHES.replace("P<branch>", "P<branch2>")
        + r" (?:vet|veteran|lifer) )here\b",
        "branch",
        gate=r"here",
    ),
    # a health insurer, in a sentence about insurance (`_INSURANCE_WORDS`)
    _rule(
        "insurance",
        FACT,
        r"(?:" + _INSURANCE_WORDS + r"[^.;!?]*?)" + _INSURED,
        "insurer",
        gate=r"insur|benefit|hsa|ppo|hmo|epo|plan|coverage|deductible|premium|copay|enrollment|krankenkasse",
    ),
    _rule(
        "insurance",
        FACT,
        _INSURED + r"(?=[^.;!?]*" + _INSURANCE_WORDS + r")",
        "insurer",
        gate=r"insur|benefit|hsa|ppo|hmo|epo|plan|coverage|deductible|premium|copay|enrollment|krankenkasse",
    ),
    # a thesis: "thesis is on grid cells", "my dissertation is about X", "I'm writing my thesis on X"
    _rule(
        "thesis",
        FACT,
        r"(?:\b[Mm]y |^|(?<=[,;] ))(?:(?i:phd|ph\.d\.?|masters|master's|doctoral|honours|honors|undergrad|bachelor's|bachelors) )?"
        + _THESIS
        + r"(?:'s| is) (?:now |all |mostly )?(?:on|about) "
        + _THESIS_ON,
        "thesis",
        gate=r"thesis|dissertation|phd|ph\.d|doctorate",
    ),
    _rule(
        "thesis",
        FACT,
        _I
        + r"(?:'m| am)? ?(?:'ve been |have been |been )?(?:writing|doing|working on|finishing|wrapping up) my "
        + r"(?:(?i:phd|masters|master's|doctoral|honours|honors) )?"
        + _THESIS
        + r" (?:on|about) "
        + _THESIS_ON,
        "thesis",
        gate=r"thesis|dissertation|phd|ph\.d|doctorate",
    ),
    # a bank said by what it charges for the person's account: "sparkasse is charging me 6,90 a month for my
    # girokonto", "Barclays charged me £25 on my overdraft" (a bank of `_BANKS`, any case)
    _rule(
        "bank",
        FACT,
        r"(?:^|(?<=[.;!?,] )|(?<=^so )|(?<=^and ))(?P<v>"
        + _BANKS
        + r"|[a-z][\w&'-]+)(?<!'s) (?:is |are |has been |have been |keeps |kept |just |now |still )?(?:charging|charged|charges) "
        r"(?:me|us) [^.;!?]{0,40}?\b(?:for|on) (?:my|our) (?:bank |current |checking |savings |joint )?"
        r"(?:account|girokonto|konto|checking|card|debit card|overdraft)\b",
        "bankname",
        gate=r"charg",
    ),
    # a class and its day with no "on" between: "started a wheel throwing class tuesday nights", "I take a
    # spin class monday mornings" (not "a class tuesday" of someone else's: "my son's swim class monday")
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i)(?:'ve| have|'m| am)? |^(?:(?:so|and|just|finally) )*)(?:just |finally |recently )?"
        r"(?:started|joined|signed up for|enrolled in|booked|take|taking|do|doing|have) (?:a |an |my |the )"
        r"(?P<thing>(?:[a-z][\w-]* ){1,2}?)(?:class|classes|lessons?|course) (?P<day>"
        + _DAY_ANY
        + r")(?: (?:nights?|evenings?|mornings?|afternoons?))?(?! (?:before|after)\b)",
        "day",
        gate=r"class|lesson|course",
    ),
    # a language class said by its level (A1 to C2 are the levels of a language only) and its day: "my german
    # B1 course at the VHS is monday evenings", "doing C1 now at the Hamburger VHS, wednesday evenings"
    _rule(
        "schedule:language",
        PREFERENCE,
        # (a class whose language is named is read as that language's too, by the rules above: "my german B1
        # course" is schedule:german, and as a class of a language it is what "doing C1 now" changes)
        r"(?:\b(?:[Mm]y|[Oo]ur) (?:[\w-]+ ){0,2}?|"
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i)(?:'m| am)? |^(?:(?:so|now|and) )?)"
        r"(?:(?:doing|taking|in|starting|started|signed up for|moved up to|passed|on) (?:my |the |a )?))"
        r"(?P<level>[ABC][12])\b(?! (?:visa|licen[cs]e|driving|vitamin|vitamins))"
        r"(?![^.;!?]{0,60}?\b(?:exams?|tests?|certificates?|interviews?|deadlines?|results?)\b)[^.;!?]{0,60}?\b(?P<day>"
        + _DAY_ANY
        + r")(?! (?:before|after)\b)",
        "level",
        gate=r"a1|a2|b1|b2|c1|c2",
    ),
    # who the person lives with
    _rule(
        "living with",
        IDENTITY,
        r"(?:^|(?<=[.;!?] )|(?<=[,;] ))(?P<who>(?!(?i:"
        + _NOT_A_PET_NAME
        + r")\b)[A-Za-z][\w'-]+|my (?:boyfriend|girlfriend|partner|fiancée?|fiance|husband|wife)(?: [A-Z][\w'-]+)?) "
        r"(?:and|&) (?:I|i|me) (?:have |'ve |just |finally |now |officially )*(?:got |have |found |moved into |bought |rent |share )"
        r"(?:a |an |our (?:own )?|our first )" + _HOME_NOUNS + r"(?: in [^,.;!?]{1,30})? together\b",
        "together",
        gate=r"together",
    ),
    _rule(
        "living with",
        IDENTITY,
        _I + r"(?:'ve| have|'m| am)? " + _NOW + r"(?:live|living|moved in) (?:together )?with " + _LIVE_WITH_WHO,
        "together",
        gate=r"with",
    ),
    _rule(
        "living with",
        IDENTITY,
        r"\b(?:[Mm]y|[Oo]ur) (?P<v>(?:WG|flatshare|flat share|houseshare|house share|shared flat|shared house)\b(?: \((?:me|i) ?\+ ?(?:\d+|two|three|four|five) "
        + _HOUSEMATES
        + r"\))?)",
        "housemates",
        gate=r"wg|share|shared",
    ),
)
_PASSING_GROUPS = frozenset(
    ["blood", "branch", "insurer", "thesis", "together", "housemates", "bankname", "level", "birthday", "church"]
)


def _said_in_passing(attribute: str, memory_type: str, groups: dict[str, str | None], value_group: str) -> Said | None:
    """The readings of `_IN_PASSING` whose value is not the words as written: a blood type ("O neg" is
    "o negative"), a branch ("ex-RAF": air force), an insurer that is no medicine nor carrier, a thesis,
    and who the person lives with ("jonas and i have a place together": jonas; a flatshare: flatmates)."""
    if value_group == "blood":
        said = groups.get("blood") or groups.get("letter") or groups.get("bare") or ""
        letters = re.match(r"(?i:ab|a|b|o)", said)
        sign = said[letters.end() :].strip().casefold() if letters else ""
        value = (letters.group(0).upper() if letters else "") + (
            " positive" if sign.startswith(("+", "pos")) else " negative" if sign.startswith(("-", "neg")) else ""
        )
        return Said(attribute, value.casefold(), said.strip(), memory_type) if letters else None
    if value_group == "branch":
        said = " ".join((groups.get("branch") or groups.get("branch2") or "").split())
        branch = {"sailor": "navy", "soldier": "army"}.get(said.casefold(), said.casefold())
        return Said(attribute, _BRANCH_SAME.get(branch, branch), said, memory_type)
    if value_group == "level":  # (a class on "wednesday evenings": wednesday)
        day = (groups.get("day") or "").strip()
        return Said(attribute, day.casefold().rstrip("s"), day, memory_type)
    if value_group == "birthday":
        return _a_birthday(attribute, memory_type, groups)
    if value_group == "church":  # "St. Albert's church": st albert
        shown = re.sub(
            r"(?i)(?:'s)?(?: (?:church|parish|cathedral|chapel|basilica))?$", "", (groups.get("v") or "").strip()
        )
        value = re.sub(r"^(?:saint|st\.?|ste\.?)(?= )", "st", _norm(shown))
        return Said(attribute, re.sub(r" (?:the )?(?:great|apostle|evangelist)$", "", value), shown, memory_type)
    if value_group == "housemates":
        return Said(attribute, "flatmates", (groups.get("v") or "").strip(), memory_type)
    shown = (groups.get("who") or groups.get("v") or "").strip(" .,'")
    shown = shown if value_group == "thesis" else _untrailed(shown).strip(" .,'")  # ("grid cells in mouse MEC")
    if value_group == "insurer" and vocab.listed(shown):
        return None  # ("I'm on Lexapro", "I'm on Verizon", "I'm with Chase": a medicine, a carrier, a bank)
    if value_group == "bankname" and shown.islower() and not _a_bank(shown):
        return None  # ("the gym is charging me for my card": a bank's name typed in lower case only)
    value = _norm(shown)
    if attribute == "living with":  # "my boyfriend Tom": tom; "3 roommates": flatmates
        housemates = re.search(_HOUSEMATES, value)
        value = "flatmates" if housemates else re.sub(r"^(?:" + _LIVE_WITH_KIN + r") (?=\w)", "", value)
    return Said(attribute, value, shown, memory_type) if value and value not in tokens.STOPWORDS else None


def _a_birthday(attribute: str, memory_type: str, groups: dict[str, str | None]) -> Said | None:
    """A birthday as "november 19" (a month alone: "november"), however it was written."""
    said = {
        re.sub(r"^m\d", "", k).rstrip("0123456789"): v
        for k, v in groups.items()
        if v and k[:1] == "m" and k[1:2].isdigit()
    }
    month = next(m for m in _MONTHS if m.startswith(said["month"].casefold().rstrip(".")[:3]))
    day = re.sub(r"\D", "", said.get("day", ""))
    value = f"{month} {int(day)}" if day and 1 <= int(day) <= 31 else month
    return Said(attribute, value, value, memory_type)


def _a_bank(name: str) -> bool:
    """Whether memory/data/banks.txt names `name` ("sparkasse" typed in lower case)."""
    return "bank" in vocab.listed_as(name)


_ASK_BLOOD = r"\b(?:what(?:'s| is)? my blood (?:type|group)|what blood (?:type|group) (?:am|are|do|have) (?:i|we)|my blood (?:type|group))\b"
_ASKS_IN_PASSING = (
    (
        "church",
        r"\b(?:which|what) (?:church|parish)\b.*\b(?:i|we)\b|\bwhere do (?:i|we) (?:go to )?(?:church|mass|worship)\b|"
        r"\bmy (?:church|parish)\b",
    ),
    (
        "birthday",
        r"\bwhen(?:'s| is| was)? my (?:birthday|bday)\b|\b(?:which|what) (?:month|day|date) is my (?:birthday|bday)\b|"
        r"\bwhat(?:'s| is) my (?:birthday|bday|date of birth|birth ?date)\b|\bwhen was i born\b|\bmy (?:date of birth|dob)\b",
    ),
    ("blood type", _ASK_BLOOD),
    (
        "military",
        r"\b(?:which|what) branch\b.*\b(?:i|we)\b|\b(?:did|have) i (?:ever )?serve(?:d)?\b|\bwas i (?:ever )?in the "
        r"(?:military|army|navy|air force|marines|forces|armed forces|services)\b|\bmy (?:military|service) "
        r"(?:branch|service|history|background|record|career)\b|\bam i (?:a )?(?:veteran|vet)\b",
    ),
    (
        "thesis",
        r"\bwhat(?:'s|s| is| was)? my (?:[\w'-]+ )?(?:thesis|dissertation)(?: (?:on|about|in))?\b|"
        r"\bwhat (?:is|was|'s) (?:my )?(?:[\w'-]+ )?(?:thesis|dissertation) (?:on|about)\b|\bwhat (?:do|did) i (?:write|writing) my (?:thesis|dissertation) (?:on|about)\b",
    ),
    (
        "living with",
        r"\bwho (?:do|am|did) i (?:now |currently )?(?:live|living|share (?:a |my )?(?:flat|house|apartment|place)) with\b|"
        r"\bwho(?:'s| is) my (?:flatmate|roommate|housemate)s?\b|\bdo i live (?:alone|with)\b",
    ),
)

# -- dictated: a life said in lower case, unpunctuated, in passing --------------------------------
# A person who dictates ("now that i'm in london the handover calls are at 8 30 am for me", "since
# joining paysora two weeks back my manager helen wants a plan") writes no capital and no full stop,
# and says a change as what it takes for granted: "now that we're in X", "since joining X", "my
# first month as X", "six weeks into being married", "my victoria line commute", "registered at X
# practice". Each rule reads a value the words before it say is the person's own, in lower case
# only where its kind is told by the words around it (a place of the lists, a practice that says it
# is one, a name after "my manager" with a verb after it), so a run-on's next clause is no part of it.
# Indian English particles ("i'm in bangalore only", "at the airport itself", "yaar", "na") say
# nothing of the value (`_NAME_ENDS`).
_PARTICLES = r"(?:only|itself|na|yaar|yaa|no|kindly|pls|plz|please|also|ji|da|re)"
# "now that i'm in london", "since we're back in wroclaw", "as i'm based in pune now": where the
# person is, said as the reason of what follows (a place of the lists only, `_a_place`)
_NOW_THAT = r"(?:\b[Nn]ow that|\b(?:[Ee]ver )?[Ss]ince|\b[Aa]s) "
_BE_HERE = (
    r"(?:I'm|i'm|I am|i am|[Ww]e're|[Ww]e are) (?:now |finally |all |back |also |still )*(?:here |settled |based )?in "
)
# A place of work named after "joining": in the sentence, words of work after it ("since joining
# paysora my manager helen wants ..."; not "since joining weight watchers i lost 5kg").
_WORK_AFTER = (
    r"(?=[^.;!?]{0,160}\b(?:job|work|working|manager|boss|team|office|role|onboarding|colleagues?|salary|"
    r"reporting|reports|probation|payroll|hr)\b)"
)
_LOW_EMPLOYER = r"(?!(?:the|team|club|gym|class|group|us|them|forces|hands)\b)(?!" + _NOT_EMPLOYER + ")" + _LOW_NAME
# A verb or a word that goes on after a name typed in lower case ("my manager helen wants", "my
# manager rohit and the category heads"): a manager's name is read only where one follows.
_SAYS_VERBS = (
    r"(?:wants|asked|asks|told|tells|said|says|thinks|thought|needs|keeps|kept|gave|gives|sent|sends|called|calls|"
    r"wrote|writes|approved|loves|hates|likes|left|joined|made|makes|took|takes|came|comes|went|goes|knows|knew|"
    r"pinged|emailed|messaged|texted|reviewed|set|runs|ran|seems|seemed|feels|felt|agreed|rejected|suggested|"
    r"mentioned|shared|moved|became|gets|got|let|lets|saw|sees|met|meets|spoke|speaks|forgot|found|put|"
    r"praised|liked|loved|hated|wanted|needed|expects|expected)"
)
_AFTER_A_NAME = (
    r"(?=\s*(?:[,.;:!?()]|$)|\s+(?:" + _NAME_ENDS + "|" + _SAYS_VERBS + "|" + _PARTICLES + r"|[a-z]+s)(?![\w'-]))"
)
_LOW_PERSON = (
    r"(?!(?:" + _NAME_ENDS + "|" + _SAYS_VERBS + "|" + _PARTICLES + r")(?![\w'-]))(?![a-z]+(?:ed|ing|ly|s)(?![\w'-]))"
    r"[a-z][a-z'-]+"
)
# A role said by its letters ("my first month as GPM", "as a TPM", "my first week as EM")
_ROLE_LETTERS = r"[A-Z]{0,3}(?:PM|EM|PO|TL|SWE|SDE|SRE|CTO|CEO|CFO|COO|CPO|VP)"
# The kinds of visa a person is on ("skilled worker", "standard visitor", "h-1b", "tier 2", "student")
_VISA_KIND = (
    r"(?P<v>(?:(?i:standard|skilled|global|working|digital|golden|student|work|worker|visitor|tourist|spouse|spousal|"
    r"partner|family|dependant|dependent|graduate|talent|investor|business|holiday|nomad|tier \d|h-?1b|h-?4|l-?1|o-?1|"
    r"f-?1|j-?1|e-?2|b-?1|b-?2|schengen|transit|temporary|permanent|marriage|entrepreneur|youth mobility|innovator|"
    r"ancestry|skilled independent|employer-sponsored|sponsored|sponsorship)\s?){1,3})"
)
_VISA_NOT = r"(?! (?i:card|debit|credit|gift|signature|platinum|rewards|infinite|prepaid))"
# A practice a doctor is at, said as one ("the spitalfields practice", "forest road group practice",
# "Riverside Medical Centre"): its words, then the noun that says it is a practice.
_PRACTICE = (
    r"(?P<v>(?!(?:a|an|the|my|our|local|new|nearest|same|nearby|gp|doctors?|doctor's)\b)"
    r"(?!(?:[\w'&-]+ ){0,2}(?i:dental|dentists?|physio|physiotherapy|vet|vets|veterinary|eye|optician|opticians|skin|"
    r"fertility|sports|beauty|hair|yoga|pilates|massage|chiropractic|osteopathy|orthodontic)\b)(?:[\w'&-]+ ){1,3}"
    r"(?i:group |family |medical |health )?(?i:practice|surgery|medical cent(?:re|er)|health cent(?:re|er)|clinic))(?![\w'-])"
)
# The ways a person gets to work that a commute is named by ("my victoria line commute", "my bus commute")
_COMMUTE_BY = (
    r"(?P<v>[A-Za-z]+ [Ll]ine|tube|train|bus|bike|cycle|metro|subway|tram|ferry|overground|underground|dlr|car|walking)"
)
# A stay said in the same clause ("i'm in pune only for two days"), not in the next one of a run-on
# ("i'm in bangalore only so use IST for the week boundaries": a week of data, no stay), and a visit
# ("as i'm in london next week", "i'm in delhi only till friday"); looked for from the place on (a
# place in lower case has no end the pattern can see)
_IN_CLAUSE = r"(?:(?!\b(?:so|and|but|because|yaar|na)\b)[^.;!?]){0,40}"
_STAY_HERE = _A_STAY.replace("[^.;!?]{0,40}", _IN_CLAUSE, 1) + (
    r"(?!"
    + _IN_CLAUSE
    + r"\b(?:next (?:week|month)|till|until|for work|on business|visiting|on (?:a|my) (?:trip|visit))\b)"
)
# The gyms `_GYMS` names (not a name that ends in "Gym": "the gym" typed in lower case is any gym)
_NAMED_GYMS = _GYMS[: _GYMS.index("|[A-Z]")].removeprefix("YMCA|Y|")
_DICTATED = (
    _rule(
        "home",
        IDENTITY,
        _NOW_THAT + _BE_HERE + _STAY_HERE + r"(?P<v>" + _PLACE + ")",
        "place",
        gate="now that|since|as ",
    ),
    # "i'm in bangalore only so use IST", "i'm in pune itself": the particle says it is where they are
    _rule(
        "home",
        IDENTITY,
        _I + r"(?:'m| am) (?:here )?in " + _STAY_HERE + r"(?P<v>" + _LOW_RUN + r") (?:only|itself)\b",
        "place",
    ),
    # "since joining paysora", "since i joined Paysora", "after joining acme last month": a job taken
    _rule(
        "employer",
        IDENTITY,
        r"\b(?:[Ss]ince|[Aa]fter) (?:(?:I|i|we) )?(?:joining|joined|started at|starting at) (?P<v>"
        + _NAME
        + "|"
        + _LOW_EMPLOYER
        + r")(?![\w'&-])"
        + _WORK_AFTER,
        "job",
        gate="since|after",
    ),
    # "for sellers here at flipkart we have lot of sellers": a company's "we"
    _rule(
        "employer",
        IDENTITY,
        r"\b[Hh]ere at (?P<v>"
        + _NAME
        + "|"
        + _LOW_EMPLOYER
        + r")(?![\w'&-]),? (?:"
        + _PARTICLES
        + " )?(?=(?:we|our|us)\\b)",
        "job",
        gate="here at",
    ),
    # "my manager helen wants a plan", "my boss rohit and the category heads"
    _rule(
        "manager",
        IDENTITY,
        r"\b[Mm]y (?:new |current )?(?:manager|boss|line manager|reporting manager) (?P<v>"
        + _LOW_PERSON
        + r")"
        + _AFTER_A_NAME,
        "job",
    ),
    # "my first month as GPM", "my first week as a senior pm", "first day as head of product"
    _rule(
        "role",
        IDENTITY,
        r"(?:\b[Mm]y |^(?:(?:so|ok|and|just|finally) )*)[Ff]irst (?:day|week|month|quarter|year|few (?:days|weeks|months)) as (?:an? |the )?(?P<role>"
        + _ROLE_LETTERS
        + r"(?![\w-])|"
        + _ROLE[len("(?P<role>") :],
        gate="first",
    ),
    # "my skilled worker visa got approved", "i'm on a student visa", "got my h-1b visa"
    _rule("visa", IDENTITY, r"\b[Mm]y " + _VISA_KIND + r" ?(?i:visa)\b" + _VISA_NOT, gate="visa"),
    _rule(
        "visa",
        IDENTITY,
        _I
        + r"(?:'m| am| have| have got|'ve got| got| now have) (?:now )?(?:on )?(?:an? |my )"
        + _VISA_KIND
        + r" ?(?i:visa)\b"
        + _VISA_NOT,
        gate="visa",
    ),
    # "six weeks into being married", "3 months into married life", "since we got married"
    _rule(
        "relationship",
        IDENTITY,
        r"\b(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|few|couple of) (?:days?|weeks?|months?|years?) into "
        r"(?:being married|(?:our |my )?marriage|married life)\b|\b[Ss]ince (?:we|i|I) got married\b",
        "spouse",
        gate="married|marriage",
    ),
    # "my victoria line commute is 35 min", "my bus commute"
    _rule(
        "commute", IDENTITY, r"\b[Mm]y (?:daily |morning |usual |new )?" + _COMMUTE_BY + r" commute\b", gate="commute"
    ),
    # "my gp at the spitalfields practice", "registered at forest road group practice"
    _rule("doctor", FACT, r"\b[Mm]y (?:gp|GP|doctor|family doctor) (?:is )?at (?:the )?" + _PRACTICE, "practice"),
    _rule(
        "doctor",
        FACT,
        r"(?:(?:" + _I + r"|\b[Ww]e)(?: have|'ve)? (?:just |now |finally )?|^(?:(?:so|ok|and|just|finally) )*)"
        r"(?:registered|signed up) (?:at|with) (?:the )?(?:gp at |doctors at )?" + _PRACTICE,
        "practice",
        gate="registered|signed up",
    ),
    # "my puregym membership", "took a planet fitness membership": a gym of the list in any case
    _rule(
        "gym",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur|(?:took|got|bought) an?) (?P<v>(?i:" + _NAMED_GYMS + r")) (?i:membership)\b",
        gate="membership",
    ),
    # "i let the gym lapse", "let my puregym membership lapse": a gym left
    _rule(
        "gym",
        FACT,
        _ENDED_I
        + r"(?P<end>let (?:my|our|the) (?:(?P<v>(?i:"
        + _NAMED_GYMS
        + r")) )?(?:gym )?(?:membership )?lapse)"
        + _LONG_AGO,
        "left",
        gate="lapse",
    ),
    # "ever since i started iyengar yoga", "i've taken up reformer pilates": an activity by its style
    _rule(
        "schedule",
        PREFERENCE,
        _I + r"(?: have|'ve)? (?:just |finally |recently |now )?(?:started|taken up|took up|got into|begun|began) "
        r"(?:doing )?(?i:iyengar|ashtanga|vinyasa|hatha|bikram|yin|kundalini|power|reformer|mat|indoor|outdoor|beach|"
        r"competitive|sport|lead) " + _ACTIVITIES + r"(?![\w-])",
        "now",
        gate=r"started|taken up|took up|got into|begun|began",
    ),
    # "at my parents place in jayanagar where i grew up": where the person comes from, said after it (a
    # place of the lists, or a part of a city of memory/data/within.txt)
    _rule(
        "origin",
        IDENTITY,
        r"\bin (?P<v>" + _PLACE + r") where (?:I|i) (?:grew up|was born|was raised)\b",
        "part",
        gate="where",
    ),
    # "my IIM kozhikode batchmates", "my Stanford classmates": the school the person went to
    _rule(
        "university",
        IDENTITY,
        r"\b[Mm]y (?P<v>(?!(?:School|Office|Work|Team|Class)\b)[A-Z][\w&.-]*(?: [\w&.-]+){0,2}?) "
        r"(?:batchmates|batch mates|batch-mates|classmates|alumni group|alumni network|alma mater)\b",
        "alma",
        gate="batch|classmates|alumni|alma mater",
    ),
    # "we don't have a car", "i have no car": no car now (a car got later is a change from none)
    _rule(
        "car",
        FACT,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:(?:don't|do not|still don't) (?:have|own) (?:a|any) (?:car|cars)|(?:have|'ve got) no car)\b",
        "nocar",
        gate="car",
    ),
)
_DICTATED_GROUPS = frozenset(["job", "worked", "practice", "nocar", "part", "alma"])


def _said_dictated(attribute: str, value_group: str, memory_type: str, groups: dict[str, str | None]) -> Said | None:
    """A value of the rules of `_DICTATED`: no car now (`nocar`), a practice a doctor is at as written
    (`practice`: a practice is named in lower case), a job's employer or manager (`job`) that is no
    place of the lists ("here at bangalore we" names a city) nor a word of no name, an employer after when
    it is worked (`worked`: a place of the lists only in lower case, "nights at Meta" is Meta), a place grown
    up in (`part`), a school by its classmates (`alma`)."""
    if value_group == "nocar":
        return Said(attribute, "none", "none", memory_type)
    if value_group == "part":  # a place of the lists, or a part of a city said by its own name
        name = _untrailed(groups.get("v") or "").strip(" .,'")
        part = vocab.part_of_city(name)
        return Said(attribute, _norm(part), part, memory_type) if part else _a_place(attribute, memory_type, name)
    shown = _untrailed(groups.get("v") or "").strip(" .,'")
    value = _norm(shown)
    if not value or value in tokens.STOPWORDS:
        return None
    if value_group == "job" and (vocab.place(shown) is not None or _a_city(shown)):
        return None
    if value_group == "worked" and shown.islower() and vocab.place(shown) is not None:
        return None  # ("i work weekends at london"; "I work nights at Meta" is Meta as "I work at Meta" is)
    return Said(attribute, value, shown, memory_type)


# -- phone typing: a life typed on a phone, said in passing (life21) -----------------------------
# A person who types on a phone ("since we got out to the lake in kingsland i been tryin for white
# bass", "bein the owner now i gotta price in insurance", "i QUIT the dip back in march") drops g's
# and apostrophes, writes "n" for "and", shouts a word in capitals, and says a change as what it
# takes for granted. `_typed_out` reads the words as the rules spell them (`read`); the rules of
# `_PHONE_TYPED` read the presupposed changes of a small-business owner and a retiree: a move out to
# a lake or the coast, a business of their own by its name, a role "being the owner now", money moved
# to a bank by its name, a church home, a doctor who is "my primary now", a supplier an account is
# set up at, a tobacco habit kept or quit. Each reads only the person's own, said, not planned.
# Words typed without their last letter or apostrophe, or misspelt, that no other word is spelt as:
# "teh", "recieve", "shes" (not "its", "hell", "wed", "were": words of their own).
_MISTYPED = {
    "teh": "the",
    "recieve": "receive",
    "recieved": "received",
    "beleive": "believe",
    "becuase": "because",
    "becasue": "because",
    "shes": "she's",
    "hes": "he's",
    "thats": "that's",
    "whats": "what's",
    "theyre": "they're",
    "youre": "you're",
    "wouldve": "would've",
    "couldve": "could've",
    "shouldve": "should've",
    "aint": "ain't",
}
# The -ing words typed without their g ("movin", "bein", "drivin", "thinkin bout goin out on my own"):
# the verbs a life is said with, so "thinkin" is the plan "thinking" is (`_HEDGE`), and "bein the owner
# now" the role. A closed list: "begin", "cabin", "within", "Austin" end in "in" too.
_DROPPED_G = (
    "be|liv|mov|work|go|driv|do|gett|tak|mak|start|stay|rent|runn|play|us|bank|see|dipp|smok|drink|chew|vap|"
    "teach|learn|study|dat|sell|buy|leav|quitt|hav|try|think|talk|plann|look|fix|com|say|own|train|help|build|"
    "fish|cook|eat|sleep|wait|hir|retir|switch|pay|send|text|call|shopp|lov|hat|want|need|tell|ask|"
    "spend|sitt|walk|hik|swimm|bik|rid|read|writ|watch|listen|join|lift|pray|attend|visit|travel|fly|"
    "bring|keep|putt|feel|hurt|kill|clean|pack|load|list|box"
)
_SHOUTS = (
    "QUIT|QUITTING|STOPPED|MOVED|SOLD|LEFT|NEVER|NOT|NO|FINALLY|OFFICIALLY|NOW|NEW|OWN|DONE|GOT|"
    "BOUGHT|STARTED|RETIRED|HIRED|FIRED|MARRIED|DIVORCED|ENGAGED|PREGNANT|STILL|REALLY|ALL|EVERYTHING|ONLY|"
    "JUST|MY|OUR|THE|IM|IS|WAS|HAVE|HAS|HAD|THIS|OFF|GONE|DIED|LAST|LONGER|ANYMORE|BACK|CLEAN|SOBER|TRADED|"
    "SWITCHED|CLOSED|HATE|LOVE"
)
_PHONE_WORD = patterns.lazy(
    r"(?<![\w'])(?:(?P<g>(?:" + _DROPPED_G + r")in)'?(?![\w'])|(?P<w>" + "|".join(_MISTYPED) + r")(?![\w'])|"
    # "n" for "and" between two words ("me n one helper", "personal n the LLC"; not "for n in range")
    r"(?<=[A-Za-z,] )(?<!for )(?P<n>n)(?= [a-zA-Z])|"
    # "bout" for "about" ("talkin bout sellin out"; not "a bout of flu", "the bout")
    r"(?<!\ba )(?<!\bthe )(?<!\bthis )(?<!\bone )(?P<bout>bout)(?![\w'])|"
    # a word shouted in capitals in a sentence in lower case ("i QUIT the dip", "we FINALLY moved")
    r"(?P<shout>(?-i:" + _SHOUTS + r"))(?![\w'])"
    r")"
)
# Three or more words in a row typed in capitals ("HEY THIS WORKS", "WE SOLD THE HOUSE"): read in lower
# case, as a place of the lists typed so is read (`_a_place`); a value is shown as a person reads it.
_SHOUTED_RUN = patterns.lazy(r"(?<![\w'&])[A-Z][A-Z']*(?:[ ,]+[A-Z][A-Z']*){2,}(?![\w'&])")


def _typed_word(match: re.Match[str]) -> str:
    if match.group("g"):
        return match.group("g") + "g"
    if match.group("w"):
        return _MISTYPED[match.group("w")]
    if match.group("n"):
        return "and"
    if match.group("bout"):
        return "about"
    return match.group("shout").lower()


def _typed_out(text: str) -> str:
    """A text typed on a phone as the rules spell it (`_PHONE_WORD`, `_SHOUTED_RUN`)."""
    text = _SHOUTED_RUN.sub(lambda m: m.group(0).lower(), text) if _HAS_CAPS.search(text) else text
    if _PHONE_RUNS.isdisjoint(_word_runs(text)):
        return text  # (no word of `_PHONE_WORD` in it: its search along the text cost 10 us a turn of an import)
    return _PHONE_WORD.sub(_typed_word, text)


# Every match of `_PHONE_WORD` is one whole run of word characters (`vocab.WORD_RUN`), one of these words
_PHONE_RUNS = frozenset(
    [*(g + "in" for g in _DROPPED_G.split("|")), *(g + "in'" for g in _DROPPED_G.split("|")), *_MISTYPED]
) | frozenset(["n", "bout", *_SHOUTS.split("|")])


_HAS_CAPS = patterns.lazy(r"[A-Z]{2}")
# A place out of town a person moved to and says where it is ("out to the lake in kingsland", "down to
# the coast near Rockport"): the town after it is read as a place, the lists knowing it or not.
_OUT_TO = r"(?:(?P<geo>the (?:lake|coast|beach|shore|hills|mountains|country|island|valley|bay|farm|ranch|river|desert|islands|woods|sticks)) (?:in|at|near|by|outside) |the )?"
_MOVED_OUT = (
    r"(?:moved|relocated|settled|retired|got out|got up|got down|came out|came up|came down|made it out|"
    r"made it down|made it up|moved out|moved down|moved up|moved back|moved over)"
)
# Names that say they are a business's: "Hutchins Heating & Air", "Lakeside Bakery LLC"
_OWN_KIND = (
    r"(?:outfit|business|company|shop|firm|practice|agency|studio|store|restaurant|bakery|salon|operation|llc|LLC|"
    r"consultancy|clinic|cafe|café|garage|farm|brand|label|crew)"
)
# The words of a supplier's trade in the sentence: "they carry goodman n rheem", "on terms", "net 30"
_TRADE_WORDS = (
    r"(?=[^.;!?]*\b(?:carry|carries|stock|stocks|parts|supplies|supply|equipment|materials|wholesale|terms|net 30|"
    r"contractor pricing|inventory|lumber|distributor|trade account|trade price)\b)"
)
_SUPPLIES = r"(?:equipment|parts|supplies|materials|stock|inventory|lumber|tools|ingredients|produce|fabric|fabrics|yarn|flowers|meat|beans)"
_SUPPLIES_GATE = _SUPPLIES[3:-1]  # (the nouns themselves: "from" and "at" are in most sentences)
# A name of a bank by what it says it is ("Inks Lake Credit Union", "First National Bank", "Hometown FCU")
_BANK_SAID = patterns.lazy(r"(?i:\b(?:bank|credit union|fcu|building society|savings|banc|bancorp)\s*$)")
# A church by its name and a word of its denomination ("First Baptist", "Grace Methodist", "Hill Country
# Bible Church", "St. Luke's Episcopal"): its name's words, then the word that says it is a church.
_DENOMINATED = (
    r"(?P<v>(?:[" + _UP + r"][\w'.-]*\s+){1,3}(?:Baptist|Methodist|Lutheran|Presbyterian|Episcopal|Catholic|"
    r"Pentecostal|Nazarene|Assembly of God|Church of Christ|Church of God|Bible Church|Community Church|Church|"
    r"Chapel|Fellowship|Tabernacle|Cathedral|Parish)(?: Church)?)(?![\w'-])"
)
# Tobacco, nicotine and drink as a person gives them up or keeps at them: the habit's kind (`_HABIT`)
_HABITS = {
    **dict.fromkeys(
        [
            "dip",
            "dipping",
            "chew",
            "chewing",
            "chewing tobacco",
            "snuff",
            "snus",
            "copenhagen",
            "skoal",
            "grizzly",
            "pouches",
            "zyn",
            "zyns",
        ],
        "dip",
    ),
    **dict.fromkeys(
        ["smoke", "smoking", "cigarettes", "cigarette", "cigs", "smokes", "tobacco", "the cigs"], "smoking"
    ),
    **dict.fromkeys(["vaping", "vape", "the vape", "juul", "juuling", "e-cigs", "e-cigarettes"], "vaping"),
    **dict.fromkeys(["drinking", "booze", "alcohol", "the drink", "the booze", "the bottle"], "drinking"),
}
_HABIT = (
    r"(?P<thing>(?i:chewing tobacco|e-cigarettes|e-cigs|cigarettes?|cigs|smokes|smoking|tobacco|dipping|dip|chewing|"
    r"chew|snuff|snus|copenhagen|skoal|grizzly|pouches|zyns?|vaping|vape|juuling|juul|drinking|booze|alcohol|"
    r"drink|bottle))"
    # (not "quit smoking brisket", "stopped drinking coffee", "quit the drink i was making")
    r"(?![\w'-]| (?:meat|brisket|ribs|salmon|fish|pork|sausage|chicken|turkey|cheese|coffee|tea|soda|pop|milk|water|"
    r"juice|sugar|energy|diet|beer pong|machine|i was|you|for (?:lent|a (?:week|day|month))|to\b))"
)
_QUIT_VERB = r"(?i:quit|quitted|stopped|gave up|given up|kicked|put down|ditched|packed in|came off|got off)"
_KEPT_AT = (
    r"(?i:since (?!\d|this morning|last night|dawn|noon|midnight|yesterday|lunch|breakfast|\w+ ?am\b)|"
    r"for (?:\d+|a few|many|two|three|four|five|ten|twenty|thirty|forty) (?:years|yrs|decades)|every day|daily|"
    r"(?:a|one|two|half a) (?:can|pack|tin|pouch)s? a day)"
)
# The instruments a person plays (`_PHONE_TYPED`, `asks_for`): each a schedule of its own ("schedule:cello")
_INSTRUMENT_NAMES = frozenset(
    [
        "guitar",
        "piano",
        "keyboard",
        "violin",
        "viola",
        "cello",
        "bass",
        "ukulele",
        "uke",
        "drums",
        "flute",
        "clarinet",
        "saxophone",
        "sax",
        "trumpet",
        "trombone",
        "harmonica",
        "banjo",
        "mandolin",
        "fiddle",
        "harp",
        "accordion",
        "oboe",
        "bagpipes",
        "organ",
        "tuba",
        "bassoon",
        "synth",
    ]
)
# (longest first, ties by name: one text in every process, so the rule's kept needles are found, life50; a set's
# order is its hashes', which differ by process)
_INSTRUMENT = (
    r"(?P<thing>(?i:(?:acoustic |electric |classical |bass |slide |steel )?guitar|double bass|upright bass|"
    r"french horn|" + "|".join(sorted(_INSTRUMENT_NAMES, key=lambda name: (-len(name), name))) + r"))"
)
_SIZE = r"\d{1,2}(?:\.5| ?½| 1/2)?(?![\d.,/])"
# An instrument of the person's own or played, by its name ("my cello needs new strings", "play the piano"):
# `names_a_kind`
_MY_INSTRUMENT = patterns.lazy(
    r"\b(?i:my|our|play|plays|playing|played)\s+(?:(?i:the|a|an)\s+)?(?:[\w-]+\s+)?" + _INSTRUMENT + r"(?![\w-])"
)


def names_a_kind(kind: str, text: str) -> bool:
    """Whether a text speaks of the person's thing of `kind` by what it is rather than by the word: a
    dog or a cat by its breed ("my blue heeler boone"), an instrument by its name ("my cello"). Recall's
    `_named`: what a question asks ("what's my dog's name", "do I play an instrument") is spoken of."""
    if kind == "instrument":
        return _MY_INSTRUMENT.search(text) is not None
    return kind in ("dog", "cat") and any(
        _BREEDS[m.group("breed").casefold()] == kind for m in _MY_BREED.finditer(text)
    )


_PHONE_TYPED = (
    # "since we got out to the lake in kingsland", "now that we moved down to the coast near rockport"
    _rule(
        "home",
        IDENTITY,
        r"\b(?:[Ss]ince|[Nn]ow that|[Ee]ver since) (?:we|i|I)(?:'ve| have)? (?:finally |just |all )?"
        + _MOVED_OUT
        + r"(?: (?:here|there))? to "
        + _OUT_TO
        + r"(?P<v>"
        + _PLACE
        + r")(?![^.;!?]{0,40}\b(?:for (?:a|the|two|three|\d+) (?:trip|holiday|vacation|weekend|week|days?|nights?)|"
        r"on (?:holiday|vacation)|trip|visit|visiting)\b)",
        "outto",
        gate=r"since|now that",
    ),
    # "now that its my own outfit, Hutchins Heating & Air", "my own business, Lakeside Bakery", "running
    # my own shop now: Tread & Co"
    _rule(
        "employer",
        IDENTITY,
        r"\b(?:[Mm]y|[Oo]ur) (?:very )?own "
        + _OWN_KIND
        + r"(?: now)?(?:,| -| –|:| called| named) (?!(?:I|I'[a-z]+|We|My|Our|The|It|It's|Its|That|This)\b)(?P<v>"
        + _NAME
        + r")",
        "own",
        gate=r"\bown\b",
    ),
    # "been at Alamo Air going on 9 yrs", "I've been at Initech for six years" (not "been with Geico for 3
    # years": an insurer, a carrier, a bank are "with" too)
    _rule(
        "employer",
        IDENTITY,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i|[Ww]e)(?:'ve| have)? |^(?:(?:so|and|ok|well) )*)been at (?P<v>"
        + _NAME
        + r") (?:going on|for|nearly|almost|about|over|close to|coming up on|goin on) (?:\d+|a|one|two|three|four|"
        r"five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)\+? (?:yrs?|years?)\b",
        "tenure",
        gate=r"been at",
    ),
    # "bein the owner now i gotta price in insurance", "being a manager now, I ..."
    _rule(
        "role",
        IDENTITY,
        r"(?:^|(?<=[.;,!?] )|\b(?:and|so|but|now) )(?:being|now being) (?:the|a|an) " + _ROLE + r" now\b",
        gate=r"being",
    ),
    # "finally closed out usaa n moved everything, personal n the LLC, to Inks Lake Credit Union"
    _rule(
        "bank",
        FACT,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i|[Ww]e)(?: have|'ve)? |^)(?:(?:finally|just|officially|recently|so|and|ok) )*"
        r"(?:closed (?:out )?[\w&' -]{1,30}? and )?(?:moved|switched|transferred|moved over|took) "
        r"(?:everything|it all|all (?:of )?(?:it|my|our)(?: \w+)?|(?:my|our) (?:accounts?|banking|money|checking|savings))"
        r"(?: account)?(?:,[^,.;!?]{1,60},)?(?: over)? to (?P<v>" + _NAME + r")",
        "bankto",
        gate=r"everything|it all|all of|all my|all our|account|banking|money|checking|savings",
    ),
    # "our new church home, Cornerstone Baptist", "my church is Grace Fellowship now"
    _rule(
        "church",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?:new |home |local )?church(?: home| family)?(?:,| -| is| is now) (?:now )?(?P<v>"
        + _NAME
        + r")",
        "congregation",
        gate=r"church",
    ),
    # "potluck at First Baptist on Bandera this sunday", "bible study at Grace Methodist"
    _rule(
        "church",
        FACT,
        r"^"
        + _NOT_MY_CHURCH
        + _ONCE
        + r"(?:.*?(?<=[\s,;(]))?"
        + _NOT_THEIRS
        + r"(?i:"
        + _CONGREGATION
        + r") at "
        + _DENOMINATED,
        "congregation",
        gate=r"potluck|pot luck|fish fry|fellowship|bible|sunday school|choir|breakfast|vbs|youth group|prayer|picnic|revival|homecoming|deacons",
    ),
    # (life24) a church the person goes to: "we've been going to Cornerstone Baptist since June", "we go to
    # Vida Nueva now, its non-denominational" (a name said to be a church in the sentence); not a plan ("we're
    # going to Grace Church on Sunday"), a visit, a wedding, once ("we went to ... last easter"), nor theirs
    _rule(
        "church",
        FACT,
        r"^" + _NOT_MY_CHURCH + _ONCE + r"(?:.*?)?" + _ATTEND + r"(?:(?i:mass|service|church) at )?" + _DENOMINATED,
        "congregation",
        gate=r"going to|goin to|go to|attend",
    ),
    _rule(
        "church",
        FACT,
        r"^"
        + _NOT_MY_CHURCH
        + _ONCE
        + r"(?:.*?)?"
        + _ATTEND
        + r"(?P<v>"
        + _NAME
        + r")(?=[^.;!?]{0,60}?\b(?:it'?s|it is|which is|a|an)\s(?:(?:a|an|all|very|really|so|super|more|big|small|little|"
        r"new|bilingual|spanish|latino|young|lively) )*(?i:non-?denominational|church|parish|congregation|megachurch)\b)",
        "congregation",
        gate=r"going to|goin to|go to|attend",
    ),
    # "my VA doc, Dr. Patel over at audie murphy, has me on lisinopril"
    _rule(
        "doctor",
        FACT,
        r"(?P<v>"
        + _DR
        + r")(?:,? (?:over |down |up |out )?(?:at|from|in) (?:the )?[\w'&.-]+(?: [\w'&.-]+){0,3}?,?)? (?:has|had|keeps|still has) (?:me|us) on\b",
        "named",
        gate=r"\bdr|\bdoc",
    ),
    _rule(
        "doctor",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?:[A-Z]{2,4} |new |regular |family |primary care )?(?:doc|doctor|gp|GP|pcp|PCP|physician)(?:,| -| –) (?P<v>"
        + _DR
        + r")",
        "named",
        gate=r"\bdr|\bdoc",
    ),
    # "Dr. Whitaker at the VA clinic in cedar park, shes my primary now" (not "my first dr appt, ...")
    _rule(
        "doctor",
        FACT,
        r"(?!(?i:dr\.?|doc|doctor) (?:appt|appts|appointment|appointments|office|visit|visits|said|says|told|wants|thinks|visit)\b)(?P<v>"
        + _DR
        + r")(?:(?!\b(?i:dr|doc|doctor)\b)[^.;!?]){0,60}?,? (?:she's|he's|she is|he is|they're|who's) (?:now )?(?:my|our) "
        r"(?:new )?(?i:primary care (?:doctor|physician|provider)|primary|pcp|gp|doctor|doc|family doctor|regular doctor)"
        r"(?: now| these days)?\b",
        "named",
        gate=r"\bdr|\bdoc",
    ),
    # "my equipment all comes from Johnstone Supply", "I get all my parts from Ferguson"
    _rule(
        "supplier",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) " + _SUPPLIES + r" (?:all |mostly |usually )?(?:comes?|come) from (?P<v>" + _NAME + r")",
        "supply",
        gate=_SUPPLIES_GATE,
    ),
    _rule(
        "supplier",
        FACT,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i|[Ww]e) )(?:buy|get|order) (?:all |most )?(?:(?:of )?(?:my|our) )"
        + _SUPPLIES
        + r" (?:from|at|through) (?P<v>"
        + _NAME
        + r")",
        "supply",
        gate=_SUPPLIES_GATE,
    ),
    # "set up my account at Winsupply in marble falls, they carry goodman n rheem"
    _rule(
        "supplier",
        FACT,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i|[Ww]e)(?: have|'ve)? |^)(?:(?:just|finally|so|and|ok) )*(?:set up|opened|got) "
        r"(?:my|our|an|a) (?:new )?(?:trade |contractor |business |wholesale |commercial )?account (?:at|with) (?P<v>"
        + _NAME
        + r")"
        + _TRADE_WORDS,
        "supply",
        gate=r"account",
    ),
    # "i QUIT the dip back in march", "I stopped smoking in 2019", "finally kicked the cigs"
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i|[Ww]e)(?: have|'ve)? |^(?:(?:finally|just|so|and|officially|ok) )*)(?:finally |just |officially |completely |fully )?"
        + _QUIT_VERB
        + r" (?:the |my |on |with )?"
        + _HABIT,
        "habitquit",
        gate=r"\bquit|\bstopped|\bgave up|\bgiven up|\bkicked|\bput down|\bditched|\bpacked in|\bcame off|\bgot off",
    ),
    # "been dippin copenhagen since basic training", "I've been smoking for 30 years"
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i)(?: have|'ve)? |^(?:(?:so|and) )*)(?:been )(?P<thing>(?i:dipping|chewing|smoking|vaping))"
        r"(?: (?i:copenhagen|skoal|grizzly|snus|cigarettes|cigs|marlboros?|camels?|newports?|a pack|juul|zyns?|pouches))? "
        + _KEPT_AT,
        "habitnow",
        gate=r"dipping|chewing|smoking|vaping",
    ),
    # a habit kept, said in the present: "I know I still smoke like half a pack a day", "i still vape", "I smoke
    # about a pack a day" (not "I still smoke brisket", "I smoke weed sometimes", "I smoke a cigar on holidays")
    _rule(
        "schedule",
        PREFERENCE,
        _I + r"(?: still (?P<thing>smoke|vape|dip)(?![\w'-])(?! (?:meat|brisket|ribs|salmon|fish|pork|sausage|chicken|"
        r"turkey|cheese|weed|pot|cigars?|a cigar|a pipe|it|them|out)\b)|"
        r" (?P<thing2>smoke|vape) (?:like |about |around |maybe |almost |nearly )?(?:half a pack|a pack|a pod|"
        r"(?:\d+|ten|twenty) (?:cigarettes|cigs)) (?:a|per) day)",
        "habitnow",
        gate=r"smoke|vape|dip",
    ),
    # "I play the cello", "i been playin guitar since i was 12", "I'm learning the violin": an instrument, a
    # schedule of its own ("what instrument do I play", `asks_for`), so a second one is no change
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r"(?:'ve been |'m | am | have been | been | still | also | )(?:play|playing|learning|practicing|practising|"
        r"took up|taken up) (?:the )?"
        + _INSTRUMENT
        + r"(?![\w-]| (?:hero|lessons? for|teacher|player|shortcuts?|tabs? for))",
        "now",
        gate="|".join(sorted(_INSTRUMENT_NAMES)) + "|french horn",
    ),
    # "my shoe size is 10.5", "I wear a size 11 shoe", "im a 9 in boots"
    _rule(
        "shoe size",
        FACT,
        r"\b[Mm]y (?:shoe|boot) size(?: is|'s|:)? (?:a |an )?(?:(?:US|UK|EU|men's|women's|mens|womens) )?(?P<v>"
        + _SIZE
        + r")"
        + r"|"
        + _I.replace("(?:I|i)", "(?:I|i)(?:'m| am| wear| take)")
        + r" (?:a |an )?(?:size )?(?:(?:US|UK|EU|men's|women's|mens|womens) )?(?P<v2>"
        + _SIZE
        + r") (?:in )?(?:shoes?|boots?|sneakers|trainers)\b",
        gate=r"\bshoe|\bboot|\bsneakers|\btrainers",
    ),
    # "my license plate is 7ABC123", "our reg is AB12 CDE", "my plate number: KXT-4411"
    _rule(
        "license plate",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?:(?:car|truck|van|bike|motorbike)(?:'s)? )?(?:(?:license|licence|number|registration) )?"
        r"(?:plate(?: number)?|reg|registration(?: number)?)(?: is|'s|:| says| reads) (?P<v>(?=[A-Z0-9 -]*\d)[A-Z0-9][A-Z0-9 -]{1,8}[A-Z0-9])(?![\w-])",
        gate=r"\bplate|\breg\b|\bregistration",
    ),
)
_PHONE_GROUPS = frozenset(["outto", "own", "tenure", "bankto", "congregation", "supply", "habitquit", "habitnow"])


def _said_phone_typed(attribute: str, value_group: str, memory_type: str, groups: dict[str, str | None]) -> Said | None:
    """A value of the rules of `_PHONE_TYPED`: a town out of town (`outto`: a place of the lists, or the
    word after "the lake in"), a business of one's own or a place worked at for years (`own`, `tenure`:
    no city, bank or other name of the lists), a bank by what its name says (`bankto`), a church, a
    supplier that is no bank (`supply`), a habit kept at or given up (`habitnow`, `habitquit`)."""
    if value_group in ("habitquit", "habitnow"):
        kind = _HABITS.get((groups.get("thing") or groups.get("thing2") or "").casefold())
        if kind is None:
            return None
        said = "stopped" if value_group == "habitquit" else "now"
        return Said(f"schedule:{kind}", said, said, memory_type)
    shown = _untrailed(groups.get("v") or "").strip(" .,'")
    if value_group == "outto":  # (the longest run of its words a place: "Florida I golf" is Florida)
        words = shown.split()
        place = next(
            (
                p
                for n in range(len(words), 0, -1)
                if (p := _a_place(attribute, memory_type, " ".join(words[:n]), known=True))
            ),
            None,
        )
        word = words[0] if words else ""
        if place is None and groups.get("geo") and word.islower() and word not in tokens.STOPWORDS:
            low = re.match(r"[a-z][\w'-]+", word)
            return Said(attribute, _norm(low.group(0)), low.group(0), memory_type) if low else None
        return place
    value = _norm(shown)
    if not value or value in tokens.STOPWORDS:
        return None
    bank = _a_bank(shown) or _BANK_SAID.search(shown) is not None
    if value_group == "bankto":
        return Said(attribute, value, shown, memory_type) if bank else None
    # ("been at London for 2 years": no employer; "I've been at Monzo for two years" is a job there, a bank, a
    # carrier, a pharmacy or a car maker of the lists being an employer too, "Toyota" a city's name as well: "with"
    # says its customer, no rule of "at")
    if value_group == "own" and (vocab.listed(shown) or _a_city(shown) or vocab.place(shown)):
        return None
    if value_group == "tenure" and _a_city(shown) and not _a_company(shown):
        return None  # (a city's, not any place's: "I've been at Meta for two years", a Colombian region's name too)
    if value_group == "supply" and bank:
        return None  # ("set up my account at Chase": a bank)
    return Said(attribute, value, shown, memory_type)


# The questions of `_PHONE_TYPED`'s attributes, and of things a person asks in their own words: "what
# truck do I drive", "where do I bank", "where do I buy my equipment", "do I still dip", "what musical
# instrument do I play", "what's my shoe size", "what's my license plate number".
_ASKS_PHONE_TYPED = (
    (
        "car",
        r"\b(?:what|which) (?:kind of |make of )?(?:car|truck|pickup|vehicle|suv|van|ride|motor) (?:do|am|are|did) (?:i|we) "
        r"(?:drive|driving|have|own|got)\b|\bwhat(?:'s| is) (?:my|our) (?:truck|pickup|vehicle|ride|suv)\b",
    ),
    ("bank", r"\bwhere do (?:i|we) (?:bank|keep (?:my|our) money)\b|\bwho do (?:i|we) bank with\b"),
    (
        "supplier",
        r"\b(?:where|who) do (?:i|we) (?:buy|get|order) (?:my |our )?" + _SUPPLIES + r"\b|"
        r"\b(?:my|our) (?:supplier|supply house|distributor|wholesaler|parts house)\b",
    ),
    *(
        (f"schedule:{kind}", pattern)
        for kind, pattern in (
            (
                "dip",
                r"\b(?:do|am|did) (?:i|we) (?:still )?(?:dip|dipping|chew|chewing)\b|\bquit (?:the )?(?:dip|dipping|chew)\b",
            ),
            (
                "smoking",
                r"\b(?:do|am|did) (?:i|we) (?:still )?(?:smoke|smoking)\b(?! (?:meat|brisket|ribs|fish|salmon))|\bquit smoking\b",
            ),
            ("vaping", r"\b(?:do|am|did) (?:i|we) (?:still )?(?:vape|vaping)\b|\bquit vaping\b"),
            ("drinking", r"\b(?:do|am|did) (?:i|we) (?:still )?drink(?:ing)?\s*\??\s*$|\bquit drinking\b"),
        )
    ),
    (
        "instrument",
        r"\b(?:what|which) (?:musical )?instruments? (?:(?:do|did|can|am) )?(?:i|we) (?:play|playing|learn|learning)\b|\bmy (?:musical )?instruments?\b"
        # (retr39: rowan, wen) "do I play an instrument?": asked as the instrument, not as a yes or a no
        r"|\b(?:do|can|did) (?:i|we) (?:still )?play (?:an? |any )?(?:musical )?instruments?\b",
    ),
    ("shoe size", r"\bshoe size\b|\bwhat size (?:shoes?|boots?) do (?:i|we)\b"),
    # (retr39: grace) "who did I vote for last time": a vote cast, which no rule reads (nothing close
    # where no memory speaks of voting: recall._nothing_states)
    ("vote", r"\b(?:who|which (?:party|candidate)|what party) (?:did |do )?(?:i|we) vote(?: for)?\b"),
    (
        "license plate",
        r"\b(?:license|licence|number|registration|reg) plates?\b|\bplate number\b|\bregistration number\b",
    ),
)


# -- a student's life, in lower case and slang (life22) ------------------------------------------
# A student (the blind noor fixture: lower case, no apostrophes, "ngl", "lowkey", "fr", emoji, Arabic
# words) says a change inside a request, and often drops the "i" of a diary line: "since i switched to
# public health im taking ...", "im officially adding a data science minor", "back in ann arbor for
# senior year", "omar asked me to be his girlfriend", "amman broke my vegetarianism", "joined first
# ascent in avondale", "found my new therapist through my work insurance, dr. reyes". Each rule reads
# the person's own only ("simone switched to nursing", "my sister is a junior at fordson", "he got
# really into bouldering" are theirs) and a value only where the words around it say what it is.
#
# A clause whose subject is the person: "i" said, or dropped at a sentence's start after its fillers
_STUDENT_FILLERS = r"(?:ok|okay|so|and|also|just|finally|officially|lol|ngl|tbh|fr|lowkey|btw|omg|yay|update:?|chat)"
_ME_START = r"(?:" + _I + r"(?: have|'ve)? |^(?:" + _STUDENT_FILLERS + r",? )*)"
# The subjects a major is said by, as students shorten them ("bio", "pub health", "poli sci")
_MAJOR_SHORT = {
    "bio": "biology",
    "chem": "chemistry",
    "biochem": "biochemistry",
    "psych": "psychology",
    "poli sci": "political science",
    "polisci": "political science",
    "pub health": "public health",
    "pubhealth": "public health",
    "stats": "statistics",
    "neuro": "neuroscience",
    "econ": "economics",
    "math": "mathematics",
    "maths": "mathematics",
    "cs": "computer science",
    "comp sci": "computer science",
    "compsci": "computer science",
    "kines": "kinesiology",
    "premed": "pre-med",
}
_MAJOR = r"(?:" + _SUBJECTS + r"|bio|chem|biochem|psych|poli ?sci|pub ?health|stats|neuro|kines)"
_PRE_TRACK = r"pre-?(?:med|law|vet|dental|pharm(?:acy)?|nursing|pa|health)"
# The words of a school a bare "i switched to public health" is read in ("switched to verizon" is no major)
_SCHOOL_WORDS = patterns.lazy(
    r"\b(?:class|classes|course|courses|elective|electives|major|majors|minor|semester|credits?|professor|"
    r"syllabus|degree|gpa|advisor|adviser|freshman|sophomore|junior year|senior year|college|uni|university|"
    r"lecture|lectures|seminar|prereqs?|requirements?)\b",
    re.IGNORECASE,
)
_CLASS_YEAR = (
    r"(?:freshman|sophomore|junior|senior|first[- ]year|second[- ]year|third[- ]year|fourth[- ]year|final[- ]year|"
    r"transfer student|undergrad|grad student|phd student|masters student|student)"
)
# A school a student says they are at, typed in lower case ("sophomore at umich"): not these words
# (session 52: and when, not where: "I'm a student at the moment" read the university "moment")
_NOT_A_CAMPUS = frozenset([
    "work", "home", "heart", "the", "this", "that", "night", "school", "uni", "college", "least", "moment", "minute",
    "present", "time", "times", "weekend", "weekends", "nights", "days", "same", "end", "start",
])  # fmt: skip
# What a person does to keep fit, and the words that say a sentence speaks of it (a gym joined)
_WORKOUTS = (
    r"(?:lifting(?: weights)?|climbing|bouldering|working out|training|swimming|spinning|boxing|rowing|cycling|"
    r"crossfit|yoga|pilates|powerlifting|weightlifting)"
)
_FIT_WORDS = patterns.lazy(
    r"\b(?:gym|gyms|climb|climbs|climbing|climbed|boulder|bouldering|lift|lifts|lifting|workouts?|work out|"
    r"working out|routes?|setting|grades|v\d|yoga|pilates|crossfit|swim|swimming|spin|reformer|squat|deadlift|"
    r"bench|cardio|treadmill|belay|belaying)\b",
    re.IGNORECASE,
)
# A place a habit is kept at, typed in lower case: a name, not the gym or a time ("at the ccrb", not "at the gym")
_NOT_A_GYM = frozenset(
    [
        "gym",
        "gyms",
        "park",
        "home",
        "house",
        "school",
        "uni",
        "college",
        "campus",
        "beach",
        "pool",
        "track",
        "weekend",
        "weekends",
        "night",
        "nights",
        "lunch",
        "work",
        "office",
        "moment",
        "same",
        "local",
        "new",
        "my",
        "our",
        "y",
        "rec",
        "wall",
        "walls",
        "crag",
        "crags",
        "studio",
        # what is joined that is no gym ("I joined the classes to find like-minded people")
        "class",
        "classes",
        "club",
        "team",
        "group",
        "community",
        "course",
        "program",
        "league",
    ]
)
# A counsellor by where they see the person ("my caps counselor", "my EAP counsellor"), not by a kind
_NOT_A_COUNSELING_PLACE = (
    r"(?:couples?|physical|occupational|speech|massage|sports?|school|guidance|career|academic|financial|college|"
    r"admissions|camp|debt|credit|genetic|lactation|tax|legal|investment|peer|grief|marriage|family|addiction|art|"
    r"music|drama|play|trauma|new|old|former|current|own|first|last|previous|the|a|lovely|great|amazing|awesome|dog|"
    r"respiratory|mental|licensed|online|virtual|regular|usual|sisters?|brothers?|moms?|mums?|dads?|friends?|"
    r"boyfriends?|girlfriends?|parents?|kids?|sons?|daughters?|partners?|husbands?|wife|wifes)"
)
# The insurers of a car ("my own geico policy", "on my parents progressive policy"): named in lower case only
# in these frames, which say a policy of the person's follows
_AUTO_INSURERS = (
    r"(?:geico|progressive|state farm|allstate|liberty mutual|farmers|nationwide|travelers|esurance|the general|"
    r"root|lemonade|erie|american family|amica|safeco|the hartford|mercury|direct line|admiral|aviva|churchill|"
    r"hastings direct|hastings|lv=?|ageas|esure|axa|intact|desjardins|aami|nrma|budget direct)"
)
_CAR_WORDS = patterns.lazy(
    r"\b(?:car|cars|auto|vehicle|civic|truck|suv|registration|registered|registering|driving|drive|plates?|"
    r"dmv|garage|parking|insurance)\b",
    re.IGNORECASE,
)
_PARENTS = r"(?:parents'?|parent's|mom'?s|mum'?s|dad'?s|family'?s|mama'?s|baba'?s)"
# A relation's words after "me", as a partner ("omar asked me to be his girlfriend")
_DATING_WORD = r"(?:girlfriend|boyfriend|partner|gf|bf|girl|man)"
_STUDENT = (
    # "im pre-med bio", "i'm still premed": a track and the subject it is taken in
    _rule(
        "studying",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:still |now |officially |also )?(?P<track>"
        + _PRE_TRACK
        + r")(?: (?P<field>(?i:"
        + _MAJOR
        + r")))?(?![\w-])",
        "major",
        gate="pre-|premed|prelaw|prevet",
    ),
    # "i'm a bio major", "im a junior econ major", "im officially a public health major now"
    _rule(
        "studying",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:still |now |officially |also )?(?:an? )?(?:"
        + _CLASS_YEAR
        + r" )?(?P<field>(?i:"
        + _MAJOR
        + r")) (?:major|student)\b",
        "major",
        gate="major|student",
    ),
    # "since i switched to public health", "i switched my major to econ", "changed majors to psych"
    _rule(
        "studying",
        IDENTITY,
        r"(?:"
        + _I
        + r"(?: have|'ve)? |^(?:"
        + _STUDENT_FILLERS
        + r",? )*)(?:just |officially |finally |recently )?(?:switched|changed|swapped|moved)(?P<said> (?:my )?majors?)?"
        r"(?: from (?:[\w-]+ ){1,3}?)?(?: over)? (?:to|into) (?P<field>(?i:" + _MAJOR + r"))(?![\w-])",
        "switch",
        gate="switched|changed|swapped|moved",
    ),
    # "im officially adding a data science minor", "i'm minoring in stats", "my minor is econ"
    _rule(
        "minor",
        IDENTITY,
        r"(?:"
        + _I
        + r"(?:'m| am| have|'ve)? |^(?:"
        + _STUDENT_FILLERS
        + r",? )*)"
        + r"(?:officially |now |also |finally )?(?:adding|added|picking up|picked up|doing|declared|declaring|"
        r"got) (?:a |my |the )?(?P<field>(?i:"
        + _MAJOR
        + r")) minor\b|"
        + _I
        + r"(?:'m| am) (?:now |also |officially )?minoring in (?P<field2>(?i:"
        + _MAJOR
        + r"))(?![\w-])|\b[Mm]y minor is (?:in )?(?P<field3>(?i:"
        + _MAJOR
        + r"))(?![\w-])",
        "minor",
        gate="minor",
    ),
    # "im pre-med bio, sophomore at umich", "I'm a junior at Ohio State": the school a student is at
    _rule(
        "university",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:(?!(?:not|sure|like|so|my|his|her|their|she|he|they|with|friends)\b)[\w-]+,? ){0,4}?(?:an? )?"
        + _CLASS_YEAR
        + r"(?: "
        + _WORKED_WHEN  # ("I'm a student part-time at UCL", as "a student at UCL" is: trust50)
        + r")? (?:at|@) (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_NAME
        + r")",
        "campus",
        gate="freshman|sophomore|junior|senior|first-year|second-year|third-year|fourth-year|final-year|first year|"
        "second year|third year|fourth year|final year|undergrad|student",
    ),
    # "so im eating meat again", "i started eating meat again", "amman broke my vegetarianism", "im no
    # longer vegetarian": a diet given up (not "should i go full vegan", "i cant imagine eating meat again")
    _rule(
        "diet",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:now |back to )?eating meat(?: again)?\b|"
        + _I
        + r"(?: have|'ve)? (?:just |recently |finally |now )?(?:started|went back to|gone back to|(?:'m|am) back to) eating meat\b|"
        + _I
        + r" eat meat again\b|\b(?:broke|ended|ruined|killed) my (?P<ism>vegetarianism|veganism)\b|"
        + _I
        + r"(?:'m| am) (?:no longer|not) (?:a )?(?P<was>vegetarian|vegan|veggie)(?: (?:anymore|any more))?"
        r"(?=(?: (?:anymore|any more))|\s*(?:[,.;!?]|$)| (?:anymore|any more|lol|haha|ngl|tbh|fr)\b)|"
        + _I
        + r" (?:stopped|quit) being (?:a )?(?P<was2>vegetarian|vegan|veggie)\b",
        "meat",
        gate="meat|vegetarian|vegan|veggie",
    ),
    # "omar asked me to be his girlfriend", "i'm dating jonas now", "Sam and I are officially together"
    _rule(
        "relationship",
        IDENTITY,
        r"(?:^|(?<=[\s,;(]))(?P<n>(?!(?:and|so|then|finally|ok|okay|lol|ngl|omg|also|just)\b)[A-Za-z][\w'-]*) "
        r"(?:finally |officially |just )?asked me to be (?:his|her|their) "
        + _DATING_WORD
        + r"\b|"
        + _I
        + r"(?:'m| am) (?:now |officially |finally )?(?:dating|going out with|in a relationship with) (?P<n2>"
        + _NAME
        + "|"
        + _LOW_NAME
        + r")(?![\w'-])|(?:^|(?<=[\s,;(]))(?P<n3>"
        + _NAME
        + "|"
        + _LOW_PERSON
        + r") and (?:I|i) are (?:now |officially |finally )?(?:dating|together|a couple|official|going out)\b|"
        + _I
        + r"(?: have|'ve)? (?:got|have) a (?:new )?(?:boyfriend|girlfriend|partner|bf|gf) now\b",
        "partner",
        gate="asked me|dating|going out|relationship|together|couple|official|boyfriend|girlfriend|partner| bf| gf",
    ),
    # a climbing gym or a gym joined, where the sentence speaks of keeping fit: "joined first ascent in avondale
    # (... a new gym)", "my membership at planet rock", "ive been lifting at the ccrb", "got really into bouldering
    # at planet rock" (not "he got into climbing at X", "my membership at costco", "i lift at the gym")
    _rule(
        "gym",
        FACT,
        _ME_START
        + r"(?:just |finally |officially |recently )?joined (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_NAME
        + r")(?![\w'&-])",
        "gymjoined",
        gate="joined",
    ),
    _rule(
        "gym",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?:gym |climbing |bouldering )?membership (?:at|to|with) (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_NAME
        + r")(?![\w'&-])",
        "gymjoined",
        gate="membership",
    ),
    _rule(
        "gym",
        FACT,
        r"(?:"
        + _I
        + r"(?:'ve| have)? been |"
        + _I
        + r"(?:'m| am) (?:now |still )?|^(?:"
        + _STUDENT_FILLERS
        + r",? )*been |(?<![\w'])(?:got|getting|gotten) (?:really |super |so |very |kinda |lowkey )?(?:into|hooked on) )"
        + _WORKOUTS
        + r" (?:\d+x (?:a|per) week )?at (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_NAME
        + r")(?![\w'&-])",
        "gymat",
        gate="lifting|climbing|bouldering|working out|training|swimming|spinning|boxing|rowing|cycling|crossfit|yoga|"
        "pilates|powerlifting|weightlifting",
    ),
    # "got really into bouldering at planet rock", "ive been lifting at the ccrb 3x a week": a sport taken up
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:"
        + _I
        + r" |^(?:"
        + _STUDENT_FILLERS
        + r",? )*|\band )(?:just |finally |recently )?(?:got|gotten|getting) (?:really |super |so |very |kinda |lowkey )"
        r"into " + _ACTIVITIES + r"(?![\w-])",
        "now",
        gate="into",
    ),
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r"(?:'ve| have)? been (?P<thing>"
        + _WORKOUTS
        + r")(?: at (?:the )?[\w' -]{1,30}?)? (?P<often>(?:(?:\d+|one|two|three|four|five|six)(?:x| times)|once|twice) (?:a|per) week)\b",
        "now",
        gate="lifting|climbing|bouldering|working out|training|swimming|spinning|boxing|rowing|cycling|crossfit|yoga|"
        "pilates",
    ),
    # "i work weekends at cedarline cafe", "I work nights at St Mary's": a job said with when it is worked, or how
    # fast ("I work at night at St Mary's", "I work at speed at Stripe", "i work at odd hours at tesco": `_AT_WHILE`),
    # or where from; and after "for" ("I work part-time for Oxfam", "I work remotely for Stripe", session 50:
    # trust50). A name the lists hold for a place too is the employer as after "I work at" ("nights at Meta": `worked`)
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:'m| am|'ve been| have been)? (?:still |now |also |currently )?(?:work|working) "
        + _WORKED_WHEN
        + r" (?:at|for) (?:the )?"
        + _NO_KIND_ALONE  # ("I work nights at the restaurant Thursday to Sunday": a kind, no name)
        + r"(?P<v>"
        + _NAME
        + "|"
        + _LOW_EMPLOYER
        + r")(?![\w'&-])",
        "worked",
        gate="weekend|weekday|days|night|evenings|mornings|part|full|sat|sun|hours|times|speed|pace|scale|remote|home|"
        "freelance|shift|overtime|late|to 5|to five|week",
    ),
    # "my caps counselor gave me a worksheet": a counsellor by the service they are at
    _rule(
        "therapist",
        FACT,
        r"\b[Mm]y (?P<v>(?!"
        + _NOT_A_COUNSELING_PLACE
        + r"\b)[a-z]{2,8}|[A-Z]{2,6}) (?P<thing>counsell?or|therapist)\b(?= (?:"
        + _SAYS_VERBS
        + r"|is|has|suggested|recommended|thinks|said|says)\b)",
        "counselor",
        gate="counselor|counsellor|therapist",
    ),
    # "found my new therapist through my work insurance, dr. reyes": a new one, named after a comma
    _rule(
        "therapist",
        FACT,
        _ME_START
        + r"(?:finally |just )?(?:found|got|have|started (?:seeing|with)|switched to) (?:a |my )?new (?:therapist|counsell?or)"
        r"(?: [^.;!?,]{1,60}?)?, (?P<v>" + _DR + r")",
        "named",
        gate="therapist|counsel",
    ),
    # "back in ann arbor for senior year": a home come back to for a year of school, its "i" dropped
    _rule(
        "home",
        IDENTITY,
        r"^(?:" + _STUDENT_FILLERS + r",? )*(?:finally |officially )?back in (?P<v>" + _PLACE + r") for "
        r"(?:(?:my |our )?(?:senior|junior|sophomore|freshman|final|last|fourth|third|second|first) year|"
        r"(?:the |another )?(?:school year|semester|term|fall|spring|year)|good)\b",
        "place",
        gate="back in",
    ),
    # "now that im in amman how do i ...": the place ends where a question of what follows begins
    _rule(
        "home",
        IDENTITY,
        _NOW_THAT
        + _BE_HERE
        + _STAY_HERE
        + r"(?P<v>[a-z][\w'-]*(?: (?!(?:how|what|why|where|when|which|who|is|are|do|does|can|should|i|im|my|idk|and|so|but)\b)[a-z][\w'-]*)?)"
        r"(?= (?:how|what|why|where|when|which|who|is|are|do|does|can|should|i|im|idk)\b)",
        "place",
        gate="now that|since|as ",
    ),
    # "help me decorate my studio in logan square", "our apartment on packard": the kind of home
    _rule(
        "dwelling",
        IDENTITY,
        r"\b(?:[Mm]y|[Oo]ur) (?:new |little |tiny |first |own )?(?P<v>studio|apartment|flat|condo|townhouse|loft|duplex)"
        r"(?: apartment)? (?:in|on) (?P<where>[A-Za-z][\w'-]*(?: [A-Za-z][\w'-]*)?)",
        "dwelling",
        gate="studio|apartment|flat|condo|townhouse|loft|duplex",
    ),
    # "help me decorate my studio in logan square": where the home said by its kind is (a place of the lists);
    # a shared one too (life33: "there are 4 of us in my flatshare in whitechapel")
    _rule(
        "home",
        IDENTITY,
        r"\b(?:[Mm]y|[Oo]ur) (?:new |little |tiny |first |own )?(?:studio|apartment|flat|condo|townhouse|loft|duplex|"
        r"flatshare|flat share|houseshare|house share)"
        r"(?: apartment)? in (?P<v>" + _PLACE + r")" + _A_STAY,
        "homein",
        gate="studio|apartment|flat|condo|townhouse|loft|duplex|houseshare|house share",
    ),
    # "i got my own geico policy", "im on my parents progressive policy rn": a car's insurer
    _rule(
        "car insurance",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?:own |new )?(?P<v>(?i:"
        + _AUTO_INSURERS
        + r")) (?:car |auto )?(?:policy|insurance|plan)\b|"
        + _I
        + r"(?:'m| am) (?:still |now )?on (?:my |our )?"
        + _PARENTS
        + r" (?P<v2>(?i:"
        + _AUTO_INSURERS
        + r")) (?:car |auto )?(?:policy|insurance|plan)\b",
        "carins",
        gate="policy|insurance|plan",
    ),
    # "im still on my parents verizon plan": the carrier of the plan the person is on
    _rule(
        "phone provider",
        FACT,
        _I
        + r"(?:'m| am) (?:still |now )?on (?:my |our )?"
        + _PARENTS
        + r" (?P<v>(?i:"
        + _CARRIERS
        + r"))(?: family)? plan\b",
        gate="plan",
    ),
    # "my 21st is on march 22": a birthday by the age it brings
    _rule(
        "birthday",
        FACT,
        r"\b[Mm]y (?:1[3-9]|[2-9]\d)(?:st|nd|rd|th)(?: " + _BIRTHDAY + r")?(?:'s| is)? (?:on |in )?" + _birthdate(7),
        "birthday",
        gate="jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec",
    ),
    # "im allergic to tree nuts", "i'm severely allergic to penicillin"
    _rule(
        "allergy",
        FACT,
        _I
        + r"(?:'m| am) (?:(?:also|severely|deathly|very|super|really|so|mildly|slightly|now) )*allergic to (?P<v>"
        + _LOW_NAME
        + "|"
        + _NAME
        + r")",
        gate="allergic",
    ),
    # "im still living at my parents house in dearborn", "back at my parents in dearborn for the summer": the
    # town a student comes from is where their parents' home is (a place of the lists)
    _rule(
        "origin",
        IDENTITY,
        r"\b(?:(?:living|live|lived)|back(?: home)?) (?:at|in|with) (?:my|our) (?:parents'?|parent's|folks'?|mom and dad'?s|"
        r"family'?s) (?:(?:house|place|home) )?in (?P<v>" + _PLACE + r")"
        # (a visit is no home: "drove down to my parents' place in Virginia for Easter")
        r"(?! (?i:for (?:christmas|easter|thanksgiving|eid|the holidays|the weekend|a (?:week|few days)|\d+ days))\b)",
        "parents",
        gate="parent|folks|family",
    ),
    # "our family is from bint jbeil in south lebanon", "my parents are originally from Syria"
    _rule(
        "family origin",
        IDENTITY,
        r"\b(?:[Mm]y|[Oo]ur) (?:family|parents|grandparents|people) (?:is|are|was|were|came|comes|come) (?:originally |all )?"
        r"from (?P<v>[^.;!?,]{2,60}?)(?=\s*(?:[.;!?,]|$)| (?:if|but|so|and|lol|haha|which|because|bc|though|tho|ngl|fr)\b)",
        "heritage",
        gate="family|parents|grandparents|people",
    ),
)
_STUDENT_GROUPS = frozenset(
    [
        "major",
        "switch",
        "minor",
        "campus",
        "meat",
        "partner",
        "gymjoined",
        "gymat",
        "counselor",
        "dwelling",
        "heritage",
        "carins",
        "homein",
        "parents",
    ]
)


_A_GYM_AFTER = patterns.lazy(
    r"\s+(?:bouldering |climbing |rock climbing )?(?:gym|gyms|wall|centre|center|pool|studio)\b"
)


def _said_student(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of the rules of `_STUDENT`, read from the match and its sentence (`match.string`)."""
    groups = match.groupdict()
    before = match.string[: match.start()]
    if vocab.someone_else(before) and value_group in ("gymat", "meat", "minor", "major", "switch", "parents"):
        return None  # "he got really into bouldering at X", "my sister switched to nursing"
    if value_group in ("major", "minor", "switch"):
        return _a_major(attribute, memory_type, match, value_group)
    if value_group == "meat":
        said = (
            "not vegan"
            if "vegan" in (groups.get("ism") or groups.get("was") or groups.get("was2") or "")
            else "eats meat"
        )
        # (session 41: wiki26) shown as the diet it is, not the words that gave it up: About me's Now had read
        # "Diet: broke my vegetarianism" (noor) and "Diet: I'm not vegetarian anymore" (rowan)
        return Said(attribute, said, said, memory_type)
    if value_group == "partner":
        return _a_partner(attribute, memory_type, groups)
    if value_group == "dwelling":
        return _a_dwelling(attribute, memory_type, match)
    if value_group == "parents":  # (a place of the lists only: "my parents place in the suburbs" names none)
        return _a_place(attribute, memory_type, _untrailed(groups.get("v") or "").strip(" .,'"), known=True)
    if value_group == "homein":
        if not _HOME_WORDS.search(match.string):
            return None
        where = _untrailed(groups.get("v") or "").strip(" .,'")
        # (or a part of a city of the lists, typed in lower case and run on into the sentence: "my flatshare in
        # whitechapel and the kitchen is a mess" is in whitechapel, as "now that we're in walthamstow" is)
        placed = _a_place(attribute, memory_type, where, known=True)
        part = vocab.part_of_city(where) if placed is None and where.islower() else None
        return Said(attribute, _norm(part), part, memory_type) if part else placed
    if value_group == "heritage":
        return _a_heritage(attribute, memory_type, groups.get("v") or "")
    name = _untrailed(groups.get("v") or groups.get("v2") or "").strip(" .,'")
    if not name or name.casefold() in tokens.STOPWORDS:
        return None
    if value_group == "campus" and name.casefold() in _NOT_A_CAMPUS:
        return None  # (a place is the university named after it: "a student at Oxford", "a junior at Michigan")
    if value_group.startswith("gym") and (
        not _NOT_A_GYM.isdisjoint(name.casefold().split())  # ("the rec center", "the climbing wall")
        or _a_city(name)
        or not _FIT_WORDS.search(match.string)
        or _WORK.search(match.string)  # ("I joined Google and now I never get to the gym")
        or _A_GYM_AFTER.match(match.string, match.end())  # ("at the Fishtown bouldering gym": a part of its name)
    ):
        return None
    if value_group == "counselor":
        name = f"{name} {groups['thing']}"
    value = _A_TITLE.sub("dr ", _norm(name), count=1) if _A_TITLE.match(name) else _norm(name)
    return Said(attribute, value, name, memory_type) if value else None


def _a_major(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A major or a minor ("bio" is biology; a track said with its subject: "pre-med biology"); a switch
    said without the word "major" only in a sentence of school (`_SCHOOL_WORDS`: not "switched to verizon")."""
    groups = match.groupdict()
    if value_group == "switch" and not groups.get("said") and not _SCHOOL_WORDS.search(match.string):
        return None
    field = groups.get("field") or groups.get("field2") or groups.get("field3") or ""
    parts = [p for p in (groups.get("track"), field) if p]
    value = " ".join(_MAJOR_SHORT.get(p.casefold(), _EDU_SAME.get(p.casefold(), p.casefold())) for p in parts)
    return Said(attribute, value, " ".join(parts), memory_type) if value else None


# Who asked the person to be theirs, as no one by name: "he asked me to be his girlfriend"
_NO_PARTNER_NAME = frozenset(
    ["he", "she", "they", "someone", "somebody", "this", "that", "guy", "girl", "he's", "she's"]
)
# Dating no one in particular, or no one: "I'm dating around", "dating apps", "I'm dating nobody", "dating myself"
_DATING_NO_ONE = frozenset(["apps", "nobody", "noone", "no one", "myself", "anyone", "anybody", "people", "multiple"])


def _a_partner(attribute: str, memory_type: str, groups: dict[str, str | None]) -> Said | None:
    """A relationship begun: "dating <name>" where the partner is named, else "in a relationship"; dating no one
    in particular (`_DATING_NO_ONE`, a word no one is called: "I'm dating around", "dating again") is none."""
    name = _untrailed(groups.get("n") or groups.get("n2") or groups.get("n3") or "").strip(" .,'")
    if name.casefold() in _DATING_NO_ONE or (name.islower() and vocab.not_a_name(name)):
        return None
    if not name or name.casefold().split()[0] in _NO_PARTNER_NAME or name.casefold() in tokens.STOPWORDS:
        return Said(attribute, "in a relationship", "in a relationship", memory_type)
    return Said(attribute, f"dating {_norm(name)}", f"dating {name}", memory_type)


# Where a home is said to be after "on" that is no street ("my apartment on airbnb", "our flat on fire")
_NOT_ON_A_STREET = frozenset(
    [
        "airbnb",
        "zillow",
        "craigslist",
        "facebook",
        "marketplace",
        "the",
        "a",
        "an",
        "fire",
        "sale",
        "rent",
        "market",
        "top",
        "my",
        "our",
        "campus",
        "weekends",
        "hold",
        "lockdown",
        "earth",
        # a day or a date, not a street ("my apartment on Sundays", "my new apartment on March 15th")
        *_DAYS,
        *(d + "s" for d in _DAYS),
        *clock.MONTHS,
        "weekends",
        "weekdays",
    ]
)
_HOME_WORDS = patterns.lazy(
    r"\b(?:decorate|decorating|rent|lease|sq ft|sqft|square feet|radiator|landlord|roommates?|flatmates?|live|living|"
    r"moved|move|furniture|couch|bed|kitchen|bathroom|window|windows|neighbou?rs?|heating|utilities)\b",
    re.IGNORECASE,
)


def _a_dwelling(attribute: str, memory_type: str, match: re.Match[str]) -> Said | None:
    """The kind of home said with where it is: a street after "on", a place of the lists after "in";
    a studio only in a sentence of living in it (a studio is also where a potter works)."""
    kind, where = match.group("v").casefold(), match.group("where")
    on = match.group(0)[match.start("where") - match.start() - 3 : match.start("where") - match.start()] == "on "
    if on and where.split()[0].casefold() in _NOT_ON_A_STREET:
        return None
    if not on and vocab.place_in(where) is None and vocab.part_of_city(where) is None:
        return None
    if kind == "studio" and not _HOME_WORDS.search(match.string):
        return None
    return Said(attribute, kind, match.group("v"), memory_type)


def _a_heritage(attribute: str, memory_type: str, said: str) -> Said | None:
    """Where a family comes from: the last place of the lists the words name ("bint jbeil in south
    lebanon": Lebanon), None where they name none."""
    words = said.split()
    found = [place for at in range(len(words)) if (place := vocab.place_in(" ".join(words[at:]))) is not None]
    if not found:
        return None
    written, english = found[-1]
    return Said(attribute, _norm(_one_place(written, english)), written, memory_type)


# -- a junior doctor's life, terse and in NHS shorthand (life25) ---------------------------------
# A doctor in training (the blind tunde fixture: lowercase British-Nigerian English, NHS shorthand)
# says a change inside a request: "now that I'm ST3", "my new CS is dr whitfield", "ILR came
# through", "married 2 weeks now", "rent on our two-bed in sale", "everything's in barclays now",
# "since we started attending RCCG kings court", "haven't touched a monster since new year". Around it
# are lives that are not his: exam vignettes ("a 45-year-old taxi driver who drinks 4 energy drinks a
# day"), a friend's visa, his wife's new job. Each rule reads the person's own only.
#
# The grades of a doctor's training, and the words for them: a grade is a role ("fy2", "st3")
_TRAINING_GRADE = (
    r"(?P<g>(?i:FY|CT|IMT|ACCS|ST|StR)[1-8]|(?i:SpR|SHO|registrar|med reg|reg|consultant|junior doctor|"
    r"house officer|foundation doctor|core trainee|specialty registrar|specialist registrar))(?![\w'&-])"
)
# Registrars are specialty trainees from their third year: "st3" and "registrar" are one grade (`_ROLE_KINDS`)
_REGISTRAR = ("registrar", "reg", "med reg", "spr", "str", "specialty registrar", "specialist registrar")
# A supervisor of a doctor in training: the clinical or the educational one ("CS", "ES")
_SUPERVISOR = r"(?:(?i:clinical|educational) supervisor|(?:CS|ES)|(?i:cs|es)(?= (?:is |= |: )?(?i:dr)\b))"
# A church by what its name says it is: a word of worship in it, or a denomination's initials before it
_DENOMINATION = r"(?:RCCG|rccg|CAC|MFM|C&S|CCC|ECWA|COZA|Deeper Life|deeper life|Winners|winners)"
_CONGREGATION_WORDS = patterns.lazy(
    r"\b(?:church|chapel|cathedral|parish|tabernacle|assembly|ministries|ministry|fellowship|basilica|mosque|temple|"
    r"synagogue|gurdwara|rccg|cac|mfm|c&s|ccc|ecwa|coza|deeper life|winners)\b",
    re.IGNORECASE,
)
# (in lower case only after a denomination's initials, read first: "rccg kings court", not "RCCG"; not "attending
# church more regularly", "attending various church services")
_CHURCH_STARTED = (
    r"(?P<v>"
    + _DENOMINATION
    + r" (?:"
    + _LOW_WORD
    + r" ){0,3}"
    + _LOW_WORD
    + r"(?![\w'&-])|(?:"
    + _DENOMINATION
    + r" )?"
    + _NAME
    + r")"
)
# What keeps a doctor awake on nights: energy drinks, by their kind or their makers' names
_ENERGY = r"(?i:energy drinks?|monsters?|red ?bulls?|relentless|rockstars?|prime energy|lucozade)"
# A kind of home said by its bedrooms or as a room ("our two-bed", "my room in hospital accommodation")
_BEDS = r"(?:one|two|three|four|five|1|2|3|4|5)[- ]?bed(?:room)?(?:ed)?(?: (?:flat|house|apartment|terrace|semi|maisonette))?"
_HOME_KIND = r"(?:" + _BEDS + r"|room|flat|studio|bedsit|house|apartment|maisonette|terrace|semi|bungalow|cottage)"
# A vignette of an exam or a case: a person of an age, presented ("a 71-year-old retired teacher who ...")
_A_CASE = patterns.lazy(
    r"(?<!\bI'm )(?<!\bim )(?<!\bI am )(?<!\bi'm )(?<!\bi am )\b(?:an?|the) \d{1,3}[- ]?(?:year|yr)s?[- ]old\b",
)
_CLINICAL = patterns.lazy(
    r"\b(?:presents?|presented|presenting|patient|pt|ecg|bloods|creatinine|history of|admitted|diagnos\w*|"
    r"mrcp|osce|vignette|scenario|exam|question|q|next step|first line|management|symptoms?|pain|fever)\b",
    re.IGNORECASE,
)


def _before_a_case(sentence: str, text: str) -> str:
    """A sentence up to an exam's or a case's patient ("a 45-year-old taxi driver who drinks 4 energy
    drinks a day presents with ..."), where the text speaks of a case (`_CLINICAL`): theirs, not the
    person's. "I'm a 30-year-old nurse" and "my 5-year-old" are the person's own."""
    case = _A_CASE.search(sentence) if _may_hold(_A_CASE, sentence) else None
    if case is None or not _CLINICAL.search(text):
        return sentence
    return sentence[: case.start()]


# (a first day to come is a plan: "first day as a consultant tomorrow", "my first week as an ST3 starts monday")
_NOT_TO_COME = r"(?![^.;!?,]{0,40}\b(?:tomorrow|next|starts?|starting|begins?|coming|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)"
# Words after "my GP at" that name no practice ("my GP at the hospital", "my gp at work")
_NOT_A_PRACTICE = frozenset(
    [
        *("hospital", "work", "uni", "university", "college", "surgery", "practice", "clinic", "moment", "weekend"),
        "home",
        # (session 45: life51) when or how, not where: "i text my gp at night", "i see my gp in person now"
        *("night", "person", "morning", "evening", "afternoon", "lunch", "lunchtime", "weekends", "christmas", "town"),
    ]
)
_DOCTOR = (
    # "i'm an FY2", "now that I'm ST3", "im a registrar now": a grade of training is the role
    _rule(
        "role",
        IDENTITY,
        _I + r"(?:'m| am|m) (?:now |just |finally |officially |still |currently )?(?:an? )?" + _TRAINING_GRADE,
        "grade",
        # (each grade opens a word: "\b" first lets the gate's search skip every other place of a sentence)
        gate=r"\b(?:fy\d|ct\d|imt\d|accs\d|st\d|str\d|spr|sho|registrar|reg\b|consultant|junior doctor|house officer|"
        r"foundation doctor|core trainee)",
    ),
    # "first week as a registrar", "my first on call as an ST3"
    _rule(
        "role",
        IDENTITY,
        r"(?:^|(?<=[\s,;(])|\b[Mm]y )(?i:first|1st) (?:(?:proper|full|real) )?(?i:day|week|month|shift|night|on[- ]?call|"
        r"weekend|rotation|job|year) (?i:as) (?:an? |the )?" + _TRAINING_GRADE + _NOT_TO_COME,
        "grade",
        gate=r"\bas\b",
    ),
    # "my clinical supervisor dr marsh", "my new CS is dr whitfield", "Dr Okoye, my ES"
    _rule(
        "manager",
        IDENTITY,
        r"\b[Mm]y (?:new )?" + _SUPERVISOR + r"(?:,)? (?:is |= |: |'s )?(?P<v>" + _DR + r")",
        "supervisor",
        gate=r"supervisor|\bcs\b|\bes\b",
    ),
    _rule(
        "manager",
        IDENTITY,
        r"(?P<v>" + _DR + r"),? (?:is )?(?:my|our) (?:new )?" + _SUPERVISOR + r"(?![\w'-])",
        "supervisor",
        gate=r"supervisor|\bcs\b|\bes\b",
    ),
    # "ILR came through!!!", "my indefinite leave to remain was granted", "got my ILR", "i'm on ILR now"
    _rule(
        "visa",
        IDENTITY,
        r"(?:^(?:(?:and|so|finally|ok|omg|update:?|guess what)[,!]? )*|\b[Mm]y |\b[Oo]ur )(?:ILR|(?i:indefinite leave)(?: (?i:to remain))?)"
        r"(?: (?:has |have |finally |just |officially |now )*)? (?:came through|come through|was granted|been granted|"
        r"was approved|got approved|been approved|is approved|approved|granted|came)(?![\w-])",
        "ilr",
        gate=r"\bilr\b|indefinite leave",
    ),
    _rule(
        "visa",
        IDENTITY,
        r"(?:"
        + _I
        + r"(?: have|'ve|'m| am)? |^(?:(?:and|so|finally|ok|omg|just|lol)[,!]? )*)(?:finally |just |now |officially )?"
        r"(?:got|received|been granted|been given|have|hold|"
        r"on) (?:my |our )?(?:ILR|(?i:indefinite leave)(?: (?i:to remain))?)(?![\w-]| (?:questions?|prep|applications?|forms?|"
        r"fees?|interview|appointment|docs|documents|paperwork|checklist|requirements?)\b)",
        "ilr",
        gate=r"\bilr\b|indefinite leave",
    ),
    # "married 2 weeks now", "me and the missus", "my missus": married
    _rule(
        "relationship",
        IDENTITY,
        r"(?:^(?:(?:and|so|just|finally|officially|ok|lol)[,!]? )*(?:been |now )?(?i:married) (?:for )?(?:\d+|a|one|two|three|"
        r"four|five|six|a few|a couple of) (?:days?|weeks?|months?|years?)(?: now| today)?\b|\b(?:[Mm]e and|[Mm]y) (?P<m>missus|missis|"
        r"wifey)\b|\b[Tt]he (?P<m2>missus|missis)\b(?! (?:of|from)\b))",
        "wedded",
        gate=r"married|missus|missis|wifey",
    ),
    # "rent for my room in hospital accommodation at st james is £520", "rent on our two-bed in sale":
    # the kind of home the rent is paid on; "our two-bed in sale" alone
    _rule(
        "dwelling",
        IDENTITY,
        r"\b(?i:rent) (?:for|on|of) (?:my|our) (?:new |current |little )?(?P<v>"
        + _HOME_KIND
        + r")(?= (?:in|at|on|near)\b| is\b)",
        "rentkind",
        gate=r"\brent\b",
    ),
    _rule(
        "dwelling",
        IDENTITY,
        r"\b(?:[Mm]y|[Oo]ur) (?:new |current |little )?(?P<v>" + _BEDS + r")(?![\w-])",
        "rentkind",
        gate=r"bed",
    ),
    # "visiting us up here in leeds", "we're down here in Brighton now": where the person is
    _rule(
        "home",
        IDENTITY,
        r"\b(?:us|me|[Ww]e(?:'re| are)|(?:I|i)(?:'m| am)|im|living|settled) (?:all |both |now )?(?:up|down|out|over) here in "
        r"(?P<v>" + _PLACE + r")" + _A_STAY,
        "herein",
        gate=r"here in",
    ),
    # "still new to manchester", "i'm new to Leeds": a city lived in a short while
    _rule(
        "home",
        IDENTITY,
        r"(?:^(?:(?:and|so|ok|still|lol)[,!]? )*|\b(?:(?:I|i)(?:'m| am)|im|[Ww]e(?:'re| are)|both|still) )(?:still |both |pretty |"
        r"fairly |quite |very |so |kinda |a bit )*new to (?P<v>" + _PLACE + r")" + _A_STAY,
        "herein",
        gate=r"new to",
    ),
    # "my GP at burley park wants me to call", "my GP is at Riverside Surgery": a practice
    _rule(
        "doctor",
        FACT,
        r"\b[Mm]y (?:GP|gp|G\.P\.|doctor's surgery|surgery|GP surgery|GP practice)(?: is| are)? (?:at|in) (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_NAME
        + r")",
        "gppractice",
        gate=r"\bgp\b|g\.p\.|surgery",
    ),
    # "everything's in barclays now": a bank of the lists typed in lower case (`_a_bank`)
    _rule(
        "bank",
        FACT,
        r"\b(?i:everything|all my money|my money|my savings|all our money|our money|my banking|our banking|my salary)"
        r"(?:'s| is| are| goes| go) (?:now |all |into )*(?:at|with|in|into|through) (?P<v>[a-z][\w&'-]*(?: [a-z][\w&'-]*){0,2})",
        "lowbank",
        gate=r"everything|money|savings|banking|salary",
    ),
    # "since we started attending RCCG kings court", "we've been going to St Luke's Church": a congregation
    _rule(
        "church",
        FACT,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i|[Ww]e)(?: have|'ve)? |^)(?:(?:just|finally|now|recently|also) )?(?:started|been|begun|"
        r"began|now) (?:attending|going to|worshipping at|worshiping at) (?:the )?" + _CHURCH_STARTED,
        "congregate",
        gate=r"attending|going to|worshipp?ing",
    ),
    # "cooking party jollof for 40 at RCCG Victory Chapel leeds this sunday": a church of a Sunday
    _rule(
        "church",
        FACT,
        _I
        + r"(?:'m| am)? [^.;!?]{0,80}? at (?P<v>"
        + _DENOMINATION
        + r" "
        + _NAME
        + r")(?: [a-z]+)? (?:this|on|every) sunday",
        "congregate",
        gate=r"sunday",
    ),
    # "i survive nights on 3 monsters a shift", "i drink 2 red bulls a day": energy drinks kept at
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r"(?: (?:basically|literally|honestly|just|only))? (?:survive|run|live|get by|drink|have|need) (?:\w+ ){0,2}?(?:on )?"
        r"(?:\d+|two|three|four|five|a few|a couple of|like \d+) (?:cans of )?(?P<e>" + _ENERGY + r") (?:a|per|every) "
        r"(?:shift|day|night|week)\b",
        "energynow",
        gate=r"energy|monster|red ?bull|relentless|rockstar|lucozade",
    ),
    # "haven't touched a monster since new year", "not had a cigarette since march", "quit energy drinks"
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:^(?:(?:and|so|ok|honestly|lol)[,!]? )*|"
        + _I
        + r" |\b[Ww]e )(?:have |has )?(?:not|haven't|havent|have not|"
        r"not) (?:touched|had|drunk|smoked) (?:a|an|any|one|a single) (?P<e>" + _ENERGY + r"|cigarettes?|cigs?|drinks?|"
        r"vapes?|drop) (?:since|in)\b",
        "habitgone",
        gate=r"touched|had|drunk|smoked",
    ),
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:^(?:(?:and|so|ok|finally|lol)[,!]? )*|"
        + _I
        + r"(?: have|'ve)? )(?:finally |just |completely |officially )?"
        r"(?:quit|stopped|gave up|given up|cut out|kicked|ditched) (?:the |my |all )?(?P<e>" + _ENERGY + r")\b",
        "habitgone",
        gate=r"energy|monster|red ?bull|relentless|rockstar|lucozade",
    ),
    # an origin said in an aside: "MBBS University of Ibadan 2018 (born and raised in ibadan so UCH was home)"
    _rule(
        "origin",
        IDENTITY,
        r"\((?:(?:I|i)(?: was|'m| am)? |im )?(?i:born and (?:raised|bred) in|born in|raised in|grew up in) " + _ORIGIN,
        "aside",
        gate=r"born|raised|grew up",
    ),
    # "currently doing acute medicine at leeds general (LGI)": a hospital a rotation is done at
    _rule(
        "employer",
        IDENTITY,
        r"(?:"
        + _I
        + r"(?:'m| am|m) |\b(?:currently|now) )(?:currently |now )?(?:doing|on|rotating (?:through|in)|working in) "
        r"(?:[a-z&]+ ){0,2}(?:medicine|surgery|cardiology|paediatrics|pediatrics|paeds|peds|obs|gynae|geris|psych|psychiatry|ortho(?:paedics)?|a&e|ed|icu|"
        r"anaesthetics|anesthetics|geriatrics|gastro(?:enterology)?|respiratory|renal|obs and gynae|o&g|neurology|oncology|"
        r"haematology|rheumatology|endocrinology|urology|radiology) (?:at|in) (?:the )?(?P<v>"
        + _NAME
        + r"|(?:"
        + _LOW_WORD
        + r" ){0,2}(?:general|infirmary|hospital|royal|teaching hospitals?|university hospitals?|medical centre))(?![\w'-])",
        "hospital",
        gate=r"\b(?:medicine|surgery|cardiology|paediatrics|pediatrics|paeds|peds|obs|gynae|geris|psych|psychiatry|ortho|"
        r"a&e|ed\b|icu|anaes|anes|geriatrics|gastro|respiratory|renal|o&g|neurology|oncology|haematology|rheumatology|"
        r"endocrinology|urology|radiology)",
    ),
)
_DOCTOR_GROUPS = frozenset(
    [
        "bloodkin",  # (life27: a blood type listed beside a next of kin, a CV's line: read with its sentence)
        "cvedu",
        "cvuni",
        "grade",
        "supervisor",
        "ilr",
        "wedded",
        "rentkind",
        "herein",
        "gppractice",
        "lowbank",
        "congregate",
        "energynow",
        "habitgone",
        "hospital",
        "aside",
    ]
)


def _said_doctor(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of the rules of `_DOCTOR`, read from the match and its sentence (`match.string`)."""
    groups, before = match.groupdict(), match.string[: match.start()]
    if value_group == "herein" and match.group(0).startswith(("us ", "me ")):
        before = ""  # ("she's visiting us up here in leeds": where we are)
    if vocab.someone_else(before) or re.search(r"['’]s\s*$", before):
        return None  # "tobi's ILR came through", "ade's CS is dr okoye", "she's still new to leeds"
    if value_group in ("bloodkin", "cvedu", "cvuni") and _OTHERS_BEFORE.search(before):
        return None  # (someone else's: "she's allergic to penicillin, O negative, ...", "my CV and ade's: MBBS ...")
    if value_group == "bloodkin":
        return _said_in_passing(attribute, memory_type, groups, "blood")
    if value_group in ("cvedu", "cvuni"):
        return _education(attribute, memory_type, groups, value_group[2:])
    if value_group == "grade":
        grade = groups["g"].casefold()
        return Said(attribute, "registrar" if grade in _REGISTRAR else grade, groups["g"], memory_type)
    if value_group == "ilr":
        return Said(attribute, "ilr", "ILR", memory_type)
    if value_group == "wedded":
        return Said(attribute, "married", "married", memory_type)
    if value_group in ("energynow", "habitgone"):
        return _a_habit(value_group, memory_type, groups["e"])
    if value_group == "rentkind":
        return _a_home_kind(attribute, memory_type, groups["v"])
    if value_group == "aside":  # (an aside after someone: "my mum (born in ibadan)", "Tayo (born in Abuja)" is theirs)
        who = before.rstrip(" (")
        return (
            None
            if vocab.someone_else(who) or re.search(r"[A-Z][\w'-]*$", who)
            else _a_home(attribute, memory_type, match)
        )
    if value_group == "herein":  # (a city: "new to the US" says a country is new, "new to the area" nothing)
        place = _a_known_place(attribute, memory_type, groups.get("v") or "")
        return place if place is not None and vocab.city(place.shown) is not None else None
    name = _untrailed(groups.get("v") or "").strip(" .,'")
    if not name or name.casefold() in tokens.STOPWORDS:
        return None
    if value_group == "gppractice" and name.casefold() in _NOT_A_PRACTICE:
        return None
    if value_group == "lowbank":
        words = name.split()
        name = next((" ".join(words[:n]) for n in range(len(words), 0, -1) if _a_bank(" ".join(words[:n]))), "")
    elif value_group == "congregate" and not _CONGREGATION_WORDS.search(name):
        return None  # ("we started attending antenatal classes")
    elif value_group in ("gppractice", "hospital") and (
        vocab.place(name) is not None or (value_group == "gppractice" and _a_city(name))
    ):
        return None  # ("my GP in leeds", "doing surgery at Leeds": a city, no practice nor hospital)
    value = _A_TITLE.sub("dr ", _norm(name), count=1) if _A_TITLE.match(name) else _norm(name)
    return Said(attribute, value, name, memory_type) if value else None


def _a_habit(value_group: str, memory_type: str, said: str) -> Said | None:
    """A habit kept at (`energynow`) or given up (`habitgone`): energy drinks by any of their names, a
    cigarette, a drink ("not had a drop since")."""
    word = said.casefold()
    kind = "energy drinks" if re.match(_ENERGY, word) else _HABITS.get(word) or _HABITS.get(word.rstrip("s"))
    kind = kind or {"cig": "smoking", "vape": "vaping", "drink": "drinking", "drop": "drinking"}.get(word.rstrip("s"))
    state = "now" if value_group == "energynow" else "stopped"
    return Said(f"schedule:{kind}", state, state, memory_type) if kind else None


def _a_home_kind(attribute: str, memory_type: str, shown: str) -> Said:
    """A kind of home however its bedrooms are written: "2 bed", "two-bedroom" and "two-bed" are "two-bed"."""
    value = re.sub(r"^(one|two|three|four|five|\d)[- ]?bed(?:room)?(?:ed)?", r"\1-bed", shown.casefold())
    digits = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five"}
    return Said(attribute, digits.get(value[:1], value[:1]) + value[1:], shown, memory_type)


def _a_known_place(attribute: str, memory_type: str, said: str) -> Said | None:
    """The longest run of words opening `said` that is a place of the lists ("manchester and we haven't"
    is Manchester), or None."""
    words = _untrailed(said).strip(" .,'").split()
    return next(
        (
            p
            for n in range(len(words), 0, -1)
            if (p := _a_place(attribute, memory_type, " ".join(words[:n]), known=True))
        ),
        None,
    )


# -- second-language English (life26) ------------------------------------------------------------
# A person who writes English learned after another language (Spanish, Portuguese, Italian, French,
# German speakers share these shapes) says a state that began in the present tense with "since" ("I am
# in barcelona since one month", "I work here since two months"), a name with "is called" ("my boss is
# called Jordi"), a role without its article ("I am senior QA in viajalia now", "now I am QA lead
# officially"), "employee of" a firm and "the new job in" one, "I go to" a doctor or a gym, "I changed
# the gym for a climbing gym, X" (Spanish "cambiar A por B": B in place of A), "I have the TIE with the
# work permit" (a residence card and what it allows), a doctor as "the doctora Serrano" or "Dra. Puig"
# (`_DR`). Each rule reads a value the words around it say is the person's own now; "eventually" is
# "maybe" to these writers and a hedge already (`_HEDGE`: "would", "could"), and "actually" ("actually
# I live in X": currently) is `_NOW`'s.
# (a time long enough to live somewhere: not "since yesterday", "since monday", "since 2 days": a visit)
_SL_WHEN = (
    r"since (?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|a|an|last|few|some|the|then|"
    + "|".join(_MONTHS)
    + r")\b)(?!(?: \w+)? (?:days?|nights?|hours?|weekend)\b)"
)
# a role said without its article: "I am senior QA", "I am QA lead", "sono developer" said in English
_SL_ROLE = (
    r"(?P<role>(?!(?:a|an|the|my|not|so|very|too|in|at|on|from|here|there|new|now|still|also)\b)"
    # (a noun alone that says something else too: "I am support for my family", "I am owner of the dog")
    r"(?!(?:support|head|lead|owner|associate|executive|assistant|contractor)(?![\w-]))(?:[A-Za-z][\w-]*\s+){0,2}(?:QA|"
    + "|".join(_ROLE_NOUNS)
    + r"))(?![\w-])"
)
# what no firm is called, after "the new job in": a month, a day, a number, a field of work
_NOT_A_FIRM = frozenset(
    [
        *_MONTHS,
        *_DAYS,
        *[
            "hr",
            "ux",
            "ops",
            "product",
            "retail",
            "hospitality",
            "construction",
            "logistics",
            "consulting",
            "government",
            "research",
        ],
        *["accounting", "law", "media", "advertising", "banking", "insurance"],
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "a",
        "the",
        "tech",
        "it",
        "qa",
        "marketing",
        "sales",
        "finance",
        "design",
        "engineering",
        "healthcare",
        "education",
        "software",
        "town",
        "city",
        "person",
        "office",
        "remote",
        "hybrid",
        "summer",
        "spring",
        "autumn",
        "fall",
        "winter",
        "weeks",
        "months",
        "days",
    ]
)
# a residence card, said by its name or its kind ("the TIE", "my BRP", "the residence card")
_SL_CARD = r"(?:[A-Z]{2,4}(?: card)?|(?i:residence|residency|resident|id|identity|green|foreigner'?s?) card|(?i:card))"
_SL_PERMIT = r"(?P<v>(?i:work|residence|residency|study|student|work and residence|settlement) permit)"
_SL_DOCTOR = r"(?:doctora|doctor|médica|médico|medica|medico|GP|family doctor)(?: de (?:cabecera|familia))?"
_SL_PETS = r"(?P<v>cat|cats|kitten|kittens|dog|dogs|puppy|puppies|rabbit|hamster|parrot|guinea pig|turtle|tortoise)"
# a name in lower case with its accents ("núria", "matías"): `_LOW_PERSON` with the letters of `_LOW_RUN`
_SL_LOW_PERSON = _LOW_PERSON.replace("[a-z][a-z'-]+", "[a-zß-öø-ÿ][a-zß-öø-ÿ'-]+")
_SECOND_LANGUAGE = (
    # "I am in barcelona since one month", "I'm in Lyon since march": a home since then (a place of the lists)
    _rule(
        "home",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:now |actually |currently |already |still )?(?:here )?in (?P<v>"
        + _PLACE
        + r") "
        + _SL_WHEN
        + _A_STAY,
        "slplace",
        gate="since",
    ),
    # "I signed the contract for the piso in calle del Ave María, in lavapiés": a home taken, by its last place
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:just |finally |already )?signed (?:the|a|our|my) (?:contract|lease|rental contract|"
        r"rental agreement|tenancy agreement|tenancy) (?:for|on|of) (?:the|a|an|our|my) (?:new )?(?:piso|flat|apartment|"
        r"house|room|studio|place|condo)(?: in (?P<v>[^,.;!?]{2,40}?))?(?:,? in (?P<v2>[^,.;!?]{2,40}?))?(?=\s*(?:[,.;!?]|$))",
        "slplace",
        gate="signed",
    ),
    # "now I am employee of Viajalia", "I'm an employee at Pixelmar"
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:now |actually |currently |officially |finally )?(?:an? )?employee (?:of|at|in) (?P<v>"
        + _NAME
        + "|"
        + _LOW_EMPLOYER
        + ")",
        "slfirm",
        gate="employee",
    ),
    # "first week in the new job in pixelmar", "my new job in Pixelmar is chaos": a job in a firm ("in": "at")
    _rule(
        "employer",
        IDENTITY,
        r"(?:\b[Mm]y|\b(?:(?i:first|1st) (?:day|week|month)s? (?:in|at|of)|started|start|began) (?:the|my)) new (?:job|work) "
        r"(?:in|at) (?P<v>" + _NAME + "|" + _LOW_EMPLOYER + ")",
        "slfirm",
        gate="new job|new work",
    ),
    # "I am senior QA in viajalia now", "now I am QA lead officially": a role without its article
    _rule(
        "role",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:now |actually |currently |officially |finally )?"
        + _SL_ROLE
        + r"(?= (?:in|at|for|of|there|here|now|officially|since)\b|\s*(?:[,.;!?]|$))",
        # (no gate: it opens with "I'm" / "I am", so it joins the rules `_SAYS_I` opens for, and its own
        # needles (the role nouns) skip it in a sentence without one; a gate of some 100 role nouns was
        # searched in nearly every sentence, a third of the life reading's time on real turns)
    ),
    # "my boss is called Jordi", "my manager is called carmen"
    _rule(
        "manager",
        IDENTITY,
        r"\b[Mm]y (?:new )?(?:boss|manager|line manager|supervisor|team lead) is (?:called|named) (?P<v>"
        + _NAME
        + "|"
        + _SL_LOW_PERSON
        + ")",
        gate="called|named",
    ),
    # "with my boyfriend matías", "my girlfriend núria is coming with me": who the partner is (so in a plan
    # or a wish too: "I want to tell mi vieja that my girlfriend núria ..." says she is), as "my partner is
    # Sam" is; the partner, not the relationship ("engaged", "single": "my boyfriend Ray says" after "Ray
    # proposed" had opened an item, as had "im single" after a boyfriend named)
    _rule(
        "partner",
        FACT,
        r"\b[Mm]y (?:new )?(?:"
        + vocab.alternation(vocab.family("girlfriend", "boyfriend", owned=False))
        # ("gf", "bf": a word of other things too, "my bf dough", named only with a capital: "my gf Leilani")
        + "|"
        + vocab.alternation(vocab.family("girlfriend", "boyfriend", owned=True))
        + r"(?= [A-Z]))(?: is called| is named)? (?P<n>"
        + _NAME
        + "|"
        + _SL_LOW_PERSON
        + ")"
        + r"(?:(?='s\b)|"  # (life31) "my girlfriend funmi's birthday": named before her "'s"
        + _AFTER_A_NAME
        + ")",
        "slpartner",
        gate=vocab.alternation(vocab.family("girlfriend", "boyfriend")),
    ),
    # "I have the digital nomad visa", "finally I have the TIE with the work permit", "I got my residence permit"
    _rule(
        "visa",
        IDENTITY,
        _I
        + r" (?:(?:now|finally|already) )?(?:have|got|'ve got|have got) (?:now |finally |already )?the "
        + _VISA_KIND
        + r" ?(?i:visa)\b"
        + _VISA_NOT,
        gate="visa",
    ),
    _rule(
        "visa",
        IDENTITY,
        _I
        + r" (?:(?:now|finally|already) )?(?:have|got|'ve got|have got) (?:now |finally |already )?(?:the|my|a) (?:"
        + _SL_CARD
        + r" with (?:the |a |my )?)?"
        + _SL_PERMIT,
        gate="permit",
    ),
    # "my médica de cabecera in the centro de salud Embajadores is the doctora Serrano"
    _rule(
        "doctor",
        FACT,
        r"\b[Mm]y (?:new )?"
        + _SL_DOCTOR
        + r"(?: (?:in|at) [^,.;!?]{1,50}?)? is (?:now )?(?:the |my )?(?P<v>"
        + _DR
        + ")",
        gate=r"dr|doc|médic|medic",
    ),
    # "now I go to a doctora in the mutua, Dra. Montserrat Puig", "I see Dr Puig now"
    _rule(
        "doctor",
        FACT,
        _I
        + r" (?:now |also )?(?:go to|see|visit) (?:now )?(?:(?:a|an|the|my) (?:new )?"
        + _SL_DOCTOR
        + r"\b[^,.;!?]{0,50}, )?(?P<v>"
        + _DR
        + ")",
        gate=r"dr|doc",
    ),
    # "I go to the Basic-Fit in Lavapiés three times per week": a gym of the list
    _rule(
        "gym",
        FACT,
        _I + r" (?:now |also |still )?(?:go to|train at|train in) (?:the )?(?P<v>" + _GYMS + r")(?![\w'&-])",
        gate="go to|train",
    ),
    # "I changed the gym for a climbing gym, Roca Gràcia": the one after "for" in place of the one before
    _rule(
        "gym",
        FACT,
        _I + r" (?:(?:have|'ve|just|finally) )*(?:changed|switched|swapped|exchanged) (?:the|my) gym (?:for|with|by) "
        r"(?:(?:an?|the|my) )?(?:(?:[a-z][\w-]* ){0,2}(?:gym|one),? )?(?P<v>" + _NAME + r")",
        gate="gym",
    ),
    # "I don't have animals", "I have no pets": none (a pet got later is a change from none)
    _rule(
        "pets",
        FACT,
        _I + r" (?:(?:don't|do not|dont) have (?:any )?(?:pets|animals|a pet)|have no (?:pets|animals))\b",
        "slnopets",
        gate="pets|animals|a pet",
    ),
    # "I adopted a cat!", "we got a puppy": a pet now (its kind shown; any pet is one value: a second is none new)
    _rule(
        "pets",
        FACT,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:(?:just|finally|have|'ve) )*(?:adopted|rescued|got|took in|have) (?:a|an|two|our first|my first) "
        r"(?:(?:new|little|baby|rescue|street|stray|black|white|orange|grey|gray|tabby) )*"
        + _SL_PETS
        + r"(?=\s*(?:[!.,;:)]|$|and\b|from\b|named\b|called\b))",
        "slpets",
        gate="adopted|rescued|got|took in|have",
    ),
)
_SECOND_GROUPS = frozenset(["slplace", "slfirm", "slpartner", "slnopets", "slpets"])
# read in a sentence that plans or wishes as well: "my girlfriend núria" says who she is in any clause
# (`_stated`), but not one of a time gone ("when I was with my boyfriend tom")
_SAID_IN_ANY_CLAUSE = frozenset(["slpartner"])
_TIME_GONE = patterns.lazy(r"\b(?:used to|years ago|when (?:i|we) (?:was|were)|back then|at the time)\b", re.IGNORECASE)


def _said_in_any_clause(value_group: str, before: str) -> bool:
    """Whether a rule's value is said in a sentence that plans or wishes too (`_SAID_IN_ANY_CLAUSE`)."""
    return value_group in _SAID_IN_ANY_CLAUSE and _TIME_GONE.search(before) is None


def _said_second_language(
    attribute: str, value_group: str, memory_type: str, groups: dict[str, str | None]
) -> Said | None:
    """A value of the rules of `_SECOND_LANGUAGE`: a place of the lists or a part of a city (`slplace`:
    the last one said), a firm that is no place, month or field (`slfirm`), who the person is with
    (`slpartner`), no pets (`slnopets`) or some (`slpets`, shown by kind)."""
    if value_group == "slnopets":
        return Said(attribute, "none", "none", memory_type)
    if value_group == "slpets":
        kind = (groups.get("v") or "").casefold()
        return Said(attribute, "some", kind.removesuffix("s") if kind.endswith(("cats", "dogs")) else kind, memory_type)
    if value_group == "slpartner":  # (by name only: "a conversation with my boyfriend about ..." names no one)
        name = _untrailed(groups.get("n") or "").strip(" .,'").removesuffix("'s")  # ("my girlfriend ama's parents")
        if not name or name.casefold() in _NO_PARTNER_NAME or name.casefold() in tokens.STOPWORDS:
            return None
        return Said(attribute, _norm(name), name, memory_type)
    if value_group == "slplace":
        for raw in (groups.get("v2"), groups.get("v")):
            name = _untrailed(raw or "").strip(" .,'")
            part = vocab.part_of_city(name) if name else None
            if part is not None and _norm(part) == _norm(name):
                return Said(attribute, _norm(part), part, memory_type)
            if name and (said := _a_place(attribute, memory_type, name, known=True)) is not None:
                return said
        return None
    shown = _untrailed(groups.get("v") or "").strip(" .,'!")
    value = _norm(shown)
    if not value or value in _NOT_A_FIRM or value in tokens.STOPWORDS or vocab.place(shown) is not None:
        return None
    if value in _NOT_A_FIRM_WORKED_IN or value.startswith("ward "):
        return None  # ("I work in Cardiology since May", "I work in Ward 32 since June": a department)
    return Said(attribute, value, shown, memory_type)


# -- Texting register (session 36: sam) ----------------------------------------------------------
# A fast texter (the blind sam fixture: lowercase US texting, "lol", "ngl", "rn", "w" for "with") drops
# "I" from a sentence's start ("got the job at university hospital!!", "switched to visible bc ...",
# "found a new doctor in san antonio, dr. okafor", "officially a san antonio resident lol"), says who he
# lives with by who he got a place with ("me and marco got our own apartment"), a gig added ("i started
# driving uber too"), his pronouns ("im he/him") and his legal name in lower case ("my legal name is
# still samantha reyes"). A subject dropped is read only at the sentence's start, after its fillers
# (`_TX_ME`): never after a subject named earlier ("dani got the job at ..."), nor in a plan ("might
# switch to visible": `_HEDGE`), nor in a pasted text or a role-play (`_own`).
_TX_FILLERS = r"(?:" + _STUDENT_FILLERS[3:-1] + r"|welp|yo|guys|yall|bro|well|anyway|anyways|soo+|yes+|bruh|ayy+e*)"
# (or after a full stop the sentence's splitter keeps inside: "im an AD3, E-4 over 2. still in the barracks")
_TX_ME = r"(?:" + _I + r" |(?:^|(?<=\d[.!] ))(?:" + _TX_FILLERS + r"[,!.]* )*)"
# the words a subjectless clause's value ends before ("switched to visible bc metro kept dropping calls")
_TX_END = (
    r"(?=\s*(?:[,.;:!?()]|$|[\U0001F300-\U0001FAFF\u2600-\u27BF])| (?:bc|because|cause|cuz|and|but|so|lol|now|for|"
    r"since|after|from|last|this|yesterday|today|finally|tho|though|ngl|fr|rn|too|also|w|with|in|at|on)\b)"
)
# A name's word, not one that goes on the sentence (`_NAME_ENDS`): "samantha reyes", not "sam btw"
_TX_NAME_WORD = r"(?!" + _NAME_ENDS + r"(?![\w'-]))[A-Za-z][\w'-]+"
_GIG_APPS = (
    r"(?P<v>(?i:uber ?eats|uber|lyft|door ?dash|instacart|grubhub|postmates|shipt|amazon flex|spark|gopuff|caviar|"
    r"deliveroo|just eat|roadie|favor))(?![\w-])"
)
_PRONOUNS = r"(?P<v>(?i:(?:he|she|they|xe|ze|fae|it)/(?:him|her|them|they|he|she|his|hers|xem|xir|zir|faer|it)(?:/[a-z]+)?|any pronouns))(?![\w/-])"
# (a home at kin's: the family the person grew up in, or the family as one)
_TX_KIN = vocab.alternation(
    (
        *vocab.family(
            "mother",
            "father",
            "parents",
            "grandmother",
            "grandfather",
            "grandparents",
            "sister",
            "brother",
            "aunt",
            "uncle",
            "cousin",
        ),
        "family",
    )
)
_INSURANCE_SAID = patterns.lazy(
    r"\b(?:insur\w*|ppo|hmo|epo|coverage|deductible|copay|prior auth\w*|premiums?|benefits|cover|covers|covered)\b",
    re.IGNORECASE,
)
_SUPPLIED_BY = frozenset(["phone provider", "bank", "internet", "energy"])
_TEXTING = (
    # "got the job at university hospital!!", "i got the job at Target": a job taken, its "I" dropped
    _rule(
        "employer",
        IDENTITY,
        _TX_ME
        + r"(?:finally |officially |just )?(?:got|landed) (?:the|a|that) (?:new )?job (?:at|with) (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _NOT_A_KIND  # ("got the job at the hospital": a kind, no name)
        + r"(?:"
        + _LOW_ORG
        + "|"
        + _LOW_EMPLOYER
        + r"))(?![\w'&-])",
        "txjob",
        gate="job",
    ),
    # "switched to visible bc metro kept dropping calls", "i moved to chase": a supplier the lists know
    _rule(
        "supplier",
        FACT,
        _TX_ME
        + r"(?:just |finally |officially |also )?(?:switched|moved|changed|went|ported(?: my number)?) (?:over )?to "
        r"(?P<v>[A-Za-z][\w&'-]*(?: [A-Za-z][\w&'-]*){0,2}?)" + _TX_END,
        "txsupplier",
        gate="switched|moved|changed|went|ported",
    ),
    # "moved my direct deposit from chime to rbfcu": the bank a pay goes to
    _rule(
        "bank",
        FACT,
        _TX_ME
        + r"(?:just |finally |officially )?(?:moved|switched|changed|set up|transferred) my (?:direct deposit|paychecks?|pay|"
        r"checking(?: account)?|bank account|banking|savings)(?: from (?:[\w&'-]+ ){0,2}?[\w&'-]+)? (?:over )?to "
        r"(?P<v>[A-Za-z][\w&'-]*(?: [A-Za-z][\w&'-]*){0,2}?)" + _TX_END,
        "txbank",
        gate="deposit|paycheck|pay|checking|bank|savings",
    ),
    # "found a new doctor in san antonio, dr. okafor", "got a new pcp, Dr. Lee": a doctor, named after a comma
    _rule(
        "doctor",
        FACT,
        _TX_ME + r"(?:finally |just )?(?:found|got|have|switched to|started seeing|picked) (?:a |my )?new "
        r"(?:primary care |family |regular )?(?:doctor|doc|gp|pcp|physician|primary care provider)"
        r"(?: [^.;!?,]{1,60}?)?,? (?P<v>" + _DR + r")",
        "txdoctor",
        gate="doctor|doc|gp|pcp|physician|primary",
    ),
    # "i dash for doordash after my shifts", "i started driving uber too", "been doing instacart": a gig app
    _rule(
        "gig",
        IDENTITY,
        _TX_ME + r"(?:(?:'m|am) )?(?:also |now |just |still |finally )?(?:started |been |began )?(?:also )?"
        r"(?:driving|delivering|dashing|drive|deliver|dash|doing|do|shopping|shop) (?:for |on |with )?" + _GIG_APPS,
        "txgig",
        gate="uber|lyft|dash|instacart|grubhub|postmates|shipt|flex|spark|gopuff|caviar|deliveroo|just eat|roadie|favor",
    ),
    # "my name is legally Samuel Reyes now", "my legal name is still samantha reyes": a full name (in lower
    # case only where "legal" says it is one: not "my name is sam btw")
    _rule(
        "name",
        IDENTITY,
        r"\b[Mm]y (?P<legal>legal )?(?:full |real |new )?name is (?:still |now |(?P<legally>legally) |officially |finally )*"
        r"(?P<v>" + _TX_NAME_WORD + " " + _TX_NAME_WORD + r"(?: " + _TX_NAME_WORD + r")?)"
        r"(?=\s*(?:[,.;:!?()]|$|[\U0001F300-\U0001FAFF\u2600-\u27BF])| (?:now|and|but|so|lol|on|officially|legally)\b)",
        "txname",
        gate="name is",
    ),
    # "i told kendra im he/him", "my pronouns are they/them": pronouns; "everyone still calls me she": the
    # pronoun the person is called by
    _rule(
        "pronouns",
        IDENTITY,
        r"(?:"
        + _I
        + r"(?:'m| am) |\b[Mm]y pronouns (?:are|r|is) )(?:now |still |officially |just |actually )?"
        + _PRONOUNS,
        "txpronouns",
        gate="he/|she/|they/|xe/|ze/|fae/|it/|pronouns",
    ),
    _rule(
        "pronouns",
        IDENTITY,
        r"\b(?:everyone|everybody|people|ppl|they|all|coworkers|customers|(?:my )?(?:family|coworkers|parents)) "
        r"(?:at [\w'-]+ )?(?:still |always |keeps? |kept )?(?:calls?|calling) me (?P<one>she|he|they|her|him|them)\b",
        "txpronouns",
        gate="call",
    ),
    # "officially a san antonio resident lol", "i'm a texas resident now": a home (a place of the lists)
    _rule(
        "home",
        IDENTITY,
        r"(?:" + _I + r"(?:'m| am) |^(?:" + _TX_FILLERS + r"[,!.]* )*)(?:now |officially |finally |legally )*"
        r"an? (?P<v>" + _LOW_RUN + "|" + _NAME + r") resident"
        # (the clause ends there: not "a houston resident required for this lease", a listing's)
        r"(?=\s*(?:[,.;:!?()]|$|[\U0001F300-\U0001FAFF\u2600-\u27BF])| (?:now|lol|so|and|but|since|officially|finally|"
        r"ngl|fr|rn|too|as of)\b)",
        "txplace",
        gate="resident",
    ),
    # "me and marco got our own apartment", "dani and i got a place": who a person lives with
    _rule(
        "living with",
        IDENTITY,
        r"(?:(?:^|(?<=[\s,;(]))[Mm]e and (?P<v>(?:my (?:boyfriend|girlfriend|bf|gf|partner|fiancée?|fiance|wife|husband) )?"
        r"[\w'-]+)|(?:^|(?<=[.;!?] ))(?P<v2>[A-Za-z][\w'-]+) and (?:I|i)) (?:just |finally |officially )?(?:got|found|moved into|"
        r"rented|signed (?:a lease )?(?:for|on)) (?:our (?:own |first |new )?|a )(?:place|apartment|apt|flat|house|condo|studio|"
        r"townhouse|duplex)\b",
        "txtogether",
        gate="place|apartment|apt|flat|house|condo|studio|townhouse|duplex",
    ),
    # "im staying at my sisters place in stone oak now", "i'm living w my mom rn": a home at kin's, now
    _rule(
        "living with",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:now |currently |still )?(?:staying|living|crashing) (?:at|with) (?:my )?(?P<v>"
        + _TX_KIN
        + r")(?:'?s)?(?: (?:place|house|apartment|apt|condo))?(?P<stay>(?=[^.;!?]{0,40}\b(?:now|for now|rn|right now|"
        r"these days|indefinitely)\b))?",
        "txkin",
        gate="staying|living|crashing",
    ),
    # "my supervisor rick is nice", "my pharmacy manager denise wants me to ...": a manager named in lower case
    _rule(
        "manager",
        IDENTITY,
        r"\b[Mm]y (?:new |pharmacy |shift |store |floor |unit |team |department |direct |line |night |day |general )?"
        r"(?:manager|supervisor|boss|team lead) (?P<v>" + _NAME + "|" + _LOW_WORD + r") (?=(?:is|was|wants|wanted|said|"
        r"says|told|asked|keeps|kept|gave|thinks|just|likes|hates|talks|put|scheduled|approved|made|called|texted)\b)",
        "txmanager",
        gate="manager|supervisor|boss|lead",
    ),
    # "im at HCC for my basics", "i switched to the pharmacy tech certificate at san jac": a school
    _rule(
        "university",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:now |still |currently )?(?:at|@) (?P<v>[A-Z]{2,6}|"
        + _NAME
        + r") for (?:my )?(?:basics|gen eds?|general eds?|core classes|prereqs?|pre-reqs?|associates?|associate's|"
        r"transfer credits|pre-?nursing|nursing|degree|a degree)\b",
        "txschool",  # (no gate: it opens with "I'm", `_opener`)
    ),
    _rule(
        "university",
        IDENTITY,
        _TX_ME
        + r"(?:just |finally |officially )?(?:(?:switched|transferred|moved|changed) (?:over )?to|started|began|enrolled in|"
        r"got into|got accepted (?:to|into)) (?:the |a )?(?:[\w&-]+ ){1,4}?"
        r"(?:certificate|cert|program|programme|degree|associate'?s?)(?: program)? (?:at|@) (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_NAME
        + r")(?![\w'&-])",
        "txschool",
        gate="certificate|cert|program|degree|associate",
    ),
    # "im still on my moms insurance til 26": a parent's plan; "i got on the blue cross plan thru work": a plan
    _rule(
        "insurance",
        FACT,
        _I
        + r"(?:'m| am) (?:still |now )?on (?:my )?(?P<v>"
        + _PARENTS
        + r") (?:health )?(?:insurance|plan|coverage)\b",
        "txinsurance",
        gate="insurance|plan|coverage",
    ),
    _rule(
        "insurance",
        FACT,
        _TX_ME
        + r"(?:just |finally |officially )?(?:got on|signed up for|enrolled in|switched to) (?:the |a |my )?(?P<v>"
        r"(?:[a-z][\w&-]* ){0,2}?[a-z][\w&-]*|" + _NAME + r") (?:ppo |hmo |epo |health )?(?:plan|insurance)\b",
        "txinsurance",
        gate="plan|insurance",
    ),
    # "me and my boyfriend marco want ...", "my gf jess and i": who the person is dating
    _rule(
        "relationship",
        IDENTITY,
        r"(?:(?:^|(?<=[\s,;(]))[Mm]e and my (?:boyfriend|girlfriend|bf|gf) (?P<v>"
        + _NAME
        + "|"
        + _LOW_WORD
        + r")(?![\w'-])|"
        r"\b[Mm]y (?:boyfriend|girlfriend|bf|gf) (?P<v2>" + _NAME + "|" + _LOW_WORD + r") and (?:I|i|me)\b)",
        "txdating",
        gate="boyfriend|girlfriend|bf|gf",
    ),
)
# -- Without a subject (session 36: kai) --------------------------------------------------------------
# A terse writer (the blind kai fixture: a sailor's shorthand) says most of a life with no "I" at all:
# "moved into a 2br in Chula Vista w Reyes", "checked into HSM-77 today", "got frocked to AD2", "hired at
# Hawaiian Airlines as a line maintenance tech", "enrolled in VA health care today". Read as `_TEXTING`
# reads a dropped subject (`_TX_ME`: at the sentence's start, after its fillers; never after a sentence
# that opened with someone else, nor in a plan, a pasted text or a role-play). The military words are
# vocabulary (`vocab.RANK`, `vocab.SUPERVISOR_TITLES`, ...). "made E-5" is no rank: on the cycle it says
# the person was selected; the rank is worn when frocked, pinned or advanced ("MADE E-5", then "got
# frocked to AD2", is one change).
_SL_HOME_KINDS = (
    r"(?:\d ?(?:br|bd|bdrm|bedroom)|(?:one|two|three|1|2|3)[- ]bed(?:room)?|studio|apartment|apt|place|house|condo|"
    r"townhouse|townhome|duplex|flat)(?: (?:apartment|apt|house|place|unit))?"
)
# (a stay is no home: "got a place in tahoe for the weekend", "got an airbnb")
_SL_STAY = (
    r"(?![^.;!?]{0,40}\b(?:for (?:the|a|\d+|two|three|a few|a couple of) (?:weekend|nights?|days?|weeks?)|airbnb|"
    r"hotel|vacation|trip|leave|liberty)\b)"
)
_SL_SHIP = r"(?:" + vocab.SHIP_PREFIX + r" " + _NAME + r")"
_SL_BASE = r"(?:" + vocab.BASE_PREFIX + r" )?"
_SL_ME = r"(?:" + _I + r"(?:'m| am) |" + _TX_ME + r")"  # ("im on tricare prime", "still in the barracks")
_SUBJECTLESS = (
    # "moved into a 2br in Chula Vista", "got a 1br in Aiea", "signing for an off base house in Yamato": a home
    _rule(
        "home",
        IDENTITY,
        _TX_ME
        + r"(?:just |finally |officially )?(?:moved into|got|found|rented|leased|signed (?:a lease |the lease )?(?:for|on)|"
        r"signing (?:a lease |the lease )?(?:for|on)) (?:a|an|our|my|the) (?:new |own |first |cheap |little |small |nice |"
        r"(?:off|on)[- ]base )*" + _SL_HOME_KINDS + r" (?:in|at) (?P<v>" + _NAME + "|" + _LOW_PLACE + r")" + _SL_STAY,
        "slhome",
        gate="moved|got|found|rented|leased|signed|signing",
    ),
    # "still in the barracks on North Island": a home on base
    _rule(
        "home",
        IDENTITY,
        _SL_ME + r"(?:still |now |back )?(?:living |stuck )?in the barracks (?:on|at|in) (?P<v>" + _NAME + ")",
        "slhome",
        gate="barracks",
    ),
    # "checked into HSM-77 today", "reported aboard USS Nimitz", "im on the Theodore Roosevelt, AD shop": a command
    _rule(
        "command",
        IDENTITY,
        _TX_ME + r"(?:just |finally |officially )?(?:checked (?:in(?:to| to| at))|reported (?:to|aboard|in to|into)) "
        r"(?:the )?(?P<v>" + vocab.UNIT + "|" + _SL_SHIP + "|" + vocab.BASE_PREFIX + " " + _NAME + r")",
        "slcommand",
        gate="checked|reported",
    ),
    _rule(
        "command",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:now |still )?(?:stationed )?(?:on|aboard) (?:the )?(?P<v>"
        + _SL_SHIP
        + "|"
        + _NAME
        + r")(?=,? (?:[A-Z]{2,3} )?(?:shop|division|department|dept|work ?center)\b)",
        "slcommand",
    ),
    # "new duty station is NAF Atsugi", "homeport is San Diego": where the person is stationed
    _rule(
        "duty station",
        IDENTITY,
        r"(?:^|\b[Mm]y |\b[Oo]ur )(?:new |current |next |first |permanent )?"
        + vocab.STATION_NOUNS
        + r" is (?:now |officially "
        r"|still )?(?P<v>" + _SL_BASE + _NAME + r")",
        "slstation",
        gate="station|homeport|home port|pds|base",
    ),
    # "im an AD3", "got frocked to AD2", "i got promoted to E-6": a rank
    _rule(
        "rank",
        IDENTITY,
        r"(?:"
        + _I
        + r"(?:'m| am) (?:now |officially |finally |just )?an? |"
        + _TX_ME
        + r"(?:just |finally |officially )?"
        r"(?:got |was |been )?(?:frocked|promoted|advanced|pinned(?: on)?)(?: to| as)? (?:an? )?)(?P<v>"
        + vocab.RANK
        + ")",
        "slrank",
        gate="frocked|promoted|advanced|pinned|i'm|am",
    ),
    # "my LPO AD1 Ferris", "my new chief ADC Brandt wants ...", "my DIVO is LT Park": a supervisor by their title
    _rule(
        "manager",
        IDENTITY,
        r"\b[Mm]y (?:new )?"
        + vocab.SUPERVISOR_TITLES
        + r" (?:is (?:now )?(?:"
        + vocab.RANK
        + r" )?|"
        + vocab.RANK
        + r" )(?P<v>"
        + _NAME
        + r")(?![\w'&-])",
        "slmanager",
        gate="lpo|lcpo|chief|divo|division|department|ncoic|oic|leader|sergeant|supervisor|wcs",
    ),
    # "signed up at 808 Boxing in Kalihi": a gym (its name says it is one, or the sentence speaks of a workout)
    _rule(
        "gym",
        FACT,
        _TX_ME
        + r"(?:just |finally |officially )?(?:signed up (?:at|with|for)|got a membership (?:at|to|with)) (?:the )?"
        r"(?P<v>(?:\d+ )?" + _NAME + r")(?![\w'&-])",
        "slgym",
        gate="signed up|membership",
    ),
    # "taking Eng 101 online thru Coastline": a school a class is taken at
    _rule(
        "university",
        IDENTITY,
        _SL_ME + r"(?:now |still |also )?taking (?:a |an |my |some )?(?:[A-Z][A-Za-z]{1,5} ?\d{3}[A-Z]?|"
        r"classes|a class|courses?|gen eds?|prereqs?) (?:online |remotely |part[- ]time |at night )?(?:at|through|thru|@) (?:the )?"
        r"(?P<v>" + _NAME + r")(?![\w'&-])",
        "txschool",
        gate="taking",
    ),
    # "hired at Hawaiian Airlines as a line maintenance tech": an employer
    _rule(
        "employer",
        IDENTITY,
        _TX_ME
        + r"(?:just |finally |officially )?(?:got )?hired (?:on )?(?:at|by|with) (?:the )?(?P<v>"
        + _NAME
        + r")(?![\w'&-])",
        "slemployer",
        gate="hired",
    ),
    # "im on Tricare Prime", "enrolled in VA health care": a health plan of the lists ("taking HMSA thru work" is
    # left: kai's chats arrive out of order, the VA after HMSA, and Tricare -> HMSA would open an item a step short)
    _rule(
        "insurance",
        FACT,
        _SL_ME + r"(?:just |now |still |finally |officially )?(?:on|took|picked|chose|went with|got|"
        r"enrolled in|signed up for|switched to) (?:the |my )?(?P<v>(?i:" + vocab.INSURERS + r"))(?![\w-])",
        "slinsurance",
        gate="tricare|health|hmsa|kaiser|medic|blue|bcbs|aetna|cigna|united|humana|anthem|ambetter|oscar|molina|wellcare|highmark|premera|regence",
    ),
)
_SUBJECTLESS_GROUPS = frozenset(
    ["slhome", "slcommand", "slstation", "slrank", "slmanager", "slgym", "slemployer", "slinsurance"]
)
_SL_BASE_PREFIX = patterns.lazy(r"^" + vocab.BASE_PREFIX + r" |^" + vocab.SHIP_PREFIX + r" ")


def _said_subjectless(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of the rules of `_SUBJECTLESS`, read from the match and its sentence."""
    shown = _untrailed(match.group("v")).strip(" .,'")
    if value_group == "slhome":
        return _a_place(attribute, memory_type, shown)
    if value_group == "slgym":
        return _said(attribute, memory_type, match, "gymjoined")
    if value_group in ("slstation", "slcommand"):  # ("NAF Atsugi" is Atsugi, "USS Nimitz" the Nimitz)
        return (
            _tx_value(attribute, memory_type, shown, titled=False)
            if not _SL_BASE_PREFIX.match(shown)
            else (Said(attribute, _norm(_SL_BASE_PREFIX.sub("", shown)), shown, memory_type))
        )
    return _tx_value(attribute, memory_type, shown)


# A texter's short words, read as the words the rules spell ("i live w two roommates": with; "thru work",
# "abt it"): only between words in lower case (not "W Main St", "w/o").
_TEXTED = patterns.lazy(r"(?<=[a-z] )(?:w/|w|thru|abt)(?= [a-z0-9])")
_TEXTED_AS = {"w/": "with", "w": "with", "thru": "through", "abt": "about"}


def _texted(text: str) -> str:
    """`text` with a texter's short words written out (`_TEXTED`)."""
    if " w " not in text and " w/ " not in text and "thru" not in text and "abt" not in text:
        return text  # (most texts: one look for each, no search)
    return _TEXTED.sub(lambda m: _TEXTED_AS[m.group(0)], text)


_TEXTING_GROUPS = (
    frozenset(
        [
            "txjob",
            "txsupplier",
            "txbank",
            "txdoctor",
            "txgig",
            "txname",
            "txpronouns",
            "txplace",
            "txtogether",
            "txkin",
            "txmanager",
            "txschool",
            "txinsurance",
            "txdating",
        ]
    )
    | _SUBJECTLESS_GROUPS
)
_ADDED = patterns.lazy(r"\s+(?:too|as well|also|on top)\b")
_PRONOUN_SETS = {
    "she": "she/her",
    "her": "she/her",
    "he": "he/him",
    "him": "he/him",
    "they": "they/them",
    "them": "they/them",
}
_KIN_SAID = {"sis": "sister", "bro": "brother", "mum": "mom", "abuela": "grandma", "tia": "aunt"}


def _said_texting(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of the rules of `_TEXTING`, read from the match and its sentence (`match.string`)."""
    groups = match.groupdict()
    said_i = match.group(0)[:1] in ("I", "i") and match.group(0)[1:2] in (" ", "'")  # ("i told my boss im he/him")
    if not said_i and vocab.someone_else(match.string[: match.start()]):
        return None  # "my sister's supervisor rick is ...", "my roommate's bf jake and i"
    if value_group in _SUBJECTLESS_GROUPS:
        return _said_subjectless(attribute, memory_type, match, value_group)
    shown = _untrailed(groups.get("v") or groups.get("v2") or "").strip(" .,'")
    if value_group == "txpronouns":
        one = (groups.get("one") or "").casefold()
        return Said(attribute, _PRONOUN_SETS.get(one, shown.casefold()), one or shown, memory_type)
    if value_group == "txplace":
        return _a_place(attribute, memory_type, shown, known=True)
    if value_group == "txsupplier":
        return _tx_supplier(memory_type, shown)
    if value_group == "txbank":
        return _tx_value(attribute, memory_type, shown) if _tx_bank(shown) else None
    if value_group == "txname" and shown.islower() and not (groups.get("legal") or groups.get("legally")):
        return None  # ("my name is jake paul lol": a name in lower case only where "legal" says it is one)
    if value_group == "txkin":
        if groups.get("stay") is None and ("staying" in match.group(0) or "crashing" in match.group(0)):
            return None  # ("staying at my mom's for the weekend": a visit)
        return _tx_value(attribute, memory_type, _KIN_SAID.get(shown.casefold(), shown))
    if value_group == "txtogether":
        shown = re.sub(r"^my (?:boyfriend|girlfriend|bf|gf|partner|fiancée?|fiance|wife|husband) ", "", shown)
    if value_group == "txinsurance":
        return _tx_insurer(attribute, memory_type, match, shown)
    if value_group == "txdating":  # "dating marco", as `_STUDENT` reads "im dating marco now"
        return _a_partner(attribute, memory_type, {"n": shown})
    if value_group == "txdoctor":
        return _tx_value(attribute, memory_type, shown, titled=True)
    if value_group == "txgig":  # (one more gig, "too": shown so, the value the app's)
        said = _tx_value(attribute, memory_type, shown.replace(" ", "") if "dash" in shown.casefold() else shown)
        added = _ADDED.match(match.string, match.end()) or " also " in match.group(0)
        return replace(said, shown=f"{said.shown} (too)") if said and added else said
    return _tx_value(attribute, memory_type, shown)


def _tx_value(attribute: str, memory_type: str, shown: str, *, titled: bool = False) -> Said | None:
    """A value as written, normalised ("Dr. Okafor": dr okafor); None for a stopword or nothing."""
    if not shown or shown.casefold() in tokens.STOPWORDS:
        return None
    value = _A_TITLE.sub("dr ", _norm(shown), count=1) if titled and _A_TITLE.match(shown) else _norm(shown)
    return Said(attribute, value, shown, memory_type) if value else None


def _tx_listed(shown: str) -> vocab.Name | None:
    """The name of the lists `shown` is, whole, in any case ("visible" is Visible)."""
    words = tuple(vocab.fold(w) for w in shown.split())
    return next((n for n in vocab.names().get(words[0], ()) if n.words == words), None) if words else None


def _tx_supplier(memory_type: str, shown: str) -> Said | None:
    """A supplier switched to, read only as one the lists know ("switched to visible": phone provider;
    not "switched to decaf", "moved to austin": a home is read by the home rules)."""
    name = _tx_listed(shown)
    if name is None or name.attribute not in _SUPPLIED_BY:
        return None
    return Said(name.attribute, _norm(shown), shown, memory_type)


def _tx_bank(shown: str) -> bool:
    """A bank a pay goes to: one the lists know, one named as a bank, or a name written with capitals."""
    name = _tx_listed(shown)
    return (
        (name is not None and name.attribute == "bank") or _BANK_SAID.search(shown) is not None or shown[:1].isupper()
    )


def _tx_insurer(attribute: str, memory_type: str, match: re.Match[str], shown: str) -> Said | None:
    """A health plan: a parent's ("my moms insurance": parents), or one got in a sentence of insurance."""
    if match.group("v") and re.fullmatch(_PARENTS, match.group("v")):
        return Said(attribute, "parents", shown, memory_type)
    if not _INSURANCE_SAID.search(match.string) or _tx_listed(shown) is not None:
        return None  # ("got on the family plan": a carrier's, "the meal plan": no insurance said)
    return _tx_value(attribute, memory_type, shown)


# Formal register (session 36: maeve) ------------------------------------------------------------
# A person who writes to the assistant as if writing letters (a retired solicitor: "Dear ChatGPT,", no
# contraction, the perfect tense and the passive) says a change as done and lasting: "I have now relocated
# to an apartment overlooking the harbour in Kinsale", "Declan and I have moved into a cottage outside
# Schull", "I have been appointed chair of the board of ...", "I have been accepted onto the panel of ...
# as a part-time mediator", "I have registered with Dr. X", "We are now both patients of Dr. X", "I have
# closed the X account and moved everything to the Y Credit Union", "We have adopted a rescue lurcher",
# "I have been a widow since ...", "we have been seeing one another since Easter", "My VHI plan is due for
# renewal". Each rule needs "I" or "we" (or "my") as its subject: "my son has relocated to Toronto",
# "Aoife has been appointed", "she has been appointed" (a reference written for someone) say nothing of
# her; "were I to move", "should I take up golf" are hedges (`_HEDGE`).
# (a home by its kind, said with what it looks on to or where it stands: "overlooking the harbour",
# "with a view of the bay", and a town it is "outside" or "near")
_FORMAL_DWELLING = (
    r"(?:flat|apartment|house|cottage|bungalow|farmhouse|townhouse|terrace|terraced house|semi|semi-detached house|"
    r"home|condo|place|studio|maisonette|duplex|penthouse|villa|chalet)"
)
_FORMAL_BY = r"(?:in|outside|near|just outside|close to|on the edge of|on the outskirts of)"
# a home by its kind and where it stands ("a bungalow in Church Stretton", "a cottage outside Schull")
_FORMAL_HOME_IN = _FORMAL_DWELLING + r"(?: [^,.;!?]{1,50}?)? " + _FORMAL_BY + r" (?P<v>" + _PLACE + ")"
# the roles a board, a panel or a court appoints (with `_ROLE_NOUNS`): "chair", "mediator", "treasurer"
_FORMAL_ROLE = (
    r"(?P<role>(?:[a-z][\w-]* ){0,2}?(?:chair|chairperson|chairman|chairwoman|vice-chair|president|secretary|"
    r"treasurer|mediator|arbitrator|adjudicator|conciliator|magistrate|judge|coroner|ombudsman|registrar|governor|"
    r"commissioner|inspector|examiner|solicitor|barrister|" + "|".join(_ROLE_NOUNS) + r"))(?![\w-])"
)
# the health insurers a policy or a plan is named by ("my VHI plan", "our Bupa policy")
_HEALTH_INSURERS = (
    r"(?:VHI|Vhi|Laya|Irish Life Health|Level Health|HSF|Bupa|BUPA|AXA|Aviva|Vitality|WPA|Simplyhealth|Cigna|Aetna|"
    r"Kaiser|Humana|Anthem|UnitedHealthcare|Blue Cross|BlueCross|Blue Shield|Oscar|Medibank|HCF|NIB|nib|Allianz|"
    r"Medicare|Sanitas|Adeslas|Mapfre|DKV|AOK|Barmer|Generali)"
)
_FORMAL_PET = r"(?:dog|cat|puppy|kitten|pup|pets?|animals?)"
# a choir, said by its name ("the Kinsale Community Choir", "the Cork Choral Society") or its word
_CHOIRS = r"(?:choir|chorus|choral society|choral group|singers|glee club|gospel choir)"
_FORMAL_NOT_A_CHOIR = r"(?![^.,;!?]*?\b(?i:choir|chorus|choral|singers)\b)"
_FORMAL = (
    # "I have now relocated to an apartment overlooking the harbour in Kinsale", "Declan and I have moved into
    # a cottage outside Schull" (the one "I" in "Declan and I": hers), "we have moved to a house by the sea near
    # Howth" (what a home looks on to, a few words at most, between its kind and its place)
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:have |'ve )?(?:now |recently |just |finally |at last |since )?(?:moved|relocated) (?:in)?to "
        r"(?:a|an|my|our|the) (?:[\w-]+ ){0,3}?" + _FORMAL_HOME_IN,
        gate="moved|relocated",
    ),
    # "I am considering selling our family home in Douglas", "before we sell our house in Leeds": where the
    # home is now, said in a plan too (`_FORMAL_ANY_CLAUSE`); not sold ("we sold our house in Leeds": gone),
    # nor someone else's sale of it ("my brother is selling our family home in Bantry")
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: (?!(?:my|his|her|their|they|he|she)\b)[a-z']+){0,4}? (?:selling|sell|to sell|value|valuing|"
        r"put up for sale|putting up for sale|list|listing) (?:our|my) (?:family |old |lovely )?(?:home|house) in (?P<v>"
        + _PLACE
        + ")",
        "fhomeof",
        gate=r"\bsell|\bvalu|\blist|for sale",
    ),
    # "I have been appointed chair of the board of X", "I have been elected treasurer of the club", "I have
    # been made a magistrate"
    _rule(
        "role",
        IDENTITY,
        _I + r"(?: have|'ve) been (?:now |recently |formally |duly |just )?(?:appointed|elected|made|named|co-opted) "
        r"(?:as )?(?:(?:the|a|an|its|their) )?" + _FORMAL_ROLE,
        gate=r"\bappointed|\belected|\bco-opted",
    ),
    # "I have been accepted onto the panel of the Munster Mediation Service as a part-time mediator", "I have
    # been taken on by the county council as a planning officer"
    _rule(
        "role",
        IDENTITY,
        _I + r"(?: have|'ve) been (?:now |recently |formally |duly |just )?(?:appointed|accepted|taken on|engaged|"
        r"elected|hired|employed|recruited|selected|co-opted|admitted|retained)(?: (?:on|onto|to|by|at|into|for) "
        r"[^,.;!?]{1,80}?)? as (?:(?:a|an|the|its|their) )?" + _FORMAL_ROLE,
        gate=r"\b(?:appointed|accepted|taken on|engaged|elected|hired|employed|recruited|selected|co-opted|admitted|retained)",
    ),
    # "I have been retired since the end of February": no job now (an ending of the role, as "I retired" is
    # of the job: `_ENDS`), so the work taken up after it is a change
    _rule(
        "role",
        IDENTITY,
        _I + r"(?: have|'ve) been (?:fully |happily |officially )?retired (?:since|for)\b",
        "fretired",
        gate=r"retire",  # (one search with the retirement rules)
    ),
    # "I have been a widow since Finbarr died", "I am a widower": widowed
    _rule(
        "relationship",
        IDENTITY,
        _I + r"(?:(?: have|'ve) been|'m| am) (?:now |sadly )?an? (?:widow|widower)(?![\w'-])",
        "fwidowed",
        gate=r"widow",
    ),
    # "we have been seeing one another since Easter", "I have been seeing Tom since the summer", "Declan and I
    # have been walking out together since May" (a time since: not "we have been seeing each other a lot")
    _rule(
        "relationship",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:have|'ve) been (?:seeing|courting|walking out with|stepping out with|going out with|walking out|"
        r"stepping out|going out) (?:(?:one another|each other|together)|(?P<n2>" + _NAME + r")) (?:since|for)\b",
        "partner",
        gate=r"\b(?:seeing|courting|walking out|stepping out|going out)",
    ),
    # "I have registered with Dr. Nuala Keohane at the medical centre", "we have signed on with Dr Shah"
    _rule(
        "doctor",
        FACT,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:have |'ve )?(?:now |just |finally |since )?(?:registered|signed on|signed up|enrolled) with (?P<v>"
        + _DR
        + ")",
        gate=r"\bregistered|\bsigned (?:on|up)|\benrolled",
    ),
    # "We are now both patients of Dr. Brendan Hegarty", "I am now a patient of Dr Mehta" (not "Declan is a
    # patient of ...")
    _rule(
        "doctor",
        FACT,
        r"(?:"
        + _I
        + r"(?:'m| am)|\b[Ww]e(?:'re| are)) (?:now |both |all |also )*(?:an? )?(?:new )?patients? (?:of|with) (?P<v>"
        + _DR
        + ")",
        gate=r"\bpatients?\b",
    ),
    # "I have closed the Revolut account and moved everything to the Mizen Credit Union"
    _rule(
        "bank",
        FACT,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: have|'ve)? (?:now |finally |since )?(?:closed [^.;!?]{1,60}? and )?(?:moved|switched|transferred|"
        r"took|shifted) (?:everything|it all|all my money|my money|my savings|my banking|our banking|all our money|"
        r"our money|our savings|my accounts?|our accounts?|my pension|our pensions?) (?:over |across )?to (?:the )?(?P<v>"
        + _BANKS
        + ")",
        gate=r"moved|switched|transferred|took|shifted",
    ),
    # "We have adopted a rescue lurcher", "I have taken in a stray cat": a pet now (by its kind or breed)
    _rule(
        "pets",
        FACT,
        r"(?:" + _I + r"|\b[Ww]e) (?:have |'ve )?(?:now |just |finally |recently )?(?:adopted|rescued|taken in) "
        r"(?:a|an|two|our first|my first) (?:(?:new|little|young|old|elderly|shy|nervous|rescue|retired|stray|black|"
        r"white|brown|grey|gray|ginger|tabby|[\w-]+-year-old) )*(?P<v>"
        + _BREED.replace("P<breed>", "P<fbreed>")
        + "|"
        + _FORMAL_PET
        + r")(?=\s*(?:[!.,;:)]|$|and\b|from\b|named\b|called\b|whom\b|who\b|which\b|that\b))",
        "fpets",
        gate=r"\badopted|\brescued|\btaken in",
    ),
    # "I have not kept a dog since Bran died", "we have had no pets since the children left": none now
    _rule(
        "pets",
        FACT,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:have not|haven't|'ve not|have no longer) (?:kept|had|owned) (?:a |an |any )?"
        + _FORMAL_PET
        + r" (?:since|for|in)\b",
        "slnopets",
        gate=r"\bhave not\b|\bhaven't\b|'ve not\b|\bhave no longer\b",
    ),
    # "My VHI plan is due for renewal", "our Bupa policy": the health insurer, by its plan or policy
    _rule(
        "health insurance provider",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?:current |existing |old )?(?P<v>"
        + _HEALTH_INSURERS
        + r") (?:health |medical |hospital )?(?:plan|policy|cover|membership|scheme)\b",
        gate=r"\bplan\b|\bpolicy\b|\bcover\b|\bmembership\b|\bscheme\b",
    ),
    # "every Saturday of my childhood in Bantry", "my girlhood in Sligo": where the person grew up (not "my
    # son's childhood in Cork", "my childhood in the 1970s")
    _rule(
        "origin",
        IDENTITY,
        r"\b(?:[Mm]y|[Oo]ur) (?:own |whole |early )?(?:childhood|girlhood|boyhood|schooldays|school days) (?:in|on) (?P<v>"
        + _PLACE
        + ")",
        gate=r"childhood|girlhood|boyhood|school ?days",
    ),
    # "I have joined the Kinsale Community Choir", "we have both joined the Cork Choral Society": the choir
    # sung in (not an employer: `_FORMAL_NOT_A_CHOIR`), and "I have resigned from the choir", "I have left the
    # chorus": none now (a change from the one joined)
    _rule(
        "choir",
        PREFERENCE,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:have |'ve )?(?:now |just |recently |finally |both |also )*joined (?:the )?(?P<v>"
        + _NAME
        + r")(?:(?<=[Cc]hoir)|(?<=[Cc]horus)|(?<=[Cc]horal [Ss]ociety)|(?<=[Ss]ingers))(?![\w'-])",
        "fchoir",
        gate=r"choir|chorus|choral|singers",
    ),
    _rule(
        "choir",
        PREFERENCE,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:have |'ve )?(?:now |just |recently |finally |both |also |reluctantly |regretfully )*"
        r"(?:resigned from|left|given up|stepped down from|withdrawn from|stopped going to|stopped singing (?:in|with)) "
        r"(?:the|my|our) (?:[\w-]+ ){0,3}?" + _CHOIRS + r"(?![\w'-])",
        "fchoirleft",
        gate=r"choir|chorus|choral|singers",  # (one search with the choir joined)
    ),
)
_FORMAL_GROUPS = frozenset(["fhomeof", "fretired", "fwidowed", "fpets", "fchoir", "fchoirleft"])
# read in a sentence that plans too: "I am considering selling our family home in Douglas" says where it is
_SAID_IN_ANY_CLAUSE = _SAID_IN_ANY_CLAUSE | {"fhomeof"}


def _said_formal(attribute: str, value_group: str, memory_type: str, groups: dict[str, str | None]) -> Said | None:
    """A value of the rules of `_FORMAL`: a home's place (`fhomeof`), no job now (`fretired`), widowed
    (`fwidowed`), a pet by its kind (`fpets`: a lurcher is a dog)."""
    if value_group == "fhomeof":
        return _a_place(attribute, memory_type, _untrailed(groups.get("v") or "").strip(" .,'"))
    if value_group == "fretired":
        return Said(attribute, "left", "retired", memory_type)
    if value_group == "fwidowed":
        return Said(attribute, "widowed", "widowed", memory_type)
    if value_group == "fchoir":
        shown = _untrailed(groups.get("v") or "").strip(" .,'")
        return Said(attribute, _norm(shown), shown, memory_type) if shown else None
    if value_group == "fchoirleft":
        return Said(attribute, "left", "left", memory_type)
    breed = groups.get("fbreed")
    kind = _BREEDS[breed.casefold()] if breed else (groups.get("v") or "").casefold().removesuffix("s")
    if kind in ("pet", "animal"):
        kind = "pet"
    return Said(attribute, "some", breed.casefold() if breed else kind, memory_type)


# -- session 36 (life27): what two blind people still said that was not read ----------------------
# A blood type listed beside the person's own allergy or next of kin, as on a card for a wallet or a
# lanyard ("i'm allergic to penicillin (rash as a kid), O negative, next of kin funmi"): a list of their own
# medical facts (a patient's, "allergic to penicillin, O negative", has no "I'm"; a case is cut first:
# `_before_a_case`).
# (life31) The person's only exercise, or none ("At present my only exercise is a walk along the Marina",
# "the only sport I do is padel", "I don't do any sport"): a sport taken up after it is a change of their
# exercise (`taken_up`); without it, a sport taken up is one more (a schedule of its own), no change.
_ONLY_EXERCISE = (
    _rule(
        "exercise",
        PREFERENCE,
        r"(?:\b[Mm]y only (?:form of |real |regular )?(?:exercise|sport|workout|physical activity)|"
        r"\b[Tt]he only (?:form of |real |regular )?(?:exercise|sport|workout|physical activity) (?:I|i) (?:do|get|take|have|play))"
        r"(?: (?:at the moment|at present|these days|now|nowadays|really))?,? "
        r"(?:is|=) (?:(?:a|an|the|my|some) )?(?P<v>[a-z][\w'-]*(?: [a-z][\w'-]*){0,4}?)"
        r"(?=\s*(?:[.,;:!?)]|$|(?:on|at|with|in|along|around|to|every|once|twice|when|if|but|and|by|near)\b))",
        gate=r"\bonly\b",
    ),
    # (life33) "i only lift, cardio bores me", "I only swim these days": the one exercise, by its verb
    _rule(
        "exercise",
        PREFERENCE,
        _I + r" only (?P<v>lift|run|swim|cycle|bike|climb|boulder|walk|row|box|hike|surf|skate|dance)"
        r"(?=\s*(?:[.,;:!)]|$| (?:now|these days|nowadays|really|tbh|honestly|at the moment)\b))",
        gate=r"\bonly\b",
    ),
    _rule(
        "exercise",
        PREFERENCE,
        _I
        + r" (?:don't|do not|dont|never) (?:do |get |take |play )?(?:any |much )?(?:exercise|sports?)\b(?! (?:bra|gear|kit)\b)",
        "slnopets",
        gate=r"\bexercise|\bsport",
    ),
)
# (life31) How many pets the person has, said as a count: one ("my only cat", "we have one dog", "it's just me
# and frijol" of "my cat frijol": `_one_pet`), then "we adopted a second cat": a change of the count (not of
# "pets", where any pet is one value). A second pet without a count said before opens nothing.
_COUNTED_KINDS = (
    r"(?P<k>cat|dog|kitten|puppy|pup|pet|rabbit|bunny|hamster|guinea pig|parrot|budgie|ferret)"
    # (not a thing named by the animal: "my only pet peeve", "one dog bed", "a second cat tree")
    r"(?![\w-]| (?:peeves?|hates?|food|hair|allerg\w*|sitters?|insurance|friendly|person|people|lovers?|shops?|"
    r"stores?|beds?|toys?|trees?|flaps?|projects?|names?|photos?|pics?|videos?|care|walker|door|litter)\b)"
)
_PETS_COUNTED = (
    _rule(
        "number of pets",
        FACT,
        r"\b[Mm]y (?:one and )?only " + _COUNTED_KINDS + r"\b(?!'s| (?:died|passed|was put|is gone|has gone)\b)",
        "pcount",
        gate=r"\bonly\b",
    ),
    _rule(
        "number of pets",
        FACT,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: only| just)?(?: have| own|'ve got| have got) (?:only |just )?(?:one|a single) "
        + _COUNTED_KINDS
        + r"\b(?!,? (?:and|plus|&)\b)",
        "pcount",
        gate=r"\bone\b|\bsingle\b",
    ),
    _rule(
        "number of pets",
        FACT,
        r"(?:" + _I + r"|\b[Ww]e)(?: have|'ve)? (?:just |finally |now |recently )?(?:adopted|got|gotten|rescued|"
        r"took in|taken in|brought home) (?:a|our|my) (?P<o>second|third|fourth) (?:[a-z]+ )?" + _COUNTED_KINDS + r"\b",
        "pcount",
        gate=r"\bsecond\b|\bthird\b|\bfourth\b",
    ),
)
_COUNT_OF = {"second": "two", "third": "three", "fourth": "four"}


def _said_pets_counted(attribute: str, value_group: str, memory_type: str, groups: dict[str, str | None]) -> Said:
    """A count of pets (`_PETS_COUNTED`): one, or two for a second adopted (shown as said: "a second cat")."""
    kind, nth = (groups.get("k") or "pet").casefold(), (groups.get("o") or "").casefold()
    if nth:
        return Said(attribute, _COUNT_OF[nth], f"a {nth} {kind}", memory_type)
    return Said(attribute, "one", f"one {kind}", memory_type)


_JUST_ME_AND = patterns.lazy(r"\b(?:it's|its|it is) just (?:me|us) (?:and|n|&) (?P<n>[A-Za-z][\w-]+)(?! and\b)")


def _one_pet(text: str) -> list[Said]:
    """ "it's just me and frijol" of a turn that names frijol a pet of the person's ("my cat frijol"): one pet."""
    alone = _JUST_ME_AND.search(text)
    if alone is None:
        return []
    name = re.escape(alone.group("n"))
    pet = re.search(r"\b(?:[Mm]y|[Oo]ur) (?:[a-z]+ )?" + _COUNTED_KINDS + r",? " + name + r"\b", text)
    return [Said("number of pets", "one", f"one {pet.group('k').casefold()}", FACT)] if pet else []


_BLOOD_LISTED = (
    _rule(
        "blood type",
        FACT,
        _I
        + r"(?:'m| am) allergic to [^.;!?]{0,160}?[,;]\s*(?:(?i:blood (?:type|group))[: ]\s*)?"
        + _BLOOD
        + r"(?=\s*(?:[,;.)]|$))",
        "blood",
        gate=r"allergic",
    ),
    _rule(
        "blood type",
        FACT,
        r"(?:^|[,;:]\s*)(?:(?i:blood (?:type|group))[: ]\s*)?" + _BLOOD + r",? (?i:next of kin|nok)\b",
        "bloodkin",
        gate=r"next of kin|\bnok\b",
    ),
)
# A degree and where it was taken as a line of the person's own CV ("update my CV: MBBS University of Ibadan
# 2018, FY1 in ibadan", "my resume says BSc Economics, University of Leeds, 2014"): the level, an optional
# field, the school and the year it was taken. Read only where the text speaks of the person's own CV
# (`_OWN_CV`: a colleague's CV pasted, or a job's "MBBS or equivalent", is not theirs).
_OWN_CV = patterns.lazy(r"\b(?:my|our) (?:cv|c\.v\.?|resume|résumé|linkedin|bio)\b", re.IGNORECASE)
# Who else a list of medical facts can be of, said before it ("she's allergic to penicillin, O negative, next of
# kin her son", "my son: nut allergy, A negative, next of kin ...")
_OTHERS_BEFORE = patterns.lazy(
    r"\b(?:he|she|they|his|her|their|him|them|patient|pt|(?:my|our) (?:son|daughter|kid|child|husband|wife|partner|mum|"
    r"mom|dad|brother|sister|friend|mother|father)s?)\b|['’]s\b",
    re.IGNORECASE,
)
_CV_WORDS = ("cv", "CV", "C.V", "c.v", "esum", "ésum", "ESUM", "inkedin", "INKEDIN", "bio", "Bio", "BIO")
_HOLDS_CV_WORDS = needles.Holds(_CV_WORDS)  # (all of them in one pass)


def _owns_a_cv(text: str) -> bool:
    """Whether a text speaks of the person's own CV (`_OWN_CV`): its words looked for as substrings first
    (a search of every text of an import for them cost the reading 1%)."""
    return _HOLDS_CV_WORDS(text) and _OWN_CV.search(text) is not None


_CV_LINE = (
    r"(?:^|[:;,(]\s*)(?P<said>"
    + _EDU_LEVEL
    + r")(?: (?:in )?(?P<field>[A-Z][\w&-]*(?: (?:and |& |of )?[A-Z][\w&-]*){0,3}),)?,? (?:(?i:from|at) )?"
    + _SCHOOL
    + r",? \(?(?:19|20)\d\d\b"
)
_CV_RULES = (
    _rule("degree", IDENTITY, _CV_LINE, "cvedu", gate=_EDU_GATE),
    _rule("university", IDENTITY, _CV_LINE, "cvuni", gate=_EDU_GATE),
)
_CV_PATTERNS = frozenset(pattern for _, _, pattern, _ in _CV_RULES)
# A firm worked in, said with "in" for "at" by one whose first language says so (Spanish "trabajo en"), and
# "actually" for "currently" (Spanish "actualmente"): "actually I work in Monedita, is a fintech", "I work in
# Globant since 2020". Read where the words after it say it is a firm: what it is ("is a fintech"), since
# when, or a firm's ending ("S.A."); not a place, a field or a department ("I work in Marketing since
# 2019", "I work in Cardiology since May"), and not the past ("actually I worked in X").
_FIRM_ENDING = r"(?:S\.?A\.?|S\.?L\.?|Ltd\.?|Inc\.?|GmbH|LLC|plc|S\.?p\.?A\.?|B\.?V\.?|AG)"
_WORK_IN_FIRM = (
    _rule(
        "employer",
        IDENTITY,
        _I
        + r" (?:now |actually |currently |still )?work in (?P<v>"
        + _NAME
        + r")(?=,? (?:is|it's|its|that is|which is) (?:an?|the) |,? since |,? "
        + _FIRM_ENDING
        + r"(?![\w]))",
        "slfirm",
        gate=r"work in",
    ),
)
# Departments and specialties one works in, capitalised as a ward's sign is ("I work in Cardiology"): no firm
_NOT_A_FIRM_WORKED_IN = frozenset(
    [
        "cardiology",
        "oncology",
        "radiology",
        "neurology",
        "paediatrics",
        "pediatrics",
        "surgery",
        "icu",
        "itu",
        "a&e",
        "ed",
        "er",
        "theatres",
        "pharmacy",
        "maternity",
        "obstetrics",
        "psychiatry",
        "geriatrics",
        "anaesthetics",
        "anesthesia",
        "urology",
        "dermatology",
        "haematology",
        "hematology",
        "nephrology",
        "gastroenterology",
        "respiratory",
        "medicine",
        "acute medicine",
        "primary care",
        "admissions",
        "customer service",
        "customer support",
        "support",
        "operations",
        "procurement",
        "compliance",
        "legal",
        "communications",
        "pr",
        "recruitment",
        "payroll",
        "it support",
        "data",
        "analytics",
        "security",
        "public health",
        "social care",
        "social work",
        "fintech",
        "pharma",
        "academia",
        "real estate",
        "property",
        "publishing",
        "journalism",
        "fashion",
        "travel",
        "tourism",
        "telecoms",
        "energy",
        "manufacturing",
    ]
)


# Without articles (session 36: olena): English shaped by Ukrainian or Russian, with no article and the
# time said as those languages say it: "We are in Kraków already two weeks", "I am in Leipzig from May" (a
# home since then: a place of the lists, `slplace`), "we don't have car" (no car now, `nocar`).
_NO_ARTICLE_N = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+|some|few|a few|several)"
_NO_ARTICLES = (
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r"(?:'m| am)|\b[Ww]e(?:'re| are)) (?:now |already |still )?(?:here )?in (?P<v>"
        + _PLACE
        + r") (?:already (?:for )?"
        + _NO_ARTICLE_N
        + r" (?:days?|weeks?|months?|years?)\b|(?:from|since) (?:"
        + "|".join(m.capitalize() for m in _MONTHS)
        + r")\b)(?![^.;!?]{0,40}\b(?:trip|holiday|vacation|visit|conference)\b)",
        "slplace",
        gate="already|from|since",
    ),
    # (life33) a home by its kind, no article before it, then where: "now we live in room at Polish family, Pani
    # Ewa and her husband, in Bronowice", "we sleep in hostel for Ukrainians near Nowa Huta", "Finally we got own
    # flat in Gohlis": the dwelling (hostel, room, flat), not the city (not "we want own flat in Gohlis")
    _rule(
        "dwelling",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:now |already |still )?(?:live|sleep|stay|are living|are sleeping|are staying) (?:now )?in "
        r"(?:(?:small|big|one|two|1|2) )?(?P<v>room|hostel|dormitory|dorm|shelter|flat|apartment|house)\b"
        r"(?=[^.;!?]{0,60}? (?:in|near) " + _PLACE + r")",
        gate="room|hostel|dorm|shelter|flat|apartment|house",
    ),
    _rule(
        "dwelling",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:now |finally |already |just )?(?:got|found|rented|bought|have) (?:now |finally )?(?:our )?own "
        r"(?P<v>flat|apartment|house|room|place|home)\b(?! (?:for|of) (?:him|her|them|my|our|his|their)\b)",
        gate=r"\bown\b",
    ),
    _rule(
        "car",
        FACT,
        r"(?:" + _I + r"|\b[Ww]e) (?:don't|do not|dont|still don't|still do not) (?:have|own) (?:still )?car\b",
        "nocar",
        gate="car",
    ),
    # "So we have temporary protection in Poland now", "I got Aufenthaltstitel by §24": a status of residence
    # by its own words (German, Polish and English), no article before it
    _rule(
        "visa",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:have |'ve )?(?:now |finally |already |just )?(?:have|got|received) (?:now |finally |already )?"
        r"(?P<v>(?i:temporary protection|Aufenthaltstitel|Aufenthaltserlaubnis|Niederlassungserlaubnis|karta pobytu|"
        r"refugee status|settled status|pre-settled status))\b",
        gate="protection|aufenthalt|niederlassung|karta pobytu|status",
    ),
    # "I have Minijob in bakery now, Bäckerei Körner", "I start in Steuerberater office as accountant from 1
    # June, Kanzlei Lehmann & Partner": a job at a kind of place, then the firm's name after a comma (a kind
    # alone names no employer: "I work now in warehouse" is read as nothing)
    _rule(
        "employer",
        IDENTITY,
        _I
        + r" (?:(?:now|finally|already|also) )?(?:have|got|found|start|started|began|work|am working) (?:now |finally )?"
        r"(?:(?:new |first |part-time |full-time )?(?:job|Minijob|minijob|Nebenjob|work|praca|position) )?(?:now )?(?:in|at) "
        r"(?:[\w-]+ ){0,2}?(?:bakery|office|warehouse|shop|store|restaurant|cafe|café|hotel|factory|company|firm|kanzlei|"
        r"biuro|agency|clinic|pharmacy|supermarket|kitchen)(?: [\w-]+){0,6}?, (?P<v>(?!(?i:"
        + _DAY
        + "|"
        + "|".join(_MONTHS)
        + r")\b)"
        + _NAME
        + r")(?=\s*(?:[,.;!?]|$))",
        "slfirm",
        gate="bakery|office|warehouse|shop|store|restaurant|cafe|café|hotel|factory|company|firm|kanzlei|biuro|agency|"
        "clinic|pharmacy|supermarket|kitchen",
    ),
)


# Journal register (session 37: rowan) --------------------------------------------------------------------
# A person who keeps a journal with the assistant (the blind rowan fixture) dates each entry ("4/9 — Got my
# placement.", "Mon 1/13 — First week at Lincoln Middle."): the date is a heading, not words of the
# sentence, so `read` drops it (`_JOURNAL_DATE`) and a sentence told with no "I" opens the entry as it would
# a message. Changes are told as what happened: "I rented a room in a house on the Northside of Missoula",
# "I'm renting a little cabin off Skyliner Road", "Opened an account at High Desert Community Credit Union",
# "Got a membership at Basalt Climbing Co.", "Started with a new therapist in Bend, Marcy Lindqvist", "Jordan
# and I have been dating for a month now", "My principal, Ms. Alvarez, wants ...". Each opens with the
# person ("I", a dropped subject at the sentence's start: `_JR_ME`) or "my", so a novel's character ("Wren
# moves to Duluth"), a dream's ("I dreamed I moved to Alaska": "dreamed" is no verb these take), a student's
# or a sister's life ("her dad got a job") and a plan ("if I took the Yellowstone job") read nothing.
_JOURNAL_DATE = patterns.lazy(
    r"^[ \t]*(?:(?i:mon|tues?|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?\.?,? )?"
    r"\d{1,2}/\d{1,2}(?:/\d{2,4})?[ \t]*[—–-]{1,2}[ \t]+",
    re.M,
)
_JR_ME = r"(?:" + _I + r"(?: have|'ve)? |^(?:(?i:so|and|finally|just|today|officially) )*)"
_JR_LONG_NAME = rf"[{_UP}][\w'&.-]*(?: (?:of )?[{_UP}][\w'&.-]*){{0,5}}"  # "High Desert Community Credit Union"
# a dream told: "I dreamed I moved to Alaska", "Dreamt I was back at Glacier and had to move into the hotel"
_DREAMT = patterns.lazy(
    r"(?:^|\b(?:I|i) )(?:(?i:had|have) (?:a|this|the) (?:weird |strange |bad |wild )?dream (?:that |where |about )?|"
    r"(?i:dreamed|dreamt|dreamed that|dreamt that) )|\b(?i:in (?:my|the|a|last night's) dream)\b"
)
_JR_ROOM = r"(?:room|bedroom|spare room)"
# "My principal, Ms. Alvarez, wants everyone to submit unit plans": a teacher's boss; read only where the text
# says the person teaches (`_TEACHES`), not a pupil's "my principal, Mr. Reed, gave us detention"
_PRINCIPAL = _rule(
    "manager",
    IDENTITY,
    r"\b[Mm]y (?:new )?(?:principal|head ?teacher|head of school|headmaster|headmistress),? (?P<v>"
    r"(?:Ms|Mr|Mrs|Mx|Dr)\.? " + _NAME + "|" + _FULL_NAME + r")(?![\w'-])",
    gate=r"\b(?:principal|head ?teacher|head of school|headm)",
)
_TEACHES = patterns.lazy(
    r"\b(?:I teach|I've taught|(?:I'm|I am) (?:a|an) (?:[\w-]+ ){0,3}teacher|my students|unit plans?|lesson plans?|"
    r"staff (?:meeting|room)|my classroom|grading|my (?:\w+ )?period class)\b",
    re.IGNORECASE,
)
_NOT_TEACHING = frozenset([_PRINCIPAL[2]])
# "Closed on a small house in Bend today": owned, and where (not a realtor's "closed on a house for my clients")
_CLOSED_ON = (
    _JR_ME
    + r"(?i:closed on) (?:a|an|the|our|my) (?:(?:small|little|tiny|new|first|old|big|cute) )*(?:house|home|condo|"
    r"townhouse|townhome|place|cabin|cottage|bungalow)"
)
_NOT_FOR_CLIENTS = r"(?![^.;!?]{0,40}\bfor (?:my|a|the|our) (?:clients?|buyers?|sellers?)\b)"
_JOURNAL = (
    # "I live in employee housing in West Glacier", "we live in student housing at Ridgeview": where, not what
    _rule(
        "home",
        IDENTITY,
        r"(?:" + _I + r"|\b[Ww]e)(?:'m| am|'re| are)? " + _NOW + r"(?:live|living) in (?:[a-z][\w-]* ){1,2}"
        r"housing (?:in|at) (?P<v>" + _NAME + ")" + _A_STAY,
        gate=r"\bhousing\b",
    ),
    # "I rented a room in a house on the Northside of Missoula", "found a room in a flat in Leith": a home
    # by its room (not "rented a room for the weekend": `_A_STAY`)
    _rule(
        "home",
        IDENTITY,
        _JR_ME
        + _NOW
        + r"(?i:rented|found|took|got|moved into) a "
        + _JR_ROOM
        + r"(?: in (?:a|an) (?:[a-z][\w-]* )?(?:house|flat|apartment|houseshare|flatshare))? (?:on|in) "
        r"(?:the (?:[A-Za-z]+ ?side|[A-Za-z]+ end|edge|outskirts) of )?(?P<v>" + _NAME + ")" + _A_STAY,
        "jr",
        gate=r"\b(?:rented|found|took|got|moved into)\b",
    ),
    # "I'm renting a little cabin off Skyliner Road": the home rented (then "closed on a small house": owned)
    _rule(
        "tenure",
        IDENTITY,
        r"(?:" + _I + r"|\b[Ww]e)(?:'re| are|'m| am) " + _NOW + r"(?P<v>renting) (?:a|an|the) "
        r"(?:(?:little|small|tiny|new|cheap|old|cozy|furnished) )*(?:cabin|cottage|trailer|duplex|yurt|basement|"
        r"casita|room|unit|bungalow)\b" + _A_STAY,
        gate=r"\brenting\b",
    ),
    # "Got a job at Bitterroot ... I'm a seasonal park ranger": a ranger is a role
    _rule(
        "role",
        IDENTITY,
        _I + r"(?:'m| am) " + _NOW + r"(?:a|an) (?P<role>(?:(?:seasonal|park|forest|wildlife|national park|"
        r"backcountry|district|lead|interpretive|law enforcement) )*rangers?)\b",
        gate=r"\brangers?\b",
    ),
    _PRINCIPAL,
    _rule(
        "tenure",
        IDENTITY,
        _CLOSED_ON.replace("(?i:closed on)", "(?P<v>(?i:closed on))") + _NOT_FOR_CLIENTS,
        "jr",
        gate=r"\bclosed on\b",
    ),
    _rule("home", IDENTITY, _CLOSED_ON + r" in (?P<v>" + _PLACE + ")" + _NOT_FOR_CLIENTS, "jr", gate=r"\bclosed on\b"),
    # "Jordan and I have been dating for a month now", "Priya and I started dating": who the partner is
    _rule(
        "partner",
        FACT,
        # (not "Mara and I are going out tonight", "Cal and I are together at the lake": an evening, a trip)
        r"(?:^|(?<=[.;!?] ))(?P<n>" + _NAME + r") and I (?:(?:have been|'ve been|are) (?:now |officially )?dating|"
        r"(?:have been|'ve been) (?:seeing each other|going out|together)|(?:started|began) (?:dating|seeing each other|"
        r"going out))\b",
        "slpartner",
        gate=r"\b(?:dating|seeing each other|going out|together)\b",
    ),
    # "I don't have a dog but I want one so bad": none now (the heeler adopted later is a change from none)
    _rule(
        "pets",
        FACT,
        _I + r" (?:don't|do not|dont) have (?:a|any) (?:dog|cat|dogs|cats)\b(?! (?:here|with me|yet,? but))",
        "slnopets",
        gate=r"\b(?:dogs?|cats?)\b",
    ),
    # "Started with a new therapist in Bend, Marcy Lindqvist", "started seeing a new counselor, Dr. Osei"
    _rule(
        "therapist",
        FACT,
        _JR_ME + r"(?i:started|began) (?:with|seeing) (?:a )?new (?:therapist|counsell?or|psychologist)"
        r"(?: (?:in|here in) " + _NAME + r")?,? (?P<v>" + _DR + "|" + _FULL_NAME + r")(?![\w'-])",
        "jr",
        gate=r"\b(?:started|began)\b",
    ),
    # "My checking is with Glacier Ridge Credit Union", "my savings are with Ally": the bank
    _rule(
        "bank",
        FACT,
        r"\b[Mm]y (?:checking|savings|chequing|current account|checking account|savings account|banking)"
        r" (?:is|are) (?:all )?(?:with|at) (?:the )?(?P<v>" + _JR_LONG_NAME + r")(?![\w'-])",
        gate="checking|savings|chequing|current account|banking",
    ),
    # "Opened an account at High Desert Community Credit Union", "I opened a checking account with Ally"
    _rule(
        "bank",
        FACT,
        _JR_ME + r"(?i:opened|set up) (?:a|an|my) (?:new )?(?P<kind>checking |savings |bank |current |joint )?account "
        r"(?:at|with) (?:the )?(?P<v>" + _JR_LONG_NAME + r")(?![\w'-])",
        "jrbank",
        gate=r"\b(?:opened|set up)\b",
    ),
    # "Got a membership at Basalt Climbing Co.", "I bought a membership to the Y"
    _rule(
        "gym",
        FACT,
        _JR_ME + r"(?i:got|bought|took out|signed up for) a (?:new )?(?:gym |climbing |pool |yearly |monthly )?"
        r"membership (?:at|to|with) (?:the )?(?P<v>" + _JR_LONG_NAME + r")(?![\w'-])",
        "jr",
        gate=r"\bmembership\b",
    ),
)


# Hinglish register (session 37: arjun): Hindi in Latin script around an English value and Indian
# English forms. "abhi Pune mein hoon" (I am in Pune now), "Dublin mein settle ho rahe hain" (we are
# settling in Dublin): a place of the lists or a part of a city at the clause's start, after only the
# Hindi words of `vocab.HINDI_NOW` ("bhaiya Noida mein hai" is his, and "hai" no first person); "I am
# staying in a PG in Koramangala" and "took a 1BHK in Hinjewadi Phase 1" (a home by the kind of flat
# taken); "engaged to Kavya yesterday" (a diary line without "I"); "I took cult.fit membership" and
# "membership I cancelled, joined Flyefit" (a gym by its membership); "took Three Ireland sim" (a
# carrier by its SIM). A plan ("if I go Canada") is no statement (`_HEDGE`), nor someone else's.
_HI_NOW = r"(?:(?:" + "|".join(vocab.HINDI_NOW) + r")\s+){0,2}"
_HI_FLAT = r"(?:PG|pg|paying guest|hostel|[1-4] ?[BR]HK|[1-4] ?bhk|flat|apartment|room)"
_HINGLISH = (
    # "I took cult.fit membership for 6 months": a gym of the list, no article before it
    _rule(
        "gym",
        FACT,
        _I
        + r" (?:have |'ve )?(?:finally |just )?(?:took|taken|got|bought) (?P<v>(?i:"
        + _NAMED_GYMS
        + r")) (?i:membership)\b",
        gate="membership",
    ),
    # "took Three Ireland sim", "I got Jio sim": a carrier of the lists by its SIM, no article before it
    _rule(
        "phone provider",
        FACT,
        r"(?:^|(?<=[.!?;] )|"
        + _I
        + r" (?:have |'ve )?)(?:[Ff]inally |[Jj]ust )?(?:took|taken|got|bought) (?:new |one )?"
        r"(?P<v>(?:"
        + _CARRIERS
        + r"|Jio|Airtel|Vi|BSNL)(?: Ireland| India| UK| Mobile)?) (?i:sim|e-?sim|connection)\b",
        gate=r"\b(?:e-?sim|sim|connection)\b",
    ),
    # "I am manual tester at Wipro": a role without its article, then the firm
    _rule(
        "employer",
        IDENTITY,
        _I
        + r" (?:'m|am) (?:now |currently |still )?"
        + _ROLE_AT
        + r" (?:at|in) (?P<v>"
        + _NAME
        + r")(?=\s*(?:[,.;!?]|$))",
        "slfirm",
        gate=r"\bam\b",
    ),
    # "joined Infosys finally, Hinjewadi Phase 2 campus": a diary line without "I", the firm then the Indian
    # English tail ("finally", "only", "itself"); not a gym, a class or a club joined
    _rule(
        "employer",
        IDENTITY,
        r"(?:^|(?<=[.!?;] ))(?![^.!?]*\b(?i:gym|membership|fitness|club|class|course|group|community|team|league)\b)"
        r"(?:[Ff]inally |[Tt]oday |[Yy]esterday )?joined (?!(?i:"
        + _NAMED_GYMS
        + r")\b)(?P<v>"
        + _NAME
        + r") (?:finally|only|itself|today)\b",
        gate=r"\bjoined\b",
    ),
    _rule(
        "home",
        IDENTITY,
        r"(?:^|(?<=[.!?;] ))"
        + _HI_NOW
        + r"(?P<v>"
        + _NAME
        + r") mein (?:hi |hee )?(?:hoon|hun|hu|rehta hoon|rehti hoon|reh raha hoon|reh rahi hoon|settle ho (?:rahe hain|raha hoon|rahi hoon|gaye|gaya|gayi)|shift ho (?:gaye|gaya|gayi))\b",
        "slplace",
        gate=r"\bmein\b",
    ),
    _rule(
        "home",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:now |currently )?staying in (?:a |an |one |my |our )?"
        + _HI_FLAT
        + r" in (?P<v>"
        + _NAME
        + r")",
        "slplace",
        gate=r"\bstaying in",
    ),
    _rule(
        "home",
        IDENTITY,
        r"(?:^|(?<=[.!?;] )|(?:(?<=[\s,;(])|^)(?:I|i|[Ww]e) (?:have |'ve )?(?:finally |just )?)(?:[Ff]inally |[Jj]ust )?"
        r"(?:took|taken|rented) (?:a |an |one )?(?:new )?" + _HI_FLAT + r"(?: on rent)? in (?P<v>" + _NAME + r")",
        "slplace",
        gate=r"\b(?:took|taken|rented)\b",
    ),
    _rule(
        "relationship",
        IDENTITY,
        r"(?:^|(?<=[.!?;] ))(?:[Ff]inally |[Oo]fficially |[Gg]ot )?(?P<v>engaged) to (?=[" + _UP + r"])",
        gate=r"^engaged|\bengaged to",
    ),
)


def _said_journal(attribute: str, value_group: str, memory_type: str, groups: dict[str, str | None]) -> Said | None:
    """A bank an account was opened at (`_JOURNAL`): one the lists or its name say is a bank, or a checking or
    savings account ("set up my account at Winsupply" is a supplier's)."""
    shown = _untrailed(groups["v"] or "").strip(" .,'")
    if not shown or not (groups.get("kind") or _a_bank(shown) or _BANK_SAID.search(shown) is not None):
        return None
    return Said(attribute, _norm(shown), shown, memory_type)


# Other people's lives around a caregiver (session 38: grace) ----------------------------------------
# A part handed out for a role-play in the person's own words: "you be me the adjuster and ask me questions.
# ok I'm the claimant now. My name is Luis Ortega, I live on Maple Avenue in Gahanna and I drive for Amazon",
# "can you role play with me, you be my mom when she thinks it's 1985", "let me be the tenant and you be the
# landlord": the lines from there on are the part's, not the person's life (`_own`, as `_ROLE_PLAY`).
_PLAYED_PART = patterns.lazy(
    r"\b(?i:role play)\b|\b(?:[Yy]ou|u) be (?:me|my|the)\b"
    r"|\b(?:I'll|I will|[Ll]et me|and I) be (?:the|a|an) [\w-]+(?: [\w-]+)? and (?:you|u)(?: be| play|'re| are)\b"
)
# Her own life inside that talk, said in the plainest words: "I'm in a condo in Westerville now" (a home by
# its kind and its place, not "mom is in a memory care unit in Dublin"); "I'm with Dr. Nyarko at OhioHealth
# now" (a doctor of her own, by "now": not "I'm with Dr. Okafor at mom's appointment"); "I went part time, 24
# hours a week", "I am back to full time but all remote", "I'm full time in the office" (schedule:work; not
# "a full time student", "my sister went part time"); "I have my AIC but not the CPCU", "I'm officially a
# CPCU now" (a professional designation, in capitals: certification; not "I have my MRI", "I'm a US citizen").
# (The gym rule's `_GYMS` and the home rule's `_SL_HOME_KINDS` are the lists the other gym and home rules read.)
_SHORT_CAPS = r"(?!(?:ID|MRI|CT|GP|ER|OT|PT|PR|US|UK|EU|IT|HR|ICU|ACT|SAT|GED|DMV|SSN|PIN|OK|TV|AM|PM|IUD|ADHD|OCD|PTSD|COVID|A1C)\b)"
_DESIGNATION = (
    r"(?P<v>"
    + _SHORT_CAPS
    + r"[A-Z]{2,5})(?:®)?(?= designation| certification| credential|\s*[,.;!?]|\s*$| (?:but|and|now|too|finally|at last|after)\b)"
)
# Her children named by their ages in the sentence after the word for them: "I need to explain to her and to my
# kids. Kofi is 17 and Ama is 14" (as "my kids, Kofi is 17 and Ama is 14" is read; `kin_stated`). Not a
# sentence between, nor ages said of no name ("my kids are 17 and 14").
_KIDS_ENDED = patterns.lazy(
    r"\b(?:[Mm]y|[Oo]ur) (?:two |three |four )?(?P<rel>kids|children|boys|girls|teens|teenagers|twins)\W*$"
)
_BY_AGE = patterns.lazy(
    r"(?:^|, |,? and )(?P<n>[" + _UP + r"][\w'-]+) is (?:almost |nearly |just )?\d{1,2}\b(?![\w:.,]\d)"
)


def _kids_by_age(seen: list[str], sentence: str) -> list[tuple[str, str]]:
    """The children a sentence names by their ages right after one that ends with the word for them (`_BY_AGE`)."""
    kids = _KIDS_ENDED.search(seen[-1]) if seen else None
    if kids is None or _BY_AGE.match(sentence) is None:
        return []
    rel = kids.group("rel").casefold()
    return [
        (rel, found.group("n"))
        for found in _BY_AGE.finditer(sentence)
        if _a_child_name(found.group("n"), sentence, found.start("n"))
    ]


# What she asks of it: "who is my phone with" (the carrier, not the phone), "who's my checking account with"
# (the bank), "am I full time or part time" (schedule:work), "did I get my CPCU" (a designation in capitals).
_ASKS_CAREGIVER = (
    (
        "phone provider",
        r"\bwho(?:'s| is) (?:my|our) (?:phone|mobile|cell|cellphone|cell phone)(?: plan| service| contract)? with\b|"
        r"\bwho (?:am i|are we) with for (?:my |our )?(?:phone|mobile|cell)\b",
    ),
    (
        "bank",
        r"\bwho(?:'s| is) (?:my|our) (?:bank account|(?:checking|savings|current) account|checking|savings) with\b",
    ),
    ("schedule:work", r"\b(?:am i|are we) (?:still |now )?(?:full|part)[- ]time\b|\bdo i work (?:full|part)[- ]time\b"),
    (
        "certification",
        r"\b(?:did|have|had) i (?:ever |finally |already )?(?:get|got|gotten|earn|earned|pass|passed|finish|finished) (?:my |the )?(?-i:[A-Z]{2,5})\b|"
        r"\bwhat (?:designations?|certifications?|credentials?) (?:do|have|did) i\b",
    ),
)
_CAREGIVER = (
    # someone she is seeing: "I have been seeing someone, Kwame" (or "— Callum"), "I'm seeing somebody" (relationship, as
    # "dating X"; not "I'm seeing Dr. Okafor tomorrow", "seeing a therapist", "my sister is seeing someone")
    _rule(
        "relationship",
        IDENTITY,
        _I + r"(?:'m| am|'ve been| have been) (?:now |officially |finally |actually )?seeing (?:someone|somebody)"
        r"(?:(?: new)?(?:,| —| –| -)? (?P<n>[" + _UP + r"][\w'-]+)(?=\s*[,.;!?]|$| (?:and|now|from|who|since)\b))?",
        "partner",
        gate="seeing some",
    ),
    # a gym by what she does there, as a habit: "I walk at the Reynoldsburg Y on saturdays", "I swim at the
    # YMCA" (not "I used to walk at the Y", a hedge; not "I walked at the park")
    _rule(
        "gym",
        FACT,
        _I + r" (?:usually |still |now |also )?(?:walk|swim|lift|work out|train|exercise|do (?:water aerobics|aerobics|"
        r"yoga|pilates|spin|zumba))(?: "
        + _WORKED_WHEN  # ("I lift at night at PureGym", "I swim mornings at the Y": the gym after when; trust50)
        + r")? (?:at|in) (?:the )?(?P<v>(?:[A-Z][\w'-]+ ){0,2}(?:"
        + _GYMS
        + r"))(?![\w'&-])",
        gate="walk at|walk in|swim at|swim in|lift at|lift in|work out at|work out in|train at|train in|exercise at|"
        "exercise in|aerobics at|aerobics in|yoga at|yoga in|pilates at|pilates in|spin at|spin in|zumba at|zumba in|"
        "nights at|evenings at|mornings at|weekends at|days at",
    ),
    _rule(
        "home",
        IDENTITY,
        _I
        + r"(?:'m| am) "
        + _NOW
        + r"(?:living )?in (?:a|an|my|our|the) (?:new |little |small |tiny |rented |own |cute |nice )*"
        + _SL_HOME_KINDS
        + r" (?:in|at) (?P<v>"
        + _NAME
        + r")"
        + _SL_STAY,
        gate="house in|house at|condo in|condo at|apartment in|apartment at|apt in|apt at|flat in|flat at|place in|"
        "place at|townhouse in|townhome in|duplex in|studio in|unit in|br in|bd in|bdrm in|bedroom in|bed in",
    ),
    _rule(
        "doctor",
        FACT,
        _I + r"(?:'m| am) (?:now |currently )?with (?P<v>" + _DR + r")(?=[^.;!?]{0,60}\bnow\b|,? now\b)"
        r"|" + _I + r"(?:'m| am) now with (?P<v2>" + _DR + r")",
        gate="dr|doc",
    ),
    _rule(
        "schedule:work",
        PREFERENCE,
        _I
        + r"(?:'m| am|'ve| have)? "
        + _NOW
        + r"(?:(?:gone|went|switched|moved|dropped|changed|cut back|stepped down) (?:back )?(?:down )?(?:to )?|"
        r"back (?:to |on )?|(?:work|working) )?(?P<v>(?:full|part)[- ]time)\b"
        r"(?! (?:student|job|jobs|gig|position|role|nanny|mom|mum|dad|parent|caregiver|carer|carers|caregivers|worker|employee)s?\b)",
        gate="full time|part time|full-time|part-time",
    ),
    _rule(
        "certification",
        FACT,
        _I + r"(?:'m| am) " + _NOW + r"(?:officially |finally |now )?(?:a |an )" + _DESIGNATION,
        gate="I'm a|I am a|officially a|finally a|now a",
    ),
    _rule(
        "certification",
        FACT,
        _I
        + r"(?: have|'ve)? (?:now |finally |just |officially )?(?:have|got|earned|passed|finished) (?:my|the) "
        + _DESIGNATION,
        gate="have my|have the|got my|got the|earned my|earned the|passed my|passed the|finished my|finished the",
    ),
)


# A business's 'we' beside its owner's life (session 39: bola)
# A salon owner's chats are mostly the salon's ("we moved the shop to Rye Lane", "the business account is with
# Tide now", "we changed supplier"): none of that is read, and what is hers is said beside it. Read here: a job
# she rents a chair for ("I rent a chair at Glamour Hair": role = chair renter, no employer of hers), working
# for herself ("I'm self employed, no employer": employer = self-employed, so a second job taken beside the
# business is a change of it), a manager named with where ("my line manager at the college is Diane Henry"), a
# home rented by its kind ("I'm renting a little house in Nunhead": home, and the kind of home), a doctor
# registered with ("registered with a new GP at Parchmore Medical Centre"), a church, gym or surgery said as
# "I'm with X now, the church near the house", and a gym by the class she goes to there ("my Zumba class at
# the Peckham Pulse"). Every gate is a word the sentence must hold.
_BO_CLASSES = (
    r"(?i:zumba|yoga|pilates|spin|spinning|boxing|kickboxing|aerobics|aqua aerobics|aqua|swimming|dance|barre|hiit|"
    r"bootcamp|boot camp|circuits|step|bodypump|body pump|salsa|fitness|keep fit|kettlebell)"
)
_BO_KINDS = r"(?P<kind>church|parish|gym|surgery|practice|GP|doctors?|dentists?|health centre|medical centre)"
# (the noun is what the name is, not "my church friend": it ends the words, or a place or a clause follows)
_BO_KIND_ENDS = (
    r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:near|by|on|in|at|round|around|down|up|over|where|that|which|and|close|just|now|"
    r"we|I|for|with|since|so|but)\b)"
)
# a word of a food (not a meal, a place or a word that goes on the clause)
_BO_FOOD = (
    r"(?!(?:breakfast|lunch|dinner|supper|brunch|out|at|in|on|with|for|my|the|a|an|something|anything|well|healthy|"
    r"less|more|too|late|early|like|and|or|so|but|because|when|meals?|food|here|there|this|that|it|them)\b)[a-z][\w-]*"
)
_BUSINESS_OWNER = (
    # "I rent a chair at Glamour Hair", "I'm renting a booth at Studio 5": a stylist's or a barber's own business
    _rule(
        "role",
        IDENTITY,
        _I + r"(?:'m| am)? (?:now |still |currently |just )?(?:rent|renting) (?:a )?(?P<v>chair|booth|station)"
        r"(?: space)? (?:at|in) (?:the )?[" + _UP + r"]",
        "bo_chair",
        gate=r"rent",
    ),
    # "I'm self employed, no employer, just the salon", "I'm self-employed now": who she works for is herself
    _rule(
        "employer",
        IDENTITY,
        _I + r"(?:'m| am) (?:now |still |currently |just |fully )?(?P<v>self[- ]?employed)\b"
        r"(?![\w-])",
        "bo_self",
        gate=r"self",
    ),
    # "my line manager at the college is Diane Henry", "my new boss at Tesco is Sam Ortiz": named with where
    _rule(
        "manager",
        IDENTITY,
        r"\b[Mm]y (?:new |current |line |direct )*(?:manager|boss|supervisor) (?:at|in) (?:the |work )?"
        r"[\w'&-]+(?: [\w'&-]+){0,3}? (?:is|'s) (?:now |actually )?(?P<v>" + _NAME + r")",
        gate=r"manager|boss|supervisor",
    ),
    # "I'm renting a little house in Nunhead with the kids now": her home, and its kind (read apart, below)
    _rule(
        "home",
        IDENTITY,
        _I + r"(?:'m| am) " + _NOW + r"renting (?:a |an )(?:(?:little|small|tiny|nice|lovely|big|bigger|new|two-bed|"
        r"three-bed|2 bed|3 bed) )*(?:house|flat|apartment|maisonette|cottage|bungalow|place|studio) in (?P<v>"
        + _NAME
        + r")"
        + _A_STAY,
        gate=r"renting",
    ),
    _rule(
        "dwelling",
        IDENTITY,
        _I + r"(?:'m| am) " + _NOW + r"renting (?:a |an )(?:(?:little|small|tiny|nice|lovely|big|bigger|new|two-bed|"
        r"three-bed|2 bed|3 bed) )*(?P<v>house|flat|apartment|maisonette|cottage|bungalow) in [" + _UP + r"]" + _A_STAY,
        gate=r"renting",
    ),
    # "registered with a new GP at Parchmore Medical Centre", "I've registered with the dentist at Smile Co"
    _rule(
        "doctor",
        FACT,
        r"(?:^|(?<=[.!?;] )|" + _I + r"(?: have|'ve)? |\b[Ww]e(?: have|'ve|'re| are)? )(?:just |finally |now |all )?"
        r"(?:registered|signed up|signed on) with (?:a |the |my )?(?:new |local )?(?P<kind>GP|doctor|dentist)"
        r"(?: surgery| practice)? at (?:the )?(?P<v>" + _NAME + r")",
        "bo_with",
        gate=r"registered|signed",
    ),
    # "I'm with Victory House Thornton Heath now, the church near the house": what she is with, by the noun after
    _rule(
        "church",
        FACT,
        _I + r"(?:'m| am) (?:now )?with (?:the )?(?P<v>" + _NAME + r")(?: now)?,? (?:it's |its )?(?:the|a|my|our) "
        r"(?:new |local |little |big )?(?:[a-z]+ )?" + _BO_KINDS + _BO_KIND_ENDS,
        "bo_with",
        gate=r"with",
    ),
    # "I eat swallow nearly every day", "I eat rice nearly every day of my life": a staple eaten daily is the diet
    # (a low-carb one after it is a change; not a meal, "I eat lunch at my desk every day", nor "I used to")
    _rule(
        "diet",
        IDENTITY,
        _I + r" (?:still |basically |honestly )?eat (?P<v>" + _BO_FOOD + r"(?: " + _BO_FOOD + r"){0,2}?)"
        r"(?: (?:nearly|almost|pretty much|literally|basically))? every (?:single )?day\b",
        "bo_food",
        gate=r"every day|every single day",
    ),
    # "I have my NVQ level 3 since 2011", "I've got my BTEC level 2": a qualification by its level (in capitals)
    _rule(
        "certification",
        FACT,
        _I + r"(?: have|'ve)? (?:now |finally |just |also )?(?:have|got|passed|earned|done) (?:my|the|an?) "
        r"(?P<v>" + _SHORT_CAPS + r"[A-Z]{2,5}(?: [A-Z][\w&]*){0,2} (?:level|Level|lvl) \d)\b",
        gate=r"level|lvl",
    ),
    # "my Zumba class at the Peckham Pulse": where she exercises, by the class she goes to there
    _rule(
        "gym",
        FACT,
        r"\b[Mm]y (?:(?:weekly|usual|regular|morning|evening|saturday|sunday|monday|tuesday|wednesday|thursday|"
        r"friday|Saturday|Sunday|Monday|Tuesday|Wednesday|Thursday|Friday) )?"
        + _BO_CLASSES
        + r" (?:class|classes|session|sessions) "
        r"(?:at|in) (?:the )?(?P<v>" + _NAME + r")",
        gate=r"class|session",
    ),
)


def _not_a_home_but_a_supplier(out: dict[str, Said], named: list[Said]) -> None:
    """ "I've moved to Lebara", "we moved to Monzo": a carrier, a bank or an energy supplier of the lists moved to
    is no home (a place of the lists keeps it: "I moved to Santander")."""
    _s46u_not_a_place(out)
    home = out.get("home")
    if home is None or not named:
        return
    if vocab.place(home.shown) is None and any(
        said.attribute in _SUPPLIED_BY and said.value == home.value for said in named
    ):
        del out["home"]


# The lists' companies (memory/vocab.py FILES): a person buys from them, or works at them. Named without a rule, one
# that the text reads as the employer is where the person works, not whom they buy from.
_COMPANIES = frozenset(["bank", "pharmacy", "phone provider", "internet", "energy", "car", "phone"])


def _not_a_customer_but_work(out: dict[str, Said], named: list[Said]) -> list[Said]:
    """(session 45) `named` without a bank of the lists that the text reads as a job begun or left ("I resigned from
    Wealthsimple", "I got laid off from Revolut", "I joined Monzo as a designer"): where the person works or worked,
    not their bank (a rule's bank stays: "I bank with Monzo"). (session 52) Nor any company of the lists
    (`_COMPANIES`): "I started at Walgreens in March" read the pharmacy beside the employer, "I left Toyota in June"
    a car. (session 53) Nor one the text reads as the gym: "I joined Equinox" read a Chevrolet beside it."""
    held = [said.value for said in (out.get("employer"), out.get("gym")) if said is not None]
    if not held:
        return named
    return [
        s
        for s in named
        if s.attribute not in _COMPANIES or not any(s.value == v or v.endswith(" " + s.value) for v in held)
    ]


_BO_GROUPS = frozenset(["bo_chair", "bo_self", "bo_with", "bo_food"])
_BO_ATTRIBUTE = {"church": "church", "parish": "church", "gym": "gym", "dentist": "dentist", "dentists": "dentist"}


def _said_business_owner(
    attribute: str, value_group: str, memory_type: str, groups: dict[str, str | None]
) -> Said | None:
    """A value of the rules of `_BUSINESS_OWNER` (the kind a "with" names its attribute: a church, a gym, a doctor)."""
    shown = _untrailed(groups.get("v") or "").strip(" .,'")
    if value_group == "bo_chair":
        return Said("role", "chair renter", f"renting a {shown.casefold()}", memory_type)
    if value_group == "bo_self":
        return Said(attribute, "self-employed", shown, memory_type)
    if value_group == "bo_food":
        return Said(attribute, f"{_norm(shown)} every day", f"{shown} every day", memory_type)
    kind = (groups.get("kind") or "").casefold()
    return Said(_BO_ATTRIBUTE.get(kind, "doctor"), _norm(shown), shown, memory_type) if shown else None


# -- Dictated run-ons (session 39: ray) --------------------------------------------------------------
# A person who dictates every message (a trucker at the wheel): long run-ons with no punctuation, "I been" for
# "I've been", "me and Denise" for "Denise and I", "I got me a" for "I got a", "ain't got no" for "don't have a",
# and an owner-operator's words for who they haul for ("I'm leased on with Landstar", "I got my own authority now
# Dubois Trucking LLC"). Each rule reads what the person says of themselves now, opens at a word of its own (a
# gate, so a 400-character run-on without it costs one search), and its value stops at the next clause's words:
# a run-on has no comma to stop at ("a little house in Lake Charles Friday three bedroom": Lake Charles).
_RUN_DAY = r"(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|" + "|".join(m.capitalize() for m in _MONTHS) + r")\b"
_RUN_PLACE = rf"(?!{_RUN_DAY})[{_UP}][\w'.-]*(?: (?!{_RUN_DAY})[{_UP}][\w'.-]*){{0,2}}|" + _LOW_RUN
_RUN_FIRM = rf"[{_UP}][\w'&.-]*(?: (?!{_RUN_DAY})[{_UP}][\w'&.-]*){{0,3}}"
_RUN_ONS = (
    # "so I moved in with Denise in Beaumont last weekend", "I moved in with my sister in Tulsa": the place is the
    # home (who with is read apart: "living with")
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: have|'ve)? "
        + _NOW
        + r"moved in with (?:my |our )?(?:[\w'-]+ ){1,2}?in (?P<v>"
        + _RUN_PLACE
        + ")",
        "roplace",
        gate=r"moved in with",
    ),
    # "so we closed on a little house in Lake Charles Friday" (`_CLOSED_ON` reads "I closed on ..." and a diary's
    # line with no subject; not a house closed on for clients)
    _rule(
        "home",
        IDENTITY,
        r"\b[Ww]e(?: have|'ve)? "
        + _NOW
        + r"closed on (?:a|an|the|our) (?:(?:small|little|tiny|new|first|old|big|cute) )*(?:house|home|condo|"
        r"townhouse|townhome|place|cabin|cottage|bungalow) in (?P<v>" + _RUN_PLACE + ")" + _NOT_FOR_CLIENTS,
        "roplace",
        gate=r"closed on",
    ),
    # a doctor named with the town they are in: "my new doctor here in Beaumont is Dr. Nguyen"
    _rule(
        "doctor",
        FACT,
        r"\b[Mm]y (?:new |regular |family )?(?i:doctor|doc|gp|pcp) (?:here |over |down |up |out )(?:in|at) "
        r"[^,.;!?]{1,40}? is (?:now )?(?P<v>" + _DR + ")",
        gate=r"here in|over in|down in|up in|out in|here at|over at",
    ),
    # a driver's carrier: "I been a company driver for Werner going on six years", "I'm a OTR driver with Schneider"
    # ("I drive for X" is read by the rule of trades; a driver is no role of `_ROLE`: "I'm a nervous driver")
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:'m| am| have been|'ve been| been) "
        + _NOW
        + r"(?:an? )(?:(?:company|otr|OTR|over the road|local|regional|long haul|team|solo|truck) )*(?:driver|trucker) "
        r"(?:for|with) (?P<v>" + _RUN_FIRM + ")",
        gate=r"driver for|driver with|trucker for|trucker with",
    ),
    # an owner-operator leased to a carrier: "I'm leased on with Landstar now" (not "he just leased on with Prime":
    # someone else; "I'm a owner operator leased to Landstar", said to a tax helper, restates it: the role is read)
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:'m| am| been|'ve been| have been)? "
        + _NOW
        + r"(?:leased|signed) (?:on )?(?:with|to|onto) (?P<v>"
        + _RUN_FIRM
        + ")",
        gate=r"leased|signed on",
    ),
    # running under the person's own authority, named: "I got my own authority now Dubois Trucking LLC" (not
    # "thinking about getting my own authority", "my authority goes active next month": not yet)
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"(?:got|have|run under|running under) my own (?:authority|MC)(?: now)?,? (?:it's |called |named )?(?P<v>"
        + _RUN_FIRM
        + r" (?:LLC|Inc|Trucking|Transport|Logistics|Freight|Express|Hauling)\b\.?)",
        gate=r"own authority|own MC",
    ),
    # "me and Denise got married saturday", "me and my girlfriend got engaged" (`_I`'s "we got married" in the
    # words a dictating person uses)
    _rule(
        "relationship",
        IDENTITY,
        r"(?<![\w'])[Mm]e and (?:my (?:girlfriend|boyfriend|girl|lady|partner|fianc[eé]e?) |[\w'-]+ )"
        r"(?:(?:just|finally|officially|recently) )?got (?P<v>married|engaged)(?![\w-])",
        gate=r"got married|got engaged",
    ),
    # the one married or engaged to, named as they say it: "me and Denise got married", "Denise said yes so I guess
    # she's my fiancée now" (the same partner as "my girlfriend Denise": no change of partner, `wedded`)
    _rule(
        "partner",
        IDENTITY,
        rf"(?<![\w'])[Mm]e and (?P<v>[{_UP}][\w'-]+) (?:(?:just|finally|officially|recently) )?got (?:married|engaged)(?![\w-])",
        gate=r"got married|got engaged",
    ),
    _rule(
        "partner",
        IDENTITY,
        rf"(?<![\w'])(?P<v>[{_UP}][\w'-]+) said yes\b[^.;!?]{{0,30}}?\b(?:she|he)(?:'s| is) (?:officially )?my fianc[eé]e?\b",
        gate=r"said yes",
    ),
    # "so I guess she's my fiancée now": engaged, said of the one the person is with
    _rule(
        "relationship",
        IDENTITY,
        r"(?<![\w'])(?:she|he)(?:'s| is) (?:officially )?my (?P<v>fianc[eé]e?) now\b",
        "roengaged",
        gate=r"fianc",
    ),
    # "I ain't got no dog right now": none; "I got me a rat terrier from the shelter": some
    _rule(
        "pets",
        FACT,
        _I + r" (?:ain't|aint|don't|dont) (?:got|have) no (?:dog|cat|pets?|animals)\b(?! (?:here|with me|yet,? but))",
        "slnopets",
        gate=r"got no|have no",
    ),
    _rule(
        "pets",
        FACT,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"got me (?:a|an) (?:(?:new|little|baby|rescue|stray|young) )*(?:[a-z][\w-]* )?(?P<v>"
        + _BREED.replace("P<breed>", "P<fbreed>")
        + "|"
        + _FORMAL_PET
        + r")(?=\s*(?:[!.,;:)]|$|and\b|from\b|named\b|called\b|his\b|her\b|he\b|she\b))",
        "fpets",
        gate=r"got me",
    ),
)
_RUN_ON_GROUPS = frozenset(["roplace", "roengaged"])


def _said_run_on(attribute: str, value_group: str, memory_type: str, groups: dict[str, str | None]) -> Said | None:
    """A value of the rules of `_RUN_ONS`: a home only where the lists know the place (`roplace`: "a condo in
    Northeast" is a part of a city no list holds), engaged (`roengaged`)."""
    if value_group == "roengaged":
        return Said(attribute, "engaged", "engaged", memory_type)
    return _a_place(attribute, memory_type, _untrailed(groups.get("v") or "").strip(" .,'"), known=True)


# Letters from a retired widower (session 40: harold) ----------------------------------------------------------
# A man who writes to the assistant as he would write a letter ("Dear ChatGPT," ... "Kind regards, Harold")
# says his changes in a formal register the rules of `_FORMAL` did not hold: "I am now settled in a
# two-bedroom bungalow in Church Stretton", "I live in the family house on Kingsland Road in Shrewsbury" (a
# home by its kind, then its place), "I have been voted in as treasurer of the bowls club", "I am now
# registered with a dentist here, Mrs Okafor", "Dr Khan at Marysville Medical Practice has asked me to ..."
# (the GP who asks the person: theirs), "I have been on my own since Margaret died" (widowed), "Bowls has
# been my great consolation", "the U3A local history group has become my main interest" (a pastime:
# hobby), "I have started going to St Laurence's here, and the vicar has asked ... next Sunday" (the plan
# is the vicar's, in a clause after it). Each needs "I" (or the pastime "my") as its subject: "Sarah has
# been voted in as chair", "her garden has become her main interest", "Ronald's new GP at Oakfield is a Dr
# Mensah" say nothing of him. Read in `read` too: a participle clause whose subject is the main clause's
# "I" ("Having switched the gas and electricity to Octopus Energy at the start of the month, I am now
# offered a smart meter": `_having_done`), and the fact a request is put on ("Could you give me a
# timetable, bearing in mind that I sing in the choir at St Chad's?": `_granted`).
_LT_HOBBY_NOUN = r"(?:interest|hobby|pastime|passion|consolation|great love|love|occupation|obsession)"
_LT_AFTER_NAME = r"(?=\s*(?:[,.;:!?)]|$)| (?:at|in|on|and|since|who|whom|for|here|there|now)\b)"
_LETTER_RULES = (
    # "I am now settled in a two-bedroom bungalow in Church Stretton", "I live in the family house on
    # Kingsland Road in Shrewsbury", "we are settled into a cottage outside Ludlow"
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?:'m| am|'re| are| have|'ve)? (?:now |still |happily |at last |finally |comfortably |nicely )*"
        r"(?:live|living|settled|installed|ensconced) (?:in|into) (?:a|an|my|our|the) (?:[\w-]+ ){0,3}?"
        + _FORMAL_HOME_IN,
        "ltplace",
        gate=r"\blive|\bliving|settled|installed|ensconced",
    ),
    # "I have been voted in as treasurer of the Church Stretton bowls club", "I have been asked to serve as
    # secretary of the parish council"
    _rule(
        "role",
        IDENTITY,
        _I + r"(?: have|'ve) been (?:now |recently |formally |duly |just |unanimously )?(?:voted in|voted on|voted|"
        r"elected|appointed|co-opted|made|asked to serve|invited to serve|asked to stand) as (?:(?:the|a|an|its|their|"
        r"our|club|honorary|hon\.) )?" + _FORMAL_ROLE,
        gate=r"\bvoted|\belected|\bappointed|\bco-opted|\bmade|to serve|to stand",
    ),
    # "I have been retired since 2013, after thirty-one years with Hallam Pryce & Partners in Birmingham": the
    # firm a career was spent with (a firm by the word that ends its name: not "after ten years with Margaret")
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?: have|'ve) been (?:happily |fully |officially )?retired (?:since|for) [^,.;!?]{1,30}, after (?:[\w-]+ ){1,2}"
        r"years? (?:with|at) (?P<v>(?:[A-Z][\w'&-]*,? (?:& |and )?){0,4}(?:Partners|Associates|Ltd|Limited|plc|PLC|LLP|"
        r"Group|Company|Co\.|Consulting|Engineers|Brothers|Sons|& Co))(?![\w'-])",
        gate=r"retire",
    ),
    # "I am now registered with a dentist here, Mrs Okafor at the Stretton Dental Practice", "I have
    # signed on with a GP in Ludlow, Dr Hale": the one registered with, by the kind said before the name
    _rule(
        "fact",
        FACT,
        _I + r"(?:'m| am| have|'ve) (?:now |just |finally |since |also )*(?:registered|signed on|signed up) with "
        r"(?:a|an|the|my) (?:new )?(?P<thing>(?i:dentist|doctor|gp|optician|vet|physio|chiropodist))"
        r"(?: (?:here|there|locally|nearby|in (?:the )?"
        + _NAME
        + r"))?,? (?P<v>(?:Mr|Mrs|Ms|Miss|Dr)\.? "
        + _NAME
        + ")",
        gate=r"registered|signed (?:on|up)",
    ),
    # "I am now registered with Dr Ellison" (`_FORMAL` reads "I have registered with Dr X")
    _rule(
        "doctor",
        FACT,
        _I + r"(?:'m| am) (?:now |just |finally |also )*(?:registered|signed on|signed up) with (?P<v>" + _DR + ")",
        gate=r"registered|signed (?:on|up)",
    ),
    # "Dr Khan at Marysville Medical Practice has asked me to keep a record": a GP of a practice who asks,
    # tells or sends the person (as a sentence opens: not "Ronald's GP, Dr Mensah at ..., has asked me")
    _rule(
        "doctor",
        FACT,
        r"^(?P<v>"
        + _DR
        + r") (?:at|of|from) (?:the )?[A-Z][\w'&-]*(?: [A-Z][\w'&-]*){0,3} (?i:medical practice|medical centre|"
        r"medical center|surgery|health centre|health center|practice|clinic) (?:has |had )?(?:now |just )?(?:asked|told|"
        r"advised|referred|sent|put|prescribed|suggested|recommended|warned|encouraged|booked|wants) me\b",
        gate=r"\bme\b",
    ),
    # "I have been on my own since Margaret died", "I have been alone since my wife passed away": widowed
    _rule(
        "relationship",
        IDENTITY,
        _I
        + r"(?: have|'ve) been (?:on my own|alone|by myself|a widower|a widow|widowed) (?:ever )?since (?:my (?:late )?"
        r"(?:wife|husband|partner) |(?:[A-Z][\w'-]+ ){1,2})(?:[A-Z][\w'-]+ )?(?:died|passed away|passed on|passed|was taken)\b",
        "ltwidowed",
        gate=r"since",
    ),
    # "Bowls has been my great consolation since ...", "the U3A local history group has become my main
    # interest": a pastime, said as the first words of a clause (not "her garden has become her main interest")
    _rule(
        "hobby",
        PREFERENCE,
        r"(?:^|(?<=[,;:] )|(?<=[,;:] and )|(?<=[,;:] but ))(?P<v>(?:(?:the|my|our) )?(?!(?:she|he|they|it|this|that|"
        r"there|what|which|who|[Mm]y (?:wife|husband|daughter|son|sister|brother|mother|father|friend)|[Hh]er|[Hh]is|[Tt]heir)\b)"
        r"[\w'&-]+(?: [\w'&-]+){0,4}?) (?:has (?:long |always |now )?(?:been|become)|is (?:now |still )?|remains) my "
        r"(?:(?:great|greatest|main|chief|principal|one|real|abiding|favourite|favorite|new|biggest) )*"
        + _LT_HOBBY_NOUN
        + r"\b",
        "lthobby",
        gate=r"\bmy (?:[a-z]+ )*(?:interest|hobby|pastime|passion|consolation|love|occupation|obsession)",
    ),
    # "I have started going to St Laurence's here in Church Stretton, and the vicar has asked ... next Sunday":
    # the church gone to now, a plan or a visit looked for in its own clause only (`_NOT_MY_CHURCH` looks to
    # the sentence's end)
    _rule(
        "church",
        FACT,
        _I
        + r"(?: have|'ve) (?:now |recently |since |also )*(?:started|begun|taken to) (?:going|worshipping) (?:to|at) "
        r"(?![^.;!?,]*\b(?i:wedding|funeral|baptism|christening|visit|next|plan|hope)\b)" + _CHURCH_NAME,
        "church",
        gate=r"started|begun|taken to",
    ),
)
_LETTER_GROUPS = frozenset(["ltplace", "ltwidowed", "lthobby"])


def _said_letters(attribute: str, value_group: str, memory_type: str, groups: dict[str, str | None]) -> Said | None:
    """A value of the rules of `_LETTER_RULES`: a home's place (`ltplace`), widowed (`ltwidowed`), a pastime as
    written, without the article before it (`lthobby`)."""
    if value_group == "ltwidowed":
        return Said(attribute, "widowed", "widowed", memory_type)
    shown = _untrailed(groups.get("v") or "").strip(" .,'")
    if value_group == "ltplace":
        return _a_place(attribute, memory_type, shown)
    shown = re.sub(r"^(?i:the|my|our) ", "", shown)
    return Said(attribute, _norm(shown), shown, memory_type) if shown else None


# "Having switched the gas and electricity to Octopus Energy at the start of the month, I am now offered a
# smart meter": the clause done by the main clause's "I" (or "we"), read as "I have switched ..., and I am
# now offered ..." (not "Having switched her bank to First Direct, Sarah ...": hers)
# (a thing decided, planned or tried is no thing done: "Having decided to switch to EDF, I ...")
_HAVING = patterns.lazy(
    r"^Having (?P<done>(?:now |just |recently |finally |at last )?(?!(?:decided|planned|thought|considered|arranged|"
    r"agreed|promised|hoped|intended|resolved|wanted|tried|offered|asked|meant|failed|refused|looked|weighed|"
    r"discussed|talked|read|heard|received|paid)\b)[a-z]+ed\b[^,;:]{1,160}), (?P<who>I|we)\b"
)


def _having_done(sentence: str) -> str:
    """A sentence opened by "Having <done> ..., I" as the person says it of themself (`_HAVING`)."""
    found = _HAVING.match(sentence)
    if found is None:
        return sentence
    who = "I" if found.group("who") == "I" else "We"
    return f"{who} have {found.group('done')}, and {sentence[found.start('who') :]}"


# "Could you give me a timetable, bearing in mind that I sing in the choir at St Chad's and shall not be home
# until a quarter past twelve?": a letter's request put on a fact of the person's, which is said, not asked
_GRANTED = patterns.lazy(
    r",? (?:bearing in mind|given|remembering|knowing|seeing|considering) that (?P<said>(?:I|we)\b[^?]*?)\??$"
)


def _granted(sentence: str) -> str | None:
    """The fact a question rests on ("..., bearing in mind that I sing in the choir at St Chad's?"), or None."""
    found = _GRANTED.search(sentence) if " that " in sentence else None
    return found.group("said") if found is not None else None


def _letter_said(sentence: str) -> str:
    """A sentence of a letter as the rules read it: "Having <done> ..., I" as "I have <done> ..., and I"
    (`_having_done`), a question as the fact it rests on (`_granted`), any other as written."""
    if sentence.startswith("Having "):
        return _having_done(sentence)
    if " that " in sentence and sentence.endswith("?") and asks(sentence):
        return _granted(sentence) or sentence
    return sentence


# -- (session 41: weak41) a trucker's run-ons (ray): the trailer pulled, who dispatches, the diet, the CDL's
# endorsements, the truck, no partner since a divorce -----------------------------------------------------
# "I been pulling flatbed about a month now", "so I'm pulling reefer now instead of flatbed", "pulling a fifty
# three foot dry van" (the trailer; not "I never pulled flatbed", "gonna pull there flatbeds": a plan or a past);
# "ain't nobody dispatching me", "I hired a dispatcher named Marcus", "Angie my driver manager" (who dispatches);
# "I eat whatever the truck stop got" (no diet: a diet after it is a change); "my CDL just got the doubles and
# triples endorsement on it", "I got the H on my CDL now" (its endorsements); "the truck is a company truck a
# twenty twenty one Freightliner Cascadia" (the truck driven); "I ain't been with nobody since the divorce".
_TRAILERS = r"dry van|reefer|flatbed|tanker|step ?deck|lowboy|car hauler|hopper|conestoga|curtain ?side|dump trailer"
_TRUCK_MAKERS = r"Freightliner|Peterbilt|Kenworth|Volvo|Mack|International|Western Star"
_S41_RULES = (
    _rule(
        "trailer",
        FACT,
        r"(?:^|(?<=[\s,;(]))(?:(?:so |and )?(?:I|i)(?:'m| am| been|'ve been| have been) (?:now |still |just )?)?pulling "
        r"(?:an? |the )?(?:(?:[a-z]+ ){0,3}foot )?(?P<v>" + _TRAILERS + r")s?\b(?! (?:load|loads|trailer for|job)\b)",
        gate="pulling",
    ),
    _rule(
        "dispatcher",
        FACT,
        r"\b(?:ain't|aint|there's|theres|there is) (?P<v>nobody|no one|no-one) dispatching me\b|"
        r"\b(?:I|i) (?:just |finally )?hired (?:a |me a )?dispatcher (?:named|called) (?P<v2>[" + _UP + r"][\w'-]+)|"
        r"\b(?P<v3>[" + _UP + r"][\w'-]+),? my (?:driver manager|dispatcher)\b",
        "s41disp",
        gate="dispatch|driver manager",
    ),
    _rule(
        "diet",
        IDENTITY,
        _I + r" (?:just |pretty much |basically )?eat (?P<v>whatever|anything)(?= (?:the|they|is|comes|at|from|on)\b)",
        gate="eat whatever|eat anything",
    ),
    _rule(
        "cdl endorsements",
        FACT,
        r"\b[Mm]y CDL (?:just |finally |now )?(?:got|has) (?:the )?(?P<v>[\w ]{2,40}?) endorsements? on it\b|"
        r"\b(?:I|i) (?:just |finally )?got (?:the |my )?(?P<v2>[HNTPSX]) (?:endorsement )?on my CDL\b",
        "s41cdl",
        gate="CDL",
    ),
    _rule(
        "car",
        FACT,
        r"\b(?:[Tt]he|[Mm]y) truck is (?:an? )?(?:company truck,? )?(?:an? )?(?:(?:[a-z]+|\d{4}) ){0,4}?"
        r"(?P<v>(?:" + _TRUCK_MAKERS + r")(?: [A-Z0-9][\w-]*)?)\b",
        gate="truck is",
    ),
    _rule(
        "partner",
        IDENTITY,
        _I + r" (?:ain't|aint|haven't|have not|'ve not) been with (?P<v>nobody|no one|anybody|anyone) since\b",
        "s41none",
        gate="been with",
    ),
)
_S41_GROUPS = {"s41disp": ("v", "v2", "v3"), "s41cdl": ("v", "v2"), "s41none": ("v",)}
_CDL_LETTERS = {
    "h": "hazmat",
    "n": "tanker",
    "t": "doubles and triples",
    "p": "passenger",
    "s": "school bus",
    "x": "hazmat and tanker",
}


def _said_s41(attribute: str, value_group: str, memory_type: str, groups: dict[str, str | None]) -> Said | None:
    """A value of `_S41_RULES` from whichever of its groups matched; a CDL's letter by its endorsement's name,
    no partner as "none"."""
    shown = next((groups[g] for g in _S41_GROUPS[value_group] if groups.get(g)), None)
    if shown is None:
        return None
    if value_group == "s41none":
        return Said(attribute, "none", "no one", memory_type)
    value = _CDL_LETTERS.get(shown.casefold(), shown.casefold()) if value_group == "s41cdl" else _norm(shown)
    return Said(attribute, value, shown, memory_type)


# A touring songwriter's chats (session 41: dani) -------------------------------------------------------------
# A musician who types fast and lowercase, late at night, says the changes of a life in music in its own words:
# the band played in ("i play lead guitar in the low tide"), going solo ("officially solo now"), a new band
# ("i'm the new singer in velvet static"), a day job ("i've been bartending at the blue heron", "new day job:
# teaching guitar at eastside strings") and leaving it ("full-time music now"), a label signed with ("i signed
# with ruby hollow records") and the deal undone ("the ruby hollow deal fell through, still independent"), a
# booking agent ("i don't have a booking agent", "i have a booking agent!! kelsey at wildhorse touring", "signed
# with theo at northbound artists"), a breakup ("marco and i split") and the next partner by a name the rules of
# `_SECOND_LANGUAGE` take for a verb ("my girlfriend jess is ..."), a health plan ("i'm on a marketplace plan",
# "finally on the union health plan"), the name released under ("i perform as dani reyes", "i'm releasing as
# DANI RAE now"), the doctor seen ("saw my doctor today, dr. alvarez at ...") and homes said as a texter says
# them ("our duplex in east austin", "living in a room in a shared house in east nashville now", "new apartment
# off south congress": a part of a city of memory/data/within.txt, so "back in austin" after it is no move).
# Each is the person's own: "I" (or "my", "our", "we"), or a clause opening with no subject; a lyric pasted
# (lines cut by " / "), someone else's band, breakup, plan or name, a plan and a question say nothing.
_SG_CLAUSE = r"(?:^|(?<=[,;:!.] )|(?<=[,;:!.] and )|(?<=[,;:!.] so )|(?<=[,;:!.] but ))"
_SG_KIND = r"(?:duplex|apartment|apt|flat|condo|townhouse|townhome|rental|studio|bungalow|loft|place|house|home|room)"
_SG_INSTRUMENT = (
    r"(?:(?:lead|rhythm|slide|acoustic|electric|upright|pedal) )?(?:guitar|bass|drums|keys|keyboards?|piano|synths?|"
    r"sax|saxophone|trumpet|trombone|fiddle|violin|viola|cello|banjo|mandolin|steel|harmonica|percussion|vocals)"
)
_SG_MEMBER = (
    r"(?:(?:lead|backing|new|main|touring) )*(?:singer|vocalist|guitarist|bassist|drummer|keyboardist|keys player|"
    r"fiddler|violinist|cellist|frontman|frontwoman|frontperson|banjo player|bass player|guitar player|pianist)"
)
_SG_BAND = r"(?:the )?(?P<v>" + _NAME + "|" + _LOW_NAME + ")"
_SG_LOW_PLACE = r"(?P<v>" + _NAME + "|" + _LOW_RUN + ")"
# (a breakup ends its clause, or a time follows it: not "we split the bill", "jess and i split a pizza")
_SG_SPLIT_END = (
    r"(?=\s*(?:[,.;:!?)]|$| (?:tonight|today|yesterday|last|this|after|on|in|for good|officially|and|but|so|lol)\b))"
)
_SG_NOT_A_STAY = r"(?![^.;!?]*\b(?:for (?:a|the|\d+|two|three|few) (?:days?|nights?|weeks?|weekend|month)|airbnb|hotel|motel|vacation|holiday|trip)\b)"
_SONGWRITER_RULES = (
    # "landlord wants to raise rent on our duplex in east austin", "our apartment in denver": where the household
    # lives, as "our house in X" is (not "my flat in Leith" said in passing: tests/test_recall_roles.py)
    _rule(
        "home",
        IDENTITY,
        r"(?<![\w'])[Oo]ur (?:new )?(?:duplex|apartment|apt|flat|condo|townhouse|townhome|loft|bungalow) "
        r"in " + _SG_NOT_A_STAY + _SG_LOW_PLACE,
        "sgplace",
        gate=r"\bour (?:new )?(?:duplex|apartment|apt|flat|condo|townhouse|townhome|loft|bungalow) in ",
    ),
    # "made it!! living in a room in a shared house in east nashville now": a home by its kind, then where
    # (without "I", only as a clause that says "now" after the place)
    _rule(
        "home",
        IDENTITY,
        r"(?:(?P<who>(?<![\w'])(?:[Ii](?:'m| am|m)|[Ww]e(?:'re| are))) (?:now |currently |finally )?|"
        + _SG_CLAUSE
        + r"(?:now |currently |finally )?)living in (?:a|an|my|our|the) (?:[\w-]+ ){0,2}?"
        + _SG_KIND
        + r"(?: in (?:a|an) (?:[\w-]+ ){0,2}?"
        + _SG_KIND
        + r")? (?:in|off|on|near) "
        + _SG_NOT_A_STAY
        + _SG_LOW_PLACE
        + r"(?![\w'-])",
        "sgplace",
        gate=r"\bliving in ",
    ),
    # "we're in!! new apartment off south congress, 2br": the new home, opening a clause (not "jess's new
    # apartment", "new apartment off south congress would be 2k")
    _rule(
        "home",
        IDENTITY,
        _SG_CLAUSE
        + r"(?:(?:our|my) )?new (?:duplex|apartment|apt|flat|condo|townhouse|townhome|place|house|home|rental|loft) "
        r"(?:is )?(?:in|off|on|near) (?![^.;!?]*\b(?:would|could|might|costs?|listed|for rent|for sale|looks|looking|if|maybe)\b)"
        + _SG_NOT_A_STAY
        + _SG_LOW_PLACE,
        "sgplace",
        gate=r"\bnew (?:duplex|apartment|apt|flat|condo|townhouse|townhome|place|house|home|rental|loft) ",
    ),
    # "i play lead guitar in the low tide", "i sing in velvet static", "i play bass for Gutter Saints" (an
    # instrument said: not "i play in goal", "i play tennis in the park")
    _rule(
        "band",
        IDENTITY,
        _I
        + r"(?:'m| am)? (?:now |currently |still |also )?(?:(?:play|playing) (?:"
        + _SG_INSTRUMENT
        + r"|lead|rhythm) |(?:sing|singing|drum|drumming) (?:(?:lead|backup|harmony|backing vocals) )?)(?:in "
        + _SG_BAND
        + r"|for (?:the )?(?P<v2>"
        + _NAME
        + r"))(?![\w'&-])",
        "sgband",
        gate=r"\bi(?:'m| am)? (?:now |currently |still |also )?(?:play|sing|drum)",
    ),
    # "i'm the new singer in velvet static!!", "i'm now the bassist for The Hollows", "i joined a band called x"
    _rule(
        "band",
        IDENTITY,
        _I + r"(?:(?:'m| am|m) (?:now |officially |finally |also )?(?:the|a) " + _SG_MEMBER + r" (?:in|of|for)|"
        r"(?: have|'ve)? (?:just |finally |officially )?joined (?:a|an) (?:[\w-]+ ){0,2}?band (?:called|named)) "
        + _SG_BAND
        + r"(?![\w'&-])",
        "sgband",
        gate=r"\b(?:singer|vocalist|guitarist|bassist|drummer|keyboardist|keys player|fiddler|violinist|cellist|frontman|frontwoman|"
        r"frontperson|banjo player|bass player|guitar player|pianist)\b|band (?:called|named)",
    ),
    # "officially solo now", "i'm solo now", "i went solo": no band
    _rule(
        "band",
        IDENTITY,
        r"(?:"
        + _SG_CLAUSE
        + r"(?:(?:[Ii]'m|[Ii] am|[Ii]m) (?:now |officially |finally |fully )*|(?:now |officially |finally |fully )+)"
        r"solo(?: now| for good| for real)?(?=\s*(?:[,.;:!?)]|$| (?:and|but|so|kinda|lol|tho)\b))|"
        + _I
        + r"(?: have|'ve)? (?:just |finally |officially )?(?:went|gone) solo\b)",
        "sgsolo",
        gate=r"\bsolo\b",
    ),
    # "i've been bartending at the blue heron on e 6th for 2 yrs", "i'm teaching guitar at eastside strings now"
    _rule(
        "day job",
        IDENTITY,
        _I + r"(?:(?: have|'ve) been|'m| am|m) (?:now |still |also )?(?:bartending|tending bar|waiting tables|serving|"
        r"barbacking|bussing|teaching (?!(?:a|an|the|one|my|some) )(?:[\w-]+ ){0,2}?|working (?:the bar|the door|the counter|retail|the desk) ) ?at "
        + _SG_BAND
        + r"(?![\w'&-])",
        "sgjob",
        gate=r"(?:bartending|tending bar|waiting tables|serving|barbacking|bussing|working the bar|working the door|working the counter|"
        r"working retail|working the desk) at |\bteaching (?:[\w-]+ ){0,2}?at ",
    ),
    # "new day job: teaching guitar at eastside strings", "new day job at the coffee shop on main"
    _rule(
        "day job",
        IDENTITY,
        _SG_CLAUSE
        + r"(?:(?:my|the) )?new (?:day |side |part-time |part time )?(?:job|gig)(?: is)?[:,-]? (?:[\w-]+ ){0,3}?at "
        + _SG_BAND
        + r"(?![\w'&-])",
        "sgjob",
        gate=r"new (?:day |side |part-time |part time )?(?:job|gig)",
    ),
    # "full-time music now, scary", "i'm officially a full-time musician" is the role: the day job given up
    _rule(
        "day job",
        IDENTITY,
        _SG_CLAUSE
        + r"(?:(?:[Ii]'m|[Ii] am|[Ii]m) (?:now |officially |finally )*(?:doing )?|(?:now |officially |finally )+)?"
        r"(?P<v>full[- ]?time (?:music|touring|songwriting|art|writing))(?: now)?(?=\s*(?:[,.;:!?)]|$| (?:and|but|so|kinda|lol|tho)\b))",
        "sgfull",
        gate=r"full[- ]?time",
    ),
    # "i signed with ruby hollow records!!", "I just signed to Dead Oceans": a label (a record deal, not an agent)
    _rule(
        "label",
        IDENTITY,
        _I + r"(?: have|'ve)? (?:just |finally |officially )?signed (?:with|to) (?:the )?(?P<v>(?:[a-z][\w'&-]* ){0,3}"
        r"(?:records|recordings|music)|[A-Z][\w'&-]*(?: [A-Z][\w'&-]*){0,3} (?:Records|Recordings|Music)|"
        + _NAME
        + r"(?= (?:label|records)\b))(?![\w'&-])",
        "sglabel",
        gate=r"signed (?:with|to) ",
    ),
    # "the ruby hollow deal fell through, still independent", "my record deal fell apart": unsigned again
    _rule(
        "label",
        IDENTITY,
        _SG_CLAUSE
        + r"(?:the |my |our )?(?:[\w&-]+ ){0,3}?(?:(?:record|label) deal (?:fell through|fell apart|collapsed|is off|"
        r"got pulled|was pulled|died)|deal (?:fell through|fell apart|collapsed|is off|got pulled|was pulled|died),? "
        r"(?:so )?(?:i'm |im |i am )?(?:still |back to being |back to )?(?:independent|indie|unsigned))\b",
        "sgindie",
        gate=r"deal (?:fell|collapsed|is off|got pulled|was pulled|died)",
    ),
    # "i don't have a booking agent so i'm doing all of it myself": none
    _rule(
        "booking agent",
        FACT,
        _I
        + r" (?:don't|do not|dont|still don't|still dont) have (?:a|an) (?:booking agent|booking agency|agent for (?:shows|gigs|tours|touring))\b",
        "sgnoagent",
        gate=r"booking agen|agent for",
    ),
    # "i have a booking agent!! kelsey at wildhorse touring", "got a booking agent: priya from redline talent",
    # "signed with theo at northbound artists": the agent, by the agency's word
    _rule(
        "booking agent",
        FACT,
        r"(?:(?:"
        + _I
        + r" (?:now |finally |just |officially )?(?:have|got|found|signed with)|"
        + _SG_CLAUSE
        + r"(?:finally |just |officially )?(?:got|found|signed with)) (?:a|an|my) (?:new )?booking "
        r"(?:agent|agency)[!.:,\s-]+(?:it's |its |she's |he's |they're )?|(?:(?<![\w'])[Ii] |"
        + _SG_CLAUSE
        + r")(?:just |finally |officially )?"
        r"signed with )(?P<v>"
        + _NAME
        + "|"
        + _LOW_WORD
        + r") (?:at|from|of) (?:[\w&'-]+ ){0,2}?(?i:artists|touring|agency|booking|talent)\b",
        "sgagent",
        gate=r"booking agen|signed with",
    ),
    # "marco and i split tonight", "i split with sam", "we split up": no partner now ("Sky and I broke up" stays
    # unread: tests/fixtures/rowan's key reads its partner from Sky to Jordan, the breakup between no change)
    _rule(
        "partner",
        FACT,
        r"(?:" + _SG_CLAUSE + r"(?:(?:[A-Z][\w'-]+|(?!(?:she|he|they|it|jess|who)\b)[a-z][\w'-]+) and (?:I|i)|[Ww]e) "
        r"(?:just |finally |officially )?(?:split(?: up)?|separated|called it quits)"
        + _SG_SPLIT_END
        + "|"
        + _I
        + r" (?:just |finally |officially )?split (?:up )?with (?:my (?:boyfriend|girlfriend|partner|bf|gf) )?(?:[A-Z][\w'-]+|[a-z][\w'-]+)\b)",
        "sgsplit",
        gate=r"split|separated|called it quits",
    ),
    # "my girlfriend jess is impossible to shop for": a name in lower case ending in "s" (`_LOW_PERSON` takes
    # one for a verb: "my girlfriend thinks"), read where a verb of its own follows
    _rule(
        "partner",
        FACT,
        r"\b[Mm]y (?:new )?(?:girlfriend|boyfriend|partner) (?P<v>[a-z][a-z'-]*(?<![kptwy])s) (?=(?:is|was|has|had|and (?:i|me))\b)",
        "sgpartner",
        gate=r"\bmy (?:new )?(?:girlfriend|boyfriend|partner) [a-z]",
    ),
    # "i'm on a marketplace plan", "finally on the union health plan through AFM local 257": the health plan
    _rule(
        "insurance",
        FACT,
        r"(?:(?<![\w'])[Ii](?:'m| am|m) (?:now |still |currently |finally |officially )?|"
        + _SG_CLAUSE
        + r"(?:now |finally |officially )+)on (?:a|an|the|my) (?P<v>(?:[a-z][\w&-]* ){0,1}[a-z][\w&-]*) (?:health |medical )?plan\b",
        "sgins",
        gate=r"\bon (?:a|an|the|my) (?:[\w&-]+ ){1,3}plan\b",
    ),
    # "i perform as dani reyes but my legal name is daniela", "i'm releasing as DANI RAE now": a stage name
    _rule(
        "stage name",
        IDENTITY,
        _I + r"(?:'m| am|m)? (?:now |officially |just |also )?(?:perform|performing|release|releasing|record|recording|"
        r"go by|going by|play shows|playing shows) (?:music |songs |shows )?(?:as|under(?: the name)?) (?P<v>"
        + _NAME
        + "|"
        + _LOW_NAME
        + r")(?![\w'&-])",
        "sgstage",
        gate=r"(?:perform|performing|release|releasing|record|recording|go by|going by|play shows|playing shows) (?:music |songs |"
        r"shows )?(?:as|under)\b",
    ),
    # "saw my doctor today, dr. alvarez at people's community clinic": the doctor named after "my doctor"
    _rule(
        "doctor",
        FACT,
        r"(?:(?<![\w'])[Ii] |"
        + _SG_CLAUSE
        + r")(?:just )?(?:saw|seen|visited|went to see) my (?:doctor|gp|pcp|primary care doctor)"
        r"(?: (?:today|yesterday|this morning|this afternoon|again))?, (?P<v>" + _DR + ")",
        "sgdoc",
        gate=r"my (?:doctor|gp|pcp|primary)",
    ),
)
_SG_GROUPS = frozenset([
    "sgplace", "sgband", "sgsolo", "sgjob", "sgfull", "sglabel", "sgindie", "sgnoagent", "sgagent", "sgsplit", "sgpartner",
    "sgins", "sgstage", "sgdoc",
])  # fmt: skip
# (a band, a workplace or a stage name that is a word of something else: "i play guitar in drop d", "i sing in
# the choir", "i perform as a duo")
_SG_NOT_A_NAME = frozenset(
    [
        "band", "bands", "church", "choir", "chorus", "studio", "drop", "standard", "open", "pit", "orchestra",
        "worship", "key", "tune", "time", "shower", "bedroom", "garage", "basement", "park", "subway", "street", "car",
        "van", "bar", "bars", "public", "front", "back", "rehearsal", "practice", "class", "school", "college", "dark",
        "sync", "unison", "person", "town", "city", "cover", "covers", "fun", "hours", "duo", "trio", "opener",
        "headliner", "support", "sub", "guest", "part", "backup", "member", "solo", "well", "usual", "always", "show",
        "shows", "morning", "night", "evening", "mornings", "nights", "tonight", "goal", "defense", "defence",
        "midfield", "net", "league", "harmony", "falsetto", "karaoke", "english", "spanish", "french", "italian",
        "german", "portuguese", "korean", "japanese", "mandarin", "wedding", "party", "event", "funeral",
        "conference", "festival", "fundraiser", "reception", "pressure", "contract", "deadline", "budget",
        "license", "licence", "payment", "meal", "data", "phone", "family", "unlimited", "monthly", "annual",
        "workout", "training", "diet", "treatment", "installment", "repayment", "savings", "retirement", "lease",
        "subscription", "pay", "care", "birth", "business", "lesson", "lessons",
    ]
)  # fmt: skip
_SG_INSURANCE = patterns.lazy(
    r"\b(?i:insurance|insured|health|medical|marketplace|subsid\w*|premiums?|deductible|copays?|coverage|enrollment|"
    r"medicaid|medicare|obamacare|aca|ppo|hmo|epo|healthcare)\b"
)
_SG_NOW = patterns.lazy(r"[^.;!?]{0,40}?\bnow\b")
_SG_FIXED = {"sgsolo": "solo", "sgindie": "independent", "sgnoagent": "none", "sgsplit": "none"}


def _said_songwriter(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of `_SONGWRITER_RULES`: a fixed one (solo, independent, no agent, no partner), a home's place or
    part of a city (`sgplace`), a health plan in a sentence of health insurance (`sgins`), a name as written."""
    if " / " in match.string:
        return None  # a lyric's lines ("i quit my job at the mill / moved down to memphis"): a song, not a life
    if value_group in _SG_FIXED:
        value = _SG_FIXED[value_group]
        return Said(attribute, value, value if value_group != "sgsplit" else "none (split)", memory_type)
    shown = _untrailed(match.group("v") or match.groupdict().get("v2") or "").strip(" .,'!")
    if value_group == "sgplace":
        if (
            "who" in match.re.groupindex
            and match.group("who") is None
            and not _SG_NOW.match(match.string, match.start("v"))
        ):
            return None  # ("living in a van in portland sounds fun": without "I", a home only said with "now")
        part = vocab.part_of_city(shown) if shown.islower() else None
        return Said(attribute, _norm(part), part, memory_type) if part else _a_place(attribute, memory_type, shown)
    words = shown.casefold().split()
    if not words or words[0] in _SG_NOT_A_NAME or words[-1] in _SG_NOT_A_NAME or words[0] in tokens.STOPWORDS:
        return None
    if value_group in ("sgband", "sgjob") and vocab.place(shown) is not None:
        return None  # "i play guitar in austin": where, not a band
    if value_group == "sgins":
        if _SG_INSURANCE.search(match.string) is None or _tx_listed(shown) is not None:
            return None  # ("i'm on the family plan": a phone's)
        shown = re.sub(r" (?:health|medical)$", "", shown)
    if value_group == "sgfull":
        shown = re.sub(r"(?i)^full[- ]?time", "full-time", shown)
    if value_group == "sgdoc":
        return _tx_value(attribute, memory_type, shown, titled=True)
    return Said(attribute, _norm(shown), shown, memory_type)


# An Army spouse's chats (session 42: beth) --------------------------------------------------------------------
# A military spouse who writes tidy full sentences says the changes of a life that moves with orders in its own
# words: a home by the lease signed on it ("We signed the lease on a house in Freihung"; a flight landed, a hotel
# or temporary lodging is no home), a job by "hired as a <role> at" a place and "I start at <firm> on Monday", a
# professional license by its state ("My Colorado license came through"; "my North Carolina dental hygiene
# license" in a question rests on one she holds), the children's school by their names ("Ava is in third grade
# at Shughart Elementary", "Ava and Theo are registered at Vilseck Elementary School": the first child named), a
# SIM got with a carrier ("I got a German SIM with o2"), a health plan she is on ("We're on Tricare Prime"; "Now
# that we are on Tricare Overseas, how do I ...?" rests on it), a volunteer role taken and handed on ("I agreed to
# be the FRG leader", "I handed the FRG leader binder to Jess Morales"), a named pet rehomed ("we found Pickles a
# new home": no pet) and orders got and changed ("We got orders to Fort Hood", "The Hood orders got cancelled, it's
# Carson now"). Not the spouse's orders, promotion or unit ("Mike will be in the 1st Stryker Brigade"), a friend's
# pasted resume, a plan ("I need to apply for a Colorado license"), a post renamed around her.
_S42B_SUBJECT = r"(?:^|(?<=[\s,;(]))(?:I|[Ww]e)"
_S42B_FIRM_WORDS = (
    r"Dental|Dentistry|Orthodontics|Pediatrics|Clinic|Hospital|Medical|Health|Healthcare|Pharmacy|Veterinary|Group|"
    r"Inc|LLC|Partners|Associates|Agency|Law|Realty|Bank|Labs?|Studios?|Systems|Services|Consulting|Solutions|"
    r"Company|Corp|Practice|Care"
)
_S42B_ROLE_NAME = r"(?:[A-Z]{2,5}|(?:[A-Z][\w-]+ )?(?:[Bb]ooster|[Ss]pouses'?|[Pp]arents'?) [Cc]lub)"
_S42B_ROLE = r"(?:leader|co-leader|chair|chairperson|president|vice president|treasurer|secretary|coordinator)"
_S42B_PET = r"(?:cat|dog|kitten|puppy|rabbit|bunny|hamster|guinea pig|parrot|ferret)"
_S42B_RULES = (
    # "We signed the lease on a house in Freihung": the home leased (not "if we sign", "the Garcias signed")
    _rule(
        "home",
        IDENTITY,
        _S42B_SUBJECT + r"(?: have|'ve)? (?:just |finally |officially )?signed (?:the|a|our) (?:new )?lease (?:on|for) "
        r"(?:a|an|the|our|this) (?:[\w-]+ ){0,2}?(?:house|home|apartment|flat|condo|townhouse|townhome|duplex|rental|"
        r"place|cottage|bungalow) in (?P<v>" + _NAME + r")(?![\w'-])",
        gate=r"\blease\b",
    ),
    # "I got hired as a contract hygienist at the Rose Barracks dental clinic": the place of work (a kind after
    # its name kept: "dental clinic")
    _rule(
        "employer",
        FACT,
        _I + r"(?: have|'ve)? (?:just |finally |officially )?(?:got |been |was )?hired as (?:a|an) (?:[\w-]+ ){0,3}?"
        r"(?:at|by|with) (?:the )?(?P<v>" + _NAME + r"(?: (?:dental|medical|health|vet|veterinary|eye|family) "
        r"(?:clinic|office|practice|center|centre|hospital))?)(?![\w'&-])",
        "s42bjob",
        gate=r"hired as",
    ),
    # "I start at Pikes Peak Family Dental on Monday": a firm by its name's kind, started on a day said
    _rule(
        "employer",
        FACT,
        _I
        + r" (?:start|begin|started|began) (?:work |working )?at (?:the )?(?P<v>(?:[A-Z][\w'&.-]* ){0,4}(?:"
        + _S42B_FIRM_WORDS
        + r"))(?= (?:on|this|next|tomorrow|in|today)\b)",
        "s42bjob",
        gate=r"\bstart|\bbegan|\bbegin",
    ),
    # "My Colorado license came through": a professional license by its state or province (not a driver's, the
    # plates, nor one expired)
    _rule(
        "license",
        FACT,
        r"\b[Mm]y (?:new |current )?(?P<v>[A-Z][a-z]+(?: [A-Z][a-z]+)?) (?:(?!drivers?\b|driving\b)[a-z]+ ){0,3}?"
        r"licen[cs]e\b(?! (?:plates?|number|expired|lapsed|ran out|was|is expired)\b)",
        "s42blicense",
        gate=r"licen[cs]e",
    ),
    # "Ava is in third grade at Shughart Elementary", "Ava and Theo are registered at Vilseck Elementary School",
    # "Ava and Theo start at Aspen Valley Elementary": a child's school by the child's name ("ava school")
    _rule(
        "their",
        FACT,
        r"(?:^|(?<=[.;!?] ))(?!I\b|The\b|We\b|My\b|Our\b)(?P<rel>[A-Z][a-z]+)(?: and [A-Z][a-z]+)? (?:is in (?:[a-z]+ )?"
        r"(?:grade|kindergarten|preschool) at|(?:is|are) (?:now |both )?(?:registered|enrolled) (?:at|in)|"
        r"(?:start|starts|started) (?:at|in)) (?:the )?(?P<v>" + _SCHOOL_NAME + r")",
        "school",
        gate=r"grade|registered|enrolled|start",
    ),
    # "I got a German SIM with o2": the carrier of a SIM got (a carrier of the lists)
    _rule(
        "phone provider",
        FACT,
        _S42B_SUBJECT + r"(?: have|'ve)? (?:just |finally )?(?:got|bought|picked up) (?:a|an|my|our) (?:[\w-]+ ){0,2}?"
        r"SIM(?: card)? (?:with|from|on) (?P<v>[\w&-]+)(?![\w-])",
        "s42bsim",
        gate=r"\bsim\b",
    ),
    # "We're on Tricare Prime", "Since we live off post now, we're on Tricare Select": a health plan of the lists
    _rule(
        "insurance",
        FACT,
        _S42B_SUBJECT + r"(?:'re| are|'m| am) (?:now |still |currently |all |both )?(?:on|enrolled in|covered by) "
        r"(?:the )?(?P<v>(?i:" + vocab.INSURERS + r"))(?![\w-])",
        gate="tricare|health|hmsa|kaiser|medic|blue|bcbs|aetna|cigna|united|humana|anthem|ambetter|oscar|molina|wellcare|highmark|premera|regence",
    ),
    # "I agreed to be the FRG leader for Mike's company": a volunteer role by its group's letters
    _rule(
        "volunteer role",
        FACT,
        _I + r"(?: have|'ve)? (?:just |finally |officially )?(?:agreed to be|volunteered to be|signed up to be|became|"
        r"took over as|stepped up as|was elected|got elected|was voted in as) (?:the |our )?(?P<v>"
        + _S42B_ROLE_NAME
        + " "
        + _S42B_ROLE
        + r")(?![\w-])",
        gate=r"agreed to be|volunteered to be|signed up to be|became|took over as|stepped up as|elected|voted in",
    ),
    # "I handed the FRG leader binder to Jess Morales", "I stepped down as PTA treasurer": the role handed on
    _rule(
        "volunteer role",
        FACT,
        _I
        + r"(?: have|'ve)? (?:just |finally |officially )?(?:(?:handed|passed|turned) (?:over )?(?:the |my )?(?P<v>"
        + _S42B_ROLE_NAME
        + " "
        + _S42B_ROLE
        + r")(?: role| position| job| binder| reins| duties)? (?:over |on )?to "
        r"[A-Z]|stepped down as (?:the )?(?P<v2>" + _S42B_ROLE_NAME + " " + _S42B_ROLE + r")(?![\w-]))",
        "s42bhanded",
        gate=r"handed|passed|turned|stepped down",
    ),
    # "Our cat, Pickles, has been ...": a pet of the household's, named (some pets)
    _rule(
        "pets",
        FACT,
        r"\b(?:[Oo]ur|[Mm]y) " + _S42B_PET + r", [A-Z][\w'-]+,",
        "s42bsome",
        gate=r"\bour |\bmy ",
    ),
    # "we found Pickles a new home", "we rehomed our cat": the pet gone (no pet)
    _rule(
        "pets",
        FACT,
        _S42B_SUBJECT
        + r"(?: have|'ve)? (?:just |finally )?(?:found (?:(?P<v>[A-Z][\w'-]+)|(?:our|my) "
        + _S42B_PET
        + r") a (?:new|loving|good|forever) home|rehomed (?:(?P<v2>[A-Z][\w'-]+)|(?:our|my) "
        + _S42B_PET
        + r"))\b",
        "s42bnone",
        gate=r"\bhome\b|rehomed",
    ),
    # "We got orders to Fort Hood", "The Hood orders got cancelled, it's Carson now": the next duty station
    _rule(
        "next duty station",
        FACT,
        r"(?:"
        + _S42B_SUBJECT
        + r"(?: have|'ve)? (?:just |finally |officially )?got (?:our |my |PCS )?orders (?:to|for) "
        r"(?P<v>(?:(?:Fort|Ft\.?|Camp|Joint Base|JB|NAS|MCAS) )?[A-Z][\w'-]+)|\b[Tt]he [A-Z][\w'-]+ orders (?:got|were|have "
        r"been) (?:cancell?ed|changed|pulled|rescinded),? (?:and )?(?:it's|it is|now it's) (?P<v2>(?:(?:Fort|Ft\.?|Camp) )?"
        r"[A-Z][\w'-]+))(?![\w'-])",
        "s42borders",
        gate=r"\borders\b",
    ),
)
_S42B_GROUPS = frozenset(["s42bjob", "s42blicense", "s42bsim", "s42bhanded", "s42bsome", "s42bnone", "s42borders"])
# "Now that we are on Tricare Overseas, how do I find a dentist?": the premise a question rests on
_S42B_NOW_THAT = patterns.lazy(r"^(?:[Nn]ow that) (?P<said>(?:I|we)\b[^,?]{3,120}), [a-z][^?]*\?$")
# "do I need to update the address on my North Carolina dental hygiene license?": a license held, asked about
_S42B_HELD = patterns.lazy(
    r"(?<!get )(?<!getting )(?<!apply for )(?<!transfer )(?<!need )\b[Mm]y [A-Z][a-z]+(?: [A-Z][a-z]+)? "
    r"(?:[a-z]+ ){0,3}?licen[cs]e\b"
)


def _s42b_premise(sentence: str) -> str:
    """A question as the fact it rests on, where it rests on one of the person's: "Now that we are on X, how
    ...?" is "we are on X"; "do I need to update ... my North Carolina dental hygiene license?" is the license."""
    if not sentence.endswith("?"):
        return sentence
    if (now := _S42B_NOW_THAT.match(sentence)) is not None:
        return now.group("said")
    if "icen" in sentence and (held := _S42B_HELD.search(sentence)) is not None:
        return held.group(0)
    return sentence


# "I opened a German account at the Sparkasse so we can pay the rent", "I opened a second account at Ally": an
# account said as one beside another (a second, another, a local one, one of a country's) is a second bank, not a
# switch of the bank (everything else stays where it was); "I switched to Chase", "I moved my money to Ally", "I
# opened an account at Kemba" are the bank.
_S42B_BESIDE = patterns.lazy(
    r"\bopened (?:a|an|another) (?:(?P<q>second|extra|separate|local|foreign|overseas|[A-Z][a-z]+(?:an|ish|ese|ch|i)) )?"
    r"(?:checking |savings |bank |current )?account (?:at|with) (?:the )?(?P<v>[A-Z][\w'&.-]*(?: [A-Z][\w'&.-]*){0,3})"
)


def _s42b_beside(out: dict[str, Said], text: str) -> dict[str, Said]:
    """What was read, its bank moved to "second bank" where the account opened at it is said as one beside
    another."""
    bank = out.get("bank")
    if bank is None or "opened" not in text:
        return out
    for found in _S42B_BESIDE.finditer(text):
        beside = found.group("q") is not None or found.group(0).startswith("opened another")
        if beside and _norm(found.group("v")) == bank.value:
            out["second bank"] = replace(out.pop("bank"), attribute="second bank")
            break
    return out


def _said_s42b(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of `_S42B_RULES`: a fixed one (some pets, none, a role handed on), a state's license (a state
    or province of the lists), a carrier of the lists, a name as written."""
    if value_group == "s42bsome":
        return Said(attribute, "some", "some", memory_type)
    groups = match.groupdict()
    shown = _untrailed(groups.get("v") or groups.get("v2") or "").strip(" .,'!")
    if value_group == "s42bnone":  # (session 43: weak43) the pet rehomed by its name: About me ends its own line
        return Said(attribute, "none", f"none (rehomed {shown})" if shown else "none (rehomed)", memory_type)
    if value_group == "s42bhanded":  # (session 43: weak43) ended: "Volunteer role: none now (handed on FRG leader)"
        return Said(attribute, "handed on", f"handed on {shown}", memory_type)
    if value_group == "s42blicense" and not vocab.province(shown):
        return None  # ("my Spanish teaching license": no state's)
    if value_group == "s42bsim" and not any(
        n.attribute == "phone provider" and n.words == (vocab.fold(shown),)
        for n in vocab.names().get(vocab.fold(shown), ())
    ):
        return None  # ("a SIM with data": a carrier of carriers.txt only)
    if not shown or shown.casefold() in tokens.STOPWORDS:
        return None
    return Said(attribute, _norm(shown), shown, memory_type)


# Singlish, and a life said with 'already' (session 43: jolene) ---------------------------------------------------
# A Singaporean who types quick Singlish lowercase says a change done with "already" closing it and often no
# subject ("shifted to tampines already", "we shifted into our punggol flat already"), lives where she "stays" ("i
# stay with my parents in bedok"), names her boss by his name in lower case with a bare verb after it ("my boss
# kelvin send this", "new boss rachel seah start today"), her engagement by the proposal ("marcus propose
# already"), her gym by the one she uses or the class pack she bought ("i use the activesg gym", "i signed up for a
# 30 class pack at revolve ride"), her GP by the clinic she registered with ("i registered with healthier sg at
# waterway family clinic"), a hobby by the class she goes to every week and by what she does now ("i go pottery
# class every saturday", "now i do bouldering") and a pet by its name in lower case ("my hamster mochi not
# eating"; "mochi died this morning ... i know hamsters dont live long": none now). Not someone else's ("my brother
# shifted to X already", "my colleague got new boss", "daniel proposed to sherlyn"), nor a plan ("want to shift to
# X next year"), nor a place the lists do not know; "my husband birthday" (Singlish drops the "'s") names no one.
_SGL_I_WE = r"(?:^|(?<=[\s,;(]))(?:I|i|[Ww]e)"
# a subject dropped: only at the sentence's start, after its fillers ("ok", "finally", "yay")
_SGL_ME = (
    r"(?:^(?:(?:ok|okay|finally|yay|wah|so|update|btw|omg|eh|haha|guess what)[,!.~]* )*|" + _SGL_I_WE + r" )"
    r"(?:(?:have|'ve|also|finally|just|officially|already) )*"
)
# the words a lower-case value ends before
_SGL_END = (
    r"(?=\s*(?:[,.;:!?)~]|$)| (?:already|liao|lah|leh|ah|lor|le|last|this|with|and|but|so|since|near|for|together|"
    r"finally|now|on|in|at|because|cos|coz|one|area|side)\b)"
)
_SGL_WORDS = r"[\w'-]+(?: [\w'-]+){0,2}?"
_SGL_KIN_WITH = r"(?:family|" + _RELATIVE[3:]  # (the family vocabulary's words: "my parents", "my in-laws")
_SGL_PET = r"(?:hamster|cat|dog|kitten|puppy|rabbit|bunny|guinea pig|parrot|budgie|terrapin|turtle|tortoise)"
_SGL_HOBBY = (
    r"(?:pottery|ceramics|bouldering|rock climbing|climbing|yoga|pilates|spin|cycling|running|swimming|badminton|"
    r"tennis|pickleball|futsal|football|basketball|volleyball|netball|muay thai|boxing|kickboxing|taekwondo|karate|"
    r"judo|dance|dancing|zumba|ballet|salsa|baking|cooking|knitting|crochet|painting|drawing|sketching|calligraphy|"
    r"photography|gardening|hiking|diving|surfing|kayaking|dragon boat|archery|fencing|ice skating|skating|golf|"
    r"bowling|guitar|piano|ukulele|violin|singing|choir|chess|crossfit|hyrox|weightlifting|barre|aerial yoga|"
    r"pole dancing|woodworking|leathercraft|embroidery|sewing|candle making)"
)
_SGL_DAYS = r"(?:day|week|weekend|morning|evening|night|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
# (no name: a word of a verb's phrase or an adverb, "my boss kindly asked me")
_SGL_NOT_A_NAME = frozenset(
    [
        "just",
        "always",
        "very",
        "also",
        "still",
        "never",
        "dont",
        "don't",
        "cannot",
        "can't",
        "keep",
        "keeps",
        "say",
        "said",
        "ask",
        "asked",
        "tell",
        "told",
        "want",
        "wants",
        "send",
        "sent",
        "is",
        "was",
        "so",
        "not",
        "kindly",
        "only",
        "really",
        "finally",
        "actually",
        "suddenly",
        "literally",
        "basically",
        "usually",
        "probably",
        "certainly",
        "nicely",
        "quickly",
        "personally",
        "apparently",
        "randomly",
        "seriously",
        "totally",
        "specifically",
        "directly",
        "recently",
        "politely",
        "clearly",
        "simply",
        "gently",
        "happily",
        "sadly",
        "rudely",
        "publicly",
        "secretly",
        "officially",
        "formally",
        "strongly",
        "initially",
        "originally",
        "already",
        "even",
        "again",
        "now",
        "then",
        "today",
    ]
)
# the words after a boss's name in lower case: what he did, bare or not ("send this", "start today")
_SGL_BOSS_DID = (
    r"(?:send|sent|say|said|ask|asked|tell|told|want|wants|just|always|keep|keeps|start|starts|started|join|joins|"
    r"joined|come|came|from|also|never|dont|don't|today|already)"
)
# a clinic of one kind of care is no GP's ("the riverside physio clinic", "a dental clinic")
_SGL_NOT_A_GP = r"(?:physio|physiotherapy|dental|vet|veterinary|eye|aesthetic|beauty|massage|chiro|fertility|skin)\b"
_SGL_RULES = (
    # "i stay with my parents in bedok", "we stay in tampines": a home (a place the lists know; not "stay in a
    # hotel", "stay in tonight", "we stay in bangkok for 3 days")
    _rule(
        "home",
        IDENTITY,
        _SGL_I_WE
        + r" (?:now |still |currently |also |all )?stay (?:together )?(?:with (?:my |our )?"
        + _SGL_KIN_WITH
        + r" )?(?:in|at) (?P<v>"
        + _SGL_WORDS
        + r")"
        + _SGL_END
        + _A_STAY,
        "sglplace",
        gate=r"\bstay\b",
    ),
    # "shifted to tampines already", "we shifted into our punggol flat already": a move, its subject dropped or I/we
    _rule(
        "home",
        IDENTITY,
        _SGL_ME
        + r"shifted (?:house |over |out )?(?:to|into|in to) (?:(?:our|my|the|a) (?:new |own )?)?(?P<v>"
        + _SGL_WORDS
        + r")(?: (?:bto|hdb|flat|condo|place|house|home|unit|room|apartment|estate))?"
        + _SGL_END,
        "sglplace",
        gate=r"\bshifted\b",
    ),
    # "my boss kelvin send this", "new boss rachel seah start today": a boss named in lower case, a verb after
    _rule(
        "manager",
        IDENTITY,
        r"(?:\b[Mm]y (?:new )?|(?:^|\b[Oo]ur )new )(?:boss|manager|supervisor|team lead|reporting officer) (?:is |called )?"
        r"(?P<v>[a-z]{3,}(?: (?!" + _SGL_BOSS_DID + r"\b)[a-z]{3,})?)(?= " + _SGL_BOSS_DID + r"\b)",
        "sglname",
        gate=r"boss|manager|supervisor|team lead|reporting officer",
    ),
    # "marcus propose already!!!", "jay proposed to me last night": engaged (not "daniel proposed to sherlyn")
    _rule(
        "relationship",
        IDENTITY,
        r"^(?:(?:omg|wah|guess what|finally|eh)[,!.~]* )*(?P<v>[a-z]{3,}|[A-Z][a-z]{2,}) (?:finally |just )?"
        r"(?:propose already|proposed(?: to me)?(?: already)?)(?! to\b)(?=\s*(?:[,.;:!?~]|$)| (?:at|on|in|last|yesterday|"
        r"today|this|lah|leh|liao)\b)",
        "sglengaged",
        gate=r"\bpropose",
    ),
    # "i use the activesg gym at bedok": the gym by its name before "gym"
    _rule(
        "gym",
        FACT,
        _I + r" (?:use|go to|go) (?:the )?(?!(?:hotel|office|company|school|uni|free|nearby|public|new|old|same)\b)"
        r"(?P<v>[\w'-]+(?: [\w'-]+)?) gym\b",
        "sglname",
        gate=r"\bgym\b",
    ),
    # "i signed up for a 30 class pack at revolve ride": the studio a class pack or membership is at
    _rule(
        "gym",
        FACT,
        _I + r"(?: have|'ve)? (?:just |finally |also )?(?:signed up for|bought|got) (?:a |an |the )?(?:\d+[- ])?"
        r"(?:class|session|visit|ride)(?:es|s)? ?(?:pack|package|pass|membership) (?:at|with|from) (?:the )?"
        r"(?!(?:a|an|my|our)\b)(?P<v>" + _SGL_WORDS + r")" + _SGL_END,
        "sglname",
        gate=r"\bpack|package|\bpass\b|membership",
    ),
    # "i registered with healthier sg at waterway family clinic": the GP's clinic
    _rule(
        "doctor",
        FACT,
        _I + r"(?: have|'ve)? (?:just |finally |already |also )?(?:registered|enrolled) (?:with|at) "
        r"(?:[\w ]{1,25}? (?:at|with) )?(?:the |a )?(?P<v>(?:(?!"
        + _SGL_NOT_A_GP
        + r")[\w'-]+ ){0,3}?(?:family |medical |health )?(?:clinic|"
        r"polyclinic|medical (?:centre|center)|surgery|health (?:centre|center)))\b",
        "sglname",
        gate=r"registered|enrolled",
    ),
    # "i go pottery class every saturday": a hobby by its weekly class (Singlish "go" with no "to")
    _rule(
        "hobby",
        PREFERENCE,
        _I + r" (?:go|attend) (?P<v>" + _SGL_HOBBY + r") (?:class(?:es)?|lessons?) every " + _SGL_DAYS + r"\b",
        "sglname",
        gate=r"\bevery\b",
    ),
    # "now i do bouldering at a gym at downtown east": a hobby done now
    _rule(
        "hobby",
        PREFERENCE,
        r"\bnow (?:i|I|we) (?:do|doing|go|play) (?P<v>" + _SGL_HOBBY + r")\b",
        "sglname",
        gate=r"\bnow\b",
    ),
    # "my hamster mochi not eating since yesterday": a pet named in lower case, a word of a state after it
    _rule(
        "pet",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?P<kind>" + _SGL_PET + r") (?P<v>[a-z]{3,})(?= (?:not|is|so|very|keep|keeps|always|never|"
        r"dont|don't|cannot|can't|eat|eats|ate|bite|bites|sleep|sleeps|got|just|already|also|still)\b)",
        "sglpet",
        gate=_SGL_PET,
    ),
)
_SGL_GROUPS = frozenset(["sglplace", "sglname", "sglengaged", "sglpet"])
# "mochi died this morning ... i know hamsters dont live long": a pet named at a sentence's start, dead, its kind
# said in the turn (not "ah gong died", no pet's kind said; not "my grandma's dog died": someone else's)
_SGL_DIED = patterns.lazy(
    r"(?:^|(?<=[.!?] )|(?<=\n))(?P<n>[a-z]{3,}|[A-Z][a-z]{2,}) (?:died|passed away|passed on|crossed the rainbow bridge)\b"
)
_SGL_KIND_SAID = patterns.lazy(r"\b(?P<kind>" + _SGL_PET + r")s?\b", re.IGNORECASE)
# "my mum name is lee mei ling": "my mum's name is" (kin named, session 43: jolene)
_SGL_KIN_NAME = patterns.lazy(r"\b((?:[Mm]y|[Oo]ur) " + _RELATIVE + r") name(?= (?:is|was)\b)")
# A signature under a draft of her own, its firm on the line after her name ("Regards,\nJolene Tan\nLim Ong &
# Partners\n\nlike this ok?"): her employer (a letter pasted from someone else is cut before: `_own`)
_SGL_SIGNED = patterns.lazy(
    r"(?:^|\n)(?:(?:Best|Kind|Warm|With best) )?(?:[Rr]egards|[Ss]incerely|[Tt]hanks|[Tt]hank you|[Bb]est),?[ \t]*\n+"
    r"[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}[ \t]*\n(?P<v>[A-Z][\w'.-]*(?: (?:&|and|[A-Z][\w'.-]*)){0,4} (?:&|and) Partners|"
    r"[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,4} (?:LLP|LLC|Pte\.? Ltd\.?|Ltd\.?|Limited|Inc\.?|Bank|Group|Associates|Capital|"
    r"Holdings|Consulting|Corporation|Corp\.?))[ \t]*(?:\n|$)"
)
# (Singlish drops the "'s": "my husband birthday", "my wife phone" name no one)
_SGL_OWNED = frozenset(
    [
        "birthday",
        "birthdays",
        "side",
        "family",
        "parents",
        "mum",
        "mom",
        "dad",
        "car",
        "phone",
        "company",
        "office",
        "colleagues",
        "friends",
        "friend",
        "job",
        "salary",
        "boss",
        "work",
        "bday",
        "present",
        "gift",
        "hometown",
        "house",
        "place",
        "cooking",
        "name",
    ]
)


def _said_sgl(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of `_SGL_RULES`: a place the lists know, engaged, a pet's name as its kind's, a name as written."""
    shown = _untrailed(match.group("v") or "").strip(" .,'!~")
    folded = shown.casefold()
    if not shown or folded in tokens.STOPWORDS or any(word in _SGL_NOT_A_NAME for word in folded.split()):
        return None
    if "last time" in match.string[: match.start()].casefold():
        return None  # ("last time i stay in bedok, now ...": where she was)
    if value_group == "sglplace":
        part = vocab.part_of_city(shown)
        if part is not None and _norm(part) == _norm(shown):
            return Said(attribute, _norm(part), part, memory_type)
        return _a_place(attribute, memory_type, shown, known=True)
    if value_group == "sglengaged":
        return None if _kin(shown) in _KIN_SAME.values() else Said(attribute, "engaged", "engaged", memory_type)
    if value_group == "sglpet":
        return Said(match.group("kind").casefold(), _norm(shown), shown, memory_type)
    return Said(attribute, _norm(shown), shown, memory_type)


def _sgl_after(out: dict[str, Said], text: str) -> dict[str, Said]:
    """What was read, with a pet said dead by its name alone where the turn says its kind ("mochi died this
    morning ... i know hamsters dont live long": hamster = died mochi, no pets), the employer a draft's
    signature names (`_SGL_SIGNED`), and without a partner named by a thing of theirs ("my husband birthday")."""
    partner = out.get("partner")
    if partner is not None and partner.value in _SGL_OWNED:
        del out["partner"]
    if "employer" not in out and "\n" in text and (signed := _SGL_SIGNED.search(text)) is not None:
        out["employer"] = Said("employer", _norm(signed.group("v")), signed.group("v"), IDENTITY)
    if "died" not in text and "passed" not in text and "rainbow" not in text:
        return out
    died = _SGL_DIED.search(text)
    kind = _SGL_KIND_SAID.search(text) if died is not None else None
    if died is None or kind is None or _kin(died.group("n")) in _KIN_SAME.values():
        return out
    name = died.group("n")
    if name.casefold() in tokens.STOPWORDS or name.casefold() in _SGL_NOT_A_NAME:
        return out
    out.setdefault(
        kind.group("kind").casefold(), Said(kind.group("kind").casefold(), _norm("died " + name), f"{name} died", FACT)
    )
    out.setdefault("pets", Said("pets", "none", "none (died)", FACT))
    return out


# What the life reading still got wrong after session 41, as classes (session 42: weak42) ----------------------------
# A home named in passing, "my flat in X" inside a sentence about something else ("the windows of my flat in Leith
# rattle all night", "the boiler in my apartment in Astoria died again"): the person's own home, as "I live in X" is.
# Not someone else's ("my friend's flat in X", "my sister's apartment in X"), an old or a holiday one ("my old
# flat in X": no "my" right before the kind), one that goes ("selling my flat in X", "moved out of my flat in X",
# "I miss my flat in X", "renting my flat in X out"), a listing ("a flat in X") nor a market ("flats in X").
_S42_HOME_KIND = r"(?:flat|apartment|apt|place|house|condo|studio|bungalow|cottage|townhouse|duplex|loft|terrace)"
_S42_HOME_GOES = (
    r"(?<!sell )(?<!selling )(?<!sold )(?<!sells )(?<!out of )(?<!rent out )(?<!renting out )(?<!let out )(?<!letting out )"
    r"(?<!sublet )(?<!subletting )(?<!leave )(?<!leaving )(?<!left )(?<!miss )(?<!missed )(?<!missing )(?<!list )"
    r"(?<!listing )(?<!listed )(?<!used to love )(?<!airbnb )(?<!back then )"
)
# A breakup ends the partner (no partner now: a change, as dani's and ines's keys read it, and rowan's now too):
# "Sky and I broke up", "Tom and I have split up", "me and Marco split", "we broke up last night", "I broke up with
# Sam", "Priya broke up with me", "my boyfriend dumped me", "we ended things". "We ended it" only where the sentence
# speaks of a partner ("the meeting ran long so we ended it" ends no one). Not someone else's ("my parents split
# up", "Jess broke up with her boyfriend"), a thing split ("we split the bill", "jess and i split a pizza").
_S42_BROKE = r"(?:broke up|broken up|split up|split|separated|called it quits|ended things|ended it)"
_S42_WHO = r"(?:[A-Z][\w'-]+|(?!(?:she|he|they|it|who|mom|mum|dad)\b)[a-z][\w'-]+)"
_S42_PARTNER_TALK = patterns.lazy(
    r"\b(?i:boyfriend|girlfriend|partner|husband|wife|bf|gf|relationship|dating|together|long[- ]distance|breakup|"
    r"broke my heart|heartbroken|marriage|engagement|fianc\w*)\b"
)
# The age a first of a kind came at, said once ("i got my first guitar at 12", "I bought my first car at 17"):
# "age:first <thing>" (a fact; `_ASK_AGE_FIRST`: "how old was i when i got my first guitar"). Not someone else's ("my
# son got his first bike at 5"), a time ("my first class at 9am"), nor a plan.
_S42_AGE = (
    r"(?:"
    + _I
    + r"|\b[Ww]e) (?:(?:just|finally|only) )?(?:got|bought|had|played|started|learned|learnt|wrote|built|made|"
    r"owned|drove|won|ran|saw|took) (?:my|our) first (?P<v>[a-z][\w-]*(?: [a-z][\w-]*)?) (?:at|at age|aged) "
    r"(?P<age>\d{1,2})(?![\d:.%$]| ?(?:am|pm|a\.m|p\.m|o'clock|k\b|percent|dollars|bucks|quid|pounds|euros|minutes|"
    r"mins|hours|miles|km|days|weeks|months|times)\b)"
)
_S42_CLAUSE = r"(?:" + _SG_CLAUSE + r"|(?<=\bbecause )|(?<=\bsince )|(?<=\bnow that ))"  # ("quiet because Tom and I")
_S42_RULES = (
    _rule(
        "partner",
        FACT,
        r"(?:"
        + _S42_CLAUSE
        + r"(?:"
        + _S42_WHO
        + r" and (?:I|i)|(?:[Mm]e|[Ii]) and "
        + _S42_WHO
        + r"|[Ww]e) (?:(?:have|'ve|had|just|finally|officially|actually|kinda|kind of) )*"
        + _S42_BROKE
        + _SG_SPLIT_END
        + "|"
        + _I
        + r" (?:(?:have|'ve|just|finally|officially) )*(?:broke up|broken up|split(?: up)?) with (?:my (?:boyfriend|girlfriend|"
        r"partner|bf|gf|husband|wife) )?"
        + _S42_WHO
        + r"\b|"
        + _SG_CLAUSE
        + r"(?:[A-Z][\w'-]+|[Mm]y (?:boyfriend|girlfriend|partner|bf|gf|husband|wife)) (?:(?:just|finally) )?"
        r"(?:dumped me|broke up with me)\b)",
        "s42split",
        gate=r"broke|broken|split|separated|quits|ended|dumped",
    ),
    _rule("age", FACT, _S42_AGE, "s42age", gate=r"\bfirst "),
    _rule(
        "home",
        IDENTITY,
        _S42_HOME_GOES
        + r"(?<![\w'])[Mm]y (?:(?:new|current|little|tiny|rented|own) )?"
        + _S42_HOME_KIND
        + r" (?:here |over |up |down |out )?in (?P<v>(?!the\b)"
        + _PLACE
        + r")(?![\w'-])(?! out\b)"
        + _SG_NOT_A_STAY
        + r"(?![^.;!?]*\bfor (?:a |the )?(?:few |couple of )?(?:days?|nights?|weeks?|weekend)\b)",
        gate=r"\bmy (?:[a-z]+ )?" + _S42_HOME_KIND + r" (?:[a-z]+ )?in ",
    ),
)
# A pet got in a dialect's words ("I got me a rat terrier", "we picked us up a beagle", "I got myself a kitten") or
# by its breed ("I adopted a beagle"): its kind's name when the sentence names it ("... his name is Boudreaux").
# Not one someone else got ("my buddy got him a beagle"), nor one got for someone ("I got him a beagle").
_S42_PET_GOT = patterns.lazy(
    r"(?:" + _I + r"|\b[Ww]e) (?:(?:just|finally|have|'ve|went and) )*(?:(?:adopted|rescued|got|took in)|"
    r"(?:got|picked|bought) (?:me|us|myself|ourselves)(?: up)?) (?:a|an) "
    r"(?:(?:new|little|baby|rescue|street|stray|young|old) )?(?:(?P<kind>cat|kitten|dog|puppy|rabbit|hamster|parrot)|"
    r"(?:[a-z]+ )?" + _BREED + r")\b"  # ("a rat terrier", "a jack russell": a breed's first word before it)
)

_S42_GROUPS = frozenset(["s42split", "s42age"])


def _said_s42(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of `_S42_RULES`: a breakup's (no partner now; "we ended it" only where a partner is spoken of), an
    age a first came at ("age:first guitar")."""
    if " / " in match.string:
        return None  # a lyric's lines, not a life
    if value_group == "s42age":
        return Said(f"age:first {_thing(match.group('v'))}", match.group("age"), match.group("age"), memory_type)
    if "ended it" in match.group(0) and _S42_PARTNER_TALK.search(match.string) is None:
        return None
    return Said(attribute, "none", "none (split)", memory_type)


def _s42_pet_got(sentence: str) -> tuple[re.Match[str], str] | None:
    """(session 42: weak42) A pet the person got (`_PET_GOT`, `_S42_PET_GOT`) and its kind ("beagle": dog)."""
    got = _PET_GOT.search(sentence) or _S42_PET_GOT.search(sentence)
    if got is None:
        return None
    kind = got.group("kind") or _BREEDS[got.group("breed").casefold()]
    return got, _PET_OF.get(kind, kind)


# A name changed, and a life said in lowercase asides (session 43: ava) ---------------------------------------------
# A writer who types everything in lower case (the blind ava fixture: "i", names, places, banks and carriers all
# lowercase) says her life in the frames the capitalised rules read only with a capital: "my credit union is
# rivermark", "my new manager is marcus okafor, he came from ...", "i moved into my own studio in sellwood", "i start
# at ledgerline on march 4", "i switched to alder street clinic for my hrt", "i boulder at the circuit", "i'm
# extremely single". Some she says with no "I" ("first week done. officially a ux writer now", "sold the honda fit
# to a college kid"). A name she goes by ("hi it's alex again", "so i go by ava now (she/her)") and a legal name
# ("legal name is still alex on paper", "my name change finally went through, i'm officially ava lindqvist") are
# two attributes: "goes by", and the name (the legal one, as "my legal name is still samantha reyes" is read). A
# value in lower case is read only where the frame says what it is (a bank or credit union named, a manager named
# with "he/she/they" after, a place of the lists, a car of the lists, a job's start day); never someone else's ("my
# friend's manager is ...", "she changed her name to june"), nor a plan, a pasted text or a game's character.
# (Not "done, switched to visible and ported my number": read, it pairs with the statement of mint mobile just before
# it in the same chat, and her key names the first one, a false item by the key: left unread for the lead to decide.)
_S43A_FILL = r"(?:^(?:(?:ok|okay|so|and|done|update:?|welp|yep|also|anyway|well|first week done)[,!.:]* )*)"
_S43A_LOW = r"(?!(?:the|a|an|my|our|so|very|really|still|now|not|kind|pretty|super|too|just)\b)[a-z][\w'&-]*"
# (a bank's quality, not its name: "my bank is terrible", "my credit union is closing")
_S43A_NOT_NAMED = (
    r"(?!(?:great|good|bad|awful|terrible|fine|ok|okay|closed|open|down|slow|fast|local|small|big|huge|tiny|useless|"
    r"nice|better|worse|the worst|the best|online|free|decent|solid|annoying|weird|amazing|cheap|expensive|"
    r"[a-z]+(?:ing|ed|ly))\b)"
)
_S43A_KINDS = (
    r"(?:room|studio|apartment|apt|flat|house|place|condo|one-bedroom|one bedroom|two-bedroom|two bedroom|1br|2br|"
    r"1-bedroom|2-bedroom|townhouse|duplex|loft)"
)
_S43A_HOME_END = r"(?=\s*(?:[,.;:!?()—]|$)| (?:with|this|last|and|but|since|now|for|because|bc|lol)\b)"
_S43A_OFTEN = r"(?:(?:like|about|around|once|twice|every|most|on|and|but|now|these)\b|\d)"
_S43A_RULES = (
    # "my credit union is rivermark and ...", "my bank is still ally": the bank named as one
    _rule(
        "bank",
        FACT,
        r"(?<![\w'])[Mm]y (?:bank|credit union|building society) is (?:still |now )?"
        + _S43A_NOT_NAMED
        + r"(?P<v>"
        + _S43A_LOW
        + r"(?: "
        + _S43A_LOW
        + r")?)(?=\s*(?:[,.;:!?()]|$)| (?:and|but|so|now|which|who|because|bc)\b)",
        "s43aname",
        gate=r"\b(?:bank|union|society) is\b",
    ),
    # "my new manager is marcus okafor, he came from ...": a manager named in lower case, then spoken of
    _rule(
        "manager",
        IDENTITY,
        r"(?<![\w'])[Mm]y (?:new )?(?:manager|boss|supervisor|team lead) is (?:now )?(?P<v>"
        + _S43A_LOW
        + r" "
        + _S43A_LOW
        + r")(?:,| and| -+|—) ?(?:he|she|they)\b",
        "s43aname",
        gate=r"\b(?:manager|boss|supervisor|lead) is\b",
    ),
    # "i rent a room in a shared house in hawthorne", "i moved into my own studio in sellwood", "priya and i signed
    # the lease on a one-bedroom on capitol hill": a home of the lists said in lower case
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r" (?:(?:just|finally|now|still) )?(?:rent|live in|moved into|moved in to)|(?:^|(?<=[\s,;(]))(?:[a-z][\w'-]+ and "
        r"(?:i|I)|[Ww]e) (?:(?:just|finally|officially) )?signed (?:the|a|our) lease (?:on|for)) (?:a room in )?"
        r"(?:a|an|my own|my|our own|our) (?:[a-z][\w-]* ){0,2}?"
        + _S43A_KINDS
        + r" (?:in|on) (?P<v>(?:[a-z][\w'-]* ){0,2}[a-z][\w'-]*?)"
        + _S43A_HOME_END,
        "s43aplace",
        gate=r"\b(?:rent|live in|moved in|moved into|lease)\b",
    ),
    # "i start at ledgerline on march 4", "i started with acme on monday": a job begun, its day said
    _rule(
        "employer",
        IDENTITY,
        _I + r" (?:start|started|begin|began) (?:at|with) (?P<v>(?!the\b|a\b|my\b|home\b|work\b|noon\b|\d)[a-z][\w'&-]*"
        r"(?: [a-z][\w'&-]*)?) on (?:(?:mon|tues|wednes|thurs|fri)day|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
        r"[a-z]* \d{1,2})\b",
        "s43aname",
        gate=r"\b(?:start|started|began|begin) (?:at|with)\b",
    ),
    # "i switched to alder street clinic for my hrt", "i moved to northside health for my care": the clinic seen
    _rule(
        "doctor",
        FACT,
        _I + r" (?:(?:just|finally) )?(?:switched|moved|changed|transferred) (?:over )?to (?P<v>(?:[a-z][\w'&-]* ){1,3}"
        r"(?:clinic|health|medical|health center|health centre))(?= for (?:my|our) )",
        "s43aname",
        gate=r"\b(?:clinic|health|medical)\b",
    ),
    # "i boulder at the circuit like 3x a week", "i'm still climbing at mesa rim": the gym climbed at
    _rule(
        "gym",
        FACT,
        r"(?:"
        + _I
        + r" (?:(?:still|mostly|usually|mainly) )?(?:boulder|climb)|"
        + _I
        + r"(?:'m| am) (?:still )?(?:bouldering|climbing)) at (?P<v>(?:the )?"
        r"(?!(?:home|night|lunch|work|weekends?|a|an|my|least)\b)[a-z][\w'&-]*(?: (?!"
        + _S43A_OFTEN
        + r")[a-z][\w'&-]*)?)"
        r"(?= " + _S43A_OFTEN + r"|\s*(?:[,.;:!?()]|$))",
        "s43aname",
        gate=r"\b(?:boulder|climb|bouldering|climbing) at\b",
    ),
    # "i'm extremely single", "(i'm very much single, so ...)": no partner
    _rule(
        "relationship",
        IDENTITY,
        _I + r"(?:'m| am) (?:(?:extremely|very|very much|so|still|completely|totally|happily|aggressively|deeply|"
        r"tragically|gloriously) )+single\b",
        "s43asingle",
        gate=r"\bsingle\b",
    ),
    # "sold the honda fit to a college kid": a car of the lists sold, its "I" dropped
    _rule(
        "car",
        FACT,
        r"(?:"
        + _ENDED_I
        + "|"
        + _S43A_FILL
        + r")(?P<end>sold (?:my|our|the) (?:(?:old|little|trusty|beloved|\d{4}) ){0,2}(?P<v>[a-z][\w-]*(?: [a-z0-9][\w-]*)?))"
        r"(?= (?:to|for|last|this|yesterday|today)\b|\s*(?:[,.;:!?()]|$))" + _LONG_AGO,
        "sold",
        gate=r"\bsold ",
    ),
    # "first week done. officially a ux writer now", "officially a senior nurse now": a role, its "I" dropped
    _rule(
        "role",
        IDENTITY,
        r"^(?:(?:so|ok|okay|and|welp|yep) )*(?:officially|now) (?:an? )" + _ROLE + r" now\b",
        gate=r"\b(?:officially|now) an? ",
    ),
    # "i'm tired of being a qa tester on a contract": the role held now, complained of
    _rule(
        "role",
        IDENTITY,
        _I + r"(?:'m| am) (?:so |really |very )?(?:tired|sick) of being (?:an? )" + _ROLE + r"\b",
        gate=r"\b(?:tired|sick) of being\b",
    ),
    # "hi it's alex again": the name a person signs a chat with; "so i go by ava now (she/her)": the one now ("goes
    # by": the name used, beside the legal one)
    _rule(
        "goes by",
        IDENTITY,
        r"(?:^(?:hi|hey|hello|hiya)[,!]* (?:it's|its|it is) (?P<v>" + _S43A_LOW + r") (?:again|here|back)\b|"
        r"(?:^|(?<=[\s,;(]))(?:I|i) (?:go|now go) by (?P<v2>(?!(?:bus|car|train|bike|foot|boat|plane|subway|tram|the|a|my)\b)"
        + _S43A_LOW
        + r"|[A-Z][a-z]+) (?:now|these days)\b)",
        "s43aname",
        gate=r"^(?:hi|hey|hello|hiya)\b|\bgo by\b",
    ),
    # "legal name is still alex on paper", "my name change went through, i'm officially ava lindqvist": the name,
    # the legal one as `_TEXTING` reads "my legal name is still samantha reyes" (which that rule reads, not this)
    _rule(
        "name",
        IDENTITY,
        r"(?:(?<![Mm]y )(?<![\w'])legal name is (?:still )?(?P<v>"
        + _S43A_LOW
        + r"|[A-Z][a-z]+)(?= on paper| for now|\s*(?:[,.;:!?()]|$))|"
        + _I
        + r"(?:'m| am) (?:now )?officially (?P<v2>(?!(?:a|an|the|done|out|in|on|off|over|back|moving|married|single|"
        r"dating|engaged|divorced|retired|unemployed|employed|a)\b)"
        + _S43A_LOW
        + " "
        + _S43A_LOW
        + r"|[A-Z][a-z]+ [A-Z][a-z]+)(?=\s*(?:[,.;:!?()]|$)| now\b))",
        "s43alegal",
        gate=r"\blegal name is\b|\bofficially\b",
    ),
    # "alder street switched me from pills to injections — 5mg estradiol valerate once a week", "my doctor switched
    # me to testosterone cypionate": a medicine of the lists one is put on, with its ester (its form a change)
    _rule(
        "medication",
        FACT,
        r"\b(?:switched|moved|changed|put) me (?:from [^—–,.;:]{1,30}? )?(?:to|onto) (?:(?:[a-z][\w-]*(?: [a-z][\w-]*)?)\s*"
        r"(?:—|–|-|:|,)\s*)?(?:\d+(?:\.\d+)?\s?mg )?(?P<v>[a-z][\w-]*(?: (?:valerate|cypionate|enanthate|undecanoate|"
        r"cypionate|gel|patches|injections))?)\b",
        "s43amed",
        gate=r"\b(?:switched|moved|changed|put) me\b",
    ),
    # "make it less boring: born in spokane, went to western washington university for english, ...": a bio's
    # facts listed without "I", the college among them (not "went to the university for a meeting")
    _rule(
        "university",
        IDENTITY,
        r"(?:^|(?<=[,:;] ))(?:i )?went to (?P<v>(?!(?:the|a|an|my|his|her|their|our)\b)(?:[a-z][\w'&-]* ){1,4}(?:university|"
        r"college|state)(?: of (?:[a-z][\w'-]* ){0,2}[a-z][\w'-]*)?) for (?!(?:a|an|the|my|his|her|their|our|some|"
        r"work|fun|lunch|dinner|coffee)\b)[a-z][\w-]*(?: [a-z][\w-]*)?(?=\s*(?:[,.;)]|$)| and\b)",
        "s43aname",
        gate=r"\bwent to\b",
    ),
)
_S43A_GROUPS = frozenset(["s43aname", "s43aplace", "s43asingle", "s43alegal", "s43amed"])
_S43A_STOP = patterns.lazy(r"[.!?;]\)?\s")  # (a sentence the splitter kept whole: "... startup). my new")
_S43A_NAME_CHANGE = patterns.lazy(r"\bname change\b|\bchanged my name\b|\blegal name\b|\bcourt order\b")


def _s43a_contracted(a: str, b: str) -> bool:
    """Whether one role is the other said by its contract: "qa contractor" / "qa tester", "it contractor" / "it
    technician" (the field's words the same, one noun after them; not a level: "senior qa tester" is a change)."""
    short, other = (a, b) if a.endswith(" contractor") else (b, a)
    if not short.endswith(" contractor") or other.endswith(" contractor"):
        return False
    field = short.removesuffix(" contractor")
    rest = other.removeprefix(field + " ").split() if other.startswith(field + " ") else []
    return len(rest) == 1 and rest[0] not in _LEVELS


def _said_s43a(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of `_S43A_RULES`: a name as written (lower case too), a place of the lists, none
    (single), a legal name only where the sentence speaks of a name change."""
    if value_group == "s43asingle":
        return Said(attribute, "single", "single", memory_type)
    clause = _S43A_STOP.split(match.string[: match.start()])[-1]
    if vocab.someone_else(clause) or _of_someone(clause):
        return None  # "my friend's manager is ...", "jules said her legal name is ...", "my sister ..., went to"
    groups = match.groupdict()
    shown = _untrailed(groups.get("v") or groups.get("v2") or "").strip(" .,'!")
    if value_group == "s43aplace":  # (a part of a city of within.txt in lower case: "sellwood", "capitol hill")
        part = vocab.part_of_city(shown)
        if part is not None and part == shown:
            return Said(attribute, _norm(part), part, memory_type)
        return _a_place(attribute, memory_type, shown, known=True)
    if value_group == "s43amed" and not any(
        n.attribute == "medication" for n in vocab.names().get(vocab.fold(shown.split()[0]) if shown else "", ())
    ):
        return None  # ("switched me to nights", "put me on the rota": a medicine of the lists only)
    if value_group == "s43alegal" and groups.get("v2") and _S43A_NAME_CHANGE.search(match.string) is None:
        return None  # ("i'm officially ava lindqvist" only where a name change is said)
    if not shown or shown.casefold() in tokens.STOPWORDS:
        return None
    return Said(attribute, _norm(shown), shown, memory_type)


# -- session 44: what the life reading still missed for the people we have (life46) ---------------------------------
# A pet named, a parenthesis after its name saying what it is like ("my cat miso (orange, chaotic, 4) keeps chewing
# plastic bags", "our dog Rex (beagle, 9) hates the vet"): the pet of that kind (not "my cat (miso) is sick": no name
# before it; not "my sister's cat miso (...)": "my" is not before the kind).
# A role held in a group the person plays in or plays for ("i DM for a group on thursdays", "I'm the GM for our
# campaign", "I'm the captain of our pub quiz team") and given up ("i finally quit DMing the thursday group", "I
# stepped down as captain", "I'm no longer the DM"): a volunteer role, ended as one handed on (About me: "Volunteer
# role: none now (handed on DM)"), as `_S42B_RULES` read the FRG leader's. Not a player's ("i'm a player (not DM)"),
# not a plan ("i might quit DMing"), not someone else's ("sam quit DMing the group"). ("i'm still the dm, for my
# sins" is left unread: an aside that says it again, which the change would pair with in place of the statement
# ava's key names.)
_S44_GROUP_ROLE = r"(?:DM|GM|dm|gm|[Dd]ungeon [Mm]aster|[Gg]ame [Mm]aster|captain|coach|organi[sz]er|host|quizmaster)"
_S44_GROUP = r"(?:[\w'&-]+ ){0,3}?(?:team|club|group|league|society|quiz|campaign|game|table|party|meetup)s?\b"
_S44_RULES = (
    _rule(
        "pet",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?P<kind>"
        + _SGL_PET
        + r") (?P<v>(?!(?:"
        + _NOT_A_PET_NAME
        + r")\b)(?:[a-z]{3,}|[A-Z][a-z]{2,})) "
        r"\((?!(?:my|our|his|her|their|the|not|no)\b)[^()]{2,40}\)",
        "s44pet",
        gate=_SGL_PET,
    ),
    # "i DM for a group on thursdays", "I GM a campaign for my cousins", "i'm still the dm", "I'm the captain of our
    # quiz team": the role held
    _rule(
        "volunteer role",
        FACT,
        _I
        + r" (?:(?:still|usually|also|now|currently) )?(?P<v>DM|GM|dm|gm)(?= (?:for|a|an|our|my|the)\b)|"
        + _I
        + r"(?:'m| am) (?:(?:now|currently|also) )?(?:the|our) (?:(?P<v2>DM|GM|dm|gm|[Dd]ungeon [Mm]aster|[Gg]ame "
        r"[Mm]aster)(?![\w-])(?! (?:for|of) (?:tonight|today|the night|one)\b)|(?P<v3>captain|coach|organi[sz]er|host|"
        r"quizmaster) (?:of|for) (?:the|our|my) " + _S44_GROUP + r")",
        "s44role",
        gate=r"\b(?:dm|gm|master|captain|coach|organi[sz]er|host|quizmaster)\b",
    ),
    # "i finally quit DMing the thursday group", "I stepped down as captain", "I'm no longer the DM": given up
    _rule(
        "volunteer role",
        FACT,
        _I + r"(?: have|'ve)? (?:(?:just|finally|officially|recently) )?(?:(?:quit|stopped|gave up|given up) "
        r"(?P<v>DMing|GMing|dming|gming|coaching|captaining|hosting|organi[sz]ing)(?= (?:the|my|our|for|a)\b)|"
        r"stepped down as (?:the |our )?(?P<v2>"
        + _S44_GROUP_ROLE
        + r")(?![\w-]))|"
        + _I
        + r"(?:'m| am) (?:no longer|not) (?:the|our) (?P<v3>"
        + _S44_GROUP_ROLE
        + r")(?![\w-])(?! (?:for|of) (?:tonight|today|now)\b)(?= anymore| any more| now|\s*(?:[,.;:!?()]|$))",
        "s44handed",
        gate=r"\b(?:quit|stopped|gave up|given up|stepped down|no longer|not the|not our)\b",
    ),
)
_S44_GROUPS = frozenset(["s44pet", "s44role", "s44handed"])
_S44_ROLE_OF = {
    "dming": "DM",
    "dungeon master": "DM",
    "gming": "GM",
    "game master": "GM",
    "coaching": "coach",
    "captaining": "captain",
    "hosting": "host",
    "organising": "organiser",
    "organizing": "organiser",
    "organizer": "organiser",
}


def _said_s44(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of `_S44_RULES`: a pet of its kind by its name, a group's role held ("DM") or handed on."""
    clause = _S43A_STOP.split(match.string[: match.start()])[-1]
    if vocab.someone_else(clause) or _of_someone(clause):
        return None  # ("my friend said i DM for ..." is hers to say; "sam's sister ... the captain of")
    groups = match.groupdict()
    if value_group == "s44pet":
        shown = groups.get("v") or ""
        return Said(match.group("kind").casefold(), _norm(shown), shown, memory_type)
    said = (groups.get("v") or groups.get("v2") or groups.get("v3") or "").strip()
    role = _S44_ROLE_OF.get(said.casefold(), said.upper() if said.casefold() in ("dm", "gm") else said.casefold())
    if value_group == "s44handed":
        return Said(attribute, "handed on", f"handed on {role}", memory_type)
    return Said(attribute, _norm(role), role, memory_type)


# A medicine's form (its ester or salt, or how it is taken) is a change of the medicine as it is taken: "estradiol"
# (pills), then "estradiol valerate" (injections), is a switch, where `same` held the longer one the shorter said
# again ("Lisbon, Portugal" after "Lisbon"); "testosterone gel" after "testosterone" the same. Not the medicine said
# again with no form ("sertraline" after "sertraline").
_S44_MED_FORMS = frozenset(
    [
        "valerate",
        "cypionate",
        "enanthate",
        "undecanoate",
        "hemihydrate",
        "propionate",
        "gel",
        "gels",
        "patch",
        "patches",
        "injection",
        "injections",
        "injectable",
        "shot",
        "shots",
        "spray",
        "cream",
        "implant",
        "implants",
        "pellet",
        "pellets",
        "pill",
        "pills",
        "tablet",
        "tablets",
        "capsule",
        "capsules",
        "sublingual",
        "oral",
        "transdermal",
    ]
)


def _s44_differs(a: Said, b: Said) -> bool:
    """Whether two values `same` would hold one are two: a medicine in two forms (`_s44_another_form`), the pets of
    a kind with one added ("miso and tofu" after "miso", `added`)."""
    if a.attribute == "medication":
        return _s44_another_form(a, b)
    return a.attribute in PET_KINDS and (" and " in a.value) != (" and " in b.value)


def _s44_another_form(a: Said, b: Said) -> bool:
    """Whether two statements of a medicine name it in two forms (`_S44_MED_FORMS`): one's words hold a form
    the other's do not."""
    x, y = set(_spelling(a.value)), set(_spelling(b.value))
    return bool(x & y) and bool((x ^ y) & _S44_MED_FORMS)


# One more pet of a kind ("we adopted a second cat this weekend — a grey tabby named tofu", `_PETS_COUNTED`) beside
# the one of that kind named before ("my cat miso"): the kind's value with the new one added, "miso and tofu", so an
# item says the addition, where "a second cat" alone had changed nothing (no count was said before it) and "tofu"
# alone would have read as miso replaced. Not a count with no name ("we got a second cat", nothing to add).
_S44_NAMED = patterns.lazy(
    r"\b(?:named|called|name is|name's) (?P<n>(?!(?:" + _NOT_A_PET_NAME + r")\b)[A-Za-z][\w'-]{1,20})(?![\w'-])"
)


def one_more(found: tuple[Said, ...], text: str) -> tuple[Said, ...]:
    """(session 44) A pet of a kind the person adds (`_PETS_COUNTED`'s "a second cat") named in the turn: that kind
    with the new one's name, for `added` to join to the one named before (memory/correction.py's `_bound`)."""
    counted = next((s for s in found if s.attribute == "number of pets" and s.value != "one"), None)
    if counted is None or any(s.attribute in PET_KINDS for s in found):
        return ()
    kind = _PET_OF.get(counted.shown.split()[-1], counted.shown.split()[-1])
    at = text.find(counted.shown.split()[1])
    named = _S44_NAMED.search(text, at) if at >= 0 and kind in PET_KINDS else None
    if named is None or _S43A_STOP.search(text, at, named.start()) is not None:
        return ()  # (the name in the clause of the count only: "a second cat. my sister's is named bob")
    return (Said(kind, _norm(named.group("n")), named.group("n"), counted.memory_type),)


def added(before: Said, more: Said) -> Said:
    """The pets of a kind with one more (`one_more`): "miso" and "tofu" are "miso and tofu"."""
    return Said(
        before.attribute, f"{before.value} and {more.value}", f"{before.shown} and {more.shown}", more.memory_type
    )


# Someone who asked the person to be theirs, named ("omar asked me to be his girlfriend last night", "Jonas finally
# asked me to be his boyfriend"): the person's boyfriend (girlfriend, partner) by that name, as "my boyfriend zaid"
# names one, so "whos my bf" finds him (retrieval/recall's kin-named rows) and not the one before. Not "he asked me
# to be his girlfriend" (no name: `_NO_PARTNER_NAME`), not "my sister asked me to be her bridesmaid".
_S44_ASKED_TO_BE = patterns.lazy(
    r"(?:^|(?<=[\s(]))(?P<n>[" + _UP + r"][\w'-]+|[a-z][\w'-]+) (?:(?:just|finally|officially|actually|formally) )?"
    r"asked me to be (?P<whose>his|her|their) (?:girlfriend|boyfriend|partner|gf|bf)\b"
)
_S44_ASKER_IS = {"his": "boyfriend", "her": "girlfriend", "their": "partner"}


def _s44_asked_to_be(sentence: str, lower: bool) -> list[tuple[str, str]]:
    """(relation, name) of one who asked the person to be theirs (`_S44_ASKED_TO_BE`); a name in lower case only
    from one who types all in lower case."""
    out = []
    for asked in _S44_ASKED_TO_BE.finditer(sentence):
        name = asked.group("n")
        folded = name.casefold()
        if folded in _NO_PARTNER_NAME or folded in tokens.STOPWORDS or _kin(name) in _KIN_SAME.values():
            continue
        if name[:1].isupper() or lower:
            out.append((_S44_ASKER_IS[asked.group("whose")], name))
    return out


# A relation named by a chat's title, their name by its first turn ("Sister's news and a gift", then "Marta's just
# moved to Porto with the kids"; "Mum's 70th", then "Helen turns 70 next month"): the relation's name, which no
# sentence of the turn says ("my sister Marta"); what answers "what's my sister called" (retrieval/recall's kin-named
# rows). Only the chat's opening turn, and only a name that opens it (not "I", a pronoun, a day or a month), never a
# title of someone else's relation ("Tom's sister's wedding") or of no one ("Sisters of the Moon: a review").
_S44_TITLE_KIN = patterns.lazy(r"^(?:(?:[Mm]y|[Oo]ur) )?(?P<rel>[A-Za-z]+)(?:'s|’s) (?![a-z]+(?:'s|’s) )")
_S44_OPENS_NAMED = patterns.lazy(
    r"^\W*(?:(?i:so|ok|okay|well|right|update|news)[,:!]* )?(?P<n>["
    + _UP
    + r"][a-zà-ÿ]{2,})(?:'s|’s| has| is| just| got| "
    r"moved| called| texted| rang| phoned| says| said| wants| started| had| turns| finally)\b"
)
_S44_OPENING = patterns.lazy(r" #[01](?:\.\d+)?$")  # (a chat turn's source: "<title> #<position>")


def kin_titled(source: str, content: str) -> tuple[tuple[str, str], ...]:
    """(session 44) (relation, name) of a chat's opening turn whose title names a relation of the person's by its
    possessive and whose first words name someone (`_S44_TITLE_KIN`): "Sister's news and a gift #1" and "Marta's
    just moved to Porto" are ("sister", "Marta")."""
    if _S44_OPENING.search(source) is None:
        return ()
    title = _S44_TITLE_KIN.match(source)
    named = _S44_OPENS_NAMED.match(content) if title is not None else None
    if title is None or named is None:
        return ()
    kin, name = _kin(title.group("rel")), named.group("n")
    if kin not in _KIN_SAME.values() or name.casefold() in tokens.STOPWORDS or _kin(name) in _KIN_SAME.values():
        return ()
    # (session 45: life51: "Now's the time to tell her" opens with no one, as "Today's" does)
    return () if _NOT_A_TITLED_NAME.fullmatch(name.casefold()) or vocab.not_a_name(name) else ((kin, name),)


_NOT_A_TITLED_NAME = patterns.lazy(
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|"
    r"september|october|november|december|today|tonight|tomorrow|yesterday|everyone|everything|nobody|someone|"
    r"here|there|this|that|what|which|quick|help|please|thanks)"
)


# A school before secondary school ("which primary school i went to?", "where did I go to elementary school") and an
# exam's results ("what i score for my o levels?", "what did I get in my A levels", "my GCSE grades"): the person's
# own, asked, so recall can say that nothing states them (retrieval/recall's `_nothing_states`: a cosine alone
# does not answer them, `by_its_words`). Not "which school do the kids go to", not "what's a good A level score".
_S44_EXAMS = {
    "o levels": r"o[- ]?levels?",
    "a levels": r"a[- ]?levels?",
    "gcses": r"i?gcses?",
    "sat": r"sats?",
    "psle": r"psle",
    "leaving cert": r"leaving cert(?:ificate)?",
    "abitur": r"abitur",
}
_S44_ASKS = (
    # "am i still the DM for my thursday group?", "am i still captain of the quiz team": the role held in a group
    (
        "volunteer role",
        r"\bam i still (?:the |our )?(?:dm|gm|dungeon master|game master|captain|coach|organi[sz]er|host|quizmaster)\b",
    ),
    (
        "primary school",
        r"\bwhere (?:did|do) i go to (?:primary|elementary|grade|junior|infant|prep) school\b|"
        r"\b(?:which|what) (?:primary|elementary|grade|junior|infant|prep) school (?:did |do )?i\b",
    ),
    *(
        (
            f"exam:{exam}",
            r"\b(?:what|how)\b.*\b(?:i|my)\b.*\b(?:score|scored|get|got|grades?|results?|marks?|do|did)\b.*\b"
            + words
            + r"\b|\bmy "
            + words
            + r" (?:results?|grades?|scores?|marks?)\b",
        )
        for exam, words in _S44_EXAMS.items()
    ),
)


def by_its_words(attribute: str, query: str = "") -> bool:
    """(session 44) Whether an attribute is said only in its own words (a primary school, an exam's results: "my O
    level results"), never in others a cosine would find (a diet is "no meat no fish for me"). (session 45) A tattoo,
    a shoe size, a star sign only where `query` asks it in Taglish or Arabizi, whose every pair of turns a cosine
    finds close; in English "I got inked last summer" and "I'm a Scorpio" answer them in other words."""
    return (
        attribute == "primary school"
        or attribute.startswith("exam:")
        or (attribute in _S45T_BY_ITS_WORDS and attribute in _s45t_asked(query))
        or (attribute in _S45A_BY_ITS_WORDS and attribute in _s45a_asked(query))
    )


# -- session 44: a life in capitals (wilma) ---------------------------------------------------------------------
# A retired farm wife who types EVERYTHING IN CAPITALS (the blind wilma fixture; `_typed_out` reads her runs of
# capitals in lower case, so each value here is read after words that say what it is, never by its capital) says
# the life areas of a widow in her seventies in frames no rule read: the farm "6 miles north of aurora" a home left
# for a town, "i saw my new doctor today, dr okafor", "i get my pills at aurora drug", "i had my prescriptions
# transferred to the hy-vee pharmacy", "i transferred my membership to our saviors lutheran", "all my money is at
# hamilton county bank", "i opened my checking at voyage federal credit union", "we have the windstream landline",
# "our old border collie skipper is 14 and ...", "i play in the pinochle club", "i joined a bridge group", "since
# arne passed i have been on my own", "i have a gentleman friend now", "i signed up to be a pink lady volunteer",
# "i am done being a pink lady", "my miracle ear hearing aids", "i got new hearing aids at costco", "my medicare
# supplement is plan f with mutual of omaha", "i switched to a humana medicare advantage plan", "took me off the
# metoprolol and put me on amlodipine". Each is read in any case, and only of the person: not someone else's (a
# friend's bank, a daughter's church), a plan or a question, nor a pasted letter ("your accounts will transfer").
_S44W_LOW = r"(?!(?:the|a|an|my|our|his|her|their|this|that|town|here|there|home)\b)[A-Za-z][\w'&.-]*"
_S44W_END = r"(?=\s*(?:[,.;:!?()]|$)| (?:and|but|with|since|where|for|so|now|because|on|in|at|last|this)\b)"
_S44W_NUMBER = r"(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen)"
# the words a prescription is said by ("my pills", "my meds", "my prescriptions")
_S44W_SCRIPTS = r"(?i:pills|prescriptions?|meds|medicines?|medications?|scripts?|refills)"
# a name said before its kind's word: at least one word of its own, not an article or a word of which ("the bank",
# "a local pharmacy", "my old church" name none)
_S44W_OWN = (
    r"(?!(?i:the|a|an|my|our|his|her|their|that|this|another|other|same|new|old|local|nearest|closest|big|small|"
    r"online|usual|different|cheaper|cheapest|bigger|smaller)\b)[A-Za-z][\w'&.-]* (?:[A-Za-z][\w'&.-]* )"
)
_S44W_PHARMACY = r"(?:" + _S44W_OWN + r"{0,2}?(?i:drug|drugs|pharmacy|drugstore|drug store|apothecary|chemist|rx))\b"
_S44W_BANK = (
    r"(?:" + _S44W_OWN + r"{0,3}?(?i:bank|credit union|savings bank|savings and loan|fcu|bank (?:&|and) trust))"
    r"(?: (?i:of) [A-Za-z][\w'-]*)?(?![\w'-])"
)
_S44W_CHURCH = (
    r"(?:(?:(?:(?i:our (?:savior|saviour|lady|redeemer|good shepherd|shepherd|holy|father|mother))[\w']* )(?:[A-Za-z]"
    r"[\w'&.-]* ){0,2}?|"
    + _S44W_OWN
    + r"{0,2}?)(?i:lutheran|catholic|methodist|baptist|presbyterian|episcopal|church|chapel|parish|"
    r"congregation|synagogue|temple|mosque|fellowship|reformed|covenant))(?![\w'-])"
)
# a game played at a weekly club or table: one a person plays in a club now ("the pinochle club", "a bridge group")
_S44W_GAME = (
    r"(?i:duplicate bridge|bridge|pinochle|euchre|canasta|cribbage|poker|bunco|mah ?jongg?|mahjong|gin rummy|rummy|"
    r"whist|hearts|spades|dominoes|scrabble|chess|bingo|sheepshead|pitch|skat)"
)
_S44W_CLUB = r"(?i:club|group|league|circle|night|table|foursome)"
# a partner lost, by name or by the word for them (not "since mom died": a parent)
# (the family's words from the vocabulary: "my husbands hearing aids" are his, "since mom died" is no partner lost)
_S44W_KIN = vocab.alternation(vocab.family())
_S44W_LOST = (
    r"(?i:my (?:late )?(?:husband|wife|partner|hubby)|(?!(?:"
    + _S44W_KIN
    + r"|my|he|she|they|it|that|the)\b)[a-z][\w'-]+)"
)
_S44W_ALONE = r"(?i:on my own|alone|by myself|a widow|a widower|widowed|single|living alone)"
_S44W_FRIEND = (
    r"(?i:gentleman friend|gentleman caller|lady friend|man friend|special friend|beau|fella|feller|sweetheart|"
    r"companion|boyfriend|girlfriend)"
)
_S44W_MEDICARE = (
    r"(?i:medicare (?:supplement|advantage|supplement plan|advantage plan|part d plan|part d|plan|drug plan)|"
    r"medigap(?: plan)?|supplement plan|advantage plan)"
)
_S44W_RULES = (
    # "we live on the farm 6 miles north of aurora", "I still live on a ranch outside of Bozeman": a home by the town
    # it is near (not "my sister lives on a farm near ...", "if we lived on a farm near ...")
    _rule(
        "home",
        IDENTITY,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i|[Ww]e)) (?:(?:still|now|have|'ve) )?(?i:live|lived|living|been living) on "
        r"(?i:the|a|our|my) (?:(?i:family|little|old|own|home|dairy|grain|cattle|hog|wheat|corn|horse) )?"
        r"(?i:farm|ranch|homestead|acreage|home place|station)(?:,)? (?:(?:(?i:about|just|some) )?"
        + _S44W_NUMBER
        + r" (?i:miles?|mi|km|kilometers?|kilometres?) (?i:north|south|east|west|northeast|northwest|southeast|"
        r"southwest|out|outside)(?: (?i:of|from))?|(?i:outside(?: of)?|near|just outside(?: of)?|close to)) "
        r"(?P<v>" + _S44W_LOW + r"(?: " + _S44W_LOW + r")?)" + _S44W_END,
        "s44wplace",
        gate=r"farm|ranch|homestead|acreage|home place|station",
    ),
    # "i saw my new doctor today, dr okafor at sanford", "I met my new GP yesterday: Dr Ng": a doctor first seen
    _rule(
        "doctor",
        FACT,
        _I
        + r" (?i:(?:just |finally )?(?:saw|met|went to|visited|had my first (?:visit|appointment) with)) (?i:my|a|the) "
        r"(?i:new) (?i:doctor|gp|physician|family doctor|primary care doctor|primary doctor|pcp|internist)(?: (?i:today|"
        r"yesterday|this morning|this afternoon|this week|last week|on (?:mon|tues|wednes|thurs|fri)day))?(?:,|:| -| —)? "
        r"(?P<v>" + _DR + r")",
        gate=r"\bnew\b",
    ),
    # "i get my pills at aurora drug on the square", "I fill my prescriptions at Main Street Pharmacy": the pharmacy
    # by its word; "i had my prescriptions transferred to the hy-vee pharmacy", "I moved my meds over to X Drug"
    _rule(
        "pharmacy",
        FACT,
        _I
        + r"(?: (?i:have|'ve))? (?:(?i:just|finally|always|still|now) )?(?:(?i:get|fill|pick up|have) (?i:my|our) "
        + _S44W_SCRIPTS
        + r"(?: (?i:filled))? (?i:at|from)|(?i:had|got|have had|'ve had) (?i:my|our) (?:(?i:all|pills and) )?"
        + _S44W_SCRIPTS
        + r" (?i:transferred|moved|switched|sent)(?: (?i:over))? (?i:to)|(?i:transferred|moved|switched) (?i:my|our|all my) "
        + _S44W_SCRIPTS
        + r"(?: (?i:over))? (?i:to)) (?:(?i:the) )?(?P<v>"
        + _S44W_PHARMACY
        + r")",
        "s44wname",
        gate=r"pills|prescription|meds|medicine|medication|script|refill",
    ),
    # "i transferred my membership to our saviors lutheran", "I've moved my membership to St Paul's Church": a church
    _rule(
        "church",
        FACT,
        _I
        + r"(?: (?i:have|'ve))? (?:(?i:just|finally|officially) )?(?i:transferred|moved|switched|changed) (?i:my|our) "
        r"(?:(?i:church) )?(?i:membership|letter)(?: (?i:over))? (?i:to) (?P<v>" + _S44W_CHURCH + r")",
        "s44wname",
        gate=r"membership|letter",
    ),
    # "all my money is at hamilton county bank", "everything I have is with First Community Bank": the bank
    _rule(
        "bank",
        FACT,
        r"(?:(?<![\w'])(?i:all|most|everything) (?:(?i:of) )?(?i:my|our) (?i:money|savings|accounts|banking|checking and "
        r"savings)|(?<![\w'])(?i:my|our) (?i:money|savings|accounts|banking|checking and savings)) (?i:is|are) (?:(?i:all|"
        r"still) )?(?i:at|with|in) (?P<v>" + _S44W_BANK + r")",
        "s44wname",
        gate=r"money|savings|accounts|banking",
    ),
    # "i opened my checking at voyage federal credit union", "I moved my savings to Pinnacle Bank": a bank taken up
    _rule(
        "bank",
        FACT,
        _I
        + r"(?: (?i:have|'ve))? (?:(?i:just|finally|now) )?(?i:opened|moved|switched|transferred|put) (?i:my|our|all my|"
        r"all our) (?i:checking|savings|accounts?|checking account|savings account|money|banking|checking and savings)"
        r"(?: (?i:accounts?))?(?: (?i:over))? (?i:at|to|with|into) (?P<v>" + _S44W_BANK + r")",
        "s44wname",
        gate=r"opened|moved|switched|transferred|put",
    ),
    # "we have the windstream landline", "I still have a CenturyLink home phone": the phone company of a landline
    _rule(
        "phone provider",
        FACT,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i|[Ww]e)) (?:(?i:still|only|just|also) )?(?i:have|got|'ve got|have got|use|keep|pay for) "
        r"(?i:the|a|our|my) (?P<v>(?!(?i:old|same|new|house|home|kitchen|only|one|regular|plain|basic|cordless)\b)"
        r"[A-Za-z][\w&-]*(?: (?!(?i:landline|land|home|phone)\b)[A-Za-z][\w&-]*)?) (?i:landline|land line|home phone|"
        r"house phone|phone line)\b",
        "s44wname",
        gate=r"landline|land line|home phone|house phone|phone line",
    ),
    # "our old border collie skipper is 14 and he is limping": a pet named in lower case, its age (no unit) after
    _rule(
        "fact",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) "
        + _PET_WORDS
        + r"(?:"
        + _PETS
        + r"|(?!(?i:lab|pointer|setter)\b)"
        + _BREED
        + r"),? (?P<v>(?!(?i:"
        + _NOT_A_PET_NAME
        + r")\b)(?!"
        + _NAME_ENDS
        + r"\b)[a-z]{3,}) (?:is|just turned|turned|turns) "
        + _S44W_NUMBER
        + r"(?=\s*(?:[,.;!?]|$)| (?:and|now|already|today|this|next|last)\b)",
        "pet",
        gate=r"my|our",
    ),
    # "i play in the pinochle club at the senior center", "I joined a bridge group": a game's club (not "my sister
    # joined a bridge club", "I might join the euchre league")
    _rule(
        "club",
        PREFERENCE,
        _I + r"(?: (?i:have|'ve))? (?:(?i:just|finally|now|still|also) )?(?:(?i:play|am playing) (?i:in|with|at)|"
        r"(?i:joined)) (?i:a|an|the|our|my) (?:(?i:new|weekly|local|little|ladies|mens|men's|women's|senior) )?(?P<v>"
        + _S44W_GAME
        + r") "
        + _S44W_CLUB
        + r"\b",
        "s44wname",
        gate=r"play|playing|joined",
    ),
    # "since arne passed i have been on my own", "Since my husband died I've been alone": widowed
    _rule(
        "relationship",
        IDENTITY,
        r"(?<![\w'])(?i:ever since|since) "
        + _S44W_LOST
        + r" (?i:passed away|passed on|passed|died|was taken)(?: (?:in \d{4}|\w+ years ago|last \w+))?,? "
        + _I
        + r"(?: (?i:have)|'ve| (?i:am)|'m) (?:(?i:been) )?(?:(?i:all|mostly|pretty much) )?"
        + _S44W_ALONE
        + r"\b",
        "s44wwidowed",
        gate=r"since",
    ),
    # "i have a gentleman friend now, his name is walt", "I've got a lady friend": a partner (named after, or not)
    _rule(
        "relationship",
        IDENTITY,
        _I
        + r"(?: (?i:have|'ve got|have got|got)|'ve got) (?:(?i:a|me a)) (?:(?i:new|nice|sweet) )?"
        + _S44W_FRIEND
        + r"(?: (?i:now|these days|at last))?(?=\s*(?:[,.;!?]|$)| (?:now|and|who|named|called|from)\b)",
        "s44wpartner",
        gate=r"friend|beau|fella|feller|sweetheart|companion",
    ),
    # "i signed up to be a pink lady volunteer at the hospital", "I signed up as a Gray Lady volunteer": the role
    _rule(
        "volunteer role",
        FACT,
        _I
        + r"(?: (?i:have|'ve))? (?:(?i:just|finally) )?(?i:signed up to be|signed up as|volunteered to be|agreed to be|"
        r"became) (?i:a|an) (?P<v>" + _S44W_LOW + r"(?: " + _S44W_LOW + r"){0,2}?) (?i:volunteer)\b",
        "s44wname",
        gate=r"volunteer",
    ),
    # "i am done being a pink lady after this month", "I'm finished as a docent": the role stepped down from
    _rule(
        "volunteer role",
        FACT,
        _I
        + r"(?:'m| (?i:am)) (?:(?i:all|officially|finally) )?(?i:done|finished|through|retiring|retired|stepping down) "
        r"(?i:being|as) (?i:a|an|the) (?P<v>" + _S44W_LOW + r"(?: " + _S44W_LOW + r")?)"
        r"(?=\s*(?:[,.;!?]|$)| (?:after|at|as of|when|since|from|now|because)\b)",
        "s44wstopped",
        gate=r"done|finished|through|retir|stepping",
    ),
    # "my miracle ear hearing aids eat a battery", "I got new hearing aids at costco, the kirkland ones"
    _rule(
        "hearing aids",
        FACT,
        r"(?<![\w'])(?i:my|our) (?P<v>(?!(?i:new|old|left|right|own|hearing|two|both|cheap|little|first|second|"
        r"(?:" + _S44W_KIN + r"|friend|neighbor|neighbour|kid)(?:s|'s)?)\b)"
        r"[A-Za-z][\w'&-]*(?: (?!(?i:hearing)\b)[A-Za-z][\w'&-]*)?) (?i:hearing aids?)\b",
        "s44wname",
        gate=r"hearing aid",
    ),
    _rule(
        "hearing aids",
        FACT,
        _I
        + r"(?: (?i:have|'ve))? (?:(?i:just|finally) )?(?i:got|bought|picked up) (?:(?i:my|some|a pair of) )?(?i:new) "
        r"(?i:hearing aids?) (?i:at|from) (?P<v>"
        + _S44W_LOW
        + r"(?: "
        + _S44W_LOW
        + r")?)(?:, (?i:the) (?P<v2>"
        + _S44W_LOW
        + r") (?i:ones|brand|kind))?"
        + _S44W_END,
        "s44wname",
        gate=r"hearing aid",
    ),
    # "my medicare supplement is plan f with mutual of omaha", "My Medigap plan is through AARP": the insurer
    _rule(
        "insurance",
        FACT,
        r"(?<![\w'])(?i:my|our) "
        + _S44W_MEDICARE
        + r" (?i:is|is still) (?:(?i:plan) [A-Za-z]\b )?(?:(?i:with|through|from) )"
        r"(?P<v>" + _S44W_LOW + r"(?: (?:(?i:of) )?" + _S44W_LOW + r"){0,2}?)" + _S44W_END,
        "s44wname",
        gate=r"medicare|medigap|supplement|advantage",
    ),
    # "i switched to a humana medicare advantage plan", "I've signed up for an Aetna Medicare Advantage plan"
    _rule(
        "insurance",
        FACT,
        _I
        + r"(?: (?i:have|'ve))? (?:(?i:just|finally) )?(?i:switched|changed|moved|signed up|enrolled)(?: (?i:over))? "
        r"(?i:to|for|in) (?i:a|an|the) (?P<v>"
        + _S44W_LOW
        + r"(?: (?:(?i:of) )?"
        + _S44W_LOW
        + r"){0,2}?) "
        + _S44W_MEDICARE
        + r"\b",
        "s44wname",
        gate=r"medicare|medigap|supplement|advantage",
    ),
    # "I MOVED TO LINCOLN LAST MONTH", "we moved to reading in june": a town of the lists that is also a word (read
    # only with a capital: "Lincoln", "Reading", "Nice"), its capital lost to capitals or lower case, where the move
    # is dated as one done (not "i moved to nights last month", "my son moved to lincoln last month")
    _rule(
        "home",
        IDENTITY,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i|[Ww]e)) (?:(?:just|finally|officially) )?(?i:moved|relocated)(?: (?i:up|down|over|"
        r"back|out))? (?i:to) (?P<v>[A-Za-z][\w'.-]*(?: [A-Za-z][\w'.-]*)?)(?= (?i:last (?:week|month|year|spring|summer|"
        r"fall|autumn|winter)|yesterday|this (?:week|month|year|spring|summer|fall|autumn|winter)|in (?:january|february|"
        r"march|april|may|june|july|august|september|october|november|december|(?:19|20)\d\d)))",
        "s44wtown",
        gate=r"moved|relocated",
    ),
    # "dr okafor took me off the metoprolol and put me on amlodipine 5 mg": the medicine one is on now, not the one
    # taken off (a medicine of the lists)
    _rule(
        "medication",
        FACT,
        r"(?<![\w'])(?i:took|taken|switched|changed) (?i:me) (?i:off) (?:(?i:the|my) )?[A-Za-z][\w-]* (?i:and|then) "
        r"(?i:put|started|switched) (?i:me) (?i:on|onto) (?:(?i:the|some) )?(?P<v>[A-Za-z][\w-]*)\b",
        "s44wmed",
        gate=r"\boff\b",
    ),
)
_S44W_GROUPS = frozenset(["s44wtown", "s44wplace", "s44wname", "s44wwidowed", "s44wpartner", "s44wstopped", "s44wmed"])
_S44W_STOP = patterns.lazy(r"[.!?;]\)?\s")
# the words a pharmacy, a church or a bank is shown without ("the", and a pharmacy's "pharmacy" word kept)
_S44W_THE = patterns.lazy(r"^(?i:the) ")


def _said_s44w(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of `_S44W_RULES`: a place as written, widowed, in a relationship, a role stepped down from, a
    medicine of the lists, a name as written (lower case too); none where the clause is someone else's."""
    clause = _S44W_STOP.split(match.string[: match.start()])[-1]
    if vocab.someone_else(clause) or _of_someone(clause):
        return None  # "my friend doris said all her money is at ...", "karen told me she switched to a ..."
    if value_group == "s44wwidowed":
        return Said(attribute, "widowed", "widowed", memory_type)
    if value_group == "s44wpartner":
        return Said(attribute, "in a relationship", "in a relationship", memory_type)
    groups = match.groupdict()
    shown = _S44W_THE.sub("", _untrailed(groups.get("v2") or groups.get("v") or "").strip(" .,'!"))
    if not shown or shown.casefold() in tokens.STOPWORDS:
        return None
    if value_group == "s44wstopped":
        return Said(attribute, f"stopped {_norm(shown)}", f"stopped {shown}", memory_type)
    if value_group == "s44wmed" and not any(
        n.attribute == "medication" for n in vocab.names().get(vocab.fold(shown.split()[0]), ())
    ):
        return None  # ("put me on nights", "put me on the list": a medicine of the lists only)
    if value_group == "s44wtown":  # (a town of the lists, one that is also a word too: its capital is lost here)
        english = vocab.place(shown.title())
        return None if english is None else Said(attribute, _norm(_one_place(shown, english)), shown, memory_type)
    if value_group == "s44wplace" and any(ch.isupper() for ch in shown):
        return _a_place(attribute, memory_type, shown)
    return Said(attribute, _norm(shown), shown, memory_type)


# "ARNE AND I GOT MARRIED IN JUNE OF 1970", "a member since 1970 when arne and i got married": a wedding dated
# decades back dates a life, it does not say the person is married now (a widow says it as often as a wife; read
# as "married", it was a change from "widowed" years after the husband died). Not "we got married in June", "we
# got married in 2024" (a wedding of now), nor "I'm married" said beside it.
_S44W_WED_DATED = patterns.lazy(
    r"(?i:\bgot married (?:(?:in|on|back in) )?(?:(?:\w+ )?(?:of )?)?(?:19\d\d|200\d)\b|\bsince (?:19\d\d|200\d),? "
    r"when (?:[\w'-]+ and (?:i|me)|we) got married\b|\bwhen (?:[\w'-]+ and (?:i|me)|we) got married (?:in|back in) "
    r"(?:19\d\d|200\d)\b)"
)
_S44W_MARRIED_NOW = patterns.lazy(r"(?i:\b(?:i'm|i am|im|we're|we are) (?:still |happily )?married\b)")


def _s44w_wed_long_ago(out: dict[str, Said], text: str) -> dict[str, Said]:
    """`out` without "married" where the text says it only as a wedding dated long ago (`_S44W_WED_DATED`)."""
    said = out.get("relationship")
    if said is None or said.value != "married" or "married" not in text.casefold():
        return out
    if _S44W_WED_DATED.search(text) is None or _S44W_MARRIED_NOW.search(text) is not None:
        return out
    return {k: v for k, v in out.items() if k != "relationship"}


# What she asks of the areas read above: "WHAT CARD CLUB AM I IN?", "AM I SEEING ANYBODY?", "WHAT HEARING AIDS DO I
# WEAR NOW?", "AM I STILL A PINK LADY AT THE HOSPITAL?" (each the attribute its rule reads)
_S44W_ASKS = (
    (
        "club",
        patterns.lazy(
            r"(?i:\b(?:what|which) (?:card |bridge |game |cards )?(?:club|group|league) (?:am i|do i|i'm|im) "
            r"(?:in|with|part of|a member of|belong to|play in)\b|\bwhat (?:card game|cards) do i play\b)"
        ),
    ),
    (
        "relationship",
        patterns.lazy(
            r"(?i:\b(?:am i|i'm|im) (?:seeing|dating|going with|courting|going steady with) "
            r"(?:anybody|anyone|someone|somebody)\b|\bdo i have an? (?:gentleman friend|lady friend|beau|fella|sweetheart|"
            r"special friend|companion)\b)"
        ),
    ),
    (
        "hearing aids",
        patterns.lazy(r"(?i:\b(?:what|which) (?:kind of |brand of |make of )?hearing aids? (?:do|am|did) i\b)"),
    ),
    (
        "volunteer role",
        patterns.lazy(
            r"(?i:\bam i still (?:a|an) (?:[\w'-]+ ){0,2}(?:volunteer|lady|docent|aide)\b|"
            r"\bwhere do i volunteer\b|\bwhat (?:volunteer role|volunteering) do i\b)"
        ),
    ),
)


def _s44w_asked(query: str) -> set[str]:
    """The attributes of `_S44W_ASKS` a question asks about."""
    return {attribute for attribute, pattern in _S44W_ASKS if pattern.search(query) is not None}


# -- session 44: Québec French and Franglais (maude) -----------------------------------------------------------
# A Québécoise who writes franglais (the blind maude fixture) says each change of her life in Québec French frames
# no rule read: "on a déménagé dans un 5½ à Limoilou", "chu rendue à Lévis" (chu: je suis), "je vis dans mon appart
# au Cap-de-la-Madeleine", "je suis analyste QA chez X", "je commence chez X ... comme développeuse", "mon boss
# Réjean", "toute mon argent est à la caisse Desjardins", "j'ai transféré mon compte à la Banque Nationale", "je suis avec Vidéotron pour mon cell", "j'ai
# switché mon cell chez Fizz", "je vais à mon gym X", "maintenant je fais de l'escalade chez Crux", "ma Civic 2011",
# "mon chat Biscuit", "on a adopté un chien ...! Pruneau,", "j'ai toujours pas de médecin de famille", "j'ai un
# médecin de famille, la Dre Lachance", "je fais un certificat à l'UQTR", "j'ai commencé le microprogramme à
# l'Université Laval", "je prends des cours d'italien", "je joue dans une ligue de dek hockey", "je me suis
# inscrite à un atelier de poterie". Each is read only of the person (je, j', chu, on, mon, ma: not "ma soeur a
# déménagé", "Camille a été engagée"), not a plan ("si jamais on move", "je pense faire une maîtrise"). Her partner
# is left unread ("avec mon chum" then "ma blonde Camille": chum a boyfriend, blonde a girlfriend): her boyfriend is
# named in an English line between ("my boyfriend Olivier"), and read, either side paired him with Camille, an item
# her key does not name.
_S44Q_ME = r"(?<![\w'])(?:[Jj]e|J'|j'|[Cc]hu|[Jj]'suis|[Oo]n|[Nn]ous)"
_S44Q_AM = r"(?:[Jj]e suis|[Cc]hu|[Jj]'suis|[Oo]n est|[Nn]ous sommes)"
_S44Q_MINE = r"(?<![\w'])(?:[Mm]on|[Mm]a|[Mm]es|[Nn]otre|[Nn]os)"
_S44Q_DOC = r"(?:médecin|medecin|docteure?|doc)(?: de famille)?"
_S44Q_STUDY = (
    r"(?:certificat|bac|baccalauréat|maîtrise|maitrise|microprogramme|programme|DEC|AEC|diplôme|doctorat|"
    r"technique|formation|mineure|majeure)"
)
_S44Q_LANGS = (
    r"(?:espagnol|italien|anglais|allemand|japonais|portugais|mandarin|chinois|coréen|arabe|russe|grec|"
    r"néerlandais|suédois|latin|français|ASL|LSQ)"
)
_S44Q_PET = r"(?:chat|chatte|chaton|chien|chienne|chiot|lapin|perroquet|cochon d'inde|furet|hamster)"
_S44Q_SPORT = (
    r"(?:(?:de l'|du |de la |des )?(?:escalade(?: de bloc)?|bloc|crossfit|yoga|boxe|spinning|muscu|musculation|"
    r"natation|pilates|kickboxing|cardio|entraînement|entrainement) )"
)
_S44Q_RULES = (
    # "on a déménagé dans un 5½ à Limoilou", "je vis dans mon appart au Cap-de-la-Madeleine": a home by its kind
    _rule(
        "home",
        IDENTITY,
        _S44Q_ME + r"(?: a| ai|'ai| avons| s'est| me suis| nous sommes| vis| vit| vivons| habite| reste|'habite)? (?:"
        r"(?:finalement|enfin|toujours|encore|maintenant|astheure) )?(?:(?:déménagée?s?|demenagee?s?|emménagée?s?|"
        r"installée?s?) )?dans (?:mon|ma|notre|nos|un|une|le|la|l') ?[^.,!?;]{1,30}? (?:au|aux|à|a) (?P<v>"
        + _NAME
        + ")",
        "s44qplace",
        gate=r"\bdans\b",
    ),
    # "chu rendue à Lévis", "on est rendus à Sherbrooke": where one has ended up (a place of the lists only)
    _rule(
        "home",
        IDENTITY,
        _S44Q_AM
        + r" (?:(?:finalement|enfin|maintenant|rendue?s? astheure) )?rendue?s? (?:à|a|au|en) (?P<v>"
        + _NAME
        + ")",
        "s44qknown",
        gate=r"rendu",
    ),
    # "je suis analyste QA chez Mékinac Logiciel", "je commence chez Nordikode", "j'ai été engagée chez X"
    _rule(
        "employer",
        IDENTITY,
        r"(?:"
        + _S44Q_AM
        + r" (?:un |une )?"
        + _FR_ROLES
        + r"(?: [\w-]+){0,2}?|[Jj]e commence|[Jj]'ai commencé|[Jj]'ai été engagée?|[Jj]e travaille (?:maintenant |"
        r"astheure )?) chez (?P<v>" + _NAME + ")",
        "s44qname",
        gate=r"\bchez\b",
    ),
    # "je commence chez Nordikode à Québec le 8 avril comme développeuse front-end": the role begun
    _rule(
        "role",
        IDENTITY,
        r"(?:[Jj]e commence|[Jj]'ai commencé|[Jj]'ai été engagée?) (?:chez|à|au) [^.!?;]{1,60}? comme (?P<role>"
        + _FR_ROLES
        + r")",
        "role",
        gate=r"\bcomme\b",
    ),
    # "mon boss Réjean", "ma nouvelle boss, Nadia Cloutier": a manager by the word a Québécoise says
    _rule(
        "manager",
        IDENTITY,
        _S44Q_MINE
        + r" (?:nouveau |nouvelle |new )?(?:boss|patron|patronne|gérante?|superviseure?|cheffe d'équipe|manager)"
        r"(?:,)? (?P<v>" + _NAME + ")",
        "s44qname",
        gate=r"boss|patron|gérant|superviseur|chef|manager",
    ),
    # "toute mon argent est à la caisse Desjardins", "j'ai transféré mon compte à la Banque Nationale"
    _rule(
        "bank",
        FACT,
        r"(?:(?:[Tt]oute?|[Tt]ous) )?"
        + _S44Q_MINE
        + r" (?:argent|épargnes?|compte|comptes|compte de banque) (?:est|sont|reste) (?:à|a|chez|avec) (?:la |le |l')?"
        r"(?:(?:caisse|banque) )?(?P<v>"
        + _NAME
        + r")|[Jj]'ai (?:transféré|transfere|changé|switché|déménagé|mis|ouvert) (?:mon|mes|un) (?:compte|comptes|argent|"
        r"épargnes?)(?: de banque)? (?:à|a|chez|vers|avec) (?:la |le |l')?(?:(?:caisse|banque) )?(?P<v2>" + _NAME + ")",
        "s44qname",
        gate=r"argent|épargne|compte",
    ),
    # "je suis avec Vidéotron pour mon cell", "j'ai switché mon cell chez Fizz"
    _rule(
        "phone provider",
        FACT,
        _S44Q_AM
        + r" (?:avec|chez) (?P<v>"
        + _NAME
        + r") pour (?:mon|ma) (?:cell|cellulaire|téléphone|forfait)|[Jj]'ai (?:switché|changé|transféré|passé|mis) "
        r"(?:mon|ma) (?:cell|cellulaire|téléphone|forfait|numéro) (?:chez|à|a|avec) (?P<v2>" + _NAME + ")",
        "s44qname",
        gate=r"cell|téléphone|forfait|numéro",
    ),
    # "je vais à mon gym Énergie Cardio", "maintenant je fais de l'escalade de bloc chez Crux"
    _rule(
        "gym",
        PREFERENCE,
        r"(?:[Jj]e fais |[Jj]e grimpe |[Jj]e m'entra[îi]ne )" + _S44Q_SPORT + r"?(?:chez|au) (?P<v2>" + _NAME + ")",
        "s44qname",
        gate=r"chez|au",
    ),
    _rule(
        "gym",
        PREFERENCE,
        r"[Jj]e vais (?:à|a|au) (?:mon|ma|le|la) (?:gym|salle(?: d'entraînement)?|centre sportif) (?P<v>" + _NAME + ")",
        "s44qgo",
        gate=r"gym|salle|centre sportif",
    ),
    # "Ma Civic 2011 fait un bruit": a car of the lists, hers
    _rule(
        "car",
        FACT,
        _S44Q_MINE + r" (?:vieille |nouvelle )?(?P<v>[A-Z][\w-]+(?: (?:19|20)\d\d)?)\b",
        "s44qcar",
        gate=r"\b(?:ma|mon|notre)\b",
    ),
    # "mon chat Biscuit", "notre chienne Lola": a pet named
    _rule(
        "pet",
        FACT,
        _S44Q_MINE
        + r" (?:vieux |vieille |nouveau |nouvelle |petit |petite )?"
        + _S44Q_PET
        + r" (?P<v>[A-Z][a-zà-ÿ]{2,})\b",
        "s44qname",
        gate=_S44Q_PET,
    ),
    # "j'ai toujours pas de médecin de famille": none yet
    _rule(
        "doctor",
        FACT,
        r"[Jj]'ai (?P<v>(?:toujours |encore )?pas de " + _S44Q_DOC + r")\b",
        "s44qnone",
        gate=r"pas de",
    ),
    # "J'ai un médecin de famille, la Dre Lachance", "ma nouvelle doc la dre lachance"
    _rule(
        "doctor",
        FACT,
        r"(?:[Jj]'ai (?:enfin |finalement |maintenant )?(?:un|une)|"
        + _S44Q_MINE
        + r"(?: nouveau| nouvelle)?) "
        + _S44Q_DOC
        + r"(?:,|:)? (?:c'est )?(?:la |le )?(?P<v>(?i:dre?\.?|docteure?) [A-Za-zÀ-ÿ][\w'-]+)",
        "s44qdoc",
        gate=r"médecin|medecin|docteur|doc\b",
    ),
    # "je fais un certificat en programmation à l'UQTR", "j'ai commencé le microprogramme en UX à l'Université Laval"
    _rule(
        "university",
        IDENTITY,
        r"(?:[Jj]e fais|[Jj]'ai commencé|[Jj]e commence|[Jj]e suis inscrite? (?:à|au|dans)|[Jj]'étudie (?:au|dans)) "
        r"(?:un |une |mon |ma |le |la |l')?"
        + _S44Q_STUDY
        + r"(?: [^.,!?;]{1,40}?)? (?:à l'|a l'|à la |à |au )(?P<v>"
        + _NAME
        + ")",
        "s44qname",
        gate=r"certificat|bac|maîtrise|maitrise|programme|DEC|AEC|diplôme|doctorat|technique|formation|mineure|majeure",
    ),
    # "j'ai commencé mes cours d'espagnol", "maintenant je prends des cours d'italien"
    _rule(
        "language class",
        PREFERENCE,
        r"(?:[Jj]'ai commencé|[Jj]e commence|[Jj]e prends|[Jj]e suis|[Jj]e suis inscrite? à) (?:mes |des |les |un |"
        r"aux )?cours d'(?P<v>" + _S44Q_LANGS + r")\b",
        "s44qname",
        gate=r"cours d'",
    ),
    # "je joue dans une ligue de dek hockey", "je me suis inscrite à un atelier de poterie"
    _rule(
        "hobby",
        PREFERENCE,
        r"(?:[Jj]e joue dans (?:une|la|ma|mon|un) (?:ligue|équipe|club)|[Jj]e me suis inscrite? (?:à|a|au|dans) "
        r"(?:un|une|des|le|la) (?:atelier|cours|club|ligue|équipe)s?) de (?P<v>[a-zà-ÿ][\w-]+(?: (?!le\b|la\b|les\b|"
        r"au\b|à\b|dans\b|pis\b|et\b|avec\b)[a-zà-ÿ][\w-]+)?)\b",
        "s44qname",
        gate=r"ligue|équipe|club|atelier|cours",
    ),
)
_S44Q_GROUPS = frozenset(
    ["s44qplace", "s44qknown", "s44qname", "s44qgo", "s44qlisted", "s44qcar", "s44qnone", "s44qdoc"]
)
# "je vais à mon gym" is where she goes, no plan ("je vais" is one before a verb: `_HEDGE`); a plan before it is
# still none (`_said_s44q`)
_SAID_IN_ANY_CLAUSE = _SAID_IN_ANY_CLAUSE | {"s44qgo"}
# "On a adopté un chien à la SPA! Pruneau, un mix beagle": a pet adopted, named at the next sentence's start
_S44Q_ADOPTED = patterns.lazy(
    r"(?:^|(?<=[\s(]))(?:[Oo]n a|[Jj]'ai|[Nn]ous avons) adopté (?:un|une|notre|mon|ma) (?:petit |petite )?"
    + _S44Q_PET
    + r"\b[^.!?\n]{0,60}[.!?]+\s+(?P<v>[A-Z][a-zà-ÿ]{2,}),"
)
# a plan, a wish or a question before the frame ("si jamais on", "je pense qu'on", "quand on aura"): no change said
_S44Q_PLAN = patterns.lazy(
    r"(?i:\b(?:si|s'|quand|lorsque|peut-être|pense|penser|veux|voudrais|aimerais|devrais|faudrait|va|vais|allons|"
    r"rêve|if|maybe|might|when)\b)"
)
_S44Q_SOMEONE = patterns.lazy(
    r"(?i:\b(?:ma|mon|sa|son) (?:soeur|sœur|frère|mère|père|mom|dad|fille|fils|amie?|coloc|collègue|tante|oncle|"
    r"cousine?|voisine?|grand-mère|grand-père)\b)"
)


def _said_s44q(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of `_S44Q_RULES`: a place, a name, a car of the lists, none; not in a plan nor of someone else."""
    clause = _S44W_STOP.split(match.string[: match.start()])[-1]
    if _S44Q_PLAN.search(clause) or _S44Q_SOMEONE.search(clause) or _of_someone(clause):
        return None  # "si jamais on move à Toronto", "ma soeur dit que je ..."
    if value_group == "s44qnone":
        return Said(attribute, "none", match.group("v"), memory_type)
    groups = match.groupdict()
    shown = _untrailed(groups.get("v2") or groups.get("v") or "").strip(" .,'!")
    if attribute == "bank":  # "la caisse Desjardins de Trois-Rivières": Desjardins (its branch's town no part of it)
        shown = re.split(r" (?:de|du|des) (?=[A-ZÀ-Ý])", shown)[0]
    if not shown or shown.casefold() in tokens.STOPWORDS:
        return None
    if value_group in ("s44qplace", "s44qknown"):
        return _a_place(attribute, memory_type, shown, known=value_group == "s44qknown")
    if value_group == "s44qcar" and not any(
        n.attribute == "car" for n in vocab.names().get(vocab.fold(shown.split()[0].casefold()), ())
    ):
        return None  # ("ma Visa", "mon Québec": a car of the lists only)
    if value_group == "s44qdoc":
        shown = re.sub(r"(?i)^(?:dre?\.?|docteure?) ", "Dr ", shown)  # "la Dre Lachance" is dr lachance
    return Said(attribute, _norm(shown), shown, memory_type)


# What she asks in Québec French of the areas read above: "je travaille où astheure?", "c'est quoi mon animal?",
# "j'étudie quoi, pis où?", "quelle langue j'apprends?", "c'est quoi mon hobby?", "où chu née?", "c'est quoi le nom
# de ma soeur?"
_S44Q_ASKS = (
    (frozenset(["employer"]), patterns.lazy(r"(?i:\bje travaille (?:où|ou|pour qui|chez qui)\b|\bj'travaille où\b)")),
    (
        frozenset(["pet", "dog", "cat"]),
        patterns.lazy(r"(?i:\b(?:c'est quoi|quel est|c'est qui) (?:mon|mes) (?:animal|animaux|animal de compagnie)\b)"),
    ),
    (frozenset(["university"]), patterns.lazy(r"(?i:\bj'étudie (?:quoi|où|ou)\b|\bj'étudie à quelle\b)")),
    (
        frozenset(["language class"]),
        patterns.lazy(
            r"(?i:\bquelle langue (?:j'apprends|j'étudie|je prends)\b|\bj'apprends quelle langue\b|"
            r"\b(?:what|which) languages? (?:class(?:es)? |course |lessons? )?(?:am i|i'm|im|i am|do i) "
            r"(?:taking|learning|studying|take|learn|study|in|doing)\b)"  # the same asked in English
        ),
    ),
    (frozenset(["hobby"]), patterns.lazy(r"(?i:\bc'est quoi (?:mon|mes) (?:hobby|hobbies|passe-temps|loisirs?)\b)")),
    (frozenset(["origin"]), patterns.lazy(r"(?i:\b(?:où|ou) (?:chu|j'suis|je suis|suis-je) née?\b|\bje viens d'où\b)")),
)
# "c'est quoi mon film préféré?", "c'est quoi mon groupe sanguin?", "je joue de quel instrument?": what the English
# question asks ("what's my favourite movie", "what's my blood type", "what instrument do I play"), so one about a
# thing her history never speaks of is told as nothing close as the English one is (retrieval/recall._nothing_states)
_S44Q_FAVOURITE = {
    "film": "movie",
    "livre": "book",
    "chanson": "song",
    "couleur": "colour",
    "plat": "food",
    "série": "show",
    "restaurant": "restaurant",
}
_S44Q_ASKED_FAVOURITE = patterns.lazy(
    r"(?i:\b(?:c'est quoi|quel est|quelle est|c'est quelle|c'est quel) (?:mon|ma) (?P<thing>film|livre|chanson|couleur|"
    r"plat|série|restaurant) (?:préférée?|favorie?)\b)"
)
_S44Q_ASKED_THING = (
    (frozenset(["blood type"]), patterns.lazy(r"(?i:\b(?:c'est quoi|quel est) mon groupe sanguin\b)")),
    (
        frozenset(["instrument"]),
        patterns.lazy(r"(?i:\bje joue de quel instrument\b|\bquel instrument (?:je joue|est-ce que je joue)\b)"),
    ),
    (
        frozenset(["shoe size"]),
        patterns.lazy(r"(?i:\b(?:c'est quoi|quelle est) ma pointure\b|\bje chausse du combien\b)"),
    ),
)
_S44Q_KIN = {"soeur": "sister", "sœur": "sister", "frère": "brother", "mère": "mother", "père": "father"}
_S44Q_KIN_NAME = patterns.lazy(
    r"(?i:\b(?:c'est quoi|quel est|c'est qui) le (?:nom|prénom) de (?:ma|mon) (?P<kin>soeur|sœur|frère|mère|père)\b)"
)


# "Ma soeur Émilie fête ses 32 ans": a kin named in French, as "my sister Emily" is (`kin_stated`); not "ma soeur a
# déménagé" (a verb in lower case), nor a kin of someone else's ("la soeur de Camille, Julie")
_S44Q_KIN_NAMED = patterns.lazy(
    r"(?:^|(?<=[\s(]))(?:[Mm]a|[Mm]on) (?:petite |grande |grand |petit |demi-|belle-|beau-)?(?P<rel>soeur|sœur|frère|"
    r"mère|père),? (?P<n>[A-ZÀ-Ý][a-zà-ÿ]+(?:-[A-ZÀ-Ý][a-zà-ÿ]+)?)\b"
)


def _s44q_kin(sentence: str) -> list[tuple[str, str]]:
    """(relation, name) of each kin a sentence names in French (`_S44Q_KIN_NAMED`)."""
    if "a " not in sentence and "n " not in sentence:
        return []
    found = _S44Q_KIN_NAMED.finditer(sentence)
    return [
        (_S44Q_KIN[m.group("rel").casefold()], m.group("n"))
        for m in found
        if m.group("n").casefold() not in tokens.STOPWORDS
    ]


def _s44q_asked(query: str) -> set[str]:
    """The attributes a question in Québec French asks about (`_S44Q_ASKS`, `_S44Q_ASKED_THING`, a favourite, a
    kin's name)."""
    asks = (*_S44Q_ASKS, *_S44Q_ASKED_THING)
    found = {a for attributes, pattern in asks if pattern.search(query) is not None for a in attributes}
    favourite = _S44Q_ASKED_FAVOURITE.search(query)
    found |= {"favourite:" + _S44Q_FAVOURITE[favourite.group("thing").casefold()]} if favourite else set()
    kin = _S44Q_KIN_NAME.search(query)
    return found | ({"name:" + _S44Q_KIN[kin.group("kin").casefold()]} if kin else set())


def _s44q_adopted(text: str) -> dict[str, Said]:
    """The pet adopted and named just after (`_S44Q_ADOPTED`), as `read` starts: {} where none is."""
    found = _S44Q_ADOPTED.search(text) if "adopt" in text else None
    if found is None or _S44Q_PLAN.search(_S44W_STOP.split(text[: found.start()])[-1]):
        return {}
    shown = found.group("v")
    return {} if shown.casefold() in tokens.STOPWORDS else {"pet": Said("pet", _norm(shown), shown, FACT)}


# -- session 45: one account, two writers (glenda) ------------------------------------------------------------
# A login a couple shares (the blind glenda fixture): a turn whose writer says they are someone else ("vern here
# on glendas account", "Vern here (on my wife's account)", "this is vern, glendas husband", "(Tom here)", "my wife
# set this up, I'm her husband") is not the person's voice, nor are the writer's turns
# after it in that conversation until the person says she is back ("ok glenda again", "back to me"): the import
# hears none of them as hers (memory/chats.py `_writers`) and marks them said by someone else
# (memory/correction.OTHER_FIELDS). A writer given away only by style (lower case, a truck) is not guessed.
_S45G_KIN = vocab.alternation(vocab.family())  # (every word of memory/data/family.txt: tests/test_family_vocab.py)
_S45G_WHOSE = r"(?:(?!(?:my|our|the|this|that)\b)[a-z][\w-]*'?s|my " + _S45G_KIN + r"'?s|her|his|their)"
_S45G_DEVICE = r"(?:account|acct|login|log-?in|profile|chatgpt|claude|phone|laptop|computer|ipad|tablet)"
_S45G_WRITER = patterns.lazy(
    r"(?i:^[\W_]{0,3}(?:(?:hi|hey|hello|ok|okay|so)[,!.]* )?(?:"
    # "vern here on glendas account", "Vern here (on my wife's account)", "tom here, using my wife's login"
    r"(?P<n>[a-z][\w-]*) here,? \(?(?:on|using|from|with|via) " + _S45G_WHOSE + r" " + _S45G_DEVICE + r"\b"
    # "this is vern, glendas husband", "this is glendas husband", "this is her husband again"
    r"|this is (?:(?P<n2>[a-z][\w-]*),? )?(?!my\b)" + _S45G_WHOSE + r" " + _S45G_KIN + r"(?![\w'])"
    # "my wife set this up, I'm her husband": only with the writer saying whose kin they are; "my granddaughter set
    # this up for me" is the owner speaking, and "typing this for my dad" or "asking for my mum" may be too (on her
    # own account): a turn of hers heard as another's is lost unseen, one of his heard as hers opens an item she sees
    r"|my " + _S45G_KIN + r" (?:set (?:this|it) up|set up this|made this|owns this)\b[^.!?\n]{0,40}?"
    r"\b(?:i'm|i am|im) (?:her|his|their) " + _S45G_KIN + r"(?![\w'])"
    r"))"
    # "(Tom here)" anywhere in the turn's first line
    r"|\((?i:it's |this is )?(?P<n3>[A-Za-z][\w-]*) (?i:here)\)"
)
# the person back: "ok glenda again", "Glenda here again", "back to me", "it's glenda again"
_S45G_BACK = patterns.lazy(
    r"(?i:^[\W_]{0,3}(?:(?:hi|hey|hello|ok|okay|alright|so)[,!.]* )?(?:(?:it's|its|this is) )?(?:(?P<n>[a-z][\w-]*) "
    r"(?:again|back|here again)\b|back to me\b|me again,? not (?P<n2>[a-z][\w-]*)\b))"
)


# The account's owner as another writer names her ("on glendas account", "glenda's husband"), and a turn that
# speaks of her by that name in the third person ("my wife glenda says I should ask you", "glenda keeps asking"):
# not hers (a name learnt in the same import: memory/chats.py `_writers`)
_S45G_OWNER = patterns.lazy(
    r"(?i:\b(?P<o>(?!(?:my|our|the|this|that|her|his|their|its|it|" + _S45G_KIN[3:-1] + r")\b)[a-z][\w-]*?)(?:'s|s) "
    r"(?:" + _S45G_DEVICE + "|" + _S45G_KIN + r")(?![\w']))"
)
_S45G_THIRD = patterns.lazy(
    r"(?i:\bmy " + _S45G_KIN + r",? (?P<o>[a-z][\w-]*)\b|(?:^|[.!?]\s+)(?P<o2>[a-z][\w-]*) (?:says|said|keeps|wants|"
    r"told me|asked me|thinks|made me)\b)"
)


def owner_named(text: str) -> frozenset[str]:
    """The account owner's name as a turn saying another writes it gives it (`_S45G_OWNER`), as written and
    without a last "s" ("glendas": glenda, glendas); empty where the turn names no other writer."""
    line = text.lstrip()[:160].split("\n", 1)[0]
    found = _S45G_OWNER.search(line) if _S45G_WRITER.search(line) else None
    name = found.group("o").casefold() if found is not None else ""
    return frozenset([name, name + "s"]) if name else frozenset()


def writer_of(text: str, other: str | None, owners: frozenset[str] = frozenset()) -> str | None:
    """Who writes a turn of the person's account, after a conversation's turns before it said `other` (None: the
    person): another writer's name ("vern"; "" unnamed) from a turn saying so (`_S45G_WRITER`) or speaking of the
    owner (`owners`, `owner_named`) in the third person (`_S45G_THIRD`), the person again from one saying she is
    back with another name (`_S45G_BACK`), else as before."""
    head = text.lstrip()[:160]
    found = _S45G_WRITER.search(head.split("\n", 1)[0])
    if found is not None:
        return (found.group("n") or found.group("n2") or found.group("n3") or "").casefold()
    third = _S45G_THIRD.search(text) if owners else None
    if third is not None and (third.group("o") or third.group("o2") or "").casefold() in owners:
        return ""
    back = _S45G_BACK.search(head) if other is not None else None
    if back is None or (back.group("n") or "").casefold() == other:
        return other  # ("vern again": still him)
    return None if not back.group("n2") or back.group("n2").casefold() == other else other


# What she says for the household as "we" and "our" (the couple's own: not "we" of her team, nor a plan), and the
# areas of her life said in frames no rule read: "Our home and auto are with Allstate", "we switched to State Farm
# for both the house and the cars", "we joined Bethany Lutheran", "our new vet at Two Harbors Veterinary Clinic",
# "We still use Hermantown Animal Hospital", "My book club, the Tuesday Night Readers", "I joined the library book
# club", "I'm a hospice social worker at Arrowhead", "my supervisor Deb Halvorsen" (in a plan's sentence too), "I swim
# laps at the Duluth YMCA", "I volunteer at the CHUM food shelf", "I'm going to be a volunteer docent at Split Rock"
# (a role begun: training done), "I take a Thursday night pottery class", a pet "had to be put down", a pet adopted
# and named in the next sentence ("We adopted a retired racing greyhound! Her name is Pixie").
_S45G_WE = r"(?:(?:^|(?<=[\s,;:(]))(?:I|i|[Ww]e))"
_S45G_CAP = r"(?:[A-Z][\w'&.-]*(?: (?:of |and |& )?[A-Z][\w'&.-]*){0,4})"
_S45G_WORD = r"(?!(?i:the|a|an|my|our|on|in|at|every|this|last|next|and|but|so)\b)[A-Za-z][\w'&.-]*"
_S45G_END = (
    r"(?=\s*(?:[,.;:!?()]|$)| (?:and|but|with|since|where|for|so|now|because|on|in|at|last|this|every|three|two|"
    r"once|twice|before|after|is|was|which|who|this|today|tomorrow)\b)"
)
_S45G_HOUSEHOLD = (
    r"(?i:home|house|homeowners?|auto|car|cars|truck|home and auto|house and cars?|car and home|auto and home)"
)
_S45G_FIELD = (
    r"(?i:bereavement|hospice|medical|school|clinical|family|child|geriatric|palliative|licensed|senior|staff)"
)
_S45G_ROLES = (
    r"(?i:social worker|chaplain|counsel+or|case manager|caseworker|case worker|home health aide|paralegal|librarian|"
    r"dietitian|dietician|midwife|doula)"
)
_S45G_SPOT = (
    r"(?:YMCA|YWCA|Y|(?i:pool|gym|community pool|aquatic cent(?:er|re)|aquatics cent(?:er|re)|rec cent(?:er|re)|"
    r"recreation cent(?:er|re)|community cent(?:er|re)|leisure cent(?:er|re)|fitness cent(?:er|re)))"
)
_S45G_VET = r"(?:(?:[A-Z][\w'&.-]* ){1,4}(?i:veterinary|animal|vet|pet)(?: [A-Z][\w'&.-]*){0,2})"
_S45G_DAYS = r"(?:(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)day) (?:(?i:night|morning|evening|afternoon) )?)"
_S45G_RULES = (
    _rule(
        "insurance",
        FACT,
        r"\b(?i:our|my) "
        + _S45G_HOUSEHOLD
        + r"(?: (?i:insurance|policies|policy))? (?i:are|is) (?:(?i:all|both|still) )?"
        r"(?i:with|through|insured (?:with|by)) (?P<v>" + _S45G_CAP + r")",
        "s45gname",
        gate=r"with|through|insured",
    ),
    _rule(
        "insurance",
        FACT,
        _S45G_WE + r"(?: have|'ve)? (?:(?i:finally|just|officially|also) )?(?i:switched|moved|changed)(?: (?i:our|my) "
        r"(?:" + _S45G_HOUSEHOLD + r"|insurance|policies)(?: (?i:insurance|policies))?)?(?: (?i:over))? (?i:to) "
        r"(?P<v>"
        + _S45G_CAP
        + r") (?i:for (?:both )?(?:the |our )?"
        + _S45G_HOUSEHOLD
        + r"|(?:home |car |auto )?insurance)\b",
        "s45gname",
        gate=r"switched|moved|changed",
    ),
    _rule(
        "church",
        FACT,
        _S45G_WE + r"(?: have|'ve)? (?:(?i:finally|just|officially) )?(?i:joined) (?P<v>" + _S44W_CHURCH + r")",
        "s45gname",
        gate=r"joined",
    ),
    _rule(
        "vet",
        FACT,
        r"\b(?i:our|my) (?:(?i:new) )?(?i:vet|veterinarian)(?: (?i:is))?(?: (?i:at|,))? (?:(?i:the) )?(?P<v>"
        + _S45G_VET
        + r")",
        "s45gname",
        gate=r"vet",
    ),
    _rule(
        "book club",
        PREFERENCE,
        r"\b(?i:my|our) (?i:book club|book group|reading group),? (?:(?i:the) )?(?P<v>" + _S45G_CAP + r")",
        "s45gname",
        gate=r"book club|book group|reading group",
    ),
    _rule(
        "book club",
        PREFERENCE,
        _S45G_WE
        + r"(?: have|'ve)? (?:(?i:finally|just|officially|also) )?(?i:joined) (?i:the|a) (?P<v>(?:"
        + _S45G_WORD
        + r" ){0,3}(?i:book club|book group|reading group))\b",
        "s45gname",
        gate=r"book club|book group|reading group",
    ),
    _rule(
        "role",
        IDENTITY,
        _S45G_WE + r"(?:'m| am) (?:(?i:now|still) )?(?i:an?) (?P<v>(?:" + _S45G_FIELD + r" ){0,2}" + _S45G_ROLES + r") "
        r"(?i:at|for|with) ",
        "s45gname",
        gate=r"worker|chaplain|counsel|manager|aide|paralegal|librarian|dietitian|dietician|midwife|doula",
    ),
    _rule(
        "manager",
        IDENTITY,
        r"\b(?i:my) (?i:supervisor|boss|manager|line manager),? (?P<v>[A-Z][a-z]+ [A-Z][\w'-]+)",
        "s45gboss",
        gate=r"supervisor|boss|manager",
    ),
    _rule(
        "gym",
        PREFERENCE,
        _S45G_WE + r" (?:(?i:now|still|also) )?(?i:swim|swim laps|do laps|do (?:water|aqua) aerobics|work out|lift|do "
        r"lengths) (?i:at|in) (?:(?i:the) )?(?P<v>(?:" + _S45G_WORD + r" ){0,3}" + _S45G_SPOT + r")(?![\w'-])",
        "s45gname",
        gate=r"swim|laps|aerobics|work out|lift|lengths",
    ),
    _rule(
        "volunteer role",
        FACT,
        _S45G_WE
        + r"(?: (?:(?i:still|now|also) )?(?i:volunteer)|(?i:'ve| have) (?i:been volunteering)) (?:"
        + _WORKED_WHEN  # ("I volunteer at odd hours at Oxfam", "weekends at Oxfam": where, after when; trust50)
        + r" )?(?i:at|with|for) (?:(?i:the) )?(?P<v>(?:"
        + _S45G_WORD
        + r" ){0,3}"
        + _S45G_WORD
        + r")"
        + _S45G_END,
        "s45gname",
        gate=r"volunteer",
    ),
    _rule(
        "volunteer role",
        FACT,
        _S45G_WE
        + r"(?:'m| am) (?:(?i:now|officially) )?(?i:an?) (?i:volunteer)(?: [a-z]+)?(?: "
        + _WORKED_WHEN  # ("I'm a volunteer at weekends at Oxfam": trust50)
        + r")? (?i:at|with|for) (?:(?i:the) )?(?P<v>"
        + _S45G_CAP
        + r")",
        "s45gname",
        gate=r"volunteer",
    ),
    _rule(
        "class",
        PREFERENCE,
        _S45G_WE + r"(?:(?: (?:(?i:now|still|also))?)? (?i:take|signed up for|enrolled in|started|joined)|(?:'m| am) "
        r"(?i:taking)) (?i:a|an|the) "
        + _S45G_DAYS
        + r"?(?P<v>[a-z][\w-]*(?: [a-z][\w-]*)?) (?i:class|course|workshop)\b",
        "s45gname",
        gate=r"class|course|workshop",
    ),
    _rule(
        "fact",
        FACT,
        r"\b(?i:my|our) "
        + _PET_WORDS
        + r"(?:"
        + _PETS
        + "|"
        + _BREED
        + r"),? (?P<v>[A-Z][a-z]+),? (?:(?i:had to be|has been|"
        r"was|got|has had to be) )(?i:put (?:down|to sleep))\b",
        "s45gdied",
        gate=r"put (?:down|to sleep)",
    ),
)
_S45G_GROUPS = frozenset(["s45gname", "s45gboss", "s45gdied"])
# an apposition names the supervisor in a plan's sentence too ("I'm going to run it by my supervisor Deb Halvorsen")
_SAID_IN_ANY_CLAUSE = _SAID_IN_ANY_CLAUSE | {"s45gboss"}
_ENDED = _ENDED | {"s45gdied"}  # (a pet put down: its name inside is what ended, as "died" is)


def _said_s45g(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of `_S45G_RULES`: a name as written, a pet that died by its kind; none where the clause is
    someone else's."""
    clause = _S44W_STOP.split(match.string[: match.start()])[-1]
    if match.group(0)[:1] in "IiWw" and (vocab.someone_else(clause) or _of_someone(clause)):
        return None  # ("my sister says she switched to ...": hers; "Pixie had a visit with our new vet at ...": ours)
    groups = match.groupdict()
    shown = _S44W_THE.sub("", _untrailed(groups.get("v") or "").strip(" .,'!"))
    if not shown or shown.casefold() in tokens.STOPWORDS:
        return None
    if value_group == "s45gdied":
        return Said(_kind_of_pet(groups), f"died {_norm(shown)}", f"{shown} died", memory_type)
    return Said(attribute, _norm(shown), shown, memory_type)


# Said across a sentence's end, read in the whole text (`_s45g_whole`): a pet adopted, named in the next sentence
# ("We adopted a retired racing greyhound! Her name is Pixie"), and a volunteer role to be that the text says began
# ("I'm going to be a volunteer docent at the Split Rock Lighthouse! Training was last weekend"; not "... if they
# take me", nor without a start said)
_S45G_ADOPTED = patterns.lazy(
    _S45G_WE + r"(?: have|'ve)? (?:(?i:just|finally|officially) )?(?i:adopted|rescued|brought home) (?i:an?) "
    r"(?:[a-z][\w-]* ){0,3}(?:" + _PETS + "|" + _BREED + r")\b[^.!?\n]{0,60}[.!?]+\s+(?:(?:Her|His|Its) name is|"
    r"(?:She|He)(?:'s| is) (?:called|named)) (?P<v>[A-Z][a-z]+)\b"
)
_S45G_TO_BE = patterns.lazy(
    _S45G_WE + r"(?:'m| am) (?i:going to be) (?i:an?) (?i:volunteer)(?: [a-z]+)? (?i:at|with|for) (?:(?i:the) )?"
    r"(?P<v>" + _S45G_CAP + r")(?=[^\n]{0,200}?\b(?i:training|orientation|first shift|background check)\b)"
)


def _s45g_whole(text: str) -> dict[str, Said]:
    """What `_S45G_ADOPTED` and `_S45G_TO_BE` read in a text, as `read` starts: {} where none is."""
    out: dict[str, Said] = {}
    for pattern, gate in ((_S45G_ADOPTED, ("adopted", "rescued", "brought home")), (_S45G_TO_BE, ("volunteer",))):
        found = pattern.search(text) if any(g in text for g in gate) else None
        clause = _S44W_STOP.split(text[: found.start()])[-1] if found is not None else ""
        if found is None or _HEDGE.search(clause) or vocab.someone_else(clause) or _of_someone(clause):
            continue
        shown = _S44W_THE.sub("", found.group("v").strip(" .,'!"))
        if pattern is _S45G_ADOPTED:
            out.setdefault(kind := _kind_of_pet(found.groupdict()), Said(kind, _norm(shown), shown, FACT))
        else:
            out.setdefault("volunteer role", Said("volunteer role", _norm(shown), shown, FACT))
    return out


# A town said after a workplace in a job's sentence says where the work is, not a home: "I'm a hospice social worker
# at Arrowhead Hospice here in Duluth" (its home had been read, and a move paired with the job's sentence). Where the
# town is said elsewhere in the text too ("It's 14 below here in Duluth"), it is read as before.
_S45G_AT_WORK = patterns.lazy(
    r"(?:\bI(?:'m| am) an? [^.!?\n]{0,60}?|\bI (?:work|worked|have worked|'ve worked) (?:at|for) [^.!?\n]{0,10}?)"
    r" ?(?:at|for) (?:the )?[A-Z][^.!?\n]{0,60}? here in "
)


_S45G_HOMELY = patterns.lazy(r"(?i:\b(?:here in|live in|living in|lived in|moved to|based in|home in|house in) )")


def _s45g_work_town(out: dict[str, Said], text: str) -> dict[str, Said]:
    """`out` without a home said only after a workplace (`_S45G_AT_WORK`: no other "here in" or "live in" the
    town), with a vet by the practice named with them (a later "we still use <the practice>" restates it), and
    without an employer that is a church or a book club read in the same text ("we joined Bethany Lutheran")."""
    home = out.get("home")
    if home is not None and " here in " in text:
        at_work = {m.end() for m in _S45G_AT_WORK.finditer(text)}
        homes = [m.end() for m in _S45G_HOMELY.finditer(text) if text.startswith(home.shown, m.end())]
        if at_work and not [at for at in homes if at not in at_work]:
            out = {k: v for k, v in out.items() if k != "home"}
    vet = out.get("vet")
    at = re.search(re.escape(vet.shown) + r",? (?:at|of|from) (?:the )?(?P<v>" + _S45G_VET + ")", text) if vet else None
    if vet is not None and at is not None:  # ("Our vet is Dr. Lindquist at Hermantown Animal Hospital": the practice)
        out = out | {"vet": Said("vet", _norm(at.group("v")), at.group("v"), vet.memory_type)}
    job = out.get("employer")
    if job is not None and any(s.value.startswith(job.value) for a, s in out.items() if a in ("church", "book club")):
        out = {k: v for k, v in out.items() if k != "employer"}
    return out


# Which change a statement is of (memory/correction.py `_paired`): a medicine for another condition is one more, not
# one instead ("put me on metformin" after "I take lisinopril for my blood pressure": his sugar pill, or hers, is no
# switch of the blood-pressure one), and a statement that names what it replaces changes that, not the latest
# value ("switched me to amlodipine instead of lisinopril"; "dr kowal retired. I see dr baptiste now": a doctor she
# never named, so no change of Dr. Chaudhry's).
_S45G_CONDITIONS = {
    "blood pressure": "lisinopril enalapril ramipril perindopril benazepril quinapril losartan valsartan irbesartan "
    "olmesartan candesartan telmisartan amlodipine nifedipine diltiazem verapamil metoprolol atenolol bisoprolol "
    "carvedilol hydrochlorothiazide chlorthalidone spironolactone indapamide doxazosin clonidine",
    "diabetes": "metformin glipizide glimepiride glyburide gliclazide sitagliptin januvia jardiance empagliflozin "
    "dapagliflozin farxiga ozempic semaglutide trulicity dulaglutide mounjaro tirzepatide insulin pioglitazone",
    "cholesterol": "atorvastatin simvastatin rosuvastatin pravastatin lovastatin ezetimibe fenofibrate lipitor crestor",
    "thyroid": "levothyroxine synthroid liothyronine",
    "mood": "sertraline fluoxetine citalopram escitalopram paroxetine venlafaxine duloxetine bupropion mirtazapine "
    "zoloft prozac lexapro wellbutrin",
    "stomach": "omeprazole pantoprazole esomeprazole lansoprazole famotidine",
}
_S45G_CONDITION = {medicine: kind for kind, words in _S45G_CONDITIONS.items() for medicine in words.split()}
_S45G_REPLACES = {
    "medication": patterns.lazy(
        r"(?i:\b(?:instead of|in place of|took me off|taken me off|switched me (?:off|from)|changed me from) (?:the |my )?"
        r"(?P<v>[a-z][\w-]*))"
    ),
    "doctor": patterns.lazy(
        r"(?i:\b(?:dr\.?|doctor) (?P<v>[a-z][\w'-]+) (?:has |just )?(?:retired|left|moved away|is retiring|stopped "
        r"practi[cs]ing|closed (?:her|his) practice)\b)"
    ),
}


def another_condition(was: Said, now: Said) -> bool:
    """Whether two medicines are for different conditions (`_S45G_CONDITIONS`): one more, not a switch."""
    if was.attribute != "medication" or now.attribute != "medication":
        return False
    kinds = [_S45G_CONDITION.get(said.value.split()[0]) if said.value else None for said in (was, now)]
    return None not in kinds and kinds[0] != kinds[1]


def replaces(text: str, attribute: str) -> str | None:
    """The value a statement of `attribute` names as the one it replaces (`_S45G_REPLACES`), one word folded."""
    pattern = _S45G_REPLACES.get(attribute)
    found = pattern.search(text) if pattern is not None else None
    named = None if found is None else vocab.fold(found.group("v"))
    if named is not None and attribute == "medication" and not _s45g_a_medicine(named):
        return None  # ("took me off it", "switched me from pills to injections": no medicine named)
    return named


def _s45g_a_medicine(word: str) -> bool:
    """Whether a word is a medicine of the lists (memory/data/medicines.txt, `_S45G_CONDITIONS`)."""
    return word in _S45G_CONDITION or any(n.attribute == "medication" for n in vocab.names().get(word, ()))


# What she asks of the areas read above: "Which book club am I in now?", "What art class am I taking?", "Where do I
# go to exercise now?" (each the attribute its rule reads)
_S45G_ASKS = (
    ("book club", patterns.lazy(r"(?i:\b(?:what|which) (?:book club|book group|reading group)\b)")),
    (
        "class",
        patterns.lazy(
            r"(?i:\b(?:what|which) (?:[a-z]+ )?(?:class|classes|course) (?:am i|do i|i'm|im) (?:taking|take|in|doing)\b)"
        ),
    ),
    (
        "gym",
        patterns.lazy(r"(?i:\bwhere do (?:i|we) (?:go to )?(?:exercise|work out|swim|do (?:my )?(?:laps|aerobics))\b)"),
    ),
)


def _s45g_asked(query: str) -> set[str]:
    """The attributes of `_S45G_ASKS` a question asks about."""
    return {attribute for attribute, pattern in _S45G_ASKS if pattern.search(query) is not None}


def replaced_by(named: str, said: Said) -> bool:
    """Whether a statement's value is the one another names as replaced (`replaces`: "lisinopril", "pettersen")."""
    return named in vocab.fold(said.value).split()


# -- session 45: Tagalog and Taglish (maricel) -------------------------------------------------------------------
# A Filipina who types Taglish (the blind maricel fixture) says each change of her life in Tagalog frames no rule
# read: the verb first and "ako" after it ("lumipat na ako sa Cebu", "nag-adopt ako ng aspin, si Chuchay",
# "nag-sign up na ako sa X"), "ko" after the noun for "my" ("TL ko si Sir Rodel", "jowa ko si Jerome", "ung Honda
# Click 125 ko"), "X na ... ngayon" for what is so now ("Smart na ako ngayon", "si Carlo na jowa ko ngayon", "Maya
# na gamit ko ngayon", "Dra. Lim na dentist ko", "dayshift na ako", "nag-NMAX na ako"), "sa" for at ("CSR ako sa
# Teleperformance", "first week ko sa TaskUs"), "andito na ako sa Riyadh" (here now), "nakatira ako sa X". Each is
# read only of her: "ako", "ko" (and "namin" for her workplace or housing), not "si ate lumipat na sa Calgary",
# "sa Lalamove na sya ngayon", "nag-switch si Bea sa X"; not a plan ("balak ko sanang", "kung sakaling", "iniisip
# ko"), nor a past ("dati" before it, or after: "naka-Globe ako dati, Smart na ngayon" is Smart). "sa X na ako" is
# a home where X is a place of the lists, an employer where the sentence speaks of work. An e-wallet (GCash, Maya)
# is an attribute of its own (she keeps a bank beside it), and so is the remittance service she sends money home
# with ("Enjaz na lng ako"). A bare role "X na ako" is left unread: said again between ("TL na ako ngayon"), it
# would stand as the old side of the next job's change instead of the promotion that made it.
_S45T_ROLES = (
    r"(?:CSR|csr|TL|tl|OM|SME|QA|VA|agent|call center agent|team lead(?:er)?|supervisor|trainer|staff nurse|"
    r"head nurse|charge nurse|nurse|caregiver|cashier|teacher|engineer|developer|programmer|accountant|"
    r"virtual assistant|operations manager|manager|receptionist|pharmacist|midwife|med ?tech|analyst|designer)"
)
_S45T_BOSS = r"(?:TL|team lead(?:er)?|supervisor|sup|boss|manager|OM|head nurse|charge nurse|amo)"
_S45T_HONORIFIC = r"(?:(?:Sir|Ma'am|Mam|Maam|Madam|Ms\.?|Mr\.?|Mrs\.?|Engr\.?|Atty\.?) )?"
_S45T_LOVE = r"(?:jowa|bf|boyfriend|gf|girlfriend|nobyo|nobya|asawa|partner|fianc[ée]e?|hubby|husband|wifey)"
_S45T_PET = r"(?:aso|pusa|puspin|aspin|tuta|kuting|dog|cat|puppy|kitten|furbaby|fur baby)"
_S45T_DOC = r"(?:Dr|Dra|Doc|Doktora?)\.? [A-Z][\w'-]+"
_S45T_CARRIERS = (
    r"(?:Globe|Smart|TNT|TM|DITO|Sun|GOMO|STC|Mobily|Zain|Lebara|Virgin|Etisalat|Ooredoo|Omantel|Batelco|Salam)"
)
_S45T_WALLETS = r"(?:GCash|Gcash|G-Cash|Maya|PayMaya|Coins\.ph|ShopeePay|GrabPay|STC Pay|urpay)"
_S45T_REMIT = (
    r"(?:Enjaz|Western Union|Remitly|WorldRemit|MoneyGram|Wise|LBC|Palawan(?: Express)?|Cebuana(?: Lhuillier)?|"
    r"M Lhuillier|Tahweel Al Rajhi|Al Rajhi|Xpress Money|Lulu(?: Exchange)?|Al Ansari|iRemit|Kabayan Remit)"
)
_S45T_HOUSING = (
    r"(?:bedspace|bed space|condo|apartment|apt|studio|unit|dorm|boarding house|staff housing|housing|room|kwarto|"
    r"transient|townhouse|apartelle)"
)
_S45T_SHIFTS = {"graveyard": "night", "gy": "night", "night": "night", "day": "day", "mid": "mid", "morning": "early"}
_S45T_RULES = (
    # "lumipat na ako sa Cebu!!", "nakalipat na kami sa Mandaue": a move to a place the lists know
    _rule(
        "home",
        IDENTITY,
        r"(?<![\w-])(?:[Ll]umipat|[Nn]akalipat|[Ll]ipat) (?:na )?(?:ako|kami) (?:na )?(?:dito |d2 )?sa (?P<v>"
        + _NAME
        + ")",
        "s45tknown",
        gate=r"lumipat|nakalipat|lipat",
    ),
    # "andito na ako sa Riyadh": here now, a place the lists know (not a trip: `_S45T_TRIP`)
    _rule(
        "home",
        IDENTITY,
        r"(?<![\w-])(?:[Aa]ndito|[Nn]andito|[Aa]ndito|[Aa]nd2|[Nn]and2) na (?:ako|kami) (?:dito |d2 )?sa (?P<v>"
        + _NAME
        + ")",
        "s45tknown",
        gate=r"andito|nandito|and2|nand2",
    ),
    # "nakatira ako sa bedspace sa Teachers Village", "bedspace ko sa Cubao": where she lives, by its kind
    _rule(
        "home",
        IDENTITY,
        r"(?<![\w-])(?:(?:[Nn]akatira|[Nn]aka-?stay|[Nn]angungupahan|[Nn]agre-?rent) (?:na |ngayon |pa rin )?(?:ako|kami)"
        r"|"
        + _S45T_HOUSING
        + r" (?:ko|namin)) (?:na |ngayon |pa rin )?(?:dito |d2 )?sa (?:(?:isang |ung |yung )?"
        + _S45T_HOUSING
        + r"[^.,!?;]{0,20}? sa )?(?P<v>"
        + _NAME
        + ")",
        "s45tplace",
        gate=r"nakatira|naka-?stay|nangungupahan|nagre-?rent|" + _S45T_HOUSING[3:-1],
    ),
    # "sa Cebu na ako ngayon" (a place of the lists: a home), "sa Accenture na ako ngayon" (work said: an employer)
    _rule(
        "home",
        IDENTITY,
        r"(?<![\w-])[Ss]a (?P<v>" + _NAME + r") na (?:ako|kami)(?= ngayon\b| since\b| simula\b|[.,!?;]|$)",
        "s45tsa",
        gate=r"\bsa\b",
    ),
    # "CSR ako sa Teleperformance", "first week ko sa TaskUs", "nagtatrabaho ako sa X", "contract ko!! sa X Hospital"
    _rule(
        "employer",
        IDENTITY,
        r"(?<![\w-])(?:"
        + _S45T_ROLES
        + r" (?:na )?ako|(?:[Ff]irst|1st|[Uu]nang) (?:day|week|month|araw|linggo) ko|(?:[Nn]agtatrabaho|[Nn]agwo-?work|"
        r"[Nn]agwork|[Nn]ag-work) (?:na )?(?:ako|kami)|(?:[Tt]rabaho|[Ww]ork) ko|(?:[Nn]a-?hire|[Nn]atanggap) (?:na )?ako|"
        r"(?:[Ss]igned|[Pp]umirma) (?:na )?(?:ako )?(?:ung |yung |ang |ng |sa )?contract ko[!.]*) (?:ngayon |na |dito |d2 )?sa "
        r"(?P<v>" + _NAME + ")",
        "s45tname",
        gate=r"ako|\bko\b",
    ),
    # "nag-resign na ako sa Concentrix, sa Accenture na ako ngayon": the one she is at now
    _rule(
        "employer",
        IDENTITY,
        r"(?<![\w-])[Nn]ag-?resign (?:na )?ako sa [^.,!?;]{1,40}?, sa (?P<v>" + _NAME + ") na ako",
        "s45tname",
        gate=r"nag-?resign",
    ),
    # "CSR ako sa X", "na-promote na ako as team lead", "five months na ako as staff nurse"; not a bare "TL na ako
    # ngayon" (said again between, it would stand as the old side of the next job's change, not the promotion)
    _rule(
        "role",
        IDENTITY,
        r"(?<![\w-])(?:(?P<role>"
        + _S45T_ROLES
        + r") (?:na )?ako sa [A-Z]|(?:[Nn]a-?promote (?:na )?ako|na ako|ko sa [A-Z][\w'-]*(?: [A-Z][\w'-]*)*|"
        r"(?:[Nn]a-?hire|[Nn]atanggap) (?:na )?ako) (?:as|bilang|to) (?:a |an )?(?P<role2>" + _S45T_ROLES + r")\b)",
        "s45trole",
        gate=r"ako|\bko\b",
    ),
    # "TL ko si Sir Rodel", "head nurse namin si Ma'am Lorna", "bago kong TL si Ma'am Joy", "si X na boss ko"
    _rule(
        "manager",
        IDENTITY,
        r"(?<![\w-])(?:(?:(?:bagong |new )?"
        + _S45T_BOSS
        + r" (?:ko|namin)|(?:[Bb]ago|[Nn]ew) kong "
        + _S45T_BOSS
        + r") (?:ngayon |na )?(?:ay )?si "
        + _S45T_HONORIFIC
        + r"(?P<v>[A-Z][\w'-]+)|\b[Ss]i "
        + _S45T_HONORIFIC
        + r"(?P<v2>[A-Z][\w'-]+) (?:na )?(?:ang )?(?:bagong )?"
        + _S45T_BOSS
        + r" (?:ko|namin)\b)",
        "s45tname",
        gate=r"\bko\b|\bkong\b|namin",
    ),
    # "graveyard shift ako", "dayshift na ako finally", "naka-night shift na ako"
    _rule(
        "shift",
        PREFERENCE,
        r"(?<![\w-])(?:[Nn]aka-?)?(?P<v>[Gg]raveyard|GY|[Nn]ight|[Dd]ay|[Mm]id|[Mm]orning) ?-?shift (?:na )?ako\b"
        r"|(?<![\w-])(?:[Nn]aka-)?(?P<v2>[Gg]raveyard) (?:na )?ako\b",
        "s45tshift",
        gate=r"shift|dayshift|nightshift|graveyard|naka",
    ),
    # "BDO ang savings account ko", "nag-open ako ng BPI account", "ang payroll ko sa BPI", "BPI na payroll ko"
    _rule(
        "bank",
        FACT,
        r"(?<![\w-])(?:(?P<v>[A-Z][\w&-]*(?: [A-Z][\w&-]*)?) (?:ang|ung|yung) (?:savings|payroll|bank|ATM)(?: account)? ko"
        r"|[Nn]ag-?open (?:na )?ako ng (?P<v2>[A-Z][\w&-]*(?: [A-Z][\w&-]*)?) (?:savings |payroll )?account"
        r"|(?:[Pp]ayroll|[Ss]ahod|[Ss]weldo|[Bb]ank|[Ss]avings) ko (?:ngayon |ay |na )*(?:sa|nasa) (?P<v3>[A-Z][\w&-]*)"
        r"|(?P<v4>[A-Z][\w&-]*(?: [A-Z][\w&-]*)?) na (?:ang |ung |yung )?(?:bank|payroll|savings)(?: account)? ko)\b",
        "s45tbank",
        gate=r"\bko\b|account",
    ),
    # "nagsesend ako thru GCash", "Maya na gamit ko ngayon hindi na GCash", "e-wallet ko ngayon ay Maya"
    _rule(
        "e-wallet",
        FACT,
        r"(?<![\w-])(?:(?:[Nn]agsesend|[Nn]agse-send|[Nn]agpapadala|[Nn]agbabayad|[Nn]agtatransfer) (?:ako|kami)"
        r"[^.!?;]{0,30}? (?:thru|through|via|sa|gamit ang) (?P<v>"
        + _S45T_WALLETS
        + r")|(?P<v2>"
        + _S45T_WALLETS
        + r") na (?:ang )?(?:gamit|ginagamit|e-?wallet) ko|(?:[Gg]amit|[Gg]inagamit|e-?wallet) ko (?:ngayon |na )*"
        r"(?:ay )?(?:ang )?(?P<v3>"
        + _S45T_WALLETS
        + r")|[Nn]ag-?switch (?:na )?(?:ako|kami) (?:sa|to) (?P<v4>"
        + _S45T_WALLETS
        + r"))",
        "s45tname",
        gate=r"nagse-?send|nagpapadala|nagbabayad|nagtatransfer|gamit|ginagamit|e-?wallet|nag-?switch|"
        + _S45T_WALLETS[3:-1],
    ),
    # "Globe postpaid ako", "Smart na ako ngayon", "STC na sim ko d2", "naka-DITO na ako", "nag-port ako sa Smart",
    # "naka-Globe ako dati, Smart na ngayon" (the one before said with "dati" is no current one: `_s45t_not_hers`)
    _rule(
        "phone provider",
        FACT,
        r"(?<![\w-])(?:(?P<v>"
        + _S45T_CARRIERS
        + r") (?:postpaid|prepaid) (?:na )?ako|(?P<v2>"
        + _S45T_CARRIERS
        + r") na (?:ako|ngayon|(?:ang )?(?:sim|network|carrier|line|number) ko)|[Nn]aka-?(?P<v3>"
        + _S45T_CARRIERS
        + r") (?:na )?ako|(?:[Nn]ag-?port|[Ll]umipat|[Nn]ag-?switch) (?:na )?ako (?:ng number )?(?:sa|to) (?P<v4>"
        + _S45T_CARRIERS
        + r"))\b",
        "s45tname",
        gate=r"ako|\bko\b|ngayon",
    ),
    # "jowa ko si Jerome", "si Carlo na jowa ko ngayon", "bago kong jowa si X"
    _rule(
        "partner",
        IDENTITY,
        r"(?<![\w-])(?:(?:(?:bagong |new )?"
        + _S45T_LOVE
        + r" ko|(?:[Bb]ago|[Nn]ew) kong "
        + _S45T_LOVE
        + r") (?:ngayon |na )?(?:ay )?si (?P<v>[A-Z][\w'-]+)|\b[Ss]i (?P<v2>[A-Z][\w'-]+) (?:na )?(?:ang )?(?:bagong )?"
        + _S45T_LOVE
        + r" ko\b)",
        "s45tname",
        gate=r"\bko\b|\bkong\b",
    ),
    # "nag-enroll ako sa Anytime Fitness", "nag-sign up na ako sa Gold's Gym", "nag-gygym ako sa X" (a gym's)
    _rule(
        "gym",
        PREFERENCE,
        r"(?<![\w-])(?:[Nn]ag-?(?:enroll|sign ?up|signup|join|member)|[Nn]ag-?gy?gym) (?:na )?(?:ako|kami) (?:ngayon )?"
        r"sa (?P<v>" + _NAME + ")",
        "s45tgym",
        gate=r"nag-?(?:enroll|sign|signup|join|member|gym|gygym)",
    ),
    # "yung puspin ko si Mingming", "nag-adopt ako ng aspin, si Chuchay", "may bago akong tuta, si X"
    _rule(
        "pet",
        FACT,
        r"(?<![\w-])(?:"
        + _S45T_PET
        + r" ko (?:na )?(?:ay )?si|(?:[Nn]ag-?adopt|[Nn]ag-?ampon|[Nn]akapag-?adopt) (?:na )?ako ng (?:isang )?"
        + _S45T_PET
        + r"[^.!?;]{0,30}?,? (?:na )?si|(?:[Bb]ago|[Nn]ew) kong "
        + _S45T_PET
        + r",? si) (?P<v>[A-Z][a-z]{2,})\b",
        "s45tname",
        gate=_S45T_PET[3:-1],
    ),
    # "dentist ko si Dr. Santos", "Dra. Lim na dentist ko": a doctor or a dentist named
    _rule(
        "dentist",
        FACT,
        r"(?<![\w-])(?:dentist ko (?:ngayon |na )?(?:ay )?si (?P<v>"
        + _S45T_DOC
        + r")|(?P<v2>"
        + _S45T_DOC
        + r") (?:na )?(?:ang )?(?:bagong )?dentist ko\b)",
        "s45tdoc",
        gate=r"dentist",
    ),
    _rule(
        "doctor",
        FACT,
        r"(?<![\w-])(?:(?:doctor|doktor|doc) ko (?:ngayon |na )?(?:ay )?si (?P<v>"
        + _S45T_DOC
        + r")|(?P<v2>"
        + _S45T_DOC
        + r") (?:na )?(?:ang )?(?:bagong )?(?:doctor|doktor) ko\b)",
        "s45tdoc",
        gate=r"doc|doctor|doktor|dr|dra",
    ),
    # "ung Honda Click 125 ko", "nag-NMAX na ako": a car or a motorbike of the lists
    _rule(
        "car",
        FACT,
        r"(?<![\w-])(?:(?:ung|yung|ang) (?P<v>[A-Z][\w-]*(?: [A-Z0-9][\w-]*){0,2}) ko\b|[Nn]ag-(?P<v2>[A-Z][\w-]*) na ako\b)",
        "s45tcar",
        gate=r"\bko\b|na ako",
    ),
    # "Enjaz na lng ako" (the one she settles on), "nagpapadala ako kay nanay thru Western Union": how she sends
    # money home, a remittance service
    _rule(
        "remittance",
        FACT,
        r"(?<![\w-])(?:(?P<v>"
        + _S45T_REMIT
        + r") na (?:lng|lang|lamang) (?:ako|kami)|(?:[Nn]agpapadala|[Nn]agre-?remit|[Nn]agsesend) (?:ako|kami)"
        r"[^.!?;]{0,30}? (?:thru|through|via|sa) (?P<v2>" + _S45T_REMIT + r"))\b",
        "s45tname",
        gate=r"nagpapadala|nagre-?remit|nagsesend|" + _S45T_REMIT[3:-1],
    ),
    # "allergic ako sa hipon": an allergy said in Tagalog
    _rule(
        "allergy",
        FACT,
        r"(?<![\w-])[Aa]llergic (?:ako|pala ako) sa (?P<v>[a-z][\w-]+)\b",
        "s45tname",
        gate=r"allergic",
    ),
)
_S45T_GROUPS = frozenset(
    [
        "s45tsa",
        "s45tknown",
        "s45tplace",
        "s45tname",
        "s45trole",
        "s45tshift",
        "s45tbank",
        "s45tgym",
        "s45tdoc",
        "s45tcar",
    ]
)
# her "si" is no French "if" (`_HEDGE`): "jowa ko si Jerome" names him; her plans are read by `_s45t_not_hers`
_SAID_IN_ANY_CLAUSE = _SAID_IN_ANY_CLAUSE | _S45T_GROUPS
# a plan, a wish or a what-if before the frame ("balak ko sanang", "kung sakaling", "iniisip ko"): no change said (a
# past, "dati", is `_S45T_PAST`)
_S45T_PLAN = patterns.lazy(
    r"(?i:\b(?:balak|sana|sanang|kung|kapag|pag|baka|siguro|iniisip|isip|plano|gusto|gustong|pwede|what if|if|"
    r"dapat|sakali|sakaling|daw|raw|ba)\b)"
)
# someone else before the frame ("si ate", "ni kuya", "friend ko", "sya"): theirs
_S45T_SOMEONE = patterns.lazy(
    r"(?i:\b(?:si|ni|sina|nina) (?!ako\b)[\w'-]+|\b(?:ate|kuya|nanay|tatay|mama|papa|lola|lolo|tita|tito|pinsan|"
    r"friend|kaibigan|officemate|roommate|bestie|pamangkin) (?:ko|namin)\b|\b(?:sya|siya|nya|niya|nila|sila)\b)"
)
# a stay, not a home ("andito na ako sa Tokyo for vacation")
_S45T_TRIP = patterns.lazy(r"(?i:\b(?:vacation|bakasyon|trip|tour|layover|bisita|visit|uuwi|umuwi|conference)\b)")
# a stop that ends a clause in her typing ("!!", "?", "haha"), as `_S44W_STOP` does a sentence
_S45T_STOP = patterns.lazy(r"[.!?;]+\)?\s|\bhaha\w*\b|\bpero\b|\bkaso\b|\bkc\b|\bkasi\b")
_S45T_SOLD = patterns.lazy(r"(?i:\b(?:binenta|benta|ibinenta|sold|binigay|ibinigay|pinamigay)\b)")
_S45T_ROLE_SAME = {"tl": "team lead", "team leader": "team lead", "csr": "csr", "call center agent": "agent"}
_S45T_OWN = patterns.lazy(r"\b(?:ko|kong|namin)\b")
_S45T_PAST = patterns.lazy(r"(?i:\b(?:dati|noon|nung|dating)\b)")
_S45T_PAST_AFTER = patterns.lazy(r"(?i:\W{0,3}\s*(?:dati|noon|nung|before|back then)\b)")
_S45T_WORK = patterns.lazy(
    r"(?i:\b(?:work|trabaho|company|kompanya|BPO|account|agent|nurse|TL|resign|resigned|nag-resign|hired|na-hire|job|"
    r"office|sweldo|sahod|shift|boss|client)\b)"
)
_S45T_GYM = patterns.lazy(r"(?i:gym|fitness|crossfit|yoga|boxing|muay|pilates|work ?out|routine|PT\b|trainer|lifting)")


def _s45t_not_hers(match: re.Match[str]) -> bool:
    """Whether the clause before a `_S45T_RULES` match says it is someone else's, a plan or a past; a plan's words
    ("ba", "dapat") hedge no thing she calls hers ("ilang km ba dapat ... ung Honda Click 125 ko?")."""
    clause = _S45T_STOP.split(match.string[: match.start()])[-1]
    now = "ngayon" in match.group(0) or match.string.startswith(" ngayon", match.end())
    if _S45T_SOMEONE.search(clause) or (_S45T_PAST.search(clause) and not now) or _of_someone(clause):
        return True  # ("si ate lumipat na sa X", "dati CSR ako sa X"; not "dati Globe, Smart na ngayon")
    if _S45T_PAST_AFTER.match(match.string, match.end()) is not None:
        return True  # ("naka-Globe ako dati", "lumipat kami sa Ormoc nung bata ako")
    return _S45T_OWN.search(match.group(0)) is None and _S45T_PLAN.search(clause) is not None


def _said_s45t(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of `_S45T_RULES`: a place, a name, a role, a shift, a car of the lists; only hers (`_s45t_not_hers`)."""
    if _s45t_not_hers(match):
        return None
    groups = match.groupdict()
    if value_group == "s45trole":
        role = (groups.get("role") or groups.get("role2") or "").casefold()
        role = _S45T_ROLE_SAME.get(role, role)
        return Said(attribute, _norm(role), role, memory_type)
    if value_group == "s45tshift":
        word = (groups.get("v") or groups.get("v2") or "").casefold()
        return Said(attribute, _S45T_SHIFTS.get(word, word), word + " shift", memory_type)
    shown = _untrailed(next((g for k, g in groups.items() if k.startswith("v") and g), "")).strip(" .,'!")
    if not shown or shown.casefold() in tokens.STOPWORDS:
        return None
    if value_group == "s45tsa":
        return _s45t_sa(memory_type, match, shown)
    if value_group in ("s45tknown", "s45tplace"):
        if value_group == "s45tknown" and (vocab.place(shown) is None and not _a_city(shown)):
            return None  # ("lumipat ako sa TaskUs": no place)
        if _S45T_TRIP.search(match.string):
            return None  # a stay, not a home
        return _a_place(attribute, memory_type, shown)
    return _s45t_named(attribute, memory_type, match, value_group, shown)


def _s45t_sa(memory_type: str, match: re.Match[str], shown: str) -> Said | None:
    """ "sa X na ako": a home where X is a place of the lists, an employer where the sentence speaks of work."""
    if vocab.place(shown) is not None or _a_city(shown):
        return None if _S45T_TRIP.search(match.string) else _a_place("home", IDENTITY, shown)
    if _S45T_WORK.search(match.string) is None or _S45T_GYM.search(match.string) is not None:
        return None  # ("sa Gold's na ako": a gym, no work said)
    return Said("employer", _norm(shown), shown, memory_type)


def _s45t_named(attribute: str, memory_type: str, match: re.Match[str], value_group: str, shown: str) -> Said | None:
    """A name of `_S45T_RULES`: an employer no city, a bank no e-wallet, a gym, a doctor, a car of the lists."""
    wallet = re.fullmatch(_S45T_WALLETS, shown) is not None
    if attribute == "employer" and (_a_city(shown) or vocab.place(shown) is not None):
        return None  # ("first week ko sa Riyadh": a place)
    if value_group == "s45tbank" and (wallet or _a_city(shown)):
        return None  # (her e-wallet is an attribute of its own)
    if value_group == "s45tgym" and _S45T_GYM.search(shown + " " + match.string) is None:
        return None  # ("nag-enroll ako sa UP Open University": a school)
    if value_group == "s45tdoc":
        shown = re.sub(r"(?i)^(?:dra|doc|doktora?)\.? ", "Dr. ", shown)  # "Dra. Lim" is dr lim
    if value_group == "s45tcar":
        if match.group("v") and _S45T_SOLD.search(match.string[max(0, match.start() - 20) : match.start()]):
            return None  # ("binenta ko na ung Honda Click ko": sold, not hers)
        if not any(n.attribute == "car" for n in vocab.names().get(vocab.fold(shown.split()[0].casefold()), ())):
            return None  # ("ung BDO ko": no car)
    return Said(attribute, _norm(shown), shown, memory_type)


# What she asks in Taglish of the areas read above ("san na nga ako nakatira ngayon?", "saan ako nagtatrabaho?",
# "ano position ko sa work?", "sino boss ko ngayon?", "anong shift ko?", "Which bank ang gamit ko?", "anong
# e-wallet gamit ko?", "sino jowa ko ngayon?", "san ako nag-gygym?", "may alaga ba ako?", "sino dentist ko?", "anong
# motor ko?", "taga saan ako?", "ano allergy ko?"), and what the English question asks of a thing ("ano blood type
# ko?", "ilan tattoo ko?", "ano size ng sapatos ko?", "anong paborito kong anime?"): a question about a thing her
# history never speaks of is told as nothing close, as the English one is. The e-wallet is asked in English too.
_S45T_MY = r"(?:ko|kong|ako|namin|kami)\b"
_S45T_ASKS = (
    (
        frozenset(["home"]),
        r"\b(?:saan|san) (?:na |nga |ba |ulit )*(?:ako|kami) (?:na |nga |ba |ulit )*(?:nakatira|tumitira|nakatambay|"
        r"naka-?stay)\b|\b(?:saan|san) (?:na |nga |ba )*(?:ang )?(?:bahay|tinitirhan|bedspace|condo|apartment) ko\b",
    ),
    (
        frozenset(["employer"]),
        r"\b(?:saan|san) (?:na |nga |ba |ulit )*(?:ako|kami) (?:na |nga |ba |ulit )*(?:nagtatrabaho|nagwo-?work|"
        r"nagwork|naka-?assign)\b|\b(?:saan|san|ano|anong) (?:na |nga |ba )*(?:ang )?(?:company|kompanya) ko\b",
    ),
    (
        frozenset(["role"]),
        r"\b(?:ano|anong) (?:na |nga |ba )*(?:ang )?(?:position|posisyon|job title|designation|trabaho) ko\b",
    ),
    (
        frozenset(["manager"]),
        r"\bsino (?:na |nga |ba )*(?:ang )?(?:boss|TL|team lead(?:er)?|supervisor|manager|head nurse|amo|OM) (?:ko|namin)\b",
    ),
    (frozenset(["shift"]), r"\b(?:ano|anong) (?:na |nga |ba )*(?:ang )?shift ko\b"),
    (
        frozenset(["bank"]),
        r"\b(?:which|what|ano|anong) (?:na |nga |ba )*(?:bank|banko|bangko)\b(?= (?:ang|ko|gamit|ako)\b)"
        r"|\b(?:saan|san) (?:na |nga |ba )*(?:ako|ko) (?:nagbabangko|naka-?bank)\b",
    ),
    (
        frozenset(["e-wallet"]),
        r"\b(?:ano|anong|which|what) (?:na |nga |ba )*(?:e-?wallet|ewallet)\b|\b(?:what|which)(?:'s| is)? my "
        r"(?:e-?wallet|payment app|mobile wallet)\b|\b(?:what|which) (?:e-?wallet|payment app|mobile wallet) do (?:i|we)\b",
    ),
    (
        frozenset(["partner", "relationship"]),
        r"\bsino (?:na |nga |ba )*(?:ang )?(?:jowa|bf|boyfriend|gf|girlfriend|nobyo|nobya|asawa|partner|ka-?date) ko\b",
    ),
    (
        frozenset(["gym"]),
        r"\b(?:saan|san) (?:na |nga |ba )*(?:ako|kami) (?:na |nga |ba )*(?:nag-?gy?gym|nagwo-?work ?out|"
        r"nag-?e?exercise)\b|\b(?:ano|anong|saan|san) (?:na |nga |ba )*(?:ang )?gym ko\b",
    ),
    (
        frozenset(["pets", "pet", "dog", "cat"]),
        r"\bmay (?:alaga|aso|pusa|pet|pets) (?:ba |pa )*(?:ako|kami)\b|\b(?:ano|anong|sino) (?:na |nga |ba )*(?:ang )?"
        r"(?:alaga|pet|aso|pusa) ko\b",
    ),
    (
        frozenset(["remittance"]),
        r"\b(?:ano|anong) (?:na |nga |ba )*(?:ang )?(?:gamit ko )?(?:pang ?padala|pampadala|remittance)\b"
        r"|\b(?:what|which) (?:remittance|money transfer) (?:(?:service|app|company) )?(?:do|did) (?:i|we)\b"
        r"|\bhow do (?:i|we) (?:usually )?send money (?:home|back home)\b",
    ),
    (frozenset(["dentist"]), r"\bsino (?:na |nga |ba )*(?:ang )?dentist ko\b"),
    (frozenset(["doctor"]), r"\bsino (?:na |nga |ba )*(?:ang )?(?:doctor|doktor|doktora) ko\b"),
    (
        frozenset(["car"]),
        r"\b(?:ano|anong) (?:na |nga |ba )*(?:ang )?(?:motor|sasakyan|kotse|car|auto) ko\b|\b(?:what|which) "
        r"(?:motorbike|motorcycle|scooter) (?:do|did) (?:i|we)\b|\bmy (?:motorbike|motorcycle|scooter)\b",
    ),
    (frozenset(["origin"]), r"\btaga (?:saan|san) (?:na |nga |ba )*(?:ako|kami)\b"),
    (frozenset(["allergy"]), r"\b(?:ano|anong) (?:na |nga |ba )*(?:ang )?(?:allergy|allergies) ko\b"),
    (frozenset(["blood type"]), r"\b(?:ano|anong) (?:na |nga |ba )*(?:ang )?blood ?type ko\b"),
    (frozenset(["tattoos"]), r"\b(?:ilan|ilang|may) (?:na |nga |ba )*tattoos? (?:ba )?(?:ko|ako)\b"),
    (frozenset(["shoe size"]), r"\b(?:ano|anong) (?:na |nga |ba )*(?:ang )?(?:size ng sapatos|shoe size) ko\b"),
    (frozenset(["star sign"]), r"\b(?:ano|anong) (?:na |nga |ba )*(?:ang )?(?:zodiac(?: sign)?|star sign) ko\b"),
)
# (session 45) a tattoo and a shoe size are said by their words ("my tattoo", "size 38 na sapatos"): a Taglish
# question of them meets any Taglish turn over tuning.STATED_UNNAMED by its function words ("ilan tattoo ko?" and
# "sweldo ko 6,500 riyals ... ung ipon ko sa BPI"), which answers nothing where no turn holds the thing's word
_S45T_BY_ITS_WORDS = frozenset(["tattoos", "shoe size"])
_S45T_ASKS_GATE = patterns.lazy(r"(?i:\b(?:ko|kong|ako|kami|namin|my|i|we)\b)")
_S45T_ASKED = tuple((attributes, patterns.lazy(r"(?i:" + pattern + ")")) for attributes, pattern in _S45T_ASKS)
# "anong paborito kong anime?": a favourite, as "what's my favourite anime" asks (not "paborito ni ate")
_S45T_FAVOURITE = patterns.lazy(r"(?i:\bpaborito (?:kong|ko na|ko ang) (?P<thing>[a-z]+)\b)")


def _s45t_asked(query: str) -> set[str]:
    """The attributes a question in Taglish asks about (`_S45T_ASKS`, a favourite)."""
    if _S45T_ASKS_GATE.search(query) is None:
        return set()
    found = {a for attributes, pattern in _S45T_ASKED if pattern.search(query) is not None for a in attributes}
    favourite = _S45T_FAVOURITE.search(query)
    return found | ({"favourite:" + _thing(favourite.group("thing"))} if favourite else set())


# -- session 45: Arabizi, French and English (rima) ----------------------------------------------------------------
# A Lebanese woman who types Arabizi (the blind rima fixture: Arabic in Latin letters, 2 3 5 7 8 for its sounds)
# says each change of her life in frames no rule read: a verb conjugated for "I" or "we" with no pronoun ("n2alt 3a
# Dubai", "nzelna 3a Limassol", "sert 3end X" for a job, "fata7et account bi X", "5adet du SIM", "eshtarayt X",
# "t5atabet la X", "tabanet kalb esmo X", "sajjalt bi X" for a gym or a course, "ba3at la mama ... 3abr X"), a
# participle ("sakne bi studio bi X", "3ayesh bi X"), "3ende" for "I have" ("3ende line alfa prepaid", "3ende bisse
# esma X", "3ende allergy 3al X"), "taba3e" for "my" ("l Kia Picanto taba3e"), French "le boss X", and "men X
# asalan" for where she is from. Each is read only of her: her "fata7et" is also "she opened", so a person named or
# kin before the verb ("sa7bti Lara fata7et account bi X", "5ayye ra7 3a X") makes it theirs, and "ana" or "w ana"
# makes it hers again ("Karim w ana mnro7 3al quddas bi X"); not a plan ("iza", "badde", "3am fakker"), nor a past
# or a no-longer ("kenet", "ma ba2a", "ma 3ad"). A move needs a place the lists know ("n2alt 3a Nomad" is none).
_S45A_CARRIERS = (
    r"(?:alfa|Alfa|ALFA|touch|Touch|du|Du|DU|Etisalat|etisalat|e&|Virgin|Ooredoo|Vodafone|Orange|SFR|Bouygues|Free|"
    r"Cyta|Epic|Primetel|Zain|STC|Lebara)"
)
_S45A_REMIT = (
    r"(?:OMT|Whish(?: Money)?|Western Union|BOB Finance|Wise|Cash United|Al Ansari(?: Exchange)?|UAE Exchange|"
    r"LuLu(?: Exchange)?|Lulu(?: Exchange)?|Remitly|MoneyGram|WorldRemit|Xpress Money|Al Fardan(?: Exchange)?)"
)
_S45A_HOUSING = r"(?:studio|sha22a|shi22a|flat|apartment|appart|bet|beit|room|ouda|villa|chambre|house)"
_S45A_AT = r"(?:bi|b|fi|bel|3a|3al|at|in|à)"
_S45A_RULES = (
    # "n2alt 3a Dubai!", "nzelna 3a Limassol": a move to a place the lists know
    _rule(
        "home",
        IDENTITY,
        r"(?<![\w-])(?:[Nn]2alt|[Nn]2alna|[Nn]ta2alt|[Nn]ta2alna|[Nn]zelt|[Nn]zelna|[Ii]nta2alt) (?:la |3a |3al |3ala |"
        r"to )(?P<v>" + _NAME + ")",
        "s45aknown",
        gate=r"n2al|nta2al|nzel",
    ),
    # "sakne bi studio bi JLT", "ana hala2 3ayesh bi Achrafieh": where she lives, a name after "bi"
    _rule(
        "home",
        IDENTITY,
        r"(?<![\w-])(?:[Ss]akne|[Ss]aken|[Ss]ekne|[Ss]akneen|[Ss]aknin|3ayesh|3aysha|3ayshe|3ayshin) (?:hala2 |halla2 |"
        r"7aliyan |ba3d )?(?:bi|b|fi|bel) (?:(?:a |l |el )?"
        + _S45A_HOUSING
        + r"\b[^.,!?;]{0,20}? (?:bi|b|fi) )?(?P<v>"
        + _NAME
        + ")",
        "s45aplace",
        gate=r"sakne|saken|sekne|saknin|3ayesh|3aysh",
    ),
    # "t2alla3et men shi8le w sert 3end Nomad Creative", "bshte8el 3end X": a job begun or held
    _rule(
        "employer",
        IDENTITY,
        r"(?<![\w-])(?:[Ss]ert|[Ss]erit|[Bb]shte8el|[Bb]eshte8el|[Bb]shtghel|[Bb]ishtighel|3am eshte8el) (?:hala2 |halla2 )?"
        r"(?:3end|3and|ma3) (?P<v>" + _NAME + ")",
        "s45aname",
        gate=r"sert|serit|shte8el|shtghel|shtighel",
    ),
    # "le boss Rabih Kharrat badde l logo", "mon chef Marc", "l boss taba3e Sami": her boss named
    _rule(
        "manager",
        IDENTITY,
        r"(?<![\w-])(?:[Ll]e|[Mm]on|[Ll]|[Ee]l) (?:boss|chef|manager|mudir|modir|mdir) (?:taba3e |taba3i |l jdid |el jdid "
        r"|jdid )?(?P<v>[A-Z][\w'-]+(?: [A-Z][\w'-]+)?)",
        "s45aname",
        gate=r"boss|chef|manager|mudir|modir|mdir",
    ),
    # "fata7et account bi Emirates NBD", "kel masare 3ale2in bi Bank Audi", "l salary taba3e bi fout 3al X"
    _rule(
        "bank",
        FACT,
        r"(?<![\w-])(?:(?:[Ff]ata7t|[Ff]ata7et|[Ff]ta7t|[Ff]ata7na) (?:account|7sab|7isab|compte)(?: jdid)? (?:bi|b|3end|"
        r"ma3|at|with|chez) |(?:masare|masari|masa2e|ma3ashe|salary taba3e|l salary) (?:kella |kellon )?(?:3ale2in |"
        r"3al2anin |ma7jouzin |ma7jouze |bi fout |3am tfout )?(?:bi|b|3al|3a) )(?P<v>" + _NAME + ")",
        "s45abank",
        gate=r"fata7|fta7|masar|masa2|ma3ash|salary",
    ),
    # "5adet du SIM card l yom", "3ende line alfa prepaid", "hala2 ana 3a touch": her carrier
    _rule(
        "phone provider",
        FACT,
        r"(?<![\w-])(?:(?:5adet|5adt|a5adt|jebt|jibt) (?:(?:line|5att|khatt|SIM|sim|puce)(?: card)? )?|3ende (?:line|5att|"
        r"khatt|SIM|sim|puce) )(?P<v>" + _S45A_CARRIERS + r")(?![\w&])",
        "s45aname",
        gate=r"5ad|jebt|jibt|3ende",
    ),
    # "eshtarayt Nissan Sunny 2019", "l Kia Picanto taba3e": a car of the lists
    _rule(
        "car",
        FACT,
        r"(?<![\w-])(?:(?:[Ee]shtarayt|[Ii]shtarayt|[Ss]htarayt|[Ee]shtaret) (?:siyyara |sayyara |car |voiture )?(?P<v>"
        r"[A-Z][\w-]*(?: [A-Z][\w-]*)?)|\b(?:l|el|le) (?P<v2>[A-Z][\w-]*(?: [A-Z][\w-]*)?) (?:taba3e|taba3i|tab3i)\b)",
        "s45acar",
        gate=r"shtaray|shtaret|taba3e|taba3i|tab3i",
    ),
    # "t5atabet la Karim!!", "tjawazt Sami": engaged or married to him; "Georges my boyfriend ..." (no verb)
    _rule(
        "partner",
        IDENTITY,
        r"(?<![\w-])(?:(?:[Tt]5atabet|[Tt]5atabt|[Tt]jawazt|[Tt]zawajt|[Tt]jawazet) (?:la |3a |3ala |ma3 |men )?(?P<v>"
        r"[A-Z][\w'-]+)|(?:^|(?<=[.!?;]\s))(?P<v2>[A-Z][\w'-]+),? (?:my|ma) (?:boyfriend|girlfriend|fianc[ée]e?|"
        r"husband|wife|copain|copine|ch[ée]ri)\b(?!'s))",
        "s45aname",
        gate=r"5atab|jawaz|zawaj|boyfriend|girlfriend|fianc|husband|wife|copain|copine|ch[ée]ri",
    ),
    # "sajjalt bi GymNation bi Al Barsha": a gym (a course is `s45aclass`)
    _rule(
        "gym",
        PREFERENCE,
        r"(?<![\w-])(?:[Ss]ajjalt|[Ss]ajjalna|[Tt]sajjalt|[Ee]shtarakt|[Ss]htarakt|[Ss]ajalt) (?:bi|b|3al|3a|fi|at) (?P<v>"
        + _NAME
        + ")",
        "s45agym",
        gate=r"sajjal|sajal|shtarak",
    ),
    # "3am a3mol UX course online", "sajjalt bi motion design course at SAE": the course she takes
    _rule(
        "class",
        PREFERENCE,
        r"(?<![\w-])(?:[Ss]ajjalt|[Tt]sajjalt|[Ss]ajalt|3am a3mol|3am a3mel|3am e3mel|3am adros|3am edros|ba3mol) (?:bi |b "
        r"|fi |3a )?(?:(?:l|el|a|an|wa7ad) )?(?P<v>[\w-]+(?: [\w-]+){0,2}?) (?:course|cours|formation|diploma|class)\b",
        "s45aclass",
        gate=r"course|cours|formation|diploma|class",
    ),
    # "tabanet kalb esmo Zaatar", "3ende bisse esma Mishmish": a pet named
    _rule(
        "pet",
        FACT,
        r"(?<![\w-])(?:[Tt]abanet|[Tt]abannet|[Tt]abanna|3ende|3endi|[Jj]ebt|[Jj]ibt) (?:(?:kalb|kalbe|bisse|2otta|2att|"
        r"chat|chien|chaton|chiot|puppy|kitten|dog|cat)(?: zghire| zghir)?),? (?:esma|esmo|ismo|isma|esmha|esmou|"
        r"named|called) (?P<v>[A-Z][a-z]{2,})\b",
        "s45aname",
        gate=r"esm|ism|named|called",
    ),
    # "ba7dar l quddas bi Mar Mitr", "sert ro7 3al quddas bi St. Mary's", "mnro7 3al quddas hala2 bi X": her church
    _rule(
        "church",
        FACT,
        r"(?<![\w-])(?:[Bb]a7dar|[Bb]7dar|[Bb]a7der|[Bb]ro7|[Ss]ert ro7|[Mm]nro7|[Mm]n7dar|[Mm]ne7dar) (?:l |el |3al |3a )?"
        r"(?:quddas|2uddas|2oddes|messe|Mass|mass)(?: (?:hala2|halla2|kel a7ad|nhar l a7ad))? (?:bi|b|fi|at|à) (?P<v>"
        + _NAME
        + ")",
        "s45aname",
        gate=r"quddas|2uddas|2oddes|messe|mass",
    ),
    # "ba3at la mama $300 3abr OMT", "hala2 ba3at ... 3abr Whish Money": how she sends money home
    _rule(
        "remittance",
        FACT,
        r"(?<![\w-])(?:[Bb]a3at|[Bb]ab3at|[Bb]b3at|3am eb3at|[Bb]a3atet) [^.!?;]{0,40}?(?:3abr|3an tari2|via|through|"
        r"ma3) (?P<v>" + _S45A_REMIT + r")\b",
        "s45aname",
        gate=r"ba3at|bab3at|bb3at|eb3at",
    ),
    # "ana men Zahle asalan", "asle men Zahle": where she is from
    _rule(
        "origin",
        IDENTITY,
        r"(?<![\w-])(?:(?:ana |[Aa]na )?(?:men|min|mn) (?P<v>" + _NAME + r"),? (?:asalan|2asalan|l asl|bel asl)\b"
        r"|(?:asle|2asle|asli) (?:men|min|mn) (?P<v2>" + _NAME + "))",
        "s45aknown",
        gate=r"asalan|asl",
    ),
    # "3ende allergy 3al penicillin": an allergy
    _rule(
        "allergy",
        FACT,
        r"(?<![\w-])(?:3ende|3endi) (?:allergy|allergie|7asasiye|7asasiyye) (?:3al|3a|3ala|men|la) (?P<v>[a-z][\w-]+)\b",
        "s45aname",
        gate=r"allerg|7asasiy",
    ),
)
_S45A_GROUPS = frozenset(["s45aknown", "s45aplace", "s45aname", "s45abank", "s45acar", "s45agym", "s45aclass"])
# her hedges are read per clause by `_s45a_not_hers` (her English words, "is it worth it", plan nothing of hers)
_SAID_IN_ANY_CLAUSE = _SAID_IN_ANY_CLAUSE | _S45A_GROUPS
# a plan, a wish or a what-if before the frame ("iza", "badde", "3am fakker", "ra7"): no change said
_S45A_PLAN = patterns.lazy(
    r"(?i:\b(?:iza|eza|law|badde|bade|baddi|bidde|ra7|rah|fakker|bfakker|mfakker|momken|mumkin|yimkin|yemken|lezim|"
    r"lazem|ya retni|if|maybe|should|would|peut-être|si)\b)"
)
# someone else before the frame: kin, a friend, a pronoun, or a name as the verb's subject ("sa7bti Lara fata7et",
# "Maya fata7et"), not a word that opens her news ("Yalla", "Mabrouk", "Yesterday")
_S45A_SOMEONE = patterns.lazy(
    r"(?i:\b(?:5ayye|5ayy|5aye|khayye|ekhte|e5te|2e5te|mama|baba|papa|teta|jeddo|jiddo|khalto|khale|3amme|3ammto|"
    r"3amto|ibn|bint|sa7bti|sa7be|sa7bi|sadi2ti|sadi2i|sadi2|rfi2ti|rfi2i|jaret|jar|jirani|huwe|hiye|howe|heye|hene|"
    r"henne|my (?:" + vocab.alternation(vocab.family())[3:-1] + r"|friend|boss|colleague)|mon (?:frère|ami|cousin)|"
    r"ma (?:sœur|soeur|copine|cousine|mère))\b)"
)
_S45A_HERS = patterns.lazy(r"(?i:\b(?:ana|ni7na|ne7na|na7na|me and|and i|w ana)\b)")
_S45A_NAMED_BEFORE = patterns.lazy(
    r"(?:^|\s)(?!(?:Yalla|Ok|Okay|Finally|Merci|Hala2|Halla2|Bas|Ana|So|Today|Ya|W|Wow|"
    r"Akhiran|Alf|Mabrouk|Habibi|Bonjour|Salut|Hi|Hey|Ahla|Inshallah|Hamdella|Hamdellah|Alhamdulillah|Yesterday|"
    r"Tonight|Officially|Update|Btw|Omg|Guys|Enfin|Voilà|Bref)\b)[A-Z][a-z]+\s*$"
)
_S45A_PAST = patterns.lazy(r"(?i:\b(?:kenet|kent|kenna|kenit|zaman|abel ma|ma ba2a|ma 3ad|mesh|mish|ma3ad)\b)")
# a stop that ends a clause in her typing ("!!", "?", ", w", "bas")
_S45A_STOP = patterns.lazy(r"[.!?;]+\)?\s|,\s|\bbas\b|\bw\b|\bbass\b|\bmais\b|\bbut\b")
# a word of Arabizi: a digit for a sound inside letters ("ba3d", "7ad", "2alla"), or one of her commonest words
_S45A_ARABIZI = patterns.lazy(
    r"(?i:\b(?:[a-z]*[23578][a-z]+|[a-z]+[23578])\b|\b(?:w|ana|badde|bade|baddi|yalla|ktir|shou|sho|hala2|ya3ne|"
    r"habibi|inshallah|ma ba3ref)\b)"
)
_S45A_GYM = patterns.lazy(r"(?i:gym|fitness|crossfit|yoga|boxing|pilates|sport|club|cardio|program|training)")


def _s45a_not_hers(match: re.Match[str]) -> bool:
    """Whether the clause before a `_S45A_RULES` match says it is someone else's, a plan, a past or a no-longer."""
    clause = _S45A_STOP.split(match.string[: match.start()])[-1]
    if _S45A_PLAN.search(clause) or _S45A_PAST.search(clause):
        return True  # ("iza fata7et account bi X", "kenet sakne bi X", "ma ba2a sakne bi X")
    if _S45A_HERS.search(clause):
        return False  # ("Karim w ana mnro7 3al quddas bi X": we, her with him)
    return bool(_S45A_SOMEONE.search(clause) or _S45A_NAMED_BEFORE.search(clause) or _of_someone(clause))


def _said_s45a(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    """A value of `_S45A_RULES`: a place, a name, a car of the lists, a course; only hers (`_s45a_not_hers`)."""
    if _s45a_not_hers(match):
        return None
    groups = match.groupdict()
    shown = _untrailed(next((g for k, g in groups.items() if k.startswith("v") and g), "")).strip(" .,'!")
    if not shown or (shown.casefold() in tokens.STOPWORDS and attribute != "phone provider"):
        return None  # (not "du", a carrier)
    if value_group == "s45aknown":
        if vocab.place(shown) is None and not _a_city(shown):
            return None  # ("n2alt 3a Nomad": no place)
        return _a_place(attribute, memory_type, shown)
    if value_group == "s45aplace":
        return _a_place(attribute, memory_type, shown)
    if value_group == "s45aclass":
        return Said(attribute, _norm(shown), shown, memory_type)
    return _s45a_named(attribute, memory_type, match, value_group, shown)


def _s45a_named(attribute: str, memory_type: str, match: re.Match[str], value_group: str, shown: str) -> Said | None:
    """A name of `_S45A_RULES`: an employer or a bank no city, a gym said as one, a car of the lists."""
    if attribute in ("employer", "bank", "gym") and (_a_city(shown) or vocab.place(shown) is not None):
        return None  # ("sert 3end Dubai": a place)
    if attribute == "manager" and match.group(0)[:2] != "mo" and _S45A_ARABIZI.search(match.string) is None:
        return None  # ("Le boss Réjean veut ...": French's "le boss" is anyone's; her "le boss" is in Arabizi)
    if value_group == "s45agym" and _S45A_GYM.search(shown + " " + match.string) is None:
        return None  # ("sajjalt bi ALBA": a school)
    if value_group == "s45acar" and not any(
        n.attribute == "car" for n in vocab.names().get(vocab.fold(shown.split()[0].casefold()), ())
    ):
        return None  # ("l Bank Audi taba3e": no car)
    return Said(attribute, _norm(shown), shown, memory_type)


# What she asks in Arabizi of the areas read above ("wen sakne hala2?", "wen bshte8el?", "shou l title taba3e bel
# shi8el?", "meen l boss taba3e?", "ma3 ayya bank ana hala2?", "ma3 ayya line ana?", "shou l siyyara li 3ende?", "meen
# l fiancé taba3e?", "ayya gym?", "shou l pet li 3ende?", "ayya kneese?", "kif 3am eb3at masare la mama?", "men wen
# ana asalan?", "3ala shou 3ende allergy?"), and what the English question asks of a thing ("shou l zodiac sign
# taba3e?" is "what's my star sign?"): a question of a thing her history never speaks of is told as nothing close.
_S45A_ASKS = (
    (
        frozenset(["home"]),
        r"\b(?:wen|ween|wein|fen) (?:ana |hala2 |halla2 )*(?:sakne|saken|sekne|sakneen|3ayesh|3aysha|3ayshe|3ayshin)\b",
    ),
    (
        frozenset(["employer"]),
        r"\b(?:wen|ween|wein) (?:ana |hala2 |halla2 )*(?:bshte8el|beshte8el|bshtghel|3am eshte8el|eshte8el)\b"
        r"|\b(?:3end|3and) (?:meen|min) (?:ana |hala2 )*(?:bshte8el|beshte8el|bshtghel|3am eshte8el)\b",
    ),
    (
        frozenset(["role"]),
        r"\b(?:shou|sho|chou) (?:l |el )?(?:title|job title|position|poste|wazife|wazifte) (?:taba3e|taba3i|tab3i)\b",
    ),
    (
        frozenset(["manager"]),
        r"\b(?:meen|min) (?:l |el |le )?(?:boss|manager|mudir|modir|chef) (?:taba3e|taba3i|hala2|halla2)\b",
    ),
    (
        frozenset(["bank"]),
        r"\b(?:ma3|b|bi|3and) (?:ayya|ayy|aya|anu|aya) (?:bank|banque)\b|\b(?:shou|sho) (?:l |el )?(?:bank|banque) "
        r"(?:taba3e|taba3i)\b",
    ),
    (
        frozenset(["phone provider"]),
        r"\b(?:ma3|3a|3ala|bi) (?:ayya|ayy|aya) (?:line|sharike|sharika|network|carrier|réseau)\b|\b(?:shou|sho) (?:l |el )?"
        r"(?:line|5att|khatt|sim|network) (?:taba3e|taba3i|li 3ende)\b",
    ),
    (
        frozenset(["car"]),
        r"\b(?:shou|sho|chou|ayya|ayy) (?:l |el )?(?:siyyara|sayyara|seyyara|siyara|sayara|voiture) (?:li 3ende|taba3e|"
        r"taba3i|3ende|elle 3ende)\b",
    ),
    (
        frozenset(["partner", "relationship"]),
        r"\b(?:meen|min) (?:l |el )?(?:boyfriend|fianc[ée]e?|5atibe|khatibe|5ate2be|jawze|jozé|zawje|partner|ch[ée]ri|"
        r"copain|copine) (?:taba3e|taba3i|hala2)\b",
    ),
    (frozenset(["gym"]), r"\b(?:wen|ween|ayya|ayy) (?:l |el )?(?:gym|nadi|salle) (?:taba3e|li ana|ana|bro7)\b"),
    (
        frozenset(["pets", "pet", "dog", "cat"]),
        r"\b(?:shou|sho|meen) (?:l |el )?(?:pet|kalb|bisse|7ayawen|7ayawan) (?:li 3ende|taba3e|taba3i)\b",
    ),
    (
        frozenset(["church"]),
        r"\b(?:wen|ween|ayya|ayy) (?:l |el )?(?:kneese|kanise|kanisa|église|eglise) (?:taba3e|li ana|bro7)\b"
        r"|\b(?:wen|ween) (?:ana )?(?:ba7dar|bro7 3al) (?:l )?quddas\b",
    ),
    (
        frozenset(["remittance"]),
        r"\b(?:kif|keef|kef|shou|sho) (?:3am )?(?:eb3at|ba3at|beb3at|bab3at) (?:l )?(?:masare|masari|masaari|money|"
        r"ma2ale)\b",
    ),
    (frozenset(["origin"]), r"\b(?:men|min|mn) (?:wen|ween|wein) (?:ana )?(?:asalan|2asalan|bel asl|l asl)\b"),
    (
        frozenset(["allergy"]),
        r"\b(?:3ala|3al|3a) (?:shou|sho) (?:3ende|3endi) (?:allergy|7asasiye)\b|\b(?:shou|sho) (?:l |el )?(?:allergy|"
        r"7asasiye) (?:li 3ende|taba3e|taba3i)\b",
    ),
    (
        frozenset(["star sign"]),
        r"\b(?:shou|sho|chou) (?:l |el )?(?:zodiac(?: sign)?|star sign|borj|signe) (?:taba3e|taba3i|li)\b",
    ),
)
# a star sign is said by its words ("my star sign is Leo", "I'm a Scorpio"): "shou l zodiac sign taba3e?" met the
# Kia turn by "taba3e" (my) with the real model, which answers nothing where no turn holds the thing's word
_S45A_BY_ITS_WORDS = frozenset(["star sign"])
_S45A_ASKED = tuple((attributes, patterns.lazy(r"(?i:" + pattern + ")")) for attributes, pattern in _S45A_ASKS)
_S45A_ASKS_GATE = patterns.lazy(
    r"(?i:\b(?:wen|ween|wein|fen|shou|sho|chou|meen|min|kif|keef|kef|ayya|ayy|aya|3ala|"
    r"3al|3a|men|ma3|3end|3and|b|bi)\b)"
)


def _s45a_asked(query: str) -> set[str]:
    """The attributes a question in Arabizi asks about (`_S45A_ASKS`): of hers, not of kin or a friend ("wen sakne
    sa7bti Lara?": "sakne" is "she lives" too), but for money she sends them ("kif 3am eb3at masare la mama?")."""
    if _S45A_ASKS_GATE.search(query) is None:
        return set()
    found = {a for attributes, pattern in _S45A_ASKED if pattern.search(query) is not None for a in attributes}
    return found if _S45A_SOMEONE.search(query) is None else found & {"remittance"}


_RULES = (
    # home
    _rule(
        "home",
        IDENTITY,
        _I + r"(?:'m| am)? " + _NOW + r"(?:live|living|based|settled) (?:now )?in (?P<v>" + _PLACE + ")" + _A_STAY,
    ),
    # "I moved to a flat in Shoreditch, London", "we just moved into a house in Brooklyn": a home by its kind
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: have|'ve)? "
        + _NOW
        + r"(?:moved|relocated) (?:in)?to (?:a |an |my |our |the )?(?:(?:new|little|small|tiny|big|bigger|smaller|"
        r"lovely|nice|cheaper|rented|shared|one-bed(?:room)?|two-bed(?:room)?|three-bed(?:room)?) )*"
        r"(?:flat|apartment|house|place|home|condo|studio|bungalow|townhouse|cottage|loft|flatshare|houseshare) in (?P<v>"
        + _PLACE
        + ")",
        gate="moved|relocated",
    ),
    _rule(
        "home",
        IDENTITY,
        r"\b[Ww]e(?:'re| are)? " + _NOW + r"(?:live|living|based|settled) (?:now )?in (?P<v>" + _PLACE + ")" + _A_STAY,
    ),
    # "I call Lisbon home now", "Lisbon is home now", "Home is Berlin these days": a place of the lists (value group
    # "place"; not "I call my mum's home", "Home is where the heart is") (session 53)
    _rule(
        "home",
        IDENTITY,
        r"(?:" + _I + r"|\b[Ww]e) " + _NOW + r"(?:now )?call (?P<v>" + _PLACE + r") (?:our |my )?home\b",
        "place",
        gate=r"call",
    ),
    _rule(
        "home",
        IDENTITY,
        r"(?:^|(?<=[.!?;]\s))(?P<v>"
        + _NAME
        + r") is (?:now |officially )?(?:my |our )?home(?: now| these days| for now)?(?=\s*(?:[,.;!?]|$))",
        "place",
        gate=r"is (?:now |officially )?(?:my |our )?home",
    ),
    _rule(
        "home",
        IDENTITY,
        r"(?:^|(?<=[.!?;]\s))(?:(?:[Mm]y|[Oo]ur) )?[Hh]ome is (?:now )?(?P<v>"
        + _PLACE
        + r")(?: now| these days| for now)?(?=\s*(?:[,.;!?]|$))",
        "place",
        gate=r"[Hh]ome is",
    ),
    # a home bought, said as the day it closed: "since the condo in Winter Park closed", "now that our house in
    # Leeds has closed" (not "once the condo closes", "if the house in Tampa closes": not yet)
    _rule(
        "home",
        IDENTITY,
        r"\b(?:[Ss]ince|[Nn]ow that|[Aa]fter) (?:the|my|our) (?:new )?(?:condo|house|home|flat|apartment|townhouse|place) in (?P<v>"
        + _PLACE
        + r") (?:has |finally |officially |just )*closed\b",
        gate=r"closed",
    ),
    # "the oven in our house in Buenaventura Lakes runs hot": where the household's house is (not "our old
    # house in Ohio", "our holiday home in Spain", "our house in Tampa sold": one no longer theirs)
    _rule(
        "home",
        IDENTITY,
        r"(?<![\w'])[Oo]ur (?:house|home) in (?P<v>"
        + _PLACE
        + r")(?![\w'-])(?! (?:sold|was|went|is (?:on the market|for sale|rented out|being sold)|that we (?:sold|rent out))\b)",
        gate=r"our house|our home",
    ),
    # "we made it to Minneapolis!!", "we've been in Philadelphia since 2018" (not "We landed in Germany on Thursday":
    # where a flight came down, not a home; session 42: beth)
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: have|'ve)? (?:finally |just )?(?:made it|arrived) (?:in|to) (?P<v>"
        + _PLACE
        + r")(?![^.;]{0,30}\b(?:for (?:a|the) (?:trip|holiday|vacation|conference|weekend|wedding)|airport)\b)",
    ),
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: have|'ve) been (?:in|living in|based in) (?P<v>"
        + _PLACE
        + r") (?:since|for|nearly|almost|about|over|going on)\b",
    ),
    # "we've lived in Adelaide 6 yrs" (and still do: not "I've lived in Paris before")
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: have|'ve) (?:lived|been living) in (?P<v>"
        + _PLACE
        + r")(?![^.;]{0,40}\b(?:before|once|as a (?:kid|child|student)|when)\b)",
    ),
    _rule(
        "home",
        IDENTITY,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"(?:moved|relocated|shifted|emigrated|escaped|upped sticks) "
        + _AWAY
        + _FROM_THERE
        + r"to (?P<v>"
        + _PLACE
        + ")",
    ),
    _rule(
        "home",
        IDENTITY,
        r"\b[Ww]e(?: have|'ve)? "
        + _NOW
        + r"(?:moved|relocated|shifted|emigrated|escaped|upped sticks) "
        + _AWAY
        + _FROM_THERE
        + r"to (?P<v>"
        + _PLACE
        + ")",
    ),
    _rule(
        "home",
        IDENTITY,
        r"\b(?:[Mm]y|[Oo]ur) (?:new )?(?:home|flat|apartment|house|place) is (?:now )?in (?P<v>" + _PLACE + ")",
    ),
    # "We finally got the keys to the new flat in Ghent" (a friend's chat): a move said by its keys
    _rule(
        "home",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: have|'ve)? (?:finally |just )?(?:got|picked up|collected) (?:the )?keys (?:to|for|of) "
        r"(?:my|our|the) (?:new )?(?:home|flat|apartment|house|place) in (?P<v>" + _PLACE + ")",
        gate="keys",
    ),
    # where the person comes from (`_ORIGIN`): "I'm originally from Sweden", "I was born and raised in Ohio",
    # "I grew up in Leeds", "we moved here from Sweden", "I moved from Sweden to Berlin" (and Berlin is home)
    _rule(
        "origin",
        IDENTITY,
        _I
        + r"(?:'m| am) (?:actually |originally |also )*(?:originally |born and (?:raised|bred) )(?:from|in) "
        + _ORIGIN,
        gate=r"originally|born and",
    ),
    # the same with "originally" after the place: "I am from Sweden originally", "I'm from Kraków, originally"
    _rule(
        "origin",
        IDENTITY,
        _I + r"(?:'m| am) (?:actually |also )*from " + _ORIGIN + r",? originally\b",
        gate=r"originally",
    ),
    _rule(
        "origin",
        IDENTITY,
        _I
        + r"(?:(?: was| were) (?:actually |originally |also )*(?:born|raised|brought up)(?: and (?:raised|bred))?|"
        + r" (?:actually |originally |also )*grew up) in "
        + _ORIGIN,
        gate=r"grew up|born|raised|brought up|originally",  # (one search with "originally from X" below)
    ),
    _rule(
        "origin",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: have|'ve)? (?:actually |originally |also )*(?:come|hail|moved|emigrated|immigrated|relocated|came over|came here) "
        + r"(?:(?:here|over|to \w+(?: \w+)?) )?from "
        + _ORIGIN,
        gate=r"from",  # (every match holds it: one search with the bare "I'm from" below)
    ),
    # the place named before it: "back home in opole where i grew up", "in Leeds, where I was born" (a name
    # typed in lower case only as a city of the list: not "the house where I grew up")
    _rule(
        "origin",
        IDENTITY,
        r"\b(?:in|from|to) (?P<v>(?!(?:the|a|an|my|our|this|that|I)\b)(?:"
        + _NAME
        + r"|[a-z][\w'-]+(?: [a-z][\w'-]+)?)),? where (?:I|i) (?:grew up|was born|was raised)\b",
        "grew",
        gate=r"where (?:I|i) (?:grew up|was born|was raised)",
    ),
    _rule(
        "origin",
        IDENTITY,
        r"\b[Mm]y (?:home country|home town|hometown|birthplace|native country)(?:,| is| of) " + _ORIGIN,
        gate=r"home ?(?:country|town)|birthplace|native country",
    ),
    # a bare "I'm from X" says where the person is from only where X is a place the lists know (`_a_place`):
    # "I'm from California", "i am from india", "we're from the UK" (not "I'm from HR", "I'm from the
    # future", nor a trip: "I'm back from Spain", "I'm just home from Rome")
    _rule(
        "origin",
        IDENTITY,
        r"(?:" + _I + r"(?:'m| am)|\b[Ww]e(?:'re| are)) (?:(?:actually|originally|also|both|all) )*from " + _ORIGIN,
        "place",
        gate=r"from",
    ),
    # the person's origin with no "I": "originally from São Paulo", "born and raised in Ohio", "grew up in
    # Leeds", opening a sentence or after a greeting ("Hi! Originally from Lyon, now in Paris")
    _rule(
        "origin",
        IDENTITY,
        r"^(?:(?:and|so|but|well|oh|hi|hey|hello|yeah|yes),? )?(?i:originally from|born and (?:raised|bred) in|"
        r"born in|raised in|grew up in) " + _ORIGIN,
        "place",
        gate=r"grew up|born|raised|brought up|originally",
    ),
    # a retirement dated by a year, or planned: "I retired in 2019", "I've been retired since 2015", "I took
    # early retirement in 2020", "I'll retire next year", "I'm retiring in 2027" (retirement; the employer
    # is read by the endings: "I retired last year"; not "my dad retired in 2019", "if I retire next year")
    _rule(
        "retirement",
        IDENTITY,
        _I
        + r"(?:'ve| have|'m| am)? (?:(?:just|finally|officially|recently|already|actually|eventually) ){0,2}"
        + r"(?:retired|took (?:early )?retirement|been retired|went into retirement)(?: (?:from|at) (?:the )?"
        + _NAME
        + r")?(?: early)?(?: (?:back )?(?:in|since) (?:[A-Z][a-z]+ )?)(?P<when>(?:19|20)\d\d)\b",
        "retired",
        gate=r"retire",
    ),
    _rule(
        "retirement",
        IDENTITY,
        _I
        + r"(?:'ll|'m| will| am| plan to| intend to)? (?:(?:be )?(?:going to|planning to|due to|set to|about to) )?"
        + r"(?:finally |officially |probably |definitely )?(?P<plan>retire|retiring|be retiring|take (?:early )?retirement|"
        + r"be taking (?:early )?retirement)(?: (?:from|at) (?:the )?"
        + _NAME
        + r")?(?: early)? (?P<when>next (?:year|month|spring|summer|autumn|fall|winter)|this (?:year|spring|summer|autumn|fall|winter)|"
        + r"at the end of (?:this|next) year|in (?:(?:[A-Z][a-z]+ )?(?:20\d\d)|a (?:few|couple of) (?:years|months)|"
        + r"(?:two|three|four|five|\d) (?:years|months)))\b",
        "retired",
        gate=r"retir",
    ),
    # a retirement with no year ("I'm retired", "I retired", "I've just retired", "we're both retired",
    # "I'm retired now"): About me's Now line dates it by the message ("since" its day); a time said
    # relative to the message is kept in its value ("I retired last year": retired last year), and a
    # time it cannot be read by, not read ("I retired 2 decades ago"). Not "once I'm retired", a
    # "retired teacher" (a kind of person), nor someone else ("my dad is retired").
    _rule(
        "retirement",
        IDENTITY,
        r"(?:(?<!once )(?<!when )(?<!until )"
        + _I
        + r"(?:'m| am)|"
        + _I
        + r"(?:'ve| have)?|\b[Ww]e(?:'re| are|'ve| have)(?: both| all)?) "
        + r"(?:(?:just|finally|officially|recently|already|now|fully|happily|actually) ){0,2}(?:been )?retired"
        + r"(?: (?P<when>last (?:year|month|week|spring|summer|autumn|fall|winter)|this (?:year|month|spring|summer|autumn|fall)|"
        + r"(?:a|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2}) (?:years?|months?|weeks?) ago))?"
        + r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:now|from|after|early|and|but|so|since|at|for|lol|haha)\b)",
        "retired",
        gate=r"retire",  # (one search with the dated retirement above)
    ),
    # renting or owning the home: "we rent a flat in the Croix-Rousse" -> "we bought a house in Verdun"
    _rule(
        "tenure",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?:'re| are| am|'m)? "
        + _NOW
        + r"(?P<v>rent|renting) (?:(?:a |an |our |my |the )?"
        + _HOMES
        + r"|in (?P<place>"
        + _NAME
        + r"))",
    ),
    _rule("tenure", IDENTITY, r"\b(?:[Oo]ur|[Mm]y) (?P<v>rental)(?= in\b| at\b| on\b| is\b| has\b|[,.;!?]|$)"),
    _rule("tenure", IDENTITY, r"\b(?:[Oo]ur|[Mm]y) (?:apartment |flat |house |condo )?(?P<v>lease|tenancy)\b"),
    _rule(
        "tenure",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?:'re| are|'m| am) (?:now |officially |finally |proud |first-time |first time )*(?P<v>home ?owners?)\b",
    ),
    _rule(
        "tenure",
        IDENTITY,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: have|'ve)? "
        + _NOW
        + r"(?P<v>bought|purchased|own|closed on) (?:a |an |our |my |the )?(?:own )?(?:new )?"
        + _HOMES,
    ),
    # employer and role ("I am a backend engineer at Acme": both)
    _rule(
        "role", IDENTITY, _I + r"(?:'m| am) " + _NOW + r"(?:working )?(?:as )?an? " + _ROLE + r"\b", flags=re.IGNORECASE
    ),
    # a job said with the place it is held at ("I'm a cashier at Tesco", "I work as a waitress at Nando's"): the job,
    # as the employer rules read the place (`_JOBS_AT_A_PLACE`: a hobby or a trait alone; session 51)
    _rule(
        "role",
        IDENTITY,
        _I
        + r"(?:(?:'m| am) "
        + _NOW
        + r"(?:working )?(?:as )?| "
        + _NOW
        + r"work(?:s|ing)? as )an? "
        + _JOB_AT_A_PLACE
        + r"(?: "
        + _WORKED_WHEN
        + r")? (?:at|for|with) (?:the )?["
        + _UP
        + r"]",
    ),
    _rule(
        "role",
        IDENTITY,
        _I + r"(?:'m| am) (?:now |only |just |still |officially )" + _ROLE + r"\b(?! of\b)",
        flags=re.IGNORECASE,
    ),
    # "I'm the year 9 coordinator", "as of this term I'm head of science"
    _rule(
        "role",
        IDENTITY,
        _I + r"(?:'m| am) " + _NOW + r"(?:now )?the (?!only |best |worst |first |last |new )" + _ROLE + r"\b(?! of\b)",
    ),
    _rule("role", IDENTITY, _I + r"(?:'m| am) " + _NOW + r"(?:now )?(?:the )?" + _HEAD_OF),
    _rule("role", IDENTITY, _I + r" " + _NOW + r"work(?:s|ing)? as an? " + _ROLE + r"\b"),
    # a job said as the work done, with no place ("I work as a cashier", "I'm working as a waiter", "I'm employed as
    # a nurse"), and a job taken ("I got a job as a cashier", "I've accepted a position as a lecturer"): the words
    # say a job, so `_JOBS_AT_A_PLACE` (a hobby alone: "a keen baker") counts too (`_JOB_SAID`; session 53). Not
    # another's job named by it ("as a dentist's receptionist").
    _rule(
        "role",
        IDENTITY,
        _I
        + r"(?:(?:'m| am) "
        + _NOW
        + r"(?:working|employed)| "
        + _NOW
        + r"work(?:s|ing)?) as an? "
        + _JOB_SAID
        + _NOT_OWNED,
    ),
    _rule(
        "role",
        IDENTITY,
        _TOOK_A_JOB_AS + _JOB_SAID + _NOT_OWNED,
        gate=r"(?:job|position|role|post) as ",
    ),
    # (and where it is: "I got a job as a barista at Starbucks", "I took a position as a nurse with the NHS")
    _rule(
        "employer",
        IDENTITY,
        _TOOK_A_JOB_AS
        + _ROLE_AT
        + r"(?: "
        + _WORKED_WHEN
        + r")? (?:at|for|with) "
        + _THE_NAMED
        + r"(?P<v>"
        + _NAME
        + r"|(?:(?<=at )|(?<=for ))"
        + _LOW_PLACE
        + ")",
        gate=r"(?:job|position|role|post) as ",
    ),
    _rule(
        "role", IDENTITY, _I + r"(?: was|'ve been| have been| got) " + _NOW + r"promoted to (?:an? )?" + _ROLE + r"\b"
    ),
    # "got bumped to senior", "I was promoted to staff engineer": a level, with or without the "I"
    _rule(
        "role",
        IDENTITY,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i)(?: was|'ve been| have been| just| finally)* |^(?:(?:just|finally|so|and|officially) )*)"
        r"(?:got )?(?:promoted|bumped(?: up)?) to "
        r"(?:an? )?(?P<role>"
        + _ROLE[9:-1]
        + r"|(?:senior|staff|principal|lead|junior|mid-level|chief)(?: [a-z]+){0,2}?)(?=[\s,.;!?]|$)",
        gate=r"promoted|bumped",
    ),
    # a title others gave: "they've made me head chef", "they put me in as shift lead", and a title
    # said beside "me": "they've put me running the kitchen, head chef on the rota"
    _rule(
        "role",
        IDENTITY,
        r"\b(?:made|put|appointed|named) me (?:in as |on as |as |the )?(?:new )?"
        + _ROLE
        + r"(?=\s*(?:[,.;!?]|$)| (?:now|on|at|in|for|from|since|and)\b)",
        gate=r"made me|put me|appointed me|named me",
    ),
    _rule(
        "role",
        IDENTITY,
        r"\b(?:me|I|i)\b[^.;?]{0,60}?, " + _ROLE + r" on the (?:rota|roster|schedule|books)\b",
        gate=r"on the (?:rota|roster|schedule|books)",
    ),
    # a forum-style opening: "3rd year phd student here, ...", "Nurse here."
    _rule(
        "role",
        IDENTITY,
        r"^(?!(?:the|a|an|my|our|this|that|his|her|their|your|any|no|every|one|some)\b)"
        + _ROLE
        + r" here(?=\s*(?:[,.!:;]|-|$))",
        flags=re.IGNORECASE,
        gate=r" here",
    ),
    _rule(
        "role",
        IDENTITY,
        r"\b[Mm]y (?:new )?(?:role|title|job title|position|job) is (?:now )?(?:an? )?" + _ROLE + r"\b",
    ),
    # "I lead a team of 4 engineers in my new role as Senior Software Engineer", "I've been enjoying my
    # role as Senior Software Engineer" (a title said with capitals too)
    _rule(
        "role",
        IDENTITY,
        r"\b[Mm]y (?:new |current )?(?:role|job|position|post) as (?:an? |the )?" + _ROLE + r"\b(?! of\b)",
        flags=re.IGNORECASE,
        gate=r"(?:role|job|position|post) as ",
    ),
    # how many people the person leads: "I lead a team of 4 engineers", "I now manage a team of five",
    # "I'm managing a team of 12 nurses" (team size; not "I lead a team" with no number, nor someone else's)
    _rule(
        "team size",
        IDENTITY,
        _I
        + r"(?:'m| am| have| 've)? "
        + _NOW
        + r"(?:lead|leading|manage|managing|run|running|oversee|overseeing|supervise|supervising|head|heading) "
        + r"(?:a|my|our) (?:small |big |growing |new )?(?:team|group|squad) of (?P<v>\d{1,3}|"
        + _COUNT_WORDS
        + r")(?![\w-])",
        flags=re.IGNORECASE,
        gate=r"team of|group of|squad of",
    ),
    _rule(
        "employer",
        IDENTITY,
        _I + r"(?:'m| am)? " + _NOW + r"(?:work|working) (?:at|for) (?:the )?(?P<v>" + _NAME + "|" + _LOW_PLACE + ")",
    ),
    # (session 52) "I'm employed by Acme", "I am now employed at the NHS", "I'm employed with Monzo full-time": read
    # nothing for any name; "I do nights at Meta", "I do night shifts at Tesco", "I'm doing shifts at the Royal Free":
    # a job's shifts said with its place, as "I work nights at Tesco" is (a capital name; not "I do mornings at
    # Pure Gym", "I do weekends at Center Parcs": hours spent there, no job)
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:'m| am) "
        + _NOW
        + r"(?:(?:full|part)[- ]time )?employed (?:by|at|with) (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_PLACE
        + ")",
        gate=r"employed",
    ),
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:'m| am)? "
        + _NOW
        + r"(?:do|doing) (?:(?:the|my) )?(?:(?:night|day|late|early|weekend|morning|evening|graveyard|double|twelve|"
        r"\d{1,2}[- ]hour) shifts|shifts|nights|lates|earlies|overnights)(?: and (?:weekends|days|lates|earlies))? "
        r"(?:at|for) (?:the )?(?P<v>" + _NAME + ")",
        gate=r"\bdo",
    ),
    # a job held till now, said in the perfect: "I've been working at Google since May", "I've worked at Monzo for
    # two years" (session 50: trust50); "I've worked at Google before", "I've worked for Meta and Uber" say what
    # they did, no job now (a while or a since after it says it goes on)
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:'ve| have) "
        + _NOW
        + r"(?:been (?:working|employed) (?:at|for|by)|worked (?:at|for)(?=[^.;!?]{0,60}? (?:since|for (?:the (?:last|"
        r"past) )?(?:[\w-]+ ){0,2}(?:years?|months?|weeks?|decades?|ages|a while|long))\b))"
        # (not where it ended: "but I left in June")
        r"(?![^.;!?]*\b(?:left|quit|until|till|no longer|anymore|used to)\b) (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_PLACE
        + ")",
        gate="been working|been employed|worked",
    ),
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"(?:joined|started at|started working at|moved to work at) (?:the )?(?P<v>"
        + _FORMAL_NOT_A_CHOIR  # (a choir joined is no employer: `_FORMAL`)
        + _NAME
        + ")",
    ),
    # a job left for the next: "I left Google and joined Meta", "I resigned from Google and joined Meta", "I left
    # Google in March to join Meta" (the next job; the one left is what it was)
    _rule(
        "employer",
        IDENTITY,
        _ENDED_I
        + r"(?:left|quit|resigned from) (?:my job at |the )?(?P<was>"
        + _NAME
        + r")(?: (?:in|last|this|after) [\w ]{1,20}?)?,? (?:(?:and |then |and then )(?:have |'ve )?(?:joined|started at)|to (?:join|start at)) (?:the )?(?P<v>"
        + _NAME
        + ")",
        "next",
        gate=r"join|started at|start at",
    ),
    # in lower case only after words that say a workplace follows ("joined" a club, a gym or a team too)
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"(?:started at|started working at|moved to work at) (?P<v>"
        + _LOW_PLACE
        + ")"
        + _NOT_A_ROUTE,
    ),
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:'m| am) "
        + _NOW
        + r"(?:working )?(?:as )?(?:an?|the(?! (?:only|best|worst|first|last|new|other|youngest|oldest)\b)(?=[^.;!?]{0,60}? (?:at|for|with) (?:the )?["
        + _UP
        + r"])) "
        + _ROLE_AT
        + r"(?: "
        + _WORKED_WHEN  # ("I'm a nurse at night at St Mary's", "a barista part-time at Starbucks": trust50)
        + r")? (?:at|for|with) "
        + _THE_NAMED  # ("I'm a nurse at the Royal Free", "I work as a producer for the BBC": session 51)
        + r"(?P<v>"
        + _NAME
        + r"|(?:(?<=at )|(?<=for ))"  # (in lower case not after "with": "a lawyer with more than 10 years")
        + _LOW_PLACE
        + ")",
    ),
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:(?: have|'ve) been|'m| am)? "  # ("I've been working as a nurse at St Mary's", "I'm employed as": s53)
        + _NOW
        + r"(?:work(?:s|ing)?|employed) as an? "
        + _ROLE_AT
        + r"(?: "
        + _WORKED_WHEN  # ("I'm a nurse at night at St Mary's", "a barista part-time at Starbucks": trust50)
        + r")? (?:at|for|with) "
        + _THE_NAMED  # ("I'm a nurse at the Royal Free", "I work as a producer for the BBC": session 51)
        + r"(?P<v>"
        + _NAME
        + r"|(?:(?<=at )|(?<=for ))"
        + _LOW_PLACE
        + ")",
    ),
    _rule(
        "role",
        IDENTITY,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"(?:joined|started at) "
        + _NAME
        + r"(?: in \w+| last \w+| this \w+)? as an? "
        + _ROLE
        + r"\b",
    ),
    _rule(
        "role",
        IDENTITY,
        _I
        + r"(?: have|'ve)?(?: been)? "
        + _NOW
        + r"(?:work|working|employed|joined|started)\b(?:(?!volunteer)[^.;]){0,60}?\bas an? "
        + _JOB_SAID
        + _NOT_OWNED,
    ),
    # starting a job: "I started a new job at Shopify", "just got hired at Feedzai", "First week at
    # the CHUM done" (a diary line with no "I"; `_FIRST_AT` counts only in a text that speaks of work)
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        # (session 45: life55) "the job" as "a job": rima's "I accepted the job at Pixelbay and I resigned from
        # Nomad today" read only the resignation, which stood as the value of her employer, role and manager
        + r"(?:started|began|landed|got|accepted) (?:a |my |the )?(?:new )?(?:full-time |part-time |permanent )?"
        + r"(?:job|position|role|post|gig) (?:at|with) (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_PLACE
        + ")",
    ),
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?: have|'ve)? "  # (an opening `_opener` reads: the rule is skipped without an "I")
        + _NOW
        + r"(?:been |got |was |finally )*hired (?:at|by) (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_PLACE
        + ")",
    ),
    _rule(
        "employer",
        IDENTITY,
        r"^(?i:"
        + _NOW
        + r")(?i:(?:started|began) (?:a |my )?(?:new )?(?:job |position |role |gig )?(?:at|with)|got hired (?:at|by)|(?:a |my )?new (?:job|gig) (?:at|with)|got a (?:new )?job (?:at|with)) (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_PLACE
        + _NOT_A_ROUTE
        + ")",
        gate=r"started|began|hired|new job|new gig|got a job",
    ),
    _rule("employer", IDENTITY, _FIRST_AT, gate=r"day|week|month|shift"),
    # a freelancer's work and who it comes from: "most of my work rn comes from lexiconnect, an agency
    # in hamburg", "my main client is Acme", "I freelance for Brightpath". A name typed in lower case
    # only where the sentence says what it is ("lexiconnect, an agency"): not "comes from referrals".
    _rule(
        "employer",
        IDENTITY,
        r"(?i:(?:most|all|much|half|the bulk|a lot|the majority) of my (?:(?:translation|freelance|paid) )?"
        r"(?:work|jobs|clients|gigs|commissions)) (?i:(?:rn|right now|now|these days|at the moment|mostly) )?"
        r"(?i:comes?|is coming|are coming|came) from (?:the )?"
        + _NAMED_FIRM
        + r"(?![\w'&-])(?! (?:searches|search|ads|reviews|listings|referrals|posts|contacts|traffic|users)\b)",
        gate=r"of my",
    ),
    _rule(
        "employer",
        IDENTITY,
        r"(?i:\bmy (?:main|biggest|only|best|regular|anchor) (?:client|customer) (?:is|has been|rn is|right now is)) "
        r"(?:the )?" + _NAMED_FIRM,
        gate=r"client|customer",
    ),
    _rule(
        "employer",
        IDENTITY,
        r"(?<![\w'])(?i:i)(?:'m| am)? (?:(?:mostly|mainly|now|still) )?(?i:freelanc(?:e|ing)) (?:for|with) (?:the )?"
        + _NAMED_FIRM,
        gate=r"freelanc",
    ),
    # "my first two weeks teaching at St Brigid's College": the work is said, so no other sign is needed
    _rule(
        "employer",
        IDENTITY,
        r"(?i:first) (?:(?:two|three|four|few|couple of|full|official) )?(?i:days?|weeks?|months?|shifts?|terms?) "
        r"(?:of )?(?:teaching|working|nursing|lecturing|coaching) (?:at|for) (?:the )?(?P<v>" + _NAME + ")",
        gate=r"first",
    ),
    # "handed my notice in and I'm at Tully's on Quay St": a job left, and where the person is now
    _rule(
        "employer",
        IDENTITY,
        r"(?i:handed (?:my|in my) notice(?: in)?|quit my job|left my job|resigned)[^.;?]{0,40}?\b(?:I'm|I am|I've started|I started|I start|starting) "
        r"(?:now )?(?:at|with) (?:the )?(?P<v>" + _NAME + ")",
        gate=r"notice|quit my job|left my job|resigned",
    ),
    # "I'm cooking in Mulcahy's", "I'm bartending at the Marine Hotel": a trade plied in a business,
    # named as one ("X's", or "... Hotel"): "I'm cooking at Mum's" or "in Paris" names no employer
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?:'m| am) "
        + _NOW
        + r"(?:cooking|chefing|bartending|waitressing|waiting tables|serving|barista-ing|nursing|interning|temping) (?:in|at) (?:the )?"
        + r"(?!(?:Mum|Mom|Mam|Dad|Da|Nan|Nana|Gran|Granny|Grandma|Grandpa|Auntie|Aunt|Uncle|Mother|Father)'s)"
        + rf"(?P<v>[{_UP}][\w&.-]*'s\b(?: [{_UP}][\w'&.-]*){{0,2}}|(?:[{_UP}][\w'&.-]* ){{1,3}}"
        + r"(?:Restaurant|Hotel|Bar|Café|Cafe|Bistro|Kitchen|Pub|Inn|Hospital|Clinic|Brasserie|Diner|Grill|Bakery|Tavern)\b)",
    ),
    # "I teach chem at Norwood Hills High", "I lecture in law at the University of Leeds"
    _rule(
        "employer",
        IDENTITY,
        _I
        + r" "
        + _NOW
        + r"(?:teach|lecture|tutor|coach)(?: [\w-]+){0,3}? at (?:the )?(?!(?:Sunday|Saturday)\b)(?P<v>"
        + _NAME
        + ")",
    ),
    _rule("employer", IDENTITY, r"\b[Mm]y (?:new )?(?:job|employer|company) is (?:now )?(?:at )?(?P<v>" + _NAME + ")"),
    # (not a job ended: "I lost my job at the engineering company", "quit my job at Aldi")
    _rule(
        "employer",
        IDENTITY,
        r"(?<!lost )(?<!lose )(?<!losing )(?<!left )(?<!leave )(?<!leaving )(?<!quit )(?<!quitting )(?<!hated )"
        r"\b[Mm]y (?:new )?(?:job|role|position) at (?:the )?(?P<v>" + _NAME + "|" + _LOW_PLACE + ")",
        gate=r"job at|role at|position at",
    ),
    # where a person's shifts or hours are: "my saturday shifts at the ace on far hills", "my hours at Boots got cut"
    _rule(
        "employer",
        IDENTITY,
        r"\b[Mm]y (?:[a-z]+ ){0,2}?(?:shifts?|hours|rota) (?:at|in) (?:the )?"
        + _NOT_A_KIND
        + r"(?P<v>"
        + _NAME
        + "|"
        + _LOW_ORG
        + "|"
        + _LOW_PLACE
        + ")",
        gate=r"shift|hours|rota",
    ),
    # a trade plied for someone: "i drive the shuttle van for the east valley senior center", "I deliver for Deliveroo"
    _rule(
        "employer",
        IDENTITY,
        _I
        + r" "
        + _NOW
        + r"(?:drive|deliver|clean|cook|bartend|waitress|waiter|nanny|tutor|freelance|translate|write|code|design)\b"
        # (within the clause: a run-on's next one is no trade's, "nowhere I drive and now my hotspot ain't working
        # for the ELD tablet", session 39: ray; "I volunteer for Oxfam" is no job but a volunteer role: trust50)
        + r"(?:(?! (?:and|but|so|cause|because|now|then|it|my|she|he|they) )[^.;,?]){0,40}? for (?:the )?"
        + _NOT_A_KIND
        + r"(?P<v>"
        + _NAME
        + "|"
        + _LOW_ORG
        + r")",
        gate=r"drive|deliver|clean|cook|bartend|waitress|waiter|nanny|tutor|freelance|translate|write|code|design",
    ),
    # "I'm on a 65% TV-L contract at uni tübingen", "my contract with the NHS runs out in May"
    _rule(
        "employer",
        IDENTITY,
        r"(?:"
        + _I
        + r"(?:'m| am) on an? [^.;,?]{0,30}?|\b[Mm]y (?:[\w%-]+ ){0,2}?)contract (?:at|with) (?:the )?(?P<v>(?i:uni|university|universität|universidad|université|università) [\w-]+|"
        + _NAME
        + "|"
        + _LOW_ORG
        + "|"
        + _LOW_PLACE
        + ")",
        gate=r"contract",
    ),
    # manager
    _rule(
        "manager",
        IDENTITY,
        r"\b[Mm]y (?:new |current )?"
        + _MANAGER
        + r" (?:here |now |there )?(?:is|will be) (?:now )?(?P<v>"
        + _NAME
        + ")",
    ),
    _rule("manager", IDENTITY, _I + r" " + _NOW + r"report (?:directly )?to (?P<v>" + _NAME + ")"),
    _rule(
        "manager",
        IDENTITY,
        r"\b[Mm]y (?:new |current )?"
        + _MANAGER
        + r",? \(?(?!(?:is|was|and|said|says|wants|I|I'm|I've|I'd|I'll)(?![\w']))(?P<v>"
        + _NAME
        + ")",
    ),
    _rule(
        "manager",
        IDENTITY,
        # (session 45: life55) a title before the name is no part of it: rima's "l CEO Andreas is my manager now"
        r"(?:\b(?:CEO|CTO|COO|CFO|CMO|CPO|VP|MD|GM|SVP|EVP) )?(?P<v>"
        + _NAME
        + r") (?:is|became|has become) my (?:new )?"
        + _MANAGER
        + r"\b",
        gate=r"is my|became my|become my",
    ),
    # a real estate agent's broker is the one they work under, named in full: "my broker Dana Whitcomb says",
    # "Luis Ferrer, my new broker, wants", "Tom Reyes is my managing broker" (not "my mortgage broker", "my
    # broker Fidelity", "my broker said": a name of a person, first and last)
    _rule(
        "manager",
        IDENTITY,
        r"(?<![\w'])[Mm]y (?:new |managing |sponsoring |current )?broker,? (?!(?:Is|Was|And|Said|Says)\b)(?P<v>"
        + _FULL_NAME
        + r")(?![\w'&.-]| (?:Realty|Real|Properties|Group|Homes|Brokerage|Securities|Capital|Investments?|Financial)\b)",
        gate=r"broker",
    ),
    _rule(
        "manager",
        IDENTITY,
        r"(?<![\w'&.-])(?P<v>"
        + _FULL_NAME
        + r"),? (?:is |became |has become )?my (?:new |managing |sponsoring |current )?broker\b",
        gate=r"broker",
    ),
    # a person's own full name, where it is theirs: "sign it Marisol Ortega Reyes", "I'm just Marisol Ortega
    # again" (a maiden name back), "my legal name is now Ana Ruiz", "I changed my name to Sam Lee" (a name of
    # two to four words: not "sign it Love, Mom", not "my name is on the lease", nor a name said in a role)
    _rule(
        "name",
        IDENTITY,
        r"(?:\b(?i:sign it|sign off as|signed) (?:as |from |with )?|"
        + _I
        + r"(?:'m| am) (?:just |now |officially |back to (?:being )?)*(?=[^.;!?]{0,60}? again\b)|"
        r"\b[Mm]y (?:full |legal |new )?name is (?:now |officially )?|\b(?:changed|legally changed) my (?:last |legal )?name to )"
        r"(?P<v>(?!(?:Love|Thanks|Best|Regards|Cheers|Mom|Mum|Dad|Mami|Papi|The|Your|My|Team|Dear|Hi)\b)"
        + _FULL_NAME_LONG
        + r")(?= again\b|\s*(?:[,.;!?)]|$)| (?:and (?:I|i)|last|this|in|on|after|when|because|so|lol|pues)\b)",
        gate=r"sign|again|name is|name to",
    ),
    # (session 48: trust48) a first name alone, said as the person's: "My name is Alex", an agent's "Name is Alex"
    # (`subjectless`), "Hi, my name is Alex and I live in Boston" (a capital opens it: not "my name is on the lease",
    # "my name is mud", "My name is Not Important"; a word no one is called, `vocab.not_a_name`, is none)
    _rule(
        "name",
        IDENTITY,
        r"\b[Mm]y (?:first )?name is (?:now |officially )?(?P<v>(?!(?:Mud|Legion|Not|Nobody|None|Unknown|Irrelevant|Important|Private)\b)"
        rf"[{_UP}][a-z][\w'-]*)(?=\s*(?:[,.;!?)]|$)| (?:and (?:I|i)|but|btw|lol|by the way|now|again|too)\b)",
        gate=r"name is",
    ),
    # married, engaged, divorced, single: "we got married in June", "married 3 weeks now", "tomek and i aren't married"
    _rule(
        "relationship",
        IDENTITY,
        _I
        + r"(?:'m| am|(?:'ve| have) been(?= (?:\w+ ){1,2}(?:to [A-Z]|for \w+ (?:years?|months?)\b))) "  # ("I've been married to Tom")
        + r"(?:now |officially |finally |happily |still )?(?P<v>married|engaged|divorced|separated|widowed|single)(?![\w-]| to (?:my|the|that|this) (?:job|work|truck|car|phone|desk|laptop|office|boat|garden|business|shop|gym|bike|computer|career|company|game))",
        gate=r"married|engaged|divorced|separated|widowed|single",
    ),
    _rule(
        "relationship",
        IDENTITY,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i|[Ww]e) (?:have |'ve )?|^)(?:just |finally |officially |recently )?(?:got|gotten) (?P<v>married|engaged|divorced)(?![\w-])",
        gate=r"married|engaged|divorced",
    ),
    # "I married Tom last year", "I just married Ana": a wedding of the person's, its partner named (`_PARTNER_NAMED`;
    # not "I married young", "I married into money") (session 53)
    _rule(
        "relationship",
        IDENTITY,
        _I + r" (?:just |finally |recently |officially )?(?P<v>married) (?=[" + _UP + r"])(?!I\b)",
        gate=r"married",
    ),
    _rule(
        "relationship",
        IDENTITY,
        r"^(?:(?:just|finally|so|and) )*(?P<v>married|engaged) (?:for )?(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten) (?:days?|weeks?|months?|years?) (?:now|today)\b",
        gate=r"married|engaged",
    ),
    _rule(
        "relationship",
        IDENTITY,
        r"(?:\b[\w'-]+ and (?:I|i) (?:aren't|are not|arent)|" + _I + r"(?:'m not| am not)) (?P<v>married)(?![\w-])",
        "unmarried",
        gate=r"married",
    ),
    # separated, said of the two of them: "me and Héctor separated last month", "Tom and I separated in May",
    # "we've officially separated", "me and my husband are separated" (not "we separated the eggs", "we got
    # separated at the airport", "we separated in 2009" long ago, nor "my parents separated": theirs)
    _rule(
        "relationship",
        IDENTITY,
        r"(?:(?<![\w'])[Mm]e and (?:my (?:husband|wife|hubby|partner|ex) |[\w'-]+ )?|(?<![\w'])[Ww]e(?: |(?='(?:ve|re) ))|"
        r"(?<![\w'])(?!(?:[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[Mm]om|[Mm]um|[Dd]ad|[Pp]arents)\b)[\w'-]+ and (?:I|i) )"
        r"(?:have |'ve |are |'re |just |finally |officially |recently |legally )*(?P<v>separated)(?![\w-])"
        r"(?! (?:the|our|them|it|him|her|into|out|for (?:a|the) (?:day|night|weekend)|in (?:the|a) (?:crowd|airport|store|mall|park))\b)"
        r"(?![^.;!?]{0,40}\b(?:airport|crowd|mall|store|station|festival|concert)\b)" + _LONG_AGO,
        gate=r"separated",
    ),
    # a husband or a wife said in passing: married ("I'm lucky to have my husband and kids", "my wife and I
    # just left for Europe"); not "my ex-wife", "my late husband", "my husband-to-be", "my future wife",
    # "my sister's husband", nor "my wife passed away", "my husband and I are separating"
    _rule(
        "relationship",
        IDENTITY,
        r"(?<![\w'])(?<!ex-)[Mm]y (?:(?:lovely|amazing|wonderful|dear|beloved|darling|awesome|sweet|supportive) )?(?P<v>husband|wife|hubby)"
        r"(?![\w-]|'s? (?:ex|late)\b|[^.;!?]{0,40}\b(?:passed|died|divorc|separat|split up|left me|broke up|funeral|grave|memory of)\w*)",
        "spouse",
        gate=r"husband|wife|hubby",
    ),
    # diet
    _rule(
        "diet",
        IDENTITY,
        _I
        + r"(?:'m| am|'ve been| have been)(?: now)? (?:a |an |strictly |fully |mostly |completely |totally |entirely )?"
        + _NOW
        + _DIET
        + r"\b",
        "diet",
        flags=re.IGNORECASE,
        gate=_DIET_WORDS,
    ),
    _rule(
        "diet",
        IDENTITY,
        r"(?:^|(?<=[\s,;(]))been (?:a |an |strictly |fully |mostly )?" + _DIET + r" (?:for|since)\b",
        "dietbare",
        flags=re.IGNORECASE,
        gate=_DIET_WORDS,
    ),
    _rule(
        "diet",
        IDENTITY,
        r"(?:^|(?<=[\s,;(]))(?:so |basically |officially |fully )?(?:a |an )?" + _DIET + r" (?:now|these days)\b",
        "dietbare",
        flags=re.IGNORECASE,
        gate=_DIET_WORDS,
    ),
    _rule(
        "diet",
        IDENTITY,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"(?:gone|went|became|become|turned|switched to(?: being)?(?: an?)?) "
        + _DIET
        + r"\b",
        "diet",
        flags=re.IGNORECASE,
        gate=_DIET_WORDS,
    ),
    _rule(
        "diet",
        IDENTITY,
        _I + r" " + _NOW + r"(?:eat|follow|keep|am on|'m on) an? " + _DIET + r" diet\b",
        "diet",
        flags=re.IGNORECASE,
        gate=_DIET_WORDS,
    ),
    # schedules (habits): "my Italian class is on Thursdays", "Italian class moved to Tuesday"
    _rule(
        "schedule",
        PREFERENCE,
        r"\b[Mm]y "
        + r"(?P<thing>(?:[A-Za-z][\w-]*\s+){0,2}?)"
        + _ACTIVITY_NOUNS
        # where it is held between ("my german B1 course at the VHS is monday evenings")
        + r"(?: (?:at|in|with) (?:the )?[\w'-]+(?: [\w'-]+)?)?"
        + r" (?:is|are|happens|takes place|runs|meets) (?:now |always |usually )?(?:on )?(?P<day>"
        + _DAY
        + ")",
        "day",
        flags=re.IGNORECASE,
        gate=_DAY,
    ),
    _rule(
        "schedule",
        PREFERENCE,
        r"\b(?:[Mm]y |[Oo]ur |[Tt]he )?(?P<thing>(?:[A-Za-z][\w-]*\s+){0,2}?)"
        + _ACTIVITY_NOUNS
        + r" (?:has |was |got |just |now )*(?:moved|switched|changed|shifted|rescheduled|been moved) (?:from (?:"
        + _DAY
        + r") )?to (?P<day>"
        + _DAY
        + ")",
        "day",
        flags=re.IGNORECASE,
        gate=_DAY,
    ),
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"(?:have|take|go to|attend|do) (?:my |the )?(?P<thing>(?:[A-Za-z][\w-]*\s+){0,2}?)"
        + _ACTIVITY_NOUNS
        + r" on (?P<day>"
        + _DAY
        + ")",
        "day",
        flags=re.IGNORECASE,
        gate=_DAY,
    ),
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"(?P<thing>run|swim|climb|cycle|train|go running|go swimming|go climbing|go to the gym|hit the gym|work from home|work remotely) (?:every |on )?(?P<day>"
        + _DAY
        + ")",
        "day",
        flags=re.IGNORECASE,
        gate=_DAY,
    ),
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"(?P<thing>run|swim|climb|boulder|cycle|train|lift|row|dance|play) (?:at [^.,;]{1,40}? )?(?:every |on )?(?P<day>"
        + _DAY
        + ")",
        "day",
        flags=re.IGNORECASE,
        gate=_DAY,
    ),
    _rule(
        "schedule",
        PREFERENCE,
        r"\b[Mm]y (?P<thing>[a-z][\w-]*) (?:night|day|evening|morning|afternoon)s? (?:has |have |just |now )*(?:moved|switched|changed|is now|is|are now|are) (?:to |on )?(?P<day>"
        + _DAY
        + ")",
        "day",
        flags=re.IGNORECASE,
        gate=_DAY,
    ),
    # a weekly activity named by its day: "my tuesday night bowling league", "our thursday pickleball
    # group", "my saturday morning tennis class" (a league, club or class the person belongs to)
    _rule(
        "schedule",
        PREFERENCE,
        r"\b(?:[Mm]y|[Oo]ur) (?P<day>(?i:"
        + _DAY
        + r"))(?: (?i:night|evening|morning|afternoon|lunchtime))? "
        + _ACTIVITIES.replace("(?P<thing>(?i:", "(?P<thing>(?i:darts|poker|bridge|chess|bingo|pub quiz|quiz|", 1)
        + r" (?i:league|club|team|class|classes|session|sessions|practice|games?|lessons?|training|group|night)\b",
        "day",
        gate=_DAY,
    ),
    # a habit moved by the person: "I moved my gym days to Tuesday and Friday", "I switched my Italian
    # class to Thursdays" (not "I moved my dentist appointment to Friday": one visit)
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"(?:moved|switched|changed|shifted|rescheduled) (?:my|our) (?P<thing>(?:[A-Za-z][\w-]*\s+){0,2}?)(?:"
        + _ACTIVITY_NOUNS.replace("|appointment", "").replace("|meeting", "")
        + r"|days|nights|evenings|mornings) (?:over )?to (?:on )?"
        # (every week: "Thursdays", or days said together; "to Friday" alone may move one week's)
        + r"(?=\w+days\b|\w+day(?:,| and| &|\s*(?:to|through|-|–)\s*\w+day))(?P<day>"
        + _DAY
        + ")",
        "day",
        flags=re.IGNORECASE,
        gate=_DAY,
    ),
    # a habit given up: "I quit climbing", "I no longer run", "I don't go swimming anymore", "I swim
    # on Saturdays now instead of climbing" (its schedule ends: a change of the day it was on)
    _rule(
        "schedule",
        PREFERENCE,
        # (a line that drops its "I" is the person's too: "quit the gym, doing yoga now")
        r"(?:"
        + _I
        + r"(?: have|'ve)? |^)"
        + _NOW
        + r"(?:quit|stopped|gave up|given up|dropped) (?:going (?:to )?)?"
        + _STOPPED,
        "stop",
        flags=re.IGNORECASE,
        gate=_STOPPED_WORDS,
    ),
    _rule(
        "schedule",
        PREFERENCE,
        _I + r" (?:no longer|(?:don't|do not)(?=[^.;]*\bany ?more\b)) (?:go (?:to )?)?" + _STOPPED,
        "stop",
        flags=re.IGNORECASE,
        gate=_STOPPED_WORDS,
    ),
    _rule(
        "schedule",
        PREFERENCE,
        _I + r"(?: have|'ve)? [^.;?]{0,80}?\binstead of (?:going |playing )?" + _STOPPED,
        "stop",
        flags=re.IGNORECASE,
        gate=_STOPPED_WORDS,
    ),
    # "gave netball away when we moved", "I gave up tennis": with or without the "I"
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:(?:^|(?<=[\s,;(]))(?:I |i )?(?:have |'ve )?|\b(?:and|so|then) )(?i:gave|given) "
        + _STOPPED.replace("|away", "")
        + r" (?:away|up)\b",
        "stop",
        flags=re.IGNORECASE,
        gate=_STOPPED_WORDS,
    ),
    # "i've swapped bouldering for ultimate frisbee", "ditched the gym for running": the first is given up
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"(?:swapped|traded|switched|ditched|replaced) (?:the |my )?"
        + _STOPPED.replace("(?:for|to|", "(?:to|")
        + r" (?:for|with)\b",
        "stop",
        flags=re.IGNORECASE,
        gate=_STOPPED_WORDS,
    ),
    # "packed in the five-a-side, knees are gone", "I've jacked in running": with or without the "I"
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:^|\b(?:I|i)(?: have|'ve)? |(?<=[,;] )|\b(?:and|so|then) )(?:finally )?(?:packed|jacked) (?:it )?in (?:the |my )?"
        + _STOPPED,
        "stop",
        flags=re.IGNORECASE,
        gate=r"packed|jacked",
    ),
    # "rolled my ankle at five-a-side wednesdays": a sport the person goes to on a day of every week
    _rule(
        "schedule",
        PREFERENCE,
        r"\b(?:my|I|we)\b[^.;?]{0,40}?\bat (?P<thing>five-a-side|5-a-side|"
        + _SPORTS[3:-1]
        + r"|yoga|pilates|boxing|crossfit|spin|parkrun) (?:on )?(?P<day>(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b",
        "day",
        flags=re.IGNORECASE,
        gate=_DAY,
    ),
    # "I do the sea swim at Blackrock most mornings now", "I go for a run every evening"
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"(?:do|go for|go to|have) (?!(?:the |a |my )?school )(?:the |a |my )?(?P<thing>(?:[a-z][\w-]* ){0,2}(?:swim|dip|run|parkrun|jog|ride|spin class|workout))"
        + r"(?: (?:at|in|with) [^.,;]{1,40}?)? (?:most|every|on) (?P<day>"
        + _DAY
        + r"|mornings|evenings|nights|weekends|morning|evening|night)\b",
        "day",
        flags=re.IGNORECASE,
        gate=r"swim|dip|run|jog|ride|spin|workout",
    ),
    # "I play bodhrán at the trad session in Hogan's on a tuesday night"
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"play (?!(?:it|them|this|that|games?|music|with|for|at|in|a|the)\b)(?P<thing>[\w-]+) (?:at|in|with|for) [^.,;?]{1,50}? (?:every |on (?:a |an )?)(?P<day>"
        + _DAY
        + ")",
        "day",
        flags=re.IGNORECASE,
        gate=_DAY,
    ),
    # "runs on sunday afternoons so that's my pottery day now", "is thursdays so thats my bodhrán night"
    _rule(
        "schedule",
        PREFERENCE,
        r"\b(?P<day>"
        + _DAY
        + r")(?: (?:nights?|evenings?|afternoons?|mornings?))?,? (?:so |which means |which makes )?(?:that's|thats|that is|it's) "
        + r"(?:now )?my (?!(?:only|last|first|free|rest|lazy|cheat|busy|long|short|one|big|best|worst|favou?rite|day|off|work|working|birth|usual)\b)"
        + r"(?P<thing>[\w-]+) (?:day|night|evening|morning|afternoon)\b",
        "day",
        flags=re.IGNORECASE,
        gate=r"that'?s my|that is my|it's my",
    ),
    # given up for the body ("my knee can't take the running anymore", "my doctor won't let me run anymore")
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:\b[Mm]y (?:knees?|back|hips?|ankles?|shoulders?|foot|feet|body|doctor|physio)|"
        + _I
        + r") (?:can't|cannot|can no longer|won't let me|doesn't let me|does not let me)[^.;?]{0,30}?\b"
        + _STOPPED
        + r"[^.;?]{0,10}?\bany ?more\b",
        "stop",
        flags=re.IGNORECASE,
        gate=_STOPPED_WORDS,
    ),
    # the shift a person works (nurses, factories, transit, police): "I work night shifts", "I'm on
    # days now", "I switched to day shifts"
    _rule(
        "shift", PREFERENCE, _I + r"(?:'m| am)? " + _NOW + r"(?:still )?(?:work(?:ing)?|on|doing) (?:the )?" + _SHIFT
    ),
    _rule(
        "shift",
        PREFERENCE,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"(?:switched|moved|changed|gone|went) (?:back )?(?:over )?to (?:the )?"
        + _SHIFT,
    ),
    # a shift said of the shift or the rota: "my shift is nights now", "my shifts are days again", "my rota
    # changed to nights", "they put me on nights", "I've been moved onto the night shift"
    _rule(
        "shift",
        PREFERENCE,
        r"\b[Mm]y (?:usual |regular )?(?:shifts?|shift pattern|rota|roster|hours) (?:is|are|has (?:been )?(?:changed|switched|moved) to|"
        r"(?:changed|switched|moved|went) (?:back )?to|(?:is|are) back (?:on|to)) (?:now |all |mostly )?(?:on )?(?:the )?"
        + _SHIFT,
        gate=r"shift|rota|roster|my hours",
    ),
    _rule(
        "shift",
        PREFERENCE,
        r"(?:\b(?:[Tt]hey|[Ww]ork|[Mm]y (?:boss|manager|supervisor|ward|team))(?: have|'ve|'s| has)? (?:moved|put|switched|changed) me|"
        + _I
        + r"(?:'ve| have)? (?:been|got) (?:moved|put|switched|changed)) (?:back )?(?:on|onto|on to|to|over to) (?:the )?"
        + _SHIFT,
        gate=r"(?:moved|put|switched|changed) me|been (?:moved|put|switched|changed)|got (?:moved|put|switched|changed)",
    ),
    # the days a person works: "I work Mondays to Thursdays now", "I only work Tuesday and Wednesday",
    # "my work days are Monday to Thursday now" (schedule:work; not "I worked Mondays", "my sister
    # works nights", "if I worked Mondays", "I work Monday on the report": a day of one week)
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r"(?:'m| am)? "
        + _NOW
        + r"(?:only |just )?(?P<thing>work)(?:ing(?=(?: on)? \w+days\b|(?: on)? \w+day\s*(?:(?:to|through|thru|till|until|-|–)\s*|(?:,|,? and|,? &) )(?i:mon|tues|wednes|thurs|fri|satur|sun)day))? (?:on )?(?P<day>"
        + _DAY
        + r")(?=(?:(?:,|,? and|,? &|,? or) "
        + _DAY
        + r")*(?:\s*(?:to|through|thru|till|until|-|–)\s*"
        + _DAY
        + r")?(?:\s*(?:[,.;!?)]|$)| (?:now|only|these days|at|in|for|from|and|but|so|as|because|since|instead|nowadays|each week|every week)\b))",
        "day",
        flags=re.IGNORECASE,
        gate=_DAY,
    ),
    # how many days a week: "I work four days a week now", "I'm only working three days a week" (not "I worked
    # five days a week", "my sister works four days a week")
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r"(?:'m| am|'ve| have)? "
        + _NOW
        + r"(?:only |just )?(?P<thing>work)(?:ing)? (?:only |just )?"
        + r"(?P<often>(?:one|two|three|four|five|six|[1-6]) days? (?:a|per) week)\b",
        "often",
        gate=r"days? (?:a|per) week",
    ),
    # the working week said by how it changed: "I've gone down to three days a week", "I'm down to four
    # days a week now", "I went up to five days a week" (schedule:work; not "... at the gym", "I'm going
    # down to three days a week in May": a plan, nor "my wife has gone down to three days a week")
    _rule(
        "schedule:work",
        PREFERENCE,
        _I
        + r"(?:'ve| have|'m| am)? "
        + _NOW
        + _WEEK_CHANGED
        + r"(?P<often>(?:one|two|three|four|five|six|[1-6]) days? (?:a|per) week)"
        + _WEEK_END,
        "often",
        gate=r"days? (?:a|per) week",
    ),
    # the hours worked a week: "I work 30 hours a week", "I've cut down to 20 hours a week", "I cut my hours to
    # 24 a week" (hours:work; not "I worked 60 hours a week", "I spend 10 hours a week on Duolingo")
    _rule(
        "hours:work",
        PREFERENCE,
        _I
        + r"(?:'ve| have|'m| am)? "
        + _NOW
        + r"(?:"
        + _WEEK_CHANGED
        + r"|(?:only |just )?(?:work|working|do|doing)(?: only| just| about| around)? |(?:cut|reduced|dropped|upped|increased) my hours (?:down |back )?to )"
        + r"(?P<hours>\d{1,2}(?:\.5)?|"
        + _HOUR_WORDS
        + r")(?: hours?| hrs?)? (?:a|per|each) week"
        + _WEEK_END,
        "hours",
        gate=r"(?:hours?|hrs?) (?:a|per|each) week|hours (?:down |back )?to",
    ),
    # a person's start time at work: "I start work at 8 now instead of 9", "my shift starts at 7 now",
    # "work starts at 8:30 for me now" (time:work; not "I start work at 8 tomorrow": one day)
    _rule(
        "time:work",
        PREFERENCE,
        r"(?:"
        + _I
        + r"(?:'m| am)? "
        + _NOW
        + r"(?:usually |normally |always |generally |typically |now )?(?:start|starting|begin|beginning|clock on|clocking on|clock in|clocking in) (?:work|my shifts?|my workday|my work day|at work)"
        + r"|\b[Mm]y (?:shifts?|workday|work day|working day) (?:now )?(?:starts?|begins?)|(?:^|(?<=[,;] ))[Ww]ork (?:now )?starts)"
        + r" (?:now )?(?:at|around|about) "
        + _CLOCK
        + r"(?! (?:tomorrow|tonight|today|this|next|on (?i:mon|tues|wednes|thurs|fri|satur|sun)day\b(?!s)))",
        "clock",
        gate=r"start(?:ing)? (?:work|my|at work)|begin|clock|starts",
    ),
    # settings and preferences
    _rule(
        "keep",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"(?:like to |prefer to )?(?:keep|set) (?:my |the )"
        + _THING
        + r" (?:at|to) (?P<v>-?\d+(?:[.,]\d+)?\s*(?:°\s*[CF]?|degrees(?: celsius| fahrenheit)?|c\b|f\b)?)",
    ),
    _rule(
        "favourite",
        PREFERENCE,
        r"\b[Mm]y (?:new |current |all-time )?(?:favourite|favorite) "
        + _THING
        + r" (?:is|are) (?:now )?(?P<v>[\w'&.-]+(?:\s+[\w'&.-]+){0,3})",
    ),
    *_ROUTINES,  # how often, what time, favourites by name
    _rule(
        "prefer",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"(?:prefer|like|want|take|drink|have) my "
        + _THING
        + r" (?P<v>black|white|with [\w -]{2,30}?|without [\w -]{2,30}?|strong|weak|decaf|iced|hot|cold|sweet|unsweetened|rare|medium|well done)\b",
    ),
    _rule(
        "prefer",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"(?:prefer|like) (?P<v>[a-z][\w-]*) (?P<thing>seats?|rooms?|mornings?|evenings?|meetings?|flights?|trains?|mode|theme|keyboards?|editors?)\b",
    ),
    # a usual order: "my usual is a cortado", "iced oat lattes, it's my default order now"
    _rule(
        "usual order",
        PREFERENCE,
        r"\b[Mm]y (?:usual|default|go-to)(?: order| drink| coffee(?: order)?)? is (?:an? )?(?P<v>[a-z][\w -]{2,30}?)(?= from| at| but| and|[,.;!?]|$)",
    ),
    _rule(
        "usual order",
        PREFERENCE,
        r"\b(?:converted|switched|moved|changed) (?:over )?to (?P<v>[a-z][\w -]{2,30}?),? (?:it's|that's|they're) (?:now )?my (?:usual|default|go-to)(?: order| drink)?\b",
        gate=r"usual|default|go-to",
    ),
    _rule(
        "commute",
        PREFERENCE,
        r"\b(?:[Ii]t's|[Ii]t is|[Mm]y commute is|[Ii]'ve got) (?:a |an |about |around |only |just )*\d+[- ]?(?:min(?:ute)?s?|hours?|hrs?)\.? (?P<v>"
        + _TRIP
        + r") (?:to|into) "
        + _WORKPLACE
        + r"\b",
        gate=r"min|hour|hr",
    ),
    _rule(
        "commute",
        PREFERENCE,
        r"\b[Mm]y (?:daily )?commute\b[^.;]{0,80}?\bby (?P<v>bike|bicycle|train|bus|car|tram|metro|subway|foot|scooter|ferry|U-Bahn)\b",
    ),
    _rule(
        "commute",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"(?:commute|get to work|go to work|ride to work) (?:by|on) (?P<v>bike|bicycle|train|bus|car|tram|metro|subway|foot|scooter|ferry)\b",
    ),
    # "my commute's the U2 now", "my commute is the 46A"
    _rule(
        "commute",
        PREFERENCE,
        r"\b[Mm]y (?:daily )?commute(?:'s| is) (?:now )?(?:the |on the |by )?(?P<v>bike|bicycle|train|bus|car|tram|metro|subway|foot|scooter|ferry|tube|"
        r"U-Bahn|S-Bahn|[A-Z]\d{1,3}[A-Z]?|\d{1,3}[A-Z]|\d{1,3}(?= bus\b))(?![\w-])",
    ),
    # "I cycle to work along the river now", "I take the U3 to work every morning"
    # (and in the progressive: "I've been taking the bus to work", "I'm cycling to work these days")
    _rule(
        "commute",
        PREFERENCE,
        _I
        + _BEEN_DOING
        + _NOW
        + r"(?P<v>cycle|bike|walk|drive|ride my bike|ride my bicycle|cycling|biking|walking|driving|riding my bike|riding my bicycle)"
        + r"(?: (?:up|down|over|across|along|through|past|round|around) (?:the )?[\w-]+(?: [\w-]+)?)? to "
        + _WORKPLACE
        + r"\b",
    ),
    _rule(
        "commute",
        PREFERENCE,
        _I
        + _BEEN_DOING
        + _NOW
        + r"(?:take|catch|ride|taking|catching|riding) the (?P<v>bus|tram|metro|subway|train|ferry|tube|underground|U-Bahn|S-Bahn|[A-Z]\d{1,3}|\d{1,3}) (?:to|into) (?:work|the office)\b",
    ),
    # other facts about their life
    _rule(
        "fact",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?:new |current )?" + _THING_IS,
    ),
    _rule("fact", FACT, _PROVIDER_IS),
    # a thing of someone in the person's life: "Inès's school is École Saint-Jean-de-Brébeuf now",
    # "my son's teacher is Mr. Roy" (an attribute of its own: "inès school", never the person's)
    _rule(
        "their",
        FACT,
        r"(?:\b[Mm]y (?P<rel>" + _RELATIVE + r")|(?P<who>" + _NAME + r"))'s " + _THING_IS,
        gate=r"'s",
    ),
    # "I switched to Fizz for my phone": who supplies it changed
    _rule(
        "supplier",
        FACT,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"(?:switched|changed|moved) (?:over )?to (?P<v>"
        + _NAME
        + r") (?:for|as) my (?P<thing>"
        + _FACT_QUALIFIER
        + _FACT_NOUN
        + _SUPPLIER
        + r")\b",
    ),
    # "We switched our broadband to Vodafone", "I moved my current account to Starling": who supplies it
    _rule(
        "supplier",
        FACT,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: have|'ve)? "
        + _NOW
        + r"(?:switched|changed|moved|transferred|took) (?:my|our) (?P<thing>"
        + _FACT_QUALIFIER
        + _SUPPLIED
        + _SUPPLIER
        + r") (?:over )?(?:to|over to) (?:the )?(?P<v>"
        + _NAME
        + ")",
    ),
    _rule("fact", FACT, _I + r" " + _NOW + r"(?P<thing>bank) with (?P<v>" + _NAME + ")"),
    # a bank named as one (`_BANKS`): "we're PTSB customers now", "I'm with Monzo these days",
    # "everything's at DKB these days", "moved everything over to ING in the end"
    _rule(
        "bank",
        FACT,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?:'re| are|'m| am) (?:now |all |both )*(?:(?:an? )?(?P<v>"
        + _BANKS
        + r") (?:customers?|members?)\b|with (?P<v2>"
        + _BANKS
        + r")(?= now\b| these days\b| for (?:my |our )?(?:banking|accounts?)\b))",
    ),
    _rule(
        "bank",
        FACT,
        r"\b(?i:everything|all my money|my money|my savings|all our money|our money|my banking|our banking|my salary)(?:'s| is| are) (?:now |all )*(?:at|with|in) (?P<v>"
        + _BANKS
        + ")",
        gate=r"everything|money|savings|banking|salary",
    ),
    _rule(
        "bank",
        FACT,
        r"(?:(?:"
        + _I
        + r"|\b[Ww]e)(?: have|'ve)? |^|\b(?:and|so|finally|just) )"
        + r"(?:moved|switched|transferred|took|shifted) (?:everything|it all|all my money|my money|my savings|my banking|our banking|all our money|our money|my accounts?|our accounts?) "
        + r"(?:over |across )?to (?P<v>"
        + _BANKS
        + ")",
        gate=r"moved|switched|transferred|took|shifted",
    ),
    # the children's school and who minds them: "the pair of them are in Knocknacarra Educate Together",
    # "Maura does the kids now", "Bernie down the road minds the kids after school"
    _rule(
        "kids school",
        FACT,
        r"\b(?i:the kids|the children|our kids|the pair of them|the two of them|both kids|the girls|the boys|"
        # (two names, the second not "I": "I own a bakery and I've started at Asda" is her job, session 39: bola)
        r"[A-Z][\w'-]+ and (?!i\b)[A-Z][\w'-]+) (?:are|go|have started|started) (?:both |all |now )*(?:in|at|to) (?:the )?(?P<v>"
        + _NAME
        + "|"
        + _LOW_SCHOOL
        + ")",
        gate=r"kids|children|pair of them|two of them|girls|boys| and ",
    ),
    _rule(
        "childminder",
        FACT,
        r"(?P<v>" + _NAME + r")(?: [\w ]{1,24}?)? (?:minds|looks after|does|collects|picks up|babysits|has) "
        r"(?:the kids|the children|our kids|the girls|the boys)\b",
        gate=r"kids|children|girls|boys",
    ),
    _rule(
        "fact",
        FACT,
        r"(?P<v>"
        + _DR
        + r")(?: in [A-Za-z][\w-]+|,? (?:over |down |up |out )?(?:at|from) (?:the )?[\w'&.-]+(?: [\w'&.-]+){0,3}?,?)? (?:has been|is|was) (?:still )?(?:my|our) (?P<thing>"
        + _FACT_QUALIFIER
        + _FACT_NOUN
        + r")\b",
        gate=r"\bdr|\bdoc",
    ),
    _rule("doctor", FACT, r"\bput (?:me|us) (?:in )?with (?P<v>" + _DR + ")", gate=r"put (?:me|us)"),
    _rule(
        "bank",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?:wages|salary|pay|paycheck|paycheque|pension) (?:go(?:es)?|is paid|are paid|gets? paid|comes?) "
        r"(?:in)?to (?P<v>" + _NAME + r")",
        gate=r"wages|salary|pay|pension",
    ),
    _rule(
        "tenure", IDENTITY, r"\b(?:[Oo]ur|[Mm]y) (?P<v>landlord|landlady|letting agent)\b(?! (?:is|was|said|says)\b)"
    ),
    _rule(
        "tenure",
        IDENTITY,
        r"\b(?:got|getting|collected|picked up) the keys (?:to|of|for) (?:our|my) (?P<v>own)\b",
        gate=r"keys",
    ),
    # the street a person's home is on: "the new mieszkanie on kosciuszki", "our flat on Rua das Flores",
    # "the new flat is on Kosciuszki street",
    # "we live on Elm Street" (not "the flat on the 4th floor", "my house on fire", "a flat on airbnb")
    _rule(
        "street",
        IDENTITY,
        r"(?:\b(?:[Oo]ur|[Mm]y|[Tt]he new) (?:new )?"
        + _STREET_HOMES
        # "the new flat is on Kosciuszki street": a name, or a word a street's name follows
        + r"(?:(?: is|'s)(?: now)?(?= on (?:[A-Z]|[a-z][\w'-]* (?:[a-z][\w'-]* )?"
        + _STREET
        + r"\b)))? on (?!(?:"
        + _NOT_A_STREET
        + r")\b)(?P<v>"
        + _NAME
        + "|"
        + _LOW_NAME
        + r")(?: "
        + _STREET
        + r")?|(?:"
        + _I
        + r"|\b[Ww]e) (?:now |still |currently )?(?:live|are living|'re living|am living|'m living) on (?!(?:"
        + _NOT_A_STREET
        + r"|same|quiet|busy|noisy|leafy|hilly|pretty|lovely|dodgy|main|nice|long|short|dead[ -]end|one[ -]way)\b)(?P<v2>(?:[A-Za-z][\w'-]* ){1,3}?"
        + _STREET
        + r"))(?![\w'-])",
        gate=r" on ",
    ),
    # the kind of home a person lives in, where it is one no other word names: "the walls in this sunland
    # village double wide", "we live in a mobile home now", "our narrowboat" (not "my parents double wide",
    # "I saw this double wide for sale", "our mobile home park")
    _rule(
        "dwelling",
        IDENTITY,
        r"(?:\b(?:in|at|of) this|\b(?:our|my)|"
        + _I
        + r" (?:live|am living|'m living) in|\b[Ww]e (?:live|are living|'re living) in)"
        + r" (?:(?:a|an|the) )?"
        + _PET_WORDS
        + r"(?P<v>"
        + _DWELLINGS
        + r")(?![\w-]| (?:parks?|community|communities|dealers?|lot|for sale|listings?|show)\b)",
        flags=re.IGNORECASE,
        gate=_DWELLINGS,
    ),
    # the gym: "lifting at Planet Fitness", "joined the downtown YMCA", "I train at Gold's Gym"
    _rule(
        "gym",
        FACT,
        r"(?:(?:^|(?<=[\s,;(]))(?:I |i )?(?:started |been )?(?:lifting|working out|training|train|lift|work out) at|"
        r"(?:^|(?<=[\s,;(]))(?:(?:I|i|[Ww]e) )?(?:'ve |have )?(?:just |finally )?(?:joined|signed up (?:at|with|for))) "
        # a gym's name ends where a word does: "I just joined a yoga studio" had read gym = "y" (the Y)
        r"(?:the |a )?(?:[a-z]+ )?(?P<v>" + _GYMS + r")(?![\w'&-])",
        flags=re.IGNORECASE,
        gate=r"lift|work|train|joined|signed up",
    ),
    # the phone carrier: "I'm on T-Mobile", "ported my number over to Mint Mobile"
    _rule(
        "phone provider",
        FACT,
        r"(?:" + _I + r"(?:'m| am) (?:now |still )?(?:on|with) (?P<v>" + _CARRIERS + r")|"
        r"\b(?:ported|moved|transferred|switched) (?:my |our )?(?:phone )?number (?:over )?to (?P<v2>" + _NAME + r"))",
        gate=r"number|" + _CARRIERS,
    ),
    # "our internet's with Aussie Broadband", "my everyday account and savings are both with commbank"
    _rule(
        "supplier",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?P<thing>"
        + _FACT_QUALIFIER
        + _SUPPLIED
        + r")(?: and (?:[\w-]+ ){0,2}?(?:savings|accounts?|cards?))?(?:'s| is| are)(?: now| both| all)* with (?P<v>"
        + _NAME
        + r"|[a-z][a-z0-9]{2,}(?=[\s,.;!?]|$))",
    ),
    # "we signed up with Superloop for the nbn", "I'm with Octopus for power now"
    _rule(
        "supplier",
        FACT,
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?: have|'ve|'re| are|'m| am)? "
        + _NOW
        + r"(?:signed up |gone |went |switched |moved |changed )?with (?P<v>"
        + _NAME
        + r") for (?:the |our |my )?(?P<thing>"
        + _SUPPLIED
        + r")\b",
    ),
    _rule(
        "fact",
        FACT,
        _HAVE_NOW
        + r"(?:got|have|adopted|rescued|brought home|took in|picked up) (?:a |an |my |our )(?:new )?"
        + _PET_KIND
        + _PETS
        + r",? (?:named|called) (?P<v>"
        + _NAME
        + "|"
        + _LOW_NAME
        + ")",
        gate=r"named|called",
    ),
    # a pet that died is no pet now: "our dog biscuit died", "we lost our cat Miso", "had to put our old
    # beagle rusty down", "biscuit, our dog, died last night"
    _rule(
        "fact",
        FACT,
        r"\b(?:my|our) " + _PET_WORDS + r"(?:" + _PETS + "|" + _BREED + r"),? (?P<v>[A-Za-z][\w'-]+),? "
        r"(?:(?:has |just |finally |sadly |)(?:died|passed away|passed|was put (?:down|to sleep)|crossed the rainbow bridge)\b)",
        "died",
        flags=re.IGNORECASE,
        gate=r"died|passed|put (?:down|to sleep)|rainbow",
    ),
    _rule(
        "fact",
        FACT,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|we) (?:have |'ve )?(?:just )?(?:lost|had to put down|had to put to sleep|buried) (?:my|our) "
        + _PET_WORDS
        + r"(?:"
        + _PETS
        + "|"
        + _BREED
        + r"),? (?P<v>[A-Za-z][\w-]+)(?=\s*(?:[,.;!?)]|$)| (?:in|on|last|this|yesterday|today|to|after|at|a|an|two|three|\d+)\b)"
        + r"|(?:^|(?<=[.;!?] ))(?P<v2>(?!(?:"
        + _NOT_A_PET_NAME
        + r")\b)[A-Za-z][\w'-]+), (?:my|our) "
        + _PET_WORDS
        + r"(?:"
        + _PETS.replace("P<thing>", "P<thing2>")
        + "|"
        + _BREED.replace("P<breed>", "P<breed2>")
        + r"),? (?:has |just |finally |sadly )?(?:died|passed away|passed|was put (?:down|to sleep)))\b",
        "died",
        flags=re.IGNORECASE,
        gate=r"died|passed|put (?:down|to sleep)|lost|buried",
    ),
    # a pet named before what it is: "biscuit, our dog, ate my sock", "rusty my old beagle is 14",
    # "Biscuit the little chihuahua mix we got from the shelter", "Miso (our cat) ..."
    _rule(
        "fact",
        FACT,
        _PET_NAMED_FIRST + r"(?:, | \()(?:my|our) " + _PET_NAMED_KIND + r"(?:\)|,)",
        "pet",
        flags=re.IGNORECASE,
        gate=r"my|our",
    ),
    # (without the commas, only where a word says which one it is: "rusty my old beagle is 14", not "ugh my dog is sick")
    _rule(
        "fact",
        FACT,
        _PET_NAMED_FIRST
        + r" (?:my|our) (?=[a-z][\w-]* )"
        + _PET_WORDS
        + r"(?<!my )(?<!our )(?:"
        + _PETS
        + "|"
        + _BREED
        + r") (?:is|has|just|keeps|won't|wont)\b",
        "pet",
        flags=re.IGNORECASE,
        gate=r"my|our",
    ),
    _rule(
        "fact",
        FACT,
        _PET_NAMED_FIRST
        + r",? the "
        + _PET_NAMED_KIND
        + r"(?: (?:that |who )?(?:I|i|we) (?:got|adopted|rescued|brought home|took in)\b)",
        "pet",
        flags=re.IGNORECASE,
        gate=r"got|adopted|rescued|brought home|took in",
    ),
    # "I started seeing a new therapist here, Dr. Iain Fraser", "we registered with a new GP, Dr Shah"
    _rule(
        "fact",
        FACT,
        _HAVE_NOW
        + r"(?:started seeing|started going to|switched to|changed to|moved to|registered with|signed up with|found|got) "
        + r"(?:a |an |my |our |the )?(?:new )?(?P<thing>"
        + _FACT_QUALIFIER
        + _FACT_NOUN
        + r")(?: here| now| there| in [A-Z][\w-]+(?: [A-Z][\w-]+)?)?,? (?:called |named |who is |- |– )?(?!I\b)(?P<v>(?:Dr\.? |Dre? |Mr\.? |Mrs\.? |Ms\.? )?"
        + _NAME
        + "|"
        + _TITLED
        # a pet's name in lower case, said as its name: "we got a cat named miso"
        + r"|(?:(?<=called )|(?<=named ))"
        + _LOW_NAME
        + ")",
        gate=r"started|switched|changed|moved|registered|signed up|found|got",
    ),
    # an activity a person does now, no day said: "doing yoga now", "i do pilates these days", "I've taken
    # up krav maga", "got hooked on pickleball", "doing krav maga twice a week now", "swapped bouldering for
    # ultimate frisbee" (the one given up is read by the rule above)
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i)(?:'m| am|'ve been| have been)? |^(?:(?:and|so|now|been) )*|(?<=[,;] )(?:been )?)"
        r"(?:now |currently |mostly |mainly |also )?(?:doing|do|into|practi[sc]ing) (?:some |a (?:bit|lot) of |lots of )?(?:the )?"
        + _ACTIVITIES
        + r"(?: (?:at|with|in) [^.,;!?]{1,40}?)?"
        r"(?: " + _OFTEN + r")? (?:now|these days|nowadays|lately|at the moment|right now|instead)\b",
        "now",
        gate=r"now|these days|nowadays|lately|at the moment|instead",
    ),
    # (life33) an activity opening the sentence, how often and "now", its "doing" dropped as a texter drops it:
    # "running 3 times a week now", "swimming twice a week these days" (not a plan: "running 3x a week from may")
    _rule(
        "schedule",
        PREFERENCE,
        r"^(?:(?i:and|so|been|now) )*" + _ACTIVITIES + r" " + _OFTEN + r",? (?:now|these days|nowadays|lately)\b",
        "now",
        gate=r"a week|per week|every week",
    ),
    _rule(
        "schedule",
        PREFERENCE,
        r"(?:(?:^|(?<=[\s,;(]))(?:I|i)(?: have|'ve)? |^(?:(?i:and|so|just|finally) )*|(?<=[,;] ))(?i:just |finally |recently |now )?"
        r"(?:taken up|took up|started|got into|got hooked on|got really into|signed up for|joined (?:a |the )?(?:local )?)"
        r" ?(?:doing |playing |(?:a |an |the )(?=[\w ]{3,20} class))?"
        + _ACTIVITIES
        + r"(?! (?:shoes|gear|kit|bag|class(?:es)? (?:for|with)|for (?:him|her|them|my|our)|lessons? for|the|a|an|my|our|his|her|"
        r"their|late|out|around|errands|into|away|to|after|behind|low|short|up|on|off|through|back|over)\b)",
        "now",
        gate=r"taken up|took up|started|got into|hooked|signed up|joined",
    ),
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"(?:swapped|traded|switched|ditched|replaced) (?:the |my )?[\w-]+(?: [\w-]+)? for "
        + _ACTIVITIES,
        "now",
        gate=r"swapped|traded|switched|ditched|replaced",
    ),
    # a child's school: "my son goes to st marys", "my daughter started at Oakwood Primary" ("son school")
    _rule(
        "their",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?P<rel>(?i:son|daughter|kid|boy|girl|eldest|youngest|little one|stepson|stepdaughter))(?: [A-Z][\w'-]+)?,? "
        r"(?:now |just )?(?:goes to|has started (?:at|in)|started (?:at|in)|is (?:now )?at|is in) (?:the )?(?P<v>"
        + _SCHOOL_NAME
        + "|"
        + _LOW_SCHOOL
        + r")",
        "school",
        gate=r"goes to|started|is at|is now at|is in",
    ),
    # (life33) a child's kindergarten by the child's name, a first weeks or a start there: "zosia's first weeks at
    # przedszkole nr 54 'sloneczko'", "zosia (2.5) starts eingewöhnung next week at her kita on weserstraße"
    # ("zosia school": a kindergarten said by its kind, in English, German or Polish)
    _rule(
        "their",
        FACT,
        r"(?:^|(?<=[.;!?] ))(?P<rel>[A-Za-z][\w-]+)(?:'s|’s) first (?:days?|weeks?|months?) (?:at|in) (?P<v>"
        + _KINDERGARTEN
        + r"[^.,;!?()]{0,40}?)(?=\s*(?:[.,;!?()]|$| (?:and|but|so|is|was|went|are|were)\b))",
        "school",
        gate=r"first",
    ),
    _rule(
        "their",
        FACT,
        r"(?:^|(?<=[.;!?] ))(?:[\w,]+ ){0,2}?(?P<rel>[A-Za-z][\w-]+) (?:\([\d.,]+\) )?(?:starts|started|is starting|began)"
        r"[^.;!?]{0,40}? at (?:her|his) (?P<v>" + _KINDERGARTEN + r"(?: (?:on|in) [\w'-]+)?)",
        "school",
        gate=r"start|began",
    ),
    # a place of work joined, typed in lower case where its kind is said: "i joined the council", "ive
    # joined the nhs", "I joined the city council in May" (capitalised: the rule above)
    _rule(
        "employer",
        IDENTITY,
        _I
        + r"(?: have|'ve)? "
        + _NOW
        + r"joined (?:the )?(?P<v>(?:[a-z][\w-]* ){0,2}?(?:council|nhs|civil service|police|fire service|fire brigade|army|navy|"
        r"air force|raf|marines|ambulance service)|(?:(?!(?:the|a|an|my|our|this|that|new|same|other|local|big|small|law|legal|"
        r"accounting|consulting|consultancy|marketing|recruitment|recruiting|travel|ad|advertising|pr|estate|letting|design|tech|"
        r"architecture|engineering|investment|insurance|temp|staffing|dental|medical|vet|gp|family|private|public)\b)[a-z][\w-]* ){1,2}"
        r"(?:health service|ministry|firm|agency|practice|trust))"
        r"(?=\s*(?:[,.;!?)]|$)| (?:in|last|this|as|on|at|and|after|back|full-time|part-time|recently|a|an|two|three|\d+)\b)",
        gate=r"joined",
    ),
    # a habit said by how often: "I boulder at the DAV hall like twice a week" (a day said later is the
    # same habit, `same`; giving it up is a change)
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"(?P<thing>run|swim|climb|boulder|cycle|train|go running|go swimming|go climbing|go bouldering|go to the gym)"
        + r"(?: (?:at|in|with) [^.,;]{1,40}?)? (?:like |about |around |roughly |usually )?"
        + r"(?P<day>(?:once|twice|three times|four times|five times|\d+ times|\dx) (?:a|per|every) week)\b",
        "day",
        flags=re.IGNORECASE,
        gate=r"week",
    ),
    # an activity on a day: "I do yoga on Tuesdays", "I go to pilates every Monday", "I have krav maga on thursdays"
    _rule(
        "schedule",
        PREFERENCE,
        _I
        + r" "
        + _NOW
        + r"(?:do|go to|have|take|practi[sc]e) (?:my |the )?"
        + _ACTIVITIES
        + r"(?: (?:at|in|with) [^.,;]{1,40}?)? (?:every |on )(?P<day>"
        + _DAY
        + ")",
        "day",
        flags=re.IGNORECASE,
        gate=_DAY,
    ),
    # a sport on a day: "I play five-a-side football on Tuesdays" (schedule:football)
    _rule(
        "schedule",
        PREFERENCE,
        _I + r" " + _NOW + r"play (?P<thing>(?:[\w-]+ ){0,2}?" + _SPORTS + r") (?:every |on )?(?P<day>" + _DAY + ")",
        "day",
        flags=re.IGNORECASE,
        gate=_DAY,
    ),
    # the phone or laptop a person has, named by its maker's line: "I have a Pixel 6", "I switched to an iPhone 15"
    *(
        _rule(
            noun,
            FACT,
            r"(?:(?:"
            + _I
            + r"|\b[Ww]e)(?: have|'ve)? "
            + _NOW
            + r"(?:caved and |went and )?(?:have|got|bought|use|drive|switched to|upgraded to|moved to|changed to|went for|"
            + r"traded (?:[\w-]+ ){1,3}(?:(?:in )?for|in on)|swapped (?:[\w-]+ ){1,3}for) (?:a |an |my |the |our )?(?:new |brand new |used )?(?:(?:19|20)\d\d |\d{2,3} )?"
            + r"|(?:^|(?<=[,;] )|(?<=[\s,;(])(?i:and|finally|just|then|so) )(?:caved and )?(?:got|bought|picked up|traded (?:[\w-]+ ){1,3}(?:(?:in )?for|in on)) (?:a |an |my |the |our )?(?:new |brand new |used )?(?:(?:19|20)\d\d |\d{2,3} )?"
            # "work gave me an M2 macbook pro": given to the person, theirs to use
            + r"|\b(?:gave|given|lent|issued) (?:me|us) (?:a |an |my |the |our )?(?:new |brand new |used )?(?:(?:19|20)\d\d |\d{2,3} )?"
            + r"|\b(?:[Mm]y|[Oo]ur) (?P<mine>)(?:(?:19|20)\d\d )?(?:new |trusty |current )?)"
            + r"(?:M[1-4] )?(?P<v>(?:"
            + lines
            + r")(?: "
            + _MODEL
            + r"){0,3})(?![\w-]| "
            + _MODEL
            # (a thing for it says only that one was bought; "my pixel 6a battery" says whose it is)
            + r"| for (?!me\b|myself\b))(?(mine)|(?! (?:charger|case|cable|screen|battery|box)\b))",
            gate=lines,
        )
        for noun, lines in _DEVICES
    ),
    _rule(
        "fact",
        FACT,
        r"\b[Mm]y (?:new |current |usual )?(?P<thing>"
        + _FACT_NOUN
        + r")(?: in [\w-]+(?: [\w-]+)?| here| now| (?:of|for) (?:\d+|many|ten|twenty|thirty) years| of (?:ages|forever))?,? \(?(?P<v>(?:Dr\.?|Dre?|Mr\.?|Mrs\.?|Ms\.?) "
        + _NAME
        + "|"
        + _TITLED
        + ")",
    ),
    # someone named, then who they are to the person: "dr huffman, my dentist, says ...", "pani kowalczyk, my
    # dentystka here, wants a crown", "Mrs Okoye (our GP) ..."
    _rule(
        "fact",
        FACT,
        r"(?:^|(?<=[.;!?] )|(?<=[.;!?]\n)|\b(?:and|so|but) )(?P<v>(?i:dr\.?|doc|doctor|mr\.?|mrs\.?|ms\.?|pani|pan|frau|herr|señora|señor|sra\.?|"
        r"madame|mme\.?|monsieur|signora|signor) (?:"
        + _NAME
        + "|"
        + _LOW_NAME
        + r")),? \(?(?:my|our) (?:new |usual |regular |current |family )?(?P<thing>"
        + _FACT_NOUN
        + r")(?: here| now| these days)?(?:\)|,)",
        "named",
        gate=r"my|our",
    ),
    # "the doctor i go to now is Dr. Brinkmann"
    _rule(
        "fact",
        FACT,
        r"\b[Tt]he (?P<thing>"
        + _FACT_NOUN
        + r") (?:I|i|we) (?:go to|see|use|have)(?: now| here| these days)? is (?:now )?(?P<v>(?:Dr\.?|Dre?|Mr\.?|Mrs\.?|Ms\.?) "
        + _NAME
        + "|"
        + _TITLED
        + ")",
        gate=r"\bdr|\bmr|\bmrs|\bms|\bdoc",
    ),
    # "Dr. Anjali Rao does my cleanings now": who does what a dentist or a doctor does
    _rule(
        "dentist",
        FACT,
        r"(?P<v>"
        + _DR
        + r") (?:does|is doing|has done|takes care of) (?:my|our) (?:cleanings|teeth|fillings|dental)\b",
        gate=r"dr|doc",
    ),
    # a doctor who prescribes for the person, where they work said or not: "doc patel at kettering health
    # put me on it", "dr nowak put me on escitalopram", "Dr. Singh over at the Riverside clinic upped my dose"
    _rule(
        "doctor",
        FACT,
        r"(?P<v>"
        + _DR
        + r")(?:,? (?:over |down |up |out )?(?:at|from|in) (?:the )?[\w'&.-]+(?: [\w'&.-]+){0,3}?,?)? (?:has |had |just |finally |now )?"
        r"(?:put me on(?! hold| the phone| speaker| a (?:waiting )?list| the (?:waiting )?list)|prescribed(?: me)?|started me on|switched me (?:to|onto|over to)|took me off|upped my|increased my|"
        r"lowered my|reduced my|doubled my|halved my|changed my (?:meds|medication|prescription|dose)|referred me)\b",
        gate=r"\bdr|\bdoc",
    ),
    # "my regular now is a nurse practitioner, jen okafor", "my new doctor is a nurse practitioner, Ana Ruiz"
    _rule(
        "doctor",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur) (?:new |regular |usual |main |own )?(?:(?i:doctor|gp|doc|pcp|primary care(?: doctor| physician| provider)?|physician) )?"
        r"(?:now |these days )?(?:is |'s )(?:now )?(?:an? |the )(?i:nurse practitioner|np|physician assistant|pa|gp|doctor|physician|family doctor)"
        r",? (?:called |named )?(?P<v>(?:(?:Dr|Mr|Mrs|Ms)\.? )?" + _NAME + "|" + _TITLED + "|" + _LOW_NAME + ")",
        "named",
        gate=r"practitioner|\bnp\b|physician|\bpa\b|\bgp\b|doctor",
    ),
    # a practice named after the noun: "my dentist, bright smiles dental, ...", "the dentist in the strip
    # mall by frys, desert sky dental, pulled it", "my gp is the Riverside Medical Centre"
    _rule(
        "fact",
        FACT,
        r"\b(?:[Mm]y|[Oo]ur|[Tt]he) (?:new |regular |usual )?(?P<thing>(?i:dentist|doctor|gp|vet|physio|optician|orthodontist))"
        r"(?: (?:in|at|by|on|near|down|over|up) [^,.;?]{1,40}?)?(?:,| is| now is| is now) (?:the |a )?(?P<v>"
        rf"(?:[{_UP}][\w'&-]* ){{0,3}}(?i:dental|dentistry|smiles|orthodontics|medical|clinic|surgery|practice|vets|veterinary)(?: [{_UP}][\w'&-]*)?"
        r"|(?:(?!(?:the|a|an|my|our|in|at|by|on|near|this|that)\b)[a-z][\w'&-]* ){1,3}(?:dental|dentistry|smiles|orthodontics|medical centre|medical center|medical group|clinic|surgery|family practice|vets|veterinary clinic)(?: (?:care|clinic|group|practice|centre|center|studio))?)"
        r"(?=\s*(?:[,.;!?)]|$)| (?:now|these days|since|and|but)\b)",
        "named",
        gate=r"dental|dentistry|smiles|orthodontics|medical|clinic|surgery|practice|vets|veterinary",
    ),
    # "Dr Mehta (my usual GP)", "Dr Ruth Calloway is who I see there now"
    _rule(
        "fact",
        FACT,
        r"(?P<v>" + _DR + r") \((?:my|our) (?P<thing>" + _FACT_QUALIFIER + _FACT_NOUN + r")\)",
        gate=r"dr|doc",
    ),
    _rule(
        "doctor",
        FACT,
        r"(?P<v>" + _DR + r") is (?:who|the (?:one|doctor|GP)) (?:I|we) (?:see|go to)\b",
        gate=r"dr|doc",
    ),
    *_FRENCH,
    *_OTHER_LANGUAGES,
    *_BESTS,
    *_ENDS,
    *_EDUCATION,
    *_IN_PASSING,
    *_DICTATED,
    *_PHONE_TYPED,  # phone typing (life21)
    *_STUDENT,
    *_DOCTOR,  # a junior doctor's life (life25)
    *_SECOND_LANGUAGE,  # second-language English (life26)
    *_TEXTING,  # a fast texter's register (session 36: sam)
    *_SUBJECTLESS,  # a life said without "I" (session 36: kai)
    *_FORMAL,  # the formal register of letters (session 36: maeve)
    *_BLOOD_LISTED,  # what two blind people still said (life27)
    *_ONLY_EXERCISE,  # the only exercise, or none (life31)
    *_PETS_COUNTED,  # a count of pets (life31)
    *_CV_RULES,
    *_WORK_IN_FIRM,
    *_NO_ARTICLES,  # English without articles (session 36: olena)
    *_JOURNAL,  # a journal's entries (session 37: rowan)
    *_HINGLISH,  # Hinglish (session 37: arjun)
    *_CAREGIVER,  # other people's lives around a caregiver (session 38: grace)
    *_BUSINESS_OWNER,  # a business's 'we' beside its owner's life (session 39: bola)
    *_RUN_ONS,  # dictated run-ons (session 39: ray)
    *_LETTER_RULES,  # letters from a retired widower (session 40: harold)
    *_S41_RULES,  # a trucker's run-ons, again (session 41: weak41)
    *_SONGWRITER_RULES,  # a touring songwriter's chats (session 41: dani)
    *_S42B_RULES,  # an Army spouse's chats (session 42: beth)
    *_SGL_RULES,  # Singlish, and a life said with 'already' (session 43: jolene)
    *_S42_RULES,  # what was still read wrong, as classes (session 42: weak42)
    *_S43A_RULES,  # a name changed, and a life said in lowercase asides (session 43: ava)
    *_S44_RULES,  # what the reading still missed (session 44: life46)
    *_S44W_RULES,  # a life in capitals (session 44: wilma)
    *_S44Q_RULES,  # Québec French and Franglais (session 44: maude)
    *_S45G_RULES,  # one account, two writers (session 45: glenda)
    *_S45T_RULES,  # Tagalog and Taglish (session 45: maricel)
    *_S45A_RULES,  # Arabizi, French and English (session 45: rima)
)


# Most rules open with "I" (`_I`) then an apostrophe ('m, 've) or a space, and most others with
# "my", "our" or "we" then a space: a sentence with no such word where a rule needs it matches
# none of those rules, and one search tells (most of an import's turns say nothing of the person:
# 30 of 33 rule scans a sentence saved). A rule is skipped only when its pattern visibly opens that
# way (`_opener`); any other rule always runs. IGNORECASE: a superset of what the rules take.
_SAYS_I = patterns.lazy(_I + "['\x20]", re.IGNORECASE)
_SAYS_MY = patterns.lazy(r"\b(?:my|our|we) ", re.IGNORECASE)
# ("on " alone would run the French rules on most English sentences: "on Monday", "I'm on days")
_SAYS_FR = patterns.lazy(
    r"(?<![\w'])(?:j'|je |nous |mon |ma |mes |notre |nos |on (?:a|habite|vit|est|s'est|vient|ne)\b|on n')",
    re.IGNORECASE,
)
_I_WORDS = ("(?:'m| am)", "(?: have|'ve)", "(?: was|'ve been| have been| got)")
_MY_OPENERS = (r"\b[Mm]y ", r"\b(?:[Mm]y|[Oo]ur) ", r"\b[Ww]e ")
# "I" or "we" first: "(?:I|we) moved to", "we're officially homeowners"
_SAYS_I_OR_WE = patterns.lazy(_I + "['\x20]|\\bwe\\b", re.IGNORECASE)
_I_OR_WE_OPENERS = ("(?:" + _I + r"|\b[Ww]e)", r"\b[Ww]e(?:", r"\b(?:[Oo]ur|[Mm]y) ")


def _opener(pattern: str) -> re.Pattern[str] | None:
    """The search every match of `pattern` implies (`_SAYS_I`, `_SAYS_MY`), None if it cannot be told."""
    if pattern.startswith(_MY_OPENERS):
        return _SAYS_MY
    if pattern.startswith(_I_OR_WE_OPENERS):
        return _SAYS_I_OR_WE if not pattern.startswith(r"\b(?:[Oo]ur|[Mm]y) ") else _SAYS_MY
    if pattern.startswith(_FR):
        return _SAYS_FR
    if not pattern.startswith(_I):
        return None
    rest = pattern[len(_I) :]
    for words in _I_WORDS:
        if rest.startswith(words):  # each alternative opens with ' or a space; optional, a space follows
            after = rest[len(words) :]
            return _SAYS_I if after.startswith("? ") or not after.startswith(("?", "*", "{")) else None
    return _SAYS_I if rest.startswith(" ") else None


_OPENERS = tuple(_GATES.get(pattern) or _opener(pattern.pattern) for _, _, pattern, _ in _RULES)


_Group = tuple[
    re.Pattern[str] | None,
    frozenset[str] | None,
    frozenset[str] | None,
    tuple[tuple[int, tuple[str, str, re.Pattern[str], str]], ...],
]


def _grouped(openers: tuple[re.Pattern[str] | None, ...]) -> tuple[_Group, ...]:
    """The rules by the search every match implies (None: none), each group with that search's
    needles (memory/needles.py: long ones looked for as substrings where there are few, else the
    short ones against a sentence's grams) and each rule with its place in `_RULES` (its own needles,
    `_rule_needles`, are made when a sentence first reaches it)."""
    groups: dict[re.Pattern[str] | None, list[tuple[int, tuple[str, str, re.Pattern[str], str]]]] = {}
    for at, (opener, rule) in enumerate(zip(openers, _RULES, strict=True)):
        groups.setdefault(opener, []).append((at, rule))
    out = []
    for opener, rules in groups.items():
        long = needles.long_needles(opener) if opener is not None else None
        short = needles.needles(opener) if opener is not None and long is None else None
        out.append((opener, long, short, tuple(rules)))
    return tuple(out)


_UNMADE = frozenset(["\x00unmade"])  # a rule's needles not made yet (`_rule_needles`)
# Each rule's needles (`needles.within`), by its place in `_RULES`: made the first time a sentence
# reaches the rule, not at import, where parsing every rule's pattern a second time (`re.compile`
# parses it once) took 0.39 s of a 1 s import that every capture and recall pays.
_TAILS: list[frozenset[str] | None] = [_UNMADE] * len(_RULES)
# (session 48: life48) Where each rule's matches may start (`needles.openings`), by its place in `_RULES`: made with
# its needles (one parse), read by `_matches`.
_OPENINGS: dict[int, tuple[frozenset[str], needles.Zero] | None] = {}
_UNOPENED: tuple[frozenset[str], needles.Zero] = (frozenset(["\x00unmade"]), False)


def _rule_needles(at: int, pattern: re.Pattern[str]) -> frozenset[str] | None:
    """The needles every match of rule `at` holds (`needles.within`), made once (or read as kept: `_kept`)."""
    found = _TAILS[at]
    if found is _UNMADE:
        kept = _kept().get(needles.kept_key(pattern))
        found, _OPENINGS[at] = kept if kept is not None else needles.within_and_openings(pattern, needles.LONG_MOST)
        _TAILS[at] = found
    return found


# (session 49: life49) Each rule's needles and openings as `_rule_needles` made them, kept in memory/data/needles.txt
# (scripts/life_needles.py writes it): made in each process they were most of an import's first minutes of `read`,
# and a group joined (`_worth_joining`) only after hundreds of tries paid for them. An entry is read only for the very
# pattern it was made of (`needles.kept_key`); a rule changed since is made as before.
_KEPT: list[dict[str, needles.Made]] = []
_UNKEPT: list[frozenset[int]] = []


def _kept() -> dict[str, needles.Made]:
    """The kept needles, by key (read at the first rule that needs its own)."""
    if not _KEPT:
        path = vocab.DATA / "needles.txt"
        _KEPT.append(needles.kept_read(path.read_text(encoding="utf-8").splitlines()) if path.exists() else {})
    return _KEPT[0]


def _unkept() -> frozenset[int]:
    """The rules (their places in `_RULES`) whose needles are not kept: made when they are first needed."""
    if not _UNKEPT:
        kept = _kept()
        _UNKEPT.append(frozenset(at for at, (_, _, p, _) in enumerate(_RULES) if needles.kept_key(p) not in kept))
    return _UNKEPT[0]


_BY_OPENER = _grouped(_OPENERS)


def _matches(at: int, pattern: re.Pattern[str], sentence: str, low: str | None) -> Iterable[re.Match[str]]:
    """Rule `at`'s matches in a sentence, `pattern.finditer`'s: tried only where one may start (`needles.openings`)
    when that is at up to `_TRIED_AT_MOST` places (a search tries every place: ~5 us a rule a sentence)."""
    opening = _OPENINGS.get(at, _UNOPENED) if low is not None else None
    if opening is _UNOPENED:
        opening = _OPENINGS[at] = needles.openings(pattern)
    places = needles.places(low, *opening) if opening is not None and low is not None else None
    if places is None or len(places) > _TRIED_AT_MOST:
        return pattern.finditer(sentence)
    out: list[re.Match[str]] = []
    end = 0
    for place in places:
        if place >= end and (match := pattern.match(sentence, place)) is not None:
            if match.end() == place:
                return pattern.finditer(sentence)  # (an empty match: finditer's own steps after it)
            out.append(match)
            end = match.end()
    return out


# The rules a text skips where it does not speak of a job (`_FIRST_AT`) or of the person's own CV
# (`_CV_RULES`), by (it speaks of a job, of a CV): one lookup a rule in `_stated`.
_AT_WORK_ONLY = frozenset(pattern for _, _, pattern, _ in _RULES if pattern.pattern == _FIRST_AT)
_SKIPPED = {
    (work, cv): (frozenset() if work else _AT_WORK_ONLY) | (frozenset() if cv else _CV_PATTERNS)
    for work in (True, False)
    for cv in (True, False)
}
_HELD = needles.Finder([long for _, long, _, _ in _BY_OPENER])  # a group without long needles: always
# A group's search is tried only where its needles start (`needles.Finder.starts`: every match starts at
# one) when they start at up to this many places: a gate of 60 car models searched along a sentence cost
# 25 us where "audit" holds "audi", tried at one place 1 us; past a few places one search costs less.
_TRIED_AT_MOST = 6
_SAYS_CJK = _GATE_OF[_CJK_GATE]

# A question (not "My class is on Thursdays, can you quiz me?": a statement with a request after it).
_ASKING = patterns.lazy(
    r"^(?:should|shall|do|does|did|can|could|would|will|is|are|am|was|were|have|has|what|which|where|who|"
    r"whom|how|when|why|any|anything|is there|"
    r"don't|doesn't|didn't|isn't|aren't|wasn't|weren't|haven't|hasn't|won't|can't|shouldn't|wouldn't|couldn't|"
    r"est-ce|dois|devrais|quel|quelle|quels|quelles|où|comment|pourquoi|quand|combien|qui|que|peux|puis|faut)\b",
    re.IGNORECASE,
)
# A statement asked back as a question: a tag after it ("I'm a nurse, right?", "I live in Paris, don't
# I?", "I work at Google, correct?", "isn't it?", "no?", "eh?", "n'est-ce pas ?"), or a statement with
# nothing but its "?" ("I live in Paris?"): the person asks whether it is so, and says nothing.
_TAGGED = patterns.lazy(
    r"(?:,|\s-+|\s)\s*(?:right|correct|no|eh|yeah|yes|ok|okay|true|innit|huh|hm+|really|yea|ya|rite|"
    r"(?:is|was|do|does|did|am|are|have|has|were)n't (?:it|i|we|that|they|he|she)|"
    r"(?:is|was|do|does|did|am|are|have|has) (?:it|i|we|that) not|ain't it|aren't i|"
    r"(?:is that|isn't that|that's) (?:right|correct|true|so)|am i right|am i wrong|"
    r"n'est-ce pas|non|hein|c'est ça|pas vrai|oder|nicht wahr|ne|prawda|tak|nie|verdad|não é|né)\s*\?+\s*$",
    re.IGNORECASE,
)
# A sentence ends at ". " "? " "! " before a capital, or before a lower-case word in a text typed
# all in lower case ("plant. my checking at fifth third gets the pension. if i die ..."): a person
# who never capitalises ends sentences too (not after one letter: "j. smith").
# (session 43: ava) and a lowercase one after an aside closed: "... also devastated). my new manager is ..."
_SENTENCE = patterns.lazy(
    rf"(?<=[.!?])\s+(?=[{_UP}\"'(¿¡«“])|(?<=[^\W\d]{{2}}[.!?])\s+(?=[a-z])|(?<=[^\W\d]\)[.!?])\s+(?=[a-z])|\n+"
)
# (a title: "Sra. García", "Mme. Dubois", "Mx. Lee"; "M. Dupont", a capital M alone before a name, is "Monsieur",
# but not before a word that opens a sentence: "my grade was an M. Then I cried")
_ABBREV = patterns.lazy(
    r"\b(?:Dr|Dra|Mr|Mrs|Ms|Mx|Prof|St|Mt|Jr|Sr|Sra|Srta|Mme|Mlle|vs|etc|e\.g|i\.e)\.|(?<![\w.])(?-i:M)\.(?= [A-Z][a-z])(?! (?-i:The|Then|This|That|There|They|It|I|We|He|She|So|But|And|An?|My|Our|Its)\b)",
    re.IGNORECASE,
)
# Initials before a name's next part ("J.K. Rowling", "J. R. R. Tolkien", "Michael J. Fox"): a
# favourite author was read as "J.K". One initial only after a capitalised word ("I got an A. Then"
# ends a sentence, but "Dr. S. Lee" is one name); a country's letters ("the U.S. Then") as any abbreviation.
_LETTERS = frozenset(["u.s", "u.k", "e.u", "u.s.a", "u.a.e", "a.m", "p.m", "n.b"])
# At most _INITIALS_MOST letters a run: from every start a run of any length was read to its end, so a
# text of "A.B. " over and over (a list of initials, a pasted table) took 1.5 s for 16,000 characters.
_INITIALS_MOST = 8
_INITIALS = patterns.lazy(
    r"(?<![\w.])(?P<before>(?:[A-Z][a-z]+|[A-Z][a-z]{1,3}\u2024)\s)?(?P<run>(?:[A-Z]\.\s?){1,"
    + str(_INITIALS_MOST)
    + r"})(?=[A-Z][a-z])"
)


def _kept_initials(found: re.Match[str]) -> str:
    run = found.group("run")
    letters = run.replace(" ", "").rstrip(".").casefold()
    single = len(letters) == 1
    if (single and not found.group("before")) or letters in _LETTERS or run.strip() == "I.":
        return found.group(0)
    return (found.group("before") or "") + run.replace(".", "\u2024")


_LEADING = patterns.lazy(
    r"^(?:so|and|but|also|btw|anyway|well|oh|ok|okay|update|fyi|by the way|quick update)[,:!.\s-]+", re.I
)
# (life31) News put to the reader in a letter: "Good morning, You will perhaps be surprised to hear that I have
# taken up sea swimming" says it ("will" and "perhaps" are the reader's surprise, not a plan of the person's)
_NEWS_TOLD = patterns.lazy(
    r"^(?:(?:good (?:morning|afternoon|evening)|hello|hi)[,!.]?\s+)?(?:you(?: will|'ll| may| might)(?: perhaps| no doubt|"
    r" doubtless)? be (?:surprised|pleased|glad|amused|interested|relieved|happy) to (?:hear|learn|know) that\s+)",
    re.I,
)
_DROP = frozenset(["a", "an", "the", "now", "currently", "just", "recently", "my", "our"])
# Words that end a name: "moved to Lisbon Last month" never happens, but "Lisbon Portugal" does ("and"
# not where it joins one name: `_AND_LAST`, or `vocab.AND_NAMES` in any case, "mac and cheese").
_TRAIL = patterns.lazy(
    r"\s+(?:in|on|at|for|since|from|with|(?-i:"
    + _AND_LAST.replace("and(?=", "and(?!", 1)
    + r")|but|last|next|this|as|because|now|again|too|though|tho|lol|lmao|rn|fr|ngl|tbh|haha)\b.*$",
    re.IGNORECASE,
)
_AND_NAMED = patterns.lazy(
    r"(?<![\w'])(?:" + "|".join(re.escape(n) for n in sorted(vocab.AND_NAMES, key=len, reverse=True)) + r")(?![\w'])",
    re.IGNORECASE,
)


def _untrailed(value: str) -> str:
    """A value without the words that go on after its name (`_TRAIL`), a name made with "and" kept whole;
    two names the word lists know joined by "and" are two ("I live in Lisbon and Porto": Lisbon)."""
    first, joined, second = value.partition(" and ")
    if (
        joined
        and not _AND_NAMED.match(value)
        and vocab.listed(first)
        and (vocab.listed(second) or vocab.listed(second.split()[0]))
    ):
        return first
    cut = _TRAIL.search(value)
    if cut is not None and " and " in value.casefold():
        whole = _AND_NAMED.search(value)
        if whole is not None and whole.start() <= cut.start() < whole.end():
            cut = _TRAIL.search(value, whole.end())
    return value if cut is None else value[: cut.start()]


def _asked_back(sentence: str, after: str) -> bool:
    """A statement asked back (`_TAGGED`): "I live in Paris, don't I?", or its tag in a sentence of
    its own after it ("I'm a nurse. Right?")."""
    return (sentence.endswith("?") and _TAGGED.search(_tail(sentence)) is not None) or (
        after.endswith("?") and len(after) <= _TAG_LONGEST and _TAGGED.fullmatch(" " + after) is not None
    )


_TAG_LONGEST = 40  # a tag is a few words: the end of a sentence it is looked for in (a run of spaces was cubic)


def _tail(sentence: str) -> str:
    """The end of a sentence a tag (`_TAGGED`) would be in, its spaces closed up."""
    return " ".join(sentence[-4 * _TAG_LONGEST :].split())[-_TAG_LONGEST:]


# Where the clause a tag asks back begins: after the last stop inside the sentence ("...$1400.
# medicare dont cover dental right?": only "medicare dont cover dental" is asked).
_CLAUSE_STOP = patterns.lazy(r".*[.;!?]\s", re.DOTALL)


def _said_before_asked(sentence: str, after: str) -> str:
    """The sentence without the clause it asks back (`_asked_back`): all of it when it asks nothing,
    "" when the whole sentence is the statement asked."""
    if not _asked_back(sentence, after):
        return sentence
    stop = _CLAUSE_STOP.match(sentence)
    return "" if stop is None else stop.group(0).rstrip()


def asks(sentence: str) -> bool:
    """Whether one sentence is a question, not a statement: it opens with a word of asking ("do I
    ...?"), or asks a statement back (`_TAGGED`: "I'm a nurse, right?")."""
    return sentence.endswith("?") and (
        _ASKING.match(sentence) is not None or _TAGGED.search(_tail(sentence)) is not None
    )


def sentences(text: str) -> list[str]:
    """The sentences of a text as the rules read them (code left out: `memory.text.prose`)."""
    prose = text_prose(text)  # code (fenced, inline, or lines that read as code) states nothing
    if _unbroken(prose):  # (import45) one sentence at once: 29 us down to 5 a bench turn, 3% of an import
        return [prose.replace("\u2024", ".").strip()] if prose.strip() else []
    prose = _ABBREV.sub(lambda m: m.group(0).replace(".", "\u2024"), prose)  # keep "Dr." inside a sentence
    prose = _INITIALS.sub(_kept_initials, prose)
    return [s.replace("\u2024", ".").strip() for s in _SENTENCE.split(prose) if s and s.strip()]


def _unbroken(prose: str) -> bool:
    """Whether `sentences` reads a text as one sentence without its three patterns: `_ABBREV` and
    `_INITIALS` match only at a ".", and `_SENTENCE` splits only after ".", "!" or "?" or at a newline."""
    return "." not in prose and "!" not in prose and "?" not in prose and "\n" not in prose


def _casefold(value: str) -> str:
    """`value` case-folded, Turkish "İ" as "i": its fold is "i" and a combining dot, which split "İzmir" into
    the words "i zmir" (and "I moved to İzmir", then "to Izmir" read as a move)."""
    return value.casefold().replace("i\u0307", "i")


def _norm(value: str) -> str:
    words = [w for w in re.findall(r"[\w°'-]+", _casefold(value)) if w not in _DROP]
    return " ".join(words).rstrip("s") if len(words) == 1 and words[0].endswith("days") else " ".join(words)


def _thing(raw: str | None) -> str:
    words = [w for w in re.findall(r"[\w-]+", _casefold(raw or "")) if w not in _DROP]
    return " ".join(words)


# (and a plan or a contract of it: "I switched my phone plan to Vodafone" is the phone's provider, session 53)
_SUPPLIER_WORDS = frozenset(
    ["provider", "carrier", "operator", "network", "supplier", "company", "insurer", "plan", "contract"]
)
_KEEPS_SUPPLIER = frozenset(["insurance", "bank", "internet", "broadband", "electricity", "energy", "gym"])


def _their(whose: str, noun: str, value: str, shown: str) -> Said | None:
    """A thing of someone else's ("inès school"); None for a name that is no one ("Today's")."""
    if not whose or whose.split()[0] in _NOT_SOMEONE or not value:
        return None
    return Said(f"{whose} {noun}", value, shown.strip(), FACT)


_NOT_SOMEONE = frozenset(
    ["today", "tomorrow", "yesterday", "tonight", "this", "that", "it", "everyone", "nobody", "somebody", "someone"]
)


def _fact(thing: str, supplied: bool = False) -> str:
    """The attribute a fact noun names: "family doctor" / "gp" -> doctor, "mobile carrier" -> phone
    provider. `supplied`: said as who supplies it ("switched to Fizz for my phone")."""
    words = thing.split()
    supplier = words[-1] in _SUPPLIER_WORDS
    noun = " ".join(words[:-1] if supplier else words)
    noun = _FACT_SAME.get(noun, noun)
    if noun.split()[0] in ("new", "current", "usual", "regular", "main", "own") and len(noun.split()) > 1:
        noun = " ".join(noun.split()[1:])
    noun = _FACT_SAME.get(noun, noun)
    if (supplier or supplied) and noun not in _KEEPS_SUPPLIER:
        return f"{noun} provider"  # whoever supplies the phone, not the phone
    return noun


_GERUND = {
    "climb": "climbing",
    "boulder": "bouldering",
    "run": "running",
    "swim": "swimming",
    "cycle": "cycling",
    "train": "training",
}
# When the words before it say when it meets or how, not what it is ("an Italian evening class").
_NOT_ACTIVITY = frozenset(
    [
        *("go", "going", "to", "the", "my", "a", "an", "now", "evening", "morning", "afternoon", "night"),
        *("weekly", "online", "team", "our", "usual", "regular"),  # "my team standup": the standup
    ]
)
# A schedule of a gathering named by its noun alone ("our standup moved to Tuesdays", "my team standup
# is on Mondays"): the gathering is what it is of, not a class
_MEETS = patterns.lazy(r"\b(?:standup|stand-up|meeting|rehearsal|practice|training|club)\b", re.IGNORECASE)


# Activities of two words, one subject ("krav maga" is not "maga")
_TWO_WORDS = frozenset(
    [
        "krav maga",
        "language exchange",
        "tai chi",
        "muay thai",
        "martial arts",
        "table tennis",
        "ultimate frisbee",
        "water polo",
        "aqua aerobics",
        "ice hockey",
        "ping pong",
        "hot yoga",
        "wild swimming",
        "sea swimming",
        "trail running",
        "aerial yoga",
        "wheel throwing",
    ]
)
# One activity however it is called: a wheel throwing class is pottery ("started a wheel throwing class
# tuesday nights" then "that's my pottery day now" is a change of day)
_ACTIVITY_SAME = {"wheel throwing": "pottery", "ceramics": "pottery"}


# A class's level names no subject: "my german B1 course" is a german class, "beginners salsa" salsa
_LEVEL = patterns.lazy(r"[abc][12]\+?|beginners?|intermediate|advanced|level|grade|\d+")


def _activity(raw: str | None) -> str:
    """What a schedule is of, one word: "go climbing" / "climbing session" -> climbing."""
    words = [
        w for w in re.findall(r"[\w+-]+", (raw or "").casefold()) if w not in _NOT_ACTIVITY and not _LEVEL.fullmatch(w)
    ]
    if len(words) > 1 and " ".join(words[-2:]) in _TWO_WORDS:
        return _ACTIVITY_SAME.get(" ".join(words[-2:]), " ".join(words[-2:]))
    return _ACTIVITY_SAME.get(words[-1], _GERUND.get(words[-1], words[-1])) if words else "class"


def _kind_of_pet(groups: dict[str, str | None]) -> str:
    """The kind a pet is ("dog"), from its noun or its breed ("puppy", "beagle")."""
    breed = groups.get("breed") or groups.get("breed2")
    if breed:
        return _BREEDS[breed.casefold()]
    return _fact(_thing(groups.get("thing") or groups.get("thing2")))


_WHEN_FR = {"l'année prochaine": "next year", "l'an prochain": "next year", "cette année": "this year"}


def _said_apart(attribute: str, value_group: str, memory_type: str, groups: dict[str, str | None]) -> Said | None:
    """The readings whose attribute comes from the match: a pet by its name (`pet`), a pet that died
    (`died`: no pet of that name now, a change from it), an activity done now (`now`), a child's school,
    a person or a practice in lower case where the words before say one is named (`named`), and the job
    a person left one for (`next`)."""
    if value_group in _EDU_GROUPS:
        return _education(attribute, memory_type, groups, value_group)
    if value_group in _PASSING_GROUPS:
        return _said_in_passing(attribute, memory_type, groups, value_group)
    name = (groups.get("v") or groups.get("v2") or "").strip()
    if value_group in ("grew", "place"):  # a place typed in lower case is one only as a place of the lists
        return _a_place(attribute, memory_type, _untrailed(name).strip(" .,'"), known=value_group == "place")
    if value_group == "next":  # a job left for the next: no city either side ("I left Leeds to join Tom")
        name = _untrailed(name).strip(" .,'")
        ok = name and not any(_a_city(groups.get(g) or "") for g in ("was", "v"))
        return Said(attribute, _norm(name), name, memory_type) if ok else None
    if value_group == "named":
        name = _untrailed(name).strip(" .,'")
        attribute = _fact(_thing(groups.get("thing"))) if attribute == "fact" else attribute
        value = _A_TITLE.sub("dr ", _norm(name), count=1) if _A_TITLE.match(name) else _norm(name)
        return Said(attribute, value, name, memory_type) if value else None
    if value_group in ("unmarried", "spouse"):  # ("my husband and I ...": married)
        said = "married" if value_group == "spouse" else "not married"
        return Said(attribute, said, said, memory_type)
    if value_group == "retired":  # "retired 2019", "planned next year", "planned 2027"
        when = " ".join((groups.get("when") or "").split()).removeprefix("in ").removeprefix("en ")
        when = _WHEN_FR.get(when.casefold(), when)
        said = "planned" if groups.get("plan") else "retired"
        return Said(attribute, f"{said} {when.casefold()}".strip(), f"{said} {when}".strip(), memory_type)
    if value_group == "now":
        often = groups.get("often")
        thing = _activity(groups.get("thing"))
        # (how often, shown "... now": an activity done now however often, `taken_up`)
        return Said(
            f"schedule:{thing}", often.casefold() if often else "now", f"{often} now" if often else "now", memory_type
        )
    if value_group == "school":
        return _their((groups.get("rel") or "").casefold(), "school", _norm(_untrailed(name)), _untrailed(name))
    if not name or name.casefold() in tokens.STOPWORDS:
        return None
    if value_group == "died":
        return Said(_kind_of_pet(groups), f"died {_norm(name)}", f"{name} died", memory_type)
    return Said(_kind_of_pet(groups), _norm(name), name, memory_type)


_PLACES = frozenset(["home", "origin"])


def _a_place(attribute: str, memory_type: str, name: str, *, known: bool = False) -> Said | None:
    """A home or an origin: one place however it is written ("Suède", "Sweden" and "sweden" are
    sweden, "München" munich: `vocab.place`; "NYC" new york city: `vocab.place_letters`), shown as
    written. A name typed in lower case or in a script without capitals is read only as a place the
    lists know ("we moved to texas last year": texas; "I live in fear": nothing), and so is every name
    where `known` (a bare "I'm from X" says a place only where X is one: not "I'm from HR")."""
    the = name.startswith("the ") and name[4:5].isupper()
    name = name.removeprefix("the ") if the else name  # "the UK": UK
    if not name:
        return None
    if any(ch.isupper() for ch in name):
        english = vocab.place(name) or vocab.place_letters(name)  # ("NYC": New York City, as "München" is Munich)
        if english is None and (known or the):  # "the" opens a known place ("the US"), else a district or hotel's
            return None
        return Said(attribute, _norm(_one_place(name, english)), name, memory_type)
    found = vocab.place_in(name)
    return None if found is None else Said(attribute, _norm(_one_place(*found)), found[0], memory_type)


# A part of a city said with its city ("a flat in Shoreditch, London", "Kreuzberg in Berlin", "the
# Croix-Rousse area of Lyon"): the home is the city (`vocab.city`: not "Portland, Oregon", a state).
_WITHIN = patterns.lazy(
    r"(?:,\s*(?:in\s+)?|\s+in\s+|\s+(?:area|part|side|end|neighbou?rhood|district|suburb|borough|quarter) of\s+)"
    r"(?:the\s+)?(?P<city>" + _NAME + r")(?=" + _NAME_END + ")"
)


def _within(match: re.Match[str]) -> str | None:
    """The city a place said is a part of, named after it (`_WITHIN`), or None."""
    found = _WITHIN.match(match.string, match.end("v"))
    return None if found is None else _untrailed(found.group("city")).strip(" .,'")


def _one_place(name: str, english: str | None) -> str:
    """The value of a place: its English name where that is another name ("Suède": Sweden), else as
    written ("krakow" stays krakow: `same` reads accents as nothing)."""
    return name if english is None or vocab.fold(english) == vocab.fold(name) else english


def _a_company(name: str) -> bool:
    """Whether the lists name `name` whole as a company (a bank, a carrier, a pharmacy, a car or phone maker)."""
    return not _COMPANIES.isdisjoint(vocab.listed_as(name))


def _a_city(name: str) -> bool:
    """Whether a name is a city's or opens with one (memory/data/cities.txt: "Leeds", "Leeds General"), or is a
    city by another of its names ("München") or by its letters ("NYC"), a country or a state ("Germany", "New
    York"): no employer. A city's whole name, not its first word: "Apple" is no "Apple Valley", "New Relic" no
    "New York City"; and a city, not any place ("Meta" is a Colombian region)."""
    words = tuple(vocab.fold(w.casefold()) for w in name.split())
    if not words:
        return False
    if vocab.place_letters(name) is not None:  # "I left NYC last year": a move, no job
        return True
    if any(n.attribute == "home" and words[: len(n.words)] == n.words for n in vocab.names().get(words[0], ())):
        return True
    return vocab.city(name) is not None or vocab.region(name)


def _said_ended(attribute: str, word: str, memory_type: str, groups: dict[str, str | None]) -> Said | None:
    """A thing that ended (`_ENDS`): its value the ending's word and what ended when the words name it
    ("left google", "sold honda civic", "rehomed biscuit"), the word alone when they do not ("sold my
    car": `ended` says none now, and the value before it is what ended). A name of a city is no
    employer ("I left Leeds last month": a trip or a move), and a car is one the car list names ("I
    sold my Xbox" is no car)."""
    name = _untrailed(groups.get("v") or groups.get("v2") or "").strip(" .,'")
    if attribute == "fact":
        attribute = _kind_of_pet(groups)
    if attribute == "role" and _NOT_A_ROLE.match(name):
        return None  # ("I'm no longer a good manager": a quality)
    if attribute == "home" and name:  # one place however it is written: "moved out of München" ends munich
        place = _a_place(attribute, memory_type, name)
        if place is None:
            return None  # ("I don't live in fear anymore": no place)
        name = place.value
    shown = " ".join((groups.get("end") or word).split()).rstrip(" .,;")
    if name and attribute == "employer" and _a_city(name) and not _a_company(name):
        return None  # (by a city's whole name: "I left Apple" is no "Apple Valley"; "Toyota" a maker first)
    if name and attribute == "car":
        kinds = {n.attribute for n in vocab.names().get(vocab.fold(name.split()[0].casefold()), ())}
        if "car" not in kinds:
            return None
    return Said(attribute, f"{word} {_norm(name)}" if name else word, shown, memory_type)


_BEATEN = patterns.lazy(
    r"\b(?:beat|beats|beating|beaten|broke|broken|breaking|break|smashed|smashing|over|under|off)\b[^.;]{0,25}$", re.I
)
_DURATION = patterns.lazy(r"(\d+(?:\.\d+)?) (h|m|s)")


_NO_EVENT = "personal best"  # a best whose sentence names no event: read only where one said before does


def _of_event(said: Said, before: list[str]) -> Said | None:
    """A best whose sentence names no event takes the last one an earlier sentence of the text names
    ("I'm training for another charity 5K run ... I'm hoping to beat my personal best time of 25:50");
    with none, no best is read ("new PB: 23:05!" alone names nothing to compare with)."""
    if said.attribute != _NO_EVENT:
        return said
    for sentence in reversed(before):
        if found := _EVENT_IN.findall(sentence):
            return replace(said, attribute=_best_of(found[-1]))
    return None


_ASK_BEST = patterns.lazy(r"\b(?:(?i:personal best|personal record|pb)s?|PRs?)\b")


def _best_of(event: str) -> str:
    """The attribute of an event's best, one name for each ("5K" / "5 km": "personal best:5k")."""
    event = re.sub(r"\s+", " ", event.casefold().replace("-", " "))
    return "personal best:" + _EVENT_SAME.get(event.replace(" ", ""), event)


def _best(attribute: str, memory_type: str, match: re.Match[str]) -> Said | None:
    """A personal best of an event: its event said in the match, else the sentence's first one; its
    value one way ("27 minutes and 15 seconds" is "27:15", "140 kg" is "140kg", "12.8 seconds" "12.8s")."""
    groups = match.groupdict()
    value_at = next((g for g in ("v", "v2", "v3", "v4") if groups.get(g)), "v")
    shown = groups.get(value_at) or ""
    event = groups.get("thing") or groups.get("thing2") or groups.get("thing3")
    if event is None and (found := _EVENT_IN.search(match.string)) is not None:
        event = found.group(0)
    beaten = value_at != "v4" and _BEATEN.search(match.string[: match.start(value_at)])
    if not shown or beaten:
        return None
    event = _best_of(event) if event else _NO_EVENT  # (an event said before it, `_of_event`)
    value = re.sub(r"\s+", " ", shown.casefold().replace(",", "").replace(" and ", " "))
    parts = {
        unit: number
        for number, unit in _DURATION.findall(
            re.sub(r"(hours?|hrs?|minutes?|mins?|seconds?|secs?)\b", lambda w: w.group(1)[0], value)
        )
    }
    if parts and ":" not in value:
        hours, minutes, seconds = parts.get("h"), parts.get("m", "0"), parts.get("s", "0")
        value = (
            f"{seconds}s"
            if not hours and minutes == "0"
            else f"{hours + ':' if hours else ''}{int(minutes):0{2 if hours else 1}d}:{int(float(seconds)):02d}"
        )
    else:
        value = (
            value.replace(" ", "")
            .replace("kgs", "kg")
            .replace("kilos", "kg")
            .replace("pounds", "lb")
            .replace("lbs", "lb")
        )
    return Said(event, value, shown, memory_type)


def _days(match: re.Match[str]) -> tuple[str, str]:
    """The days a schedule is on, as written and as one value: "Mondays, Wednesdays and Fridays" (three
    days a week), "Monday to Thursday" (the days between too; "Saturday to Monday" rounds the week)."""
    shown = match.group("day")
    value = shown.casefold().rstrip("s")
    value = _FR_DAYS.get(value, value)
    more = _MORE_DAYS.match(match.string, match.end("day"))
    ranged = more is None  # "Monday to Thursday": the days between too
    if ranged:
        more = _DAY_RANGE.match(match.string, match.end("day"))
    if more and value in _DAYS:
        days = [value, *(d.casefold().rstrip("s") for d in _A_DAY.findall(more.group(0)))]
        if ranged and days[1] in _DAYS:
            first, last = _DAYS.index(days[0]), _DAYS.index(days[1])
            days = [_DAYS[(first + n) % 7] for n in range((last - first) % 7 + 1)]
        shown += more.group(0)
        value = " ".join(sorted(set(days), key=_DAYS.index))
    return shown, value


# the value groups whose reading `_said_apart` makes
_APART = frozenset(["pet", "died", "now", "school", "named", "unmarried", "spouse", "next", "retired", "grew", "place"])
_APART |= _EDU_GROUPS  # a degree, a school, a study ended (`_education`)
_APART |= _PASSING_GROUPS  # a fact said in passing (`_said_in_passing`)


# A role said with how well it is done is a quality, not a job ("I'm a good manager", "a better writer
# than my brother", "am I a bad teacher"), and the assistant's own words pasted back ("I'm the
# assistant, and I've been helping you plan your trip", "I'm just an assistant", "I'm an AI assistant")
# are no one's job: LongMemEval's user turns hold both.
_NOT_A_ROLE = patterns.lazy(
    r"(?i:(?:an? |the )?(?:(?:good|bad|great|terrible|awful|better|worse|best|worst|decent|poor|excellent|amazing|"
    r"lousy|horrible|mediocre|competent|brilliant|wonderful|perfect|fantastic|crap|crappy|shit|shitty|useless)\s|"
    r"(?:(?:an? )?(?:ai|a\.i\.|helpful|chatbot|chat|language model|llm|virtual ai)\s+)+assistants?$))"
)
_THE_ASSISTANT = patterns.lazy(r"(?i:\b(?:the|just an|only an|merely an|simply an) assistant\b)")


# A role said with what it is of the person but not their work: what they trained as ("an engineer by training"),
# or what they are in spirit ("a student at heart", "a teacher in spirit", "a nurse deep down")
_TRAINED_AS = patterns.lazy(
    r" (?:by (?:training|background|education|qualification|nature|temperament)|at heart|in spirit|at (?:my )?core|"
    r"deep down)\b"
)


def _a_role(memory_type: str, match: re.Match[str]) -> Said | None:
    """A role, not a quality nor the assistant's (`_NOT_A_ROLE`); "infirmière" is a nurse."""
    shown = match.group("role")
    if _NOT_A_ROLE.match(shown) or (_norm(shown) == "assistant" and _THE_ASSISTANT.search(match.group(0))):
        return None
    if _TRAINED_AS.match(match.string, match.end()) is not None:
        return None  # (session 40: harold) "I am an engineer by training": not their work now; "a student at heart"
    value = _FR_ROLE_EN.get(shown.casefold()) or _norm(shown)
    # an internship is held beside a job or a course ("im the data intern at tidewell" while still a research
    # assistant): an attribute of its own, so a summer's internship is no change of the role (`_STUDENT`)
    attribute = "internship" if value.split()[-1:] in (["intern"], ["interns"]) else "role"
    return Said(attribute, value, shown.strip(), memory_type) if value else None


def _a_home(attribute: str, memory_type: str, match: re.Match[str]) -> Said | None:
    """A home or an origin; a part of a city said with its city is the city ("a flat in Shoreditch,
    London": London, `_within`; in either order: "Chicago, Logan Square" is Chicago)."""
    name = _untrailed(match.group("v") or "").strip(" .,'")
    city = _within(match)
    if city is not None and vocab.within(city, name):
        return _a_place(attribute, memory_type, name, known=True)  # (session 46) "Chicago, Logan Square": Chicago
    if city is not None and vocab.city(city) is not None and vocab.place(city) != vocab.place(name):
        return _a_place(attribute, memory_type, city, known=True)
    return _a_place(attribute, memory_type, name)


# Without articles (session 36: olena)
# A home of the person's childhood is no home now: "we moved to Kharkiv when I was 7", "we lived in Leeds
# as kids", "When I was 10 we moved to Porto", "growing up we lived in Ohio" (a move or a home said with its
# age or "as a child" after it in the clause, or opening the sentence before it). Not an adult's age ("when
# I was 30": a move then may be the home still), nor "at 8" alone (a time: "at 8 30 am"), nor a childhood
# said of another clause ("growing up in Leeds was hard, now I live in London": the cue must open the
# sentence and reach the home without a stop).
# Read of every rule's home (`_stated`), a place of the lists said as one (`_named`) and one left for another.
_CHILD_AGE = r"(?:[1-9]|1[0-7]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)"
_CHILD_WHEN = (
    r"\b(?:when (?:I|i|we) (?:was|were) (?:(?:a |an )?(?:kid|kids|child|children|little|small|young|baby|babies|boy|girl|teen|"
    r"teenager|teenagers)\b|"
    + _CHILD_AGE
    + r"\b(?! (?:kids|children|people|of us)\b))|as (?:a )?(?:kid|kids|child|children|"
    r"little (?:kid|girl|boy)|teen|teenager)s?\b|growing up\b|in my childhood\b|(?:at the age of|aged) "
    + _CHILD_AGE
    + r"\b|at "
    + _CHILD_AGE
    + r" (?:years old|y\.?o\.?)"
    # French and German: "quand j'avais 7 ans", "quand j'étais petite", "als ich 7 war", "als wir Kinder waren"
    r"|quand (?:j'avais|nous avions|on avait) (?:[1-9]|1[0-7]) ans\b|quand (?:j'étais|nous étions|on était) "
    r"(?:petite?s?|enfants?|gamin|gamine|ados?)\b|als (?:ich|wir) (?:[1-9]|1[0-7]|klein|ein Kind|Kinder) (?:war|waren)\b)"
)
_CHILDHOOD_AFTER = patterns.lazy(r"[^.;!?]{0,40}?" + _CHILD_WHEN)
_CHILDHOOD_BEFORE = patterns.lazy(r"^(?i:" + _CHILD_WHEN + r")(?:(?!\b(?:now|but|today|these days)\b)[^.;!?])*$")


def _of_now(said: Said | None, match: re.Match[str]) -> Said | None:
    """A rule's reading, None for a home of the person's childhood ("we moved to Kharkiv when I was 7")."""
    if said is not None and said.attribute == "home" and _in_childhood(match.string, match.start(), match.end()):
        return None
    if said is not None and said.attribute in _AT_A_PLACE and _an_everyday_word(said.shown, match, said.attribute):
        return None
    return said


# The attributes whose value is where a person is ("at Stripe", "volunteer at Oxfam", "a student at UCL"): never
# a phrase of when after "at", nor (an employer) an everyday word (`_an_everyday_word`)
_AT_A_PLACE = frozenset(["employer", "volunteer role", "university"])


# The last word of a lower-case phrase after "at" that says when or how fast a person works, not where ("at odd
# hours", "at random times", "at breakneck speed", "at my own pace")
_A_WHILE = frozenset(["hours", "hour", "times", "time", "nights", "night", "weekends", "speed", "pace", "intervals"])


# What a person works for that is no one they work for ("I work for fun", "I work for the money", "for extra
# cash"; "I volunteer for the love of it" is no match): a reward or a reason, or how long ("I work for two hours a
# day", "for ages": session 50, trust50)
_FOR_WHAT = frozenset((
    "fun", "money", "love", "pleasure", "tips", "peanuts", "pennies", "nothing", "free", "exposure", "cash", "food",
    "beer", "wages", "pay", "commission", "experience", "kicks", "charity", "living", "ages", "while", "hour", "hours",
    "day", "days", "week", "weeks", "month", "months", "year", "years", "decade", "decades", "long", "now",
))  # fmt: skip


def _an_everyday_word(shown: str, match: re.Match[str], attribute: str = "employer") -> bool:
    """Whether a place read is a lower-case phrase of when or how fast right after "at" (`_A_WHILE` after the words
    of `_WHEN_SAID`), (an employer) one word in lower case that data/common.txt holds (a word naming no particular
    thing) and no list opens a name with, or after "for" a reward, a reason or a while (`_FOR_WHAT`) or family:
    "I work at scale", "works at speed", "at peace", "i work at random times", "I volunteer at night", "I work for
    fun", "I work for mum" say how, when or why, or whose business, not where; "i work at target" (Target
    Pharmacy), "at stripe" (no everyday word), "at the council", "at Scale", "at Odd Hours", "i work at financial
    times", "I work for jeff", "I volunteer at church", "a student at harvard" name one."""
    if match.groupdict().get("v") is None:
        return False
    before = match.string[: match.start("v")].casefold()
    words = shown.split()
    if shown.islower() and (words[0] in _MANY or words[-1] in _PLACES_OF_A_KIND) and before.endswith((" at ", " for ")):
        return True  # ("I work at many places", "for several clients", "for tech companies": no one of them; trust50)
    if before.endswith(" for "):  # (session 50: family, in any case: "I work for Mum" is "for my mum")
        return _work_for_no_one(shown)
    if not shown.islower():
        return False
    if before.endswith(" for the "):  # ("I work for the money", "for the wife")
        return words[-1] in _FOR_WHAT or (len(words) == 1 and (kin := vocab.FAMILY.get(shown)) is not None and kin.the)
    if not before.endswith(" at ") or shown in vocab.names():
        return False
    if len(words) > 1:
        return words[-1] in _A_WHILE and _WHEN_SAID.issuperset(words[:-1])
    if shown == "home":
        return True  # ("I volunteer at home": where, but no place of theirs to name; trust50)
    return shown in (vocab.word_list("common.txt") if attribute == "employer" else _A_WHILE)


_OWNED_BY = patterns.lazy(r"['’]s$")
# Words that say many places or people, not one ("at many places", "for several clients", "for tech companies")
_MANY = frozenset(["many", "several", "various", "different", "multiple", "numerous", "lots", "loads", "few"])
_PLACES_OF_A_KIND = frozenset((
    "places", "companies", "businesses", "firms", "agencies", "brands", "startups", "charities", "organisations",
    "organizations", "clients", "schools", "hospitals", "clinics", "restaurants", "shops", "stores", "sites",
    "locations",
))  # fmt: skip


def _work_for_no_one(shown: str) -> bool:
    """Whether what is said after "for" is a reward, a reason or a while (`_FOR_WHAT`, in lower case), a count
    ("for two hours"), or the person's family alone ("for mum", "for Dad", "for Mum and Dad", "for mum's
    company": a family's business has no name of its own here, as "for my dad" has none)."""
    words = shown.split()
    kin = [vocab.FAMILY.get(_OWNED_BY.sub("", w.casefold())) for w in words if w not in ("and", "&")]
    # (a family word opening a name is the name: "for Mother Jones", "for Papa John's", "for Uncle Bob", as "for
    # jeff" is; a word that means other things too, "pop", "nan", is family only after "my")
    if kin and kin[0] is not None and not kin[0].owned and (all(kin) or _OWNED_BY.search(words[0]) is not None):
        return True
    return shown.islower() and (words[-1] in _FOR_WHAT or words[0] in _COUNTED_AS or words[0] in ("a", "one"))


def _in_childhood(sentence: str, start: int, end: int) -> bool:
    """Whether the home said at `start:end` of a sentence is of the person's childhood (`_CHILD_WHEN`):
    said after it in its clause, or opening the sentence before it."""
    if _CHILDHOOD_AFTER.match(sentence, end) is not None:
        return True
    return start > 0 and sentence[:1] in "WwAaGgIi" and _CHILDHOOD_BEFORE.match(sentence[:start]) is not None


# The value groups read by a function of their own, whose attribute may come from the match
_READERS: dict[str, Callable[[str, str, str, dict[str, str | None]], Said | None]] = {
    **dict.fromkeys(_APART, _said_apart),
    **dict.fromkeys(_DICTATED_GROUPS, _said_dictated),
    **dict.fromkeys(_PHONE_GROUPS, _said_phone_typed),
    **dict.fromkeys(_SECOND_GROUPS, _said_second_language),
    **dict.fromkeys(_FORMAL_GROUPS, _said_formal),
    "pcount": _said_pets_counted,
    "jrbank": _said_journal,
    **dict.fromkeys(_BO_GROUPS, _said_business_owner),  # (session 39: bola)
    **dict.fromkeys(_RUN_ON_GROUPS, _said_run_on),
    **dict.fromkeys(_LETTER_GROUPS, _said_letters),  # (session 40: harold)
    **dict.fromkeys(_S41_GROUPS, _said_s41),  # (session 41: weak41)
}


def _said(attribute: str, memory_type: str, match: re.Match[str], value_group: str) -> Said | None:
    groups = match.groupdict()
    if value_group in _ROUTINE_GROUPS:
        return _routine(attribute, memory_type, groups, value_group)
    if (reader := _READERS.get(value_group)) is not None:  # (`_said_apart`, `_said_dictated`)
        return reader(attribute, value_group, memory_type, groups)
    if value_group in _ENDED:
        return _said_ended(attribute, value_group, memory_type, groups)
    if value_group in ("best", "aim"):  # "my 5k PB is 24:10": personal best:5k = 24:10
        return _best(attribute, memory_type, match)
    if value_group in ("diet", "dietbare"):
        shown = groups["diet"]
        value = _DIETS.get(shown.casefold()) or _FR_DIETS[re.sub(r"(?<=n)n?e$", "", shown.casefold())]
    elif value_group == "day":
        shown, value = _days(match)
        attribute = f"schedule:{_activity(groups.get('thing'))}"
        if attribute == "schedule:class" and (noun := _MEETS.search(match.group(0))) is not None:
            attribute = f"schedule:{noun.group(0).casefold()}"  # "our standup moved to Tuesdays": the standup
    elif value_group == "stop":  # given up: its schedule has no day now
        shown, value = "stopped", "stopped"
        attribute = f"schedule:{_activity(groups.get('thing'))}"
    elif attribute == "role":
        return _a_role(memory_type, match)
    elif attribute in _PLACES:
        return _a_home(attribute, memory_type, match)
    else:
        shown = _untrailed(groups["v"] or groups.get("v2") or "").strip(" .,'")
        value = _norm(shown)
        if attribute in ("keep", "favourite", "prefer", "fact", "supplier", "their") and groups.get("thing"):
            thing = _thing(groups["thing"])
            if thing in _FR_FACTS:  # "mon médecin traitant": the English attribute, "doctor"
                return Said(_FR_FACTS[thing], value, shown.strip(), memory_type)
            if not thing or (attribute == "favourite" and thing in _NOT_A_FAVOURITE):
                return None  # ("my favorite part is the actual making": no favourite thing)
            if attribute == "their":  # (how their thing is names no one either: "my sister's dentist is great")
                if _no_value(_fact(thing), memory_type, shown):
                    return None
                return _their((groups.get("rel") or groups.get("who") or "").casefold(), _fact(thing), value, shown)
            attribute = (
                _fact(thing, attribute == "supplier") if attribute in ("fact", "supplier") else f"{attribute}:{thing}"
            )
    if not value or _no_value(attribute, memory_type, shown) or _says_nothing(attribute, value):
        return None
    if attribute in _PET_KINDS and shown.islower() and _A_QUALITY.search(match.group(0)):
        return None  # "our dog is a menace", "my dog is weird": how it is, not its name ("my dog is called biscuit" is)
    if memory_type == FACT and _A_TITLE.match(value):
        value = _A_TITLE.sub("dr ", value, count=1)
    if attribute == "commute":
        value = _COMMUTE_SAME.get(value, value)
    if attribute == "dwelling":  # "double-wide", "doublewide": one kind
        value = re.sub(r"^(double|single)[ -]?wide$", r"\1 wide", value).replace("narrow boat", "narrowboat")
    if attribute == "employer":
        shown, value = _employer(shown, value, match)
    if attribute == "tenure":  # "we bought a house" / "we own our flat": owned; shown so ("Tenure: closed")
        value = shown = "rent" if value.startswith(("rent", "lease", "tenancy", "landl", "letting")) else "own"
    if attribute == "team size":  # "five" / "5": one number
        value = _COUNTED_AS.get(value, value)
    if attribute == "shift":  # "nights", "night shifts", "the graveyard shift": one shift
        value = _SHIFT_SAME.get(value.split()[0].rstrip("s"), value.split()[0].rstrip("s"))
    return Said(attribute, value, shown.strip(), memory_type)


def _employer(shown: str, value: str, match: re.Match[str]) -> tuple[str, str]:
    """An employer said with the team of it ("brightpath's localization team", "Google's cloud team")
    is the organisation ("Brightpath", "Google"): "I work at Google" and "Google's cloud team" are one
    employer; a name's own 's stays ("McDonald's", "Tully's on Quay St")."""
    team = _TEAM_OF.match(shown)
    if team is None and shown.endswith(("'s", "’s")):
        team = _TEAM_OF.match(shown + match.string[match.end() : match.end() + 60])
    if team is not None:
        shown = team.group("org")
        value = _norm(shown)
    return shown, value


_TEAM_OF = patterns.lazy(
    r"(?P<org>.+?)['’]s(?:\s+[\w&-]+){0,3}?\s+(?i:team|department|dept|division|office|group|lab|unit|squad|org|branch)\b"
)


def _words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"\S+", text))


# Who a person sees is named ("my dentist is Dr. Roux"): "my dentist is really nice" names no one.
_PEOPLE = _words(
    "dentist doctor therapist physiotherapist landlord hairdresser barber vet teacher paediatrician pediatrician "
    "counsellor manager",
)
# What a thing "is" when it says how it is, not which it is: "my car is broken", "my phone is dead".
_STATES = _words(
    "really very so too quite pretty broken dead slow fast fine great nice good bad terrible awful lovely amazing "
    "coming going getting being doing not still always never acting playing making running working in on at off "
    "out away back down up here there late early busy closed open full empty ok okay fixed ready sick ill "
    "covered parked leaking stuck damaged dirty clean due overdue paid insured booked serviced finished done missing",
)


_A_QUALITY = patterns.lazy(r" is (?!(?:now )?(?:called|named)\b)")
# A title opens a person's name in any case ("dr patel"); "doctor patel" and "doc patel" are "dr patel".
_A_TITLE = patterns.lazy(r"(?:dr|dra|doctora|doctor|doc)\b\.? ?(?=\w)", re.IGNORECASE)  # ("Dra. Puig": "dr puig")


def _no_value(attribute: str, memory_type: str, shown: str) -> bool:
    """Whether a fact's value says how a thing is, or names no one where a person is meant."""
    if memory_type != FACT or not shown:
        return False
    first = shown.split()[0]
    if attribute.split()[-1] in _PEOPLE and not first[:1].isupper() and not _A_TITLE.match(shown):
        return True
    return first.casefold() in _STATES


def _says_nothing(attribute: str, value: str) -> bool:
    """A preference whose value is function words alone ("I have my first appointment with my new
    doctor": "first appointment" preferred "with"), which About me listed as "First appointment
    (prefer): with my" (session 39: marisol)."""
    return attribute.startswith("prefer:") and all(
        w in tokens.STOPWORDS for w in re.findall(r"[\w']+", value.casefold())
    )


_SHIFT_SAME = {
    "graveyard": "night",
    "evening": "late",
    "afternoon": "late",
    "morning": "early",
    "nuit": "night",  # "je travaille de nuit"
    "jour": "day",
    "soir": "late",
    "matin": "early",
}
# "je suis végétarienne", "végane", "végétalien" (strict: vegan), with the feminine "-ne" / "-e" read off
_FR_DIETS = {
    "végétarien": "vegetarian",
    "végétalien": "vegan",
    "végan": "vegan",
    "vegan": "vegan",
    "pescétarien": "pescatarian",
    "flexitarien": "flexitarian",
}

# One way to work, however it is said ("I cycle to work" / "my commute is by bike").
_COMMUTE_SAME = {
    "cycle": "bike",
    "bicycle": "bike",
    "ride my bike": "bike",
    "ride my bicycle": "bike",
    "walk": "foot",
    "drive": "car",
    "cycling": "bike",
    "biking": "bike",
    "riding my bike": "bike",
    "riding my bicycle": "bike",
    "walking": "foot",
    "driving": "car",
    "bike ride": "bike",
    "ride": "bike",
    "bus ride": "bus",
    "train ride": "train",
    "tram ride": "tram",
    "ferry ride": "ferry",
    "commute by car": "car",
    "commute by bus": "bus",
    "commute by train": "train",
    "commute by bike": "bike",
    "commute by tram": "tram",
}


# "I started an Italian evening class ... The class is on Thursday evenings": the second sentence
# names its class only by the first, so a schedule of "the class" is read as the activity a
# first-person sentence before it in the same text introduced, and not at all without one.
_INTRODUCES = patterns.lazy(
    _I + r" [^.;]{0,60}?\b(?:an?|my) (?P<thing>(?:[A-Za-z][\w-]*\s+){0,2}?)" + _ACTIVITY_NOUNS + r"\b", re.I
)
_THE_SCHEDULE = patterns.lazy(
    r"^(?:[Tt]he|[Tt]his|[Tt]hat) " + _ACTIVITY_NOUNS + r" (?:is|are|happens|takes place|runs|meets) "
    r"(?:now |always |usually )?(?:on )?(?P<day>" + _DAY + ")",
    re.IGNORECASE,
)


def _named_before(sentence: str, introduced: str | None) -> Said | None:
    """A schedule of "the class" when an earlier sentence said which class (`_INTRODUCES`)."""
    match = _THE_SCHEDULE.match(sentence)
    if match is None or introduced is None or _HEDGE.search(match.group(0)):
        return None
    shown = match.group("day")
    return Said(f"schedule:{introduced}", shown.casefold().rstrip("s"), shown, PREFERENCE)


# "how do i ask my hausarzt for a referral? its dr. weber at the praxis on karl-marx-straße": a person
# named by their title in a sentence that opens with "it's" / "she's", after a sentence that named
# the person's own doctor, dentist, vet... by the noun alone (and not at all without one).
_MENTIONS = patterns.lazy(
    r"\b(?i:my|our) (?:(?i:new|current|usual|regular|family) )?(?P<thing>" + _FACT_NOUN + r")\b(?!')"
)
_IT_IS = patterns.lazy(r"^(?i:it's|its|it is|that's|thats|she's|shes|he's|hes) (?:(?i:now|still) )?(?P<v>" + _DR + r")")


# A pet got, named in the next sentence: "I adopted a cat! her name is Empanada" (`_it_is`: cat = empanada)
_PET_GOT = patterns.lazy(
    r"(?:" + _I + r"|\b[Ww]e) (?:(?:just|finally|have|'ve) )*(?:adopted|rescued|got|took in) (?:a|an) "
    r"(?:(?:new|little|baby|rescue|street|stray) )?(?P<kind>cat|kitten|dog|puppy|rabbit|hamster|parrot)\b"
)
_PET_OF = {"kitten": "cat", "puppy": "dog"}
_PET_NAME_IS = patterns.lazy(
    rf"^(?i:her|his|its|the) name is (?P<v>[{_UP}][\w'-]+|[a-zß-öø-ÿ][\w'-]+(?=\s*(?:[,.;!:]|$)))"
)


# ... or in the same sentence, a few words on: "I adopted a cat, her name is Mango", "we got a puppy from the
# shelter and his name is Rex" (not "I got a dog for my son, his name is Leo": whose name is it).
_PET_NAME_HERE = patterns.lazy(
    rf"(?P<gap>[^.!?]{{0,60}}?)[,;:]?\s+(?:and\s+)?(?i:her|his|its) name is (?P<v>[{_UP}][\w'-]+|[a-zß-öø-ÿ][\w'-]+"
    r"(?=\s*(?:[,.;!:]|$)))"
)
_SOMEONE_IN_GAP = patterns.lazy(r"(?i:\b(?:my|our|his|her|their|for)\b)")


def _pet_named_here(sentence: str) -> Said | None:
    """A pet got and named in one sentence (`_PET_NAME_HERE`), as its kind's name."""
    found = _s42_pet_got(sentence) if "name is" in sentence else None  # (session 42: weak42: breeds, "got me a")
    if found is None or _HEDGE.search(sentence[: found[0].end()]):
        return None
    got, kind = found
    named = _PET_NAME_HERE.match(sentence, got.end())
    if named is None or _SOMEONE_IN_GAP.search(named.group("gap")):
        return None
    return Said(kind, _norm(named.group("v")), named.group("v"), FACT)


def _mention(sentence: str) -> str | None:
    """The attribute of a person the sentence names by their noun alone ("my hausarzt": doctor), or a
    pet's kind by a pet got ("I adopted a cat!": cat)."""
    got = _s42_pet_got(sentence) if "got" in sentence or "adopt" in sentence or "rescued" in sentence else None
    if got is not None and not _HEDGE.search(sentence[: got[0].end()]):
        return got[1]  # (session 42: weak42: a breed, "got me a")
    found = _MENTIONS.search(sentence) if "my " in sentence.casefold() or "our " in sentence.casefold() else None
    if found is None:
        return None
    attribute = _fact(_thing(found.group("thing")))
    return attribute if attribute.split()[-1] in _PEOPLE else None


def _it_is(sentence: str, mentioned: str | None) -> Said | None:
    """The person a sentence names after "it's", as the one a sentence before mentioned (`_mention`); a
    pet's name after "her name is" ("I adopted a cat! her name is Empanada")."""
    if mentioned in PET_KINDS and (named := _PET_NAME_IS.match(sentence)) is not None:
        return Said(mentioned, _norm(named.group("v")), named.group("v"), FACT)
    match = _IT_IS.match(sentence) if mentioned else None
    if match is None or mentioned is None or _HEDGE.search(sentence[: match.end()]):
        return None
    shown = _untrailed(match.group("v")).strip(" .,'")
    return Said(mentioned, _A_TITLE.sub("dr ", _norm(shown), count=1), shown, FACT)


# A phone or a Mac types "I’m" with a typographic apostrophe (smart punctuation): the patterns
# spell "'", so "I’m on day shifts now" and "I’ve gone pescatarian" stated nothing. Read as "'".
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\uff07": "'", "\u00b4": "'"})


# Characters no one sees: zero-width spaces and joiners, direction marks (U+200F from a right-to-left
# keyboard), the soft hyphen and the byte-order mark. Inside a value they made another value ("I moved
# to Montr\u200féal" was home = "montr"); a line or paragraph separator (U+2028, U+2029, pasted from a
# phone's notes) ends a line as "\n" does, and a space of any width is a space. A value is compared and shown in composed form (NFC): "é"
# typed as "e" and a combining accent is the "é" of another turn.
_UNSEEN = dict.fromkeys(
    [0x00AD, 0x180E, *range(0x200B, 0x2010), *range(0x202A, 0x202F), *range(0x2060, 0x2070), 0xFEFF], None
)
_UNSEEN.update({0x2028: "\n", 0x2029: "\n"})
# a space of another width (no-break, thin, ideographic) is the space the patterns spell
_UNSEEN.update(dict.fromkeys([0x00A0, *range(0x2000, 0x200B), 0x202F, 0x205F, 0x3000], " "))
# A control character (NUL, ESC, BEL, DEL, C1) is what the text policy (`memory.text.clean`) removes
# from what is stored, and a CR is the new line it stores: read as it, the words read are the words
# stored on every route ("I live in Lis\x00bon", read before the capture gate or a chat import cleaned
# it, was home = "lis"; stored, it is "Lisbon").
_UNSEEN.update(dict.fromkeys([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), *range(0x7F, 0xA0)], None))
_UNSEEN[0x0D] = "\n"
_CLEAN = str.maketrans(_APOSTROPHES | _UNSEEN)
_SEEN = str.maketrans(_UNSEEN)
# (session 49: life49) The ASCII characters `_CLEAN` changes (controls, CR): an ASCII text holding none is as it is,
# one search in C where `translate` looked each character up in its table (2 us a turn of an import)
_CLEANED_ASCII = re.compile("[" + "".join(re.escape(chr(code)) for code in sorted(_CLEAN) if code < 128) + "]")


def straight(text: str) -> str:
    """The text as the patterns spell it: typographic apostrophes read as "'", characters no one sees
    left out, a line separator read as a new line, control characters as the store keeps them, composed (NFC)."""
    if text.isascii() and _CLEANED_ASCII.search(text) is None:
        return text  # (nothing of it is changed below: no CR, no character of `_CLEAN`, already composed)
    text = text.replace("\r\n", "\n").translate(_CLEAN)
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def visible(text: str) -> str:
    """The text as it is seen: `straight` without touching its apostrophes (for names shown as typed)."""
    text = text.replace("\r\n", "\n").translate(_SEEN)
    return text if text.isascii() else unicodedata.normalize("NFC", text)


# A person who types without apostrophes ("im a nurse at st james now", "ive started at the council", "i
# dont work there"): the rules spell "I'm", "I've", "don't", so these are read as if written with them
# (only words that are no other word: not "id", "ill", "were", "its", "wed", "hell").
_UNSPELLED = patterns.lazy(
    r"(?<![\w'])(?:(?P<i>[Ii])(?P<i_rest>m|ve)|(?P<we>[Ww]e)ve|"
    r"(?P<neg>do|did|does|is|was|are|were|has|have|had|ca|wo|would|could|should)nt)(?![\w'])"
)


# Every match of `_UNSPELLED` is one whole run of word characters and apostrophes (`vocab.WORD_RUN`), one of these
_UNSPELLED_RUNS = frozenset(["Im", "im", "Ive", "ive", "Weve", "weve"]) | frozenset(
    neg + "nt"
    for neg in "do did does is was are were has have had ca wo would could should".split()  # noqa: SIM905
)


def _unspelled(text: str) -> str:
    """`text` with `_UNSPELLED`'s words spelt (`_spelled`); a text with none of them not searched (2 us a turn)."""
    return text if _UNSPELLED_RUNS.isdisjoint(_word_runs(text)) else _UNSPELLED.sub(_spelled, text)


# A text's runs of word characters (`vocab.word_runs`), found once for `_unspelled`, `_typed_out` and `_s45k_spelt`,
# which look for their words among them in the text `read` reads (the same text: most turns spell out nothing), and
# for `vocab.found`'s first-person words where a sentence is that text.
_word_runs = vocab.word_runs


def _spelled(match: re.Match[str]) -> str:
    if match.group("i"):
        return match.group("i") + "'" + match.group("i_rest")
    if match.group("we"):
        return match.group("we") + "'ve"
    return match.group("neg") + "n't"


# Words that are not the person's own though they say "I": a transcript pasted in ("User: I live in
# Paris", "Q: ... A: I work at Acme", "[10:02] Tom: I moved to Leeds"), a quoted line ("> I moved to
# Leeds"), words in quotation marks ('she texted "I got the job at Aldi"'), a text someone else wrote
# pasted after a line that says so ("here's the email my landlord sent:"), and a role-play set up
# ("pretend you're a nurse who lives in Oslo", "let's role-play: I'm a barista at Costa"): from the
# request on, the "I" is a character's. A line opening with a chat's speaker is pasted alone; a name
# as a speaker ("Tom: ...") only where two lines open with a speaker (one is "Update: I moved").
_SPEAKERS = (
    r"user|assistant|human|ai|bot|chatbot|chatgpt|gpt|gpt-4o?|claude|gemini|copilot|bard|llama|model|system|"
    r"q|a|question|answer|interviewer|interviewee|candidate|customer|client|agent|support|rep|operator|"
    r"speaker ?\w|person ?\w|me|you|him|her|them"
)
_SPEAKER_LINE = patterns.lazy(
    r"^[ \t]*(?:\[[^\]\n]{1,24}\][ \t]*)?(?:\*\*)?(?i:" + _SPEAKERS + r")(?:\*\*)?[ \t]*:(?:\*\*)?\s"
)
# (a label of the person's own text is no speaker: "Update: ...", "Edit: ...", "PS: ...")
_NOT_A_SPEAKER = (
    r"(?!(?i:update|edit|ps|p\.s|note|notes|tl;?dr|context|background|summary|status|goal|goals|problem|issue|situation|"
    r"details|info|fyi|btw|also|then|now|before|after|today|tonight|yesterday|tomorrow|morning|evening|pros|cons|step|day|"
    r"week|month|plan|edit \d|update \d|monday|tuesday|wednesday|thursday|friday|saturday|sunday|here|so|and|but)\b)"
)
_NAMED_LINE = patterns.lazy(
    r"^[ \t]*(?:\[[^\]\n]{1,24}\][ \t]*)?" + _NOT_A_SPEAKER + r"[A-Z][\w.'-]{0,20}(?: [A-Z][\w.'-]{0,20})?[ \t]*:\s"
)
_QUOTED = patterns.lazy(r"^[ \t]*>.*$|\"[^\"\n]{2,400}\"|“[^”\n]{2,400}”|«[^»\n]{2,400}»|„[^“”\n]{2,400}[“”]", re.M)
_PASTED_AFTER = patterns.lazy(
    # A line that ends as a request does (looked at once, first: a line's end after each of its words was read
    # from each of them, 20,000 characters of "https://example.com" links: 1.7 s), then the first of its words
    r"^(?=[^\n]*(?::[ \t]*$|"
    # or no colon, as a person who dictates writes it: the request, a blank line, then a letter's
    # salutation ("can you proof read this offer letter i am sending\n\nDear Ms. Kulkarni, ...")
    r"(?=\n[ \t]*\n[ \t]*(?i:dear|hi|hello|hey|good (?:morning|afternoon|evening)|to whom)\b[^\n]{0,60}$)))"
    r"[^\n]*?\b(?i:transcript|conversation|chat log|email|e-mail|message|text|texts|letter|note|post|comment|review|"
    r"reply|response|wrote|writes|said|says|sent|posted|tweeted|texted|screenshot|translate|translation|proofread|proof read|paste|pasted|copied|"
    r"forwarded|dialogue|script|example|sample|template)\b[^\n]*",
    re.M,
)
# A prompt that sets the assistant up as someone ("You are a helpful assistant.", "You are an expert
# travel agent. I am a ...", "From now on you are a senior data engineer"): a template pasted, whose
# "I" is the template's, as after "act as". Not praise ("you're a great teacher!", "you are a lifesaver").
_PERSONA = (
    r"(?i:(?:from now on|now|for this (?:conversation|chat|task|session)|in this (?:conversation|chat)|today)[, ]+)?"
    r"(?i:you are|you're|you will be|you'll be|you will act as|you'll act as|your role is|you play)(?i: now)? "
    r"(?i:an? |the |my )(?!(?i:great|amazing|awesome|wonderful|fantastic|brilliant|good|true|real|lovely|incredible|"
    r"such|total|absolute|natural|sweet|kind|best friend|star|legend|genius|gem|saint|hero)\b)"
    r"(?:[\w-]+ ){0,5}?(?i:assistant|expert|bot|chatbot|ai|model|tutor|coach|advisor|adviser|guide|agent|persona|"
    r"character|mentor|interviewer|critic|reviewer|generator|summarizer|planner|copywriter|trainer|"
    + "|".join(_ROLE_NOUNS)
    + ")(?:s|es)?\\b"
    # an assistant by its name: "You are ChatGPT, a large language model", "You are Claude."
    r"|(?i:you are|you're) (?i:chatgpt|claude|gemini|bard|copilot|gpt-?\d[\w.-]*|llama[\w.-]*|an? (?:large )?language model)\b"
    # an answer asked in someone's voice: "Respond as a pirate.", "Answer as if you were my doctor."
    r"|(?i:(?:please )?(?:respond|reply|answer|speak|talk|behave) (?:to me )?as (?:if|though|an? |my |the ))"
    r"|(?i:your name is) [\w-]+,? (?i:and you(?:'re| are))"
)
# where a prompt opens: a text, a line, a sentence, or after an instruction's markup ("[INST] ", "<<SYS>> ")
_PROMPT_AT = r"(?:^|(?<=[.!?:\]>] )|(?<=\n))"
_FR_PERSONA = (
    r"(?i:(?:à partir de maintenant|désormais|maintenant),? )?(?i:tu es|vous êtes|tu seras|vous serez)(?i: maintenant)? "
    r"(?i:un |une |mon |ma |le |la |l')(?:[\w-]+ ){0,4}?(?i:assistante?|experte?|agent|conseill(?:er|ère)|coach|"
    r"tuteur|tutrice|guide|personnage|spécialiste|" + _FR_ROLES[3:-3] + r")s?\b"
)
# Without articles (session 36: olena): "Let's play: you are manager at bakery and I am customer", and a
# line of such a dialogue in the language practised, sent alone: a greeting at a counter, then the speaker
# by a title and a surname ("Guten Tag. Ich bin Frau Schmidt, ich wohne in Dresden", "Dzień dobry, jestem
# pani Nowak", "Bonjour, je suis Madame Roux"): a part played, not the person ("Ich wohne jetzt in Leipzig"
# and "Hallo, ich bin Olena, ich wohne in Leipzig" are still read).
_PLAYED = (
    r"|\b(?i:let's play|let us play)\s*:"
    r"|^(?i:guten (?:tag|morgen|abend)|grüß gott|dzień dobry|bonjour|buenos días|buenas tardes|buongiorno)[,.!]?\s+"
    r"(?i:ich bin|mein name ist|jestem|nazywam się|je suis|je m'appelle|soy|me llamo|sono|mi chiamo)\s+"
    r"(?i:frau|herr|pani|pan|madame|monsieur|la señora|el señor|señora|señor|signora|signor)\s+[" + _UP + "]"
)
_ROLE_PLAY = patterns.lazy(
    r"\b(?i:pretend(?: to be| (?:that )?(?:you|i|we)(?:'re|'m| are| am)?)|role-?play|roleplay|let's play (?:a game|pretend|make-believe)|"
    r"(?:you|u) (?:to )?act as|act as if|act as though|act as my|play (?:the )?(?:role|part) of|in character|my character|"
    r"(?:play|playing|be|as) (?:a|the) character|for (?:a|my) (?:story|novel|screenplay|script|campaign)\b|"
    r"write (?:me )?(?:a|an) (?:story|scene|dialogue|script|monologue)|(?:imagine|in) (?:a|this) (?:scenario|hypothetical)|hypothetically|"
    r"in (?:my|this|our) (?:story|novel|script|screenplay|campaign|fanfic|fan fiction|game|world|universe))"
    r"|(?:^|(?<=[.!?:] )|(?<=\n))(?i:act as)\b"
    r"|" + _PROMPT_AT + "(?:" + _PERSONA + ")"
    # French: "Agis comme un agent de voyage", "Tu es un assistant utile.", "fais semblant d'être ..."
    r"|\b(?i:agis comme|agissez comme|fais comme si|faites comme si|fais semblant|faites semblant|"
    r"joue le rôle|jouez le rôle|jeu de rôle)\b"
    r"|" + _PROMPT_AT + _FR_PERSONA + _PLAYED
)


# Words to be said in another language, after the colon of a request (`_own`): "how I say in catalan: good
# morning, I am argentinian, I live in gràcia?", "how do you say in German: I work in a bank" (the
# person's words to learn, not what they tell; a second-language writer's request has no "do").
_TO_SAY = patterns.lazy(
    r"\b(?i:how (?:do |can |would |should )?(?:i|you|we|one) (?:say|write|tell|translate|put)|translate|in (?:catalan|spanish|"
    r"french|german|italian|portuguese|english|dutch|polish|basque|galician)(?: is| it is)?)\b[^:\n?!]{0,60}:[^\n?!]*"
)


def _to_say(match: re.Match[str]) -> str:
    """A request's head, without the words it asks to say (`_TO_SAY`)."""
    head = match.group(0)
    return head[: head.index(":") + 1]


# Drafting register (session 37: wen). A person who uses the assistant only to draft things says her own
# changes inside the asks: "write a short LinkedIn post saying I've joined London Drugs as pharmacy manager",
# "make this sound less stiff: "Hi Dr Patel, I'm your new patient ..."", "write an out-of-office. facts:\n-
# I'm a staff pharmacist at Shoppers". An "I" in a draft she asks for about herself is her; a text someone
# else wrote (a letter to her, a posting, a sister's speech, a cousin's cover letter) stays cut (`_own`).
# A request that lists the facts of a draft ("... for my work email. facts:"): the list is the person's own,
# unless the request is for someone else ("a cover letter for my cousin. facts:") or says who sent it.
_FACTS_WORDS = r"\b(?i:facts|details|info|key points|about me)[ \t]*:[ \t]*$"
_OWN_FACTS = patterns.lazy(_FACTS_WORDS)
_FOR_SOMEONE = patterns.lazy(
    r"\b(?i:for (?:my|our|a|her|his) (?:\w+ )?(?:"
    + vocab.alternation(vocab.family(owned=False))  # (the family vocabulary's words)
    + r"|friend|colleague|coworker|co-worker|boss|student|client|patient|neighbou?r|team|staff)|he|she|they|his|her|"
    r"their|him|them|sent|wrote|forwarded|from (?:my|our|a|the|her|his))\b"
)
# A draft of her own to be reworded, its text in quotation marks after the request's colon: "make this
# sound less stiff: "...", "can you polish this: "...". Not one a request says another wrote ("Amy sent me
# her draft speech ..., can you tighten it? "..."", "my landlord sent this: "...").
_OWN_DRAFT = patterns.lazy(
    r"^[ \t]*(?i:(?:can you |could you |pls |please )*(?:make (?:this|it|my \w+)(?: sound)? (?:a bit |more |less |way )*[\w-]+"
    r"|(?:rewrite|reword|polish|tighten|fix|edit|clean up|improve|soften|shorten) (?:up )?(?:this|my \w+))"
    r"[^:\n\"“]{0,40}:)[ \t]*[\"“]"
)


def _own_facts(text: str) -> tuple[str, re.Match[str] | None]:
    """The text, its lists of the person's own facts without their bullets ("- born in Guangzhou" is read
    as "born in Guangzhou" is), and the first pasted text of it (`_PASTED_AFTER`) that is no such list."""
    head = _FACTS_HEAD.search(text) if "-" in text or "*" in text or "•" in text else None
    if head is not None and not _FOR_SOMEONE.search(head.group(0)):
        text = text[: head.end()] + _BULLETS.sub("\n", text[head.end() :])
    # (a request's line ends in a colon or has a blank line after it: a text of neither is not searched)
    may = (":" in text or text.count("\n") > 1) and _may_hold(_PASTED_AFTER, text)
    pasted = _PASTED_AFTER.search(text) if may else None
    while pasted is not None and _OWN_FACTS.search(pasted.group(0)) and not _FOR_SOMEONE.search(pasted.group(0)):
        pasted = _PASTED_AFTER.search(text, pasted.end())
    return text, pasted


_FACTS_HEAD = patterns.lazy(r"^[^\n]*" + _FACTS_WORDS, re.M)  # the same words ending a line of a longer text
_BULLETS = patterns.lazy(r"\n[ \t]*[-*•][ \t]+")


def _own_draft(text: str) -> str:
    """The text with the quotation marks of a draft of the person's own dropped (`_OWN_DRAFT`), so what
    it says is read; any other text unchanged."""
    head = _OWN_DRAFT.match(text)
    if head is None or _FOR_SOMEONE.search(head.group(0)):
        return text
    quote = text[head.end() - 1]
    close = text.find("”" if quote == "“" else '"', head.end())
    if close < 0:
        return text
    return text[: head.end() - 1] + " " + text[head.end() : close] + " " + text[close + 1 :]


# What a draft of her own says of her, in words the rules had no reading of:
# - a job joined with its title ("I've joined London Drugs as pharmacy manager"): the role;
# - a licence: "I'm licensed with the College of Pharmacists of BC", "registered with the Law Society";
# - a gym by its membership: "cancel my membership at the Kits Community Centre gym";
# - a manager by a title before the name: "my pharmacy manager Karen", "my boss, the store manager Doug";
# - a business of her own opened: "we opened Riverside Family Pharmacy today, my own independent pharmacy";
# - a doctor written to as one's own: "Hi Dr Patel, I'm your new patient", "a message to Dr. Lam at the
#   Kits clinic asking for a blood test requisition";
# - no pets: "no pets allowed in my building";
# - an engagement: "Marcus proposed on New Year's Eve!!" (not "Daniel proposed to Amy");
# - a home by its kind: "I rent the Kitsilano place on York Ave", "I'm renting a place in the Beltline",
#   "we're finally in our condo in Bridgeland".
_DRAFT_NAME = r"[A-Z][\w'&.-]*(?: (?:of |& |and )?[A-Z][\w'&.-]*){0,4}"
_DRAFTED = (
    (
        "role",
        IDENTITY,
        r"\bjoined\b",
        _I
        + r"(?:'ve| have)? "
        + _NOW
        + r"joined "
        + _NAME
        + r" as (?:the |a |an |our )?(?P<v>(?:[a-z][\w-]* ){0,2}?(?:"
        + "|".join(_ROLE_NOUNS)
        + r"))(?![\w-])",
    ),
    (
        "licence",
        FACT,
        r"\b(?:licen[sc]ed|registered) with\b",
        _I
        + r"(?:'m| am) "
        + _NOW
        + r"(?:licensed|licenced|registered) with (?:the )?(?P<v>(?:[A-Z][\w'&.-]* |of |the ){0,5}(?:College|Board|Council|Society|Order|Association|Chamber|Institute)\b(?: (?:of |for )?[A-Z][\w'&.-]*){0,3})",
    ),
    (
        "gym",
        FACT,
        r"\bmembership (?:at|with)\b",
        r"\b[Mm]y (?:gym )?membership (?:at|with) (?:the )?(?P<v>" + _DRAFT_NAME + r")(?= gym\b|[,.;!]|$)",
    ),
    (
        "manager",
        IDENTITY,
        r"\bmy (?:\w+ )?(?:manager|boss)\b",
        r"\b[Mm]y (?:(?:pharmacy|store|shift|line|department|branch|area|floor|office|site|unit|ward|general) manager|boss)(?:,? (?:the )?(?:[a-z]+ )?manager)?,? (?P<v>[A-Z][a-z'-]+)(?![\w'-]| [A-Z])",
    ),
    (
        "employer",
        IDENTITY,
        r"\bopened\b",
        r"(?:"
        + _I
        + r"|\b[Ww]e) (?:(?:have|'ve) )?(?:just |finally |officially )?opened (?P<v>"
        + _DRAFT_NAME
        + r")(?: today| this week| last week| yesterday)?,? (?:my|our) own\b",
    ),
    ("doctor", FACT, r"\bnew patient\b", r"\bDr\.? (?P<v>[A-Z][\w'-]+),? (?:I'm|I am) (?:your|a) new patient\b"),
    (
        "doctor",
        FACT,
        r"\bDr\b.{0,60}\basking (?:for|about)\b",
        r"\b(?:to|for) Dr\.? (?P<v>[A-Z][\w'-]+)(?: at [^,.;!?]{0,40})? asking (?:for|about) (?:a |an |my )?(?:[\w-]+ ){0,3}(?:requisition|referral|refill|sick note)s?\b",
    ),
    (
        "pets",
        FACT,
        r"\bno pets allowed\b",
        r"^(?:(?:so|and|but|well),? )?[Nn]o pets (?:are )?allowed (?:in|at) my (?:building|apartment|flat|place|condo|unit)\b",
    ),
    (
        "relationship",
        IDENTITY,
        r"\bproposed\b",
        r"^(?:(?:omg|so|and|guess what)[,!]? )*(?P<who>[A-Z][a-z'-]+|[Hh]e|[Ss]he) (?:finally |just )?proposed(?: to me)?(?![\w-]| to )",
    ),
    (
        "home",
        IDENTITY,
        r"\b(?:rent|own) the\b",
        _I + r" (?:rent|own) the (?P<v>" + _DRAFT_NAME + r") (?:place|flat|apartment|house|condo)\b",
    ),
    (
        "home",
        IDENTITY,
        r"\brenting (?:a|an)\b",
        _I
        + r"(?:'m| am) "
        + _NOW
        + r"renting (?:a|an) (?:place|flat|apartment|house|condo|room|unit|basement suite) in (?:the )?(?P<v>"
        + _DRAFT_NAME
        + r")",
    ),
    (
        "home",
        IDENTITY,
        r"\b(?:in|into) (?:our|my) (?:new |own )?(?:condo|house|flat|apartment|place|home|townhouse) in\b",
        r"(?:\b[Ww]e(?:'re| are)|"
        + _I
        + r"(?:'m| am)) (?:finally |now |all |officially )*(?:moved )?in(?:to)? (?:our|my) (?:new |own )?(?:condo|house|flat|apartment|place|home|townhouse) in (?:the )?(?P<v>"
        + _DRAFT_NAME
        + r")",
    ),
)
_DRAFTED_RULES = tuple((a, t, patterns.lazy(g, re.IGNORECASE), patterns.lazy(p)) for a, t, g, p in _DRAFTED)
_DRAFTED_VALUE = {"relationship": "engaged", "pets": "none"}
# (the needles each gate's match holds, looked for in one pass over the sentence: most sentences hold none)
_DRAFTED_HELD = needles.Finder([needles.inner(gate) for _, _, gate, _ in _DRAFTED_RULES])


def _drafted(sentence: str, text: str) -> list[Said]:
    """What a sentence of the person's drafting says of them that the rules do not read (`_DRAFTED`);
    an engagement only as news a draft is asked for ("Marcus proposed ...!! help me write a message")."""
    out: list[Said] = []
    for at in _told(sentence.lower())[1][1] if sentence.isascii() else _DRAFTED_HELD.everything:  # (needles: ASCII)
        attribute, memory_type, gate, pattern = _DRAFTED_RULES[at]
        if gate.search(sentence) is None or (attribute == "relationship" and _DRAFT_ASK.search(text) is None):
            continue
        found = pattern.search(sentence)
        if found is None or _HEDGE.search(sentence[: found.start()] + " " + found.group(0)):
            continue
        shown = _DRAFTED_VALUE.get(attribute) or _untrailed(found.group("v")).strip(" .,'")
        if attribute == "doctor":
            shown = "Dr " + shown
        out.append(Said(attribute, _norm(shown), shown, memory_type))
    return out


# A draft's facts restated with the date they hold since ("I'm pharmacy manager at London Drugs since July
# 2023, salary attached", in a letter confirming her employment): no new job, the one said since then.
_DRAFT_ASK = patterns.lazy(
    r"\b(?i:write|draft|help me (?:write|word|tell)|can you (?:write|draft|make)|template|letter(?! from)|post pls)\b"
)
_SINCE_DATE = patterns.lazy(
    r"\bsince (?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]* )?(?:19|20)\d\d\b", re.IGNORECASE
)
# How far along a person is at a club is no part of their job: "I'm a beginner and a pharmacist" is a pharmacist.
_CLUB_LEVEL = patterns.lazy(r"^(?:beginner|newbie|novice|amateur|learner|member) (?:and|&) ")
# "now that I'm in Alberta", said in passing: a state or a province alone says no home (the city is in it);
# "we moved to Texas", "I'm a Florida resident now", "à Québec" (a city too) are still read.
_IN_A_PROVINCE = patterns.lazy(r"\bnow that (?:I'm|I am|we're|we are) (?:now |finally |all )?in (?:the )?[A-Z]")


def _drafting_read(said: Said, sentence: str, text: str) -> Said | None:
    """A statement of the rules as the drafting register reads it: None for a restatement dated since
    (`_SINCE_DATE`), for a province said as a home, a role without how far along a club she is."""
    if said.attribute in ("employer", "role") and _SINCE_DATE.search(sentence) and _DRAFT_ASK.search(text):
        return None
    if said.attribute == "home" and _IN_A_PROVINCE.search(sentence) and vocab.province(said.shown):
        return None
    if said.attribute == "role" and (far := _CLUB_LEVEL.match(said.value)) is not None:
        return replace(said, value=said.value[far.end() :], shown=said.shown[far.end() :] or said.shown)
    return said


def says_less(full: Said, short: Said) -> bool:
    """`short` says less of what `full` said, so `full` stays what a later value is compared with: a
    profession said bare after a title of it ("a pharmacist" in a climbing club's bio after "pharmacy
    manager", "therapist" after "therapy lead"), a city said after the part of it a person lives in
    ("I just moved to Calgary" after "a place in the Beltline": `vocab.within`)."""
    if full.attribute != short.attribute or full.value == short.value:
        return False
    if full.attribute == "home":
        return vocab.within(full.value, short.value)
    if full.attribute != "role" or " " in short.value or not short.value.endswith("ist"):
        return False
    words = full.value.split()
    return short.value in words or short.value[:-3] + "y" in words


def _joined_a_gym(out: dict[str, Said]) -> None:
    """A gym joined is no employer: "I joined Bolder Climbing Community" (gym "bolder climbing")."""
    gym, employer = out.get("gym"), out.get("employer")
    if gym is not None and employer is not None and set(gym.value.split()) & set(employer.value.split()):
        del out["employer"]


# Fiction beside a life (session 38: ines). A novelist workshops her fiction with the assistant: a story's
# opening, a scene, a diary interlude, pasted after a line that says what it is ("It's first person ...
# Here's the opening:") or as a paragraph in quotation marks of its own; a scene played ("I'll play her;
# you play a suspect"). What it says is a character's, on every attribute (`_fiction_cut`); her plain
# asides after it in the same turn ("I've never had a dog, so correct me") are still hers. A pasted
# block ends at the turn's last paragraph when that one asks something of the assistant.
_FICTION_HEAD = patterns.lazy(
    r"\b(?i:(?:short )?stor(?:y|ies)|novel(?:la)?|scene|chapter|narrator|protagonist|character|poem|monologue|"
    r"diary|interlude|manuscript|memoir|screenplay|script|prologue|epilogue|fiction|first[- ]person|"
    r"ghost-?writ\w*|synopsis|fan ?fic|vignette)\b"
)
_PARAGRAPHS = patterns.lazy(r"\n[ \t]*\n")
_QUOTE_PAIRS = {"'": "'", "‘": "’", '"': '"', "“": "”"}
_PLAYS = patterns.lazy(r"\b(?i:I'll|I will|let me) play [^.;!?\n]{1,40}[;,]? (?i:and )?(?i:you|you'll|you will) play\b")


def _fiction_cut(text: str) -> str:
    """The text without the fiction it holds (a paragraph all in quotation marks, the paragraphs after a
    line that introduces a story's text, a scene she plays from its request on)."""
    play = _PLAYS.search(text) if " play " in text else None
    if play is not None:
        text = text[: text.rfind("\n", 0, play.start()) + 1]
    if "\n" not in text:
        return text
    kept: list[str] = []
    parts = _PARAGRAPHS.split(text)
    pasted = False  # (the paragraphs after a head that says a story's text follows)
    for at, part in enumerate(parts):
        body = part.strip()
        last = at == len(parts) - 1
        if _quoted_whole(body) and _her_own_draft(kept):
            kept.append(" " + body[1:-1] + " ")  # (a draft of her own to reword: hers, as `_own_draft` reads one)
            continue
        if _quoted_whole(body) or (pasted and not (last and at > 1 and "?" in body and not kept[-1])):
            kept.append("")
            continue
        pasted = pasted or (body.endswith(":") and _FICTION_HEAD.search(body) is not None)
        kept.append(part)
    return "\n\n".join(kept)


# A request to reword a text of her own ("can you polish this for my LinkedIn:"), not of a story's.
_REWORD = patterns.lazy(
    r"\b(?i:make (?:this|it)(?: sound)?|rewrite|reword|polish|tighten|clean up|improve|soften|shorten|proof ?read)\b"
)


def _her_own_draft(kept: list[str]) -> bool:
    """Whether the paragraph before asks to reword a text of her own (`_REWORD`): not a story's
    (`_FICTION_HEAD`), nor one for someone else or that someone sent (`_FOR_SOMEONE`)."""
    before = kept[-1] if kept else ""
    return (
        bool(before.strip())
        and _REWORD.search(before) is not None
        and not (_FICTION_HEAD.search(before) or _FOR_SOMEONE.search(before))
    )


def _quoted_whole(body: str) -> bool:
    """A paragraph all in quotation marks, long enough to be a passage ("'I moved to Faro the summer ...'")."""
    close = _QUOTE_PAIRS.get(body[:1])
    return close is not None and len(body) >= 40 and body.rstrip(".!?")[-1:] == close


# The things a working writer has, said in passing: an agent or a publisher moved to ("I'm with Sarah
# Hurst at Curtis Brown now", in a turn about an agency; "we've accepted Faber's offer" for a book; "signed
# a two-book deal with Picador"), the name she publishes under ("I've always published under my own name",
# then "I'm going to be Nell Lobo" in a turn about a pen name), how she is taxed ("I do a UK self-assessment
# every January", "my NHR status came through"), the app she writes in ("I draft everything in Scrivener",
# "I've moved the whole novel into Ulysses"). And what a life beside the fiction says plainly: no pet ever
# ("I've never had a dog"), a home by the flat in it ("the kitchen of our flat in Totterdown"), the
# subject she teaches and where ("I teach creative writing part-time at UWE": a teacher of it), someone
# new ("I've been seeing someone — Rui"; a breakup before, "Tom and I have split up", stays unread: read as
# single, it came first for tests/fixtures/rowan's "who am I seeing" above the next partner named), a degree met someone on ("We met on the MA at the University of East Anglia"), a bank
# everything was moved to ("I've switched everything over to Millennium bcp": read before the rules, so a
# reason said after it, "because I bank with Monzo", is not what she has now, `_SWITCHED_FIRST`).
_BOOK_WORDS = patterns.lazy(r"\b(?i:book|novel|deal|manuscript|advance|imprint|publish\w*)\b")
_AGENT_WORDS = patterns.lazy(r"\b(?i:agent|agency|agents)\b")
_PEN_WORDS = patterns.lazy(r"\b(?i:pen[- ]?name|pseudonym|nom de plume)\b")
_ORG = r"[" + _UP + r"][\w'&.-]*(?: (?:(?:&|and|of) )?(?!I\b|I')[" + _UP + r"][\w'&.-]*){0,3}"
_PERSON = r"[" + _UP + r"][\w'-]+(?: [" + _UP + r"][\w'-]+){1,2}"
_SO_FAR = patterns.lazy(r"^[^.;!?]{0,40}\b(?:so far|until now|up to now|till now|before now)\b")
_WRITER: tuple[tuple[str, str, tuple[str, ...], str, re.Pattern[str] | None], ...] = (
    (
        "professional",
        FACT,
        ("agent", "publisher", "accountant", "publicist"),
        r"\b[Mm]y (?:new |literary )?(?P<kind>agent|publisher|accountant|publicist)(?:,| is|:| —| -) (?P<v>"
        + _ORG
        + r")",
        None,
    ),
    (
        "doctor",
        FACT,
        ("médic", "medic", "médecin", "medecin", "hausarzt", "hausärztin", "huisarts", "lekarz"),
        r"\b[Mm]y (?i:m[ée]dic[oa] de fam[íi]lia|m[ée]dic[oa] de cabecera|m[ée]decin traitant|medic[oa] di base|hausarzt|hausärztin|huisarts|lekarz rodzinny)(?:,| —) (?P<v>(?:Dr|Dra|Dre|Doctora|Doctor)\.? (?:"
        + _NAME_PARTS
        + " )?["
        + _UP
        + r"][\w'-]+(?: (?:"
        + _NAME_PARTS
        + " )?["
        + _UP
        + r"][\w'-]+){0,2})",
        None,
    ),
    (
        "agent",
        FACT,
        ("i'm with", "i am with", "i'm now with", "i am now with", "i'm currently with", "represented by"),
        _I
        + r"(?:'m| am) (?:now |currently )?(?:with|represented by) (?P<v>"
        + _PERSON
        + r") at "
        + _ORG
        + r"(?: now\b)?",
        _AGENT_WORDS,
    ),
    (
        "agent",
        FACT,
        ("signed with",),
        _I + r"(?:'ve| have)? (?:just |finally |now )?signed with (?P<v>" + _PERSON + r") at " + _ORG,
        _AGENT_WORDS,
    ),
    (
        "publisher",
        FACT,
        ("accepted",),
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?:'ve| have)? (?:just |finally |now )?accepted (?P<v>["
        + _UP
        + r"][\w&.-]*(?: ["
        + _UP
        + r"][\w&.-]*){0,3})'s? offer\b",
        _BOOK_WORDS,
    ),
    (
        "publisher",
        FACT,
        ("deal with",),
        r"(?:"
        + _I
        + r"|\b[Ww]e)(?:'ve| have)? (?:just |finally |now )?signed (?:a|an|my) (?:\w+[- ])?(?:book|novel|publishing) deal with (?P<v>"
        + _ORG
        + r")",
        None,
    ),
    (
        "pen name",
        FACT,
        ("under my own name", "under my real name"),
        _I
        + r"(?:'ve| have)? (?:always |only |ever )*(?:published|publish|written|write) (?:everything |it all |my books |my novels )?under my (?P<v>own|real) name\b",
        None,
    ),
    (
        "pen name",
        FACT,
        ("going to be", "'ll be", "will be", "writing as", "publishing as"),
        _I
        + r"(?:'m going to be|'ll be|(?:'m| am| will be) (?:writing|publishing) as|will be) (?P<v>"
        + _PERSON
        + r")(?![\w'-])",
        _PEN_WORDS,
    ),
    (
        "pen name",
        FACT,
        ("pen name", "pen-name", "penname"),
        r"\b[Mm]y (?:new )?pen[- ]?name (?:is|will be|'s) (?P<v>" + _PERSON + r")",
        None,
    ),
    (
        "tax status",
        FACT,
        ("self-assessment", "self assessment"),
        _I + r" (?:do|file|fill in|send in) (?:a|my) (?P<v>(?:UK )?self[- ]assessment)\b",
        None,
    ),
    (
        "tax status",
        FACT,
        ("status",),
        r"\b[Mm]y (?P<v>[A-Z]{2,6}|non-dom|non-resident|resident|digital nomad|IFICI) (?:tax )?status (?:has |was |is )?(?:finally |just )?(?:came through|come through|confirmed|approved|granted|been approved|been granted)\b",
        None,
    ),
    (
        "writing app",
        FACT,
        ("draft everything", "write everything", "draft all", "write all", "draft my", "write my"),
        _I
        + r" (?:draft|write) (?:everything|all my (?:books|novels|drafts|fiction)|my (?:books|novels|drafts)) in (?P<v>[A-Z][\w-]+(?: [A-Z][\w-]+)?)\b",
        None,
    ),
    (
        "writing app",
        FACT,
        ("moved the", "moved my", "moved all", "moved everything"),
        _I
        + r"(?:'ve| have)? (?:just |finally |now )?moved (?:the whole|my whole|the|my|all my|everything) ?(?:novel|book|manuscript|drafts?|writing|chapters)? (?:over )?(?:in)?to (?P<v>[A-Z][\w-]+(?: [A-Z][\w-]+)?)\b",
        _BOOK_WORDS,
    ),
    (
        "pet",
        FACT,
        ("called", "named"),
        r"(?:\b[Ww]e|"
        + _I
        + r")(?:'ve| have)? (?:just |finally )?(?:came home with|got|adopted|brought home|took home|rescued) (?:a|an) (?:little |young |rescue )?"
        + _BREED
        + r" (?:puppy |pup )?(?:called|named) (?P<v>["
        + _UP
        + r"][\w'-]+)",
        None,
    ),
    (
        "degree met on",
        IDENTITY,
        ("met on", "met during", "met doing"),
        r"\b(?:[Ww]e|I) met (?:on|during|doing) (?:the|our|my) (?P<lvl>MA|MSc|MFA|MPhil|MRes|BA|BSc|PhD|DPhil|master's|masters)(?: course| programme| program)? at (?:the )?(?P<v>"
        + _NAME
        + r")",
        None,
    ),
    (
        "pets",
        FACT,
        ("never had",),
        _I + r"(?:'ve| have) never had (?:a|an) (?:dog|cat|pet)\b(?! (?:before|until|till)\b)",
        None,
    ),
    (
        "home",
        IDENTITY,
        ("our flat", "our apartment", "our house", "our little", "our tiny", "our small", "our rented"),
        r"\b(?:of|in|at) our (?:little |tiny |small |rented )?(?:flat|apartment|house) in (?P<v>" + _NAME + r")",
        None,
    ),
    (
        "role",
        IDENTITY,
        ("teach",),
        _I
        + r" (?:now |still |currently )?teach (?P<v>"
        + _SUBJECTS
        + r"|creative writing|writing)(?: (?:part-time|full-time|part time))? at ["
        + _UP
        + r"]",
        None,
    ),
    (
        "relationship",
        IDENTITY,
        ("seeing",),
        _I
        + r"(?:'ve| have) (?:been |started )seeing (?:someone|somebody|a man|a woman)(?: new)?\s*(?:,|—|–|-{1,2}|:)\s*(?P<v>["
        + _UP
        + r"][\w'-]+)\b",
        None,
    ),
    (
        "bank",
        FACT,
        ("switched",),
        _I
        + r"(?:'ve| have)? (?:just |finally |now )?switched (?:everything|all my banking|my accounts?|my salary) (?:over )?to (?P<v>"
        + _ORG
        + r"(?: (?!(?:and|now|for|the|too|as)\b)[a-z]{2,4}\b)?)",
        None,
    ),
)
_WRITER_RULES = tuple((a, t, patterns.lazy(p), w) for a, t, _, p, w in _WRITER)
# (the words each rule's match holds, looked for in one pass over the sentence: most hold none of them)
_WRITER_HELD = needles.Finder([frozenset(words) for _, _, words, _, _ in _WRITER])
# (session 50: life50) The needles of `_HELD`, `_WRITER_HELD` and `_DRAFTED_HELD` in one automaton (`needles.Joint`), and
# what its pass told of the last sentence: `read` asks the three of each sentence, and each finder's own pass cost ~1 us
# before its first needle. Made at the first sentence, and again for finders put in their place (a test's).
_JOINT: list[tuple[tuple[needles.Finder, ...], needles.Joint]] = []
_UNTOLD: tuple[str, needles.Joint | None, tuple[dict[int, list[int]], tuple[tuple[int, ...], ...]]] = (
    "",
    None,
    ({}, ((), ())),
)
_LAST_TOLD = [_UNTOLD]
on_drop(lambda: _LAST_TOLD.__setitem__(0, _UNTOLD))  # (a forget: nothing of a text held after it)


def _told(low: str) -> tuple[dict[int, list[int]], tuple[tuple[int, ...], ...]]:
    """`_HELD.starts(low)`, and `_WRITER_HELD.holding(low)` and `_DRAFTED_HELD.holding(low)`, of a lowered ASCII
    sentence, in one pass (`needles.Joint.tell`); the last sentence's kept (one tuple: a reader sees one or the other)."""
    made = _JOINT[-1] if _JOINT else None
    if made is None or made[0][0] is not _HELD or made[0][1] is not _WRITER_HELD or made[0][2] is not _DRAFTED_HELD:
        made = (_HELD, _WRITER_HELD, _DRAFTED_HELD), needles.Joint(_HELD, _WRITER_HELD, _DRAFTED_HELD)
        _JOINT[:] = [made]
    last, joint, told = _LAST_TOLD[0]
    if joint is not made[1] or last != low:
        told = made[1].tell(low)
        _LAST_TOLD[0] = (low, made[1], told)
    return told


# A thing left over from before, no value now: "I'm on giffgaff still, technically, because I forgot to cancel
# the monthly plan when I got the Portuguese number" (after "got a MEO contract for the phone").
_LEFTOVER = patterns.lazy(
    r"\b(?:forgot|forgotten) to (?:cancel|close|stop|end|switch off)\b|\bstill,? technically\b|\btechnically,? (?:I'm |I am )?still\b"
)


# The questions of them (`asked`): "who's my agent at the moment?", "who's publishing my books now?", "what
# name do my crime novels come out under?", "how am I taxed now?", "which app do I write in now?", and a pet
# asked by its kind ("have I got a dog?").
_ASKS_WRITER = (
    ("agent", r"\bwho(?:'s| is) (?:my|our) (?:literary |new )?agent\b|\bmy (?:literary )?agent\b"),
    ("publisher", r"\bwho(?:'s| is) (?:now )?publishing my\b|\bwho publishes my\b|\bmy (?:new )?publisher\b"),
    ("accountant", r"\bwho(?:'s| is) my accountant\b"),
    (
        "pen name",
        r"\bmy pen[- ]?name\b|\bpseudonym\b|\bwhat name do (?:i|my (?:[\w-]+ ){0,2}[\w-]+) (?:come out|appear|get published|publish|write) (?:under|as)\b",
    ),
    ("tax status", r"\bhow am i taxed\b|\bmy tax (?:status|residency|regime)\b|\bwhat tax (?:status|regime)\b"),
    (
        "writing app",
        r"\b(?:which|what) (?:app|software|program|tool|editor) do i (?:now |usually )?(?:write|draft)\b|\bwhat do i (?:write|draft) (?:my \w+ )?(?:in|on|with)\b",
    ),
    # (not "what is the dog called?": asked for the kind, a pet given up before ranked first for
    # tests/fixtures/maeve, "I have not kept a dog since Bran died", where her lurcher is read as pets only)
    *(
        (kind, r"\b(?:have|has) (?:i|we) got an? " + kind + r"\b")
        for kind in ("dog", "cat", "rabbit", "parrot", "tortoise")
    ),
)


# A degree asked by its letters ("where did I do my MA?", "which uni was my BSc from"): its word, as the
# education questions read it ("my MA" had been read as the person's mother, "my BA" as nothing).
_DEGREE_ASKED = patterns.lazy(r"\bmy (?P<d>MA|MSc|MFA|MPhil|MRes|BA|BSc|BEng|BFA|LLB|LLM|DPhil)\b")


def _degree_asked(found: re.Match[str]) -> str:
    """The degree a question names by its letters, in words (`_DEGREE_ASKED`)."""
    letters = found.group("d")
    return "my " + (
        "bachelor's" if letters[0] == "B" or letters == "LLB" else "phd" if letters == "DPhil" else "master's"
    )


# How a job is done, no other job: "full-time writer", "freelance writer", "self-employed writer" are one.
_TRADE_MODES = frozenset(["full-time", "fulltime", "freelance", "self-employed", "independent", "professional"])


def _one_trade(value: str) -> str:
    """A role without the words that say how it is done (`_TRADE_MODES`); the role itself where none is said."""
    words = value.split()
    kept = [w for w in words if w not in _TRADE_MODES]
    return " ".join(kept) if kept and len(kept) < len(words) else value


# What a writer's rule reads before the rules do: the bank everything was switched to, said before a reason
# that names the old one ("... and I'm closing the Monzo account, because I bank with Monzo for ..."). The
# rest after them: "we broke up. I'm single again" is single.
_SWITCHED_FIRST = frozenset(["bank"])


def _writer_said(sentence: str, text: str) -> list[Said]:
    """What a sentence says of a working writer's things and of a life beside her fiction (`_WRITER`)."""
    out: list[Said] = []
    low = sentence.lower()
    for at in _told(low)[1][0] if sentence.isascii() else _WRITER_HELD.holding(low):
        attribute, memory_type, pattern, needs = _WRITER_RULES[at]
        found = pattern.search(sentence)
        if (
            found is None
            or (needs is not None and needs.search(text) is None)
            or _HEDGE.search(_clause_before(sentence, found.start()))
            or _SO_FAR.search(sentence[found.end() :])
        ):
            continue
        out += _writer_value(attribute, memory_type, found)
    return out


def _clause_before(sentence: str, at: int) -> str:
    """The words of a sentence's clause before `at` (a plan said before a comma is no hedge of what follows it)."""
    return sentence[max(sentence.rfind(mark, 0, at) for mark in ",;:(—") + 1 : at]


def _writer_value(attribute: str, memory_type: str, found: re.Match[str]) -> list[Said]:
    """The statements one rule of `_WRITER` makes of its match."""
    groups = found.groupdict()
    shown = (groups.get("v") or "").strip(" .,'")
    if attribute == "professional":
        attribute = (groups.get("kind") or "").casefold()
    if attribute == "pet":
        attribute = _BREEDS.get((groups.get("breed") or "").casefold(), "dog")
    if attribute == "degree met on":  # "We met on the MA at the University of East Anglia": hers too
        lvl = (groups.get("lvl") or "").casefold()
        attribute = "university:" + ("phd" if lvl in ("phd", "dphil") else "bachelor" if lvl[:1] == "b" else "master")
    if attribute == "pen name" and shown in ("own", "real"):
        shown = "own name"
    elif attribute == "pets":
        shown = "none"
    elif attribute == "role":
        shown = f"{shown} teacher"
    elif attribute == "relationship":
        shown = f"dating {shown}"
    elif attribute == "doctor":
        shown = re.sub(r"^(?:Dra|Dre|Doctora)\.? ", "Dr ", shown)
    elif attribute == "writing app" and vocab.place(shown) is not None:
        return []
    return [Said(attribute, _norm(shown), shown, memory_type)] if shown else []


def _own(text: str) -> str:
    """The text without the words that are not the person's own (`_SPEAKERS` ... `_ROLE_PLAY`, `_TO_SAY`)."""
    text = _fiction_cut(text)  # (session 38: ines) a story's text she pastes for feedback is no part of her life
    text = _TO_SAY.sub(_to_say, text) if ":" in text else text
    text = _own_draft(text) if ":" in text and ('"' in text or "“" in text) else text
    text = _play_cut(text)
    text, pasted = _own_facts(text)
    if pasted is not None:
        text = text[: pasted.end()]
    if ":" in text:
        lines = text.split("\n")
        named = sum(_NAMED_LINE.match(line) is not None for line in lines) > 1
        text = "\n".join(
            "" if _SPEAKER_LINE.match(line) or (named and _NAMED_LINE.match(line)) else line for line in lines
        )
    return _QUOTED.sub(_unquoted, text) if ('"' in text or ">" in text or not text.isascii()) else text


def played(text: str) -> bool:
    """Whether most of a text is a part played or a story's text, not the person's own life: a role-play
    from its request on (`_ROLE_PLAY`, `_PLAYED_PART`) or fiction pasted or played (`_fiction_cut`), as
    `_own` cuts them. memory/correction.heard marks such a turn at import and recall ranks it under the
    person's own words for a question about them ("you be me the adjuster ... My name is Luis Ortega"
    is no answer to "what are my children's names")."""
    text = straight(text)
    kept = _play_cut(_fiction_cut(text))  # (the text `_own` cut for `read` just before: one search, cached)
    return len(kept.strip()) * 2 < len(text.strip())


@text_cache(maxsize=4096)
def _play_cut(text: str) -> str:
    """The text before a role-play's request (`_ROLE_PLAY`, `_PLAYED_PART`): the lines before it are
    still the person's own."""
    play = (_ROLE_PLAY.search(text) if _may_hold(_ROLE_PLAY, text) else None) or (
        _PLAYED_PART.search(text) if "be " in text or "role play" in text else None
    )
    return text if play is None else text[: text.rfind("\n", 0, play.start()) + 1]


def _unquoted(match: re.Match[str]) -> str:
    """Words someone said, cut; a name in quotation marks (moved to "the Big Apple") is kept."""
    quoted = match.group(0)
    return " " if quoted.lstrip().startswith(">") or quoted.count(" ") > 2 else quoted


@text_cache(maxsize=65536)  # a chat import and every contradiction check read the same texts
def read(text: str) -> tuple[Said, ...]:
    """The attributes a person's own statement gives values to (empty for anything else)."""
    text = _texted(_typed_out(_unspelled(_own(_s45k_spelt(_s46u_straight(text))))))  # (typed; by ear)
    text = _JOURNAL_DATE.sub("", text) if "/" in text else text  # a journal entry's date heading
    out: dict[str, Said] = _s44q_adopted(text) | _s45g_whole(text)  # (s44: maude; s45: glenda) said across sentences
    introduced: str | None = None
    # the rules read only where the text speaks of a job (`_FIRST_AT`) or of the person's own CV (`_CV_RULES`)
    skipped = _SKIPPED[(_may_hold(_WORK, text) and _WORK.search(text) is not None, _owns_a_cv(text))]
    if "rincipal" in text and _TEACHES.search(text) is None:  # (a pupil's principal is no boss of theirs)
        skipped |= _NOT_TEACHING
    named: list[Said] = []
    mentioned: str | None = None  # the person a sentence before named by their noun ("my hausarzt")
    seen: list[str] = []  # the sentences before this one
    split = sentences(text)
    for i, sentence in enumerate(split):
        seen.append(sentence)
        sentence = _before_a_case(_said_before_asked(sentence, split[i + 1] if i + 1 < len(split) else ""), text)
        sentence = _s42b_premise(_letter_said(sentence))  # (harold: "Having switched X, I"; beth: "Now that ...?")
        if not sentence:
            continue  # "I live in Paris, right?": asked, not said; "a 71-year-old on ramipril ...": a case's
        if "ream" in sentence and _DREAMT.search(sentence) is not None:
            continue  # (session 37: rowan) "I dreamed I moved to Alaska": nothing of their life
        if ("forgot" in sentence or "echnically" in sentence) and _LEFTOVER.search(sentence) is not None:
            continue  # (session 38: ines) "I'm on giffgaff still, technically, because I forgot to cancel": left over
        named += _named(sentence)
        said_before = _it_is(sentence, mentioned) or _pet_named_here(sentence)
        mentioned = _mention(sentence) or mentioned
        for said in _routines_apart(sentence) if len(sentence) <= 400 else ():
            out.setdefault(said.attribute, said)  # (a routine given as a reason is said in a question too)
        if asks(sentence) or len(sentence) > 400:
            continue
        sentence = _NEWS_TOLD.sub("", _LEADING.sub("", sentence))
        before = _named_before(sentence, introduced) or said_before
        if before is not None:
            out.setdefault(before.attribute, before)
        intro = _INTRODUCES.search(sentence) if _may_hold(_INTRODUCES, sentence) else None
        introduced = _activity(intro.group("thing")) if intro and not _HEDGE.search(intro.group(0)) else introduced
        writer = _writer_said(sentence, text)  # (session 38: ines) a bank switched to goes before the rules
        for said in (said for said in writer if said.attribute in _SWITCHED_FIRST):
            out.setdefault(said.attribute, said)
        for said in _stated(sentence, skipped, split[i - 1] if i else ""):
            if (said := _of_event(said, seen[:-1])) is not None and (said := _drafting_read(said, sentence, text)):  # type: ignore[assignment]
                out.setdefault(said.attribute, said)  # the first statement of an attribute counts
        for said in _drafted(sentence, text) + writer:
            out.setdefault(said.attribute, said)
    _joined_a_gym(_s45k_over(out, text))  # (session 45: kayla's lower-case run-ons first)
    _not_a_home_but_a_supplier(out, named)  # (session 39: bola)
    if "partner" not in out and _may_hold(_PARTNER_GATE, text) and _PARTNER_GATE.search(text) is not None:
        out.update((said.attribute, said) for said in _partner_named(text)[:1])
    for said in (_levels(text) if _a_level(text) else []) + _memberships(text) + _s45l_read(text):
        out.setdefault(said.attribute, said)  # (session 41; session 45: a club of a kind, a job done with)
    if "number of pets" not in out and "just" in text:
        out.update((said.attribute, said) for said in _one_pet(text))
    for said in _not_a_customer_but_work(out, named):  # a rule's reading comes first, unless the list names it in full
        ruled = out.setdefault(said.attribute, said)
        fuller = said.value.startswith(ruled.value + " ")  # "honda" said as "honda civic"
        got = ended(ruled) and not ended(ruled, said)  # "traded in my Corolla for a Mustang": the Mustang
        if ruled is not said and (fuller or got):
            out[said.attribute] = replace(said, memory_type=ruled.memory_type)
    return tuple(_s44w_wed_long_ago(_s42b_beside(_sgl_after(_s45g_work_town(out, text), text), text), text).values())


# Without articles (session 36: olena): the level a person has of a language they learn, by its CEFR
# level ("my German is A2", "I passed B1! DTZ.", "yesterday I have got letter from telc, B2 passed!", "I
# have B1 in Polish"): "<language> level", a fact; a later level is a change. The language is the one the
# sentence names, else the one the exam named in the text is of (DTZ, telc, Goethe: German; DELF:
# French; DELE: Spanish; IELTS, TOEFL: English), else none is read. Not a level needed or planned ("I
# need B1 for citizenship", "next B2 course"), nor someone else's ("my son passed B1").
_A_LEVEL = patterns.lazy(r"\b[ABC][12]\b")
_CEFR_LEVELS = ("A1", "A2", "B1", "B2", "C1", "C2")  # (one of which every match of `_A_LEVEL` is)
_HOLDS_A_LEVEL = needles.Holds(_CEFR_LEVELS)  # (all six in one pass)


def _a_level(text: str) -> bool:
    """Whether a text names a CEFR level (`_A_LEVEL`): its search only where it holds one (3 us a turn)."""
    return _HOLDS_A_LEVEL(text) and _A_LEVEL.search(text) is not None


_LANGUAGES = r"(?:German|Polish|English|French|Spanish|Italian|Ukrainian|Dutch|Portuguese|Czech|Swedish|Norwegian|Danish|Catalan)"
_LEVEL_SAID = patterns.lazy(
    r"\b[Mm]y (?P<lang>" + _LANGUAGES + r") (?:level )?is (?:now |already |only |still |about |around )*(?:level )?"
    r"(?P<lvl>[ABC][12])\b(?! (?:course|class|book|exam is|test is)\b)"
    r"|(?:^|(?<=[\s,;(]))I (?:have |'ve )?(?:just |finally |already |also )*(?:passed|got|have) (?:the |my )?(?:"
    r"(?P<lang2>" + _LANGUAGES + r") )?(?:level |exam |test |certificate )?(?P<lvl2>[ABC][12])\b"
    r"(?! (?:course|class|book|group|teacher)\b)(?: (?:in|of) (?P<lang3>" + _LANGUAGES + r"))?"
    r"|(?:^|(?<=[\s,;(!]))(?P<lvl3>[ABC][12]) (?:exam |test |level )?(?:is |I )?passed\b"
)
_EXAM_OF = (
    (patterns.lazy(r"\b(?:DTZ|telc|Goethe|TestDaF|ÖSD|Deutsch-Test)\b"), "german"),
    (patterns.lazy(r"\b(?:DELF|DALF|TCF)\b"), "french"),
    (patterns.lazy(r"\b(?:DELE|SIELE)\b"), "spanish"),
    (patterns.lazy(r"\b(?:IELTS|TOEFL|Cambridge)\b"), "english"),
)


# "moved to", "changed to" or "switched to" a device's model with no article before it, where the model is a
# place's name too ("we moved to Tucson", "I moved to Kona"): a move, not a car (weak41 found it; the lead's).
_MOVED_TO = patterns.lazy(r"\b(?:moved|changed|switched|went) (?:to|for) $", re.IGNORECASE)


def _moved_to_a_place(match: re.Match[str]) -> bool:
    if "v" not in match.re.groupindex or match.group("v") is None:
        return False
    lead = match.string[match.start() : match.start("v")]
    if vocab.said_as_a_place(lead, match.string[match.end("v") :]):
        return True  # (session 42: weak42) "we moved to the Tucson area", "a place on the Kona coast"
    return _MOVED_TO.search(lead) is not None and vocab.place(match.group("v")) is not None


# A diet said without "I" ("vegan now", "been keto since May") is the person's unless the words before it
# name whose it is: a relative ("my dad is on low salt now", "Dad has been vegan since 2019") or someone or
# something as its subject ("Jess is vegan now", "the new place is vegan these days"); not "I'm", "we're".
_DIET_SUBJECT = patterns.lazy(
    r"(?<![\w'-])(?!(?:i|we)\b)[\w'-]+(?:\s+(?:is|was|are|were|has been|had been|have been)(?:\s+on)?|'s(?:\s+on)?)\s+$",
    re.IGNORECASE,
)


def _diet_of_another(before: str) -> bool:
    return (
        vocab.someone_else(before)
        or _DIET_SUBJECT.search(before[-80:]) is not None
        or _DIET_HAS.search(before[-80:]) is not None  # (session 42: weak42)
    )


# (session 42: weak42) One check for every rule whose match opens with no subject of its own ("joined X", "been
# vegan since", a texter's "got the job at X"): someone named or a pronoun of another as the subject of a verb that
# runs into it ("Jess has joined Planet Fitness", "she has finally got the job at HEB", "Kev is now on Tricare").
# Not "I", "we", a noun that is no one ("the good thing is ain't nobody dispatching me"), nor a possessive ("the
# session in Naughton's is thursdays": "'s" is no verb here).
_ANOTHER_DID = patterns.lazy(
    r"(?<![\w'-])(?:(?!(?:I|We|And|But|So|Or|Then|Also|Now|Just|Still|Since|Because|Honestly)\b)[A-Z][\w'-]*(?<!'s)|"
    r"she|he|they|who)\s+(?:is|was|are|were|has|had|have)(?:\s+(?:been|now|just|finally|also|recently|already|"
    r"officially))*\s+$"
)
_OWN_OPENER = patterns.lazy(r"^(?:(?:I|i|we|We|my|My|our|Our|me|Me)\b|(?:I|i)['’])")


def _another_did(before: str) -> bool:
    """Whether someone else is the subject of the verb that runs into a match (`_ANOTHER_DID`)."""
    return _ANOTHER_DID.search(before[-80:]) is not None


def _no_subject(match: re.Match[str]) -> bool:
    """Whether a rule's match opens with no subject of its own ("been vegan since", "joined X", not "I joined")."""
    return _OWN_OPENER.match(match.group(0)) is None


# (session 42: weak42) ... and a subject whose "has" or "had" runs into the diet's "been" ("Kev has been vegan since
# May", "the new place has been vegan since it opened": the rule's match opens at "been"); not "I have", "we have".
_DIET_HAS = patterns.lazy(r"(?<![\w'-])(?!(?:i|we|and|but|so)\b)[\w'-]+\s+(?:has|had|have)\s+$", re.IGNORECASE)


def _levels(text: str) -> list[Said]:
    """The levels of a language the person says they have (`_LEVEL_SAID`), by the language."""
    out: list[Said] = []
    for sentence in sentences(text):
        for found in _LEVEL_SAID.finditer(sentence):
            before = sentence[: found.start()]
            if asks(sentence) or _HEDGE.search(before + found.group(0)) or vocab.someone_else(before):
                continue
            lang = found.group("lang") or found.group("lang2") or found.group("lang3") or _exam_language(text)
            level = found.group("lvl") or found.group("lvl2") or found.group("lvl3")
            if lang:
                out.append(Said(f"{lang.casefold()} level", level.casefold(), level, FACT))
    return out


def _exam_language(text: str) -> str | None:
    """The language of the exam a text names (`_EXAM_OF`), None if it names none."""
    return next((lang for exam, lang in _EXAM_OF if exam.search(text) is not None), None)


# (life24) Who the person's partner is, named by the word for them ("my husband Héctor usually does homework",
# "I want to say my fiancé Ray and I are taking our time", "Ana and I got engaged": `kin_stated`): a later one named is a change of partner (Héctor, then Ray), which says nothing
# of whether the person is married ("am I still married" is answered by the divorce, not the engagement).
# The name is taken for granted by the words that say it, in a wish as in a fact; not someone else's ("my
# sister's husband Tom"), an ex's, or one in a question (`kin_stated`).
# (a girlfriend or a boyfriend is someone the person is dating: "dating omar" is the relationship's value; the
# words for a spouse or a partner are the family vocabulary's, memory/data/family.txt)
_PARTNER_KIN = vocab.family("wife", "husband", "partner", "spouse", "fiance")
_PARTNER_WORDS = frozenset(_PARTNER_KIN)
_PARTNER_GATE = patterns.lazy(r"fianc|engaged|married|together|took|" + vocab.alternation(_PARTNER_KIN)[3:-1])


def _partner_named(text: str) -> list[Said]:
    """The person's partner as a turn names them (`kin_stated`), the first named."""
    lower = not _HAS_CAPITAL.search(text)  # (a name in lower case only from one who types all in lower case)
    return [
        Said("partner", _norm(name), name, IDENTITY)
        for rel, name in kin_stated(text)
        if rel.casefold() in _PARTNER_WORDS
        and (name[:1].isupper() or (lower and _a_child_name(name) and _NOT_A_LOW_NAME.search(name) is None))
    ]


_HAS_CAPITAL = patterns.lazy(r"[A-Z]")
# (words read after "my wife" that are no name: "my wife actually surprised me", "my partner proposed")
_NOT_A_LOW_NAME = patterns.lazy(r"(?:ly|ed|ing|n't|'s|s)$")


# A name of a closed vocabulary (memory/vocab.py: a car, a phone, a carrier, a bank, a pharmacy, a
# medicine, a city) the person says is theirs, in any phrasing: "my 2019 equinox", "everything i
# have is in mbank now", "ever since i landed here in mesa". Read after the rules, in sentences of
# up to this many characters (a lower-case run-on is one sentence: `sentences` cuts before capitals).
_NAMED_LONGEST = 1000


def _named(sentence: str) -> list[Said]:
    """The values of closed vocabularies a sentence says are the person's own."""
    if len(sentence) > _NAMED_LONGEST:
        return []
    return [
        Said(attribute, _norm(_one_place(shown, vocab.place(shown))), shown, IDENTITY)
        if attribute == "home"  # one place however it is written ("münchen" is munich)
        else Said(attribute, _norm(shown), shown, FACT)
        for attribute, shown in _s46u_cities(sentence, vocab.stated(sentence))
        if attribute != "home" or not _a_childhood_home(sentence, shown)
    ]


def _s46u_cities(sentence: str, stated: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """(session 46) The names of the lists a sentence states, a part of a city said before its city as the city
    ("we're now in Kreuzberg, Berlin": Berlin, as "Berlin, Kreuzberg" is and `_a_home` reads a rule's home)."""
    out: list[tuple[str, str]] = []
    for attribute, shown, _ in stated:
        at = sentence.find(shown)
        found = _WITHIN.match(sentence, at + len(shown)) if attribute == "home" and at >= 0 else None
        city = _untrailed(found.group("city")).strip(" .,'") if found is not None else ""
        out.append((attribute, city if city and vocab.within(shown, city) else shown))
    return out


def _a_childhood_home(sentence: str, shown: str) -> bool:
    """Whether a place of the lists said as a home is said of the person's childhood (`_in_childhood`)."""
    at = sentence.find(shown)
    return at >= 0 and _in_childhood(sentence, at, at + len(shown))


def _of_someone(sentence: str) -> bool:
    """Whether a sentence opens with someone else ("my sister called", "she says"): `vocab.someone_else`."""
    return bool(sentence) and vocab.someone_else(" ".join(sentence.split()[:3]))


def _reader(value_group: str) -> Callable[[str, str, re.Match[str], str], Said | None]:
    """What reads a rule's match: `_said`, or (`_STUDENT`, `_DOCTOR`, `_TEXTING`) one given its sentence."""
    if value_group in _STUDENT_GROUPS:
        return _said_student
    if value_group in _DOCTOR_GROUPS:
        return _said_doctor
    if value_group in _SG_GROUPS:
        return _said_songwriter  # (session 41: dani)
    if value_group in _S42B_GROUPS:
        return _said_s42b  # (session 42: beth)
    if value_group in _SGL_GROUPS:
        return _said_sgl  # (session 43: jolene)
    if value_group in _S42_GROUPS:
        return _said_s42  # (session 42: weak42)
    if value_group in _S43A_GROUPS:
        return _said_s43a  # (session 43: ava)
    if value_group in _S44_GROUPS:
        return _said_s44  # (session 44: life46)
    if value_group in _S44W_GROUPS:
        return _said_s44w  # (session 44: wilma)
    if value_group in _S44Q_GROUPS:
        return _said_s44q  # (session 44: maude)
    if value_group in _S45G_GROUPS:
        return _said_s45g  # (session 45: glenda)
    if value_group in _S45T_GROUPS:
        return _said_s45t  # (session 45: maricel)
    if value_group in _S45A_GROUPS:
        return _said_s45a  # (session 45: rima)
    return _said_texting if value_group in _TEXTING_GROUPS else _said


# (session 39: ray) A plan said before "but I" hedges nothing after it: "I been thinking about a dog to ride with me
# it gets lonely out here but I ain't got no dog right now" (a dictated run-on has no comma to end the plan's clause).
# (session 40: harold) and after "although I": "without making it sound as though I am lonely, although I have been
# on my own since Margaret died" (a concession states a fact, whatever was hedged before it)
_BUT_I = patterns.lazy(r"\b(?:but|although|(?<![Aa]s )though) (?:(?:I|i|we|We)\b|$)")  # (the match may open at its "I")


def _unhedged_from(before: str) -> str:
    """The words before a rule's match a hedge is looked for in: from the last "but I" or "although I" on
    (`_BUT_I`)."""
    if "but " not in before and "though " not in before:
        return before
    cuts = [m.start() for m in _BUT_I.finditer(before)]
    return before[cuts[-1] :] if cuts else before


def _opens(opener: re.Pattern[str], sentence: str, starts: list[int] | None) -> bool:
    """Whether a group's search matches a sentence: tried only where its needles start (every match
    starts at one: `needles.Finder.starts`) when they start at up to `_TRIED_AT_MOST` places."""
    if starts is None:  # (a group without needles at its start may have some further in)
        return _may_hold(opener, sentence) and opener.search(sentence) is not None
    if len(starts) <= _TRIED_AT_MOST:
        return any(map(opener.match, repeat(sentence, len(starts)), starts))
    return opener.search(sentence) is not None


# (session 47: lifespeed47) The needles of all the rules of a group, joined once a process has tried the group on
# enough sentences to pay for its rules' needles not made yet (`_worth_joining`; `_rule_needles`: not at import, nor
# for one capture, where making every rule's needles costs ~1 s): a group none of whose rules' needles an ASCII sentence
# holds is passed over before its search, all of them told in one pass over the sentence (`_Joins`). A sentence of
# an import that states nothing tried 18 groups one by one: most of `_stated`'s cost, each one's search failing where
# its needles start.
_JOIN_AFTER = 32  # (then each time the tries double: joined when worth it, `_worth_joining`)
_TRIES_A_RULE = 500


@dataclass
class _Joins:
    """The joined needles of the groups of one `_BY_OPENER` (a test reads with groups of its own)."""

    groups: tuple[_Group, ...]
    tails: list[frozenset[str] | None]  # each group's rules' needles joined (`_UNMADE`; None: a rule with none)
    tried: array[int]  # sentences each group was tried on before it joined
    # the finder of the joined groups' rules' needles (its sets are rules, each labelled by its group), those groups in
    # order and as a set; made again as groups join
    held: tuple[needles.Finder, tuple[int, ...], frozenset[int]] | None = None
    new: int = 0  # groups joined since the finder was made


_JOINS: list[_Joins] = []


def _joins() -> _Joins:
    """The joins of the groups `_stated` reads with (made at the first sentence: nothing at import)."""
    if not _JOINS or _JOINS[-1].groups is not _BY_OPENER:
        _JOINS[:] = [_Joins(_BY_OPENER, [_UNMADE] * len(_BY_OPENER), array("l", [0]) * len(_BY_OPENER))]
    return _JOINS[-1]


def _groups_to_try(
    low: str | None, places: dict[int, list[int]] | None
) -> tuple[Sequence[int], set[int], frozenset[int]]:
    """The groups `_stated` tries on a sentence: those whose search's needles it holds (`_HELD`), less the joined
    ones none of whose rules' needles it holds (`_Joins.held`); every group for a sentence not in ASCII. With them
    the rules of the joined groups whose needles it holds (from the same pass: a rule of a joined group not among
    them is absent, `needles.absent`, with no look of its own), and those groups (the finder's: a group joined while
    this sentence is tried is told after it). (Set operations, not a loop over the ~20 groups its needles name.)"""
    if places is None or low is None:
        return _HELD.everything, set(), frozenset()
    joins = _joins()
    candidates = places.keys() | _HELD.always
    rules: set[int] = set()
    joined: frozenset[int] = frozenset()
    if joins.held is None:
        unjoined, out = candidates, candidates
    else:
        finder, _, joined = joins.held  # (its sets are the joined groups' rules, labelled by group: `_tails_joined`)
        rules, present = finder.present_labelled(low)
        unjoined = candidates - joined
        out = unjoined | (candidates & present)
    for group in sorted(unjoined):
        joins.tried[group] += 1
        if (tried := joins.tried[group]) >= _JOIN_AFTER and tried & (tried - 1) == 0 and _worth_joining(group, tried):
            _tails_joined(joins, group)
    return sorted(out), rules, joined


def _worth_joining(group: int, tried: int) -> bool:
    """Whether a group was tried often enough to pay for making its rules' needles not made yet (`_TRIES_A_RULE`
    tries a rule: a rule's needles cost ~1.5 ms to make, a try of a group ~3 us; made already, nothing to pay)."""
    return tried >= _TRIES_A_RULE * sum(_TAILS[at] is _UNMADE and at in _unkept() for at, _ in _BY_OPENER[group][3])


def _tails_joined(joins: _Joins, group: int) -> None:
    """Join a group's rules' needles, and make the finder again when a quarter more groups joined."""
    tails = [_rule_needles(at, pattern) for at, (_, _, pattern, _) in joins.groups[group][3]]
    joins.tails[group] = None if any(tail is None for tail in tails) else frozenset().union(*tails)  # type: ignore[arg-type]
    joins.new += 1
    joined = [at for at, tails_of in enumerate(joins.tails) if tails_of is not None and tails_of is not _UNMADE]
    if joins.new >= max(4, len(joined) // 4):
        joins.new = 0
        # (a finder of every rule, those of groups not joined holding no needles, each labelled by its group)
        group_of = [0] * len(_TAILS)
        of_rules: list[frozenset[str] | None] = [frozenset()] * len(_TAILS)
        for at_group in joined:
            for at, _ in joins.groups[at_group][3]:
                group_of[at], of_rules[at] = at_group, _TAILS[at]
        finder = needles.Finder(of_rules, group_of)
        joins.held = (finder, tuple(joined), frozenset(joined))  # (one assignment: a reader sees the old or the new)


def _none_may_match(
    rules: tuple[tuple[int, tuple[str, str, re.Pattern[str], str]], ...],
    low: str | None,
    skipped: frozenset[re.Pattern[str]],
    held: set[int] | None = None,
) -> bool:
    """Whether every rule of a group of a few is skipped or its needles are absent from an ASCII sentence (`_stated`
    skips each so): then the group's own search, run along the whole sentence, is not needed. `held`: the rules of a
    joined group whose needles the sentence holds (`_groups_to_try`), where a rule's absence is told without a look."""
    if low is None or len(rules) > _FEW_RULES:
        return False
    if held is not None:
        return all(pattern in skipped or at not in held for at, (_, _, pattern, _) in rules)
    return all(
        pattern in skipped or needles.absent(low, _rule_needles(at, pattern)) for at, (_, _, pattern, _) in rules
    )


_FEW_RULES = 3  # (a group of more rules costs more to rule out rule by rule than its one search)


def _not_the_persons(attribute: str, value_group: str, match: re.Match[str], before: str) -> bool:
    """Whether what a rule matched is not the person's: someone else's, or no such thing at all."""
    said_before = match.string[: match.start()]
    if (attribute in _DEVICE_NOUNS or value_group == "best") and (
        vocab.someone_else(said_before) or (attribute in _DEVICE_NOUNS and vocab.their_clause(said_before))
    ):
        return True  # "my brother just bought a vw golf": his; "she can practice in my Camry": what she does
    if attribute in _DEVICE_NOUNS and _moved_to_a_place(match):
        return True  # "we moved to Tucson last year": the city, not the Hyundai
    if value_group == "dietbare" and _diet_of_another(said_before):
        return True  # "my dad is on low salt now", "the new place is vegan these days": theirs
    if _no_subject(match) and _another_did(said_before):
        return True  # (session 42: weak42) "Jess has joined Planet Fitness": a rule with no subject, another's
    if (
        _no_subject(match)
        and _S43_TO_ME.match(match.group(0)) is None
        and _s43_another_named(said_before, _HAS_CAPITAL.search(match.string) is None, match.group(0))
    ):
        return True  # (session 43: weak43) "Kev joined Planet Fitness", "she joined the Y": another's, no "has"
    # ("my sister called. got the job at heb!!": hers, its subject said in the sentence before)
    return (
        (value_group in _TEXTING_GROUPS or value_group in ("jr", "jrbank"))
        and match.start() == 0
        and _of_someone(before)
    )


def _stated(sentence: str, skipped: frozenset[re.Pattern[str]] = frozenset(), before: str = "") -> list[Said]:
    """What one sentence states, in the order of the rules (`_RULES`). The rules are walked by
    opener (`_BY_OPENER`): one search a gate, and a sentence that holds none of a group's words
    costs that group nothing (most sentences of an import state nothing). `before`: the sentence
    before (one that opened with someone else is who a sentence with no subject goes on about)."""
    found: list[tuple[int, int, Said]] = []
    ends: list[tuple[str, int, int]] = []  # (attribute, start, end) of each ending read
    low = sentence.lower() if sentence.isascii() else None
    pieces: frozenset[str] | None = None  # the sentence's grams, made when a group's short needles need them
    places = None if low is None else _told(low)[0]  # where each group's search's needles start (None: not ASCII)
    tried, held, joined = _groups_to_try(low, places)
    for group in tried:
        opener, _, short, rules = _BY_OPENER[group]
        told = group in joined  # (its rules' needles looked for in `_groups_to_try`'s pass: `held`)
        if opener is not None:
            if low is not None and opener is _SAYS_CJK:
                continue  # (no Chinese, Japanese or Korean in a sentence all in ASCII)
            if short is not None and low is not None:
                pieces = needles.grams(sentence) if pieces is None else pieces
                if needles.holds_none(pieces, short):
                    continue
            starts = None if places is None else places.get(group)
            if (starts is None or len(starts) > _TRIED_AT_MOST) and _none_may_match(
                rules, low, skipped, held if told else None
            ):
                continue  # (no rule of the group can match: its search along the whole sentence is not needed)
            if not _opens(opener, sentence, starts):
                continue
        for at, (attribute, memory_type, pattern, value_group) in rules:
            if pattern in skipped or (at not in held if told else needles.absent(low, _rule_needles(at, pattern))):
                continue
            for match in _matches(at, pattern, sentence, low):
                said_as = "" if value_group == "retired" else " " + match.group(0)  # (a plan said as one)
                if (
                    value_group != "aim"
                    and _HEDGE.search(_unhedged_from(sentence[: match.start()]) + said_as)
                    and not _said_in_any_clause(value_group, sentence[: match.start()])
                ):
                    continue
                if _not_the_persons(attribute, value_group, match, before):
                    continue
                said = _s45l_kept(
                    _of_now(_reader(value_group)(attribute, memory_type, match, value_group), match), match
                )
                if (
                    said is not None
                ):  # (where its value stands: "I traded in my Corolla for a RAV4" ends the Corolla only)
                    found.append((at, match.start("v") if match.groupdict().get("v") else match.start(), said))
                    if value_group == "stop":  # ("I quit my tuesday night bowling league": no tuesday now)
                        ends.append((said.attribute, match.start(), match.end()))
                    if value_group in _ENDED:
                        ends.append((said.attribute, match.start(), match.end()))
                        then = _instead(said.attribute, memory_type, sentence[match.end() :])
                        found += [] if then is None else [(-1, match.end(), then)]  # what came instead first
    found += [(-1, -1, said) for said in _left_for(sentence)] if " for " in sentence else []
    found += [(-1, -1, said) for said in _s46u_from_to(sentence)] if " from " in sentence else []  # (session 46)
    found.sort(key=lambda f: (f[0], f[1]))
    return [said for _, start, said in found if not _inside_an_ending(said, start, ends)]


# What came instead, said in the sentence that ends the old one: "I no longer live in Paris but in
# Lyon", "I don't work at Acme anymore, I'm at Initech now", "I'm not in Paris any more, we're in Lyon
# now". Read right after an ending of a home or an employer (`_instead`).
_INSTEAD = patterns.lazy(
    r"(?:,? (?:any ?more|any longer|now))?\s*(?:[,;]|\s-+|\s)\s*(?:but |and |so )?(?:now |instead )?"
    r"(?:(?:(?:I|i)(?:'m| am)|[Ww]e(?:'re| are)) (?:now )?(?:living |based |working )?|(?:I|i|[Ww]e) (?:now )?(?:live|work) |"
    r"(?:living |based |working )?)(?:now )?(?P<prep>in|at|for|with) (?:the )?(?P<v>" + _NAME + "|" + _LOW_PLACE + r")"
)
# The old left for the new: "we left Berlin for Vienna", "I swapped London for Lisbon", "I left Google
# for Meta" (a city for a city is a home; a name that is no city for another, an employer).
_LEFT_FOR = patterns.lazy(
    r"(?:(?<![\w'])(?:I|i)|\b[Ww]e)(?: have|'ve)? (?:(?:just|finally|recently|officially) )?(?:left|swapped|traded|ditched) "
    r"(?P<old>" + _NAME + "|" + _LOW_RUN + r") for (?:the )?(?P<v>" + _NAME + "|" + _LOW_RUN + r")"
    r"(?![^.;!?]{0,40}\b(?:for (?:a|an|the|two|three|four|\d+|a few|a couple of) (?:days?|weeks?|weekend|nights?|"
    r"holidays?|vacation|trip|break)|on (?:holiday|vacation|a trip)|trip|visit)\b)"  # (a trip: "left Paris for Rome for a week")
)


def _instead(attribute: str, memory_type: str, after: str) -> Said | None:
    """The new home or employer said right after the ending of the old (`_INSTEAD`), or None."""
    found = _INSTEAD.match(after)
    if found is None or _HEDGE.search(found.group(0)):
        return None
    name = _untrailed(found.group("v")).strip(" .,'")
    if attribute == "home":
        return _a_place("home", memory_type, name) if found.group("prep") == "in" else None
    if found.group("prep") == "in" or _a_city(name) or not name[:1].isupper():
        return None
    return Said("employer", _norm(name), name, memory_type)


def _left_for(sentence: str) -> list[Said]:
    """What a sentence says was left for what (`_LEFT_FOR`): the new home or employer."""
    out: list[Said] = []
    for found in _LEFT_FOR.finditer(sentence):
        if _HEDGE.search(sentence[: found.start()] + found.group(0)):
            continue
        old, new = (_untrailed(found.group(g)).strip(" .,'") for g in ("old", "v"))
        place = _a_place("home", IDENTITY, new, known=True)
        if _in_childhood(sentence, found.start(), found.end()):
            continue  # ("we left Leeds for London when I was 8")
        if place is not None and _a_place("home", IDENTITY, old, known=True) is not None:
            out.append(place)
        elif (kept := _s46u_left_for(sentence, old, new)) is not None:
            out.append(kept)  # (session 46) "I left Barclays for Monzo": the bank
        elif not _a_city(old) and not _a_city(new) and new[:1].isupper() and old[:1].isupper():
            out.append(Said("employer", _norm(new), new, IDENTITY))
    return out


def _inside_an_ending(said: Said, start: int, ends: list[tuple[str, int, int]]) -> bool:
    """A value named inside an ending of its attribute is what ended ("I sold my Honda Civic": no car
    now, not the Honda)."""
    return not ended(said) and any(a == said.attribute and s <= start < e for a, s, e in ends)


def kind_of(found: tuple[Said, ...]) -> str | None:
    """The memory type a statement is stored as: the most protective of what it states."""
    types = {s.memory_type for s in found}
    return next((t for t in TYPES if t in types), None)


# What a job brings and a job left takes with it: "I'm an assistant manager" in June, then "I lost
# my job" in August, is a change of the role too (About me's Now, the review queue, recall's order).
# Not "tenure": that is the home's (owned or rented), which a job lost leaves as it was ("we bought
# a house" then "I lost my job" had made the house "none now (lost my job)").
JOB_BOUND = frozenset(["role", "manager", "shift", "hours:work", "schedule:work", "time:work"])


def job_ended(found: tuple[Said, ...]) -> tuple[Said, ...]:
    """A job said to have ended ("I lost my job") as the ending of each thing the job brought
    (JOB_BOUND) the statement does not give a value itself: a role said before it changes with it."""
    left = next((s for s in found if s.attribute == "employer" and ended(s)), None)
    if left is None:
        return ()
    given = {s.attribute for s in found}
    return tuple(replace(left, attribute=a) for a in sorted(JOB_BOUND - given))


# (life31) A wedding or an engagement after a partner named as a girlfriend or a boyfriend ("my girlfriend
# funmi's birthday", then "married 2 weeks now"): the partner's word changes though their name does not. The
# girlfriend is the partner ("slpartner"), not the relationship: "my boyfriend Ray says" read as "dating ray"
# had been the newest answer to "am I still married", six months after the divorce.
_COURTED = frozenset(["girlfriend", "boyfriend", "novia", "novio", "gf", "bf"])


def wedded(found: tuple[Said, ...]) -> tuple[Said, ...]:
    """A marriage or an engagement said without the partner's name, as a statement of the partner: a
    change of one named before as a girlfriend or a boyfriend (`courted`), whom it makes a spouse."""
    if any(s.attribute == "partner" for s in found):
        return ()
    wed = next((s for s in found if s.attribute == "relationship" and s.value in ("married", "engaged")), None)
    return () if wed is None else (replace(wed, attribute="partner"),)


# (an activity of `_ACTIVITIES` that is no exercise: a sport taken up changes the only exercise, pottery does not)
_NOT_EXERCISE = frozenset(
    ["pottery", "ceramics", "painting", "knitting", "crochet", "photography", "acoustic guitar", "guitar", "piano"]
) | frozenset(["violin", "ukulele", "drums", "singing", "choir"])
_AN_ACTIVITY = patterns.lazy(_ACTIVITIES)


def taken_up(found: tuple[Said, ...]) -> tuple[Said, ...]:
    """A sport taken up or done now ("I have taken up sea swimming": a schedule of its own) as a statement of
    the person's exercise: a change of the only exercise (or none) said before it (`_ONLY_EXERCISE`)."""
    if any(s.attribute == "exercise" for s in found):
        return ()
    for said in found:
        kind = said.attribute.removeprefix("schedule:")
        if (
            kind != said.attribute
            and (said.value == "now" or said.shown == f"{said.value} now")
            and kind not in _NOT_EXERCISE
            and _AN_ACTIVITY.fullmatch(kind)
        ):
            return (Said("exercise", _norm(kind), kind, said.memory_type),)
    return ()


def courted(text: str) -> bool:
    """Whether a turn names the person's partner as a girlfriend or a boyfriend."""
    return any(rel.casefold() in _COURTED for rel, _ in kin_stated(text))


def changes(old: tuple[Said, ...], new: tuple[Said, ...]) -> list[tuple[Said, Said]]:
    """(old, new) for every attribute both state with different values (a job's things ended with
    it: `job_ended`)."""
    by_attr = {s.attribute: s for s in old}
    return [
        (by_attr[s.attribute], s)
        for s in (*new, *job_ended(new))
        if s.attribute in by_attr and not same(by_attr[s.attribute], s)
    ]


def restates(old: tuple[Said, ...], new: tuple[Said, ...]) -> bool:
    """Both state some attribute, and every attribute they share has the same value."""
    by_attr = {s.attribute: s for s in old}
    shared = [s for s in new if s.attribute in by_attr]
    return bool(shared) and all(same(by_attr[s.attribute], s) for s in shared)


# The words before a role that say its level: dropped, the role is another one ("SDET" after "senior SDET")
_LEVELS = frozenset(
    [
        "senior",
        "junior",
        "lead",
        "principal",
        "staff",
        "head",
        "chief",
        "assistant",
        "associate",
        "deputy",
        "trainee",
        "intern",
        "acting",
        "interim",
        "sr",
        "jr",
        "sr.",
        "jr.",
        "graduate",
        "apprentice",
        "student",
    ]
)


def _first_name_of(a: str, b: str) -> bool:
    """Whether one name is a first name alone and the other a full name it opens ("Alex" / "Alex Smith"): one name,
    said in full once ("Alex Smith" / "Sam Smith" is a change)."""
    short, long_ = (a, b) if len(a.split()) <= len(b.split()) else (b, a)
    return len(short.split()) == 1 < len(long_.split()) and _spelling(long_.split()[0]) == _spelling(short)


def _less_a_modifier(a: str, b: str) -> bool:
    """Whether one role is the other less the words before it that say no level ("tester" / "manual tester")."""
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if not short or short == long_ or not long_.endswith(" " + short):
        return False
    dropped = long_[: -len(short)].split()
    return len(dropped) <= 2 and not any(word in _LEVELS for word in dropped)


def same(a: Said, b: Said) -> bool:
    """One value, however it is written ("Lisbon" / "Lisbon, Portugal"; "20 degrees" / "20°C")."""
    if a.value == b.value:
        return True
    if (by_often := _same_often(a, b)) is not None:
        return by_often  # "every other week" is "biweekly"; "every week" then "every two weeks" is a change
    if a.attribute == "name":  # (a name with a word fewer is another name: "Marisol Ortega" after "... Ortega Reyes")
        return _spelling(a.value) == _spelling(b.value) or _first_name_of(a.value, b.value)
    if a.attribute == "role" and ended(a) != ended(b):
        return False  # "no longer a nurse" is no nurse
    if a.attribute == "role" and (says_less(a, b) or says_less(b, a)):
        return True  # "pharmacist" is "pharmacy manager" said bare (`says_less`)
    if a.attribute == "role" and _role_kind(a.value) and _role_kind(a.value) == _role_kind(b.value):
        return True  # "backend dev" is "SWE II": one job said two ways (a level is a change: "senior")
    if a.attribute == "role" and _one_trade(a.value) == _one_trade(b.value):
        return True  # "full-time writer" then "freelance writer": one job, said with how it is done (session 38: ines)
    if a.attribute == "role" and _s43a_contracted(a.value, b.value):
        return True  # (session 43: ava) "qa contractor" is "qa tester": the field's job said by its contract
    if a.attribute == "role" and _less_a_modifier(a.value, b.value):
        return True  # "tester" after "manual tester": the job again, a word fewer (session 37: arjun)
    often = a.value.endswith("week") or b.value.endswith("week") or "now" in (a.value, b.value)
    if a.attribute.startswith("schedule:") and often and "stopped" not in (a.value, b.value):
        return True  # "twice a week" or "now", then "on Tuesdays": one habit said two ways (given up is a change)
    if a.attribute == "home" and (vocab.within(a.value, b.value) or vocab.within(b.value, a.value)):
        return True  # "walthamstow" after "london": the city said again by its part (`_DICTATED`)
    if _s44_differs(a, b):
        return False  # (session 44) "estradiol valerate" after "estradiol" (pills, then injections); "miso and tofu"
    if a.attribute == "keep" or a.attribute.startswith("keep:"):
        return re.findall(r"\d+", a.value)[:1] == re.findall(r"\d+", b.value)[:1]
    x, y = _spelling(a.value), _spelling(b.value)
    short, long_ = (x, y) if len(x) <= len(y) else (y, x)
    if bool(short) and long_[: len(short)] == short:  # "lisbon" is "lisbon portugal"
        return True
    if a.attribute in _WORDS_COUNT or a.attribute.startswith("schedule:"):
        return False
    return _short_form(short, long_) or _short_form(long_, short)  # "dr s lee" is "dr sarah lee", either way


def shortens(full: Said, short: Said) -> bool:
    """`short` says `full`'s value in fewer of its words ("the council" after "York Council", "dr lee"
    after "Dr. Sarah Lee"): one value, the fuller one what a later value is compared with. Not a
    value said another way ("swe" after "backend dev": one kind of job, no fewer of its words)."""
    if says_less(full, short):
        return True
    x, y = _spelling(short.value), _spelling(full.value)
    if full.attribute != short.attribute or not x or len(x) >= len(y) or not same(full, short):
        return False
    return y[: len(x)] == x or _short_form(x, y)


# Attributes whose words each say something: "engineer" then "senior engineer" is a promotion, "york"
# then "new york" a move, "vegetarian" then "lacto vegetarian", "bike" then "e-bike" a change.
_WORDS_COUNT = frozenset(["role", "home", "diet", "commute", "relationship"])
_SPELLED = {"saint": "st", "ste": "st", "doctor": "dr", "doc": "dr", "dre": "dr", "and": "&", "uni": "university"}
# Words that only say how one addresses a person or what form a company takes: "pani kowalczyk" is
# "mrs kowalczyk" is "kowalczyk", "Acme Ltd" is "Acme Inc." is "Acme".
_ADDRESSED = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "miss",
        "mx",
        "pani",
        "pan",
        "frau",
        "herr",
        "mme",
        "madame",
        "monsieur",
        "señora",
        "señor",
        "ltd",
        "limited",
        "inc",
        "llc",
        "plc",
        "gmbh",
        "corp",
        "corporation",
    ]
)
# The words an ending's value opens with (`_ENDS`, a pet that died, a habit given up), and the
# attributes each ends (None: any): "left" opens no employer's or home's name, but may a favourite's.
_ENDING_OF: dict[str, frozenset[str] | None] = {
    "died": None,
    "stopped": None,
    "left": frozenset(["employer", "home", "gym", "role"]),
    "sold": frozenset(["car"]),
    "rehomed": None,
}
_ENDINGS = frozenset(_ENDING_OF)
# (session 41: wiki26) A choir left ends as a job or a gym does: maeve's "I have left the choir" was About
# me's "Choir: left; was Kinsale Community Choir", a verb for a value; now "Choir: none now (left)".
_ENDING_OF["left"] = frozenset([*(_ENDING_OF["left"] or ()), "choir"])


def _spelling(value: str) -> tuple[str, ...]:
    """A value's words however they are spelled: accents, apostrophes and hyphens away, a title's
    long form short ("Saint Mary's" / "st marys", "Montréal" / "montreal", "Marc-André" / "marc andre",
    "Doctor Lee" / "dr lee", "uni tübingen" / "university of tübingen"), a form of address or a
    company's form left out ("pani kowalczyk" / "mrs kowalczyk", "Acme Ltd" / "Acme Inc")."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", value.casefold()) if not unicodedata.combining(c))
    words = folded.replace("'", "").replace("-", " ").split()
    # ("&" and "and" inside a name say nothing: "Marks & Spencer" is "marks spencer", "Marks and Spencer")
    return tuple(w for w in (_SPELLED.get(w, w) for w in words if w not in _ADDRESSED) if w != "&")


def _short_form(short: tuple[str, ...], long_: tuple[str, ...]) -> bool:
    """`short` names what `long_` names, in fewer words: its words are the long one's, in order,
    an initial standing for a word ("council" / "leeds city council", "dr lee" / "dr sarah lee",
    "dr s lee" / "dr sarah lee", "fabia" / "2016 skoda fabia"). A title or a number alone names
    nothing, and an ending ("died biscuit", "stopped") is never a short form of what ended."""
    if not any(w not in ("dr", "st", "&") and not w.isdigit() for w in short) or _ENDINGS & {short[0], long_[0]}:
        return False
    at = 0
    for word in short:
        while at < len(long_) and not (long_[at] == word or (len(word) == 1 and long_[at][:1] == word)):
            at += 1
        if at == len(long_):
            return False
        at += 1
    return True


def ended(said: Said, what: Said | None = None) -> bool:
    """`said` says its attribute has no value now: a pet died ("died biscuit"), a habit given up
    ("stopped"); with `what`, that it is `what` that ended ("biscuit" before "biscuit died": About
    me's Now says "none now (biscuit died)", not "biscuit died; was biscuit")."""
    words = said.value.split()
    if not words or words[0] not in _ENDINGS:
        return False
    if (of := _ENDING_OF[words[0]]) is not None and said.attribute not in of:
        return False
    return what is None or (
        len(words) > 1 and _spelling(" ".join(words[1:])) == _spelling(what.value)[: len(words) - 1]
    )


# Words for one kind of job, and the words that only say which or where (a level is not one of them).
_ROLE_KINDS = {
    **dict.fromkeys(["dev", "developer", "engineer", "swe", "sde", "programmer", "coder"], "software"),
    **dict.fromkeys(["teacher", "educator"], "teacher"),
    **dict.fromkeys(["nurse", "rn"], "nurse"),
    # a registrar is a specialty trainee from the third year on: "st3" after "registrar" is one grade (`_DOCTOR`)
    **dict.fromkeys([*_REGISTRAR, "st3", "st4", "st5", "st6", "st7", "st8"], "registrar"),
}
_ROLE_WHICH = frozenset(
    [
        "backend",
        "back-end",
        "frontend",
        "front-end",
        "full-stack",
        "fullstack",
        "software",
        "web",
        "mobile",
        "ios",
        "android",
        "python",
        "go",
        "java",
        "data",
        "platform",
        "cloud",
        "devops",
        "ii",
        "iii",
        "iv",
        "i",
        "1",
        "2",
        "3",
    ]
)


def _role_kind(value: str) -> str | None:
    """The kind of job a role names when it names nothing else ("backend dev", "swe ii": software)."""
    words = value.split()
    if not words or (words[-1] not in _ROLE_KINDS and not (len(words) > 1 and words[-2] in _ROLE_KINDS)):
        return None
    head = next(w for w in reversed(words) if w in _ROLE_KINDS)
    rest = [w for w in words if w != head and w not in _ROLE_WHICH]
    return _ROLE_KINDS[head] if not rest else None


# -- what a question asks about ----------------------------------------------------------------

# "what pet do we have", "what pets do i have": every kind of pet answers it
_PET_KINDS = ("dog", "cat", "rabbit", "hamster", "guinea pig", "parrot", "budgie", "tortoise", "ferret", "gecko")
PET_KINDS = frozenset(_PET_KINDS)  # the attributes a pet is read as ("Mossy the cat": cat = mossy)
_ASK_PET = r"\b(?:what|which) (?:kind of |sort of )?pets? (?:do|have|did) (?:i|we)\b|\b(?:my|our) pets?(?:'s)? names?\b"
_ASKS = (
    (
        "home",
        r"\b(?:where|which (?:city|town|country|place)|what (?:city|town|country))\b.*\b(?:i|we)\b.*\b(?:live|living|based|stay|home)\b|\bmy (?:home|address|city)\b|\bwhere do i live\b|\bwhere am i (?:based|living)\b",
    ),
    (
        "retirement",
        r"\bwhen (?:did|do|will|am|was) i (?:retire|retiring|retired|going to retire)\b|\b(?:am|was) i retired\b|"
        r"\bmy retirement(?: date)?\b",
    ),
    # where the person comes from, not where they live now
    (
        "origin",
        r"\bwhere (?:am|are|was|were|did) (?:i|we) (?:originally |actually )?(?:from|born|grow up|raised|brought up)\b|"
        r"\b(?:which|what) (?:country|city|town|place) (?:am|are|was|were|did) (?:i|we) (?:originally )?(?:from|born|grow up|raised)\b|"
        r"\bmy (?:home ?town|home country|birthplace|native country)\b",
    ),
    (
        "manager",
        r"\b(?:my|i)\b.*\b(?:manager|boss|report to|supervisor|team lead)\b|\bwho(?:'s|s| is) my (?:new |managing )?broker\b",
    ),
    # the days and hours of work (`_RULES`: "I work Mondays to Thursdays now", "I start work at 8 now")
    (
        "schedule:work",
        r"\b(?:which|what) days? (?:do|am|did) i (?:usually |now )?work(?:ing)?\b|\bmy (?:work|working) days\b|"
        r"\bhow many days (?:a|per|each) week (?:do|am) i (?:usually |now )?work(?:ing)?\b",
    ),
    (
        "hours:work",
        r"\bhow many hours (?:a |per |each )?(?:week )?(?:do|am) i (?:usually |now )?work(?:ing)?\b|\bmy (?:work|working) hours\b",
    ),
    (
        "time:work",
        r"\b(?:what time|when) do i (?:usually |now )?(?:start|begin) (?:work|my shifts?|my day at work)\b|"
        r"\bwhat time (?:does|do) (?:work|my shifts?) start\b",
    ),
    (
        "team size",
        r"\bhow many (?:[\w-]+ )?(?:[\w-]+ )?do i (?:now |currently )?(?:lead|manage|supervise|oversee)\b|\bhow (?:big|large) is my team\b",
    ),
    ("schedule:gym", r"\b(?:which|what) days? do i (?:usually |now )?(?:go to|hit) the gym\b|\bmy gym days\b"),
    (
        "employer",
        # (not "where do I work out?": the gym, session 37's wen, whose business of her own opened was read
        # as her employer and came first for it)
        r"\b(?:where|which company|what company|who)\b.*\bi\b.*\bwork(?:ing)?\b(?! ?out\b)|\bmy (?:employer|company)\b|"
        r"\b(?:which|what) [a-z]+ do i work (?:at|for|in)\b",
    ),
    (
        "role",
        r"\b(?:what|which)\b.*\b(?:my|i)\b.*\b(?:job|role|title|position|level|grade|do for a living)\b|"
        r"\bwhat do i do\b(?! for (?:exercise|fun|sport|fitness|a hobby))",
    ),
    (
        "car",
        r"\bwhat (?:car )?do (?:i|we) drive\b|\bwhat(?:'s| is) (?:my|our) car\b|\bwhat (?:car )?(?:am i|are we) driving\b",
    ),
    ("kids school", r"\b(?:what|which) schools? do (?:the|my|our) (?:kids|children|girls|boys) (?:go to|attend)\b"),
    (
        "childminder",
        r"\bwho (?:minds|looks after|collects|picks up|does) (?:the|my|our) (?:kids|children)\b|\b(?:our|my) childminder\b",
    ),
    ("energy", r"\b(?:who|which company|what company)\b.*\b(?:gas|electric|electricity|energy|power)\b"),
    ("bank", r"\b(?:what|which) bank\b.*\b(?:i|my|we|our)\b"),
    ("schedule:class", r"\bwhat do i do for (?:exercise|sport|fitness)\b"),
    ("usual order", r"\bmy (?:usual|default|go-to)(?: coffee)?(?: order| drink)?\b"),
    (
        "diet",
        r"\b(?:my diet|do i eat|am i (?:a )?(?:vegetarian|vegan|pescatarian)|what (?:do|can) i eat|what kind of eater)\b|"
        r"\b(?:what|which) (?:kind of |sort of )?diet\b.*\b(?:i|we)\b",
    ),
    (
        "commute",
        r"\bhow do i (?:commute|get to (?:work|the office|school|uni|university|college|campus))\b|\bmy commute\b",
    ),
    ("street", r"\b(?:what|which) street (?:is|do|does|are)\b.*\b(?:i|we|my|our)\b|\bmy (?:home )?address\b"),
    ("dwelling", r"\b(?:what|which) (?:kind|sort|type) of (?:home|house|place|housing)\b.*\b(?:i|we) live\b"),
    (
        "tenure",
        # a home named, or "rent or own": "what kitchen appliance did I buy" asks nothing of the home
        r"\b(?:do|did) (?:i|we) (?:rent|own|buy)\b.*\b(?:home|flat|house|apartment|place|condo)\b|\brent or own\b|\bown or rent\b|"
        r"\b(?:rent|own)\b.*\bmy (?:home|flat|house|apartment|place)\b|\bour (?:home|flat|house|apartment|place)\b.*\b(?:rent|own)",
    ),
    # what a person takes: the medicines of memory/vocab.py ("what blood pressure tablets am I on")
    (
        "medication",
        r"\b(?:what|which) (?:[\w-]+ ){0,3}?(?:medications?|medicines?|meds|pills?|tablets?|antidepressants?|antibiotics?|"
        r"inhalers?|prescriptions?|drugs?|statins?|blood thinners?) (?:do|am|are|have) (?:i|we) (?:take|taking|on|been on|prescribed)\b|"
        r"\bmy (?:meds|medications?|prescriptions?)\b",
    ),
    (
        "name",
        r"\b(?:what(?:'s|s| is)|whats) my (?:full |last |first |legal |maiden |married )?name\b|\bmy (?:last name|surname)\b",
    ),
    # (session 43: ava) the name a person goes by, beside the legal one: "what name do i go by", "what do people call me"
    ("goes by", r"\bwhat name (?:do|am|should) i (?:go|going) by\b|\bwhat do (?:people|they|folks) call me\b"),
    # (session 43: ava) a gym asked by its kind ("which climbing gym do i go to"), a hormone by its name ("what
    # estradiol am i on", "which testosterone am i on")
    ("gym", r"\b(?:what|which) (?:[a-z]+ ){1,2}gyms? (?:am|are|do|did) (?:i|we)\b"),
    (
        "medication",
        r"\b(?:what|which) (?:dose of |form of |kind of )?(?:estradiol|estrogen|oestrogen|testosterone|t|spiro|"
        r"spironolactone|progesterone|hrt|hormones?) (?:am|are) (?:i|we) (?:on|taking)\b",
    ),
    (
        "relationship",
        r"\bam i (?:still |now |currently |officially )?(?:married|engaged|single|divorced|separated)\b|\bmy (?:marital|relationship) status\b|"
        r"\bare (?:we|[a-z]+ and i) (?:married|engaged)\b",
    ),
    # (session 45: life55) and a pet read without its kind ("tabanet kalb esmo Zaatar", "aso ko si Bantay": pet)
    *((kind, _ASK_PET) for kind in (*_PET_KINDS, "pet")),
    # a sport is a habit on a day: any schedule may answer it
    ("schedule:class", r"\b(?:which|what) sports?\b.*\b(?:i|we)\b|\bmy sports?\b"),
    (
        "shift",
        r"\b(?:which|what) shifts?\b|\b(?:i|my)\b.*\bshifts?\b|\bshifts?\b.*\b(?:i|my)\b|\bdo i work (?:nights|days)\b",
    ),
    # education (`_EDUCATION`): what the person studied and where, every level
    *((kind, _ASK_STUDIED) for kind in EDUCATION),
    *((kind, _ASK_SCHOOL) for kind in SCHOOLS),
    (
        "high school",
        r"\bwhere (?:did|do) i go to (?:high|secondary) school\b|\b(?:which|what) (?:high|secondary) school (?:did|do) i\b",
    ),
)
# The same questions in French: "où est-ce que j'habite", "pour qui je travaille", "qui est ma cheffe".
_ASKS_FR = (
    (
        "home",
        r"\boù (?:est-ce que )?(?:j'habite|je vis|on habite|nous habitons)\b|\bdans quelle ville (?:j'habite|je vis|on habite)\b",
    ),
    ("employer", r"\boù (?:est-ce que )?je travaille\b|\bpour qui (?:est-ce que )?je travaille\b|\bmon employeur\b"),
    (
        "manager",
        r"\bqui est (?:mon|ma) (?:nouveau |nouvelle )?(?:manager|cheffe?|responsable|supérieure?|patronne?|boss)\b",
    ),
    ("shift", r"\bje (?:travaille|suis) de (?:nuit|jour)\b|\bquels? (?:horaires?|quarts?)\b"),
    (
        "role",
        r"\b(?:quel est|c'est quoi) mon (?:métier|poste|travail|boulot|job)\b|\bqu'est-ce que je fais (?:dans la vie|comme (?:travail|métier|boulot))\b|"
        r"\bje fais quoi (?:dans la vie|comme (?:travail|métier|boulot))\b",
    ),
)
# The questions of `_DICTATED`'s attributes: "what visa am I on", "what exercise do I do" (a sport is a
# habit on a day, or a gym: any schedule or the gym may answer it)
_ASKS_DICTATED = (
    ("visa", r"\b(?:what|which) (?:kind of |type of |sort of )?visa\b.*\b(?:i|my|we)\b|\bmy visa(?: status| type)?\b"),
    (
        "schedule:class",
        r"\bwhat (?:exercise|sport|workouts?|training) do i (?:do|play)\b|\bhow do i (?:exercise|keep fit|stay fit)\b",
    ),
    (
        "gym",
        r"\bwhat (?:exercise|sport|workouts?|training) do i (?:do|play)\b|\bhow do i (?:exercise|keep fit|stay fit)\b",
    ),
)
# The questions of `_DOCTOR`'s attributes: "what grade am i" (the role), "do i still drink energy drinks",
# "what gym am i a member of"
_ASKS_DOCTOR = (
    (
        "role",
        r"\bwhat (?:grade|training grade|stage of training) (?:am|are|was) (?:i|we)\b|\bwhat(?:'s| is) my (?:grade|training grade)\b",
    ),
    (
        "schedule:energy drinks",
        r"\b(?:do|am|did) (?:i|we) (?:still )?(?:drink|drinking|have|having) (?:energy drinks?|monsters?|red ?bulls?)\b|"
        r"\bquit (?:energy drinks?|monsters?|red ?bulls?)\b",
    ),
    ("gym", r"\b(?:what|which) gyms? (?:am|are|do|did) (?:i|we)\b|\bwhat gym (?:membership )?(?:do|have) (?:i|we)\b"),
)
# The questions of `_STUDENT`'s attributes, as a student types them ("what did i minor in", "who am i dating",
# "what carrier am i on", "whats my cats name")
_ASKS_STUDENT = (
    ("minor", r"\bwhat (?:did|do|am) i minor(?:ing)? in\b|\bmy minor\b"),
    (
        "relationship",
        r"\bwho (?:am i|are we) (?:dating|seeing|going out with|with)\b|\bam i (?:dating|seeing) (?:anyone|someone)\b|"
        r"\bdo i have an? (?:boyfriend|girlfriend|partner|bf|gf)\b|\bam i in a relationship\b",
    ),
    (
        "phone provider",
        r"\b(?:what|which|who) (?:phone |mobile |cell |cellphone )?(?:carrier|network|provider|phone plan|mobile plan)\b"
        r".*\b(?:i|my|we)\b|\bmy (?:phone |mobile |cell )?carrier\b",
    ),
    ("internship", r"\bwhere (?:do|am|did) i intern(?:ing)?\b|\bmy internship\b"),
    (
        "allergy",
        r"\bwhat (?:am i|are we) allergic to\b|\bmy (?:food )?allerg(?:y|ies)\b|\bwhat (?:food )?allergies do i have\b|"
        r"\bam i allergic\b",
    ),
    (
        "family origin",
        r"\bwhere (?:is|are|was|were) my (?:family|parents|grandparents|people|folks) (?:originally )?from\b|"
        r"\bmy (?:heritage|ancestry|roots)\b",
    ),
    ("license plate", r"\b(?:license|licence|number) plate\b|\bmy (?:plate|registration|reg) number\b"),
    # a document's number: asked of the person, stated by no rule ("what's my passport number": nothing close)
    ("passport", r"\bmy passport(?:'s)? (?:number|no\.?|#|expiry|expiration)|\bwhen does my passport expire\b"),
    *((kind, r"\b(?:my|our) " + kind + r"s? names?\b") for kind in _PET_KINDS),
)
# The questions of `_SECOND_LANGUAGE`'s attributes and the shapes a second-language writer asks in: the
# subject before its verb ("where I was born", "what I eat", "in which university I studied", "to what I
# am allergic"), a statement with its "?" ("I have pets?", "I am smoker?"), "make sport", "which company is
# my phone" (and "how is called my mum": `_SL_CALLED`)
_ASKS_SECOND_LANGUAGE = (
    (
        "pets",
        r"\b(?:do )?(?:i|we) have (?:any )?(?:pets?|animals?)\b|\bhow many (?:pets|animals) (?:do )?(?:i|we) have\b",
    ),
    ("origin", r"\bwhere (?:i|we) (?:was|were|am|are) (?:born|from)\b|\bwhere (?:i|we) grew up\b"),
    ("allergy", r"\bto what (?:i am|i'm|am i) allergic\b|\bwhat (?:i am|i'm) allergic to\b"),
    ("diet", r"^what (?:i|we) eat\b|\b(?:i am|i'm|am i) (?:a )?(?:vegetarian|vegan|pescatarian)\s*\?"),
    ("schedule:smoking", r"\b(?:i am|i'm|am i) (?:a )?smoker\b|^(?:i|we) smoke\s*\?"),
    ("relationship", r"^(?:do )?(?:i|we) have (?:a )?(?:girlfriend|boyfriend|partner)\b"),
    ("partner", r"^(?:do )?(?:i|we) have (?:a )?(?:girlfriend|boyfriend|partner)\b"),
    # ("where I exercise", "where I lift": the one pattern in _ASKS_KIND_WORD)
    ("gym", r"\bwhere (?:do )?(?:i|we) (?:make|do|practi[cs]e) (?:sports?|exercise)\b"),
    ("phone provider", r"\b(?:what|which) (?:company|operator|network) is my (?:phone|mobile|cell)\b"),
    ("university", r"\b(?:in )?(?:which|what) (?:university|college|uni) (?:i|we) (?:studied|study|went)\b"),
    # (session 36: olena) "which music instrument I play", "which size of shoes I wear", "I have tattoo?"
    (
        "instrument",
        r"\b(?:what|which) (?:kind of )?music instruments? (?:(?:do|did|can|am) )?(?:i|we) (?:play|playing)\b",
    ),
    ("shoe size", r"\b(?:what|which) size (?:of )?(?:shoes?|boots?)\b|\bsize of (?:my )?(?:shoes?|boots?)\b"),
    ("tattoos", r"^(?:do )?(?:i|we) have (?:any |a )?tattoos?\b|\bmy tattoos?\b|\b(?:am i|are we) tattooed\b"),
)
# (session 42: the lead) An attribute the rules read, asked by the words a person uses for it: a credit union or a
# building society is a bank ("which credit union have we always banked with?"), a health plan an insurance ("which
# Tricare plan are we on?"), a base or a post a duty station, a neighbourhood a home, a license by its state
# (not a driver's), "am I still the FRG leader", "when do I wake up", "do we have a pet"
# (`tests/test_asked_every_attribute.py` holds a question for every attribute the rules read)
_ASKS_BY_ITS_WORDS = (
    (
        "bank",
        r"\b(?:what|which) (?:credit union|building society)\b.*\b(?:i|my|we|our)\b|"
        r"\b(?:what|which|who)\b.*\b(?:i|we)\b.*\bbank(?:ed|ing)? with\b|\bmy (?:credit union|building society)\b",
    ),
    (
        "insurance",
        r"\b(?:what|which) (?:health|medical|healthcare|health care|insurance|tricare|medicare|medicaid|dental|benefits) "
        r"plan (?:am|are|do|did) (?:i|we)\b|\b(?:what|which) (?:health|medical|insurance) plan\b.*\b(?:i|we|my|our)\b",
    ),
    (
        "duty station",
        r"\bwhere (?:am|are) (?:i|we) (?:now |currently )?stationed\b|"
        r"\b(?:which|what) (?:base|post|installation|duty station) (?:am|are) (?:i|we) (?:now )?(?:at|on|stationed|living on)\b|"
        r"\b(?:my|our) (?:current )?duty station\b",
    ),
    (
        "next duty station",
        r"\bwhere (?:am|are) (?:i|we) (?:being )?(?:sent|posted|going|headed|pcsing|pcs-ing)(?: to)? next\b|"
        r"\bwhere did (?:my|our) (?:new |next )?orders\b.*\b(?:send|sending|take|taking|sent|took)\b|"
        r"\b(?:my|our) next duty station\b|\bwhere (?:are|were|did) (?:my|our) orders\b",
    ),
    (
        "home",
        r"\b(?:which|what) (?:neighbou?rhood|area|part of town|suburb|district) (?:am|are|do) (?:i|we) (?:in|live)\b",
    ),
    (
        "license",
        r"\b(?:which|what) (?:state|province|country)(?:'s| is| are| was)? (?:my|our) (?!driver|driving)(?:[\w-]+ ){0,3}licen[cs]e\b|"
        r"\bwhere (?:am|are) (?:i|we) (?:now )?licensed\b|\bmy (?!driver|driving)(?:[\w-]+ ){0,3}licen[cs]e\b.*\b(?:which|what) state\b",
    ),
    ("pets", r"\bdo (?:i|we) (?:still )?have (?:a|any) (?:pets?|animals?)\b"),
    ("team", r"\b(?:what|which) team (?:am|are) (?:i|we) (?:now )?(?:on|in|part of)\b"),
    (
        "volunteer role",
        r"\bam i still (?:the |a |an )?(?:(?!(?:team|shift|project|tech|group|line|store|floor) )[\w-]+ ){0,2}"
        r"(?:leader|chair|chairperson|president|treasurer|secretary|"
        r"coordinator|rep|representative|captain|volunteer)\b|\b(?:what|which) volunteer (?:role|job|position)\b",
    ),
    ("wake", r"\b(?:when|what time) do i (?:usually |now )?(?:wake|get) up\b"),
    ("band", r"\b(?:what|which) band do i (?:now )?(?:play|sing|perform) (?:in|with|for)\b"),
    ("choir", r"\b(?:what|which) choir (?:do|am) i (?:sing|singing|in)\b"),
    ("kids school", r"\bwhere do (?:the|my|our) (?:kids|children|girls|boys) (?:go to school|attend school|study)\b"),
)
# A question anchored in time ("where did I move to when the house was sold", "where was my first job",
# "into which account was my pension paid after I left AIB"), read for what it asks (and `without_anchor`)
_ASKS_IN_TIME = (
    ("home", r"\bwhere did (?:i|we) (?:move|relocate|go to live)(?: to)?\b|\bwhere did (?:i|we) live\b"),
    ("employer", r"\bwhere (?:was|is) (?:my|our) (?:first |last |previous |old |next )?(?:[a-z]+ )?job\b"),
    (
        "bank",
        r"\b(?:which|what) (?:bank )?account (?:was|is|were|are) (?:my|our) (?:pension|salary|wages?|pay|income|benefits?) "
        r"paid\b",
    ),
)
# The questions of `_TEXTING`'s attributes ("what pronouns do i use", "what apps do i drive for")
_ASKS_TEXTING = (
    ("pronouns", r"\bwhat (?:are )?(?:my )?pronouns\b|\bmy pronouns\b|\bwhat pronouns (?:do|am|did|should) (?:i|we)\b"),
    (
        "gig",
        r"\bwhat (?:apps?|gigs?|delivery apps?) (?:do|am|did) (?:i|we) (?:drive|deliver|dash|work|gig)\b|\bmy gigs?\b",
    ),
    ("living with", r"\bwho (?:do|am|did) (?:i|we) (?:live|living|stay|staying) with\b"),
)
# Formal register (session 36: maeve): questions put as a letter-writer puts them ("What position do I hold at
# present?", "With whom do I bank?", "Have we a dog?", "Who is my health insurer?", "Do I still sing in the
# choir?"), each the attribute `_FORMAL` reads
_ASKS_FORMAL = (
    (
        "role",
        r"\bwhat (?:position|post|office|role|appointment|positions|posts) do (?:i|we) (?:now |still )?(?:hold|have|occupy)\b|"
        r"\bwhat (?:work|job|role|position|post) did (?:i|we) take (?:up|on)\b",
    ),
    ("bank", r"\bwith whom do (?:i|we) bank\b|\bwith which bank (?:do|am|are) (?:i|we)\b"),
    ("pets", r"\bha(?:ve|s) (?:i|we) (?:a|an|any) (?:dog|cat|pets?|animals?)\b"),
    (
        "health insurance provider",
        r"\b(?:who|which company|what company) (?:is|are) (?:my|our) (?:health |medical )?insurers?\b|"
        r"\bwith whom (?:am i|are we) (?:insured|covered)\b|\bwho (?:insures|covers) (?:me|us)\b",
    ),
    (
        "choir",
        r"\b(?:do|am|are) (?:i|we) (?:still )?(?:sing|singing) (?:in|with) (?:a|the|my|our) (?:choir|chorus)\b|\bmy choir\b",
    ),
)
# Without articles (session 36: olena): "which level is my German", "what is my German level", "what level
# of German I have" ask the level of the language (`_levels`)
_ASKS_NO_ARTICLES = (
    *(
        (
            f"{lang} level",
            rf"\b(?:which|what) level is my {lang}\b|\bmy {lang} level\b|\b(?:which|what) level (?:of|in) {lang}\b",
        )
        for lang in _LANGUAGES[3:-1].casefold().split("|")
    ),
    ("visa", r"\b(?:which|what) (?:residence )?(?:status|permit) (?:do )?(?:i|we) have\b"),
)
# (recall29) A thing asked by its verb or a word of its own kind, not its attribute's noun (kai: "who was my
# chief in japan", "what did i ride", "where did i work out", "whats my rank", "what was my last command",
# "where do i go to school"): each the attribute a statement of it reads.
_ASKS_KIND_WORD = (
    (
        "manager",
        r"\bwho(?:'s|s| is| was)? (?:my|our) (?:new |old |last |first |current )?(?:chief|lead|lpo|lcpo|divo|foreman|"
        r"forewoman|sergeant|gaffer|charge nurse|shift lead|line lead|crew chief)\b",
    ),
    ("car", r"\bwhat (?:did|do) (?:i|we) (?:ride|drive)\b|\bwhat (?:was|were|am|are) (?:i|we) (?:riding|driving)\b"),
    # where the person keeps fit, asked by what they do there, in every register ("where did i work out", the
    # second-language "where I exercise", the journal's "where do I climb"): the gym, this one pattern
    (
        "gym",
        r"\bwhere (?:do |did )?(?:i|we) (?:usually |now |currently )?"
        r"(?:work ?out|exercise|lift|train|climb|boulder|swim laps)\b",
    ),
    ("rank", r"\bwhat(?:'s|s| is| was) my (?:current |new |last )?(?:rank|rate|paygrade|pay grade)\b"),
    ("command", r"\bwhat(?:'s|s| is| was) my (?:last |current |new |first |old )?(?:command|squadron|unit)\b"),
    *((kind, r"\bwhere (?:did|do) (?:i|we) (?:go to|attend) (?:school|community college|cc)\b") for kind in SCHOOLS),
)
# Journal register (session 37: rowan): the questions a journal-keeper puts ("who am I seeing": a name, the
# partner; "what town am I in now": the home; "where do I climb": the gym, asked by _ASKS_KIND_WORD's pattern)
_ASKS_JOURNAL = (
    ("partner", r"\bwho (?:am i|are we) (?:dating|seeing|going out with)\b"),
    ("home", r"\b(?:what|which) (?:town|city) (?:am i|are we|do i live|do we live)(?: (?:now|currently|living))? in\b"),
)
# What a business owner asks of her own (session 39: bola): "what hairdressing qualification do I have" (a
# qualification of a trade by its level: certification)
_ASKS_BUSINESS_OWNER = (
    ("certification", r"\bwhat (?:[a-z]+ )?qualifications? (?:do|have|did) i\b|\bmy (?:[a-z]+ )?qualifications?\b"),
)
# Singlish, and a life said with 'already' (session 43: jolene): the questions of what `_SGL_RULES` reads, its
# subject's verb bare or in "-ing" ("which telco i using now?", "which clinic i go when sick now?", "what hobby i
# doing these days?", "where i go exercise now?", "got pet or not now?", "marcus is my what now, bf or husband?")
_ASKS_SGL = (
    ("phone provider", r"\b(?:which|what) telco\b|\bmy telco\b"),
    (
        "doctor",
        r"\b(?:which|what) (?:clinic|gp|polyclinic|surgery) (?:do |am )?(?:i|we) (?:go|going|see|seeing|use|using)\b",
    ),
    ("hobby", r"\bwhat (?:hobby|hobbies) (?:do |am )?(?:i|we) (?:do|doing|have|got)\b"),
    ("gym", r"\bwhere (?:do |am )?(?:i|we) (?:go )?(?:exercise|exercising|work out|working out|train|training|gym)\b"),
    ("pets", r"\bgot (?:any )?pets? or not\b"),
    ("relationship", r"\b(?:bf|gf|boyfriend|girlfriend|fianc[eé]e?) or (?:husband|wife|fianc[eé]e?)\b"),
)
_SGL_AUX = (
    r"(?:am|is|are|was|were|be|been|being|do|did|does|have|had|has|can|could|will|would|should|must|need|may|might)"
)
# A Singlish question drops its "do" or "did" ("which football club i support?", "which primary school i went
# to?", "what i score for my o levels?"): read as the question with it ("which football club do i support?"), a
# past verb with "did" and its stem ("which primary school did i go to?")
_SGL_NO_DO = patterns.lazy(
    r"^((?:which|what|where|who|when)\b(?: (?!"
    + _SGL_AUX
    + r"\b)[\w'-]+){0,3}?) (i|we) (?!"
    + _SGL_AUX
    + r"\b|'m|'ve|'d|'re|"
    r"got|like|so|born\b)(?P<verb>[a-z]+)\b",
    re.IGNORECASE,
)
_SGL_PAST = {"went": "go", "did": "do", "got": "get", "studied": "study", "scored": "score", "bought": "buy"}


def _sgl_do(match: re.Match[str]) -> str:
    verb = match.group("verb").casefold()
    if verb in _SGL_PAST:
        return f"{match.group(1)} did {match.group(2)} {_SGL_PAST[verb]}"
    return f"{match.group(1)} do {match.group(2)} {match.group('verb')}"


# Letters from a retired widower (session 40: harold): "What is my chief pastime these days?" (the pastime
# `_LETTER_RULES` reads), "Do I hold any voluntary post?" (a role), "Have I a companion at present?"
_ASKS_LETTERS = (
    (
        "hobby",
        r"\b(?:chief|main|great|principal|favourite|favorite|greatest) (?:pastime|hobby|interest|passion)s?\b|"
        r"\bwhat (?:is|are) my (?:hobby|hobbies|pastimes?)\b|\bwhat do (?:i|we) do for (?:fun|pleasure|enjoyment)\b",
    ),
    ("role", r"\b(?:voluntary|honorary|unpaid|volunteer) (?:post|position|role|office|appointment)s?\b"),
    (
        "relationship",
        r"\bha(?:ve|s) (?:i|we) (?:a|any) (?:companion|partner|sweetheart|lady friend|gentleman friend)\b",
    ),
    ("car", r"\bdo (?:i|we) still (?:drive|have a car|own a car|run a car)\b"),
    # "How did I vote in the referendum?": a vote cast (retr39's "vote"), not "voted in as treasurer"
    ("vote", r"\bhow (?:did|do) (?:i|we) vote\b|\b(?:did|do) (?:i|we) vote (?:in|to|leave|remain)\b"),
    (
        "employer",
        r"\b(?:which|what) (?:firm|company|practice|employer|business) did (?:i|we) (?:spend (?:my|our) (?:career|"
        r"working life|working years)|work) (?:with|for|at)\b",
    ),
)
# A touring songwriter's chats (session 41: dani): the questions of what `_SONGWRITER_RULES` reads ("what band am
# i in rn", "was i in a band or solo", "do i still have a day job", "what label am i on", "who's my booking agent
# now", "am i still dating marco", "what name am i releasing music under"; not "am i still with marco": "am i
# still with verizon" asks of a carrier; nor "what part of nashville was i living in": a home before, which the
# latest home would answer first)
_ASKS_SONGWRITER = (
    ("band", r"\bwhat band (?:am|was|are|were) (?:i|we) in\b|\b(?:am|was) i in a band\b|\bam i (?:still )?solo\b"),
    ("day job", r"\bday job\b|\bfull[- ]time (?:music|musician)\b"),
    (
        "label",
        r"\bwhat (?:record )?label (?:am|was|are|were) (?:i|we) (?:on|signed (?:to|with))\b|\bmy (?:record )?label\b|"
        r"\bam i (?:still )?(?:signed|independent|unsigned)\b",
    ),
    # (the one now: "who was my first booking agent" is answered by the turn that names her, not by the latest)
    ("booking agent", r"\b(?:who(?:'s|s| is) my|my (?:current|new)) booking agen(?:t|cy)\b"),
    ("partner", r"\bam i still (?:dating|seeing|together with) (?!(?:the|a|an|my|your)\b)[a-z]+\??$"),
    (
        "stage name",
        r"\bstage name\b|\bwhat name (?:am|do|did|was) i (?:release|releasing|perform|performing|record|recording|go by|"
        r"going by)\b",
    ),
)
_ASKS_RE = tuple(
    (a, patterns.lazy(p, re.IGNORECASE))
    for a, p in (
        *_ASKS_KIND_WORD,
        *_ASKS,
        *_ASKS_BY_ITS_WORDS,
        *_ASKS_FR,
        *_ASKS_IN_PASSING,
        *_ASKS_DICTATED,
        *_ASKS_PHONE_TYPED,
        *_ASKS_STUDENT,
        *_ASKS_DOCTOR,
        *_ASKS_SECOND_LANGUAGE,
        *_ASKS_TEXTING,
        *_ASKS_FORMAL,
        *_ASKS_NO_ARTICLES,
        *_ASKS_IN_TIME,
        *_ASKS_JOURNAL,
        *_ASKS_CAREGIVER,
        *_ASKS_WRITER,
        *_ASKS_BUSINESS_OWNER,
        *_ASKS_LETTERS,  # (session 40: harold)
        *_ASKS_SONGWRITER,  # (session 41: dani)
        *_ASKS_SGL,  # (session 43: jolene)
        *_S44_ASKS,  # (session 44: life46)
    )
)
# "how is called my mum", "how are called my cats": "what is my mum called" (Spanish "¿cómo se llama ...?")
_SL_CALLED = patterns.lazy(r"\bhow (is|are) called ((?:my|our) [^?.!,]+?)\s*(?=[?.!,]|$)", re.IGNORECASE)
_ASK_FR_THING = patterns.lazy(
    r"\b(?:qui|quel|quelle|c'est qui|c'est quoi) (?:est |sont )?(?:mon|ma) (?:nouveau |nouvelle |nouvel )?"
    + _FR_FACT
    + r"\b",
    re.IGNORECASE,
)
_ASK_SCHEDULE = patterns.lazy(
    r"\b(?:which|what) (?:day|night|evening|morning|afternoon)\b.*?\bmy\s+(?P<thing>(?:[A-Za-z][\w-]*\s+){0,2}?)"
    + _ACTIVITY_NOUNS
    + r"|\bwhen is my\s+(?P<thing2>(?:[A-Za-z][\w-]*\s+){0,2}?)"
    + _ACTIVITY_NOUNS
    # "what day is pottery", "which day is my piano now": the activity alone
    + r"|\b(?:which|what) (?:day|night|evening) (?:is|do i (?:have|do|go to|play)) (?:my )?(?P<thing3>[a-z][\w-]*)(?: now)?\s*\??\s*$",
    re.IGNORECASE,
)
_ASK_THING = patterns.lazy(
    r"\b(?:my (?:favourite|favorite) (?P<fav>[a-z][\w -]{1,30}?)\b(?:\?|$| is| are)|"
    r"(?:keep|set) (?:my|the) (?P<keep>[a-z][\w-]*)\b|"
    r"(?:who|what|which)(?: is|'s| are) (?:my|our) (?P<fact>" + _FACT_QUALIFIER + _FACT_NOUN + _SUPPLIER + r")\b|"
    r"(?:who|what)(?: is|'s) (?:my|our) (?:usual |regular |family )?(?P<provider>"
    + _PROVIDERS[len("(?P<thing>") :]
    + r"\b|"
    r"(?:who|what|which) (?P<fact2>"
    + _FACT_QUALIFIER
    + _FACT_NOUN
    + _SUPPLIER
    + r") (?:(?:do|did) (?:i|we) (?:have|drive|use|see|go to|bank with|get|pay|take (?:my |our |the )?[a-z]+ to)|"
    + r"(?:have|has) (?:i|we) got|"
    + r"(?:am i|are we) (?:using|with|on|driving|seeing|going to))\b)",
    re.IGNORECASE,
)


# A question about someone else's life ("where does my sister live", "which school does Inès go
# to"): it asks no attribute of the person, so no change in the person's life may move its answer
# (the newer "We moved to Montréal" had been lifted over the turn that named the sister's city).
_RELATION = (
    # every family word (memory/data/family.txt, as a person writes them in their first language too: "my
    # amma's sugar", "appa retired") and the others of a person's life
    vocab.alternation((*vocab.family(), "friend", "colleague", "neighbour", "neighbor", "flatmate", "roommate"))[:-1]
    + r")s?"
)
# a relative called by their word, as a name ("what does baba do for work", "where does mom live")
_CALLED = vocab.alternation(vocab.family(called=True))
_STATUS_WORDS = r"(?i:married|single|engaged|divorced|dating|retired|from|still|working|living|a|an)\b"
_ABOUT_OTHER = patterns.lazy(
    r"\b(?i:(?:does|did|has|do)\s+(?:my|our)\s+)(?P<who>(?i:" + _RELATION + r"))\b|"
    r"\b(?i:does|did|has)\s+(?P<name>[" + _UP + r"][\w'-]+)\b|"
    # "what is my sister's job" (it had asked for the person's own role), "what is Anna's job",
    # "is Anna married", "where is Anna from"
    r"\b(?i:my|our)\s+(?P<who2>(?i:" + _RELATION + r"))(?:'s|’s|s')(?=\s)|"
    r"(?<![\w'’])(?!(?i:what|who|where|when|how|why|that|it|there|here|he|she|let|today|bachelor|master)['’])"
    r"(?P<name2>[" + _UP + r"][\w-]+)(?:'s|’s)(?=\s)|"
    r"\b(?i:is|was)\s+(?P<name3>[" + _UP + r"][\w-]+)\s+(?=" + _STATUS_WORDS + r")|"
    r"\b(?i:is|was)\s+(?i:my|our)\s+(?P<who3>(?i:" + _RELATION + r"))\s+(?=" + _STATUS_WORDS + r")|"
    # a parent or grandparent called by their word, as a name ("what does baba do for work", "where does mom live")
    r"\b(?i:does|did|has)\s+(?P<who4>(?i:" + _CALLED + r"))\b|"
    # (recall27) "how old is my mother", "how old is mum", "how old is nana" (`_as_relation`): theirs
    r"\b(?i:how old (?:is|was))\s+(?:(?i:my|our)\s+(?P<who5>(?i:" + _RELATION + r"))|(?P<who6>(?i:" + _CALLED + r")))\b"
)


_A_RELATION = patterns.lazy(_RELATION, re.IGNORECASE)


def is_relation(who: str) -> bool:
    """Whether `who` (of `about_someone_else`) names a relation ("sister", "parents"), not a name."""
    return _A_RELATION.fullmatch(who) is not None


def about_someone_else(query: str) -> str | None:
    """Whose life a question asks about when it is not the person's ("sister", "Inès"), else None."""
    relation = _as_relation(query)
    if _ASK_KIN_NAME.search(query) or _ASK_KIN_NAME.search(relation):  # "what's my sister's name": a name, not her life
        return None
    match = _ABOUT_OTHER.search(relation)
    who = next((g for g in match.groups() if g), None) if match is not None else None
    if who is None or who in ("I", "We"):
        return None
    return who.casefold()


# (recall27) A relative asked about by the family word the person calls them ("what does mummy do for
# work", "how old is nana", "where does the missus work", "what does my other half do"): the question
# of that relation (`_as_relation`: "my mother", "my grandmother", "my wife"), which a memory saying any
# word for them answers (`names_relation`). A word that means other things too ("pop", "bro", "nan":
# NaN) is a relative only after "my" or "our"; a partner's word after "the" too ("the wife").
_BY_LENGTH = [vocab.FAMILY[w] for w in vocab.family()]
_FAMILY_ASKED = {k.word: k.relation for k in vocab.FAMILY.values() if k.word != k.relation}
_OWNED_ONLY = frozenset(vocab.family(owned=True))
_FAMILY_WORD = "|".join(map(re.escape, (w for w in vocab.family() if w in _FAMILY_ASKED)))
_BARE_WORD = "|".join(map(re.escape, (w for w in vocab.family(called=True, owned=False) if w in _FAMILY_ASKED)))
_FAMILY_SAID = patterns.lazy(
    rf"\b(?:my|our) (?P<owned>{_FAMILY_WORD})(?![\w-])"
    rf"|\bthe (?P<the>{'|'.join(map(re.escape, (k.word for k in _BY_LENGTH if k.the)))})(?![\w-]| of\b)"
    rf"|\b(?P<verb>does|did|has|is|was) (?P<bare>{_BARE_WORD})(?![\w'’-])"
    rf"|(?<![\w'’-])(?P<whose>{_BARE_WORD})(?=['’]s\b)",
    re.IGNORECASE,
)


def _as_relation(query: str) -> str:
    """A question with the family words it calls a relative by written as the relation ("what does
    mummy do": "what does my mother do"; `_FAMILY_ASKED`), for `about_someone_else`."""
    return _FAMILY_SAID.sub(_the_relation, query) if _FAMILY_SAID.search(query) else query


def _the_relation(found: re.Match[str]) -> str:
    """A family word found by `_FAMILY_SAID` as "my" and its relation (after its verb: "does my mother")."""
    word = found.group("owned") or found.group("the") or found.group("bare") or found.group("whose")
    mine = "my " + _FAMILY_ASKED.get(word.casefold(), word)
    return f"{found.group('verb')} {mine}" if found.group("verb") else mine


# -- the name of someone in the person's life ---------------------------------------------------

# One relation however it is said ("mum", "mom", "mama"; a girlfriend, a husband: the partner): what a
# name question asks and what a turn names meet on it.
_KIN_SAME = {k.word: vocab.kin_of(k.relation) for k in vocab.FAMILY.values() if vocab.kin_of(k.relation) != k.word}
_KIN = r"(?P<rel>(?i:" + _RELATION + "))"
_KIN_WHICH = r"(?:(?i:little|big|older|younger|baby|twin|eldest|oldest|youngest|late|step|half) )?"
# A name after its relation: capitalised, or typed in lower case where it is no word that goes on the
# sentence ("my sister ola just moved", "my daughter karen set this up"; not "my sister lives", "my
# mum got", "my son and i").
_KIN_VERBS = (
    r"got|gets|made|makes|came|comes|went|goes|took|takes|gave|gives|called|calls|texted|sent|asked|asks|bought|"
    r"found|left|loves|hates|likes|needs|keeps|kept|thinks|thought|knows|knew|told|tells|said|says|wants|wanted|"
    r"lives|lived|works|worked|moved|moves|is|was|has|had|and|or|but|who|which|that|just|also|still|always|never|"
    r"really|finally|recently|now|then|said|set|put|ran|runs|did|does|do|can|cant|could|will|would|should|might|"
    r"in|at|on|to|from|with|for|of|by|about|over|after|before|since|here|there|too|again|lol|haha|today|tonight|"
    r"yesterday|tomorrow|recently|wont|doesnt|didnt|isnt|wasnt|hasnt|started|starts|turned|turns|passed|died|"
    r"the|a|an|my|our|his|her|their|its|me|him|them|us|you|your|i|we|he|she|they|it|what|when|where|how|why|"
    # (session 39: every fixture's About me) words that go on the sentence, which no one is called: "my bride
    # already doin beans", "my mom cannot be alone", "my husband usually does", "my aunt couldn't find me"
    r"already|anymore|cannot|couldnt|wouldnt|shouldnt|arent|werent|havent|hadnt|ever|even|usually|sometimes|"
    r"probably|maybe|actually|basically|literally|only|nearly|mostly|totally|suddenly|apparently|honestly|nicely|"
    r"kindly|gently|politely|properly|slowly|seriously|officially|barely|hardly|definitely|obviously|clearly|"
    r"[a-z]+n['’]t"
)
_KIN_NAME = (
    rf"(?P<n>[{_UP}][\w'-]+|(?!(?:{_KIN_VERBS})(?![\w'’-]))(?:[a-z][\w'-]*[a-rt-z](?![\w'-])|"  # "lives" no name
    # (session 42: the lead) a name ending in s where what follows it says so ("my girlfriend jess is", "my
    # brother james and i"), not a verb's -s with its object ("my sister plays tennis")
    r"[a-z][\w'-]*s(?= (?:is|was|and|has|had|will|just|said|says|lives|works|moved|got|came)\b)))"
)
_NOT_A_KIN_NAME = (
    r"english|german|italian|french|spanish|portuguese|dutch|american|british|chinese|japanese|korean|indian|"
    r"mexican|greek|turkish|russian|polish|brazilian|canadian|australian|irish|scottish|welsh|swedish|swiss|"
    r"african|asian|european|latina?|catholic|jewish|muslim|christian|hindu|buddhist|protestant|orthodox|"
    r"british|ukrainian|czech|danish|norwegian|finnish|vietnamese|thai|filipin[oa]|nigerian|pakistani|iranian|"
    r"here|there|home|back|away|fine|okay|ok|sick|ill|pregnant|retired|gone|out|in|on|at|from|also|still|always|never"
)
_KIN_NAMED = patterns.lazy(
    r"\b(?i:my|our) "
    + _KIN_WHICH
    + _KIN
    + r",? (?!name\b)"
    + _KIN_NAME
    + r"(?!'s\b)"  # "my sister Ola", "my mama danuta"
    r"|(?:^|(?<=[\s(]))"
    + _KIN_NAME.replace("P<n>", "P<n2>")
    + r"(?:, | \()(?i:my|our) "
    + _KIN_WHICH
    + _KIN.replace("P<rel>", "P<rel2>")
    + r"\b(?![\w'-])"
    r"|\b(?i:my|our) "
    + _KIN_WHICH
    + _KIN.replace("P<rel>", "P<rel3>")
    + r"(?:'?s name is| is (?:called|named)) "  # ("my moms name is rosa": a texter's, no apostrophe)
    + _KIN_NAME.replace("P<n>", "P<n3>")
    # "My wife is Anna.": a capitalised name that ends the clause, not a people or a faith ("is Polish")
    + r"|\b(?i:my|our) "
    + _KIN_WHICH
    + _KIN.replace("P<rel>", "P<rel4>")
    + r" is (?!(?i:"
    + _NOT_A_KIN_NAME
    + r")\b)(?P<n4>["
    + _UP
    + r"][\w'-]+)(?=\s*(?:[.,;!)]|$| and\b| by the way\b))"
)
# A partner said by what the two are, not by the word: "tomek and i aren't married, just together 6
# yrs", "Ana and I got engaged", "i took tomeks name" (`kin_names`: ("partner", "tomek")).
_PARTNER_NAMED = patterns.lazy(
    r"(?:^|(?<=[\s(]))" + _KIN_NAME + r" and (?i:i|me) (?:(?:just |finally |recently )?got (?:married|engaged)|"
    r"(?:are|aren't|are not)(?: \w+)? (?:married|engaged)|(?:have|'ve) been (?:together|married|dating)(?: for)? \w+ "
    r"(?i:years?|yrs?|months?))"
    r"|\b(?i:i) took (?!(?i:his|her|their|the|my|your|our|a|an|its)\b)(?P<n5>["
    + _UP
    + r"a-z][\w-]*?)(?:'s|s|’s) (?:last )?name\b"
    # (session 53) "I'm married to Tom", "I got engaged to Ana", "I married Tom last year" (not "I was married to": then)
    + r"|\b(?i:i)(?:(?:'m| am| got| have been|'ve been)(?: just| recently| finally| happily| officially)? "
    + r"(?:married|engaged) to|(?: just| recently| finally| officially)? married) (?!I\b)(?P<n6>["
    + _UP
    + r"][\w-]*)(?![\w'’-])"
)
# Someone in the person's life said by what they are to the household, never by the word (life20):
# a child by what only a child has ("zosia (2.5) starts at her kita", "zosia turns 3 today", "zosia's
# 5th bday party", "since Ruairí was born", "zosia's first weeks at przedszkole"), children listed
# by their grade after the word for them ("the grandkids switched schools, tyler's in 7th and emma's
# in 4th"), a partner by what the two share ("Ana and I ... our anniversary") or by a job the
# household moves for ("Gráinne got offered a post in UHG so it looks like we're moving"). Read in
# the person's own sentences only, never after a word for someone else ("my niece Emma turns 5",
# "my friend's son Tom's school"), and a child's sex only from "she"/"her" or "he"/"his"/"him" in the
# clause that names them.
_CHILD_AGE = r"(?:1[0-7]|[1-9])"
_AGE_WORD = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)"
)
_CHILD_ORDINAL = r"(?:1[0-7]th|1st|2nd|3rd|[4-9]th|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)"
_KID_PLACES = (
    r"(?:kita|kindergarten|kindy|daycare|day care|preschool|pre-school|przedszkole|creche|crèche|nursery school|"
    r"playgroup|montessori|primary school|elementary school)"
)
# A name as a child's or a partner's (as `_KIN_NAME`, and before "'s": "zosia's 5th bday")
_HOUSEHOLD_NAME = rf"(?P<n>[{_UP}][\w-]+|(?!(?:{_KIN_VERBS})\b)[a-z][\w-]*[a-z])(?![\w-])"
_CHILD_NAMED = patterns.lazy(
    r"(?:^|(?<=[\s(]))"
    + _HOUSEHOLD_NAME
    + r"(?:"
    + r" \((?:\d\.5|"
    + _CHILD_AGE
    + r"(?: ?(?:yo|y/o|yrs?|years?(?: old)?))?|\d{1,2} ?(?:mo|months?))\)"  # "zosia (2.5)", "Ben (4yo)"
    + r"| (?:turns|turned|is turning|will be) (?:"
    + _CHILD_AGE
    + "|"
    + _AGE_WORD
    + r")(?![\w.,%-]| ?(?:degrees|pages|times|minutes|mins|hours|percent|km|miles|kg|lbs?|pounds|points|years? ago))"
    + r"| is (?:"
    + _CHILD_AGE
    + "|"
    + _AGE_WORD
    + r")(?: years? old)? (?:today|tomorrow)\b"  # "zosia is 4 today!!"
    + r"|(?:'s|s') (?:"
    + _CHILD_ORDINAL
    + r" (?:bday|birthday|b-day)|(?:first|1st) (?:days?|weeks?|term|year) (?:at|of|in) (?:(?:her|his|the|a|new) )?(?:"
    + _KID_PLACES
    + r"|school)|"
    + _KID_PLACES
    + r"|school|nursery|homework)\b"
    + r")"
    + r"|\bsince "
    + _HOUSEHOLD_NAME.replace("P<n>", "P<n2>")
    + r" was born\b"
)
_GRADE = (
    r"(?:'s| is) in (?:(?:the )?(?:\d{1,2}(?:st|nd|rd|th)|year \d{1,2}|grade \d{1,2}|p\d|"
    + _CHILD_ORDINAL
    + r" grade|kindergarten|reception|preschool|pre-k)|(?:\d{1,2}(?:st|nd|rd|th)|"
    + _CHILD_ORDINAL
    + r") (?:grade|class|year))\b"
)
_KIDS_WORD = patterns.lazy(
    r"\b(?:my|our|the) (?P<rel>(?i:kids|children|grandkids|grandchildren|grandsons|granddaughters|boys|girls|twins))\b"
)
_GRADED = patterns.lazy(r"(?:^|(?<=[\s,(]))" + _HOUSEHOLD_NAME + r"(?=" + _GRADE + ")")
_PARTNER_IMPLIED = patterns.lazy(
    r"(?:^|(?<=[\s(]))(?:"
    + _HOUSEHOLD_NAME
    + r" (?:and|&) (?:I|i)|(?i:me) (?:and|&) "
    + _HOUSEHOLD_NAME.replace("P<n>", "P<n2>")
    + r")\b[^.;!?]{0,60}\b(?i:our) (?:(?:\w+(?:st|nd|rd|th)|first|wedding|\w+-year) )?(?:anniversary|wedding|honeymoon)\b"
    + r"|(?:^|(?<=[\s(]))"
    + _HOUSEHOLD_NAME.replace("P<n>", "P<n3>")
    + r" (?:just |finally )?(?:got|was|has been|'s been|has) (?:offered |given )?(?:a |the |an )?(?:[\w-]+ ){0,2}?"
    r"(?:job|post|position|transfer|placement|contract|offer)\b[^.;!?]{0,60}\b(?:so|and|which means|meaning)\b"
    r"[^.;!?]{0,25}\b(?i:we)(?:'re| are|'ll be| will be|'ll| will)? (?:moving|relocating|off to)\b"
)
# Every cue of `_CHILD_NAMED`, `_GRADED` and `_PARTNER_IMPLIED` holds one of these words (lower case),
# or an age in brackets (`_AGED`): looked for with `in`, a regex of them all cost 0.1 ms a turn.
_IMPLIED_WORDS = (
    "turn",
    "will be",
    "today",
    "tomorrow",
    "bday",
    "birthday",
    "b-day",
    "kita",
    "kinder",
    "kindy",
    "care",
    "school",
    "przedszkole",
    "creche",
    "crèche",
    "playgroup",
    "montessori",
    "nursery",
    "homework",
    "born",
    "anniversary",
    "wedding",
    "honeymoon",
    "moving",
    "relocating",
    "off to",
    "kids",
    "children",
    "grand",
    "boys",
    "girls",
    "twins",
)
_AGED = patterns.lazy(r"\(\d")
_A_PETS_WORD = patterns.lazy(
    r"\b(?:puppy|pup|dog|doggy|doggo|kitten|cat|kitty|hamster|rabbit|bunny|guinea pig|parrot|budgie|tortoise|ferret|"
    r"gecko|pony|horse|vet|paws?|leash|kibble|litter|breed|fur)s?\b",
    re.IGNORECASE,
)
_SHE = patterns.lazy(r"\b(?:she|her|hers|she's|shes)\b", re.IGNORECASE)
# (no \s* around it: on a run of spaces each start had scanned the rest of the run, quadratic)
_EMOJI = patterns.lazy(r"[\U0001F300-\U0001FAFF\u2600-\u27BF]+[\ufe0f\u200d\U0001F3FB-\U0001F3FF]*")
_HE = patterns.lazy(r"\b(?:he|him|his|he's|hes)\b", re.IGNORECASE)
_CLAUSE_END = patterns.lazy(r"[,;:!?]|\.(?:\s|$)|\s-\s|\s(?:and|but|so|because|bc|cos|cause|while|when)\s")
_DETERMINERS = frozenset(
    ["the", "a", "an", "my", "our", "his", "her", "their", "your", "this", "that", "these", "those", "its"]
)
_NOT_A_CHILD_NAME = (
    frozenset(
        [
            "today",
            "tomorrow",
            "tonight",
            "yesterday",
            "everyone",
            "everybody",
            "someone",
            "somebody",
            "nobody",
            "anyone",
            "anybody",
            "baby",
            "babe",
            "kid",
            "kids",
            "child",
            "twins",
            "mine",
            "yours",
            "hers",
            "theirs",
            "ours",
            "school",
            "class",
            "team",
            "it",
            "this",
            "that",
            "there",
            "here",
            "who",
            "which",
            "what",
            "one",
            "each",
            "teacher",
            "nanny",
            "dog",
            "cat",
            "puppy",
            "kitten",
            "he",
            "she",
            "they",
            "we",
            "you",
            "i",
            "me",
        ]
    )
    | frozenset(_DAYS)
    | frozenset(clock.MONTHS)
)


_HEAD_CHARS = 80  # the words before a name looked at for a word of someone else's (`vocab.someone_else`: three)


def _a_child_name(name: str, sentence: str = "", start: int = 0) -> bool:
    """Whether a word read as a child's or a partner's name can be one (not "today", "everyone", "mine"),
    and not said as a thing ("the Tesla turns 3") or as someone else's ("my niece Emma", "her son Tom")."""
    folded = name.casefold()
    if len(name) > 1 and name.isupper():
        return False  # an acronym ("WN (3)": a function in a proof)
    head = sentence[max(0, start - _HEAD_CHARS) : start]  # (the words just before: a run-on's whole head was quadratic)
    before = head.split()
    if before and (before[-1].casefold() in _DETERMINERS or vocab.someone_else(head)):
        return False
    return (
        folded not in tokens.STOPWORDS
        and folded not in _NOT_A_CHILD_NAME
        and not vocab.not_a_name(folded)  # (session 45: life51) "my wife later", "zosia's school ... tonite"
        and _A_RELATION.fullmatch(folded) is None
        and folded not in _KIN_SAME
    )


_CLAUSE_CHARS = 200


def _child_sex(sentence: str, end: int) -> str:
    """A child's relation by the pronoun in the clause after their name: daughter, son, or child."""
    clause = sentence[end : end + _CLAUSE_CHARS]  # (a clause is short: a run-on with no end was quadratic)
    cut = _CLAUSE_END.search(clause)
    clause = clause[: cut.start()] if cut else clause
    she, he = _SHE.search(clause) is not None, _HE.search(clause) is not None
    return "daughter" if she and not he else "son" if he and not she else "child"


def kin_implied(text: str) -> tuple[tuple[str, str], ...]:
    """(relation, name) for each person a turn names by what they are to the household, not by a word
    for them ("zosia (2.5) starts at her kita": ("daughter", "zosia"); "since Ruairí was born":
    ("child", "Ruairí"); "Gráinne got offered a post ... so we're moving": ("partner", "Gráinne"))."""
    out: list[tuple[str, str]] = []
    low = text.lower()
    if not any(word in low for word in _IMPLIED_WORDS) and _AGED.search(text) is None:
        return ()  # (most turns hold none of the cues' words: no sentence split for them)
    # an emoji ends what is said as a full stop would: "... she only speaks german 😂 should i worry?"
    split = [part.strip() for sentence in sentences(straight(text)) for part in _EMOJI.split(sentence)]
    for i, sentence in enumerate(split):
        sentence = _said_before_asked(sentence, split[i + 1] if i + 1 < len(split) else "")
        if not sentence or asks(sentence):
            continue
        if _HEDGE.search(sentence) is not None and _PARTNER_IMPLIED.search(sentence) is None:
            continue  # "if Emma turns 5 before september", "should zosia stay at her przedszkole"
        out += _children_named(sentence)
        for match in _PARTNER_IMPLIED.finditer(sentence):
            name = match.group("n") or match.group("n2") or match.group("n3")
            if _a_child_name(name, sentence, match.start()) and not _HEDGE.search(match.group(0)):
                out.append(("partner", name))
    return tuple(dict.fromkeys(out))


def _children_named(sentence: str) -> list[tuple[str, str]]:
    """The children a sentence names by what a child has, or by a grade after the word for them."""
    out: list[tuple[str, str]] = []
    if _A_PETS_WORD.search(sentence) is not None:
        return out  # "Biscuit turns 3 today, is a puppy cake a thing?": a pet's birthday
    for match in _CHILD_NAMED.finditer(sentence):
        name, at = (match.group("n"), match.start("n")) if match.group("n") else (match.group("n2"), match.start("n2"))
        if _a_child_name(name, sentence, at) and (name[:1].isupper() or at == 0):
            out.append((_child_sex(sentence, match.end()), name))
    kids = _KIDS_WORD.search(sentence)
    if kids is not None:
        rel = kids.group("rel").casefold()
        after = sentence[kids.end() :]
        for match in _GRADED.finditer(after):
            if _a_child_name(match.group("n"), after, match.start()):
                kin = "child" if rel in ("kids", "children", "boys", "girls", "twins") else rel.removesuffix("ren")
                out.append((kin.removesuffix("s"), match.group("n")))
    return out


_ASK_KIN_NAME = patterns.lazy(
    r"\b(?:what|whats)(?:'s| is| was| are)? (?:my|our) " + _KIN_WHICH + _KIN + r"(?:'s|s'?|')? (?:names?|called)\b"
    r"|\bwho(?:'s| is) (?:my|our) "
    + _KIN_WHICH
    + _KIN.replace("P<rel>", "P<rel2>")
    # ("whos my bf rn": a word of the present after it)
    + r"(?: (?:rn|now|right now|these days|atm|currently))?\s*\??\s*$",
    re.IGNORECASE,
)


def _kin(word: str) -> str:
    word = word.casefold()
    return _KIN_SAME.get(word, _KIN_SAME.get(word[:-1], word[:-1]) if word.endswith("s") and len(word) > 3 else word)


# A relation's word that names no one: "my mother tongue is tamil" answered "what health condition
# does my mother have" (the blind priya fixture), as "mother nature", "big brother" and a "sister
# company" would.
_KIN_IN_A_COMPOUND = patterns.lazy(
    r"\b(?:mother|father|sister|brother)(?:[ -](?:tongues?|lands?|nature|ships?|boards?|country|city|cities|"
    r"company|companies|sites?|time|church|superior|lode|of pearl|figures?|in arms)\b)|\bbig brother\b",
    re.IGNORECASE,
)


def names_relation(who: str, text: str) -> bool:
    """Whether `text` names the relation `who` ("mother") by any word for it ("my mum", "amma's
    sugar"; a two-letter one, "ma", only after "my" or "our"), not a compound that only holds the
    word ("my mother tongue")."""
    kin = _kin(_FAMILY_ASKED.get(who.casefold(), who))
    said = {w for w, k in _KIN_SAME.items() if k == kin} | {who.casefold(), kin}
    said |= {w for w, rel in _FAMILY_ASKED.items() if _kin(rel) == kin}  # "nana", "gran": a grandmother
    text = _KIN_IN_A_COMPOUND.sub(" ", text)
    return any(
        re.search(
            rf"{_NOT_THEIRS}\b{'(?:my|our) ' if len(w) <= 2 or w in _OWNED_ONLY else ''}{re.escape(w)}(?:s|'s|’s|s')?\b",
            text,
            re.IGNORECASE,
        )
        for w in said
    )


# Someone else's relative, not the person's ("Sara's mum is a nurse", "his mum", "your mom"): a relation
# `names_relation` does not count (a friend's mother had answered "what does my mum do for work").
_NOT_THEIRS = r"(?<!['’]s )(?<!s' )(?<!\bhis )(?<!\bher )(?<!\byour )(?<!\btheir )(?<!\bur )"


# (life27) A name said of a relation in words `_KIN_NAMED` does not take:
# - a parent called by the word for them, without "my", as the person's own is ("mummy is folake adeyemi if
#   that matters", "Dad is Tunde Bakare", "mum's name is Graciela"): at a sentence's start, a name that ends
#   the clause; in lower case only two words (a first and a last name) from one who types all in lower case
#   and that are no words of how a parent is ("mum is fine", "dad is pretty sick", "mummy is so tired");
# - a full name after "my <relation> is" ("My mum is Folake Adeyemi");
# - a wife or a husband called "the missus", "the wife", "the hubby" with their name beside it ("the missus,
#   Bisi", "the wife (Sarah) says");
# - a name in lower case before its "'s" ("my girlfriend funmi's birthday", "my brother kunle's fees").
# (a word of two letters, "ma", "da", "pa", is a parent only after "my")
_PARENT_WORDS = tuple(w for w in vocab.family("mother", "father") if len(w) > 2)
_PARENT_WORD = vocab.alternation(_PARENT_WORDS)
_THE_WORDS = tuple(k.word for k in _BY_LENGTH if k.the)
_NAME_ENDS_CLAUSE = r"(?=\s*(?:[.,;:!)]|$)| (?:if|and|but|so|btw|by the way|lol|haha)\b)"
# (each with the words a sentence must hold for it, looked for as substrings first: `_more_kin`)
_KIN_MORE = (
    (
        _PARENT_WORDS,
        patterns.lazy(
            r"(?:^|(?<=[,;] )|(?<=\bbtw )|(?<=\band )|(?<=\balso ))(?P<rel>(?i:"
            + _PARENT_WORD
            + r"))(?:'s (?:full )?name)? is (?P<n>["
            + _UP
            + r"][\w'-]+(?: ["
            + _UP
            + r"][\w'-]+)?|(?P<low>[a-z][\w-]+ [a-z][\w-]+))"
            + _NAME_ENDS_CLAUSE
        ),
    ),
    (
        ("my ", "our "),
        patterns.lazy(  # (matched where "my " or "our " ends: `_more_kin`)
            _KIN_WHICH
            + _KIN
            + r"(?: is (?P<n>["
            + _UP
            + r"][\w'-]+ ["
            + _UP
            + r"][\w'-]+)"
            + _NAME_ENDS_CLAUSE
            + r"| (?P<n2>(?!(?:"
            + _KIN_VERBS
            + r")')[a-z][\w-]*[a-z])'s\b)"
        ),
    ),
    (
        _THE_WORDS,
        patterns.lazy(
            r"\b[Tt]he (?P<rel>" + "|".join(_THE_WORDS) + r")(?:, | \()(?P<n>[" + _UP + r"][\w'-]+)\b(?!'s\b)"
        ),
    ),
)
_MY_OR_OUR = patterns.lazy(r"\b(?:my|our) ")
# Words of how a parent is, read as no name after "mum is" ("dad is pretty sick", "mummy is proper vexed")
_HOW_WORDS = """fine well good great okay ok alright better worse sick ill unwell poorly tired happy sad mad upset angry
    worried busy old young home away out around back strict proud excited annoyed stressed vexed pretty proper
    really super very so quite kinda kind sort bit dead mega bare still not never always also just now
    coming going doing feeling getting being here there abroad retired pregnant asleep awake alive gone gonna gotta
    wanna like literally actually basically honestly totally defo lowkey about trying away due off done over"""
_HOW_THEY_ARE = frozenset(_HOW_WORDS.split())


# (session 48: trust48) children named in a list: "I have two kids, Maya and Leo", "We have three children: Ana, Ben
# and Cy", "My sons are Leo and Max", "my kids, Maya and Leo, ..." (each named; a capital opens each name)
_KIDS_LISTED = patterns.lazy(
    r"(?:\b(?i:i|we) (?:have|'ve got|have got|got) (?i:(?:two|three|four|five|[2-9]|twin) )?|\b(?i:my|our) (?i:(?:two|three|"
    r"four|five|[2-9]|twin) )?)(?P<rel>(?i:kids|children|sons|daughters|boys|girls))(?: are|,|:)? (?i:named |called )?"
    rf"(?P<names>[{_UP}][\w'-]+(?:, [{_UP}][\w'-]+)*,? (?:and|&) (?!I\b)[{_UP}][\w'-]+)(?![\w'-])"
)


def _kids_listed(sentence: str) -> list[tuple[str, str]]:
    """(relation as said, name) for each child a list names (`_KIDS_LISTED`)."""
    out: list[tuple[str, str]] = []
    for match in _KIDS_LISTED.finditer(sentence) if "and" in sentence or "&" in sentence else ():
        names = re.split(r",? (?:and|&) |, ", match.group("names"))
        out += [(match.group("rel").casefold(), n) for n in names if not vocab.not_a_name(n)]
    return out


def _more_kin(sentence: str, lower: bool) -> list[tuple[str, str]]:
    """(relation, name) of `_KIN_MORE`: a parent named without "my", a full name after "my <relation> is",
    "the missus, <name>", a name in lower case before its "'s"."""
    out: list[tuple[str, str]] = []
    low = sentence.lower()
    found = [m for words, kin in _KIN_MORE[::2] if any(w in low for w in words) for m in kin.finditer(sentence)]
    if "my " in low or "our " in low:  # (a search from each "my": a pattern opening with it tried every place)
        after_my = _KIN_MORE[1][1]
        found += [m for at in _MY_OR_OUR.finditer(low) if (m := after_my.match(sentence, at.end())) is not None]
    for match in found:
        rel, name = match.group("rel"), match.group("n") or match.groupdict().get("n2") or ""
        words = name.casefold().split()
        if match.groupdict().get("low") and (
            not lower or any(w in _HOW_THEY_ARE or w in tokens.STOPWORDS for w in words)
        ):
            continue
        if any(w.endswith(("ly", "ed", "ing")) for w in words) or words[0] in tokens.STOPWORDS:
            continue
        if re.fullmatch(_NOT_A_KIN_NAME, words[-1]) or _kin(words[0]) in _KIN_SAME.values():
            continue
        if rel.casefold() in _OWNED_ONLY and name.islower():
            continue  # ("my pop music's": `kin_stated`)
        out.append(("partner" if rel.casefold() in ("mrs", "other half") else rel.casefold(), name))
    return out


def kin_names(text: str) -> tuple[tuple[str, str], ...]:
    """(relation as said, name as written) for each relation a turn names by a name ("my wife anna",
    "anna (my wife)", "my daughter's name is zosia", "My wife is Anna": ("wife", "anna")...), then
    each it names by what they are to the household (`kin_implied`: "zosia (2.5) starts at her kita":
    ("daughter", "zosia")) where the turn gives that name no relation in words. Said of someone
    else's ("my friend's sister Ola"), in a question or asked back (`asks`, `_asked_back`), none."""
    stated = kin_stated(text)
    named = {name.casefold() for _, name in stated}
    return stated + tuple((rel, name) for rel, name in kin_implied(text) if name.casefold() not in named)


def kin_stated(text: str) -> tuple[tuple[str, str], ...]:
    """(relation as said, name as written) for each relation a turn names in words (`kin_names`)."""
    out: list[tuple[str, str]] = []
    seen: list[str] = []  # the sentences before (`_named_after`)
    lower = not _HAS_CAPITAL.search(text)  # (a name in lower case without "my" only from one who types all so)
    for sentence in sentences(straight(text)):
        if asks(sentence) and _TAGGED.search(_tail(sentence)) is None:
            continue  # (a tag asks back what is said of them: "my sister Ola lives in Lyon, doesn't she?" names her)
        sentence = _KIN_IN_A_COMPOUND.sub(" ", sentence)  # "my mother tongue is tamil" names no mother "Tongue"
        sentence = _SGL_KIN_NAME.sub(r"\1's name", sentence) if " name " in sentence else sentence  # (session 43)
        for partner in _PARTNER_NAMED.finditer(sentence):
            name = partner.group("n") or partner.group("n5") or partner.group("n6")
            if name.casefold() not in tokens.STOPWORDS and _kin(name) not in _KIN_SAME.values():
                out.append(("partner", name))
        out += _typing_for(sentence)
        out += _named_after(seen, sentence)
        out += _kids_by_age(seen, sentence) if seen and "is " in sentence else []
        seen.append(sentence)
        out += _more_kin(sentence, lower)
        out += _kin_named(sentence, lower)
        out += [(rel, name) for rel, name in _kids_listed(sentence) if name not in {n for _, n in out}]
        out += _s44q_kin(sentence)  # (session 44: maude) "ma soeur Émilie"
        out += _s44_asked_to_be(sentence, lower) if "asked me" in sentence else []  # (session 44)
    # (session 45: life51) each reader took the word after the relation as its name where a texter's adverb or
    # filler stood there ("i text my brother every day", "i visit my mum often"): no name, whoever read it
    return tuple((rel, name) for rel, name in out if not vocab.not_a_name(name))


def _kin_named(sentence: str, lower: bool) -> list[tuple[str, str]]:
    """(relation, name) of `_KIN_NAMED` in one sentence. A name refused where it stands before its
    relation ("the house roof, my younger brother kunle") leaves the relation to name who follows it."""
    out: list[tuple[str, str]] = []
    at = 0
    while (match := _KIN_NAMED.search(sentence, at)) is not None:
        at = match.end("n2") if match.group("n2") else match.end()
        rel = next(g for g in (match.group(f"rel{k}") for k in ("", "2", "3", "4")) if g)
        name = next(g for g in (match.group(f"n{k}") for k in ("", "2", "3", "4")) if g)
        if (rel.endswith("s") or rel.casefold() in _OWNED_ONLY) and name.islower():
            continue  # "my sisters dog": hers, typed without its apostrophe; "my pop music": a word of two things
        if match.group("n2") and _not_in_apposition(sentence, match, lower):
            continue
        if match.group("n") and name.islower() and _GOES_ON.match(sentence, match.end()):
            continue  # "my husband stayed in Ukraine", "my bride retired from Northside": a verb, not a name
        if match.group("n") and "," in match.group(0) and _LISTED_AFTER.match(sentence, match.end()):
            continue  # "marco, my mom, dani, dani's 2 kids": a list of people, not "my mom, dani"
        if match.group("n") and "," in match.group(0) and _A_REASON_AFTER.match(sentence, match.end()):
            continue  # (session 41: wiki26) "Lobo for my grandmother, Nell because ...": the next of two, not her
        # "my brother Donal's after moving" (has), "my sister Ola's flat": the name is Donal, Ola
        name = re.sub(r"['’]s$", "", name) if len(name) > 3 else name
        if name.casefold() not in tokens.STOPWORDS and _kin(name) not in _KIN_SAME.values():
            out.append((rel.casefold(), name))
    return out


# (session 39: every fixture's About me) What follows a lower-case word after "my <relation>" that shows
# the word is the sentence's verb or adverb, not a name: a preposition, an article, an object pronoun.
_GOES_ON = patterns.lazy(
    r"\s+(?:in|on|at|from|into|onto|without|by|up|down|out|off|over|away|back|be|been|the|a|an|"
    r"me|him|us|them|it|this|that|to)\b"
)
# A word before ", my <relation>" that is a place or a thing said before the relation, not its name: after
# a preposition of place ("I was born in Kumasi, my father was a teacher") or an article or a possessive
# ("I have a condo, my daughter at home", "the house roof, my younger brother kunle").
_NOT_APPOSED = patterns.lazy(
    r"(?i:\b(?:in|from|near|at|of|around|a|an|the|my|our|your|his|her|their|this|that|some|no)(?: [\w'-]+)?) $"
)
# (session 41: wiki26) A name after "my <relation>," that a reason or a clause's "as", "so" follows opens the
# next part of the sentence, not the relative's name: ines's pen name, "Lobo for my grandmother, Nell because
# nobody in England can say Inês", had listed "Grandmother: Nell" ("my sister, Ola, lives in Lyon" still names).
_A_REASON_AFTER = patterns.lazy(r"\s+(?:because|cause|cuz|coz|since|as|so|for|whereas|while)\b")
# An item of a list after the relation: "marco, my mom, dani, dani's 2 kids" is four people, as is "jo, my
# dad, priya, my nan and the neighbours".
_LISTED_AFTER = patterns.lazy(r",\s*(?:[\w'’-]+\s+){0,2}[\w'’-]+(?:\s*,|\s+and\b)")


def _not_in_apposition(sentence: str, match: re.Match[str], lower: bool) -> bool:
    """Whether the word before ", my <relation>" is not that relative's name: a plural relation ("Texas,
    my kids", "thank Marcus, my parents"), a word in lower case from one who writes names with capitals
    ("next week, my mother has appointments", "my mom is diabetic, my uncle was"), a place or a thing
    (`_NOT_APPOSED`), or one item of a list (`_LISTED_AFTER`)."""
    name, rel = match.group("n2"), match.group("rel2").casefold()
    if rel.endswith("s") and rel not in ("mrs", "missus"):
        return True
    if name.islower() and not lower and sentence[match.end("n2")] == ",":
        return True  # ("ola (my sister) is thinking": the brackets say she is named)
    before = sentence[: match.start("n2")]
    return _NOT_APPOSED.search(before) is not None or _LISTED_AFTER.match(sentence, match.end()) is not None


# (session 36: sam) A relation named in a later sentence of the turn: "help me write a text to my mom. ...
# her name is rosa if that matters". Only "her" after a woman's word and "his" after a man's, the nearest
# relation said before, and nothing between that could be the one named (a pet, a car, a baby: "my sister
# got a puppy, her name is bella" names the puppy).
_HER_NAME = patterns.lazy(r"(?:^|(?<=[\s,;(]))(?P<pro>[Hh]er|[Hh]is) name(?:'s| is) " + _KIN_NAME + r"(?![\w'-])")
_KIN_SAID_BEFORE = patterns.lazy(r"\b(?i:my|our) " + _KIN_WHICH + _KIN + r"(?![\w'-])")
_KIN_SHE = frozenset(vocab.family("mother", "sister", "grandmother", "aunt", "wife"))
_KIN_HE = frozenset(vocab.family("father", "brother", "grandfather", "uncle", "husband"))
_SOMEONE_BETWEEN = patterns.lazy(
    r"\b(?:puppy|pup|dog|kitten|cat|bunny|rabbit|hamster|bird|parrot|horse|car|truck|baby|girl|boy|kid|daughter|son|"
    r"friend|girlfriend|boyfriend|coworker|boss|manager|teacher|doctor|neighbou?r|niece|nephew)s?\b",
    re.IGNORECASE,
)


def _named_after(seen: list[str], sentence: str) -> list[tuple[str, str]]:
    """(relation, name) for "her name is rosa" after "my mom" in a sentence before (`_HER_NAME`)."""
    named = _HER_NAME.search(sentence)
    if named is None or not seen:
        return []
    before = " ".join(seen) + " " + sentence[: named.start()]
    said = list(_KIN_SAID_BEFORE.finditer(before))
    if not said or _SOMEONE_BETWEEN.search(before, said[-1].end()) is not None:
        return []
    rel, name = said[-1].group("rel").casefold(), named.group("n")
    if rel not in (_KIN_SHE if named.group("pro").casefold() == "her" else _KIN_HE) or (
        name.islower() and len(name) < 3
    ):
        return []
    return [] if name.casefold() in tokens.STOPWORDS or _kin(name) in _KIN_SAME.values() else [(rel, name)]


# (life21) Someone who types for the person and says so: "this is kaylee typing for grandpa", "kaylee here
# again typing for grandpa", "Sam here, typing for my dad": the person's grandchild, or child. Not a
# role-play nor someone typing for another ("typing for my boss": no kin), nor a name that is a word.
_TYPING_FOR = patterns.lazy(
    r"(?:^|(?<=[.;!?] ))(?i:this is |it's |its |hi,? (?:it's |its |this is )?)?"
    + _KIN_NAME
    + r",? (?i:here,? )?(?i:again )?(?i:typing|texting|writing) (?i:this )?(?i:for|on behalf of) (?i:my )?"
    r"(?P<for>(?i:" + "|".join(vocab.family("grandmother", "grandfather", "mother", "father", owned=False)) + r"))\b"
)
_TYPED_FOR_KIN = dict.fromkeys(vocab.family("mother", "father"), "child")


def _typing_for(sentence: str) -> list[tuple[str, str]]:
    """(relation, name) of someone who says they type for the person (`_TYPING_FOR`)."""
    out = []
    for found in _TYPING_FOR.finditer(sentence):
        name = found.group("n")
        if name.casefold() not in tokens.STOPWORDS and _kin(name) not in _KIN_SAME.values():
            out.append((_TYPED_FOR_KIN.get(found.group("for").casefold(), "grandchild"), name))
    return out


@text_cache(maxsize=4096)
def kin_named(text: str) -> frozenset[str]:
    """The relations a turn names by a name (`kin_names`: "my sister Ola", "ola (my sister)", "my
    boyfriend Jonas", "my sister's name is Camille": {"sister"}, {"partner"}): what answers "what's my
    sister's name" (`asked`: "name:sister")."""
    return frozenset(_kin(rel) for rel, _ in kin_names(text))


def kin_key(rel: str) -> str:
    """One relation however it is said ("wife", "husband": partner; "mum": mother; "daughters": daughter)."""
    return _kin(rel)


def relation_words(kin: str) -> frozenset[str]:
    """(session 41: weak41) Every family word `kin_named` reads as the relation `kin` ("son": son, boy; "kid":
    kid, kiddo, kiddos), for recall to look for the turns that name it (retrieval/recall._kin_named_rows)."""
    return frozenset(w for w, k in _KIN_SAME.items() if k == kin and " " not in w) | {kin}


_A_CHILD_ASKED = frozenset(["name:son", "name:daughter", "name:kid", "name:child"])
# (session 41: weak41) "what are my children's names" is answered by "my kids. Kofi is 17 and Ama is 14" (kin
# "kid") as "what are my kids' names" is by "my children, Kofi and Ama" (kin "child"): one relation, two words.
_A_CHILD_NAMED = frozenset(["name:child", "name:kid"])


# A partner the person speaks of with no name ("my wife will be delighted"): the word About me gives a
# partner named by what the two are (`kin_implied`: "Partner" where no such word is said).
_PARTNER_WORD = patterns.lazy(
    r"\b(?i:my|our) (?P<rel>(?i:wife|husband|girlfriend|boyfriend|fianc[ée]e?|spouse|partner))\b"
)


def partner_words(text: str) -> frozenset[str]:
    """The words a turn calls the person's partner by ("my wife", "my husband": "wife", "husband")."""
    return frozenset(m.group("rel").casefold() for m in _PARTNER_WORD.finditer(_KIN_IN_A_COMPOUND.sub(" ", text)))


# "me and marco", "marco and I" in a question: the person with someone, "we" (session 36: sam)
_ME_AND = patterns.lazy(
    r"\b((?i:did|do|have|were|are) )(?i:me and (?:my |our )?(?P<one>[a-z]+)|(?:my |our )?(?P<two>[a-z]+) and (?:i|me))\b"
)
_ASKED_UNSPELLED = patterns.lazy(r"(?<![\w'])((?i:what|where|who|how|when))s(?![\w'])")


# The most of a query `asked` reads (session 42): its question sentence, the last one that ends in "?", else
# its end. Its patterns say "which ... my ... live" with a gap between the words, and a 2,100-character
# "what i what i ..." took 2.2 s of them (the gaps tried from every "what": time as the square of the text);
# the longest question of LongMemEval's dev set is 287 characters, of LoCoMo's 148.
ASKED_MOST = 400


def asked_window(query: str) -> str:
    """What of a long query `asked` reads: the sentence of its last question mark (from the sentence before
    it ends, at most ASKED_MOST characters back), else its last ASKED_MOST characters; a short query whole."""
    if len(query) <= ASKED_MOST:
        return query
    end = query.rfind("?") + 1 or len(query)
    start = max(0, end - ASKED_MOST)
    before = max(query.rfind(mark, start, end - 1) for mark in ".!?\n")
    return query[before + 1 if before >= start else start : end].strip()


@text_cache(maxsize=4096)
def asked(query: str) -> frozenset[str]:
    """The attributes a question asks about ("which day is my Italian class" -> schedule:italian);
    of someone else's life, "other:<who>" alone. A long query: its question's sentence (`asked_window`)."""
    query = _s46u_asked(asked_window(query))  # (session 46: an agent's "where does the user live")
    # (typed without apostrophes, "whats my job title", "where im based", as a statement is: `_UNSPELLED`)
    query = _ASKED_UNSPELLED.sub(r"\1's", _UNSPELLED.sub(_spelled, _s45k_spelt(straight(query))))  # (s45: by ear)
    query = _SL_CALLED.sub(r"what \1 \2 called", query)
    query = _SGL_NO_DO.sub(_sgl_do, query) if " i " in query or " we " in query else query  # (session 43)
    query = _DEGREE_ASKED.sub(_degree_asked, query) if "my " in query else query  # (session 38: "my MA" is no mother)
    shared = _with_someone(query)
    query = _ME_AND.sub(r"\1we", query)  # ("where did me and marco live": the person and their partner)
    other = about_someone_else(query)
    if other is not None:
        return frozenset([f"other:{other}"])
    found: set[str] = set()
    kin = _ASK_KIN_NAME.search(query) or _ASK_KIN_NAME.search(_as_relation(query))  # ("my gran's name": grandmother)
    if kin:  # "what's my sister's name": a turn that names her (`kin_named`)
        found.add("name:" + _kin(kin.group("rel") or kin.group("rel2")))
        if found & _A_CHILD_ASKED:  # a son or a daughter is also a child named with no word of which
            found |= _A_CHILD_NAMED
    match = _ASK_SCHEDULE.search(query)
    if match:
        activity = _activity(match.group("thing") or match.group("thing2") or match.group("thing3"))
        noun = _MEETS.search(match.group(0)) if activity == "class" else None  # "when is my team standup"
        found.add(f"schedule:{noun.group(0).casefold() if noun else activity}")
    found |= _asks_of(query)
    thing = _ASK_THING.search(query)
    if thing:
        if thing.group("fav"):
            found.add(f"favourite:{_thing(thing.group('fav'))}")
        elif thing.group("keep"):
            found.add(f"keep:{_thing(thing.group('keep'))}")
        elif thing.group("provider"):
            found.add(_fact(_thing(thing.group("provider"))))
        elif thing.group("fact") or thing.group("fact2"):
            found.add(_fact(_thing(thing.group("fact") or thing.group("fact2"))))
    french = _ASK_FR_THING.search(query)
    if french and _thing(french.group("thing")) in _FR_FACTS:
        found.add(_FR_FACTS[_thing(french.group("thing"))])
    found |= _asked_routine(query)
    found |= _asked_played(query)
    found |= _asked_s41(query)  # (session 41: weak41)
    found |= _asked_still(query)  # (session 42: weak42)
    found = _s43_asked(query, found)  # (session 43: weak43) a degree's level, free time, the town a home is in
    found |= _s44w_asked(query)  # (session 44: wilma) a card club, a gentleman friend, hearing aids, volunteering
    found |= _s44q_asked(query) | _s45l_asked(query) | _s45g_asked(query) | _s45t_asked(query) | _s45a_asked(query)
    if kin and kin.group("rel2") and "name:partner" in found:  # ("whos my bf": who now, as "who am i dating")
        found |= {"partner", "relationship"}
    if "license plate" in found:  # ("what's my car's license plate number": the plate, not which car)
        found.discard("car")
    if _ASK_BEST.search(query):  # "what's my 5k PB": its event's best; with no event, every best
        event = _EVENT_IN.search(query)
        found.add("personal best" if event is None else _best_of(event.group(0)))
    if "home" in found and shared is not None:  # ("where did me and marco live": the home shared with him)
        found.add("living with")
    if not found and anchored(query) is not None and (unanchored := without_anchor(query)) != query:
        return asked(unanchored)  # "who was my doctor when I lived in Kinsale": who is my doctor, then
    return frozenset(found)


# (rec25) From the third query `asked` reads in a process (a warm one: `quire serve`, an agent's session, the eval
# harness), `_ASKS_RE` is screened first by the words every match of each pattern holds (`needles.Screen`): a new
# query's 207 searches took 64 us, the screen and the few it lets through ~1 us (a question ~30). Made once, ~70 ms.
_ASKS_SCREEN = needles.Screen([pattern for _, pattern in _ASKS_RE])


def _asks_of(query: str) -> set[str]:
    """The attributes of `_ASKS_RE` whose pattern `query` matches."""
    return {_ASKS_RE[i][0] for i in _ASKS_SCREEN.holding(query) if _ASKS_RE[i][1].search(query)}


# (life24) An instrument asked by its name ("what kind of guitar do I play", "do I still play the piano"):
# the schedule a person's "I play the guitar" gives it (`_INSTRUMENT`), so a history that never names one
# has nothing close; a team supported ("which football club do I support", "who do I root for"): `_TEAM`.
_ASK_PLAYED = patterns.lazy(
    r"\b(?:(?:what|which) (?:kind|sort|type|make|brand|model) of |(?:what|which) |do (?:i|we) (?:still )?play (?:the |a |an )?)"
    + _INSTRUMENT
    + r"(?: (?:do|did) (?:i|we) (?:still )?(?:play|own|have)\b|\s*\?|\s*$)",
    re.IGNORECASE,
)
_ASK_TEAM = patterns.lazy(
    r"\b(?:which|what) (?:(?P<sport>football|soccer|footy|baseball|basketball|hockey|rugby|nfl|nba|mlb|nhl|ipl|cricket) )?"
    r"(?P<side>club|team|side) do (?:i|we) (?:support|follow|root for|cheer for|cheer on)\b|\bwho do (?:i|we) (?:support|root for|"
    r"cheer for) in (?:the )?(?:football|soccer|footy|baseball|basketball|hockey|rugby|nfl|nba|mlb|nhl|ipl|cricket|premier league)\b",
    re.IGNORECASE,
)


def _asked_played(query: str) -> set[str]:
    """An instrument asked by its name (`_ASK_PLAYED`: its schedule), a team supported (`_ASK_TEAM`)."""
    found = set()
    played = _ASK_PLAYED.search(query)
    if played is not None:
        found.add(f"schedule:{_activity(played.group('thing'))}")
    team = _ASK_TEAM.search(query)
    if team is not None:  # (and the words it is asked by, which a history that names none holds none of)
        found |= {
            "team",
            *([f"{team.group('sport').casefold()} {team.group('side').casefold()}"] if team.group("sport") else []),
        }
    return found


# -- (session 41: weak41) a game played, a vote cast, a team pulled for, a membership's year -------------------
# "Do I play golf?": the schedule "I play golf on Sundays" gives it (as "do I play the piano" is asked: `_ASK_PLAYED`),
# so a history where only another game is played ("I no longer play bowls") has nothing close; "which party I
# voted for" (as "which party did I vote for"); "what football team do I pull for" (as "support": `_ASK_TEAM`).
_GAMES = (
    r"golf|tennis|squash|badminton|pickleball|padel|bowls|cricket|football|soccer|rugby|hockey|basketball|baseball|"
    r"softball|volleyball|netball|chess|bridge|poker|darts|snooker|pool|billiards|table tennis|ping pong|croquet|"
    r"lacrosse|handball|water polo|ultimate frisbee|frisbee|bingo|mahjong|backgammon|scrabble"
)
_ASK_GAME = patterns.lazy(
    r"\b(?:do|did|can|have) (?:i|we) (?:still |ever |now |also )?(?:play|played) (?:any |some )?(?P<game>"
    + _GAMES
    + r")\b",
    re.IGNORECASE,
)
_ASK_VOTED_IN = patterns.lazy(
    r"\bhow (?:did|do|have|will) (?:i|we) (?:vote|voted) (?:in|on|at) (?:the |that |this |last )*(?P<what>referendum|election|"
    r"primary|primaries|midterms?|caucus|ballot|poll|plebiscite|runoff|by-election|general election)\b",
    re.IGNORECASE,
)
_ASK_EVER_STUDIED = patterns.lazy(
    r"^\W*(?:(?:so|and|but|ok|okay)\W+)?(?:did|have|had) (?:i|we) (?:ever |even )?(?:go|went|gone|been) to "
    r"(?P<school>college|university|uni)\b",
    re.IGNORECASE,
)
_ASKS_S41 = tuple(
    (a, patterns.lazy(p, re.IGNORECASE))
    for a, p in (
        ("vote", r"\b(?:which|what) (?:party|candidate) (?:(?:did|do) )?(?:i|we) (?:voted?|vote) for\b"),
        # (and the party's vote, named by both words: "office party has chikki" holds "party" alone)
        ("party vote", r"\b(?:which|what) party (?:(?:did|do) )?(?:i|we) (?:voted?|vote) for\b"),
        ("team", r"\b(?:which|what) (?:[a-z]+ )?(?:club|team|side) do (?:i|we) pull for\b"),
        (
            "trailer",
            r"\b(?:what|which) (?:kind of |type of |sort of )?trailers? (?:am|do|are) (?:i|we) (?:pull|pulling|run|running)\b",
        ),
        (
            "dispatcher",
            r"\bwho(?:'s| is) (?:dispatching me|my dispatcher|my driver manager)\b|\bwho dispatches (?:me|for me)\b",
        ),
        ("cdl endorsements", r"\bendorsements?\b.*\bcdl\b|\bcdl\b.*\bendorsements?\b"),
        (
            "employer",
            r"\bwho (?:am|are) (?:i|we) (?:now |still )?(?:(?:hauling|driving|trucking|running loads) for|leased on with)\b",
        ),
        ("star sign", r"\b(?:star|zodiac|astrological|sun) sign\b|\bwhat(?:'s| is) my (?:zodiac|sign)\b"),
        (
            "car insurance",
            r"\b(?:which|what) (?:company|insurer|firm) (?:is|are) (?:my|our|the) (?:car|van|truck)s? insured (?:with|by)\b"
            r"|\bwho insures (?:my|our|the) (?:car|van|truck)\b",
        ),
    )
)
# A membership and its year: "I have been a National Trust member since 1985", "I've been a member of the RSPB
# since 2004" (the "member:<its name>" of "Since when have I been a member of the National Trust?"). Only a name
# in capitals, said of the person with its year: not "a member of the family", "my wife has been a member since".
_ORG = r"[" + _UP + r"][\w&'-]*(?: (?:of )?[" + _UP + r"][\w&'-]*){0,3}"  # "National Trust", "Royal Society of Arts"
_MEMBER_SINCE = patterns.lazy(
    r"\bI(?: have|'ve|’ve) been (?:an? |a paid-up |a life )?(?:(?P<org>"
    + _ORG
    + r") member|member of (?:the )?(?P<org2>"
    + _ORG
    + r")) since (?P<year>(?:19|20)\d\d)\b"
)
_ASK_MEMBER = patterns.lazy(
    r"\b(?:since when|how long|what year|which year|when) (?:have|did|had) (?:i|we) (?:been )?(?:a |an )?(?:member of|"
    r"joined?|belonged to) (?:the )?(?P<org>[\w&'-]+(?: (?:of )?[\w&'-]+){0,3}?)\s*(?:[?.!]|$)",
    re.IGNORECASE,
)


def _asked_s41(query: str) -> set[str]:
    """A game asked by its name (`_ASK_GAME`: its schedule), a vote or a team in other words (`_ASKS_S41`), a vote
    by its object (`_ASK_VOTED_IN`), a college ever gone to (`_ASK_EVER_STUDIED`), a membership's year
    (`_ASK_MEMBER`: "member:<its name>")."""
    found = {attribute for attribute, pattern in _ASKS_S41 if pattern.search(query)}
    game = _ASK_GAME.search(query)
    if game is not None:
        found.add(f"schedule:{_activity(game.group('game'))}")
    school = _ASK_EVER_STUDIED.search(query)
    if school is not None:  # ("did I ever go to college": a university said, or none where no turn says "college")
        found |= {"university", school.group("school").casefold()}
    voted = _ASK_VOTED_IN.search(query)
    if voted is not None:  # ("how did I vote in the referendum": its vote, which "voted in as treasurer" is not)
        found |= {"vote", f"{voted.group('what').casefold()} vote"}
    member = _ASK_MEMBER.search(query)
    if member is not None:
        found.add(f"member:{member.group('org').casefold()}")
    return found


def _memberships(text: str) -> list[Said]:
    """The memberships the person says they have held since a year (`_MEMBER_SINCE`), each by its name."""
    out: list[Said] = []
    for found in _MEMBER_SINCE.finditer(text) if "ember" in text else ():
        if _HEDGE.search(text[max(0, found.start() - 40) : found.end()]):
            continue
        org = (found.group("org") or found.group("org2")).removeprefix("The ")
        out.append(Said(f"member:{org.casefold()}", found.group("year"), found.group("year"), FACT))
    return out


def asked_of(query: str, who: str) -> frozenset[str]:
    """The attributes a question about someone else by name asks of them, read as the same question
    of oneself ("where does Anna live" -> home, "what is Anna's job" -> role): between people each
    states their own life in the first person, so their turns answer it as the person's answer theirs."""
    name = r"\b" + re.escape(who) + r"\b"
    mine = straight(query)
    for pattern, said in _OF_ONESELF:
        mine = re.sub(pattern.replace("WHO", name), said, mine, flags=re.IGNORECASE)
    mine = re.sub(name, "I", mine, flags=re.IGNORECASE)
    return asked(mine) if about_someone_else(mine) is None else frozenset()


# The question said of oneself (`asked_of`): "does Anna" is "do I", "Anna's" is "my", "is Anna" is "am I".
_OF_ONESELF: tuple[tuple[str, str | Callable[[re.Match[str]], str]], ...] = (
    (r"WHO(?:'s|’s|s')(?= )", "my"),
    (r"\bdoes WHO", "do I"),
    (r"\bis WHO", "am I"),
    (r"\bhas WHO", "have I"),
    (r"WHO (?:is|'s|’s)(?= )", "I am"),
    (r"WHO has(?= )", "I have"),
    (r"WHO (lives|works|drives|owns)\b", lambda m: "I " + m.group(1)[:-1]),
)


def answered_by(asked_for: frozenset[str]) -> frozenset[str]:
    """What can answer a question at all, for recall's floor: what it asks, and for a question of the
    person's job ("what do I do for a living": role), where they work ("I work at Farfetch" had read as
    no statement of it, and nothing close). Not for ranking: a role stated goes before an employer."""
    return asked_for | {"employer"} if "role" in asked_for else asked_for


def matches(asked_for: frozenset[str], found: tuple[Said, ...]) -> bool:
    """Whether a statement gives a value to an attribute the question asks about."""
    return any(asks_for(asked_for, said.attribute) for said in found)


def is_a_childs_school(attribute: str) -> bool:
    """Whether an attribute is a child's school read by the child's name or relation ("ava school",
    "son school": the rules' "their" school), which "what school do the kids go to" asks too."""
    return attribute.endswith(" school") and attribute not in ("high school", "kids school") and ":" not in attribute


def asks_for(asked_for: frozenset[str], attribute: str) -> bool:
    """Whether `attribute` is one the question asks about ("my class" asks for every schedule; a
    question about Inès, "other:inès", asks for her things: "inès school")."""
    if attribute in asked_for or any(a.startswith("other:") and attribute.startswith(a[6:] + " ") for a in asked_for):
        return True
    if "personal best" in asked_for and attribute.startswith("personal best:"):
        return True
    if "instrument" in asked_for and attribute.startswith("schedule:") and attribute[9:] in _INSTRUMENT_NAMES:
        return True  # "what instrument do I play" is answered by "I play the cello" (life21)
    if any(a.endswith(" " + attribute) for a in asked_for):  # "my health insurance" asks what "my insurance" says
        return True
    if "kids school" in asked_for and is_a_childs_school(attribute):  # "the kids" asks "Ava and Theo start at ..."
        return True
    if attribute == "schedule:language" and any(
        _A_LANGUAGE.fullmatch(a[9:]) for a in asked_for if a[:9] == "schedule:"
    ):
        return True  # "my german class" is answered by a class said by its level ("doing C1 now, wednesdays")
    return attribute.startswith("schedule:") and any(
        a.startswith("schedule:") and (a == "schedule:class" or attribute.endswith(a[9:].split()[-1]))
        for a in asked_for
    )


# -- the kinds of a person's things, for reading by meaning --------------------------------------

# A question that asks which thing of the person's own life it is now ("what phone do I have", "who's
# my doctor", "which bank do I use", "where do I work"): not how many, how long or at what time (a
# count or a time is no thing of a kind: "what time do I usually go to the gym" is answered by the
# turn that says the time, not by the newest about the gym), not their past ("where did I work
# before I retired", "what was my late wife's name") nor someone else's ("where does my sister live").
_WHICH = patterns.lazy(
    r"^\W*(?:(?:so|and|but|ok|okay|hey|remind me)\W+)*(?:what|which|who|where|how many)(?:'s|'re)?\b"
    r"(?!\s+(?:time|times|day|days|date|dates|year|years|month|months|hour|hours|week|weeks)\b)",
    re.IGNORECASE,
)
_PRESENT = patterns.lazy(r"\b(?:do|am|are|have) (?:i|we)\b|(?:\bis|\bare|'s|'re) (?:my|our)\b", re.IGNORECASE)
_PAST = patterns.lazy(
    r"\b(?:did|was|were|used to|before|previous(?:ly)?|old|former|late|last|first|ago|past|ever|originally|"
    r"grow up|grew up)\b",
    re.IGNORECASE,
)


_HOW_MANY = patterns.lazy(r"\bhow many\b", re.IGNORECASE)
# A count a person states ("I currently have three bikes", "I'll have 4 with me"); "one" and "a"
# are left out, as most sentences hold one of them without counting anything.
_COUNTED = patterns.lazy(
    # (and one more said by its place: "we adopted a second cat", session 36: sam)
    r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a dozen|several|"
    r"an? (?:second|third|fourth|2nd|3rd|4th)(?= (?!ago\b|later\b|or\b|and\b)[a-z]))\b",
    re.IGNORECASE,
)


_COUNTED_THING = patterns.lazy(
    r"\bhow many\s+(?:(?:new|more|different|other|of|the|my|our|total)\s+)*([a-z]+)(?:\s+([a-z]+))?", re.I
)


def asks_count(query: str) -> bool:
    """Whether a question asks how many of something there are ("how many bikes do I own")."""
    return _HOW_MANY.search(query) is not None


def counted(query: str) -> tuple[str, ...]:
    """The stems of what a count question counts: "how many dozen eggs do we have" -> (dozen, egg)."""
    found = _COUNTED_THING.search(straight(query))
    if found is None:
        return ()
    return tuple(_stem_of(w) for w in found.groups() if w and w.casefold() not in _NOT_COUNTED)


_NOT_COUNTED = frozenset(["do", "does", "did", "have", "has", "had", "am", "are", "is", "i", "we", "were", "was"])


def _stem_of(word: str) -> str:
    word = word.casefold()
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def states_count(text: str, of: tuple[str, ...] = ()) -> bool:
    """Whether a text states a count in a sentence that asks nothing; with `of`, a sentence that
    also names one of those stems ("I've added 25 new postcards": of postcard)."""
    for part in sentences(straight(text)):
        if part.rstrip().endswith("?") or not _COUNTED.search(part):
            continue
        words = re.findall(r"[a-z]+", part.casefold())
        if not of or any(_counts(of, words, at) for at, w in enumerate(words) if _stem_of(w) in of):
            return True
    return False


def _counts(of: tuple[str, ...], words: list[str], at: int) -> bool:
    """Whether the word at `at`, one of the question's, names what a sentence counts: the counted noun
    (the question's last word) not as a kind of the next ("4 cat trees"), a word before it as it is ("12
    rare figurines" for "how many rare items": the count's adjective is no kind of the figurines)."""
    return _stem_of(words[at]) != of[-1] or not _modifies(words, at)


def _modifies(words: list[str], at: int) -> bool:
    """Whether the word at `at` only says what kind of thing the next one is: "4 cat trees" counts
    trees, not cats (session 36: "how many cats do i have" was answered by the cat trees)."""
    after = words[at + 1] if at + 1 < len(words) else ""
    return not words[at].endswith("s") and len(after) > 3 and after.endswith("s") and not after.endswith("ss")


# A question about what was, not what is: "where did I work before I retired", "which city did we live
# in before", "what was my previous car" (not "what was my dog called": narrower than `_PAST`).
# "originally" asks the past ("where did I originally work") but not beside "from": an origin is
# timeless ("where is my family from originally", "where am I originally from").
_ASKS_PAST = patterns.lazy(
    r"\b(?:used to|before|previous(?:ly)?|former|formerly|(?<!\bfrom )(?<!\bfrom, )originally(?! from\b)|back when)\b",
    re.IGNORECASE,
)


# (session 41: dani) and in the past tense of a home or of the first of a kind: "what part of nashville was i
# living in", "who was my first booking agent" (a change waiting for review lifts nothing; not "where did i
# live in portugal", a place no text names, which moves nothing and keeps the newest first)
_ASKS_PAST_TENSE = patterns.lazy(r"\b(?:(?:was|were) (?:i|we) living|was my first)\b", re.IGNORECASE)


def asks_past(query: str) -> bool:
    """Whether a question asks what a thing of the person's life was before, not what it is now."""
    query = straight(query)
    return _ASKS_PAST.search(query) is not None or _ASKS_PAST_TENSE.search(query) is not None


def present(query: str) -> bool:
    """Whether a question asks which thing of the person's own life it is now."""
    query = straight(query)
    return (
        _WHICH.search(query) is not None
        and _PRESENT.search(query) is not None
        and _PAST.search(query) is None
        and about_someone_else(query) is None
    )


# The speaker in a sentence: "i", "me", "we", "us" (not "my" or "our", which as often name someone
# else: "my mate swears by it").
_SELF = patterns.lazy(r"(?<![\w'])(?:i|me|we|us|i'm|im|i've|ive|i'd|i'll|we're|we've)(?![\w'])", re.IGNORECASE)


def says_of_self(text: str) -> bool:
    """Whether a text says something of the speaker in a sentence that asks nothing: "the iphone
    karen got me for christmas is an SE. how do i make the letters bigger" does; "is the galaxy s24
    any good? my mate swears by it" does not."""
    return any(
        not part.rstrip().endswith("?") and _SELF.search(part) for part in sentences(as_the_person(straight(text)))
    )


def _kinds() -> dict[str, tuple[str, ...]]:
    """Per kind of thing a person has, how they name it ("my gp", "my family doctor", "my doctor"):
    the nouns the rules read (`_FACT_NOUNS`, one kind per `_FACT_SAME`) and the attributes a
    question asks (`_ASKS`) said plainly. Retrieval embeds them as one prototype a kind."""
    kinds: dict[str, list[str]] = {}
    for noun in dict.fromkeys(_FACT_NOUNS):
        kinds.setdefault(_FACT_SAME.get(noun, noun), []).append(f"my {noun}")
    said = {
        "home": ("the city I live in", "where I live now"),
        "employer": ("the company I work for", "where I work"),
        "role": ("my job", "what I do for a living"),
        "manager": ("my manager", "my boss"),
        "diet": ("my diet", "what I eat"),
        "sport": ("the sport I play", "what I do for exercise"),
        "shift": ("my shifts at work",),
        "education": ("what I studied", "my degree", "the university I went to"),
    }
    for kind, phrases in said.items():
        kinds.setdefault(kind, []).extend(phrases)
    return {kind: tuple(phrases) for kind, phrases in kinds.items()}


KINDS = _kinds()


# -- a question anchored in time (recall28) ----------------------------------------------------------
# "who was my doctor when I lived in Kinsale", "what work did I take up after I retired", "where was my
# first job", "what car did I have before I moved to Leeds": the value of the time another statement
# names (or the earliest). `anchored` reads the anchor; retrieval/recall.py picks the statement of then.
@dataclass(frozen=True)
class Anchor:
    """How a question is anchored ("during", "after", "before", "first", "in" a place), the words the anchoring
    statement holds ("kinsale"), and the attribute it states when the question's verb says which
    ("lived in": home; None: the attribute asked)."""

    how: str
    words: tuple[str, ...] = ()
    attribute: str | None = None


# "when/while I lived in X", "when I worked at X", "after I moved to X" (the time X was the value)
_ANCHOR_DURING = patterns.lazy(
    r"\b(?:when|while|whilst|back when|after|once) (?:i|we) (?:was |were |had )?(?P<verb>lived|living|stayed|staying|"
    r"moved|worked|working|was|were|studied|studying|banked) (?:to |into |in |at |on |for |with |near )(?P<clause>[^?!.,;]+)",
    re.IGNORECASE,
)
# "after/when I retired", "after I left AIB", "when I moved out of X", "when the Douglas house was sold"
_ANCHOR_AFTER = patterns.lazy(
    r"\b(?:after|since|once|when) (?:i|we) (?P<verb>retired|left|quit|sold|moved (?:out of|away from|from)|gave up|"
    r"stopped|finished|closed)\b(?P<clause>[^?!.,;]*)|"
    r"\b(?:after|since|once|when) (?P<clause2>(?:the |my |our )?[^?!.,;]+?) (?:was|were|had been|got) "
    r"(?:sold|closed|finished|let go|over)\b",
    re.IGNORECASE,
)
_ANCHOR_BEFORE = patterns.lazy(
    r"\bbefore (?:i|we) (?P<verb>retired|left|quit|moved|started|joined|switched|changed)\b(?P<clause>[^?!.,;]*)",
    re.IGNORECASE,
)
_ANCHOR_FIRST = patterns.lazy(r"\b(?:my|our) (?:very )?(?:first|earliest)\b", re.IGNORECASE)
# the anchor's attribute by its verb or noun; a state said as such is a word its statement holds
_ANCHOR_OF = {"lived": "home", "living": "home", "stayed": "home", "staying": "home", "moved": "home"}
_ANCHOR_HOME = patterns.lazy(r"\b(?:house|home|flat|apartment|place)\b", re.IGNORECASE)
_ANCHOR_STATES = frozenset(["retired"])
_ANCHOR_NOT = frozenset(
    ["the", "my", "our", "from", "for", "with", "and", "out", "away", "into", "to", "in", "at", "of", "on"]
)


def anchored(query: str) -> Anchor | None:
    """How a question is anchored in time, or in a place or a thing of then (`_placed`): an `Anchor`,
    or None for one that is not."""
    query = straight(query)
    for how, pattern in (("during", _ANCHOR_DURING), ("after", _ANCHOR_AFTER), ("before", _ANCHOR_BEFORE)):
        match = pattern.search(query)
        if match is None:
            continue
        found = match.groupdict()
        clause = found.get("clause") or found.get("clause2") or ""
        verb = (found.get("verb") or "").split(" ")[0].casefold()
        words = [w.casefold() for w in re.findall(r"[^\W\d_][\w'-]+", clause) if w.casefold() not in _ANCHOR_NOT]
        if verb in _ANCHOR_STATES:
            words.insert(0, verb)
        of = _ANCHOR_OF.get(verb) or ("home" if _ANCHOR_HOME.search(clause) else None)
        words = [w for w in words if not _ANCHOR_HOME.fullmatch(w)]
        if words:
            return Anchor(how, tuple(dict.fromkeys(words)), of)
    shared = _with_someone(query)
    if shared is not None:  # "where did me and marco live": while the two were together
        return Anchor("during", (shared,))
    first = _ANCHOR_FIRST.search(query)
    if first is not None:  # (the words between it and the thing say which: "my first pharmacy job")
        which = re.findall(r"[^\W\d_][\w'-]+", query[first.end() :])[:-1]
        return Anchor("first", tuple(w.casefold() for w in which if w.casefold() not in _ANCHOR_NOT))
    return _still_anchor(query) or _placed(query)  # (session 42: weak42: "am i still with marco")


# A question of the past anchored in a place or a thing of then, not a time ("where did i live in japan",
# "who was my chief in japan", "where did i live after the barracks"): `_placed`.
_PLACED_ASKS = patterns.lazy(r"\b(?:did|was|were|had)\b", re.IGNORECASE)
_PLACED_AFTER = patterns.lazy(
    r"\b(?P<how>after|before) (?:the|my|our) (?P<what>[^\W\d_][\w'-]+(?: [^\W\d_][\w'-]+)?)\s*[?.!]*\s*$", re.IGNORECASE
)
_PLACED_IN = patterns.lazy(
    r"\b(?:in|over in|out in) (?!(?:the|a|an|my|our|his|her|their|this|that|total|general|time|person|school|college|"
    r"uni|university|class|summer|winter|spring|autumn|fall|"
    + "|".join(clock.MONTHS)  # "in may" is a time, not a place
    + r"|high|grade|year|years|months?|weeks?|days?|case|fact|advance|between)\b)"
    r"(?P<place>[^\W\d_][\w'-]+(?: [^\W\d_][\w'-]+)?)\s*(?=[?.!,]|$|\b(?:after|before|when|while)\b)",
    re.IGNORECASE,
)


def _placed(query: str) -> Anchor | None:
    """How a question of the past is anchored when no time is read in it: after or before a thing of
    then ("where did i live after the barracks": the statement holding "barracks"), or in a place
    ("where did i live in japan": how "in", which retrieval/recall.py answers by the place's mentions)."""
    if not _PLACED_ASKS.search(query):
        return None
    thing = _PLACED_AFTER.search(query)
    if thing is not None:
        return Anchor(thing.group("how").casefold(), tuple(thing.group("what").casefold().split()))
    place = _PLACED_IN.search(query)
    return None if place is None else Anchor("in", tuple(place.group("place").casefold().split()))


def _with_someone(query: str) -> str | None:
    """Whom a question of the past asks of with the person ("where did me and marco live": marco)."""
    match = _ME_AND.search(straight(query))
    if match is None or match.group(1).casefold().strip() not in ("did", "were"):
        return None
    return (match.group("one") or match.group("two")).casefold()


def without_anchor(query: str) -> str:
    """The question its anchor asks of ("who was my doctor when I lived in Kinsale": "who is my
    doctor"), for `asked`: the value of a time is the value then of what it asks."""
    query = straight(query)
    for pattern in (_ANCHOR_DURING, _ANCHOR_AFTER, _ANCHOR_BEFORE):
        query = pattern.sub("", query)
    query = _ANCHOR_FIRST.sub("my", query)
    return re.sub(r"\b(?i:was|were) (?=(?i:my|our)\b)", "is ", query).strip()


# -- (session 42: weak42) whether a partner named still is one ---------------------------------------------------
# "am i still with marco", "are Tom and I still together", "am I still seeing Jordan":
# the partner asked, anchored after the statements that name them (`anchored`: "after"): the answer is the first
# statement of another value after them (the breakup, "marco and i split", not the partner after it), and where none
# came after, the newest. Not a question of another's ("is Sam still with Priya": `about_someone_else`), nor of
# a thing ("am I still with Verizon": a carrier, read by its own rules).
_ASK_STILL_WITH = patterns.lazy(
    r"\b(?:am i|are we) still (?:with|dating|seeing|going out with|together with|married to|engaged to) "
    r"(?P<who>[^\W\d_][\w'-]+)\s*[?.!]*\s*$|"
    r"\b(?:are|r) (?P<who2>[^\W\d_][\w'-]+) and (?:i|me) still (?:together|dating|a thing|an item)\b",
    re.IGNORECASE,
)


def _still_with(query: str) -> str | None:
    """Who a question asks the person is still with (`_ASK_STILL_WITH`), folded; None if none, or not a name."""
    match = _ASK_STILL_WITH.search(straight(query))
    if match is None:
        return None
    who = (match.group("who") or match.group("who2")).casefold()
    return None if who in tokens.STOPWORDS or _tx_listed(who) is not None else who


# (`asked` reads "are Tom and I still together" as "are we still together": `_ME_AND`)
_ASK_STILL_TOGETHER = patterns.lazy(r"\b(?:are|r) we still (?:together|dating|a thing|an item)\b", re.IGNORECASE)


# "how old was i when i got my first guitar", "what age was I when I bought my first car": `_S42_AGE`'s age
_ASK_AGE_FIRST = patterns.lazy(
    r"\b(?:how old|what age) (?:was i|were we) when (?:i|we) \w+ (?:my|our) first (?P<thing>[a-z][\w-]*(?: [a-z][\w-]*)?)"
    r"\s*[?.!]*\s*$",
    re.IGNORECASE,
)


def _asked_still(query: str) -> set[str]:
    """The partner, where a question asks whether the person is still with someone (`_still_with`)."""
    age = _ASK_AGE_FIRST.search(query)
    if age is not None:  # (and the age a first came at: `_S42_AGE`)
        return {f"age:first {_thing(age.group('thing'))}"}
    return {"partner"} if _still_with(query) is not None or _ASK_STILL_TOGETHER.search(query) else set()


def _still_anchor(query: str) -> Anchor | None:
    """After the statements naming whom a question asks the person is still with ("am i still with marco")."""
    who = _still_with(query)
    return None if who is None else Anchor("after", (who,), "partner")


# Session 43: weak43
# Someone else named as the subject of a rule's verb with no auxiliary between ("Kev joined Planet Fitness", "kev
# just joined planet fitness", "she joined the YMCA", "my brother joined the Y", "Kev's joined ..."): theirs, in any
# tense and any case, as "Kev has joined" already was (`_another_did`). The person with them is the person too
# ("me and kev joined", "Tom and I joined": hers as well, read). A capitalised word that is no name opens a
# sentence as a name does ("Finally joined", "Today joined", "Update: joined"): not a subject.
_S43_CLAUSE_BREAK = patterns.lazy(r"[,;:.!?()\n\"]|\s[-–—]\s|\b(?:and|but|because|cuz|when|while|after)\s")
_S43_WITH_ME = patterns.lazy(
    r"(?i:\b(?:me|i) and [\w'-]+|\band (?:me|i)|\b[\w'-]+ and (?:me|i) (?:both|also|just))\s+$"
)
# (what someone did to the person is the person's: "work gave me an M2 macbook", "she's visiting us up here in leeds",
# "amman broke my vegetarianism")
_S43_TO_ME = patterns.lazy(r"(?:[\w'-]+(?: [\w'-]+)? )?(?:me|us|my|our)\b", re.IGNORECASE)
# (a name is the subject of a verb said in the past or of someone: "Kev joined", "Dana starts"; not "Please sign",
# "Help me find")
_S43_DONE = patterns.lazy(
    r"(?:[a-z]+(?:ed|s)|got|took|made|went|left|found|bought|began|became|won|ran|came|gave|paid|sold|moved)(?:['’]s)?",
    re.IGNORECASE,
)
_S43_ADVERBS = frozenset(
    ["just", "finally", "also", "recently", "officially", "both", "now", "already", "actually", "literally", "even"]
)
_S43_OWN = frozenset(["i", "i'm", "im", "i've", "ive", "me", "we", "we've", "us", "myself", "ourselves"])
_S43_THIRD = frozenset(["he", "she", "they", "he's", "she's", "they've", "hes", "shes"])
_S43_NOT_NAMES = frozenset(
    [
        *("today", "yesterday", "tonight", "finally", "officially", "recently", "update", "anyway", "anyways", "also"),
        *("then", "now", "just", "well", "yes", "yeah", "yep", "omg", "lol", "ok", "okay", "so", "and", "but", "or"),
        *("ngl", "tbh", "btw", "fr", "lowkey", "welp", "yo", "guys", "bro", "bruh", "chat", "thankfully", "sadly"),
        *_DAYS,
        *clock.MONTHS,
    ]
)


def _s43_another_named(before: str, lower: bool, verb: str = "joined") -> bool:
    """Whether the words of the clause that run into a match with no subject of its own name someone else
    as its subject ("Kev ", "kev just ", "my brother ", "she "), not the person too ("me and kev "); `lower`: the
    sentence holds no capital letter."""
    if _S43_WITH_ME.search(before[-80:]) is not None:
        return False  # ("me and kev joined", "kev and i both joined": the person too)
    parts = _S43_CLAUSE_BREAK.split(before[-80:])
    clause, lower = parts[-1], lower or (len(parts) == 1 and len(before) <= 80)  # (or the sentence's head)
    words = [w.casefold() for w in clause.split()]
    shown = clause.split()
    while words and words[-1] in _S43_ADVERBS:
        words, shown = words[:-1], shown[:-1]
    if not words or any(w in _S43_OWN or w.startswith(("i'", "i’")) for w in words):
        return False
    last = words[-1].removesuffix("'s").removesuffix("’s")
    if last in _S43_THIRD or vocab.someone_else(" ".join(words)):
        return True
    if last in _S43_NOT_NAMES or last in tokens.STOPWORDS or not last.isalpha() or len(last) < 2:
        return False
    done = next((w for w in verb.split() if w.casefold() not in _S43_ADVERBS), "")
    if _S43_DONE.fullmatch(done) is None:
        return False  # ("Please sign it as", "Help me find": a request, no name)
    if shown[-1][:1].isupper() and not shown[-1].isupper():
        return True  # a name ("Kev", "Maddie"), however far into the clause
    # a name typed in lower case, at the clause's head after its fillers: the sentence's, or any clause's of one who
    # types all in lower case ("lol kev joined", "kev joined Planet Fitness"; not "after work joined the YMCA")
    head = [w for w in words[:-1] if w not in _S43_NOT_NAMES]
    return lower and not head and _a_child_name(last) and not last.endswith(("ly", "ed", "ing"))


# A question of the person's own thing met by a text that holds its word only as someone else's (recall's
# `_theirs_only`): "maddie adopted a cat named biscuit ... how do i bring up the cat" for "whats my cats name", a
# friend's tenancy pasted in quotation marks ("'... Landlord: Mr Graham Holt ...'") for "who's my landlord". An
# occurrence is theirs inside a paragraph in quotation marks or after another's word for whose it is ("her cat",
# "kev's landlord", "my sister's cat"), or in a clause whose subject is another ("maddie adopted a cat"); the
# person's after "my"/"our", or in a clause of "I"/"we" ("i got a cat"); "the cat" refers back (neither). A word
# said bare, with no subject ("landlord is being a pain"), is the person's.
_S43_QUOTED_PARAGRAPH = patterns.lazy(
    r"(?:^|\n[ \t]*\n)[ \t]*['\"‘“](?s:.{20,}?)['\"’”][ \t]*(?=\n[ \t]*\n|\s*$)|\"[^\"\n]{2,400}\"|“[^”\n]{2,400}”"
)
_S43_THEIR_OWNER = patterns.lazy(
    r"(?i:\b(?:his|her|their|[\w-]+['’]s)(?: [\w-]+)?(?: [\w-]+)? $)"  # "her cat", "kev's new landlord"
)
_S43_MY_OWNER = patterns.lazy(r"(?i:\b(?:my|our|mine|ours)(?: [\w-]+)?(?: [\w-]+)? $)")
_S43_REFERS_BACK = patterns.lazy(r"(?i:\b(?:the|that|this|those|these)(?: [\w-]+)? $)")
_S43_WORDS: dict[str, re.Pattern[str]] = {}  # (a question's words, compiled once)
_S43_VERBISH = patterns.lazy(r"(?i:[a-z]+(?:ed|s)|got|has|had|is|was|took|made|gave|went|left|found|bought|just)$")


def held_as_theirs(words: frozenset[str], text: str) -> bool:
    """Whether a text holds one of a question's `words` (lower case) and each time as someone else's, never the
    person's own (see above)."""
    if not words or not text:
        return False
    key = "|".join(sorted(map(re.escape, words)))
    found = _S43_WORDS.get(key) or _S43_WORDS.setdefault(
        key, re.compile(r"(?i)(?<![\w-])(?:" + key + r")\w{0,3}(?![\w-])")
    )
    if found.search(text) is None:
        return False
    quoted = [m.span() for m in _S43_QUOTED_PARAGRAPH.finditer(text)]
    theirs = False
    for m in found.finditer(text):
        if any(a <= m.start() < b for a, b in quoted):
            theirs = True
            continue
        whose = _s43_whose(text[max(0, m.start() - 120) : m.start()])
        if whose == "own":
            return False
        theirs = theirs or whose == "theirs"
    return theirs


def _s43_whose(before: str) -> str:
    """Whose a word is by the words before it in its clause: "own", "theirs" or "" (it refers back)."""
    clause = _S43_CLAUSE_BREAK.split(re.split(r"[.!?\n]", before)[-1])[-1]
    if _S43_MY_OWNER.search(clause) is not None:
        return "own"
    if _S43_THEIR_OWNER.search(clause) is not None:
        return "theirs"
    words = [w for w in clause.split() if w.casefold() not in _S43_NOT_NAMES]
    if any(w.casefold() in _S43_OWN or w.casefold().startswith(("i'", "i’")) for w in words):
        return "" if _S43_REFERS_BACK.search(clause) is not None else "own"
    head = " ".join(words[:3])
    if words and (
        words[0].casefold() in _S43_THIRD
        or vocab.someone_else(head)
        or (len(words) > 1 and _S43_VERBISH.match(words[1]) is not None and _a_child_name(words[0]))
    ):
        return "theirs"
    return "" if _S43_REFERS_BACK.search(clause) is not None else "own"


# A question that names a degree's level asks that level ("what's my masters degree in": degree:master, not the
# MBBS a doctor's CV lists; "where did I do my PhD": university:phd), with what names no level ("I studied
# economics": degree) and what the person studies now. A school one goes to after a first degree asks a master's
# or a PhD and not a school of no level ("where do i go to law school": no "sophomore at umich"; "grad school",
# "business school"); a medical, dental, nursing or vet school is a first degree in most of the world (an MBBS):
# every level, as before.
_S43_LEVEL_ASKED = (
    (
        "master",
        patterns.lazy(r"(?i:\bmaster'?s\b|\bmasters\b|\bpostgrad\w*|\bmsc\b|\bmba\b|\bmphil\b|\bmres\b|\bllm\b)"),
    ),
    ("phd", patterns.lazy(r"(?i:\bph\.? ?d\b|\bdoctorate\b|\bdphil\b|\bdoctoral\b)")),
    ("bachelor", patterns.lazy(r"(?i:\bbachelor'?s?\b|\bundergrad\w*|\bbsc\b|\bllb\b)|\bBA\b")),
    ("associate", patterns.lazy(r"(?i:\bassociate'?s\b)")),
)
AFTER_A_DEGREE = ("law", "business", "grad", "graduate")  # "<word> school": a school after a first degree
_S43_AFTER_A_DEGREE = patterns.lazy(r"(?i:\b(?:" + "|".join(AFTER_A_DEGREE) + r") school\b)")
_S43_STUDIES = frozenset(EDUCATION) | frozenset(SCHOOLS)


def _s43_level_asked(query: str, found: set[str]) -> set[str]:
    """`found` with its degrees and schools narrowed to the level a question names (`_S43_LEVEL_ASKED`)."""
    if not found & _S43_STUDIES:
        return found
    after = _S43_AFTER_A_DEGREE.search(query) is not None
    levels = {level for level, said in _S43_LEVEL_ASKED if said.search(query) is not None}
    levels |= {"master", "phd"} if after else set()
    if not levels:
        return found
    # (with no level of its own, what the person studies now or a degree of no level may be it; not after a degree)
    kept = {a for a in found & _S43_STUDIES if (":" not in a and not after) or a.partition(":")[2] in levels}
    return (found - _S43_STUDIES) | kept


# A home named by its building or development, which names no town ("my flat at Wyndham Court", "we got a unit at
# Harbour Heights"): recall answers "which town do I live in" with the town said before it (retrieval/recall's
# `_town_of_a_building`). A place of the lists or a part of a city is no building ("Earls Court", "Covent Garden").
_S43_BUILDING = patterns.lazy(
    r"(?i:\b(?:court|house|towers?|lodge|gardens|manor|apartments|residences?|heights|mews|hall|building|complex|"
    r"plaza|flats|estate|quay|wharf|point|park homes|retirement village|care home|development)$)"
)


def a_building(home: str) -> bool:
    """Whether a home's value names a building or a development, not a town (see above)."""
    return (
        _S43_BUILDING.search(home) is not None
        and vocab.place(home) is None
        and not vocab.part_of_city(home)
        and len(home.split()) > 1
    )


# An attribute ended shows as ended on every About me line that shows it (wiki/render.now): a role handed on is an
# ending ("Volunteer role: none now (handed on FRG leader)", not a value "handed on (FRG leader)"), and a pet
# rehomed by its name ends the line that names it ("we found Pickles a new home": "Cat: none now (rehomed
# Pickles)", where "Cat: Pickles" had stayed beside "Pets: none (rehomed)").
_ENDING_OF["handed"] = frozenset(["volunteer role"])
_ENDINGS = frozenset(_ENDING_OF)
_S43_REHOMED_NAMED = patterns.lazy(r"^none \(rehomed (?P<name>.+)\)$")


def ended_by_name(value: Said, later: Said) -> Said | None:
    """The ending of a named pet (`value`: "cat" = "pickles") a later statement of no pet says by its name
    ("none (rehomed Pickles)"), as the pet's own ending ("rehomed pickles": `ended`); None if it says none."""
    found = (
        _S43_REHOMED_NAMED.match(later.shown) if later.attribute == "pets" and value.attribute in PET_KINDS else None
    )
    if found is None or _spelling(found.group("name")) != _spelling(value.value):
        return None
    return Said(value.attribute, f"rehomed {value.value}", f"rehomed {found.group('name')}", value.memory_type)


# Questions in a person's own words that asked the wrong thing or nothing (walking harold's home as him): "what do I
# do with my spare time", "in my free time", "at weekends" ask a hobby, not a job ("what do I do" had asked the role:
# the bowls club's treasurer came first, not the local history group); "what town is my flat in", "which city is
# our house in" ask the home (nothing was asked: no floor, no building's town). Not "what do I do for a living"
# (a role), nor "what town is my sister's flat in" (someone else's).
_S43_FREE_TIME = patterns.lazy(
    r"\bwhat (?:do|did) (?:i|we) (?:usually |normally )?do (?:(?:in|with) (?:my|our) (?:spare|free|leisure|own) time|"
    r"(?:at|on|over) (?:the )?weekends?|(?:in|of|on) an? (?:evening|weekend)|to (?:relax|unwind))\b",
    re.IGNORECASE,
)
_S43_TOWN_OF_HOME = patterns.lazy(
    r"\b(?:what|which) (?:(?:town|city|village|suburb|area|part of (?:town|the city)|neighbou?rhood)(?: or )?)+ "
    r"(?:is|was|are) "
    r"(?:my|our) (?:new |current )?(?:flat|house|home|apartment|place|bungalow|condo|cottage|room|unit|studio)\b",
    re.IGNORECASE,
)


def _s43_asked(query: str, found: set[str]) -> set[str]:
    """`asked`'s session 43 forms: a degree's level (`_s43_level_asked`), free time, the town a home is in, a thing's
    colour (`_s43_colour_asked`)."""
    if _S43_FREE_TIME.search(query) is not None:
        found = (found - {"role", "employer"}) | {"hobby"}
    if _S43_TOWN_OF_HOME.search(query) is not None:
        found = found | {"home"}
    return _s43_colour_asked(query, _s43_level_asked(query, found))


# The colour of a thing of the person's ("what colour was my first car?", "what color is our front door"): no rule
# reads one, so the question asks "<thing> colour" (recall's `_named`: a text that holds the thing and "colour" or a
# colour's word names it), not the thing: ines's Panda's insurance had answered it. Not someone else's ("what
# colour is my sister's car": `about_someone_else`), nor a favourite colour ("what's my favourite colour").
_S43_COLOUR_OF = patterns.lazy(
    r"\b(?:what|which) colou?r (?:is|was|are|were) (?:my|our) (?:(?:first|old|new|current|last|front|back) )*"
    r"(?P<thing>[a-z][a-z-]+)\s*[?.!]*\s*$",
    re.IGNORECASE,
)
COLOURS = frozenset(
    [
        *("red", "blue", "green", "black", "white", "silver", "grey", "gray", "yellow", "orange", "purple", "pink"),
        *("brown", "gold", "beige", "maroon", "navy", "turquoise", "teal", "burgundy", "cream", "bronze"),
    ]
)


def _s43_colour_asked(query: str, found: set[str]) -> set[str]:
    """The colour of the person's thing a question asks (`_S43_COLOUR_OF`), in place of what else it asked."""
    match = _S43_COLOUR_OF.search(query)
    if match is None:
        return found
    said = "color" if "color" in match.group(0).casefold() else "colour"  # (the question's spelling names it)
    return {f"{match.group('thing').casefold()} {said}"}


# -- session 45: what was still wrong (life51) ---------------------------------------------------------------------
# (1) A name typed in lower case after the word for who someone is ("my boss tom", "my wife sarah") was whatever word
# stood there: "i'll text my boss later", "i text my wife every day", "my manager often says hi" had a boss "later", a
# partner "every", a boss "often", each reader with its own list of the words that go on a sentence. One closed list
# (memory/data/notnames.txt: `vocab.not_a_name`) says which words are nobody's name, for every reader of a person's
# name (here) and of a relative's (`kin_stated`, `_a_child_name`).
_S45L_NAMED = frozenset(["manager", "partner", "childminder", "booking agent", "dispatcher"])
# (and a pet's: "my kitten often sleeps", "my dog later" named no pet "often", "later")
_S45L_PETS = frozenset(["dog", "cat", "kitten", "puppy", "pup", "bunny", "pet", "hamster", "rabbit", "guinea pig"])


def _s45l_kept(said: Said | None, match: re.Match[str]) -> Said | None:
    """A rule's reading, None for a person's name that is a word no one is called (`vocab.not_a_name`) and for a
    club joined read as an employer (`_S45L_A_CLUB`: "I joined the Sierra Club", "I joined the Garden Club")."""
    if said is None:
        return None
    if (said.attribute in _S45L_NAMED or said.attribute in _S45L_PETS) and vocab.not_a_name(said.value):
        return None
    if said.attribute == "relationship" and said.value.startswith("dating ") and vocab.not_a_name(said.value[7:]):
        return None  # ("me and my boyfriend later": dating no one called "later")
    if said.attribute == "employer" and "joined" in match.group(0) and _S45L_A_CLUB.search(said.value) is not None:
        return None
    return said


# (3) ... and a club joined is no employer: "I joined the Aurora Garden Club" had been her employer (a club, a guild,
# a society or a chapter by its last word; not "I work at the Boys and Girls Club": work, not "joined")
_S45L_A_CLUB = patterns.lazy(r"\b(?:club|guild|society|chapter|circle|klatch|meetup)s?$")


# (3) A club is read of card and board games only (wilma: "the pinochle club", "a bridge group"): a club of another
# kind ("I joined the Aurora Garden Club", "i'm in a book club at the library", "I belong to a quilting guild", "we
# have a Red Hat chapter here", "I joined a walking group") was nobody's. Each kind is an attribute of its own ("book
# club", "garden club"): a book club joined beside a garden club ends neither, and a card club is the card rule's
# ("club"). Joined or held now, said by the person ("I", "I'm"); not a plan, a wish, a question, nor someone else's
# ("my sister joined a book club", "I might join the garden club").
_S45L_KINDS = {
    **dict.fromkeys(["garden", "gardening", "gardeners", "gardeners'", "allotment", "flower", "rose"], "garden"),
    **dict.fromkeys(["quilt", "quilting", "quilters", "quilters'", "sewing", "needlework", "embroidery"], "quilting"),
    **dict.fromkeys(["knitting", "knitters", "crochet", "yarn", "stitch", "stitching"], "knitting"),
    **dict.fromkeys(["book", "books", "reading", "readers", "readers'", "literary"], "book"),
    **dict.fromkeys(["walking", "walkers", "hiking", "hikers", "rambling", "ramblers", "mall walking"], "walking"),
    **dict.fromkeys(["running", "runners", "jogging", "cycling", "cyclists", "bike", "biking"], "running"),
    **dict.fromkeys(["birding", "birdwatching", "bird-watching", "bird watching", "birders", "audubon"], "birding"),
    **dict.fromkeys(["photography", "camera", "photo"], "photography"),
    **dict.fromkeys(["genealogy", "family history", "historical", "history", "heritage"], "history"),
    **dict.fromkeys(["craft", "crafts", "crafting", "scrapbooking", "woodworking", "woodcarving", "pottery"], "craft"),
    **dict.fromkeys(["art", "painting", "painters", "sketching", "watercolor", "watercolour"], "art"),
    **dict.fromkeys(["writing", "writers", "writers'", "poetry"], "writing"),
    **dict.fromkeys(["red hat", "red hatters", "red hat society"], "red hat"),
    **dict.fromkeys(["supper", "dinner", "lunch", "luncheon", "coffee", "wine", "cooking", "recipe"], "supper"),
    **dict.fromkeys(["rotary", "kiwanis", "lions", "women's institute", "wi"], "service"),
    **dict.fromkeys(["widows", "grief", "bereavement"], "support"),
}
_S45L_KIND = vocab.alternation(tuple(sorted(_S45L_KINDS, key=lambda w: (-len(w), w))))
_S45L_GROUP = r"(?:club|group|guild|society|chapter|circle|bee|ladies|league|klatch|meetup)s?"
_S45L_JOINED = patterns.lazy(
    _I + r"(?:(?i: have|'ve|'m| am|m))? (?:(?i:just|finally|now|also|recently|officially|still) )*(?i:joined|"
    r"(?:in|a member of|part of|a member at)|belong to|go to|started going to|signed up (?:for|with)|"
    r"(?:play|walk|knit|quilt|sew|read|garden|hike|run|ride|paint|meet) (?:in|with)) "
    r"(?i:a|an|the|our|my|this) (?:(?i:new|weekly|monthly|local|little|ladies|ladies'|mens|men's|women's|senior|church|"
    r"neighborhood|neighbourhood|community|library|village|town) )*(?P<v>(?:(?P<name>(?:(?!(?i:"
    + _S45L_KIND
    + r")\b)[A-Z][\w'&.-]* ){1,3}))?(?P<kind>(?i:"
    + _S45L_KIND
    + r")) (?P<group>(?i:"
    + _S45L_GROUP
    + r")))\b"
    r"|(?:^|(?<=[\s,;(]))(?P<rh>(?i:I(?:'m| am)? (?:now |also |officially )?(?:a|one of the) red hatters?))\b"
)
_S45L_CLUB_ASKED = patterns.lazy(
    r"\b(?:what|which) (?P<kind>(?i:"
    + _S45L_KIND
    + r")) (?i:"
    + _S45L_GROUP
    + r") (?:am i|do i|i'm|im|have i) (?:in|with|part of|a member of|belong to|go to|joined|attend)\b",
    re.IGNORECASE,
)


def _s45l_clubs(text: str) -> list[Said]:
    """The clubs of a kind other than a card game's the person says they joined or are in (`_S45L_JOINED`): "<kind>
    club" = the club as said ("aurora garden club", "book club")."""
    out: list[Said] = []
    held = _may_hold(_S45L_GROUP_WORDS, text) and _S45L_GROUP_WORDS.search(text)  # (its search: 9 us a text)
    for sentence in sentences(text) if held else ():
        if asks(sentence):
            continue
        for found in _S45L_JOINED.finditer(sentence):
            before = sentence[: found.start()]
            if _HEDGE.search(_unhedged_from(before) + " " + found.group(0)) or vocab.someone_else(before[-40:]):
                continue
            if found.group("rh"):
                out.append(Said("red hat club", "red hat", "Red Hat", PREFERENCE))
                continue
            kind = _S45L_KINDS[found.group("kind").casefold()]
            shown = found.group("v").strip()
            out.append(Said(f"{kind} club", _norm(shown), shown, PREFERENCE))
    return out


_S45L_GROUP_WORDS = patterns.lazy(
    r"(?i:club|group|guild|society|chapter|circle|\bbee\b|ladies|league|klatch|meetup|hatter)"
)


# ("what clubs am I in", "which groups do I belong to": every kind's club, the card club's too)
_S45L_ANY_CLUB_ASKED = patterns.lazy(
    r"\b(?:what|which) (?:clubs?|groups?|societies|guilds?) (?:am i|do i|i'm|im) (?:in|with|part of|a member of|"
    r"belong to|go to)\b",
    re.IGNORECASE,
)


def _s45l_read(text: str) -> list[Said]:
    """What the rules of this block read in a text (`read`): a club of a kind, a job done with."""
    return _s45l_clubs(text) + _s45l_past_jobs(text)


def _s45l_asked(query: str) -> set[str]:
    """The club of a kind a question asks about ("what book club am I in": book club; `_s45l_clubs`), and the past
    job ("where did I work as a nurse": past job:nurse; `_s45l_past_jobs`)."""
    found = _S45L_CLUB_ASKED.search(query)
    clubs = {f"{_S45L_KINDS[found.group('kind').casefold()]} club"} if found is not None else set()
    if _S45L_ANY_CLUB_ASKED.search(query) is not None:
        clubs |= {"club", *(f"{kind} club" for kind in _S45L_KINDS.values())}
    return clubs | _s45l_asked_past(query)


# (3) A job held for years and done with, said in passing ("I WAS A NURSE FOR 38 YEARS AT MEMORIAL HOSPITAL IN AURORA
# SO I KNOW ABOUT BOTULISM", "I taught at Lincoln Elementary for 30 years", "i worked as a welder at the deere plant
# for 12 years"): where the person worked as that, "past job:<role>", which "where did I work as a nurse" asks (wilma's
# Pink Lady sign-up, "I WORK THE GIFT SHOP ... I FEEL LIKE A NURSE AGAIN", had come first: it holds both words). Only
# with its years and in the past ("I was", "I worked", "I spent"): not "I've worked at X for 5 years" (now), nor a
# plan or someone else's ("my sister was a nurse for 30 years at ...").
_S45L_YEARS = r"(?:(?:over|almost|nearly|about|around|close to|more than) )?(?:\d{1,2}|[a-z]+(?:[- ][a-z]+)?) years"
_S45L_WHERE = r"(?P<v>(?:the )?(?:" + _NAME + "|" + _LOW_EMPLOYER + "))"  # (not "at home", "at a school")
_S45L_ROLE = r"(?i:a|an) (?P<role>[A-Za-z]+(?: [a-z]+)?)"
_S45L_PAST_JOB = patterns.lazy(
    r"(?:^|(?<=[\s,;(]))(?:I|i) (?:(?:was|worked as) "
    + _S45L_ROLE
    + r"(?: for "
    + _S45L_YEARS
    + r" (?:at|in|for) "
    + _S45L_WHERE
    + r"| (?:at|in|for) "
    + _S45L_WHERE.replace("P<v>", "P<v2>")
    + r" for "
    + _S45L_YEARS
    + r")|spent "
    + _S45L_YEARS
    + r" as "
    + _S45L_ROLE.replace("P<role>", "P<role2>")
    + r" (?:at|in|for) "
    + _S45L_WHERE.replace("P<v>", "P<v3>")
    + r"|(?P<verb>taught|nursed|worked) (?:at|in|for) "
    + _S45L_WHERE.replace("P<v>", "P<v4>")
    + r" for "
    + _S45L_YEARS
    + r"(?: as "
    + _S45L_ROLE.replace("P<role>", "P<role3>")
    + r")?)(?![\w'&-])"
)
_S45L_BY_VERB = {"taught": "teacher", "nursed": "nurse"}
_S45L_PAST_ASKED = patterns.lazy(
    r"\b(?:where|which (?:hospital|school|company|firm|place)|what (?:hospital|school|company|firm|place)) "
    r"(?:did|do) i (?:use to |used to )?(?:work|teach) (?:at )?as (?:a|an) (?P<role>[a-z]+(?: [a-z]+)??)\s*\??$",
    re.IGNORECASE,
)


def _s45l_past_jobs(text: str) -> list[Said]:
    """Where the person worked as a role for years, done with (`_S45L_PAST_JOB`): "past job:<role>" = the place."""
    out: list[Said] = []
    for sentence in sentences(text) if "years" in text.casefold() else ():
        sentence = sentence.lower() if sentence.isupper() else sentence  # (a name in capitals reads to its end)
        for found in _S45L_PAST_JOB.finditer(sentence):
            before = sentence[: found.start()]
            if _HEDGE.search(_unhedged_from(before)) or vocab.someone_else(before[-40:]) or asks(sentence):
                continue
            groups = found.groupdict()
            role = groups["role"] or groups["role2"] or groups["role3"] or _S45L_BY_VERB.get(groups["verb"] or "")
            shown = _untrailed(next(g for g in (groups[f"v{k}"] for k in ("", "2", "3", "4")) if g)).strip(" .,'")
            shown = re.sub(r"^(?i:the) ", "", shown)
            if role is None or not shown or shown.casefold() in tokens.STOPWORDS or vocab.place(shown) is not None:
                continue
            out.append(Said(f"past job:{_ROLE_KINDS.get(role.casefold(), role.casefold())}", _norm(shown), shown, FACT))
    return out


def _s45l_asked_past(query: str) -> set[str]:
    """The past job a question asks about ("where did I work as a nurse": past job:nurse; `_s45l_past_jobs`)."""
    found = _S45L_PAST_ASKED.search(query)
    return (
        {f"past job:{_ROLE_KINDS.get(found.group('role').casefold(), found.group('role').casefold())}"}
        if found
        else set()
    )


# -- session 45: spelling by ear (kayla) ----------------------------------------------------------------------------
# Someone who spells by ear (the blind kayla fixture) writes the words the rules key on as they sound, and not the same
# way twice: every rule keyed on "moved", "apartment", "manager", "doctor", "insurance", "switched" missed its misspelt
# forms, and the lists' names missed "wells fargoe", "verison", "albuquerqe". `_s45k_spelt` is one pass before every
# rule (`read`) and every question (`asked`), shared by all of them: a word of five letters or more that is no word of
# the dictionary (`vocab.model_words`: the embedding model's whole words, or an ending on one: "mowed" is "mow" +
# "ed") is read as the one key word of the rules (`_S45K_KEYS`) or word of a list's name (banks, carriers; a city's for a
# word of seven letters or more) it is one edit from (two for a word of eight or more; a swap of two letters is one
# edit). A real word is never changed ("brake", "least", "bunk", "mowed"), nor a word two key words are as near.
# A key word has one spelling the world over: not "license", "counselor", "neighborhood", "pediatrician" (a British
# "licence", "counsellor" is no slip of the ear). The cost on an import: one set look-up a word; the near words are
# looked up by deletions (each key's, made once).
_S45K_KEYS = [
    "moved",
    "moving",
    "relocated",
    "relocating",
    "switched",
    "switching",
    "apartment",
    "apartments",
    "manager",
    "supervisor",
    "doctor",
    "dentist",
    "insurance",
    "prescription",
    "prescribed",
    "veterinarian",
    "boyfriend",
    "girlfriend",
    "husband",
    "fiance",
    "adopted",
    "joined",
    "started",
    "apprentice",
    "appointment",
    "league",
    "fitness",
    "bowling",
    "restaurant",
    "pharmacy",
    "therapist",
    "landlord",
    "roommate",
    "employer",
    "company",
    "promoted",
    "promotion",
    "certified",
    "certification",
    "married",
    "engaged",
    "divorced",
    "graduated",
    "university",
    "college",
    "church",
    "bought",
    "traded",
    "leased",
    "signed",
    "passed",
    "transferred",
    "working",
    "hired",
    "teacher",
    "nurse",
    "mechanic",
    "technician",
    "wireless",
    "mobile",
    "credit",
    "union",
    "checking",
    "savings",
    "account",
    "medication",
    "allergic",
    "allergy",
    "physician",
    "orthodontist",
    "chiropractor",
    "partner",
    "downtown",
    "house",
    "condo",
    "townhouse",
    "living",
    "renting",
    "canceled",
    "cancelled",
    "quitting",
    "quit",
    "retired",
    "service",
    "cleaning",
    "studying",
    "student",
    "degree",
    "internship",
    "contractor",
]
_S45K_WORD = re.compile(r"(?<![\w'])[A-Za-z]{5,}(?![\w'-])")  # (the last word of a name: "t-mobil")
_S45K_OPENS = re.compile(r"(?:^|[.!?\n]['\")\s]*)\s*\Z")  # what precedes a word that opens a sentence
_S45K_ENDINGS = ("s", "es", "ed", "d", "ing", "er", "ers", "ly", "'s")


def _s45k_known(word: str) -> bool:
    """A word of the dictionary, or one with an ending on one ("mowed", "bunks", "moving": "move" + "ing")."""
    words = vocab.model_words()
    if word in words or word in _s45k_names() or (word.endswith("in") and word + "g" in words):
        return True  # (a name of the lists: "sportage", "publix"; a dropped g: "gettin", "nothin")
    for end in _S45K_ENDINGS:
        stem = word[: -len(end)] if word.endswith(end) and len(word) - len(end) >= 4 else ""
        if stem and (stem in words or stem + "e" in words or (stem[-1:] == stem[-2:-1] and stem[:-1] in words)):
            return True
    return False


def _s45k_deletes(word: str, most: int) -> set[str]:
    found, edge = {word}, {word}
    for _ in range(most):
        edge = {w[:i] + w[i + 1 :] for w in edge for i in range(len(w))}
        found |= edge
    return found


@functools.cache
def _s45k_names() -> frozenset[str]:
    """Every word of every list's name (memory/data: cars, banks, carriers, cities, ...): words as written."""
    return frozenset(w for first in vocab.names().values() for name in first for w in name.words)


@functools.cache
def _s45k_listed() -> frozenset[str]:
    """The words of the lists' names `_s45k_index` holds that are no key word of the rules."""
    return frozenset(k.lstrip("+") for k in _s45k_index()[2]) - frozenset(_S45K_KEYS)


@functools.cache
def _s45k_index() -> tuple[array[int], array[int], tuple[str, ...]]:
    """Each deletion of a key word (up to two letters) or a list name's word (one: a name is read one edit off
    only) -> the words it is of, held as the deletions' hashes in order beside the word each is of (an index into
    the words). A dict of the ~49,000 deletions held ~19 MB in every process that met a misspelling (an import's
    peak among them); these arrays hold under 1 MB. Two deletions of one hash only add a candidate, which
    `_s45k_word` then weighs by its distance as any other."""
    keys = {(w, 5) for w in _S45K_KEYS}
    for file, attribute in vocab.FILES.items():
        if attribute in ("bank", "phone provider", "home", "medication"):
            least = 9 if attribute == "home" else 5  # (a surname near a town's name: "huffman", "hoffman")
            for line in (vocab.DATA / file).read_text(encoding="utf-8").splitlines():
                if line.strip() and not line.startswith(("#", "=", "^")):
                    keys |= {(w, least) for w in re.findall(r"[a-z]{5,}", vocab.fold(line.lstrip("~%")))}
    words = tuple(sorted({key if least == 5 else "+" + key for key, least in keys}))
    at = {word: i for i, word in enumerate(words)}
    # (session 50: life50) each pair (hash, word) as one int, hash * 2**bits + word: sorted as the pairs sort (a word's
    # index is under 2**bits), in a third of the time tuples took (~0.1 s of an import's first minute)
    bits = len(words).bit_length()
    pairs = sorted(
        {
            hash(gone) << bits | at[key if least == 5 else "+" + key]
            for key, least in keys
            for gone in _s45k_deletes(key, 2 if key in _S45K_KEYS else 1)
        }
    )
    low = (1 << bits) - 1
    return array("q", (pair >> bits for pair in pairs)), array("l", (pair & low for pair in pairs)), words


@functools.cache
def _s45k_longest() -> int:
    """The length of the longest word `_s45k_index` holds: a word longer by more than the letters it may
    drop shares no deletion with any."""
    return max((len(w.lstrip("+")) for w in _s45k_index()[2]), default=0)


def _s45k_near(word: str, most: int) -> set[str]:
    """The words of `_s45k_index` that share a deletion with `word` (up to `most` letters of it dropped)."""
    hashes, owners, words = _s45k_index()
    near: set[str] = set()
    for gone in _s45k_deletes(word, most):
        h = hash(gone)
        i = bisect.bisect_left(hashes, h)
        while i < len(hashes) and hashes[i] == h:
            near.add(words[owners[i]])
            i += 1
    return near


# A letter heard as another: a vowel for a vowel ("docter", "apartmint"), "s" for "z" or "c" ("verison", "servise").
# Any other letter for another is no slip of the ear but another word ("mowed" is not "moved", "bunk" not "bank").
_S45K_SOUNDS = ("aeiouy", "ckqsxz", "gj", "fv", "mn")


def _s45k_swap(x: str, y: str) -> int:
    """What writing `y` for `x` costs: nothing, one edit for a letter that sounds alike, else more than any allows."""
    return 0 if x == y else 1 if any(x in group and y in group for group in _S45K_SOUNDS) else 3


def _s45k_distance(a: str, b: str) -> int:
    """Edits from `a` to `b`: a letter added or dropped, one written for a letter it sounds like (`_s45k_swap`),
    two beside each other swapped."""
    row2: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        new = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            new[j] = min(row[j] + 1, new[j - 1] + 1, row[j - 1] + _s45k_swap(a[i - 1], b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                new[j] = min(new[j], row2[j - 2] + 1)
        row2, row = row, new
    return row[-1]


@text_cache(maxsize=65536)
def _s45k_word(word: str) -> str | None:
    """The key word a misspelt word (lower case) is, or None (a word, or no one key word near enough)."""
    if _s45k_known(word):
        return None
    most = 2 if len(word) >= 8 else 1
    if len(word) > _s45k_longest() + most:  # (exact: no deletion of it is one of a key; a 1,000-letter word's
        return None  # two-letter deletions were 500,000 strings: 3.7 s and 560 MB for one pasted blob)
    near = {
        k for k in _s45k_near(word, most) if (not k.startswith("+") or len(word) >= 9) and not _s45k_foreign(word, k)
    }
    # a list's name one edit off only ("genoveva" is a name of her own, two edits from "geneva")
    scored = sorted((_s45k_distance(word, k.lstrip("+")), k.lstrip("+")) for k in near)
    # (and for a word of six letters or more: "Baner", a part of Pune, is no "Banner")
    scored = [(d, k) for d, k in scored if d <= (1 if k in _s45k_listed() else most)]
    scored = [(d, k) for d, k in scored if len(word) >= 6 or k not in _s45k_listed()]
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][1]


def _s45k_foreign(word: str, key: str) -> bool:
    """Whether `word` is a key word (no list's name: "fargoe" is Fargo) with a letter more at its end: another
    language's word ("dentiste", "doctora")."""
    return len(word) == len(key) + 1 and word.startswith(key) and word[-1] in "aeo" and key in _S45K_KEYS


def _s45k_fixed(match: re.Match[str]) -> str:
    written = match.group(0)
    lower = written.casefold()
    if written != lower and written != written.capitalize():
        return written  # (an acronym or a name written with a capital inside)
    key = _s45k_word(lower)
    if key is None:
        return written
    if written != lower and key not in _s45k_listed() and not _S45K_OPENS.search(match.string, 0, match.start()):
        return written  # (the lead) a capital inside a sentence is a name's ("Pete Docter", "my boss Tom Mangager"), or
        # a list's name misspelt ("Verison")
    return key if written == lower else key.capitalize()


# (session 51: life51) The runs of words `_s45k_spelt` found read as written (none near a key word), so a turn's runs
# are looked at once a process, not once a turn (an import's turns say the same words again: ~3 us a turn); emptied
# by a forget (no word of a text held after it) and when it holds more than _S45K_PLAIN_MOST.
_S45K_PLAIN: set[str] = set()
_S45K_PLAIN_MOST = 50_000
on_drop(_S45K_PLAIN.clear)


@text_cache(maxsize=4096)
def _s45k_spelt(text: str) -> str:
    """`text` with each misspelt word read as the key word or list name it is near (`_s45k_word`)."""
    # (session 50: life50) Every match of `_S45K_WORD` is one whole run of `_word_runs` (found once for `_unspelled` and
    # `_typed_out` too) of five ASCII letters or more; a run the search passes over (one before a hyphen) only adds a
    # word looked up: where it is near a key word the sub below runs, and reads the text as its search does.
    runs = _word_runs(text).difference(_S45K_PLAIN)  # (each run is told alone: one told before is told the same)
    if not runs:
        return text
    words = [run.lower() for run in runs if len(run) >= 5 and run.isascii() and run.isalpha()]
    unknown = set(words).difference(vocab.model_words())
    if all(_s45k_word(word) is None for word in unknown):
        if len(_S45K_PLAIN) > _S45K_PLAIN_MOST:
            _S45K_PLAIN.clear()
        _S45K_PLAIN.update(runs)
        return text  # (no word is near a key word: `_s45k_fixed` leaves each as written; a call a word, 6 us)
    return _S45K_WORD.sub(_s45k_fixed, text)


# Her own clauses of a run-on (the misspelt words read as `_s45k_spelt` reads them), each read apart: a clause that
# opens a question ("..., how do i move my direct deposit") is skipped alone, so the statement before it is still hers.
# The joining word's `\s+` only where a run of spaces starts (or after a newline, which the first branch takes):
# tried at each space of a long run it read the rest of the run each time (16,000 spaces: 2.3 s). A later space of
# a run ends where the first did, so it never matched where the first did not: the same splits.
_S45K_CLAUSES = patterns.lazy(r"[.!?\n]+|,\s*|(?<![^\S\n])\s+(?:bc|because|but|so)\s+")
# A run of spaces holding a newline (`_s45k_runs`), from where it starts: such a run ends a clause or joins two.
_S45K_NEWLINE_RUN = patterns.lazy(r"(?<!\s)\s*\n\s*")
_S45K_ASKS = patterns.lazy(
    r"^(?:how|what|whats|what's|should|can|could|is|will|would|do|does|are|any|why|when|where|which|who|whos)\b"
)
_S45K_HEDGE = patterns.lazy(
    r"\b(?:if|might|maybe|thinking|want|wanna|gonna|going to|should|planning|plan to|hope|wish|would|could|need to|have to)\b"
)
# Whose: the clause opens with the person (or with the verb, as she types: "swiched from verison to crikcet"), not
# with someone else ("my mom switched ...", "luis bought ...").
_S45K_MINE = r"^(?:(?:[Oo]k|[Oo]kay|[Ss]o|so|and|well|lol|yay|finally|also|just|now)\s+)*(?:(?:[Ii]|[Ww]e|me and \w+)\s+)?(?:(?:just|finally|also|already|officially)\s+)*"
# (session 53: not an article, "and bought a Corolla" read the car "a", then nothing: the name is in capitals)
_S45K_NAME = r"(?!(?:a|an|the|my|our)\b)[a-z0-9][\w&'-]*(?: (?!(?:and|to|for|at|in|on|its|it's|but|so|now|thru|through|with|since|lol|because|bc|which|that|cause|from)\b)[a-z0-9][\w&'-]*){0,3}"
_S45K_READ = (
    # "sold my civic and bought a used ford f150": the car bought, the one sold is gone
    (
        "car",
        FACT,
        patterns.lazy(
            _S45K_MINE
            + r"(?:sold|traded in) my [\w -]+? and (?:bought|got) (?:a |an )?(?:used |new |certified )*(?P<v>"
            + _S45K_NAME
            + ")"
        ),
    ),
    # "we switched banks to newsenda credit union", "switched carriers to mint"
    (
        "bank",
        FACT,
        patterns.lazy(
            _S45K_MINE
            + r"(?:switched|moved|changed) (?:my |our )?(?:banks?|bank's|credit unions?) to (?P<v>"
            + _S45K_NAME
            + ")"
        ),
    ),
    (
        "phone provider",
        FACT,
        patterns.lazy(
            _S45K_MINE
            + r"(?:switched|moved|changed) (?:my |our )?(?:phone )?(?:carriers?|carrier's|plans?) to (?P<v>"
            + _S45K_NAME
            + ")"
        ),
    ),
    # "switched from verizon to cricket": what it is of, by the lists' name of the one switched from
    (
        None,
        FACT,
        patterns.lazy(
            _S45K_MINE
            + r"(?:switched|moved|changed) (?:my \w+ )?from (?P<old>"
            + _S45K_NAME
            + r") to (?P<v>"
            + _S45K_NAME
            + ")"
        ),
    ),
    # "i have blue cross insurance thru work", "now im on presbyterian insurance": the insurer, not a kind of cover
    (
        "insurance",
        FACT,
        patterns.lazy(
            _S45K_MINE
            + r"(?:have|got|(?:i'?m|im) on|(?:we'?re|were) on|switched to) (?!(?:no|good|bad|any|some|the|my|cheap|better|car|auto|health|dental|vision|life|renters?|home|pet|travel|medical|full|basic|state)\b)(?P<v>(?!(?:my|our|his|her|their|your)\b)[a-z][\w&-]*(?<!ed)(?: (?!(?:my|our|his|her|their|your)\b)[a-z][\w&-]*)?) (?:health )?insurance\b"
        ),
    ),
    # "my boyfriend marcus birthday is next week": the name after the word, no everyday word ("my boyfriend always")
    (
        "partner",
        IDENTITY,
        patterns.lazy(r"(?:^|\s)my (?:new )?(?:boyfriend|girlfriend|fiance|fiancee) (?P<v>[a-z][a-z'-]+)\b"),
    ),
    # "canceled planet fitness and joined the genoveva chaves center", "i go to planet fitness": where the text speaks
    # of working out (`_S45K_GYM_SAID`), a place whose name ends in a gym's word
    (
        "gym",
        FACT,
        patterns.lazy(
            _S45K_MINE
            + r"(?:(?:canceled|cancelled|quit|left) [\w ]+? and )?(?:go to|joined|signed up (?:at|for)|switched to) "
            r"(?:the )?(?P<v>[a-z][\w'-]*(?: [a-z][\w'-]*){0,2} (?:fitness|gym|rec center|center|ymca|athletic club))\b"
        ),
    ),
    # "im in a tuesday nite bowling league", "joined a coed softball league": a league of her game, a club ("what
    # league am i in" asks the club)
    (
        "club",
        FACT,
        patterns.lazy(
            _S45K_MINE + r"(?:(?:i'?m|im) in|joined|signed up for|play in|bowl in) (?:a |an |the )?(?:[\w-]+ ){0,3}?"
            r"(?P<v>(?!(?:a|an|the|new|coed|local|work)\b)[a-z]+) league\b"
        ),
    ),
    # "my rent is 950 for my apartment near nob hill": where her own place is, in lower case
    (
        "home",
        IDENTITY,
        patterns.lazy(
            r"(?:^|\s)my (?:apartment|apt|place|house|condo|duplex|trailer) (?:is )?(?:in|near|off|by) "
            r"(?P<v>(?!(?:the|a|an|my|our|work|school|campus|here|there|town|walking)\b)[a-z][a-z]+"
            r"(?: (?!(?:and|to|for|at|in|on|but|so|now|with|since|lol|bc|which|that|from|is|was)\b)[a-z]+)?)\b"
        ),
    ),
    # "i need a new doctor ... i got a appointment with dr okafor": where the text says a new one (`_S45K_NEW_DOCTOR`)
    (
        "doctor",
        FACT,
        patterns.lazy(
            _S45K_MINE + r"(?:got|have|made|booked) (?:a |an )?(?:appointment|appt) with (?P<v>dr\.? [a-z][\w'-]+)"
        ),
    ),
    # "my boss is dwayne hes kinda strict": a name typed in lower case, no everyday word ("my boss is nice")
    (
        "manager",
        IDENTITY,
        patterns.lazy(r"(?:^|\s)(?:my (?:new )?(?:boss|manager|supervisor) is) (?P<v>[a-z][a-z'-]+)\b"),
    ),
)


_S45K_GYM_SAID = patterns.lazy(r"\b(?:gym|fitness|work ?out|workouts?|pool|treadmill|lifting|classes)\b")
_S45K_NEW_DOCTOR = patterns.lazy(r"\bnew (?:doctor|dentist|pcp|primary care|obgyn|therapist)\b")
_S45K_GATED = {"gym": _S45K_GYM_SAID, "doctor": _S45K_NEW_DOCTOR}


def _s45k_run(match: re.Match[str]) -> str:
    """A run of spaces holding a newline as the newline, and one space after it if the run held any: the same
    clauses (a newline splits, so the run is never inside one; the joining word's split needs the space), read
    once. A run of 8,000 "\\n " was read again from each space to the run's end (0.4 s)."""
    return "\n " if match.group().replace("\n", "") else "\n"


def _s45k_clauses(text: str) -> list[str]:
    """Her own statements' clauses: not a question's, a plan's, a hope's (`_S45K_ASKS`, `_S45K_HEDGE`)."""
    out = []
    for clause in _S45K_CLAUSES.split(_S45K_NEWLINE_RUN.sub(_s45k_run, text)):
        clause = clause.strip()
        if clause and _S45K_ASKS.search(clause.casefold()) is None and _S45K_HEDGE.search(clause.casefold()) is None:
            out.append(clause)
    return out


def _s45k_value(attribute: str | None, memory_type: str, match: re.Match[str]) -> Said | None:
    """The value a `_S45K_READ` match gives, or None (an everyday word for a name; a switch of nothing listed)."""
    shown = match.group("v").strip()
    if attribute is None:  # "switched from X to Y": X a bank or a carrier of the lists
        listed = vocab.names().get(vocab.fold(match.group("old").split()[0]), ())
        kinds = {n.attribute for n in listed if " ".join(n.words) == vocab.fold(match.group("old"))}
        attribute = "bank" if "bank" in kinds else "phone provider" if "phone provider" in kinds else None
        if attribute is None:
            return None
    if attribute in ("manager", "partner") and (vocab.not_a_name(shown) or shown in tokens.STOPWORDS):
        return None  # ("my boyfriend always cooks", "my boss is away")
    if attribute == "manager" and _s45k_known(shown):
        return None  # (after "is", a word of how someone is: "my boss is nice", "my boss is strict")
    shown = shown + " league" if attribute == "club" else shown
    return Said(attribute, _norm(shown), shown, memory_type)


def _s45k_over(out: dict[str, Said], text: str) -> dict[str, Said]:
    """`out` with `_s45k_read`'s readings where no rule read the attribute; a car bought over the one sold."""
    for said in _s45k_read(text):
        ruled = out.setdefault(said.attribute, said)
        if said.attribute == "car" and ruled is not said and said.value != ruled.value:
            out["car"] = said
    return out


_S45K_SAYS = patterns.lazy(
    r"sold|traded|switched|moved|changed|insurance|boss|manager|supervisor|friend|fiance|go to|joined|appointment|league|my apartment|my apt|my place|my house|my condo|my duplex|my trailer"
)


def _s45k_read(text: str) -> list[Said]:
    """(session 45: kayla) What her lower-case run-ons say of a car bought, a bank or carrier switched to, an
    insurer, a gym, a league, her place, a new doctor, a boss, a partner (`_S45K_READ`), read clause by clause (`_s45k_clauses`)."""
    if not _may_hold(_S45K_SAYS, text) or _S45K_SAYS.search(text) is None:
        return []
    out: list[Said] = []
    # (the whole text's gates once, not once a clause: 1,100 clauses of "I moved to Porto." took 1.6 s)
    shut = {attribute for attribute, gate in _S45K_GATED.items() if gate.search(text) is None}
    for clause in _s45k_clauses(text):
        if _S45K_SAYS.search(clause) is None:
            continue  # (a clause of none of the words: a long run of "Dr. " is thousands of them)
        for attribute, memory_type, pattern in _S45K_READ:
            if attribute in shut:
                continue
            match = pattern.search(clause)
            said = _s45k_value(attribute, memory_type, match) if match is not None else None
            if said is not None:
                out.append(said)
    return out


# -- session 46: an agent's third person ---------------------------------------------------------------------------
# An agent's note of the person (mem0's style, MCP, the library): "User lives in Boston", "The user moved to Chicago
# last month", "User's new employer is Stripe". "User" or "the user" as the subject of a verb, and "User's" before what
# they have, are the person, as "I" and "my" are: `as_the_person` says them so before any rule reads a sentence
# (`read`, `says_of_self`, correction.different_subjects), so no rule needs a copy of its own. Not a user who is
# someone else ("a user on Reddit moved to Denver", "another user", "users moved to the new API"), nor a noun that is
# no subject ("User testing showed ...", "User research", "the user interface", "the user's manual", "Userman").
_S46U_BASES = (  # noqa: SIM905 (a word list reads best as words)
    "live work move start join leave switch use own drive rent bank study teach attend go take play train speak prefer "
    "like love hate enjoy eat run follow need want plan intend hope expect get keep stay commute visit wear volunteer "
    "manage lead report belong come hail identify earn make pay ride cycle swim practice practise write read cook shop "
    "see sleep wake walk choose avoid drink smoke vape buy sell date marry divorce adopt quit retire graduate finish "
    "relocate celebrate spend send watch listen support vote pray worship believe think feel try mention say call text "
    "remember forget lift do deal suffer struggle receive recover undergo serve coach mentor care look raise parent "
    "babysit lease share split host fly travel telecommute know miss wish"
).split()


def _s46u_third(base: str) -> str:
    """A verb's third person singular: "live" -> "lives", "teach" -> "teaches", "study" -> "studies"."""
    if base.endswith(("ch", "sh", "s", "x", "o")):
        return base + "es"
    if base.endswith("y") and base[-2] not in "aeiou":
        return base[:-1] + "ies"
    return base + "s"


_S46U_BASE_OF = {_s46u_third(base): base for base in _S46U_BASES}
_S46U_NOW = (
    r"(?:(?:now|recently|currently|just|still|also|finally|officially|actually|already|then|later|eventually|soon|"
    r"originally|previously|formerly|since|again|usually|always|often|mostly|only|no longer)\s+){0,2}"
)
_S46U_MODAL = (
    r"got|left|went|began|became|bought|sold|quit|took|had|was|wasn't|did|didn't|made|came|rode|ran|drove|wrote|found|"
    r"lost|met|paid|said|told|won|gave|fell|broke|split|spent|sent|kept|felt|thought|chose|grew|swam|flew|drank|ate|"
    r"taught|brought|caught|sought|wed|never|[a-z]{2,}ed"
)  # (no modal: "the user can apply", "the user should be able to" is an app's spec, not a life)
_S46U_SUBJECT = patterns.lazy(r"(?<![\w'’-])(?P<the>[Tt]he\s+)?[Uu]ser(?P<s>['’]s)?(?![\w'’-])")
# where a bare "User" opens a clause: a text, a line, a bullet, after a sentence, a comma or a conjunction
# (not after a relative "that", "where", "if": "things that the user wants", "if the user has the rights" in a spec)
_S46U_OPENS = patterns.lazy(
    r"(?:^|[\n.!?;:,(]\s*|[-*•]\s+|\b(?i:and|but|so|then|because|since|after|before|while|though|now)\s+)$"
)
# where a bare lower-case "user" (not "views, user defined") or "User's" opens ("the user's phone will be ...")
_S46U_OPENS_LINE = patterns.lazy(r"(?:^|[\n.!?:]\s*|[-*•]\s+)$")
_S46U_VERB = patterns.lazy(
    r"\s+(?P<now>" + _S46U_NOW + r")(?:(?P<be>is|isn't)|(?P<have>has|hasn't)|(?P<do>does|doesn't)"
    r"|(?P<past>" + _S46U_MODAL + r")|(?P<third>" + "|".join(sorted(_S46U_BASE_OF, key=len, reverse=True)) + r"))"
    r"(?![\w'’-])"
)
# what the user said of themselves: "User mentioned that they moved to Denver", "The user said she works at Stripe"
_S46U_SAYS = patterns.lazy(
    r"said|say|mentioned|mention|noted|note|shared|share|stated|state|reported|report|explained|explain|"
    r"confirmed|confirm|indicated|indicate|told us|tell us|added|add|wrote|write"
)
_S46U_TOLD = patterns.lazy(
    r"(?P<that>,?\s+(?:that\s+)?)(?:they|he|she)\s+(?P<now>"
    + _S46U_NOW
    + r")(?:(?P<be>is|isn't|are|aren't|were|weren't)"
    r"|(?P<have>has|hasn't|have|haven't)|(?P<do>does|doesn't|do|don't)|(?P<past>" + _S46U_MODAL + r")"
    r"|(?P<third>" + "|".join(sorted(_S46U_BASE_OF, key=len, reverse=True)) + r")"
    r"|(?P<base>" + "|".join(sorted(_S46U_BASES, key=len, reverse=True)) + r"))(?![\w'’-])"
)
_S46U_THEY_TO = {"are": "am", "aren't": "am not", "were": "was", "weren't": "wasn't"}
_S46U_TO = {"is": "am", "isn't": "am not", "has": "have", "hasn't": "haven't", "does": "do", "doesn't": "don't"}
# "User's" is "User is" or "User has" before these ("User's moving to Denver", "User's been vegan"), else it is "my"
_S46U_IS = patterns.lazy(
    r"\s+(?:(?P<been>been|got)|[a-z]{3,}ing|now|currently|still|no longer|not|never|a|an|in|at|from|based|married|"
    r"engaged|retired|pregnant|vegan|vegetarian|single|divorced|widowed|allergic|originally|also|back|on|off|with)"
    r"(?![\w'’-])"
)
# a thing of a product called the user's, not of the person ("the user's manual", "user's guide")
_S46U_NOT_THEIRS = patterns.lazy(r"\s+(?:manual|guide|handbook|agreement|license|licence|session|account|input|data)\b")


def as_the_person(text: str) -> str:
    """`text` with an agent's "User" / "the user" as the subject of a verb said as "I", and "User's" before what is
    theirs as "my" ("User lives in Boston" -> "I live in Boston", "User's wife is Sarah" -> "my wife is Sarah"), and a
    text that opens with no subject as the person's ("Lives in Boston" -> "I live in Boston": `_s47_subjectless`)."""
    text = subjectless(text)
    if "ser" not in text:
        return text
    out: list[str] = []
    at = 0
    for match in _S46U_SUBJECT.finditer(text):
        if match.start() < at:
            continue
        said = _s46u_said(match)
        if said is not None:
            out += [text[at : match.start()], said[0]]
            at = said[1]
    return "".join(out) + text[at:] if out else text


# An agent's question of "the user" said of oneself (`asked`), as `asked_of` says one of a name: "where does the
# user live" is "where do I live", "the user's wife" is "my wife". Only where "user" asks as a subject or an owner:
# "does the user interface support it", "where does a user on Reddit live" ask nothing of the person.
_S46U_ASKED = tuple(
    (patterns.lazy(pattern.replace("WHO", r"(?<![\w'’-])(?:the\s+)?user"), re.IGNORECASE), said)
    for pattern, said in (
        (r"WHO(?:'s|’s|s')(?= )(?! (?:manual|guide|handbook|agreement|licen[cs]e|session|account|input|data)\b)", "my"),
        (r"\bdoes WHO(?= (?!interface\b)[a-z])", "do I"),
        (r"\bdid WHO(?= (?!interface\b)[a-z])", "did I"),
        (r"\bis WHO(?= (?!interface\b)[a-z])", "am I"),
        (r"\bhas WHO(?= (?!interface\b)[a-z])", "have I"),
        (r"\bwas WHO(?= (?!interface\b)[a-z])", "was I"),
    )
)


def _s46u_asked(query: str) -> str:
    """`query` with an agent's "the user" asked as the person ("what car does the user drive": "do I")."""
    if "ser" not in query:
        return query
    for pattern, said in _S46U_ASKED:
        query = pattern.sub(said, query)
    return query


def _s46u_straight(text: str) -> str:
    """`straight(text)` with an agent's "User" in the first person (`as_the_person`): what `read` reads."""
    return as_the_person(straight(text))


def _s46u_said(match: re.Match[str]) -> tuple[str, int] | None:
    """One "User" (`_S46U_SUBJECT`) in the first person and where its words end, None where it is no subject of the
    person (a noun's modifier, another user)."""
    before, after = match.string[: match.start()], match.string[match.end() :]
    where = _S46U_OPENS_LINE if match.group(0)[0] == "u" or match.group("s") else _S46U_OPENS
    if where.search(before[-24:]) is None:
        return None  # "a user", "another user", "power user", "from the user's perspective", "what the user needs"
    if match.group("s"):
        if _S46U_NOT_THEIRS.match(after) is not None:
            return None
        if (is_ := _S46U_IS.match(after)) is not None:
            return ("I've" if is_.group("been") else "I'm"), match.end()
        opens = not before.strip() or before.rstrip()[-1] in ".!?\n-*•"
        return ("My" if opens else "my"), match.end()
    verb = _S46U_VERB.match(after)
    if verb is None:
        return None  # "User testing showed", "the user interface"
    now, word = verb.group("now"), verb.group(verb.lastgroup or "past")
    if verb.lastgroup == "third":
        word = _S46U_BASE_OF[word]
    elif verb.lastgroup != "past":
        word = _S46U_TO[word]
    end = match.end() + verb.end()
    told = _S46U_TOLD.match(match.string, end) if _S46U_SAYS.fullmatch(word) is not None else None
    if told is None:
        return "I " + now + word, end
    return "I " + now + word + told.group("that") + "I " + told.group("now") + _s46u_they(told), told.end()


def _s46u_they(told: re.Match[str]) -> str:
    """The verb after "they", "he" or "she" in what the user said (`_S46U_TOLD`) in the first person."""
    word = told.group(told.lastgroup or "past")
    if told.lastgroup == "third":
        return _S46U_BASE_OF[word]
    return {**_S46U_TO, **_S46U_THEY_TO}.get(word, word)


# "I left X for Y" is a change of employer only where X and Y are workplaces: a bank, a carrier, a supplier or a
# pharmacy of the lists, a gym, a doctor or a school left for another is that ("I left Barclays for Monzo" is the
# bank, Barclays -> Monzo; "I left Dr Patel for Dr Okafor" the doctor; "we left PureGym for Anytime Fitness" the
# gym). Where the sentence says a job ("for a product role", "I work in payments", a teacher's "I teach"), it stays
# the employer, as `_not_a_customer_but_work` keeps a bank of the lists joined as a job.
_S46U_SUPPLIED = frozenset(["bank", "phone provider", "internet", "energy", "pharmacy"])
_S46U_DOCTOR = patterns.lazy(r"^(?:Dr\.?|Doctor|Dr\.? ?med\.?) [A-Z]")
_S46U_GYM = patterns.lazy(
    r"(?:Gym|Fitness)\b|\b(?:CrossFit|Leisure Cent(?:re|er)|Health Club|Athletic Club|Boxing Club)\b"
)
_S46U_SCHOOL = patterns.lazy(r"\b(?:School|Academy|Primary|Nursery|Montessori|Sixth Form|Grammar|Kindergarten)\b")
_S46U_A_JOB = patterns.lazy(
    r"\b(?:job|role|position|hired|offer|salary|promot\w*|as (?:a|an|their|the) [\w-]+|team|colleagues?|"
    r"teach(?:ing|er)?|I work|work(?:ing)? (?:at|for|there)|career|recruit\w*|interview\w*)\b",
    re.IGNORECASE,
)


def _s46u_kind(name: str) -> str | None:
    """What a name left or gone to is, where it is no workplace of its own kind: a supplier or a pharmacy of the
    lists, a doctor, a gym, a school (`_S46U_SUPPLIED`, `_S46U_DOCTOR`, `_S46U_GYM`, `_S46U_SCHOOL`)."""
    if _S46U_DOCTOR.match(name) is not None:
        return "doctor"
    words = tuple(vocab.fold(w) for w in name.split())
    listed = vocab.names().get(words[0], ()) if words else ()
    kinds = {n.attribute for n in listed if n.words == words and (name[:1].isupper() or not n.capital)}
    if kinds & _S46U_SUPPLIED:  # (Santander is a city too: a city left for a city is read as a home first)
        return min(kinds & _S46U_SUPPLIED)
    if _S46U_GYM.search(name) is not None:
        return "gym"
    return "school" if _S46U_SCHOOL.search(name) is not None else None


def _s46u_left_for(sentence: str, old: str, new: str) -> Said | None:
    """(session 46) "I left X for Y" where Y is no workplace (`_s46u_kind`) and X one of its kind (a doctor, a gym or a
    school may be left unnamed): the new bank, carrier, doctor, gym or school; None for a job ("I left Google for Stripe") or in a sentence that says a job."""
    kind, was = _s46u_kind(new), _s46u_kind(old)
    if kind is None or was not in (kind, None) or (was is None and kind in _S46U_SUPPLIED):
        return None  # (a bank left for a firm or a firm for a bank is a job: "I left HSBC for Google")
    if _S46U_A_JOB.search(sentence) is not None:
        return None
    return Said(kind, _norm(new), new, FACT)


# ... and "I switched from X to Y", "we moved from X to Y" where both are of one kind that is no workplace ("I
# switched from Dr Patel to Dr Okafor", "moved from PureGym to Anytime Fitness", "I moved from EE to Three"): the new
# one of that kind, and neither side is where the person comes from or lives ("origin: ee", "home: oakwood academy").
_S46U_FROM_TO = patterns.lazy(
    r"(?:(?<![\w'])(?:I|i)|\b[Ww]e)(?: have|'ve)? (?:(?:just|finally|recently|officially) )?"
    r"(?:moved|switched|changed|transferred|swapped)(?: (?:my \w+|our \w+|\w+s))? from (?P<old>"
    + _NAME
    + "|"
    + _LOW_RUN
    + r") "
    r"(?:over )?to (?P<v>" + _NAME + "|" + _LOW_RUN + r")"
)


def _s46u_from_to(sentence: str) -> list[Said]:
    """(session 46) The new one of a kind moved to from another of it (`_S46U_FROM_TO`, `_s46u_kind`)."""
    out: list[Said] = []
    for found in _S46U_FROM_TO.finditer(sentence):
        if _HEDGE.search(sentence[: found.start()] + found.group(0)):
            continue
        old, new = (_untrailed(found.group(g)).strip(" .,'") for g in ("old", "v"))
        kind = _s46u_kind(new)
        if kind is not None and _s46u_kind(old) == kind and _S46U_A_JOB.search(sentence) is None:
            out.append(Said(kind, _norm(new), new, FACT))
    return out


def _s46u_not_a_place(out: dict[str, Said]) -> None:
    """An origin or a home read from a bank, a carrier, a doctor, a gym or a school that is no place of the lists
    ("I moved from EE to Three" is no origin EE; "from Hillside Primary to Oakwood Academy" no home)."""
    for attribute in ("origin", "home"):
        said = out.get(attribute)
        if said is not None and _s46u_kind(said.shown) is not None and vocab.place(said.shown) is None:
            del out[attribute]


# -- session 47: an agent's note with no subject -------------------------------------------------------------------
# mem0-style memory layers and agents over MCP write the person's facts with no subject at all: "Lives in Boston",
# "Married to Priya", "Wife's name is Sarah", "Currently works at Stripe". A text that OPENS so is the person's own
# (`as_the_person` says its opening in the first person, on every route: the CLI, the library, MCP, an import): a
# state ("Married to", "Allergic to", "Working at") after "I am"; a verb ("Lives", "Has", "Was promoted") as the
# agent's "User <verb>" is (one table of verbs, `_S46U_VERB`); a thing of theirs ("Name is Alex", "Wife's name is
# Sarah") after "My". Not a text opening with anyone else ("Tom lives", "Sister lives", "Tom: lives", a heading that
# names someone), a question ("Lives in Boston?"), a title ("Lives of the Saints"), a lower-case fragment.
_S47_STATES = frozenset(
    (  # noqa: SIM905 (a word list reads best as words)
        "married engaged divorced separated widowed single allergic vegetarian vegan pescatarian retired pregnant "
        "based interested intolerant lactose gluten celiac diabetic"
    ).split()
)
_S47_STILL = frozenset(["currently", "originally", "now", "still", "recently", "also"])  # "Currently living in Denver"
# what of theirs a subjectless note names before "is" ("Name is Alex", "Favorite color is blue", "Wife's name is")
_S47_THEIRS = frozenset(
    (  # noqa: SIM905 (a word list reads best as words)
        "name nickname birthday age job occupation profession employer hometown email phone address favorite "
        "favourite goal diet religion nationality pronouns dog cat pet car home"
    ).split()
) | frozenset(vocab.family())
_S47_OPENING = patterns.lazy(
    r"\s*(?:[-*•]\s+)?(?P<word>[A-Z][a-z]+(?:['’]s)?)(?P<rest>[ \t]+[^\n.!?]*)?(?P<end>[.!?]?)"
)
# the next word a verb of its own: the first word is someone's name ("Fred lives", "Jared has", "Ted moved")
_S47_SUBJECT = patterns.lazy(
    r"(?:(?:now|recently|currently|just|still|also)\s+)?(?:is|has|was|does|had|"
    + "|".join(sorted(_S46U_BASE_OF, key=len, reverse=True))
    + r"|[a-z]{2,}ed)(?![\w'’-])"
)
_S47_THIRD = patterns.lazy(r"(?<![\w'’-])(?i:his|her|hers|him|himself|herself|he|she)(?![\w'’-])")
_S47_AUXILIARY = frozenset(["is", "has", "was", "had", "does", "did"])  # "Was promoted", "Has moved"
_S47_TITLE = patterns.lazy(r"\s+of\b")  # a verb's noun ("Lives of the Saints", "Works of Shakespeare")
# Openings no note without a subject has: "I" is no word of `_S47_OPENING` (a capital, then lower case), and the others
# are words `_s47_said` says are none ("The", "My", "We", "Our", "User"), a space after each
_S47_NOT_OPENINGS = ("I ", "The ", "My ", "We ", "Our ", "User ")


def subjectless(text: str) -> str:
    """`text` with a subjectless opening of the person's life (`_S47_OPENING`) in the first person, and each sentence
    after it that opens so too ("Lives in Boston. Works at Google."), else as it is."""
    if text.startswith(_S47_NOT_OPENINGS):
        return text  # (session 50: life50) as `_s47_said` reads the first word, without a search along the sentence
    out: list[str] = []
    at = 0
    while (opening := _S47_OPENING.match(text, at)) is not None and opening.group("end") != "?":
        rest = opening.group("rest") or ""
        said = _s47_said(opening.group("word"), rest.strip()) if _S47_TITLE.match(rest) is None else None
        if said is None:
            break
        out += [text[at : opening.start("word")], said, opening.group("end")]
        at = opening.end()
    return "".join(out) + text[at:] if out else text


def _s47_said(first: str, rest: str) -> str | None:
    """An opening first word and what follows it in the person's words, None where it is no note of theirs."""
    word = first.casefold()
    if word.endswith(("'s", "’s")):
        return f"My {word} {rest}" if word[:-2] in _S47_THEIRS else None  # "Wife's name is Sarah", not "Tom's"
    if word in ("i", "my", "user", "the", "we", "our") or _S47_THIRD.search(rest) is not None:
        return None  # (and "Lives in Boston with his wife": a note of someone else, he or she)
    if word == "born":
        return f"I was born {rest}"
    if word in _S47_STATES:
        return f"I am {word} {rest}".rstrip()  # (before the verbs: "Married to" is no "I married to")
    if word in _S47_THEIRS and rest.split(" ", 1)[0] in ("is", "are", "was", "were"):
        return f"My {word} {rest}"  # "Name is Alex", "Favorite color is blue", "Sister is a nurse"
    if word not in _S47_AUXILIARY | _S47_STILL and _S47_SUBJECT.match(rest) is not None:
        return None  # a name that opens ("Fred lives in Boston", "Jared is a nurse"), no verb of theirs
    agent = f"User {word} {rest}".rstrip()  # (a verb as the agent's "User <verb>" is: "Lives" -> "I live")
    said = _s46u_said(next(_S46U_SUBJECT.finditer(agent)))
    if said is not None:
        return said[0] + agent[said[1] :]
    if word in _S47_STILL or (word.endswith("ing") and _s47_base(word[:-3])):
        return f"I am {word} {rest}".rstrip()  # "Working at Stripe", "Currently living in Denver"
    return None


def _s47_base(stem: str) -> bool:
    """Whether an "-ing" word's stem is a verb of the person's life ("work", "liv" of "live", "plann" of "plan")."""
    return any(base in _S46U_BASES for base in (stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else stem))
