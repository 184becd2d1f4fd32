"""The wiki: rebuild and rollback, pages, page maps, the vault's lint."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import Field, StrictBool

from memory.errors import QuireError
from quire.ops.registry import (
    MAX_ID,
    NoParams,
    Progress,
    Query,
    Request,
    Response,
    Rows,
    SpaceName,
    op,
    respond,
)
from wiki import nightly, pages

if TYPE_CHECKING:
    from memory.session import Session


class PageRequest(Request):
    slug: str = Field(
        min_length=1,
        max_length=200,
        description="The page's slug, title or file name (ledger-service, 'Ledger service', ledger-service.md).",
    )


class PageSearchRequest(Request):
    query: Query = Field(min_length=1, max_length=2000, description="Words to look for in titles, summaries, bodies.")
    space: SpaceName | None = Field(default=None, description="Only pages of this space.")
    k: int = Field(default=10, ge=1, le=200, description="How many pages.")


class MapRequest(Request):
    page: str = Field(min_length=1, max_length=200, description="The page's slug.")


class PagesRequest(Request):
    limit: int | None = Field(default=None, ge=1, le=10_000, description="At most N pages (default: every page).")
    offset: int = Field(default=0, ge=0, le=10_000_000, description="Skip the first N (with limit: one screen).")


class MapChangeRequest(MapRequest):
    node: str = Field(min_length=1, max_length=200, description="The node's id or reference.")
    base_revision: int | None = Field(
        default=None, ge=0, le=MAX_ID, description="Fail with a conflict unless the map is still at this revision."
    )


class PageResponse(Response):
    slug: str
    id: str
    title: str
    space: str | None
    kind: str
    entity: str | None
    owner: str
    status: str
    version: int
    path: str
    summary: str | None
    updated_at: str | None
    sources: Rows
    changelog: Rows
    history: Rows
    open_revisions: list[int]
    body: str


class PageSearchResponse(Response):
    query: str
    terms: list[str]
    results: Rows


class PagesResponse(Response):
    pages: Rows
    total: int


class PageRestoreResponse(Response):
    slug: str
    changed: bool
    message: str


class RebuildDecay(Response):
    """The decay pass of a rebuild: its report, or why it was skipped (it runs every 12 hours)."""

    scanned: int | None = None
    updated: int | None = None
    at: str | None = None
    skipped: str | None = None


class RebuildResponse(Response):
    """wiki.rebuild.Summary."""

    written: int
    unchanged: int
    revisions: int
    skipped: int
    removed: int
    repaired: int
    index: str  # written | unchanged
    hand_edits: list[str]
    deletions: list[str]
    pages: int
    memories: int
    seconds: float
    snapshot: str | None
    run: int | None
    decay: RebuildDecay | None  # the decay pass the rebuild ran first
    restated: int | None = None  # typed memories whose statements were read again with newer rules
    reheard: int | None = None  # the person's own untyped turns heard again with newer rules
    embedded: int  # deferred captures embedded before planning
    prose: int  # pages given model prose
    prose_rejected: int
    warnings: list[str]
    plan: str = "full"  # full | incremental (only the pages the changed memories feed)
    plan_reason: str = ""  # why the full plan was taken, when it was


class RebuildRequest(Request):
    full: StrictBool = Field(
        False, description="Take the full plan: every page planned and every page file hashed, whatever changed."
    )


class RollbackResponse(Response):
    run: int
    snapshot: str
    restored: list[str]
    kept: list[str]


class MapResponse(Response):
    """wiki.pagemap.show."""

    page: str
    page_id: str
    title: str
    revision: int
    generated_at: str | None
    nodes: Rows
    edges: Rows


class MapChangeResponse(Response):
    page: str
    node: dict[str, Any]
    changed: bool
    message: str
    revision: int
    affected: list[Any]


class LintResponse(Response):
    pages: int
    errors: int
    warnings: int
    findings: Rows


@op("rebuild", "Rebuild the wiki", "write", RebuildRequest, RebuildResponse, long=True, progress=True)
def rebuild(session: Session, p: RebuildRequest, progress: Progress | None = None) -> RebuildResponse:
    """Rebuild the wiki; only pages whose memories changed are written (the nightly job)."""
    from wiki import rebuild as rebuild_mod  # networkx and numpy: not on the CLI's startup path

    try:
        result = rebuild_mod.rebuild(session, actor=session.actor, progress=progress, full=p.full).as_json()
    except QuireError as exc:
        nightly.record_run(session.home.root, None, str(exc))
        raise
    nightly.record_run(session.home.root, result)
    return respond(RebuildResponse, result)


@op("rollback", "Undo the last rebuild", "destructive", NoParams, RollbackResponse)
def rollback(session: Session, p: NoParams) -> RollbackResponse:
    """Undo the last rebuild from its snapshot (hand edits and map decisions are kept)."""
    from wiki import rebuild as rebuild_mod  # networkx and numpy: not on the CLI's startup path

    return respond(RollbackResponse, rebuild_mod.rollback(session, actor=session.actor).as_json())


@op("pages", "List pages", "read", PagesRequest, PagesResponse, mcp=True)
def pages_list(session: Session, p: PagesRequest) -> PagesResponse:
    """The wiki's pages (the index excepted); `limit` and `offset` page through a large wiki."""
    return respond(
        PagesResponse,
        {"pages": pages.listing(session.db, limit=p.limit, offset=p.offset), "total": pages.listed(session.db)},
    )


