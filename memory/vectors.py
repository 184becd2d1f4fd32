"""The vector cache: every embedded memory as one float32 matrix, for exact cosine search.

Built from the inline F32_BLOB embeddings, kept in step through `vector_changes` (filled by
triggers on every insert and on changes to embedding, model or status), and persisted as one
.npz under the cache folder so a cold command reads one file plus the changes since, instead of
every blob. Derived state: deleting the cache file loses nothing.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np

from memory.db import Database
from memory.embed import DIM, from_blob
from memory.store import LIVE

_EXCLUDED = ("forgotten", "rejected")


class VectorIndex:
    """ids, sorted rowids and the matching unit vectors of one embedding model."""

    def __init__(self, model_id: str, dim: int = DIM):
        self.model_id = model_id
        self.dim = dim
        self.seq = 0
        self.rowids = np.zeros(0, dtype=np.int64)
        self.ids = np.zeros(0, dtype="U32")
        self.matrix = np.zeros((0, dim), dtype=np.float32)
        self.alive = np.zeros(0, dtype=bool)

    def __len__(self) -> int:
        return int(self.alive.sum())

    # -- building ----------------------------------------------------------------------------

    @classmethod
    def load(cls, db: Database, model_id: str, cache_dir: Path | None = None) -> VectorIndex:
        """From the cache file when it is usable, else from the database; then catch up."""
        index = cls(model_id)
        path = cache_path(cache_dir, model_id) if cache_dir else None
        if path and path.exists():
            try:
                with np.load(path, allow_pickle=False) as data:
                    if str(data["model_id"]) == model_id and str(data["db_id"]) == _db_id(db):
                        index.seq = int(data["seq"])
                        index.rowids = data["rowids"].astype(np.int64)
                        index.ids = data["ids"]
                        index.matrix = np.ascontiguousarray(data["matrix"], dtype=np.float32)
                        index.alive = data["alive"].astype(bool)
            except (OSError, ValueError, KeyError):
                index = cls(model_id)  # a damaged cache is only a slower start
        if not index.refresh(db):
            index._rebuild(db)
        return index

    def _rebuild(self, db: Database) -> None:
        self.seq = int(db.scalar("SELECT coalesce(max(seq), 0) FROM vector_changes"))
        rows = db.rows(
            "SELECT rowid, id, embedding FROM memories WHERE embedding IS NOT NULL AND embed_model = ? "
            f"AND {LIVE} ORDER BY rowid",
            (self.model_id,),
        )
        self.rowids = np.array([r[0] for r in rows], dtype=np.int64)
        self.ids = np.array([r[1] for r in rows], dtype="U32")
        self.matrix = _stack([r[2] for r in rows], self.dim)
        self.alive = np.ones(len(rows), dtype=bool)

    def refresh(self, db: Database) -> bool:
        """Apply changes recorded since `seq`; False when they were pruned (rebuild needed)."""
        oldest = db.scalar("SELECT min(seq) FROM vector_changes")
        latest = int(db.scalar("SELECT coalesce(max(seq), 0) FROM vector_changes"))
        if latest == self.seq:
            return True
        if self.seq == 0 and len(self.rowids) == 0:
            return False
        if oldest is None or int(oldest) > self.seq + 1:
            return False
        changed = [
            r[0]
            for r in db.rows(
                "SELECT DISTINCT mem_rowid FROM vector_changes WHERE seq > ? AND seq <= ?", (self.seq, latest)
            )
        ]
        for start in range(0, len(changed), 500):
            chunk = changed[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = db.rows(
                f"SELECT rowid, id, embedding, embed_model, status FROM memories WHERE rowid IN ({marks})", chunk
            )
            present = {r[0] for r in rows}
            for rowid in set(chunk) - present:  # deleted rows
                self._drop(rowid)
            for rowid, mid, blob, model, status in rows:
                if blob is None or model != self.model_id or status in _EXCLUDED:
                    self._drop(rowid)
                else:
                    self._put(rowid, mid, from_blob(blob))
        self.seq = latest
        return True

    def _position(self, rowid: int) -> int | None:
        pos = int(np.searchsorted(self.rowids, rowid))
        return pos if pos < len(self.rowids) and self.rowids[pos] == rowid else None

    def _drop(self, rowid: int) -> None:
        pos = self._position(rowid)
        if pos is not None:
            self.alive[pos] = False

    def _put(self, rowid: int, memory_id: str, vector: np.ndarray) -> None:
        pos = self._position(rowid)
        if pos is not None:
            self.matrix[pos] = vector
            self.ids[pos] = memory_id
            self.alive[pos] = True
            return
        pos = int(np.searchsorted(self.rowids, rowid))
        self.rowids = np.insert(self.rowids, pos, rowid)
        self.ids = np.insert(self.ids.astype(f"U{max(32, len(memory_id))}"), pos, memory_id)
        self.matrix = np.insert(self.matrix, pos, vector, axis=0)
        self.alive = np.insert(self.alive, pos, True)

    def add(self, rowids: list[int], ids: list[str], vectors: np.ndarray) -> None:
        """Add freshly embedded rows in-process (cheaper than re-reading them)."""
        new = np.asarray(rowids, dtype=np.int64)
        fresh = len(new) and (len(self.rowids) == 0 or new.min() > self.rowids[-1]) and bool(np.all(np.diff(new) > 0))
        if not fresh:
            for rowid, mid, vec in zip(rowids, ids, vectors, strict=True):
                self._put(int(rowid), mid, vec)
            return
        # New captures have the largest rowids: one concatenate instead of n inserts.
        width = max([self.ids.dtype.itemsize // 4, 32] + [len(i) for i in ids])
        self.rowids = np.concatenate([self.rowids, new])
        self.ids = np.concatenate([self.ids.astype(f"U{width}"), np.array(ids, dtype=f"U{width}")])
        self.matrix = np.concatenate([self.matrix, np.asarray(vectors, dtype=np.float32)])
        self.alive = np.concatenate([self.alive, np.ones(len(new), dtype=bool)])

    # -- searching ---------------------------------------------------------------------------

    def positions_of(self, rowids: np.ndarray) -> np.ndarray:
        """Positions of the given rowids that are in the index and alive."""
        if len(self.rowids) == 0 or len(rowids) == 0:
            return np.zeros(0, dtype=np.int64)
        pos = np.searchsorted(self.rowids, rowids)
        pos = np.clip(pos, 0, len(self.rowids) - 1)
        keep = (self.rowids[pos] == rowids) & self.alive[pos]
        kept: np.ndarray = pos[keep]
        return kept

    def scores(self, query: np.ndarray) -> np.ndarray:
        """Cosine of the query against every row (dead rows included; mask them)."""
        if len(self.rowids) == 0:
            return np.zeros(0, dtype=np.float32)
        return self.matrix @ np.asarray(query, dtype=np.float32)

    def search(self, query: np.ndarray, k: int, rowids: np.ndarray | None = None) -> list[tuple[str, float]]:
        """Top-k (id, cosine), optionally only among `rowids` (a scope computed in SQL)."""
        sims = self.scores(query)
        if len(sims) == 0:
            return []
        pos = self.positions_of(rowids) if rowids is not None else np.flatnonzero(self.alive)
        if len(pos) == 0:
            return []
        sub = sims[pos]
        k = min(k, len(pos))
        top = np.argpartition(-sub, k - 1)[:k]
        top = top[np.argsort(-sub[top], kind="stable")]
        return [(str(self.ids[pos[i]]), float(sub[i])) for i in top]

    # -- persisting --------------------------------------------------------------------------

    def save(self, db: Database, cache_dir: Path) -> Path:
        """Write the cache atomically (temp file + rename); compacts dead rows first."""
        if not self.alive.all():
            keep = self.alive
            self.rowids, self.ids, self.matrix, self.alive = (
                self.rowids[keep],
                self.ids[keep],
                self.matrix[keep],
                self.alive[keep],
            )
        cache_dir.mkdir(parents=True, exist_ok=True)
        path = cache_path(cache_dir, self.model_id)
        fd, tmp = tempfile.mkstemp(dir=cache_dir, prefix=".vectors-", suffix=".npz")
        try:
            with os.fdopen(fd, "wb") as fh:
                np.savez(
                    fh,
                    model_id=np.array(self.model_id),
                    db_id=np.array(_db_id(db)),
                    seq=np.array(self.seq),
                    rowids=self.rowids,
                    ids=self.ids,
                    matrix=self.matrix,
                    alive=self.alive,
                )
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path


def cache_path(cache_dir: Path, model_id: str) -> Path:
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in model_id)
    return cache_dir / f"vectors-{safe}.npz"


def _db_id(db: Database) -> str:
    """Identity of the database (a cache copied next to another database must not be used)."""
    return str(db.scalar("SELECT value FROM meta WHERE key = 'db_id'") or "")


def _stack(blobs: list[bytes], dim: int) -> np.ndarray:
    if not blobs:
        return np.zeros((0, dim), dtype=np.float32)
    flat = np.frombuffer(b"".join(blobs), dtype="<f4")
    return flat.reshape(len(blobs), -1).astype(np.float32, copy=True)
