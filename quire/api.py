"""The library API: the fourth skin over the ops registry, for notebooks and agent frameworks.

    import quire

    with quire.open() as q:                       # QUIRE_HOME, else ~/.quire
        q.capture("We chose libSQL for the store because it embeds", type="decision")
        for hit in q.recall("which database did we choose", k=5).results:
            print(hit.score, hit.text)             # compact hits; detail=True: the full record

Every method runs the same operation the CLI, `quire serve` and MCP run (`quire.ops.OPS`), with
the same validation, and returns that operation's typed response model (`.model_dump()` gives the
dict `--json` prints). Errors are the `memory.errors.QuireError` tree (`InvalidInput` for a bad
argument, `NotFound` for an unknown id).

One `Quire` may be shared between threads (an agent framework's pool): its calls run one at a
time, as `quire mcp` runs its tools and `quire serve` its writes. The warm state a session keeps
(the vector index, its int8 copy, the row cache) is not built for two operations at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from memory import audit
from memory.errors import InvalidInput, StoreError
from memory.home import Home, resolve_home
from quire import ops

if TYPE_CHECKING:
    from memory.embed import Embedder
    from memory.session import Session

M = TypeVar("M", bound=BaseModel)
Progress = Callable[..., None]


def _as_text(value: Any) -> Any:
    """A `datetime` or `date` given for a time (valid_from, as_of, since) as the ISO text every other
    route sends (a naive datetime is UTC, as a naive ISO text is), a `Path` as its text (the import
    operation's `path`: refused as "must be text"); anything else as given."""
    if isinstance(value, PurePath):
        return str(value)
    return value.isoformat() if isinstance(value, date) else value


class Quire:
    """One open home. Use as a context manager, or call `close()`."""

    def __init__(self, session: Session):
        self.session = session
        self.closed = False
        # Re-entrant: a progress callback may ask this same Quire something while its import runs.
        self._lock = threading.RLock()

    def __enter__(self) -> Quire:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the store (idempotent); the object refuses every call afterwards."""
        with self._lock:  # after any call under way, never under it
            if not self.closed:
                self.closed = True
                self.session.close()

    @property
    def home(self) -> Path:
        return self.session.home.root

    def run(self, op: str, *, progress: Progress | None = None, **params: Any) -> BaseModel:
        """Run any operation by name (`quire.ops.OPS`) and return its response model."""
        with self._lock:
            if self.closed:
                raise StoreError(f"this quire ({self.home}) is closed; open it again with quire.open()")
            if not isinstance(op, str):
                raise InvalidInput(f"operation must be a name, not {type(op).__name__}; known: {', '.join(ops.OPS)}")
            return ops.run_model(self.session, op, {k: _as_text(v) for k, v in params.items()}, progress=progress)

    # -- memories ------------------------------------------------------------------------------

    def capture(self, content: str, *, type: str | None = None, **fields: Any) -> ops.CaptureResponse:
        """Capture one memory; `fields` are the capture payload's other keys (space, entities,
        fields, supersedes, valid_from, title, cue, source, confidence, defer_embed)."""
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

    def pin(self, memory_id: str) -> ops.TrustResponse:
        return self._typed("pin", ops.TrustResponse, memory_id=memory_id)

    def unpin(self, memory_id: str) -> ops.TrustResponse:
        return self._typed("unpin", ops.TrustResponse, memory_id=memory_id)

    def confirm(self, memory_id: str) -> ops.TrustResponse:
        return self._typed("confirm", ops.TrustResponse, memory_id=memory_id)

    def import_path(
        self,
        path: str | Path | list[str | Path] | tuple[str | Path, ...],
        *,
        progress: Progress | None = None,
        **options: Any,
    ) -> ops.ImportResponse:
        """Import a JSONL file, a chat export or a folder of Markdown notes, or a list of them (one
        after the other, one report); options: space, defer_embed, format, roles, keep_all, me,
        date_order."""
        given = list(path) if isinstance(path, (list, tuple)) else [path]
        if not given:
            raise InvalidInput("path is an empty list; give the files or folders to import")
        for each in given:
            if not isinstance(each, (str, Path)):
                raise InvalidInput(f"path must be a str or Path, not {type(each).__name__}")
            _refuse_empty(each, "path", "give the file or folder to import")
        # Made whole here, in the caller's folder, as the CLI does.
        whole = [str(Path(each).expanduser().absolute()) for each in given]
        more = {"paths": whole[1:]} if len(whole) > 1 else {}
        return self._typed("import", ops.ImportResponse, progress=progress, path=whole[0], **more, **options)

    def reembed(self, *, everything: bool = False, progress: Progress | None = None) -> ops.ReembedResponse:
        """Embed deferred captures, and re-embed memories made with another model."""
        return self._typed("reembed", ops.ReembedResponse, progress=progress, everything=everything)

    def status(self) -> ops.StatusResponse:
        return self._typed("status", ops.StatusResponse)

    def spaces(self) -> ops.SpacesResponse:
        return self._typed("spaces_list", ops.SpacesResponse)

    def add_space(self, name: str, *, default: bool = False, description: str = "") -> ops.SpaceAddResponse:
        return self._typed("spaces_add", ops.SpaceAddResponse, name=name, default=default, description=description)

    def log(self, **options: Any) -> ops.LogResponse:
        """The audit log, newest last; options: since, subject_id, limit."""
        return self._typed("log", ops.LogResponse, **options)

    # -- the review queue ----------------------------------------------------------------------

    def review(self, *, all: bool = False) -> ops.ItemsResponse:
        """Open review items (what `quire curate list` shows); `all` includes resolved ones."""
        return self._typed("curate_list", ops.ItemsResponse, all=all)

    def review_item(self, item_id: int) -> ops.ItemDetailsResponse:
        return self._typed("curate_show", ops.ItemDetailsResponse, item_id=item_id)

    def accept(
        self, item_id: int, *, choice: str | None = None, text: str | None = None, over: str | None = None
    ) -> ops.ResolutionResponse:
        """Accept a review item (for a contradiction, `choice`: keep_new, keep_old or keep_both; for a
        page revision, `machine` writes the machine's own page instead of the merged one). `over`: the
        version that replaced the item's memory since it was queued, to replace it after all."""
        return self._typed(
            "curate_accept", ops.ResolutionResponse, item_id=item_id, choice=choice, text=text, over=over
        )

    def dismiss(self, item_id: int) -> ops.ResolutionResponse:
        return self._typed("curate_dismiss", ops.ResolutionResponse, item_id=item_id)

    # -- the wiki ------------------------------------------------------------------------------

    def rebuild(self, *, full: bool = False, progress: Progress | None = None) -> ops.RebuildResponse:
        """Rebuild the wiki incrementally (pages whose inputs changed); `full` plans every page."""
        return self._typed("rebuild", ops.RebuildResponse, progress=progress, full=full)

    def rollback(self) -> ops.RollbackResponse:
        """Undo the last rebuild from its snapshot."""
        return self._typed("rollback", ops.RollbackResponse)

    def pages(self) -> ops.PagesResponse:
        return self._typed("pages", ops.PagesResponse)

    def page(self, slug: str) -> ops.PageResponse:
        """A page by slug, title or file name."""
        return self._typed("page_read", ops.PageResponse, slug=slug)

    def page_search(self, query: str, *, k: int = 10, space: str | None = None) -> ops.PageSearchResponse:
        """Wiki pages matching the words, best first."""
        return self._typed("page_search", ops.PageSearchResponse, query=query, k=k, space=space)

    def lint(self) -> ops.LintResponse:
        return self._typed("lint", ops.LintResponse)

    def _typed(self, op: str, model: type[M], *, progress: Progress | None = None, **params: Any) -> M:
        result = self.run(op, progress=progress, **params)
        assert isinstance(result, model)  # the registry's response model for `op`
        return result


def open(home: str | Path | None = None, *, embedder: Embedder | None = None, actor: str = "library") -> Quire:
    """Open a home (a folder; default QUIRE_HOME, else ~/.quire). `embedder` replaces the model
    (anything with `model_id`, `dim` and `encode(texts) -> unit float32 rows`)."""
    if home is not None and not isinstance(home, (str, Path)):
        raise InvalidInput(f"home must be a folder path (str or Path), not {type(home).__name__}")
    if home is not None:
        _refuse_empty(home, "home", "give a folder path, or None for QUIRE_HOME / ~/.quire")
    if home is not None and "\x00" in str(home):
        raise InvalidInput("home holds a NUL character, which no folder name can; give a folder path")
    audit.checked_actor(actor)
    if embedder is not None:
        _check_embedder(embedder)
    # memory.session pulls numpy and the store: `quire --help` imports this package and stays light.
    from memory.session import Session

    root = resolve_home() if home is None else Home(Path(home).expanduser().absolute())
    if home is not None and root.root.exists() and not root.root.is_dir():  # the caller's home=, not QUIRE_HOME
        raise InvalidInput(f"home {root.root} is a file, not a folder; give a folder (a missing one is created)")
    return Quire(Session(root, actor=actor, embedder=embedder))


def _refuse_empty(value: str | Path, what: str, fix: str) -> None:
    """An empty path is refused, as the CLI refuses one: "" would be read as the folder the caller
    runs in (every note in it imported, a home made there). `Path("")` is `Path(".")` by the time it
    arrives, so a Path naming "." is refused too, and told how to name that folder on purpose."""
    if isinstance(value, str) and not value.strip():
        raise InvalidInput(f"{what} is empty; {fix}")
    if isinstance(value, Path) and value == Path():
        raise InvalidInput(
            f"{what} is empty; {fix} (Path('') is Path('.'), the folder you run in: for that folder, pass Path.cwd())"
        )


def _check_embedder(embedder: Any) -> None:
    """An embedder is duck-typed (memory.embed.Embedder); a wrong object fails here, not mid-capture."""
    model_id, dim = getattr(embedder, "model_id", None), getattr(embedder, "dim", None)
    if not isinstance(model_id, str) or not model_id:
        raise InvalidInput("embedder needs a model_id (a non-empty str naming the model its vectors come from)")
    if not isinstance(dim, int) or isinstance(dim, bool) or dim < 1:
        raise InvalidInput("embedder needs a dim (a positive int: the length of its vectors)")
    if not callable(getattr(embedder, "encode", None)):
        raise InvalidInput("embedder needs an encode(texts, batch_size=64) method returning float32 rows")
