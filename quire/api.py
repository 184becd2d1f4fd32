"""The library API: the fourth skin over the ops registry, for notebooks and agent frameworks.

    import quire

    with quire.open() as q:                       # QUIRE_HOME, else ~/.quire
        q.capture("We chose libSQL for the store because it embeds", type="decision")
        for hit in q.recall("which database did we choose", k=5).results:
            print(hit["score"], hit["text"])       # compact hits; detail=True: the full record

Every method runs the same operation the CLI, `quire serve` and MCP run (`quire.ops.OPS`), with
the same validation, and returns that operation's typed response model. Errors are the
`memory.errors.QuireError` tree (`InvalidInput` for a bad argument).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from memory.home import Home, resolve_home
from quire import ops

if TYPE_CHECKING:
    from memory.embed import Embedder
    from memory.session import Session


class Quire:
    """One open home. Use as a context manager, or call `close()`."""

    def __init__(self, session: Session):
        self.session = session

    def __enter__(self) -> Quire:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.session.close()

    @property
    def home(self) -> Path:
        return self.session.home.root

    def run(self, op: str, **params: Any) -> BaseModel:
        """Run any operation by name (`quire.ops.OPS`) and return its response model."""
        result = ops.run(self.session, op, params)
        return ops.OPS[op].response.model_validate(result)

    # -- memories ------------------------------------------------------------------------------

    def capture(self, content: str, *, type: str | None = None, **fields: Any) -> ops.CaptureResponse:
        """Capture one memory; `fields` are the capture payload's other keys (space, entity, fields,
        supersedes, valid_from, source, ...)."""
        return self._typed("capture", ops.CaptureResponse, content=content, type=type, **fields)

    def recall(self, query: str, *, k: int = 10, **options: Any) -> ops.RecallResponse:
        """Ranked memories for `query`, compact hits (id, text, type, date, space, score); options:
        space, all_spaces, types, as_of, explain, context, detail (the full record), max_chars."""
        return self._typed("recall", ops.RecallResponse, query=query, k=k, **options)

    def forget(self, memory_id: str, *, reason: str | None = None) -> ops.ChangeResponse:
        """Erase a memory everywhere and tombstone its text (destructive)."""
        return self._typed("forget", ops.ChangeResponse, memory_id=memory_id, reason=reason)

    def history(self, memory_id: str) -> ops.HistoryResponse:
        return self._typed("history", ops.HistoryResponse, memory_id=memory_id)

    def show(self, memory_id: str) -> ops.MemoryShowResponse:
        """One memory's full record, with the pages that cite it and its review items."""
        return self._typed("memory_show", ops.MemoryShowResponse, memory_id=memory_id)

    def recent(self, **options: Any) -> ops.RecentResponse:
        """Memories captured or changed lately; options: since, days (default 7), space, types, limit."""
        return self._typed("recent", ops.RecentResponse, **options)

    def supersede(self, memory_id: str, content: str, **options: Any) -> ops.SupersedeResponse:
        """Replace a memory with a new version (an identity or preference change waits for review)."""
        return self._typed("supersede", ops.SupersedeResponse, memory_id=memory_id, content=content, **options)

    def spaces(self) -> ops.SpacesResponse:
        return self._typed("spaces_list", ops.SpacesResponse)

    def pin(self, memory_id: str) -> ops.TrustResponse:
        return self._typed("pin", ops.TrustResponse, memory_id=memory_id)

    def confirm(self, memory_id: str) -> ops.TrustResponse:
        return self._typed("confirm", ops.TrustResponse, memory_id=memory_id)

    def import_path(self, path: str | Path, **options: Any) -> ops.ImportResponse:
        """Import a JSONL file, a chat export or a folder of Markdown notes."""
        return self._typed("import", ops.ImportResponse, path=str(path), **options)

    def status(self) -> ops.StatusResponse:
        return self._typed("status", ops.StatusResponse)

    # -- the review queue ----------------------------------------------------------------------

    def review(self, **options: Any) -> ops.ItemsResponse:
        """Open review items (what `quire curate list` shows)."""
        return self._typed("curate_list", ops.ItemsResponse, **options)

    def review_item(self, item_id: int) -> ops.ItemDetailsResponse:
        return self._typed("curate_show", ops.ItemDetailsResponse, item_id=item_id)

    def accept(self, item_id: int, **options: Any) -> ops.ResolutionResponse:
        return self._typed("curate_accept", ops.ResolutionResponse, item_id=item_id, **options)

    def dismiss(self, item_id: int) -> ops.ResolutionResponse:
        return self._typed("curate_dismiss", ops.ResolutionResponse, item_id=item_id)

    # -- the wiki ------------------------------------------------------------------------------

    def rebuild(self) -> ops.RebuildResponse:
        """Rebuild the wiki incrementally (pages whose inputs changed)."""
        return self._typed("rebuild", ops.RebuildResponse)

    def pages(self) -> ops.PagesResponse:
        return self._typed("pages", ops.PagesResponse)

    def page(self, slug: str) -> ops.PageResponse:
        """A page by slug, title or file name."""
        return self._typed("page_read", ops.PageResponse, slug=slug)

    def page_search(self, query: str, **options: Any) -> ops.PageSearchResponse:
        return self._typed("page_search", ops.PageSearchResponse, query=query, **options)

    def _typed(self, op: str, model: type[Any], **params: Any) -> Any:
        result = self.run(op, **params)
        assert isinstance(result, model)  # the registry's response model for `op`
        return result


def open(home: str | Path | None = None, *, embedder: Embedder | None = None, actor: str = "library") -> Quire:
    """Open a home (a folder; default QUIRE_HOME, else ~/.quire). `embedder` replaces the model
    (anything with `model_id`, `dim` and `encode(texts) -> float32 rows`)."""
    # memory.session pulls numpy and the store: `quire --help` imports this package and stays light.
    from memory.session import Session

    root = resolve_home() if home is None else Home(Path(home).expanduser().absolute())
    return Quire(Session(root, actor=actor, embedder=embedder))
