"""Speech to text: faster-whisper (CTranslate2) on the CPU with the Whisper base model.

Silence is cut first (Silero VAD, as faster-whisper ships it): Whisper "hears" words in silence
otherwise. The model is loaded on first use and kept; one transcription runs at a time (a lock), on the
caller's thread (an operation in the window, the command itself in `mira`). The language is
detected, and when Whisper is unsure (below half its confidence) the fallback — the window's
language — is used instead. faster_whisper and
ctranslate2 are imported only here, when a transcription starts.
"""

from __future__ import annotations

import os
import re
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.cjk import (
    FULLWIDTH_RANGES,
    HAN_RANGES,
    KANA_RANGES,
    PUNCTUATION_RANGES,
    character_class,
)
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.services.speech_input.model_files import SpeechModelUnavailableError, ensure_model

UNSURE = 0.5  # below this language confidence the fallback language is used
# No initial prompt: the usual "以下是普通话的句子。" (to tip Whisper to simplified characters) came back
# as the transcript of speech Whisper could not make out (benchmarks/speech_input.py), and without a
# real Mandarin recording here its benefit could not be measured.
_WIDE = character_class(HAN_RANGES, KANA_RANGES, PUNCTUATION_RANGES, FULLWIDTH_RANGES)
_BETWEEN_CHINESE = re.compile(f"(?<=[{_WIDE}])\\s+(?=[{_WIDE}])")
# A segment whose text compresses more than this is a decoding loop, not speech (Whisper's own
# threshold for a failed decode); it is left out. Measured on espeak-ng's Mandarin, which Whisper
# cannot make out: without this, one file came back as 300 characters of "一共".
REPEATING = 2.4


@dataclass(frozen=True)
class Transcript:
    text: str
    language: str
    language_probability: float
    duration_s: float  # of the audio
    seconds: float  # the transcription took

    @property
    def real_time_factor(self) -> float:
        return self.seconds / self.duration_s if self.duration_s else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "real_time_factor": round(self.real_time_factor, 3)}


class Transcriber:
    def __init__(self, model_folder: Path, threads: int | None = None) -> None:
        self.model_folder = model_folder
        # Every core: the person waits for the text, and the window's thread idles meanwhile (measured
        # on 2 busy cores: real-time factor 0.33 with 2 threads, 0.40 with 1).
        self.threads = threads or os.cpu_count() or 2
        self._model: Any = None
        self._lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def transcribe(
        self,
        path: Path,
        *,
        language: str | None = None,
        fallback: str | None = None,
        cancel: CancelToken | None = None,
    ) -> Transcript:
        """The text spoken in the audio file ``path`` (WAV, MP3, OGG, FLAC…)."""
        cancel = cancel or CancelToken()
        if not path.is_file():
            raise NotFoundError.said("dictation.no_file", path=path)
        cancel.raise_if_cancelled()
        with self._lock:
            model = self._load()
            started = time.perf_counter()
            text, info = self._run(model, path, language, cancel)
            if (
                language is None
                and fallback
                and info.language != fallback
                and info.language_probability < UNSURE
            ):
                text, info = self._run(model, path, fallback, cancel)
            seconds = time.perf_counter() - started
        if not text:
            raise InvalidInputError.said("dictation.no_speech", name=path.name)
        return Transcript(
            text, str(info.language), float(info.language_probability), float(info.duration), seconds
        )

    def _run(self, model: Any, path: Path, language: str | None, cancel: CancelToken) -> tuple[str, Any]:
        try:
            segments, info = model.transcribe(
                str(path), language=language, beam_size=5, condition_on_previous_text=False, vad_filter=True,
            )  # fmt: skip
            parts = []
            for segment in segments:  # decoded lazily, segment by segment: a cancel stops between them
                cancel.raise_if_cancelled()
                if segment.compression_ratio > REPEATING:
                    continue  # Whisper looping on speech it cannot make out ("一共一共一共…")
                parts.append(segment.text.strip())
        except ValueError as exc:  # PyAV's InvalidDataError: not audio it can decode
            raise InvalidInputError.said("dictation.not_audio", name=path.name, error=_decoder_said(exc)) from None
        joined = " ".join(p for p in parts if p)
        return _BETWEEN_CHINESE.sub("", joined).strip(), info

    def _load(self) -> Any:
        if self._model is None:
            folder = ensure_model(self.model_folder)
            try:
                from faster_whisper import WhisperModel
            except ImportError as exc:
                raise SpeechModelUnavailableError.said("dictation.no_engine", error=exc) from None
            self._model = WhisperModel(
                str(folder), device="cpu", compute_type="int8", cpu_threads=self.threads
            )
        return self._model


def _decoder_said(exc: ValueError) -> str:
    """PyAV's reason without its errno and the path (the sentence names the file already):
    "[Errno 1094995529] Invalid data found when processing input: '/x/a.md'" → "invalid data found
    when processing input"."""
    text = str(getattr(exc, "strerror", None) or exc)
    text = re.sub(r"^\[Errno -?\d+\]\s*", "", text).split(": '", 1)[0].strip()
    return text[:1].lower() + text[1:] if text else "no audio stream"
