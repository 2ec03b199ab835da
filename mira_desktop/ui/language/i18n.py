"""User-visible text of the window, through Qt's translation system.

The English text is the catalog in ``ui/strings``; the translations are Qt Linguist files in
``ui/translations`` (``mira_<lang>.ts``), compiled to ``.qm`` by ``make translations``. At start,
:func:`install_translations` picks the language — ``MIRA_LANG`` (``en`` or ``zh``) over the one
saved in Settings over the system's — and installs Mira's translator, Qt's own (the buttons of
standard dialogs) and the default ``QLocale``. :func:`tr` then looks a key up with
``QCoreApplication.translate``, lets Qt choose the plural form of a count, and fills the
``{placeholders}``, writing whole numbers in the window's locale. ``tools/i18n_sync.py`` keeps the
translations in step with the catalog.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from mira_desktop.core import phrases
from mira_desktop.core.phrases import Phrase
from mira_desktop.ui.strings import entry
from mira_desktop.ui.strings.source import Source

LANGUAGES = ("en", "zh")
TRANSLATIONS_DIR = Path(__file__).parent.parent / "translations"
_QM_FILES = {"en": "mira_en.qm", "zh": "mira_zh_CN.qm"}
_LOCALES = {
    "en": (QLocale.Language.English, QLocale.Script.LatinScript, QLocale.Country.UnitedStates),
    "zh": (QLocale.Language.Chinese, QLocale.Script.SimplifiedChineseScript, QLocale.Country.China),
}
_MAX_COUNT = 2**31 - 1  # Qt takes the count as a C int
_log = logging.getLogger(__name__)
_installed: list[QTranslator] = []
_warned: list[Path] = []  # the first missing .qm file: one warning a process is enough
_current: list[str] = []  # the installed language, once there is one


def language() -> str:
    """The window's language, ``en`` or ``zh``: English until translations are installed."""
    return _current[-1] if _current else "en"


def tr(key: str, /, **values: object) -> str:
    """The text of ``key`` in the window's language, its ``{placeholders}`` filled from ``values``.

    For a numerus message the value of its count keyword (``count=3``, or the one the catalog
    names) picks the plural form; whole numbers are written in the window's locale (``1,234``).
    """
    found = _entry(key)
    if found.plural:
        count = values[found.count]
        n = _count(count)
        text = QCoreApplication.translate(found.context, found.source, found.disambiguation, n)
        if n < 0:  # not a count Qt can take: show the value as given
            text = text.replace("%Ln", str(_shown(count))).replace("%n", str(_shown(count)))
    else:
        text = QCoreApplication.translate(found.context, found.source, found.disambiguation)
    if not values:
        return text
    shown = {name: _shown(value) for name, value in values.items()}
    for name, fragment in found.counts:
        if name in values:
            shown[name] = tr(fragment, **{_entry(fragment).count: values[name]})
    return text.format(**shown)


def tr_or(key: str, fallback: str, /, **values: object) -> str:
    """``tr(key, **values)`` when the catalog has ``key`` (a state, a kind of error named by a code),
    else ``fallback`` as it is."""
    return tr(key, **values) if entry(key) is not None else fallback


def say(text: str | Phrase) -> str:
    """A service's sentence in the window's language: a :class:`Phrase` by its ``phrase.<key>``
    entry (English when the catalog lacks it), any other text as the service wrote it."""
    if isinstance(text, Phrase):
        key = f"phrase.{text.key}"
        if entry(key) is None:
            return text.english
        # a phrase is always a format string: "{{" is a brace even when it has no placeholders
        return tr(key, **text.values) if text.values else tr(key).format()
    return text


def explain(error: BaseException) -> str:
    """The one line the window shows for ``error``: its phrase in the window's language, if it has one;
    a model's or server's failure is led by what happened in the window's language."""
    phrase = getattr(error, "phrase", None)
    if isinstance(phrase, Phrase):
        return say(phrase)
    return _led(getattr(error, "kind", None), str(error))


def explain_saved(error: Mapping[str, Any]) -> str:
    """The message of an error kept on a failed answer (``{"kind": …, "message": …, "phrase": …}``)."""
    phrase = phrases.from_dict(error.get("phrase"))
    if phrase is not None:
        return say(phrase)
    return _led(error.get("kind"), str(error.get("message", "")))


def _led(kind: object, message: str) -> str:
    """``message`` (a server's or model's English) after a sentence in the window's language that says
    what kind of failure it is; as it is in English, which the sentence itself already is."""
    key = f"model_error.{kind}"
    if language() == "en" or entry(key) is None or not message:
        return message
    return f"{tr(key)} {message}"


def _entry(key: str) -> Source:
    found = entry(key)
    if found is None:
        raise KeyError(key)  # a key the catalog lacks: a bug, as a missing dict key was
    return found


