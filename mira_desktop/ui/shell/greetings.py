"""A chat with a role opens with its greeting on the welcome page, with ◀ ▶ between its alternate
greetings; the greeting becomes the thread's first message when the first message is sent."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QObject

    from mira_desktop.services.chat.service import ChatService
    from mira_desktop.ui.chat.controller import ChatController
    from mira_desktop.ui.chat.header import ChatHeader
    from mira_desktop.ui.runtime.operations import OperationRunner

GREETING = "greeting:"  # the id prefix of the welcome page's greeting (not a message of a thread yet)


class WelcomeGreetings:
    """The welcome page's greetings of the role picked in the header, and the one shown."""

    def __init__(
        self,
        owner: QObject,
        *,
        chat: ChatService,
        runner: OperationRunner,
        controller: ChatController,
        header: ChatHeader,
        current: Callable[[], str | None],
    ) -> None:
        self._owner = owner
        self._chat = chat
        self._runner = runner
        self._controller = controller
        self._header = header
        self._current = current
        self._greetings: list[str] = []
        self._index = 0

    def clear(self) -> None:
        self._greetings = []

    def chosen(self) -> str | None:
        """The greeting shown on the welcome page (the first message of the thread a send creates)."""
        if self._header.draft.role_id is None or not self._greetings:
            return None
        return self._greetings[min(self._index, len(self._greetings) - 1)]

    def show(self) -> None:
        """The welcome page of a chat with a role opens with its greeting (◀ ▶ between alternates)."""
        role_id, chat = self._header.draft.role_id, self._chat
        if role_id is None:
            self._greetings = []
            self._show_greeting(0)
            return

        def shown(greetings: list[str]) -> None:
            if self._current() is not None or self._header.draft.role_id != role_id:
                return
            self._greetings = greetings
            self._show_greeting(0)

        self._runner.op(self._owner, lambda: chat.greetings(role_id)).success(shown).run()

    def _show_greeting(self, index: int) -> None:
        from mira_desktop.core.conversation.chat_state import WELCOME, HistoryLoaded, ViewMessage

        if self._controller.state.current != WELCOME or self._controller.state.busy:
            return
        count = len(self._greetings)
        if not count:
            self._controller.dispatch(HistoryLoaded(WELCOME, (), None))
            return
        self._index = index
        greeting = ViewMessage(
            id=f"{GREETING}{index}",
            parent_id=None,
            role="assistant",
            content=self._greetings[index],
            status="complete",
            sibling_index=index + 1,
            sibling_count=count,
            previous_sibling=f"{GREETING}{index - 1}" if index > 0 else None,
            next_sibling=f"{GREETING}{index + 1}" if index + 1 < count else None,
            author=self._header.persona,
            avatar=self._header.persona_avatar,
            flags=("greeting",),
        )
        self._controller.dispatch(HistoryLoaded(WELCOME, (greeting,), None))

    def sibling_requested(self, message_id: str) -> None:
        """◀ ▶ on a message: another greeting on the welcome page, another branch in a thread."""
        from mira_desktop.core.conversation.chat_state import BranchSwitchRequested

        if message_id.startswith(GREETING):
            self._show_greeting(int(message_id.removeprefix(GREETING)))
        else:
            self._controller.dispatch(BranchSwitchRequested(message_id))
