"""The permission of every tool — Default / Ask / Allow / Deny — in every workspace or in one, and
which MCP servers a workspace uses. Built-in and MCP tools alike; "Default" clears the permission of
the chosen scope (a workspace then follows every workspace's, and that one the tool's risk)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from mira_desktop.core.tool_records import Permission
from mira_desktop.ui.language.i18n import explain, say, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.operations import OperationRunner

CHOICES = ("", "ask", "allow", "deny")  # "" is the default


class ToolPermissionsBox(QGroupBox):
    def __init__(self, services: AppServices, runner: OperationRunner) -> None:
        super().__init__(tr("tools.permissions"))
        self.services = services
        self.runner = runner
        self.combos: dict[str, QComboBox] = {}
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel(tr("tools.workspace")))
        self.workspace_combo = QComboBox()
        self.workspace_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.workspace_combo.activated.connect(lambda _i: self.reload())
        row.addWidget(self.workspace_combo)
        row.addStretch(1)
        layout.addLayout(row)
        self.servers_label = QLabel(tr("tools.workspace_servers"))
        self.workspace_servers = QListWidget()
        self.workspace_servers.setMaximumHeight(36)
        self.workspace_servers.setFlow(QListWidget.Flow.LeftToRight)
        self.workspace_servers.itemChanged.connect(self._server_switched)
        layout.addWidget(self.servers_label)
        layout.addWidget(self.workspace_servers)
        self.tools = QTreeWidget()
        self.tools.setObjectName("toolPermissions")
        self.tools.setRootIsDecorated(False)
        self.tools.setHeaderLabels(
            [tr("tools.col.tool"), tr("tools.col.server"), tr("tools.col.risk"), tr("tools.col.permission")]
        )
        layout.addWidget(self.tools, 1)
        self.absent = QLabel("")
        self.absent.setObjectName("muted")
        self.absent.setWordWrap(True)
        layout.addWidget(self.absent)
        self.error = QLabel("")
        self.error.setObjectName("fieldError")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)

    def workspace_id(self) -> str | None:
        return self.workspace_combo.currentData() or None

    def reload(self) -> None:
        services, chosen = self.services, self.workspace_id()

        def load() -> dict[str, Any]:
            workspaces = services.workspaces.list()
            default = next(w for w in workspaces if w.is_default)
            shown = next((w for w in workspaces if w.id == chosen), default)
            return {
                "workspaces": workspaces,
                "report": services.tools.report(shown, start=False),
                "permissions": services.tool_permissions.list(),
                "servers": services.mcp.for_workspace(shown.id) if chosen else [],
            }

        self.runner.op(self, load).success(self._show).run()

    def _show(self, loaded: dict[str, Any]) -> None:
        chosen = self.workspace_id()
        self.workspace_combo.blockSignals(True)
        self.workspace_combo.clear()
        self.workspace_combo.addItem(tr("tools.every_workspace"), "")
        for workspace in loaded["workspaces"]:
            self.workspace_combo.addItem(workspace.name, workspace.id)
        index = self.workspace_combo.findData(chosen or "")
        self.workspace_combo.setCurrentIndex(max(index, 0))
        self.workspace_combo.blockSignals(False)
        chosen = self.workspace_id()
        self._show_servers(loaded["servers"], visible=chosen is not None)
        everywhere = {p.tool: p.permission.value for p in loaded["permissions"] if p.workspace_id is None}
        here = {p.tool: p.permission.value for p in loaded["permissions"] if chosen and p.workspace_id == chosen}
        self.tools.clear()
        self.combos = {}
        for listing in loaded["report"].tools:
            tool = listing.tool
            risk = tr(f"tools.risk.{tool.risk.value}")
            if tool.read_only_hint:
                risk = tr("tools.read_only_hint", risk=risk)
            where = tool.server or (tr("tools.sandbox") if tool.origin.value == "sandbox" else tr("tools.mira"))
            item = QTreeWidgetItem([tool.name, where, risk, ""])
            item.setToolTip(0, tool.description)
            self.tools.addTopLevelItem(item)
            fallback = everywhere.get(tool.name) if chosen else None
            default = listing.default.value
            label = tr("tools.permission.everywhere", value=_said(fallback)) if fallback else _said(default)
            combo = QComboBox()
            combo.addItem(tr("tools.permission.default", value=label), "")
            for value in CHOICES[1:]:
                if value == "allow" and tool.name == "run_command" and not chosen:
                    continue  # allowed one workspace at a time only
                combo.addItem(_said(value), value)
            current = here.get(tool.name, "") if chosen else everywhere.get(tool.name, "")
            combo.setCurrentIndex(max(combo.findData(current), 0))
            combo.activated.connect(lambda _i, name=tool.name, box=combo: self._chosen(name, box))
            self.tools.setItemWidget(item, 3, combo)
            self.combos[tool.name] = combo
        for column in range(3):
            self.tools.resizeColumnToContents(column)
        absent = loaded["report"].absent
        self.absent.setText("\n".join(tr("tools.absent", text=say(line)) for line in absent))
        self.absent.setVisible(bool(absent))

    def _show_servers(self, servers: list[Any], *, visible: bool) -> None:
        self.servers_label.setVisible(visible and bool(servers))
        self.workspace_servers.setVisible(visible and bool(servers))
        self.workspace_servers.blockSignals(True)
        self.workspace_servers.clear()
        for server, on in servers:
            item = QListWidgetItem(server.name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.workspace_servers.addItem(item)
        self.workspace_servers.blockSignals(False)

    def _chosen(self, tool: str, combo: QComboBox) -> None:
        value = combo.currentData()
        permission = Permission(value) if value else None
        workspace_id = self.workspace_id()
        permissions = self.services.tool_permissions
        self.runner.op(self, lambda: permissions.set(tool, permission, workspace_id)).failure(
            lambda exc: self.error.setText(explain(exc))
        ).run()

    def _server_switched(self, item: QListWidgetItem) -> None:
        workspace_id = self.workspace_id()
        if workspace_id is None:
            return
        on = item.checkState() == Qt.CheckState.Checked
        mcp, name = self.services.mcp, item.text()
        self.runner.op(self, lambda: mcp.set_for_workspace(workspace_id, name, on)).failure(
            lambda exc: self.error.setText(explain(exc))
        ).run()


def _said(value: str) -> str:
    return tr(f"tools.permission.{value}")
