"""Recall, and how its answer is shaped for an agent: compact hits, a plain "nothing close", a
character budget.

What an agent reads is paid for in its context: recall answers compactly by default (the full
record with `detail`), and the navigation ops (memory_show, recent in quire/ops/memories.py) read
one thing at a time. Each is an operation, so the CLI, the service, the library and MCP share it."""

from __future__ import annotations

import itertools
import json
import math
import unicodedata
from typing import TYPE_CHECKING, Any

import regex  # type: ignore[import-untyped]
from pydantic import Field

from memory import clock, conversations, spaces, store
from memory import decay as decay_mod
from memory.errors import InvalidInput
from memory.models import AsOf, MemoryType, read_to_the_second
from quire.ops.registry import (
    Query,
    Request,
    Response,
    Rows,
    SpaceName,
    dump,
    op,
    respond,
)
from retrieval import tuning

if TYPE_CHECKING:
    from memory.session import Session


class RecallRequest(Request):
    query: Query = Field(
        min_length=1, max_length=2000, description="What to look for; time cues like 'last week' work."
    )
    space: SpaceName | None = Field(default=None, description="Only this space ('uncategorized' = no space).")
    all_spaces: bool = Field(default=False, description="Search every space.")
    types: list[MemoryType] = Field(default_factory=list, description="Only these memory types.")
    k: int = Field(default=10, ge=1, le=1000, description="How many results.")
    as_of: AsOf | None = Field(
        default=None, max_length=64, description="What was current at this date (YYYY-MM-DD: the end of that day)."
    )
    explain: bool = Field(default=False, description="Include the channels that matched and the priors applied.")
    context: int = Field(
        default=0, ge=0, le=50, description="With each hit from a conversation, the N turns before and after it."
    )
    no_floor: bool = Field(
        default=False,
        description="Return the k best even when nothing comes close to the query (by default an empty list).",
    )
    detail: bool = Field(
        default=False,
        description="Each hit's full record (channels, priors, confidence, access counts, pages); "
        "default: id, content, type, date, space, score (and session and speaker for a chat turn).",
    )
    max_chars: int | None = Field(
        default=None,
        ge=200,
        le=1_000_000,
        description="Fit the answer's JSON in this many characters: the lowest hits are left out, never a word cut.",
    )


class RecallWindow(Response):
    """The time window read from the query ("last week"): what matched and the dates it spans."""

    cue: str
    start: str | None  # None: open ("before March" has no start, "since March" no end)
    end: str | None  # the moment after its last ("last week" ends at the next Monday's 00:00)
    mode: str


class RecallTurn(Response):
    """A stored turn of the conversation around a hit (recall with `context`)."""

    position: int
    speaker: str
    id: str
    content: str


class RecallHit(Response):
    """One recalled memory in full (`detail`: retrieval.recall.Hit.as_json), with why it ranked where it did."""

    id: str
    content: str
    type: str
    space: str | None
    score: float
    date: str
    channels: dict[str, int]  # channel -> rank in it (1 = best)
    multipliers: dict[str, float]  # the priors that moved the score
    status: str
    title: str
    valid_from: str
    valid_to: str | None
    confidence: float
    effective_confidence: float
    stability: str
    pinned: bool
    entities: list[str]
    access_count: int
    last_accessed: str | None
    source: str
    session_id: str | None
    position: int | None
    session_title: str
    awaiting_review: dict[str, Any] | None  # one side of a life change waiting for review: item, side, other
    speaker: str | None = None  # who said it, for a turn of a conversation
    signals: dict[str, float] | None = None  # raw channel scores (explain only)
    context: list[RecallTurn] | None = None  # the turns around a chat hit (context > 0 only)
    truncated: bool | None = None  # max_chars: the first hit alone was too long, its text cut at a space


class CompactTurn(Response):
    speaker: str
    text: str


class CompactHit(Response):
    """One recalled memory as an agent reads it by default (compact_recall)."""

    id: str
    text: str
    type: str | None = None  # left out when it is the answer's `defaults` (the same for date, space, speaker)
    date: str | None = None
    space: str | None = None
    score: float
    status: str | None = None  # only when it is not plain active (an archived decision is history)
    session: str | None = None  # a turn of a conversation: its title and who said it
    speaker: str | None = None
    context: list[CompactTurn] | None = None
    channels: dict[str, int] | None = None  # explain
    multipliers: dict[str, float] | None = None
    truncated: bool | None = None


