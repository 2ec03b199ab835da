"""CLI tables line up by what a terminal shows: a Chinese character takes two columns."""

from __future__ import annotations

from wcwidth import wcswidth

from tests.integration.cli.conftest import Mira


def test_roles_table_aligns_the_column_after_a_chinese_name(mira: Mira) -> None:
    header, *rows = mira("roles", "list").out.splitlines()
    status_column = wcswidth(header[: header.index("STATUS")])
    chinese = next(line for line in rows if "中文写作助手" in line)
    english = next(line for line in rows if "Code Reviewer" in line)
    for line in (chinese, english):
        assert wcswidth(line[: line.index("active")]) == status_column, line
