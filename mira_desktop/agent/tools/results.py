"""What a tool call returns: a sentence or listing for the model, and what the UI shows beside it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from mira_desktop.agent.errors import ToolError
from mira_desktop.core.phrases import Phrase, said


@dataclass(frozen=True)
class ToolResult:
    """The outcome of one call, as plain data (it is journalled and checkpointed).

    Attributes:
        ok: the call did what it was asked.
        text: what the model reads as the tool result.
        kind: for a failure, the short reason (see :class:`ToolError`); ``denied`` when the guardrail
            or the user said no, ``repeat`` for a repeated call, ``malformed`` for an unreadable one.
        path: the file or folder the call was about, relative to the workspace root.
        lines: the first and last line shown or changed.
        diff: a unified diff of a change.
        data: anything else the UI lists (entries, matches, knowledge-base hits).
        phrase: the result's line in the trace, as a phrase the window says in its language
            (``{"key", "values"}``); without one the trace shows the first line of ``text``.
    """

    ok: bool
    text: str
    kind: str = ""
    path: str | None = None
    lines: tuple[int, int] | None = None
    diff: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    phrase: dict[str, Any] | None = None

    @classmethod
    def failure(cls, text: str, kind: str, path: str | None = None, **data: Any) -> ToolResult:
        return cls(False, text, kind, path, data=data)

    @classmethod
    def refused(cls, phrase: Phrase, kind: str, path: str | None = None) -> ToolResult:
        """A failure the model reads as the English of ``phrase`` and the trace says in the window's language."""
        return cls(False, phrase.english, kind, path, phrase=phrase.to_dict())

    @classmethod
    def from_error(cls, error: ToolError, path: str | None = None) -> ToolResult:
        phrase = error.phrase.to_dict() if error.phrase is not None else None
        return cls(False, error.message, error.kind, path, phrase=phrase)

    def shown_as(self, key: str, **values: Any) -> ToolResult:
        """The same result, its trace line the phrase ``key`` (what the model reads stays ``text``)."""
        return replace(self, phrase=said(key, **values).to_dict())

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["lines"] = list(self.lines) if self.lines else None
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ToolResult:
        lines = data.get("lines")
        return cls(
            ok=bool(data["ok"]),
            text=str(data["text"]),
            kind=str(data.get("kind", "")),
            path=data.get("path"),
            lines=(int(lines[0]), int(lines[1])) if lines else None,
            diff=data.get("diff"),
            data=dict(data.get("data") or {}),
            phrase=data.get("phrase") if isinstance(data.get("phrase"), dict) else None,
        )


def argument_path(arguments: dict[str, Any] | None) -> str | None:
    """The path a call is about (``path``, or a move's ``source``), for results and the trace."""
    if not arguments:
        return None
    path = arguments.get("path", arguments.get("source"))
    return str(path) if path is not None else None
