"""Why an MCP server could not be started or stopped: Mira's words as a phrase (the window says them
in its language) and the server's own last words from its stderr (as it wrote them)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mira_desktop.core import phrases
from mira_desktop.core.phrases import Phrase


@dataclass(frozen=True)
class Reason:
    phrase: Phrase
    said: str = ""  # the end of what the server wrote to stderr, if anything

    @classmethod
    def of(cls, key: str, said: str = "", **values: Any) -> Reason:
        return cls(phrases.said(f"mcp.reason.{key}", **values), said)

    @property
    def english(self) -> str:
        return self.spoken.english

    @property
    def spoken(self) -> Phrase:
        """The reason with the server's last words after it, as one phrase."""
        if not self.said:
            return self.phrase
        return phrases.said("mcp.reason.with_said", reason=self.phrase, said=self.said)

    def to_json(self) -> str:
        return json.dumps({"phrase": self.phrase.to_dict(), "said": self.said}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | None) -> Reason | None:
        """A reason kept by :meth:`to_json`; text of another shape is kept as it is."""
        if not text:
            return None
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            data = None
        phrase = phrases.from_dict(data.get("phrase")) if isinstance(data, dict) else None
        if phrase is None:
            return cls.of("error", error=text)
        return cls(phrase, str(data.get("said", "")))
