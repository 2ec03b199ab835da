"""Compare in the window: from the composer (the draft, sent to two models) or from a message's menu
(its question answered again by two models), the Compare dialog; keeping one answer shows its branch
in the thread, with Undo in the status line (the branch shown before comes back)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from mira_desktop.ui.chat.compare_dialog import CompareDialog
from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.chat.compare import Comparison
    from mira_desktop.services.chat.service import SendOptions
    from mira_desktop.services.model_catalog.catalog import ModelEntry
    from mira_desktop.ui.runtime.operations import OperationRunner


class CompareActions(QObject):
    def __init__(
        self,
        window: QWidget,
        services: AppServices,
        background: OperationRunner,
        *,
        open_thread: Callable[[str], None],
        reload_thread: Callable[[str], None],
        offer_undo: Callable[[str, Callable[[], None]], None],
        notice: Callable[[str], None],
    ) -> None:
        super().__init__(window)
        self._window = window
        self.services = services
        self.background = background
        self._open_thread = open_thread
        self._reload_thread = reload_thread  # shown again in place, if it is the open thread
        self._offer_undo = offer_undo
        self._notice = notice
        self.dialog: CompareDialog | None = None

    def compare_draft(
        self,
        thread_id: str | None,
        text: str,
        *,
        welcome_options: SendOptions,
        attachment: str | None,
        model_ref: str | None,
        sent: tuple[Callable[[], None], ...],
    ) -> None:
        """The composer's Compare: ``text`` (with the draft's file ``attachment``) sent to
        ``thread_id`` — None: a new thread, with ``welcome_options`` as a first send has them — and
        answered by two models; ``sent`` empty the composer once it is (as after a send)."""
        from dataclasses import replace

        from mira_desktop.services.chat.service import SendOptions

        options = replace(welcome_options if thread_id is None else SendOptions(), attachment=attachment)
        compare = self.services.compare
        self._open(text, lambda refs: compare.send(thread_id, text, refs, options), model_ref, sent)

    def compare_message(self, message_id: str, model_ref: str | None) -> None:
        """A message's "Compare two models…": its question answered again by two models (the thread's
        own model offered first, else ``model_ref``)."""
        compare, chat = self.services.compare, self.services.chat

        def opened(found: tuple[str, str | None]) -> None:
            question, thread_model = found
            self._open(
                question, lambda refs: compare.answer_again(message_id, refs), thread_model or model_ref
            )

        def read() -> tuple[str, str | None]:
            turn = chat.again_turn(message_id)
            return turn.user_text, turn.thread.model_ref

        self.background.op(self, read).success(opened).failure(
            lambda error: self._notice(explain(error))
        ).run()

    def _open(
        self,
        question: str,
        start: Callable[[list[str]], Comparison],
        model_ref: str | None,
        sent: tuple[Callable[[], None], ...] = (),
    ) -> None:
        if self.dialog is not None:
            self.dialog.close()
        dialog = CompareDialog(question, self.services.run_bus, start, self._run, self._window)

        def started(comparison: Comparison) -> None:
            for then in sent:
                then()
            self._open_thread(comparison.thread_id)

        dialog.comparison_started.connect(started)
        dialog.comparison_ended.connect(lambda comparison: self._reload_thread(comparison.thread_id))
        dialog.chosen.connect(self._keep)
        self.dialog = dialog
        models = self.services.models

        def read() -> tuple[list[ModelEntry], str]:
            entries, first = models.entries(), model_ref or models.default_ref()
            if first not in {e.ref for e in entries}:  # the thread's own model, listed or not
                entries.append(models.entry(first))
            return entries, first

        self.background.op(dialog, read).success(lambda listed: dialog.set_models(*listed)).failure(
            lambda error: self._notice(explain(error))
        ).run()
        dialog.show()

    def _run(
        self,
        owner: QObject,
        fn: Callable[[], object],
        ok: Callable[..., None],
        fail: Callable[[BaseException], None],
    ) -> None:
        self.background.op(owner, fn).success(ok).failure(fail).run()

    def _keep(self, thread_id: str, message_id: str, model: str) -> None:
        compare = self.services.compare

        def kept(before: str | None) -> None:
            self._open_thread(thread_id)
            kept_text = tr("compare.kept", model=model)
            if before is not None and before != message_id:
                self._offer_undo(kept_text, lambda: self._switch(thread_id, before))
            else:
                self._notice(kept_text)

        self.background.op(self, lambda: compare.choose(thread_id, message_id)).success(kept).failure(
            lambda error: self._notice(explain(error))
        ).run()

    def _switch(self, thread_id: str, message_id: str) -> None:
        branches = self.services.branches
        self.background.op(self, lambda: branches.switch_branch(thread_id, message_id)).failure(
            lambda error: self._notice(explain(error))
        ).run()
