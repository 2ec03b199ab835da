"""Which MCP environment values are secrets by their names (kept in the keyring only)."""

from __future__ import annotations

import pytest

from mira_desktop.services.mcp.secret_names import is_secret_name


@pytest.mark.parametrize(
    "name",
    ["GITHUB_TOKEN", "OPENAI_API_KEY", "apiKey", "DB_PASSWORD", "PASSWD", "CLIENT_SECRET", "AUTH", "OAUTH_ID",
     "AWS_SESSION_TOKEN", "PRIVATE_KEY_PATH", "COOKIE", "GOOGLE_APPLICATION_CREDENTIALS", "SMTP_PWD"],
)  # fmt: skip
def test_a_name_that_says_secret_marks_its_value_as_a_secret(name: str) -> None:
    assert is_secret_name(name)


@pytest.mark.parametrize("name", ["ROOT_DIR", "NOTES_DIR", "LOG_LEVEL", "PORT", "PWD", "OLDPWD", "HOME"])
def test_a_path_a_port_or_a_level_is_not_a_secret(name: str) -> None:
    assert not is_secret_name(name)
