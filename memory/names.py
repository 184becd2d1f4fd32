"""What the text of a chat turn says, without a model: its sentences (split around "Dr.", "e.g.",
"a.m."), the names it mentions (people, places, organisations, products), and what kind of turn
it is (a filler, a request to the assistant, a fact about the person, a dated event).

Rule-based on purpose (measured against spaCy's small English pipeline on tests/fixtures/life,
see docs/pages.md): a person's chats name their own people and places, which a capitalised run
inside a sentence finds; a run at a sentence's start counts only when it is a known name, a
titled name ("Dr. Weber") or a run of two or more words that does not start with a common word;
where capitals are style (a heading, a list item's head, after a colon, a title-cased line) only a
name known elsewhere; and a term the history writes in lower case elsewhere ("random forest") never.
Pure functions; the same text always gives the same answer.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from memory import clock, life, tokens, vocab
from memory.text import prose
from memory.textcache import text_cache


def wordset(text: str) -> frozenset[str]:
    """The words of a long literal as a set (easier to read and edit than a list of strings)."""
    return frozenset(text.split())


def curled(words: frozenset[str]) -> frozenset[str]:
    """The words, and each one with an apostrophe also as a phone types it ("i’m"): a page titled
    "I’m" had been made of every "I’m" in a chat typed with smart punctuation."""
    return words | {w.replace("'", "\u2019") for w in words if "'" in w}


# -- sentences ---------------------------------------------------------------------------------

MONTH_SHORT = wordset("jan feb mar apr jun jul aug sep sept oct nov dec")  # a month said short
# Words after which a full stop does not end a sentence (casefolded, without the final dot).
ABBREVIATIONS = MONTH_SHORT | wordset(
    "dr dra mr mrs ms mx prof st sr sra srta mme mlle jr mt ft no nos vs etc approx dept est fig inc ltd co corp "
    "mon tue tues wed thu thur thurs fri sat sun ca cf al ave rd blvd hr hrs min "
    "mins sec secs e.g i.e a.m p.m u.s u.k e.u ph.d b.sc m.sc n.b viz"
)
# a full stop, ! or ? (and closing quotes or brackets), then whitespace: a possible sentence end
_NEVER_LAST = frozenset(["e.g", "i.e", "cf", "vs", "approx"])
# (from a run's first mark only: from each mark of "......" the run was read to its end, a 16,000-character
# line of dots took 6 s)
_END = re.compile(r"(?<![.!?])[.!?]+[\"'”’)\]]*\s+")
_INITIALS = re.compile(r"[^\W\d_](?:\.[^\W\d_])+")  # "j.k", "j.r.r" (the last dot is the one split at)


def sentences(text: str) -> list[str]:
    """The sentences of one line of text: split after . ! ? and whitespace, except after an
    abbreviation ("Dr. Weber", "e.g. tofu", "8:30 a.m. tomorrow") or an initial ("J. Smith")."""
    flat = " ".join(text.split())
    if not flat:
        return []
    out: list[str] = []
    start = 0
    for found in _END.finditer(flat):
        end = found.end()
        piece = flat[start : found.start() + len(found.group(0).rstrip())]
        if found.group(0).startswith(".") and not found.group(0).startswith(".."):
            # the word before the mark (`flat` has single spaces), found back from it: a slice from the
            # sentence's start made "Dr. Dr. Dr. ..." quadratic
            last = flat[max(start, flat.rfind(" ", start, found.start()) + 1) : found.start()]
            last = last.casefold().lstrip("(\"'“‘")
            if last not in ABBREVIATIONS and _INITIALS.fullmatch(last):
                continue  # "J.K. Rowling", "J.R.R. Tolkien": initials, never a sentence's end
            if last in ABBREVIATIONS or (len(last) == 1 and last.isalpha()):
                following = flat[end : end + 1]
                # "at 8:30 a.m. Then we" ends a sentence only when what follows reads as one; after a
                # title (Dr., Mr.) a capital letter is the name, so it never does.
                # An initial ("J. Smith") and "e.g."/"i.e." never end one.
                if last in _NAME_PREFIXES or last in _NEVER_LAST or len(last) == 1 or not following.isupper():
                    continue
        out.append(piece.strip())
        start = end
    rest = flat[start:].strip()
    if rest:
        out.append(rest)
    return [s for s in out if s]


# -- names -------------------------------------------------------------------------------------

# A person's titles, before the name: written with a dot ("Dr.", "Sra.") or without ("Herr", "Mme"); "Sir"
# and "Dame" are part of the name ("Sir Alex Ferguson"), never taken off it.
_DOTTED_TITLES = ("Dr", "Dra", "Mr", "Mrs", "Ms", "Mx", "Prof", "Sr", "Sra", "Srta")
_PLAIN_TITLES = ("Herr", "Frau", "Mme", "Mlle")
UNDOTTED_TITLES = frozenset(t.casefold() for t in (*_PLAIN_TITLES, "Sir", "Dame"))  # never written "Herr."
TITLES = frozenset(t.casefold() for t in _DOTTED_TITLES) | UNDOTTED_TITLES
_NAME_PREFIXES = TITLES | {"st", "mt", "ft"}  # after "St." a capital letter is the rest of the name
# each title as written before a name -> as a name shows it ("Dr" -> "Dr.", "Mme." -> "Mme")
_TITLE_WORDS = {w: t + "." for t in _DOTTED_TITLES for w in (t, t + ".")} | {
    w: t for t in _PLAIN_TITLES for w in (t, t + ".")
}
# Lower-case words that may sit inside a name: "Miradouro de Santa Luzia", "Loja do Cidadão".
# A person's particles are the attribute reader's (`life.NAME_PARTICLES`: "van der Berg", "dos Santos", "ibn Sina").
_CONNECTORS = frozenset(life.NAME_PARTICLES)
_JOINED_PARTICLE = re.compile(r"(?:al|el)-[^\W\d_]")  # "al-Hassan", "el-Sayed": the particle is the word's own
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_MONTHS = list(clock.MONTHS)
# Contractions typed without their apostrophe and the fillers of a casual chat ("hes been limping",
# "im 65", "tbh", "lol"): a person who types in lower case writes them in every other line, so a
# page of their history was titled "Hes". Never a name, never the edge of a page's title (wiki/synth.py).
CASUAL = wordset(
    "im ive youre youve youd youll hes shes theyre theyve theyd theyll weve whats thats theres heres wheres "
    "whos hows dont doesnt didnt cant couldnt wouldnt shouldnt wont isnt arent wasnt werent hasnt havent hadnt "
    "mustnt neednt aint gonna wanna gotta kinda sorta outta lemme gimme dunno yall lol lmao haha hehe hmm ugh "
    "lets yeah yep yup nope nah ok okay btw tbh ngl idk imo imho omg thx pls plz tho cuz coz "
    # greetings and cries that lead a name between people: "Bye Caroline", "Wow Mel", "Congrats Jon"
    "bye byee goodbye congrats congratulations woohoo woo wow yay yayy aww awww whoa oh ooh ahh yikes cheers"
    " alright alrighty yoohoo hooray phew oops whoops"
    # and the praise a friend's reply opens with: "Awesome John!" had made a page of a real history
    " hey yo awesome wonderful fantastic"
    # (session 44: wiki29) and the particles that end a Singaporean's clause: jolene's "i not changing my surname
    # lah" and "not my salary lah" were a page "Lah"
    " lah lor meh hor"
)
# What a person tells an assistant to do ("Explain", "Write it again"): no name, no topic (wiki/synth.py).
ASKED = wordset(
    "explain describe rewrite summarize summarise translate generate elaborate outline pretend "
    "convert calculate continue repeat compare define provide suggest recommend write tell give"
)
# Capitalised words that are not names on their own: pronouns, calendar words, languages and
# nationalities (adjectives: "my Italian class"), and the chat's own speakers.
# Peoples and languages: no name alone ("other Korean dishes" had made a page titled "Korean"), the
# first word of one inside a sentence ("the Asian Games", "the British Museum": `_own_adjective`).
_PEOPLES = wordset(
    "english german italian french spanish portuguese austrian dutch european american british chinese japanese "
    "korean indian mexican thai vietnamese greek turkish russian polish brazilian canadian australian "
    "irish scottish welsh swedish norwegian danish finnish swiss belgian african asian arab arabic "
    "hebrew hindi persian egyptian moroccan lebanese ethiopian filipino indonesian ukrainian czech "
    "hungarian romanian argentinian colombian cuban jamaican caribbean latin nordic scandinavian "
    "mediterranean "
    # more of them: "Gambian cultural traditions" had made a page titled "Gambian"
    "gambian nigerian ghanaian kenyan senegalese somali sudanese tanzanian ugandan zimbabwean algerian tunisian "
    "libyan syrian iraqi iranian afghan pakistani bangladeshi nepali nepalese tibetan mongolian malaysian "
    "singaporean cambodian laotian burmese taiwanese peruvian chilean venezuelan ecuadorian bolivian uruguayan "
    "paraguayan haitian guatemalan honduran salvadoran nicaraguan panamanian icelandic estonian latvian "
    "lithuanian slovak slovenian croatian serbian bosnian bulgarian albanian macedonian armenian azerbaijani "
    "kazakh uzbek israeli jordanian saudi emirati qatari yemeni kurdish palestinian cypriot maltese catalan "
    "basque galician flemish bavarian sicilian tuscan neapolitan cajun hawaiian texan californian parisian "
    "celtic gaelic latino latina hispanic slavic balkan baltic cantonese punjabi bengali tamil telugu urdu "
    "gujarati swahili yoruba igbo zulu amharic maori"
)
NOT_NAMES = curled(
    frozenset(
        [
            "i",
            "q&a",  # a session's part, not a company
            "i'm",
            "i've",
            "i'd",
            "i'll",
            "ok",
            "okay",
            "hi",
            "hello",
            "thanks",
            *_WEEKDAYS,
            *(d + "s" for d in _WEEKDAYS),
            *wordset("mon tue tues wed weds thu thur thurs fri"),  # "Last Fri I finally took my kids..."
            *_MONTHS,
            "today",
            "tomorrow",
            "yesterday",
            # time nouns: "New Year" leaves "Year" once "New" is stripped, a day and not a name
            *wordset("year years week weeks month months day days weekend weekends tonight morning evening"),
            "christmas",
            "easter",
            *_PEOPLES,
            # a capitalised courtesy or a degree's letters ("Very good, Thank you.", "Ph.D.")
            *wordset("thank ph phd"),
            # abbreviations of things, not names ("the payments API", "a CSV file")
            *wordset(
                "api apis cpu gpu ram ssd usb sql url urls http https pdf csv json xml html css ci cd faq tv pc id ids "
                "eta am pm vpn dns ip ui ux pr prs qa os sdk cli gps sms otp pin iban vat tax nif"
            ),
            # an office email's shorthand and salutation, a date's month or a time's zone, abbreviated
            # ("Dear Sir, PFA the final guest count for the reception on 11th Feb", "8 30 am IST"):
            # pages titled "PFA", "Feb" and "IST BST" of a blind fixture's pasted emails. Not "Jan"
            # nor "Jun": first names.
            *wordset(
                "pfa fyi asap eod eow cob ooo wfh tbd tba rsvp aka pax sir madam "
                "feb mar apr jul aug sep sept oct nov dec "
                "ist bst gmt utc cet cest pst pdt edt aest aedt"
            ),
            # (session 43: wiki28) "Neither Sarah nor Ellie sews" had made harold's daughter's page "Neither Sarah"
            *wordset("neither either nor"),
            # what a person tells an assistant to do, capitalised after a comma ("Considering reddit
            # as a website, Explain what...") made a page titled "Explain"
            *ASKED,
            "user",
            "assistant",
            "system",
            "tool",
            "human",
            "ai",
            "chatgpt",
            "claude",
            "gpt",
            *CASUAL,
        ]
    )
)
# Words capitalised mid-sentence that are no name when they stand alone (in a longer name they stay:
# "Lord Byron", "God of War"): a cry or a prayer's address ("Lord I need help", "thank God", "ay Dios
# mío", "Gott sei Dank") and German's capitalised "you" of a letter ("Bitte schicken Sie diese", "Ihr
# Antrag"). Each had an entity page: grace's "Lord" and "God", marisol's "Dios", olena's "Sie".
NOT_NAMED_ALONE = wordset(
    "lord god dios gott dieu deus sie ihr ihre ihnen ihren ihrem ihrer"
    # (session 45: wiki30) and the German everyday nouns an expat writes inside English, capitalised as German
    # writes every noun: olena's "no Termin free in Bürgerbüro", "I have Termin next week" (an appointment) were a
    # page "Termin". What names an institution or a scheme of its own ("Anmeldung", "Jobcenter", "Kita") stays.
    " termin termine antrag formular wohnung vertrag rechnung"
)
# Words that start a sentence without being a name ("The Railjet", "My sister"): stripped from the
# front of a run at a sentence start.
COMMON = curled(
    wordset(
        "a an the my our your his her their its this that these those there here it he she we they you "
        "on in at to from for with by of and but or so if when while after before since until during "
        "is are was were be been am do does did can could would should will shall may might must "
        "what which who whom whose where why how yes no not also just then now maybe please thanks "
        "any some every each all both many much more most other another such one two three first last "
        "next new old good great nice hey hi hello dear ok okay well sure let let's got get booked passing "
        "here's that's it's what's there's i'm i've i'd i'll"
    )
    | CASUAL
)
# (session 45: wiki30) "My" in the other languages a person writes, at a sentence's start: maude's "Ma Civic 2011 fait
# un bruit" was a page "Ma Civic 2011" beside her page "Civic". Inside a sentence it stays ("I love Ma Rainey"); "son",
# "sa", "tu", "su" and "mi" ("Mi Band 7") are names' words too, and stay everywhere.
_OWN_ABROAD = wordset(
    "mon ma mes ton ta tes notre votre nos vos mis nuestro nuestra nuestros nuestras mein meine unser unsere"
)
# A run ending in one of these is an organisation (Brightline Analytics, Kestrel Maps).
_ORG_WORDS = wordset(
    "analytics maps inc ltd llc gmbh ag sa corp corporation company group labs bank university institute istituto "
    "instituto school college hospital clinic museum foundation agency studio studios volkshochschule"
)
# Heads of names made with "of" ("Bank of America", "University of Toronto", "Game of Thrones",
# "Lord of the Rings"): the run goes on over "of" (and "of the") only after one of these, as a
# person's name never is one ("Sarah of Acme Corp" stays two names). Split, a history of chats
# about a series had pages titled "Game" and "Thrones".
_OF_HEADS = wordset(
    "university bank museum institute college school academy department ministry church cathedral abbey "
    "statue house hall palace castle tower city republic kingdom empire isle island islands gulf bay cape "
    "lake sea temple society order league council court office bureau board federation union library "
    "hospital centre center festival chamber port fort mount province county state states district army "
    "navy corps guild brotherhood knights valley garden gardens "
    "game games lord lords lady king queen prince princess guardians pirates call age legend legends breath "
    "shadow band wheel clash planet night return rise fall chronicles tales tale book song story master "
    "masters curse attack battle siege heroes life lives history art theory origin wealth adventures picture "
    "secret secrets name world children man men women girl sword"
)
# The words after a possessive that keep it inside one name ("St Brigid's College").
_NAMED_BY_OWNER = wordset("college school hospital church cathedral university academy clinic park day eve")
_PLACE_WORDS = wordset(
    "street st road rd avenue ave platz gasse square lane park station bridge river lake mount "
    "miradouro rua praça largo avenida district"
)
_PERSON_CUES = re.compile(
    r"\b(?:my|our|his|her)\s+(?:new\s+|old\s+|former\s+)?(?:manager|boss|sister|brother|mother|mum|mom|father|dad|"
    r"partner|wife|husband|friend|colleague|teacher|doctor|physiotherapist|physio|dentist|landlord|landlady|"
    r"neighbour|neighbor|son|daughter|cousin|aunt|uncle|flatmate|roommate|coach|therapist)\s*(?:is\s+(?:now\s+)?)?$",
    re.IGNORECASE,
)
# "to" only after a way of going ("went to", "a trip to", "moved to"): "say goodbye to Max", "talk to
# Max", "thanks to Ana" name who, not where (a friend's chat had tagged John's late dog a place).
_PLACE_CUES = re.compile(
    r"\b(?:in|from|near|around|visit|visiting|across|at|live in|"
    r"(?:go|goes|going|went|gone|move|moves|moving|moved|fly|flew|flying|flight|drive|drove|driving|"
    r"travel|travell?ed|travell?ing|trip|trips|back|way|head|headed|heading|come|came|coming|return|returned|"
    r"walk|walked|train|bus|ride|rode|holiday|vacation|visit|visited|welcome)\s+to)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_PRODUCT_CUES = re.compile(
    r"\b(?:bought|ordered|buy|order|using|use|installed|got)\s+(?:me\s+|her\s+|him\s+)?(?:a|an|the|my)?\s*$",
    re.IGNORECASE,
)
# Makers whose name starts a product's name ("Garmin Forerunner 255"): a short list, not a catalogue.
_BRANDS = wordset(
    "apple garmin kindle samsung google pixel iphone ipad macbook sony nintendo playstation xbox fitbit "
    "microsoft dell lenovo thinkpad bosch ikea dyson tesla spotify netflix notion slack"
)
CALENDAR = frozenset([*_WEEKDAYS, *_MONTHS])
_FENCE = re.compile(r"```.*?(?:```|$)", re.DOTALL)
_TOKEN = re.compile(r"[^\W_][\w'’-]*")
_MODEL = re.compile(r"^(?:\d{1,4}|(?=[\w-]*\d)(?=[\w-]*[A-Z])[A-Z0-9][\w-]*)$")
_DECIMAL = re.compile(r"[.,]\d")
# (session 43: wiki28) A number a currency follows is a sum, not a model's: olena's "Bürgergeld me and Maksym 920 €"
# had made her son's every turn the page "Maksym 920"; and a span of days after a name is when they work, not
# part of it: bola's rota "me Tue-Sat, Adaeze Wed-Sat" had made her stylist's page "Adaeze Wed-Sat".
_AMOUNT = re.compile(
    r"\s?(?:[€$£¥₴₹]|zł|(?:eur|euros?|usd|gbp|pln|uah|dollars?|pounds?|quid|bucks?|zloty|hryvnias?)\b)", re.IGNORECASE
)
# A street's kind, which follows its name ("York Ave"), alone or with a quarter of the city ("12 Ave SW") is no name
# ("calle del Ave María" is one: "Ave" there is Latin)
_STREET_LEADS = wordset("ave rd blvd hwy")
_COMPASS = wordset("N S E W NE NW SE SW")
_DAY_SHORT = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?"
_DAYS_SPAN = re.compile(rf"(?i:{_DAY_SHORT}(?:[-–/]{_DAY_SHORT})+)")
_DOTTED = frozenset(t.casefold() for t in _DOTTED_TITLES) | {"st", "mme", "mlle"}  # "St. Ulrichs Platz": the dot joins
# (session 44: wiki29) A company's legal form written with dots after its name ("Monedita S.A.", "Ficosa S.L.") is
# no part of the name a person otherwise says ("I work in Monedita"): read as initials, its first letter had made
# lucia's page "Monedita S". Undotted ("Siemens AG", "Acme Inc") it is one word of the name, as before.
_LEGAL_DOTTED = re.compile(
    r"(?:S\.[AL]|S\.A\.S|S\.R\.L|S\.[pP]\.A|N\.V|B\.V|A\.G|A\.S|S\.A\. de C\.V|L\.L\.C|P\.L\.C|P\.C|L\.P)\.?(?!\w)"
)
# A street numbered after a quarter of the city, "West 4th", "East 86th": the ordinal is the street's name. It was
# no model number (no capital in it), so wen's "Shoppers Drug Mart on West 4th" made her page "West".
_ORDINAL = re.compile(r"\d{1,3}(?:st|nd|rd|th)")
_QUARTERS = wordset("west east north south")
_MODEL_TAILS = wordset("pro max plus ultra mini air lite se xl")  # after a model number, its edition
_CODE_NAME = re.compile(r"(?:Error|Exception|Warning)$|_|\(")  # ZeroDivisionError, snake_case, calls

# -- ranks (session 42: names42) --------------------------------------------------------------
# A service member's rank before the name is a title, as "Dr" is ("SSG Kowalski", "CPT Daniel Whitaker",
# "Sgt. Lopez"): the name keeps it where it is a surname alone ("SSG Kowalski", as "Dr. Smith"), the kind
# is a person's, and the rank alone is no name ("promotion to SGT", "Congratulations to SGT and Mrs.
# Lopez": beth's pages "SGT" and "Soldiers"). Abbreviations only, as the services write them: a rank
# spelt out leads titles and companies ("Captain Marvel", "General Motors", "Major League Baseball"), and
# "Col" (a mountain pass's "Col du Galibier"), "Gen" ("Gen Z") and "Maj" (a first name) count only dotted.
# Not in `TITLES` (the wiki's own name and heading forms read those): here, for the runs read as names.
_RANKS_SHOUTED = wordset(
    "PVT PFC SPC CPL SGT SSG SFC MSG SGM CSM CPT MAJ LTC COL LTG GEN ENS LTJG LT LCDR CDR CAPT ADM RADM VADM "
    "LCPL SSGT GYSGT MSGT TSGT SMSGT CMSGT SRA AMN CPO SCPO MCPO"
)
_RANKS_DOTTED = wordset("Sgt Capt Lt Cpl Pvt Col Maj Gen Cdr Adm Cmdr")  # "Sgt. Lopez"
_RANKS_PLAIN = wordset("Sgt Capt Lt Cpl Pvt Cmdr LCpl SSgt GySgt MSgt TSgt SrA")  # "Sgt Lopez"
_TITLE_WORDS.update({w: w for w in _RANKS_SHOUTED} | {w: w for w in _RANKS_PLAIN})
_TITLE_WORDS.update({t + ".": t + "." for t in _RANKS_DOTTED})
_RANK_DOTS = frozenset(t.casefold() for t in _RANKS_DOTTED)
ABBREVIATIONS |= _RANK_DOTS  # "Sgt. Lopez" ends no sentence at "Sgt."
_NAME_PREFIXES |= _RANK_DOTS
_DOTTED |= _RANK_DOTS  # "Sgt. Lopez" is one run


@dataclass(frozen=True)
class Name:
    """A name found in a text: its display form and a guess at its kind."""

    name: str
    kind: str  # person | place | organisation | product | thing


# (session 44: wiki29) An abbreviation made a verb, "we're both PCSing", "a guy PCSing out" (a move of station), "I DMed
# her": what is done, no name (kai's page "PCSing"). Its plural ("DMs", "PMs") is still a thing.
_ABBREVIATION_DONE = re.compile(r"[A-Z]{2,}(?:ing|ed|'d|’d)")


def _capitalised(token: str) -> bool:
    """A word that may be (part of) a name: a capital first (or a maker's "iPhone", "eBay"), no
    digits ("A2", "U3"), not code, no abbreviation made a verb (`_ABBREVIATION_DONE`)."""
    led = token[:1].isupper() or (len(token) > 2 and token[0].islower() and token[1].isupper() and token[2:].islower())
    return (
        led
        and not any(c.isdigit() for c in token)
        and not _CODE_NAME.search(token)
        and not _ABBREVIATION_DONE.fullmatch(token)
    )


def possessive(word: str) -> bool:
    """ "Garmin's", "Oliver’s", "Lucas'": a word that ends in an owner's "'s" (or a name in -s, its "'")."""
    return len(word) > 3 and (word[-2:] in ("'s", "’s") or (word[-1] in "'’" and word[-2] in "sS"))


def _mark(word: str) -> int:
    """How many characters an owner's mark takes at the end of a possessive: 2 ("'s") or 1 ("s'")."""
    return 2 if word[-2:] in ("'s", "’s") else 1


def owner(word: str) -> str:
    """ "Garmin's" is Garmin, "Lucas'" is Lucas; any other word is itself."""
    return word[: -_mark(word)] if possessive(word) else word


def _unpossessed(word: str, start: int, end: int) -> tuple[str, int, int]:
    """ "Garmin's" is Garmin, "Lucas'" Lucas (with its span): a page "Lucas'" had stood beside "Lucas".
    A closing quote is no part of the word: a lease's "('Landlord')" had made a page "Landlord'"."""
    if possessive(word):
        return word[: -_mark(word)], start, end - _mark(word)
    bare = word.rstrip("'’")
    return bare, start, start + len(bare)


# Names whose "'s" is their own, not a possessive: "McDonald's" is no "McDonald", "Trader Joe's" no
# "Trader Joe" (a real history's "Sweet Baby Ray's" sauce had made a page "Sweet Baby Ray").
_OWN_S = frozenset(
    [
        "mcdonald's",
        "macy's",
        "kohl's",
        "lowe's",
        "wendy's",
        "applebee's",
        "denny's",
        "domino's",
        "sainsbury's",
        "dillard's",
        "arby's",
        "hardee's",
        "chili's",
        "kellogg's",
        "hershey's",
        "reese's",
        "campbell's",
        "welch's",
        "levi's",
        "claire's",
        "nando's",
        "bojangles'",
        "culver's",
        "zaxby's",
        "raising cane's",
        "papa john's",
        "trader joe's",
        "sweet baby ray's",
        "ben & jerry's",
        "ben and jerry's",
        "carrabba's",
        "ollie's",
        "fogo de chão's",
        "p.f. chang's",
        "famous dave's",
        "stubb's",
        "bull's-eye",
        "french's",
        "hellmann's",
        "smucker's",
        "nathan's",
        "wetherspoon's",
        "morrison's",
        "boots'",
        "harrod's",
        "selfridge's",
        "moe's",
        "jimmy john's",
    ]
)


def _tokens(sentence: str) -> list[tuple[str, int, int]]:
    """The words of a sentence as (word, start, end), a possessive's "'s" left off but where it is
    the name's own (`_OWN_S`: "Trader Joe's")."""
    found = list(_TOKEN.finditer(sentence))
    out = []
    for i, m in enumerate(found):
        word = m.group(0)
        own = possessive(word) and any(
            sentence[found[i - k].start() : m.end()].casefold().replace("’", "'") in _OWN_S
            for k in range(min(i, 3) + 1)
        )
        out.append((word, m.start(), m.end()) if own else _unpossessed(word, m.start(), m.end()))
    return out


# Pure functions of one text, cached: a rebuild reads every turn, and a service rebuilds often.
_cached = text_cache(maxsize=1 << 17)


def _joined(sentence: str, tokens: list[tuple[str, int, int]], j: int) -> bool:
    """Whether the gap before token j keeps it in the run token j - 1 is in."""
    gap = sentence[tokens[j - 1][2] : tokens[j][1]]
    if possessive(tokens[j - 1][0]):  # a name's own "'s" ends it: "Macy's Black Friday sale"
        return False
    return (
        gap.isspace()
        # a company of two names, "Winsor & Newton", "Marks & Spencer"; of capitals, "H&M", "AT&T"
        or gap == " & "
        or (gap == "&" and tokens[j - 1][0].isupper() and tokens[j][0].isupper() and len(tokens[j][0]) <= 3)
        or (gap.startswith(". ") and tokens[j - 1][0].casefold() in _DOTTED)
        # an initial: "J.K. Rowling", "J. R. R. Tolkien", "Michael J. Fox" (not "I. Then")
        or (
            gap in (".", ". ")
            and len(tokens[j - 1][0]) == 1
            and tokens[j - 1][0] != "I"
            and tokens[j][0].casefold() not in COMMON
        )
        # "St Brigid's College", "Trinity's Hall": a possessive inside an institution's name
        or (gap in ("'s ", "’s ") and tokens[j][0].casefold() in _NAMED_BY_OWNER)
    )


# The labels of a pasted template or a list of steps: "Step 1", "Option 2", "Message", "Subject". A run
# of them alone (with a number) is no name; inside a longer name they stay ("Message Bank" is one).
TEMPLATE_WORDS = wordset(
    "step steps part phase stage option options example examples message subject answer question task tip "
    "tips item items point points section chapter lesson level round unit module template sample draft "
    "version note notes summary introduction conclusion body greeting signature paragraph title heading"
)


# Where a run stands: inside a sentence, at a sentence's start, or where capitals are the text's
# style and say nothing of a name (STYLED): a heading ("## Key Takeaways"), the head of a list item
# ("- Improved Performance"), the words after a colon ("Model: Random forest"), a line in title
# case ("Top Ten Best Practices For Remote Work"). A styled run is a name only where the history
# names it so elsewhere: read as a name, "Best Practices" and "Key Takeaways The" (a heading and
# the next line, read as one sentence) had made pages of a real history.
INSIDE, START, STYLED, QUOTED = 0, 1, 2, 3  # QUOTED: a title in quotes (`_quoted_titles`)
_HEADING = re.compile(r"^\s*(?:#{1,6}\s|>\s*#{1,6}\s)")
_ITEM = re.compile(r"^\s*(?:[-*+•▪◦‣–—]|\d{1,3}[.)]|[a-zA-Z][.)])\s+")
_COLON = re.compile(r":[*_\"'”’)\]]*\s+[*_\"'“‘(\[]*$")  # what a gap before a word ends with after a colon
_SMALL = wordset("a an the and or but of for in on at to by with from vs via as is are my your our")
TITLE_CASE_WORDS = 3  # a line of this many words or more, all capitalised but the small ones, is in title case
SHOUTED_WORDS = 3  # a run of this many words or more in capitals only is style too ("TOP TEN TIPS")


def _title_cased(line: str) -> bool:
    """A line whose every word but the small ones (`_SMALL`) is capitalised: a heading's style."""
    words = [w for w in _TOKEN.findall(line) if not w.isdigit()]
    big = [w for w in words if w.casefold() not in _SMALL]
    return len(words) >= TITLE_CASE_WORDS and len(big) >= 2 and all(w[:1].isupper() for w in big)


def _line_sentences(text: str) -> list[tuple[str, int, bool]]:
    """The sentences of a text line by line, with where its first run stands and whether every run
    of it is STYLED: a line is never read on into the next (a heading has no full stop); a
    heading's or a title-cased line's every run is STYLED, a list item's first."""
    out: list[tuple[str, int, bool]] = []
    for line in text.split("\n"):
        styled = bool(_HEADING.match(line)) or _title_cased(line)
        item = _ITEM.match(line)
        if item:
            line = line[item.end() :]  # "1. Linear Regression": the "1." is no sentence of its own
        for n, sentence in enumerate(sentences(line)):
            out.append((sentence, STYLED if styled or (item and n == 0) else START, styled))
    return out


CUE_ROOM = 100  # characters before a run its cues are read in (the longest, "my former physiotherapist is now ", is 33)


def _cue_room(sentence: str, at: int) -> str:
    """The text before a run as its cues read it (`_PERSON_CUES` and the others end at it): its last
    CUE_ROOM characters from a word's start. The whole sentence before each run was kept, so a sentence of
    thousands of names ("Kind regards, Kind regards, ...") held and searched its square."""
    if at <= CUE_ROOM:
        return sentence[:at]
    room = sentence[at - CUE_ROOM : at]
    space = room.find(" ")
    return room[space:] if space >= 0 else ""


@_cached
def _candidates(text: str) -> tuple[tuple[str, int, str], ...]:
    """(run, where it stands: INSIDE, START, STYLED or QUOTED, the text before it in its sentence) for
    every capitalised run: capitalised words next to each other ("Kestrel Maps"), a connector between
    two of them ("Loja do Cidadão"), a title or "St." in front ("Dr. Anna Weber"), a model number
    behind ("Forerunner 255"); and a title in quotes whole ("The Women in the Castle"). Code (fenced,
    inline, or lines that read as code: `memory.text.prose`) is never read."""
    text = prose(text)
    found: list[tuple[str, int, str]] = []
    for sentence, opening, styled in _line_sentences(text):
        tokens = _tokens(sentence)
        quoted = {} if styled else _quoted_titles(sentence)
        i = 0
        while i < len(tokens):
            if tokens[i][1] in quoted:
                title, close = quoted[tokens[i][1]]
                found.append((title, QUOTED, _cue_room(sentence, tokens[i][1])))
                while i < len(tokens) and tokens[i][1] < close:
                    i += 1
                continue
            if not _capitalised(tokens[i][0]):
                i += 1
                continue
            if i and (legal := _LEGAL_DOTTED.match(sentence, tokens[i][1])):
                while i < len(tokens) and tokens[i][1] < legal.end():
                    i += 1  # "Ficosa S.L. hired me": no name of its own (its name, at the start, is uncued)
                continue
            j = _run_end(sentence, tokens, i)
            if j == i + 1 and j < len(tokens) and day_of_month(tokens[i][0], tokens[j][0]):
                i = j  # "Jan 1", "March 14": a date, no name ("Jan" alone is one: "my friend Jan")
                continue
            run = " ".join(sentence[tokens[i][1] : tokens[j - 1][2]].split())
            stands = STYLED if styled else _stands(sentence, tokens, i, opening)
            found.append((run, stands, _cue_room(sentence, tokens[i][1])))
            i = j
    return tuple(found)


def _particles_rest(sentence: str, tokens: list[tuple[str, int, int]], j: int) -> int | None:
    """Past the capitalised word after the one to three particles from token j ("van der Berg", "de la
    Cruz"), or None where no capitalised word follows them, a space apart each."""
    if tokens[j][0] == "bin" and tokens[j - 1][0].casefold() == "ich":
        return None  # German "Ich bin Frau Schmidt" ("I am"), not "Omar bin Said"
    k = j
    while k < len(tokens) and k - j < 3 and tokens[k][0] in _CONNECTORS:
        k += 1
    if k >= len(tokens) or not _capitalised(tokens[k][0]):
        return None
    if not all(sentence[tokens[m - 1][2] : tokens[m][1]].isspace() for m in range(j + 1, k + 1)):
        return None
    return k + 1


def _run_end(sentence: str, tokens: list[tuple[str, int, int]], i: int) -> int:
    """Where the capitalised run that starts at token i ends (the index past its last token)."""
    j = i + 1
    while j < len(tokens):
        if _LEGAL_DOTTED.match(sentence, tokens[j][1]) and not sentence[tokens[j - 1][2] : tokens[j][1]].strip():
            break  # "Monedita S.A.": the name ends before its legal form
        if not _joined(sentence, tokens, j):
            break
        nxt = tokens[j][0]
        if _ORDINAL.fullmatch(nxt) and tokens[j - 1][0].casefold() in _QUARTERS:
            j += 1  # "West 4th" (and "West 4th Avenue" goes on)
        elif _capitalised(nxt) and not _DAYS_SPAN.fullmatch(nxt):
            j += 1
        elif nxt in _CONNECTORS:
            rest = _particles_rest(sentence, tokens, j)
            if rest is None:
                break
            j = rest
        elif _JOINED_PARTICLE.match(nxt) and nxt[3:4].isupper():
            j += 1  # "Dr al-Hassan"
        elif nxt == "and" and (rest := _and_rest(sentence, tokens, i, j)) is not None:
            j = rest  # "Pride and Prejudice", "Marks and Spencer": one title, one company
        elif nxt == "of" and (tokens[j - 1][0].casefold() in _OF_HEADS or _after_the(tokens, i)):
            rest = _of_rest(sentence, tokens, j)
            if rest is None:
                break
            j = rest
        elif (
            _MODEL.match(nxt)
            and tokens[j - 1][0].casefold() not in NOT_NAMES
            and not _DECIMAL.match(sentence, tokens[j][2])  # "AUC 0.97" is a score, not a model
            and not _AMOUNT.match(sentence, tokens[j][2])  # (session 43: wiki28) "Maksym 920 €": a sum
            and not day_of_month(tokens[j - 1][0], nxt)
        ):
            j += 1  # a model number: "Forerunner 255", "WH-1000XM5"
            if (
                j < len(tokens)
                and tokens[j][0].casefold() in _MODEL_TAILS
                and sentence[tokens[j - 1][2] : tokens[j][1]] == " "
            ):
                j += 1  # its edition: "iPhone 13 Pro", "Galaxy S22 Ultra"
            break
        else:
            break
    return j


# A title in quotes: "Ticket to Ride", “The Women in the Castle”, "My Brother, My Brother and Me". Read
# word by word, its small words ended it ("Ticket", "Ride", "Women", "Brother" made pages of a real
# history). In title case only, of two words or more and QUOTED_WORDS at most: a quoted phrase of
# ordinary words ("it was "fine"") is no title.
_QUOTED = re.compile(r"[\"“]([^\"“”\n]{3,120})[\"”]")
QUOTED_WORDS = 10


def day_of_month(word: str, nxt: str) -> bool:
    """Whether "<word> <nxt>" is a date ("Jan 1", "March 14", "off Jan 16-20"), not a model ("Pixel 6"):
    wen's "Jan 1" had made a product page "Jan 1" (session 39); wiki/synth.py's topic terms ask it too."""
    folded = word.casefold().rstrip(".")
    day = _DAY.fullmatch(nxt)
    return (folded in _MONTHS or folded in MONTH_SHORT) and day is not None and 1 <= int(day.group(1)) <= 31


_DAY = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?(?:[-–]\d{1,2})?")  # "1", "14th", "16-20"


def _quoted_titles(sentence: str) -> dict[int, tuple[str, int]]:
    """The titles in quotes of a sentence: {where its first word starts: (the title, where its quote closes)}."""
    out: dict[int, tuple[str, int]] = {}
    for m in _QUOTED.finditer(sentence):
        inner = m.group(1).strip()
        words = [w for w in _TOKEN.findall(inner) if not w.isdigit()]
        big = [w for w in words if w.casefold() not in _SMALL]
        if not (2 <= len(words) <= QUOTED_WORDS and words[0][:1].isupper() and all(_capitalised(w) for w in big)):
            continue
        if all(w.casefold() in NOT_NAMES or w.casefold() in COMMON for w in words):
            continue  # "Thank You", "Yes Please": said, not a title
        title = " ".join(inner.rstrip(" ,.;:!?").split())
        out[m.start(1) + (len(m.group(1)) - len(m.group(1).lstrip()))] = (title, m.end())
    return out


# Names made with "and" that are one title, one company, one dish or one country, not two people
# (memory/vocab.py: the life reading keeps them whole too). Any other "X and Y" is one name only where
# the text says so (`_and_rest`); "Anna and Tom came over" stays two people.
AND_NAMES = vocab.AND_NAMES
# What is read, watched or worked at: "I finished Pride and Prejudice", "she works at Procter and Gamble"
# (never "with", "for" or "from" alone: "dinner for Anna and Tom", "a card from Anna and Tom").
_AND_CUES = re.compile(
    r"\b(?:read|reading|reread|re-read|finished|finishing|watched|watching|rewatched|rewatching|"
    r"listening\s+to|listened\s+to|(?:work|works|worked|working|job|internship|interview|shop|shops|shopping|"
    r"shopped|bought\s+\w+|stock)\s+(?:at|for))\s+$",
    re.IGNORECASE,
)
# One favourite said as one ("my favourite show is Rick and Morty"; not "my favourite people are Anna
# and Tom", nor "... is Succession and Tom is obsessed too": the name ends its clause, `life.ends_a_name`)
_AND_FAVOURITE = re.compile(r"\bfavou?rite\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|was|has to be)\s+$", re.IGNORECASE)
_AND_ORG_WORDS = _ORG_WORDS | wordset(
    "department association society council commission authority administration agency service services "
    "federation union league alliance network trust partners associates"
)
_QUOTES = {'"': '"', "“": "”", "*": "*", "_": "_", "'": "'", "‘": "’"}
# The last word of a dish's name: "Quinoa and Veggie Bowl" is one dish (not "Quinoa" and "Veggie Bowl"),
# and a dish made once is a meal, not a page (`is_dish`: the wiki pages one the person returns to).
DISH_HEADS = wordset(
    "bowl bowls salad salads soup soups stew stews curry curries pie pies cake cakes tart tarts pasta sandwich "
    "sandwiches burger burgers pizza pizzas tacos taco wrap wraps stir-fry smoothie smoothies risotto lasagna "
    "lasagne casserole muffins cookies pancakes waffles chili noodles skewers bake omelette omelet quiche "
    "brownies cupcakes dumplings ramen roast frittata enchiladas burrito burritos salsa hummus crumble"
)


def is_dish(name: str) -> bool:
    """A name of a dish: two words or more, the last a dish's ("Veggie Bowl", "Chicken Tikka Curry")."""
    words = name.casefold().split()
    return len(words) > 1 and words[-1] in DISH_HEADS


def _and_rest(sentence: str, tokens: list[tuple[str, int, int]], i: int, at: int) -> int | None:
    """Where a name goes on past the "and" at `at`: the end of the capitalised words after it, when
    the whole is one name (`AND_NAMES`, quoted or in italics, or after what is read, watched or
    worked at: `_AND_CUES`) and not two people's ("Anna and Tom's place"); else None."""
    end = at + 1
    while end < len(tokens) and _capitalised(tokens[end][0]) and sentence[tokens[end - 1][2] : tokens[end][1]] == " ":
        end += 1
    if end == at + 1 or sentence[tokens[at - 1][2] : tokens[at][1]] != " ":
        return None
    if tokens[at + 1][0] == "I":  # (session 46: wiki31) "the job at Pixelbay and I resigned": rima's "Pixelbay and"
        return None
    last = tokens[end - 1][2]
    if sentence[last : last + 2] in ("'s", "’s") and end - 1 - at == 1:
        return None  # "Anna and Tom's": two owners
    whole = sentence[tokens[i][1] : last]
    opened = sentence[tokens[i][1] - 1 : tokens[i][1]]
    if (
        whole.casefold().replace("’", "'") in AND_NAMES
        # an institution's name ends in its kind: "Texas Parks and Wildlife Department", "Arts and Crafts Society"
        or owner(tokens[end - 1][0]).casefold() in _AND_ORG_WORDS
        or tokens[end - 1][0].casefold() in DISH_HEADS  # "Quinoa and Veggie Bowl", "Mac and Cheese Pie"
        or (opened in _QUOTES and sentence[last : last + 1] == _QUOTES[opened])
        or _AND_CUES.search(sentence[: tokens[i][1]])
        or (_AND_FAVOURITE.search(sentence[: tokens[i][1]]) and life.ends_a_name(sentence[last:]))
    ):
        return end
    return None


def _after_the(tokens: list[tuple[str, int, int]], i: int) -> bool:
    """Whether "the" leads the run at token i: "the Cliffs of Moher", "the Sea of Galilee" go on over
    "of" whatever their head word, as no person is "the Sarah" (of Acme Corp)."""
    return i > 0 and tokens[i - 1][0].casefold() == "the"


def _stands(sentence: str, tokens: list[tuple[str, int, int]], i: int, opening: int) -> int:
    """Where the run that starts at token i stands (INSIDE, START, STYLED; see `_line_sentences`)."""
    if i == 0:
        return opening
    if _COLON.search(sentence[tokens[i - 1][2] : tokens[i][1]]):
        return STYLED  # "Model: Random forest", "Pros: Better Battery Life"
    listed = _listed(sentence, tokens, i, opening)  # (session 42: names42)
    if listed is not None:
        return listed
    return STYLED if _subtitled(sentence, tokens, i) else INSIDE


# -- list items run into a line, and counts (session 42: names42) -------------------------------
# A list's items and bullets run into one line: "Item 046 - Sofa, 3-cushion ... Item 047 - Dresser", a
# pasted résumé's "... promotion to SGT - Led his section". The word after a numbered label's dash is an
# item's head (STYLED, as "- Sofa" at a line's start: beth's "Sofa" page, one with her "SOFA status");
# after a bullet's mark or a spaced hyphen it opens a clause (START: a name there counts where the history
# names it elsewhere, "- Anna will bring the cake" is Anna where Anna is known). A label's number leading
# a line ("[ ] 046 Sofa") is no part of a sentence either.
_INLINE_MARK = re.compile(r"\s+[-•*▪◦‣]\s+")
# A capitalised plural right after a number is what is counted, a common noun written with a capital as
# the Army writes "Soldiers" ("mentored 14 Soldiers, 3 of whom ...", "about 120 Soldiers and families"):
# at a sentence's start (START), it is a name only where the history names it elsewhere ("3 Marines
# were deployed" leaves "the Marines" of another turn its page). A word the number counts before another
# noun stays ("2 Paris hotels": "Paris" ends in -is, and "hotels" is what is counted).
# The numbers said in words (the wiki's titles read them too: `wiki.synth._vague`, ray's "Twenty twenty").
NUMBER_WORDS = wordset(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million"
)
_COUNT_ENDS = COMMON | tokens.STOPWORDS  # what may follow a counted plural ("14 Soldiers and families")


def _listed(sentence: str, tokens: list[tuple[str, int, int]], i: int, opening: int) -> int | None:
    """Where the run at token i stands when a list's mark or a number leads it (see above), else None."""
    gap = sentence[tokens[i - 1][2] : tokens[i][1]]
    before = tokens[i - 1][0]
    if _INLINE_MARK.fullmatch(gap):
        return STYLED if before.isdigit() else START
    if all(t[0].isdigit() for t in tokens[:i]) and all(
        not sentence[tokens[k][2] : tokens[k + 1][1]].strip(" .):-") for k in range(i)
    ):
        return opening  # "046 Sofa" after "- [ ] ": the item's number is its label
    return (
        START
        if gap == " " and (before.isdigit() or before.casefold() in NUMBER_WORDS) and _plural(sentence, tokens, i)
        else None
    )


def _plural(sentence: str, tokens: list[tuple[str, int, int]], i: int) -> bool:
    """Whether token i is a plural a number counts, alone: "Soldiers," not "Paris", nor "Teslas Model"."""
    word = tokens[i][0]
    if len(word) <= 3 or word.isupper() or not word.endswith("s") or word.endswith(("ss", "us", "is", "'s", "’s")):
        return False
    if i + 1 >= len(tokens) or sentence[tokens[i][2] : tokens[i + 1][1]] != " ":
        return True
    nxt = tokens[i + 1][0]
    return not _capitalised(nxt) and nxt.casefold() in _COUNT_ENDS


def _subtitled(sentence: str, tokens: list[tuple[str, int, int]], i: int) -> bool:
    """Whether token i is inside a title-cased stretch that follows a colon, past a small word:
    "Titanic: Machine Learning from Disaster" is a title and its subtitle; its tail alone
    ("Disaster") is no name. A shouted stretch ("CONNECTION REQUEST for Anna") is no subtitle."""
    k = i - 1
    while k >= 0:
        word = tokens[k][0]
        if not (word.casefold() in _SMALL or (word[:1].isupper() and not word.isupper())):
            return False
        gap = sentence[tokens[k - 1][2] : tokens[k][1]] if k else ""
        if k and _COLON.search(gap):
            return word.casefold() not in _SMALL  # a subtitle starts with its own capital
        if not gap.isspace():
            return False
        k -= 1
    return False


def _of_rest(sentence: str, tokens: list[tuple[str, int, int]], at: int) -> int | None:
    """Where a name goes on past the "of" at `at` ("of Toronto", "of the Rings"): the index of its
    next capitalised word, or None when none follows (spaces only between)."""
    nxt = at + 2 if at + 2 < len(tokens) and tokens[at + 1][0] == "the" else at + 1
    if nxt >= len(tokens) or not _capitalised(tokens[nxt][0]):
        return None
    if not all(sentence[tokens[i][2] : tokens[i + 1][1]].isspace() for i in range(at, nxt)):
        return None
    return nxt


# Capitalised inside a sentence, one of these is the name's own first word ("the New York Times",
# "Good Omens", "New Balance"); at a sentence's start it is the sentence's ("New features are out"),
# unless the word lists know the two words as a place ("New Delhi") or _NAMED_SO does. Stripped
# everywhere, "New York" was "York" and "New Zealand" "Zealand".
_ADJECTIVES = wordset("new old good great nice first last next")
_NAMED_SO = frozenset(
    ["new york", "new zealand", "new jersey", "new mexico", "new england", "new hampshire", "great britain"]
)
# The last word of a day's name: "Happy New Year", "Mother's Day", "New Year's Eve" are days.
_DAY_WORDS = wordset("year day eve")
# (session 45: wiki30) A feast before "de" or "of" is the party of what follows, not a name with it: maude's "le party
# de Noël de Nordikode" made her employer's every page "Noël de Nordikode" ("Nordikode" joined to it as its short form).
_FEASTS = wordset(
    "noël noel christmas xmas navidad weihnachten pâques easter halloween thanksgiving hanukkah diwali eid"
)


def _own_adjective(words: list[str], at_start: bool) -> bool:
    """Whether the run's first word, an adjective or a people's (`_ADJECTIVES`, `_PEOPLES`), is part
    of the name ("the Asian Games", "the British Museum"; a people's only inside a sentence)."""
    first = words[0].casefold()
    if len(words) < 2 or (first not in _ADJECTIVES and first not in _PEOPLES):
        return False
    if not at_start:
        return True
    if first in _PEOPLES:
        return False  # "Italian Food is the best" at a sentence's start: style more often than a name
    pair = tuple(vocab.fold(w) for w in words[:2])
    known = vocab.names().get(pair[0], ())
    return " ".join(pair) in _NAMED_SO or any(n.words[:2] == pair for n in known)


# Common words that are names too, where what comes before says so: "my friend Will", "we went to
# Nice" (`_cued`). Anywhere else a common word ("Will you...", "Nice work") leads no name.
_CUED_NAMES = wordset("will nice")


def _cued(run: str, before: str) -> bool:
    """Whether a run that starts with a common word that is a name too (`_CUED_NAMES`) follows a
    person's or a place's cue inside a sentence: "my friend Will", "to Nice", "in Nice"."""
    first = run.split()[0].casefold()
    return first in _CUED_NAMES and bool(_PERSON_CUES.search(before) or _PLACE_CUES.search(before))


def _sentence_word(word: str) -> bool:
    """A capitalised word that leads a sentence, not a name: an -ing verb or an -ly adverb ("Adding",
    "Definitely"; LoCoMo's chats had pages "Adding NYC" and "Definitely Star Wars"), unless the word
    lists know a name it starts ("Beijing", "Reading")."""
    lowered = word.casefold()
    return (
        len(lowered) > 4
        and lowered.endswith(("ing", "ly"))
        and lowered.isalpha()
        and not vocab.names().get(vocab.fold(lowered))
    )


# -- what was done, opening a bullet (session 42: names42) ----------------------------------------
# A résumé's or a report's bullet opens on what was done ("- Managed Acme Corp's budget", "- Led Alpha
# Company through ..."): at a sentence's start the verb is no part of the name after it, as an -ing word
# is not (`_sentence_word`). A past in -ed, or one of the irregular ones a bullet opens on; not a first
# name in -ed ("Ahmed", "Mohammed", "Alfred", "Mildred", "Siegfried").
_DONE_IRREGULAR = wordset("led ran built grew won wrote drove taught oversaw sold kept held bought brought began spent")
_NAMES_IN_ED = ("hmed", "mmad", "hammed", "fred", "dred", "fried", "reed")


def _done_word(word: str) -> bool:
    """A capitalised past that opens a sentence or a bullet ("Managed", "Led"), not a name."""
    lowered = word.casefold()
    if lowered in _DONE_IRREGULAR:
        return True
    return (
        len(lowered) > 5
        and lowered.endswith("ed")
        and lowered.isalpha()
        and not lowered.endswith(_NAMES_IN_ED)
        and not vocab.names().get(vocab.fold(lowered))
    )


def _clean_run(run: str, at_start: bool, cued: bool = False) -> tuple[str, bool, str]:
    """The run without leading common words or trailing calendar words; (name, still at start, title).
    A cued run (`_cued`) keeps its first word."""
    words = run.split()
    title = ""
    while words and (words[0].casefold().rstrip(".") in COMMON or words[0].casefold() in NOT_NAMES):
        if words[0] in _TITLE_WORDS or _own_adjective(words, at_start) or cued:
            break
        if at_start and len(words) >= 2 and words[0].casefold() in _PEOPLES:
            break  # "Italian Food is the best": the whole, a name only where the history names it so; never "Food"
        words = words[1:]
        at_start = False
    if at_start and len(words) >= 2 and words[0].casefold() in _OWN_ABROAD:
        words = words[1:]  # (session 45: wiki30) "Ma Civic 2011 fait un bruit": her Civic
    if at_start and len(words) >= 2 and (_sentence_word(words[0]) or _done_word(words[0])):  # (session 42: names42)
        words = words[1:]  # "Adding NYC to my list", "Definitely Star Wars": the rest, still at the start
    if words and words[0] in _TITLE_WORDS:
        title = _TITLE_WORDS[words[0]]
        words = words[1:]
    if len(words) >= 2 and (
        words[-1].casefold() in CALENDAR or _unpossessed(words[-1], 0, 0)[0].casefold() in _DAY_WORDS
    ):
        return "", at_start, title  # "Black Friday", "Easter Monday", "Happy New Year": a day, not a name
    if len(words) == 1 and _DAYS_SPAN.fullmatch(words[0]):
        return "", at_start, title  # (session 43: wiki28) "Tue-Sat": days worked
    if words and words[0].casefold().rstrip(".") in _STREET_LEADS and all(w in _COMPASS for w in words[1:]):
        return "", at_start, title  # (session 43: wiki28) "1020 12 Ave SW": an address's part, wen's page "Ave SW"
    while words and (words[-1].casefold() in NOT_NAMES or words[-1] in _CONNECTORS):
        words = words[:-1]
    while words and words[0] in _CONNECTORS and not title:  # "Dr. de Vries" keeps its particle
        words = words[1:]
    if len(words) >= 3 and words[0].casefold() in _FEASTS and words[1] in (*_CONNECTORS, "of"):
        words = words[2:]  # (session 45: wiki30) "Noël de Nordikode": the party of Nordikode
    return " ".join(words), at_start, title


def _kind(name: str, before: str, title: str) -> str:
    parts = name.casefold().split()
    if not parts:
        return "thing"
    if title or _PERSON_CUES.search(before):
        return "person"
    if any(p in _ORG_WORDS for p in parts):
        return "organisation"
    if parts[0] in ("st.", "st", "saint", "santa", "são", "sao") or {parts[0], parts[-1]} & _PLACE_WORDS:
        return "place"
    if parts[-1].isdigit() or parts[0] in _BRANDS or _PRODUCT_CUES.search(before):
        return "product"
    if _PLACE_CUES.search(before):
        return "place"
    return "thing"


# -- names typed in lower case -----------------------------------------------------------------
#
# A person who types in lower case ("my daughter karen set this up", "rusty my old beagle is 14")
# capitalises no name, so the runs above find none and a retiree's history made no page of his
# daughter, his son or his dogs. In a lower-case text a word is a name where the person says what
# it is to them: right after "my daughter", "our dog" (`_KIN_AFTER`), or before "my old beagle",
# "the little chihuahua mix" at a clause's start (`_KIN_BEFORE`); once so named, the word is that
# name in every lower-case text of the same history. Texts that capitalise are read as before.
# (the family words are the one vocabulary's, memory/data/family.txt; the others are no family)
_KIN = wordset(
    "mother-in-law friend buddy pal neighbor neighbour boss manager coworker colleague roommate flatmate stepson "
    "stepdaughter kids boy girl"
) | frozenset(word for word in vocab.family() if " " not in word)
_PETS = wordset("dog cat puppy pup kitten beagle terrier retriever lab labrador poodle collie spaniel shepherd mutt")
_KIN_WORDS = "|".join(sorted(map(re.escape, _KIN | _PETS), key=lambda w: (-len(w), w)))
_KIN_AFTER = re.compile(
    r"\b(?:my|our)\s+(?:(?:late|old|new|little|baby|big|oldest|youngest|eldest|middle|ex|best|older|younger)[\s-]+)?"
    rf"(?P<kin>{_KIN_WORDS})\s+(?P<name>[a-z][a-z'’-]{{2,15}})\b"
)
# "tomek and i aren't married", "me and kasia went": who the person does things with.
_WITH_ME = re.compile(
    r"(?:^|[,;:.!?(]\s*)(?:(?P<name>[a-z][a-z'’-]{2,15})\s+and\s+i|me\s+and\s+(?P<also>[a-z][a-z'’-]{2,15}))\b"
)
_KIN_BEFORE = re.compile(
    r"(?:^|[,;:.!?(]\s*|\b(?:and|but|so)\s+)(?P<name>[a-z][a-z'’-]{2,15}),?\s+(?:my|our|the)\s+"
    rf"(?:[a-z]+\s+){{0,3}}?(?P<kin>{_KIN_WORDS}|mix)\b"
)
# Words that follow "my son" or lead "the dog" without naming anyone: what one does or is ("my son
# broke his arm", "walk the dog"), said without the endings `_lower_name` reads.
_NOT_LOWER_NAMES = wordset(
    "is was has had does did said says told tells asked asks wants wanted thinks thought knows knew "
    "got gets get gave give gives took take takes made make makes came come comes went go goes ran run runs "
    "left leave leaves bought buy buys brought brings fell fall falls sent send sends spent spend won lost "
    "drove drive drives wrote write writes called call calls lives live lived works work worked loves love "
    "hates likes like just also still always never really finally already even only too again ever now then "
    "broke break breaks found find finds kept keep keeps let lets put puts saw see sees set sets sat sit "
    "stayed stays moved moves helped helps needs need used uses tried tries walked walk feed fed pet "
    "who whose which that what where when how and but or nor yet for with from into onto over under about "
    "after before since while until because though although whether if unless than as near next "
    "here there home back out off away down along across around today tonight tomorrow yesterday "
    "sure well very much more most some any all each every both few many such own same other "
    "turned turns turning graduated started starts finished retired passed died married divorced "
    # irregular pasts and adverbs without -ly: "my son swam", "my wife often"
    "ate swam slept fought threw drew sang heard hit woke chose stole spoke rode flew grew wore paid sold "
    "met read understood forgot began became caught taught held led meant felt dealt dug hid hung lent "
    "often once almost alone soon later sometimes usually anyway tho kinda "
    # what a pet or a relative qualifies: "my dog food order", "our dog park", "my son school run"
    "food walker park sitter bed toys toy treats treat class litter tree door crate leash collar vet groomer "
    "insurance hair shots kennel daycare training trainer owner breed stuff group chat birthday wedding "
    "funeral school house car room party bill wrong right"
    # (session 43: wiki28) where they live, without its apostrophe: priya's "at my parents place in jayanagar"
    # had made a page "Place" of her parents, as if "place" were their name
    " place flat apartment garden yard garage kitchen village"
    # (session 44: wiki29) and a verb without its -s, as Singapore's English writes it, and the name of one without
    # its apostrophe: jolene's "my mum change to the polyclinic" and "my mum name is lee mei ling" were pages
    # "Change" and "Name" (her mother's, as if those were her names)
    " name change say ask tell think want try pay cook stay visit start finish wake sleep eat cry worry scold"
)


def _lower_name(word: str) -> bool:
    """A lower-case word that may be a name: no function word, no verb or adverb by its ending."""
    return (
        word.isalpha()
        and len(word) >= 3
        and word not in COMMON
        and word not in NOT_NAMES
        and word not in _NOT_LOWER_NAMES
        and word not in tokens.STOPWORDS
        and word not in CALENDAR
        and word not in _KIN
        and word not in _PETS
        and not word.endswith(("ed", "ing", "ly", "'s", "’s"))
    )


_TITLED = re.compile(r"\b[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]")


def _typed_lower(text: str) -> bool:
    """A text typed without capitals: lower-case letters, and no word with a capital before them
    (shouting, "NOT", and initials, "PL", "I", are typed that way too)."""
    return _TITLED.search(text) is None and any(c.islower() for c in text)


def _lower_prose(texts: Sequence[str]) -> list[str | None]:
    """Each text's prose on one line when it is typed in lower case, else None: read once a rebuild."""
    return [" ".join(prose(t).split()) if _typed_lower(t) else None for t in texts]


def _kin_reads(text: str) -> list[tuple[str, str | None]]:
    """The (word, kin) pairs the patterns read as names in one lower-case text. One kin word names one
    person: where "my best friend hana" reads a name after it, the word before it is no name too
    ("wayne is closer, cheaper, my best friend hana goes there" had read "cheaper")."""
    out: list[tuple[str, str | None]] = []
    named_after = set()
    for m in _KIN_AFTER.finditer(text):
        named_after.add(m.start("kin"))
        out.append((m.group("name"), m.group("kin")))
    for m in _KIN_BEFORE.finditer(text):
        if m.start("kin") not in named_after:
            out.append((m.group("name"), m.group("kin")))
    out.extend((m.group("name") or m.group("also"), None) for m in _WITH_ME.finditer(text))
    return out


# Words before a common noun and never before a name: "her job", "a job", "the cat" (not "the hana").
_DETERMINERS = wordset("a an the his her their your its this that these those every another each whose")


def _common_uses(texts: Sequence[str], flat: Sequence[str | None], words: set[str]) -> Counter[str]:
    """How often the history writes each of the words as a common noun: after a determiner ("got a
    job", "quits her job"), or in lower case in a text that capitalises ("I love my job at Google": a
    person who writes "Sam" there writes a name capitalised). A capitalised use in such a text ("my
    lab is called Job", not shouted, not opening a sentence) counts the other way."""
    uses: Counter[str] = Counter()
    if not words:
        return uses
    alternation = "|".join(sorted(map(re.escape, words)))
    after = re.compile(rf"\b(?:{'|'.join(sorted(_DETERMINERS))})\s+({alternation})\b")
    said = re.compile(rf"(?<![\w'’-])({alternation})(?![\w'’-])", re.IGNORECASE)
    for text, lower in zip(texts, flat, strict=True):
        if lower is not None:
            uses.update(after.findall(lower))
            continue
        if not said.search(text):
            continue  # most texts say none of the few words: no prose to read
        body = " ".join(prose(text).split())
        for m in said.finditer(body):
            word = m.group(1)
            if word.islower():
                uses[word] += 1
            elif word[0].isupper() and not word.isupper() and not _opens(body, m.start()):
                uses[word.lower()] -= 1
    return uses


def _opens(text: str, at: int) -> bool:
    """Whether the word at `at` opens a sentence (its capital says nothing of a name)."""
    before = text[:at].rstrip(" \"'“‘(*_")
    return not before or before[-1] in ".!?:\n"


def lower_names(flat: Sequence[str | None], texts: Sequence[str] = ()) -> dict[str, Name]:
    """The names a history typed in lower case gives its people and pets (`_KIN_AFTER`,
    `_KIN_BEFORE`, `_WITH_ME`) over `_lower_prose`, by the word; the display capitalised ("Karen"),
    the kind a person's or a pet's. A word the history (`texts`, each as `flat` has it) writes as a
    common noun as often as the patterns read it or more is none ("my lab job": `_common_uses`)."""
    found: dict[str, Name] = {}
    seen: Counter[str] = Counter()
    for text in flat:
        if text is None:
            continue
        for word, kin in _kin_reads(text):
            if _lower_name(word):
                kind = "thing" if kin in _PETS or kin == "mix" else "person"
                found.setdefault(word, Name(word.capitalize(), kind))
                seen[word] += 1
    common = _common_uses(texts or [t or "" for t in flat], flat, set(found))
    # A word ending in -s may be what the person does ("my husband snores"): a name only when said
    # so twice ("my son james" ... "james my youngest"); "chris", "marcus" end in -is, -us.
    kept = {
        w: n
        for w, n in found.items()
        if (seen[w] >= 2 or not w.endswith("s") or w.endswith(("is", "us", "ss"))) and common[w] < seen[w]
    }
    return _second_words(kept, flat) if kept else kept


_FLAT_TOKEN = re.compile(r"[a-z'’-]+|[^\sa-z'’-]")  # a word, or a mark: "jun. wei" is no "Jun Wei"


def _second_words(kept: dict[str, Name], flat: Sequence[str | None]) -> dict[str, Name]:
    """(session 44: wiki29) A name of two words typed in lower case, its second said after the first every time, twice
    or more, and a name's word itself (`_lower_name`): jolene's "my brother jun wei enlisted", "jun wei posted to
    kranji camp", "from me and jun wei" had made pages "Jun" and "Jun wei"; he is "Jun Wei". (One pass over the
    texts: a history of 100,000 turns and fifty names read each name's every text again.)"""
    after: dict[str, Counter[str]] = defaultdict(Counter)
    for text in flat:
        if text:
            found = _FLAT_TOKEN.findall(text)
            for i, word in enumerate(found):
                if word in kept:
                    after[word][found[i + 1] if i + 1 < len(found) else ""] += 1
    out = dict(kept)
    for word, seen in after.items():
        (second, n), *others = seen.most_common()
        # (not what they do, said the same way twice: "jack swims on tuesdays", "jack swims well")
        if others or n < 2 or second.endswith("s") or not (_lower_name(second) or _a_syllable_in_ing(second)):
            continue
        out[word] = Name(f"{kept[word].name} {second.capitalize()}", kept[word].kind)
    return out


_SHORT_ING = wordset("sing ring king wing ding ping bing zing")  # words, where "ling", "ming", "ying" are names


def _a_syllable_in_ing(word: str) -> bool:
    """A name's short word in -ing, no verb's ("ling" of "mei ling", "ying", "ming"; not "sing", "ring")."""
    return len(word) <= 4 and word.endswith("ing") and word not in _SHORT_ING and word not in _NOT_LOWER_NAMES


_LOWER_WORD = re.compile(r"[a-z]+")


def _read_runs(
    found: tuple[tuple[str, int, str], ...], known: dict[str, str], kinds: dict[str, Counter[str]]
) -> list[tuple[str, str, str, bool]]:
    """One text's runs as (name, title, the text before, at a sentence's start); the names that
    count anywhere (`known`) and the kinds they were read as (`kinds`) are added to."""
    mine = []
    for run, stands, before in found:
        if len(run.split()) >= SHOUTED_WORDS and run.isupper():
            stands = STYLED  # "CONNECTION REQUEST MESSAGE SAMPLE:" is a pasted heading, shouted
        name, at_start, title = _run_name(run, stands, before)
        if not name:
            continue
        mine.append((name, title, before, at_start or stands == STYLED))
        first = name.split()[0].casefold()
        # at a sentence's start only a name of two words or more, led by no common word (an
        # adjective kept there is a known place's own: `_own_adjective`); a styled run only titled
        if stands == STYLED:
            counts = bool(title)
        else:
            counts = (
                not at_start
                or bool(title)
                or (" " in name and (first not in COMMON or first in _ADJECTIVES) and first not in _PEOPLES)
            )
        if counts:
            known.setdefault(name.casefold(), name)
            kinds[name.casefold()][_kind(name, before, title) if stands != QUOTED else "thing"] += 1
    return mine


def _run_name(run: str, stands: int, before: str) -> tuple[str, bool, str]:
    """The name a run gives ("" for none), whether it stands at a sentence's start, and its title."""
    if stands == QUOTED:
        # a title in quotes is itself, less a leading "The" as everywhere ("The Alice Network" is Alice Network)
        return (run[4:] if run.startswith("The ") else run), False, ""
    name, at_start, title = _clean_run(run, stands != INSIDE, stands == INSIDE and _cued(run, before))
    name = name.strip(" &")  # "AI & Machine Learning Meetup" less a word it may not start with
    parts = name.split()
    if len(parts) >= 2 and parts[-1].isdigit() and parts[-2].casefold() in TEMPLATE_WORDS:
        name = " ".join(parts[:-2])  # "Follow Step 2": a template's numbered label ends no name
    if not name or name.casefold() in NOT_NAMES or not any(c.isalpha() for c in name) or len(name) < 2:
        return "", at_start, title
    if name.casefold() in NOT_NAMED_ALONE:
        return "", at_start, title
    if all(w.isdigit() or w.casefold().rstrip(":") in TEMPLATE_WORDS for w in name.split()):
        return "", at_start, title  # "Step 1", "Message", "Option 2": the parts of a pasted template, no name
    return name, at_start, title


_PHRASE_TOKEN = re.compile(r"[^\W\d_][\w'’-]*")


@_cached
def _lower_words(text: str) -> tuple[str, ...]:
    """The words of a text's prose as typed, for `_said_in_lower_case` (a text typed all in lower
    case says nothing of what is a name, so it has none)."""
    return () if _typed_lower(text) else tuple(_PHRASE_TOKEN.findall(prose(text)))


def _lower_counts(texts: Sequence[str], wanted: dict[str, int]) -> Counter[str]:
    """How often the history writes each wanted phrase (casefolded, its word count) in lower case,
    in texts that capitalise names (`_lower_words`): one pass over every text."""
    wanted = {key: n for key, n in wanted.items() if key == key.lower()}
    lengths = sorted(set(wanted.values()))
    lower: Counter[str] = Counter()
    for text in texts:
        words = _lower_words(text)
        for n in lengths:
            for i in range(len(words) - n + 1):
                gram = " ".join(words[i : i + n])
                if gram in wanted and wanted[gram] == n:
                    lower[gram] += 1
    return lower


def _said_in_lower_case(lower: Counter[str], known: dict[str, str], kinds: dict[str, Counter[str]]) -> set[str]:
    """The known names the history writes in lower case (`lower`: `_lower_counts`) at least as often
    as capitalised inside a sentence: a term ("Random forest", "Linear Regression", "Best
    Practices"), not a name. A run read as a person's or a place's ("my friend Mark", "Dr. Rose",
    "in Bath") or a name the word lists know ("Reading") stays, whatever else the word means."""
    return {
        key
        for key, times in lower.items()
        if key in known
        and times >= sum(kinds[key].values())
        and not (kinds[key]["person"] or kinds[key]["place"] or vocab.listed(key))
    }


_KIND_WORDS = _PLACE_WORDS | _ORG_WORDS | _OF_HEADS | TITLES


def _openers(per_text: list[list[tuple[str, str, str, bool]]], known: dict[str, str]) -> dict[str, str]:
    """The names read only at a sentence's start whose words after the first are a name the history
    knows (as it is, not as this run): {the run's key: its first word}. A chat's "Besides Italy, I was
    in Turkey", "Bet Max loves those hikes", "Glad PT is helping" had made pages of each; the first
    word is a sentence's opener where the history also writes it in lower case (`_without_openers`)."""
    inside = {name.casefold() for mine in per_text for name, _, _, at_start in mine if not at_start}
    out = {}
    for mine in per_text:
        for name, title, _, at_start in mine:
            key = name.casefold()
            first, _, rest = key.partition(" ")
            if not (at_start and rest and key in known and rest in known) or title or key in inside:
                continue
            if first not in _KIND_WORDS:  # in "Lake Tahoe", "Bank Secrecy Act" the first word is the name's own
                out[key] = first
    return out


def _without_openers(
    per_text: list[list[tuple[str, str, str, bool]]], known: dict[str, str], openers: set[str]
) -> list[list[tuple[str, str, str, bool]]]:
    """Each text's runs with the openers' first word taken off (the rest is the name), and the
    openers' own keys out of the known names."""
    if not openers:
        return per_text
    for key in openers:
        del known[key]
    return [
        [(n.split(" ", 1)[1], t, b, False) if n.casefold() in openers else (n, t, b, s) for n, t, b, s in mine]
        for mine in per_text
    ]


def _short_forms(known: dict[str, str], kinds: dict[str, Counter[str]]) -> dict[str, set[str]]:
    """Each shorter form of the known names, with the longer names it may stand for: a name's first
    or last word ("Weber", "Daniel"), and a product's name without its model number or maker ("dell
    xps" and "xps 13" stand for "dell xps 13"; "new york" not for "new york times", "iphone 13" not
    for "iphone 13 pro"). A form stands for its name when it stands for that one alone."""
    forms: dict[str, set[str]] = defaultdict(set)
    for key in known:
        parts = key.split()
        if len(parts) < 2:
            continue
        placed = _places_of(key, known, kinds)
        for word in (parts[0], parts[-1]):
            if word in _CONNECTORS:
                continue  # "de Winter" is not what "DE" or "de" stands for (a language's code, a word)
            if placed:  # the place, and the name beside it, stand for themselves: for no longer name ("")
                forms[word].add("")
            elif not _an_acronym_or_place_of(word, known[key], parts):
                forms[word].add(key)
        # the words a shorter form may lack (a model number, a maker, a legal form): the form keeps the
        # rest from the front or the back; found once a name (a slice for each k made a run of 20,000
        # capitalised words, "Mr Mr Mr ...", take seconds)
        lacks = [any(c.isdigit() for c in w) or w in _BRANDS or w in _LEGAL for w in parts]
        lacked_before = next((i for i, lacking in enumerate(lacks) if not lacking), len(parts))
        lacked_after = len(parts) - next((i for i, lacking in enumerate(reversed(lacks)) if not lacking), len(parts))
        for k in range(1 if parts[-1] in _LEGAL else 2, len(parts)):
            if k >= lacked_after:
                forms[" ".join(parts[:k])].add(key)
            if len(parts) - k <= lacked_before:
                forms[" ".join(parts[-k:])].add(key)
    return forms


# A company's legal form: "Hutchins Heating & Air" is "Hutchins Heating & Air LLC" (dale's vault had a page of each)
_LEGAL = wordset("llc ltd inc corp plc gmbh")


def _places_of(key: str, known: dict[str, str], kinds: dict[str, Counter[str]]) -> set[str]:
    """(session 46: wiki31) The first or last word of a name that is a place the history says alone, as a place
    most times ("in Leipzig"), beside another name ("Jobcenter Leipzig", a letter's heading): the place is the
    place, not the longer name's short form, and the other word is a name of its own. olena's every "Leipzig"
    (where she moved, where she looked for a flat) had gone on a page "Jobcenter Leipzig" beside her page
    "Jobcenter"; arjun's "India" on "HDFC India". A person's name ("Anna Lincoln": "Lincoln called me back")
    keeps its short forms."""
    parts, shown = key.split(), known[key].split()
    if len(parts) != len(shown) or any("person" in kinds.get(w, ()) for w in (key, *parts)):
        return set()
    out = set()
    for at in (0, len(parts) - 1):
        alone, rest = kinds.get(parts[at], Counter()), " ".join(shown[:at] + shown[at + 1 :])
        if vocab.place(rest) or (len(rest) == 2 and rest.isupper()):
            continue  # a place's own name: "Orlando FL" (a state's code), "Beaumont Texas", "West Cork"
        if alone["place"] * 2 > alone.total() and (
            vocab.city(shown[at]) is not None or vocab.place(shown[at]) == shown[at]  # ("Store" is no "Štore")
        ):
            out.add(parts[at])
    return out


def _an_acronym_or_place_of(word: str, name: str, parts: list[str]) -> bool:
    """Whether a word of a longer name is a name of its own, not its short form: an acronym as the name
    writes it ("VA" of "VA Form 21-526EZ", "UK" of "UK Visas": every turn of the VA had been on the
    form's page), or a place's name before a house number ("Valencia 1234", "Embajadores 45": an
    address in a pasted bug report had taken every turn of the city). "The LLC" is the company still."""
    written = next((w for w in name.split() if w.casefold() == word), "")
    if len(written) >= 2 and written.isupper() and written.isalpha() and word not in _LEGAL:  # "the LLC" is the company
        return True
    return parts[-1].isdigit() and word == parts[0] and bool(vocab.place(word) or vocab.part_of_city(word))


def extract_all(texts: Sequence[str]) -> list[list[Name]]:
    """The names each text mentions, read together: a name seen inside a sentence anywhere makes
    the same word at another sentence's start a name too, and a short form ("Dr. Weber",
    "Daniel", "Brightline") is the one longer name it is the last or first word of."""
    texts = [life.visible(t) for t in texts]  # "Montr\u200féal" is Montréal, not "Montr"
    runs = [_candidates(t) for t in texts]
    flat = _lower_prose(texts)
    lowered = lower_names(flat, texts)
    known: dict[str, str] = {key: n.name for key, n in lowered.items()}  # casefolded name -> display
    kinds: dict[str, Counter[str]] = defaultdict(Counter, {key: Counter([n.kind]) for key, n in lowered.items()})
    per_text = [_read_runs(found, known, kinds) for found in runs]
    openers = _openers(per_text, known)
    typed = _lower_counts(texts, {**{key: len(key.split()) for key in known}, **dict.fromkeys(openers.values(), 1)})
    per_text = _without_openers(per_text, known, {key for key, word in openers.items() if typed[word]})
    for key in _said_in_lower_case(typed, known, kinds):
        del known[key]
    longer = _short_forms(known, kinds)
    # "Pride and Prejudice" where the history also writes "Pride & Prejudice": one name, as written with "&"
    spelt = {
        key: key.replace(" and ", " & ") for key in known if " and " in key and key.replace(" and ", " & ") in known
    }
    # A title and a surname ("Dr. Smith") stand for the longer name only when that name is titled
    # somewhere too ("Dr. Anna Weber", then "Dr. Weber"): a history's therapist "Dr. Smith" had
    # joined "Daniel Smith", a brand of watercolours the person named once.
    titled = {name.casefold() for mine in per_text for name, title, _, _ in mine if title}
    out: list[list[Name]] = []
    for lower, mine in zip(flat, per_text, strict=True):
        names: dict[str, Name] = {}
        if lowered and lower is not None:  # the names of a lower-case history, wherever it says them
            for word in _LOWER_WORD.findall(lower):
                key = word if word in lowered else word[:-1] if word[-1:] == "s" else ""  # "karens plan"
                if key in lowered:
                    names.setdefault(key, lowered[key])
        for name, title, before, _ in mine:
            key = name.casefold()
            full = key
            if (
                len(longer.get(key, ())) == 1
                and "" not in longer[key]
                and (not title or next(iter(longer[key])) in titled)
            ):
                full = next(iter(longer[key]))
            elif title and key not in known:
                full = key
            if full not in known and not title:
                continue  # a capitalised word at a sentence's start that is never a name elsewhere
            full = spelt.get(full, full)
            display = known.get(full) or (f"{title} {name}" if title else name)
            if title and sum(w.casefold() not in _CONNECTORS for w in display.split()) == 1:
                display = f"{title} {display}"  # "Mrs. Bianchi", "Dr. van der Berg": a surname alone reads oddly
            kind_votes = kinds.get(full) or Counter({_kind(name, before, title): 1})
            kind = sorted(kind_votes.items(), key=lambda kv: (kv[0] == "thing", -kv[1], kv[0]))[0][0]
            if title:
                kind = "person"
            names.setdefault(display.casefold(), Name(display, kind))
        out.append(list(names.values()))
    return out


def extract(text: str) -> list[Name]:
    """The names one text mentions (see extract_all)."""
    return extract_all([text])[0]


# -- kinds of turn -----------------------------------------------------------------------------

_FILLER_WORDS = wordset(
    "ok okay k kk thanks thank thx ty you yes yeah yep yup no nope sure great cool perfect nice awesome good "
    "got it that's thats that this fine alright right so much lot a very really helpful helps helped lol "
    "haha hi hello hey bye cheers sounds will do makes sense wow love appreciate amazing excellent brilliant "
    "fixed worked works working me again for the all and oh ah i i'll we we'll try then go ahead"
)
_WORDS = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


# Longer thanks say nothing more ("Thank you so much for your help with this, I really appreciate
# it!"): up to FILLER_THANKS_MAX words are a filler when one of them thanks and every other is a
# filler word or one of these (function words and the praise thanks come with), never a content word.
_THANKS = wordset("thanks thank thx ty cheers appreciate appreciated grateful lifesaver")
_THANKS_WORDS = wordset(
    "help your yours with it is are was be been just now today tonight tomorrow later perfectly totally "
    "lifesaver legend star super glad happy kind sweet clear clearer understand understood see noted done "
    "absolutely definitely exactly indeed everything anyway as always of to in on at an my what how"
)
FILLER_THANKS_MAX = 16


# A letter's sign-off at a text's very end and the name under it or after it ("...\n\nRegards,\nPriya",
# "Thanks, Priya"): the person's drafts to an assistant sign them with their own name.
_SIGNED = re.compile(
    r"(?:^|\n)[ \t]*(?i:(?:best|kind|warm|warmest|many|with) )?(?i:regards|thanks|thank you|best|cheers|"
    r"sincerely|yours sincerely|yours truly|yours|love|best wishes|all the best|take care)[,!.]?"
    r"[ \t]*(?:\n[ \t]*|[ \t])([A-Z][a-z][\w'’-]*)(?:[ \t]+[A-Z][\w'’-]*)?[ \t]*\Z"
)
SIGNED_MIN = 3  # texts a name signs before it is the person's own (a pasted letter signs once or twice)


def signed(texts: Sequence[str]) -> frozenset[str]:
    """The person's own first name, as the drafts among their texts sign it: the one name that signs
    SIGNED_MIN of them or more and more than half of every signed one (a landlord's letter pasted in
    signs once, a company's twice), else none. A blind fixture's "Regards,\nPriya" on her emails had
    made a page titled "Priya" of them: the person herself, as "user" had been."""
    signing = Counter(found.group(1) for text in texts if (found := _SIGNED.search(text[-200:].rstrip())))
    if not signing:
        return frozenset()
    name, count = signing.most_common(1)[0]
    return frozenset([name]) if count >= SIGNED_MIN and 2 * count > sum(signing.values()) else frozenset()


@_cached
def is_filler(text: str) -> bool:
    """A turn that says nothing to keep: "Yes.", "ok thanks!", "That fixed it, thanks!", "Awesome,
    thanks again for all the help today"."""
    words = [w.casefold() for w in _WORDS.findall(text)]
    if len(words) <= 8 and all(w in _FILLER_WORDS for w in words):
        return True
    return (
        len(words) <= FILLER_THANKS_MAX
        and any(w in _THANKS for w in words)
        and all(w in _FILLER_WORDS or w in _THANKS_WORDS for w in words)
    )


_REQUEST = re.compile(
    r"^(?:(?:so|ok|okay|and|also|hey|hi|please),?\s+)*(?:can|could|would|will)\s+you\b|^please\b|^help\s+me\b|"
    r"^(?:suggest|recommend|give|write|tell|show|explain|list|draft|summari[sz]e|translate|find|make)\s+me\b|"
    r"^(?:suggest|recommend|write|draft|summari[sz]e|translate|list)\b|^(?:any|some)\s+(?:tips|ideas|advice)\b|"
    r"^(?:what|which|how|where|who|when|why|is|are|do|does|should|would)\b.*\?$|^i\s+(?:need|want)\s+you\s+to\b|"
    # asked without a question mark: "I was wondering if you could ...", "Explain how ...", "I'd love
    # some ideas for ...", "I need help planning ...", "Let me know if ..."
    r"^(?:explain|describe|compare|outline|brainstorm|proofread|rewrite)\b|^let\s+me\s+know\b|"
    r"^i\s+(?:was\s+|am\s+|'m\s+|’m\s+)?wonder(?:ing)?\s+(?:if|whether)\s+you\b|"
    r"^i(?:'d|’d|\s+would)\s+(?:like|love)\s+(?:you\s+to|(?:some\s+)?(?:ideas|tips|suggestions|advice|help)\b)|"
    r"^i\s+(?:need|want)\s+(?:some\s+)?(?:help|ideas|tips|suggestions|advice|recommendations)\b",
    re.IGNORECASE,
)


@_cached
def is_request(text: str) -> bool:
    """Every sentence of the turn asks the assistant for something (a question, "Can you
    suggest...", "Please write..."): it asks, it is not an open question of the person's."""
    parts = sentences(_FENCE.sub(" ", text))
    return bool(parts) and all(_REQUEST.search(p) or p.endswith("?") for p in parts)


# (attribute, pattern over one sentence): what a person says about their own life, in the order
# "About me" shows them.
SELF_FACTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE))
    for name, pattern in (
        (
            "Home",
            r"^(?:this year\s+)?i\s+(?:live|moved|am moving|'m moving|relocated)\b|^my\s+(?:flat|apartment|house|home|"
            r"kitchen|bedroom|landlord|landlady|neighbou?rhood)\b|^the\s+(?:flat|apartment|kitchen|house)\s+(?:here\s+)?"
            r"(?:is|stays)\b|\bi\s+live\s+in\b",
        ),
        (
            "Work",
            r"^i\s+(?:work|worked|started working|joined|accepted an offer|got promoted|start on|was promoted|"
            r"changed jobs|left)\b|^my\s+(?:new\s+)?(?:manager|boss|title|job|role|team|employer)\b|"
            r"\bno longer my manager\b|\bmy title is\b",
        ),
        (
            "Education",
            r"^i\s+(?:studied|graduated|majored|dropped out)\b|^my\s+(?:degree|major|thesis|dissertation|"
            r"bachelor'?s|master'?s|phd|diploma)\b",
        ),
        (
            "Food",
            r"^i(?:'m|\s+am)\s+(?:now\s+)?(?:a\s+)?(?:vegetarian|vegan|pescatarian|gluten|lactose|allergic)|"
            r"^i\s+(?:eat|don't eat|do not eat|no longer eat|started eating|stopped eating|drink|take my coffee)\b|"
            # a liking is about food when it names food: "I like those ideas", "I love how cute they
            # are", "I prefer books with complex themes" had filled a real history's Food section
            r"^i\s+(?:really\s+|just\s+)?(?:prefer|like|love|hate|can't stand|enjoy)\b(?=.*\b(?:food|foods|eat|eating|"
            r"cook|cooking|baking|recipes?|dish|dishes|meals?|breakfast|lunch|dinner|snacks?|coffee|tea|wine|beer|"
            r"cocktails?|pizza|pasta|sushi|cheese|chocolate|spicy|vegetables?|veggies|fruit|meat|fish|seafood|"
            r"chicken|beef|pork|salads?|soups?|bread|rice|noodles|curry|desserts?|cakes?|cuisine|restaurants?|"
            r"flavou?rs?|cilantro|coriander|garlic|onions?|mushrooms?|olives|tofu|eggs|milk|dairy|sugar|sweets)\b)",
        ),
        (
            "Routine",
            r"^my\s+[\w ]{0,30}?(?:class|course|lesson|training|practice)\s+(?:is|moved|starts|takes)\b|"
            r"^the class is\b|^i\s+(?:started an?|take the|passed)\b|"
            # a habit, said as one: "I walk upstairs and into the room" (a story, a role-play) is none
            r"^i\s+(?:usually\s+|normally\s+|always\s+|now\s+)?(?:cycle|walk|run|swim|climb|go to|train|commute)\b"
            r"(?=.*\b(?:every|each|usually|normally|always|often|daily|weekly|most|twice|times a|regularly|"
            r"(?:mon|tues|wednes|thurs|fri|satur|sun)days|mornings|evenings|weekends|to work|to school|to the office|"
            r"to campus|a week|a day)\b)|"
            r"^i\s+\w+\s+on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day",
        ),
        (
            "People",
            r"^my\s+(?:sister|brother|mother|mum|mom|father|dad|partner|wife|husband|friend|son|daughter|"
            r"physiotherapist|physio|doctor|dentist|therapist|teacher)\b",
        ),
    )
)


