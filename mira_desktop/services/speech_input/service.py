"""Dictation's use case: a recording (or any audio file) to text, for the composer or `mira`.

The text is only returned: the window puts it in the composer for the person to read and edit,
`mira transcribe` prints it, and `mira chat send --audio` sends it as the message. A recording the
window made is deleted once read (the person's voice is not kept).
"""

from __future__ import annotations

from pathlib import Path

from mira_desktop.core.cancel import CancelToken
from mira_desktop.services.speech_input.transcriber import Transcriber, Transcript


class SpeechInputService:
    def __init__(self, models_dir: Path, recordings_dir: Path, threads: int | None = None) -> None:
        self.transcriber = Transcriber(models_dir / "whisper-base", threads)
        self.recordings_dir = recordings_dir  # where the window writes a recording before it is read

    def transcribe(
        self,
        path: Path,
        *,
        language: str | None = None,
        fallback: str | None = None,
        cancel: CancelToken | None = None,
    ) -> Transcript:
        """What is said in ``path``; ``language`` (e.g. ``en``, ``zh``) skips detection, ``fallback``
        is used when detection is unsure."""
        return self.transcriber.transcribe(
            Path(path).expanduser(), language=language, fallback=fallback, cancel=cancel
        )

    def transcribe_recording(
        self, path: Path, *, fallback: str | None = None, cancel: CancelToken | None = None
    ) -> Transcript:
        """A recording the window made, then deleted, whether it was understood or not."""
        try:
            return self.transcribe(path, fallback=fallback, cancel=cancel)
        finally:
            path.unlink(missing_ok=True)

    def new_recording_path(self, name: str) -> Path:
        self.recordings_dir.mkdir(parents=True, exist_ok=True)
        return self.recordings_dir / name
