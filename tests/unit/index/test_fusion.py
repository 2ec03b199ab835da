"""Reciprocal rank fusion and merging sibling leaves into their parent."""

from __future__ import annotations

from mira_desktop.index.fusion import merge_siblings, reciprocal_rank_fusion
from mira_desktop.index.records import LeafRow, ScoredLeaf


def _leaf(name: str, parent: str = "p", siblings: int = 1) -> LeafRow:
    return LeafRow(name, "v", "d", name, parent, 0, siblings, name, "", "{}", name)


def _ranked(*names: str, parent: str = "p", siblings: int = 1) -> list[ScoredLeaf]:
    return [ScoredLeaf(_leaf(n, parent, siblings), 1.0 / r, r) for r, n in enumerate(names, start=1)]


def test_rrf_sums_reciprocal_ranks_and_keeps_each_stage_score() -> None:
    fused = reciprocal_rank_fusion(_ranked("a", "b"), _ranked("b", "c"), k=60)
    assert [f.leaf.row_id for f in fused] == ["b", "a", "c"]
    b = fused[0]
    assert b.fused == 1 / 62 + 1 / 61
    assert (b.vector_rank, b.bm25_rank) == (2, 1)
    assert fused[2].vector is None


def test_rrf_weights_tilt_the_order() -> None:
    fused = reciprocal_rank_fusion(_ranked("a"), _ranked("b"), vector_weight=1.0, bm25_weight=2.0)
    assert [f.leaf.row_id for f in fused] == ["b", "a"]


def test_enough_siblings_merge_into_their_parent_and_take_the_best_leafs_place() -> None:
    leaves = [
        ScoredLeaf(_leaf("x1", "X", siblings=3), 0.9, 1),
        ScoredLeaf(_leaf("y1", "Y", siblings=1), 0.8, 2),
        ScoredLeaf(_leaf("x2", "X", siblings=3), 0.7, 3),
    ]
    fused = reciprocal_rank_fusion(leaves, [])
    groups = merge_siblings(fused, {"X": 3, "Y": 1}, min_hits=2, min_share=0.5)
    assert [g.parent_id for g in groups] == ["X", ""]
    assert [f.leaf.row_id for f in groups[0].leaves] == ["x1", "x2"]
    assert groups[0].score == fused[0].fused


def test_a_single_hit_in_a_large_parent_stays_a_leaf() -> None:
    fused = reciprocal_rank_fusion([ScoredLeaf(_leaf("x1", "X", siblings=6), 0.9, 1)], [])
    groups = merge_siblings(fused, {"X": 6})
    assert groups[0].parent_id == ""
    two_of_six = reciprocal_rank_fusion(
        [ScoredLeaf(_leaf("x1", "X", 6), 0.9, 1), ScoredLeaf(_leaf("x2", "X", 6), 0.8, 2)], []
    )
    assert all(g.parent_id == "" for g in merge_siblings(two_of_six, {"X": 6}, min_share=0.5))
