"""Hierarchical chunking: parents (context for answers) made of leaves (what is searched).

Blocks are grouped into sections (a heading's text, a slide, a sheet); chunks never cross a section.
Parents take whole blocks up to ``parent_tokens`` and break between paragraphs where they can.
Leaves split each parent into pieces of at most ``leaf_tokens`` along lines and sentence ends
(English and CJK), each repeating up to ``overlap_tokens`` from the end of the one before.
Ids are hashes of location and text, so the same content always gets the same id.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from mira_desktop.core.token_estimate import estimate_tokens
from mira_desktop.ingest.sentences import (
    TokenCounter,
    WordCounts,
    split_counted,
    split_sentences,
    surely_over,
)
from mira_desktop.ingest.types import Block, Location, span

BlockProgress = Callable[[int, int], None]  # blocks chunked so far, blocks in all


@dataclass(frozen=True)
class ChunkingSettings:
    leaf_tokens: int = 200
    overlap_tokens: int = 40
    parent_tokens: int = 800


@dataclass(frozen=True)
class Chunk:
    id: str
    text: str
    location: Location
    # The title and heading path above the text; searched together with it, not quoted.
    context: str
    ordinal: int
    tokens: int
    parent_id: str = ""

    @property
    def search_text(self) -> str:
        return f"{self.context}\n{self.text}" if self.context else self.text


@dataclass(frozen=True)
class ChunkSet:
    parents: list[Chunk] = field(default_factory=list)
    leaves: list[Chunk] = field(default_factory=list)


@dataclass(frozen=True)
class _Unit:
    text: str
    location: Location
    tokens: int
    block: int
    joiner: str  # what goes before this unit when it follows another: "\n\n", "\n" or ""


def chunk_blocks(
    blocks: list[Block],
    title: str = "",
    settings: ChunkingSettings | None = None,
    count_tokens: TokenCounter = estimate_tokens,
    progress: BlockProgress | None = None,
) -> ChunkSet:
    """``progress`` hears (blocks read, blocks in all) after each block (the parse phase of a job)."""
    settings = settings or ChunkingSettings()
    parents: list[Chunk] = []
    leaves: list[Chunk] = []
    seen: set[str] = set()
    words = WordCounts(count_tokens)
    for section in _sections(blocks):
        units: list[_Unit] = []
        for index, block in section:
            units.extend(_units(block, index, settings, count_tokens, words))
            if progress is not None:
                progress(index + 1, len(blocks))
        context = _context(title, section[0][1].location.heading)
        for parent_units in _pack_parents(units, settings.parent_tokens):
            parent = _make_chunk(parent_units, context, len(parents), "", seen)
            parents.append(parent)
            for leaf_units in _pack_leaves(parent_units, settings):
                leaves.append(_make_chunk(leaf_units, context, len(leaves), parent.id, seen))
    return ChunkSet(parents, leaves)


def _sections(blocks: list[Block]) -> Iterator[list[tuple[int, Block]]]:
    current: list[tuple[int, Block]] = []
    for index, block in enumerate(blocks):
        if current and block.section != current[-1][1].section:
            yield current
            current = []
        current.append((index, block))
    if current:
        yield current


def _context(title: str, heading: tuple[str, ...]) -> str:
    path = list(heading)
    if title and (not path or path[0] != title):
        path.insert(0, title)
    return " › ".join(path)


def _units(
    block: Block, index: int, settings: ChunkingSettings, count: TokenCounter, words: TokenCounter
) -> Iterator[_Unit]:
    """A block's sentences, line by line (each line with its own number when the block has one);
    a sentence too long for a leaf is cut between words."""
    lines = block.text.split("\n")
    first = True
    # Rows of a table follow each other line by line; paragraphs are set apart by a blank line.
    block_joiner = "\n" if block.location.row_start is not None else "\n\n"
    for offset, line in enumerate(lines):
        if not line.strip():
            continue
        location = block.location
        if location.line_start is not None and len(lines) > 1:
            location = replace(location, line_start=location.line_start + offset, line_end=None)
        # Sentences are the units, so that a leaf can end, and the next one's overlap start, at one.
        pieces: list[tuple[str, int]] = []  # each sentence counted once
        for sentence in split_sentences(line):
            budget = settings.leaf_tokens
            tokens = budget + 1 if surely_over(sentence, budget) else count(sentence)
            if tokens > budget:
                pieces.extend(split_counted(sentence, budget, words))
            else:
                pieces.append((sentence, tokens))
        for number, (piece, tokens) in enumerate(pieces):
            joiner = block_joiner if first else ("\n" if number == 0 else "")
            first = False
            yield _Unit(piece, location, tokens, index, joiner)


def _pack_parents(units: list[_Unit], budget: int) -> Iterator[list[_Unit]]:
    """Greedy packing of whole blocks; a block too big for one parent is split between units."""
    current: list[_Unit] = []
    total = 0
    by_block: dict[int, list[_Unit]] = {}
    for unit in units:
        by_block.setdefault(unit.block, []).append(unit)
    for block_units in by_block.values():
        size = sum(u.tokens for u in block_units)
        if current and total + size > budget:
            yield current
            current, total = [], 0
        for unit in block_units:
            if current and total + unit.tokens > budget:
                yield current
                current, total = [], 0
            current.append(unit)
            total += unit.tokens
    if current:
        yield current


def _pack_leaves(units: list[_Unit], settings: ChunkingSettings) -> Iterator[list[_Unit]]:
    current: list[_Unit] = []
    total = 0
    fresh = 0  # units in ``current`` that no earlier leaf holds
    for unit in units:
        if fresh and total + unit.tokens > settings.leaf_tokens:
            yield current
            carried = _overlap(current, settings.overlap_tokens, settings.leaf_tokens - unit.tokens)
            current, total, fresh = carried, sum(u.tokens for u in carried), 0
        current.append(unit)
        total += unit.tokens
        fresh += 1
    if fresh:
        yield current


def _overlap(units: list[_Unit], overlap: int, room: int) -> list[_Unit]:
    """The trailing units of a finished leaf worth repeating at the start of the next one."""
    carried: list[_Unit] = []
    tokens = 0
    for unit in reversed(units[1:]):
        if tokens + unit.tokens > min(overlap, room):
            break
        carried.insert(0, unit)
        tokens += unit.tokens
    return carried


def _make_chunk(units: list[_Unit], context: str, ordinal: int, parent_id: str, seen: set[str]) -> Chunk:
    text = units[0].text.lstrip()
    for unit in units[1:]:
        text = (text.rstrip() + unit.joiner + unit.text.lstrip()) if unit.joiner else text + unit.text
    text = text.strip()
    location = span(u.location for u in units)
    key = json.dumps([parent_id and "leaf", location.to_dict(), context, text], ensure_ascii=False)
    chunk_id = hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]
    suffix = 2
    unique = chunk_id
    while unique in seen:  # the same text twice at one location: keep ids unique within the file
        unique, suffix = f"{chunk_id}-{suffix}", suffix + 1
    seen.add(unique)
    return Chunk(unique, text, location, context, ordinal, sum(u.tokens for u in units), parent_id)
