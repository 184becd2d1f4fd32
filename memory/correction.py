"""Supersede by tier, and the model-free contradiction pre-filter.

Both run inside the capture transaction (called from `capture._store_one` after the new row is
inserted as 'active'), so nothing here commits on its own.

Supersede (`capture --supersedes OLD`). The tier is the more protective of the two memories'
tiers, so a note cannot quietly replace a preference:

    Ephemeral   applied silently
    Standard    applied, unconfirmed (a notice says how to confirm)
    Protected   the new row becomes 'pending_revision' and a 'revision' review item is queued;
                the old memory stays current until a person accepts

Applying never deletes: the old row gets `valid_to` = the new row's `valid_from` and
`superseded_by`; its status becomes 'archived' when a decision is involved (still visible,
ranked lower) and 'superseded' otherwise (hidden).

Contradictions (Wenlan `fields_may_contradict`, no model). Candidates are active memories of
the same type and space (SQL narrows, newest CANDIDATE_CAP only). Per type:

    preference, decision   context (applies_when / context) bigram Jaccard > 0.5 and the value
                           (preference / decision) differs
    identity, fact         claim bigram Jaccard > 0.3 and the claims differ (fact: same domain
                           when both give one)

Most captures carry no fields, so a missing claim or value is the content and a missing context
is the content too. Character bigrams alone cannot judge whole sentences (common English pairs
dominate): importing the 2,913 LoCoMo dev dialogue turns as facts, the claim rule alone flagged
95% of captures (7,992 items). So whenever a side falls back to its content, the two texts must
also share > WORD_OVERLAP (0.4) of their words (word Jaccard): the same import then flags 1.2%
(34 captures, 39 items), and "runs Debian 11" vs "runs Debian 12" or "live in Berlin" vs "live
in Munich" are still caught. A text that only adds words to the other (`only_adds`: nothing
replaced, no negation or change word added) is a restatement, not a contradiction. A false
positive costs a person one keypress; a silent overwrite costs their trust. Lessons, gotchas
and notes are never checked (Wenlan does the same).
A hit on a Protected memory queues a 'revision' (accept = the new one supersedes the old); when
an agent made the capture, the new row is held as a pending revision until a person accepts.
A hit on a Standard memory queues a 'contradiction' (keep both / keep new / keep old).
"""

from __future__ import annotations

import json
import re
from collections.abc import Set
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

from memory import audit, clock, life, review, statements, supersede, tiers, tokens
from memory.db import Database, execute_in
from memory.errors import NotFound
from memory.supersede import current_version, link, refuse_replaced
from memory.supersede import row as _row
from memory.textcache import text_cache
from memory.tokens import WORD, fold, word_set

CONTEXT_OVERLAP = 0.5
CLAIM_OVERLAP = 0.3
# Extra word-level check when a side falls back to its content (see the module docstring).
WORD_OVERLAP = 0.4
# Newest same-type same-space active memories compared per capture. Each costs ~8 µs of CPU
# (LoCoMo turns as facts: 100 candidates ≈ 0.9 ms per capture); older ones are not compared.
CANDIDATE_CAP = 100
MAX_ITEMS = 3  # candidates one capture's review item lists (the item itself is one)
# Chosen on the dev data (`QUIRE_EMBEDDER=fake quire eval contradictions`): LoCoMo 21.0
# open/1,000, LongMemEval updates caught 62.9%; with `only_adds` and `_RELATIVE_DAY` added
# later: LoCoMo 17.9 open/1,000 (53 of 2,954), templated 0.0, updates caught still 62.9%.
LONG_WORDS = 30
SUBJECT_WORDS = 3  # a template's first difference within the opening words names another subject
_RANK = {tiers.Tier.EPHEMERAL: 0, tiers.Tier.STANDARD: 1, tiers.Tier.PROTECTED: 2}
_VALUE_CONTEXT = {"preference": ("preference", "applies_when"), "decision": ("decision", "context")}
_CLAIM_TYPES = ("identity", "fact")


def tier_between(new_type: str, old_type: str) -> tiers.Tier:
    """The more protective tier of the two memories."""
    return max(tiers.tier_of(new_type), tiers.tier_of(old_type), key=_RANK.__getitem__)


def apply_supersede(db: Database, new_id: str, old_id: str, *, actor: str) -> list[str]:
    """Apply the tier rules for `new_id` superseding `old_id`; returns warnings."""
    new, old = _row(db, new_id), _row(db, old_id)
    if new is None or old is None:
        raise NotFound(f"--supersedes {old_id}: no such memory; check the id with `quire recall` or `quire log`")
    if old["status"] in ("forgotten", "rejected", "pending_revision"):
        why = {
            "forgotten": "was forgotten",
            "rejected": "was a dismissed change",
            "pending_revision": "is itself a change waiting for review (`quire curate`)",
        }[old["status"]]
        db.execute("UPDATE memories SET supersedes = NULL WHERE id = ?", (new_id,))
        audit.record(db, actor, "supersede", "memory", old_id, by=new_id, applied=False, why=old["status"])
        return [f"--supersedes {old_id}: that memory {why}; {new_id} was stored as a new memory instead"]
    refuse_replaced(db, old_id)  # capture refused it before staging; a caller that did not is refused here
    target_id = current_version(db, old_id)
    target = _row(db, target_id) or old
    warnings = []
    if new["valid_from"] < target["valid_from"]:
        warnings.append(
            f"{new_id} is valid from {new['valid_from'][:10]}, before {target_id} "
            f"({target['valid_from'][:10]}); check --valid-from"
        )
    tier = tier_between(new["memory_type"], target["memory_type"])
    if tier is tiers.Tier.PROTECTED:
        item = _propose(db, new, target, actor=actor, reason="supersede")
        return [
            *warnings,
            f"{target_id} is protected ({target['memory_type']}): the change waits for a person as "
            f"review item {item}; accept it with `quire curate accept {item}` or walk `quire curate`",
        ]
    link(db, new_id, target_id, actor=actor)
    review.close_moot(db, [target_id], actor=actor)
    if tier is tiers.Tier.STANDARD:
        warnings.append(f"{new_id} supersedes {target_id} (applied, unconfirmed; `quire confirm {new_id}` confirms it)")
    return warnings


