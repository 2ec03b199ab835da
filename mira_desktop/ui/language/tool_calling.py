"""How a model calls tools, in the window's language: Settings → Models and the agent's trace say it
from the profile's ``tool_call_format`` (a local family's own format, ``json`` for Mira's grammar,
``openai`` for a server's native calls), as ``mira models list`` and ``mira models template`` do."""

from __future__ import annotations

from mira_desktop.ui.language.i18n import tr, tr_or


def tool_calls_how(tool_call_format: str) -> str:
    """How a model calls tools ("in its own format (Hermes / Qwen <tool_call>)"); a format the window
    has no words for as its name."""
    return tr_or(f"toolcalls.how.{tool_call_format}", tool_call_format)


def tool_calls_line(tool_call_format: str) -> str:
    """ "Tool calls: …" for a profile's ``tool_call_format``."""
    return tr("toolcalls.line", how=tool_calls_how(tool_call_format))
