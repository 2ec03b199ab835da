"""RAG configurations by name or key=value, and the gates of `mira eval rag`."""

from __future__ import annotations

import pytest

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.knowledge.rag_evaluation import contains_answer, parse_gate
from mira_desktop.services.knowledge.rag_settings import Grading, Hyde, RagSettings, rag_settings


def test_configurations_are_named_or_overridden_key_by_key() -> None:
    assert rag_settings(None) == RagSettings()
    assert rag_settings("model-grading").grading is Grading.MODEL
    custom = rag_settings("grading=none,top_k=3,hyde=always")
    assert (custom.grading, custom.top_k, custom.hyde) == (Grading.NONE, 3, Hyde.ALWAYS)
    based = rag_settings("model-grading:answer_max_tokens=96")
    assert (based.grading, based.answer_max_tokens) == (Grading.MODEL, 96)
    with pytest.raises(InvalidInputError, match="not a RAG setting"):
        rag_settings("grading")
    with pytest.raises(InvalidInputError, match="not a valid value"):
        rag_settings("grading=sometimes")


def test_gates_are_absolute_or_relative_to_the_baseline() -> None:
    floor = parse_gate("right_source_rate=0.8", above=False)
    assert floor.check({"right_source_rate": 0.79}, None) == "right_source_rate 0.79 is below 0.8"
    assert floor.check({"right_source_rate": 0.8}, None) is None
    drop = parse_gate("right_source_rate=baseline-0.05", above=False)
    assert drop.check({"right_source_rate": 0.9}, {"right_source_rate": 0.96}) is not None
    assert drop.check({"right_source_rate": 0.92}, {"right_source_rate": 0.96}) is None
    ceiling = parse_gate("wrong_refusal_rate=0.1", above=True)
    assert ceiling.check({"wrong_refusal_rate": 0.2}, None) == "wrong_refusal_rate 0.2 is above 0.1"
    with pytest.raises(InvalidInputError, match="not a gate"):
        parse_gate("happiness=1", above=False)


def test_a_gold_answer_counts_whatever_the_case_spacing_and_punctuation() -> None:
    assert contains_answer("答案是：歐洲。", ["歐洲"])
    assert contains_answer("It was founded in 1872.", ["1872年", "1872"])
    assert not contains_answer("I do not know.", ["歐洲"])
