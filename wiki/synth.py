"""Synthesis without a model: group visible memories into pages and render each one, cited.

Grouping (in this order, per space; spaces never mix):
1. entity pages: one page per entity that has >= 2 visible memories in the space (a memory about
   two such entities is cited on both pages);
2. clusters: the memories no entity page took, in capture order, join the cluster whose running
   mean centroid is most similar (cosine >= 0.60), else start one; clusters with >= 3 members
   become pages, keyed by their first member so a page keeps its identity as it grows;
3. notes: every memory still left (small clusters, memories without a vector) goes to the space's
   "Notes" page, so no visible memory is missing from the wiki. A Notes page over 50 memories is
   split by the year of valid_from ("Notes, 2024"), and a year over 50 by month ("Notes, March
   2024"), so no page grows without bound and adding a memory rewrites one small page.

Titles: an entity page is named by its entity; a cluster by the entity or phrase most of its
memories share; titles that collide in a vault are qualified by their space. Rendering (wiki.render)
is a pure function of a spec and its `Context` (links both ways, computed here over all pages).
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import MISSING, dataclass, field, fields, replace
from datetime import date
from itertools import chain
from pathlib import Path
from typing import Any, cast

from memory import conversations, names, notes, tokens, vocab
from memory.db import Database, rows_in
from memory.entities import key as entity_key
from memory.text import prose
from memory.textcache import text_cache
from retrieval import lexical
from wiki.vault import atomic_write

# 3: chat turns (names from their text, topics, About me, no fillers), code blocks; 4: a code-only
# memory never leads, longer thanks are fillers, a request without a question mark is asked; 5: About
# me leads with what is true now (its Now section: each value of the person's life, since when);
# 6: the index lists each kind of page under its heading (Names, Topics, Notes), no space heading in
# a home of no space; 7: each leading memory gives its sentence that names the entity, says rather than
# asks or thanks, and shares most words with the page (a chat turn opened with "Those all sound great!");
# About me's bullets quote what a turn tells of the person, not its questions (`render.told`);
# About me's Now shows a value said short and in full as one, in full ("Leeds City
# Council", not "council"), and an ending as none now ("Dog: none now (biscuit died)").
# 8: a note's wikilinks read as the words they show ("Met Anna Kowalska", not escaped brackets),
# its embeds gone (`memory.notes.shown`).
# Also 8: About me's Now says a job left, a car sold, a home moved out of, a pet given away as none
# now ("Employer: none now (left Google)"), days said as a list in full, and a personal best under
# Routine ("5k (personal best)").
# 9: a note's inline tags after its last sentence ("… appliances. #budget") are part of that
# sentence, cited once with it (they were a sentence of their own, cited twice: "\#budget[^m1]").
# 10: About me reads a person's week, a team's size, a habit's time under Routine (life13).
# 11: a lead is what a memory says, less its thanks and the names a chat's turns address ("Thanks,
# John." led friend chats' pages), a memory of three content words or more first; About me reads
# where a person comes from (Home), a retirement and the hours worked a week (Work); a name made
# with "and" is one page ("Mac and Cheese"), one value (life14); an origin's Now line has no "since",
# an activity taken up with no day reads "Guitar: doing it now" (was "Guitar (schedule): now").
# 12: About me's Now gives what came with a job (role, manager, shift, hours) said before the job
# ended as none now, with what it was ("Role: none now (lost my job); was assistant manager").
# 13: About me's bullet keeps a question that states the person's life as it asks ("my lekarz rodzinny
# here is dr. nowak ..., how do i get her my records?" had given way to "do i need them translated").
# 14: a paragraph of code pasted without fences is a code block under its bullet, not a sentence of it
# (memory.text.code_paragraph: "counts = [] for t in trials: ..." had been quoted, its brackets escaped).
# 15: turns of one moment (an import's turns share their second; a chat's minute holds several) in
# the order they were stored (`Mem.seq`), not by their random ids: a page read them shuffled, and two
# homes that imported one chat wrote different pages.
# 16: About me's Now names a place by the name quire knows for it ("Munich" for "München", "Germany"
# for "Deutschland", `vocab.place`), else as the person last wrote it: the first spelling stayed (life16).
# 17: About me has an Education heading (a degree, where it was taken, what is studied now: edu16's
# attributes), its Now lines named "Master's degree", "University (master's)", with no "since".
# 18: About me's Now says a home's tenure as "own" or "rent" ("Tenure: closed", "was landlord" before),
# and a job lost leaves it as it was (it said "Tenure: none now (lost my job)"); an employer said with
# its team is the organisation ("Employer: brightpath's localization team" before).
# 19: a page's dates are the days on this machine's clock (memory/clock.py `local_day`), not UTC's:
# a message said at 00:30 in Berlin is dated its own day (the same pages under TZ=UTC).
# 20: a Timeline dates "yesterday", "the day before yesterday" and "last Tuesday" (counted back from the
# day a turn was said), and a day and month without a year take the year of that day on the person's
# clock, not UTC's ("on 5 January" said at 00:30 on 1 January in Berlin had been dated a year early);
# About me cites the sentences a turn tells as the turn splits them ("beans etc." and "the garden is
# small." after a question left out had been joined, split again as one sentence and cited once).
# 21: About me reads facts said in passing: a blood type, a military service, a church, a thesis, a
# birthday, who one lives with, a pet by its breed, a language class by its level (life18).
# 22: About me's Now lists the people the person names by their relation ("my wife anna": "Wife: Anna",
# memory/life.kin_names), and writes a name typed in lower case as a name ("Employer: Brightpath",
# "Bank: mBank" by the lists' spelling; "eBay", "de Vries" as typed) (life17).
# 23: About me's Now names the people said by what they are to the household ("since Ruairí was born":
# "Child: Ruairí"; a partner by the word the person calls them, "my wife"), and reads a car by its year
# and its upkeep, a supplier by its trouble, an energy supplier by a list (life20).
# 24: a chat turn's footnote gives the minute it was said on the person's clock ("2024-03-11 08:30"), not
# the day alone; a page map's tied nodes go in the page's order, not by fingerprint (random ids) (wiki18).
# 25: About me's lead opens on the person's own name where the chats give it ("Name: Noor Haddad."), which
# is its alias too (`OwnName.display`) (wiki20).
# 26: About me names the current partner once, by the word the person last called them ("Wife: Anna, since
# ..."; a fiancé so called after a wedding is the Partner); the life reading of session 35 (life24-26).
# 29: About me writes a booking agent and a stage name typed in lower case as names ("Booking agent: Theo; was
# Kelsey"); a page of a city an address wrote with its state is the city's ("Nashville"), one of a name in
# capitals the name's ("Dani Rae") (wiki28);
# and About me's Now shows an attribute ended as ended on every line that shows it: a role handed on ("Volunteer
# role: none now (handed on FRG leader)"), a named pet rehomed by its name ("Cat: none now (rehomed Pickles)")
# (weak43).
# 30: an entity page of a thing with its model's year is titled the thing where its texts say it so ("Odyssey" of
# "Odyssey 2019"), a topic's phrase keeps its owner's "'s" ("Inès's school"), and the names read no dotted legal
# form ("Monedita", not "Monedita S") and a street's ordinal after its quarter ("West 4th") (wiki29).
# 31: a page's title as a person writes it (wiki30): a name with its own "'s" ("Pak's"), the person's own name
# signed on a draft on no page ("sign it Marisol Ortega Reyes"), a foreign "my" or a feast before "de" leading no
# name ("Civic", "Nordikode"), a German everyday noun no name ("Termin"); topics titled by no foreign function or
# time word, infinitive or figure of speech, a family word of two meanings with its "my" ("Mi vieja"), a shouted
# title as a reader writes it ("York").
RENDER_VERSION = 31
CLUSTER_COSINE = 0.60
CLUSTER_MIN = 3
NOTES_MAX = 50
ENTITY_MIN = 2
MAX_LINKS = 12
PAGE_STATUSES = ("active", "archived")  # never superseded, forgotten, rejected, pending_revision

# (memory_type, heading) in page order; archived decisions get their own heading after Decisions.
SECTIONS: tuple[tuple[str, str], ...] = (
    ("decision", "Decisions"),
    ("superseded", "Changed"),
    ("preference", "Preferences"),
    ("fact", "Facts"),
    ("lesson", "Lessons"),
    ("gotcha", "Gotchas"),
    ("note", "Notes"),
    ("identity", "Identity"),
)
OPEN_SECTION = ("open", "Open questions")  # memories a review item waits on, and questions asked
_NOUNS = {
    "decision": ("decision", "decisions"),
    "superseded": ("superseded decision", "superseded decisions"),
    "preference": ("preference", "preferences"),
    "fact": ("fact", "facts"),
    "lesson": ("lesson", "lessons"),
    "gotcha": ("gotcha", "gotchas"),
    "note": ("note", "notes"),
    "identity": ("identity claim", "identity claims"),
}
_SECTION_RANK = {name: i for i, (name, _) in enumerate(SECTIONS)}
_RANK_BY_STATUS_TYPE: dict[tuple[str, str, bool], int] = {}  # (status, type, a turn) -> section rank, on use
SECTION_NAMES = {**dict(SECTIONS), OPEN_SECTION[0]: OPEN_SECTION[1]}
KIND_ORDER = {"entity": 0, "cluster": 1, "notes": 2}
PERSONAL = ("preference", "identity")
ABOUT_TITLE = "About me"


def is_about(spec: PageSpec) -> bool:
    """An About me page, of the whole home or of one space (titled "About me (home)" when several)."""
    return spec.kind == "notes" and spec.key.endswith(":about")


STOPWORDS = frozenset(
    [
        "that",
        "this",
        "with",
        "from",
        "have",
        "were",
        "will",
        "would",
        "could",
        "should",
        "about",
        "there",
        "their",
        "them",
        "they",
        "then",
        "than",
        "what",
        "when",
        "where",
        "which",
        "while",
        "into",
        "onto",
        "over",
        "under",
        "also",
        "just",
        "like",
        "been",
        "being",
        "does",
        "done",
        "more",
        "most",
        "much",
        "many",
        "some",
        "such",
        "very",
        "your",
        "yours",
        "ours",
        "only",
        "other",
        "each",
        "every",
        "both",
        "after",
        "before",
        "because",
        "between",
        "through",
        "during",
        "again",
        "once",
        "here",
        "these",
        "those",
        "using",
        "used",
        "uses",
        "make",
        "made",
        "want",
        "need",
        "still",
        "always",
        "never",
        "maybe",
        "really",
        "thing",
        "things",
    ]
)
_WORD = re.compile(r"[a-z0-9]+")
# Punctuation to spaces: `words` is a translate and a split (a bytes translate for ASCII text), several
# times faster than a regex over every memory of the vault on every rebuild (plan computes mentions
# for all pages).
_PUNCT_ASCII = "!\"#$%&()*+,./:;<=>?@[\\]^`{|}~'-_"
_PUNCT = str.maketrans(dict.fromkeys(map(ord, _PUNCT_ASCII + "’"), " "))
_PUNCT_BYTES = bytes.maketrans(_PUNCT_ASCII.encode("ascii"), b" " * len(_PUNCT_ASCII))


def words(text: str) -> list[str]:
    """Casefolded words of `text`, what entity names are matched on ("payments API," -> payments, api)."""
    if text.isascii():
        return text.lower().encode("ascii").translate(_PUNCT_BYTES).decode("ascii").split()
    return text.casefold().translate(_PUNCT).split()


def lead_tokens(text: str) -> set[str]:
    """content_tokens as a set, from the fast word split (what the extractive lead ranks on)."""
    return {w for w in words(text) if len(w) >= 4} - STOPWORDS


def content_tokens(text: str) -> list[str]:
    """Lowercase alphanumeric tokens of 4+ characters that are not stopwords (Wenlan faithfulness)."""
    return [t for t in _WORD.findall(text.lower()) if len(t) >= 4 and t not in STOPWORDS]


def sentences(text: str) -> list[str]:
    """One line of text split after . ! ? followed by whitespace, never after an abbreviation
    ("Dr. Weber", "e.g. tofu", "8:30 a.m."): memory.names.sentences."""
    flat = " ".join(text.split())
    if ". " not in flat and "! " not in flat and "? " not in flat:  # one sentence (flat has single spaces only)
        return [flat] if flat else []
    out: list[str] = []
    for part in names.sentences(flat):
        if out and _TAGS_ONLY.match(part):  # "… appliances. #budget #todo": the tags file that sentence
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


# A "sentence" of a note's inline tags alone (`#budget`, `#project/apollo`): no statement of its own.
_TAGS_ONLY = re.compile(r"^(?:#[^\W\d][\w/-]*\s*)+$")


class _once:  # lower case: used as a decorator, like property
    """A property computed on first read and kept in the instance (frozen dataclasses included).
    Unlike functools.cached_property (which takes a lock on every first read in Python 3.11) the
    first read costs what a property costs, and later reads are plain attribute lookups."""

    def __init__(self, fn: Callable[[Any], Any]):
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


@dataclass(frozen=True)
class Mem:
    """A memory as synthesis sees it."""

    id: str
    content: str
    memory_type: str
    space: str | None
    status: str
    valid_from: str
    valid_to: str | None
    created_at: str
    updated_at: str
    title: str
    entities: tuple[tuple[str, str], ...] = ()  # (key, display name), sorted by key
    supersedes: str | None = None
    review: str = ""  # the kind of an open review item naming this memory ("" when none)
    # Fixed at capture (an edit changes content and updated_at, never these), so only the pages
    # being written load them (`with_details`): 10k memories need not carry them through a plan.
    fields_json: str = "{}"
    source: str = ""
    source_agent: str = ""
    # A chat turn: who said it, and "person" or "assistant" ("" for a memory that is no turn).
    speaker: str = ""
    turn: str = ""
    # What the memory it superseded said, when that one is hidden now (a change of the person's life
    # accepted in review): About me's Now line still says what the value was.
    was: str = ""
    # Its row's place in the store (rowid): the order it was stored in, which breaks a tie of one
    # moment as the chat has it (an import's turns share their second, a chat's minute holds several
    # turns), where the random id had shuffled them, differently in every home.
    seq: int = 0

    @functools.cached_property
    def fields(self) -> dict[str, Any]:
        try:
            data = json.loads(self.fields_json or "{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    @property
    def review_kind(self) -> str:
        """The kind of the open review item naming it ("revision", "contradiction"; "" when none)."""
        return self.review.partition(":")[0]

    def under_review(self, attribute: str) -> bool:
        """Whether an open item waits on what it says of `attribute`: any, unless every item naming
        it is a change of the person's life of other attributes (`open_reviews`)."""
        kind, _, attributes = self.review.partition(":")
        return bool(kind) and (not attributes or attribute in attributes.split(","))

    @_once
    def is_open(self) -> bool:
        """Awaiting a person (a review item names it) or itself a question. A question in a chat
        was asked of the assistant, which answered it: it is no open question of the person's."""
        return bool(self.review) or (not self.turn and self.content.rstrip().endswith("?"))

    @_once
    def section(self) -> str:
        if self.status == "archived" and self.memory_type == "decision":
            return "superseded"
        if self.turn:
            return "note"  # a chat turn reads with the turns around it, in time, whatever its type
        return self.memory_type if self.memory_type in _NOUNS else "note"


@dataclass(frozen=True)
class PageSpec:
    """One page to render: its stable key, what it is about, and the memories it cites."""

    key: str
    kind: str  # entity | cluster | notes
    title: str
    space: str | None
    entity: str | None
    memories: tuple[Mem, ...]
    entities: tuple[tuple[str, str], ...] = ()  # every entity its memories mention (key, name)

    @property
    def page_id(self) -> str:
        return page_id_for(self.key)

    def ordered(self) -> list[Mem]:
        """Memories in the order they are cited: by section, then event time, then id."""
        return list(self._ordered)

    @functools.cached_property
    def _ordered(self) -> tuple[Mem, ...]:
        # Decorated tuples sorted in C, the section rank looked up by (status, type, a turn), on which alone
        # a section depends: no key call and no `section` property per memory (every page's hash
        # is computed on every rebuild). The position breaks ties as the stable sort would.
        ranks = _RANK_BY_STATUS_TYPE
        keyed = []
        for i, m in enumerate(self.memories):
            rank = ranks.get((m.status, m.memory_type, bool(m.turn)))
            if rank is None:
                rank = ranks[(m.status, m.memory_type, bool(m.turn))] = _SECTION_RANK[m.section]
            keyed.append((rank, m.valid_from, m.created_at, m.seq, m.id, i))
        keyed.sort()
        mems = self.memories
        return tuple([mems[k[5]] for k in keyed])


@dataclass(frozen=True)
class Link:
    slug: str
    title: str
    page_id: str
    shared: tuple[str, ...]  # display names of the shared entities


@dataclass(frozen=True)
class Rendered:
    text: str
    summary: str
    sources: tuple[str, ...]  # memory ids; marker N is sources[N-1]
    updated: str


def page_id_for(key: str) -> str:
    return "page_" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:12]


# -- loading -----------------------------------------------------------------------------------


def load_memories(
    db: Database, ids: Sequence[str] | None = None, turns: dict[str, list[Any]] | None = None
) -> list[Mem]:
    """Every memory a page may cite, in capture order (created_at, then the order stored: rowid, as
    `Mem.seq`); with `ids`, only those of
    them still visible (the incremental plan: the few a change touched). `turns` (with `ids`): chat
    turn id -> [speaker, turn, entities] as a full load made them (`turn_record`; a turn's entities
    are read over every turn together, so a few loaded alone would not get them)."""
    marks = ",".join("?" * len(PAGE_STATUSES))
    columns = (
        "id, content, memory_type, space, status, valid_from, valid_to, created_at, updated_at, title, supersedes, "
        "rowid"
    )
    if ids is None:
        rows = db.rows(
            f"SELECT {columns} FROM memories WHERE status IN ({marks}) ORDER BY created_at, rowid", PAGE_STATUSES
        )
        # Every link, unfiltered and unsorted: ten times cheaper than joining memories and ordering in
        # SQL (a link of an invisible memory is simply never looked up); each memory's few sort here.
        links = db.rows(
            "SELECT me.memory_id, e.name_key, e.name FROM memory_entities me JOIN entities e ON e.id = me.entity_id"
        )
    else:
        wanted = list(dict.fromkeys(ids))
        rows = rows_in(
            db,
            f"SELECT {columns} FROM memories WHERE id IN ({{marks}}) AND status IN ({marks})",
            wanted,
            after=PAGE_STATUSES,
        )
        rows.sort(key=lambda r: (r[7], r[11]))  # created_at, then rowid: as the full load orders them
        links = rows_in(
            db,
            "SELECT me.memory_id, e.name_key, e.name FROM memory_entities me JOIN entities e ON e.id = me.entity_id "
            "WHERE me.memory_id IN ({marks})",
            [r[0] for r in rows],
        )
    return _mems(db, rows, links, turns)


def _mems(
    db: Database, rows: list[tuple[Any, ...]], links: list[tuple[Any, ...]], known: dict[str, list[Any]] | None = None
) -> list[Mem]:
    names: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for mid, ekey, name in links:
        names[mid].append((ekey, name))
    for found in names.values():
        if len(found) > 1:
            found.sort()
    reviews = open_reviews(db)
    turns = conversations.speakers(db) if known is None else {}
    # Each Mem's fields set in one dict update (the generated frozen __init__ sets them one
    # object.__setattr__ at a time): the same instances, a third cheaper at 10k memories.
    new, defaults, out = object.__new__, _MEM_DEFAULTS, []
    for r in rows:
        m = new(Mem)
        d = m.__dict__
        d.update(defaults)
        d["id"], d["content"], d["memory_type"], d["space"], d["status"] = r[0], r[1], r[2], r[3], r[4]
        d["valid_from"], d["valid_to"], d["created_at"], d["updated_at"] = r[5], r[6], r[7], r[8]
        d["title"], d["entities"], d["supersedes"], d["seq"] = r[9] or "", tuple(names.get(r[0], ())), r[10], r[11]
        if reviews:
            d["review"] = reviews.get(r[0], "")
        said = turns.get(r[0])
        if said is not None:
            d["speaker"], d["turn"] = said[0], "assistant" if said[1] else "person"
        elif known and r[0] in known:
            t = known[r[0]]
            d["speaker"], d["turn"], d["entities"] = t[0], t[1], tuple((e[0], e[1]) for e in t[2])
        out.append(m)
    if turns:
        turn_entities(out)
    _with_was(db, out)
    return out


def _with_was(db: Database, mems: list[Mem]) -> None:
    """Each memory's `was`: the text of the hidden memory it superseded (few are: one query)."""
    replaced = {m.supersedes: m for m in mems if m.supersedes}
    if not replaced:
        return
    for old_id, content in rows_in(
        db, "SELECT id, content FROM memories WHERE id IN ({marks}) AND status = 'superseded'", list(replaced)
    ):
        replaced[old_id].__dict__["was"] = content


def visible_count(db: Database) -> int:
    marks = ",".join("?" * len(PAGE_STATUSES))
    return int(db.scalar(f"SELECT count(*) FROM memories WHERE status IN ({marks})", PAGE_STATUSES) or 0)


def entity_counts(db: Database, keys: Sequence[str], *, turns: bool = True) -> dict[tuple[str, str], int]:
    """(space or "", entity key) -> visible memories linked to it, for these entity keys; without
    `turns`, chat turns left out (their entities are not their links: see `turn_entities`)."""
    marks = ",".join("?" * len(PAGE_STATUSES))
    out: dict[tuple[str, str], int] = {}
    for space, ekey, n in rows_in(
        db,
        "SELECT coalesce(m.space, ''), e.name_key, count(DISTINCT m.id) FROM entities e "
        "JOIN memory_entities me ON me.entity_id = e.id JOIN memories m ON m.id = me.memory_id "
        f"WHERE e.name_key IN ({{marks}}) AND m.status IN ({marks}) "
        + ("" if turns else f"AND {conversations.NOT_A_TURN} ")
        + "GROUP BY 1, 2",
        list(dict.fromkeys(keys)),
        after=PAGE_STATUSES,
    ):
        out[(str(space), str(ekey))] = out.get((str(space), str(ekey)), 0) + int(n)
    return out


# Names that are a chat's roles or the tools that export them: never a page's entity.
ROLE_NAMES = frozenset(entity_key(n) for n in (*names.NOT_NAMES, *conversations.ASSISTANT_SPEAKERS, "me", "you"))


