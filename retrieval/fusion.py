"""Weighted reciprocal-rank fusion, the priors that multiply it, and collapsing near-twins."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import numpy as np

from memory import tiers
from memory.clock import days_between, read_when
from memory.tokens import word_set, words
from retrieval import tuning
from retrieval.temporal import Window


def rrf(
    rankings: Mapping[str, Sequence[int]], weights: Mapping[str, float], k: int | None = None
) -> tuple[dict[int, float], dict[int, dict[str, int]]]:
    """score(row) = sum over channels of weight / (k + rank), ranks from 1.

    Returns the scores and, per row, the rank it had in each channel that found it.
    """
    k = tuning.RRF_K if k is None else k
    scores: dict[int, float] = {}
    ranks: dict[int, dict[str, int]] = {}
    for channel, ranked in rankings.items():
        weight = weights.get(channel, 1.0)
        for rank, rowid in enumerate(ranked, start=1):
            scores[rowid] = scores.get(rowid, 0.0) + weight / (k + rank)
            ranks.setdefault(rowid, {})[channel] = rank
    return scores, ranks


def rrf_arrays(
    rankings: Mapping[str, Sequence[int]], weights: Mapping[str, float], k: int | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """`rrf`'s scores as arrays, (rowids ascending, their scores): each row's terms added in rrf's
    order (channel by channel, from 0.0; bincount adds in input order), so the same floats."""
    k = tuning.RRF_K if k is None else k
    parts = [(weights.get(channel, 1.0), ranked) for channel, ranked in rankings.items() if len(ranked)]
    if not parts:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64)
    ids = np.concatenate([np.asarray(ranked, dtype=np.int64) for _, ranked in parts])
    terms = np.concatenate([_terms(weight, k, len(ranked)) for weight, ranked in parts])
    unique, at = np.unique(ids, return_inverse=True)
    return unique, np.bincount(at, weights=terms, minlength=len(unique))


# RRF's terms of a ranking of n rows under one weight, weight / (k + rank): the same floats every
# recall, made once (a channel's divisions were 11 us of a warm 10k recall's fusion). No memory's
# words, only tuning's numbers; read-only arrays, emptied when they pile up past TERMS_MAX.
_made_terms: dict[tuple[float, float, int], np.ndarray] = {}
TERMS_MAX = 4096


def _terms(weight: float, k: float, n: int) -> np.ndarray:
    found = _made_terms.get((weight, k, n))
    if found is None:
        if len(_made_terms) >= TERMS_MAX:
            _made_terms.clear()
        found = weight / (k + np.arange(1, n + 1, dtype=np.float64))
        found.flags.writeable = False
        _made_terms[(weight, k, n)] = found
    return found


def best_possible(weights: Mapping[str, float], channels: Sequence[str], k: int | None = None) -> float:
    """The fused score of a row ranked first by every channel that ran (scales scores to ~[0, 1])."""
    k = tuning.RRF_K if k is None else k
    total = sum(weights.get(c, 1.0) for c in channels)
    return total / (k + 1) if total else 1.0


def multipliers(row: Mapping[str, Any], now: datetime, *, window: Window | None, as_of: bool) -> dict[str, float]:
    """The priors for one memory row (only those that differ from 1 are kept, rounded to 4 places)."""
    out = _of_row(row, now, as_of)
    boost = _in_window(row, window)
    return {**out, "in_time_window": boost} if boost is not None else out


def tuning_now() -> tuple[Any, ...]:
    """What the priors of a row depend on besides the row (read once a recall: tests and `quire
    eval` move tuning), or () when they depend on the moment too (recency). The same object while
    tuning stands, so a kept row's priors are checked by identity."""
    if tuning.RECENCY_EXP:
        return ()
    stability = tuple(sorted(tuning.STABILITY.items()))
    now = (tuning.CONFIDENCE_EXP, stability, tuning.QUESTION_PENALTY, tuning.PINNED, tuning.ARCHIVED)
    if now != _tuning[0]:
        _tuning[0] = now
    return _tuning[0]


_tuning: list[tuple[Any, ...]] = [()]


def keep_priors(row: dict[str, Any], now: datetime, made_under: tuple[Any, ...]) -> None:
    """Keep a row's priors as a recall over the present (not `as_of`) sees them, and their product,
    in the row (a small home read whole: made once for all its rows, not once a candidate). Rows of
    the same priors share one kept triple (`priors` hands its dict out shared anyway): a home's
    rows take a few dozen of them, and 10k rows held 9 MB of copies."""
    if made_under:
        found = _of_row(row, now, False)
        key = (id(made_under), *found.items())
        kept = _kept.get(key)
        if kept is None or kept[0] is not made_under:
            if len(_kept) >= KEPT_MAX:
                _kept.clear()
            kept = _kept[key] = (made_under, found, product(found))
        row["priors"] = kept


KEPT_MAX = 4096
_kept: dict[tuple[Any, ...], tuple[tuple[Any, ...], dict[str, float], float]] = {}


