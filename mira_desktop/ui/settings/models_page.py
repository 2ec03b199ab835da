"""Settings → Models: the local default, GGUF files, remote providers, a Test button."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.errors import MiraError
from mira_desktop.ui import file_dialogs
from mira_desktop.ui.i18n import explain, tr
from mira_desktop.ui.settings.model_roles import DiscoveryDialog, ModelRolesBox
from mira_desktop.ui.settings.servers_box import ServersBox
from mira_desktop.ui.settings.template_box import TemplateBox

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.model_catalog.catalog import ModelEntry, ModelTestResult
    from mira_desktop.ui.changes import ChangeSignal
    from mira_desktop.ui.operations import OperationRunner


class ModelsPage(QWidget):
    models_changed = Signal()
    test_finished = Signal(str)
    get_models_requested = Signal()

    def __init__(
        self,
        services: AppServices,
        runner: OperationRunner,
        parent: QWidget | None = None,
        changes: ChangeSignal | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        self._follow_changes(changes)
        layout = QVBoxLayout(self)

        self.model_list = QListWidget()
        self.model_list.setObjectName("modelList")
        self.model_list.currentItemChanged.connect(self._selection_changed)
        buttons = QHBoxLayout()
        self.default_button = QPushButton(tr("models.set_default"))
        self.test_button = QPushButton(tr("models.test"))
        self.remove_button = QPushButton(tr("models.remove"))
        self.add_file_button = QPushButton(tr("models.add_gguf"))
        self.discover_button = QPushButton(tr("models.discover"))
        self.discover_button.clicked.connect(self._discover)
        self.get_models_button = QPushButton(tr("getmodels.open"))
        self.get_models_button.clicked.connect(self.get_models_requested.emit)
        for button in (self.default_button, self.test_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.get_models_button)
        buttons.addWidget(self.discover_button)
        buttons.addWidget(self.add_file_button)
        self.default_button.clicked.connect(self._set_default)
        self.test_button.clicked.connect(self._test)
        self.remove_button.clicked.connect(self._remove)
        self.add_file_button.clicked.connect(self._pick_file)
        self.result_label = QLabel("")
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.threads = QSpinBox()
        self.threads.setRange(0, 64)
        self.threads.setValue(services.models.local_settings().threads)
        self.threads.setSpecialValueText(
            tr("models.threads_auto", n=str(services.models.effective_threads()))
        )
        self.threads.valueChanged.connect(self._threads_changed)
        threads_row = QFormLayout()
        threads_row.addRow(tr("models.threads"), self.threads)

        layout.addWidget(QLabel(tr("models.heading")))
        layout.addWidget(self.model_list, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.result_label)
        self.template_box = TemplateBox(services, runner)
        layout.addWidget(self.template_box)
        layout.addLayout(threads_row)
        self.roles_box = ModelRolesBox(services, runner)
        layout.addWidget(self.roles_box)
        self.servers_box = ServersBox(services, runner)
        self.servers_box.added.connect(self._model_added)
        layout.addWidget(self.servers_box)
        layout.addWidget(self._remote_form())
        self.refresh()

    def _discover(self) -> None:
        dialog = DiscoveryDialog(self.services, self.runner, self)
        dialog.added.connect(self._model_added)
        self.discovery_dialog = dialog
        dialog.show()

    def _model_added(self, _ref: str) -> None:
        self.refresh()
        self.roles_box.reload()
        self.models_changed.emit()

    def _remote_form(self) -> QGroupBox:
        box = QGroupBox(tr("models.remote_heading"))
        form = QFormLayout(box)
        self.remote_name = QLineEdit()
        self.remote_name.setPlaceholderText("ollama")
        self.remote_url = QLineEdit()
        self.remote_url.setPlaceholderText("http://127.0.0.1:11434/v1")
        self.remote_model = QLineEdit()
        self.remote_model.setPlaceholderText("llama3.2")
        self.remote_key = QLineEdit()
        self.remote_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.remote_key.setPlaceholderText(tr("models.key_placeholder"))
        self.remote_vision = QCheckBox(tr("models.vision"))
        self.remote_vision.setToolTip(tr("models.vision_tip"))
        self.remote_error = QLabel("")
        self.remote_error.setObjectName("fieldError")
        self.remote_error.setWordWrap(True)
        self.add_remote_button = QPushButton(tr("models.add_remote"))
        self.add_remote_button.clicked.connect(self._add_remote)
        form.addRow(tr("models.name"), self.remote_name)
        form.addRow(tr("models.base_url"), self.remote_url)
        form.addRow(tr("models.model"), self.remote_model)
        form.addRow(tr("models.api_key"), self.remote_key)
        form.addRow(self.remote_vision)
        form.addRow(self.remote_error)
        form.addRow(self.add_remote_button)
        return box

    def _follow_changes(self, changes: ChangeSignal | None) -> None:
        """Shown again after a download, "Use for new threads", a `mira` command, a model that answered."""
        if changes is not None:
            from mira_desktop.core.changes import Topic
            from mira_desktop.ui.changes import Follow

            topics = {Topic.MODELS, Topic.DOWNLOADS, Topic.THREADS}
            self._follow = Follow(self, changes, topics, lambda _c: self._reread(), delay_ms=300)

    def refresh(self) -> None:
        self._fill(self.services.models.entries())

    def _reread(self) -> None:
        """Read the models again in the background and show them, the selection kept."""
        self.runner.op(self, self.services.models.entries).success(
            lambda entries: self._fill(entries, keep=True)
        ).run()

    def _fill(self, entries: list[ModelEntry], *, keep: bool = False) -> None:
        chosen = self.selected_ref() if keep else None
        self.model_list.blockSignals(keep)  # the same model stays selected: no re-check of its template
        self.model_list.clear()
        for entry in entries:
            item = QListWidgetItem(self._describe(entry))
            item.setData(Qt.ItemDataRole.UserRole, entry.ref)
            item.setToolTip(entry.detail or entry.ref)
            self.model_list.addItem(item)
        refs = [e.ref for e in entries]
        self.model_list.setCurrentRow(refs.index(chosen) if chosen in refs else 0)
        self.model_list.blockSignals(False)
        if keep and chosen not in refs:
            self._selection_changed(self.model_list.currentItem(), None)

    @staticmethod
    def _describe(entry: ModelEntry) -> str:
        star = "★ " if entry.is_default else "   "
        state = tr("models.loaded") if entry.loaded else ""
        window = entry.capabilities.get("context_window")
        extra = f" · {tr('models.context_window', window=int(window))}" if window else ""
        problem = f" · {entry.detail}" if entry.detail else ""
        return f"{star}{entry.name}  ({entry.ref}){extra} {state}{problem}".rstrip()

    def selected_ref(self) -> str | None:
        item = self.model_list.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def _selection_changed(self, *_: object) -> None:
        ref = self.selected_ref() or ""
        self.remove_button.setEnabled(not ref.startswith("local:smollm2"))
        self.template_box.show_model(ref if ref.startswith("local:") else None)

    def _set_default(self) -> None:
        ref = self.selected_ref()
        if ref:
            self._guard(lambda: self.services.models.set_default(ref))
            self.refresh()
            self.models_changed.emit()

    def _remove(self) -> None:
        ref = self.selected_ref()
        if not ref:
            return
        if ref.startswith("remote:"):
            name = ref.removeprefix("remote:").split("/", 1)[0]
            self._guard(lambda: self.services.models.remove_remote(name))
        elif ref.startswith("local:"):
            self._guard(lambda: self.services.models.remove_local(ref.removeprefix("local:")))
        self.refresh()
        self.models_changed.emit()

    def _pick_file(self) -> None:
        path, _ = file_dialogs.open_file(
            self, tr("models.add_gguf"), "", "GGUF models (*.gguf);;All files (*)"
        )
        if path:
            self.add_file(path)

    def add_file(self, path: str) -> None:
        if self._guard(lambda: self.services.models.add_local(path)):
            self.refresh()
            self.models_changed.emit()

    def _add_remote(self) -> None:
        key = self.remote_key.text().strip() or None
        try:
            provider = self.services.models.add_remote(
                self.remote_name.text().strip(),
                self.remote_url.text().strip(),
                model=self.remote_model.text().strip() or None,
                api_key=key,
                vision=self.remote_vision.isChecked(),
            )
        except MiraError as exc:  # a bug goes on to the excepthook: its crash report
            self.remote_error.setText(explain(exc))
            return
        self.remote_error.setText(tr("models.key_stored") if key else "")
        self.remote_key.clear()
        self.remote_key.setPlaceholderText(tr("models.key_stored") if key else tr("models.key_placeholder"))
        self.result_label.setText(tr("models.added", name=provider.name))
        self.refresh()
        self.models_changed.emit()

    def _threads_changed(self, value: int) -> None:
        self._guard(lambda: self.services.models.set_local_threads(value))

    def _test(self) -> None:
        ref = self.selected_ref()
        if not ref:
            return
        self.test_button.setEnabled(False)
        self.result_label.setText(tr("models.testing", ref=ref))
        test = self.services.models.test
        self.runner.op(self, lambda: test(ref)).success(self._tested).failure(self._test_failed).run()

    def _tested(self, result: ModelTestResult) -> None:
        self.test_button.setEnabled(True)
        text = tr(
            "models.test_result",
            text=result.text,
            first=f"{result.first_token_s * 1000:.0f}",
            total=f"{result.total_s:.2f}",
        )
        self.result_label.setText(text)
        self.test_finished.emit(text)
        self.refresh()

    def _test_failed(self, exc: BaseException) -> None:
        self.test_button.setEnabled(True)
        self.result_label.setText(explain(exc))
        self.test_finished.emit(explain(exc))

    def _guard(self, action: object) -> bool:
        try:
            action()  # type: ignore[operator]
        except MiraError as exc:  # a bug goes on to the excepthook: its crash report
            self.result_label.setText(explain(exc))
            return False
        return True