# The heading of an attribute the attribute model reads (memory/life.py). Read first, so a turn
# that opens a change in the person's life is filed where the change is: "We moved to Montréal
# last week!" had gone under "Also" (SELF_FACTS knew only "I moved"), "I now report to Émilie
# Gagnon" and "I'm on day shifts now" too, while the turn they changed sat under Home and Work.
_HEADING_OF = {
    "home": "Home",
    "tenure": "Home",
    "employer": "Work",
    "role": "Work",
    "manager": "Work",
    "shift": "Work",
    "team size": "Work",
    "time:work": "Work",
    "hours:work": "Work",
    "retirement": "Work",
    "origin": "Home",
    "diet": "Food",
    "commute": "Routine",
    "doctor": "People",
    "dentist": "People",
    "physiotherapist": "People",
    "therapist": "People",
    "partner": "People",
}


def heading_of(attribute: str) -> str:
    """The About me heading an attribute's statements go under ("" for none): a schedule, a personal
    best ("personal best:5k") and the time of a habit, of waking or of bed under Routine; a degree,
    where it was taken and what is studied now under Education."""
    if attribute in _HEADING_OF:
        return _HEADING_OF[attribute]
    if attribute.partition(":")[0] in ("degree", "university", "high school", "studying"):
        return "Education"
    if attribute.startswith(("schedule:", "personal best:", "time:", "wake", "bedtime", "time on:")):
        return "Routine"  # (the time of a habit, waking, bed: "I go to bed at 11")
    return ""


