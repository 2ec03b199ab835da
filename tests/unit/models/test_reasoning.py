"""The think-tag splitter: reasoning apart from the answer, whatever the deltas' boundaries."""

from __future__ import annotations

import itertools

import pytest

from mira_desktop.models.protocol import ReasoningDelta, TextDelta
from mira_desktop.models.reasoning import GPT_OSS, ReasoningSplitter, ThinkTags


def _split(text: str, cuts: list[int], **options: object) -> tuple[str, str]:
    """(reasoning, answer) of ``text`` fed in the pieces between ``cuts``."""
    splitter = ReasoningSplitter(**options)  # type: ignore[arg-type]
    chunks = []
    bounds = [0, *cuts, len(text)]
    for start, end in itertools.pairwise(bounds):
        chunks += splitter.feed(text[start:end])
    chunks += splitter.flush()
    reasoning = "".join(c.text for c in chunks if isinstance(c, ReasoningDelta))
    answer = "".join(c.text for c in chunks if isinstance(c, TextDelta))
    return reasoning, answer


THOUGHT = "<think>\nIs a<b? Yes.\n</think>\n\nThe answer is 4."


@pytest.mark.parametrize("cut", range(1, len(THOUGHT)))
def test_think_tags_split_anywhere_across_two_deltas_still_separate_reasoning(cut: int) -> None:
    assert _split(THOUGHT, [cut]) == ("\nIs a<b? Yes.\n", "The answer is 4.")


def test_one_character_per_delta_separates_reasoning_and_answer() -> None:
    assert _split(THOUGHT, list(range(1, len(THOUGHT)))) == ("\nIs a<b? Yes.\n", "The answer is 4.")


def test_thinking_tags_of_the_longer_form_are_read_too() -> None:
    assert _split("<thinking>plan</thinking>Done.", [5, 17]) == ("plan", "Done.")


def test_a_generation_prompt_that_opened_think_makes_the_answer_start_as_reasoning() -> None:
    assert _split("I should add.</think>\n4", [3, 16], thinking=True) == ("I should add.", "4")


def test_gpt_oss_analysis_channel_is_reasoning_and_the_final_channel_opener_is_dropped() -> None:
    text = "<|channel|>analysis<|message|>Simple sum.<|end|><|start|>assistant<|channel|>final<|message|>4"
    for cut in range(1, len(text), 7):
        assert _split(text, [cut], tags=(GPT_OSS,)) == ("Simple sum.", "4")


def test_tags_after_the_answer_began_are_the_answers_own_words() -> None:
    text = "Use <think> in your prompt; </think> closes it."
    assert _split(text, [6, 9]) == ("", text)


def test_an_answer_without_tags_passes_through_unchanged_with_its_leading_spaces() -> None:
    assert _split(" Hello, a < b and c > d.", [3, 10]) == ("", " Hello, a < b and c > d.")


def test_a_lone_angle_bracket_held_at_the_end_is_given_back_on_flush() -> None:
    splitter = ReasoningSplitter()
    assert splitter.feed("x <") == [TextDelta("x <")]  # the answer began: nothing is held
    fresh = ReasoningSplitter()
    assert fresh.feed("<") == []
    assert fresh.flush() == [TextDelta("<")]


def test_a_stream_that_ends_inside_its_reasoning_says_it_is_still_thinking() -> None:
    splitter = ReasoningSplitter()
    assert splitter.feed("<think>still going") == [ReasoningDelta("still going")]
    assert splitter.thinking


def test_custom_tags_are_read_as_given() -> None:
    assert _split("[[x]]why[[/x]]so", [4, 9], tags=(ThinkTags("[[x]]", "[[/x]]"),)) == ("why", "so")
    assert _split("<r>why</r>so", [2], tags=(ThinkTags("<r>", "</r>"),)) == ("why", "so")
