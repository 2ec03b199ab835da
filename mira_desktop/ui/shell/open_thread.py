"""The open thread followed as it changes — from this window, another window or a `mira` command —
and how much of the model's window its next request uses. A mixin of :class:`MainWindow`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mira_desktop.ui.i18n import explain

if TYPE_CHECKING:
    from mira_desktop.core.changes import Change


class OpenThreadFollow:
    services: Any
    background: Any
    controller: Any
    composer: Any
    current_thread_id: str | None
    thread_followed: Any  # the window's signal: a change of the open thread was followed (shown or not)
    _usage_timer: Any
    _quitting: bool
    new_chat: Any
    current_model_ref: Any
    _send_options: Any

    def _thread_data_changed(self, changes: list[Change]) -> None:
        """A change of the open thread, from this window or any other: follow it."""
        from mira_desktop.core.changes import Topic

        thread_id, services = self.current_thread_id, self.services
        touched = [c for c in changes if not c.ids or thread_id in c.ids]
        if thread_id is None or services is None or not touched:
            return
        self._usage_timer.start()
        reload_branch = any(c.topic is Topic.MESSAGES for c in touched)
        # "Something changed" from another process (it may be anything): reload only if this thread did.
        only_elsewhere = all(c.data.get("source") == "another process" for c in touched)

        def stamp() -> tuple[str, str | None] | None:
            thread = services.threads.get(thread_id) if services.threads.exists(thread_id) else None
            return None if thread is None else (thread.updated_at, thread.active_leaf_id)

        def follow(seen: tuple[str, str | None] | None) -> None:
            if thread_id != self.current_thread_id:
                return
            unchanged = only_elsewhere and seen == self.controller.stamps.get(thread_id)  # as last shown
            self.controller.stamps[thread_id] = seen
            shown = seen is None or (reload_branch and not unchanged and not self.controller.state.busy)
            if seen is None:
                self.new_chat()  # deleted (here, by the trash, or by a `mira` command)
            elif shown:
                self.controller.reload()  # in place: no flash of an empty thread
            self.thread_followed.emit(shown)

        self.background.op(self, stamp).success(follow).run()

    def _thread_deleted(self, thread_id: str) -> None:
        if thread_id == self.current_thread_id:
            self.new_chat()

    def update_usage(self) -> None:
        """Show how much of the model's window the next request uses (computed off the UI thread)."""
        if self.services is None or self._quitting:
            return  # not attached yet, or closed (a late change of the header must not read the database)
        chat = self.services.chat
        thread_id = self.current_thread_id
        draft = self.composer.editor.toPlainText()
        ref = self.current_model_ref()
        options = self._send_options() if thread_id is None else None  # the welcome page's role counts

        models = self.services.models

        def measure() -> tuple[int, int, list[tuple[str, int]], str, dict[str, int] | None]:
            request = chat.preview(thread_id, draft, ref, options)
            sections = [(s.name, s.tokens) for s in request.sections]
            model = models.entry(models.resolve(ref)).capabilities  # why its window is what it is
            reason = str(model.get("context_reason") or "") if model.get("context_window") == request.window else ""
            return request.prompt_tokens, request.window, sections, reason, request.tool_schemas

        self.background.op(self, measure).success(lambda result: self.composer.set_usage(*result)).failure(
            lambda error: self.composer.show_usage_error(explain(error))
        ).run()