def _propose(
    db: Database,
    new: dict[str, Any],
    old: dict[str, Any],
    *,
    actor: str,
    reason: str,
    candidates: list[Any] | None = None,
) -> int:
    """Hold `new` as a pending revision of `old` and queue it for a person."""
    mode = "archive" if "decision" in (new["memory_type"], old["memory_type"]) else "hide"
    db.execute(
        "UPDATE memories SET status = 'pending_revision', supersedes = ?, supersede_mode = ?, updated_at = ? "
        "WHERE id = ?",
        (old["id"], mode, clock.now_iso(), new["id"]),
    )
    audit.record(db, actor, "propose_revision", "memory", new["id"], of=old["id"], reason=reason)
    return _enqueue(db, "revision", new, old, actor=actor, reason=reason, pending=True, candidates=candidates)


def _enqueue(
    db: Database,
    kind: str,
    new: dict[str, Any],
    old: dict[str, Any],
    *,
    actor: str,
    reason: str,
    pending: bool,
    overlap: float | None = None,
    candidates: list[Any] | None = None,
    extra: dict[str, Any] | None = None,
) -> int:
    payload = {
        "new_id": new["id"],
        "old_id": old["id"],
        "new": new["content"],
        "old": old["content"],
        "memory_type": old["memory_type"],
        "tier": str(tier_between(new["memory_type"], old["memory_type"])),
        "reason": reason,
        "pending": pending,
    }
    if overlap is not None:
        payload["overlap"] = round(overlap, 3)
    if candidates:
        payload["candidates"] = candidates
    payload.update(extra or {})
    return review.enqueue(db, kind, [new["id"], old["id"]], payload, actor=actor)


# -- contradiction pre-filter -------------------------------------------------------------------


@text_cache(maxsize=65536)  # a capture compares against the same recent candidates again and again
def _folded(text: str) -> str:
    return tokens.name_key(text)  # "ＡＰＩ" and "API" are the same letters to the pre-filter too


@text_cache(maxsize=65536)
def bigrams(text: str) -> frozenset[str]:
    s = _folded(text)
    return frozenset(s[i : i + 2] for i in range(len(s) - 1))


def bigram_jaccard(a: str, b: str) -> float:
    """Jaccard over sets of adjacent lowercase character pairs (both empty -> 1.0)."""
    return jaccard(bigrams(a), bigrams(b))


def words(text: str) -> frozenset[str]:
    return word_set(text)


def word_jaccard(a: str, b: str) -> float:
    return jaccard(words(a), words(b))


def jaccard(x: frozenset[str], y: frozenset[str]) -> float:
    """Shared items over all items of two sets (both empty -> 1.0)."""
    if not x and not y:
        return 1.0
    shared = len(x & y)
    return shared / (len(x) + len(y) - shared)


def _same(a: str, b: str) -> bool:
    return _folded(a) == _folded(b)


@text_cache(maxsize=65536)
def _fields(raw: str | None) -> dict[str, Any]:
    return json.loads(raw) if raw and raw != "{}" else {}


def _text(fields: dict[str, Any], key: str) -> str | None:
    value = fields.get(key)
    text = str(value).strip() if value is not None else ""
    return text or None


def _overlaps(a: str, b: str, threshold: float, *, by_words: bool) -> float | None:
    """Bigram Jaccard of a and b when it beats `threshold` (and, for content, word Jaccard too)."""
    # The word check is cheaper than the bigram one and rejects almost every pair: run it first.
    if by_words and word_jaccard(a, b) <= WORD_OVERLAP:
        return None
    x, y = bigrams(a), bigrams(b)
    if x and y and min(len(x), len(y)) <= threshold * max(len(x), len(y)):
        return None  # Jaccard <= smaller/larger: cannot beat the threshold
    overlap = bigram_jaccard(a, b)
    return overlap if overlap > threshold else None


def may_contradict(
    memory_type: str, old_fields: dict[str, Any], old_content: str, new_fields: dict[str, Any], new_content: str
) -> float | None:
    """The overlap score when two memories of `memory_type` may contradict, else None."""
    if memory_type in _VALUE_CONTEXT:
        value_key, context_key = _VALUE_CONTEXT[memory_type]
        old_value = _text(old_fields, value_key) or old_content
        new_value = _text(new_fields, value_key) or new_content
        if _same(old_value, new_value):
            return None
        old_context, new_context = _text(old_fields, context_key), _text(new_fields, context_key)
        if old_context is not None and new_context is not None:
            return _overlaps(old_context, new_context, CONTEXT_OVERLAP, by_words=False)
        if word_jaccard(old_content, new_content) <= WORD_OVERLAP:  # cheap, and rejects most pairs
            return None
        return _overlaps(old_context or old_content, new_context or new_content, CONTEXT_OVERLAP, by_words=False)
    if memory_type in _CLAIM_TYPES:
        old_claim, new_claim = _text(old_fields, "claim"), _text(new_fields, "claim")
        a, b = old_claim or old_content, new_claim or new_content
        if _same(a, b):
            return None
        if memory_type == "fact":
            da, db_ = _text(old_fields, "domain"), _text(new_fields, "domain")
            if da and db_ and not _same(da, db_):
                return None
        by_words = old_claim is None or new_claim is None
        overlap = _overlaps(a, b, CLAIM_OVERLAP, by_words=by_words)
        if overlap is not None and by_words and only_adds(a, b):
            return None
        return overlap
    return None


# Words whose arrival turns a restatement into a change ("I eat meat" -> "I don't eat meat",
# "I live in Berlin" -> "I used to live in Berlin"); `t` is what the word pattern leaves of n't.
_CHANGE_WORDS_TEXT = (
    "not no never nor none nothing nobody neither cannot without t anymore longer used stopped quit "
    "former formerly previously ex instead"
)
_CHANGE_WORDS = frozenset(_CHANGE_WORDS_TEXT.split())


def only_adds(a: str, b: str) -> bool:
    """One text says everything the other says and only adds to it: every content word (stop
    words aside) of one is in the other, and no negation or change word ("not", "n't", "no
    longer", "used to", ...) comes with the addition. Nothing is replaced, so it is a
    restatement or an elaboration, not a contradiction ("Thanks, Evan. I really appreciate it." /
    "Thanks, Evan. I really appreciate that. It means a lot."). A real update replaces a value
    (Debian 11 -> 12, Berlin -> Munich), so each side then has a word the other lacks.

    Measured with `QUIRE_EMBEDDER=fake quire eval contradictions` on the dev data: without this
    rule and the relative-day one (`_values`) LoCoMo was 62 open items per 2,954 facts = 21.0
    per 1,000; with both 53 = 17.9 per 1,000 (this rule alone 19.0), the templated fixture 0.0
    before and after, LongMemEval knowledge updates caught 22 of 35 = 62.9% before and after."""
    x, y = words(a), words(b)
    if not ((x - _STOP) <= y or (y - _STOP) <= x):
        return False
    return not (x ^ y) & _CHANGE_WORDS