def turn_entities(mems: Sequence[Mem]) -> None:
    """A chat turn's entities become the names its text mentions (memory.names), read over every
    turn together; the speaker an import linked it to is dropped (a speaker is never a page
    entity: every turn names one, so it would make one page of them all). The assistant's turns
    keep only names the person's own turns use (its suggestions are not the person's world).
    Sets `entities` in place on these freshly loaded memories."""
    idx = [i for i, m in enumerate(mems) if m.turn]
    if not idx:
        return
    found = names.extract_all([_as_typed(mems[i].content) for i in idx])
    used = {entity_key(n.name) for i, ns in zip(idx, found, strict=True) if mems[i].turn == "person" for n in ns}
    # the person's own name, as their drafts sign it ("Regards,\nPriya"), is the person as "user" is
    own = names.signed([mems[i].content for i in idx if mems[i].turn == "person"])
    speaking = speakers(mems[i].speaker for i in idx) | speakers(own)
    themselves = OwnName.read([mems[i] for i in idx], own)
    for i, ns in zip(idx, found, strict=True):
        m = mems[i]
        speaker = entity_key(m.speaker)
        kept = {k: name for k, name in m.entities if k != speaker and k not in ROLE_NAMES and not themselves.names(k)}
        for n in ns:
            k = entity_key(n.name)
            if (
                k in ROLE_NAMES
                or speaks(k, speaking)
                or themselves.names(k)
                or (m.turn == "assistant" and k not in used)
                or _an_adjective_typed_low(n.name, m.content)
            ):
                continue
            kept.setdefault(k, n.name)
        m.__dict__["entities"] = tuple(sorted(kept.items()))


def _as_typed(text: str) -> str:
    """A turn as its names are read: one typed all in capitals (`shouted`) in lower case, where a name is one the
    person says who it is ("MY DAUGHTER KAREN"), as a lower-case typist's."""
    return text.lower() if shouted(text) else text


def _an_adjective_typed_low(name: str, text: str) -> bool:
    """A one-word name the text writes only in lower case that is a listed adjective compared
    ("cheaper", "busiest", "bigger"; not "nice" itself, a town typed low): a person who types in
    lower case names friends so ("hana", "omar"), and `memory.names` reads them, but "wayne is closer
    to home, cheaper, my best friend hana goes there" had made noor a page titled "Cheaper"."""
    word = name.casefold()
    if " " in word or name in text or word not in text.casefold():
        return False
    for end, back in (("ier", "y"), ("iest", "y"), ("er", ""), ("est", ""), ("r", ""), ("st", "")):
        stem = word[: -len(end)] + back if word.endswith(end) else ""
        if stem and (
            stem in _ADJECTIVE_WORDS or (len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] in _ADJECTIVE_WORDS)
        ):
            return True
    return False


# A draft's sign-off and the name under it or after it ("Sincerely,\nDale Hutchins", "Best, Noor'"), or a
# quoted draft's last line that is a name alone ("...no charge.\n\nDale Hutchins'", "I love you. — Dale'").
_SIGN_OFF = re.compile(
    r"(?:^|\n|[.!?]\s)[ \t]*[\"'“‘]?(?i:(?:best|kind|warm|warmest|many|with) )?(?i:regards|thanks|thank you|best|"
    r"cheers|sincerely|yours sincerely|yours truly|yours faithfully|faithfully|yours|love|best wishes|"
    r"all the best|take care)[,!.]?[ \t]*(?:\n[ \t]*|[ \t])(?P<name>[A-Z][a-z][\w-]*(?:[ \t]+[A-Z][\w-]*)?)"
    r"[ \t]*(?:[\"'”’]|\n|\Z)"
    r"|(?:\n\n|[—–][ \t]*)(?P<last>[A-Z][a-z][\w-]*(?:[ \t]+[A-Z][\w-]*)?)[ \t]*[\"'”’](?:\s|\Z)"
)
# How a letter or a message opens on the one it is written to ("Dear Noor,", "Dear Mr. Hutchins:",
# "'Mr. Hutchins, the unit your company installed ...", "hi noor!", a friend's "'NOOR. i got into ...").
_ADDRESSED = re.compile(
    r"(?:^|\n|[\"'“‘])[ \t]*(?:(?i:dear|hi|hello|hey)[ \t]+(?P<title>(?:Mr|Mrs|Ms|Mx|Dr|Prof)\.?[ \t]+)?"
    r"|(?P<only>(?:Mr|Mrs|Ms|Mx|Dr|Prof)\.?[ \t]+))(?P<name>[^\W\d_][\w-]*(?:[ \t]+[A-Z][\w-]*)?)[ \t]*[,:!\n]"
    r"|(?:^|\n)[\"'“‘](?P<shout>[A-Z][A-Z-]+)[.!,]"
)
# What asks for a draft of the person's own to be made better: the text after it is theirs, and opens
# on whom they write to ("pls make this better\nHi Rohit, ...", "can you proof read this offer letter").
_DRAFTING = re.compile(
    r"(?i)\b(?:rewrite|re-write|proof ?read|correct|fix|improve|polish|edit|shorten|rephrase|make (?:this|it)|"
    r"my (?:email|mail|draft|letter|message|reply|text|note|card)|i(?:'m| am) sending|i wrote|going to (?:my|the))\b"
)
ADDRESSED_MIN = 2  # the person's texts a name opens (with no draft of theirs signing it) to be their own
# (session 45: wiki30) The name a person tells the assistant to sign their draft with ("sign it Marisol Ortega Reyes",
# "sign it as Dale", ines's "I sign off 'best, Inês'"): theirs, in one text. marisol's "sign it Marisol Ortega Reyes"
# of a note to a teacher, beside "leave the name as just Marisol" and a client's "Hi Marisol," pasted once, had made a
# page "Marisol" of herself; ines's a page "Inês".
_SIGN_AS = re.compile(
    r"(?i:\bsign (?:it|this|that|them|the (?:email|letter|note|card|message))(?: off)?(?: as| with)?"
    r"|\bi sign(?: off| everything| my (?:emails|letters|messages|notes))?(?: as| with)?)[ \t]+[\"'“‘]?"
    r"(?i:(?:best|regards|thanks|cheers|love|warmly|yours)[,!]?[ \t]+)?"
    r"(?P<name>[A-Z][a-z][\w-]*(?:[ \t]+[A-Z][\w-]*){0,2})(?![\w-]|['’]s\b)"
)


# (session 46: wiki31) The account's owner, where someone else writes on it and says so ("vern here on glendas
# account", "this is vern, glendas husband"): the home's person. glenda's husband's five turns naming her had made
# a page "Glenda" of the person herself.
_ACCOUNT_OF = re.compile(
    r"(?i:\b(?:here|writing|typing) on )(?P<name>[A-Za-z][a-z]+?)['’]?s(?i: (?:account|phone|laptop))\b"
    r"|(?i:\bthis is (?:[a-z]+, )?)(?P<kin>[A-Za-z][a-z]+?)['’]?s(?i: (?:husband|wife|son|daughter|partner))\b"
)


@dataclass(frozen=True)
class OwnName:
    """The person's own name as the chats give it: the name the letters and messages they paste in
    open on ("Dear Noor,", "Dear Mr. Hutchins:", a friend's "'NOOR. ..."), in ADDRESSED_MIN of their
    texts, or in one where a draft the assistant wrote for them is signed with it ("Best, Noor",
    "Sincerely,\nDale Hutchins"), or the name their own drafts sign (`names.signed`). A name of
    theirs is never a page: noor's pasted offer letter, lease and a friend's text had made a page
    "Noor Haddad", and dale's VA letter and a customer's email one titled "Mr. Hutchins", as if each
    were someone else. A text signed with the person's name is their draft, and its opening names
    whom it is written to; an everyday word opens no one ("Hi all,", "Dear Sir", "Dear Member")."""

    forms: frozenset[tuple[str, ...]] = frozenset()  # each form's words: ("noor",), ("mr", "hutchins")
    first: frozenset[str] = frozenset()  # the first names: "Noor Haddad" is the person where "Noor" is

    @classmethod
    def read(cls, turns: Sequence[Mem], signed: Iterable[str] = ()) -> OwnName:
        mine = {tuple(tokens.words(n)) for n in signed}
        signing = {
            w
            for m in turns
            if m.turn == "assistant"
            for f in _SIGN_OFF.finditer(m.content)
            for w in tokens.words(f.group("name") or f.group("last"))
        }
        opened: Counter[tuple[str, ...]] = Counter()
        for m in turns:
            if m.turn != "person" or any(set(n) <= set(tokens.words(m.content)) for n in mine):
                continue
            found = _ADDRESSED.finditer(m.content)
            opened.update({_opening(f) for f in found if not _DRAFTING.search(m.content, 0, f.start())} - {()})
        forms = set(mine) | {
            _opening(f)
            for m in turns
            if m.turn == "person"
            for f in chain(_SIGN_AS.finditer(m.content), _ACCOUNT_OF.finditer(m.content))
        }
        forms.discard(())
        for said, n in opened.items():
            plain = {w for w in said if w not in names.TITLES}
            if n >= ADDRESSED_MIN or plain & signing:
                forms.add(said)
        first = {f[0] for f in forms if f and f[0] not in names.TITLES}
        return cls(frozenset(f for f in forms if f), frozenset(first))

    def keys(self) -> set[str]:
        """The person's own name as keys a topic is never titled by: a fake-vector home of the priya
        fixture had a topic "Priya"."""
        return {" ".join(form) for form in self.forms} | set(self.first)

    def display(self, turns: Sequence[Mem]) -> str | None:
        """The person's name as their own turns write it, for About me ("" forms: None): the fullest
        form said, a first name with the surname after it where a turn gives one ("Noor Haddad" of the
        lease), capitalised as written ("NOOR" shouted reads "Noor")."""
        if not self.forms:
            return None
        spelled = "|".join(
            r"[\s.]+".join(map(re.escape, form)) for form in sorted(self.forms, key=lambda f: (-len(f), f))
        )
        found = re.compile(rf"(?<![\w-])(?i:(?P<form>{spelled}))(?:[ \t]+(?P<more>[A-Z][a-z][\w-]*))?(?![\w-])")
        said: Counter[str] = Counter()
        for m in turns:
            if m.turn != "person":
                continue
            for f in found.finditer(m.content):
                more = f.group("more")
                full = (
                    f"{f.group('form')} {more}" if more and self.names(entity_key(f"{f.group('form')} {more}")) else ""
                )
                for name in filter(None, (full, f.group("form"))):
                    said[_written(name)] += 1
        if not said:
            return None
        return sorted(said, key=lambda n: (-len(n.split()), -said[n], n))[0]

    def names(self, key: str) -> bool:
        """Whether an entity (its key) is the person: one of the forms, their first name alone or
        with a surname ("noor haddad"). (session 45: wiki30) Compared without accents, as entity keys are written:
        ines's "I sign off 'best, Inês'" is the entity "ines"."""
        if not self.forms:
            return False
        said = tuple(entity_key(w) for w in tokens.words(key))
        forms = {tuple(entity_key(w) for w in form) for form in self.forms}
        first = {entity_key(w) for w in self.first}
        return said in forms or (bool(said) and said[0] in first and len(said) <= 3)


def _written(name: str) -> str:
    """A name as a reader writes it: shouted or lower case, each word capitalised ("NOOR" is "Noor")."""
    words_ = " ".join(name.split()).split(" ")
    return " ".join(w if w[:1].isupper() and not w.isupper() else w.capitalize() for w in words_)


def _opening(found: re.Match) -> tuple[str, ...]:
    """The words of the name a letter opens on, its title kept ("mr", "hutchins"); () for an everyday
    word ("all", "sir", "team") or what no name is."""
    groups = found.groupdict()
    name = groups.get("shout") or groups.get("kin") or found.group("name")
    said = tuple(tokens.words(f"{groups.get('title') or groups.get('only') or ''} {name}"))
    plain = [w for w in said if w not in names.TITLES]
    if not plain or any(w in _common() or w in STOPWORDS or entity_key(w) in ROLE_NAMES for w in plain):
        return ()
    return said


def speakers(said_by: Iterable[str]) -> frozenset[str]:
    """The entity keys of the people who speak in the imported chats (not a role: "user", "ChatGPT")."""
    return frozenset(k for k in map(entity_key, said_by) if k and k not in ROLE_NAMES)


def speaks(key: str, speaking: frozenset[str]) -> bool:
    """Whether a name is one of the chats' speakers, or the short form one is called by ("Mel" of
    Melanie, "Caro" of Caroline): between people a turn names the other to address them ("Hey
    Caroline!", "Congrats Caroline"), and a chat of two friends had made pages "Caroline", "Caro"
    and "Wow Mel" of those greetings. A speaker is never a page's entity, as the turn's own is not."""
    if key in speaking:
        return True
    if len(key) < 2 or " " in key:
        return False
    # two letters only of a name of four or more ("Ev" of Evan: LoCoMo's Sam wrote "Hey Ev!")
    return any(s.split()[0].startswith(key) and (len(key) > 2 or len(s.split()[0]) > 3) for s in speaking)


_MEM_DEFAULTS = {f.name: f.default for f in fields(Mem) if f.default is not MISSING}


def turn_record(mems: Sequence[Mem]) -> tuple[dict[str, list[Any]], dict[str, int]]:
    """What a full load made of the chat turns, for `load_memories(turns=...)`: turn id ->
    [speaker, turn, entities]; and "space\x1fentity key" -> the turns (fillers aside) that name it,
    the share of an entity's page count that only a load of every turn can tell."""
    info: dict[str, list[Any]] = {}
    counts: dict[str, int] = {}
    for m in mems:
        if not m.turn:
            continue
        info[m.id] = [m.speaker, m.turn, [list(e) for e in m.entities]]
        if not names.is_filler(m.content):
            for k, _ in m.entities:
                at = f"{m.space or ''}\x1f{k}"
                counts[at] = counts.get(at, 0) + 1
    return info, counts


def with_details(db: Database, spec: PageSpec) -> PageSpec:
    """The spec with its memories' structured fields and sources loaded (what rendering shows)."""
    found: dict[str, tuple[str, str, str]] = {}
    ids = [m.id for m in spec.memories]
    for mid, fields_json, source, agent in rows_in(
        db, "SELECT id, structured_fields, source, source_agent FROM memories WHERE id IN ({marks})", ids
    ):
        found[mid] = (fields_json or "{}", source or "", agent or "")
    mems = tuple(_detailed(m, *found[m.id]) if m.id in found else m for m in spec.memories)
    return PageSpec(spec.key, spec.kind, spec.title, spec.space, spec.entity, mems, spec.entities)


def _detailed(m: Mem, fields_json: str, source: str, source_agent: str) -> Mem:
    # Positional construction: dataclasses.replace costs several times more, per memory of every page.
    return Mem(
        m.id,
        # A note's own links read as the words they show ("Met [[Anna Kowalska]]" -> "Met Anna
        # Kowalska", which the page's linker may link to her page), not as escaped brackets; in
        # any other text (a chat's `[[1]]`) the brackets are the person's and stay.
        notes.shown(m.content) if source.lower().endswith(".md") else m.content,
        m.memory_type,
        m.space,
        m.status,
        m.valid_from,
        m.valid_to,
        m.created_at,
        m.updated_at,
        m.title,
        m.entities,
        m.supersedes,
        m.review,
        fields_json,
        source,
        source_agent,
        m.speaker,
        m.turn,
        m.was,
        m.seq,
    )


def open_reviews(db: Database) -> dict[str, str]:
    """memory id -> kind of the first open revision/contradiction item naming it, and, when every
    item naming it is a change of the person's life, the attributes they change ("revision:bank,home",
    `Mem.under_review`): the chili turn that said "on-post housing at Fort Bragg" and "my husband's
    unit" waits for review as the old home, not as the marriage it also states."""
    kinds: dict[str, str] = {}
    changed: dict[str, set[str] | None] = {}  # None: an item naming it changes no one attribute
    for kind, subjects, payload in db.rows(
        "SELECT kind, subject_ids, payload FROM review_queue WHERE status IN ('pending', 'awaiting_review') "
        "AND kind IN ('revision', 'contradiction') ORDER BY id"
    ):
        try:
            ids, data = json.loads(subjects or "[]"), json.loads(payload or "{}")
        except ValueError:
            continue
        attributes = _changed_attributes(data)
        for mid in ids if isinstance(ids, list) else ():
            kinds.setdefault(str(mid), kind)
            had = changed.get(str(mid), set())
            changed[str(mid)] = None if had is None or attributes is None else had | attributes
    return {mid: kind + (":" + ",".join(sorted(a)) if (a := changed[mid]) else "") for mid, kind in kinds.items()}


def _changed_attributes(payload: Any) -> set[str] | None:
    """The attributes a life change's item changes (memory/correction.py `_life_changes`: its
    "attribute" and "also"), or None for any other item (it is about the whole memory)."""
    if not isinstance(payload, dict) or not isinstance(payload.get("attribute"), str) or "," in payload["attribute"]:
        return None
    also = payload.get("also")
    return {
        payload["attribute"],
        *(a for a in (also if isinstance(also, list) else []) if isinstance(a, str) and "," not in a),
    }


VectorSource = Callable[[list[str]], dict]


def blob_vectors(db: Database, model_id: str) -> VectorSource:
    """Vectors read straight from the embedding blobs (no cache)."""
    import numpy as np

    def read(ids: list[str]) -> dict:
        found = {}
        for mid, blob in rows_in(
            db,
            "SELECT id, embedding FROM memories WHERE id IN ({marks}) AND embedding IS NOT NULL AND embed_model = ?",
            ids,
            after=(model_id,),
        ):
            found[mid] = np.frombuffer(blob, dtype="<f4")
        return found

    return read


def index_vectors(index) -> VectorSource:
    """Vectors from a loaded `memory.vectors.VectorIndex` (the cached matrix)."""
    position = {str(mid): i for i, (mid, alive) in enumerate(zip(index.ids, index.alive, strict=True)) if alive}

    def read(ids: list[str]) -> dict:
        return {mid: index.matrix[position[mid]] for mid in ids if mid in position}

    return read


# -- grouping ----------------------------------------------------------------------------------


def synthesize(db: Database, vectors: VectorSource | None = None) -> list[PageSpec]:
    """All page specs for the current memories (deterministic for a given database)."""
    if vectors is None:
        # memory.embed pulls numpy: wiki.forget (on the CLI's path to the service) imports this module.
        from memory.embed import configured_model_id

        vectors = blob_vectors(db, configured_model_id())
    mems = load_memories(db)
    return group(mems, vectors, titles=chat_titles(db, mems))


States = dict[str, "ClusterState"] | None  # space -> where its clustering stopped (`group`)


def chat_titles(db: Database, mems: Sequence[Mem]) -> tuple[str, ...]:
    """The titles of the chats the turns among `mems` were said in (how a topic's name is written:
    `Casing`). Every turn's place is read in one pass (`every_place`), not by lists of the turns' ids."""
    found = conversations.every_place(db)
    return tuple(sorted({place.title for m in mems if m.turn and (place := found.get(m.id)) and place.title}))


def group(
    mems: Sequence[Mem], vectors: VectorSource, states: States = None, titles: Sequence[str] = ()
) -> list[PageSpec]:
    """Page specs for these memories. `states` (space -> ClusterState) lets clustering resume
    where the last run stopped; it is updated in place (derived state, safe to drop). `titles`:
    the chats' titles (`chat_titles`)."""
    by_space: dict[str | None, list[Mem]] = defaultdict(list)
    for m in mems:
        by_space[m.space].append(m)
    specs: list[PageSpec] = []
    for space in sorted(by_space, key=lambda s: s or ""):
        specs += _group_space(space, by_space[space], vectors, states, titles)
    specs.sort(key=lambda p: (p.space or "", KIND_ORDER[p.kind], p.title.casefold(), shared_key(p)))
    return distinct_titles(specs)


def shared_key(spec: PageSpec) -> tuple[str, str, int, str]:
    """An order of pages every home of the same memories shares. A cluster or topic page is keyed by
    its first member's id, random in every home: two topics titled alike had been numbered "Hiking"
    and "Hiking (2)" by those ids, one way in one home and the other way in the next. They go by
    when their first member was stored instead (its capture time, then its row: `Mem.seq`)."""
    head, _, tail = spec.key.rpartition(":")
    first = next((m for m in spec.memories if m.id == tail), None) if spec.kind == "cluster" else None
    if first is None:  # an entity's, notes' or About me's key names no memory
        return (spec.key, "", 0, spec.key)
    return (head + ":", first.created_at, first.seq, spec.key)


def distinct_titles(specs: list[PageSpec]) -> list[PageSpec]:
    """No two pages of a vault share a title: a collision is qualified by the space ("Notes (work)"),
    and what still collides (or is "Index") by a number in the order of `shared_key`."""
    counts = Counter(s.title.casefold() for s in specs)
    counts["index"] += 1  # index.md is quire's own
    named = [
        replace(s, title=f"{s.title} ({s.space})") if s.space and counts[s.title.casefold()] > 1 else s for s in specs
    ]
    counts = Counter(s.title.casefold() for s in named)
    counts["index"] += 1
    clashing = [i for i, s in enumerate(named) if counts[s.title.casefold()] > 1]
    if not clashing:
        return named
    taken = {title for title, n in counts.items() if n == 1} | {"index"}  # an entity "Index" is "Index (2)"
    next_n: dict[str, int] = {}  # per clashing title, the number to try next (no quadratic rescans)
    # quire's own pages keep their names first: an entity of that name (a note "About me.md", a
    # project "Notes") took it, and the person's own page (its Now section) became "About me (2)",
    # the page of what no other page took "Notes (2)".
    order = [
        (
            named[i].title.casefold(),
            named[i].kind != "notes",
            not is_about(named[i]),
            KIND_ORDER[named[i].kind],
            shared_key(named[i]),
            i,
        )
        for i in clashing
    ]
    for *_, i in sorted(order):
        s = named[i]
        base = s.title.casefold()
        title, n = s.title, next_n.get(base, 2)
        while title.casefold() in taken:
            title = f"{s.title} ({n})"
            n += 1
        next_n[base] = n
        taken.add(title.casefold())
        if title != s.title:
            named[i] = replace(s, title=title)
    return named


