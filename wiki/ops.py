"""One function per operation an outside caller may run: `op(session, params) -> dict`.

The dict is exactly what the CLI prints with --json, so `quire serve`, the in-process fallback
(`wiki.client.call`) and the MCP tools return the same thing. Parameters come from a person's
flags or an agent's tool call, so each op validates them strictly (pydantic, extra="forbid")
and raises quire's own errors. The actor recorded in the audit log is `session.actor`.

Module level stays light (no numpy, torch or networkx): the CLI imports `WRITES` from here on
its fast path. The work is imported inside each op.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memory.errors import InvalidInput
from memory.models import MemoryType, plain_message

if TYPE_CHECKING:
    from memory.review import ReviewItem
    from memory.session import Session

# Operations that change canonical state: a client never retries one after the request left
# (its outcome would be unknown). The service runs them, and recall (which embeds deferred
# captures and counts accesses: bookkeeping a repeat cannot harm), one at a time.
WRITES = frozenset({"capture", "curate_accept", "curate_dismiss", "forget", "sync", "store_push", "store_pull"})
EXCLUSIVE = WRITES | {"recall"}


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class RecallParams(_Params):
    query: str = Field(min_length=1, max_length=2000)
    space: str | None = None
    all_spaces: bool = False
    types: list[MemoryType] = Field(default_factory=list)
    k: int = Field(default=10, ge=1, le=1000)
    as_of: str | None = None
    explain: bool = False
    context: int = Field(default=0, ge=0, le=50)  # turns around each hit from a conversation


class ListParams(_Params):
    all: bool = False


class ItemParams(_Params):
    item_id: int = Field(ge=1)


class AcceptParams(ItemParams):
    choice: Literal["keep_new", "keep_old", "keep_both"] | None = None
    text: str | None = Field(default=None, max_length=20_000)


class ForgetParams(_Params):
    memory_id: str = Field(min_length=1, max_length=100)
    reason: str = Field(default="", max_length=1000)


class NoParams(_Params):
    pass


class PageReadParams(_Params):
    slug: str = Field(min_length=1, max_length=200)


class PageSearchParams(_Params):
    query: str = Field(min_length=1, max_length=2000)
    space: str | None = None
    k: int = Field(default=10, ge=1, le=200)


def _parse(model: type[_Params], op: str, params: dict[str, Any] | None) -> Any:
    if params is not None and not isinstance(params, dict):
        raise InvalidInput(f"{op}: parameters must be a JSON object")
    try:
        return model.model_validate(params or {})
    except ValidationError as exc:
        # Field names and messages only: the rejected values are the caller's data (maybe a secret).
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err["loc"]) or "params"
            msg = plain_message(err)
            if err["type"] == "extra_forbidden":
                msg = "unknown parameter; allowed: " + ", ".join(model.model_fields)
            parts.append(f"{where}: {msg}")
        raise InvalidInput(f"invalid {op} parameters: " + "; ".join(parts)) from None


# -- memories ----------------------------------------------------------------------------------


def capture(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """Capture one memory. params: the capture payload (content, type, fields, space, entities,
    supersedes, valid_from, source, ...) plus `defer_embed`. A rejection is a result, not an error."""
    from memory.capture import outcome_json
    from memory.models import parse_payload

    if not isinstance(params, dict):
        raise InvalidInput("capture: parameters must be a JSON object")
    data = dict(params)
    defer_embed = data.pop("defer_embed", False)
    if not isinstance(defer_embed, bool):
        raise InvalidInput("invalid capture parameters: defer_embed: must be true or false")
    payload = parse_payload({k: v for k, v in data.items() if v is not None})
    outcome = session.capture(payload, defer_embed=defer_embed)
    result = outcome_json(outcome)
    if outcome.status == "queued":  # the server was unreachable (issue 11): kept in the local outbox
        result["queued"] = outcome.key
    return result


def recall(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """Hybrid recall; the `quire recall --json` shape (query, scope, window, warnings, results)."""
    from retrieval.recall import search

    p: RecallParams = _parse(RecallParams, "recall", params)
    if p.space and p.all_spaces:
        raise InvalidInput("give space or all_spaces, not both")
    result = search(
        session,
        p.query,
        scope=p.space,
        all_spaces=p.all_spaces,
        types=p.types or None,
        k=p.k,
        as_of=p.as_of,
        explain=p.explain,
        context=p.context,
    )
    return result.as_json()


def forget(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """Forget a memory and tombstone its text; {changed, message, tombstone_id}."""
    from wiki import forget as forgetting

    p: ForgetParams = _parse(ForgetParams, "forget", params)
    return asdict(forgetting.forget(session, p.memory_id, actor=session.actor, reason=p.reason))


def status(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """Counts, schema, model and paths (`quire status --json`)."""
    _parse(NoParams, "status", params)
    return session.status()


# -- the review queue --------------------------------------------------------------------------


def curate_list(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """Open review items, oldest first ({"items": [...]}); `all` includes resolved ones."""
    from memory import review

    p: ListParams = _parse(ListParams, "curate_list", params)
    items = review.all_items(session.db) if p.all else review.open_items(session.db)
    return {"items": [i.as_json() for i in items]}


def curate_show(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """One item with both memories' type, tier, confidence, dates and sources."""
    from memory import review

    p: ItemParams = _parse(ItemParams, "curate_show", params)
    return review.details(session.db, review.get(session.db, p.item_id))


