"""One table of CJK characters and one token estimate, used by every module that needs either."""

from __future__ import annotations

import re
from pathlib import Path

from mira_desktop.core.cjk import WIDE_CLASS, cjk_pattern, han_pattern, hangul_pattern, kana_pattern
from mira_desktop.core.token_estimate import estimate_tokens

PACKAGE = Path(__file__).resolve().parents[3] / "mira_desktop"


def test_the_table_tells_han_kana_and_hangul_apart_and_cjk_is_all_three() -> None:
    han = "中文丽𠀀"  # unified, compatibility (U+F900 block) and Extension B ideographs
    kana = "ひらカタㇰ"  # hiragana, katakana, a phonetic extension
    hangul = "한국ᄀㄱ"  # syllables, conjoining and compatibility jamo
    assert len(han_pattern().findall(han + kana + hangul)) == len(han)
    assert len(kana_pattern().findall(han + kana + hangul)) == len(kana)
    assert len(hangul_pattern().findall(han + kana + hangul)) == len(hangul)
    assert len(cjk_pattern().findall(han + kana + hangul + "Latin, 123 ！")) == len(han + kana + hangul)
    assert re.fullmatch(f"[{WIDE_CLASS}]+", "中ひ한ＡＢ！")


def test_no_module_keeps_its_own_copy_of_the_cjk_ranges() -> None:
    copies = re.compile(
        r"\\u(4e00|3040|3400|ac00|ff00|f900)|0x(4e00|3040|3400|ac00)|\\U00020000", re.IGNORECASE
    )
    holders = sorted(
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if path.name != "cjk.py" and copies.search(path.read_text("utf-8"))
    )
    assert holders == []


def test_the_estimate_counts_a_cjk_character_or_mark_as_one_and_a_word_by_its_length() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("cat") == 1
    assert estimate_tokens("elephant") == 2  # 7 to 12 letters
    assert estimate_tokens("internationalization") == 3  # more than 12
    assert estimate_tokens("你好世界") == 4
    assert estimate_tokens("Hello, world!") == 4
    assert estimate_tokens("ＡＢＣ！") == 4  # full-width forms: one each
    assert estimate_tokens("abc你好") == 3  # a word ends where the Chinese begins
    assert estimate_tokens("snake_case_name") == 3
    assert estimate_tokens("2026-12-01") == 5


def test_the_estimate_is_within_30_percent_of_minilms_word_pieces_on_english_and_chinese() -> None:
    from tokenizers import Tokenizer

    from mira_desktop.index.embedder import default_model_dir

    tokenizer = Tokenizer.from_file(str(default_model_dir() / "tokenizer.json"))  # MiniLM's word pieces
    tokenizer.no_padding()
    tokenizer.no_truncation()
    english = (
        "Retrieval-augmented generation answers a question from passages found in the user's own "
        "documents, and cites each one, so that the reader can check where every sentence came from."
    )
    chinese = "检索增强生成从用户自己的文档中找到段落来回答问题，并为每句话注明出处，读者可以逐一核对。"
    for text in (english, chinese):
        real = len(tokenizer.encode(text, add_special_tokens=False).ids)
        assert 0.7 * real <= estimate_tokens(text) <= 1.3 * real, (text, real, estimate_tokens(text))
