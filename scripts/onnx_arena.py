#!/usr/bin/env python3
"""onnxruntime's CPU memory arena on or off, for the encoder `quire import` runs: each
setting in a fresh process (peak RSS is per process), alternating, `--rounds` times; each child
encodes 3,000 of the benchmark's texts in batches of 256, as an import does. Prints encodes/s and
peak RSS per child. Run from the repo: `.venv/bin/python scripts/onnx_arena.py`."""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time


def child(arena: bool) -> dict[str, float]:
    import onnxruntime as ort

    real = ort.SessionOptions

    def options() -> ort.SessionOptions:
        made = real()
        made.enable_cpu_mem_arena = arena
        return made

    ort.SessionOptions = options  # what memory/onnx_model.py builds its session with
    from eval.bench import synthetic_memories
    from memory.embed import embed_text, load_embedder

    model = load_embedder()
    texts = [embed_text(None, "", t) for t in synthetic_memories(3000, seed=3)]
    model.encode(texts[:64])
    start = time.perf_counter()
    for lo in range(0, len(texts), 256):
        model.encode(texts[lo : lo + 256])
    rate = len(texts) / (time.perf_counter() - start)
    return {
        "per_second": round(rate, 1),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--child", choices=["on", "off"])
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child == "on")))
        return
    for _ in range(args.rounds):
        for setting in ("on", "off"):
            done = subprocess.run([sys.executable, __file__, "--child", setting], capture_output=True, text=True)
            print(f"arena {setting}: {done.stdout.strip() or done.stderr.strip()[-200:]}")


if __name__ == "__main__":
    main()
