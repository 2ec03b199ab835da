"""What Get models says when the Hub cannot be reached: the way out is on the same page (its Hub
field takes a mirror's address), so the window names that field — not the `mira models hub` command
line the shared phrase gives — and leaves out the system's raw reason ("[Errno -2] Name or service
not known"), which the person cannot act on."""

from __future__ import annotations

from mira_desktop.core.errors import MiraError
from mira_desktop.ui.language.i18n import explain, tr

OFFLINE_PHRASES = {"hub.unreachable", "hub.timed_out"}


def hub_error_text(error: BaseException) -> str:
    """The line Get models shows for ``error``."""
    phrase = error.phrase if isinstance(error, MiraError) else None
    if phrase is not None and phrase.key in OFFLINE_PHRASES:
        return tr("getmodels.offline", host=str(phrase.values.get("host", "")))
    return explain(error)
