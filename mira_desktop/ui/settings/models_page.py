"""Settings → Models: the local default, GGUF files, remote providers, a Test button, the model check."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

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
)

from mira_desktop.core.changes import Topic
from mira_desktop.core.model_names import readable_model
from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.language.context_window_text import window_text
from mira_desktop.ui.language.i18n import explain, tr
from mira_desktop.ui.settings.check_box import CheckBox
from mira_desktop.ui.settings.model_roles import DiscoveryDialog, ModelRolesBox
from mira_desktop.ui.settings.page import SettingsPage
from mira_desktop.ui.settings.servers_box import ServersBox
from mira_desktop.ui.settings.template_box import TemplateBox
from mira_desktop.ui.settings.vision_box import VisionBox
from mira_desktop.ui.settings.window_box import WindowBox

if TYPE_CHECKING:
    from collections.abc import Callable

    from mira_desktop.services.model_catalog.catalog import ModelEntry, ModelTestResult


class ModelsPage(SettingsPage):
    follows = frozenset({Topic.MODELS, Topic.MODEL_MEMORY, Topic.DOWNLOADS, Topic.THREADS})
    follow_delay_ms = 300
    models_changed = Signal()
    test_finished = Signal(str)
    listed = Signal()  # the models were read (in the background) and are shown
    changed = Signal()  # a change asked for here was written, or refused with its reason shown
    get_models_requested = Signal()

    def _build(self) -> None:
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

        layout.addWidget(QLabel(tr("models.heading")))
        layout.addWidget(self.model_list, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.result_label)
        self.template_box = TemplateBox(self.services, self.runner)
        layout.addWidget(self.template_box)
        self.vision_box = VisionBox(self.services, self.runner)
        self.vision_box.changed.connect(self._projector_changed)
        layout.addWidget(self.vision_box)
        self.window_box = WindowBox(self.services, self.runner)
        self.window_box.changed.connect(self.refresh)  # the model's line shows its window and why
        layout.addWidget(self.window_box)
        self.check_box = CheckBox(self.services, self.runner)
        layout.addWidget(self.check_box)
        layout.addLayout(self._threads_row())
        self.roles_box = ModelRolesBox(self.services, self.runner)
        layout.addWidget(self.roles_box)
        self.servers_box = ServersBox(self.services, self.runner)
        self.servers_box.added.connect(self._model_added)
        layout.addWidget(self.servers_box)
        layout.addWidget(self._remote_form())
        self.refresh()

    def _threads_row(self) -> QFormLayout:
        self.threads = QSpinBox()
        self.threads.setRange(0, 64)
        self.threads.setEnabled(False)  # until the setting is read
        models = self.services.models
        self.runner.op(self, lambda: (models.local_settings().threads, models.effective_threads())).success(
            self._threads_read
        ).run()
        self.idle = QSpinBox()
        self.idle.setObjectName("idleMinutes")
        self.idle.setRange(0, 24 * 60)
        self.idle.setSpecialValueText(tr("models.idle_never"))
        self.idle.setSuffix(tr("models.idle_suffix"))
        self.idle.setEnabled(False)  # until the setting is read
        self.runner.op(self, models.idle_minutes).success(self._idle_read).run()
        row = QFormLayout()
        row.addRow(tr("models.threads"), self.threads)
        row.addRow(tr("models.idle"), self.idle)
        return row

    def _idle_read(self, minutes: float) -> None:
        self.idle.setValue(round(minutes))
        self.idle.setEnabled(True)
        self.idle.editingFinished.connect(self._idle_changed)  # from now on, a change is the person's

    def _idle_changed(self) -> None:
        models, minutes = self.services.models, self.idle.value()
        self._change(lambda: models.set_idle_minutes(minutes), listed=False)

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

    def _threads_read(self, read: tuple[int, int]) -> None:
        threads, effective = read
        self.threads.setSpecialValueText(tr("models.threads_auto", n=str(effective)))
        self.threads.setValue(threads)
        self.threads.setEnabled(True)
        self.threads.valueChanged.connect(self._threads_changed)  # from now on, a change is the person's

    def refresh(self) -> None:
        """List the models (read in the background), then ``listed``."""
        self.runner.op(self, self.services.models.entries).success(self._show_entries).run()

    def _show_entries(self, entries: list[ModelEntry]) -> None:
        """The list as read; the model picked before stays picked (its boxes are not read again)."""
        kept = self.selected_ref()
        refs = [entry.ref for entry in entries]
        self.model_list.blockSignals(True)
        try:
            self.model_list.clear()
            for entry in entries:
                item = QListWidgetItem(self._describe(entry, self.services.folder.models_dir))
                item.setData(Qt.ItemDataRole.UserRole, entry.ref)
                item.setToolTip(entry.detail or entry.ref)
                self.model_list.addItem(item)
        finally:
            self.model_list.blockSignals(False)
        if kept in refs:
            self.model_list.blockSignals(True)
            self.model_list.setCurrentRow(refs.index(kept))
            self.model_list.blockSignals(False)
        else:
            self.model_list.setCurrentRow(0)
        self.listed.emit()

    def reload(self) -> None:
        """Read the models again in the background and show them, the selection kept: after a download,
        "Use for new threads", a `mira` command, a model that answered (or was checked)."""
        self.refresh()
        self.check_box.show_model(self.selected_ref())
        self.roles_box.reload()  # each model's last check on hover

    @staticmethod
    def _describe(entry: ModelEntry, models_dir: Path | None = None) -> str:
        """The model's line: its name and, where it adds something, the repository and file it came
        from (never its whole path: that is the tooltip)."""
        star = "★ " if entry.is_default else "   "
        where = readable_model(entry.ref, models_dir)
        origin = f"  ({where})" if where not in (entry.name, f"{entry.name}.gguf") else ""
        state = tr("models.loaded") if entry.loaded else ""
        window = entry.capabilities.get("context_window")
        reason = str(entry.capabilities.get("context_reason") or "")
        extra = f" · {window_text(int(window), reason)}" if window else ""
        problem = f" · {entry.detail}" if entry.detail else ""
        sees = f" · {tr('models.sees')}" if entry.capabilities.get("supports_vision") else ""
        return f"{star}{entry.name}{origin}{extra}{sees} {state}{problem}".rstrip()

    def selected_ref(self) -> str | None:
        item = self.model_list.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def _selection_changed(self, *_: object) -> None:
        ref = self.selected_ref() or ""
        self.remove_button.setEnabled(not ref.startswith("local:smollm2"))
        self.template_box.show_model(ref or None)
        self.vision_box.show_model(ref if ref.startswith("local:") else None)
        self.window_box.show_model(ref if ref.startswith("local:") else None)
        self.check_box.show_model(ref or None)

    def _projector_changed(self) -> None:
        """A projector set or removed changes what the model can do: its line and the window follow."""
        self.refresh()  # the same model stays picked (_show_entries)
        self.models_changed.emit()

    def _set_default(self) -> None:
        ref = self.selected_ref()
        if ref:
            models = self.services.models
            self._change(lambda: models.set_default(ref))

    def _remove(self) -> None:
        ref = self.selected_ref()
        if not ref:
            return
        models = self.services.models
        if ref.startswith("remote:"):
            name = ref.removeprefix("remote:").split("/", 1)[0]
            self._change(lambda: models.remove_remote(name))
        elif ref.startswith("local:"):
            self._change(lambda: models.remove_local(ref.removeprefix("local:")))

    def _pick_file(self) -> None:
        path, _ = file_dialogs.open_file(
            self, tr("models.add_gguf"), "", "GGUF models (*.gguf);;All files (*)"
        )
        if path:
            self.add_file(path)

    def add_file(self, path: str) -> None:
        models = self.services.models
        self._change(lambda: models.add_local(path))

    def _add_remote(self) -> None:
        """Add the provider in the background (its key goes to the keyring); a refusal is shown by the
        form, a bug is a crash report."""
        key = self.remote_key.text().strip() or None
        models, name, url = self.services.models, self.remote_name.text().strip(), self.remote_url.text().strip()
        model, vision = self.remote_model.text().strip() or None, self.remote_vision.isChecked()
        self.add_remote_button.setEnabled(False)

        def refused(exc: BaseException) -> None:
            self.add_remote_button.setEnabled(True)
            self.remote_error.setText(explain(exc))
            self.changed.emit()

        self.runner.op(
            self, lambda: models.add_remote(name, url, model=model, api_key=key, vision=vision)
        ).success(lambda provider: self._remote_added(provider, key)).failure(refused).run()

    def _remote_added(self, provider: Any, key: str | None) -> None:
        self.add_remote_button.setEnabled(True)
        self.remote_error.setText(tr("models.key_stored") if key else "")
        self.remote_key.clear()
        self.remote_key.setPlaceholderText(tr("models.key_stored") if key else tr("models.key_placeholder"))
        self.result_label.setText(tr("models.added", name=provider.name))
        self.refresh()
        self.models_changed.emit()
        self.changed.emit()

    def _threads_changed(self, value: int) -> None:
        models = self.services.models
        self._change(lambda: models.set_local_threads(value), listed=False)

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

    def _change(self, action: Callable[[], object], *, listed: bool = True) -> None:
        """Write ``action`` in the background; then the list (``listed``) and ``models_changed``, or the
        reason it was refused (a bug is a crash report), then ``changed``."""

        def done(_result: object) -> None:
            if listed:
                self.refresh()
                self.models_changed.emit()
            self.changed.emit()

        def refused(exc: BaseException) -> None:
            self.result_label.setText(explain(exc))
            self.changed.emit()

        self.runner.op(self, action).success(done).failure(refused).run()