def priors(
    row: Mapping[str, Any], now: datetime, *, window: Window | None, as_of: bool, made_under: tuple[Any, ...]
) -> tuple[dict[str, float], float]:
    """(multipliers(row, ...), their product): those kept in the row (`keep_priors`) when they were
    made under the same tuning (`tuning_now`), else made now. The dict may be shared: never change it."""
    kept = row.get("priors")
    if kept is None or as_of or not made_under or kept[0] is not made_under:
        found = multipliers(row, now, window=window, as_of=as_of)
        return found, product(found)
    boost = _in_window(row, window)
    if boost is None:
        return kept[1], kept[2]
    return {**kept[1], "in_time_window": boost}, kept[2] * boost  # last, as `multipliers` puts it: product's order


def asking(row: Mapping[str, Any]) -> float:
    """The question prior: a memory that mostly asks carries less than one that states (a question is
    rarely an answer); 1.0 for one that asks nothing."""
    if not tuning.QUESTION_PENALTY or not row.get("asks"):
        return 1.0
    return 1.0 - tuning.QUESTION_PENALTY * min(1.0, float(row["asks"]) / max(float(row["stops"]), 1.0))


def _of_row(row: Mapping[str, Any], now: datetime, as_of: bool) -> dict[str, float]:
    out: dict[str, float] = {}
    # Each value is kept as it is made (the order is the order `product` multiplies in): one dict
    # and no second pass over it, on every candidate of every recall.
    value = max(float(row["effective_confidence"]), 0.01) ** tuning.CONFIDENCE_EXP
    if abs(value - 1.0) > 1e-9:
        out["confidence"] = round(value, 4)
    if tuning.RECENCY_EXP:
        steady = row["pinned"] or row["stability"] == "confirmed"
        rate = 0.0 if steady else tiers.DECAY_RATE[tiers.tier_of(row["memory_type"])]
        age = days_between(row["valid_from"], now)
        value = (1.0 / (1.0 + rate * age)) ** tuning.RECENCY_EXP
        if abs(value - 1.0) > 1e-9:
            out["recency"] = round(value, 4)
    value = tuning.STABILITY.get(row["stability"], 1.0)
    if abs(value - 1.0) > 1e-9:
        out["stability"] = round(value, 4)
    if tuning.QUESTION_PENALTY and row.get("asks"):
        value = asking(row)
        if abs(value - 1.0) > 1e-9:
            out["question"] = round(value, 4)
    if row["pinned"] and abs(tuning.PINNED - 1.0) > 1e-9:
        out["pinned"] = round(tuning.PINNED, 4)
    if row["status"] == "archived" and not as_of and abs(tuning.ARCHIVED - 1.0) > 1e-9:
        out["archived"] = round(tuning.ARCHIVED, 4)
    return out


def _in_window(row: Mapping[str, Any], window: Window | None) -> float | None:
    """The time-window boost of a row the query's window holds (None: no boost)."""
    if (
        window is not None
        and tuning.TEMPORAL_MODE == "boost"
        and (when := read_when(row["valid_from"])) is not None
        and window.contains(when)
        and abs(tuning.TEMPORAL_BOOST - 1.0) > 1e-9
    ):
        return round(tuning.TEMPORAL_BOOST, 4)
    return None


def product(values: Mapping[str, float]) -> float:
    result = 1.0
    for value in values.values():
        result *= value
    return result


def _words(row: Mapping[str, Any]) -> frozenset[str]:
    """The row's words: kept in a row read whole (`keep_words`), else made (and cached by content)."""
    kept = row.get("words")
    return kept if kept is not None else word_set(row["content"])


def keep_words(row: dict[str, Any]) -> None:
    """Keep a row's words for the twin check in the row (a small home read whole: made once for
    all its rows, not once a candidate; not through word_set's cache, which 10k rows would churn)."""
    row["words"] = frozenset(map(sys.intern, words(row["content"])))  # one string a word, not one a row


def collapse(rows: Sequence[Mapping[str, Any]], limit: int, threshold: float | None = None) -> list[Mapping[str, Any]]:
    """Keep rows in order, dropping any whose content is near-identical to a kept one.

    Near-identical = the same content hash, or word-set Jaccard >= `threshold`. Stops at `limit`.
    """
    threshold = tuning.NEAR_IDENTICAL if threshold is None else threshold
    kept: list[Mapping[str, Any]] = []
    hashes: set[str] = set()
    seen: list[tuple[frozenset[str], int]] = []
    for row in rows:
        if row["content_hash"] in hashes:
            continue
        found = _words(row)
        if _near_twin(found, seen, threshold):
            continue
        kept.append(row)
        hashes.add(row["content_hash"])
        seen.append((found, len(found)))
        if len(kept) >= limit:
            break
    return kept


def _near_twin(words: frozenset[str], seen: list[tuple[frozenset[str], int]], threshold: float) -> bool:
    n = len(words)
    if not n:
        return False
    for other, m in seen:
        # Jaccard <= min/max of the sizes: a pair whose sizes differ too much needs no set operation.
        if m and min(n, m) / max(n, m) >= threshold:
            both = len(words & other)
            if both / (n + m - both) >= threshold:  # |A | B| = |A| + |B| - |A & B|: no union made
                return True
    return False
