"""`make install`'s torch step: the configured index's build when it is CPU-only, PyTorch's CPU index
when it is the CUDA build (the one that pulls the nvidia-* wheels), and never that index otherwise."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT

spec = importlib.util.spec_from_file_location("install_torch", ROOT / "scripts" / "install_torch.py")
assert spec and spec.loader
install_torch = importlib.util.module_from_spec(spec)
spec.loader.exec_module(install_torch)

CUDA = [
    "filelock",
    'nvidia-cudnn-cu13==9.20.0.48; platform_system == "Linux"',
    'nvidia-nccl-cu13==2.29.7; platform_system == "Linux"',
    'triton==3.7.1; platform_system == "Linux"',
]


def fake_pip(monkeypatch, wheel: str | None, requires: list[str]):
    """The configured pip's dry run answers with `wheel` (None: it finds no torch); installs are recorded."""
    installs: list[tuple[str, ...]] = []

    def pip(*args: str):
        assert "--dry-run" in args
        if wheel is None:
            return subprocess.CompletedProcess(args, 1, "", "No matching distribution found for torch==2.13.0")
        report = args[args.index("--report") + 1]
        item = {"download_info": {"url": f"file:///wheels/{wheel}"}, "metadata": {"requires_dist": requires}}
        with open(report, "w", encoding="utf-8") as f:
            json.dump({"install": [item]}, f)
        return subprocess.CompletedProcess(args, 0, "", "")

    monkeypatch.setattr(install_torch, "pip", pip)
    monkeypatch.setattr(install_torch, "pip_install", lambda *args: installs.append(args) or 0)
    return installs


def test_a_cpu_wheel_the_configured_pip_offers_is_installed_as_it_is(monkeypatch, capsys):
    installs = fake_pip(monkeypatch, "torch-2.13.0%2Bcpu-cp311-cp311-manylinux_2_28_x86_64.whl", ["filelock"])
    assert install_torch.main("2.13.0") == 0
    assert installs == [("torch==2.13.0",)]  # PyTorch's index is never named
    assert "CPU build (torch-2.13.0+cpu-cp311" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform != "linux", reason="the nvidia-* markers apply on Linux")
def test_the_cuda_build_is_replaced_by_the_cpu_index_build_then_its_dependencies(monkeypatch, capsys):
    installs = fake_pip(monkeypatch, "torch-2.13.0-cp311-cp311-manylinux_2_28_x86_64.whl", CUDA)
    assert install_torch.main("2.13.0") == 0
    assert installs == [("--no-deps", "--index-url", install_torch.CPU_INDEX, "torch==2.13.0"), ("torch==2.13.0",)]
    assert "CUDA build (nvidia-cudnn-cu13, nvidia-nccl-cu13" in capsys.readouterr().err


def test_nvidia_requirements_for_another_platform_do_not_count():
    elsewhere = 'nvidia-nccl-cu13==2.29.7; platform_system == "Plan9"'
    assert install_torch.nvidia_requirements([elsewhere, "sympy>=1.13"]) == []
    assert install_torch.nvidia_requirements([elsewhere, "nvidia-cublas-cu13"]) == ["nvidia-cublas-cu13"]


def test_no_torch_at_the_configured_index_tries_the_cpu_index_and_a_failure_names_the_fix(monkeypatch, capsys):
    installs = fake_pip(monkeypatch, None, [])
    monkeypatch.setattr(install_torch, "pip_install", lambda *args: installs.append(args) or 1)
    assert install_torch.main("2.13.0") == 1
    assert installs == [("--no-deps", "--index-url", install_torch.CPU_INDEX, "torch==2.13.0")]
    assert "install a torch wheel by hand into .venv" in capsys.readouterr().err
