"""Moving a home: copy every row of one quire database into another, then prove it arrived.

`push` copies a local home's file to an empty libSQL server, `pull` a server into a new local
file. Both run the target's own migrations first (so the schema is the code's, not copied SQL),
copy the tables in creation order inside one transaction (a killed copy leaves the target as it
was), keep rowids (the vector caches and FTS key on them), and then compare row counts and a
SHA-256 digest of every table read back from both sides. A target that already holds data is
refused unless `force`.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memory import clock, failpoints, integrity, migrations
from memory.db import Database, FileDatabase, RemoteDatabase
from memory.errors import Conflict, NotFound, StoreError
from memory.files import TEMP_PREFIX, fsync_dir
from memory.home import Home, home_key, open_db, open_remote

Store = Database | RemoteDatabase
_NOT_COPIED = ("migrations",)  # the target's own migration records stay
DATA_TABLES = ("memories", "pages", "audit_log", "rejected_captures", "tombstones", "review_queue")
_BATCH = 500
Layout = tuple[list[str], list[int]]  # the columns a copy reads, and the positions of its key


@dataclass(frozen=True)
class TableCheck:
    table: str
    rows: int
    digest: str
    matches: bool


@dataclass(frozen=True)
class TransferReport:
    source: str
    target: str
    tables: list[TableCheck] = field(default_factory=list)
    fts_rows: int = 0
    previous: str = ""  # pull --force: the second name the replaced file keeps

    @property
    def verified(self) -> bool:
        return all(t.matches for t in self.tables)

    def as_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "target": self.target,
            "verified": self.verified,
            "rows": sum(t.rows for t in self.tables),
            "fts_rows": self.fts_rows,
            "previous": self.previous or None,
            "tables": [t.__dict__ for t in self.tables],
        }


def tables(db: Store) -> list[str]:
    """Copyable tables in creation order (the FTS index is rebuilt by the target's triggers)."""
    names = [
        r[0]
        for r in db.rows(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "AND name NOT LIKE 'memories_fts%' ORDER BY rowid"
        )
    ]
    return [n for n in names if n not in _NOT_COPIED]


def holds_data(db: Store) -> bool:
    present = {r[0] for r in db.rows("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return any(db.scalar(f"SELECT 1 FROM {t} LIMIT 1") for t in DATA_TABLES if t in present)


def _canonical(value: Any) -> bytes:
    if value is None:
        return b"N"
    if isinstance(value, bytes):
        return b"B" + value.hex().encode()
    if isinstance(value, float):
        return b"F" + repr(value).encode()
    if isinstance(value, int):
        return b"I" + str(value).encode()
    return b"T" + str(value).encode("utf-8", "surrogatepass")


def _layouts(db: Store) -> dict[str, Layout]:
    """Per table, the columns to read (rowid first where the table has one) and the positions of its
    key, all in one read: on a server each table's own pragma was two round trips, paid again by
    every pass over the table (copy, both digests).

    A WITHOUT ROWID table (session_turns) is keyed and paged by its primary key instead."""
    found: dict[str, tuple[str, list[tuple[str, int]]]] = {}
    for table, sql, col, pk in db.rows(
        "SELECT m.name, m.sql, p.name, p.pk FROM sqlite_master AS m, pragma_table_info(m.name) AS p "
        "WHERE m.type = 'table' ORDER BY m.rowid, p.cid"
    ):
        found.setdefault(table, (str(sql or ""), []))[1].append((col, int(pk)))
    out: dict[str, Layout] = {}
    for table, (sql, info) in found.items():
        cols = [c for c, _ in info]
        if "WITHOUT ROWID" not in sql.upper():
            out[table] = (["rowid", *cols], [0])
        else:
            out[table] = (cols, [i for _, i in sorted((pk, i) for i, (_, pk) in enumerate(info) if pk)])
    return out


def _pages(db: Store, table: str, layout: Layout) -> Iterator[list[Any]]:
    """Every row of `table` in key order, `_BATCH` rows at a time (keyset paging, no OFFSET)."""
    cols, key = layout
    names = ", ".join(cols)
    key_cols = ", ".join(cols[i] for i in key)
    last: tuple[Any, ...] | None = None
    while True:
        where = "" if last is None else f"WHERE ({key_cols}) > ({', '.join('?' * len(key))})"
        page = db.rows(f"SELECT {names} FROM {table} {where} ORDER BY {key_cols} LIMIT {_BATCH}", last or ())
        if page:
            yield page
        if len(page) < _BATCH:
            return
        last = tuple(page[-1][i] for i in key)


def digest(db: Store, table: str, layout: Layout) -> tuple[int, str]:
    """Row count and SHA-256 over every row (rowid first, where there is one) in key order."""
    h = hashlib.sha256()
    count = 0
    for page in _pages(db, table, layout):
        for row in page:
            h.update(b"\x1e".join(_canonical(v) for v in row) + b"\x1d")
        count += len(page)
    return count, h.hexdigest()


def copy(source: Store, target: Store, *, force: bool = False, prepare: Any = None) -> TransferReport:
    """Copy source into target and verify, all in ONE transaction on the target: `prepare` (wipe and
    migrate, for push) runs inside it too, and the COMMIT comes only once every table's digest
    matches. A kill or a mismatch at any moment before it leaves the target exactly as it was."""
    if holds_data(target) and not force:
        raise Conflict(
            f"{target.label} already holds a quire home; nothing was copied. Pass --force to replace it "
            "(a server is wiped, a local file is first moved aside)"
        )
    names = tables(source)
    with target.transaction():
        if prepare is not None:
            prepare()
        if source.scalar("PRAGMA user_version") != target.scalar("PRAGMA user_version"):
            raise StoreError("source and target have different schema versions; open both with this quire first")
        target.execute("PRAGMA defer_foreign_keys = ON")  # self-references (supersedes) in any order
        src, dst = _layouts(source), _layouts(target)  # each side's own, read after prepare migrated it
        for table in reversed(names):
            target.execute(f"DELETE FROM {table}")
        for table in names:
            _copy_table(source, target, table, src[table])
        # Triggers filled vector_changes, graph_changes and wiki_changes while memories, entities,
        # relations and pages arrived (each log is created, so copied, after the tables it watches);
        # the copy above replaced them with the source's own change logs, so a device's vector and
        # graph cache positions (seq) mean the same thing.
        for name, seq in source.rows("SELECT name, seq FROM sqlite_sequence"):
            target.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = ?", (seq, name))
        failpoints.hit("transfer.copied")
        checks = []
        for table in names:
            n_src, d_src = digest(source, table, src[table])
            n_dst, d_dst = digest(target, table, dst[table])
            checks.append(TableCheck(table, n_dst, d_dst, n_src == n_dst and d_src == d_dst))
        fts_src = int(source.scalar("SELECT count(*) FROM memories_fts"))
        fts_dst = int(target.scalar("SELECT count(*) FROM memories_fts"))
        checks.append(TableCheck("memories_fts (rebuilt)", fts_dst, "", fts_src == fts_dst))
        report = TransferReport(source.label, target.label, checks, fts_dst)
        if not report.verified:
            bad = ", ".join(t.table for t in checks if not t.matches)
            raise StoreError(f"the copy did not match the source ({bad}); nothing was changed on {target.label}")
        failpoints.hit("transfer.verified")
    return report


def _copy_table(source: Store, target: Store, table: str, layout: Layout) -> None:
    cols, _ = layout
    insert = f"INSERT INTO {table}({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"
    if table in ("vector_changes", "graph_changes", "wiki_changes"):
        target.execute(f"DELETE FROM {table}")  # the rows the triggers wrote while the tables arrived
    for page in _pages(source, table, layout):
        target.executemany(insert, page)


def wipe(db: RemoteDatabase) -> None:
    """Drop every quire object on a server (for push --force); the caller migrates afresh."""
    with db.transaction():
        for kind in ("trigger", "view", "table"):
            for (name,) in db.rows(
                "SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' "
                "AND name NOT LIKE 'memories_fts_%' ORDER BY rowid DESC",
                (kind,),
            ):
                db.execute(f'DROP {kind.upper()} IF EXISTS "{name}"')
        db.execute("PRAGMA user_version = 0")


def push(home: Home, url: str, *, token: str | None, force: bool = False) -> TransferReport:
    """The home's local file -> an empty server (with force, one that holds a home: wiped, migrated
    and filled in the same transaction as the copy's check, so a kill leaves it as it was)."""
    if not home.db_path.exists():
        raise NotFound(f"{home.db_path} does not exist: there is no local home to push (check QUIRE_HOME)")
    source = open_db(home)
    try:
        target = open_remote(url, home, token=token, migrate=False)
        try:
            occupied = holds_data(target)
            if occupied and not force:
                raise Conflict(
                    f"{target.label} already holds a quire home; nothing was copied. "
                    "Pass --force to wipe the server and replace it"
                )

            def prepare() -> None:
                if occupied:
                    wipe(target)
                    failpoints.hit("push.wiped")
                migrations.apply(target)

            return copy(source, target, force=True, prepare=prepare)
        finally:
            target.close()
    finally:
        source.close()


def _kept_name(db_path: Path) -> Path:
    """A name for the replaced file that no earlier pull holds: two pulls in one second, or a pull
    again after one killed halfway, must not collide. A name that is already this very file (a
    killed pull linked it) is reused rather than linked twice."""
    stamp = clock.now().strftime("%Y%m%dT%H%M%SZ")
    for n in range(1, 10_000):
        name = db_path.with_name(f"{db_path.name}.replaced-{stamp}" + (f"-{n}" if n > 1 else ""))
        if not name.exists() or name.samefile(db_path):
            return name
    raise Conflict(f"too many {db_path.name}.replaced-{stamp}* files beside it; move old copies away and pull again")


def pull(home: Home, url: str, *, token: str | None, force: bool = False) -> TransferReport:
    """A server -> the home's local file. The copy is built and verified in a new file beside the
    home's, then switched in with one rename; an existing file with data (force) keeps a second
    name, quire.db.replaced-<time>, which the report names. A kill at any moment leaves the old
    file in place, or the new one whole."""
    source = open_remote(url, home, token=token)
    staged = home.db_path.with_name(f"{TEMP_PREFIX}pull-{home.db_path.name}")
    previous: Path | None = None
    try:
        if home.db_path.exists():
            existing = open_db(home)  # the open check: never replaced blind
            try:
                occupied = holds_data(existing)
                existing.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # its WAL into the file it keeps
            finally:
                existing.close()
            if occupied and not force:
                raise Conflict(
                    f"{home.db_path} already holds a quire home; nothing was copied. "
                    "Pull into a new QUIRE_HOME, or pass --force (the old file is kept as a .replaced copy)"
                )
            if occupied:
                previous = _kept_name(home.db_path)
        for side in ("", "-wal", "-shm"):  # a killed pull's half-made copy
            Path(f"{staged}{side}").unlink(missing_ok=True)
        target = FileDatabase(staged, encryption_key=home_key(home))
        try:
            migrations.apply(target)
            report = copy(source, target, force=True)
            target.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            target.close()
        with open(staged, "rb+") as fh:
            os.fsync(fh.fileno())
        failpoints.hit("pull.staged")
        if previous is not None and not (previous.exists() and previous.samefile(home.db_path)):
            os.link(home.db_path, previous)  # the old file keeps a second name: nothing copied or lost
            failpoints.hit("pull.kept")
        for side in ("-wal", "-shm"):
            Path(f"{home.db_path}{side}").unlink(missing_ok=True)
        integrity.forget_stamp(home.db_path)
        os.replace(staged, home.db_path)
        failpoints.hit("pull.renamed")
        fsync_dir(home.db_path.parent)
        integrity.stamp(home.db_path)
    except BaseException:
        for side in ("", "-wal", "-shm"):
            Path(f"{staged}{side}").unlink(missing_ok=True)
        raise
    finally:
        source.close()
    return TransferReport(report.source, str(home.db_path), report.tables, report.fts_rows, str(previous or ""))