_FIRST_PERSON = frozenset({"i", "my", "me", "we", "our", "us", "i'm", "im"})


def different_subjects(a: str, b: str) -> bool:
    """Two sentences from one template about different things ("The auth service runs on port
    8080" / "The cache service keeps ..."): they first differ within the opening words (the
    subject; not a first-person one, "I prefer tabs" / "I prefer spaces" is one person) and a
    shared stretch of at least two words (what is said about it) follows."""
    a, b = life.as_the_person(a), life.as_the_person(b)  # (an agent's "User moved" is the person's "I moved")
    x, y = WORD.findall(fold(a).casefold()), WORD.findall(fold(b).casefold())
    ops = SequenceMatcher(None, x, y, autojunk=False).get_opcodes()
    for n, (tag, i1, _, _, _) in enumerate(ops):
        if tag == "equal":
            continue
        if i1 >= SUBJECT_WORDS or _FIRST_PERSON & set(x[:i1]):
            return False
        after = ops[n + 1] if n + 1 < len(ops) else None
        return after is not None and after[0] == "equal" and after[2] - after[1] >= 2
    return False


_VALUE = re.compile(
    r"\d+(?:[.:,]\d+)*|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays"
)
# Not memory/tokens.STOPWORDS, by measurement: that set (plus these chat fillers) caught 21 of 35
# LongMemEval knowledge updates against 22 with this one (LoCoMo 17.9 per 1,000 both ways,
# `quire eval contradictions`): the search set drops words such as "more", "only" or the negations
# "didn", "isn", "don", whose change is the update: a search can ignore them, a contradiction
# check cannot.
_STOP_WORDS = (
    "a an the and or but of to in on at for with by from as is are was were be been being it its this that "
    "these those i me my we our you your he she they them his her their so too very just also really "
    "have has had do does did not no yes if then than there here what which who whom how about into over "
    "said hey hi hello yeah oh wow thanks thank good great s t ll re ve d m "
)
_STOP = frozenset(_STOP_WORDS.split())


@text_cache(maxsize=65536)
def _phrases(text: str, n: int = 3) -> frozenset[tuple[str, ...]]:
    """Content-word n-grams: what a statement is about ("abstract ocean sculpture")."""
    toks = [t for t in WORD.findall(fold(text).casefold()) if t not in _STOP and not _VALUE.fullmatch(t)]
    return frozenset(tuple(toks[i : i + n]) for i in range(len(toks) - n + 1))


# "last Saturday" / "next Friday" date an event (a new one each time); they state no value a
# later text could change. Without this, LoCoMo's "I ran a charity race ... last Saturday" /
# "Last Friday, I went to a ... workshop" was an update; alone it takes LoCoMo's open items from
# 62 to 59 (with `only_adds` too: 53).
_RELATIVE_DAY = re.compile(
    r"\b(?:last|next|this|past|coming)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
)


