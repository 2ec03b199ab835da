"""A chat with a role opens with its greeting on the welcome page, with ◀ ▶ between its alternate
greetings; the greeting becomes the thread's first message when the first message is sent. A
mixin of :class:`MainWindow` (its header, controller and operation runner)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow

    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.chat.controller import ChatController
    from mira_desktop.ui.chat.header import ChatHeader
    from mira_desktop.ui.operations import OperationRunner

GREETING = "greeting:"  # the id prefix of the welcome page's greeting (not a message of a thread yet)


class WelcomeGreetings:
    services: AppServices | None
    background: OperationRunner
    controller: ChatController
    header: ChatHeader
    current_thread_id: str | None
    _greetings: list[str]
    _greeting_index: int

    def _host(self) -> QMainWindow:
        """The main window this mixin is part of."""
        return cast("QMainWindow", self)

    def _show_greetings(self) -> None:
        """The welcome page of a chat with a role opens with its greeting (◀ ▶ between alternates)."""
        assert self.services is not None
        role_id, chat = self.header.draft.role_id, self.services.chat
        if role_id is None:
            self._greetings = []
            self._show_greeting(0)
            return

        def shown(greetings: list[str]) -> None:
            if self.current_thread_id is not None or self.header.draft.role_id != role_id:
                return
            self._greetings = greetings
            self._show_greeting(0)

        self.background.op(self._host(), lambda: chat.greetings(role_id)).success(shown).run()

    def _show_greeting(self, index: int) -> None:
        from mira_desktop.core.conversation.chat_state import WELCOME, HistoryLoaded, ViewMessage

        if self.controller.state.current != WELCOME or self.controller.state.busy:
            return
        count = len(self._greetings)
        if not count:
            self.controller.dispatch(HistoryLoaded(WELCOME, (), None))
            return
        self._greeting_index = index
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
            author=self.header.persona,
            avatar=self.header.persona_avatar,
            flags=("greeting",),
        )
        self.controller.dispatch(HistoryLoaded(WELCOME, (greeting,), None))

    def _sibling_requested(self, message_id: str) -> None:
        from mira_desktop.core.conversation.chat_state import BranchSwitchRequested

        if message_id.startswith(GREETING):
            self._show_greeting(int(message_id.removeprefix(GREETING)))
        else:
            self.controller.dispatch(BranchSwitchRequested(message_id))
