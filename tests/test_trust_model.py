"""The embedding model's folder is trusted as config.toml is: a weights or tokenizer file another user
can replace changes every vector quire makes, so no runtime loads a model others can write."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memory import embed, files, onnx_model
from memory.errors import ModelUntrusted

FILES = ["config.json", "modules.json", "tokenizer.json", "model.safetensors", "1_Pooling/config.json"]


@pytest.fixture
def model_dir(tmp_path) -> Path:
    """A model folder of this user's, 0755/0644 (what pip leaves under umask 022)."""
    folder = tmp_path / "model"
    for name in FILES:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("{}")
        (folder / name).chmod(0o644)
    for sub in (folder, folder / "1_Pooling"):
        sub.chmod(0o755)
    return folder


@pytest.mark.parametrize(
    ("name", "mode"), [("model.safetensors", 0o646), ("tokenizer.json", 0o666), ("1_Pooling", 0o757)]
)
def test_a_model_file_or_folder_others_can_write_is_refused(model_dir, name, mode):
    # Before: the model was loaded from wherever it was, whoever could write it.
    target = model_dir / name
    target.chmod(mode)
    with pytest.raises(ModelUntrusted) as caught:
        onnx_model.refuse_untrusted(model_dir)
    said = str(caught.value)
    assert f"{target} is writable by others" in said and f"chmod go-w {target}" in said
    target.chmod(0o755 if target.is_dir() else 0o644)  # control: the same folder, not writable by others
    onnx_model.refuse_untrusted(model_dir)


def test_a_model_folder_group_writable_by_the_owners_own_group_passes(model_dir):
    # pip under umask 002 (Debian's for people) leaves files 0664 and folders 0775: the group is the
    # owner's own, holding nobody else, so it gives nobody else anything.
    info = model_dir.stat()
    if not files.owners_own_group(info):
        pytest.skip("this user's group is not a group of their own")
    for path in [model_dir, *model_dir.rglob("*")]:
        path.chmod(0o775 if path.is_dir() else 0o664)
    onnx_model.refuse_untrusted(model_dir)


def test_a_model_under_a_folder_others_can_write_is_refused(model_dir):
    model_dir.parent.chmod(0o777)
    try:
        with pytest.raises(ModelUntrusted, match=f"is inside {model_dir.parent}, which is writable by others"):
            onnx_model.refuse_untrusted(model_dir)
    finally:
        model_dir.parent.chmod(0o700)
    onnx_model.refuse_untrusted(model_dir)


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")
def test_a_model_file_another_user_owns_is_refused(model_dir):
    weights = model_dir / "model.safetensors"
    os.chown(weights, 4321, 4321)
    with pytest.raises(ModelUntrusted, match="belongs to another user"):
        onnx_model.refuse_untrusted(model_dir)
    os.chown(weights, os.geteuid(), os.getegid())
    onnx_model.refuse_untrusted(model_dir)


@pytest.mark.parametrize("runtime", ["onnx", "int8", "torch"])
def test_every_runtime_refuses_before_loading_and_none_falls_back(model_dir, monkeypatch, capsys, runtime):
    # The ONNX runtime falls back to sentence-transformers when it cannot prepare its export; an
    # untrusted model is not a reason to try the other runtime on the same files.
    (model_dir / "config.json").chmod(0o666)
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("QUIRE_ENCODER", runtime)
    monkeypatch.setenv("QUIRE_MODEL_PATH", str(model_dir))
    monkeypatch.setattr(embed, "_loaded", None)
    with pytest.raises(ModelUntrusted, match=f"the embedding model's {model_dir / 'config.json'} is writable"):
        embed.load_embedder()
    assert "instead" not in capsys.readouterr().err
