"""What Mira does with an answer's text: stop a loop, tie sentences to sources, fit passages."""

from __future__ import annotations

from mira_desktop.services.chat.routes.answer_stream import RepetitionGuard
from mira_desktop.services.knowledge.citations import attach_citations
from mira_desktop.services.knowledge.passages import best_quote, fit_passages

# Real SmolLM2-135M output for a SciFact question (repeat penalty 1.0), abridged.
LOOPING = (
    "The gene for the protein 6MP encodes a protein that is involved in the regulation of apoptosis "
    "(programmed cell death). The protein 6MP is a protein that is involved in the regulation of apoptosis "
    "(programmed cell death). The gene for 6MP encodes a protein that is involved in the regulation of "
    "apoptosis (programmed cell death). The protein 6MP is a protein that is involved in the regulation of "
    "apoptosis (programmed cell death). The gene for 6MP encodes a protein"
)
HEALTHY = (
    "The data provided does not specify which part of the population is being referred to as regional or "
    "distant metastases. The sentence is referring to cancer that has spread to the lymph nodes or other "
    "parts of the body, which is a more specific term than cancer that has metastasized to the liver."
)


def test_a_repeated_sentence_is_cut_before_its_second_copy() -> None:
    text = "The launch code is 7741 [1]. It is kept in the capsule. The launch code is 7741 [1]. The launch"
    cut = RepetitionGuard().check(text)
    assert cut is not None
    assert text[:cut].rstrip() == "The launch code is 7741 [1]. It is kept in the capsule."


def test_a_looping_answer_of_the_tiny_model_is_stopped_early() -> None:
    cut = RepetitionGuard().check(LOOPING)
    assert cut is not None
    assert cut < len(LOOPING) // 2
    assert LOOPING[:cut].count("regulation of apoptosis") <= 2


def test_a_healthy_answer_is_left_alone() -> None:
    assert RepetitionGuard().check(HEALTHY) is None
    assert RepetitionGuard().check("Yes. Yes. Yes.") is None  # too short to be a loop


def test_a_chinese_loop_is_stopped_too() -> None:
    text = "梵語的學術研究由德國學者開創。" * 2 + "此外"
    cut = RepetitionGuard().check(text)
    assert cut == len("梵語的學術研究由德國學者開創。")


def test_sentences_without_markers_are_attached_to_the_source_they_come_from() -> None:
    sources = [
        "The emergency launch code for the escape capsule is 7741. Keep it secret.",
        "The commander is Aiko Tanaka. The engineer is Lars Berg.",
    ]
    answer = "The engineer on board is Lars Berg. The escape capsule launch code is 7741. Penguins eat krill daily."
    cited = [c.to_dict() for c in attach_citations(answer, sources)]
    assert [(c["source"], c["added_by"], c["supported"]) for c in cited] == [
        (2, "mira", True),
        (1, "mira", True),
        (None, None, False),
    ]
    assert answer[cited[1]["start"] : cited[1]["end"]] == "The escape capsule launch code is 7741."


def test_the_models_own_markers_are_kept_as_its_citations() -> None:
    cited = attach_citations("The launch code is 7741. [1] The engineer is Lars Berg [2].", ["code", "Berg"])
    assert [(c.sources, c.added_by) for c in cited] == [([1], "model"), ([2], "model")]


def test_passages_fit_the_budget_by_dropping_and_shortening_the_lowest_ranked() -> None:
    def count(text: str) -> int:
        return len(text.split())

    texts = [
        " ".join(f"alpha{i}" for i in range(100)),
        " ".join(f"beta{i}" for i in range(100)),
        "gamma " * 50,
    ]
    fitted = fit_passages(["[1] a:", "[2] b:", "[3] c:"], texts, "beta50", 180, count, quote_chars=100_000)
    assert [f.index for f in fitted] == [0, 1]
    assert not fitted[0].shortened
    assert fitted[1].shortened
    assert sum(f.tokens for f in fitted) <= 180
    assert "beta50" in fitted[1].quote  # cut around what the question asks


def test_a_chinese_quote_is_taken_where_the_question_matches() -> None:
    text = "無關的內容。" * 200 + "陸特和漢斯雷頓開創了歐洲對梵語的學術研究。" + "其他內容。" * 200
    assert "陸特和漢斯雷頓" in best_quote(text, "陸特和漢斯雷頓開創了哪一地區的研究？", 120)


def test_a_loop_inside_the_first_sentence_keeps_the_text_before_its_second_copy() -> None:
    text = "著名網球賽事的起源" + "葉" * 60
    cut = RepetitionGuard().check(text)
    assert cut is not None
    assert 0 < cut < len(text)
    assert text[:cut].startswith("著名網球賽事的起源")


def test_a_loop_of_short_sentences_is_stopped_after_its_first_copies() -> None:
    opening = "美妆分享！你可以看到，我们在京都秋天的小红书笔记中，都是美妆分享的！\n\n"
    text = opening + "美妆分享！" * 50  # real SmolLM2-135M output for a role chat in Chinese, abridged
    cut = RepetitionGuard().check(text)
    assert cut is not None
    assert text[:cut].startswith(opening)
    assert text[:cut].count("美妆分享！") <= 6
    looping = "Sure! " + "I can help. " * 12
    cut = RepetitionGuard().check(looping)
    assert cut is not None
    assert looping[:cut].count("I can help.") <= 4
