"""Settings → Tools: the MCP servers (each with its state — running, failed with the reason, the
tools it listed), adding, importing, testing and removing them, trusting a server's read-only
tools; the permission of every tool, in every workspace or in one; the sandbox and the time limits;
web research (``web_box``: the search provider, its key, budgets per run).

Everything follows the change feed (``tools``, ``workspaces``): a server that starts, fails or is
changed by the `mira` command beside the window shows at once. Lists read what the servers listed
last time; only Test starts a server.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.changes import Topic
from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.language.i18n import explain, say, tr
from mira_desktop.ui.settings.http_tool_dialog import HttpToolDialog
from mira_desktop.ui.settings.mcp_server_dialog import AddServerDialog
from mira_desktop.ui.settings.page import SettingsPage
from mira_desktop.ui.settings.tool_permissions_box import ToolPermissionsBox
from mira_desktop.ui.settings.web_box import WebBox

if TYPE_CHECKING:
    from mira_desktop.services.mcp.views import ServerView

COLUMNS = ("tools.col.server", "tools.col.on", "tools.col.state", "tools.col.tools", "tools.col.where")


class ToolsPage(SettingsPage):
    follows = frozenset({Topic.TOOLS, Topic.WORKSPACES})
    loaded = Signal()

    def _build(self) -> None:
        self._views: dict[str, ServerView] = {}
        layout = QVBoxLayout(self)
        hint = QLabel(tr("tools.hint"))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        layout.addWidget(self._servers_box())
        self.permissions = ToolPermissionsBox(self.services, self.runner)
        layout.addWidget(self.permissions, 1)
        layout.addWidget(self._limits_box())
        self.web = WebBox(self.services, self.runner)  # the search provider and budgets (services/web)
        layout.addWidget(self.web)
        self.reload()

    # -- building --------------------------------------------------------------------------------
    def _servers_box(self) -> QGroupBox:
        box = QGroupBox(tr("tools.servers"))
        column = QVBoxLayout(box)
        self.servers = QTreeWidget()
        self.servers.setObjectName("mcpServers")
        self.servers.setRootIsDecorated(False)
        self.servers.setHeaderLabels([tr(key) for key in COLUMNS])
        self.servers.setMinimumHeight(90)
        self.servers.setMaximumHeight(130)
        self.servers.itemChanged.connect(self._switched)
        self.servers.currentItemChanged.connect(lambda *_: self._selected())
        self.detail = QLabel("")  # the selected server: its whole state and the tools it listed
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.hide()
        self.empty = QLabel(tr("tools.no_servers"))
        self.empty.setObjectName("muted")
        self.empty.setWordWrap(True)
        self.empty.hide()  # until the list is read
        buttons = QHBoxLayout()
        self.add_button = QPushButton(tr("tools.add"))
        self.import_button = QPushButton(tr("tools.import"))
        self.test_button = QPushButton(tr("tools.test"))
        self.remove_button = QPushButton(tr("tools.remove"))
        self.declare_button = QPushButton(tr("tools.http.declare"))  # a declared HTTP tool, not a server
        self.declare_button.clicked.connect(self._declare)
        self.add_button.clicked.connect(self._add)
        self.import_button.clicked.connect(self._import)
        self.test_button.clicked.connect(self._test)
        self.remove_button.clicked.connect(self._remove)
        for button in (self.add_button, self.import_button, self.declare_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        for button in (self.test_button, self.remove_button):
            buttons.addWidget(button)
        self.trust_box = QCheckBox(tr("tools.trust"))
        self.trust_box.setToolTip(tr("tools.trust_tip"))
        self.trust_box.clicked.connect(self._trust)
        self.result_label = QLabel("")
        self.result_label.setWordWrap(True)
        self.result_label.hide()  # shown with what Test, Import or a change said
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column.addWidget(self.servers)
        column.addWidget(self.empty)
        column.addLayout(buttons)  # right under the list: selecting a server never moves them
        column.addWidget(self.detail)
        column.addWidget(self.trust_box)
        column.addWidget(self.result_label)
        return box

    def _limits_box(self) -> QWidget:
        box = QWidget()
        form = QFormLayout(box)
        form.setContentsMargins(0, 0, 0, 0)
        self.sandbox_label = QLabel("")
        self.sandbox_label.setWordWrap(True)
        self.timeout = _seconds(1, 3600)
        self.timeout.editingFinished.connect(self._timeout_set)
        self.time_limit = _seconds(1, 3600)
        self.time_limit.editingFinished.connect(self._time_limit_set)
        form.addRow(self.sandbox_label)
        form.addRow(tr("tools.time_limit"), self.time_limit)
        form.addRow(tr("tools.timeout"), self.timeout)
        return box

    # -- loading ---------------------------------------------------------------------------------
    def reload(self) -> None:
        services = self.services

        def load() -> dict[str, Any]:
            return {
                "servers": services.mcp.list(),
                "sandbox": services.tools.sandbox(),
                "timeout": services.mcp.timeout(),
                "time_limit": services.tools.command_seconds(),
            }

        self.runner.op(self, load).success(self._show).run()
        self.permissions.reload()
        self.web.reload()

    def _show(self, loaded: dict[str, Any]) -> None:
        current = self._current()
        self.servers.blockSignals(True)
        self.servers.clear()
        self._views = {}
        for view in loaded["servers"]:
            server = view.server
            self._views[server.name] = view
            item = QTreeWidgetItem([server.name, "", _short_state(view), _found(view), server.where])
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(1, Qt.CheckState.Checked if server.enabled else Qt.CheckState.Unchecked)
            item.setData(0, Qt.ItemDataRole.UserRole, server.name)
            item.setToolTip(2, _state(view))
            item.setToolTip(3, "\n".join(t["name"] for t in view.tools))
            item.setToolTip(4, server.where)
            self.servers.addTopLevelItem(item)
            if server.name == current:
                self.servers.setCurrentItem(item)
        for column in range(4):
            self.servers.resizeColumnToContents(column)
        self.servers.blockSignals(False)
        self.empty.setVisible(not self._views)
        sandbox = loaded["sandbox"]
        self.sandbox_label.setText(
            tr("tools.sandbox_ok", version=sandbox.version)
            if sandbox.available
            else tr("tools.sandbox_missing", reason=say(sandbox.reason or ""))
        )
        for spin, value in ((self.timeout, loaded["timeout"]), (self.time_limit, loaded["time_limit"])):
            if not spin.hasFocus():
                spin.setValue(value)
        self._selected()
        self.loaded.emit()

    def _current(self) -> str | None:
        item = self.servers.currentItem()
        return str(item.data(0, Qt.ItemDataRole.UserRole)) if item is not None else None

    def _selected(self) -> None:
        view = self._views.get(self._current() or "")
        for widget in (self.test_button, self.remove_button, self.trust_box):
            widget.setEnabled(view is not None)
        self.trust_box.setChecked(bool(view and view.server.trust_read_only))
        self.detail.setVisible(view is not None)
        if view is None:
            return
        names = [t["name"] for t in view.tools]
        listed = ", ".join(names[:12]) + ("…" if len(names) > 12 else "")
        self.detail.setText(
            tr("tools.detail", name=view.server.name, state=_state(view), tools=listed or tr("tools.not_listed"))
        )

    # -- actions ---------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.result_label.setText(text)
        self.result_label.setVisible(bool(text))

    def _run(self, work: Any, done: Any = None) -> None:
        operation = self.runner.op(self, work).failure(lambda exc: self.say(failure_text(exc)))
        if done is not None:
            operation = operation.success(done)
        operation.run()

    def _switched(self, item: QTreeWidgetItem, column: int) -> None:
        if column != 1:
            return
        name = str(item.data(0, Qt.ItemDataRole.UserRole))
        enabled = item.checkState(1) == Qt.CheckState.Checked
        self._run(lambda: self.services.mcp.set_enabled(name, enabled))

    def _trust(self, checked: bool) -> None:
        name = self._current()
        if name is not None:
            self._run(lambda: self.services.mcp.set_trust_read_only(name, checked))

    def _add(self) -> None:
        dialog = AddServerDialog(self.services, self.runner, self)
        dialog.added.connect(lambda name: self.say(""))
        self.add_dialog = dialog
        dialog.show()

    def _declare(self) -> None:
        dialog = HttpToolDialog(self.services, self.runner, self)
        dialog.added.connect(lambda name: self.say(tr("tools.http.added", name=name)))
        self.http_dialog = dialog
        dialog.show()

    def _import(self) -> None:
        path, _filter = file_dialogs.open_file(self, tr("tools.import_title"), filters=tr("tools.import_filter"))
        if path:
            self.import_file(path)

    def import_file(self, path: str) -> None:
        self._run(lambda: self.services.mcp.import_file(Path(path)), self._imported)

    def _imported(self, report: Any) -> None:
        lines = [tr("tools.imported", count=len(report.added), names=", ".join(report.added) or "—")]
        lines += [tr("tools.import_renamed", original=a, name=b) for a, b in report.renamed]
        lines += [
            tr("tools.import_settings", name=n, variables=", ".join(v)) for n, v in report.settings
        ]
        lines += [tr("tools.import_refused", name=n, reason=say(r)) for n, r in report.refused]
        self.say("\n".join(lines))

    def _test(self) -> None:
        name = self._current()
        if name is None:
            return
        self.say(tr("tools.testing", name=name))
        started = time.perf_counter()

        def tested(tools: list[dict[str, Any]]) -> None:
            seconds = f"{time.perf_counter() - started:.1f}"
            self.say(tr("tools.tested", name=name, count=len(tools), seconds=seconds))

        self._run(lambda: self.services.mcp.tools(name), tested)

    def _remove(self) -> None:
        name = self._current()
        if name is None:
            return
        answer = QMessageBox.question(self, tr("tools.remove"), tr("tools.remove_confirm", name=name))
        if answer == QMessageBox.StandardButton.Yes:
            self._run(lambda: self.services.mcp.remove(name))

    def _timeout_set(self) -> None:
        seconds = self.timeout.value()
        self._run(lambda: self.services.mcp.set_timeout(seconds))

    def _time_limit_set(self) -> None:
        seconds = self.time_limit.value()
        self._run(lambda: self.services.tools.set_command_seconds(seconds))


def _seconds(low: int, high: int) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(low, high)
    spin.setDecimals(0)
    spin.setSuffix(tr("tools.seconds"))
    return spin


def _state(view: ServerView) -> str:
    state = view.state.value
    if state == "failed":
        return tr("tools.state.failed", reason=reason_text(view.reason))
    return tr(f"tools.state.{state}")


def reason_text(reason: Any) -> str:
    """Why a server failed, in the window's language: Mira's words, then the server's own as written."""
    if reason is None:
        return ""
    text = say(reason.phrase)
    return text + (tr("tools.said", words=reason.said) if reason.said else "")


def failure_text(error: BaseException) -> str:
    """A failed action's line; a server's failure with its reason in the window's language."""
    reason = getattr(error, "reason", None)
    server = str(getattr(error, "server", "") or "")
    if reason is not None and server:
        return tr("phrase.mcp.failed", name=server, reason=reason_text(reason))
    return explain(error)


def _short_state(view: ServerView) -> str:
    return tr(f"tools.state.{view.state.value}") if view.state.value != "failed" else tr("tools.state.failed_short")


def _found(view: ServerView) -> str:
    return tr("tools.not_listed") if view.server.tools is None else str(len(view.tools))
