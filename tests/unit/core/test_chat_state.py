"""The chat state machine, transition by transition."""

from __future__ import annotations

from mira_desktop.core.conversation.chat_state import (
    PENDING_ASSISTANT,
    PENDING_USER,
    WELCOME,
    AttachmentRef,
    BranchSwitchRequested,
    CancelRun,
    ChatState,
    DeltaReceived,
    DraftEdited,
    EditRequested,
    HistoryLoaded,
    LoadThread,
    RefreshThreads,
    RegenerateRequested,
    RetryRequested,
    RunEnded,
    RunMode,
    RunRefused,
    RunStarted,
    SaveDraft,
    SendRequested,
    StartRun,
    StopRequested,
    SwitchBranch,
    ThreadOpened,
    ThreadsLoaded,
    ThreadSummary,
    ViewMessage,
    transition,
)

Q = ViewMessage("m1", None, "user", "Question", "complete")
A = ViewMessage("m2", "m1", "assistant", "Answer", "complete", sibling_count=2, previous_sibling="m0")


def _run(state: ChatState, *events: object) -> tuple[ChatState, list[object]]:
    effects: list[object] = []
    for event in events:
        state, produced = transition(state, event)  # type: ignore[arg-type]
        effects.extend(produced)
    return state, effects


def _in_thread() -> ChatState:
    state, _ = _run(ChatState(), ThreadOpened("thr_1"), HistoryLoaded("thr_1", (Q, A)))
    return state


def test_welcome_page_is_a_draft_until_the_first_send() -> None:
    state = ChatState()
    assert state.current == WELCOME
    state, effects = _run(state, DraftEdited("Hello"))
    assert state.draft == "Hello"
    assert effects == [SaveDraft(WELCOME, "Hello")]
    state, effects = _run(state, SendRequested("Hello"))
    assert [m.id for m in state.history] == [PENDING_USER, PENDING_ASSISTANT]
    assert all(m.optimistic for m in state.history)
    assert state.draft == ""
    assert effects == [SaveDraft(WELCOME, ""), StartRun(RunMode.SEND, WELCOME, text="Hello")]
    state, effects = _run(state, RunStarted("run_1", "thr_new", "msg_u", "msg_a"))
    assert state.current == "thr_new"
    assert [m.id for m in state.history] == ["msg_u", "msg_a"]
    assert state.history[1].parent_id == "msg_u"
    assert not any(m.optimistic for m in state.history)
    assert effects == [RefreshThreads()]


def test_a_send_with_the_draft_file_starts_with_its_key_and_shows_its_chip_until_written() -> None:
    part = AttachmentRef("file", "notes.md", 120, tokens=30, mode="inline")
    state, effects = _run(ChatState(), SendRequested("Read this", (part,), "welcome"))
    assert effects[-1] == StartRun(RunMode.SEND, WELCOME, text="Read this", attachment="welcome")
    assert state.history[0].parts == (part,)
    state, _ = _run(state, RunStarted("run_1", "thr_1", "msg_u", "msg_a"))
    assert (state.history[0].id, state.history[0].parts) == ("msg_u", (part,))


def test_deltas_stream_into_the_assistant_message() -> None:
    state, _ = _run(ChatState(), SendRequested("Hi"), RunStarted("run_1", "thr_1", "u", "a"))
    state, effects = _run(state, DeltaReceived("run_1", "Hel"), DeltaReceived("run_1", "lo"))
    assert state.history[-1].content == "Hello"
    assert state.history[-1].status == "streaming"
    assert effects == []
    state, _ = _run(state, DeltaReceived("run_other", "ignored"))
    assert state.history[-1].content == "Hello"


def test_completion_ends_the_run_and_reloads_the_thread() -> None:
    state, _ = _run(
        ChatState(), SendRequested("Hi"), RunStarted("run_1", "thr_1", "u", "a"), DeltaReceived("run_1", "Yo")
    )
    state, effects = _run(state, RunEnded("run_1", "completed"))
    assert state.active_run is None
    assert state.history[-1].status == "complete"
    assert effects == [LoadThread("thr_1"), RefreshThreads()]


def test_stop_cancels_once_and_keeps_the_partial_text() -> None:
    state, _ = _run(
        ChatState(),
        SendRequested("Hi"),
        RunStarted("run_1", "thr_1", "u", "a"),
        DeltaReceived("run_1", "Part"),
    )
    state, effects = _run(state, StopRequested(), StopRequested())
    assert effects == [CancelRun("run_1")]
    state, _ = _run(state, RunEnded("run_1", "cancelled"))
    assert state.history[-1].status == "cancelled"
    assert state.history[-1].content == "Part"
    assert not state.busy


