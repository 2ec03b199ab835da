"""Which language a text is in, which embedders cover it, and min-max fusion."""

from __future__ import annotations

import pytest

from mira_desktop.index.fusion import BM25, VECTOR, FusionMethod, fuse
from mira_desktop.index.languages import covered, text_language
from mira_desktop.index.records import LeafRow, ScoredLeaf


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("What is the emergency launch code?", "en"),
        ("陸特和漢斯雷頓開創了哪一地區對梵語的學術研究？", "zh"),
        ("《战国无双3》是由哪两个公司合作开发的？", "zh"),
        ("iPhone 15 的电池能用多久？", "zh"),  # a Chinese question naming a product is Chinese
        ("The word 梵語 means Sanskrit in Chinese.", "en"),  # an English sentence quoting Chinese
        ("ひらがなとカタカナの文章です。", "ja"),
        ("한국어 문장입니다.", "ko"),
        ("Привет, как дела?", "ru"),
        ("12345 — 67", "und"),
    ],
)
def test_text_language_is_decided_by_script(text: str, language: str) -> None:
    assert text_language(text) == language


def test_an_english_only_embedder_covers_english_and_undetermined_text_but_not_chinese() -> None:
    english = frozenset({"en"})
    assert covered("en", english)
    assert covered("und", english)
    assert covered("", english)  # leaves indexed before their language was recorded
    assert not covered("zh", english)
    assert covered("zh", None)  # a multilingual embedder covers everything


def _leaf(name: str) -> LeafRow:
    return LeafRow(name, "v", "d", name, "p", 0, 1, name, "", "{}", name, "en")


def _hits(*scored: tuple[str, float]) -> list[ScoredLeaf]:
    return [ScoredLeaf(_leaf(n), s, r) for r, (n, s) in enumerate(scored, start=1)]


def test_minmax_fusion_keeps_a_confident_retriever_ahead_of_a_noisy_one() -> None:
    # BM25 is sure of "a" (25 against 7); the vector side barely prefers "b" (0.31 against 0.30).
    bm25 = _hits(("a", 25.0), ("b", 7.0), ("c", 6.5))
    vector = _hits(("b", 0.31), ("a", 0.30), ("c", 0.05))
    minmax = fuse({BM25: bm25, VECTOR: vector}, {BM25: 0.5, VECTOR: 0.5}, FusionMethod.MINMAX)
    assert minmax[0].leaf.row_id == "a"
    assert minmax[0].scores == {BM25: 25.0, VECTOR: 0.30}
    assert minmax[0].ranks == {BM25: 1, VECTOR: 2}
    assert minmax[0].fused == pytest.approx(0.5 * 1.0 + 0.5 * (0.30 - 0.05) / (0.31 - 0.05))


def test_a_leaf_one_retriever_did_not_return_gets_nothing_from_it() -> None:
    fused = fuse({BM25: _hits(("a", 3.0), ("b", 1.0)), VECTOR: _hits(("c", 0.9))}, {BM25: 0.5, VECTOR: 0.5})
    by_id = {f.leaf.row_id: f for f in fused}
    assert by_id["b"].fused == 0.0  # the lowest BM25 candidate scales to 0
    assert by_id["c"].fused == 0.5  # a lone candidate scales to 1
    assert by_id["c"].bm25 is None


def test_without_vector_hits_the_bm25_order_stands() -> None:
    fused = fuse({BM25: _hits(("a", 9.0), ("b", 4.0), ("c", 1.0))}, {BM25: 0.5, VECTOR: 0.5})
    assert [f.leaf.row_id for f in fused] == ["a", "b", "c"]