class RecallPage(Response):
    """A wiki page (in scope) that cites some of the hits."""

    slug: str
    title: str
    cites: list[str]


class RecallResponse(Response):
    """retrieval.recall.Recalled.as_json with `detail`; else compact_recall, which leaves out the
    query, the empty as_of, window and warnings, terms, entities and pages, and has CompactHit results."""

    query: str | None = None  # detail only
    scope: str
    as_of: str | None = None
    window: RecallWindow | None = None
    terms: list[str] | None = None
    entities: list[str] | None = None
    warnings: list[str] = []
    defaults: dict[str, str] | None = None  # compact: what a hit without space, type, date or speaker has
    results: list[CompactHit] | list[RecallHit]
    floor: float | None = None  # the relevance floor for the model (None when none applies)
    best: float | None = None  # the best evidence any candidate had
    nothing_close: bool | None = None  # detail: nothing reached the floor
    pages: list[RecallPage] | None = None
    message: str | None = None  # nothing close: says so in words
    empty_home: bool | None = None  # no hit because the home holds no memory at all
    trimmed: int | None = None  # max_chars: how many of the lowest hits were left out

    def expanded(self) -> list[dict[str, Any]]:
        """Each hit as a dict with every field, `defaults` filled back in (the full record with detail)."""
        return expand(dump(self))


@op("recall", "Recall memories", "read", RecallRequest, RecallResponse, mcp=True, exclusive=True)
def recall(session: Session, p: RecallRequest) -> RecallResponse:
    """Find memories by meaning, words, entities and time; best first. Each hit is compact: id,
    text, type, date, space, score (and session and speaker for a turn of a conversation); `detail`
    gives the full record. No hit close enough: "results" is empty and "message" says so."""
    from retrieval.recall import count_access, search  # numpy and the model: not on the CLI's startup path

    if p.space and p.all_spaces:
        raise InvalidInput("give space or all_spaces, not both")
    as_of = clock.as_of(p.as_of) if p.as_of is not None else None
    result = search(
        session,
        p.query,
        scope=p.space,
        all_spaces=p.all_spaces,
        types=list(p.types) or None,
        k=p.k,
        as_of=as_of,
        explain=p.explain,
        context=p.context,
        no_floor=p.no_floor,
        touch=p.max_chars is None,  # a budget: only the hits it keeps are counted as read, after it
    )
    full = result.as_json()
    if said := read_to_the_second("as_of", p.as_of, as_of):  # read to the second, as every stored time is
        full["warnings"] = [*full.get("warnings", []), *said]
    if p.detail:  # effective confidence as of now, from the reads the hit shows (before its own), as show gives it
        seen = {hit["id"]: (hit["access_count"], hit["last_accessed"]) for hit in full["results"]}
        now = decay_mod.current(session.db, list(seen), seen)
        for hit in full["results"]:
            hit["effective_confidence"] = now.get(hit["id"], hit["effective_confidence"])
    if not full["results"] and not store.any_live(session.db):
        full["empty_home"] = True  # nothing to find: "try other words" would send the person looking
    answer = full if p.detail else compact_recall(session, full, explain=p.explain)
    fitted = within_budget(nothing_close(answer, p.query), p.max_chars)  # a budget it refuses: nothing counted
    if p.max_chars is not None:
        count_access(session, [hit["id"] for hit in fitted["results"]], p.query)
    return respond(RecallResponse, fitted)


#
# What an agent reads is paid for in its context: recall answers compactly by default (the full
# record with `detail`), and the navigation ops read one thing at a time (a memory, its pages,
# what changed lately). Each is an operation, so the CLI, the service, the library and MCP share it.

# A compact hit: the full record's key -> the compact one ("text": what the memory says).
COMPACT_KEYS = {"id": "id", "content": "text", "type": "type", "date": "date", "space": "space", "score": "score"}
# The fields most hits of an answer share: each common value is stated once, in `defaults`, and left
# out of the hits that have it (speaker: of the hits that are turns of a conversation). On the demo
# home this is a tenth of a k=10 answer (every hit's space, most chat turns' type and speaker).
SHARED = ("space", "type", "date", "speaker")
ALL_SPACES = "all spaces"  # retrieval.scope's label for a recall over every space


