"""Reciprocal rank fusion of the vector and BM25 rankings, and merging sibling leaves into parents."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from mira_desktop.index.records import LeafRow, ScoredLeaf

RRF_K = 60


@dataclass
class Fused:
    """One leaf after fusion, with the score and rank each retriever gave it (None: not found by it)."""

    leaf: LeafRow
    fused: float
    vector: float | None = None
    vector_rank: int | None = None
    bm25: float | None = None
    bm25_rank: int | None = None


def reciprocal_rank_fusion(
    vector: Sequence[ScoredLeaf],
    bm25: Sequence[ScoredLeaf],
    k: int = RRF_K,
    vector_weight: float = 1.0,
    bm25_weight: float = 1.0,
) -> list[Fused]:
    """``Σ weight / (k + rank)`` over the retrievers that found a leaf; best first, ties by leaf order."""
    fused: dict[str, Fused] = {}
    for hit in vector:
        entry = fused.setdefault(hit.leaf.row_id, Fused(hit.leaf, 0.0))
        entry.fused += vector_weight / (k + hit.rank)
        entry.vector, entry.vector_rank = hit.score, hit.rank
    for hit in bm25:
        entry = fused.setdefault(hit.leaf.row_id, Fused(hit.leaf, 0.0))
        entry.leaf = hit.leaf  # BM25 hits carry the whole row; vector hits may carry ids only
        entry.fused += bm25_weight / (k + hit.rank)
        entry.bm25, entry.bm25_rank = hit.score, hit.rank
    return sorted(fused.values(), key=lambda f: (-f.fused, f.leaf.row_id))


@dataclass
class Group:
    """A ranked result: one leaf, or several sibling leaves standing for their parent."""

    leaves: list[Fused]
    parent_id: str = ""  # set when the leaves were merged into their parent
    score: float = 0.0
    extra: dict[str, float] = field(default_factory=dict)

    @property
    def best(self) -> Fused:
        return self.leaves[0]


def merge_siblings(
    ranked: Sequence[Fused],
    leaf_counts: Mapping[str, int],
    min_hits: int = 2,
    min_share: float = 0.5,
    sibling_weight: float = 0.0,
) -> list[Group]:
    """Replace sibling leaves by their parent where ``min_hits`` of them and ``min_share`` of the
    parent's leaves were found. The parent takes its best leaf's fused score plus ``sibling_weight``
    times the others' (0: a long parent gains nothing from matching weakly in many places)."""
    by_parent: dict[str, list[Fused]] = {}
    for entry in ranked:
        by_parent.setdefault(entry.leaf.parent_id, []).append(entry)
    groups: list[Group] = []
    placed: set[str] = set()
    for entry in ranked:
        parent = entry.leaf.parent_id
        siblings = by_parent[parent]
        total = leaf_counts.get(parent, 0)
        merge = len(siblings) >= min_hits and total > 0 and len(siblings) >= min_share * total
        if merge:
            if parent in placed:
                continue
            placed.add(parent)
            best = siblings[0].fused  # ``ranked`` is best first, so are the siblings
            groups.append(
                Group(list(siblings), parent, best + sibling_weight * sum(s.fused for s in siblings[1:]))
            )
        else:
            groups.append(Group([entry], "", entry.fused))
    return sorted(groups, key=lambda g: -g.score)
