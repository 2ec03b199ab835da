"""Settings → Models: which model does each job (each model's last check on hover), and the GGUF
models already on this computer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.language.check_text import model_tooltip
from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.model_catalog.discovery import FoundModel
    from mira_desktop.services.model_check.service import ModelCheck
    from mira_desktop.ui.runtime.operations import OperationRunner

ROLES = ("fast", "grader", "evaluator")
_Roles = tuple[dict[str, "str | None"], list[tuple[str, str]], dict[str, "ModelCheck"]]


class ModelRolesBox(QGroupBox):
    """A combo per role; "the answer model" means the thread's own model does that job too."""

    def __init__(self, services: AppServices, runner: OperationRunner, parent: QWidget | None = None) -> None:
        super().__init__(tr("models.roles_heading"), parent)
        self.services = services
        self.runner = runner
        form = QFormLayout(self)
        hint = QLabel(tr("models.roles_hint"))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        form.addRow(hint)
        self.combos: dict[str, QComboBox] = {}
        for role in ROLES:
            combo = QComboBox()
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(16)
            combo.activated.connect(lambda index, r=role: self._picked(r, index))
            self.combos[role] = combo
            form.addRow(tr(f"models.role_{role}"), combo)
        self.error = QLabel()  # why the last pick was refused, under the combos
        self.error.setWordWrap(True)
        self.error.hide()
        form.addRow(self.error)
        self.reload()

    def reload(self) -> None:
        models = self.services.models

        checks = self.services.model_checks

        def load() -> _Roles:
            return models.model_roles(), [(e.name, e.ref) for e in models.entries()], checks.latest_each()

        self.runner.op(self, load).success(self._show).run()

    def _show(self, result: _Roles) -> None:
        """Each combo with its models; each model's last check on hover, the picked one's on the combo."""
        roles, entries, checks = result
        for role, combo in self.combos.items():
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(tr("models.role_answer"), None)
            for name, ref in entries:
                combo.addItem(f"{name} · {ref}", ref)
                combo.setItemData(
                    combo.count() - 1, model_tooltip(ref, checks.get(ref)), Qt.ItemDataRole.ToolTipRole
                )
            current = roles.get(role)
            if current and combo.findData(current) < 0:
                combo.addItem(current, current)
            combo.setCurrentIndex(max(0, combo.findData(current)) if current else 0)
            combo.setToolTip(model_tooltip(current, checks.get(current)) if current else "")
            combo.blockSignals(False)

    def _picked(self, role: str, index: int) -> None:
        ref: Any = self.combos[role].itemData(index)
        set_role = self.services.models.set_model_role

        def refused(exc: BaseException) -> None:  # the reason under the combos; the combo shows what holds
            self.error.setText(explain(exc))
            self.error.show()
            self.reload()

        self.error.hide()
        self.runner.op(self, lambda: set_role(role, ref)).failure(refused).run()


class DiscoveryDialog(QDialog):
    """The GGUF files of LM Studio, GPT4All, Jan and Ollama found here, with their header; Add."""

    added = Signal(str)

    def __init__(self, services: AppServices, runner: OperationRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        self.setWindowTitle(tr("models.discover"))
        self.resize(640, 400)
        layout = QVBoxLayout(self)
        self.status = QLabel(tr("models.discovering"))
        self.status.setWordWrap(True)
        self.found_list = QListWidget()
        self.found_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        buttons = QDialogButtonBox()
        self.add_button = buttons.addButton(tr("models.add_found"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.add_button.clicked.connect(self._add)
        buttons.rejected.connect(self.reject)
        layout.addWidget(self.status)
        layout.addWidget(self.found_list, 1)
        layout.addWidget(buttons)
        self.found: list[FoundModel] = []
        discover = services.models.discover
        runner.op(self, discover).success(self._show).failure(lambda exc: self.status.setText(explain(exc))).run()

    def _show(self, found: list[FoundModel]) -> None:
        self.found = found
        self.status.setText(tr("models.found", count=len(found)) if found else tr("models.none_found"))
        for model in found:
            info = model.info
            text = (
                f"{model.label} — {model.app} · {info.quantization or '?'} · "
                f"{info.context_length or '?'} tokens · {info.size_bytes / 2**20:.0f} MB"
            )
            item = QListWidgetItem(text)
            item.setToolTip(str(model.path))
            self.found_list.addItem(item)
        self.add_button.setEnabled(bool(found))

    def _add(self) -> None:
        row = self.found_list.currentRow()
        if not 0 <= row < len(self.found):
            return
        path, add_local = str(self.found[row].path), self.services.models.add_local
        self.runner.op(self, lambda: add_local(path)).success(
            lambda entry: self.added.emit(entry.ref)
        ).failure(lambda exc: self.status.setText(explain(exc))).run()
