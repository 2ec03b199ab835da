"""The chat state takes over what the window showed before its services existed: the open page with
its messages, and each page's text as its draft (saved only where it was typed)."""

from __future__ import annotations

from mira_desktop.core.conversation.chat_state import (
    WELCOME,
    ChatState,
    FirstLookCarried,
    HistoryLoaded,
    LoadThread,
    SaveDraft,
    transition,
)
from mira_desktop.core.conversation.chat_view import ViewMessage

QUESTION = ViewMessage(id="msg_q", parent_id=None, role="user", content="Where should we stay?", status="complete")


def test_the_open_thread_keeps_its_messages_on_screen_and_is_read_again() -> None:
    carried = FirstLookCarried("thr_1", (QUESTION,), (("thr_1", "and a bath?"),))
    state, effects = transition(ChatState(), carried)
    assert state.current == "thr_1"
    assert state.history == (QUESTION,)
    assert state.draft == "and a bath?"
    assert effects == (LoadThread("thr_1"),)  # read, not saved: the draft is the one read


def test_typed_pages_are_saved_and_their_text_outlives_the_history_load() -> None:
    carried = FirstLookCarried(
        "thr_1",
        (QUESTION,),
        (("thr_1", "typed here"), (WELCOME, "typed on the welcome page"), ("thr_2", "as read")),
        frozenset({"thr_1", WELCOME}),
    )
    state, effects = transition(ChatState(), carried)
    assert set(effects) == {
        SaveDraft("thr_1", "typed here"),
        SaveDraft(WELCOME, "typed on the welcome page"),
        LoadThread("thr_1"),
    }
    loaded, _ = transition(state, HistoryLoaded("thr_1", (QUESTION,), "the saved draft"))
    assert loaded.draft == "typed here"  # what was typed, not what the services read
    assert loaded.drafts[WELCOME] == "typed on the welcome page"


def test_the_welcome_page_carried_loads_nothing() -> None:
    state, effects = transition(ChatState(current="thr_9"), FirstLookCarried(WELCOME, (), ((WELCOME, "hi"),)))
    assert state.current == WELCOME
    assert state.draft == "hi"
    assert effects == ()

