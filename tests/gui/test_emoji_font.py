"""Emoji in answers are drawn with a colour emoji font, never as empty boxes: the window names one as
Qt's emoji fallback, and the bundle's own copy is registered where the system has none."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.look.fonts import add_fonts
from tests.gui.support import open_window

STAR = 0x1F31F  # 🌟
SYSTEM_EMOJI_FONT = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")  # make installs it


def test_the_window_draws_emoji_with_a_colour_emoji_font(qtbot: QtBot, app_services: AppServices) -> None:
    window = open_window(qtbot, app_services)
    families = QFontDatabase.applicationEmojiFontFamilies()
    assert families == ["Noto Color Emoji"]
    assert QFontMetrics(QFont(families[0])).inFontUcs4(STAR)
    window.close()


def test_the_bundles_emoji_font_file_is_registered_from_its_fonts_folder(tmp_path: Path) -> None:
    assert SYSTEM_EMOJI_FONT.is_file(), "apt-get install fonts-noto-color-emoji (make does)"
    folder = tmp_path / "fonts"
    folder.mkdir()
    shutil.copy(SYSTEM_EMOJI_FONT, folder / "NotoColorEmoji.ttf")
    (folder / "README.txt").write_text("not a font")
    assert add_fonts(folder) == ["Noto Color Emoji"]
