"""Hierarchical chunking: token-bounded leaves with overlap inside parents, stable ids, section-aware."""

from __future__ import annotations

import itertools

from mira_desktop.core.token_estimate import estimate_tokens
from mira_desktop.ingest.chunker import ChunkingSettings, chunk_blocks
from mira_desktop.ingest.sentences import split_sentences
from mira_desktop.ingest.types import Block, Location

SMALL = ChunkingSettings(leaf_tokens=40, overlap_tokens=10, parent_tokens=120)


def _paragraphs(count: int, heading: tuple[str, ...] = ("Guide",), start_line: int = 1) -> list[Block]:
    blocks = []
    line = start_line
    for n in range(count):
        text = f"Paragraph {n} says something specific about topic {heading[-1]} {n}. It has a second sentence too."
        blocks.append(
            Block(text, Location(line_start=line, line_end=line, heading=heading), " › ".join(heading))
        )
        line += 2
    return blocks


def test_leaves_fit_their_budget_and_belong_to_one_parent() -> None:
    chunks = chunk_blocks(_paragraphs(12), settings=SMALL)
    parent_ids = {p.id for p in chunks.parents}
    assert len(chunks.parents) > 1
    assert all(leaf.parent_id in parent_ids for leaf in chunks.leaves)
    assert all(leaf.tokens <= SMALL.leaf_tokens for leaf in chunks.leaves)
    assert all(parent.tokens <= SMALL.parent_tokens for parent in chunks.parents)


def test_consecutive_leaves_of_a_parent_overlap() -> None:
    chunks = chunk_blocks(
        _paragraphs(6), settings=ChunkingSettings(leaf_tokens=40, overlap_tokens=16, parent_tokens=120)
    )
    first_parent = chunks.parents[0].id
    leaves = [leaf for leaf in chunks.leaves if leaf.parent_id == first_parent]
    assert len(leaves) >= 2
    for before, after in itertools.pairwise(leaves):
        last_sentence = split_sentences(before.text.split("\n\n")[-1])[-1].strip()
        assert after.text.startswith(last_sentence)


def test_the_same_content_gets_the_same_ids_and_an_edit_changes_only_its_chunks() -> None:
    blocks = _paragraphs(12)
    first = chunk_blocks(blocks, settings=SMALL)
    again = chunk_blocks(list(blocks), settings=SMALL)
    assert [c.id for c in first.leaves] == [c.id for c in again.leaves]
    edited = [*blocks[:-1], Block("A different closing paragraph.", blocks[-1].location, blocks[-1].section)]
    changed = chunk_blocks(edited, settings=SMALL)
    kept = {c.id for c in first.leaves} & {c.id for c in changed.leaves}
    assert len(kept) >= len(first.leaves) - 2


def test_chunks_never_cross_a_heading_and_carry_its_path_as_context() -> None:
    blocks = _paragraphs(2, ("Manual", "Install")) + _paragraphs(2, ("Manual", "Use"), start_line=10)
    chunks = chunk_blocks(blocks, title="Manual", settings=SMALL)
    contexts = {leaf.context for leaf in chunks.leaves}
    assert contexts == {"Manual › Install", "Manual › Use"}
    for leaf in chunks.leaves:
        other = "Use" if "Install" in leaf.context else "Install"
        assert f"topic {other}" not in leaf.text
        assert leaf.location.heading[-1] in leaf.context
    assert chunks.leaves[0].search_text.startswith("Manual › Install\n")


def test_line_ranges_follow_the_lines_a_leaf_holds() -> None:
    lines = [f"line {n} of the file with a few words" for n in range(1, 41)]
    block = Block("\n".join(lines), Location(line_start=1, line_end=40))
    chunks = chunk_blocks([block], settings=SMALL)
    for leaf in chunks.leaves:
        first = int(leaf.text.split("\n")[0].split()[1])
        last = int(leaf.text.split("\n")[-1].split()[1])
        assert (leaf.location.line_start, leaf.location.line_end) == (first, last)


def test_chinese_text_is_split_at_sentence_ends() -> None:
    sentence = "知识库把文档切成小块以便检索。"
    block = Block(sentence * 20, Location(page=3))
    chunks = chunk_blocks([block], settings=SMALL)
    assert len(chunks.leaves) > 1
    assert all(leaf.text.endswith("。") for leaf in chunks.leaves)
    assert all(leaf.location.label() == "p. 3" for leaf in chunks.leaves)
    assert split_sentences("第一句。第二句！第三句？") == ["第一句。", "第二句！", "第三句？"]


def test_a_sentence_longer_than_a_leaf_is_cut_between_words() -> None:
    words = [f"word{n}" for n in range(200)]
    chunks = chunk_blocks([Block(" ".join(words), Location(page=1))], settings=SMALL)
    assert len(chunks.leaves) > 3
    pieces = [leaf.text.split() for leaf in chunks.leaves]
    assert all(set(piece) <= set(words) for piece in pieces)  # no word was cut in two
    assert {word for piece in pieces for word in piece} == set(words)  # and none was lost
    for piece in pieces:  # each leaf is a run of consecutive words
        start = words.index(piece[0])
        assert piece == words[start : start + len(piece)]
    assert all(estimate_tokens(leaf.text) <= SMALL.leaf_tokens for leaf in chunks.leaves)


def test_pages_spanned_by_a_parent_are_labelled_as_a_range() -> None:
    blocks = [Block(f"Text on page {n}.", Location(page=n)) for n in (3, 4)]
    chunks = chunk_blocks(blocks)
    assert chunks.parents[0].location.label() == "pp. 3–4"


def test_location_labels() -> None:
    assert Location(sheet="Budget", row_start=2, row_end=9).label() == "Budget, rows 2–9"
    assert Location(slide=4, notes=True).label() == "slide 4 (notes)"
    assert Location(line_start=10, line_end=42).label() == "lines 10–42"
    assert Location(heading=("Intro", "Scope")).label() == "§ Intro › Scope"
    assert Location.from_dict(Location(page=2, heading=("A",)).to_dict()) == Location(page=2, heading=("A",))


def test_long_texts_without_full_stops_count_each_distinct_word_once_and_whole_sentences_not_at_all() -> None:
    asked: list[str] = []

    def counting(text: str) -> int:
        asked.append(text)
        return estimate_tokens(text)

    vocabulary = [f"term{n} " for n in range(30)] + list("中文分词")
    blocks = [
        Block("".join(vocabulary[(n * 7 + k) % len(vocabulary)] for k in range(300)), Location(page=n + 1))
        for n in range(20)
    ]
    chunks = chunk_blocks(blocks, settings=SMALL, count_tokens=counting)

    assert sorted(asked) == sorted(set(asked))  # each word once
    assert set(asked) <= set(vocabulary)  # words only, never a whole sentence
    assert max(leaf.tokens for leaf in chunks.leaves) <= SMALL.leaf_tokens


def test_chunking_reports_each_block_as_it_is_done() -> None:
    steps: list[tuple[int, int]] = []
    chunk_blocks(
        _paragraphs(5, ("A",)) + _paragraphs(3, ("B",), start_line=20),
        settings=SMALL,
        progress=lambda d, t: steps.append((d, t)),
    )
    assert steps == [(n, 8) for n in range(1, 9)]