def compact_recall(session: Session, full: dict[str, Any], *, explain: bool = False) -> dict[str, Any]:
    """A recall answer an agent can afford: each hit is its id, text, type, date, space and score,
    with the session title and speaker for a turn of a conversation (and its status when it is not
    plain active, its context turns and ranking channels when asked for). A value most hits share
    is given once in `defaults` instead (a hit without `type` has `defaults.type`)."""
    hits = full["results"]
    # retrieval.recall names the speaker of a turn; an older hit without the key is looked up
    turns = [h["id"] for h in hits if h.get("session_id") and "speaker" not in h]
    said = conversations.speakers_of(session.db, turns) if turns else {}
    one_space = full["scope"] != ALL_SPACES  # every hit is in it: the scope says the space once
    results = []
    for hit in hits:
        row = {short: hit[key] for key, short in COMPACT_KEYS.items()}
        row["space"] = row["space"] or spaces.UNCATEGORIZED  # no nulls: the scope's own name for it
        if one_space:
            del row["space"]
        row["score"] = round(hit["score"], COMPACT_DIGITS)
        if hit.get("status") not in (None, "active"):
            row["status"] = hit["status"]  # an archived decision is history, not the current answer
        if hit.get("session_id"):
            row["session"] = hit.get("session_title") or ""
            # always given on a turn, "" when unknown: a turn without the key reads `defaults.speaker`
            row["speaker"] = hit["speaker"] if "speaker" in hit else said.get(hit["id"], "")
        if "context" in hit:
            row["context"] = [{"speaker": t["speaker"], "text": t["content"]} for t in hit["context"]]
        if explain:
            row["channels"], row["multipliers"] = hit["channels"], hit["multipliers"]
        results.append(row)
    # Not the query: the agent sent it, and it was a twentieth of the answer (an empty answer's
    # message quotes it).
    out: dict[str, Any] = {"scope": full["scope"]}
    out.update({key: full[key] for key in ("as_of", "window", "warnings") if full.get(key)})
    defaults, hits_left = shared_once(results)
    if defaults:
        out["defaults"] = defaults  # before the hits: read first, it says what a hit leaves out
    out["results"] = hits_left
    if full.get("nothing_close") or not results:  # the relevance floor held them back: say how close
        out.update({key: full[key] for key in ("floor", "best") if full.get(key) is not None})
        if out.get("best") is not None:
            out["best"] = under(out["best"], COMPACT_DIGITS)  # as the hits' scores are given
        out["nothing_close"] = True  # an empty scope has nothing close either
        if full.get("empty_home"):
            out["empty_home"] = True
    return out


COMPACT_DIGITS = 2  # a compact hit's score and the nearest score under the floor: what an agent needs


def under(score: float, digits: int) -> float:
    """`score` to `digits` decimals, rounded down: a best score under the floor stays under it when
    shown (0.4496 under 0.45 rounded to nearest read 0.45, "best 0.45, floor 0.45")."""
    scale = 10**digits
    return math.floor(round(score * scale, 6)) / scale


def shared_once(hits: Rows) -> tuple[dict[str, Any], Rows]:
    """The values of SHARED that most `hits` have, once, and the hits without them; a value is
    moved only when that makes the JSON shorter (two hits in the same space stay as they are)."""
    defaults: dict[str, Any] = {}
    for key in SHARED:
        values = [hit[key] for hit in hits if key in hit]
        if not values:
            continue
        common = max(dict.fromkeys(values), key=values.count)  # the most frequent; the best hit's on a tie
        each = _size({key: common}) - 1  # `"key":value,` on every hit that has it, and once in defaults
        saved = (values.count(common) - 1) * each - (0 if defaults else len(',"defaults":{}'))
        if saved > 0:
            defaults[key] = common
            hits = [{k: v for k, v in hit.items() if k != key or v != common} for hit in hits]
    return defaults, hits


def expand(answer: dict[str, Any]) -> Rows:
    """A compact answer's hits with `defaults` filled back in (speaker only on turns of a conversation,
    space from a one-space scope)."""
    defaults = answer.get("defaults") or {}
    if answer["scope"] != ALL_SPACES and answer["results"] and "text" in answer["results"][0]:
        defaults = {"space": answer["scope"], **defaults}
    out = []
    for hit in answer["results"]:
        given = {k: v for k, v in defaults.items() if k != "speaker" or "session" in hit}
        out.append({**given, **hit})
    return out


