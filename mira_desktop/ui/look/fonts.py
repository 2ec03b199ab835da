"""Emoji in the window: a colour emoji font for the characters the text font lacks.

Models answer with emoji ("🌟"); a machine without an emoji font draws each as an empty box. ``make``
installs Noto Color Emoji (Debian's fonts-noto-color-emoji) and the bundle carries that file in its
``fonts/`` folder (packaging/mira.spec); :func:`use_emoji_font` registers the bundle's fonts and names
the first emoji family found as Qt's emoji fallback, so every widget draws emoji in colour.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QFontDatabase

# The emoji families Mira looks for, best first (Linux, then the families other desktops ship).
EMOJI_FAMILIES = (
    "Noto Color Emoji",
    "Twemoji",
    "JoyPixels",
    "Apple Color Emoji",
    "Segoe UI Emoji",
    "Symbola",
)
_done: list[str | None] = []


def bundled_fonts_dir() -> Path | None:
    """The bundle's ``fonts/`` folder (PyInstaller's data folder), or None when not running as a bundle."""
    base = getattr(sys, "_MEIPASS", None)
    return Path(base) / "fonts" if base else None


def add_fonts(folder: Path) -> list[str]:
    """Register every .ttf and .otf file of ``folder`` with Qt; the families they hold."""
    families: list[str] = []
    for path in sorted([*folder.glob("*.ttf"), *folder.glob("*.otf")]):
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id >= 0:
            families += QFontDatabase.applicationFontFamilies(font_id)
    return families


def use_emoji_font(fonts_dir: Path | None = None) -> str | None:
    """Make Qt draw emoji with an emoji font (once per process); the family chosen, or None if the
    machine has none (emoji then show as boxes, and README says which package to install)."""
    if _done and fonts_dir is None:
        return _done[0]
    folder = fonts_dir or bundled_fonts_dir()
    if folder is not None and folder.is_dir():
        add_fonts(folder)
    chosen = next((family for family in EMOJI_FAMILIES if QFontDatabase.hasFamily(family)), None)
    if chosen is not None:
        QFontDatabase.setApplicationEmojiFontFamilies([chosen])
    _done[:] = [chosen]
    return chosen
