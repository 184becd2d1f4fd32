"""Bulk import: JSONL capture payloads, or a folder of Markdown notes (one fact per bullet/paragraph).

Import is per unit (a JSONL line, a Markdown bullet or paragraph, a file that cannot be read):
a bad unit is reported as `where: reason` in `ImportReport.errors` and every good unit lands.
Format readers build `Unit`s with two helpers that any new format can reuse:

    unit_payload(report, where, data) -> CapturePayload | None   validate one unit or report it
    json_object(line) -> dict                                     parse one JSON line, refusing
                                                                  huge or deeply nested input
                                                                  before the parser can recurse

then hand the list to `land(db, units, report, ...)`, which stores them batch by batch and, if
a batch fails as a whole, retries its units one by one so only the bad one is reported.
"""

from __future__ import annotations

import gc
import hashlib
import json
import math
import os
import stat
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, BinaryIO

from memory import (
    audit,
    capture,
    chats,
    clock,
    correction,
    entities,
    files,
    frontmatter,
    gate,
    jsonstream,
    life,
    mem0,
    notes,
    rehear,
    spaces,
    supersede,
)
from memory import text as text_policy
from memory.capture import Duplicate, EmbedderSource, Outcome, Rejected, Stored, capture_many
from memory.db import Database, rows_in
from memory.errors import InvalidInput, QuireError, UsageMistake
from memory.models import ENTITIES_MAX, ENTITY_NAME_MAX, CapturePayload, parse_payload
from memory.store import HISTORY_STATUSES
from memory.vectors import VectorIndex


@dataclass
class ImportReport:
    stored: int = 0
    duplicates: int = 0
    rejected: int = 0
    errors: list[str] = field(default_factory=list)  # "file:line: message"
    warnings: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    refusals: int = 0  # error lines of units refused for a credential: counted in rejected already

    def as_json(self) -> dict[str, Any]:
        return {
            "stored": self.stored,
            "duplicates": self.duplicates,
            "rejected": self.rejected,
            "bad_units": len(self.errors) - self.refusals,
            # (a key in a note's file name is said as its kind in every line, never shown)
            "errors": [gate.redact(line) for line in self.errors],
            "warnings": [gate.redact(line) for line in self.warnings],
            "ids": self.ids,
        }

    def fail(self, where: str, reason: str) -> None:
        """Record one bad unit; nothing of it was stored."""
        self.errors.append(f"{where}: {reason}")


MAX_NOTE_BYTES = 50_000_000  # one Markdown note; past it is not a note
NOTE_SUFFIXES = chats.NOTE_SUFFIXES
TEXT_SUFFIXES = (".txt", ".text")  # plain text: a note only when `--format markdown` says so (a .txt may be a chat)


def note_suffixes(said: bool) -> tuple[str, ...]:
    """The one rule of what a note is named: .md or .markdown, and plain text (.txt, .text) when the
    person said the path holds notes (`--format markdown`); a .txt left to auto may be a chat."""
    return (*NOTE_SUFFIXES, *TEXT_SUFFIXES) if said else NOTE_SUFFIXES


MAX_DEPTH = 16  # a payload nests two levels (fields, entities); deeper is not a capture


def json_object(line: bytes, what: str = "line") -> dict[str, Any]:
    """One JSON object from one line (or one item of a list); InvalidInput (plain reason) for anything else.

    Size and nesting are checked on the raw bytes first: `json.loads` recurses per level and a
    line of 100,000 `[` would raise RecursionError instead of a reason."""
    if len(line) > chats.MAX_LINE_BYTES:  # one limit for a line of every import (a capture is 20,000 characters)
        raise InvalidInput(f"{what} is {len(line):,} bytes, over the {chats.MAX_LINE_BYTES:,}-byte limit; split it up")
    if text_policy.json_depth_exceeds(line, MAX_DEPTH):
        raise InvalidInput(f"nested more than {MAX_DEPTH} levels deep; a capture is a flat JSON object")
    text = files.decode(line)
    try:
        data = text_policy.json_loads(text)
    except json.JSONDecodeError as exc:
        # (its column is of the item, and an item is fixed as an item: "fix that line" was said of it)
        raise InvalidInput(text_policy.json_error(exc).replace("that line", f"that {what}")) from None
    except RecursionError:  # belt and braces: the depth scan above should make this unreachable
        raise InvalidInput("nested too deeply; a capture is a flat JSON object") from None
    if not isinstance(data, dict):
        raise InvalidInput(f"each {what} must be a JSON object")
    return data


_CHAT_KEYS = {"speaker", "role", "conversation"}  # a generic chat JSONL line's keys (chats.ChatLine)


def unit_payload(report: ImportReport, where: str, data: dict[str, Any]) -> CapturePayload | None:
    """Validate one unit's payload; a bad one is reported under `where` and None returned."""
    try:
        return parse_payload(data)
    except InvalidInput as exc:
        said = str(exc)  # a text past a memory's length says what to do (models.LENGTH_FIXES)
        if "content" not in data and "text" in data and _CHAT_KEYS & data.keys():
            said += "; the line reads as a chat message: import the file with --format chat-jsonl (or without --format)"
        report.fail(where, said)
        return None


@dataclass(frozen=True)
class Unit:
    where: str  # "file:line" for messages
    key: tuple[str, str]  # (source, unit key) for the idempotency log
    payload: CapturePayload


# An import makes and drops millions of small objects and keeps few: the collector's default (a
# pass every 700 net allocations, now and then one over every object) cost ~3% of a 100k-message
# import's own CPU. Raised while an import runs; the thresholds before are back when the last ends.
_GC_THRESHOLDS = (20_000, 50, 100)
_gc_lock = threading.Lock()
_gc_state: list[Any] = [0, None]  # imports running, the thresholds before the first


@contextmanager
def _collecting_rarely() -> Iterator[None]:
    with _gc_lock:
        if not _gc_state[0]:
            _gc_state[1] = gc.get_threshold()
            gc.set_threshold(*_GC_THRESHOLDS)
        _gc_state[0] += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_state[0] -= 1
            if not _gc_state[0]:
                gc.set_threshold(*_gc_state[1])


@_collecting_rarely()
def import_path(
    db: Database,
    path: Path,
    *,
    actor: str = "import",
    embedder: EmbedderSource | None = None,
    defer_embed: bool = False,
    space: str | None = None,
    vectors: VectorIndex | None = None,
    progress: Callable[[int, int], None] | None = None,
    format: str = "auto",
    roles: chats.Roles = "user",
    keep_all: bool = False,
    own: tuple[Path, ...] = (),
    me: str | None = None,
    date_order: str | None = None,
    timezone: str | None = None,
) -> ImportReport | chats.ChatReport:
    """Import a .jsonl file, a folder of .md notes or a chat export; bad units are reported, good ones land.

    format: auto (detected from the content) | chatgpt | claude | whatsapp | telegram | chat-jsonl | jsonl | markdown.
    Chat formats go to memory/chats.py (roles, keep_all apply there; progress gets
    (conversations, messages) instead of (done, total): lines of a JSONL file, notes of a folder).
    own: quire's own folders (the vault, whose pages are written from the memories; the home's
    snapshots of them): refused as notes, left out of a folder that holds one.
    date_order: dmy | mdy | ymd for a WhatsApp chat's dates (refused on any other format).
    timezone: the IANA zone a WhatsApp or Telegram export's wall-clock times are in (else the machine's).
    """
    path = Path(path)
    said = note_suffixes(format == "markdown")  # (before `checked`: auto reads a folder as notes too)
    flags: dict[str, Any] = {"roles": roles, "keep_all": keep_all, "me": me, "date_order": date_order}
    flags["timezone"] = timezone
    format = checked(path, format, **flags)
    if space is not None:
        # The space for units that name none, checked before a unit is read, as every other command
        # checks its --space: "" was taken as none, and an unknown one failed each unit on a line of its own.
        spaces.resolve_write_space(db, space)
    store = _Landing(actor=actor, embedder=embedder, defer_embed=defer_embed, vectors=vectors)
    if format in chats.CHAT_FORMATS:
        return chats.import_chats(db, path, format, space=space, progress=progress, **flags, **store.kw())
    report = ImportReport()
    if format == "mem0":
        import_mem0(db, path, report, store, space=space, me=me)
        return report
    if path.is_dir() or (path.is_file() and format == "markdown"):
        _import_notes(db, path, report, store, space=space, progress=progress, own=own, suffixes=said)
    elif path.suffix.lower() in (".jsonl", ".ndjson", ".json"):
        _import_lines(db, path, report, store, space=space, progress=progress)
    else:
        raise InvalidInput(f"{path}: import takes a .jsonl file or a folder of .md notes")
    return report


