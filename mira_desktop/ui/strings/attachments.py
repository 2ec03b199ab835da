"""Window text: attached files and generated media. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    # The chip of an attached file (ui/chat/attachment_chip.py).
    "attachment.tokens": translate("attachment", "%Ln tokens", "attachment.tokens", 1).counted_by("n"),
    "attachment.pages": translate("attachment", "%Ln pages", "attachment.pages", 1).counted_by("n"),
    "attachment.remove": translate("attachment", "Remove the file from the message", "attachment.remove"),
    "attachment.inline": translate("attachment", "sent whole", "attachment.inline"),
    "attachment.retrieved": translate(
        "attachment", "too long: the passages that match go, cited", "attachment.retrieved"
    ),
    "attachment.image": translate("attachment", "sent as an image", "attachment.image"),
    "attachment.image_not_sent": translate(
        "attachment", "not sent: the model cannot see images", "attachment.image_not_sent"
    ),
    "attachment.image_text": translate(
        "attachment", "the model cannot see images: its text, read by OCR, goes", "attachment.image_text"
    ),
    "attachment.image_not_sent_tip": translate(
        "attachment",
        "{name} does not go with the message: the model cannot see images. To send it, pick a model that can in the header.",
        "attachment.image_not_sent_tip",
    ),
    # The file dialog of the composer's paperclip (ui/chat/attachment_actions.py).
    "attachment.filter_all": translate("attachment", "Files Mira can attach", "attachment.filter_all"),
    "attachment.filter_images": translate("attachment", "Images", "attachment.filter_images"),
    "attachment.filter_text": translate("attachment", "Text, code and logs", "attachment.filter_text"),
    "attachment.filter_documents": translate(
        "attachment", "PDF and Office documents", "attachment.filter_documents"
    ),
    # The media under an answer (ui/chat/media_player.py).
    "media.play": translate("media", "Play", "media.play"),
    "media.pause": translate("media", "Pause", "media.pause"),
    "media.open": translate("media", "Open", "media.open"),
    "media.no_player": translate("media", "Playback needs QtMultimedia (PySide6-Addons).", "media.no_player"),
    "media.speaking": translate("media", "Speaking…", "media.speaking"),
    "media.drawing": translate("media", "Drawing a picture…", "media.drawing"),
    "media.stop": translate("media", "Stop", "media.stop"),
    "media.again": translate("media", "Speak again", "media.again"),
    "media.speech_failed": translate("media", "Speech failed: {reason}", "media.speech_failed"),
    "media.image_failed": translate("media", "Picture failed: {reason}", "media.image_failed"),
}
