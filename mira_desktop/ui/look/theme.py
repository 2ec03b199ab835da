"""The window's look: one style sheet built from a light or a dark palette.

The theme follows the system's colour scheme unless Settings chose one (``ui.theme``: ``system``,
``light`` or ``dark``). It is applied to the whole application, so every Mira window follows it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

LIGHT = {
    "window": "#ffffff", "text": "#111827", "muted": "#6b7280", "sidebar": "#f4f5f7", "line": "#e2e4e8",
    "border": "#d1d5db", "accent": "#4f46e5", "accent_soft": "#e0e7ff", "accent_text": "#ffffff",
    "user_bubble": "#eef2ff", "answer_bubble": "#ffffff", "answer_border": "#e5e7eb", "author": "#374151",
    "error": "#b91c1c", "warning": "#b45309", "input": "#ffffff", "disabled": "#f9fafb",
    "disabled_text": "#9ca3af", "retry_bg": "#fee2e2", "retry_text": "#991b1b", "retry_border": "#fecaca",
    "stop": "#dc2626", "hover": "#eef2ff", "code_bg": "#f6f8fa", "card_bg": "#fffbeb", "card_border": "#fcd34d",
    "accent_disabled": "#c7d2fe",
}  # fmt: skip
DARK = {
    "window": "#16181d", "text": "#e5e7eb", "muted": "#9ca3af", "sidebar": "#1e2128", "line": "#2c313a",
    "border": "#3a404b", "accent": "#818cf8", "accent_soft": "#312e81", "accent_text": "#0b0c10",
    "user_bubble": "#252a4a", "answer_bubble": "#1c1f26", "answer_border": "#2f343e", "author": "#cbd5e1",
    "error": "#f87171", "warning": "#fbbf24", "input": "#1c1f26", "disabled": "#20232a",
    "disabled_text": "#6b7280", "retry_bg": "#3f1d1d", "retry_text": "#fecaca", "retry_border": "#7f1d1d",
    "stop": "#ef4444", "hover": "#262b36", "code_bg": "#0f1115", "card_bg": "#2a2410", "card_border": "#a16207",
    "accent_disabled": "#3730a3",
}  # fmt: skip

_SHEET = """
QWidget {{ color: {text}; }}
QWidget:disabled {{ color: {disabled_text}; }}
QMainWindow, QDialog, #window {{ background: {window}; }}
QLineEdit, QPlainTextEdit, QTextEdit, QTextBrowser, QComboBox, QListWidget, QTableWidget, QSpinBox {{
    background: {input}; color: {text}; border: 1px solid {border}; border-radius: 4px; }}