def test_stop_before_the_run_has_an_id_cancels_it_when_it_starts() -> None:
    state, effects = _run(ChatState(), SendRequested("Hi"), StopRequested())
    assert effects[-1] == CancelRun(None)
    state, effects = _run(state, RunStarted("run_9", "thr_9", "u", "a"))
    assert effects[-1] == CancelRun("run_9")


def test_failure_is_shown_on_the_message() -> None:
    state, _ = _run(ChatState(), SendRequested("Hi"), RunStarted("run_1", "thr_1", "u", "a"))
    state, _ = _run(state, RunEnded("run_1", "failed", "Cannot reach the server."))
    assert state.history[-1].status == "error"
    assert state.history[-1].error == "Cannot reach the server."


def test_a_refused_run_removes_the_optimistic_messages_and_says_why() -> None:
    state = _in_thread()
    state, _ = _run(state, SendRequested("x" * 10), RunRefused("The message is too long."))
    assert state.history == (Q, A)
    assert state.notice == "The message is too long."
    assert not state.busy


def test_one_send_at_a_time() -> None:
    state, _ = _run(ChatState(), SendRequested("First"))
    state, effects = _run(state, SendRequested("Second"))
    assert effects == []
    assert "already being written" in str(state.notice)
    assert len(state.history) == 2


def test_empty_messages_are_not_sent() -> None:
    state, effects = _run(ChatState(), SendRequested("  \n "))
    assert effects == []
    assert state.history == ()
    assert state.notice


def test_edit_starts_a_new_branch_from_the_edited_message() -> None:
    state, effects = _run(_in_thread(), EditRequested("m1", "Better question"))
    assert effects == [StartRun(RunMode.EDIT, "thr_1", text="Better question", message_id="m1")]
    assert [(m.id, m.content) for m in state.history] == [
        (PENDING_USER, "Better question"),
        (PENDING_ASSISTANT, ""),
    ]


def test_regenerate_replaces_the_answer_on_screen_with_a_new_one() -> None:
    state, effects = _run(_in_thread(), RegenerateRequested("m2"))
    assert effects == [StartRun(RunMode.REGENERATE, "thr_1", message_id="m2")]
    assert [m.id for m in state.history] == ["m1", PENDING_ASSISTANT]
    assert state.history[-1].parent_id == "m1"


def test_retry_answers_the_same_question_again() -> None:
    state, effects = _run(_in_thread(), RetryRequested("m2"))
    assert effects == [StartRun(RunMode.RETRY, "thr_1", message_id="m2")]
    assert state.busy


def test_switching_branch_saves_the_choice_and_reloads() -> None:
    state, effects = _run(_in_thread(), BranchSwitchRequested("m0"))
    assert effects == [SwitchBranch("thr_1", "m0"), LoadThread("thr_1")]
    busy, _ = _run(state, SendRequested("Hi"))
    _, effects = _run(busy, BranchSwitchRequested("m0"))
    assert effects == []


def test_drafts_are_kept_per_thread_across_switches() -> None:
    state, _ = _run(
        ChatState(), ThreadsLoaded((ThreadSummary("thr_1", "One", None), ThreadSummary("thr_2", "Two", None)))
    )
    state, _ = _run(state, ThreadOpened("thr_1"), HistoryLoaded("thr_1", (Q,)), DraftEdited("half a thought"))
    state, effects = _run(state, ThreadOpened("thr_2"))
    assert effects == [LoadThread("thr_2")]
    assert state.draft == ""
    state, _ = _run(state, HistoryLoaded("thr_2", (), draft="saved before restart"))
    assert state.draft == "saved before restart"
    state, _ = _run(state, ThreadOpened("thr_1"), HistoryLoaded("thr_1", (Q,), draft="stale"))
    assert state.draft == "half a thought"


def test_history_for_a_thread_the_user_left_is_ignored() -> None:
    state, _ = _run(ChatState(), ThreadOpened("thr_1"), ThreadOpened("thr_2"), HistoryLoaded("thr_1", (Q, A)))
    assert state.current == "thr_2"
    assert state.history == ()


def test_deltas_for_a_thread_in_the_background_do_not_touch_the_visible_one() -> None:
    state, _ = _run(ChatState(), SendRequested("Hi"), RunStarted("run_1", "thr_1", "u", "a"))
    state, _ = _run(state, ThreadOpened("thr_2"), HistoryLoaded("thr_2", (Q,)))
    state, _ = _run(state, DeltaReceived("run_1", "text"))
    assert state.history == (Q,)
    state, effects = _run(state, RunEnded("run_1", "completed"))
    assert effects == [RefreshThreads()]
