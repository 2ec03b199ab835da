"""A model check in the window's language: its rows (the table of Settings → Models), a one-line
summary and a small table for tooltips (the header's model picker, the model roles)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from mira_desktop.core import phrases
from mira_desktop.ui.language.i18n import say, tr
from mira_desktop.ui.language.locale_format import format_number, format_timestamp

if TYPE_CHECKING:
    from mira_desktop.services.model_check.service import ModelCheck


def _date(check: ModelCheck) -> str:
    return format_timestamp(check.created_at)


def _score(check: ModelCheck, kind: str) -> str:
    passed, total = check.score(kind)
    return tr("check.score", passed=passed, total=total)


def _why(task: dict[str, object]) -> str:
    reasons = task.get("reasons")
    said = [phrases.from_dict(r) for r in reasons] if isinstance(reasons, list) else []
    return " ".join(say(p) for p in said if p is not None)


def task_lines(check: ModelCheck, kind: str) -> list[str]:
    """Each task of ``kind``: ✓ or ✗, its name and, when it failed, why."""
    return [
        tr("check.passed", task=t["id"]) if t["passed"] else tr("check.failed", task=t["id"], why=_why(t))
        for t in check.tasks
        if t["kind"] == kind
    ]


def rows(check: ModelCheck) -> list[tuple[str, str, str]]:
    """(what, value, tooltip) for each row of the check's table."""
    machine = check.machine
    memory = f"{machine.get('memory_bytes', 0) / 1024**3:.1f}"
    head = [
        (tr("check.row.date"), _date(check), ""),
        (tr("check.row.machine"), tr("check.machine", cpu=machine.get("cpu", "?"), cores=machine.get("cores", "?"), memory=memory), str(machine.get("system", ""))),
    ]  # fmt: skip
    if check.status != "completed":
        reason = say(check.reason) if check.reason is not None else check.status
        return [*head, (tr("check.row.result"), reason, "")]
    speed = check.speed or {}
    first, rate = speed.get("first_token_s"), speed.get("tokens_per_s")
    timed = (
        tr("check.speed", first=f"{first * 1000:.0f}", rate=format_number(float(rate), 1), window=format_number(int(speed.get("window", 0))))
        if isinstance(first, int | float) and isinstance(rate, int | float)
        else tr("check.speed_none")
    )  # fmt: skip
    return [
        *head,
        (tr("check.row.speed"), timed, ""),
        (tr("check.row.agent"), _score(check, "agent"), "\n".join(task_lines(check, "agent"))),
        (tr("check.row.knowledge"), _score(check, "knowledge"), "\n".join(task_lines(check, "knowledge"))),
        (tr("check.row.thinking"), tr("check.yes") if check.thought else tr("check.no"), ""),
        (tr("check.row.tools"), check.tool_format or "—", ""),
    ]


def summary(check: ModelCheck) -> str:
    """One line: the date, the scores and the speed (or why the check could not run)."""
    if check.status != "completed":
        return tr(
            "check.summary_failed", date=_date(check), why=say(check.reason) if check.reason else check.status
        )
    rate = (check.speed or {}).get("tokens_per_s")
    return tr(
        "check.summary",
        date=_date(check),
        agent=_score(check, "agent"),
        knowledge=_score(check, "knowledge"),
        rate=f"{rate:.0f}" if isinstance(rate, int | float) else "—",
    )


def tooltip_table(check: ModelCheck) -> str:
    """The check's rows as a small HTML table, for a tooltip."""
    cells = "".join(
        f"<tr><td>{escape(what)}</td><td>{escape(value)}</td></tr>" for what, value, _tip in rows(check)
    )
    return f"<table>{cells}</table>"


def model_tooltip(ref: str, check: ModelCheck | None) -> str:
    """A model's tooltip where it is picked: its whole reference and, once checked, its last check."""
    if check is None:
        return ref
    return f"<p>{escape(ref)}<br>{escape(summary(check))}</p>{tooltip_table(check)}"
