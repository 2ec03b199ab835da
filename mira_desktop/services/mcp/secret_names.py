"""Which environment values of an MCP server are secrets, by their names.

A value whose name says it is a secret (``GITHUB_TOKEN``, ``OPENAI_API_KEY``, ``DB_PASSWORD``,
``AUTH_HEADER``…) is kept in the OS keyring only, and refused where no keyring is usable. Any other
value (a path, a port, a log level) is kept as the server's setting, so a server that needs no secret
is added on a machine without a keyring too. A name is read generously: a false "secret" only means
the keyring is asked for.
"""

from __future__ import annotations

from mira_desktop.core.tool_records import EnvSource

# Parts of a variable's name (upper-cased) that mark its value as a secret.
SECRET_MARKS = (
    "KEY",
    "TOKEN",
    "SECRET",
    "PASS",  # PASSWORD, PASSWD, PASSPHRASE
    "PWD",
    "AUTH",  # AUTH, AUTHORIZATION, OAUTH
    "CREDENTIAL",
    "COOKIE",
    "SESSION",
    "PRIVATE",
    "SIGNATURE",
    "BEARER",
)
# PWD is also the shell's working directory: a name that is only that is a path.
NOT_SECRET = frozenset({"PWD", "OLDPWD"})


def is_secret_name(variable: str) -> bool:
    """Whether the value of ``variable`` is a secret, by its name."""
    name = variable.upper()
    return name not in NOT_SECRET and any(mark in name for mark in SECRET_MARKS)


def env_source(variable: str, value: str | None) -> EnvSource:
    """Where an environment value is kept: passed on (None), the keyring (a secret), or a setting."""
    if value is None:
        return EnvSource.INHERIT
    return EnvSource.KEYRING if is_secret_name(variable) else EnvSource.SETTING
