"""Install torch's CPU build into this interpreter: `python scripts/install_torch.py 2.13.0`.

torch is needed once, to export the shipped weights to ONNX (and as the QUIRE_ENCODER=torch
reference); quire never runs it on a GPU. On Linux x86_64 the public registry's torch is the CUDA
build, which pulls about 15 nvidia-* wheels (several GB). So: ask the configured pip, without
downloading anything, which torch it would install (`pip install --dry-run --report`); when that
build needs no nvidia-* package here (macOS, Windows, or a machine whose pip config already offers
a CPU wheel), install it as it is; otherwise take the CPU build from PyTorch's CPU wheel index and
then torch's own dependencies from the configured index. A machine that cannot reach PyTorch's
index never contacts it unless the configured pip offers only a CUDA build.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote

CPU_INDEX = "https://download.pytorch.org/whl/cpu"


def pip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pip", *args], text=True, capture_output=True)


def pip_install(*args: str) -> int:
    return subprocess.call([sys.executable, "-m", "pip", "install", "--quiet", *args])


def nvidia_requirements(requires_dist: list[str]) -> list[str]:
    """The nvidia-* requirements that apply on this machine (their environment markers evaluated)."""
    try:
        from pip._vendor.packaging.requirements import Requirement
    except ImportError:  # a pip without its vendored packaging: count every nvidia-* line
        return [r for r in requires_dist if r.lower().startswith("nvidia-")]
    found = []
    for line in requires_dist:
        req = Requirement(line)
        if req.name.lower().startswith("nvidia-") and (req.marker is None or req.marker.evaluate({"extra": ""})):
            found.append(req.name)
    return found


def configured_choice(spec: str) -> tuple[str, list[str]] | None:
    """(wheel file name, nvidia-* requirements) of what the configured pip would install, or None."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        done = pip("install", "--quiet", "--dry-run", "--ignore-installed", "--no-deps", "--report", str(report), spec)
        if done.returncode != 0 or not report.exists():
            return None
        [item] = json.loads(report.read_text(encoding="utf-8"))["install"]
    name = unquote(item["download_info"]["url"].rsplit("/", 1)[-1])
    return name, nvidia_requirements(item["metadata"].get("requires_dist") or [])


def main(version: str) -> int:
    spec = f"torch=={version}"
    choice = configured_choice(spec)
    if choice is not None and not choice[1]:
        print(f"torch {version}: the configured index offers a CPU build ({choice[0]})", file=sys.stderr)
        return pip_install(spec)
    why = f"it offers the CUDA build ({', '.join(choice[1][:3])}, ...)" if choice else "it has no torch build here"
    print(f"torch {version}: {why}; taking the CPU build from {CPU_INDEX}", file=sys.stderr)
    code = pip_install("--no-deps", "--index-url", CPU_INDEX, spec)
    if code != 0:
        print(
            f"error: pip could not install torch {version}'s CPU build from {CPU_INDEX} (its message is above); "
            "install a torch wheel by hand into .venv, then run `make install` again",
            file=sys.stderr,
        )
        return code
    # torch's own dependencies (sympy, filelock, ...) from the configured index; torch itself is satisfied.
    return pip_install(spec)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python scripts/install_torch.py VERSION")
    sys.exit(main(sys.argv[1]))