@_cached
def self_fact(text: str) -> str:
    """The attribute of the person's own life a turn states (Home, Work, Food, Routine, People; Also
    for one no heading holds), or "" when it states none (a question, a request, something about the
    world)."""
    read = life.read(text)
    for said in read:
        heading = heading_of(said.attribute)
        if heading:
            return heading
    if read:  # (session 39) an allergy, a birthday, a pet said beside a question: the person's, under Also
        return "Also"
    if life.kin_named(text) and not any(_REQUEST.search(p) for p in sentences(text)):  # "my daughter's name is zosia"
        return "People"  # (not "I'd love ideas for dinner for my sister Lena": asked of the assistant)
    for sentence in sentences(_FENCE.sub(" ", life.straight(text))):
        if sentence.endswith("?") or _REQUEST.search(sentence):
            continue
        for name, pattern in SELF_FACTS:
            if pattern.search(sentence):
                return name
    return ""


# -- dates in text -----------------------------------------------------------------------------

_MONTH_RE = "|".join(m for m in _MONTHS) + "|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DAY_MONTH = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MONTH_RE})\.?(?:,?\s+(\d{{4}}))?\b", re.IGNORECASE)
_MONTH_DAY = re.compile(rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?\b", re.IGNORECASE)
_MONTH_YEAR = re.compile(rf"\b({_MONTH_RE})\.?\s+(\d{{4}})\b", re.IGNORECASE)


def _month(word: str) -> int:
    w = word.casefold().rstrip(".")
    for i, m in enumerate(_MONTHS, start=1):
        if m.startswith(w) and len(w) >= 3:
            return i
    return 0


@dataclass(frozen=True)
class Dated:
    """A dated event in a text: the date it names (YYYY-MM-DD, or YYYY-MM) and its sentence."""

    when: str
    sentence: str


def event_date(text: str, said: str = "") -> Dated | None:
    """The first date a text names ("On 2024-11-19", "5 August 2023", "in June 2024", "yesterday",
    "last Tuesday"), with the sentence it is in. `said`: the day it was said (YYYY-MM-DD) on the
    person's clock (memory/clock.local_day), not the UTC one it is stored at: a day and month without
    a year take its year, and a relative day counts back from it. None when the text names no date:
    a turn's own timestamp is not an event ("today" is that timestamp)."""
    year_said = int(said[:4]) if said[:4].isdigit() else 0
    for sentence in sentences(_FENCE.sub(" ", text)):
        found = _ISO_DATE.search(sentence)
        if found and _valid(int(found.group(1)), int(found.group(2)), int(found.group(3))):
            return Dated(found.group(0), sentence)
        for pattern, order in ((_DAY_MONTH, "dm"), (_MONTH_DAY, "md")):
            found = pattern.search(sentence)
            if found:
                day, month = (found.group(1), found.group(2)) if order == "dm" else (found.group(2), found.group(1))
                year = int(found.group(3)) if found.group(3) else year_said
                m = _month(month)
                if m and year and _valid(year, m, int(day)):
                    return Dated(f"{year:04d}-{m:02d}-{int(day):02d}", sentence)
        found = _MONTH_YEAR.search(sentence)
        if found and _month(found.group(1)):
            return Dated(f"{int(found.group(2)):04d}-{_month(found.group(1)):02d}", sentence)
        back = _relative_day(sentence, said)
        if back:
            return Dated(back, sentence)
    return None


# "yesterday", "the day before yesterday", "last Tuesday": one day, counted back from the day said
# ("last week", "on Tuesday" and "today" name no day before it)
_RELATIVE_DAY = re.compile(
    r"(?<![\w'’-])(?:(?P<before>the day before yesterday)|(?P<yesterday>yesterday)|last (?P<weekday>"
    + "|".join(_WEEKDAYS)
    + r"))(?![\w-])",
    re.IGNORECASE,
)


def _relative_day(sentence: str, said: str) -> str:
    """The day (YYYY-MM-DD) a sentence's relative day names, counted back from `said`; "" when it
    names none or `said` is no day."""
    found = _RELATIVE_DAY.search(sentence)
    if not found:
        return ""
    try:
        day = date.fromisoformat(said[:10])
    except ValueError:
        return ""
    if found.group("weekday"):
        # the one before the day said: on a Tuesday, "last Tuesday" is a week back, never that day
        back = (day.weekday() - _WEEKDAYS.index(found.group("weekday").casefold()) - 1) % 7 + 1
    else:
        back = 2 if found.group("before") else 1
    try:
        return (day - timedelta(days=back)).isoformat()
    except OverflowError:  # said on 0001-01-01
        return ""


def _valid(year: int, month: int, day: int) -> bool:
    try:
        date(year, month, day)
    except ValueError:
        return False
    return 1900 <= year <= 2200
