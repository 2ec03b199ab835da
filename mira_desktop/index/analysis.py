"""Text analysis for BM25: English stemming and stop words, Chinese word segmentation (jieba).

Chinese has no spaces, so Tantivy's own tokenizers would index a whole run of Chinese characters as
one token. Runs of CJK ideographs are therefore segmented by jieba first (search mode, which also
emits the shorter words inside long ones) and joined with spaces; the result is indexed by a Tantivy
analyzer that splits on non-alphanumerics, lowercases, drops English stop words and stems. Queries
go through exactly the same two steps, so query terms and indexed terms match.
"""

from __future__ import annotations

import logging
import re
import threading
from typing import Any

from mira_desktop.core.cjk import HAN_RANGES, character_class

ANALYZER_NAME = "mira_en_zh"
# Changing the analysis changes the indexed terms: bump the index format when editing this module.
ANALYSIS_VERSION = 1
# The ideographs of the basic plane: what version 1 segments (Extension B would change the terms).
_CJK_RUN = re.compile(f"[{character_class(tuple(r for r in HAN_RANGES if r[1] <= 0xFFFF))}]+")
_lock = threading.Lock()
_loaded: dict[str, Any] = {}  # "jieba" and "analyzer", loaded on first use


def _segmenter() -> Any:
    with _lock:
        if "jieba" not in _loaded:
            import jieba

            jieba.setLogLevel(logging.WARNING)
            jieba.initialize()
            _loaded["jieba"] = jieba
        return _loaded["jieba"]


def text_analyzer() -> Any:
    """The Tantivy analyzer registered on every index under :data:`ANALYZER_NAME`."""
    with _lock:
        if "analyzer" not in _loaded:
            import tantivy

            _loaded["analyzer"] = (
                tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
                .filter(tantivy.Filter.remove_long(40))
                .filter(tantivy.Filter.lowercase())
                .filter(tantivy.Filter.stopword("english"))
                .filter(tantivy.Filter.stemmer("english"))
                .build()
            )
        return _loaded["analyzer"]


def segment(text: str) -> str:
    """``text`` with every run of Chinese characters split into space-separated words."""
    if not _CJK_RUN.search(text):
        return text
    jieba = _segmenter()

    def words(match: re.Match[str]) -> str:
        return " " + " ".join(w for w in jieba.cut_for_search(match.group(0)) if w.strip()) + " "

    return _CJK_RUN.sub(words, text)


def terms(text: str) -> list[str]:
    """The indexed terms of ``text``, in order (repeats kept)."""
    return [str(t) for t in text_analyzer().analyze(segment(text))]
