"""Chinese, Japanese and Korean characters: the one table of their Unicode blocks, and patterns from it.

Every module that asks "is this character Chinese (or Japanese, or Korean)?" uses these: language
detection, the token estimate, sentence splitting, Chinese word segmentation for BM25, passage
fitting, the answer-repetition guard, text decoding, joining OCR'd words.
"""

from __future__ import annotations

import re
from functools import cache

Ranges = tuple[tuple[int, int], ...]

HAN_RANGES: Ranges = (
    (0x3400, 0x4DBF),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0x20000, 0x2A6DF),  # CJK Unified Ideographs Extension B
)
KANA_RANGES: Ranges = (
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0x31F0, 0x31FF),  # Katakana Phonetic Extensions
)
HANGUL_RANGES: Ranges = (
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x3130, 0x318F),  # Hangul Compatibility Jamo
    (0xAC00, 0xD7AF),  # Hangul Syllables
)
FULLWIDTH_RANGES: Ranges = ((0xFF00, 0xFFEF),)  # Halfwidth and Fullwidth Forms (Ａ, ！, ｶ)
PUNCTUATION_RANGES: Ranges = ((0x3000, 0x303F),)  # CJK Symbols and Punctuation (、。「」)


def character_class(*tables: Ranges) -> str:
    """The ranges of ``tables`` as the inside of a regular-expression character class (``[...]``)."""
    return "".join(f"{re.escape(chr(low))}-{re.escape(chr(high))}" for table in tables for low, high in table)


HAN_CLASS = character_class(HAN_RANGES)
CJK_CLASS = character_class(HAN_RANGES, KANA_RANGES, HANGUL_RANGES)
# What tokenizers give about a token each: CJK characters and full-width forms.
WIDE_CLASS = character_class(HAN_RANGES, KANA_RANGES, HANGUL_RANGES, FULLWIDTH_RANGES)


# The patterns are compiled on first use, not at import: their large ranges take some 9 ms to compile,
# and the window's first click imports this module (through the message widgets) without needing them.
@cache
def han_pattern() -> re.Pattern[str]:
    """One Han (Chinese) character."""
    return re.compile(f"[{HAN_CLASS}]")


@cache
def kana_pattern() -> re.Pattern[str]:
    """One kana (Japanese) character."""
    return re.compile(f"[{character_class(KANA_RANGES)}]")


@cache
def hangul_pattern() -> re.Pattern[str]:
    """One hangul (Korean) character."""
    return re.compile(f"[{character_class(HANGUL_RANGES)}]")


@cache
def cjk_pattern() -> re.Pattern[str]:
    """One Chinese, Japanese or Korean character."""
    return re.compile(f"[{CJK_CLASS}]")


@cache
def cjk_writing_pattern() -> re.Pattern[str]:
    """A character of CJK writing, set without spaces around it: wide characters and CJK punctuation."""
    return re.compile(f"[{WIDE_CLASS}{character_class(PUNCTUATION_RANGES)}]")
