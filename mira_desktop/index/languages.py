"""Which language a text is written in, by script: what decides whether an embedder's vectors vote.

An embedding model trained on one language gives noise for text in another (all-MiniLM-L6-v2 on
Chinese scores 0.244 nDCG@10 on CMRC 2018, against 0.984 for BM25), so retrieval asks each
embedder whether it covers the query's language, and each chunk's language is stored with it.

The detection is by script, which is all that matters for that decision and costs microseconds:
Han characters → ``zh`` (``ja`` when kana are among them, ``ko`` for Hangul), Cyrillic → ``ru``,
Arabic → ``ar``, Greek → ``el``, Hebrew → ``he``, Devanagari → ``hi``, Thai → ``th``, Latin letters
→ ``en`` (an English-only model does best of all on other Latin-script text too). A text with no
letters is ``und`` and counts as covered by every embedder.
"""

from __future__ import annotations

import unicodedata

from mira_desktop.core.cjk import han_pattern, hangul_pattern, kana_pattern

UNDETERMINED = "und"
# CJK characters carry about a word each, Latin letters a fifth of one: a text counts as CJK
# when at least this share of its letters are CJK characters (a Chinese sentence with an English
# product name is Chinese; an English sentence quoting two Chinese words is English).
CJK_SHARE = 0.3

_SCRIPTS = {  # the first word of a letter's Unicode name → language
    "LATIN": "en",
    "CYRILLIC": "ru",
    "ARABIC": "ar",
    "GREEK": "el",
    "HEBREW": "he",
    "DEVANAGARI": "hi",
    "THAI": "th",
}


def text_language(text: str) -> str:
    """The language code of ``text`` by its script (see the module docstring)."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return UNDETERMINED
    han = len(han_pattern().findall(text))
    kana = len(kana_pattern().findall(text))
    hangul = len(hangul_pattern().findall(text))
    cjk = han + kana + hangul
    if cjk >= CJK_SHARE * len(letters):
        if hangul > han + kana:
            return "ko"
        return "ja" if kana >= 0.1 * cjk else "zh"
    counts: dict[str, int] = {}
    for letter in letters:
        if letter.isascii():
            counts["en"] = counts.get("en", 0) + 1
            continue
        script = unicodedata.name(letter, "").split(" ", 1)[0]
        language = _SCRIPTS.get(script)
        if language is not None:
            counts[language] = counts.get(language, 0) + 1
    if not counts:
        return UNDETERMINED
    return max(counts.items(), key=lambda item: item[1])[0]


def covered(language: str, languages: frozenset[str] | None) -> bool:
    """Whether an embedder declaring ``languages`` (None: every language) covers ``language``."""
    return languages is None or language in (UNDETERMINED, "") or language in languages