def _group_space(
    space: str | None, mems: list[Mem], vectors: VectorSource, states: States, titles: Sequence[str] = ()
) -> list[PageSpec]:
    prefix = space or ""
    # Chat turns: a filler ("Yes.", "ok thanks!") is on no page; the rest reach entity pages,
    # topic pages, "About me" and Notes. Other memories group as before.
    turns = [m for m in mems if m.turn and not names.is_filler(m.content)]
    kept = {m.id for m in turns}
    mems = [m for m in mems if not m.turn or m.id in kept]
    members: dict[str, list[Mem]] = defaultdict(list)
    display: dict[str, str] = {}
    for m in mems:
        for ekey, name in m.entities:
            members[ekey].append(m)
            display.setdefault(ekey, name)
    specs: list[PageSpec] = []
    placed: set[str] = set()
    paged = {k for k in members if _paged(display[k], members[k])}
    for ekey, host in sorted(folded_names(paged, display).items()):
        members[host] = [*members[host], *(m for m in members.pop(ekey) if m not in members[host])]
    for ekey in sorted(paged & members.keys()):
        group_ = members[ekey]
        title = page_title(display[ekey], paged, [m.content for m in group_])
        specs.append(_spec(f"entity:{prefix}:{ekey}", "entity", title, space, display[ekey], group_))
        placed.update(m.id for m in group_)
    rest = [m for m in mems if m.id not in placed and not m.turn]
    found = vectors([m.id for m in rest]) if rest else {}
    state = states.get(prefix) if states is not None else None
    clusters, state = cluster([m for m in rest if m.id in found], found, state)
    if states is not None:
        states[prefix] = state
    for members_, title in zip(clusters, state.titles, strict=False):
        if len(members_) >= CLUSTER_MIN:
            specs.append(_spec(f"cluster:{prefix}:{members_[0].id}", "cluster", title, space, None, members_))
            placed.update(m.id for m in members_)
    # nor is a topic titled by a speaker, who is on no page either ("Hey John" had become "John")
    own = OwnName.read(turns, names.signed([m.content for m in turns if m.turn == "person"]))
    avoid = paged | speakers(m.speaker for m in turns) | own.keys()
    casing = Casing([m.content for m in turns], titles)
    for members_, title in one_page_a_title(topics(turns, vectors, avoid=avoid)):
        _place_topic(specs, space, members_, casing.written(title), {k: display[k] for k in paged if k in members})
        placed.update(m.id for m in members_)
    personal = [m for m in mems if m.id not in placed and m.memory_type in PERSONAL and not m.turn]
    # A turn the import typed as identity or preference is the person's own whoever its speaker is:
    # only their turns are read (role "user" with an assistant; the `--me` sender between people,
    # whose "I live in Lisbon now" had reached no About me).
    personal += [
        m
        for m in turns
        if m.turn == "person" and (m.memory_type in PERSONAL or (m.speaker == "user" and names.self_fact(m.content)))
    ]
    if len(personal) >= ENTITY_MIN:  # preferences and identity are read together, not among notes
        # the person's own name is About me's (never a page of its own): its alias, its lead's first words
        specs.append(_spec(f"notes:{prefix}:about", "notes", ABOUT_TITLE, space, own.display(turns), personal))
        placed.update(m.id for m in personal)
    buckets = notes_buckets([m for m in mems if m.id not in placed])
    for bucket in sorted(buckets):
        specs.append(_spec(f"notes:{prefix}:{bucket}", "notes", notes_title(bucket), space, None, buckets[bucket]))
    return specs


def folded_names(paged: Collection[str], display: dict[str, str]) -> dict[str, str]:
    """(session 46: wiki31) The names with a page that are another's (key -> that one's key), whose memories go on
    its page: a country's three-letter code ("UKR" of olena's "PESEL status UKR": her page "Ukraine",
    `vocab.country_code`), and an organisation with its place after it ("Jobcenter Leipzig": "Jobcenter"; a
    city or a country the history names alone too, not a word: "Apple Store" is a shop, not Apple; "Anna Lincoln"
    of a history that names no Lincoln is a person). A code or a name whose other has no page keeps its own.
    `display`: every name of the home (key -> as written)."""
    out: dict[str, str] = {}
    for key in paged:
        shown = display[key]
        country = vocab.country_code(shown)
        head, _, last = shown.rpartition(" ")
        if country is not None and entity_key(country) in paged and entity_key(country) != key:
            out[key] = entity_key(country)
        elif head and entity_key(head) in paged and entity_key(last) in display and _a_place_word(last):
            out[key] = entity_key(head)
    return {key: host for key, host in out.items() if host not in out}  # (one step: no chain of folds)


def _a_place_word(word: str) -> bool:
    """A city or a country as written ("Leipzig", "India"; not "Store", which `vocab.place` reads as Štore)."""
    return word[:1].isupper() and (vocab.city(word) is not None or vocab.place(word) == word)


# -- (session 43: wiki28) a name as a page is titled --------------------------------------------------------------

# The US states' and Canada's provinces' postal codes, which an address writes after its city ("Nashville TN 37203").
_POSTAL_STATES = names.wordset(
    "al ak az ar ca co ct de dc fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc nd oh ok "
    "or pa ri sc sd tn tx ut vt va wa wv wi wy ab bc mb nb nl ns nt nu on pe qc sk yt"
)
SHOUTED_NAME_WORD = 3  # a shouted name's words are this long or more ("DANI RAE"; "AIB", "US ARMY" are letters)


def page_title(name: str, paged: Collection[str] = frozenset(), said: Sequence[str] = ()) -> str:
    """A name's page title as a person would write it: a city with the state an address writes after it is
    the city ("Nashville TN" of dani's agency's new office address: "Nashville"; "Orlando, FL", ray's "Beaumont
    Texas" too: `_city_of_address`), where no
    other page has the city's name (`paged`: the names' keys); a thing with the year of its model after it is
    the thing where the page's texts (`said`) call it so without the year (`_without_year`); a name in capitals,
    of words no acronym's, capitalised ("DANI RAE", the name dani releases under: "Dani Rae"); else the name as
    written."""
    words = name.replace(",", " ").split()
    if _its_own_s(name, said):
        return f"{name}'s"
    city = _city_of_address(words) or _without_year(words, said)
    if city and entity_key(city) not in paged:
        return city
    if len(words) >= 2 and name.isupper() and all(_a_shouted_word(w) for w in words):
        return " ".join(w.capitalize() for w in words)
    return name


# What follows a name as its clause's subject: a verb's auxiliary ("Pak's didn't deliver", "Pak's is closing").
_AUXILIARIES = names.curled(
    names.wordset(
        "is was are were has had have does did didn't doesn't don't won't can't cannot isn't wasn't hasn't will would "
        "can could should just never always still"
    )
)


def _its_own_s(name: str, said: Sequence[str]) -> bool:
    """(session 45: wiki30) Whether a name's "'s" is its own, a shop's or a firm's ("Pak's", "Sainsbury's" of a list
    `names` reads whole): its page's texts never say it without one, and one of them says it as a clause's subject,
    an auxiliary after it (bola's "Pak's didn't deliver my braiding hair", "an email to Pak's to close our trade
    account" were a page "Pak", her supplier). Someone's thing ("Oliver's mum", "at Jack's for the weekend") is not."""
    if not said or "'" in name or "’" in name:
        return False
    spelled = re.escape(name)
    bare = re.compile(rf"(?<![\w'’-]){spelled}(?![\w'’-])")
    owned = re.compile(rf"(?<![\w'’-]){spelled}['’]s\s+([\w'’]+)")
    if any(bare.search(text) for text in said):
        return False
    return any(f.group(1).casefold().replace("’", "'") in _AUXILIARIES for text in said for f in owned.finditer(text))


def _city_of_address(words: list[str]) -> str:
    """The city of a name that is a city and its state, as an address writes them ("Nashville TN", "Denver, CO",
    ray's "Beaumont Texas", "Lafayette Louisiana"), else ""."""
    for n in (1, 2):
        state, city = " ".join(words[-n:]), " ".join(words[:-n])
        said = state.casefold() in _POSTAL_STATES if n == 1 and state.isupper() else vocab.province(state)
        if city and said and state[:1].isupper() and vocab.city(city) is not None:
            return city
    return ""


_A_YEAR = re.compile(r"(?:19|20)\d\d")


def _without_year(words: list[str], said: Sequence[str]) -> str:
    """(session 44: wiki29) A name ending in a year, where a text of its page says the name without it ("a used
    Odyssey 2019 with 52k miles", then "he wants to borrow the Odyssey": grace's van, a page "Odyssey 2019"): the
    year is its model's, and the name is the rest. A name never said without its year ("Euro 2024", "Office
    2019") is its name; else ""."""
    if len(words) < 2 or not _A_YEAR.fullmatch(words[-1]):
        return ""
    rest = " ".join(words[:-1])
    alone = re.compile(rf"(?<![\w-]){re.escape(rest)}(?![\w-]| +{words[-1]}\b)")
    return rest if any(alone.search(text) for text in said) else ""


def _a_shouted_word(word: str) -> bool:
    """A word of a name in capitals, not an acronym's letters: long enough, letters only, a vowel in it."""
    return len(word) >= SHOUTED_NAME_WORD and word.isalpha() and any(c in "AEIOUY" for c in word)


def one_page_a_title(found: list[tuple[list[Mem], str]]) -> list[tuple[list[Mem], str]]:
    """Topics titled alike are one topic: the communities of a graph may split what a person talks of
    twice ("smokin a packer brisket saturday", "got 5 lb of leftover brisket"), and dale's vault had a
    page "Brisket" beside a "Brisket (2)". Their turns go on one page, in the place of the first."""
    merged: dict[str, tuple[list[Mem], str]] = {}
    for members, title in found:
        at = merged.setdefault(title.casefold(), ([], title))
        at[0].extend(members)
    return list(merged.values())


def _place_topic(specs: list[PageSpec], space: str | None, mems: list[Mem], title: str, paged: dict[str, str]) -> None:
    """A topic's page, or, where every turn of it names one thing with a page ("Garmin Forerunner
    255"), its turns on that thing's page."""
    prefix = space or ""
    page = _one_page_of(mems, paged)
    if page is None:
        specs.append(_spec(f"topic:{prefix}:{mems[0].id}", "cluster", title, space, None, mems))
        return
    at = next(i for i, s in enumerate(specs) if s.key == f"entity:{prefix}:{page}")
    was = specs[at]
    specs[at] = _spec(was.key, "entity", was.title, space, was.entity, (*was.memories, *mems))


def _one_page_of(mems: Sequence[Mem], paged: dict[str, str]) -> str | None:
    """The one thing with a page of its own (key -> its name) every turn of a topic names: found in it,
    or its name written in it in any case ("ill stay w navy federal for checking"). kai's four turns
    of his bank, each naming Navy Federal, were a page "Check" beside the page "Navy Federal"."""
    shared = set.intersection(*({k for k, _ in m.entities} for m in mems)) & paged.keys()
    if shared:
        return min(shared)
    said = [k for k, name in sorted(paged.items()) if len(name) >= 3]
    for m in mems:
        text = m.content.casefold()
        said = [k for k in said if k in {e for e, _ in m.entities} or _names_in(paged[k], text)]
        if not said:
            return None
    return said[0]


def _names_in(name: str, text: str) -> bool:
    """Whether a text (lowered) says a name as whole words."""
    return re.search(r"(?<!\w)" + re.escape(name.casefold()) + r"(?!\w)", text) is not None


def _paged(name: str, mems: Sequence[Mem]) -> bool:
    """Whether a name has a page of its own: named by ENTITY_MIN memories, and a dish on two days or
    more ("Quinoa and Veggie Bowl" made once and talked over in one chat is a meal, not a topic)."""
    return len(mems) >= ENTITY_MIN and (not names.is_dish(name) or len({m.valid_from[:10] for m in mems}) > 1)


def _spec(key: str, kind: str, title: str, space: str | None, entity: str | None, mems: Iterable[Mem]) -> PageSpec:
    chosen = tuple(sorted({m.id: m for m in mems}.values(), key=lambda m: (m.created_at, m.seq, m.id)))
    ents = sorted({e for m in chosen for e in m.entities})
    return PageSpec(key, kind, title, space, entity, chosen, tuple(ents))


@dataclass(frozen=True)
class ClusterState:
    """Where a clustering pass ended: the ids it placed (in order), a digest of their vectors,
    each one's cluster, and the centroid sums. A later pass whose input starts with the same ids
    and vectors resumes here instead of starting over (new captures only ever append)."""

    ids: tuple[str, ...]
    digest: str
    assign: tuple[int, ...]
    sums: Any  # numpy (clusters x dim) float64
    titles: tuple[str, ...] = ()  # per cluster ("" below CLUSTER_MIN members)


def cluster(
    mems: Sequence[Mem], vectors: dict, state: ClusterState | None = None
) -> tuple[list[list[Mem]], ClusterState]:
    """Greedy single pass: each memory joins the most similar running-mean centroid at cosine
    >= CLUSTER_COSINE, else starts a new cluster. Order-dependent by design; callers pass capture
    order so a new memory never reshuffles older clusters (which is what lets `state` resume)."""
    import numpy as np

    if not mems:
        return [], ClusterState((), "", (), np.zeros((0, 0)), ())
    ids = tuple(m.id for m in mems)
    matrix = np.stack([np.asarray(vectors[m.id], dtype=np.float32) for m in mems])
    sums = np.zeros((len(mems), matrix.shape[1]), dtype=np.float64)
    hasher = hashlib.blake2b(digest_size=16)
    start = _resume_from(ids, matrix, state, hasher)
    groups: list[list[Mem]] = []
    assign: list[int] = []
    if start and state is not None:
        k = state.sums.shape[0]
        sums[:k] = state.sums
        groups = [[] for _ in range(k)]
        for m, g in zip(mems[:start], state.assign, strict=False):
            groups[g].append(m)
        assign = list(state.assign)
    _place(mems, matrix, sums, groups, assign, start)
    k = len(groups)
    titles = _cluster_titles(groups, state if start else None)
    return groups, ClusterState(ids, hasher.hexdigest(), tuple(assign), sums[:k].copy(), titles)


def place_after(state: ClusterState | None, tail: Sequence[Sequence[Any]], found: dict, new: Mem) -> list[str]:
    """The members of the cluster the greedy pass puts `new` in (itself last) when it comes after
    `state`'s memories and then `tail` ([id, cluster] placed the same way since, in order): `_place`
    itself, on arrays of the shape a full pass over them all has, so it chooses what that pass does."""
    import numpy as np

    ids = [*(state.ids if state else ()), *(str(t[0]) for t in tail)]
    assign = [*(state.assign if state else ()), *(int(t[1]) for t in tail)]
    vec = np.asarray(found[new.id], dtype=np.float32)
    matrix = np.zeros((len(ids) + 1, vec.shape[0]), dtype=np.float32)
    sums = np.zeros((len(ids) + 1, vec.shape[0]), dtype=np.float64)
    known = state.sums.shape[0] if state is not None and state.ids else 0
    if known:
        sums[:known] = state.sums  # type: ignore[union-attr]
    for mid, g in tail:  # as `_place` added them
        sums[int(g)] += np.asarray(found[str(mid)], dtype=np.float32)
    k = max([known, *(int(t[1]) + 1 for t in tail)])
    matrix[-1] = vec
    groups: list[list[Mem]] = [[] for _ in range(k)]
    _place([new] * (len(ids) + 1), matrix, sums, groups, assign, len(ids))
    best = assign[-1]
    return [mid for mid, g in zip(ids, assign, strict=False) if g == best] + [new.id]


def _resume_from(ids: tuple[str, ...], matrix: Any, state: ClusterState | None, hasher: Any) -> int:
    """How many leading memories `state` already placed (0: start over); feeds `hasher` the vectors."""
    resumable = (
        state is not None
        and state.ids
        and len(state.ids) <= len(ids)
        and ids[: len(state.ids)] == state.ids
        and state.sums.shape[1] == matrix.shape[1]
    )
    if not resumable or state is None:
        hasher.update(matrix.tobytes())
        return 0
    hasher.update(matrix[: len(state.ids)].tobytes())
    same = hasher.hexdigest() == state.digest
    hasher.update(matrix[len(state.ids) :].tobytes())
    return len(state.ids) if same else 0


def _place(mems: Sequence[Mem], matrix: Any, sums: Any, groups: list[list[Mem]], assign: list[int], start: int) -> None:
    """Each memory from `start` on joins its nearest centroid or starts a cluster (in place)."""
    import numpy as np

    unit = np.zeros_like(matrix)  # normalised centroids
    for g in range(len(groups)):  # the very expression the loop uses, so a resumed pass is bit-identical
        unit[g] = sums[g] / max(float(np.sqrt(sums[g] @ sums[g])), 1e-12)
    for i in range(start, len(mems)):
        v = matrix[i]
        k = len(groups)
        best = -1
        if k:
            sims = unit[:k] @ v
            j = int(np.argmax(sims))
            if sims[j] >= CLUSTER_COSINE:
                best = j
        if best < 0:
            best = k
            groups.append([])
        groups[best].append(mems[i])
        assign.append(best)
        sums[best] += v
        unit[best] = sums[best] / max(float(np.sqrt(sums[best] @ sums[best])), 1e-12)


def _cluster_titles(groups: list[list[Mem]], state: ClusterState | None) -> tuple[str, ...]:
    """A title per cluster of CLUSTER_MIN or more; one with as many members as when `state` titled
    it has the same members (clusters only grow): it keeps its title."""
    old_sizes = [0] * len(groups)
    if state is not None:
        for g in state.assign:
            old_sizes[g] += 1
    return tuple(
        (
            state.titles[g]
            if state is not None and g < len(state.titles) and old_sizes[g] == len(groups[g]) and state.titles[g]
            else cluster_title(groups[g])
        )
        if len(groups[g]) >= CLUSTER_MIN
        else ""
        for g in range(len(groups))
    )


def save_states(states: dict[str, ClusterState], path) -> None:
    """Persist cluster states (one .npz, written atomically; a damaged file is just a slower run)."""
    atomic_write(path, states_bytes(states), sync_dir=False)


def states_bytes(states: dict[str, ClusterState]) -> bytes:
    """Cluster states as the bytes of one .npz."""
    import io

    import numpy as np

    arrays: dict[str, Any] = {"spaces": np.array(sorted(states), dtype=str), "title_version": np.array(TITLE_VERSION)}
    for n, space in enumerate(sorted(states)):
        st = states[space]
        arrays[f"ids{n}"] = np.array(st.ids, dtype=str)
        arrays[f"digest{n}"] = np.array(st.digest)
        arrays[f"assign{n}"] = np.array(st.assign, dtype=np.int64)
        arrays[f"sums{n}"] = st.sums
        arrays[f"titles{n}"] = np.array(st.titles, dtype=str)
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


def load_states(path) -> dict[str, ClusterState]:
    import numpy as np

    try:
        with np.load(path, allow_pickle=False) as data:
            out = {}
            if "title_version" not in data or int(data["title_version"]) != TITLE_VERSION:
                return {}  # titled by an older rule: cluster again (derived state, only slower once)
            for n, space in enumerate(data["spaces"].tolist()):
                out[str(space)] = ClusterState(
                    tuple(data[f"ids{n}"].tolist()),
                    str(data[f"digest{n}"]),
                    tuple(int(x) for x in data[f"assign{n}"]),
                    data[f"sums{n}"],
                    tuple(str(t) for t in data[f"titles{n}"].tolist()),
                )
            return out
    except (OSError, ValueError, KeyError):
        return {}


# (20: entities.key folds accents and names read particles, so the names a topic title avoids changed; a
# cry or a prayer's address, a time said short and another language's function words title no topic)
TITLE_VERSION = 29  # bump when cluster_title or topic_titles change: saved cluster states keep their titles otherwise


def _marks() -> str:
    """The combining marks of the scripts a person may type (a vowel sign of Thai, Hindi, Khmer; an
    accent typed apart), as a character class's ranges: a word goes on over them."""
    runs: list[list[int]] = []
    for c in range(0x0300, 0x2000):
        if unicodedata.category(chr(c)) in ("Mn", "Mc", "Me"):
            if runs and runs[-1][1] == c - 1:
                runs[-1][1] = c
            else:
                runs.append([c, c])
    return "".join(f"\\u{a:04x}-\\u{b:04x}" for a, b in runs)


_LETTER = r"(?:[^\W_]|[" + _marks() + "])"
# a word of a title: letters and the marks they carry ("วันนี้" is one word, not "ว" and "นน"), joined
# by an apostrophe or a hyphen
_PHRASE_WORD = re.compile(r"[^\W_]" + _LETTER + r"*(?:['’-][^\W_]" + _LETTER + r"*)*")
# Words a title never starts or ends with (articles, pronouns, auxiliaries, short prepositions),
# the word index's stoplist among them (a cluster of a nurse's facts was titled "She"), and the
# French ones a French speaker's history is full of ("Elle", "Pour" are no page names either).
_EDGE_WORDS = (
    STOPWORDS
    | tokens.STOPWORDS
    | frozenset(
        re.findall(
            r"\w+",
            "a an and are as at be by but did do for had has i if in is it its me my no not of on or our so the to "
            "up us was we who why you all any can get got how let may new now off one out own per put set too two via "
            "le la les un une des du de et ou mais donc je tu il elle ils elles nous vous mon ma mes ton ta tes sa ses "
            "notre votre leur leurs ce cet cette ces qui que quoi dont où est sont été être avoir ai avons avez ont "
            "pour par avec sans dans sur sous chez au aux ne pas très bien aussi comme "
            # and the French of the verbs of talk below (come, go, make, must, can, want, know, say):
            # "Le plombier vient mardi", "Camille vient nous voir" had titled a page "Vient"
            "vient viens viennent venir vais va vont aller fait fais faire faut dois doit doivent devoir peux peut "
            "peuvent pouvoir veux veut veulent vouloir sais sait savoir dit dis dire "
            # and of Russian, Polish and Hebrew: "הכלב שלי" ("my dog") had titled a page
            "и в во не на я что он она они мы вы ты с со как а то все это так его её ее но да к у же от по за из "
            "бы для мне меня мой моя мои моё был была было были есть очень уже ещё еще когда там тут где "
            "w we z ze na nie się sie jest są to że do od po za jak ale czy mój moja moje mnie mi ja ty on ona "
            "my wy oni był była było bardzo już juz tak też tez jeszcze "
            "של שלי שלך שלו שלה שלנו את על עם זה זו הוא היא אני אתה אנחנו הם לא כן גם מאוד כל אבל או כי מה איך "
            "יש אין היה הייתה "
            # verbs of talk and ordinals: a page titled "Feel", "Use BigQuery" or "First" names nothing
            "feel feels felt use used using make made need needs want wants know think try tried look looking "
            "help keep start started take took give gave find found tell told ask asked seem come came call "
            "going goes went thank thanks first second third last next "
            # and of asking in an office email ("Kindly revert", "pls find"): the priya fixture's "Kindly"
            "kindly please pls plz "
            # and a letter's greeting to the assistant: maeve's letters, each opening "Dear ChatGPT,"
            "dear chatgpt gpt claude copilot "
            # and thanks in the other languages a person writes to it in: olena's "dziękuję," opened two
            # turns, and titled them
            "dziękuję dziekuje dzięki dzieki merci danke gracias obrigado obrigada grazie спасибо дякую "
            # words of asking and of manner, titles of a real history's clusters ("Even", "Prefer",
            # "Making", "Example", "Visit", "Playing", "Worn") that name no topic
            "even really just also still maybe probably actually definitely prefer prefers preferred "
            "making doing trying playing worn wear visit visiting example examples explain suggest "
            "suggestions recommend recommendations question questions "
            # verbs of seeming: "Sounds delicious", "Looks great" say how, not what
            "sounds sounded seems seemed looks looked "
            # and of saying and bringing, and what only links ("Talked", "Bring", "Since" titled LoCoMo's pages)
            "talk talks talked talking say says said bring brings brought mean means meant since regarding "
            "concerning although though whether stay stayed staying super plus another other others "
            # prepositions and adverbs of linking, time and manner: "Throughout", "Meanwhile", "Honestly"
            # titled LoCoMo's pages and say nothing of what a topic is about
            "throughout across along among amongst beyond despite towards toward beneath besides "
            "meanwhile however therefore moreover nevertheless nonetheless otherwise anyway anyways instead "
            "recently lately already usually sometimes often together around especially basically honestly "
            "literally seriously totally absolutely certainly hopefully unfortunately fortunately luckily "
            "sadly apparently eventually finally suddenly anymore somehow somewhere everywhere anywhere "
            "nowhere overall altogether afterwards afterward beforehand whenever wherever whoever unless "
            "till whilst thus hence indeed almost nearly enough perhaps later earlier outside inside "
            "underneath alongside near past versus except including "
            # and of Hindi typed in Latin letters: arjun's "Dublin mein settle ho rahe hain", "Bangalore mein
            # hi hoon" titled a page of his move "Mein" (in)
            "mein hai hain ho hoon hun tha thi ka ki ke ko se ne bhi toh aur nahi nahin kya yaar abhi bas raha rahe "
            "rahi gaya gaye gayi "
            # units said short after a number ("a 5 min talk", "logs me out every 2 min, fix?"): tunde's
            # turns of his church were titled "Min", the translator's of her banking app "Min fix"
            "min mins hrs secs lbs kgs kms "
            # and years, weeks and months said short ("22 yrs army, retired SFC"): dale's three turns of a
            # VA claim, a loan letter and a furnace were a page "Yrs"
            "yr yrs wk wks mo mos hr "
            # and the function words of Spanish, Portuguese and German a person writes or pastes ("ay Dios
            # mío", "Bitte schicken Sie diese"): no title starts or ends with one
            "el los las lo al una unos por para pero muy yo mí mío mía mi su sus tú usted ustedes nosotros "
            "ella ellos ellas eso esto esta este aquí también "
            "não uma mas muito eu ele ela você nós eles com sem isso isto "
            "der das und ist nicht ich du er wir ihr sie ihre ihnen ein eine einen dem den des zu auf "
            "für bitte sehr",
        )
    )
    | names.CASUAL  # "hes", "im", "tbh": a casual typist's contractions and fillers
)


