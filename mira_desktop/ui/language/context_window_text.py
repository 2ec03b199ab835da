"""A model's context window as the window says it: "16,384 tokens — what memory allows"."""

from __future__ import annotations

from mira_desktop.ui.language.i18n import tr


def window_text(tokens: int, reason: str) -> str:
    """The window and why (``reason``: trained, memory or setting; "" for a server's model: the tokens)."""
    if reason not in ("trained", "memory", "setting"):
        return tr("window.tokens_only", tokens=f"{tokens:,}")
    return tr("window.tokens", tokens=f"{tokens:,}", reason=tr(f"window.reason_{reason}"))
