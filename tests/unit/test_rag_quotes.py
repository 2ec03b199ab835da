from __future__ import annotations

from mira_desktop.services.chat.routes.rag import _parse_grades, best_quote


def test_long_passages_are_quoted_where_they_match_the_question() -> None:
    text = "Filler about tomatoes. " * 80 + "The launch code is 7741. " + "More filler about beans. " * 80
    quote = best_quote(text, "What is the launch code?", 300)
    assert "launch code is 7741" in quote
    assert len(quote) <= 300


def test_short_passages_are_quoted_whole() -> None:
    assert best_quote("短い文章。", "文章", 300) == "短い文章。"


def test_grades_outside_the_passages_or_malformed_are_ignored() -> None:
    assert _parse_grades('{"relevant": [2, 9, 0, "x", 1]}', 3) == [0, 1]
    assert _parse_grades("not json", 3) is None
    assert _parse_grades('{"other": []}', 3) is None
