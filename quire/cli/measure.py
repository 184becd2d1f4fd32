"""`quire eval` (quality on the benchmarks) and `quire bench` (speed), in throwaway homes."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from quire.cli.app import Bounded, Chosen, GivenPath, cli, emit, json_option


@cli.group("eval")
def eval_group():
    """Retrieval benchmarks (quire beside BM25 and dense, same run) and the ranking goldens."""


_data_option = click.option(
    "--data",
    type=GivenPath(exists=True, dir_okay=False, path_type=Path),
    help="Benchmark file (default: the dev file in shared/data).",
)


_limit_option = click.option("--limit", type=Bounded(1), help="Score only the first N questions.")


# The most of anything a bench makes (memories, messages, rows): ten times the largest size a
# bench measures by default (1M); past it a run would fill memory or never end (1e20 memories began
# generating before), so it is refused with the bound.
BENCH_MOST = 10_000_000


class Sizes(click.ParamType):
    """A comma-separated list of sizes ("1000,10000"), each from `least` to BENCH_MOST; '' is no size
    at all where `empty` allows it (a part of the bench skipped). Repeats are measured once."""

    name = "sizes"

    def __init__(self, least: int = 10, *, empty: bool = False):
        self.least, self.empty = least, empty

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        parts = [x.strip() for x in str(value).split(",") if x.strip()]
        try:
            sizes = tuple(dict.fromkeys(int(x) for x in parts))
        except ValueError:
            self.fail(f"{value!r} is not a comma-separated list of whole numbers (e.g. 1000,10000)", param, ctx)
        if not sizes and not self.empty:
            self.fail("give at least one size (e.g. 1000,10000)", param, ctx)
        if any(n < self.least for n in sizes):
            self.fail(f"{value!r}: every size must be at least {self.least}", param, ctx)
        if any(n > BENCH_MOST for n in sizes):
            self.fail(f"{value!r}: every size must be at most {BENCH_MOST:,}", param, ctx)
        return sizes


_gated_option = click.option(
    "--gated",
    is_flag=True,
    help="Apply the gate's too_short/noise verdicts too (default: count them, keep every scored unit).",
)


@eval_group.command("locomo")
@_data_option
@click.option(
    "--granularity",
    type=Chosen(["turn", "session"]),
    default="turn",
    show_default=True,
    help="turn: evidence turns in the top k turns; session: evidence sessions in the top k sessions.",
)
@_limit_option
@_gated_option
@click.option(
    "--as-chat",
    is_flag=True,
    help="Import the turns as a chat export has them (the words, the speaker only as the sender), not as "
    "the protocol's `<speaker> said, \"...\"` with image captions: what a person's own import holds.",
)
@json_option
def eval_locomo(data, granularity, limit, gated, as_chat, json_):
    """LoCoMo: evidence recall@5/10/25/50 over dialog turns (or @1/3/5/10 over sessions), per category."""
    from eval.systems import compare, format_report

    report = compare("locomo", data, limit=limit, granularity=granularity, keep_all=not gated, as_chat=as_chat)
    emit(report, json_, format_report)


@eval_group.command("longmemeval")
@_data_option
@click.option("--granularity", type=Chosen(["turn", "session"]), default="turn", show_default=True)
@click.option(
    "--protocol",
    type=Chosen(["official", "wenlan"]),
    default="official",
    show_default=True,
    help="official: user turns, recall_all/ndcg_any; wenlan: + answer turns, recall@5/mrr/ndcg.",
)
@_limit_option
@_gated_option
@json_option
def eval_longmemeval(data, granularity, protocol, limit, gated, json_):
    """LongMemEval (oracle or S): quire vs BM25 and dense under the chosen protocol."""
    from eval.systems import compare, format_report

    if protocol == "wenlan" and granularity != "turn":
        raise click.UsageError("the wenlan protocol is turn-level only")
    report = compare("longmemeval", data, limit=limit, granularity=granularity, protocol=protocol, keep_all=not gated)
    emit(report, json_, format_report)


@eval_group.command("goldens")
@click.option("--refresh", is_flag=True, help="Rewrite the current snapshot after an intended ranking change.")
@json_option
def eval_goldens(refresh, json_):
    """Compare fixture rankings with the anchor (RBO >= 0.85) and current (>= 0.95) goldens."""
    from eval import goldens

    report = goldens.check(refresh=refresh)
    emit(report, json_, goldens.render)
    if not refresh and not (report["anchor"]["passed"] and report["current"]["passed"]):
        sys.exit(1)


# The review queue's load and catch rate


@eval_group.command("contradictions")
@click.option(
    "--data",
    type=GivenPath(exists=True, file_okay=False, path_type=Path),
    help="Folder holding locomo-dev.json and longmemeval-oracle-dev.json (default: shared/data).",
)
@json_option
def eval_contradictions(data, json_):
    """Open review items per 1,000 imported facts (LoCoMo turns, a templated fixture) and the share
    of LongMemEval knowledge-update changes the contradiction check catches."""
    from eval import contradictions
    from eval.harness import data_dir

    result = contradictions.run(data or data_dir())
    emit(contradictions.as_json(result), json_, lambda _: contradictions.render(result))


# The floor, the life changes, the folds


@eval_group.command("floor")
@click.option(
    "--data",
    type=GivenPath(exists=True, file_okay=False, path_type=Path),
    help="Folder holding locomo-dev.json and longmemeval-oracle-dev.json (default: shared/data).",
)
@click.option(
    "--limit",
    type=Bounded(1),
    default=120,
    show_default=True,
    help="LoCoMo questions a conversation, and LongMemEval haystacks, asked.",
)
@json_option
def eval_floor(data, limit, json_):
    """Calibrate recall's floor: each home asked its own questions and another home's; the curve of own
    questions left empty against foreign ones flagged, and the chosen point (at most 2% own empty)."""
    from eval import floor

    result = floor.run(data, limit)
    emit(result, json_, floor.render)


@eval_group.command("life")
@click.option("--lme", is_flag=True, help="Also LongMemEval dev knowledge-update: the latest evidence first?")
@json_option
def eval_life(lme, json_):
    """Changes in a person's life on the chat fixtures (tests/fixtures/: lifechanges, nurse and the others):
    changes found, false review items, the current value at rank 1, foreign questions flagged (and
    with --lme, LongMemEval's updates)."""
    from eval import lifechanges

    result = lifechanges.run_all()
    if lme:
        result["knowledge_update"] = lifechanges.latest_first()
    emit(result, json_, lifechanges.render)


@eval_group.command("folds")
@click.option("--locomo-limit", type=Bounded(1), default=100, show_default=True, help="Questions each.")
@click.option("--lme-limit", type=Bounded(1), default=60, show_default=True, help="LongMemEval_S questions.")
@click.option(
    "--data", type=GivenPath(exists=True, file_okay=False, path_type=Path), help="Data folder (default: shared/data)."
)
@json_option
def eval_folds(locomo_limit, lme_limit, data, json_):
    """Every recall knob on two folds of LoCoMo and LongMemEval_S dev (turn and session level, beside
    dense over whole sessions): a knob stays only if it helps both folds."""
    from eval import folds

    emit(folds.run(data, locomo_limit, lme_limit), json_, folds.render)


@cli.group()
def bench():
    """Speed benchmarks that print figures (ratios against baselines run in the same process)."""


@bench.command("capture")
@click.option("--sizes", type=Sizes(), default="1000,10000", show_default=True, help="Import sizes to measure.")
@json_option
def bench_capture(sizes, json_):
    """Import throughput vs raw encode throughput, and cold start vs `python -c pass`."""
    from eval import bench as bench_mod

    result = bench_mod.capture(list(sizes))
    emit(result, json_, bench_mod.render_capture)


@bench.command("recall")
@click.option("--sizes", type=Sizes(), default="1000,10000,100000", show_default=True, help="Corpus sizes to measure.")
@click.option("--queries", type=Bounded(5, BENCH_MOST), default=50, show_default=True, help="Warm queries per size.")
@click.option(
    "--cold-runs", type=Bounded(1, BENCH_MOST), default=3, show_default=True, help="Cold `quire recall` runs per size."
)
@click.option(
    "--synthetic",
    type=Sizes(empty=True),
    default="1000000",
    show_default=True,
    help="Rows of synthetic vector matrices for the vector channel alone ('' to skip).",
)
@click.option(
    "--cold-homes",
    type=Sizes(empty=True),
    default="1000000",
    show_default=True,
    help="Memories of homes written straight into the tables, for the cold `quire recall` alone ('' to skip).",
)
@json_option
def bench_recall(sizes, queries, cold_runs, synthetic, cold_homes, json_):
    """Warm recall p50/p95 vs numpy brute force and rank-bm25 on the same corpus; cold `quire recall`;
    the vector channel alone on a synthetic 1M matrix."""
    from eval import bench as bench_mod

    result = bench_mod.recall(
        list(sizes), queries=queries, cold_runs=cold_runs, synthetic_sizes=synthetic, cold_homes=cold_homes
    )
    emit(result, json_, bench_mod.render_recall)


@bench.command("import")
@click.option(
    "--messages", type=Bounded(10, BENCH_MOST), default=100_000, show_default=True, help="Messages in the export."
)
@json_option
def bench_import(messages, json_):
    """`quire import` of a generated ChatGPT export: messages/s vs raw encode, peak RSS, re-run."""
    from eval import bench as bench_mod

    emit(bench_mod.import_chats(messages), json_, bench_mod.render_import)


@bench.command("cells")
@click.option(
    "--data",
    type=GivenPath(exists=True, dir_okay=False, path_type=Path),
    required=True,
    help="A LongMemEval file (.json or .json.xz): its user turns are the store and the batches.",
)
@click.option("--turns", type=Bounded(1024, BENCH_MOST), default=36_000, show_default=True, help="User turns read.")
@click.option("--batches", type=Bounded(1, BENCH_MOST), default=20, show_default=True, help="Batches of 256 checked.")
@click.option(
    "--like", type=Bounded(1000, BENCH_MOST), default=100_000, show_default=True, help="Cut as this many rows."
)
@json_option
def bench_cells(data, turns, batches, like, json_):
    """An import's near-duplicate check through cells against every row, on real chat turns (real model)."""
    from eval import bench_cells as cells_mod

    emit(cells_mod.run(data, turns=turns, batches=batches, like=like), json_, cells_mod.render)


@bench.command("serve")
@click.option(
    "--memories", type=Bounded(1, BENCH_MOST), default=500, show_default=True, help="Memories in the temp home."
)
@click.option(
    "--runs", type=Bounded(1, BENCH_MOST), default=5, show_default=True, help="`quire recall` calls per side."
)
@json_option
def bench_serve(memories, runs, json_):
    """`quire recall` end to end with `quire serve` up vs cold (real model; the goal is >= 10x)."""
    from eval import bench as bench_mod

    emit(bench_mod.serve(memories=memories, runs=runs), json_, bench_mod.render_serve)


@bench.command("ui")
@click.option(
    "--memories", type=Bounded(10, BENCH_MOST), default=100_000, show_default=True, help="Memories in the home."
)
@click.option("--items", type=Bounded(1, BENCH_MOST), default=1000, show_default=True, help="Open review items.")
@click.option("--runs", type=Bounded(3, BENCH_MOST), default=30, show_default=True, help="Requests per screen.")
@click.option("--pages/--no-pages", default=True, show_default=True, help="Rebuild the wiki first (page screens).")
@json_option
def bench_ui(memories, items, runs, pages, json_):
    """Each `quire ui` screen's server time p50/p95 through `quire serve` (goal: p50 < 100 ms)."""
    from eval import bench as bench_mod

    emit(bench_mod.ui(memories=memories, items=items, runs=runs, pages=pages), json_, bench_mod.render_ui)


@bench.command("rebuild")
@click.option(
    "--sizes", type=Sizes(), default="1000,10000", show_default=True, help="Corpus sizes (memories) to rebuild."
)
@click.option("--chats", is_flag=True, help="Each size also as a chat home: a quarter of it an imported chat export.")
@json_option
def bench_rebuild(sizes, chats, json_):
    """Full rebuild vs a rebuild after one new memory, with --full and incremental (goal: < 2% of full at
    10k memories, < 1% at 100k); synthetic vectors."""
    from eval import bench as bench_mod

    result = bench_mod.rebuild(list(sizes), chats=chats)
    emit(result, json_, bench_mod.render_rebuild)


# Cold start


@bench.command("cold")
@click.option("--sizes", type=Sizes(), default="10000", show_default=True, help="Memories in each temp home.")
@click.option("--runs", type=Bounded(1, BENCH_MOST), default=5, show_default=True, help="Runs per command.")
@click.option(
    "--torch-runs",
    type=Bounded(0, BENCH_MOST),
    default=1,
    show_default=True,
    help="Cold recalls on sentence-transformers.",
)
@json_option
def bench_cold(sizes, runs, torch_runs, json_):
    """Each cold command's wall time next to `python -c pass` and `quire --help` (real model)."""
    from eval import bench as bench_mod

    result = bench_mod.cold(list(sizes), runs=runs, torch_runs=torch_runs)
    emit(result, json_, bench_mod.render_cold)


@bench.command("store")
@click.option("--size", type=Bounded(10, BENCH_MOST), default=10_000, show_default=True, help="Memories in each store.")
@click.option(
    "--queries", type=Bounded(5, BENCH_MOST), default=200, show_default=True, help="Recall queries per store."
)
@click.option("--queued", type=Bounded(1, BENCH_MOST), default=1000, show_default=True, help="Queued captures to sync.")
@json_option
def bench_store(size, queries, queued, json_):
    """Capture latency and recall p50/p95, embedded file vs sqld on loopback; time to sync queued captures."""
    from eval import bench_store as bench_mod

    emit(bench_mod.run(size=size, queries=queries, queued=queued), json_, bench_mod.render)


@bench.command("privacy")
@click.option("--size", type=Bounded(10, BENCH_MOST), default=2000, show_default=True, help="Memories in each home.")
@click.option("--rounds", type=Bounded(1, BENCH_MOST), default=3, show_default=True, help="Turns per home.")
@json_option
def bench_privacy(size, rounds, json_):
    """Encryption at rest against a plaintext home: import, capture, warm and cold recall, rebuild."""
    from eval import bench_privacy

    emit(bench_privacy.run(size=size, rounds=rounds), json_, bench_privacy.render)


@bench.command("encoder")
@click.option("--texts", type=Bounded(16, BENCH_MOST), default=1000, show_default=True, help="Texts encoded per turn.")
@click.option("--rounds", type=Bounded(1, BENCH_MOST), default=3, show_default=True, help="Turns per encoder.")
@json_option
def bench_encoder(texts, rounds, json_):
    """The int8 encoder against float32: throughput in turns, and the cosine between their vectors."""
    from eval import bench_encoder

    emit(bench_encoder.run(texts=texts, rounds=rounds), json_, bench_encoder.render)