# Words of time and vague nouns: a page named "Month", "Next month" or "Things" says nothing of what
# its memories share ("next month" and "7 months" on a manager's and a doctor's line). They may
# start a title's phrase ("night shift", "Sunday market"), never end one.
_VAGUE = frozenset(
    re.findall(
        r"\w+",
        "day days week weeks weekend weekends month months year years time times today tomorrow yesterday "
        "morning mornings evening evenings night nights tonight hour hours minute minutes moment lately ago soon "
        "thing things stuff lot lots way ways bit kind sort people everyone someone anyone change changes "
        "place places event events memory memorie memories note notes "
        # a word for anyone, as "people" and "someone" are: ines's "first person" (of a story's narrator)
        # in two turns and "a person" in a third titled a page "Person"
        "person persons somebody anybody everybody "
        # (session 41: wiki26) the afternoon, as the morning and the evening: harold's letters open "Good
        # afternoon," and four of them, a funeral, a house sale, a son's truck, a GP, were a page "Afternoon"
        "afternoon afternoons "
        # a month said short ("on 11th Feb", "by 3rd Oct"): the priya fixture had a topic "Feb" ("wed" of
        # "wedding", "sat", "sun", "mar" and "may" are words too, and stay)
        "jan feb apr jun jul aug sep sept oct nov dec "
        # (session 45: wiki30) and the time words of the French, Spanish and German a person writes: maude's "le
        # jeudi soir" (a Spanish class) and "à temps partiel le soir" (a certificate) were a page "Soir"
        "soir soirs matin matins nuit nuits jour jours semaine semaines mois année années fin "
        "noche noches tarde tardes día días semana semanas mes meses año años "
        "abend abende tag tage woche wochen monat monate jahr jahre nacht "
        "今天 明天 昨天 时候 东西 事情 今日 明日 昨日",
    )
) | frozenset(w.casefold() for w in names.CALENDAR)


def _edge(word: str) -> bool:
    """A word (lowered) a title never starts or ends with: an edge word, or a contraction of edge
    words ("i'm", "she’s", "don't"; "l'hôpital" is not one: "hôpital" is a word of substance)."""
    if word in _EDGE_WORDS or (len(word) >= 7 and word.endswith(_ADVERB_ENDS)):
        return True  # ("Gradually", "Constantly", "Creatively": an adverb, however it is formed)
    # (session 45: wiki30) ... or a French question's words joined by a hyphen: maude's "Est-ce que c'est normal?"
    # in five turns of seven (a car, a phone bill, a bank) titled them "Est-ce"
    if "-" in word and all(part in _EDGE_WORDS for part in word.split("-")):
        return True
    # ... or a French elision before one ("c'est", "n'est", "qu'il": a nurse's page was titled "C'est")
    if "'" not in word and "’" not in word:
        return False
    if all(part in _EDGE_WORDS or part in _ELISIONS for part in re.split(r"['’]", word)):
        return True
    # (session 41: wiki26) ... or one a casual typist writes without its apostrophe too (`names.CASUAL`):
    # ray's "ain't", in one of his turns in nine, joined a crock pot's recipe to his phone's signal
    return re.sub(r"['’]", "", word) in _EDGE_WORDS


# (and "-ably", "-ibly": maeve's four replies "Admirably brief. Many thanks, M." were a page "Admirably")
_ADVERB_ENDS = ("ally", "ently", "antly", "ately", "ously", "fully", "ively", "ingly", "edly", "ably", "ibly")
_ELISIONS = frozenset(["c", "j", "l", "d", "n", "m", "s", "t", "qu", "jusqu", "lorsqu", "puisqu"])


MAX_PHRASE = 3
TITLE_SAMPLE = 12


def cluster_title(mems: Sequence[Mem]) -> str:
    """The entity or phrase (1-3 words) that most of the cluster's memories share: more memories
    first, then an entity over a phrase, then the longer phrase, then the one that appears first.
    Nothing shared by two memories: the first memory's own title. Only the first TITLE_SAMPLE
    memories are read: a cluster keeps its name as it grows, and titling stays cheap."""
    mems = mems[:TITLE_SAMPLE]
    cover: dict[str, int] = {}  # a plain dict: Counter's += on a new key is a Python-level call
    # key -> (is_entity, words, -first seen, where: (member, start) of a phrase or the entity name)
    best_form: dict[str, tuple[int, int, int, tuple[int, int] | str]] = {}
    order = 0
    texts: list[list[str]] = []
    for k, m in enumerate(mems):
        found = _PHRASE_WORD.findall(prose(m.content))  # pasted code names no topic
        texts.append(found)
        lowered = [w.casefold() for w in found]
        starts = [not _edge(w) for w in lowered]
        ends = [
            ok and len(w) >= 3 and not w.isdigit() and not adjective(w) for ok, w in zip(starts, lowered, strict=True)
        ]
        seen: set[str] = set()
        size = len(lowered)
        for i in range(size):
            if not starts[i]:
                continue
            key = ""
            for j in range(i, min(i + MAX_PHRASE, size)):  # the phrase lowered[i : j + 1], grown a word at a time
                key = f"{key} {lowered[j]}" if key else lowered[j]
                if not ends[j] or key in seen:
                    continue
                seen.add(key)
                if lowered[j] in _VAGUE:  # "Month", "next month": no name; "night shift": one
                    continue
                cover[key] = cover.get(key, 0) + 1
                order += 1
                if key not in best_form:
                    best_form[key] = (0, j - i + 1, -order, (k, i))
        for _, name in m.entities:
            key = " ".join(_PHRASE_WORD.findall(name.casefold()))
            if key and key not in seen:
                seen.add(key)
                cover[key] = cover.get(key, 0) + 1
            if key:
                order += 1
                _, n, first, _ = best_form.get(key, (0, len(key.split()), -order, name))
                best_form[key] = (1, n, first, name)
    shared = [k for k, n in cover.items() if n >= 2]
    if shared:
        top = max(shared, key=lambda k: (_covering(k, cover[k], best_form[k][0]), cover[k], *best_form[k][:3], k))
        entity, n, _, where = best_form[top]
        if entity:
            return str(where)
        k, i = cast(tuple[int, int], where)  # a phrase found in the memories' text: (memory, word)
        text = " ".join(texts[k][i : i + n])
        return text[:1].upper() + text[1:]
    return first_words(mems[0].title or mems[0].content) or f"Cluster {mems[0].id}"


def _covering(key: str, cover: int, entity: int) -> float:
    """How many of a cluster's memories share a phrase, weighed as a topic's term is: one ending in an
    abstract word (not a name) by ABSTRACT_WEIGHT, so four memories saying "difference" title a
    cluster less than three saying "shelter"."""
    return cover * (ABSTRACT_WEIGHT if not entity and abstract(_stem(key.rsplit(" ", 1)[-1])) else 1.0)


# -- topics of chat turns ------------------------------------------------------------------------

TOPIC_NEIGHBOURS = 4  # each turn's edges: its most similar turns ...
TOPIC_COSINE = 0.35  # ... at this cosine or more (MiniLM: below it, two turns rarely share a topic)
TOPIC_SURE = 0.6  # a cosine that joins two turns sharing no word
TOPIC_MIN = 2  # turns a topic page needs: two turns joined by a shared word and a close vector are a topic
TOPIC_RESOLUTION = 1.0
TOPIC_MAX = 2000  # turns in one graph (about 2 s a rebuild at 2000); above, the greedy centroid clustering


def topics(turns: Sequence[Mem], vectors: VectorSource, avoid: Iterable[str] = ()) -> list[tuple[list[Mem], str]]:
    """Topic pages of chat turns: communities (Louvain, seeded) of the graph that joins each turn
    to its TOPIC_NEIGHBOURS most similar turns at TOPIC_COSINE or more; each community of
    TOPIC_MIN turns or more is a topic, titled by the phrase that sets it apart from the other
    communities (c-TF-IDF), in capture order of its first turn. Deterministic: nodes and edges
    are added in capture order, a tie in it (an import's turns share their second) in the order they
    were stored (`Mem.seq`), never by their random ids, and the seed is fixed. Two imports of one WhatsApp
    chat into two homes had made different topics ("LGBTQ youth" in one, "Pride parade" in the other)."""
    avoid = tuple(avoid)  # read three times
    if len(turns) < CLUSTER_MIN:
        return []
    found = vectors([m.id for m in turns])
    mems = [m for m in turns if m.id in found]
    if len(mems) < CLUSTER_MIN:
        return []
    if len(mems) > TOPIC_MAX:
        greedy, state = cluster(mems, found)
        return [(g, t) for g, t in zip(greedy, state.titles, strict=True) if len(g) >= CLUSTER_MIN]
    mems.sort(key=lambda m: (m.created_at, m.seq, m.id))
    import networkx as nx  # heavy: only a rebuild that has chat turns loads it
    import numpy as np

    matrix = np.stack([np.asarray(found[m.id], dtype=np.float64) for m in mems])
    matrix /= np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-12)
    sims = matrix @ matrix.T
    np.fill_diagonal(sims, -1.0)
    graph = nx.Graph()
    graph.add_nodes_from(range(len(mems)))
    k = min(TOPIC_NEIGHBOURS, len(mems) - 1)
    terms = [_substance(m.content) for m in mems]
    sims = np.round(sims, 6)  # rounded: the same graph on every machine's float noise
    # Each row's k best, ties to the earlier turn: a partition, then the few candidates sorted.
    wide = min(k + 8, len(mems) - 1)
    candidates = np.argpartition(-sims, wide - 1, axis=1)[:, :wide] if wide < len(mems) else None
    for i in range(len(mems)):
        row = sims[i]
        pool = candidates[i] if candidates is not None else np.arange(len(mems))
        best = sorted(pool.tolist(), key=lambda j: (-row[j], j))[:k]
        for j in best:
            # Two requests ("Can you suggest a template...", "Can you suggest which documents...")
            # are alike in form only: below TOPIC_SURE an edge needs a word of substance in common
            # (`_substance`), not an everyday word alone ("the wife", "a plan", "moved").
            if row[j] >= TOPIC_SURE or (row[j] >= TOPIC_COSINE and not terms[i].isdisjoint(terms[j])):
                a, b = min(i, j), max(i, j)
                w = float(row[j])
                if not graph.has_edge(a, b) or graph[a][b]["weight"] < w:
                    graph.add_edge(a, b, weight=w)
    communities: list[Any] = nx.community.louvain_communities(
        graph, weight="weight", resolution=TOPIC_RESOLUTION, seed=0
    )
    coherent = [part for c in communities for part in _coherent(sorted(int(i) for i in c), graph, sims)]
    things = _Things(mems, terms, sims, {entity_key(k) for k in avoid})
    coherent = [part for c in coherent for part in things.split(c)]
    groups: list[list[int]] = sorted(coherent, key=lambda c: c[0])
    members = [[mems[i] for i in g] for g in groups]
    behind, avoided = backdrop([m.content for m in mems]), _avoided(avoid)
    return _kept(members, topic_terms(members, avoid), avoided, behind, lambda w: topic_terms(members, (*avoid, *w)))


def _kept(
    members: list[list[Mem]],
    titles: list[tuple[str, int, str]],
    avoided: frozenset[str] = frozenset(),
    behind: frozenset[str] = frozenset(),
    retitle: Callable[[set[str]], list[tuple[str, int, str]]] | None = None,
) -> list[tuple[list[Mem], str]]:
    """The topics with a page. A topic is one its turns return to: a title only one of them says
    ("Summer break" of three turns of a GI Bill, a mother and a VA doctor, alike in nothing but
    Honolulu) names no page, nor one two turns say in passing (`_in_passing`). And a turn of it is
    about it (`_about`), and held to it by more than its title (`_held`); the others' place is About me,
    the Notes or the pages of their names. `behind`: the words the whole history says (`backdrop`), which
    hold no turn to a topic. (session 42: wiki27) A topic so refused a family word for its title
    (`_said_of_own`) is titled again without those words
    (`retitle`: the groups' titles with them avoided) and kept if that title holds it: grace's four turns of
    her mother's dementia, two saying "grandma" to her children, had gone to the Notes; they are "Dementia"."""
    unknown = _backdrop_unknown(titles, behind)
    chosen = [
        None if title[2] in unknown else _keep(g, title, avoided, behind)
        for g, title in zip(members, titles, strict=True)
    ]
    refused = {key for (_, _, key), found in zip(titles, chosen, strict=True) if found is None and _said_of_own(key)}
    if refused and retitle is not None:
        again = retitle(refused)
        chosen = [
            found
            if found is not None or was[2] not in refused or not _named_again(now[2])
            else _keep(g, now, avoided, behind)
            for g, was, now, found in zip(members, titles, again, chosen, strict=True)
        ]
    return [found for found in chosen if found is not None]


def _keep(
    g: list[Mem], titled: tuple[str, int, str], avoided: frozenset[str], behind: frozenset[str]
) -> tuple[list[Mem], str] | None:
    """A topic's page (its turns about it, its title), or None (`_kept`)."""
    title, said, key = titled
    if len(g) < TOPIC_MIN or not title or said < 2:
        return None
    if key:
        g = _about(g, key, avoided, behind)
        if _in_passing(g, key) or _only_done(g, key) or _only_how(g, key) or _only_when(g, key) or _only_pasted(g, key):
            return None
        # (after the tests of two turns: a topic that had more is more than a passing word)
        g = _held(g, key, avoided, behind)
    return (g, title) if len(g) >= TOPIC_MIN else None


def _backdrop_unknown(titles: list[tuple[str, int, str]], behind: frozenset[str]) -> set[str]:
    """(session 46: wiki31) The titles of words the whole history says (`backdrop`) that the embedding model knows
    no word of (`vocab.model_words`): the everyday words of the language a person types in, not a subject. maricel
    writes Tagalog and English: "Ako" (I) and "Sya" (she) titled pages of thirteen and seven turns, "Lng ako" (only
    I) one of five. A place or a thing said all through ("London"
    of priya's, "Salon" of bola's) is a word the model knows. Such a topic has no page: titled again without them,
    maricel's were as much her language's ("Ano mga", what; "TLGA", really), and their turns are on About me,
    the Notes or the pages of the names they say."""
    words = vocab.model_words()
    return {key for _, _, key in titles if key and all(w in behind and w not in words for w in key.split())}


def _named_again(key: str) -> bool:
    """A title a topic refused its family word may take instead (`_kept`): a phrase or a word no everyday one
    ("Dementia", "Memory care"; not "Plan" of maeve's health insurance and her mobile's, which "my son" held)."""
    return bool(key) and (" " in key or not (_listed(key, _common()) or _listed(key, _frequent())))


def _said_of_own(key: str) -> bool:
    """(session 42: wiki27) A title refused that its topic is titled again without (`_kept`): a family word
    ("grandma", "mom"). (Not a role, a chat or an everyday thing: over the fixtures, a topic titled again
    without one was a page of what was left, "Dock" of a fishing dock and a house's stairs, "Meter" of a first
    letter and a car's service.)"""
    return bool(key) and _kin_word(key)


def _about(g: list[Mem], key: str, avoided: frozenset[str], behind: frozenset[str] = frozenset()) -> list[Mem]:
    """A topic's turns that are about it: each says its title (`key`) or shares a word of substance with
    one that does (kai's "Moms bday" held "ideas for xmas for my wife"), besides a name with a page of
    its own (`avoided`) the turn names: it is on that page (kai's "Great Lakes", his boot camp, held
    "my mom started at the KTA in Hilo" by the "Hilo" of his bio). A name typed in lower case, which
    is on no page, still joins ("should i keep checking at harbor credit union")."""
    saying = [m for m in g if any(k == key for k, _ in _terms(m.content))]
    words = set().union(*(_substance(m.content) for m in saying)) - behind
    return [m for m in g if m in saying or _unpaged(words & _substance(m.content), avoided, m)]


def _held(g: list[Mem], key: str, avoided: frozenset[str], behind: frozenset[str] = frozenset()) -> list[Mem]:
    """A topic's turns less those its title alone holds to it. Where the turns that say the title share no
    other word of substance, and two or more of them each brought a turn of their own (`_about`), those
    are two subjects, not one: dale's "Furnace" held a VA claim for a knee ("cant kneel to work on
    furnaces") with a loan's cover letter (both "army"), and a furnace moved to propane with a sunroom
    (both a "customer"). Then only the turns that say it, or a word of it ("an Italian evening class" of
    "Italian class"), are about it. A name with a page of its own (`avoided`) is no bond: what turns
    share there is on its page. A person said alone by their family word ("mom", "son"), or a thing each
    turn names as another ("crock pot", "pot of coffee"), with nothing else the turns share, is no topic
    (`_apart`)."""
    own = set(key.split())  # (the title's words and their phrases are the title: "assisted living", "living")
    said = {m.id: _bonds(m, own, avoided, behind) for m in g}
    saying = [m for m in g if any(k == key for k, _ in _terms(m.content))]
    if any(said[a.id] & said[b.id] for n, a in enumerate(saying) for b in saying[n + 1 :]):
        return g
    if _apart(saying, key):
        return []
    worded = [m for m in g if m not in saying and own & {_stem(w.casefold()) for w in _PHRASE_WORD.findall(m.content)}]
    rest = [m for m in g if m not in saying and m not in worded]
    bringing = [m for m in saying if any(said[m.id] & said[j.id] for j in rest)]
    return g if len(bringing) < 2 else [m for m in g if m not in rest]


# -- (session 41: wiki26) what holds a topic's turns together, and what only seems to -----------------------

BACKDROP_SHARE = 0.125  # a word said in this share of a history's turns or more ...
BACKDROP_MIN = 8  # ... and in this many, is its backdrop (`backdrop`)


def backdrop(texts: Sequence[str]) -> frozenset[str]:
    """The words of substance (`_substance`) a history says all through: a trucker's "truck" (one turn in
    eight of ray's), the name maeve signs every letter with (one in two). They tell none of its subjects
    from another, so they hold no turn to a topic (`_about`, `_held`): ray's "Pot" held his phone's signal,
    a dog and a broker beside a crock pot, maeve's "Table" and "Son" fifteen and eleven letters."""
    counts = Counter(k for text in texts for k in _substance(text))
    floor = max(BACKDROP_MIN, BACKDROP_SHARE * len(texts))
    return frozenset(k for k, n in counts.items() if n >= floor)


def _bonds(m: Mem, own: set[str], avoided: frozenset[str], behind: frozenset[str]) -> set[str]:
    """What a turn may share with another of its topic to be held to it: its words of substance less the
    title's (`own`), the history's backdrop, a family word (noor's "Teta", her grandmother in a speech, a
    budget and a visit, was held by "mama" in two of them) and the names with a page it names (what turns
    share there is on that page: grace's "Mom" held a church, a house sale and a phone bill by "Westerville")."""
    # (session 44: wiki29) the title's word said as another ("housing" of "house", stemmed "hous") is the title too:
    # beth's "move out of housing" and "base housing" had held a page "House" of five houses (a neighbour's sold, a
    # coworker's mother's, her own bought in Colorado Springs)
    stems = {w.rstrip("e") for w in own}
    found = {
        k
        for k in _substance(m.content)
        if not stems.issuperset(w.rstrip("e") for w in k.split()) and not _kin_word(k) and k not in _MEDIUM
    } - behind
    return _unpaged(found, avoided, m)


def _kin_word(key: str) -> bool:
    """A family word (`vocab.FAMILY`), or a phrase of them ("mummy papa"): a person, said by their relation."""
    return all(w in vocab.FAMILY or f"{w}s" in vocab.FAMILY for w in key.split())


def _apart(saying: list[Mem], key: str) -> bool:
    """Turns saying a one-word title and sharing nothing else (`_held`) that are about no one thing: it is a
    family word (`vocab.FAMILY`: grace's "mom" in a church, a budget, a house sale and a phone bill; a
    person's page is their name's), or each turn names a thing of its own by it, as a compound or with "of",
    and one with "of" (a measure of what follows, not the thing: "twelve volt crock pot" and "a pot of
    coffee" were ray's page "Pot"; "a glass of wine" and "stained glass"). A hobby said bare ("I play
    netball", "gave netball away"), one thing named alike ("the kitchen table" twice) or in two compounds
    ("a packer brisket", "leftover brisket"; "in-house localization jobs", "brightpath's localization team")
    is a topic. (session 42: wiki27) So is a role (`_ROLES`: grace's "nurse aide" and "night aides"), the chat a
    message goes to (`_MEDIUM`: tunde's "whatsapp for the FY group" and "parish whatsapp") and an everyday thing
    (`_an_everyday_thing`: dale's "House") no topic by itself."""
    if len(saying) < TOPIC_MIN:
        return False
    if _kin_word(key) or _a_role(key) or key in _MEDIUM or key in _FORMS:
        return True  # (and "mummy papa": arjun's parents, a move on retiring and a visit visa)
    if _an_everyday_thing(saying, key):
        return True
    if " " in key:
        return False
    if len(saying) == TOPIC_MIN and _a_kind_and_another(saying, key):
        return True  # (session 44: wiki29) dale's "work on furnaces" and "her furnace", a third turn held by neither
    verbs = _said_as_verbs(saying)
    kinds = [
        {
            k
            for k, _ in _terms(m.content)
            if k.startswith(f"{key} of ") or (k.count(" ") == 1 and k.endswith(f" {key}") and k.split()[0] not in verbs)
        }
        for m in saying
    ]
    measured = any(k.startswith(f"{key} of ") for found in kinds for k in found)
    return measured and all(kinds) and all(a.isdisjoint(b) for n, a in enumerate(kinds) for b in kinds[n + 1 :])


