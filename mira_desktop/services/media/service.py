"""Speech and images of answers: queued after a completed answer, made in the background, stoppable.

With a thread's TTS flag on, every completed answer is spoken into a WAV (:mod:`.speech`); with its
image flag on, a role bound and no knowledge base, the answer text is the prompt of a picture from
the configured provider (:mod:`.images`). Each is a ChatMedia row of the answer; a failure marks
only that row. Deletes of messages, branches and threads remove the rows (by cascade) and
:meth:`MediaService.remove_orphaned_files` removes their files.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.changes import Change, ChangeFeed, Topic
from mira_desktop.core.conversation.threads import Message, MessageRole, Thread
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.core.phrases import Phrase, from_dict, said
from mira_desktop.core.processes import process_alive
from mira_desktop.core.tasks import Task, TaskRunner
from mira_desktop.models.secrets import SecretStore
from mira_desktop.services.media import images
from mira_desktop.services.media.jobs import Made, Maker, MediaJobs
from mira_desktop.services.media.speech import SpeechEngines, spoken_text
from mira_desktop.store.media import MediaKind, MediaRepository, MediaRow, MediaStatus
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.providers import ProviderRepository
from mira_desktop.store.settings import SettingsRepository
from mira_desktop.store.threads import ThreadRepository

INTERRUPTED = {
    "kind": "interrupted",
    "message": said("media.interrupted").english,
    "phrase": said("media.interrupted").to_dict(),
}


@dataclass(frozen=True)
class MediaView:
    """A medium of an answer as the message shows it."""

    id: str
    message_id: str
    kind: str  # "audio" or "image"
    status: str  # pending, running, ready, failed
    path: str | None  # the file (absolute) once ready: play it, show it
    mime: str | None
    error: str | None  # why it failed, one sentence
    detail: dict[str, Any]
    error_phrase: Phrase | None = None  # the same sentence, for the window to say in its language


@dataclass(frozen=True)
class Availability:
    available: bool
    reason: Phrase | str = ""  # why not, with the fix


class MediaService:
    def __init__(
        self,
        *,
        media: MediaRepository,
        threads: ThreadRepository,
        messages: MessageRepository,
        providers: ProviderRepository,
        settings: SettingsRepository,
        secrets: SecretStore,
        tasks: TaskRunner,
        changes: ChangeFeed,
        folder: Path,
        speech: SpeechEngines | None = None,
    ) -> None:
        self._media = media
        self._threads = threads
        self._messages = messages
        self._providers = providers
        self._settings = settings
        self._secrets = secrets
        self._tasks = tasks
        self._changes = changes
        self.folder = folder
        self.speech = speech or SpeechEngines()
        self._jobs = MediaJobs(media, folder, changes, report_bug=tasks.save_crash_report)
        self._running: dict[str, Task[Any]] = {}
        self._lock = threading.Lock()

    # -- after an answer -------------------------------------------------------------------------
    def after_answer(self, thread_id: str, message_id: str) -> None:
        """Queue what the thread's flags ask for (called when an answer completed)."""
        thread = self._threads.get(thread_id)
        message = self._messages.get(message_id)
        if thread is None or message is None or not message.content.strip():
            return  # an answer without text has nothing to speak or draw
        if thread.tts_enabled:
            self.speak(message_id)
        if thread.image_enabled and self.image_availability(thread_id).available:
            self.draw(message_id)

    def speak(self, message_id: str) -> MediaView:
        """Speak an answer (again): its earlier speech is replaced; made in the background."""
        message = self._answer(message_id)
        text = spoken_text(message.content)
        return self._queue(
            message_id, message.thread_id, MediaKind.AUDIO, "audio/wav", lambda c: self._speech(text, c)
        )

    def draw(self, message_id: str) -> MediaView:
        """A picture of an answer from the image provider, in the background."""
        message = self._answer(message_id)
        provider_name, model = images.parse_image_model(self.image_model() or "")
        provider = self._providers.get_by_name(provider_name)
        if provider is None:
            raise NotFoundError.said("models.no_provider", name=provider_name)
        prompt = images.prompt_from_answer(message.content)
        size = images.DEFAULT_SIZE  # the size every images API takes

        def make(cancel: CancelToken) -> Made:
            picture = images.generate(provider, model, prompt, self._secrets, cancel, size=size)
            return Made(picture.data, picture.mime, picture.suffix,
                        {"provider": provider.name, "model": model, "prompt": prompt, "size": size})  # fmt: skip

        return self._queue(message_id, message.thread_id, MediaKind.IMAGE, "image/png", make)

    def wait(self, media_id: str, timeout: float | None = None) -> MediaView:
        with self._lock:
            task = self._running.get(media_id)
        if task is not None:
            task.wait(timeout)
        return self._view(self._row(media_id))

    def stop(self, message_id: str) -> bool:
        """Stop the speech or picture being made for ``message_id``; True if something was running."""
        with self._lock:
            tasks = [t for media_id, t in self._running.items() if self._message_of(media_id) == message_id]
        for task in tasks:
            task.cancel.cancel("user")
        return bool(tasks)

    # -- reading ---------------------------------------------------------------------------------
    def for_message(self, message_id: str) -> list[MediaView]:
        return [self._view(r) for r in self._media.for_message(message_id)]

    def for_thread(self, thread_id: str) -> list[MediaView]:
        if self._threads.get(thread_id) is None:
            raise NotFoundError.said("threads.not_found", thread_id=thread_id)
        return [self._view(r) for r in self._media.for_thread(thread_id)]

    # -- flags and settings ----------------------------------------------------------------------
    def set_flags(self, thread_id: str, *, tts: bool | None = None, image: bool | None = None) -> Thread:
        """Switch speech or images for a thread; images are refused while no provider can make them."""
        if self._threads.get(thread_id) is None:
            raise NotFoundError.said("threads.not_found", thread_id=thread_id)
        if image:
            problem = self._provider_problem()
            if problem is not None:
                raise ConflictError.said(problem.key, **problem.values)
        for flag, value in (("tts_enabled", tts), ("image_enabled", image)):
            if value is not None:
                self._threads.set_flag(thread_id, flag, value)
        self._changes.publish(Topic.THREADS, thread_id)
        thread = self._threads.get(thread_id)
        assert thread is not None
        return thread

    def image_availability(self, thread_id: str | None = None) -> Availability:
        """Whether the thread's image flag can work, and why not (the UI disables the switch with it)."""
        problem = self._provider_problem()
        if problem is not None:
            return Availability(False, problem)
        thread = self._threads.get(thread_id) if thread_id else None
        if thread is not None and thread.knowledge_base_id:
            return Availability(False, said("media.picture_without_kb"))
        if thread is not None and not thread.role_id:
            return Availability(False, said("media.picture_needs_role"))
        return Availability(True)

    def image_model(self) -> str | None:
        value = self._settings.get(images.IMAGE_MODEL_SETTING)
        return str(value) if value else None

    def set_image_model(self, ref: str | None) -> str | None:
        """``remote:PROVIDER/MODEL`` makes the pictures; None: no pictures."""
        if ref is None:
            self._settings.delete(images.IMAGE_MODEL_SETTING)
        else:
            name, model = images.parse_image_model(ref)
            if self._providers.get_by_name(name) is None:
                raise NotFoundError.said("models.no_provider_add", name=name)
            self._settings.set(images.IMAGE_MODEL_SETTING, f"remote:{name}/{model}")
        self._changes.publish(Topic.MODELS)
        return self.image_model()

    # -- housekeeping ----------------------------------------------------------------------------
    def follow_deletions(self, change: Change) -> None:
        """A change-feed listener: messages or a thread deleted for good (``deleted`` in the change)
        take their media files with them (their rows cascaded)."""
        if change.data.get("deleted") and change.topic in (Topic.MESSAGES, Topic.THREADS):
            self.remove_orphaned_files()

    def remove_orphaned_files(self) -> int:
        """Delete media files no row names (their message, branch or thread was deleted); how many."""
        if not self.folder.is_dir():
            return 0
        known = self._media.known_paths()
        removed = 0
        for path in self.folder.iterdir():
            if path.is_file() and path.name.startswith("med_") and path.name not in known:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
                    removed += 1
        return removed

    def mark_interrupted(self) -> int:
        """Rows a process that is gone left pending or running are marked failed (on start)."""
        marked = 0
        for row in self._media.unfinished():
            pid = row.detail.get("pid")
            if pid is None or not process_alive(pid, row.detail.get("process_start", "")):
                self._media.set_status(row.id, MediaStatus.FAILED, error=INTERRUPTED, clear_path=True)
                marked += 1
        return marked

    # -- helpers ---------------------------------------------------------------------------------
    def _queue(self, message_id: str, thread_id: str, kind: MediaKind, mime: str, make: Maker) -> MediaView:
        for old in self._media.for_message(message_id):
            if old.kind is kind:
                self._replace(old)
        row = self._media.create(message_id, kind, "{id}", mime)
        cancel = CancelToken()
        with self._lock:
            try:
                self._running[row.id] = self._tasks.start(
                    f"{kind.value}-{row.id[-6:]}",
                    lambda token: self._finish(row, thread_id, make, token),
                    cancel=cancel,
                    report=False,
                )
            except RuntimeError:  # the app is closing: no new background work
                self._media.set_status(row.id, MediaStatus.FAILED, error=INTERRUPTED)
        self._changes.publish(Topic.MEDIA, message_id, thread_id)
        return self._view(row)

    def _finish(self, row: MediaRow, thread_id: str, make: Maker, cancel: CancelToken) -> None:
        try:
            self._jobs.run(row, thread_id, make, cancel)
        finally:
            with self._lock:
                self._running.pop(row.id, None)

    def _replace(self, old: MediaRow) -> None:
        with self._lock:
            task = self._running.get(old.id)
        if task is not None:
            task.cancel.cancel("replaced")
            task.wait(30)
        self._media.delete(old.id)
        if old.path:
            (self.folder / old.path).unlink(missing_ok=True)

    def _speech(self, text: str, cancel: CancelToken) -> Made:
        if not text.strip():
            raise InvalidInputError.said("media.nothing_to_speak")
        speech = self.speech.speak(text, cancel)
        detail = {"engine": speech.engine, "voice": speech.voice, "language": speech.language,
                  "seconds": round(speech.seconds, 3)}  # fmt: skip
        return Made(speech.wav, "audio/wav", ".wav", detail)

    def _provider_problem(self) -> Phrase | None:
        ref = self.image_model()
        if ref is None:
            return said("media.no_image_provider")
        name, _model = images.parse_image_model(ref)
        if self._providers.get_by_name(name) is None:
            return said("media.image_provider_removed", name=name)
        return None

    def _answer(self, message_id: str) -> Message:
        message = self._messages.get(message_id)
        if message is None:
            raise NotFoundError.said("media.no_message", message_id=message_id)
        if message.role is not MessageRole.ASSISTANT or not message.content.strip():
            raise InvalidInputError.said("media.not_an_answer", message_id=message_id)
        return message

    def _message_of(self, media_id: str) -> str | None:
        row = self._media.get(media_id)
        return None if row is None else row.message_id

    def _row(self, media_id: str) -> MediaRow:
        row = self._media.get(media_id)
        if row is None:
            raise NotFoundError.said("media.not_found", media_id=media_id)
        return row

    def _view(self, row: MediaRow) -> MediaView:
        ready = row.status is MediaStatus.READY and row.path
        error = str(row.error.get("message", "")) if row.error else None
        phrase = from_dict(row.error.get("phrase")) if row.error else None
        return MediaView(row.id, row.message_id, row.kind.value, row.status.value,
                         str(self.folder / row.path) if ready and row.path else None, row.mime, error,
                         dict(row.detail), phrase)  # fmt: skip
