"""The catalog of the window's English text: every key of ``ui.language.i18n.tr`` and its message.

One module per area of the window, each with its ``STRINGS`` table; every module of this package
joins the catalog (a new one needs no list to be edited). The sentences services say are in the
catalog too, as ``phrase.<key>``: their English is read from ``core/phrasebook`` (their one home),
each area's in the context ``phrase.<area>``, where ``tools/i18n_sync.py`` writes their translations.
"""

from __future__ import annotations

import importlib
import pkgutil

from mira_desktop.core.phrasebook import AREAS
from mira_desktop.ui.strings.source import Source

PHRASE = "phrase."  # the prefix of a phrase's key in the catalog (the rest is its key in the phrasebook)


def _tables() -> list[dict[str, Source]]:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name != "source")
    return [importlib.import_module(f"{__name__}.{name}").STRINGS for name in names]


def _merge(*tables: dict[str, Source]) -> dict[str, Source]:
    merged: dict[str, Source] = {}
    for table in tables:
        for key, entry in table.items():
            if key in merged:
                raise ValueError(f"the catalog defines {key!r} twice")
            merged[key] = entry
    return merged


def phrase_context(area: str) -> str:
    """The translation context of the phrases of ``core/phrasebook/<area>.py``."""
    return f"{PHRASE}{area}"


_WINDOW: dict[str, Source] = _merge(*_tables())
_PHRASES: dict[str, Source] = {
    PHRASE + key: Source(phrase_context(area), text, PHRASE + key)
    for area, table in AREAS.items()
    for key, text in table.items()
}


def entry(key: str) -> Source | None:
    """The catalog's entry for ``key``, or None."""
    found = _WINDOW.get(key)
    if found is None and key.startswith(PHRASE):
        found = _PHRASES.get(key)
    return found


def window_catalog() -> dict[str, Source]:
    """The window's own text (``ui/strings/*.py``, which ``pyside6-lupdate`` reads)."""
    return dict(_WINDOW)


def phrase_catalog() -> dict[str, Source]:
    """The services' phrases as catalog entries (``tools/i18n_sync.py`` writes them into the .ts)."""
    return dict(_PHRASES)


def catalog() -> dict[str, Source]:
    """Every entry, the window's text and the phrases (for the tests and ``tools/i18n_sync.py``)."""
    return _merge(_WINDOW, _PHRASES)