# -- (session 42: wiki27) a person said by their role, and a word said of a thing, not for one ------------------

# The words for another person by what they do (a job, a post): said alone, each turn names its own one ("my
# mother was a nurse aide" and "a card for the night aides", grace's page "Aides"; "4 technicians" in a posting
# and "applied to be my technician" in a role-play, wen's "Technician"; olena's warehouse "colleagues" and the
# "6 colleagues" at her birthday in Leipzig). Like a family word (`_kin_word`), such a word titles a topic only
# where its turns share something else. (Not a post a person holds, and talks of as their own: noor's "Intern",
# maeve's "Chair".)
_ROLES = names.wordset(
    "aide assistant technician tech nurse manager supervisor boss colleague coworker co-worker candidate "
    "interviewer recruiter client customer clerk cashier receptionist"
    # (session 43: wiki28) and a service member: beth's "mentored 14 Soldiers" in her husband's NCOER bullets and
    # "a bake sale for about 120 Soldiers and families" were a page "120 Soldiers"
    " soldier sailor airman marine"
)


# (session 44: wiki29) The form an answer is asked in, "make me a checklist", "a timeline please": like the chat a
# message goes to (`_MEDIUM`), each turn asks one of its own ("a checklist for the first week in the new place" of a
# salon's move, "a checklist for observing a level 2 learner": bola's page "Checklist"), and it is no topic alone.
_FORMS = names.wordset("checklist timeline template outline")


def _a_role(key: str) -> bool:
    """A one-word title that is a person's role (`_ROLES`), singular or plural as `_terms` keys it."""
    return key in _ROLES or f"{key}s" in _ROLES


def _an_everyday_thing(saying: list[Mem], key: str) -> bool:
    """A one-word title that is an everyday thing (`_frequent`: "house", "home", "room", "drive"), typed in lower
    case and no place: said in turns that share nothing else, each says it of its own ("the house on
    sunnybrook" for sale, "not a single bar out at the house", "get the house ready" for a knee operation: dale's
    page "House"; a crossword's "home", a care home and a family house, harold's "Home"; "drive it to the gig",
    "a 14 hr drive" and "drives to the coast" in a video's treatment, dani's "Drive"), each a particular one."""
    if " " in key or not _listed(key, _frequent()) or key in _WHEN_OF_DAY:
        return False  # (a meal is an occasion: ines's dinners she hosts, "a dinner for six", are a topic)
    forms = [form for m in saying for k, form in _terms(m.content) if k == key]
    if not all(form.islower() and vocab.place(form) is None for form in forms):
        return False
    # (a particular one, "the house", "a room", half the times or more; a kind said bare is a subject: "no meat
    # or fish", "eating fish again", "easy fish recipes" of a diet)
    particular = _particular(saying, key)
    return bool(particular) and sum(particular) * 2 >= len(particular)


def _particular(saying: list[Mem], key: str) -> list[bool]:
    """Whether each time the turns say a word (`key`, a `_terms` key) it is a particular one: after "the", "a", "my"
    or a number (dani's "one bar of signal"), or (session 43: wiki28) named by a word beside it, a compound of the
    turn's: beth's "the housing office", "the vehicle registration office on post" and "a dental office" (a letter,
    a car, a job) were a page "Office"; dani's "bar tips", "cut the bar" (from a bio) and "one bar of signal" "Bar".
    (session 44: wiki29) Or someone's: harold's "not be home until a quarter past twelve", a crossword's "New
    partner's home in the country" and "a care home in Telford" were a page "Home"."""
    compounds = {k for m in saying for k, _ in _terms(m.content) if k.count(" ") == 1 and k.endswith(f" {key}")}
    out = []
    for m in saying:
        found = _PHRASE_WORD.findall(prose(m.content))
        for i, word in enumerate(found):
            if _stem(word.casefold()) != key:
                continue
            before = found[i - 1].casefold() if i else ""
            owned = bool(i) and names.possessive(found[i - 1])  # (session 44: wiki29) "partner's home", as "her home"
            out.append(
                before in _DETERMINERS or owned or before in names.NUMBER_WORDS or f"{_stem(before)} {key}" in compounds
            )
    return out


_DETERMINERS = names.curled(names.wordset("the a an my our your his her their this that these those its every each"))


# What a thing is said to be, after "is a" or "just a", is no thing talked of: dale's "would that be smart for
# work or just a toy" and "ya its a toy" (a Silverado he thought of trading for a Ram) were a page "Toy".
_SAYING_IS = names.curled(names.wordset("is 's its it's thats that's was be being just like such what quite"))


def _allowed(
    g: Sequence[Mem], counts: Counter[str], forms: dict[str, Counter[str]], avoided: frozenset[str]
) -> list[tuple[str, int]]:
    """A group's terms (key, turns saying it) that may title it (`topic_terms`): no name with a page, nothing
    vague, no verb's past, nothing said only as what a thing is (`_judged`)."""
    judged = _judged([m for m in g if m.turn != "assistant"] or g)  # (session 42: wiki27) "just a toy"
    judged |= _means([m for m in g if m.turn != "assistant"] or g)  # (session 43: wiki28) "with a microwave"
    judged |= _items([m for m in g if m.turn != "assistant"] or g)  # (session 44: wiki29) "..., community pool."
    judged |= _infinitives([m for m in g if m.turn != "assistant"] or g)  # (session 45: wiki30) "pour valider"
    judged |= _figures([m for m in g if m.turn != "assistant"] or g)  # (session 45: wiki30) "almost had a heart attack"
    return [
        (k, tf)
        for k, tf in counts.items()
        if entity_key(k) not in avoided and not _vague(k) and not _done(forms[k]) and k not in judged
    ]


# (session 45: wiki30) A figure of speech of a fright or a temper: marisol's "I almost had a heart attack in the Target
# parking lot" (teaching her son to drive) and "my dad had a heart attack at 59" (a health form) were a page "Heart
# attack". What it names happened to no one.
_FIGURE = re.compile(
    r"\b(?:almost|nearly|practically|about to|gonna|going to|could have|could've|would have|would've) "
    r"(?:had|have|having|given) (?:a |an )?"
    r"(?P<what>heart attack|stroke|panic attack|breakdown|meltdown|aneurysm|cow|fit)"
    r"|\b(?:gave|give|gives|giving) (?:me|him|her|us|them|everyone) (?:a |an )?(?P<given>heart attack|stroke|aneurysm)",
    re.IGNORECASE,
)


def _figures(g: Sequence[Mem]) -> set[str]:
    """The terms (`_terms` keys) a topic's turns say in a figure of speech (`_FIGURE`), where fewer than TOPIC_MIN
    turns say them otherwise: no title (a figure holds no turn to it)."""
    said: Counter[str] = Counter(k for m in g for k, _ in set(_terms(m.content)))
    within: Counter[str] = Counter()
    for m in g:
        for found in _FIGURE.finditer(prose(m.content)):
            within.update({k for k, _ in _terms(found.group("what") or found.group("given"))})
    return {key for key, n in within.items() if said[key] - n < TOPIC_MIN}


# (session 45: wiki30) What comes before a verb's infinitive in French, Spanish and German: "pour", "dois", "faut",
# "para", "zu". maude's "des requêtes pour valider des données" and "je dois valider des codes postaux" were a page
# "Valider" (to validate), what was done, not what about.
_BEFORE_INFINITIVE = names.wordset(
    "pour dois doit devons devez doivent peux peut pouvons pouvez peuvent veux veut voulons voulez veulent faut "
    "vais va allons allez vont sans para poder puedo puede quiero quiere debo debe tengo tiene voy va zu"
)
_INFINITIVE_ENDS = ("er", "ir", "re", "ar", "en")


def _infinitives(g: Sequence[Mem]) -> set[str]:
    """The words (`_terms` keys) a topic's turns say, in lower case, only as an infinitive after what comes before
    one (`_BEFORE_INFINITIVE`): no title."""
    seen: Counter[str] = Counter()
    after: Counter[str] = Counter()
    for found, i, key in _lower_words(g):
        seen[key] += 1
        word = found[i].casefold()
        if i and found[i - 1].casefold() in _BEFORE_INFINITIVE and word.endswith(_INFINITIVE_ENDS):
            after[key] += 1
    return {key for key, n in after.items() if n == seen[key]}


def _judged(g: Sequence[Mem]) -> set[str]:
    """The words (`_terms` keys) a topic's turns say only as what a thing is, after "a" or "an" that a form
    of "be", "just", "like" or "what" leads ("just a toy", "its a toy", "what a nightmare"): no title."""
    seen: Counter[str] = Counter()
    judged: Counter[str] = Counter()
    for found, i, key in _lower_words(g):
        seen[key] += 1
        if i >= 2 and found[i - 1].casefold() in ("a", "an") and found[i - 2].casefold() in _SAYING_IS:
            judged[key] += 1
    return {key for key, n in judged.items() if n == seen[key]}


# (session 43: wiki28) What a thing is done with, "with a ...": beth's "easy dinners with only a microwave and a
# two-burner stovetop" in temporary lodging and "dinners I can make with one pot and a microwave" in a hotel were a
# page "Microwave". (Not what one is helped with: "help me with a cover letter" is what the turn is about.)
_WITH_A = re.compile(
    r"(?<!\bhelp )(?<!\bme )(?<!\bus )\bwith (?:only |just )?(?:an? |one )"
    r"(?P<what>[^\W\d_][\w-]*(?: (?:and|or) (?:an? |one )?[^\W\d_][\w-]*| [^\W\d_][\w-]*){0,3})",
    re.IGNORECASE,
)


def _means(g: Sequence[Mem]) -> set[str]:
    """The words (`_terms` keys) a topic's turns say, in lower case, only in what a thing is done with (`_WITH_A`)."""
    seen: Counter[str] = Counter()
    for _, _, key in _lower_words(g):
        seen[key] += 1
    within: Counter[str] = Counter()
    for m in g:
        for found in _WITH_A.finditer(prose(m.content)):
            within.update(_stem(w.casefold()) for w in _PHRASE_WORD.findall(found.group("what")) if w[:1].islower())
    return {key for key, n in within.items() if n >= seen[key]}


# (session 44: wiki29) One item of a list of what a thing has, in short parts a comma ends: marisol's listings, "2
# bath pool home at 1842 Osprey Ridge Dr in Kissimmee, new roof 2021, screened lanai, 2 car garage, no HOA" and
# "... updated kitchen, covered parking, community pool", were a page "Pool". What is described is the subject.
_LIST_PART = re.compile(r"(?:^|(?<=,))[^,.;:!?\n]+(?=,)|(?<=,)[^,.;:!?\n]+")
LIST_ITEMS = 4  # parts a list of what a thing has runs to, at the least
LIST_ITEM_WORDS = 4  # words an item of it has, at the most


def _items(g: Sequence[Mem]) -> set[str]:
    """The words (`_terms` keys) a topic's turns say, in lower case, only in a list of LIST_ITEMS short parts or more
    (`_LIST_PART`)."""
    seen: Counter[str] = Counter()
    for _, _, key in _lower_words(g):
        seen[key] += 1
    within: Counter[str] = Counter()
    for m in g:
        for sentence in sentences(prose(m.content)):
            parts = [p for p in _LIST_PART.findall(sentence) if len(p.split()) <= LIST_ITEM_WORDS]
            if len(parts) >= LIST_ITEMS:  # (what the list is of, "2 bath pool home at ...", is its first item)
                within.update(_stem(w.casefold()) for w in _PHRASE_WORD.findall(sentence) if w[:1].islower())
    return {key for key, n in within.items() if n >= seen[key]}


def _lower_words(mems: Sequence[Mem]) -> Iterator[tuple[list[str], int, str]]:
    """Each word of the turns' prose typed in lower case: (the turn's words, its place, its `_terms` key)."""
    for m in mems:
        found = _PHRASE_WORD.findall(prose(m.content))
        for i, word in enumerate(found):
            if word[:1].islower():
                yield found, i, _stem(word.casefold())


def _words_before(g: list[Mem], is_it: Callable[[str], bool]) -> list[str]:
    """The word before each word of the turns' prose that `is_it` (casefolded), "" at a turn's start."""
    return [
        (i and found[i - 1].casefold()) or ""
        for m in g
        for found in [_PHRASE_WORD.findall(prose(m.content))]
        for i, word in enumerate(found)
        if is_it(word.casefold())
    ]


def _only_done(g: list[Mem], key: str) -> bool:
    """Two turns (TOPIC_MIN) whose title is one word they say as a verb (`_said_as_verbs`) tell what was
    done, not what about: noor's "i quit cedarline" and "also i quit the firm today" were a page "Quit".
    Three turns or more ("I run before work" of a runner) are a topic still, and a word after a form of
    "be" is no verb here ("I'm vegan", "going vegan": the analyst's page "Vegan" stays)."""
    if len(g) != TOPIC_MIN or " " in key:
        return False
    said = _words_before(g, lambda word: _stem(word) == key)
    return bool(said) and all(before in _BEFORE_VERB - _BE for before in said)


def _only_pasted(g: list[Mem], key: str) -> bool:
    """(session 46: wiki31) A title every turn says only inside a text the person pasted to be rewritten ("pls
    correct grammar", "make this email more professional", then the email): the subject is the letter's, and
    letters of five things alike in nothing but their asking had been priya's page "Return" (her sellers'
    returns in a problem statement, a manager's email, an offer letter). A request that says it itself ("fix my
    cover letter for the Lidl job") is the person's subject."""
    saying = [m for m in g if any(k == key for k, _ in _terms(m.content))]
    return bool(saying) and all(
        _pasted_at(m.content) and not any(k == key for k, _ in _terms(m.content[: _pasted_at(m.content)]))
        for m in saying
    )


# Where a text pasted after a request to rewrite it begins: a quote, a line break or a colon after the request.
_PASTE_START = re.compile(r"[\n\"“:]|\s(?:Dear|Hi|Hello|Hey)\b")


def _pasted_at(text: str) -> int:
    """Where the text a request pastes to be rewritten begins (`_DRAFTING` in its first line), else 0."""
    asked = _DRAFTING.search(text, 0, min(len(text), _ASKED_WITHIN))
    if asked is None:
        return 0
    found = _PASTE_START.search(text, asked.end())
    return found.start() if found else 0


_ASKED_WITHIN = 60  # a request to rewrite opens the turn: its verb is in these first characters


def _only_when(g: list[Mem], key: str) -> bool:
    """A meal or a time of the day (`_WHEN_OF_DAY`) the turns say as when, after "at", "before", "after"
    ("see mom at lunch", "calls after dinner"), half the times they say it or more: grace's "I can be
    with mom at lunch" and two more "at lunch" titled a page "Lunch" of a remote job and a supervisor's
    post. "a dinner for six", "coming to dinner" (ines's dinners she hosts) are about the meal."""
    if key not in _WHEN_OF_DAY:
        return False
    said = _words_before(g, lambda word: word == key)
    return bool(said) and sum(before in _TIME_PREPOSITIONS for before in said) * 2 >= len(said)


_TIME_PREPOSITIONS = frozenset(["at", "before", "after", "by", "until", "till", "during", "around", "since"])


def _only_how(g: list[Mem], key: str) -> bool:
    """A title that says how a text should read, asked of each turn that says it ("pls make the ending
    warmer", "can u make it sound less like a robot"): wen's page "Warmer", sam's "Sound less" named
    no topic. A comparative ("shorter", "simpler", "friendlier") or "less"/"more" in the title, and
    "make" or "sound" in every turn saying it."""
    if not any(_comparative(w) for w in key.split()):
        return False
    saying = [m for m in g if any(k == key for k, _ in _terms(m.content))]
    return bool(saying) and all(_ASKED_HOW & set(words(m.content)) for m in saying)


_ASKED_HOW = frozenset(["make", "makes", "making", "sound", "sounds"])


def _comparative(word: str) -> bool:
    """ "less", "more", or an adjective's -er ("warmer", "simpler", "friendlier"; not "heater", "corner")."""
    if word in ("less", "more"):
        return True
    if len(word) < 5 or not word.endswith("er"):
        return False
    return any(adjective(base) for base in (word[:-2], word[:-1], word[:-3] + "y", word[:-3]))


_BE = names.curled(names.wordset("i'm you're we're they're am is are was were be been being"))


def _names_of(m: Mem) -> list[str]:
    return [name for _, name in m.entities]


def _in_passing(g: list[Mem], key: str) -> bool:
    """Two turns (TOPIC_MIN) that share their title's one word and nothing else, each about names the
    other does not say: kai's "im on T-Mobile, 70 a month. is there a military discount" and "veteran
    discount on verizon real?" were a page "Discount" (of two phone companies), arjun's "security
    deposit" of a lease in Pune and his "deposit" of a flat in Rathmines one "Deposit". A phrase
    ("Moms bday"), a name ("Boone", "Meera"), a second word both say, names sharing a word ("First
    Baptist", "Cornerstone Baptist"), turns naming nothing ("I play netball thursday nights", "gave
    netball away when we moved"), or three turns or more are a topic."""
    if len(g) != TOPIC_MIN or " " in key or key in _named_keys([g]):
        return False
    if any(k == key and not form.islower() for m in g for k, form in _terms(m.content)):
        return False  # written as a name ("Meera just got into med school")
    first, second = (_substance(m.content) for m in g)
    if (first & second) - {key}:
        return False  # (a name with a page both say, in any case: the topic is on that page, `_place_topic`)
    if _a_kind_and_another(g, key):
        return True
    # (the words of the names: "First Baptist" and "Cornerstone Baptist" are two churches' potlucks)
    named = [{w.casefold() for _, name in m.entities for w in _PHRASE_WORD.findall(name)} for m in g]
    return all(named) and named[0].isdisjoint(named[1])


def _a_kind_and_another(g: list[Mem], key: str) -> bool:
    """(session 44: wiki29) Two turns sharing only their title's word (`_in_passing`), one saying it only of a kind,
    named by a word before it or as a plural said bare, the other of a plain one: two things. wen's "a payroll
    deposit came a day late" (a bank's fee) and "deposit back, keys to the concierge" (a tenancy's end) were a page
    "Deposit"; dale's "cant kneel to work on furnaces" (a VA claim) and a customer's "her furnace" "Furnace". A
    hobby said plainly twice ("netball"), one kind in both ("the kitchen table"), or the one known already ("my
    sourdough starter", "the starter") is a topic."""
    forms = [form for m in g for k, form in _terms(m.content) if k == key]
    if not all(form.islower() and vocab.place(form) is None for form in forms):
        return False  # a name ("German phrases"), a place typed in lower case ("the kreissparkasse tübingen")
    kinds = [_kinds_said(m, key) for m in g]
    return any(k == {None} for k in kinds) and any(k and not k & {None, "="} for k in kinds)


def _kinds_said(m: Mem, key: str) -> set[str | None]:
    """How a turn says a word (a `_terms` key), each time (`_said_so`)."""
    terms = [k.split() for k, _ in _terms(m.content) if k.count(" ") == 1]
    compounds = {first for first, last in terms if last == key}
    heads = {last for first, last in terms if first == key} - _PARTICLES
    found = _PHRASE_WORD.findall(prose(m.content))
    return {_said_so(found, i, compounds, heads) for i, word in enumerate(found) if _stem(word.casefold()) == key}


def _said_so(found: list[str], i: int, compounds: set[str], heads: set[str]) -> str | None:
    """How the word at `i` is said: the word before it where that names a kind of it (a compound of the turn's,
    "payroll deposit"; not a verb's "I play netball", nor a size, "a 2 bedroom condo"), "" for a plural said bare
    ("furnaces"), "=" for one known already ("the starter", "brightpath's localization team") or a word naming
    another thing by it ("intern pay"), None for another ("her furnace", "deposit back")."""
    word, before = found[i].casefold(), found[i - 1].casefold() if i else ""
    if i + 1 < len(found) and _stem(found[i + 1].casefold()) in heads:
        return "="
    done = i >= 2 and found[i - 2].casefold() in _BEFORE_VERB  # "I play netball": what is done with it
    sized = i >= 2 and (found[i - 2].isdigit() or found[i - 2].casefold() in names.NUMBER_WORDS)
    if _stem(before) in compounds and not (adjective(before) or done or sized or before in names.NUMBER_WORDS):
        return _stem(before)
    if word != _stem(word) and word.endswith("s") and before not in _DETERMINERS:
        return ""
    return "=" if before in _THE_KNOWN or (i and names.possessive(found[i - 1])) else None


_PARTICLES = frozenset(["back", "out", "off", "up", "down", "away", "over"])  # "deposit back": no thing of it


# one known already: "the starter" of "my sourdough starter"
_THE_KNOWN = names.curled(names.wordset("the my our this that"))


def _substance(text: str) -> set[str]:
    """The words and two-word phrases (`_terms` keys) that join two turns into a topic: a word that is
    not everyday (`_everyday_word`), or a phrase of any words ("blood pressure")."""
    return {
        key
        for key, said in _terms(text)
        if key.count(" ") == 1 or (" " not in key and not _everyday_said(said.casefold()))
    }


def _everyday_said(word: str) -> bool:
    """A word as written is everyday (`_everyday_word`), or the plural of one ("plans"); a word the
    stem would cut to an everyday one is not ("smoothing" of a rate map is no "smooth")."""
    return _everyday_word(word) or (len(word) > 4 and word.endswith("s") and _everyday_word(word[:-1]))


_INFLECTIONS = (("ied", "y"), ("ed", ""), ("d", ""))  # a verb said in the past ("moved"): `_stem` takes plurals off


def _everyday_word(key: str) -> bool:
    """A word (a `_terms` key) two turns may share alone and be about two things: an everyday word naming
    no particular thing (`_common`), or one inflected ("moved" of "move"). A real history's short
    replies each said "the wife" ("the wife already boxin stuff up lol", "hash. the wife will love it")
    and were one topic "Wife" of five chats; "a medicare advantage plan" and "karens family plan on
    verizon" one "Plan"; "I moved to Lisbon" and "Tomasz moved to the Warsaw office" one "Moved". A
    word that names a thing ("nuts", "dentist", "coffee") or a name still joins."""
    common = _common()
    return key in common or any(
        key.endswith(end) and len(key) > len(end) + 2 and key[: -len(end)] + back in common
        for end, back in _INFLECTIONS
    )


