"""The catalog of the window's English text: every key of ``ui.i18n.tr`` and its message.

One module per area of the window, each with its ``STRINGS`` table; every module of this package
joins the catalog (a new one needs no list to be edited). ``phrases*.py`` are written by
``tools/i18n_sync.py`` from the services' phrases (``core/phrases.py``, ``core/phrasebook``).
"""

from __future__ import annotations

import importlib
import pkgutil

from mira_desktop.ui.strings.source import Source


def _tables(phrases: bool) -> list[dict[str, Source]]:
    names = sorted(
        m.name for m in pkgutil.iter_modules(__path__) if m.name != "source" and m.name.startswith("phrases") == phrases
    )
    return [importlib.import_module(f"{__name__}.{name}").STRINGS for name in names]


def _merge(*tables: dict[str, Source]) -> dict[str, Source]:
    merged: dict[str, Source] = {}
    for table in tables:
        for key, entry in table.items():
            if key in merged:
                raise ValueError(f"the catalog defines {key!r} twice")
            merged[key] = entry
    return merged


# The window's own text, read with this package. The services' phrases (``phrase.*``, half of the
# entries in eighteen modules) are read when the window first says one: not before its first frame.
_WINDOW: dict[str, Source] = _merge(*_tables(phrases=False))
_PHRASES: list[dict[str, Source]] = []


def _phrases() -> dict[str, Source]:
    if not _PHRASES:
        _PHRASES.append(_merge(*_tables(phrases=True)))
    return _PHRASES[0]


def entry(key: str) -> Source | None:
    """The catalog's entry for ``key``, or None."""
    found = _WINDOW.get(key)
    if found is None and key.startswith("phrase."):
        found = _phrases().get(key)
    return found


def catalog() -> dict[str, Source]:
    """Every entry, the window's text and the phrases (for the tests and ``tools/i18n_sync.py``)."""
    return _merge(_WINDOW, _phrases())
