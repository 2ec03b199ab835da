"""Tying each sentence of an answer to the source it is drawn from.

Models are asked to cite inline ([1], [2]); small ones mostly do not. Each sentence of the answer
is therefore scored against every source shown: its *support* is the share of its terms (BM25's
analysis: stemmed English words without stop words, jieba-segmented Chinese words) found in the
source's quote. A sentence with markers keeps the model's citations (``added_by: "model"``); one
without is attached to its best source when the support reaches :data:`SUPPORT_THRESHOLD`
(``added_by: "mira"``), and is flagged unsupported otherwise. Sentences of fewer than
:data:`MIN_TERMS` terms ("The answer is:") are not judged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mira_desktop.index.analysis import terms
from mira_desktop.ingest.sentences import split_sentences

# Chosen on SmolLM2-135M's answers to SciFact and DRCD questions (docs/KNOWLEDGE.md): sentences drawn
# from the right source had a median support of about 0.8, sentences set against an unrelated source
# about 0.15.
SUPPORT_THRESHOLD = 0.5
MIN_TERMS = 3
_MARKER = re.compile(r"\[(\d+(?:\s*[,，、]\s*\d+)*)\]")
_LEADING_MARKERS = re.compile(r"\s*(?:\[\d+(?:\s*[,，、]\s*\d+)*\]\s*)+")


@dataclass(frozen=True)
class Citation:
    sentence: str
    start: int  # offsets into the answer text
    end: int
    sources: list[int] = field(default_factory=list)  # source numbers ([n]), best first
    added_by: str | None = None  # "model", "mira", or None for an unsupported sentence
    support: float = 0.0  # of the best cited source

    @property
    def supported(self) -> bool:
        return bool(self.sources)

    def to_dict(self) -> dict[str, Any]:
        return {
            "sentence": self.sentence,
            "start": self.start,
            "end": self.end,
            "source": self.sources[0] if self.sources else None,
            "sources": list(self.sources),
            "added_by": self.added_by,
            "supported": self.supported,
            "support": round(self.support, 3),
        }


def attach_citations(
    answer: str, sources: Sequence[str], threshold: float = SUPPORT_THRESHOLD
) -> list[Citation]:
    """One :class:`Citation` per judged sentence of ``answer``; ``sources[n - 1]`` is source [n]."""
    source_terms = [set(terms(text)) for text in sources]
    cited: list[Citation] = []
    offset = 0
    for sentence in _sentences(answer):
        start = answer.find(sentence, offset)
        offset = start + len(sentence)
        words = set(terms(_MARKER.sub(" ", sentence)))
        if len(words) < MIN_TERMS:
            continue
        supports = [len(words & found) / len(words) for found in source_terms]
        text = sentence.strip()
        begin = start + sentence.find(text)
        marked = _markers(sentence, len(sources))
        if marked:
            best = max(supports[n - 1] for n in marked)
            cited.append(Citation(text, begin, begin + len(text), marked, "model", best))
            continue
        if supports and max(supports) >= threshold:
            best = max(range(len(supports)), key=lambda i: supports[i])
            cited.append(Citation(text, begin, begin + len(text), [best + 1], "mira", supports[best]))
        else:
            cited.append(Citation(text, begin, begin + len(text), [], None, max(supports, default=0.0)))
    return cited


def citation_summary(citations: Sequence[Citation]) -> dict[str, int]:
    """Counts for the run's trace and the evaluation: by model, by Mira, unsupported."""
    return {
        "by_model": sum(1 for c in citations if c.added_by == "model"),
        "by_mira": sum(1 for c in citations if c.added_by == "mira"),
        "unsupported": sum(1 for c in citations if not c.supported),
    }


def _markers(sentence: str, count: int) -> list[int]:
    numbers: list[int] = []
    for match in _MARKER.finditer(sentence):
        for part in re.split(r"[,，、]", match.group(1)):
            n = int(part.strip())
            if 1 <= n <= count and n not in numbers:
                numbers.append(n)
    return numbers


def _sentences(text: str) -> list[str]:
    """Sentences, line breaks ending them too; markers written after a full stop ("… 7741. [1]")
    belong to the sentence before them."""
    pieces: list[str] = []
    for line in text.splitlines(keepends=True):
        for sentence in split_sentences(line):
            piece = sentence
            leading = _LEADING_MARKERS.match(piece)
            if pieces and leading is not None:
                pieces[-1] += leading.group(0)
                piece = piece[leading.end() :]
            if pieces and not _MARKER.sub("", piece).strip(" .。,，;；\n"):
                pieces[-1] += piece
            elif piece:
                pieces.append(piece)
    return [p for p in pieces if p.strip()]