TOPIC_LINK = 0.22  # the mean cosine over every pair of two parts' turns that keeps them one topic


def _coherent(nodes: list[int], graph: Any, sims: Any) -> list[list[int]]:
    """A community as the topics it holds: its own communities (Louvain again, on its turns alone),
    joined back while the mean cosine over every pair of turns of two parts is TOPIC_LINK or more
    (average linkage), each part so left split again. A few turns alike in words bridge two
    subjects into one community ("Organize" held a kitchen's cabinets, a jewellery list, coupons
    and budgeting apps; car fuel economy and Amalfi hiking apps shared a page); turns of one
    subject are alike all through (MiniLM on three LongMemEval_S histories: one chat's turns average
    0.42 to 0.48 a pair, two chats' 0.05, 0.29 at the 99th percentile; the effect: docs/pages.md)."""
    import networkx as nx  # heavy: only a rebuild that has chat turns loads it
    import numpy as np

    if len(nodes) < 2 * TOPIC_MIN:
        return [nodes]
    found = nx.community.louvain_communities(
        graph.subgraph(nodes), weight="weight", resolution=TOPIC_RESOLUTION, seed=0
    )
    parts = sorted((sorted(int(i) for i in c) for c in found), key=lambda c: c[0])
    while len(parts) > 1:  # the closest two parts first; on a tie, the earlier pair
        link, first, second = max(
            (round(float(np.mean(sims[np.ix_(parts[a], parts[b])])), 6), -a, -b)
            for a in range(len(parts))
            for b in range(a + 1, len(parts))
        )
        if link < TOPIC_LINK:
            break
        joined = parts.pop(-second)
        parts[-first] = sorted(parts[-first] + joined)
    if len(parts) == 1:
        return [nodes]
    return [topic for part in parts for topic in _coherent(part, graph, sims)]


OWN_THING = 1.5  # a thing's turns are alike among themselves by this many times their likeness to the rest


class _Things:
    """The things a topic's turns name that are a topic of their own: priya's two turns of a job offer
    from deliveroo (alike at 0.44, at 0.22 to the rest) were on the page "Sellers" of seven turns of her
    work at flipkart, and no page said "Deliveroo"."""

    def __init__(self, mems: Sequence[Mem], terms: Sequence[set[str]], sims: Any, avoid: set[str]) -> None:
        self.mems, self.sims, self.avoid = mems, sims, avoid
        self.words = [
            {k for k in found if " " not in k and entity_key(k) not in avoid and not _vague(k)}
            if m.turn != "assistant"
            else set()
            for m, found in zip(mems, terms, strict=True)
        ]
        self.everywhere: Counter[str] = Counter(k for found in self.words for k in found)

    def split(self, nodes: list[int]) -> list[list[int]]:
        """A topic as its parts: a word of substance (not everyday, no name with a page of its own)
        said by TOPIC_MIN turns or more, a third of the topic's or fewer and none elsewhere, whose
        turns are alike (TOPIC_COSINE) by OWN_THING times their likeness to the rest, is a topic of
        its own; the rest is split again."""
        if len(nodes) < 3 * TOPIC_MIN:
            return [nodes]
        said: dict[str, list[int]] = defaultdict(list)
        for i in nodes:
            for key in self.words[i]:
                said[key].append(i)
        title = ""
        for key, which in sorted(said.items(), key=lambda kw: (-len(kw[1]), kw[0])):
            if len(which) < TOPIC_MIN or len(which) * 3 > len(nodes) or self.everywhere[key] > len(which):
                continue
            rest = [i for i in nodes if i not in which]
            pairs = [self.sims[a, b] for n, a in enumerate(which) for b in which[n + 1 :]]
            inner = sum(pairs) / len(pairs)
            if inner < TOPIC_COSINE or inner < OWN_THING * float(self.sims[which][:, rest].mean()):
                continue
            # the thing is a topic by a title of its own, and what is left is the topic it was
            # (lucia's "Salary" page lost its two turns of euros and became "Phone": no)
            title = title or topic_titles([self.of(nodes)], self.avoid)[0]
            if topic_titles([self.of(which)], self.avoid)[0] and topic_titles([self.of(rest)], self.avoid)[0] == title:
                return [which, *self.split(rest)]
        return [nodes]

    def of(self, nodes: list[int]) -> list[Mem]:
        return [self.mems[i] for i in nodes]


# Words of asking, not of a topic ("Can you suggest easy fish recipes?" is about fish recipes).
_ASKING = (
    names.wordset(
        "suggest suggestions recommend recommendation tips tip ideas idea help please easy good best thanks thank "
        "know tell give show explain worth think thinking wonder wondering curious any senior junior little small "
        "big near around here now again today"
    )
    | frozenset(names.CALENDAR)
    | names.ASKED
)  # "June" is when, not what; "Write it again" asks, names nothing


_NOT_STEMMED = frozenset(["evening", "morning", "nothing", "something", "anything", "everything", "ceiling"])


def _stem(word: str) -> str:
    """A light stem, so "climb", "climbing" and "climbs" count as one term."""
    if word in _NOT_STEMMED:
        return word
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
        if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "ls":
            word = word[:-1]
    elif len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    return word


@text_cache(maxsize=16384)
def _terms(text: str) -> tuple[tuple[str, str], ...]:
    """(key, as written) for the words and two-word phrases of a text a title may be: no code, no
    numbers, no word a title never starts or ends with, no word of asking; keys lightly stemmed.
    Cached: a topic's parts are titled again to decide whether a thing in it is a topic of its own
    (`_Things`), and its turns' terms read once."""
    found, joined, lead, unspaced, marks = _clauses(prose(text))
    lowered = [_stem(w.casefold()) for w in found]
    ok = [
        (len(w) >= 3 or _a_numbered_name(f))
        and (not any(c.isdigit() for c in w) or _a_code(f) or _a_numbered_name(f))
        and not _edge(w)
        and w not in _ASKING
        and f.casefold() not in _ASKING  # "wondering" is stemmed to "wonder": a page was titled "Wondering"
        and not _edge(f.casefold())
        for w, f in zip(lowered, found, strict=True)
    ]
    # a word a capitalised one follows is no phrase's end: "Sneakers from Foot" (Locker) is half a name;
    # nor is an adjective ("Young", "Dangerous", "Sound delicious", "Land in rural" titled real pages)
    ok_end = [
        ok[i]
        and not (found[i][:1].isupper() and i + 1 < len(found) and joined[i + 1] and found[i + 1][:1].isupper())
        and not adjective(lowered[i])
        and not adjective(found[i].casefold())  # "inspiring" is stemmed "inspir"
        and lowered[i] not in _SEEMING
        and not _runs_on(lowered, joined, i + 1)
        for i in range(len(found))
    ]
    # (the number a name starts with is written with it, not keyed: "24 Hour Fitness" and "24 hour fitness"
    # are one term, "hour fitness", and its page is titled as the name is written, not "Hour Fitness")
    out = [(lowered[i], lead[i] + found[i]) for i in range(len(found)) if ok_end[i]]
    # (session 44: wiki29) an owner keeps its "'s" before what it owns: "Inès's school", not "Inès school"
    owned = [marks[i] if i + 1 < len(found) and found[i + 1][:1].islower() else "" for i in range(len(found))]
    out += [  # (never across a sentence's or a clause's end: "mom. leilanis in honolulu" titled "Mom leilanis")
        (f"{lowered[i]} {lowered[i + 1]}", f"{lead[i]}{found[i]}{owned[i]} {found[i + 1]}")
        for i in range(len(found) - 1)
        if ok[i] and ok_end[i + 1] and joined[i + 1]
    ]
    out += [  # "moved to Lisbon", "class on Tuesday": two words joined by a preposition
        (
            f"{lowered[i]} {found[i + 1].casefold()} {lowered[i + 2]}",
            f"{lead[i]}{found[i]} {found[i + 1]} {found[i + 2]}",
        )
        for i in range(len(found) - 2)
        if ok[i] and ok_end[i + 2] and found[i + 1].casefold() in _JOINING and joined[i + 1] and joined[i + 2]
    ]
    return (*out, *((gram, gram) for clause in unspaced for gram in _unspaced_terms(clause)))


_NUMBER_LED = re.compile(r"\d+(?:-[^\W\d_]|[A-Z]+$)")  # "7-Eleven", "3M": a name, where "2nd", "10am" are not
_NUMBER_UNITS = frozenset(["AM", "PM", "ST", "ND", "RD", "TH", "K", "KM", "KG", "LB", "LBS", "MB", "GB", "TB", "MM"])
_NUMBER_UNITS |= frozenset(["CM", "ML", "MG", "HR", "HRS", "MIN", "X", "BR", "BHK", "D", "S"])


def _a_numbered_name(word: str) -> bool:
    """A word that is a name starting with its number: "7-Eleven", "3M" (not "10AM", "2ND", "5K", "2-3")."""
    return bool(_NUMBER_LED.match(word)) and word.lstrip("0123456789") not in _NUMBER_UNITS


# (session 44: wiki29) A vague noun after a phrase is its head, the thing the phrase names: "the Target parking lot",
# where marisol cried and taught her son to drive, was a page "Target parking" (of the lot, "parking lot" vague).
_HEADS_VAGUE = frozenset(["lot", "thing", "things", "stuff"])


def _runs_on(lowered: list[str], joined: list[bool], at: int) -> bool:
    """Whether a vague noun (`_HEADS_VAGUE`) goes on from the phrase that ends before `at`: it names no thing alone."""
    return at < len(lowered) and joined[at] and lowered[at] in _HEADS_VAGUE


def _clauses(text: str) -> tuple[list[str], list[bool], list[str], list[str], list[str]]:
    """A text's words as `_terms` reads them: each word (a possessive as its owner), whether only spaces
    part it from the word before (a phrase never spans a full stop, a comma, a dash), the number a
    name it starts is written with ("24 " of "24 Hour Fitness", "99 " of "99 Ranch"), the runs of a
    script without spaces (Chinese, Japanese: a "word" there is a whole clause, read apart), and each
    word's owner's mark ("'s" of "Inès's", "" of a word no possessive)."""
    found: list[str] = []
    marks: list[str] = []
    joined: list[bool] = []
    lead: list[str] = []
    unspaced: list[str] = []
    last_end, number, kept = -1, "", False
    for match in _PHRASE_WORD.finditer(text):
        # a possessive is its owner: "Oliver's" had titled a topic of a friend's pets ("Oliver's" bed, toys)
        word = names.owner(match.group())
        spaced = last_end >= 0 and text[last_end : match.start()].isspace()
        before, number = number if spaced else "", word if word.isdigit() else ""
        last_end, was_kept = match.end(), kept
        kept = False
        if _UNSPACED.search(word):
            unspaced.append(word)
            continue
        # Thai, Lao, Khmer, Burmese: no spaces between words either, and no word list here to cut them
        # by; a run longer than a word is a clause, and titles nothing (a short one, typed apart, may)
        if len(word) > UNSEGMENTED_WORD and _UNSEGMENTED.search(word):
            continue
        named = before and word[:1].isupper() and word not in names.CALENDAR
        found.append(word)
        marks.append(match.group()[len(word) :])
        joined.append(spaced and was_kept)
        lead.append(f"{before} " if named else "")
        kept = True
    for i in range(len(found)):  # (session 43: wiki28) a count is no part of a name: "about 120 Soldiers and
        if lead[i] and _counted(found[i]) and not (i + 1 < len(found) and joined[i + 1] and found[i + 1][:1].isupper()):
            lead[i] = ""  # families" titled a page "120 Soldiers" ("3 Doors Down", "99 Ranch" keep theirs)
    return found, joined, lead, unspaced, marks


def _counted(word: str) -> bool:
    """A plural a number before it counts ("Soldiers", "Marines"), not a name that ends in s ("Paris", "Glass")."""
    return len(word) > 3 and not word.isupper() and word.endswith("s") and not word.endswith(_NO_PLURAL)


_NO_PLURAL = ("ss", "us", "is", "'s", "’s")  # as the names read counts (`names.NUMBER_WORDS`)


def _a_code(word: str) -> bool:
    """A word of capitals and digits, a letter first ("FY2", "CT1", "ST3", "S23"): a grade, a form or a
    model a person searches for, where "2nd", "10am" and "1bhk" say when or how much. tunde's turns of
    his foundation year, each saying "FY2", were titled "Acute" (one of them "acute medicine")."""
    return word[:1].isalpha() and word.isupper() and word.isalnum()


# Letters of scripts written without spaces between words (Han, Hiragana, Katakana) and, of them, what
# is grammar, not a topic: Chinese function characters and Japanese hiragana (particles, endings).
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_UNSPACED_STOPS = re.compile(
    r"[\u3040-\u309f的了我你他她它们是在有不很也都就和与这那个吗呢吧啊呀把被给对让还又再得着过么什怎哪谁]+"
)
_KATAKANA = re.compile(r"[\u30a0-\u30ff]")
_KANA_OR_HAN = re.compile(r"[\u30a0-\u30ff]+|[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
UNSPACED_GRAM = 3  # the longest run of characters a title of such a script is made of
_UNSEGMENTED = re.compile(
    r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u0f00-\u0fff]"
)  # Thai, Lao, Burmese, Khmer, Tibetan
UNSEGMENTED_WORD = 12  # characters (marks too) a word of those scripts has at most: a longer run is a clause
FIRST_WORDS = 6  # a title of nothing shared: the first words of the first memory ...
FIRST_CHARS = 40  # ... cut at this many characters, at a word's end where one is near,
UNSPACED_CHARS = 8  # in Chinese or Japanese (a character is about a syllable) at this many,
UNSEGMENTED_CHARS = 16  # and in Thai, Lao, Khmer, Burmese (a letter, a vowel sign) at this many


def first_words(text: str) -> str:
    """A title made of a text's opening: its first FIRST_WORDS words, and no more than FIRST_CHARS
    characters, cut after a whole word where there is one, else between letters (never before a mark
    its letter carries): "我今天去了健身房然后和朋友一起吃了晚饭我们聊了很多" is no title, its first
    characters are."""
    words = text.removesuffix("…").split()
    head = " ".join(words[:FIRST_WORDS])
    most = UNSPACED_CHARS if _UNSPACED.search(head) else UNSEGMENTED_CHARS if _UNSEGMENTED.search(head) else FIRST_CHARS
    if len(head) <= most:  # (an opening says it goes on: "Awesome, John! Sounds like it's really…")
        return head.rstrip(" ,;:-") + "…" if len(words) > FIRST_WORDS or text.endswith("…") else head
    cut = head.rfind(" ", 0, most + 1)
    if cut >= most // 2:
        return head[:cut].rstrip(" ,;:-") + "…"
    cut = most
    while cut > 1 and unicodedata.category(head[cut])[0] == "M":
        cut -= 1
    return head[:cut] + "…"


_VAGUE_CHARACTERS = frozenset(c for w in _VAGUE if _UNSPACED.match(w) for c in w)


def _unspaced_terms(clause: str) -> list[str]:
    """The terms of a clause in a script without spaces ("我喜欢健身房的游泳池"): each run of 1 to
    UNSPACED_GRAM characters between its grammar (`_UNSPACED_STOPS`): "健身房", "游泳池", "喜欢"."""
    out: list[str] = []
    for part in _UNSPACED_STOPS.split(clause):
        for run in _KANA_OR_HAN.findall(part):
            if _KATAKANA.match(run):
                out.append(run)  # a word in katakana is whole: "ジョギング"
                continue
            for n in range(1, min(UNSPACED_GRAM, len(run)) + 1):
                out += [run[i : i + n] for i in range(len(run) - n + 1)]
    # (nor one character of a vague word: "天" of 今天 and 昨天 titled a page of two unrelated days)
    return [gram for gram in out if gram not in _VAGUE and gram not in _VAGUE_CHARACTERS]


# Adjectives: a title never ends with one, nor is one alone ("Young", "Dangerous", "Political",
# "Available", "Conservative" titled pages of real histories). By ending, less the nouns that end so.
_ADJECTIVE_WORDS = names.wordset(
    "young old big small little large long short high low hard quick fast slow cheap happy sad busy safe ready "
    "simple healthy fresh quiet late early strong weak hot cold warm cool dark bright clean dirty rich poor real "
    "true false full empty available possible important different special general common main major minor "
    "recent current final whole likely unlikely together amazing awesome wonderful fantastic lovely perfect "
    "delicious tasty yummy interesting excited exciting glad proud sorry nervous worried tired tough online "
    "difficult awful terrible horrible incredible good bad great nice fine comfy cozy cute fun funny understood "
    "inspiring amazing rural urban"
)
_ADJECTIVE_ENDINGS = ("ous", "able", "ible", "ful", "less", "ical", "ural", "tional", "ive")
_NOT_ADJECTIVES = names.wordset(
    "table vegetable cable timetable stable constable turntable syllable fable parable bible crucible handful "
    "mouthful spoonful cupful detective executive objective initiative alternative narrative representative "
    "relative incentive perspective collective explosive locomotive adhesive additive preservative directive "
    "archive olive native motive offensive musical chemical mural plural"
)


# The past of a verb that changes its word ("biscuit dug", "my son swam"; not one that is a noun too:
# "shot", "rose", "felt", "saw", "lit", "left"): the teacher's "better fill in the hole biscuit dug" and
# "biscuit has dug up the garden" titled a page "Dug".
_IRREGULAR_PASTS = names.wordset(
    "dug ate eaten swam swum slept fought threw thrown drew drawn sang sung heard woke woken chose chosen stole "
    "stolen spoke spoken rode ridden flew flown grew grown wore worn paid sold met understood forgot forgotten "
    "began begun became caught taught held led meant dealt hid hidden hung lent bought brought thought sought "
    "built sent spent bent swept wept crept kept lost won drank drunk sank sunk shrank rang sprang ran came "
    "drove driven wrote written arose froze frozen broke broken gave given forgave forgiven bit bitten slid "
    "fed bled sped fled bred said laid told knew known threw blew blown shook shaken took taken mistook "
    "beat beaten did done went gone saw seen tore torn swore sworn stood struck stuck stung swung clung flung "
    "spun dove fell fallen got gotten"
) - names.wordset("shot rose felt lit left saw fell stole bit drunk frozen broken")


def _done(forms: Iterable[str]) -> bool:
    """A term every way of writing ends in a verb's past (`_past`): it titles nothing. (Two turns may still
    share it: the graph of turns reads `_terms` as before.)"""
    return all(_past(_PHRASE_WORD.findall(form)[-1]) for form in forms if _PHRASE_WORD.findall(form))


def _past(word: str) -> bool:
    """A word as written that is a verb's past: an irregular one (`_IRREGULAR_PASTS`), or a regular
    one of five letters or six in lower case whose verb is a word ("baked", "hiked", "fixed", "cried";
    seven and more are participles, `adjective`; "Wicked" capitalised is a name, "speed" no past).
    It ends no title: "Dug" or "Hiked" says what was done, not what about."""
    if not word.islower():
        return False
    if word in _IRREGULAR_PASTS:
        return True
    if not 5 <= len(word) <= 6 or not word.endswith("ed") or word.endswith("eed"):
        return False
    stem = word[:-2]  # "hiked": "hike"; "fixed": "fix"; "hugged": "hug"; "cried": "cry"
    doubled = stem[:-1] if stem[-1] == stem[-2] else ""
    verbs = (word[:-1], stem, doubled, stem[:-1] + "y" if stem.endswith("i") else "")
    return any(len(v) >= 3 and dictionary_word(v) for v in verbs)


# Verbs of seeming, stemmed ("these all sound delicious"): a phrase may start with one ("Sound design"), never end.
_SEEMING = frozenset(["sound", "seem", "look", "appear"])


def adjective(word: str) -> bool:
    """A word (lowered) that is an adjective: listed, or by its ending ("dangerous", "political"), or a
    participle ("motivated", "inspired": -ed, not a noun's -eed)."""
    if word in _ADJECTIVE_WORDS:
        return True
    if len(word) >= 7 and word.endswith("ed") and not word.endswith("eed"):
        return True
    return len(word) >= 6 and word.endswith(_ADJECTIVE_ENDINGS) and word not in _NOT_ADJECTIVES


_JOINING = frozenset(["to", "of", "in", "for", "at", "from", "with", "on"])


# Words after which a word is a verb: a subject, a modal, "to", an auxiliary ("wolves can communicate",
# "I'm hoping", "I remember", "have worn"). A capitalised word after them is a name ("to Italy").
_BEFORE_VERB = names.curled(
    names.wordset(
        "i you we they he she i'm i've i'll i'd you're we're they're we've they've can could would will should "
        "might must may shall to am is are was were be been being have has had do does did don't didn't doesn't "
        "won't can't couldn't wouldn't also just really still never always often usually"
    )
)


VERB_WEIGHT = 0.5  # a topic term led or ended by a word said as a verb weighs this much


def _vague(key: str) -> bool:
    """A term that names no topic: a vague word at its end, or at the start of a phrase joined by a
    preposition ("week at Boulderbar"), or a day of the calendar ("jan 1", "14 march": wen's page "Jan 1"),
    or a phrase ending in when it was ("mom at lunch", `_AT_WHEN`), or a number said in words."""
    parts = key.split()
    if all(part in names.NUMBER_WORDS for part in parts):  # a number said in words ("twenty twenty one")
        return True
    if parts[0] in names.NUMBER_WORDS and all(part in names.NUMBER_WORDS or part in _SAID_UNITS for part in parts):
        return True  # (session 41: wiki26) and what it counts ("ten thousand miles", "ten milligram")
    if len(parts) == 1 and parts[0] in _UNITS_ALONE:
        return True  # (session 41: wiki26) or that alone ("Miles", of three vehicles' mileage)
    if len(parts) == 2 and parts[1] in _MEDIUM and (adjective(parts[0]) or parts[0] in _HOW_WRITTEN):
        return True  # (session 42: wiki27) "Short message", "Firm email": how it is written, not what about
    if _AN_AGE.fullmatch(key) or key in _THANKS_SAID:
        return True  # (session 42: the lead) "Nine-year-old", "Thank-you": a child's age, thanks
    if len(parts) == 1 and parts[0] in _SELLING:
        return True  # (session 43: wiki28) "Sale", "Marketplace": that a thing is sold, not what
    return parts[-1] in _VAGUE or (len(parts) == 3 and (parts[0] in _VAGUE or _at_when(parts))) or _a_day(parts)


# (session 42: the lead) What titled pages of an Army spouse's chats that no person would write: a child's age
# said as a noun ("a nine-year-old and a six-year-old can make together" of a craft, a trunk-or-treat and a
# Christmas market) and the thanks a note is for ("a thank-you note to the spouses" and "to our sponsor family").
_AN_AGE = re.compile(r"(?:\w+-)+(?:year|month|week|day)s?-olds?")
_THANKS_SAID = frozenset({"thank-you", "thank you", "thanks", "thank-yous"})


