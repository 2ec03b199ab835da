"""The CLI tests share the ``mira`` fixture of tests/conftest.py (defined in tests/support/cli.py)."""

from __future__ import annotations

from tests.support.cli import CliResult, Mira

__all__ = ["CliResult", "Mira"]
