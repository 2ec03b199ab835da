"""The Hub cannot be reached: Get models points to its own Hub field for a mirror, not to a command
line, and leaves out the system's raw reason ("[Errno 111] Connection refused")."""

from __future__ import annotations

import socket

import pytest

from mira_desktop.core.errors import MiraError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.language.i18n import explain
from mira_desktop.ui.settings.hub_errors import hub_error_text


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # closed again when the block ends: nothing listens


def test_an_unreachable_hub_names_the_hub_field_and_no_errno(app_services: AppServices) -> None:
    port = _closed_port()
    app_services.hub.settings.set_endpoint(f"http://127.0.0.1:{port}")
    with pytest.raises(MiraError) as raised:
        app_services.hub.search("qwen")
    assert "[Errno" in explain(raised.value)  # what the shared phrase (and `mira`) says
    text = hub_error_text(raised.value)
    assert text == (
        f"127.0.0.1:{port} cannot be reached: check the connection, or type a mirror's address "
        "(such as https://hf-mirror.com) in the Hub field above and press Use."
    )
    assert "[Errno" not in text
    assert "mira models hub" not in text


def test_other_hub_errors_keep_their_own_sentence(app_services: AppServices) -> None:
    from mira_desktop.core.errors import NotFoundError

    error = NotFoundError.said("hub.no_repo", repo="acme/none")
    assert hub_error_text(error) == explain(error)
