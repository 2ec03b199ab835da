"""A loop of one symbol is a loop: the tiny model answered a Chinese greeting with 171 × "🌟" and no
sentence end, which the repetition guard (words only, looking at sentence ends) let run to the end."""

from __future__ import annotations

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.routes.answer_stream import RepetitionGuard
from mira_desktop.services.chat.service import SendOptions
from tests.support.fixtures import Script

STARS = "你好！ " + "🌟 " * 171


def test_a_run_of_one_emoji_is_cut_after_its_first_copies() -> None:
    text = "你好！" + "🌟" * 171
    assert RepetitionGuard().check(text) == len("你好！")
    alone = "🌟" * 171
    cut = RepetitionGuard().check(alone)
    assert cut is not None
    assert cut <= 8


def test_a_few_symbols_in_an_answer_are_not_a_loop() -> None:
    assert RepetitionGuard().check("Rating: ⭐⭐⭐⭐⭐. Great 🌟 work 🌟! → next → step.") is None


def test_an_emoji_loop_is_stopped_while_it_streams_and_trimmed_from_the_answer(
    services: AppServices, script: Script
) -> None:
    handle = services.chat.send(None, "你好", SendOptions(model_ref=script({"text": STARS})))
    assert handle.wait(60) is RunStatus.COMPLETED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.content == "你好！"
    assert answer.metadata["stopped_repeating"] is True
    streamed = "".join(
        str(e.data.get("text", ""))
        for e in services.chat.run_events(handle.run_id)
        if e.type == "message.delta"
    )
    assert streamed.startswith("你好！")
    assert len(streamed) < len(STARS) // 2  # stopped while streaming, not at the end of the answer
