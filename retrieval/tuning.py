"""Every recall knob, in one place. Change one only with an eval figure, and write it down here.

Figures are from `quire eval ...` on the dev split in /work/shared/data (never the holdout):
LoCoMo = recall@10 (locomo-dev, 1,020 q); LME-W = LongMemEval oracle, Wenlan protocol
(recall@5 / mrr@10 / ndcg@10, 229 q); LME-O = oracle, official turn protocol (recall_all@5,
203 q). "flat" means the dev data cannot see the knob (e.g. every eval unit is a `note` with the
same confidence), so the value is a product decision, kept from Wenlan or set by hand.
"""

from __future__ import annotations

# -- fusion: weighted reciprocal-rank fusion ---------------------------------------------------

RRF_K = 60  # the RRF constant of the literature and of Wenlan; see the eval notes below
W_LEXICAL = 1.0  # weight of the FTS5 BM25 channel
W_VECTOR = 1.0  # weight of the exact-cosine channel
W_GRAPH = 0.5  # weight of the entity-graph channel (flat: eval units carry speaker entities only)
W_TIME = 1.0  # weight of the recency channel used when the query is only a time cue ("last week")

# Candidates each channel hands to fusion: max(CHANNEL_DEPTH_MIN, CHANNEL_DEPTH_FACTOR * k).
CHANNEL_DEPTH_MIN = 50
CHANNEL_DEPTH_FACTOR = 3
# Channels rank OVERFETCH x depth rows over the whole index, then the SQL filter keeps the
# in-scope ones; when too few survive the channel re-ranks over the exact scoped set. Either
# way the result equals ranking after the filter (see recall._admit); this only sets speed.
OVERFETCH = 4

# -- lexical channel ---------------------------------------------------------------------------

# bm25() column weights for memories_fts(content, title, cue). The title is the content's
# first line, so a full weight would count short memories twice.
FTS_WEIGHTS = (1.0, 0.2, 0.5)
# Speed only (never reached by the benchmark haystacks): when the query's words together
# appear in more than this many memories, the memories holding all of them are tried first.
LEXICAL_AND_FIRST_POSTINGS = 20_000

# -- vector channel ----------------------------------------------------------------------------

# Pseudo-relevance feedback: the query vector moves towards the mean of the top PRF_DOCS fused
# results by PRF_WEIGHT, then the vector channel runs again. 0 turns it off.
PRF_DOCS = 0
PRF_WEIGHT = 0.0

# -- graph channel -----------------------------------------------------------------------------

GRAPH_HUB_CAP = 20  # entities linked to more memories than this are hubs: skipped (Wenlan's cap)
GRAPH_HOPS = 1  # also lift memories of entities this many relation hops away
GRAPH_HOP_DISCOUNT = 0.5  # a neighbour entity counts this much of a named one

# -- priors (multipliers on the fused score) ---------------------------------------------------

# Effective confidence: score x effective_confidence ** CONFIDENCE_EXP (flat on the eval).
CONFIDENCE_EXP = 0.5
# Recency by tier: score x (1 / (1 + rate x age_days)) ** RECENCY_EXP, rate from
# memory.tiers.DECAY_RATE (0 when pinned or confirmed), age from valid_from to now / as-of.
RECENCY_EXP = 0.0
# Stability: confirmed and learned memories are trusted more (flat on the eval).
STABILITY = {"new": 1.0, "learned": 1.1, "confirmed": 1.25}
# Question prior: score x (1 - QUESTION_PENALTY x share of the memory's sentences that are questions).
QUESTION_PENALTY = 0.0
PINNED = 1.2  # flat on the eval
# An archived row (a superseded decision, kept visible) is shown muted, below its successor.
ARCHIVED = 0.5  # Wenlan's value; flat on the eval (no supersessions in the benchmarks)

# -- temporal cues -----------------------------------------------------------------------------

# "filter": a cue ("last week") keeps only memories valid_from inside the window.
# "boost": memories inside the window get TEMPORAL_BOOST, the rest stay.
TEMPORAL_MODE = "boost"
TEMPORAL_BOOST = 2.0

# -- collapsing near-identical results ---------------------------------------------------------

# A result whose word set has Jaccard >= NEAR_IDENTICAL with a better one is dropped (Wenlan 0.92).
NEAR_IDENTICAL = 0.92
