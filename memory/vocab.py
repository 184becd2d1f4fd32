"""Closed vocabularies: values a rule knows by name, in any phrasing and any case.

The rules of memory/life.py know a value by how it is said ("I moved to Lisbon", "my car is a
Toyota RAV4"); a person who types "ever since i landed here in mesa" or "karen put me on karens
family plan on verizon" phrases it their own way, and no rule reads it. A value of a closed kind is
known by what it is instead: a car make or model, a phone, a mobile carrier or internet provider, a
bank, a pharmacy, a prescription medicine, a city. The lists are data files in memory/data/ (one
name a line; a leading "^" marks a name that is also a common word, "Orange", "Boots", "Reading",
read only as written with a capital, and not typed all in capitals with no model after it: "upgrade
the RAM", "SMART goals" are acronyms, "RAM 1500" a truck; a leading "~" a name that is a common word
in lower case, "Equinox", "Suburban", "Galaxy", read so only after "my" / "our" or a year, or with a
model after it: "the spring equinox" is no car; a leading "%" a name that is another thing's too,
"Blazer", "Jazz", "Holden", a car only with a year before it or a word of cars in the sentence;
"= attribute" lines in carriers.txt switch the attribute).

A name found is the person's own only where the words around it say so (`_mine`): a first-person
word ("i", "im", "my", "we", "our", "me", typed in any case, apostrophes or not) before it in the
same clause with no one else's between ("my sister", "his", "her"), or "me" / "i" just after it
("the iphone karen got me"), or a clause that drops its subject ("been in dayton 40 some years");
and not in a question, a plan or a wish ("should i get revolut instead", "thinking of", "next
year"), a denial ("i am NOT switching"), the past ("the old buick", "used to"), nor in a pasted
notice that speaks to "you" as "we". A city is a home only after words that place the person there
("here in", "live in", "moved to", "back in"); a store names a pharmacy only as "<store> pharmacy".
A name beside a capitalised word that opens no phrase is part of a longer name no list holds
("Lake Tahoe", "Rogue One", "Bell Zephyr"); a name of two lists ("Santa Fe") is tried as each.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory import needles, tokens
from memory.textcache import text_cache

DATA = Path(__file__).resolve().parent / "data"
# file -> the attribute its names are values of (carriers.txt names its own with "= attribute")
FILES = {
    "cars.txt": "car",
    "phones.txt": "phone",
    "carriers.txt": "phone provider",
    "banks.txt": "bank",
    "pharmacies.txt": "pharmacy",
    "medicines.txt": "medication",
    "cities.txt": "home",
}


# Names made with "and" that are one thing, not two: a title, a company, a dish, a country ("Pride and
# Prejudice", "Marks and Spencer", "mac and cheese", "Trinidad and Tobago"). A page's name keeps them
# whole (memory/names.py), and so does a value the life reading reads, typed in any case.
AND_NAMES = frozenset(
    [
        "pride and prejudice",
        "sense and sensibility",
        "romeo and juliet",
        "war and peace",
        "crime and punishment",
        "antony and cleopatra",
        "tristan and isolde",
        "hansel and gretel",
        "bonnie and clyde",
        "tom and jerry",
        "rick and morty",
        "law and order",
        "dungeons and dragons",
        "simon and garfunkel",
        "mumford and sons",
        "marks and spencer",
        "procter and gamble",
        "proctor and gamble",
        "johnson and johnson",
        "barnes and noble",
        "crate and barrel",
        "bath and body works",
        "black and decker",
        "dolce and gabbana",
        "abercrombie and fitch",
        "ben and jerry's",
        "mac and cheese",
        "macaroni and cheese",
        "fish and chips",
        "bangers and mash",
        "surf and turf",
        "rice and beans",
        "peanut butter and jelly",
        "salt and vinegar",
        "sweet and sour",
        "cheese and onion",
        "bread and butter",
        "chips and salsa",
        "rock and roll",
        "rhythm and blues",
        "drum and bass",
        "trinidad and tobago",
        "bosnia and herzegovina",
        "antigua and barbuda",
        "saint kitts and nevis",
        "st kitts and nevis",
        "sao tome and principe",
        "turks and caicos",
        "saint vincent and the grenadines",
    ]
)


@dataclass(frozen=True)
class Name:
    """One name of a closed vocabulary."""

    words: tuple[str, ...]  # folded, lowercased tokens
    shown: str  # as the list writes it
    attribute: str
    capital: bool  # a common word too: read only as written with a capital
    word: bool = False  # a common word in lower case: read so only as the person's ("my equinox") or with a model
    other: bool = False  # another thing's name too ("a Blazer", "the Jazz", "Holden"): read so only where cars are said


_TOKEN = re.compile(r"[\w&+]+(?:[.'\-][\w&+]+)*")
_FOLD = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss", "đ": "d", "ı": "i", "’": "'"})


def fold(word: str) -> str:
    """A word without its accents, lowercased: "Wrocław" and "wroclaw" are one name."""
    if word.isascii():  # (no accent, nothing of `_FOLD`, NFKD leaves it as it is: most words of the lists)
        return word.lower()
    decomposed = unicodedata.normalize("NFKD", word.translate(_FOLD))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


@functools.cache
def names() -> dict[str, tuple[Name, ...]]:
    """Every name of every list, by its first word, longest first."""
    index: dict[str, list[Name]] = {}
    for file, attribute in FILES.items():
        for line in (DATA / file).read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line.startswith("="):
                attribute = line[1:].strip()
                continue
            if not line or line.startswith("#"):
                continue
            shown = line.lstrip("^~%")
            marks = line[: len(line) - len(shown)]
            words = tuple(fold(w) for w in _TOKEN.findall(shown))
            if words:
                index.setdefault(words[0], []).append(
                    Name(words, shown, attribute, "^" in marks, "~" in marks, "%" in marks)
                )
    return {first: tuple(sorted(found, key=lambda n: -len(n.words))) for first, found in index.items()}


# -- places: a country, a state or province, a city, in any language ---------------------------

# The languages whose names of countries are read as the country ("Suède", "Deutschland", "ドイツ",
# "독일" are Sweden and Germany): pycountry's translations of ISO 3166-1.
_LOCALES = [
    "fr",
    "de",
    "es",
    "it",
    "pt",
    "pt_BR",
    "nl",
    "pl",
    "sv",
    "da",
    "nb_NO",
    "fi",
    "cs",
    "sk",
    "hu",
    "ro",
    "tr",
    "ru",
    "uk",
    "el",
    "ca",
    "gl",
    "eu",
    "ga",
    "cy",
    "zh_CN",
    "zh_TW",
    "ja",
    "ko",
    "id",
]
# Top-level subdivisions whose name is a word ("Centre", "Central", "North"): no place in lower case.
_NOT_PLACES = frozenset(
    [
        "central",
        "centre",
        "center",
        "north",
        "south",
        "east",
        "west",
        "northern",
        "southern",
        "eastern",
        "western",
        "capital",
        "coast",
        "islands",
        "island",
        "upper",
        "lower",
        "greater",
        "middle",
        "northeast",
        "northwest",
        "southeast",
        "southwest",
        "mountain",
        "valley",
        "lakes",
        "plains",
        "river",
        "delta",
        "national",
        "metropolitan",
        "federal",
    ]
)


@functools.cache
def _places() -> tuple[dict[str, str], frozenset[str]]:
    """Every name of a place -> its English name, and the names that are also common words (read only
    as written with a capital): countries (`_countries`), the cities of cities.txt, their other names
    (data/exonyms.txt: "München", "東京"), top-level subdivisions (pycountry: "California", "Bayern",
    "Ontario"; after the cities' other names, so "Wien" the state is Vienna the city)."""
    import pycountry  # 30 ms of JSON and gettext files: read the first time a place is named, not on `quire --help`

    out = _countries(pycountry)
    words = {key for key in out if key in tokens.STOPWORDS}  # "US": not "us"
    for found in names().values():
        for name in found:
            if name.attribute == "home":
                out.setdefault(" ".join(name.words), name.shown)
                if name.capital:
                    words.add(" ".join(name.words))
    subdivisions = {
        _key(sub.name): (sub.name, sub.country_code)
        for sub in pycountry.subdivisions
        if sub.parent_code is None and _key(sub.name) not in _NOT_PLACES
    }
    for line in (DATA / "exonyms.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            city, code, others = line.split("\t")
            for other in others.split("|"):
                key = _key(other)
                if (
                    _a_name(key) and subdivisions.get(key, ("", code))[1] == code
                ):  # "Wien" the state is Vienna; "Edo" the state no Tokyo
                    out.setdefault(key, city)
    for key, (name, _) in subdivisions.items():
        if key not in tokens.STOPWORDS:
            out.setdefault(key, name)
    return out, frozenset(words)


def _countries(pycountry: Any) -> dict[str, str]:
    """Every name of a country in English -> its English name: pycountry's names and the everyday
    English names it does not give (data/places.txt)."""
    aliases: dict[str, str] = {}  # an everyday name or pycountry's -> the name shown (data/places.txt)
    for line in (DATA / "places.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            shown, _, others = line.partition(" = ")
            aliases |= dict.fromkeys([shown, *others.split("|")], shown)
    out: dict[str, str] = {_key(alias): shown for alias, shown in aliases.items()}
    countries = list(pycountry.countries)
    for country in countries:
        named = [country.name, getattr(country, "common_name", None), getattr(country, "official_name", None)]
        english = next((aliases[n] for n in named if n in aliases), named[1] or country.name)
        for name in named:
            if name:
                out.setdefault(_key(name), english)
    return out


@functools.cache
def _translated() -> dict[str, str]:
    """A country's names in `_LOCALES` -> its English name (pycountry's translations of ISO 3166-1):
    read only where a name is none of `_places` (a quarter of the cost of knowing places)."""
    import gettext  # (with pycountry: only where a place is named)

    import pycountry

    english = _places()[0]
    out: dict[str, str] = {}
    for locale in _LOCALES:
        said = gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[locale], fallback=True)
        for country in pycountry.countries:
            if (other := said.gettext(country.name)) != country.name and _a_name(key := _key(other)):
                out.setdefault(key, english[_key(country.name)])
    return out


def _a_name(key: str) -> bool:
    """Whether another language's name of a place can be read as one: not a word of English ("my", "us")
    and, in a Latin alphabet, of four letters or more (a short one is more often a word or a name:
    Vietnamese "Anh", "Ý", "Úc")."""
    return key not in tokens.STOPWORDS and (len(key) >= 4 or _CJK.search(key) is not None)


def written(value: str) -> str | None:
    """A name of the lists as the list writes it, the value typed in any case ("mbank": "mBank",
    "iphone 13": "iPhone 13", "t-mobile": "T-Mobile"), the words after the name as typed; None where
    no list names it."""
    typed = _TOKEN.findall(value)
    words = [fold(w) for w in typed]
    for name in names().get(words[0], ()) if words else ():
        if tuple(words[: len(name.words)]) == name.words:
            rest = value[value.find(typed[len(name.words) - 1]) + len(typed[len(name.words) - 1]) :]
            return name.shown + rest
    return None


def _key(name: str) -> str:
    """A place's name as looked up: folded, one space between words, no "the" before it."""
    folded = name.lower() if name.isascii() else fold(name)  # (most names are ASCII: 10x faster so)
    return " ".join(folded.replace(".", "").split()).removeprefix("the ")


def place(name: str) -> str | None:
    """The English name of the place `name` names, written in any case, language or script
    ("Suède" and "sweden": "Sweden"; "München": "Munich"; "東京": "Tokyo"; "california": "California"),
    None where no list knows it. A name that is also a word ("Nice", "Reading") only as written with a
    capital."""
    key = _key(name)
    city = _city(key, name)
    if city is not None:
        return city  # (most homes: a city of the list by its own name, known without loading the rest)
    known, words = _places()
    if key not in known:
        return _translated().get(key)
    return None if key in words and not _capital(name) else known[key]


def city(name: str) -> str | None:
    """The English name of the city of cities.txt `name` names (by any of its names), None for a
    country, a state or province, or no place: "London" in "a flat in Shoreditch, London" is where the
    person lives, "Oregon" in "Portland, Oregon" or "Washington" in "Vancouver, Washington" is not."""
    english = place(name)
    if english is None or not {_key(name), _key(english)}.isdisjoint(_regions()):
        return None
    key = _key(english)
    first = key.split()[0] if key else ""
    return english if any(n.attribute == "home" and " ".join(n.words) == key for n in names().get(first, ())) else None


# The countries whose places are written "city, state" ("Vancouver, Washington", "Brooklyn, New York",
# "Melbourne, Victoria", "Campinas, São Paulo"): a state named after its city is the state there. A
# German or Austrian city-state ("Kreuzberg, Berlin") is the city.
_CITY_STATE = ("US", "CA", "AU", "BR", "IN", "MX")


@functools.cache
def _regions() -> frozenset[str]:
    """The names of every country and of the states of `_CITY_STATE`, as looked up (`_key`)."""
    import pycountry  # (with `_places`: only where a place is named)

    subdivisions = (
        sub.name for sub in pycountry.subdivisions if sub.parent_code is None and sub.country_code in _CITY_STATE
    )
    return frozenset(_countries(pycountry)) | frozenset(_key(name) for name in subdivisions)


def country_code(name: str) -> str | None:
    """(session 46: wiki31) The English name of the country whose ISO 3166 three-letter code `name` is, as
    a form or a passport writes it in capitals ("UKR": "Ukraine", "POL": "Poland"), else None."""
    if len(name) != 3 or not name.isupper() or not name.isalpha():
        return None
    return _codes().get(name)


@functools.cache
def _codes() -> dict[str, str]:
    import pycountry  # (with `_places`: only where a code is read)

    english = _places()[0]
    return {c.alpha_3: english.get(_key(c.name), c.name) for c in pycountry.countries}


# A big city (or New York) by the letters people write for it in a chat ("I left NYC last year", "I live in
# NY"), in capitals: no list above has these, and each is only that place where written so ("LA" is no "la",
# "DC" no "dc"). Not "BA" (British Airways), "SD" (San Diego or South Dakota), "SP" (São Paulo or a state).
_LETTERS = {
    "NYC": "New York City",
    "NY": "New York",
    "LA": "Los Angeles",
    "SF": "San Francisco",
    "DC": "Washington",
    "NOLA": "New Orleans",
    "ATL": "Atlanta",
    "KL": "Kuala Lumpur",
    "HK": "Hong Kong",
    "CDMX": "Mexico City",
}


PLACE_LETTERS = frozenset(_LETTERS)  # (the letters themselves: memory/life.py's rules tell them from a school's)


def place_letters(name: str) -> str | None:
    """The English name of the place `name` names by its letters (`_LETTERS`: "NYC" is New York City, and "NY"
    what `place` reads "New York" as), None otherwise."""
    full = _LETTERS.get(name.strip())
    return None if full is None else place(full) or full


def region(name: str) -> bool:
    """Whether `name` is a country or a state or province of `_CITY_STATE`'s countries, by any of its names
    ("Germany", "Deutschland", "Texas", "New York"): a place no one works for."""
    english = place(name)
    return english is not None and not {_key(name), _key(english)}.isdisjoint(_regions())


def province(name: str) -> bool:
    """Whether `name` is a state or a province of `_CITY_STATE`'s countries ("Alberta", "Texas"), not a
    country nor a city of cities.txt: where a city is, no home of its own (memory/life `_drafting_read`)."""
    return _key(name) in _provinces() and city(name) is None


@functools.cache
def _provinces() -> frozenset[str]:
    """The states and provinces of `_regions`, without the countries."""
    import pycountry  # (with `_places`: only where a place is named)

    return _regions() - frozenset(_countries(pycountry))


def _capital(name: str) -> bool:
    """Whether a name is written with a capital ("the US", "Nice"), "the" before it aside."""
    words = name.split()
    return bool(words) and words[len(words) > 1 and words[0].lower() == "the"][:1].isupper()


def _city(key: str, name: str) -> str | None:
    """A city of cities.txt named by its own name (not a word typed in lower case: "nice")."""
    words = tuple(key.split())
    for found in names().get(words[0], ()) if words else ():
        if found.attribute == "home" and found.words == words and (not found.capital or _capital(name)):
            return found.shown if _key(found.shown) == key else None
    return None


def place_in(text: str) -> tuple[str, str] | None:
    """The longest place that opens `text` (its words, or its characters where the script has no
    spaces, "北京市朝阳区": "北京市"), as (written, English name); None where none does."""
    text = text.strip()
    spaced = " " in text or text.isascii() or not any(_CJK.match(ch) for ch in text)
    parts = text.split() if spaced else list(text)
    for end in range(min(len(parts), 8 if not spaced else 4), 0, -1):
        written = (" " if spaced else "").join(parts[:end]).rstrip(".,;:!?")
        if written and (english := place(written)) is not None:
            return written, english
    return None


_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]")


@functools.cache
def _parts() -> dict[str, str]:
    """Each part of a city of within.txt (as looked up, `_key`) -> the city's folded name."""
    out: dict[str, str] = {}
    for line in (DATA / "within.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        city, _, parts = line.partition(" = ")
        out |= {_key(part): fold(city.strip()) for part in parts.split("|")}
    return out


def part_of_city(name: str) -> str | None:
    """The part of a city of within.txt that opens `name` ("jayanagar where": "jayanagar"), as written."""
    words = name.split()
    for end in range(min(len(words), 3), 0, -1):
        if _key(" ".join(words[:end])) in _parts():
            return " ".join(words[:end])
    return None


def within(part: str, city: str) -> bool:
    """Whether `part` (a home's value: "walthamstow") is a part of `city` ("london", "bengaluru"),
    by memory/data/within.txt: "now that we're in walthamstow" after "now that i'm in london" is
    no move to another city."""
    return _parts().get(_key(part)) == fold(city)


# -- who and how: the words around a name ------------------------------------------------------


def listed_as(name: str) -> frozenset[str]:
    """What the lists know `name` whole as ("Toyota": car and home; "Monzo": bank), none where they do not."""
    words = tuple(fold(w) for w in name.split())
    return frozenset(n.attribute for n in names().get(words[0], ()) if n.words == words) if words else frozenset()


def listed(name: str) -> bool:
    """Whether the lists know `name` whole, as written ("Lisbon", "Santa Fe", "Banco Santander")."""
    return bool(listed_as(name))


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


@dataclass(frozen=True)
class Kin:
    """A word for someone of a person's family (data/family.txt): the relation it names, as a question
    asks it ("mummy": mother), and whether it is `called` as a name without "my" ("how old is nana"),
    `owned` (means other things too, "pop", "nan": a relative only after "my" or "our") or said of a
    partner after "the" ("the missus")."""

    word: str
    relation: str
    called: bool
    owned: bool
    the: bool


def _family() -> dict[str, Kin]:
    out: dict[str, Kin] = {}
    for line in (DATA / "family.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        *words, relation = [w for w in line.split() if w not in ("called", "owned", "the")]
        flags = line.split()[len(words) + 1 :]
        word = " ".join(words)
        out[word] = Kin(word, relation, "called" in flags, "owned" in flags, "the" in flags)
    return out


# Every family word of data/family.txt: the one list each rule reading a family word reads (memory/life.py)
FAMILY = _family()
_PARTNER = frozenset(["wife", "husband", "partner", "spouse", "girlfriend", "boyfriend", "fiance"])


def kin_of(relation: str) -> str:
    """One relation however it is said: a wife, a husband, a girlfriend are each the partner."""
    return "partner" if relation in _PARTNER else relation


def family(*relations: str, called: bool | None = None, owned: bool | None = None) -> tuple[str, ...]:
    """The family words (of `relations`, all where none are given; `called`, `owned` as given), longest
    first, as a pattern's alternation tries them."""
    return tuple(
        sorted(
            (
                k.word
                for k in FAMILY.values()
                if (not relations or k.relation in relations)
                and called in (None, k.called)
                and owned in (None, k.owned)
            ),
            key=lambda w: (-len(w), w),
        )
    )


def alternation(words: tuple[str, ...]) -> str:
    """`words` as a pattern's group ("(?:grandma|mum|ma)")."""
    return "(?:" + "|".join(map(re.escape, words)) + ")"


@functools.cache
def word_list(name: str, folder: Path = DATA) -> frozenset[str]:
    """One word list of data/ (or of `folder`): a word a line, as written; `#` lines are comments."""
    lines = (folder / name).read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


@functools.cache
def model_words() -> frozenset[str]:
    """The embedding model's whole words: data/common.txt, frequent.txt and words.txt (scripts/vocab_*.py), read by
    the wiki's titles (a word of the dictionary, not a name) and the life reading's spelling pass alike."""
    return word_list("common.txt") | word_list("frequent.txt") | word_list("words.txt")


def _not_names() -> frozenset[str]:
    return word_list("notnames.txt")


def not_a_name(name: str) -> bool:
    """Whether a word read as someone's name is one of data/notnames.txt, which go on a sentence and
    name no one ("i text my brother every day": "every"; "my wife LOL"), or a run that holds one."""
    return any(word.strip(".,;:!?'’()").casefold() in _not_names() for word in name.split())


# The Hindi words (in Latin script) that may open a clause saying where the person is now, before the
# place ("abhi Pune mein hoon", "hum aajkal Noida mein hi hain"): now, these days, for now, we, I.
HINDI_NOW = ("abhi", "ab", "aajkal", "aaj kal", "filhaal", "filhal", "hum", "ham", "main", "mai", "bas")
_SELF = _set("i i'm im i've ive i'd me my mine myself we we're weve we've we'd our ours us")
_SUBJECT = _set("i i'm im i've ive i'd we we're weve we've we'd us")  # who lives somewhere
# Someone else, by a pronoun, a word for people around the person, or a family word (`family`, the
# vocabulary's own: a word added there is someone else here too). Of the words that mean other things too
# (`owned`), "da" and "nan" were held here before the vocabulary was; "pop", "sis", "bro", "gf", "mrs" were
# not, and "my sis drives a Honda Civic" still reads as the person's car: a reading change, for a
# READING bump of its own, not a tidy.
_OTHERS = (
    _set(
        "he she they his her hers their them him he's she's they're kids in-laws friend buddy mate pal neighbor "
        "neighbour colleague coworker boss roommate flatmate customers members clients patients residents tenants "
        "users staff"
    )
    | frozenset(w for w in family(owned=False) if " " not in w)
    | frozenset(w for w in family(owned=True) if w in ("da", "nan"))
)


@functools.cache
def _names_opened() -> tuple[frozenset[str], frozenset[str]]:
    """The names of one word, and the first two words of the longer ones ("the", "a" open names: rarely one)."""
    alone = frozenset(first for first, found in names().items() if any(len(n.words) == 1 for n in found))
    pairs = frozenset(" ".join(n.words[:2]) for found in names().values() for n in found if len(n.words) > 1)
    return alone, pairs


def _may_name(words: list[str]) -> bool:
    """False only where no name of the lists is these words' (`_holds` wants every word of a name in a row)."""
    alone, pairs = _names_opened()
    index = names()
    return not alone.isdisjoint(words) or not pairs.isdisjoint(
        first + " " + second for first, second in itertools.pairwise(words) if first in index
    )


# A clause with no subject is the speaker's ("been in dayton 40 some years", "got a pixel 8").
_DROPPED = _set(
    "been living moved got switched started landed settled finally on taking using bought traded swapped picked "
    "signed joined banking "
    # a student's diary line drops its "i" too: "opened a chase account bc ...", "ported my number to mint"
    "opened ported"
)
_FILLER = _set("ok okay so and also just now lol well oh anyway update btw yeah yes")
_ASKS = _set(
    "how what whats what's why where when which who whos who's is are am do does did can could should "
    "would will have has any anyone anybody isnt aren't"
)
_BECAUSE = _set("since because bc cause cuz as after")  # "now that" is read apart
_HEDGE = re.compile(
    r"\b(?:if|whether|would|might|may|maybe|perhaps|could|should|thinking|considering|consider|plans? to|planning|"
    r"want|wanting|wanna|going to|gonna|hope|hoping|wish|looking at|looking into|not|no longer|never|dont|"
    r"don't|didnt|didn't|wont|won't|cant|can't|used to|will|about to|"
    r"someday|one day|supposed to|instead of|rather than|vs|versus|or|sell|sold|selling|offer|offered|"
    r"traded in|trading in|trade-in|got rid of|scrapped|"
    r"recommend|recommended|suggest|suggested|tried|trying|test drive|test drove|dealer|advert|ad|"
    r"rental|rented|hire|loaner|courtesy|borrow|borrowed|borrowing|company car|work car|"
    r"haven't|havent|hasn't|hasnt|isn't|isnt|aren't|arent|wasn't|wasnt|weren't|werent|doesn't|doesnt|"
    # asking about it, or naming it in a title, a model kit or a job: not having it
    r"i'd like|id like|interested in|know more|learn more|explore|exploring|research|researching|heard|"
    r"reading|watched|watching|book|movie|film|episode|song|album|scale|kit|replica|toy|models?|"
    r"role|position|internship|interview|interviewing|applied|applying|application|"
    # a case put, not lived, as memory/life.py's hedge: "suppose I live in Paris", "let's say I drive a Civic"
    r"suppose|supposing|imagine|imagining|pretend|pretending|dream|dreaming|dreamt|let's say|lets say|let us say|"
    r"assume|assuming|hypothetical|hypothetically|what if|as if|as though|not that|"
    r"(?:almost|nearly) (?:\w+ )?(?:moved|took|got|bought|left|quit|became|went|signed|accepted|started|joined))\b|"
    r"'ll\b|^say\b|"
    # where the person works is their employer, not their bank or pharmacy ("I work at the Co-op Bank")
    r"\b(?:work|works|working|worked|job|jobs|intern|interning|employed|hired|shift|shifts)\s+(?:\w+\s+)?(?:at|for|by|with)\b",
    re.IGNORECASE,
)
_AFTER = re.compile(
    r"^\W*(?:\S+\s+){0,3}?(?:ago|before|anymore|any more|next|tomorrow|soon|someday|or\b)|^\W*\?|"
    r"^\W*on (?:this|that)\b|"  # "I'm with Chase on this one": agreeing, not banking
    # a contract that ended (session 39: bola): "my EE contract finished so I've moved to giffgaff" is not EE now
    r"^\W*(?:contract|plan|deal|sim|membership|subscription)\s+(?:has\s+|had\s+|just\s+|finally\s+)*"
    r"(?:finished|ended|ran out|run out|expired|is up|was up|came to an end|is over)\b|"
    # a thing for someone else ("an iPhone 15 for my mum", "a kia for my son")
    r"\bfor (?:him|her|them|(?:my|our|his|her|their) (?:" + "|".join(sorted(_OTHERS)) + r")s?\b)|"
    # what goes with the thing or makes it, not the thing ("an iPhone case", "the honda plant")
    r"^\W*(?:\w+\s+)?(?:case|cases|charger|cable|cover|protector|adapter|dock|mount|stand|dealer|dealership|"
    r"store|shop|ad|advert|commercial|billboard|plant|factory|headquarters|hq|office|offices|stadium|arena|"
    # another product of the same maker ("my new Samsung 55-inch TV", "a Galaxy Watch")
    r"tv|television|fridge|washer|dryer|monitor|tablet|tab|watch|buds|earbuds|headphones|soundbar|vacuum|"
    r"microwave|oven|dishwasher|helmet|model|kit|toy|replica|poster|project|"
    # a place's name on a trip ("captions for my Tahoe trip")
    r"trip|trips|vacation|holiday|getaway|retreat|"
    # a state's paper ("my Colorado license came through": the state's, not a Chevrolet; session 42: beth)
    r"license|licence|residency|plates|"
    # a thing of the person's own that takes the name ("my WOW series", "the Galaxy show")
    r"series|show|podcast|channel|challenge|program|programme|newsletter|workshop)\b|"
    r"^\W*(?:[\w-]+\s+){1,3}(?:tv|television|model|kit|replica)\b",
    re.IGNORECASE,
)
_PAST = _set("old former previous ex last first")  # just before the name: not now
# A clause in the past tense: "my car was a honda civic until march", "i was living in york until
# last year", "between 2015 and 2020 we had a vw golf": what it was, not what it is.
# ("ive had my N26 account since 2019" is now: "had" after have/'ve is the present perfect)
_WAS = re.compile(
    r"\b(?:was|were|wasn't|wasnt|weren't|werent)\b|'d been\b|"
    r"(?<!ve )(?<!has )(?<!\bs )\bhad\b",
    re.IGNORECASE,
)
# A device of a phone's maker that is no phone, named before it ("My TV is a Samsung 4K")
_ANOTHER_DEVICE = re.compile(
    r"\b(?:tv|television|fridge|washer|dryer|monitor|laptop|tablet|watch|smartwatch|earbuds|headphones|soundbar|"
    r"vacuum|microwave|oven|dishwasher|camera|speaker|printer)\b",
    re.IGNORECASE,
)
# A city: only after words that place the person there ("here in", "live in", "moved to").
_PLACED = re.compile(
    r"(?:\b(?:live|living|moved|relocated|based|settled|landed|arrived|been|here|back|now|settling|"
    r"home)\s+(?:(?:back|over|down|up|out|here|now|all|finally)\s+){0,2}(?:in|to)|\bmade it to)\s+$",
    re.IGNORECASE,
)
_HOME = re.compile(r"^\s*(?:is|'s|feels like)\s+(?:now\s+)?(?:my\s+|our\s+)?home\b", re.IGNORECASE)
_A_PLACE = re.compile(r"\b(?:in|to|from|through|near|around|via|at)\s+$", re.IGNORECASE)
# (session 42: weak42) A car's model that is a place's name too, said as the place: after a word of going or of
# where and "the" ("we moved to the Sierra foothills", "a drive through the Yukon"), or with a word of the land
# after it ("a cabin in the Tahoe basin", "we live up in Aspen Valley"). Not "in the Tahoe" ("left my phone in
# the Tahoe": the car), nor "my Tahoe's side mirror".
_A_PLACE_THE = re.compile(r"\b(?:to|from|through|near|around|via|across|towards?|outside)\s+the\s+$", re.IGNORECASE)
_LAND_AFTER = re.compile(
    r"^\s+(?:foothills|area|basin|valley|region|mountains|range|county|coast|shore|lake|river|territory|wilderness|"
    r"highlands|hills|peninsula|desert|springs|village|heights|national (?:park|forest))\b",
    re.IGNORECASE,
)


def said_as_a_place(before: str, after: str) -> bool:
    """(session 42: weak42) Whether a name (a car's model) is said as a place by the words around it."""
    return _A_PLACE_THE.search(before) is not None or _LAND_AFTER.match(after) is not None


_TRIP = re.compile(
    r"\b(?:flew|flying|fly|drove|trip|wedding|holiday|vacation|conference|weekend|visit|visiting|funeral)\b", re.I
)
_NOT_PLACED = re.compile(
    r"\b(?:back home|grew up|lived|visiting|visit|trip to|going|moving|heading|been (?:\w+\s+)?to|"
    # looking for a home there, or arriving on a journey: "finding a place to live in Vancouver", "I
    # felt rested when I arrived in London"
    r"(?:place|somewhere|where|apartment|flat|house|room|home) to live|"
    r"when (?:i|we) (?:finally |first |just )?(?:arrived|landed|got)|"
    # living as a noun: "the cost of living in Toronto"
    r"(?:cost|costs|standard|price|prices|expense|expenses) of living)\b",
    re.I,
)
_VISIT = re.compile(
    r"^\W*(?:for (?:a|the|\d+|two|three|few)\s+(?:\w+\s+)?(?:days?|nights?|weeks?|weekend|trip|holiday|"
    r"vacation|conference|wedding)|on (?:holiday|vacation|a trip))",
    re.IGNORECASE,
)
# (and a car's trim: "Mustang GT", "Golf GTI", "Camry XLE", "Civic Si", "RAV4 Hybrid")
_MODEL = re.compile(
    r"^(?:\d+\w*|pro|max|plus|mini|ultra|se|xl|lite|air|fold|flip|[a-z]\d+\w*|\d+[a-z]*|"
    r"gt|gti|gts|rs|sti|srt|xle|ex|lx|ltz|si|hybrid|sport|touring)$",
    re.I,
)
_BREAK = re.compile(r"[,;:?!()\[\]\"]+|\.+(?:\s|$)|\s[-\u2013\u2014]\s|\n|\u2014")
_NOTICE = re.compile(r"\b(?:you|your|yours)\b", re.IGNORECASE)
_QUICK = re.compile(
    r"(?<![\w'])(?:i|i'm|im|i've|ive|i'd|me|my|we|we're|weve|we've|our|us|here|"
    + "|".join(sorted(_DROPPED))
    + r")(?![\w'])",
    re.IGNORECASE,
)
# `_QUICK`'s words: in an ASCII sentence it matches where one of its runs of word characters and apostrophes, lowered,
# is one of them (one regex of 36 words with look-arounds, tried at every place, cost 8 us a sentence of an import)
_QUICK_WORDS = frozenset(["i", "i'm", "im", "i've", "ive", "i'd", "me", "my", "we", "we're", "weve", "we've", "our"])
_QUICK_WORDS |= frozenset(["us", "here"]) | _DROPPED


def _every_case(word: str) -> set[str]:
    """`word` written in every case of its letters: an ASCII run is one of them where its lowered self is `word`."""
    out = {""}
    for c in word:
        out = {head + one for head in out for one in {c.lower(), c.upper()}}
    return out


# (session 51: life51) `_QUICK_WORDS` in every case (1,746 strings): an ASCII sentence's runs told in one set operation,
# not each lowered first (~1 us a sentence)
_QUICK_CASED = frozenset(cased for word in _QUICK_WORDS for cased in _every_case(word))
# A run of word characters and apostrophes: a whole word as the look-arounds `(?<![\w'])` and `(?![\w'])` bound it
WORD_RUN = re.compile(r"[\w']+")


@text_cache(maxsize=16)  # (the runs of a long turn are thousands of words: kept only while `life.read` reads it)
def word_runs(text: str) -> frozenset[str]:
    """A text's runs of word characters and apostrophes (`WORD_RUN`), found once for the several passes of
    `life.read` and `found` that look for words among them (session 50: the same turn's runs were found twice)."""
    return frozenset(WORD_RUN.findall(text))


# (a clause that opens "this old <name>" is the person's too, `_this_old`: "this old iphone 8 wont hold a charge")
_THIS_OLD = re.compile(r"(?:^|[.,;:!?]\s*)this old\b", re.IGNORECASE)


@dataclass(frozen=True)
class Found:
    """A name found in a sentence: its tokens [start, end) and the value as written there."""

    name: Name
    start: int
    end: int
    shown: str


def _may_be_named(sentence: str, low: str | None) -> bool:
    """False only where a sentence holds no first-person word of `_QUICK`, no "this old" (`_THIS_OLD`) and no
    word of upkeep (`_UPKEEP_WORDS`): an ASCII one (`low`, lowered) by its words and substrings, not its regexes."""
    if low is None:
        return not (
            _QUICK.search(sentence) is None
            and _THIS_OLD.search(sentence) is None
            and _UPKEEP_WORDS.search(sentence) is None
        )
    if not _QUICK_CASED.isdisjoint(word_runs(sentence)):  # (an ASCII sentence's runs in any case: low's, lowered)
        return True
    if "this old" in low and _THIS_OLD.search(sentence) is not None:
        return True
    return _HOLDS_UPKEEP(low) and _UPKEEP_WORDS.search(sentence) is not None


def found(sentence: str) -> list[Found]:
    """The names of the lists a sentence holds, longest first where they overlap (a name of two
    lists, "Santa Fe", once a list: which it is, the words around it tell)."""
    low = sentence.lower() if sentence.isascii() else None
    if not _may_be_named(sentence, low):
        return []
    index = names()
    if low is not None and not _may_name(_TOKEN.findall(low)):
        return []  # most sentences name nothing of any list (an ASCII one's words are its lowered text's)
    spans = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(sentence)]
    words = [text.lower() if text.isascii() else fold(text) for _, _, text in spans]
    if index.keys().isdisjoint(words):
        return []
    out: list[Found] = []
    at = 0  # the first word not yet read: a name's words are not read again
    for start in [i for i, word in enumerate(words) if word in index]:  # (a word no name opens with: passed over)
        if start < at:
            continue
        at = start
        hits = [n for n in index[words[at]] if _holds(words, spans, at, n)]
        hits = [n for n in hits if len(n.words) == len(hits[0].words)] if hits else []
        if not hits or _inside_a_name(sentence, spans, at - 1, -1) or _of_a_title(spans, at):
            continue
        for hit in hits:
            end = _model_after(words, at + len(hit.words), hit, _spaced(sentence, spans))
            if _an_acronym(spans, at, end, hit) or _joined(sentence, spans, end) or _a_word(spans, words, at, end, hit):
                continue
            if hit.other and end == at + len(hit.words) and not _of_cars(sentence, words, at, hit):
                continue
            if not _inside_a_name(sentence, spans, -1, end):
                out.append(Found(hit, at, end, sentence[spans[at][0] : spans[end - 1][1]]))
        at = end
    return out


# Capitalised words that open a phrase, not a name: "My Toyota", "The Equinox", "In Berlin".
_OPENS = _set("i i'm i've we we're my our the a an this that at in to on with from and but new old so")


def _inside_a_name(sentence: str, spans: list[tuple[int, int, str]], before: int, after: int) -> bool:
    """Whether a name is part of a longer proper name none of the lists holds ("Lake Tahoe", "Rogue
    One", "Bell Zephyr", "Sierra Nevada"): a capitalised word that opens no phrase just before it
    (`before`: its index) or just after it (`after`), with only a space between."""
    for at, gap in ((before, (before, before + 1)), (after, (after - 1, after))):
        if not 0 <= at < len(spans) or not 0 <= gap[0] < gap[1] < len(spans):
            continue
        word = spans[at][2]
        if (
            word[:1].isupper()
            and word.lower() not in _OPENS
            and not sentence[spans[gap[0]][1] : spans[gap[1]][0]].strip()
        ):
            return True
    return False


def _of_a_title(spans: list[tuple[int, int, str]], at: int) -> bool:
    """A name after "of" or "of the" and a capitalised word is the end of a title or a longer name
    ("Guardians of the Galaxy", "University of Toronto"), not the thing itself."""
    typed = [text for _, _, text in spans[max(0, at - 3) : at]]
    if typed[-1:] == ["the"]:
        typed = typed[:-1]
    return len(typed) >= 2 and typed[-1] == "of" and typed[-2][:1].isupper() and typed[-2].lower() not in _OPENS


def _an_acronym(spans: list[tuple[int, int, str]], at: int, end: int, name: Name) -> bool:
    """A name that is also a word, typed in capitals with no model after it, is an acronym: "upgrade
    the RAM", "SMART goals" (not "my RAM 1500", "a SEAT Leon"; "Ram" and "Seat" are the makers)."""
    typed = " ".join(text for _, _, text in spans[at : at + len(name.words)])
    return name.capital and typed.isupper() and not name.shown.isupper() and end == at + len(name.words)


def _a_word(spans: list[tuple[int, int, str]], words: list[str], at: int, end: int, name: Name) -> bool:
    """A name that is a common word ("~" in its list), typed in lower case with no model after it, is
    the word ("the spring equinox", "a suburban area", "our galaxy"), unless "my" / "our" (a phone:
    "my") or a year says it is the person's ("my equinox", "a 2019 equinox")."""
    if not name.word or not spans[at][2].islower() or end > at + len(name.words):
        return False
    before = words[at - 1] if at else ""
    owners = ("my",) if name.attribute == "phone" else ("my", "our")
    return before not in owners and not (len(before) == 4 and before.isdigit())


# Words that say a sentence speaks of a car: "my Blazer needs new brakes", "I drive a Jazz".
_CAR_WORDS = re.compile(
    r"\b(?:car|cars|truck|suv|4x4|drive|drives|driving|drove|driven|engine|brakes?|tyres?|tires?|mpg|mileage|miles|"
    r"mechanic|garage|parked|parking|fuel|petrol|diesel|gas|oil change|transmission|dashboard|dealership|mot|"
    r"serviced|insurance|towed|towing|road trip|battery|charging|horsepower|v6|v8|4wd|awd)\b",
    re.IGNORECASE,
)


def _of_cars(sentence: str, words: list[str], at: int, name: Name | None = None) -> bool:
    """Whether a name that is also another thing's ("Blazer", "Jazz", "Holden", "Cherokee") is a car
    here: a year just before it ("my 2015 Blazer"), a word of cars in the sentence, or, for one that
    is no common word too, a car got ("I got a Mustang", "traded my Corolla for a used Cherokee"); not
    "a Blazer for the wedding", "the Jazz game", "I met Holden", "Cherokee communities", "got an A1 in
    maths"."""
    before = words[at - 1] if at else ""
    if (len(before) == 4 and before.isdigit()) or _CAR_WORDS.search(sentence) is not None:
        return True
    if name is None or name.capital:
        return False
    after = words[at + len(name.words)] if at + len(name.words) < len(words) else ""
    return _GOT_A.search(" ".join(words[max(0, at - 10) : at]) + " ") is not None and after not in _NOT_A_CAR_AFTER


# A car got, just before its name: "bought a", "picked up a used", "traded my corolla for a"
_GOT_A = re.compile(
    r"\b(?:bought|got|leased|financed|picked up|(?:traded|swapped|exchanged|part-exchanged) [\w' -]{1,40} for)"
    r" (?:a|an|my|our|the) (?:(?:brand new|new|used|second-hand|secondhand|pre-owned|red|black|white) )?$"
)
# A thing given for another: "traded my Corolla (in) for a RAV4", "swapped the Civic for a Tesla"
_TRADED = re.compile(r"\b(?:traded|swapped|exchanged|part-exchanged|part exchanged)\b", re.IGNORECASE)
_FOR_ANOTHER = re.compile(r"^\W*(?:in\s+)?for\s+(?:a|an|the|my|our|\d{4})\b", re.IGNORECASE)
_BY_TRADE = re.compile(
    r"\b(?:traded|swapped|exchanged|part-exchanged|part exchanged)\b[^.;!?]*\bfor"
    r"(?:\s+(?:a|an|the|my|our|brand|new|used|\d{4}))*\s*$",
    re.IGNORECASE,
)
# -- phone typing (life21): the American "traded the ford in on a silverado" says the trade with "in on":
# the car after "in on" came, the one before it went ("traded my corolla in on a 2021 rav4").
_IN_ON_ANOTHER = re.compile(r"^\W*in\s+on\s+(?:a|an|the|my|our|\d{4})\b", re.IGNORECASE)
_BY_TRADE_IN_ON = re.compile(
    r"\b(?:traded|swapped|turned)\b[^.;!?]*\bin\s+on(?:\s+(?:a|an|the|my|our|brand|new|used|\d{4}))*\s*$",
    re.IGNORECASE,
)
_NOT_A_CAR_AFTER = _set("in on at for from grade result mark score")


def _joined(sentence: str, spans: list[tuple[int, int, str]], end: int) -> bool:
    """A name run into another by "@" ("Focus@will", an app): not the maker's."""
    return sentence[spans[end - 1][1] : spans[end - 1][1] + 1] == "@"


def _holds(words: list[str], spans: list[tuple[int, int, str]], at: int, name: Name) -> bool:
    """Whether the words at `at` are the name; a common word's only as written with a capital, and
    not opening the sentence ("Plus the chess advice helped")."""
    if tuple(words[at : at + len(name.words)]) != name.words:
        return False
    return not name.capital or (at > 0 and spans[at][2][:1].isupper())


def _spaced(sentence: str, spans: list[tuple[int, int, str]]) -> list[bool]:
    """For each word, whether only spaces part it from the one before (not "caravan, 3")."""
    return [False] + [not sentence[a[1] : b[0]].strip() for a, b in itertools.pairwise(spans)]


def _model_after(words: list[str], end: int, name: Name, spaced: list[bool]) -> int:
    """A phone's or car's model words after its line or make ("iphone 13 pro", "skoda fabia"), in
    the same phrase ("started on caravan, 3 turns left" names no model)."""
    if name.attribute not in ("phone", "car"):
        return end
    index = names()
    for _ in range(2):
        if end >= len(words) or not spaced[end]:
            break
        following = next((n for n in index.get(words[end], ()) if n.attribute == name.attribute), None)
        if following is not None and tuple(words[end : end + len(following.words)]) == following.words:
            end += len(following.words)
        elif _MODEL.match(words[end]):
            end += 1
        else:
            break
    return end


def _units(sentence: str) -> list[tuple[int, int]]:
    """The clauses of a sentence as character spans, cut at punctuation ("," "?" "(" ". ")."""
    cuts = [0]
    for match in _BREAK.finditer(sentence):
        cuts += [match.start(), match.end()]
    cuts.append(len(sentence))
    return [(cuts[k], cuts[k + 1]) for k in range(0, len(cuts) - 1, 2)]


def stated(sentence: str) -> list[tuple[str, str, str]]:
    """(attribute, value as written, the name's kind) for every name of a list the person says is
    their own in this sentence (see the module's doc for when a name is theirs)."""
    hits = found(sentence)
    if not hits:
        return []
    spans = [(m.start(), m.end()) for m in _TOKEN.finditer(sentence)]
    out = []
    units = _units(sentence)
    for hit in hits:
        begin, end = spans[hit.start][0], spans[hit.end - 1][1]
        start, stop = next(((a, b) for a, b in units if a <= begin < b), (0, len(sentence)))
        before, after = sentence[start:begin], sentence[end:stop]
        if hit.name.attribute == "car" and _A_DOSE.search(before) and hit.shown.casefold() in _UNITS:
            continue  # (session 44: wilma) "METOPROLOL 25 MG", "amlodipine 5 mg": a dose, not an MG car
        if _mine(before, after, sentence, hit, begin) or _upkept(before, after, hit):
            out.append((_supplied(hit, after), hit.shown, hit.name.shown))
    return out


# A number just before a car's name that is also a unit of a dose ("25 MG", "2.5 mg"): the dose (a year before it,
# "my 2015 MG ZS", is the car's; "1000 mg" is no year a car is made in).
_UNITS = frozenset(["mg", "mcg", "ml", "cc", "iu"])
_A_DOSE = re.compile(r"(?<![\w.,])(?!(?:19|20)\d\d\s*$)\d+(?:[.,]\d+)?\s*$")


# A carrier's name before a word of broadband is the internet it supplies: "eir broadband", "Vodafone
# fibre", "Telstra NBN" (a carrier of carriers.txt's phone list; "my Vodafone contract" is the phone's).
_BROADBAND = re.compile(r"^\s+(?:home\s+)?(?:broadband|fibre|fiber|internet|wifi|wi-fi|nbn|dsl)\b", re.IGNORECASE)


def _supplied(hit: Found, after: str) -> str:
    """The attribute a name found is a value of: its list's, or internet for a carrier's broadband."""
    if hit.name.attribute == "phone provider" and _BROADBAND.match(after):
        return "internet"
    return hit.name.attribute


# A thing of the person's named as the subject of its upkeep or its trouble, at the head of its clause
# with no one's word before it: "the 09 Octavia failed the NCT", "our 2012 Golf needs new tyres" (a car
# by its year: a person names their own car so, a car in the news or an advert by its model alone);
# "eir broadband keeps dropping", "Xfinity internet is down again" (a supplier by its service): what a
# person says of what they have, asking what to do about it. Not a car with no year ("the Octavia is
# making a noise" restates no value by itself), nor "the 2024 Civic is a great car" (no upkeep).
_CAR_YEAR = re.compile(r"^\W*(?:(?:the|our|my)\s+)?(?:'?\d{2}|\d{3}|(?:19|20)\d{2})\s+$", re.IGNORECASE)
_SUPPLIER_HEAD = re.compile(r"^\W*(?:(?:the|our|my)\s+)?$", re.IGNORECASE)
_CAR_UPKEEP = re.compile(
    r"^\s+(?:(?:just|finally|only|also|still)\s+)?(?:failed|passed|needs|needed|broke down|won't start|wont start|"
    r"won't turn over|wont turn over|is making|keeps|is due|is in (?:the )?(?:garage|shop)|is overheating|"
    r"is leaking|is losing|got a flat|has a flat|got towed|is burning)\b",
    re.IGNORECASE,
)
_TROUBLE = (
    r"(?:(?:just|still|always)\s+)?(?:keeps (?:dropping|cutting out|going down|disconnecting|crashing)|"
    r"(?:is|'s) (?:down|out|so slow|really slow|slow|dropping|cutting out)|went down|dropped)"
)
_SERVICE_TROUBLE = re.compile(
    r"^\s+(?:(?:home\s+)?(?:broadband|fibre|fiber|internet|wifi|wi-fi|nbn|dsl|signal|app)\s+" + _TROUBLE + "|"
    r"bill\s+(?:is|was|came to|went up|just came))\b",
    re.IGNORECASE,
)
_NET_TROUBLE = re.compile(r"^\s+" + _TROUBLE + r"\b", re.IGNORECASE)  # "Vodafone Broadband is down again"
# The words of `_CAR_UPKEEP` and `_SERVICE_TROUBLE`: a sentence with no first-person word is looked
# at for a name only when it holds one (`found`: most such sentences name nothing of anyone's).
_UPKEEP_WORDS = re.compile(
    r"\b(?:failed|passed|needs|needed|broke|won't|wont|keeps|due|overheating|leaking|losing|flat|towed|burning|"
    r"down|dropped|dropping|slow|bill|cutting|is making)\b",
    re.IGNORECASE,
)
# (each of its words is one of these or holds one: an ASCII sentence that holds none is not searched)
_UPKEEP_NEEDLES: tuple[str, ...] = ("failed", "passed", "need", "broke", "won't", "wont", "keeps", "due", "overheating")
_UPKEEP_NEEDLES += (
    "leaking",
    "losing",
    "flat",
    "towed",
    "burning",
    "down",
    "dropp",
    "slow",
    "bill",
    "cutting",
    "is making",
)
_HOLDS_UPKEEP = needles.Holds(_UPKEEP_NEEDLES)  # (all of them in one pass)
_SUPPLIERS = frozenset(["phone provider", "internet", "energy"])


def _upkept(before: str, after: str, hit: Found) -> bool:
    """Whether a name heads its clause as the subject of its upkeep or trouble (`_CAR_UPKEEP`,
    `_SERVICE_TROUBLE`)."""
    if hit.name.attribute == "car":
        return _CAR_YEAR.match(before) is not None and _CAR_UPKEEP.match(after) is not None
    if hit.name.attribute in _SUPPLIERS and _SUPPLIER_HEAD.match(before) is not None:
        return _SERVICE_TROUBLE.match(after) is not None or (
            hit.name.attribute == "internet" and _NET_TROUBLE.match(after) is not None
        )
    return False


def _words(text: str) -> list[str]:
    words = [w.lower() if w.isascii() else fold(w) for w in _TOKEN.findall(text)]
    return _owned_read(words) if "my" in words or "our" in words else words


# (session 41: weak41) A family word that means other things too (`owned`: "sis", "bro", "gf", "mrs", "pop",
# "folks") is someone else after "my" or "our" (and a word of which: "my little sis"): read as its relation's
# word ("sister", "wife") where a clause's words are read (`_words`), so each check of `_OTHERS` reads it. "my sis
# drives a Honda Civic" had read as the person's car, "my mrs just switched to Verizon" as their carrier.
_OWNED_AS = {k.word: k.relation for k in FAMILY.values() if k.owned and " " not in k.word}
_OWNED_WHICH = frozenset(["little", "big", "baby", "older", "younger", "twin", "kid", "lil"])


def _owned_read(words: list[str]) -> list[str]:
    """`words` with an owned family word after "my" / "our" read as its relation's word ("my sis" -> "my sister")."""
    out = list(words)
    for at in range(1, len(words)):
        bare = words[at].removesuffix("'s")
        if bare not in _OWNED_AS:
            continue
        lead = words[at - 1] if words[at - 1] not in _OWNED_WHICH or at < 2 else words[at - 2]
        if lead in ("my", "our"):
            out[at] = _OWNED_AS[bare] + words[at][len(bare) :]
    return out


# A grade, not a name: a letter and a digit ("A1", "O2", "H3", "B2": a Leaving Cert, a GCSE, a CEFR
# level) after a verb that gives a grade and "a" / "an" ("got an A1"), or before the subject, test or
# word it is a grade of ("I got an A1 in maths", "scored an O2 in Irish", "A1 for chemistry": no
# carrier; "I switched to A1", "I got A1 in Vienna" are one).
_GRADE_SHAPED = re.compile(r"[A-Za-z][1-9]")
_GRADED_BEFORE = re.compile(
    r"\b(?:got|get|gets|getting|scored|score|scoring|achieved|achieve|earned|received|awarded|given|predicted|"
    r"aiming for|aim for|need|needed|passed with|graded)\s+(?:an?|another|straight|all|two|three|\d+)\s*$",
    re.IGNORECASE,
)
_GRADED_AFTER = re.compile(
    r"^\W*(?:s\b)?\s*(?:(?:in|for|on|at) "
    r"(?!(?:the )?[A-Z][a-z]+(?: [A-Z][a-z]+)*(?:\W*$| (?:last|this|for|and|now)\b))|"
    r"(?:grade|result|mark|score|level|average|overall|certificate)s?\b)",
)


def _graded(before: str, after: str, hit: Found) -> bool:
    """A name shaped like a grade, said as one (`_GRADE_SHAPED`, `_GRADED_BEFORE`, `_GRADED_AFTER`)."""
    if _GRADE_SHAPED.fullmatch(hit.shown) is None:
        return False
    return _GRADED_BEFORE.search(before) is not None or _GRADED_AFTER.search(after) is not None


# (session 38: grace) A name the clause does something else with than have it: a company the person only
# called or wrote to ("ok I called Verizon, everything is closed", "I emailed Chase twice"); a car or a phone
# they only found, saw or priced ("I found a used Odyssey 2019 with 52k miles for $26,500": shopping, not
# owning; "bought the used Odyssey" two weeks later is), or someone else does something with ("she can
# practice in my Camry"); a bank's name said as where they work ("I'm a claims
# adjuster at Nationwide", "full time in the office at Nationwide", "my take home from Nationwide", "I left
# Nationwide after 14 years": an insurer and a bank by one name, the frame decides).
_CONTACTED = re.compile(
    r"\b(?:called|call|calling|rang|ring|phoned|emailed|texted|messaged|contacted|wrote to|written to|complained to|"
    r"chatted with|chatting with|spoke (?:to|with)|spoken to|speaking to|talked (?:to|with)|talking to|"
    r"on (?:the phone|hold) (?:to|with)|got through to)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_SHOPPED = re.compile(
    r"\b(?:found|saw|seen|spotted|eyeing|eyed|priced|pricing|looked at|checking out|checked out|came across|"
    r"test[- ]?drove|test[- ]?driving|quoted|listed)\s+(?:a|an|this|that|the|one|two)\s+(?:[\w$,.-]+\s+){0,3}?$",
    re.IGNORECASE,
)
_EMPLOYED_AT = re.compile(
    r"(?:\b(?:i'm|im|i am|i was|i've been|ive been|i have been)\s+(?:a|an)\s+(?!(?:customer|member|client|"
    r"account holder)\b)(?:[\w-]+\s+){0,3}?(?:at|for|with)|"
    r"\b(?:office|desk|job|shift|team|department|cubicle|branch)\s+(?:at|for|with)|"
    r"\b(?:take[- ]?home|paycheck|pay ?check|pay|salary|wages?|bonus|raise|401k)\s+(?:from|at)|"
    r"\b(?:full|part)[- ]time\s+(?:[\w-]+\s+){0,4}?(?:at|for))\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# (session 41: weak41) A maker's name after work done for it is who the person works for, not a car: "I'm a driver
# for Swift" (the carrier, not the Suzuki), "I drive for Ford now", "been hauling for Mack", "I work for Toyota".
_WORKED_FOR = re.compile(
    r"\b(?:driv(?:e|es|ing|er|ers)|drove|truck(?:er|ers|ing)|haul(?:s|ing|ed|er|ers)?|work(?:s|ing|ed)?|leased on|"
    r"contract(?:s|ing|ed|or)?|deliver(?:s|ing|ed|er)?)\s+(?:for|with)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_LEFT_A_JOB = re.compile(r"\b(?:left|quit|resigned from|retired from)\s+$", re.IGNORECASE)
# A name the clause is ending or leaving ("I'm closing the Monzo account", "I cancelled my Vodafone contract",
# "leaving Monzo for Starling", "switched away from EE"): what the person is done with, not what they have.
_ENDING = re.compile(
    r"\b(?:clos(?:e|ed|es|ing)|cancell?(?:ed|ing)?|cancels?|leav(?:e|es|ing)|quit(?:ting|s)?|ditch(?:ed|ing)?|"
    r"(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|port(?:ed|ing)?) (?:away )?from|(?:getting|got|get) rid of)\s+"
    r"(?:(?:my|our|the|that|this)\s+)?$",
    re.IGNORECASE,
)
_TENURE_AFTER = re.compile(r"^\W*after\s+(?:\d+|[a-z]+)\s+years\b", re.IGNORECASE)
# A medicine the clause says the person stopped ("I stopped taking metformin", "I'm off metformin now", "I came off
# sertraline", "I no longer take metformin"): not one they take (session 53: read as the medication they are on).
_STOPPED = re.compile(
    r"\b(?:(?:stopp(?:ed|ing)|stop|quit(?:ting)?|ditch(?:ed|ing)?)(?:\s+(?:taking|using))?|"
    r"(?:(?:came|come|coming|went|go|going|got|get|getting|weaned|been|now|'m|am)\s+)?off|"
    r"no\s+longer\s+(?:take|taking|on|use|using))\s+(?:(?:my|the)\s+)?$",
    re.IGNORECASE,
)


def their_clause(before: str) -> bool:
    """Whether the clause `before` ends in has someone else as its subject ("she can practice in my Camry", "my
    son dented my Civic"): what they do with the thing, which restates nothing of the person's."""
    lead = [w for w in _words(_BREAK.split(before)[-1]) if w not in _FILLER]
    if not lead:
        return False
    return lead[0] in ("he", "she", "they") or (lead[0] in ("my", "our") and len(lead) > 1 and lead[1] in _OTHERS)


# (session 39: ray) A list's name that is also a given name, said of a person: "I hired a dispatcher named Marcus"
# (not "a bank called Ally": the thing's own kind before it), "Marcus he takes eight percent", "help me write Marcus
# a email", "tell Chase to call me back". A dictated run-on has no comma to end the clause at, so the "I" of "I hired"
# was read as the owner of a bank named Marcus.
_PERSON_NAMED = re.compile(
    r"(?<!\bbank )(?<!\bapp )(?<!\bunion )(?<!\bcarrier )(?<!\bnetwork )(?<!\bcompany )(?<!\bpharmacy )(?<!\bcar )"
    r"(?<!\bphone )(?<!\bmodel )(?<!\bpill )(?<!\bdrug )(?<!\bmedicine )(?<!\bmedication )(?<!\bplace )(?<!\btown )"
    r"(?<!\bcity )\b(?:named|called|name is|name's)\s+$|"
    r"\b(?:tell|told|telling|ask|asked|asking|thank|thanked|hire|hired|fire|fired|write|wrote|text|texted)\s+$",
    re.IGNORECASE,
)
_PERSON_AFTER = re.compile(
    r"^\W*(?:he|she|he's|she's|hes|shes)\b|^\s+(?:a|an)\s+(?:email|e-mail|text|letter|note|message|card)\b|^\s+to\s+(?!me\b)",
    re.IGNORECASE,
)


# "my dispatcher is Marcus", "our accountant's Ally": a person of the person's, named (not "my polish number is Play")
_OTHER_THING_IS = re.compile(r"\b(?:my|our)\s+(?:[\w-]+\s+){0,2}?(?P<noun>[\w-]+)\s*(?:\s(?:is|was)|'s)\s+$", re.I)
_PEOPLE_AT_WORK = _set(
    "dispatcher dispatchers manager supervisor accountant bookkeeper lawyer attorney broker agent mechanic driver "
    "trainer coach tutor nurse doctor dentist vet landlord landlady realtor recruiter assistant lead rep"
)


def _a_person(before: str, after: str, hit: Found) -> bool:
    """A name of a list that is a person's in this clause (`_PERSON_NAMED`, `_PERSON_AFTER`, `_OTHER_THING_IS`): no
    city's."""
    if hit.name.attribute == "home":
        return False
    if _PERSON_NAMED.search(before) is not None or _PERSON_AFTER.search(after) is not None:
        return True
    other = _OTHER_THING_IS.search(before)
    return other is not None and (other["noun"].lower() in _PEOPLE_AT_WORK or other["noun"].lower() in _OTHERS)


def _not_had(before: str, after: str, hit: Found) -> bool:
    """A name the clause calls, ends, shops for, or works at, not one the person has (`_CONTACTED`, `_ENDING`,
    `_SHOPPED`, `_EMPLOYED_AT`), a medicine stopped (`_STOPPED`), or a person's (`_a_person`)."""
    if _CONTACTED.search(before) is not None or _ENDING.search(before) is not None:
        return True
    if hit.name.attribute == "medication" and _STOPPED.search(before) is not None:
        return True
    if _a_person(before, after, hit):
        return True
    if hit.name.attribute in ("car", "phone") and (_SHOPPED.search(before) is not None or their_clause(before)):
        return True
    if hit.name.attribute == "car" and _WORKED_FOR.search(before) is not None:
        return True
    return hit.name.attribute == "bank" and (
        _EMPLOYED_AT.search(before) is not None
        or (_LEFT_A_JOB.search(before) is not None and _TENURE_AFTER.match(after) is not None)
    )


def _mine(before: str, after: str, sentence: str, hit: Found, begin: int) -> bool:
    """Whether the clause around a name says it is the person's own, now."""
    if _graded(before, after, hit):
        return False  # "I got an A1 in maths": a grade, not the carrier
    if _not_had(before, after, hit):
        return False
    words = _words(before)
    lead = [w for w in words if w not in _FILLER]
    if (
        bool(lead)
        and lead[0] in _ASKS
        and not _because(words)
        and not _presumed(before, words, after)
        and not (_has_me(lead) and "," in sentence[:begin])
    ):
        return False
    clause = _since(before, words)
    if (by_trade := _BY_TRADE.search(clause) or _BY_TRADE_IN_ON.search(clause)) is not None:
        clause = clause[: by_trade.start()]  # "traded in my Corolla for a new RAV4": the RAV4 came, not went
    aged = _this_old(lead) or _old_and_aged(
        words, sentence[begin:]
    )  # "this old iphone 8 wont hold a charge": in the hand
    if (
        _HEDGE.search(clause)
        or _WAS.search(clause)
        or _AFTER.search(after)
        or (words and words[-1] in _PAST and not aged)
    ):
        return False
    if _TRADED.search(clause) and (_FOR_ANOTHER.search(after) or _IN_ON_ANOTHER.search(after)):
        return False  # "traded my Corolla for a RAV4": the Corolla is what went
    if len(words) > 1 and words[-2] in _PAST and words[-1] not in _SELF:
        return False
    if _NOTICE.search(sentence) and not any(
        w in ("i", "i'm", "im", "me", "my", "i've", "ive") for w in _words(sentence)
    ):
        return False  # "we" who speak to "you": a pasted notice or an advert, not the person
    if hit.name.attribute == "home":
        return _placed(before, words, lead, after)
    if hit.name.attribute in ("car", "phone") and _A_PLACE.search(before):
        return False  # a place ("moved to Santa Fe", "through Tahoe"), not a thing
    if hit.name.attribute == "car" and said_as_a_place(before, after):
        return False  # (session 42: weak42) "moved to the Sierra foothills", "a cabin in the Tahoe basin"
    if hit.name.attribute == "phone" and _ANOTHER_DEVICE.search(before):
        return False  # "my TV is a Samsung 4K": the maker's other product
    return (
        _owner(words, lead)
        or _object(after)
        or _antecedent(sentence[:begin], hit)
        or aged
        or _dosed(before, words, after)
    )


def _has_me(lead: list[str]) -> bool:
    """A clause after its subject, not a question (life21: "my VA doc, Dr. Patel over at audie murphy, has
    me on lisinopril": the clause the name is in opens "has me on", the doctor's, said before a comma)."""
    return len(lead) > 1 and lead[0] in ("has", "had") and lead[1] in ("me", "us")


# (session 36: maeve) "my old Volvo estate, which is now nineteen years old, has begun to grind": "old" for its
# age, said by the age that follows the name (not "my old Volvo" alone, a former one)
_AGED_AFTER = re.compile(
    r"^[^.;!?,]{1,40}?(?:,\s*(?:which|that)\s+|\s+)(?:is|'s)\s+(?:now\s+|nearly\s+|almost\s+|over\s+|well over\s+)?"
    r"(?:\d+|[a-z]+(?:-[a-z]+)?)\s+years?\s+old\b",
    re.IGNORECASE,
)


# (session 40: harold) or by the upkeep it needs now: "My old Volvo V70 is due its service", "my old Fiesta needs
# new tyres", "my old iPhone keeps freezing" (in the present tense: not "my old Volvo was a tank")
_KEPT_AFTER = re.compile(
    r"^[^.;!?,]{1,30}?\s+(?:is\s+(?:now\s+)?(?:due|overdue|in\s+for|booked\s+in)|needs|keeps|won't|will\s+not|"
    r"has\s+(?:just\s+)?(?:failed|passed|started|begun)|is\s+making)\b",
    re.IGNORECASE,
)


def _old_and_aged(words: list[str], named: str) -> bool:
    """A car or a phone said as "my old <name>" with its age after it (`named`: the sentence from the name
    on), or the upkeep it needs now (`_KEPT_AFTER`): the person's, aged, not a former one."""
    return words[-2:] == ["my", "old"] and (
        _AGED_AFTER.match(named) is not None or _KEPT_AFTER.match(named) is not None
    )


def _this_old(words: list[str]) -> bool:
    """A phone or a car said as "this old <name>" (life21: "this old iphone 8 wont hold a charge past
    lunch", "this old f-150 of mine"): the one the person has in hand, aged, not a former one ("my old
    iphone", "the old buick" stay the past). Only as the clause's first words: not "my sister has this
    old iphone", "selling this old iphone"."""
    return words == ["this", "old"]


# A question that takes the person's thing as given: "why is my consumer cellular bill so high",
# "how do i move my chats to this iphone 13 i got", "why is everything closed here in berlin".
_GIVEN_AFTER = re.compile(r"^\W*(?:[\w']+\s+){0,2}?(?:(?:i|we)\s+(?:got|bought|have|own|use)|got me|gave me)\b", re.I)


# A medicine asked about at the dose the person is on: "is it ok to drink coffee on sertraline 50mg?"
# (a dose is what one takes, not what one asks about taking: "should I try sertraline?" says none).
_ON_BEFORE = re.compile(r"\bon\s+$", re.IGNORECASE)
_DOSE_AFTER = re.compile(r"^\s*\d+(?:[.,]\d+)?\s?(?:mg|mcg|µg|ug|iu)\b", re.IGNORECASE)


def _dosed(before: str, words: list[str], after: str) -> bool:
    """A medicine the clause says someone is on at a dose, no one else named: the person's."""
    return (
        _ON_BEFORE.search(before) is not None
        and _DOSE_AFTER.match(after) is not None
        and not any(w in _OTHERS or _theirs(w) for w in words)
    )


def _presumed(before: str, words: list[str], after: str) -> bool:
    """Whether a question still says the name is the person's (it asks something else about it)."""
    if _dosed(before, words, after):
        return True
    if words and (
        words[-1] in ("my", "our") or (len(words) > 1 and words[-2] in ("my", "our") and words[-1].isdigit())
    ):
        return True
    return _GIVEN_AFTER.search(after) is not None or re.search(r"\bhere\s+in\s+$", before, re.I) is not None


# "our own car finally!! a 2016 skoda fabia", "on this flip phone, its a jitterbug": a clause that
# only names the thing, after one that says the person has a thing of its kind.
_KIND_NOUNS = {
    "car": "car|cars|ride|truck|suv|van|motor|vehicle",
    "phone": "phone|mobile|cell|cellphone|smartphone",
    "phone provider": "phone|mobile|cell|carrier|network|plan|contract|sim",
    "internet": "internet|broadband|wifi|wi-fi|fibre|fiber",
    "bank": "bank|account|checking|savings|current account",
    "pharmacy": "pharmacy|chemist|prescriptions?|scripts?",
    "medication": "meds|medication|medicine|pills?|prescription|tablets?",
    "energy": "energy|electricity|electric|gas|power",
}
_NAMES_ONLY = re.compile(r"^\W*(?:(?:its|it's|it is|that's|thats)\s+)?(?:an?|the)?\s*(?:\d{4}\s+)?$", re.IGNORECASE)


def _antecedent(head: str, hit: Found) -> bool:
    """A clause of the name alone (`head`: the sentence before it), after one that says the person
    has a thing of its kind."""
    kind = _KIND_NOUNS.get(hit.name.attribute)
    cut = max((m.end() for m in _BREAK.finditer(head)), default=0)
    if kind is None or cut == 0 or not _NAMES_ONLY.match(head[cut:]):
        return False
    earlier = head[: max((m.start() for m in _BREAK.finditer(head)), default=0)]
    previous = earlier[max((m.end() for m in _BREAK.finditer(earlier)), default=0) :]
    said = re.search(
        r"\b(?:my|our|this|i have|i've got|ive got|got)\s+(?:\w+\s+){0,2}(?:" + kind + r")\b", previous, re.I
    )
    return said is not None and not _HEDGE.search(previous) and _owner(_words(previous), _words(previous))


def _because(words: list[str]) -> bool:
    """A clause given as a reason or a time inside a question: "how do i ... now that its all at X"."""
    return any(w in _BECAUSE for w in words[1:]) or any(
        a == "now" and b == "that" for a, b in itertools.pairwise(words)
    )


# Where the clause a name is in opens: after "since" / "now that", and in a run-on with no comma, at
# "and" before a verb of the person's and "my" ("no other bank would open account without proof of
# address and got my giffgaff sim": the "would" is the bank's, the sim is got).
_CLAUSE_OPENS = re.compile(
    r"\b(?:since|because|bc|cause|cuz|now that)\b|\band(?= (?:(?:i|we) )?(?:just |also |then )?"
    r"(?:got|switched|started|moved|landed|settled|bought|traded|swapped|picked|signed|joined|opened|took|ported|"
    r"registered) (?:my|our)\b)"
    # and at "so" before the one who changed it for the person: "the nausea never went away so my psychiatrist
    # switched me to zoloft" (the "never" is the nausea's)
    r"|\bso(?= (?:my|our) [\w-]+(?: [\w-]+)? (?:switched|put|started|moved|changed|took) (?:me|us)\b)",
    re.IGNORECASE,
)


def _since(before: str, words: list[str]) -> str:
    """The words a hedge is looked for in: from "since" / "now that" on when the clause has one."""
    match = list(_CLAUSE_OPENS.finditer(before))
    return before[match[-1].end() :] if match else before


def _owner(words: list[str], lead: list[str]) -> bool:
    """A first-person word before the name with no one else's between, or a clause with no subject."""
    for at in range(len(words) - 1, -1, -1):
        word = words[at]
        if word in _OTHERS or _theirs(word):
            return False
        if word in _SELF and not (at + 1 < len(words) and words[at + 1] in _OTHERS):
            return True
    return bool(lead) and lead[0] in _DROPPED


def someone_else(before: str) -> bool:
    """Whether the last words before a statement name someone else as who does it ("my brother just")."""
    return any(w in _OTHERS or _theirs(w) for w in _words(before)[-3:])


def _theirs(word: str) -> bool:
    """A relation named in the plural or as an owner: "dads", "sister's"."""
    bare = word.removesuffix("'s").removesuffix("s")
    return bare != word and bare in _OTHERS


# The person after the name, as who it is for: "the iphone karen got me", "walgreens ... texts me",
# "this iphone 13 i got off olx", "virgin media fella came and hooked us up" (not "my sister lives in
# tucson and wants me to visit").
_FOR_ME = re.compile(
    r"^\W*(?:[\w'&]+\s+){0,4}?(?:(?:got|gave|bought|texts|text|sends|sent|gives|put|set|calls|emails|hooked|connected|"
    r"signed)\s+(?:me|us)|"
    r"(?:i|we)\s+(?:got|bought|have|own|use|drive|take|pick up|picked up|bank with))\b",
    re.IGNORECASE,
)


def _object(after: str) -> bool:
    """The person just after the name, as who has it or gets it (`_FOR_ME`), no one else between."""
    match = _FOR_ME.search(after)
    return match is not None and not any(w in _OTHERS or _theirs(w) for w in _words(match.group(0)))


# (session 39: ray) "here in X" after a noun of someone or something else, at the head of its clause: "my new
# doctor here in Beaumont", "the shop here in Tulsa", "a good vet here in Mesa" (where they are). Not a home's own
# noun ("our house here in X", "my life here in X"), nor said of the person ("I'm a nurse here in X").
_HERE_OF_A_THING = re.compile(
    r"(?<!\bi'm )(?<!\bim )(?<!\bam )(?<!\bwe're )(?<!\bare )(?<!\bbe )(?<!\bbeen )"
    r"\b(?:my|our|the|a|an|this|that|some|any|his|her|their)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?!(?:home|house|place|apartment|flat|condo|life|family|neighbou?rhood|street|time|people)\s)[\w'-]+\s+here\s+in\s+$",
    re.IGNORECASE,
)

# (session 41: dani) and a business said bare, with no article, as a texter says it: "2 record deal, small indie
# label here in nashville", "cool little venue here in denver": the label's or the venue's town, not a home
_HERE_OF_A_BARE_THING = re.compile(
    r"(?:^|[,;:!]\s*)\s*(?:[\w'-]+\s+){0,3}?(?:label|venue|studio|shop|store|agency|club|bar|company|firm|office|"
    r"scene|band|brewery|cafe|coffee shop|gym|clinic)\s+here\s+in\s+$",
    re.IGNORECASE,
)


def _placed(before: str, words: list[str], lead: list[str], after: str) -> bool:
    """A city is the person's home after words that place them there, said of themselves."""
    if _HOME.search(after) and not any(w in _OTHERS or _theirs(w) for w in words):
        return True  # "now that hamburg is home", "lisbon feels like home now"
    if not _PLACED.search(before) or _NOT_PLACED.search(before) or _VISIT.search(after) or _TRIP.search(before):
        return False
    if _HERE_OF_A_THING.search(before) is not None:
        return False  # "my new doctor here in Beaumont is ...": the doctor's town, not said as the person's home
    if "here" in before and _HERE_OF_A_BARE_THING.search(before) is not None:
        return False  # (session 41: dani) "small indie label here in nashville": the label's town
    if re.search(r"\bhere\s+in\s+$", before, re.IGNORECASE) and not any(w in _OTHERS for w in words):
        return True
    for word in reversed(words):
        if word in _OTHERS or _theirs(word):
            return False
        if word in _SUBJECT:
            return True
    return bool(lead) and lead[0] in _DROPPED


# -- Military words (session 36: kai) -----------------------------------------------------------------
# A service member's rank said in shorthand ("im an AD3", "got frocked to AD2"): a Navy rating's letters
# with its class (3, 2, 1: petty officers, E-4 to E-6; C, CS, CM: chiefs, E-7 to E-9), an apprentice's
# letters, a pay grade ("E-5", "O3"), or an Army, Marine or Air Force rank's abbreviation. Typed in capitals
# only ("an at2" is none of them).
RATINGS = [
    "ABE",
    "ABF",
    "ABH",
    "AB",
    "AC",
    "AD",
    "AE",
    "AG",
    "AME",
    "AM",
    "AO",
    "AS",
    "AT",
    "AWF",
    "AWO",
    "AWR",
    "AWS",
    "AWV",
    "AW",
    "AZ",
    "BM",
    "BU",
    "CE",
    "CM",
    "CS",
    "CTI",
    "CTM",
    "CTN",
    "CTR",
    "CTT",
    "DC",
    "EA",
    "EM",
    "EN",
    "EOD",
    "EO",
    "ET",
    "FC",
    "GM",
    "GSE",
    "GSM",
    "HM",
    "HT",
    "IC",
    "IS",
    "IT",
    "LN",
    "LS",
    "MA",
    "MC",
    "MM",
    "MN",
    "MR",
    "MT",
    "MU",
    "ND",
    "OS",
    "PR",
    "PS",
    "QM",
    "RP",
    "SB",
    "SH",
    "SO",
    "STG",
    "STS",
    "SW",
    "TM",
    "UT",
    "YN",
]
RANK = (
    r"(?:(?:" + "|".join(RATINGS) + r")(?:CM|CS|C|1|2|3)|(?:AN|AA|AR|SN|SA|SR|FN|FA|FR|HN|HA|HR|CN|CA|CR)"
    # (a W-2 is a US wage earner's tax form too: "I'm a W2 company driver", "a W2 employee", session 39: ray)
    r"|[EO]-?[1-9]|W-?[1-9](?! (?:employee|employees|company|worker|workers|driver|drivers|job|jobs|form|forms|income|"
    r"wages?|position|status|contractor|salary|salaried)\b)|(?:PFC|SPC|CPL|SGT|SSG|SFC|MSG|1SG|SGM|LCpl|Cpl|Sgt|SSgt|GySgt|MSgt|SrA|TSgt|A1C|ENS|LTJG|LCDR|CDR|CAPT))"
    r"(?![\w-])"
)
# Who a service member answers to, said as their title ("my LPO AD1 Ferris", "my new chief ADC Brandt")
SUPERVISOR_TITLES = (
    r"(?:LPO|LCPO|chief|Chief|senior chief|master chief|DIVO|divo|division officer|department head|NCOIC|OIC|"
    r"squad leader|platoon sergeant|first sergeant|section leader|flight chief|work center supervisor|WCS|"
    r"team leader|shop supervisor)"
)
# Where a service member is stationed ("new duty station is NAF Atsugi", "homeport is San Diego"), and the
# words a base's name opens with, no part of the place ("NAF Atsugi" is Atsugi)
STATION_NOUNS = r"(?:duty station|homeport|home port|PDS|base)"
BASE_PREFIX = r"(?:NAS|NAF|NAVSTA|NSA|NB|NSB|MCAS|MCB|JB|JBPHH|JBLM|AFB|CFA|CFAY)"
# A unit a service member checks into: a squadron's letters and number ("HSM-77", "VFA-102"); a ship is
# named after its prefix ("USS Nimitz"), a base after its own (`BASE_PREFIX`)
UNIT = r"(?<![A-Za-z])[A-Z]{2,5}-\d{1,3}(?![\w-])"
SHIP_PREFIX = r"(?:USS|USNS|USCGC|HMS|HMCS|HMAS)"
# Health plans by name, in any case ("im on Tricare Prime", "taking HMSA thru work"): a name alone says
# it is a plan only when it is one of these.
INSURERS = (
    r"(?:tricare(?: prime| select| overseas| for life| reserve select)?|"  # (overseas: session 42, beth)
    r"va health ?care|hmsa|kaiser(?: permanente)?|medicaid|"
    r"medicare|medi-cal|blue cross(?: blue shield)?|blue shield|bcbs|aetna|cigna|unitedhealthcare|united healthcare|"
    r"humana|anthem|ambetter|oscar health|molina|wellcare|highmark|premera|regence)"
)