def _count(value: object) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= _MAX_COUNT:
        return value
    return -1


def _shown(value: object) -> object:
    if isinstance(value, Phrase):  # a phrase inside a sentence is said in the window's language too
        return say(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return QLocale().toString(value)
    return value


def chosen_language(preference: str = "system") -> str:
    """``en`` or ``zh``: ``MIRA_LANG`` if set, else ``preference`` (``system``, ``en``, ``zh``).

    ``system`` follows ``QLocale.system()``: Chinese for a Chinese system, English otherwise.
    """
    forced = os.environ.get("MIRA_LANG", "").lower()[:2]
    if forced in LANGUAGES:
        return forced
    if preference in LANGUAGES:
        return preference
    return "zh" if QLocale.system().language() == QLocale.Language.Chinese else "en"


def saved_language(data_dir: Path) -> str:
    """The language chosen in Settings for ``data_dir``, read before its services open.

    The window is built, and its text written, before the data folder is opened (so that it
    paints at once), so the setting is read with the window's first look, read-only. A missing
    or unreadable database, or no choice yet, reads as ``system``.
    """
    from mira_desktop.services.app.first_look import read_first_look

    return read_first_look(data_dir, 0).language


def install_translations(app: QCoreApplication, preference: str = "system") -> str:
    """Put the window in the chosen language (see :func:`chosen_language`); returns ``en``/``zh``.

    Call it before any window is built: text already on screen does not change language.
    """
    return use_language(app, chosen_language(preference))


def use_language(app: QCoreApplication, lang: str) -> str:
    """Replace the installed translators and the default locale with ``lang``'s; returns the
    language now in use. Without Mira's ``.qm`` file for ``lang`` the window stays English and one
    warning is logged."""
    if lang not in LANGUAGES:
        raise ValueError(f"{lang!r} is not one of {', '.join(LANGUAGES)}")
    remove_translations(app)
    mira = _load(TRANSLATIONS_DIR / _QM_FILES[lang])
    if mira is None and lang != "en":
        return use_language(app, "en")
    locale = _locale(lang)
    QLocale.setDefault(locale)
    qt_own = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    qtbase = QTranslator()
    found = [mira] if mira is not None else []
    if lang != "en" and qtbase.load(locale, "qtbase", "_", qt_own):
        found.append(qtbase)
    if lang != "en":
        found.append(_QtGaps())  # asked first: what Qt's own catalogue leaves in English
    for translator in found:
        app.installTranslator(translator)
        _installed.append(translator)
    _current[:] = [lang]
    return lang


# Words of Qt's own dialogs that its zh_CN catalogue leaves in English (the file dialog's "Look in:"
# and "Files of type:", whose sources gained a shortcut letter, and "Folder" / "txt File" in its
# Type column), as (context, English) → Mira catalog key.
QT_GAPS = {
    ("QFileDialog", "&Look in:"): "look.qt.look_in",
    ("QFileDialog", "Files of &type:"): "look.qt.files_of_type",
    ("QAbstractFileIconProvider", "Folder"): "look.qt.folder",
    ("QAbstractFileIconProvider", "File"): "look.qt.file",
    ("QAbstractFileIconProvider", "%1 File"): "look.qt.suffix_file",
    ("QAbstractFileIconProvider", "Drive"): "look.qt.drive",
    ("QAbstractFileIconProvider", "Computer"): "look.qt.computer",
}


class _QtGaps(QTranslator):
    """Mira's translations of :data:`QT_GAPS` (the ``look.qt.*`` keys), for Qt's own widgets."""

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        key = QT_GAPS.get((context, source))
        if key is None:
            return None  # a null string: Qt asks the next translator (an empty one would be the answer)
        found = _entry(key)
        return QCoreApplication.translate(found.context, found.source, found.disambiguation)

    def isEmpty(self) -> bool:  # noqa: N802 (Qt's name)
        return False


def remove_translations(app: QCoreApplication) -> None:
    """Back to no translators and the system's locale: the English source text (for tests)."""
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    _current.clear()
    QLocale.setDefault(QLocale.system())


def _load(path: Path) -> QTranslator | None:
    translator = QTranslator()
    if translator.load(str(path)):
        return translator
    if not _warned:
        _warned.append(path)
        _log.warning(
            "The window's translations %s are missing (run `make translations`): English it is.", path
        )
    return None


def _locale(lang: str) -> QLocale:
    """The system's locale when it writes ``lang`` (keeping its own date and number formats), else
    the language's usual one (Mira's Chinese is Simplified: a Traditional system gets zh_CN)."""
    system = QLocale.system()
    language, script, country = _LOCALES[lang]
    if system.language() == language and system.script() == script:
        return system
    return QLocale(language, script, country)