def checked(
    path: Path,
    format: str = "auto",
    *,
    roles: str = "user",
    keep_all: bool = False,
    me: str | None = None,
    date_order: str | None = None,
    timezone: str | None = None,
) -> str:
    """The one check of what an import is given, before anything is read or stored: the path can be
    imported, the format it holds (read from its content for "auto"; an export given as JSON Lines
    named), and no chat flag on what is no chat (`UsageMistake`). Returns the format. `import_path`
    runs it on its path (a library caller's one entry), and the import operation on every path before
    the first is imported, so an operation's path is checked twice (cheap: a stat and the file's head);
    the chat readers (`chats.import_chats`) trust it."""
    check_input(path)
    if format == "auto":
        format = chats.detect_format(path)
    elif format in ("jsonl", "chat-jsonl"):
        _refuse_other_export(path, format)
    if format not in (*chats.CHAT_FORMATS, "jsonl", "markdown", "mem0"):
        raise InvalidInput(
            f"unknown format {format!r}; use auto, {', '.join(chats.CHAT_FORMATS)}, jsonl, markdown or mem0"
        )
    misused = chats.chat_flags_misused(
        format, path=path, roles=roles, keep_all=keep_all, me=me, date_order=date_order, timezone=timezone
    )
    if misused:
        raise UsageMistake(misused)
    # One note: a .md file, or plain text said to be one (`--format markdown`: a journal.txt, a note
    # exported as text); a folder's walk reads its .md notes only.
    note = path.is_file() and path.suffix.lower() in note_suffixes(format == "markdown")
    _refuse_a_mismatch(path, format, note)
    if note and path.suffix.lower() in TEXT_SUFFIXES:
        _refuse_a_long_note(path, path.stat())  # (a .md one was, by its name, before its format was read)
    return format


_FILES = {  # what a chat format reads, said when it is given a folder
    "chatgpt": "the export's conversations.json, or its .zip",
    "claude": "the export's conversations.json, or its .zip",
    "whatsapp": "the chat's .txt (or the .zip) that Export chat made",
    "telegram": "the export's result.json, or a zip of the export folder",
    "chat-jsonl": "a .jsonl file, one message a line",
}


def _refuse_a_mismatch(path: Path, format: str, note: bool) -> None:
    """A path the format given cannot read, in words true of it (before any path is imported): a folder
    to a format that reads a file, a file that is no note to markdown, a note to jsonl."""
    if path.is_dir() and format in _FILES:
        raise InvalidInput(f"{path} is a folder, and --format {format} reads a file: pass {_FILES[format]}")
    if format == "jsonl" and (path.is_dir() or note):
        what = "a folder" if path.is_dir() else "a Markdown note"
        raise InvalidInput(
            f"{path} is {what}, and --format jsonl reads a file of captures (one JSON object a line); give "
            "--format markdown (or leave --format out) to import notes"
        )
    if format == "markdown" and not (path.is_dir() or note):
        raise InvalidInput(
            f"{path}: --format markdown takes a folder of notes or one note (.md, .markdown, or plain text: .txt, "
            ".text); import a file of another kind without --format"
        )


_EXPORT_WORDS = {
    "chatgpt": "a ChatGPT export",
    "claude": "a Claude export",
    "telegram": "a Telegram export",
    "messenger": "a Messenger export",
    "whatsapp": "a WhatsApp chat",
}


def _refuse_other_export(path: Path, format: str) -> None:
    """A whole-file export given as JSON Lines: one line naming its format, not an error on each of
    its lines (a ChatGPT conversations.json with --format chat-jsonl printed 300). Told only when
    the first line is no JSON object (a JSONL file is not read twice)."""
    if not path.is_file() or path.suffix.lower() == ".zip":
        return
    with files.open_regular(path) as fh:
        head = fh.read(1 << 16)
    first = next((line for line in head.splitlines() if line.strip()), b"")
    try:
        json_object(first)  # the line reader's own checks: a line nested 100,000 deep is no RecursionError
        return
    except InvalidInput:
        pass
    try:
        found = chats.detect_format(path)
    except InvalidInput:
        return  # the JSONL importer reports each bad line by number
    if found in _EXPORT_WORDS:
        raise InvalidInput(
            f"{path.name}: this is {_EXPORT_WORDS[found]}, not {format} (one JSON object per line); "
            f"use --format {found} (or leave --format out)"
        )


def check_input(path: Path) -> None:
    """Refuse what cannot be imported before anything is read: missing, a loop, a FIFO, 0 bytes."""
    try:
        st = files.stat_input(path)  # a symlink loop or a dangling link is named as such
    except InvalidInput as exc:
        if "does not exist" in str(exc) and "symlink" not in str(exc):
            raise InvalidInput(
                f"{path} does not exist; pass a .jsonl file, a chat export (or its .zip), or Markdown notes"
            ) from None
        raise
    files.refuse_special(path, st)  # a FIFO would hang the read, /dev/zero would never end
    if not stat.S_ISREG(st.st_mode):
        return
    if st.st_size == 0:
        raise InvalidInput(f"{path} is empty (0 bytes): nothing to import; {chats.empty_fix(path)}")
    refuse_unreadable(path, st)


def refuse_unreadable(path: Path, st: os.stat_result) -> None:
    """A regular file no format reads, refused by its size or first bytes before it is read."""
    # What no format reads is refused by its size or its first bytes, before it is read: a 1 GB note
    # was read to its 50 MB limit first, a 1 GB sparse file line by line to its end.
    if path.suffix.lower() in NOTE_SUFFIXES:
        _refuse_a_long_note(path, st)
    files.refuse_binary(path, st)


def _refuse_a_long_note(path: Path, st: os.stat_result) -> None:
    if st.st_size > MAX_NOTE_BYTES:
        raise InvalidInput(
            f"{path} is {st.st_size:,} bytes, over the {MAX_NOTE_BYTES:,}-byte limit of one note; split it into "
            "several notes, or check the path"
        )


@dataclass(frozen=True)
class _Landing:
    """How units are stored (passed through to `land` and to the chat importer)."""

    actor: str
    embedder: EmbedderSource | None
    defer_embed: bool
    vectors: VectorIndex | None

    def kw(self) -> dict[str, Any]:
        return {
            "actor": self.actor,
            "embedder": self.embedder,
            "defer_embed": self.defer_embed,
            "vectors": self.vectors,
        }


BATCH = 256  # units per capture batch: one transaction, one embedding call
Hears = Callable[[CapturePayload], bool]  # which units an import reads for the person's life (`_land_stream`)


def _own_paragraph(payload: CapturePayload) -> bool:
    """A note's paragraph is the person's own words, save a subjectless one of a note of someone or something,
    landed as a note (`iter_markdown_units`: "# Tom" then "Lives in Boston" is Tom's)."""
    return payload.type != "note"


def _own_capture(payload: CapturePayload) -> bool:
    """A capture of a file heard as the person's `quire capture` of it is (`capture.hearable`): a note that
    names no `source`. One that does was said elsewhere, maybe by someone else: `quire export` writes each
    chat turn so ("Ana #0"), and a friend's "I moved to Lisbon" moved into another home is not the person's move."""
    return capture.hearable(payload) and not payload.source