# (session 43: wiki28) A word for a thing's being sold, alone: maeve's "the proceeds of the sale", "recent sales" of
# an estate agent's letter and "now sale agreed" (her house in Douglas) were a page "Sale" that held her son's
# move and a will; dani's "marketplace plan" and "tell the marketplace" (health cover) a page "Marketplace". What
# is sold titles it ("Bake sale", "House sale", "Facebook Marketplace").
_SELLING = names.wordset("sale resale list listing marketplace")  # ("list": a listing, as `_terms` keys it)


# (session 42: wiki27) How a message is to read, before the word for it: wen's "a short message to Kal Tire", "a
# short message for the family group chat" (winter tyres, an engagement) titled a page "Short message".
_HOW_WRITTEN = names.wordset("brief polite firm friendly formal informal sweet kind gentle stern angry heartfelt")


# Numbers said in words: ray dictates his years and ages ("a twenty twenty one Freightliner", "doing my taxes
# for twenty twenty two", "she's turning twenty four"), which titled a page "Twenty twenty". With a word of
# a name beside them they name a thing still ("Five Guys", "Seven Sisters", "Twenty One Pilots"). The list is
# `names.NUMBER_WORDS`, which the names read counts by too ("14 Soldiers", "three Marines").


# (session 41: wiki26) The units a number said in words counts: ray's "four hundred and ten thousand miles" on
# a Peterbilt and "eighty thousand miles" on his daughter's Tacoma titled a page "Thousand miles" (`_terms`
# keys them stemmed: "mile"); "Five Guys", "Seven Sisters" count none.
_SAID_UNITS = names.wordset(
    "mile kilometer kilometre km meter metre feet foot inch yard pound lb kilo kilogram gram milligram mg "
    "ounce gallon liter litre dollar buck cent euro quid grand percent hour minute second day week month year "
    "time"
)
# Of those, the ones that name nothing else (not "yard", "foot", "pound", "grand", "second"): ray's turns of
# a Peterbilt's, a DPF's and a Tacoma's "thousand miles" titled a page "Miles" with the real model.
_UNITS_ALONE = names.wordset(
    "mile kilometer kilometre km kilogram kilo gram milligram mg ounce gallon liter litre percent dollar buck"
)


# A meal or a time of the day said with "at", "on" or "in" ends a phrase of when, not of what: grace's
# "I can be with mom at lunch", "so I can go see mom at lunch" titled a page "Mom at lunch" (of a remote
# job, a supervisor's post and an office lunch). Leading a phrase it names a thing ("Lunch at Nando's"),
# and alone it may title one ("Lunch", of a person's packed lunches).
_WHEN_OF_DAY = names.wordset(
    "breakfast brunch lunch lunchtime dinner dinnertime supper bedtime noon midday midnight dawn dusk sunrise sunset"
)


def _at_when(parts: list[str]) -> bool:
    return parts[1] in ("at", "on", "in") and parts[2] in _WHEN_OF_DAY


def _a_day(parts: list[str]) -> bool:
    """A month and a day's number alone ("jan 1", "3rd october"): a date, no topic (a number with a name
    stays one: "route 66", "24 hour fitness"): `names.day_of_month`, either way round."""
    return len(parts) == 2 and (names.day_of_month(parts[0], parts[1]) or names.day_of_month(parts[1], parts[0]))


def _said_as_verbs(mems: Sequence[Mem]) -> set[str]:
    """The words (stemmed, as `_terms` keys them) the turns use as verbs at least as often as not:
    after a subject, a modal, "to" or an auxiliary (`_BEFORE_VERB`). A topic named by one says
    what was done, not what it was about ("Communicate", "Visit", "Playing", "Worn", "Remember
    listening" titled pages of real histories)."""
    verb: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for found, i, key in _lower_words(mems):
        seen[key] += 1
        if i and found[i - 1].casefold() in _BEFORE_VERB and not _a_plural_after_to(found[i - 1], found[i]):
            verb[key] += 1
    return {key for key, n in verb.items() if n * 2 >= seen[key]}


def _a_plural_after_to(before: str, word: str) -> bool:
    """A plural after "to" is a noun's, not a verb's ("allergic to cashews", "to the kids"): "cashew"
    had read as a verb, weighed half, and priya's turns of her cashew allergy had no title."""
    return before.casefold() == "to" and len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


ABSTRACT_WEIGHT = 0.4  # a topic term ending in an abstract word ("Kindness", "Acts of kindness") weighs this much
_ABSTRACT_FILE = Path(__file__).resolve().parent / "data" / "abstract.txt"


@functools.cache
def _abstract() -> frozenset[str]:
    """The abstract words (stemmed as `_terms` keys them) of wiki/data/abstract.txt: the embedding
    model's whole vocabulary placed on a concrete-abstract axis of its own vectors
    (scripts/vocab_abstract.py), so "worries" and "positivity" are judged as "kindness" is without
    anyone listing them. A word the model does not know is judged concrete (weighs as before)."""
    with _ABSTRACT_FILE.open(encoding="utf-8") as f:
        return frozenset(_stem(line.strip()) for line in f if line.strip() and not line.startswith("#"))


def abstract(key: str) -> bool:
    """A topic term (a `_terms` key) that names a quality, a feeling or an idea rather than what was
    talked about: its last word is abstract ("Difference", "Acts of kindness"; not "Support group",
    "Pottery class"). Such a term titles a topic only where nothing concrete sets it apart as well."""
    return key.rsplit(" ", 1)[-1] in _abstract()


COMMON_TURNS = 3  # turns of a topic that must say an everyday word for it to title the topic alone
_DATA = Path(__file__).resolve().parent / "data"


def _word_list(name: str) -> frozenset[str]:
    """One of wiki/data's word lists (lower case, as written; `#` lines are comments)."""
    return vocab.word_list(name, _DATA)


def _common() -> frozenset[str]:
    """The everyday words naming no particular thing of memory/data/common.txt: the embedding model's
    frequent words under a mark on its concrete-abstract axis (scripts/vocab_common.py)."""
    return vocab.word_list("common.txt")


def _frequent() -> frozenset[str]:
    """The everyday words that name a thing of memory/data/frequent.txt ("room", "phone", "park"): the
    embedding model's frequent words over the mark `_common` is under (scripts/vocab_frequent.py)."""
    return vocab.word_list("frequent.txt")


@functools.cache
def _cased() -> dict[str, str]:
    """(session 42: wiki27) The names of wiki/data/cased.txt, written with a capital inside ("WhatsApp"),
    lowered -> as their makers write them."""
    return {name.casefold(): name for name in _word_list("cased.txt")}


def dictionary_word(word: str) -> bool:
    """A word (lower case, as written) of the embedding model's vocabulary (`vocab.model_words`), or the plural
    of one: a word of the dictionary, not a name typed in lower case."""
    words = vocab.model_words()
    return any(w in words for w in (word, *_singular(word)))


def _singular(word: str) -> tuple[str, ...]:
    if len(word) > 4 and word.endswith("ies"):
        return (word[:-3] + "y",)
    return (word[:-1], word[:-2]) if len(word) > 3 and word.endswith("s") else ()


def everyday(key: str, turns: int, written: Iterable[str]) -> bool:
    """A one-word topic term too common to name a topic by itself: every way it was `written` is an
    everyday word (`_common`, naming no particular thing; `_frequent`, naming one everyone talks of),
    and fewer than COMMON_TURNS turns say it. Two turns that share "catch", "offer", "plan", "team" or
    "guy" are rarely about it ("is there a catch" of two phone plans titled a page "Catch"), nor two
    that share "room" or "phone" (a barracks room titled kai's page "Room", not "Barracks"); a phrase
    or a rarer word they share ("Condo", "Barracks") may title the topic instead, else it has no page
    and its turns stay among the Notes."""
    if " " in key or turns >= COMMON_TURNS:
        return False
    # (a word of frequent.txt written as a name, or a place's in any case, is one: tunde's "Manchester"
    # and noor's "michigan" are no "room"; its plural is it: grace's "4 bedrooms" and "2 bedroom" of a
    # house and a condo titled a page "Bedroom")
    return all(
        _listed(w.casefold(), _common()) or (w.islower() and _listed(w, _frequent()) and vocab.place(w) is None)
        for w in written
    )


def _listed(word: str, listed: frozenset[str]) -> bool:
    """A word (lower case) of a word list, or the plural of one ("bedrooms", "plans")."""
    return word in listed or (len(word) > 4 and word.endswith("s") and word[:-1] in listed)


def _term_weight(key: str, verbs: set[str], named: frozenset[str] = frozenset()) -> float:
    """What a topic term's c-TF-IDF is multiplied by: a phrase over its word, a term said as a verb
    (VERB_WEIGHT) or ending in an abstract word (ABSTRACT_WEIGHT) under one naming a thing; a name
    the turns mention (`named`: "Hope", "Joy", a friend) is a thing, whatever its word means."""
    parts = key.split()
    return (
        _phrase_weight(key)
        * (VERB_WEIGHT if {parts[0], parts[-1]} & verbs else 1.0)
        * (ABSTRACT_WEIGHT if key not in named and (abstract(key) or key in _MEDIUM) else 1.0)
    )


# The ways a thing is said or sent, alone: what the person writes ("a short email to my manager", "reply to
# the HR email", "my email signature" were grace's page "Email" of three subjects: days off, part time, a
# certificate), not what about. Weighed as an abstract word: they title a topic where nothing concrete
# does; a phrase of one says what ("Cover letter", "Email signature").
_MEDIUM = frozenset(["email", "mail", "message", "text", "letter", "reply", "draft", "post", "dm", "voicemail"]) | {
    # (session 42: wiki27) and the chats a message is sent in: tunde's "a short whatsapp for the FY group" and
    # "the parish whatsapp" (a rota, a youth fellowship) were a page "Whatsapp", wen's "the West 4th team group
    # chat" and "the family group chat" (a goodbye, an engagement) one "Group chat"; as the turns saying a family
    # word, the turns saying one with nothing else in common are no topic (`_apart`)
    "whatsapp",
    "chat",
    "group chat",
    "groupchat",
    "sms",
    "imessage",
    "telegram",
    "messenger",
}


def _named_keys(groups: Sequence[Sequence[Mem]]) -> frozenset[str]:
    """The entities the groups' turns mention, keyed as `_terms` keys a term ("Hope" -> "hope")."""
    names_ = {name for g in groups for m in g for _, name in m.entities}
    return frozenset(" ".join(_stem(w.casefold()) for w in _PHRASE_WORD.findall(name)) for name in names_)


def _capitalised_keys(groups: Sequence[Sequence[Mem]]) -> frozenset[str]:
    """(session 46: wiki31) The words a history writes capitalised inside a sentence somewhere (`_terms` keys): a
    name the person types in lower case elsewhere. ava's "i'm a qa contractor at driftwood interactive" and "at
    driftwood we're about to patch the save system" (her draft: "the Driftwood contract") were a page "Load" (of
    "save/load"): a name two turns say titles a topic over an everyday word (`_most_said`)."""
    out = set()
    for g in groups:
        for m in g:
            if m.turn == "assistant":
                continue  # (an answer's "the Save button" is the person's "save")
            for found in _CAPITALISED_INSIDE.finditer(m.content):
                out.add(_stem(found.group(1).casefold()))
    return frozenset(w for w in out if w not in _common())  # a name, not an everyday word capitalised ("the Lease")


# A capitalised word after a word and a space (not at a sentence's start, not after a line's break or a quote).
_CAPITALISED_INSIDE = re.compile(r"(?<=[a-z,] )([A-Z][a-z]{2,})\b")


def _phrase_weight(key: str) -> float:
    """A phrase outweighs its own word ("Italian class" over "Italian"); in a script without spaces, a
    longer run of characters its parts ("健身房" over "健身" and "身房")."""
    if " " in key:
        return 1.25
    return 1.0 + 0.25 * (len(key) - 1) if _UNSPACED.match(key) else 1.0


def _group_terms(groups: Sequence[Sequence[Mem]]) -> tuple[list[Counter[str]], dict[str, Counter[str]]]:
    """Per group, how many of its turns use each term (key), and every term's forms as written."""
    per_group: list[Counter[str]] = []
    forms: dict[str, Counter[str]] = defaultdict(Counter)
    for g in groups:
        counts: Counter[str] = Counter()
        own = [m for m in g if m.turn != "assistant"] or g  # named by what the person said, not the assistant
        for m in own:
            seen: dict[str, str] = {}
            for key, form in _terms(m.content):
                seen.setdefault(key, form)
            counts.update(seen.keys())
            for key, form in seen.items():
                forms[key][form] += 1
        per_group.append(counts)
    return per_group, forms


def _not_everyday(
    shared: list[tuple[str, int]], forms: dict[str, Counter[str]], verbs: set[str], named: frozenset[str]
) -> list[tuple[str, int]] | None:
    """A topic's terms less its everyday words (`everyday`); what stands in for one must name a thing
    (weigh in full: not "Hoping to spot", what was done), or be a phrase of it (`_closer`: the thing
    said closer). None: nothing does, and it is no topic."""
    plain = [(key, tf) for key, tf in shared if not everyday(key, tf, forms[key])]
    if len(plain) == len(shared):
        return shared
    dropped = {key for key, _ in shared} - {key for key, _ in plain}
    return [
        (key, tf) for key, tf in plain if _term_weight(key, verbs, named) >= 1.0 or _closer(key, dropped, verbs)
    ] or None


def _closer(key: str, dropped: set[str], verbs: set[str]) -> bool:
    """A phrase of an everyday word (`dropped`) led and ended by no verb: "Piano lesson" of "piano"."""
    parts = key.split()
    return not dropped.isdisjoint(parts) and verbs.isdisjoint((parts[0], parts[-1]))


MOST_SAID = 0.9  # a term most of a topic's turns say titles it over the best one at this share of its score
NAMED_OVER_EVERYDAY = 0.75  # a name titles a topic over an everyday word its turns say often at this share of its score


def _most_said(
    best: str, scored: list[tuple[float, str]], counts: Counter[str], size: int, named: frozenset[str]
) -> str:
    """Of two terms that score nearly alike (MOST_SAID), the one more than half of a topic's turns say
    titles it over one half of them or fewer say: noor's six turns of her grandmother ("teta" in
    five, 4.94) were titled "Meds" (two of them, 4.96). And a name two turns say titles it over an
    everyday word (its stem among `_common`: "rides", "ride") fewer than COMMON_TURNS say, and one that
    scores near it (NAMED_OVER_EVERYDAY) over one more say: dale's turns of his dog ("boone rides up
    front with me", "put Boone says come too") were titled "Ride", a retiree's of Medicare "Plan"."""
    top = max(score for score, _ in scored)
    if " " not in best and best in _common():
        floor = 0.0 if counts[best] < COMMON_TURNS else NAMED_OVER_EVERYDAY * top
        names_ = [
            (counts[key], score, key) for score, key in scored if key in named and counts[key] >= 2 and score >= floor
        ]
        if names_:
            return max(names_)[2]
    if counts[best] * 2 > size:
        return best
    said = [(counts[key], score, key) for score, key in scored if counts[key] * 2 > size and score >= MOST_SAID * top]
    return max(said)[2] if said else best


def _avoided(avoid: Iterable[str]) -> frozenset[str]:
    """The `_terms` keys of names with a page of their own (entity keys) and of every run of their words
    ("mrs. bianchi": "mrs", "bianchi", "mrs bianchi"), without accents (`entity_key`: "hector" of "Héctor")."""
    keys = [[_stem(entity_key(w)) for w in _PHRASE_WORD.findall(k)] for k in avoid]
    return frozenset(" ".join(ws[i:j]) for ws in keys for i in range(len(ws)) for j in range(i + 1, len(ws) + 1))


def _unpaged(words: set[str], avoided: frozenset[str], m: Mem) -> set[str]:
    """Words (`_terms` keys) less those of the names with a page (`avoided`) the turn names. (session 44: wiki29)
    Compared without their accents, as entity keys are: marisol's "Héctor", her ex-husband with a page "Héctor
    Luis Reyes" (key "hector luis reyes"), had titled a topic of seven turns, a page beside his."""
    named = avoided & _avoided(_names_of(m))
    return {w for w in words if entity_key(w) not in named}


def topic_titles(groups: Sequence[Sequence[Mem]], avoid: Iterable[str] = ()) -> list[str]:
    """Per group, its title (`topic_terms`)."""
    return [title for title, _, _ in topic_terms(groups, avoid)]


def topic_terms(groups: Sequence[Sequence[Mem]], avoid: Iterable[str] = ()) -> list[tuple[str, int, str]]:
    """Per group, its title, how many of its turns say it, and its term ("" where none titles it).
    The title: the word or two-word phrase most distinctive of it against the other groups
    (class-based TF-IDF: how many of its turns use the term, times log(1 + A / the term's count over
    all groups), A the mean number of terms a group holds), used by two turns or more; a phrase wins
    a tie with its own word; a word of a name with its own entity page (`avoid`,
    entity keys) never titles a topic, nor an everyday word few of its turns say (`everyday`).
    Nothing shared by two turns: the best term of one. "": the group shares only everyday words (or,
    besides them, what was done or an idea), and is no topic."""
    import math

    avoided = _avoided(avoid)

    verbs = _said_as_verbs([m for g in groups for m in g if m.turn != "assistant"] or [m for g in groups for m in g])
    per_group, forms = _group_terms(groups)
    total: Counter[str] = Counter()
    for counts in per_group:
        total.update(counts)
    mean = sum(total.values()) / max(len(per_group), 1)
    named = _named_keys(groups)
    capitalised = _capitalised_keys(groups)
    out: list[tuple[str, int, str]] = []
    for g, counts in zip(groups, per_group, strict=True):
        # "Lisbon" no, "moved to Lisbon" yes; "Month", "next month", "week at Boulderbar" no, "night shift" yes
        allowed = _allowed(g, counts, forms, avoided)
        # (a run of characters of an unspaced script said once is as likely half of two words as one:
        # "身房然" of 健身房然后; the opening of the first turn titles such a topic instead)
        shared = [(key, tf) for key, tf in allowed if tf >= 2] or [kt for kt in allowed if not _UNSPACED.match(kt[0])]
        kept = _not_everyday(shared, forms, verbs, named)
        if kept is None:
            out.append(("", 0, ""))  # only everyday words in common: no topic
            continue
        shared = kept
        # "Communicate", "Hoping to spot", "Websites provide" say what was done, not what about
        # (`_said_as_verbs`): such a term wins only by far ("Swim" still names a page of swimming)
        scored = [
            (
                tf * math.log(1 + mean / total[key]) * _term_weight(key, verbs, named),
                key,
            )
            for key, tf in shared
        ]
        if not scored:
            # (a script without spaces has no terms to share: its opening titles it; in any other, nothing
            # shared is no topic)
            unspaced = any(_UNSPACED.search(m.content) or _UNSEGMENTED.search(m.content) for m in g)
            out.append((cluster_title(g) if g else "Topic", len(g) if unspaced else 0, ""))
            continue
        aside = _asides(g)
        _, best = max(scored, key=lambda sk: (round(sk[0], 9), " " in sk[1], -aside[sk[1]], sk[1]))
        best = _most_said(best, scored, counts, len(g), named | capitalised)
        if " " not in best:  # "Italian class" over "Italian" when most turns that say the word say the phrase
            word = best
            longer = [(n, k) for k, n in shared if " " in k and word in k.split() and n * 5 >= counts[word] * 3]
            if longer:
                best = max(longer, key=lambda tk: (tk[0], -len(tk[1]), tk[1]))[1]
        out.append((_written_title(best, g, counts, forms), counts[best], best))
    return out


def _written_title(best: str, g: Sequence[Mem], counts: Counter[str], forms: dict[str, Counter[str]]) -> str:
    """A topic's title (its term `best`) as its turns write it (`topic_terms`)."""
    shown = _which_one(best, g, counts) if " " not in best else best
    form = _unshouted(sorted(forms[shown].items(), key=lambda fc: (-fc[1], fc[0]))[0][0], g)
    owner = _owner_of(best, g)
    if owner:
        return f"{owner} {form}"
    # (a name its own turns mention: "Split" of another topic's trip leaves "mini split" a word)
    written = {n.casefold(): n for m in g for _, n in m.entities if " " not in n and n[:1].isupper()}
    return _shown(form, written)


SHOUTED_SHARE = 0.9  # a turn whose letters are this share capitals or more is typed in capitals (`_unshouted`)


def _unshouted(form: str, g: Sequence[Mem]) -> str:
    """(session 45: wiki30) A title in capitals whose every turn is typed in capitals, as a reader writes it: wilma
    types everything so ("I MADE AN OFFER ON A LITTLE 2 BEDROOM IN YORK"), and her page of York was titled "YORK".
    A word of an acronym's letters (`_a_shouted_word`: "DMV", "ID") stays in capitals; a turn of mixed case keeps
    its capitals ("the NHS", "CPF")."""
    if not form.isupper():
        return form
    turns = [m.content for m in g if form in m.content]
    if not turns or not all(map(shouted, turns)):
        return form
    return " ".join(w.capitalize() if _a_shouted_word(w) else w for w in form.split(" "))


def shouted(text: str) -> bool:
    """A text typed in capitals (SHOUTED_SHARE of its letters, and a dozen letters or more)."""
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 12 and sum(c.isupper() for c in letters) >= SHOUTED_SHARE * len(letters)


def _owner_of(key: str, g: Sequence[Mem]) -> str:
    """(session 45: wiki30) A family word that means other things too (`vocab.FAMILY`'s owned: "vieja", "pop", "nan")
    titles a topic with the "my" it is said after, as its turns say it: lucia's "mi vieja is moving to a smaller
    apartment", "I want to tell mi vieja that ..." were a page "Vieja" (an old woman, alone), now "Mi vieja", her
    mother. "" for any other word, or where the turns say it after no one word ("Amma", "Mom" stay)."""
    kin = vocab.FAMILY.get(key)
    if kin is None or not kin.owned:
        return ""
    said = [m for m in g if m.turn != "assistant"] or list(g)
    before = Counter(w for w in _words_before(said, lambda w: w == key) if w in _OWNERS or w in _OWNERS_ABROAD)
    return before.most_common(1)[0][0].capitalize() if before else ""


_IN_PARENTHESES = re.compile(r"\(([^()]*)\)")


def _asides(g: Sequence[Mem]) -> Counter[str]:
    """(session 45: wiki30) How many of a topic's turns say each term (`_terms` key) inside parentheses, an aside. Of
    two terms that score alike, the one said less so titles it: ava's six turns of two leases ("signed the lease!! i
    moved into my own studio in sellwood (... the radiator clanks like a dwarf forge)", "miso has claimed the
    radiator (seattle radiators: quieter, more respectful)") were titled "Radiator", which tied with "Lease"."""
    return Counter(
        k
        for m in [m for m in g if m.turn != "assistant"] or g
        for k in {k for part in _IN_PARENTHESES.findall(m.content) for k, _ in _terms(part)}
    )


