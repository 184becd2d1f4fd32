"""The ONNX encoder: made once, atomically, from the installed weights; same vectors as the reference."""

from __future__ import annotations

import json
import os
import threading
import time

import numpy as np
import pytest

from memory import embed, onnx_model
from memory.errors import ModelUnavailable


@pytest.fixture
def places(tmp_path, monkeypatch):
    """A fake model directory and two export places; `_export` writes a marker instead of torch."""
    model = tmp_path / "model"
    model.mkdir()
    (model / "model.safetensors").write_bytes(b"weights")
    (model / "config.json").write_text('{"hidden_size": 384}')
    (model / "tokenizer.json").write_text("{}")
    (model / "modules.json").write_text(
        json.dumps([{"type": "x.Transformer", "path": ""}, {"type": "x.Pooling", "path": "1_Pooling"}])
    )
    (model / "1_Pooling").mkdir()
    (model / "1_Pooling" / "config.json").write_text('{"pooling_mode_mean_tokens": true}')
    first, second = tmp_path / "pkg", tmp_path / "home-cache"
    monkeypatch.setattr(onnx_model, "candidate_dirs", lambda _: [first, second])
    calls = []

    def fake_export(model_dir, target):
        calls.append(target)
        time.sleep(0.05)  # long enough for a racing thread to start its own export
        target.write_bytes(b"onnx")

    monkeypatch.setattr(onnx_model, "_export", fake_export)
    return model, first, second, calls


def test_export_is_made_once_and_then_found_by_a_stat(places):
    model, first, _, calls = places
    path = onnx_model.ensure_export(model)
    assert path.parent == first and path.read_bytes() == b"onnx"
    assert onnx_model.ensure_export(model) == path and len(calls) == 1
    assert [p.name for p in first.iterdir()] == [path.name]  # no temp file left behind


def test_new_weights_get_a_new_export(places):
    model, _, _, calls = places
    old = onnx_model.ensure_export(model)
    (model / "model.safetensors").write_bytes(b"other weights")
    assert onnx_model.ensure_export(model) != old and len(calls) == 2


def test_unwritable_package_folder_falls_back_to_the_home_cache(places):
    model, first, second, _ = places
    first.write_text("a file where the folder would be")
    assert onnx_model.ensure_export(model).parent == second


def test_failed_export_leaves_nothing(places, monkeypatch):
    model, first, _, _ = places

    def broken(model_dir, target):
        target.write_bytes(b"half")
        raise ModelUnavailable("the ONNX export does not match the torch model")

    monkeypatch.setattr(onnx_model, "_export", broken)
    with pytest.raises(ModelUnavailable):
        onnx_model.ensure_export(model)
    assert list(first.iterdir()) == [] and onnx_model.existing_export(model) is None


