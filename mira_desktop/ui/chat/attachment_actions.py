"""What the window does with the composer's file: add it (paperclip, drop, paste), show its chip and
how it will go with the message, remove it, send it, and show each thread's own draft file.

Every read and write goes through an operation, off the UI thread. A refused file shows the
service's one sentence in the composer's notice line. The chip follows the conversation state: it
goes when a send with it starts (the file moved to the message), comes back if the send was
refused, and is read again for each thread that opens. With no file in the draft, a file sent
earlier in the thread shows as a *carried* chip that says how the next message carries it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QIODevice, QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from mira_desktop.core.changes import Topic
from mira_desktop.core.conversation.chat_state import WELCOME, AttachmentRef, SendRequested
from mira_desktop.services.attachments.sniff import TEXT_SUFFIXES
from mira_desktop.ui.chat.attachment_chip import AttachmentChip
from mira_desktop.ui.chat.drops import DroppedFiles
from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.desktop.external_open import open_externally
from mira_desktop.ui.language.i18n import explain, tr
from mira_desktop.ui.runtime.changes import Follow

if TYPE_CHECKING:
    from PySide6.QtGui import QImage

    from mira_desktop.core.changes import Change
    from mira_desktop.core.conversation.chat_state import ChatState
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.attachments.views import AttachmentView, SendPlan
    from mira_desktop.ui.chat.composer import Composer
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner

PLAN_DELAY_MS = 300  # the plan follows typing and model changes, once typing pauses
IMAGES = ("*.png", "*.jpg", "*.jpeg", "*.webp", "*.gif", "*.tif", "*.tiff")
DOCUMENTS = ("*.pdf", "*.docx", "*.pptx", "*.xlsx")


def file_filter() -> str:
    """The file dialog's filter: the kinds of file an attachment may be."""
    text = tuple(f"*{suffix}" for suffix in sorted(TEXT_SUFFIXES))
    groups = [
        (tr("attachment.filter_all"), IMAGES + text + DOCUMENTS),
        (tr("attachment.filter_images"), IMAGES),
        (tr("attachment.filter_text"), text),
        (tr("attachment.filter_documents"), DOCUMENTS),
    ]
    return ";;".join(f"{label} ({' '.join(patterns)})" for label, patterns in groups)


