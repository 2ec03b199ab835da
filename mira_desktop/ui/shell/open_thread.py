"""The open thread followed as it changes — from this window, another window or a `mira` command —
and how much of the model's window its next request uses."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mira_desktop.ui.language.i18n import explain

if TYPE_CHECKING:
    from PySide6.QtCore import QObject, QTimer

    from mira_desktop.core.changes import Change
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.chat.service import SendOptions
    from mira_desktop.ui.chat.composer import Composer
    from mira_desktop.ui.chat.controller import ChatController
    from mira_desktop.ui.runtime.operations import OperationRunner


class OpenThreadFollow:
    """Follows the thread the window shows (its id from ``current``) and measures its next request."""

    def __init__(
        self,
        owner: QObject,
        *,
        services: AppServices,
        runner: OperationRunner,
        controller: ChatController,
        composer: Composer,
        usage_timer: QTimer,
        current: Callable[[], str | None],
        model_ref: Callable[[], str | None],
        send_options: Callable[[], SendOptions],
        new_chat: Callable[[], None],
        followed: Callable[[bool], None],
    ) -> None:
        self._owner = owner
        self._services = services
        self._runner = runner
        self._controller = controller
        self._composer = composer
        self._usage_timer = usage_timer
        self._current = current
        self._model_ref = model_ref
        self._send_options = send_options
        self._new_chat = new_chat
        self._followed = followed  # a change of the open thread was looked at: True if it was shown anew

    def thread_data_changed(self, changes: list[Change]) -> None:
        """A change of the open thread, from this window or any other: follow it."""
        from mira_desktop.core.changes import Topic

        thread_id, threads = self._current(), self._services.threads
        touched = [c for c in changes if not c.ids or thread_id in c.ids]
        if thread_id is None or not touched:
            return
        self._usage_timer.start()
        reload_branch = any(c.topic is Topic.MESSAGES for c in touched)
        # "Something changed" from another process (it may be anything): reload only if this thread did.
        only_elsewhere = all(c.data.get("source") == "another process" for c in touched)
        controller = self._controller

        def stamp() -> tuple[str, str | None] | None:
            thread = threads.get(thread_id) if threads.exists(thread_id) else None
            return None if thread is None else (thread.updated_at, thread.active_leaf_id)

        def follow(seen: tuple[str, str | None] | None) -> None:
            if thread_id != self._current():
                return
            unchanged = only_elsewhere and seen == controller.stamps.get(thread_id)  # as last shown
            controller.stamps[thread_id] = seen
            shown = seen is None or (reload_branch and not unchanged and not controller.state.busy)
            if seen is None:
                self._new_chat()  # deleted (here, by the trash, or by a `mira` command)
            elif shown:
                controller.reload()  # in place: no flash of an empty thread
            self._followed(shown)

        self._runner.op(self._owner, stamp).success(follow).run()

    def thread_deleted(self, thread_id: str) -> None:
        if thread_id == self._current():
            self._new_chat()

    def update_usage(self) -> None:
        """Show how much of the model's window the next request uses (computed off the UI thread)."""
        chat, models = self._services.chat, self._services.models
        thread_id = self._current()
        draft = self._composer.editor.toPlainText()
        ref = self._model_ref()
        options = self._send_options() if thread_id is None else None  # the welcome page's role counts

        def measure() -> tuple[int, int, list[tuple[str, int]], str, dict[str, int] | None]:
            request = chat.preview(thread_id, draft, ref, options)
            sections = [(s.name, s.tokens) for s in request.sections]
            model = models.entry(models.resolve(ref)).capabilities  # why its window is what it is
            reason = str(model.get("context_reason") or "") if model.get("context_window") == request.window else ""
            return request.prompt_tokens, request.window, sections, reason, request.tool_schemas

        self._runner.op(self._owner, measure).success(lambda result: self._composer.set_usage(*result)).failure(
            lambda error: self._composer.show_usage_error(explain(error))
        ).run()
