"""The downloads list: a progress bar, bytes, speed and time left, Pause / Resume / Cancel, the
reason of a pause, and — once a model is in — "Use for new threads", "Use for role…" and "Check this model".

It follows the ``downloads`` topic of the change feed (each saved step of a download, about twice a
second, or another process's writes), so it never polls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.changes import Topic
from mira_desktop.core.model_names import readable_model
from mira_desktop.services.hub.listing import model_name
from mira_desktop.ui.language.i18n import explain, say, tr
from mira_desktop.ui.runtime.changes import Follow

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.hub.downloads import Download
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner

ROLES = ("fast", "grader", "evaluator")


def size_text(size: float) -> str:
    if size >= 2**30:
        return f"{size / 2**30:.2f} GB"
    return f"{size / 2**20:.1f} MB"


def duration_text(seconds: float) -> str:
    seconds = int(seconds)
    if seconds >= 3600:
        return tr("downloads.hours", h=seconds // 3600, m=seconds % 3600 // 60)
    if seconds >= 60:
        return tr("downloads.minutes", m=seconds // 60, s=seconds % 60)
    return tr("downloads.seconds", s=seconds)


class DownloadRow(QWidget):
    def __init__(self, owner: DownloadsList, download: Download) -> None:
        super().__init__()
        self.owner = owner
        self.download_id = download.id
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.bar = QProgressBar()
        self.bar.setRange(0, 1000)
        self.detail = QLabel()
        self.detail.setObjectName("muted")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QHBoxLayout()
        self.pause_button = QPushButton(tr("downloads.pause"))
        self.resume_button = QPushButton(tr("downloads.resume"))
        self.cancel_button = QPushButton(tr("downloads.cancel"))
        self.default_button = QPushButton(tr("downloads.use_default"))
        self.role_button = QPushButton(tr("downloads.use_role"))
        self.check_button = QPushButton(tr("check.run"))
        self.check_button.setToolTip(tr("check.run_tip"))
        self.check_button.clicked.connect(lambda: owner.check_requested.emit(self.download.model_ref or ""))
        menu = QMenu(self.role_button)
        for role in ROLES:
            action = menu.addAction(tr(f"models.role_{role}"))
            action.triggered.connect(lambda _checked=False, r=role: owner.use_for_role(self.download_id, r))
        self.role_button.setMenu(menu)
        self.pause_button.clicked.connect(lambda: owner.act(self.download_id, "pause"))
        self.resume_button.clicked.connect(lambda: owner.act(self.download_id, "resume"))
        self.cancel_button.clicked.connect(lambda: owner.act(self.download_id, "cancel"))
        self.default_button.clicked.connect(lambda: owner.use_for_new_threads(self.download_id))
        for button in (
            self.pause_button,
            self.resume_button,
            self.cancel_button,
            self.default_button,
            self.role_button,
            self.check_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addWidget(self.title)
        layout.addWidget(self.bar)
        layout.addWidget(self.detail)
        layout.addLayout(buttons)
        self.show_download(download)

    def show_download(self, download: Download) -> None:
        self.download = download
        state = download.state.value
        name = model_name(download.path)
        if len(download.parts) > 1:
            name = tr("getmodels.parts", name=name, parts=len(download.parts))
        self.title.setText(
            tr("downloads.title", state=tr(f"downloads.state_{state}"), file=name, repo=download.repo)
        )
        total = max(download.size_bytes, 1)
        self.bar.setValue(int(1000 * download.done_bytes / total))
        self.bar.setVisible(state not in ("completed", "cancelled"))
        done, size = size_text(download.done_bytes), size_text(download.size_bytes)
        if state == "running" and download.speed_bps > 0:
            left = (download.size_bytes - download.done_bytes) / download.speed_bps
            text = tr(
                "downloads.speed",
                done=done,
                total=size,
                speed=size_text(download.speed_bps),
                left=duration_text(left),
            )
        elif state == "completed":
            text = tr("downloads.ready", ref=self.owner.readable(download.model_ref or ""))
            self.detail.setToolTip(download.model_ref or "")
        else:
            text = tr("downloads.progress", done=done, total=size)
        phrase = self.owner.services.hub.downloads.reason(download)
        if phrase is not None and state in ("paused", "failed"):
            text += "\n" + say(phrase)
        self.detail.setText(text)
        active = state in ("queued", "running", "paused")
        # Pause and Resume take each other's place under the pointer and the keyboard: the focus goes
        # from one to the other, never on to Cancel (where a Space would cancel the download).
        pause, resume = state in ("queued", "running"), state == "paused"
        swapped = {self.pause_button: self.resume_button, self.resume_button: self.pause_button}
        focused = next((b for b in swapped if b.hasFocus()), None)
        shown = {
            self.pause_button: pause,
            self.resume_button: resume,
            self.cancel_button: active,
            self.default_button: state == "completed",
            self.role_button: state == "completed",
            self.check_button: state == "completed" and bool(download.model_ref),
        }
        for button, visible in shown.items():
            if visible:
                button.show()
        if focused is not None and not shown[focused] and shown[swapped[focused]]:
            swapped[focused].setFocus(Qt.FocusReason.OtherFocusReason)
        for button, visible in shown.items():
            if not visible:
                button.hide()


class DownloadsList(QWidget):
    """Every download, newest first; rows are updated in place as their jobs move."""

    reloaded = Signal()
    told = Signal(str)  # what was done: a default or a role set
    check_requested = Signal(str)  # "Check this model" on a downloaded model (its reference)
    failed = Signal(str)  # an action refused, with why

    def __init__(
        self,
        services: AppServices,
        runner: OperationRunner,
        changes: ChangeSignal | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        self.rows: dict[str, DownloadRow] = {}
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.empty = QLabel(tr("downloads.empty"))
        self.empty.setObjectName("muted")
        self._layout.addWidget(self.empty)
        self._layout.addStretch(1)
        if changes is not None:
            self._follow = Follow(self, changes, {Topic.DOWNLOADS}, lambda _changes: self.reload())
        self.reload()

    def reload(self) -> None:
        self.runner.op(self, self.services.hub.downloads.list).success(self._show).run()

    def _show(self, downloads: list[Download]) -> None:
        seen = set()
        for position, download in enumerate(downloads):
            seen.add(download.id)
            row = self.rows.get(download.id)
            if row is None:
                row = DownloadRow(self, download)
                self.rows[download.id] = row
                self._layout.insertWidget(position + 1, row)
            else:
                row.show_download(download)
        for gone in set(self.rows) - seen:
            self.rows.pop(gone).deleteLater()
        self.empty.setVisible(not downloads)
        self.reloaded.emit()

    def act(self, download_id: str, action: str) -> None:
        if action == "cancel" and not self.confirm_cancel(self.rows[download_id].download):
            return
        downloads = self.services.hub.downloads
        work = {"pause": downloads.pause, "resume": downloads.resume, "cancel": downloads.cancel}[action]
        self.runner.op(self, lambda: work(download_id)).success(lambda _r: self.reload()).failure(
            lambda exc: self.failed.emit(explain(exc))
        ).run()

    def readable(self, ref: str) -> str:
        """A downloaded model as ``OWNER/REPO · FILE.gguf``, not its absolute path."""
        return readable_model(ref, self.services.folder.models_dir)

    def confirm_cancel(self, download: Download) -> bool:
        """Ask before cancelling: what was downloaded so far is deleted (No is the default)."""
        name = download.path.rsplit("/", 1)[-1]
        text = tr("downloads.cancel_question", file=name, done=size_text(download.done_bytes))
        buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        answer = QMessageBox.question(
            self, tr("downloads.cancel_title"), text, buttons, QMessageBox.StandardButton.No
        )
        return answer == QMessageBox.StandardButton.Yes

    def use_for_new_threads(self, download_id: str) -> None:
        ref = self.rows[download_id].download.model_ref
        if ref:
            set_default = self.services.models.set_default
            self.runner.op(self, lambda: set_default(ref)).success(
                lambda _r: self.told.emit(tr("downloads.used_default", ref=self.readable(ref)))
            ).failure(lambda exc: self.failed.emit(explain(exc))).run()

    def use_for_role(self, download_id: str, role: str) -> None:
        ref = self.rows[download_id].download.model_ref
        if ref:
            set_role = self.services.models.set_model_role
            self.runner.op(self, lambda: set_role(role, ref)).success(
                lambda _r: self.told.emit(
                    tr("downloads.used_role", role=tr(f"models.role_{role}"), ref=self.readable(ref))
                )
            ).failure(lambda exc: self.failed.emit(explain(exc))).run()