EMPTY_HOME = "nothing is stored in this home yet: capture a memory or import a chat export or notes first"


def nothing_close(result: dict[str, Any], query: str) -> dict[str, Any]:
    """An empty answer says so in words, with the nearest score when a relevance floor held it back."""
    if result["results"] and not result.get("nothing_close"):
        return result
    if result.get("empty_home"):
        return {**result, "message": EMPTY_HOME}
    message = f"nothing close to {query!r}"
    if result.get("best") is not None and result.get("floor") is not None:
        message += f" ({nearness(result['best'], result['floor'])}"
        message += "; these are the nearest anyway)" if result["results"] else "; no_floor: true shows the nearest)"
    return {**result, "message": message}


def nearness(best: float, floor: float) -> str:
    """How close the nearest came, in words: a score under the floor, or (tuning.NOTHING_STATES)
    that no memory in scope states what the question asks about the person ("who is my dentist")."""
    if best <= tuning.NOTHING_STATES:
        return "no memory in scope states it"
    return f"best {best}, floor {floor}"


def _size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


# Where a cut may fall: before whitespace (not a no-break space), or beside a character of a script
# written without spaces (Han, kana: East Asian wide); never inside a grapheme (`\X`: a letter and
# its combining marks, an emoji sequence joined by ZWJ, a flag).
NO_BREAK = "\u00a0\u2007\u202f\u2060\ufeff"
GRAPHEME = regex.compile(r"\X")


def _wide(grapheme: str) -> bool:
    return unicodedata.east_asian_width(grapheme[0]) in "WF" and not unicodedata.category(grapheme[0]).startswith("S")


def _breaks_before(left: str, right: str) -> bool:
    if right[0].isspace() and right[0] not in NO_BREAK:
        return not left[0].isspace()
    return _wide(left) or _wide(right)


def _cut_at_word(text: str, room: int) -> str:
    """`text` in at most `room` characters, with an ellipsis when cut: cut before a space or beside
    a CJK character, never inside a word or a grapheme; only the ellipsis when no cut fits."""
    if len(text) <= room:
        return text
    graphemes = GRAPHEME.findall(text)
    end = kept = 0
    for left, right in itertools.pairwise(graphemes):
        end += len(left)
        if end > room - 1:
            break
        if _breaks_before(left, right):
            kept = end
    return text[:kept].rstrip() + "…"


def _fit_first(hit: dict[str, Any], used: int, max_chars: int) -> dict[str, Any]:
    """The first hit with its text cut so the answer fits `max_chars`; InvalidInput naming the
    budget that would hold it when even the hit without its text is too long (a detailed hit)."""
    key = "text" if "text" in hit else "content"

    def cut(room: int) -> dict[str, Any]:
        return {**hit, key: _cut_at_word(hit[key], room), "truncated": True}

    need = used + _size(cut(0))
    if need > max_chars:
        detail = ", or ask for compact hits (--compact)" if key == "content" else ""
        raise InvalidInput(f"--max-chars {max_chars} cannot hold the best hit: give --max-chars {need} or more{detail}")
    low, high = 0, len(hit[key]) - 1  # the most characters of text that fit (JSON escapes count)
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if used + _size(cut(mid)) <= max_chars else (low, mid - 1)
    return cut(low)


def within_budget(result: dict[str, Any], max_chars: int | None) -> dict[str, Any]:
    """Trim the hit list (lowest first) so the answer's JSON fits `max_chars`; a hit's text is
    never cut inside a word (only the first hit, when it alone is too long, is shortened; a budget
    that cannot hold even its other fields is refused)."""
    if max_chars is None:
        return result
    envelope = _size({**result, "results": [], "trimmed": 0})
    kept: Rows = []
    used = envelope
    for hit in result["results"]:
        size = _size(hit) + (1 if kept else 0)
        if used + size > max_chars:
            if not kept:
                kept.append(_fit_first(hit, used, max_chars))
            break
        kept.append(hit)
        used += size
    trimmed = len(result["results"]) - len(kept)
    return {**result, "results": kept, **({"trimmed": trimmed} if trimmed else {})}