def curate_accept(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """Accept an item (idempotent); {item_id, changed, message, status}."""
    from memory import review

    p: AcceptParams = _parse(AcceptParams, "curate_accept", params)
    return asdict(review.accept(session.db, p.item_id, actor=session.actor, choice=p.choice, edited_text=p.text))


def curate_dismiss(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """Dismiss an item (idempotent); a dismissed pending revision is rejected and tombstoned."""
    from memory import review

    p: ItemParams = _parse(ItemParams, "curate_dismiss", params)
    return asdict(review.dismiss(session.db, p.item_id, actor=session.actor))


def item_from_json(data: dict[str, Any]) -> ReviewItem:
    """Rebuild a ReviewItem from its `as_json()` dict (to render a list that came over the wire)."""
    from memory.review import ReviewItem

    return ReviewItem(
        id=int(data["id"]),
        kind=data["kind"],
        subject_ids=tuple(data.get("subject_ids") or ()),
        payload=dict(data.get("payload") or {}),
        status=data["status"],
        choice=data.get("choice"),
        note=data.get("note") or "",
        created_at=data["created_at"],
        created_by=data["created_by"],
        resolved_at=data.get("resolved_at"),
        resolved_by=data.get("resolved_by"),
    )


# -- pages -------------------------------------------------------------------------------------


def page_read(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """A page with its body, sources (and their status), changelog, history and open revisions."""
    from wiki import pages

    p: PageReadParams = _parse(PageReadParams, "page_read", params)
    return pages.details(session.db, p.slug)


_WORD = re.compile(r"\w+", re.UNICODE)


def page_search(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """Pages whose title, summary or body hold the query's words (title counts most).

    Pages are few (one per cluster or entity), so a scan is exact and fast; no model is loaded.
    """
    from memory import spaces
    from retrieval.lexical import terms

    p: PageSearchParams = _parse(PageSearchParams, "page_search", params)
    words = terms(p.query)
    sql = (
        "SELECT slug, title, space, kind, summary, body, owner, updated_at FROM pages "
        "WHERE kind != 'index' AND status = 'active'"
    )
    args: tuple = ()
    if p.space is not None:
        if p.space.lower() == spaces.UNCATEGORIZED:
            sql += " AND space IS NULL"
        else:
            sql += " AND space = ?"
            args = (spaces.require(session.db, p.space),)
    results = []
    for row in session.db.dicts(sql, args):
        fields = {"title": row["title"], "summary": row["summary"], "body": row["body"]}
        counts = {name: _word_counts(text) for name, text in fields.items()}
        matched = [w for w in words if any(w in c for c in counts.values())]
        if not matched:
            continue
        score = sum(
            3.0 * min(counts["title"].get(w, 0), 1)
            + 2.0 * min(counts["summary"].get(w, 0), 1)
            + min(counts["body"].get(w, 0), 5) / 5
            for w in matched
        )
        results.append(
            {
                "slug": row["slug"],
                "title": row["title"],
                "space": row["space"],
                "kind": row["kind"],
                "summary": row["summary"],
                "owner": row["owner"],
                "updated_at": row["updated_at"],
                "score": round(score / max(len(words), 1), 4),
                "matched": matched,
            }
        )
    results.sort(key=lambda r: (-r["score"], r["slug"]))
    return {"query": p.query, "terms": words, "results": results[: p.k]}


def _word_counts(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for word in _WORD.findall(text.lower()):
        counts[word] = counts.get(word, 0) + 1
    return counts


# -- the store on a libSQL server (issue 11) ----------------------------------------------------


class StoreMoveParams(_Params):
    url: str | None = Field(default=None, max_length=2000)
    force: bool = False


def sync(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """Send the outbox (captures queued while the server was unreachable), oldest first."""
    _parse(NoParams, "sync", params)
    return session.sync()


def store_push(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """Copy this home's local file to an empty libSQL server; verified by row counts and digests."""
    from memory import transfer
    from memory.home import store_token

    p = _parse(StoreMoveParams, "store_push", params)
    if not p.url:
        raise InvalidInput("store push needs the server URL: quire store push ws://HOST:PORT")
    return transfer.push(session.home, p.url, token=store_token(session.home), force=p.force).as_dict()


def store_pull(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    """Copy a libSQL server (URL, else the configured one) into this home's local file; verified."""
    from memory import transfer
    from memory.home import store_token, store_url

    p = _parse(StoreMoveParams, "store_pull", params)
    url = p.url or store_url(session.home, session.settings)
    if not url:
        raise InvalidInput("store pull needs a server: give its URL, or set QUIRE_DB_URL / [store] url")
    return transfer.pull(session.home, url, token=store_token(session.home), force=p.force).as_dict()


OPS: dict[str, Callable[[Session, dict[str, Any]], dict[str, Any]]] = {
    "capture": capture,
    "recall": recall,
    "curate_list": curate_list,
    "curate_show": curate_show,
    "curate_accept": curate_accept,
    "curate_dismiss": curate_dismiss,
    "forget": forget,
    "status": status,
    "page_read": page_read,
    "page_search": page_search,
    "sync": sync,
    "store_push": store_push,
    "store_pull": store_pull,
}


def run(session: Session, op: str, params: dict[str, Any] | None) -> dict[str, Any]:
    """Run one named operation."""
    fn = OPS.get(op)
    if fn is None:
        raise InvalidInput(f"unknown operation {op!r}; known: {', '.join(OPS)}")
    return fn(session, params or {})