def _land_stream(
    db: Database,
    units: Iterator[Unit],
    report: ImportReport,
    store: _Landing,
    after: Callable[[int], None],
    *,
    hear: Hears | None = None,
    again: bool = False,
) -> None:
    """Units stored BATCH at a time as they are read: what is held is one batch, whatever the size of
    the input, and each batch is committed (and acknowledged by `after`) before the next is read,
    so a killed import keeps every batch before the kill and a re-run skips them (the import log).
    `hear`: which units are the person's own words (their notes; a file's captures of type note), read
    for their life as their chat turns are (`correction.heard`) once their batch lands; `again`: a run
    before was killed, so those it stored and may not have heard, met again still untouched, are heard
    too (`rehear.begin_import`)."""
    batch: list[Unit] = []
    for unit in units:
        batch.append(unit)
        if len(batch) >= BATCH:
            _land_batch(db, batch, report, store, hear=hear, again=again)
            after(len(batch))
            batch = []
    _land_batch(db, batch, report, store, hear=hear, again=again)
    after(len(batch))


def _land_batch(
    db: Database, batch: list[Unit], report: ImportReport, store: _Landing, *, hear: Hears | None, again: bool
) -> None:
    """One batch stored (its transaction), then the units `hear` takes heard, each once: those it stored,
    and after a killed run those that run stored and left untouched (a duplicate is otherwise not heard)."""
    logged: list[tuple[str, str]] = []
    kept = _checkable(db, batch, report)
    stored = land(db, kept, report, batch_size=BATCH, logged=logged, hear=hear, **store.kw())
    if again and logged:
        fresh = rehear.untouched(db, [mid for mid, _ in logged])
        stored += [(mid, text) for mid, text in logged if mid in fresh]
    if stored:
        report.warnings += dict.fromkeys(correction.heard(db, stored, actor=store.actor))


