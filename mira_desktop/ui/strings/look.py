"""Window text: labels that follow what is shown, the palette's commands, places in a file, Qt's
own words its catalogue leaves in English. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "look.shortcut.trash": translate("look", "Open the trash", "look.shortcut.trash"),
    "look.shortcut.backup": translate("look", "Back up your data", "look.shortcut.backup"),
    "look.command.agent": translate("look", "Agent mode on or off", "look.command.agent"),
    "look.command.speak": translate("look", "Speak answers on or off", "look.command.speak"),
    "look.speak_on": translate("look", "Answers in this chat will be spoken.", "look.speak_on"),
    "look.speak_off": translate("look", "Answers in this chat will not be spoken.", "look.speak_off"),
    "look.retitle_offer": translate(
        "look", "The title is still the first message as it was. Rename the thread “{title}”?", "look.retitle_offer"
    ),
    "look.retitle": translate("look", "Rename", "look.retitle"),
    "look.same_answer": translate(
        "look",
        "Word for word the same as an earlier answer: the model answers this question the same way.",
        "look.same_answer",
    ),
    "look.regenerate_tip": translate(
        "look", "Write another answer beside this one (◀ ▶ switch between them)", "look.regenerate_tip"
    ),
    "look.no_audio_device": translate(
        "look", "No sound output device was found: nothing would be heard here.", "look.no_audio_device"
    ),
    "look.no_audio_device_tip": translate(
        "look", "Open the speech in another program", "look.no_audio_device_tip"
    ),
    "look.part.header": translate("look", "Header", "look.part.header"),
    "look.loc.page": translate("look", "p. {n}", "look.loc.page"),
    "look.loc.pages": translate("look", "pp. {start}–{end}", "look.loc.pages"),
    "look.loc.slide": translate("look", "slide {n}", "look.loc.slide"),
    "look.loc.notes": translate("look", " (notes)", "look.loc.notes"),
    "look.loc.row": translate("look", "row {n}", "look.loc.row"),
    "look.loc.rows": translate("look", "rows {start}–{end}", "look.loc.rows"),
    "look.loc.line": translate("look", "line {n}", "look.loc.line"),
    "look.loc.lines": translate("look", "lines {start}–{end}", "look.loc.lines"),
    "look.loc.paragraph": translate("look", "¶{n}", "look.loc.paragraph"),
    "look.loc.paragraphs": translate("look", "¶{start}–{end}", "look.loc.paragraphs"),
    "look.loc.whole": translate("look", "whole document", "look.loc.whole"),
    "look.loc.separator": translate("look", ", ", "look.loc.separator"),
    "look.loc.ocr": translate("look", "OCR", "look.loc.ocr"),
    "look.qt.look_in": translate("look", "&Look in:", "look.qt.look_in"),
    "look.qt.files_of_type": translate("look", "Files of &type:", "look.qt.files_of_type"),
    "look.qt.folder": translate("look", "Folder", "look.qt.folder"),
    "look.qt.file": translate("look", "File", "look.qt.file"),
    "look.qt.suffix_file": translate("look", "%1 File", "look.qt.suffix_file"),
    "look.qt.drive": translate("look", "Drive", "look.qt.drive"),
    "look.qt.computer": translate("look", "Computer", "look.qt.computer"),
}
