"""A page's text: decoded by its charset (Chinese in GBK and GB18030 included), its main text
extracted, and the passages that answer a query ranked first — in English and in Chinese."""

from __future__ import annotations

from mira_desktop.services.web.pages import (
    PASSAGE_CHARS,
    best_passages,
    decode,
    page_text,
    page_title,
    passages,
)
from tests.support.web_stand_in import EN_PAGE, ZH_PAGE


def test_a_gbk_page_decodes_by_its_header_and_a_gb18030_page_by_its_meta_tag() -> None:
    assert "米拉瀑布" in decode(ZH_PAGE.encode("gbk"), "gbk")
    meta = ZH_PAGE.replace("<head>", '<head><meta charset="gb18030">').encode("gb18030")
    assert "淡水虾" in decode(meta, None)
    assert "淡水虾" in decode(ZH_PAGE.encode("gb18030"), None)  # neither: UTF-8 fails, GB18030 reads it


def test_the_main_text_leaves_the_menu_and_footer_out() -> None:
    text = page_text(EN_PAGE, "text/html")
    assert "142 metres" in text
    assert "Subscribe to our newsletter" not in text
    assert "All rights reserved" not in text
    assert page_title(EN_PAGE) == "Mira Falls facts"


def test_the_passages_that_answer_an_english_query_come_first_and_at_most_three() -> None:
    text = page_text(EN_PAGE, "text/html")
    best = best_passages(text, "When was the path to the bottom built?", most=1)
    assert len(best) == 1
    assert "1932" in best[0].text
    assert len(best_passages(text * 20, "falls", most=3)) == 3


def test_a_chinese_query_finds_the_chinese_passage() -> None:
    text = page_text(ZH_PAGE, "text/html")
    (best,) = best_passages("\n\n".join([text] + ["无关的句子。" * 60] * 3), "步道什么时候开放？", most=1)
    assert "五月至十月" in best.text


def test_passages_are_about_five_hundred_characters() -> None:
    text = "\n".join(f"Sentence number {i} says something about waterfalls." for i in range(200))
    pieces = passages(text)
    assert len(pieces) > 10
    assert all(len(p) <= PASSAGE_CHARS for p in pieces)
    assert all(len(p) > PASSAGE_CHARS // 2 for p in pieces[:-1])