@op("page_read", "Read a wiki page", "read", PageRequest, PageResponse, mcp=True)
def page_read(session: Session, p: PageRequest) -> PageResponse:
    """A wiki page by slug, title or file name: body (Markdown citing memories as [^mN] footnotes),
    sources and their status, changelog, history and open revisions."""
    return respond(PageResponse, pages.details(session.db, p.slug, session.wiki_dir))


@op("page_restore", "Restore a deleted page", "write", PageRequest, PageRestoreResponse)
def page_restore(session: Session, p: PageRequest) -> PageRestoreResponse:
    """Bring back a page whose file was deleted (the next rebuild writes it)."""
    slug = pages.resolve(session.db, p.slug)
    changed = pages.restore(session.db, slug, actor=session.actor)
    message = f"restored {slug}; run `quire rebuild` to write it" if changed else f"{slug} was not deleted"
    return respond(PageRestoreResponse, {"slug": slug, "changed": changed, "message": message})


@op("page_search", "Search wiki pages", "read", PageSearchRequest, PageSearchResponse, mcp=True)
def page_search(session: Session, p: PageSearchRequest) -> PageSearchResponse:
    """Wiki pages matching the words, best first (slug, title, summary); title counts most."""
    return respond(PageSearchResponse, pages.search(session.db, p.query, space=p.space, k=p.k))


@op("map_show", "Show a page map", "read", MapRequest, MapResponse)
def map_show(session: Session, p: MapRequest) -> MapResponse:
    """The map of a page: revision, every node (dismissed ones too) with its state, edges."""
    from wiki import pagemap  # networkx: not on the CLI's startup path

    return respond(MapResponse, pagemap.show(session.db, p.page))


def _map_change(session: Session, action: str, p: MapChangeRequest) -> dict[str, Any]:
    from wiki import pagemap  # networkx: not on the CLI's startup path

    result = pagemap.change(session.db, p.page, p.node, action, actor=session.actor, base_revision=p.base_revision)
    return {
        "page": result.page,
        "node": result.node.as_json(),
        "changed": result.changed,
        "message": result.message,
        "revision": result.revision,
        "affected": list(result.affected),
    }


@op("map_dismiss", "Dismiss a map node", "destructive", MapChangeRequest, MapChangeResponse)
def map_dismiss(session: Session, p: MapChangeRequest) -> MapChangeResponse:
    """Dismiss a node (and its branch) for good: no rebuild brings it back."""
    return respond(MapChangeResponse, _map_change(session, "dismiss", p))


@op("map_pin", "Pin a map node", "write", MapChangeRequest, MapChangeResponse)
def map_pin(session: Session, p: MapChangeRequest) -> MapChangeResponse:
    """Pin a node."""
    return respond(MapChangeResponse, _map_change(session, "pin", p))


@op("map_accept", "Accept a map node", "write", MapChangeRequest, MapChangeResponse)
def map_accept(session: Session, p: MapChangeRequest) -> MapChangeResponse:
    """Make a suggested node active (also undoes a dismissal)."""
    return respond(MapChangeResponse, _map_change(session, "accept", p))


@op("lint", "Check the vault", "read", NoParams, LintResponse)
def lint(session: Session, p: NoParams) -> LintResponse:
    """Check the vault: citations and footnotes, frontmatter, wikilinks, orphans, gone memories, stale pages."""
    from wiki import lint as lint_mod  # the staleness check plans a rebuild (networkx)

    return respond(LintResponse, lint_mod.run(session.db, session.wiki_dir).as_json())