@text_cache(maxsize=65536)
def _values(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(numbers, weekdays) the text states; a relative day ("last Friday") is not one."""
    found = _VALUE.findall(_RELATIVE_DAY.sub(" ", text.casefold()))
    days = frozenset(v.rstrip("s") for v in found if v[0].isalpha())
    return frozenset(v for v in found if v[0].isdigit()), days


def changed_value(a: str, b: str) -> bool:
    """The same thing stated with another number or day: a shared content-word trigram and, for
    numbers or for weekdays, each side has one the other lacks ("5K personal best of 27:12" ->
    "personal best time of 25:50"; "cocktail class on Thursday" -> "on Fridays")."""
    changed = False
    for va, vb in zip(_values(a), _values(b), strict=True):
        if va and vb and (va - vb) and (vb - va):
            changed = True
    if not changed:
        return False
    # Long conversational turns ("... my to-watch list has 25 titles now ...") share fewer exact
    # trigrams; two-word phrases catch them. Short sentences need three words in common, or
    # template facts ("The auth service runs on port 8000" / "... keeps logs for 7 days") match.
    n = 2 if min(len(a.split()), len(b.split())) > LONG_WORDS else 3
    return bool(_phrases(a, n) & _phrases(b, n))


def compared(memory_type: str) -> bool:
    """Whether memories of this type are checked for contradictions at all (a caller that knows
    the type need not store-and-read-back a note to learn that it is not)."""
    return memory_type in _VALUE_CONTEXT or memory_type in _CLAIM_TYPES


def check_contradictions(db: Database, memory_id: str, *, actor: str) -> list[str]:
    """Queue at most one review item for likely contradictions of `memory_id`; returns warnings.

    The rules do not depend on who captured (CLI, service, MCP): a hit on a Protected memory
    always holds the new one as a pending revision until a person accepts it, so identity and
    preferences are never replaced or shadowed without a person. Further candidates are listed
    inside the one item (`payload.candidates`) rather than as items of their own."""
    new = _row(db, memory_id)
    if new is None or not compared(new["memory_type"]):
        return []
    hits = _contradiction_hits(db, new)
    if not hits:
        return []
    hits.sort(key=lambda h: -h[0])
    score, old = hits[0]
    others = [{"id": o["id"], "text": o["content"], "overlap": round(sc, 3)} for sc, o in hits[1:MAX_ITEMS]]
    also = f" (also close to {', '.join(o['id'] for o in others)})" if others else ""
    # A memory dated before the one it contradicts (a vault's January note imported after its June
    # one, a JSONL line of last year) is the older word: the item offers the other as the change,
    # as the days say, and nothing is held (the later one is current already).
    said_before = (new["valid_from"] or "") < (old["valid_from"] or "")
    protected = (
        tiers.tier_of(new["memory_type"]) is tiers.Tier.PROTECTED
        or tier_between(new["memory_type"], old["memory_type"]) is tiers.Tier.PROTECTED
    )
    if protected and not said_before:
        item = _propose(db, new, old, actor=actor, reason="contradiction", candidates=others)
        return [
            f"{memory_id} may contradict protected {old['id']}{also}; held for review as item {item} "
            f"(`quire curate accept {item}` applies it)"
        ]
    later, earlier = (old, new) if said_before else (new, old)
    item = _enqueue(
        db,
        "revision" if protected else "contradiction",
        later,
        earlier,
        actor=actor,
        reason="contradiction",
        pending=False,
        overlap=score,
        candidates=others,
    )
    if said_before:
        return [
            f"{memory_id} (valid from {new['valid_from'][:10]}) may contradict {old['id']}, said later "
            f"({old['valid_from'][:10]}){also}; queued as review item {item} (`quire curate accept {item}` "
            f"keeps {old['id']} current, this its history)"
        ]
    return [
        f"{memory_id} may contradict {old['id']} (overlap {score:.2f}){also}; queued as review item {item} "
        f"— resolve with `quire curate`"
    ]


def _contradiction_hits(db: Database, new: dict[str, Any]) -> list[tuple[float, dict[str, Any]]]:
    """(score, old memory) for each live memory of `new`'s type and space it may contradict."""
    new_fields = _fields(new["structured_fields"])
    candidates = db.dicts(
        "SELECT id, content, memory_type, structured_fields, space, status, valid_from FROM memories "
        "WHERE memory_type = ? AND space IS ? AND status = 'active' AND id != ? "
        "ORDER BY rowid DESC LIMIT ?",  # newest first, straight off idx_memories_status (no sort)
        (new["memory_type"], new["space"], new["id"], CANDIDATE_CAP),
    )
    hits = []
    new_said = _said(new["content"], new_fields)
    for old in candidates:
        if new_fields and old["content"] == new["content"] and _fields(old["structured_fields"]) != new_fields:
            hits.append((1.0, old))  # the same words with another claim: the fields are what changed
            continue
        # By meaning first: the same attribute of the person with another value is a change,
        # with the same value a restatement (whatever the bigrams say).
        old_said = _said(old["content"], _fields(old["structured_fields"])) if new_said else ()
        if old_said and life.changes(old_said, new_said):
            hits.append((1.0, old))
            continue
        if old_said and life.restates(old_said, new_said):
            continue
        score = may_contradict(
            new["memory_type"], _fields(old["structured_fields"]), old["content"], new_fields, new["content"]
        )
        if score is not None and not different_subjects(old["content"], new["content"]):
            hits.append((score, old))
        elif score is None and not new_fields and changed_value(old["content"], new["content"]):
            # Long turns: the subject is not in the opening words, so no template check here.
            hits.append((word_jaccard(old["content"], new["content"]), old))
    return hits


# -- a person's own words about their life (chat imports) --------------------------------------

LIFE_CANDIDATES = 500  # the newest active identity/preference/fact memories a statement is compared with
LIFE_REASON = "life_change"


def _said(content: str, fields: dict[str, Any]) -> tuple[life.Said, ...]:
    """The attributes a memory states: read from its content, else from its claim."""
    found = life.read(content)
    claim = _text(fields, "claim")
    # (a subjectless note, "Lives in Boston", is read as the person's by `life.read` itself: `life.subjectless`)
    for text in (claim, f"I am a {claim}", f"I {claim}") if claim and not found else ():
        found = life.read(text)
        if found:
            break
    return found


def _life_fields(found: tuple[life.Said, ...], memory_type: str) -> dict[str, Any]:
    claim = "; ".join(s.claim for s in found)
    if memory_type == "preference":
        return {"preference": claim, "applies_when": ", ".join(s.attribute for s in found)}
    return {"claim": claim}


def heard(db: Database, turns: list[tuple[str, str]], *, actor: str) -> list[str]:
    """Type a person's own chat turns that state something about their life, and act on changes.

    turns: (memory id, content) of turns just imported from the person's chats with an assistant, or
    paragraphs of their own notes (a journal's "I live in Warsaw now": a `fact` until read).
    A turn that states an attribute ("I moved to Lisbon") becomes identity, preference or fact
    (memory/life.py) with the claim in its fields; its confidence stays the turn's. When it gives
    an attribute another value than the latest earlier statement of it:
      fact                 the new one supersedes the old at once (the old stays in history), when
                           the old is one short sentence; a longer turn says more than the fact (an
                           allergy beside the old GP): a review item as below, so nothing it says
                           leaves recall unasked;
      identity/preference  one review item (a 'revision', reason life_change); both stay active
                           and recall ranks the newer first, marked awaiting review, until a
                           person accepts (the older becomes history) or dismisses (nothing moves).
    The same value again is a restatement: nothing opens. Returns one line per change.
    """
    return act_on(db, read_turns(turns), actor=actor)


Typed = tuple[str, tuple[life.Said, ...], str]  # (memory id, what it states, the type it becomes)


@dataclass(frozen=True)
class Heard:
    """What the rules read in a person's own turns (`read_turns`, outside any transaction: about 2 ms
    a turn): the turns that state something, and the untyped ones that are mostly a part played."""

    typed: tuple[Typed, ...] = ()
    played: tuple[str, ...] = ()
    others: tuple[str, ...] = ()  # (session 45) turns whose writer says they are someone else (`life.writer_of`)

    def among(self, memory_ids: Set[str], marked: Set[str] = frozenset()) -> Heard:
        """Only what was read in these turns (the others changed since they were read), and none
        marked as played (or another writer's) again when it is `marked` already."""
        played = tuple(m for m in self.played if m in memory_ids and m not in marked)
        others = tuple(m for m in self.others if m in memory_ids and m not in marked)
        return Heard(tuple(t for t in self.typed if t[0] in memory_ids), played, others)


@dataclass(frozen=True)
class Decided:
    """What a person already decided, that hearing old turns again must not ask again (memory/rehear.py):
    the life changes (attribute, was, now, casefolded) of the items they accepted or dismissed. A fact
    they confirmed or edited is not superseded at once either: the change waits for them as an item."""

    changes: frozenset[tuple[str, str, str]] = frozenset()

    def asked(self, changed: list[tuple[life.Said, life.Said]]) -> bool:
        """Whether one of these (was, now) changes was decided."""
        return any((now.attribute, was.shown.casefold(), now.shown.casefold()) in self.changes for was, now in changed)


def read_turns(turns: list[tuple[str, str]]) -> Heard:
    """What the rules read in each turn (no store read: outside any transaction)."""
    typed, played, others = [], [], []
    for memory_id, content in turns:
        if life.writer_of(content, None) is not None:  # "vern here on glendas account": not the person's words
            others.append(memory_id)
            continue
        found = life.read(content)
        kind = life.kind_of(found)
        if kind is not None:
            typed.append((memory_id, found, kind))
        elif life.played(content):
            played.append(memory_id)
    return Heard(tuple(typed), tuple(played), tuple(others))


def act_on(db: Database, heard: Heard, *, actor: str, decided: Decided | None = None) -> list[str]:
    """Type the turns `heard` read and act on the changes they state (`heard`); `decided`: hearing
    old turns again (memory/rehear.py), what a person decided stays as it is."""
    if heard.played:
        _mark_played(db, list(heard.played), actor)
    if heard.others:
        _mark_played(db, list(heard.others), actor, OTHER_FIELDS)
    if not heard.typed:
        return []
    notes = []
    with db.transaction():
        statements.record(db, [(memory_id, [said.attribute for said in found]) for memory_id, found, _ in heard.typed])
        # One at a time: each is compared with what was typed before it (in time, see _life_changes).
        for memory_id, found, kind in heard.typed:
            db.execute(
                "UPDATE memories SET memory_type = ?, structured_fields = ?, updated_at = ? "
                "WHERE id = ? AND memory_type IN ('note', 'fact') AND status = 'active'",
                (kind, json.dumps(_life_fields(found, kind), sort_keys=True), clock.now_iso(), memory_id),
            )
            notes += _life_changes(db, memory_id, found, actor=actor, decided=decided)
        ids, types = [t[0] for t in heard.typed], [t[2] for t in heard.typed]
        audit.record(db, actor, "type_life", "batch", ids[0], ids=ids, types=types)
    return notes


# A turn mostly in a part played or a story's text (memory/life.played) keeps that in its fields: recall
# ranks it under the person's own words for a question about them (retrieval/recall.py `_own_voice`),
# read with the row and not again per query.
PLAYED_FIELDS = json.dumps({"voice": "played"}, sort_keys=True)
# (session 45: glenda) A turn of the person's account another writer said ("vern here on glendas account", and his
# turns after it: memory/chats.py `_writers`): not heard as the person's, marked so (recall ranks it as a part played,
# and memory/rehear.py hears only untouched turns: never it).
OTHER_FIELDS = json.dumps({"voice": "other"}, sort_keys=True)


def _mark_played(db: Database, memory_ids: list[str], actor: str, fields: str = PLAYED_FIELDS) -> None:
    """Mark untyped turns that are mostly a part played or a story's text (`PLAYED_FIELDS`), or another writer's
    (`OTHER_FIELDS`)."""
    with db.transaction():
        execute_in(
            db,
            "UPDATE memories SET structured_fields = ? WHERE memory_type = 'note' AND structured_fields = '{}' "
            "AND id IN ({marks})",
            memory_ids,
            before=(fields,),
        )
        audit.record(
            db,
            actor,
            "mark_played" if fields == PLAYED_FIELDS else "mark_other",
            "batch",
            memory_ids[0],
            ids=memory_ids,
        )


def owners_named(db: Database) -> frozenset[str]:
    """The account owner's name as the turns of another writer stored before gave it (`life.owner_named`: "vern
    here on glendas account"), so an import of another export of the account knows it from its first turn."""
    rows = db.rows("SELECT content FROM memories WHERE structured_fields = ? AND status = 'active'", (OTHER_FIELDS,))
    return frozenset(name for (content,) in rows for name in life.owner_named(str(content)))


def said_by_another(db: Database, memory_ids: list[str], *, actor: str) -> None:
    """Mark the turns another writer on the person's account said (`OTHER_FIELDS`): none is heard as theirs."""
    if memory_ids:
        _mark_played(db, memory_ids, actor, OTHER_FIELDS)


Statement = tuple[dict[str, Any], life.Said]  # a memory row and one thing it says


def _said_at(row: dict[str, Any]) -> tuple[str, int]:
    """When a statement was said, and among those of one moment the order they were stored (rowid):
    WhatsApp's times have no seconds, and "I live in Leeds" corrected to "York" within the minute
    had been ordered by the two random ids, the correction read as the older half of the time."""
    return (row["valid_from"], row["rowid"])


def _latest_statements(
    rows: list[dict[str, Any]], found: tuple[life.Said, ...], mine_at: tuple[str, int]
) -> tuple[dict[str, Statement], dict[str, list[dict[str, Any]]]]:
    """Per attribute of `found`, the statement said just before this one (else, for a statement
    imported after later ones, e.g. an export listing the newest chats first, the one just after
    it): the same value is a restatement, another value a change between the two. With, per
    attribute, the rows that said it earlier still."""
    latest: dict[str, Statement] = {}
    after: dict[str, Statement] = {}
    earlier: dict[str, list[dict[str, Any]]] = {}
    for row in sorted(rows, key=_said_at):
        for said in _said(row["content"], _fields(row["structured_fields"])):
            if not any(s.attribute == said.attribute for s in found):
                continue
            if _said_at(row) > mine_at:
                after.setdefault(said.attribute, (row, said))
                continue
            if said.attribute in latest:
                before = latest[said.attribute]
                if life.shortens(before[1], said):
                    # a short form of the value before ("the council" after "York Council"): the fuller
                    # one stays what a later value is compared with ("Leeds City Council" is a change)
                    earlier.setdefault(said.attribute, []).append(row)
                    continue
                earlier.setdefault(said.attribute, []).append(before[0])
            latest[said.attribute] = (row, said)
    for attribute, found_after in after.items():
        latest.setdefault(attribute, found_after)
    return latest, earlier


def _paired(
    latest: dict[str, Statement],
    rows: list[dict[str, Any]],
    found: tuple[life.Said, ...],
    content: str,
    mine_at: tuple[str, int],
) -> dict[str, Statement]:
    """(session 45: glenda) `latest` with each statement said before this one that is not what it changes put back to
    the one it does: the value the text names as replaced ("amlodipine instead of lisinopril": the lisinopril; "dr
    kowal retired": none where kowal was never said), or the last medicine for the same condition (metformin after
    lisinopril is one more: `life.another_condition`); none where there is no such statement."""
    for said in found:
        kept = latest.get(said.attribute)
        if kept is None or _said_at(kept[0]) > mine_at:
            continue
        named = life.replaces(content, said.attribute)
        if named is None and not life.another_condition(kept[1], said):
            continue
        if named is not None and life.replaced_by(named, kept[1]):
            continue
        earlier = [
            (row, s)
            for row in sorted(rows, key=_said_at, reverse=True)
            if _said_at(row) < mine_at
            for s in _said(row["content"], _fields(row["structured_fields"]))
            if s.attribute == said.attribute and not life.ended(s)
        ]
        fits = (
            (st for st in earlier if life.replaced_by(named, st[1]))
            if named is not None
            else (st for st in earlier if not life.another_condition(st[1], said))
        )
        if (instead := next(fits, None)) is None:
            del latest[said.attribute]
        else:
            latest[said.attribute] = instead
    return latest


def _changed_pairs(
    found: tuple[life.Said, ...], latest: dict[str, Statement], earlier: dict[str, list[dict[str, Any]]]
) -> tuple[dict[str, list[tuple[life.Said, life.Said]]], dict[str, list[dict[str, Any]]]]:
    """Per other memory: the (theirs, mine) statements that differ, and the rows said before it."""
    pairs: dict[str, list[tuple[life.Said, life.Said]]] = {}
    others: dict[str, list[dict[str, Any]]] = {}
    for mine in found:
        if mine.attribute not in latest:
            continue
        row, theirs = latest[mine.attribute]
        if life.same(theirs, mine):
            continue
        pairs.setdefault(row["id"], []).append((theirs, mine))
        others.setdefault(row["id"], []).extend(r for r in earlier.get(mine.attribute, []) if r["id"] != row["id"])
    return pairs, others


# The most words a turn holds and still says only its statement ("My dentist is Dr. Roux now, two
# streets from us"); a longer one says more, however its sentences are punctuated ("been vegetarian
# for like 5 years but since I started lifting at Planet Fitness I cannot hit my protein ... ideas?").
STATEMENT_WORDS = 16


def _only_the_statement(content: str) -> bool:
    """Whether a turn says one thing only: one sentence of at most STATEMENT_WORDS words."""
    return len(life.sentences(content)) <= 1 and len(content.split()) <= STATEMENT_WORDS


def _ended_since_changed(rows: list[dict[str, Any]], found: tuple[life.Said, ...], mine_at: tuple[str, int]) -> bool:
    """An ending imported after a later change of what ended ("tonight was my last shift at Tuscany
    Table", from the other export, after "I'm a realtor with Sunstate" had changed the employer): what
    it says is in that change already, so it opens no item of its own (nor do the job's bound things)."""
    gone = {s.attribute for s in found if life.ended(s)}
    if not gone:
        return False
    for row in rows:
        if _said_at(row) > mine_at:
            said = _said(row["content"], _fields(row["structured_fields"]))
            if any(s.attribute in gone and not life.ended(s) for s in said):
                return True
    return False


def _said_between(
    db: Database,
    me: dict[str, Any],
    rows: list[dict[str, Any]],
    found: tuple[life.Said, ...],
    latest: dict[str, Statement],
    values: frozenset[str],
    *,
    actor: str,
    heard_again: bool = False,
) -> list[str]:
    """A statement imported after a later one, said between an open item's two sides with the value
    its new side has ("I still smoke" 2023, "I quit smoking last year" 2024 opened an item; then the
    other export's "3 months since I quit" of late 2023): the change is this one's (it opens its own
    item against the old side), and the later item only restates it: closed, nothing rejected. Said
    with a third value, the later change starts from it (`_starts_from`)."""
    mine_at = _said_at(me)
    later = {r["id"]: r for r in rows if _said_at(r) > mine_at}
    notes: list[str] = []
    if not later:  # (an import in the order things were said: nothing was said after this one yet)
        return notes
    for mine in found:
        old_row = latest[mine.attribute][0] if mine.attribute in latest else None
        if old_row is None or _said_at(old_row) > mine_at:
            continue
        for item in review.items_for_memory(db, old_row["id"]):  # (the old side's items: a few)
            payload = item.payload
            new_row = later.get(str(payload.get("new_id")))
            if not item.is_open or item.kind != "revision" or payload.get("reason") != LIFE_REASON or new_row is None:
                continue
            if payload.get("old_id") != old_row["id"]:
                continue
            if payload.get("attribute") != mine.attribute:
                if mine.attribute in (payload.get("also") or []) and _third_value(
                    latest[mine.attribute][1], mine, values
                ):
                    notes += _one_of_its_changes(db, me, new_row, mine, old_row, actor, heard_again)
                continue
            theirs = [
                s
                for s in _said(new_row["content"], _fields(new_row["structured_fields"]))
                if s.attribute == mine.attribute
            ]
            # (a value bound to the new side, "married" to a partner, is in the item's payload only)
            bound = not theirs and str(payload.get("now") or "").casefold() == mine.shown.casefold()
            # (session 43: ava) a value alike both sides says neither change: "portland" heard late between
            # "hawthorne" and "sellwood", two parts of it, is no move to sellwood said first
            both = theirs and _alike(latest[mine.attribute][1], mine)
            if bound or (theirs and not both and all(life.same(mine, s) or life.shortens(mine, s) for s in theirs)):
                review.close_overtaken(db, item, actor=actor, note=f"{me['id']} said it first")
                notes.append(f"item {item.id} closed: {me['id']} said the change first")
            elif theirs and _third_value(latest[mine.attribute][1], mine, values):
                changes = _changes_to(found, _said(new_row["content"], _fields(new_row["structured_fields"])))
                notes.append(_starts_from(db, me, new_row, item, changes, old_row, actor, heard_again))
    return notes


def _one_of_its_changes(
    db: Database,
    me: dict[str, Any],
    new_row: dict[str, Any],
    mine: life.Said,
    old_row: dict[str, Any],
    actor: str,
    heard_again: bool,
) -> list[str]:
    """A statement heard late between an open item's two sides with a third value of one of the other
    changes the item lists (`also`: "manual tester at Wipro" -> "senior SDET at Ledgerly", then "joined
    Infosys" heard late): that change starts from it, an item of its own; the item's own change stays."""
    theirs = [
        s for s in _said(new_row["content"], _fields(new_row["structured_fields"])) if s.attribute == mine.attribute
    ]
    if not theirs or _alike(mine, theirs[0]):
        return []
    return [_changed(db, me, new_row, [(mine, theirs[0])], [old_row], actor=actor, heard_again=heard_again)]


def _before_a_restatement(
    db: Database,
    me: dict[str, Any],
    rows: list[dict[str, Any]],
    found: tuple[life.Said, ...],
    latest: dict[str, Statement],
    *,
    actor: str,
    decided: Decided | None,
) -> list[str]:
    """A statement imported after a later one that restated the value before it, with a value of its
    own ("London" 2023, "Walthamstow" 2024 read as London still; then "my flatshare in Whitechapel" of
    mid 2023 heard late): the later one changes this one, as an import in the order things were said
    would have compared them (session 42: rehear42)."""
    mine_at = _said_at(me)
    notes: list[str] = []
    for mine in found:
        before = latest.get(mine.attribute)
        after = _next_said(rows, mine.attribute, mine_at) if before and _said_at(before[0]) < mine_at else None
        if before is None or after is None or life.ended(mine):
            continue
        row, theirs = after
        if _alike(mine, theirs) or not _alike(before[1], theirs) or (decided and decided.asked([(mine, theirs)])):
            continue
        if any(i.is_open and i.payload.get("new_id") == row["id"] for i in review.items_for_memory(db, row["id"])):
            continue  # (an item of the later one's: `_said_between` closed or moved it)
        notes.append(_changed(db, me, row, [(mine, theirs)], [], actor=actor, heard_again=decided is not None))
    return notes


def _fuller_first(
    db: Database,
    me: dict[str, Any],
    rows: list[dict[str, Any]],
    found: tuple[life.Said, ...],
    *,
    actor: str,
    heard_again: bool,
) -> list[str]:
    """A statement imported after a later short form of its value, the old side of an open item ("a
    barista at Bayou Bean" heard late, then "still at Bayou", then "hired at the CVS"): the fuller one
    stays what a later value is compared with (`_latest_statements`), so the item starts from it."""
    notes: list[str] = []
    for mine in found:
        after = _next_said(rows, mine.attribute, _said_at(me))
        if after is None or life.ended(mine) or not life.shortens(mine, after[1]):
            continue
        for item in review.items_for_memory(db, after[0]["id"]):
            payload = item.payload
            if not item.is_open or payload.get("reason") != LIFE_REASON or payload.get("old_id") != after[0]["id"]:
                continue
            new_row = next((r for r in rows if r["id"] == payload.get("new_id")), None)
            if new_row is None or payload.get("attribute") != mine.attribute:
                continue
            changes = _changes_to(found, _said(new_row["content"], _fields(new_row["structured_fields"])))
            if changes:
                notes.append(_starts_from(db, me, new_row, item, changes, after[0], actor, heard_again))
    return notes


def _alike(a: life.Said, b: life.Said) -> bool:
    return life.same(a, b) or life.shortens(a, b) or life.shortens(b, a)


def _next_said(rows: list[dict[str, Any]], attribute: str, mine_at: tuple[str, int]) -> Statement | None:
    """The first statement of `attribute` said after `mine_at` among `rows`."""
    for row in sorted((r for r in rows if _said_at(r) > mine_at), key=_said_at):
        for said in _said(row["content"], _fields(row["structured_fields"])):
            if said.attribute == attribute:
                return row, said
    return None


def _third_value(old: life.Said, mine: life.Said, values: frozenset[str]) -> bool:
    """Whether a statement said between an open item's two sides gives a value of its own: neither the
    old side's (restated: `_old_said_later` moves the item to it) nor the new side's (`_said_between`)."""
    if life.ended(mine):  # an ending is no value a later change starts from (`_ended_since_changed`)
        return False
    return not life.same(old, mine) and not life.shortens(old, mine) and old.value not in values


def _changes_to(found: tuple[life.Said, ...], theirs: tuple[life.Said, ...]) -> list[tuple[life.Said, life.Said]]:
    """The (mine, theirs) pairs of the attributes a later statement gives another value, in its order."""
    mine = {m.attribute: m for m in reversed(found)}  # (the first statement of each attribute)
    return [
        (mine[t.attribute], t)
        for t in theirs
        if t.attribute in mine and not (life.same(mine[t.attribute], t) or life.shortens(mine[t.attribute], t))
    ]


def _starts_from(
    db: Database,
    me: dict[str, Any],
    new_row: dict[str, Any],
    item: review.ReviewItem,
    changes: list[tuple[life.Said, life.Said]],
    old_row: dict[str, Any],
    actor: str,
    heard_again: bool,
) -> str:
    """A statement imported after a later one, said between an open item's two sides with a third value
    (Austin, then Nashville heard late, then South Congress: the item Austin -> South Congress): the
    later change starts from this one, as an import in the order things were said would have compared
    them (session 42: rehear42). The item is closed as overtaken and the change from this one made."""
    review.close_overtaken(db, item, actor=actor, note=f"{me['id']} said another value between")
    earlier = [{"id": c.get("id"), "content": c.get("text")} for c in item.payload.get("candidates") or []]
    made = _changed(db, me, new_row, changes, [*earlier, old_row], actor=actor, heard_again=heard_again)
    return f"item {item.id} moved: {made}"


def _old_said_later(
    db: Database,
    me: dict[str, Any],
    rows: list[dict[str, Any]],
    latest: dict[str, Statement],
    values: frozenset[str],
    *,
    actor: str,
) -> list[str]:
    """A statement imported after a later change, said between an open item's two sides with the value
    its old side has (one export's January "my GP, Dr Okafor, has been very good", after the other's May
    "my médica de família, Dra. Helena Sousa" had changed the GP said the May before): the change starts
    from the latest statement of the old value, this one, so the item moves to it (its old side among the
    earlier values its accept moves to history). `values`: what `me` itself reads as. Session 38: ines."""
    mine_at = _said_at(me)
    later = {r["id"]: r for r in rows if _said_at(r) > mine_at}
    notes: list[str] = []
    for attribute, (old_row, theirs) in latest.items() if later else ():
        # (the value itself again, not one said another way: "tester" after "manual tester" is no later
        # statement of it, tests/fixtures/arjun; nor a city's part after the city, tests/fixtures/olena)
        if _said_at(old_row) > mine_at or theirs.value not in values:
            continue
        for item in review.items_for_memory(db, old_row["id"]):
            payload = item.payload
            new_row = later.get(str(payload.get("new_id")))
            if not item.is_open or payload.get("reason") != LIFE_REASON or new_row is None:
                continue
            if payload.get("old_id") != old_row["id"] or payload.get("attribute") != attribute:
                continue
            review.close_overtaken(db, item, actor=actor, note=f"{me['id']} said the old value later")
            moved = _enqueue(
                db,
                "revision",
                new_row,
                me,
                actor=actor,
                reason=LIFE_REASON,
                pending=False,
                candidates=[{"id": old_row["id"], "text": old_row["content"]}, *(payload.get("candidates") or [])],
                extra={k: payload[k] for k in ("attribute", "was", "now", "also") if k in payload},
            )
            notes.append(f"item {item.id} moved to {me['id']}, the old value said later: review item {moved}")
    return notes


def _bound(
    rows: list[dict[str, Any]],
    content: str,
    found: tuple[life.Said, ...],
    mine_at: tuple[str, int],
    latest: dict[str, Statement],
    earlier: dict[str, list[dict[str, Any]]],
) -> tuple[life.Said, ...]:
    """What a statement changes besides what it says, with the statements before it that it changes
    (into `latest` and `earlier`): a job left ends what came with it ("I lost my job" changes "I'm an
    assistant manager", `life.job_ended`); a wedding or an engagement makes a spouse of a partner named
    as a girlfriend or a boyfriend, when nothing was said of the relationship before (`life.wedded`); a
    sport taken up changes the only exercise (or none) said before it (`life.taken_up`), once."""
    bound = life.job_ended(found)
    if bound:
        before, earlier_bound = _latest_statements(rows, bound, mine_at)
        latest |= {a: st for a, st in before.items() if _said_at(st[0]) < mine_at}
        earlier |= earlier_bound
    wed = life.wedded(found)
    said = latest.get("relationship")
    if wed and (said is None or _said_at(said[0]) > mine_at):
        partner = _latest_statements(rows, wed, mine_at)[0].get("partner")
        if partner is not None and _said_at(partner[0]) < mine_at and life.courted(partner[0]["content"]):
            latest["partner"] = partner
            bound = (*bound, *wed)
    took = life.taken_up(found)
    only = _latest_statements(rows, took, mine_at)[0].get("exercise") if took else None
    if only is not None and _said_at(only[0]) < mine_at and not _taken_up_since(rows, only[0], mine_at):
        latest["exercise"] = only
        bound = (*bound, *took)
    return (*bound, *_one_more(rows, found, content, mine_at, latest))


def _one_more(
    rows: list[dict[str, Any]],
    found: tuple[life.Said, ...],
    content: str,
    mine_at: tuple[str, int],
    latest: dict[str, Statement],
) -> tuple[life.Said, ...]:
    """(session 44) A pet added ("we adopted a second cat ... named tofu", `life.one_more`) to the one of its kind
    named before ("my cat miso"): that kind's value, both named ("miso and tofu"), a change of the one before."""
    more = life.one_more(found, content)
    before = _latest_statements(rows, more, mine_at)[0].get(more[0].attribute) if more else None
    if before is None or _said_at(before[0]) > mine_at or life.same(before[1], more[0]):
        return ()
    latest[more[0].attribute] = before
    return (life.added(before[1], more[0]),)


def _taken_up_since(rows: list[dict[str, Any]], only: dict[str, Any], mine_at: tuple[str, int]) -> bool:
    """Whether a sport was taken up between the only exercise said and now (`life.taken_up`): that one
    changed it, and a second sport taken up after it is one more, no change."""
    between = [row for row in rows if _said_at(only) < _said_at(row) < mine_at]
    return any(life.taken_up(_said(row["content"], _fields(row["structured_fields"]))) for row in between)


def _life_changes(
    db: Database, memory_id: str, found: tuple[life.Said, ...], *, actor: str, decided: Decided | None = None
) -> list[str]:
    """What the statement `memory_id` changes: per attribute, the latest other statement of it."""
    me = db.one(f"SELECT {_ROW} FROM memories WHERE id = ?", (memory_id,))
    if me is None or me["status"] != "active":
        return []
    marks = ",".join("?" * len(life.TYPES))
    rows = db.dicts(
        f"SELECT {_ROW} FROM memories WHERE memory_type IN ({marks}) AND space IS ? AND status = 'active' "
        "AND id != ? ORDER BY rowid DESC LIMIT ?",
        (*life.TYPES, me["space"], memory_id, LIFE_CANDIDATES),
    )
    mine_at = _said_at(me)
    values = frozenset(s.value for s in found)  # what it reads as itself, before the values bound to it
    latest, earlier = _latest_statements(rows, found, mine_at)
    latest = _paired(latest, rows, found, me["content"], mine_at)
    own = found
    bound = _bound(rows, me["content"], found, mine_at, latest, earlier)
    found = (*found, *bound)
    pairs, others = _changed_pairs(found, latest, earlier)
    if _ended_since_changed(rows, found, mine_at):
        ends = {*bound, *(s for s in found if life.ended(s))}
        pairs = {o: kept for o, changed in pairs.items() if (kept := [c for c in changed if c[1] not in ends])}
    notes = _said_between(db, me, rows, found, latest, values, actor=actor, heard_again=decided is not None)
    notes += _before_a_restatement(db, me, rows, own, latest, actor=actor, decided=decided)
    notes += _fuller_first(db, me, rows, own, actor=actor, heard_again=decided is not None)
    notes += _old_said_later(
        db, me, rows, {s.attribute: latest[s.attribute] for s in found if s.attribute in latest}, values, actor=actor
    )
    for old_id, changed in pairs.items():
        row = next(r for r in rows if r["id"] == old_id)
        later = _said_at(row) > mine_at
        old, new = (me, row) if later else (row, me)
        if later:  # (an ending said later whose job changed after it is in that change already)
            changed = [(b, a) for a, b in changed if not _ended_since_changed(rows, (a,), _said_at(row))]
        if not changed or (decided is not None and decided.asked(changed)):
            continue  # heard again: a change a person already accepted or dismissed is not asked again
        notes.append(
            _changed(db, old, new, changed, others.get(old_id, []), actor=actor, heard_again=decided is not None)
        )
    return notes


_ROW = "rowid, id, content, memory_type, structured_fields, space, status, valid_from, version"


def _changed(
    db: Database,
    old: dict[str, Any],
    new: dict[str, Any],
    changed: list[tuple[life.Said, life.Said]],
    history: list[dict[str, Any]],
    *,
    actor: str,
    heard_again: bool,
) -> str:
    """One change (was, now) from the statement `old` to the later `new`: the new supersedes a short
    fact at once, else a review item opens (`heard_again`: not over a fact a person confirmed or edited)."""
    (was, now), *_ = changed
    what = f"{now.attribute}: {was.shown} -> {now.shown}"
    # A fact changed applies at once, unless the older turn says more than the statement: "Dr Mehta
    # (my usual GP) was away ... I'm allergic to penicillin" must not leave recall with the new GP.
    touched = heard_again and int(old["version"]) > 1
    if all(n.memory_type == life.FACT for _, n in changed) and _only_the_statement(old["content"]) and not touched:
        supersede.link(db, new["id"], old["id"], actor=actor)
        review.close_moot(db, [old["id"]], actor=actor)  # as a supersede closes what waited on the old one
        return f"{new['id']} supersedes {old['id']} ({what})"
    earlier = list({r["id"]: r for r in history}.values())
    item = _enqueue(
        db,
        "revision",
        new,
        old,
        actor=actor,
        reason=LIFE_REASON,
        pending=False,
        candidates=[{"id": r["id"], "text": r["content"]} for r in earlier][-MAX_ITEMS:] or None,
        extra={"attribute": now.attribute, "was": was.shown, "now": now.shown}
        | ({"also": [n.attribute for _, n in changed[1:]]} if len(changed) > 1 else {}),
    )
    return f"{new['id']} changes {old['id']} ({what}); review item {item} (`quire curate accept {item}`)"