def png_bytes(image: QImage) -> bytes:
    """A pasted image as PNG (QImage may be used off the UI thread)."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # PySide6 takes str; its stubs say bytes
    return bytes(buffer.data().data())


class AttachmentActions(QObject):
    file_tokens_changed = Signal(int)  # what the draft's file adds to the next request (0: none)

    def __init__(
        self,
        parent: QWidget,
        *,
        services: AppServices,
        runner: OperationRunner,
        composer: Composer,
        changes: ChangeSignal,
        model_ref: Callable[[], str | None],
    ) -> None:
        super().__init__(parent)
        self._window = parent
        self.attachments = services.attachments
        self.runner = runner
        self.composer = composer
        self._model_ref = model_ref
        self.thread_id: str | None = None  # whose draft the composer shows (None: the welcome page)
        self.view: AttachmentView | None = None
        self.chip: AttachmentChip | None = None
        self.plan: SendPlan | None = None
        self.carried: AttachmentView | None = None  # an earlier message's file the next one carries
        self._ticket = 0  # only the newest read of the draft is shown
        self._shown_state: tuple[object, ...] = (WELCOME, False, None)
        self._plan_timer = QTimer(self)
        self._plan_timer.setSingleShot(True)
        self._plan_timer.setInterval(PLAN_DELAY_MS)
        self._plan_timer.timeout.connect(self._read_plan)
        composer.attach_requested.connect(self.choose_file)
        composer.files_given.connect(self.give)
        composer.draft_changed.connect(lambda _text: self.refresh_plan())
        self._follow = Follow(self, changes, {Topic.ATTACHMENTS}, self._changed)
        self.reload()

    # -- what the composer shows -----------------------------------------------------------------
    def follow_state(self, state: ChatState) -> None:
        """The conversation changed: another thread, or a send started or ended."""
        run = state.active_run
        key = (state.current, run is not None, run.run_id if run is not None else None)
        if key == self._shown_state:
            return
        self._shown_state = key
        thread_id = None if state.current == WELCOME else state.current
        if thread_id != self.thread_id:
            self.composer.show_notice("")
        self.thread_id = thread_id
        if run is not None and run.run_id is None and any(m.optimistic and m.parts for m in state.history):
            self._show(None)  # the file is going with the message being sent
            return
        self.reload()

    def reload(self) -> None:
        """Read the shown thread's draft file again (another thread opened, a send ended), or else
        the earlier file its next message carries."""
        self._ticket += 1
        ticket, thread_id, attachments = self._ticket, self.thread_id, self.attachments
        text, model_ref = self.composer.editor.toPlainText(), self._model_ref()

        def load() -> tuple[AttachmentView | None, tuple[AttachmentView, SendPlan] | None]:
            view = attachments.draft(thread_id)
            carried = None if view is not None else attachments.carried(thread_id, text, model_ref=model_ref)
            return view, carried

        def shown(found: tuple[AttachmentView | None, tuple[AttachmentView, SendPlan] | None]) -> None:
            if ticket == self._ticket and thread_id == self.thread_id:
                view, carried = found
                if view is None and carried is not None:
                    self._show_carried(*carried)
                else:
                    self._show(view)

        self.runner.op(self.composer, load).success(shown).failure(self._refused).run()

    def refresh_plan(self) -> None:
        """How the file goes with the message, again (the text or the thread's model changed)."""
        if self.view is not None or self.carried is not None:
            self._plan_timer.start()

    def send_event(self, text: str) -> SendRequested:
        """The send of ``text``, with the draft's file when it has one."""
        view = self.view
        if view is None:
            return SendRequested(text)
        plan = self.plan
        ref = AttachmentRef(
            kind=view.kind,
            name=view.name,
            size=view.size,
            tokens=plan.tokens if plan is not None and plan.mode.value == "inline" else view.tokens,
            places=view.places,
            mode=plan.mode.value if plan is not None else "",
            note=(plan.warning or "") if plan is not None else "",
        )
        return SendRequested(text, (ref,), view.draft_key)

    # -- adding and removing ---------------------------------------------------------------------
    def choose_file(self) -> None:
        path, _ = file_dialogs.open_file(self._window, tr("composer.attach"), "", file_filter())
        if path:
            self.give(DroppedFiles((path,)))

    def give(self, given: DroppedFiles) -> None:
        """Attach dropped or chosen files, or a pasted image, to the shown thread's draft."""
        attachments, thread_id = self.attachments, self.thread_id
        if given.image is not None:
            image = given.image
            name = time.strftime("pasted-%Y%m%d-%H%M%S.png")

            def add() -> AttachmentView:
                return attachments.add_bytes_to_draft(thread_id, name, png_bytes(image))
        else:
            paths: list[str] = list(given.paths)
            name = paths[0].rsplit("/", 1)[-1] if len(paths) == 1 else ""

            def add() -> AttachmentView:
                return attachments.add_files_to_draft(thread_id, list(paths))

        self._ticket += 1
        ticket = self._ticket
        self.composer.set_adding(True)
        self.composer.show_notice(tr("composer.attaching", name=name), muted=True)

        def added(view: AttachmentView) -> None:
            self.composer.set_adding(False)
            self.composer.show_notice("")
            if ticket == self._ticket and thread_id == self.thread_id:
                self._show(view)

        def refused(error: BaseException) -> None:
            self.composer.set_adding(False)
            self._refused(error)

        self.runner.op(self.composer, add).success(added).failure(refused).run()

    def remove(self) -> None:
        view, thread_id, attachments = self.view, self.thread_id, self.attachments
        if view is None:
            return
        self._show(None)
        self.runner.op(
            self.composer, lambda: attachments.remove_from_draft(thread_id, draft_key=view.draft_key)
        ).success(lambda _removed: self.reload()).failure(self._refused).run()

    # -- helpers ---------------------------------------------------------------------------------
    def _show(self, view: AttachmentView | None) -> None:
        if view == self.view and self.carried is None and (view is None) == (self.chip is None):
            return  # the same file: its chip (and its plan) stay as they are
        self.view, self.plan, self.carried = view, None, None
        self.file_tokens_changed.emit(0)  # until the plan of the new file is read
        self.chip = None if view is None else AttachmentChip.from_view(view)
        if self.chip is not None:
            self.chip.remove_requested.connect(self.remove)
            self.chip.open_requested.connect(lambda path: open_externally(path, self._window))
        self.composer.show_chip(self.chip)
        if view is not None:
            self._read_plan()

    def _show_carried(self, view: AttachmentView, plan: SendPlan) -> None:
        """The chip of an earlier message's file the next message carries (it cannot be removed
        here: it belongs to that message), saying how it goes."""
        if self.carried != view or self.chip is None:
            self.view, self.plan, self.carried = None, None, view
            self.file_tokens_changed.emit(0)  # the context meter counts it already (the preview carries it)
            self.chip = AttachmentChip.from_view(view, removable=False)
            self.chip.open_requested.connect(lambda path: open_externally(path, self._window))
            self.composer.show_chip(self.chip)
        self.chip.set_carried(plan)

    def _read_plan(self) -> None:
        if self.carried is not None:
            self.reload()  # how the carried file goes follows the text and the model
            return
        view, chip = self.view, self.chip
        if view is None or chip is None:
            return
        attachments, thread_id, model_ref = self.attachments, self.thread_id, self._model_ref()
        text = self.composer.editor.toPlainText()

        def planned(plan: SendPlan | None) -> None:
            if chip is self.chip:
                self.plan = plan
                chip.set_plan(plan)
                self.file_tokens_changed.emit(plan.tokens if plan is not None else 0)

        self.runner.op(
            chip, lambda: attachments.plan(thread_id, text, model_ref=model_ref, draft_key=view.draft_key)
        ).success(planned).failure(self._refused).run()

    def _changed(self, changes: list[Change]) -> None:
        if any(not c.ids or self.thread_id in c.ids or self.thread_id is None for c in changes):
            self.reload()

    def _refused(self, error: BaseException) -> None:
        """A file Mira will not take, or one gone from disk: its reason in one line, no dialog (a bug's
        line names its crash report)."""
        self.composer.show_notice(explain(error))
