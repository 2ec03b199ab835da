"""The catalog of the window's English text: every key of ``ui.i18n.tr`` and its message.

One module per area of the window, each with its ``STRINGS`` table; every module of this package
joins the catalog (a new one needs no list to be edited). ``phrases*.py`` are written by
``tools/i18n_sync.py`` from the services' phrases (``core/phrases.py``, ``core/phrasebook``).
"""

from __future__ import annotations

import importlib
import pkgutil

from mira_desktop.ui.strings.source import Source


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


CATALOG: dict[str, Source] = _merge(*_tables())
