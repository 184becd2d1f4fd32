"""`quire bench encoder`: the int8 encoder against float32, in one process and in turns.

Both run the same texts (the sample memories and synthetic ones, batches of 64) through
onnxruntime with the same threads; each figure is the best of `rounds` turns. Beside the
throughput: the cosine of every int8 vector to its float32 twin. The retrieval figures of each
(`QUIRE_ENCODER=int8 quire eval ...`) are in docs/benchmarks.md.
"""

from __future__ import annotations

import json
import time
from importlib import resources
from typing import Any

import numpy as np

from eval.bench import synthetic_memories
from memory import onnx_model


def run(texts: int = 1000, rounds: int = 3) -> dict[str, Any]:
    sample = [json.loads(line)["content"] for line in resources.files("wiki.sample").joinpath("memories.jsonl").open()]
    batch = (sample + synthetic_memories(texts))[:texts]
    model_dir = onnx_model.package_model_dir()
    encoders = {
        "float32": onnx_model.OnnxEncoder(model_dir, onnx_model.ensure_export(model_dir)),
        "int8": onnx_model.OnnxEncoder(model_dir, onnx_model.ensure_int8(model_dir)),
    }
    for encoder in encoders.values():
        encoder.encode(batch[:16])  # sessions warm
    best = {name: float("inf") for name in encoders}
    vectors: dict[str, np.ndarray] = {}
    for _ in range(rounds):
        for name, encoder in encoders.items():
            start = time.perf_counter()
            vectors[name] = encoder.encode(batch)
            best[name] = min(best[name], time.perf_counter() - start)
    cosines = (vectors["float32"] * vectors["int8"]).sum(axis=1)
    rate = {name: len(batch) / seconds for name, seconds in best.items()}
    return {
        "texts": len(batch),
        "rounds": rounds,
        "texts_per_s": rate,
        "speedup": rate["int8"] / rate["float32"],
        "cosine_min": float(cosines.min()),
        "cosine_mean": float(cosines.mean()),
    }


def render(d: dict[str, Any]) -> str:
    rate = d["texts_per_s"]
    return (
        f"encoder, {d['texts']} texts, best of {d['rounds']} turns each\n"
        f"  float32  {rate['float32']:8.1f} texts/s\n"
        f"  int8     {rate['int8']:8.1f} texts/s   speedup {d['speedup']:.2f}x (goal >= 1.8)\n"
        f"  cosine int8 to float32: min {d['cosine_min']:.4f}, mean {d['cosine_mean']:.4f}"
    )