def test_racing_exports_both_get_a_complete_file(places):
    model, first, _, _ = places
    got = []
    threads = [threading.Thread(target=lambda: got.append(onnx_model.ensure_export(model))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(got)) == 1 and got[0].read_bytes() == b"onnx"
    assert [p.name for p in first.iterdir()] == [got[0].name]


def test_a_model_it_cannot_reproduce_is_refused(places):
    model, *_ = places
    (model / "1_Pooling" / "config.json").write_text('{"pooling_mode_max_tokens": true}')
    with pytest.raises(ModelUnavailable, match="only mean pooling"):
        onnx_model.ensure_export(model)


def test_unknown_encoder_runtime_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("QUIRE_ENCODER", "tensorflow")
    monkeypatch.setattr(embed, "_loaded", None)
    with pytest.raises(ModelUnavailable, match="QUIRE_ENCODER"):
        embed.load_embedder()


def test_onnx_failure_falls_back_to_sentence_transformers(monkeypatch, capsys):
    class Reference:
        model_id = embed.MINILM_ID
        dim = embed.DIM

    def unavailable():
        raise ModelUnavailable("no writable place for the ONNX export")

    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setattr(embed, "_loaded", None)
    monkeypatch.setattr(embed, "OnnxMiniLMEmbedder", unavailable)
    monkeypatch.setattr(embed, "MiniLMEmbedder", Reference)
    assert isinstance(embed.load_embedder(), Reference)
    assert "using sentence-transformers instead" in capsys.readouterr().err
    monkeypatch.setattr(embed, "_loaded", None)


def _varied_texts(n: int) -> list[str]:
    """Sentences of every length, script and oddity a memory may carry."""
    from eval.bench import synthetic_memories
    from tests.conftest import ROOT

    sample = [json.loads(line)["content"] for line in (ROOT / "wiki" / "sample" / "memories.jsonl").open()]
    odd = [
        "",
        " ",
        "a",
        "Ünïcödé café naïve résumé",
        "日本語のテキストと English が混ざったメモ",
        "Привет, это заметка о базе данных",
        "مرحبا، هذه ملاحظة عن قاعدة البيانات",
        "emoji 🙂🚀 and symbols ∑∫≠ in a memory",
        "tab\tand\nnewline\rand NUL\x00 and bell\x07 control characters",
        "word " * 400,  # past the 256-token window: truncated the same way
        "https://example.com/a/b?c=d&e=f#frag ../../etc/passwd",
        "SELECT * FROM memories WHERE id = 1; DROP TABLE memories; --",
    ]
    reversed_words = [f"{s} {s.lower()[::-1]}" for s in sample]  # odd tokens
    texts = odd + sample[: n // 3] + reversed_words[: n // 5]
    texts += synthetic_memories(max(0, n - len(texts)))
    return texts[:n]


@pytest.mark.model
def test_onnx_vectors_match_sentence_transformers_on_100_varied_texts(monkeypatch):
    """Every oddity a memory may carry (empty, scripts, controls, past the token window) beside
    ordinary memories; 100 texts cover each kind, more only repeat them at a torch model's pace."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    texts = _varied_texts(100)
    assert len(texts) == 100
    fast = embed.OnnxMiniLMEmbedder()
    reference = embed.MiniLMEmbedder()
    assert fast.model_id == reference.model_id == embed.MINILM_ID  # same model, same stored id
    # The reference in batches of 16: a text's vector does not depend on the batch (padding is masked
    # out of the mean), and at 64 the batch with the 256-token text pads 63 others to its length,
    # twice the torch time for the same vectors. The fast side runs as quire runs it.
    a, b = fast.encode(texts), reference.encode(texts, batch_size=16)
    assert a.shape == b.shape == (100, 384) and a.dtype == np.float32
    cosines = (a * b).sum(axis=1)
    assert float(cosines.min()) >= 0.9999, texts[int(cosines.argmin())][:80]


@pytest.mark.parametrize("value", ["abc", "0", "-1", "2.5", "1e3"])
def test_a_bad_encoder_thread_count_is_a_clear_error_not_a_fallback(monkeypatch, value):
    monkeypatch.setenv("QUIRE_EMBEDDER", "minilm")
    monkeypatch.setenv("QUIRE_ENCODER_THREADS", value)
    monkeypatch.setattr(embed, "_loaded", None)
    monkeypatch.setattr(embed, "OnnxMiniLMEmbedder", lambda: pytest.fail("built despite the bad setting"))
    monkeypatch.setattr(embed, "MiniLMEmbedder", lambda: pytest.fail("fell back to sentence-transformers"))
    with pytest.raises(ModelUnavailable, match=r"QUIRE_ENCODER_THREADS.*whole number from 1 to"):
        embed.load_embedder()


def test_the_encoder_thread_count_defaults_to_the_cores_and_never_passes_them(monkeypatch):
    cores = len(os.sched_getaffinity(0))
    monkeypatch.delenv("QUIRE_ENCODER_THREADS", raising=False)
    assert onnx_model.encoder_threads() == cores
    monkeypatch.setenv("QUIRE_ENCODER_THREADS", " 1 ")
    assert onnx_model.encoder_threads() == 1
    monkeypatch.setenv("QUIRE_ENCODER_THREADS", "1000")  # each concurrent run holds its own activations
    assert onnx_model.encoder_threads() == cores


@pytest.mark.model
def test_chunks_encoded_on_several_threads_land_in_their_own_rows(monkeypatch):
    """One thread or two, a text's vector is the one it gets alone: the parallel chunks (longest
    first) write back to the right rows."""
    texts = _varied_texts(300)
    monkeypatch.setenv("QUIRE_ENCODER_THREADS", "1")
    single = embed.OnnxMiniLMEmbedder()
    monkeypatch.setenv("QUIRE_ENCODER_THREADS", "2")
    spread = embed.OnnxMiniLMEmbedder()
    a = single.encode(texts, batch_size=16)
    b = spread.encode(texts, batch_size=16)
    assert np.allclose(a, b, atol=1e-5)
    for i in (0, 4, 150, 299):
        assert np.allclose(spread.encode([texts[i]])[0], a[i], atol=1e-4)


def test_runs_group_texts_of_like_token_count_under_the_padded_budget():
    """Every text once, shortest first, no run past `most` texts or TOKENS_PER_RUN padded tokens
    (a run of one long text excepted): a run costs what it pads to."""
    lengths = [12] * 100 + [256] * 9 + [40] * 70 + [2]
    runs = onnx_model._runs(lengths, 64)
    assert sorted(i for run in runs for i in run) == list(range(len(lengths)))
    flat = [lengths[i] for run in runs for i in run]
    assert flat == sorted(flat)
    for run in runs:
        width = max(lengths[i] for i in run)
        assert len(run) <= 64 and (len(run) == 1 or len(run) * width <= onnx_model.TOKENS_PER_RUN)
    assert onnx_model._runs([], 64) == []


@pytest.mark.model
def test_one_long_text_among_short_ones_pads_only_its_own_run(monkeypatch):
    """63 short memories and one of 256 tokens: the encoder is fed about what the texts hold, not 64
    texts padded to 256 tokens (40 times the work), and each vector is the one the text gets alone."""
    encoder = embed.OnnxMiniLMEmbedder()
    inner = encoder._encoder
    texts = [f"short memory number {i} about the train" for i in range(63)] + ["word " * 400]
    fed: list[tuple[int, ...]] = []
    real_run = inner._session.run

    class Spy:
        def run(self, names, feed):
            fed.append(feed["input_ids"].shape)
            return real_run(names, feed)

    monkeypatch.setattr(inner, "_session", Spy())
    vectors = encoder.encode(texts)
    held = sum(len(inner._tokens.encode(t).ids) for t in texts)
    assert sum(rows * width for rows, width in fed) <= 2 * held, fed
    for i in (0, 62, 63):
        assert float(vectors[i] @ encoder.encode([texts[i]])[0]) >= 0.99999
