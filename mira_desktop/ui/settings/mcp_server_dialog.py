"""Adding an MCP server: a command Mira starts (with its environment) or a URL (with its headers).

Header values, and the environment values whose names mark them as secrets, go to the keyring; the
other environment values are kept as the server's settings (services/mcp/secret_names.py). The
dialog stays open with the reason in the window's language when the server cannot be added (a bad
name, a taken one, a secret and no usable keyring), and closes once it was.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFormLayout, QLineEdit, QPlainTextEdit, QRadioButton, QWidget

from mira_desktop.ui.language.i18n import tr, tr_or
from mira_desktop.ui.settings.adding_dialog import AddingDialog

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.operations import OperationRunner


class AddServerDialog(AddingDialog):
    def __init__(self, services: AppServices, runner: OperationRunner, parent: QWidget | None = None) -> None:
        super().__init__(services, runner, tr("tools.add_title"), parent)
        self.buttons.accepted.connect(self.submit)
        self.resize(620, 420)
        self.name = QLineEdit()
        self.name.setPlaceholderText("files")
        self.as_command = QRadioButton(tr("tools.kind_command"))
        self.as_url = QRadioButton(tr("tools.kind_url"))
        self.as_command.setChecked(True)
        self.command = QLineEdit()
        self.command.setPlaceholderText("npx -y @modelcontextprotocol/server-filesystem ~/Documents")
        self.env = QPlainTextEdit()
        self.env.setPlaceholderText("API_KEY=…")
        self.env.setMaximumHeight(80)
        self.url = QLineEdit()
        self.url.setPlaceholderText("http://127.0.0.1:8000/mcp")
        self.headers = QPlainTextEdit()
        self.headers.setPlaceholderText("Authorization: Bearer …")
        self.headers.setMaximumHeight(80)
        form = QFormLayout()
        form.addRow(tr("tools.name"), self.name)
        form.addRow(self.as_command)
        form.addRow(tr("tools.command"), self.command)
        form.addRow(tr("tools.env"), self.env)
        form.addRow(self.as_url)
        form.addRow(tr("tools.url"), self.url)
        form.addRow(tr("tools.headers"), self.headers)
        self.lay_out(form)
        self.as_command.toggled.connect(self._kind_changed)
        self._kind_changed()

    def _kind_changed(self) -> None:
        command = self.as_command.isChecked()
        for widget in (self.command, self.env):
            widget.setEnabled(command)
        for widget in (self.url, self.headers):
            widget.setEnabled(not command)

    def submit(self) -> None:
        name = self.name.text().strip()
        services = self.services  # its MCP service is reached in the background
        try:
            if self.as_command.isChecked():
                words = shlex.split(self.command.text())
                env = _pairs(self.env.toPlainText(), "=", "tools.bad_env")
                add = lambda: services.mcp.add_stdio(name, words[0] if words else "", words[1:], env)  # noqa: E731
            else:
                headers = _pairs(self.headers.toPlainText(), ":", "tools.bad_header")
                url = self.url.text().strip()
                add = lambda: services.mcp.add_http(name, url, headers)  # noqa: E731
        except BadLineError as exc:
            self.error.setText(str(exc))
            return
        except ValueError as exc:  # shlex: an unclosed quote
            self.error.setText(
                tr("tools.bad_command", reason=tr_or(SHLEX_REASONS.get(str(exc), ""), str(exc)))
            )
            return
        self.add(name, add)


# What shlex.split says of a command it cannot split, as window text.
SHLEX_REASONS = {
    "No closing quotation": "tools.bad_command.quote",
    "No escaped character": "tools.bad_command.escape",
}


class BadLineError(ValueError):
    """A line of the environment or headers that is not a name and a value (the message says which)."""


def _pairs(text: str, separator: str, bad: str) -> dict[str, str]:
    """``NAME=value`` (or ``Name: value``) lines; raises BadLineError with the line that is neither."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        name, sep, value = line.partition(separator)
        if not sep or not name.strip():
            raise BadLineError(tr(bad, line=line.strip()))
        found[name.strip()] = value.strip()
    return found
