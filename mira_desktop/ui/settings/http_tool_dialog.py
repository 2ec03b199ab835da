"""Declaring an HTTP tool in the window: the same declaration `mira tools add-http FILE.json` reads,
field by field — name, description, a fixed URL, GET or POST, the arguments' JSON schema, static
headers and secret headers by keyring reference (with each secret's value, stored in the keyring,
never in the declaration). The dialog stays open with the reason in the window's language when the
declaration is refused (nothing is kept), and closes once it was added."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit, QPlainTextEdit, QWidget

from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.settings.adding_dialog import AddingDialog

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.operations import OperationRunner

SCHEMA = '{\n  "type": "object",\n  "properties": {"city": {"type": "string", "maxLength": 100}},\n  "required": ["city"]\n}'


class HttpToolDialog(AddingDialog):
    def __init__(self, services: AppServices, runner: OperationRunner, parent: QWidget | None = None) -> None:
        super().__init__(services, runner, tr("tools.http.title"), parent)
        self.buttons.accepted.connect(self.submit)
        self.resize(640, 560)
        self.name = QLineEdit()
        self.name.setPlaceholderText("weather_now")
        self.description = QLineEdit()
        self.url = QLineEdit()
        self.url.setPlaceholderText("https://api.example.com/v1/thing")
        self.method = QComboBox()
        self.method.addItems(["GET", "POST"])
        self.parameters = QPlainTextEdit(SCHEMA)
        self.headers = QPlainTextEdit()
        self.headers.setPlaceholderText('{"Accept": "application/json"}')
        self.headers.setMaximumHeight(60)
        self.secret_headers = QPlainTextEdit()
        self.secret_headers.setPlaceholderText('{"X-Api-Key": "my-service-key"}')
        self.secret_headers.setMaximumHeight(60)
        self.secret_value = QLineEdit()
        self.secret_value.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret_value.setToolTip(tr("tools.http.secret_value_tip"))
        form = QFormLayout()
        form.addRow(tr("tools.name"), self.name)
        form.addRow(tr("tools.http.description"), self.description)
        form.addRow(tr("tools.url"), self.url)
        form.addRow(tr("tools.http.method"), self.method)
        form.addRow(tr("tools.http.parameters"), self.parameters)
        form.addRow(tr("tools.headers"), self.headers)
        form.addRow(tr("tools.http.secret_headers"), self.secret_headers)
        form.addRow(tr("tools.http.secret_value"), self.secret_value)
        self.lay_out(form)

    def declaration(self) -> dict[str, Any] | None:
        """The declaration the fields make, or None with the reason shown (a field that is not JSON)."""
        fields: dict[str, Any] = {}
        for key, box, empty in (
            ("parameters", self.parameters, None),
            ("headers", self.headers, {}),
            ("secret_headers", self.secret_headers, {}),
        ):
            text = box.toPlainText().strip()
            try:
                fields[key] = json.loads(text) if text else empty
            except ValueError as exc:
                self.error.setText(tr("tools.http.not_json", field=key, problem=str(exc)))
                return None
        if fields["parameters"] is None:
            del fields["parameters"]
        return {
            "name": self.name.text().strip(),
            "description": self.description.text().strip(),
            "url": self.url.text().strip(),
            "method": self.method.currentText(),
            **fields,
        }

    def submit(self) -> None:
        data = self.declaration()
        if data is None:
            return
        library = self.services.http_tools  # reached in the background: the keyring is not on this thread
        secret = self.secret_value.text()
        references = list(data["secret_headers"].values()) if isinstance(data["secret_headers"], dict) else []

        def add() -> object:
            if secret and references:
                library.set_secret(str(references[0]), secret)
            return library.add(data)

        self.add(str(data["name"]), add)