def _import_lines(
    db: Database,
    path: Path,
    report: ImportReport,
    store: _Landing,
    *,
    space: str | None,
    progress: Callable[[int, int], None] | None,
) -> None:
    """A JSONL file, streamed: progress is (units landed, lines in the file)."""
    total, done = _lines_in(path), 0

    def ticked(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(done, max(total, done))

    if is_json_document(path):  # a list of captures (or one) written over several lines: by item
        units = _edited(db, path, iter_json_units(path, report, space=space), lambda: _item_keys(path))
    else:
        units = _edited(db, path, iter_jsonl_units(path, report, space=space), lambda: _line_keys(path))
    # Its notes are heard as one `quire capture` of each is (`_own_capture`); a run killed before it
    # heard them is marked, and the next hears those still untouched (`_land_stream`).
    source = f"captures:{path.resolve()}"
    again = rehear.begin_import(db, source)
    _land_stream(db, units, report, store, ticked, hear=_own_capture, again=again)
    rehear.end_import(db, source)  # (not on an error: the next run hears what this one may not have)


def _import_notes(
    db: Database,
    folder: Path,
    report: ImportReport,
    store: _Landing,
    *,
    space: str | None,
    progress: Callable[[int, int], None] | None,
    own: tuple[Path, ...] = (),
    suffixes: tuple[str, ...] = NOTE_SUFFIXES,
) -> None:
    """A folder of Markdown notes (`suffixes`: what a note is named, `note_suffixes`), streamed:
    progress is (notes read, notes in the folder), counted
    by a first walk that keeps nothing. One note (a file) lands as its folder's import would land
    it: the same sources, so importing the folder later adds nothing."""
    only = folder.resolve() if folder.is_file() else None
    root = only.parent if only is not None else folder.resolve()
    skip = _own_folders(root, own)
    if skip and only is None:
        shown = ", ".join(str(f) for f in sorted(skip))
        report.warnings.append(f"skipped quire's own folders {shown} (pages written from your memories, or copies)")
    templates = notes.template_folders(root) if only is None else frozenset()
    if templates:
        shown = ", ".join(str(f.relative_to(root)) for f in sorted(templates))
        report.warnings.append(f"skipped the vault's template folder {shown} (skeletons for new notes, not notes)")
    skip |= templates
    total = 1 if only is not None else _notes_in(folder, root, skip, suffixes, report)
    read = [0]

    def ticked(_: int) -> None:
        if progress:
            progress(read[0], max(total, read[0]))

    units = [0]
    names = vault_names(root, report, skip=skip, suffixes=suffixes)

    def counted() -> Iterator[Unit]:
        for unit in iter_markdown_units(
            root,
            report,
            space=space,
            read=read,
            db=db,
            only=only,
            skip=skip,
            names=names,
            actor=store.actor,
            suffixes=suffixes,
        ):
            units[0] += 1
            yield unit

    source = f"md:{root}"  # (one note's mark is its folder's: the same turns)
    again = rehear.begin_import(db, source)  # (a run killed before it heard its notes: `_land_stream`)
    _land_stream(db, counted(), report, store, ticked, hear=_own_paragraph, again=again)
    rehear.end_import(db, source)  # (not on an error: the next run hears what this one may not have)
    if not units[0] and not report.errors:  # as a file of 0 bytes or blank lines: nothing to import
        held = "the note holds no" if only is not None else f"none of its {total} notes holds a"
        raise InvalidInput(f"{folder}: {held} paragraph or bullet: nothing to import; check the path")


def _notes_in(folder: Path, root: Path, skip: frozenset[Path], suffixes: tuple[str, ...], report: ImportReport) -> int:
    """The notes under `root` (named with one of `suffixes`), counted in one walk that keeps nothing (the
    progress bar's total); the plain-text files beside them, not read unless said, said once with the flag."""
    total = text = 0
    left: list[Path] = []
    for file in note_files(root, skip, note_suffixes(True), left):
        if file.name.lower().endswith(suffixes):
            total += 1
        else:
            text += 1
    if not total:
        _refuse_no_notes(folder, text)
    links = [p for p in left if p.is_dir()]
    if links:  # (a link to a folder is not followed: it may loop, or lead out of the folder as a file's may not)
        report.warnings.append(
            f"left out {_some(links, root, 'link')} to a folder: a linked folder is not read (it may loop, or lead "
            "out of the folder); import the folder it links to itself"
        )
    if len(links) < len(left):
        chats_left = [p for p in left if not p.is_dir()]
        report.warnings.append(
            f"left out {_some(chats_left, root, 'WhatsApp chat')}: a chat is not a note; import each itself "
            "(quire import FILE)"
        )
    if text:  # (a .txt may be a chat: read as a note only when said)
        report.warnings.append(
            f"left out {text:,} plain-text file{'s' if text != 1 else ''} (.txt) beside the notes; import the "
            "folder again with --format markdown to read them as notes too"
        )
    return total


def _some(paths: list[Path], root: Path, what: str) -> str:
    """'2 links (a, b)': how many, and the first three named."""
    shown = ", ".join(_named(p.relative_to(root)) for p in paths[:3]) + (", ..." if len(paths) > 3 else "")
    return f"{len(paths):,} {what}{'s' if len(paths) != 1 else ''} ({shown})"


def _refuse_no_notes(folder: Path, text: int) -> None:
    """A folder with no note in it: the chat export it holds named, or its plain-text notes and the flag
    that reads them (a person keeps notes as .txt too), or what import takes."""
    export = chats.export_in(folder)
    if export is not None:  # an export unpacked (Telegram's DataExport folder): its file is what is read
        raise InvalidInput(f"{folder} holds no .md notes but a chat export: import {export} itself")
    if text:
        raise InvalidInput(
            f"{folder} holds no .md notes but {text:,} plain-text file{'s' if text != 1 else ''} (.txt); import it "
            "with --format markdown to read each as a note"
        )
    raise InvalidInput(
        f"{folder} is a folder without .md notes; pass a folder of Markdown notes, or the chat export file itself"
    )


def _own_folders(root: Path, own: tuple[Path, ...]) -> frozenset[Path]:
    """Quire's own folders to leave out of `root`'s walk (those under it); a root in one of them is
    refused: their pages are written from the memories, each would be stored again."""
    skip = set()
    for folder in own:
        try:
            folder = folder.resolve()
        except (OSError, RuntimeError):
            continue
        if root == folder or folder in root.parents:
            raise InvalidInput(
                f"{root} is quire's own vault or a copy of it ({folder}): its pages are written from your "
                "memories, so importing them would store each one again; import your own notes instead"
            )
        if root in folder.parents:
            skip.add(folder)
    return frozenset(skip)


def land(
    db: Database,
    units: list[Unit],
    report: ImportReport,
    *,
    actor: str = "import",
    embedder: EmbedderSource | None = None,
    defer_embed: bool = False,
    vectors: VectorIndex | None = None,
    progress: Callable[[int], None] | None = None,
    batch_size: int = 256,
    logged: list[tuple[str, str]] | None = None,
    hear: Hears | None = None,
    waive: frozenset[str] = frozenset(),
) -> list[tuple[str, str]]:
    """Store units batch by batch, counting outcomes into `report`; returns (id, text) of each memory
    stored of a unit `hear` takes, to be heard (and puts in `logged` those of such units an earlier run
    stored); none without `hear` (the default: nothing is heard). A batch that fails as a whole (its
    transaction rolled back) is retried unit by unit, so only the bad unit is lost."""

    def run(chunk: list[Unit]) -> list[Outcome]:
        return capture_many(
            db,
            [u.payload for u in chunk],
            actor=actor,
            embedder=embedder,
            defer_embed=defer_embed,
            vectors=vectors,
            source_keys=[u.key for u in chunk],
            batch_size=batch_size,
            waive=waive,
        )

    stored: list[tuple[str, str]] = []
    for start in range(0, len(units), batch_size):
        chunk = units[start : start + batch_size]
        try:
            stored += _count(report, chunk, run(chunk), logged, hear)
        except QuireError:
            for unit in chunk:
                try:
                    stored += _count(report, [unit], run([unit]), logged, hear)
                except QuireError as exc:
                    report.fail(unit.where, str(exc))
        if progress:
            progress(len(chunk))
    return stored


def _count(
    report: ImportReport,
    units: list[Unit],
    outcomes: list[Outcome],
    logged: list[tuple[str, str]] | None = None,
    hear: Hears | None = None,
) -> list[tuple[str, str]]:
    stored = []
    for unit, outcome in zip(units, outcomes, strict=True):
        heard = hear is not None and hear(unit.payload)
        if isinstance(outcome, Stored):
            if heard:
                stored.append((outcome.id, unit.payload.content))
            report.stored += 1
            report.ids.append(outcome.id)
            report.warnings += [f"{unit.where}: {w}" for w in outcome.warnings]
        elif isinstance(outcome, Duplicate):
            report.duplicates += 1
            if logged is not None and heard and outcome.logged and outcome.id:
                logged.append((outcome.id, unit.payload.content))
        elif isinstance(outcome, Rejected):
            report.rejected += 1
            if outcome.reason == "credential_leak":  # the person must act: an error (exit 1) on every format
                report.errors.append(gate.import_refusal(unit.where, outcome.detail))
                report.refusals += 1
            else:
                report.warnings.append(f"{unit.where}: rejected ({outcome.reason}: {outcome.detail})")
    return stored


def _checkable(db: Database, units: list[Unit], report: ImportReport) -> list[Unit]:
    """Drop (and report by line) units naming an unknown space or memory, so the rest can land."""
    known = {name.lower() for name in spaces.names(db)}  # "Work" is the space "work" (spaces.stored_name)
    kept = []
    for unit in units:
        space, target = unit.payload.space, unit.payload.supersedes
        if space is not None and space.lower() != spaces.UNCATEGORIZED and space.lower() not in known:
            report.errors.append(f"{unit.where}: unknown space {space!r}; create it with `quire spaces add {space}`")
        elif target and db.scalar("SELECT 1 FROM memories WHERE id = ?", (target,)) is None:
            report.errors.append(f"{unit.where}: supersedes {target}: no such memory")
        else:
            kept.append(unit)
    return kept


def _lines_in(path: Path) -> int:
    """Newlines in the file, counted in 1 MB reads (the progress bar's total; nothing is kept)."""
    count = 0
    with files.open_regular(path) as fh:
        while chunk := fh.read(1 << 20):
            count += chunk.count(b"\n")
    return count


def iter_jsonl_units(path: Path, report: ImportReport, *, space: str | None) -> Iterator[Unit]:
    """One unit per line, read line by line (a line past MAX_LINE_BYTES is refused as it is read,
    never held); the file's encoding is read once (BOM), each line decoded on its own. A file of
    blank lines only is InvalidInput, as a file of 0 bytes is (nothing to import)."""
    source = str(path.resolve())
    seen = 0
    for where, line in _jsonl_lines(path):
        seen += 1
        if line is None:
            report.fail(where, chats.line_too_long())
            continue
        try:
            data = json_object(line)
        except InvalidInput as exc:
            report.fail(where, str(exc))
            continue
        if space and "space" not in data:
            data["space"] = space
        payload = unit_payload(report, where, data)
        if payload is None:
            continue
        yield Unit(where, (source, _line_key(line)), payload)
    if not seen:
        raise InvalidInput(f"{path} holds only blank lines: nothing to import; check the path")


def is_json_document(path: Path) -> bool:
    """A .json file of captures written as one JSON document, not one capture a line: a list of them (an
    agent's `json.dump(captures, indent=2)`, or on one line) or one capture over several lines. A first
    line that is a whole JSON object is JSON Lines named .json; a .jsonl or .ndjson file is always lines."""
    if path.suffix.lower() != ".json":
        return False
    lines = _jsonl_lines(path)
    first = next(lines, None)
    if first is None or first[1] is None:
        return False
    line = first[1].strip()
    try:
        whole = json.loads(line) if not text_policy.json_depth_exceeds(line, MAX_DEPTH) else None
    except (ValueError, RecursionError):
        return line[:1] in (b"[", b"{")  # a value that goes on past its first line
    return isinstance(whole, list) and next(lines, None) is None  # (`[]` and more lines: JSON Lines)


def iter_json_units(path: Path, report: ImportReport, *, space: str | None) -> Iterator[Unit]:
    """One unit per capture of a JSON document (`is_json_document`), each item read on its own
    (`_json_items`): an item past a limit, damaged or no capture is a bad unit under its number
    ("captures.json item 3"), the items after it still land. A document that is no list of captures is
    InvalidInput, nothing read."""
    source, n = str(path.resolve()), 0
    try:
        for n, item in enumerate(_json_items(path), start=1):
            where = f"{path.name} item {n}"
            if isinstance(item, _WholeFile):
                report.fail(path.name, str(item))
                continue
            if isinstance(item, InvalidInput):
                report.fail(where, str(item))
                continue
            if space and "space" not in item:
                item = {**item, "space": space}
            payload = unit_payload(report, where, item)
            if payload is not None:
                yield Unit(where, (source, _item_key(item)), payload)
    except InvalidInput as exc:  # (before any item: `_json_items` gives each item's own error as an item)
        raise InvalidInput(
            f"{path}: {exc}; fix the file (a JSON list of captures, or JSON Lines) and import again"
        ) from None
    if n == 0:
        raise InvalidInput(f"{path} is an empty list: nothing to import; check the path")


def _json_items(path: Path) -> Iterator[dict[str, Any] | InvalidInput]:
    """The items of a JSON list of captures, each read on its own as a line of JSON Lines is (a damaged
    one, a number too big for a stream parser, a NaN: that item's error, the items after it still read),
    or the one capture a document holds. The items are found by `jsonstream.item_spans` (quotes,
    brackets and commas alone), then each span's bytes read and parsed; InvalidInput where the document
    is no list."""
    with _text(path) as text:
        if text.peek(1 << 12).lstrip()[:1] == b"{":  # type: ignore[attr-defined]
            yield json_object(text.read(chats.MAX_LINE_BYTES + 1).strip(), "capture")  # a line's limits
            return
        spans = list(jsonstream.item_spans(text))  # (offsets only: a few numbers an item)
    if not spans:
        raise InvalidInput("not a JSON list [...] of captures")
    with _text(path) as text:
        at, before, bad = 0, 0, False  # items given before this one (a blank span is none); the last one's error
        for span in spans:
            _skip(text, span.start - at)
            at, size = span.end, span.end - span.start
            if size > chats.MAX_LINE_BYTES:
                _skip(text, size)
                before, bad = before + 1, True
                yield InvalidInput(f"item is {size:,} bytes, over the {chats.MAX_LINE_BYTES:,}-byte limit; split it up")
                continue
            body = text.read(size).strip()
            before += bool(body) or not span.closed
            bad = bool(body) or not span.closed
            if not span.closed:
                yield InvalidInput(_torn(before - 1))
            elif body:  # (a blank span: `[]`, a trailing comma)
                try:
                    yield json_object(body, "item")
                    bad = False
                except InvalidInput as exc:
                    yield exc
        if not bad:  # (a last item in error said why the list goes wrong: a `}` missing runs it on to the end)
            yield from _after_list(text, before)


class _WholeFile(InvalidInput):
    """An error of the document, not of an item (named by the file alone)."""


def _after_list(text: BinaryIO, items: int) -> Iterator[InvalidInput]:
    """What follows a list's last item: its `]`, then blanks only. A file cut short after a comma, or a
    second list after the first, was read as far as the items went without a word."""
    read = {0: "no item was read", 1: "the item in it was read"}.get(items, f"the {items:,} items in it were read")
    if text.read(1) != b"]":
        yield _WholeFile(
            f"the file ends before its list closes with ] (cut short?); {read}: if it held more, export it again "
            "and import it (what landed is skipped)"
        )
    elif text.read(1 << 16).strip():
        yield _WholeFile(
            f"the file goes on after its list closes with ], and what follows is not read ({read}); put every "
            "capture in the one list, or write JSON Lines, and import again (what landed is skipped)"
        )


def _torn(before: int) -> str:
    """What an item the file ends inside says: true for the first item, a middle one and the last (a
    quote, `}` or `]` missing in a middle item runs it on to the file's end: the items after it unread)."""
    torn = "the file ends inside this item (cut short, or a quote, } or ] missing in it runs it on to the end)"
    if not before:
        return f"{torn}; no item was read: fix the file (or export it again) and import it again"
    read = "the item before it was read" if before == 1 else f"the {before:,} items before it were read"
    return f"{torn}; {read}, none after it: fix the item and import again (what landed is skipped)"


def _text(path: Path) -> BinaryIO:
    return files.utf8_stream(files.open_regular(path), strict=False, name=path.name)  # (a BOM, UTF-16)


def _skip(fh: BinaryIO, count: int) -> None:
    while count > 0 and (got := len(fh.read(min(count, 1 << 20)))):
        count -= got


def _item_key(item: dict[str, Any]) -> str:
    """A JSON document's unit key in the import log: its item's digest as written out again (keys sorted),
    so the same captures re-indented land nothing new."""
    canonical = json.dumps(item, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()[:24]


def _item_keys(path: Path) -> set[str]:
    try:
        return {_item_key(item) for item in _json_items(path) if isinstance(item, dict)}
    except InvalidInput:  # (a document no longer a list: no item of it is held)
        return set()


def _jsonl_lines(path: Path) -> Iterator[tuple[str, bytes | None]]:
    """("file:line", the line without its end) for each line that is not blank; None for a line
    past MAX_LINE_BYTES."""
    with files.utf8_stream(files.open_regular(path), strict=False, name=path.name) as fh:
        for number, line in chats.lines(fh, chats.MAX_LINE_BYTES):
            if line is not None and not line.strip():
                continue
            yield f"{path.name}:{number}", None if line is None else line.rstrip(b"\r\n")


def _line_keys(path: Path) -> set[str]:
    return {_line_key(line) for _, line in _jsonl_lines(path) if line is not None}


def _line_key(line: bytes) -> str:
    """A JSONL unit's key in the import log: its line's digest."""
    return hashlib.sha256(line).hexdigest()[:24]


def _edited(db: Database, path: Path, units: Iterator[Unit], keys: Callable[[], set[str]]) -> Iterator[Unit]:
    """A JSONL file's units (or a JSON document's), each line (item) edited since the file was imported
    marked as the edit of the memory of its old text (`_Edits`): one more read of the file (`keys`), only
    when it was imported before, to learn which of its logged lines it still holds."""
    logged = capture.imported_from(db, str(path.resolve()))
    if not logged:
        yield from units
        return
    edits = _Edits(db, logged, keys())
    for unit in units:
        yield edits.marked(unit)


def note_files(
    root: Path,
    skip: frozenset[Path] = frozenset(),
    suffixes: tuple[str, ...] = NOTE_SUFFIXES,
    left: list[Path] | None = None,
) -> Iterator[Path]:
    """The notes under `root` (files named with one of `suffixes`, `note_suffixes`), in sorted order,
    found one folder at a time (only the names of
    the folder being listed are held, not every path of the tree); hidden folders and files
    (.obsidian, .git, .trash) are left out, and so are the folders in `skip` (quire's own), links to
    folders (a loop, or notes out of the folder) and a WhatsApp chat's .txt (a chat, imported itself),
    the last two put in `left` when given."""
    try:
        entries = sorted(os.scandir(root), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError:
            continue
        if is_dir and Path(entry.path) not in skip:
            yield from note_files(Path(entry.path), skip, suffixes, left)
        elif left is not None and entry.is_symlink() and os.path.isdir(entry.path):
            left.append(Path(entry.path))
        elif not is_dir and entry.name.lower().endswith(suffixes):
            if not (entry.name.lower().endswith(TEXT_SUFFIXES) and chats.chat_named(entry.name)):
                yield Path(entry.path)
            elif left is not None:
                left.append(Path(entry.path))


def iter_markdown_units(
    root: Path,
    report: ImportReport,
    *,
    space: str | None,
    read: list[int] | None = None,
    db: Database | None = None,
    only: Path | None = None,
    skip: frozenset[Path] = frozenset(),
    names: notes.VaultNames | None = None,
    actor: str = "import",
    suffixes: tuple[str, ...] = NOTE_SUFFIXES,
) -> Iterator[Unit]:
    """One unit per bullet or paragraph of each note, a note read only when the one before is used
    up; `read[0]` counts the notes read so far (the progress line). With `db`, a paragraph edited
    since the last import supersedes the memory of its old text (`_edited_in_note`); `only`: that
    one note of `root`; `names`: what the vault's notes are called (`vault_names`), which the
    entities of a link and of an alias named in words are read with. With `db` too, a note whose
    day, file or names changed since it was imported re-reads its stored memories (`_reread`)."""
    names = names if names is not None else notes.VaultNames({})
    for file in [only] if only is not None else note_files(root, skip, suffixes):
        if read is not None:
            read[0] += 1
        rel = file.relative_to(root)
        if _undecodable_name(rel, report):
            continue
        units = _note_units(file, rel, root, report, space=space, names=names)
        if db is not None:
            units = _edited_in_note(db, f"md:{root}/{rel}", units)
            _reread(db, root, rel, units, report, actor=actor, suffixes=suffixes)
        yield from units


def _title(text: str, stem: str) -> tuple[str, str | None]:
    """A note's title, and the kind of credential its own title held (then the file name is its
    title: as a chat's title, it is not kept)."""
    title = notes.note_title(text, stem)
    found = gate.find_credentials(title)
    return (notes.note_title("", stem), found[0][0]) if found else (title, None)


MAX_VAULT_ALIASES = 100_000  # aliases a vault's names hold (each note's first MAX_ALIASES): memory stays bounded
NAMES_HEAD = 1_000_000  # bytes of a note `vault_names` reads (a note is seldom more): its frontmatter comes first


def vault_names(
    root: Path, report: ImportReport, *, skip: frozenset[Path] = frozenset(), suffixes: tuple[str, ...] = NOTE_SUFFIXES
) -> notes.VaultNames:
    """What the notes under `root` are called (notes.VaultNames): each note's head read once (a
    note that cannot be read names nothing here; the import reports it). Aliases left out are
    said once per note: a name no entity could be (too long) too; past MAX_VAULT_ALIASES in all, the
    rest are not read (said once)."""
    found = []
    read = 0
    for file in note_files(root, skip, suffixes):
        rel = file.relative_to(root)
        try:
            if file.is_symlink() and not file.resolve(strict=True).is_relative_to(root):
                continue
            with files.open_regular(file) as fh:
                text = fh.read(NAMES_HEAD).decode("utf-8", errors="replace")
            title, _ = _title(text, file.stem)
        except (OSError, RuntimeError, InvalidInput):  # the import reports the note itself
            continue
        if len(title) > ENTITY_NAME_MAX:
            continue
        aliases, left = notes.note_aliases(text)
        kept = [a for a in aliases if len(a) <= ENTITY_NAME_MAX]
        total, left = len(aliases) + left, left + len(aliases) - len(kept)
        if len(aliases) >= notes.MAX_ALIASES and left:
            report.warnings.append(
                f"{_named(rel)}: the note has {total:,} aliases; the first {notes.MAX_ALIASES} are read as its names"
            )
        elif left:
            report.warnings.append(
                f"{_named(rel)}: {left:,} of its aliases name nothing (not text, empty, invisible or longer "
                f"than {ENTITY_NAME_MAX} characters); write each as a name in the `aliases:` list"
            )
        if read + len(kept) > MAX_VAULT_ALIASES:
            if read <= MAX_VAULT_ALIASES:
                report.warnings.append(
                    f"{_named(rel)} and the notes after it: their aliases are not read (the vault's first "
                    f"{MAX_VAULT_ALIASES:,} are); their titles and file names still name them"
                )
            read, kept = MAX_VAULT_ALIASES + 1, []
        read += len(kept)
        found.append((file.stem, title, kept))
    return notes.VaultNames.of(found)


def _note_units(
    file: Path, rel: Path, root: Path, report: ImportReport, *, space: str | None, names: notes.VaultNames
) -> list[Unit]:
    """The units of one note (empty, reported, when it cannot be read)."""
    note = _read_note(file, _named(rel), root, report)
    if note is None:
        return []
    text, blocks = note
    title, credential = _title(text, file.stem)
    if credential:  # as a chat's title: not kept, and the note's paragraphs land under its file name
        report.fail(
            _named(rel),
            f"the note's title holds a credential ({credential}); not kept, the file name is its title: "
            "remove the key from the note and import again",
        )
    entities = [] if notes.is_day(title) else [title]  # a daily note's day is its date, not a thing
    if len(title) > ENTITY_NAME_MAX:  # every paragraph of the note was refused for its entity's length
        report.warnings.append(
            f"{_named(rel)}: the note's title is longer than {ENTITY_NAME_MAX} characters, so it names no "
            "entity (its paragraphs land without one); shorten the title to make it one"
        )
        entities = []
    front = frontmatter.read(text)
    problem = front.problem
    if problem is None and isinstance(front.metadata.get("title"), dict | list):
        # `title: [a, b]` or a nested mapping parses, but is no title: the file name was used without a word.
        problem = "frontmatter `title:` is a list or mapping, not text"
    if problem:  # the notes still land; the person learns why the title is the file name
        report.warnings.append(
            f"{_named(rel)}: {problem}; its title is taken from the heading or file name (fix the YAML)"
        )
    day = notes.note_day(text, file.stem)
    own = notes.is_own(title)
    units = []
    for line, block in blocks:
        # A paragraph longer than a capture lands in parts, as a chat message does (it was refused whole).
        parts = chats.split_text(block)
        for n, part in enumerate(parts, 1):
            where = f"{_named(rel)}:{line}" + (f" part {n}" if len(parts) > 1 else "")
            named = _linked(entities, part, names)
            # (a paragraph with no subject in a note of someone, "# Tom" then "Lives in Boston", is Tom's: a note,
            # never read as the person's life, as `life.subjectless` would read it as a fact: `_own_paragraph`;
            # a daily note's "Moved to [[Denver]]" is the person's, its link no subject, and so is a line of the
            # person's own note, "Me.md" or "About me.md": `notes.is_own`)
            kind = "note" if entities and not own and life.subjectless(part) != part else "fact"
            data = {"content": part, "type": kind, "entities": named, "source": str(rel), "space": space}
            if day:  # a daily note's paragraphs are about its day, not the day they were imported
                data["valid_from"] = day
            payload = unit_payload(report, where, data)
            if payload is not None:
                key = hashlib.sha256(part.encode()).hexdigest()[:24]
                units.append(Unit(where, (f"md:{root}/{rel}", key), payload))
    return units


def _linked(entities: list[str], part: str, vault: notes.VaultNames) -> list[str]:
    """The note's entity, the notes the paragraph links to (`[[Anna Kowalska]]`; a link to a note's
    file name or alias names its title, one to a day names none) and the notes it names by an alias
    in words (`vault.mentioned`): the person named them. A link no entity could be (too long;
    `notes.links` leaves out one with a control or invisible character) is left out, not the
    paragraph."""
    names = {name.casefold(): name for name in entities}
    linked = (vault.named(link) for link in notes.links(part))
    for name in [*linked, *vault.mentioned(part)]:
        if name is not None and len(name) <= ENTITY_NAME_MAX and name.casefold() not in names:
            names[name.casefold()] = name
    return list(names.values())[:ENTITIES_MAX]


def _edited_in_note(db: Database, source: str, units: list[Unit]) -> list[Unit]:
    """A note's units, each paragraph or bullet edited since the note was imported marked as the
    edit of the memory of its old text (`_Edits`)."""
    logged = capture.imported_from(db, source)
    if not logged:
        return units
    edits = _Edits(db, logged, {u.key[1] for u in units})
    return [edits.marked(u) for u in units]


@dataclass(frozen=True)
class _Held:
    """A memory a note's paragraph stored before, as the note is read again."""

    id: str
    valid_from: str
    source: str
    unit: Unit


def _held(db: Database, root: Path, rel: Path, units: list[Unit], suffixes: tuple[str, ...]) -> list[_Held]:
    """The active memories the note's paragraphs stored before: from this note (the import log),
    or (a note renamed or moved) the same words stored from a note that is gone from the vault."""
    source = units[0].key[0]
    plain = [u for u in units if not u.payload.supersedes]
    logged = {key: mid for key, mid, status, _ in capture.imported_from(db, source) if mid and status == "active"}
    ids = {logged[u.key[1]]: u for u in plain if u.key[1] in logged}
    out = [
        _Held(mid, before, src, ids[mid])
        for mid, before, src in rows_in(
            db, "SELECT id, valid_from, source FROM memories WHERE id IN ({marks})", sorted(ids)
        )
        if src == str(rel)
    ]
    rest = {gate.content_hash(u.payload.content): u for u in plain if u.key[1] not in logged}
    # By the hash's index (with `status = 'active'` in the query SQLite took the status index and
    # read every active memory, a note at a time: 1.6 s a thousand notes).
    found = rows_in(
        db,
        "SELECT id, content_hash, valid_from, source, status FROM memories WHERE content_hash IN ({marks})",
        sorted(rest),
    )
    olds: dict[str, set[str]] = {}  # a note gone from this vault -> the memories imported from it
    for mid, digest, before, src, status in found:
        gone = (
            status == "active"
            and src
            and src != str(rel)
            and src.lower().endswith(suffixes)
            and not (root / src).exists()
        )
        if not gone or Path(src).is_absolute() or ".." in Path(src).parts:
            continue
        if src not in olds:  # imported from this folder (not the same words from another vault's note)
            olds[src] = {m for _, m, _, _ in capture.imported_from(db, f"md:{root}/{src}") if m}
        if mid in olds[src]:
            out.append(_Held(mid, before, src, rest[digest]))
    return out


def _reread(
    db: Database,
    root: Path,
    rel: Path,
    units: list[Unit],
    report: ImportReport,
    *,
    actor: str,
    suffixes: tuple[str, ...] = NOTE_SUFFIXES,
) -> None:
    """A note imported before, read again: the memories its paragraphs stored take what the note
    says of them now, in place (nothing superseded, nothing stored twice; each change an audit row):

    - its day, when it changed (frontmatter `date:` corrected): a day is a fact about when, not
      what (`memory_redate`; a note with no day any more moves nothing);
    - its file, when the note was renamed or moved (the same words stored from a note gone from the
      vault): the memory cites the note where it is now, and is about its title now, not the old
      file's name (`memory_reread`);
    - its names, when the vault reads them otherwise now (`[[Tomek]]` or "Tomek called" once an
      alias of Tomasz Builder; the note's title after a rename): the names the note gives now
      replace those it gave."""
    if not units:
        return
    held = _held(db, root, rel, units, suffixes)
    day = next((clock.normalize_when(u.payload.valid_from) for u in units if u.payload.valid_from), None)
    moved = redated = renamed = 0
    now = clock.now_iso()
    with db.transaction():
        for h in held:
            if day is not None and h.valid_from != day:
                db.execute(
                    "UPDATE memories SET valid_from = ?, updated_at = ?, version = version + 1 WHERE id = ?",
                    (day, now, h.id),
                )
                audit.record(
                    db, actor, "memory_redate", "memory", h.id, before=h.valid_from, after=day, source=str(rel)
                )
                redated += 1
            if h.source != str(rel):
                db.execute("UPDATE memories SET source = ?, updated_at = ? WHERE id = ?", (str(rel), now, h.id))
                moved += 1
            renamed += _renamed(db, h, rel, actor=actor)
    _said(report, rel, day, redated, moved, renamed)


def _renamed(db: Database, h: _Held, rel: Path, *, actor: str) -> int:
    """The memory's names as the note reads now (`_reread`); 1 when they changed. A held memory is
    this note's own (its source, or the same words from a note gone from the vault), so every name
    it has came from an import's reading of these same words: one the note no longer gives (its old
    title, an alias that names another note now) goes."""
    wanted = {entities.key(n): n for n in h.unit.payload.entities}
    had = {entities.key(n): n for n in entities.of_memory(db, h.id)}
    drop = [n for k, n in had.items() if k not in wanted]
    add = [n for k, n in wanted.items() if k not in had]
    if not drop and not add:
        return 0
    entities.drop_names(db, h.id, drop)
    entities.link_many(db, [(h.id, add)])
    audit.record(db, actor, "memory_reread", "memory", h.id, source=str(rel), before=h.source, added=add, dropped=drop)
    return 1


def _said(report: ImportReport, rel: Path, day: str | None, redated: int, moved: int, renamed: int) -> None:
    """One report line for what reading a note again changed of its memories."""

    def count(n: int) -> str:
        return f"{n} memor{'y' if n == 1 else 'ies'}"

    parts = []
    if redated and day is not None:
        parts.append(f"the note's day is {day[:10]} now; {count(redated)} of its paragraphs moved to it")
    if moved:
        verb = "cites" if moved == 1 else "cite"
        parts.append(f"{count(moved)} stored from it under its old name {verb} it where it is now")
    if renamed:
        parts.append(f"{count(renamed)} {'names' if renamed == 1 else 'name'} what its links and title name now")
    if parts:
        report.warnings.append(f"{_named(rel)}: " + "; ".join(parts) + " (the change is in `quire log --id ID`)")


class _Edits:
    """The units of a source imported before, matched to the memories whose text the source no
    longer holds: a unit not imported before, with at least a third of its words (chats.EDIT_OVERLAP)
    in common with such a text, is its edit and supersedes its memory (the normal supersede path:
    history kept, a Protected type waits for review); a unit new in other words is a new memory,
    and a text deleted from the source is not forgotten. The same text at another place (a JSONL
    line re-serialised, a field changed) is not an edit: capture finds it already present.

    Only texts that could reach the overlap are compared (a prefix filter: a text is indexed by its
    rarest words, as many as a text sharing a third of its words must meet), so a source
    rewritten whole (100,000 lines) costs the words it shares, not every pair."""

    def __init__(self, db: Database, logged: list[tuple[str, str | None, str | None, str | None]], now: set[str]):
        self.db = db
        self.gone = {
            i: (mid, old)
            for i, (key, mid, status, old) in enumerate(logged)
            if status == "active" and key not in now and mid and old
        }
        # An edit undone (A -> B -> A): the unit's own old memory is in history, and the memory that
        # replaced it left the source: the unit supersedes it again (capture lands it, `_Known.restated`).
        self.back = {key: mid for key, mid, status, _ in logged if status in HISTORY_STATUSES and mid}
        self.seen = {key for key, _, _, _ in logged} - set(self.back)
        self.by_text: dict[str, list[int]] = {}
        self.words = {i: correction.words(old) for i, (_, old) in self.gone.items()}
        counts: dict[str, int] = {}
        for i, (_, old) in self.gone.items():
            self.by_text.setdefault(old, []).append(i)
            for word in self.words[i]:
                counts[word] = counts.get(word, 0) + 1
        self.index: dict[str, list[int]] = {}
        for i, ws in self.words.items():
            must = math.ceil(chats.EDIT_OVERLAP * len(ws) - 1e-9)  # the fewest words an edit shares with it
            for word in sorted(ws, key=lambda w: (counts[w], w))[: len(ws) - must + 1]:
                self.index.setdefault(word, []).append(i)

    def marked(self, unit: Unit) -> Unit:
        """The unit, with `supersedes` set when it is the edit of a gone memory."""
        if not self.gone or unit.payload.supersedes:
            return unit
        key, text = unit.key[1], unit.payload.content
        if key in self.back:
            current = supersede.current_version(self.db, self.back[key])
            match = next((i for i, (mid, _) in self.gone.items() if mid == current), None)
            if match is None:
                return unit
            self._take(match)
            return replace(unit, payload=unit.payload.model_copy(update={"supersedes": current}))
        if key in self.seen:
            return unit
        if text in self.by_text:  # the same text: already present, not an edit of it
            self._take(self.by_text[text][0])
            return unit
        best = self._best(text)
        if best is None:
            return unit
        mid = self.gone[best][0]
        self._take(best)
        return replace(unit, payload=unit.payload.model_copy(update={"supersedes": mid}))

    def _best(self, text: str) -> int | None:
        """The gone text most like `text` (the earliest of equals), if it shares enough words."""
        mine = correction.words(text)
        near = sorted({i for word in mine for i in self.index.get(word, ()) if i in self.gone})
        scored = [(correction.jaccard(mine, self.words[i]), -i) for i in near]
        best = max(scored, default=None)
        return None if best is None or best[0] < chats.EDIT_OVERLAP else -best[1]

    def _take(self, i: int) -> None:
        _, old = self.gone.pop(i)
        self.by_text[old].remove(i)
        if not self.by_text[old]:
            del self.by_text[old]


def _undecodable_name(rel: Path, report: ImportReport) -> bool:
    """A note whose file or folder name is not UTF-8 (the OS hands its bytes over as lone
    surrogates): reported once, naming the fix (each of its blocks was refused in turn for an
    entity "not valid Unicode; re-save the input as UTF-8", when the text was fine)."""
    try:
        str(rel).encode("utf-8")
    except UnicodeEncodeError:
        raw = os.fsencode(rel)
        try:
            raw.decode("utf-8")
            byte = ""
        except UnicodeDecodeError as exc:
            byte = f" (byte 0x{raw[exc.start : exc.start + 1].hex()})"
        report.errors.append(f"{_named(rel)}: its name is not UTF-8{byte}; rename it and import again; skipped")
        return True
    return False


def _named(rel: Path) -> str:
    """A note's path as an error names it: a newline or escape in a file name is shown escaped
    (`bad\\nname.md`), so every error stays one line and cannot drive the terminal."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(rel))


def _read_note(file: Path, rel: str, root: Path, report: ImportReport) -> tuple[str, list[tuple[int, str]]] | None:
    """A note's text and blocks; None (reported) for a link out of the folder, a loop, a note that
    cannot be read or is not UTF-8."""
    try:
        outside = file.is_symlink() and not file.resolve(strict=True).is_relative_to(root)
    except (OSError, RuntimeError):  # a loop or a dangling link
        report.errors.append(f"{rel}: a symlink loop or a link to nothing; skipped")
        return None
    if outside:
        report.errors.append(f"{rel}: symlink out of the folder; skipped")
        return None
    try:
        raw = files.read_regular(file, limit=MAX_NOTE_BYTES)
        # A note that is no text (a PNG named .md, NULs, UTF-16 without its BOM) is named so, as a file
        # given alone is: it was "not UTF-8 (Latin-1?)", "content: must not be empty", or its NULs removed.
        files.refuse_not_text(raw, "the note", "a note is Markdown text", "re-save it as UTF-8, or move it out")
        text = files.decode(raw)
        return text, notes.note_blocks(text)
    except OSError as exc:
        report.errors.append(_unread(file, rel, f"cannot read it ({exc.strerror}); check its permissions"))
    except InvalidInput as exc:
        report.errors.append(_unread(file, rel, str(exc)))
    return None


def _unread(file: Path, rel: str, why: str) -> str:
    """The one error line for a note that was not read: its name once, what it is and the fix. The
    file checks name the whole path ("pipe.md: /notes/pipe.md is a FIFO ..."), said here as "it"; a
    note gone since the folder was listed is said to be gone, not "does not exist; check the path"."""
    if not os.path.lexists(file):
        return f"{rel}: it was removed while the import ran; skipped"
    return f"{rel}: {why.replace(str(file), 'it')}; skipped"


# -- a mem0 export (memory/mem0.py reads it) --------------------------------------------------------


def _mem0_owner(path: Path, me: str | None) -> str | None:
    """The user_id whose memories are the person's: the file's one, or the one `--me` names of several."""
    found = mem0.owners(path)
    if me is not None and me not in found:
        named = ", ".join(sorted(found)[:10]) or "none"
        raise UsageMistake(f"--me {me}: no memory of {path.name} has that user_id (it has: {named}); give one of them")
    if me is None and len(found) > 1:
        named = ", ".join(f"{u} ({n})" for u, n in found.most_common(10))
        raise UsageMistake(
            f"{path.name} holds the memories of {len(found)} mem0 users: {named}; pick yours with --me USER_ID"
        )
    return me if me is not None else next(iter(found), None)


class _Mem0Log:
    """What earlier imports logged of each mem0 user (or agent), read once an import: per memory id,
    (unit key, memory id, status) of each version of it imported."""

    def __init__(self, db: Database):
        self.db = db
        self.sources: dict[str, dict[str, list[tuple[str, str | None, str | None]]]] = {}

    def of(self, source: str, key: str) -> list[tuple[str, str | None, str | None]]:
        if source not in self.sources:
            by_id: dict[str, list[tuple[str, str | None, str | None]]] = {}
            for unit_key, mid, status, _ in capture.imported_from(self.db, source):
                by_id.setdefault(unit_key.rsplit("|", 1)[0], []).append((unit_key, mid, status))
            self.sources[source] = by_id
        return self.sources[source].get(key, [])


def _mem0_unit(log: _Mem0Log, memory: mem0.Memory, space: str | None, report: ImportReport) -> Unit | None:
    """A mem0 memory as a capture keyed by its id and date in the import log: the same id again with a
    later date is its edit (supersedes it); with an earlier date it is an older copy, not stored."""
    dated = memory.updated or memory.created or ""
    theirs = memory.user is not None or memory.agent is None  # (no one named: the export of the person's own)
    source = f"mem0:{memory.user or ''}" if theirs else f"mem0:agent {memory.agent}"
    key = f"{memory.id}|{dated}"
    said = {"content": memory.text, "valid_from": memory.created, "space": space}
    payload = unit_payload(report, memory.where, {**said, "source": "mem0" if theirs else "mem0 agent"})
    if payload is None:
        return None
    before = log.of(source, memory.id)
    if not before or any(row[0] == key for row in before):
        return Unit(memory.where, (source, key), payload)  # new, or this very version again (a duplicate)
    if all(row[0].rsplit("|", 1)[1] < dated for row in before):
        last = next((row[1] for row in reversed(before) if row[1]), None)
        if last is not None:
            payload = payload.model_copy(update={"supersedes": supersede.current_version(log.db, last)})
        return Unit(memory.where, (source, key), payload)
    report.warnings.append(f"{memory.where}: older than the version of it imported before; not stored")
    return None


def import_mem0(
    db: Database, path: Path, report: ImportReport, store: _Landing, *, space: str | None, me: str | None
) -> None:
    """A mem0 export: the owner's memories heard for their life (said as theirs: `mem0.as_person`; the text
    stored as mem0 had it), an agent's stored as notes and never heard; other users' left out, counted."""
    owner, seen, others, log = _mem0_owner(path, me), set[str](), Counter[str](), _Mem0Log(db)
    batch: list[tuple[mem0.Memory, Unit]] = []
    # a run before was killed: what it stored and did not hear yet is heard now (`_land_batch`)
    source = f"mem0:{path.resolve()}"
    again = rehear.begin_import(db, source)

    def when(value: Any, where: str, warn: bool) -> str | None:
        stored, problem = chats.read_time(value)
        if problem and warn:  # (said of a memory, not of a chat's message)
            problem = problem.replace("a message's time is when it was sent", "mem0 made it before it was exported")
            report.warnings.append(f"{where}: created_at: {problem.replace('a message was sent', 'mem0 made it')}; "
                                   "dated the import instead")  # fmt: skip
        return stored

    for memory in mem0.memories(path, report.fail, when):
        if memory.user is not None and memory.user != owner:
            others[memory.user] += 1
            continue
        if memory.id in seen:
            report.fail(memory.where, "the id is given again in the file; the first memory of it was imported")
            continue
        seen.add(memory.id)
        unit = _mem0_unit(log, memory, space, report)
        batch += [(memory, unit)] if unit is not None else []
        if len(batch) >= BATCH:
            _land_mem0(db, batch, report, store, again=again)
            batch = []
    _land_mem0(db, batch, report, store, again=again)
    rehear.end_import(db, source)
    if not seen and not others and not report.errors:
        raise InvalidInput(f"{path} holds no mem0 memories: nothing to import; check it is the export you meant")
    if others:
        report.warnings.append(f"{sum(others.values())} memories of other mem0 users left out: {', '.join(others)}")


_MEM0_WAIVES = frozenset({"too_short"})


def _mem0_owned(payload: CapturePayload) -> bool:
    """The person's memories are heard; an agent's are its own notes."""
    return payload.source == "mem0"


def _land_mem0(
    db: Database, batch: list[tuple[mem0.Memory, Unit]], report: ImportReport, store: _Landing, *, again: bool
) -> None:
    """One batch stored oldest first (by created_at, the file's order aside), the owner's memories heard."""
    batch.sort(key=lambda pair: pair[0].created or "9999")  # (undated: dated the import, so last)
    units = _checkable(db, [unit for _, unit in batch], report)
    # mem0 kept each as a fact worth keeping, and keeps them short ("Lives in Boston"): not refused as too short
    warned = len(report.warnings)
    logged: list[tuple[str, str]] = []
    stored = land(
        db, units, report, batch_size=BATCH, hear=_mem0_owned, waive=_MEM0_WAIVES, logged=logged, **store.kw()
    )
    if again and logged:
        fresh = rehear.untouched(db, [mid for mid, _ in logged])
        stored += [(mid, text) for mid, text in logged if mid in fresh]
    report.warnings[warned:] = [w for w in report.warnings[warned:] if capture.WAIVED not in w]
    heard = [(mid, mem0.as_person(text)) for mid, text in stored]
    if heard:
        report.warnings += dict.fromkeys(correction.heard(db, heard, actor=store.actor))
