"""A history load that arrives while a run streams never hides the run's question or answer."""

from __future__ import annotations

from mira_desktop.core.conversation.chat_state import (
    WELCOME,
    ChatState,
    HistoryLoaded,
    RunStarted,
    SendRequested,
    ThreadOpened,
    transition,
)


def _apply(state: ChatState, *events: object) -> ChatState:
    for event in events:
        state, _effects = transition(state, event)  # type: ignore[arg-type]
    return state


def test_a_late_welcome_load_keeps_the_message_being_sent_and_its_run() -> None:
    state = _apply(ChatState(), ThreadOpened(WELCOME), SendRequested("Count for me"))
    late = _apply(state, HistoryLoaded(WELCOME, (), "an old draft"))
    assert [m.content for m in late.history] == ["Count for me", ""]
    assert late.active_run is not None
    started = _apply(late, RunStarted("run_1", "thr_1", "msg_u", "msg_a"))
    assert started.current == "thr_1"
    assert [m.id for m in started.history] == ["msg_u", "msg_a"]
    assert started.active_run is not None
    assert started.active_run.run_id == "run_1"


def test_a_load_of_the_thread_read_before_the_answer_was_written_keeps_the_answer() -> None:
    state = _apply(
        ChatState(),
        ThreadOpened(WELCOME),
        SendRequested("Hello"),
        RunStarted("run_1", "thr_1", "msg_u", "msg_a"),
    )
    reloaded = _apply(state, HistoryLoaded("thr_1", (), None))
    assert [m.id for m in reloaded.history] == ["msg_u", "msg_a"]
    assert reloaded.busy