QComboBox QAbstractItemView {{ background: {input}; color: {text}; selection-background-color: {accent_soft}; }}
QHeaderView::section {{ background: {sidebar}; color: {text}; border: none; padding: 3px 6px; }}
QTabWidget::pane {{ border: 1px solid {line}; }}
QTabBar::tab {{ padding: 5px 12px; color: {muted}; }}
QTabBar::tab:selected {{ color: {text}; border-bottom: 2px solid {accent}; }}
QPushButton, QToolButton {{ color: {text}; }}
QMenu::item:disabled {{ color: {disabled_text}; }}
QToolTip {{ background: {sidebar}; color: {text}; border: 1px solid {border}; }}
QScrollBar:vertical {{ background: transparent; width: 10px; margin: 0; }}
QScrollBar:horizontal {{ background: transparent; height: 10px; margin: 0; }}
QScrollBar::handle {{ background: {border}; border-radius: 4px; min-height: 24px; min-width: 24px; }}
QScrollBar::handle:hover {{ background: {muted}; }}
QScrollBar::add-line, QScrollBar::sub-line {{ width: 0; height: 0; border: none; }}
QScrollBar::add-page, QScrollBar::sub-page {{ background: none; }}
#sidebar {{ background: {sidebar}; border-right: 1px solid {line}; }}
#caption {{ color: {muted}; font-size: 11px; text-transform: uppercase; }}
#muted, #hint {{ color: {muted}; }}
#emptyTitle {{ font-size: 24px; font-weight: 600; color: {text}; }}
#newChat {{ padding: 6px 10px; border: 1px solid {border}; border-radius: 6px; background: {input}; text-align: left; }}
#newChat:hover {{ background: {hover}; }}
#threadList {{ border: none; background: transparent; }}
#threadList::item {{ padding: 6px 4px; border-radius: 6px; }}
#threadList::item:selected {{ background: {accent_soft}; color: {text}; }}
#chatHeader {{ border-bottom: 1px solid {line}; }}
#threadTitle {{ font-size: 15px; font-weight: 600; }}
#agentToggle:checked {{ background: {accent_soft}; border: 1px solid {accent}; border-radius: 4px; }}
#transcript {{ border: none; background: {window}; }}
#messageList {{ background: {window}; }}
#userMessage {{ background: {user_bubble}; border-radius: 10px; }}
#assistantMessage {{ background: {answer_bubble}; border: 1px solid {answer_border}; border-radius: 10px; }}
#messageAuthor {{ font-weight: 600; color: {author}; font-size: 12px; }}
#messageBody {{ font-size: 14px; color: {text}; }}
#messageStatus {{ color: {muted}; font-size: 12px; }}
#citationNote {{ color: {warning}; font-size: 12px; }}
#messageStatus[state="error"] {{ color: {error}; }}
#messageStatus[state="cancelled"], #messageStatus[state="cut_off"] {{ color: {warning}; }}
#messageSources {{ font-size: 12px; color: {muted}; }}
#fieldError {{ color: {error}; }}
#avatarBox {{ border: 1px solid {border}; border-radius: 6px; }}
#roleBadge {{ color: {warning}; background: {card_bg}; padding: 4px; border-radius: 4px; }}
#approvalCard {{ background: {card_bg}; border: 1px solid {card_border}; border-radius: 8px; }}
#trace {{ font-size: 12px; color: {muted}; }}
#retryButton {{ padding: 3px 12px; border-radius: 6px; background: {retry_bg}; color: {retry_text}; border: 1px solid {retry_border}; }}
#stopButton {{ padding: 8px 18px; border-radius: 8px; background: {stop}; color: white; }}
#contextMeter {{ color: {muted}; font-size: 11px; }}
#contextWindow {{ color: {muted}; font-size: 11px; }}
#composerWait {{ color: {muted}; font-size: 11px; }}
#contextMeter[level="high"] {{ color: {error}; }}
#earlierButton {{ padding: 4px 12px; }}
#attachmentChip {{ background: {sidebar}; border: 1px solid {border}; border-radius: 8px; }}
#attachmentBadge {{ background: {accent_soft}; color: {text}; border-radius: 4px; padding: 2px 5px; font-size: 10px; font-weight: 600; }}
#attachmentName {{ font-weight: 600; }}
#attachmentDetail, #attachmentMode {{ color: {muted}; font-size: 11px; }}
#attachmentMode[level="warning"], #composerNotice, #mediaNote[level="warning"] {{ color: {warning}; }}
#composerNotice {{ font-size: 12px; }}
#composerNotice[level="muted"] {{ color: {muted}; }}
#attachButton {{ padding: 6px; border: 1px solid {border}; border-radius: 8px; background: {input}; }}
#attachButton:hover {{ background: {hover}; }}
#micButton {{ padding: 6px; border: 1px solid {border}; border-radius: 8px; background: {input}; }}
#micButton:hover {{ background: {hover}; }}
#micButton:checked {{ background: {accent_soft}; border: 1px solid {accent}; }}
#recordingLabel {{ color: {warning}; font-size: 12px; }}
#composerEditor {{ border: 1px solid {border}; border-radius: 8px; padding: 6px; font-size: 14px; background: {input}; }}
#composerEditor:disabled {{ background: {disabled}; color: {disabled_text}; }}
#sendButton {{ padding: 8px 18px; border-radius: 8px; background: {accent}; color: {accent_text}; }}
#sendButton:disabled {{ background: {accent_disabled}; }}
QProgressBar {{ border: 1px solid {border}; border-radius: 4px; background: {input}; color: {text}; text-align: center; }}
QProgressBar::chunk {{ background: {accent_soft}; border-radius: 3px; }}
"""


_system_palette: list[QPalette] = []  # the palette the system gave, before Mira set its own


def system_is_dark() -> bool:
    app = QGuiApplication.instance()
    if app is None:
        return False
    scheme = QGuiApplication.styleHints().colorScheme()
    if scheme is Qt.ColorScheme.Dark:
        return True
    if scheme is Qt.ColorScheme.Light:
        return False
    palette = _system_palette[0] if _system_palette else QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def is_dark(choice: str) -> bool:
    return system_is_dark() if choice not in {"light", "dark"} else choice == "dark"


def palette_for(dark: bool) -> dict[str, str]:
    return DARK if dark else LIGHT


def style_sheet(dark: bool = False) -> str:
    return _SHEET.format(**palette_for(dark))


def qt_palette(dark: bool) -> QPalette:
    """Qt's own palette in the theme's colours: what every widget the style sheet does not name
    (buttons, tabs, menus, the Knowledge and Roles windows, Qt's dialogs) is painted with."""
    colors = palette_for(dark)
    palette = QPalette()
    role = QPalette.ColorRole
    roles = {
        role.Window: "window", role.WindowText: "text", role.Base: "input", role.AlternateBase: "sidebar",
        role.Text: "text", role.Button: "sidebar", role.ButtonText: "text", role.BrightText: "error",
        role.Highlight: "accent", role.HighlightedText: "accent_text", role.ToolTipBase: "sidebar",
        role.ToolTipText: "text", role.PlaceholderText: "muted", role.Link: "accent", role.Mid: "border",
        role.Midlight: "line", role.Dark: "border", role.Light: "hover", role.Shadow: "border",
    }  # fmt: skip
    for color_role, name in roles.items():
        palette.setColor(color_role, QColor(colors[name]))
    disabled = QPalette.ColorGroup.Disabled
    for color_role in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(disabled, color_role, QColor(colors["disabled_text"]))
    palette.setColor(disabled, role.Button, QColor(colors["disabled"]))
    palette.setColor(disabled, role.Base, QColor(colors["disabled"]))
    return palette


def apply_theme(choice: str) -> bool:
    """Style every Mira window for ``choice`` (system, light or dark); returns whether it is dark.
    The first call also gives emoji a colour font (ui/look/fonts.py)."""
    from mira_desktop.ui.look.fonts import use_emoji_font

    use_emoji_font()
    app = QApplication.instance()
    if isinstance(app, QApplication) and not _system_palette:
        _system_palette.append(QPalette(app.palette()))
    dark = is_dark(choice)
    sheet = style_sheet(dark)
    # The same look again (the saved theme once the services read it): restyling every widget would
    # take tens of milliseconds of the UI thread for nothing.
    if isinstance(app, QApplication) and app.styleSheet() != sheet:
        app.setPalette(qt_palette(dark))
        app.setStyleSheet(sheet)
        app.setProperty("miraDark", dark)
    return dark


def current_is_dark() -> bool:
    app = QApplication.instance()
    return bool(app.property("miraDark")) if app is not None else False
