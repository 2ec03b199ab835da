"""The one form text is indexed, shown and searched in."""

from __future__ import annotations

import pytest

from mira_desktop.core.text_form import normal_form


@pytest.mark.parametrize(
    ("written", "normal"),
    [
        ("di\ufb03cult pro\ufb01le \ufb02ow", "difficult profile flow"),  # ligatures
        ("co\u00adoper\u00adate", "cooperate"),  # soft hyphens
        ("ＰＤＦ２０２４", "PDF2024"),  # full-width letters and digits
        ("zero\u200bwidth\ufeff", "zerowidth"),
        ("e\u0301te\u0301", "été"),  # composed accents
    ],
)
def test_ligatures_soft_hyphens_and_full_width_forms_take_one_spelling(written: str, normal: str) -> None:
    assert normal_form(written) == normal


def test_chinese_punctuation_and_the_ideographic_space_stay_as_written() -> None:
    text = "第一章\u3000总则：本办法（试行）适用于ＡＢＣ公司，自２０２４年起施行！"
    assert normal_form(text) == "第一章\u3000总则：本办法（试行）适用于ABC公司，自2024年起施行！"


def test_the_normal_form_is_idempotent_and_leaves_plain_text_alone() -> None:
    for text in ("plain ascii text", "diﬃcult ＡＢＣ，中文", "ﬁ\u00ad（）"):
        assert normal_form(normal_form(text)) == normal_form(text)
    assert normal_form("plain ascii text") == "plain ascii text"
