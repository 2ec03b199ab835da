"""Speech for the dictation tests, made in the test: Piper's English voice (the package the app
ships) or the espeak-ng program; and the word error rate of a transcript."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path


def piper_wav(text: str, target: Path) -> Path:
    from mira_desktop.core.cancel import CancelToken
    from mira_desktop.services.media.speech import PiperEngine

    target.write_bytes(PiperEngine().speak(text, "en", CancelToken()).wav)
    return target


def espeak_wav(text: str, target: Path, voice: str = "en-us") -> Path:
    subprocess.run(["espeak-ng", "-v", voice, "-w", str(target), text], check=True, capture_output=True)
    return target


def silence_wav(target: Path, seconds: float = 2.0, rate: int = 16000) -> Path:
    import wave

    with wave.open(str(target), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(b"\x00\x00" * int(seconds * rate))
    return target


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("summarize", "summarise"))


def word_error_rate(truth: str, heard: str) -> float:
    """Word-level Levenshtein distance over the true number of words."""
    want, got = words(truth), words(heard)
    previous = list(range(len(got) + 1))
    for i, a in enumerate(want, 1):
        current = [i] + [0] * len(got)
        for j, b in enumerate(got, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b))
        previous = current
    return previous[-1] / max(len(want), 1)