_OWNERS = names.curled(names.wordset("my your his her our their"))
_OWNERS_ABROAD = names.wordset("mi mis tu su nuestra nuestro mon ma mes ta sa notre meine mein unsere")


def _which_one(word: str, g: Sequence[Mem], counts: Counter[str]) -> str:
    """(session 44: wiki29) A one-word title the turns say by what it is and, twice or more, as someone's: the
    phrase ("Blood pressure" of ray's "checked my blood pressure", then "check my pressure twice a day" and "my
    pressure ain't coming down": a page "Pressure"). Else the word (a dinner, a surprise dinner: "Dinner"; "my
    timetable for choir", "the choir timetable": "Timetable")."""
    kinds = [k for k in counts if k.count(" ") == 1 and k.endswith(f" {word}") and not _vague(k)]
    if len(kinds) != 1:
        return word
    first = kinds[0].split()[0]
    said = [m for m in g if m.turn != "assistant"] or list(g)
    before = _words_before(said, lambda w: _stem(w) == word)
    owned = [w for w in before if _stem(w) != first]
    return kinds[0] if len(owned) >= TOPIC_MIN and all(w in _OWNERS for w in owned) else word


def _shown(form: str, written: dict[str, str] | None = None) -> str:
    """A topic's title as its turns write it, first letter up; a name the lists know typed in lower
    case as they write it ("ann arbor": "Ann Arbor", "dfcu": "DFCU", `memory.vocab`): a student who
    types in lower case had topics titled "Ann arbor" and "Dfcu"; a product's own case ("whatsapp":
    "WhatsApp", `_cased`). A word of it the turns name (`written`:
    one-word names, lowered -> as the page of it writes them) is written as that name, its possessive
    typed without an apostrophe with one: the translator's "Sister ola", "Tomeks dads" are "Sister Ola",
    "Tomek's dads"."""
    if form.islower():
        known = (vocab.written(form) if vocab.listed(form) else None) or vocab.place(form)
        if known and known.casefold() == form.casefold() and known[:1].isupper():
            return known  # (a whole name only: "mini split" is no MINI; "lisinopril", "giffgaff" stay up front)
        if acronym(form):
            return form.upper()  # (session 41: wiki26) "msu": MSU
        parts = form.split(" ")
        if any(w in _cased() for w in parts):  # (session 42: wiki27) "whatsapp group": WhatsApp group
            first = _cased().get(parts[0])
            return " ".join([first or parts[0][:1].upper() + parts[0][1:], *(_cased().get(w, w) for w in parts[1:])])
    if written and " " in form:
        form = " ".join(_as_named(w, written) for w in form.split(" "))
    return form[:1].upper() + form[1:]


# -- (session 41: wiki26) an acronym typed in lower case --------------------------------------------------

# The two consonants an English word may open with ("bl", "str", "sch"); a short word typed in lower case
# opening with two others ("msu", "hvac", "tsa") is letters said one by one, no word: noor's "she wants to do
# nursing at msu", "yasmine started at msu" had titled a page "Msu".
_ONSETS = names.wordset(
    "bl br ch cl cr dr dw fl fr gh gl gn gr kl kn kr ph pl pr ps qu sc sh sk sl sm sn sp st sv sw th tr tw wh wr"
)
_VOWELS = frozenset("aeiouy")
# ... and the words typed short that are no one's letters: a texter's (`names.CASUAL`: "tbh", "idk", and
# "bday", "tmrw", "ppl"), a unit, a title ("mrs", "sgt"), a degree ("phd"): over the fixtures' turns, the
# short words `acronym` read so
_SHORTENED = names.CASUAL | names.wordset(
    "bday tmrw smth ppl msg jk wtf np gf bf rn smh brb lmk "
    "tsp tbsp qty pcm mpg kgs kms lbs mgs mls cms mph kph sqft hrs mins secs yrs wks "
    "mrs sgt ltd phd xmas mgmt szn tzu"
)


def acronym(word: str) -> bool:
    """A word typed in lower case that is an acronym's letters: three or four ASCII letters with no vowel
    ("cpr", "bmw") or, where it is no word of the model's vocabulary, opening with two consonants no
    English word opens with ("msu", "hvac"); not a word typed short (`_SHORTENED`: "bday", "tsp"). "nasa",
    "ucla" read as words and stay as typed."""
    if not (3 <= len(word) <= 4 and word.isascii() and word.isalpha() and word.islower()) or word in _SHORTENED:
        return False
    if _VOWELS.isdisjoint(word):
        return True
    return not _VOWELS & set(word[:2]) and word[:2] not in _ONSETS and not dictionary_word(word)


_SENTENCE_ENDS = frozenset('.!?:\n"“(')


class Casing:
    """How a person's history writes the names it types in lower case as well: priya's three turns of
    "need a sql query" were a page "Sql" whose chats are titled "Weekly return rate SQL", a page of
    "my whatsapp chats" was "Whatsapp" under a chat "WhatsApp transfer", dale's "marble falls" (his own
    flyer: "Serving Kingsland, Marble Falls, Horseshoe Bay") "Marble falls". A word with a capital
    inside ("WhatsApp", "iPhone") is written so wherever it is seen; one in capitals ("SQL") where the
    chats' titles write it so or the turns as often as in lower case (not "HELP" of "wrap. HELP");
    one capitalised after a sentence's start ("University of Ibadan") where it is no word of the
    dictionary (`dictionary_word`: "split" of a trip to Split stays "mini split"); and a run of
    such words a topic is titled by whole ("Marble Falls"), where the turns type it so no less often
    than in lower case (wen's "pharmacy manager", in a recruiter's message "Pharmacy Manager")."""

    def __init__(self, turns: Iterable[str], titles: Iterable[str] = ()) -> None:
        self.forms: dict[str, Counter[str]] = defaultdict(Counter)
        self.lower: Counter[str] = Counter()
        self.capitals: Counter[str] = Counter()
        self.titled: set[str] = set()
        self.typed: list[str] = []  # the turns' text, for how often a phrase is typed in lower case
        for text in turns:
            # (session 45: wiki30) a turn typed all in capitals says nothing of how a word is written: wilma's
            # "...A LITTLE 2 BEDROOM IN YORK" wrote her page of York "YORK"
            if not shouted(text):
                self._read(text, True)
            self.typed.append(text)
        for title in titles:
            self._read(title, False)

    def _read(self, text: str, turn: bool) -> None:
        run: list[str] = []
        last = -1
        for match in _PHRASE_WORD.finditer(text):
            word, between = match.group(), text[max(last, 0) : match.start()]
            starts = last < 0 or any(c in _SENTENCE_ENDS for c in between)
            last = match.end()
            if starts or not between.isspace():
                self._run(run)
            if turn and word[:1].isupper() and word[1:].islower() and not starts:
                run.append(word)  # a name's word, or a run of them ("Marble Falls")
                if not dictionary_word(word.casefold()):
                    self.forms[word.casefold()][word] += 1
                continue
            self._run(run)
            if word.islower():
                self.lower[word] += 1
            elif word.isupper() and len(word) >= 2:
                if turn:
                    self.capitals[word.casefold()] += 1
                else:
                    self.titled.add(word.casefold())  # a title is not shouted
                self.forms[word.casefold()][word] += 1
            elif any(c.isupper() for c in word[1:]):
                self.forms[word.casefold()][word] += 1
        self._run(run)

    def _run(self, run: list[str]) -> None:
        if len(run) >= 2:
            self.forms[" ".join(run).casefold()][" ".join(run)] += 1
        run.clear()

    def form(self, key: str) -> str | None:
        """How the history writes a word or phrase (lower case), or None."""
        found = self.forms.get(key)
        if not found:
            return None
        best = sorted(found.items(), key=lambda fc: (-fc[1], fc[0]))[0][0]
        if " " in key:  # a run of capitals a pasted posting writes ("a Pharmacy Manager opportunity")
            pattern = re.compile(r"(?<!\w)" + re.escape(key) + r"(?!\w)")
            if sum(len(pattern.findall(t)) for t in self.typed) > found[best]:
                return None
        if best.isupper() and key not in self.titled:
            everyday_ = key in _common() or key in _frequent()  # "HELP", "HOT": shouted
            if self.capitals[key] < self.lower[key] + everyday_:
                return None
        return best

    def written(self, title: str) -> str:
        """A topic's title with what it typed in lower case written as the history writes it."""
        whole = self.form(title.casefold()) if " " in title and title[1:].islower() else None
        if whole:
            return whole
        parts = title.split(" ")
        out = [
            (self.form(w.casefold()) or w) if w[1:].islower() and (i == 0 or w.islower()) else w
            for i, w in enumerate(parts)
        ]
        return " ".join(out)


def _as_named(word: str, written: dict[str, str]) -> str:
    if not word.islower():
        return word
    if word in written:
        return written[word]
    owner = word[:-1] if len(word) > 3 and word.endswith("s") else ""
    return f"{written[owner]}'s" if owner in written else word


def notes_buckets(mems: Sequence[Mem]) -> dict[str, list[Mem]]:
    """ "" (one Notes page), else by year "YYYY", and a year still too big by month "YYYY-MM"."""
    if len(mems) <= NOTES_MAX:
        return {"": list(mems)} if mems else {}
    years: dict[str, list[Mem]] = defaultdict(list)
    for m in mems:
        years[m.valid_from[:4]].append(m)
    out: dict[str, list[Mem]] = {}
    for year, group_ in years.items():
        if len(group_) <= NOTES_MAX:
            out[year] = group_
            continue
        for m in group_:
            out.setdefault(m.valid_from[:7], []).append(m)
    return out


def notes_title(bucket: str) -> str:
    if len(bucket) == 4:
        return f"Notes, {bucket}"
    try:
        when = date.fromisoformat(f"{bucket}-01")
    except ValueError:
        return "Notes"
    return f"Notes, {when.strftime('%B')} {when.year}"


def related(
    specs: Sequence[PageSpec], slugs: dict[str, str], only: set[str] | None = None
) -> dict[str, tuple[Link, ...]]:
    """For each page key (of `only`, when given), the pages of the same space that share an entity
    with it (<= 12)."""
    holders: dict[tuple[str | None, str], list[PageSpec]] = defaultdict(list)
    for spec in specs:
        for ekey, _ in spec.entities:
            holders[(spec.space, ekey)].append(spec)
    out: dict[str, tuple[Link, ...]] = {}
    for spec in specs:
        if only is not None and spec.key not in only:
            continue
        shared: dict[str, list[str]] = defaultdict(list)
        other_specs: dict[str, PageSpec] = {}
        for ekey, name in spec.entities:
            for other in holders[(spec.space, ekey)]:
                if other.key != spec.key:
                    shared[other.key].append(name)
                    other_specs[other.key] = other
        ranked = sorted(shared, key=lambda k: (-len(shared[k]), other_specs[k].title.casefold(), slugs.get(k, k)))
        out[spec.key] = tuple(
            Link(slugs[k], other_specs[k].title, other_specs[k].page_id, tuple(sorted(shared[k])))
            for k in ranked[:MAX_LINKS]
            if k in slugs
        )
    return out


@dataclass(frozen=True)
class Context:
    """What a page knows of the others: related pages (shared entities), the entity pages its
    text names (`mentions`, linked inline; `shared` holds the name), the pages whose text names its
    entity (`backlinks`, "Mentioned in"), where its superseded decisions' replacements live when
    not on it (`elsewhere`: memory id -> link), and its `aliases` (frontmatter)."""

    related: tuple[Link, ...] = ()
    mentions: tuple[Link, ...] = ()
    backlinks: tuple[Link, ...] = ()
    elsewhere: tuple[tuple[str, Link], ...] = ()
    aliases: tuple[str, ...] = ()
    slug: str = ""
    former: tuple[str, ...] = ()  # earlier titles (stored with the page; among the aliases when unambiguous)

    def linked_pages(self) -> tuple[Link, ...]:
        """Every page this one links to or is linked from, each once, related first."""
        seen: dict[str, Link] = {}
        for link in (*self.related, *self.mentions, *self.backlinks):
            seen.setdefault(link.page_id, link)
        return tuple(seen.values())


# Names linked inline: word characters, spaces and . ' ’ - only, three characters or more (an
# entity called "a" or "[x]|y" is never turned into links in other pages' text).
_LINKABLE_NAME = re.compile(r"^\w[\w .'’-]+\w$")


def context(
    specs: Sequence[PageSpec],
    slugs: dict[str, str],
    former: dict[str, tuple[str, ...]] | None = None,
    db: Database | None = None,
    named_out: dict[str, list[str]] | None = None,
) -> dict[str, Context]:
    """Context for every page key (pages without a slug, deleted ones, are never linked).
    `former`: each page's earlier titles (wiki.pages.titles_before). With `db`, the full-text index
    picks the memories that may name an entity first, and only those are split into words.
    `named_out` receives what `_named` found (memory id -> keys of the entity pages it names)."""
    former = former or {}
    rel = related(specs, slugs)
    names, firsts = entity_names(specs, slugs)
    replaced_by, holder = _supersessions(specs)
    candidates = None
    if db is not None and names:
        candidates = lexical.ids_matching_phrases(db, [" ".join(words_) for words_, _ in chain(*names.values())])
    named = _named(specs, firsts, names, candidates)  # memory id -> entity pages its text names
    if named_out is not None:  # kept by the incremental plan (wiki.incremental)
        named_out.update({mid: [p.key for p in found] for mid, found in named.items()})
    mentions, backlinks = _mentions(specs, slugs, named)
    aliases = _aliases(specs, slugs, former)
    out: dict[str, Context] = {}
    for spec in specs:
        related_ = rel.get(spec.key, ())
        out[spec.key] = Context(
            related_,
            sorted_links(mentions.get(spec.key)),
            backlinks_of(backlinks[spec.key], related_) if spec.key in backlinks else (),
            elsewhere(spec, replaced_by, holder, slugs),
            aliases.get(spec.key, ()),
            slugs.get(spec.key, ""),
            former.get(spec.key, ()),
        )
    return out


def sorted_links(found: dict[str, Link] | None) -> tuple[Link, ...]:
    return tuple(sorted(found.values(), key=lambda link: (link.title.casefold(), link.slug))) if found else ()


def entity_names(specs: Sequence[PageSpec], slugs: dict[str, str]) -> tuple[dict, dict]:
    """Entity pages by (space, first word of the name): what a memory's words are matched against;
    and per space the set of those first words."""
    names: dict[tuple[str | None, str], list[tuple[list[str], PageSpec]]] = defaultdict(list)
    firsts: dict[str | None, set[str]] = defaultdict(set)
    for spec in specs:
        if spec.kind == "entity" and spec.entity and spec.key in slugs and _LINKABLE_NAME.match(spec.entity):
            name = words(spec.entity)
            if name:
                names[(spec.space, name[0])].append((name, spec))
                firsts[spec.space].add(name[0])
    return names, firsts


def _supersessions(specs: Sequence[PageSpec]) -> tuple[dict[str, str], dict[str, PageSpec]]:
    """Superseded id -> the id that replaced it, and each replacing memory's first page."""
    replaced_by: dict[str, str] = {}
    for spec in specs:
        for m in spec.memories:
            if m.supersedes:
                replaced_by.setdefault(m.supersedes, m.id)
    holder: dict[str, PageSpec] = {}
    wanted = set(replaced_by.values())
    if wanted:
        for spec in specs:
            for m in spec.memories:
                if m.id in wanted:
                    holder.setdefault(m.id, spec)
    return replaced_by, holder


def _mentions(
    specs: Sequence[PageSpec], slugs: dict[str, str], named: dict[str, list[PageSpec]]
) -> tuple[dict[str, dict[str, Link]], dict[str, dict[str, Link]]]:
    """Per page, the entity pages its memories name (mentions) and, per entity page, who names it."""
    mentions: dict[str, dict[str, Link]] = {}
    backlinks: dict[str, dict[str, Link]] = {}
    for spec in specs:
        if spec.key not in slugs:
            continue
        found = mentions_of(spec, slugs, (named.get(m.id, ()) for m in spec.memories))
        for other_key in found:
            backlinks.setdefault(other_key, {})[spec.key] = Link(slugs[spec.key], spec.title, spec.page_id, ())
        if found:
            mentions[spec.key] = found
    return mentions, backlinks


def mentions_of(spec: PageSpec, slugs: dict[str, str], named: Iterable[Iterable[PageSpec]]) -> dict[str, Link]:
    """The entity pages a page's memories name (each memory's `named`, in citation order)."""
    found: dict[str, Link] = {}
    for pages_ in named:
        for other in pages_:
            if other.key != spec.key and other.key not in found:
                # `named` holds entity pages only: their entity is set
                found[other.key] = Link(slugs[other.key], other.title, other.page_id, (str(other.entity),))
    return found


def elsewhere(
    spec: PageSpec, replaced_by: dict[str, str], holder: dict[str, PageSpec], slugs: dict[str, str]
) -> tuple[tuple[str, Link], ...]:
    """Where this page's superseded decisions' replacements live when not on it."""
    if not replaced_by:
        return ()
    out = []
    ids = {m.id for m in spec.memories}
    for m in spec.memories:
        new = replaced_by.get(m.id)
        if new and new not in ids and m.section == "superseded" and new in holder:
            other = holder[new]
            if other.key in slugs:
                out.append((m.id, Link(slugs[other.key], other.title, other.page_id, (new,))))
    return tuple(out)


def _named(
    specs: Sequence[PageSpec], firsts: dict, names: dict, candidates: set[str] | None = None
) -> dict[str, list[PageSpec]]:
    """Each memory (once, however many pages cite it) -> the entity pages of its space whose name
    its words contain. ASCII texts are lowered and translated in one call over their concatenation
    (both keep lengths), then sliced: a per-memory loop of C calls instead of one Python call each."""
    mems: dict[str, Mem] = {}
    for spec in specs:
        if firsts.get(spec.space):
            for m in spec.memories:
                if candidates is None or m.id in candidates:
                    mems.setdefault(m.id, m)
    plain = [m for m in mems.values() if m.content.isascii()]
    big = "".join(m.content for m in plain).lower().encode("ascii").translate(_PUNCT_BYTES).decode("ascii")
    texts: list[tuple[Mem, list[str]]] = []
    pos = 0
    for m in plain:
        end = pos + len(m.content)
        texts.append((m, big[pos:end].split()))
        pos = end
    texts += [(m, words(m.content)) for m in mems.values() if not m.content.isascii()]
    out: dict[str, list[PageSpec]] = {}
    for m, text in texts:
        space_firsts = firsts[m.space]
        if space_firsts.isdisjoint(text):
            continue
        hits = space_firsts.intersection(text)
        found: dict[str, PageSpec] = {}
        for i, w in enumerate(text):
            if w in hits:
                for name_words, other in names[(m.space, w)]:
                    if other.key not in found and text[i : i + len(name_words)] == name_words:
                        found[other.key] = other
        if found:
            out[m.id] = list(found.values())
    return out


def _aliases(specs: Sequence[PageSpec], slugs: dict[str, str], former: dict[str, tuple[str, ...]]) -> dict:
    """Per page: its title when the file name differs ([[Ana Lima]] -> ana-lima.md), its entity's
    name, its former titles; a name two pages would answer to is nobody's alias."""
    wanted: dict[str, dict[str, str]] = {}  # page key -> casefolded name -> name
    owners: Counter[str] = Counter()
    for spec in specs:
        kept: dict[str, str] = {}
        for name in (spec.title, spec.entity, *former.get(spec.key, ())):
            if name:
                kept.setdefault(name.casefold(), name)
        wanted[spec.key] = kept
        owners.update(kept.keys())
    out = {}
    for spec in specs:
        slug, title = slugs.get(spec.key, ""), spec.title.casefold()
        out[spec.key] = tuple(
            name for key, name in wanted[spec.key].items() if owners[key] == 1 and not (key == title == slug)
        )
    return out


def backlinks_of(found: dict[str, Link], related_: Sequence[Link]) -> tuple[Link, ...]:
    """Pages whose text names this page's entity, less those already listed as related."""
    shown = {link.page_id for link in related_}
    ranked = sorted(found.values(), key=lambda link: (link.title.casefold(), link.slug))
    return tuple(link for link in ranked if link.page_id not in shown)[:MAX_LINKS]


def spec_hash(spec: PageSpec, ctx: Context | Sequence[Link] = ()) -> str:
    """Hash of everything a page's text depends on except its map (rebuild adds the map revision):
    render version, title, and each cited memory's id, content, status, type, updated_at, dates,
    title, entities, supersedes and open review, in citation order (fields and source never change
    after capture: an edit changes updated_at), plus its
    context (links both ways, replacements elsewhere, aliases, slug)."""
    if not isinstance(ctx, Context):
        ctx = Context(related=tuple(ctx))
    h = hashlib.sha256(
        f"{RENDER_VERSION}\x1e{spec.key}\x1e{spec.kind}\x1e{spec.title}\x1e{spec.space}\x1e{spec.entity}\x1e".encode(
            "utf-8", "surrogatepass"
        )
    )
    # One update over the memories' joined records: the same bytes as one update per memory (so
    # the same digest), without an encode and an update call for each.
    h.update(
        "".join(
            [
                "\x1f".join(
                    (
                        m.id,
                        m.content,
                        m.status,
                        m.memory_type,
                        m.updated_at,
                        m.valid_from,
                        m.valid_to or "",
                        m.title,
                        ",".join([k for k, _ in m.entities]),
                        m.supersedes or "",
                        m.review,
                        *((m.was,) if m.was else ()),  # (only when set: the digests of other pages stay)
                        "\x1e",
                    )
                )
                for m in spec._ordered
            ]
        ).encode("utf-8", "surrogatepass")
    )
    for group_ in (ctx.related, ctx.mentions, ctx.backlinks):
        for link in group_:
            h.update(f"{link.slug}\x1f{link.title}\x1f{','.join(link.shared)}\x1e".encode("utf-8", "surrogatepass"))
        h.update(b"\x1d")
    for mid, link in ctx.elsewhere:
        h.update(f"{mid}\x1f{link.slug}\x1f{link.title}\x1e".encode("utf-8", "surrogatepass"))
    h.update("\x1f".join((*ctx.aliases, ctx.slug, "\x1d", *ctx.former)).encode("utf-8", "surrogatepass"))
    return h.hexdigest()


@dataclass(frozen=True)
class IndexEntry:
    slug: str
    title: str
    space: str | None
    kind: str
    sources: int
    about: bool = False  # an About me page (`is_about`): the index opens on it


@dataclass(frozen=True)
class IndexSpec:
    entries: tuple[IndexEntry, ...] = field(default_factory=tuple)

    def hash(self) -> str:
        data = [RENDER_VERSION, [(e.slug, e.title, e.space, e.kind, e.sources, e.about) for e in self.entries]]
        return hashlib.sha256(json.dumps(data, ensure_ascii=False).encode()).hexdigest()
