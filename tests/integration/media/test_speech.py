"""Speech of answers: a playable WAV from Piper (English) and espeak-ng (Chinese and other languages),
made in the background after a completed answer with the thread's TTS flag on; a missing engine or a
stop marks only the medium failed, with the reason, and the answer stays as it was."""

from __future__ import annotations

import io
import threading
import time
import wave
from pathlib import Path

import pytest

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import RunHandle, SendOptions
from mira_desktop.services.media.service import MediaView
from mira_desktop.services.media.speech import EspeakEngine, PiperEngine, Speech, SpeechEngines
from mira_desktop.store.media import MediaKind, MediaRepository, MediaStatus
from tests.integration.attachments.support import settled
from tests.support.cli import Mira
from tests.support.fixtures import OpenServices, Script
from tests.support.waiting import wait_for

ENGLISH = "The greenhouse needs water every morning. The tomatoes are almost ripe."
CHINESE = "温室每天早上都需要浇水。西红柿快熟了。"


def _answered(services: AppServices, script: Script, text: str, *, tts: bool = True) -> RunHandle:
    first = services.chat.send(None, "Hello", SendOptions(model_ref=script({"text": "Hi."}, {"text": text})))
    assert first.wait(30).value == "completed"
    settled(services)
    services.media.set_flags(first.thread_id, tts=tts)
    handle = services.chat.send(first.thread_id, "Tell me about the greenhouse.")
    assert handle.wait(30).value == "completed"
    return handle


def _spoken(services: AppServices, message_id: str) -> MediaView:
    wait_for(
        lambda: [m for m in services.media.for_message(message_id) if m.status in ("ready", "failed")],
        what="the answer spoken",
    )
    [medium] = services.media.for_message(message_id)
    return medium


def _wav(path: str) -> tuple[int, int, float]:
    with wave.open(path) as reader:
        return reader.getnchannels(), reader.getframerate(), reader.getnframes() / reader.getframerate()


def test_an_english_answer_is_spoken_by_piper_into_a_playable_wav(
    services: AppServices, script: Script
) -> None:
    handle = _answered(services, script, ENGLISH)
    medium = _spoken(services, handle.assistant_message_id)
    assert (medium.kind, medium.status, medium.mime) == ("audio", "ready", "audio/wav")
    assert (medium.detail["engine"], medium.detail["language"]) == ("piper", "en")
    assert medium.path is not None
    assert Path(medium.path).parent == services.folder.root / "media"
    channels, rate, seconds = _wav(medium.path)
    assert (channels, rate) == (1, 22050)
    assert 2.0 < seconds < 20.0
    assert abs(seconds - medium.detail["seconds"]) < 0.01


def test_a_chinese_answer_is_spoken_by_espeak_ng_into_a_playable_wav(
    services: AppServices, script: Script
) -> None:
    handle = _answered(services, script, CHINESE)
    medium = _spoken(services, handle.assistant_message_id)
    assert medium.status == "ready", medium.error
    assert (medium.detail["engine"], medium.detail["voice"], medium.detail["language"]) == (
        "espeak-ng",
        "cmn",
        "zh",
    )
    assert medium.path is not None
    data = Path(medium.path).read_bytes()
    with wave.open(io.BytesIO(data)) as reader:  # the header's lengths match the data
        frames = reader.getnframes()
        assert frames * reader.getsampwidth() == len(data) - data.find(b"data") - 8
        assert frames / reader.getframerate() > 1.0


def test_no_speech_is_made_while_the_flag_is_off(services: AppServices, script: Script) -> None:
    handle = _answered(services, script, ENGLISH, tts=False)
    settled(services)
    assert services.media.for_message(handle.assistant_message_id) == []


def test_a_missing_engine_marks_the_speech_failed_with_the_reason_and_keeps_the_answer(
    services: AppServices, script: Script
) -> None:
    services.media.speech = SpeechEngines(
        PiperEngine("no_such_voice_package"), EspeakEngine("espeak-ng-not-installed")
    )
    handle = _answered(services, script, ENGLISH)
    medium = _spoken(services, handle.assistant_message_id)
    assert (medium.status, medium.path) == ("failed", None)
    assert medium.error is not None
    assert "Piper cannot speak here" in medium.error
    assert "install the espeak-ng package" in medium.error
    answer = services.chat._messages.get(handle.assistant_message_id)
    assert answer is not None
    assert (answer.content, answer.status) == (ENGLISH, MessageStatus.COMPLETE)
    assert list((services.folder.root / "media").glob("*")) == []


def test_english_falls_back_to_espeak_ng_when_piper_cannot_run(services: AppServices, script: Script) -> None:
    services.media.speech = SpeechEngines(PiperEngine("no_such_voice_package"))
    handle = _answered(services, script, ENGLISH)
    medium = _spoken(services, handle.assistant_message_id)
    assert (medium.status, medium.detail["engine"], medium.detail["voice"]) == ("ready", "espeak-ng", "en-us")


class _Waiting:
    """An engine that speaks until it is stopped (so that the stop is certain to come first)."""

    name = "waiting"

    def available(self) -> str | None:
        return None

    def speak(self, text: str, language: str, cancel: CancelToken) -> Speech:
        cancel.wait(30)
        cancel.raise_if_cancelled()
        raise AssertionError("not stopped")


def test_speaking_runs_in_the_background_and_can_be_stopped(services: AppServices, script: Script) -> None:
    services.media.speech = SpeechEngines(_Waiting(), _Waiting())
    handle = _answered(services, script, ENGLISH)
    wait_for(
        lambda: [m for m in services.media.for_message(handle.assistant_message_id) if m.status == "running"],
        what="the speech under way",
    )
    assert services.media.stop(handle.assistant_message_id)
    medium = _spoken(services, handle.assistant_message_id)
    assert medium.status == "failed"
    assert medium.error == "Stopped before it was finished."


def test_espeak_ng_is_killed_at_once_when_stopped() -> None:
    cancel = CancelToken()
    long_text = " ".join(["The tomatoes and beans need water every morning."] * 80)
    started = time.monotonic()
    cancel_later = threading.Timer(0.05, cancel.cancel)
    cancel_later.start()
    with pytest.raises(Cancelled):
        EspeakEngine().speak(long_text, "en", cancel)
    cancel_later.join()
    assert time.monotonic() - started < 5


def test_speaking_an_answer_again_replaces_its_speech(services: AppServices, script: Script) -> None:
    handle = _answered(services, script, ENGLISH)
    first = _spoken(services, handle.assistant_message_id)
    again = services.media.wait(services.media.speak(handle.assistant_message_id).id, 60)
    assert again.status == "ready"
    assert again.id != first.id
    assert [m.id for m in services.media.for_message(handle.assistant_message_id)] == [again.id]
    assert first.path is not None
    assert not Path(first.path).exists()


def test_deleting_the_answer_or_the_thread_removes_the_speech_files(
    services: AppServices, script: Script
) -> None:
    handle = _answered(services, script, ENGLISH)
    medium = _spoken(services, handle.assistant_message_id)
    assert medium.path is not None
    assert Path(medium.path).exists()
    services.branches.delete_message(handle.assistant_message_id)
    assert not Path(medium.path).exists()
    greeting = next(m for m in services.threads.show(handle.thread_id).messages if m.content == "Hi.")
    other = services.media.wait(services.media.speak(greeting.id).id, 60)
    assert other.path is not None
    assert Path(other.path).exists()
    services.threads.destroy(handle.thread_id)
    assert list((services.folder.root / "media").glob("*")) == []


def test_speech_left_running_by_a_killed_app_is_marked_failed_on_start(
    open_services: OpenServices, script: Script
) -> None:
    with open_services() as services:
        handle = _answered(services, script, ENGLISH, tts=False)
        row = MediaRepository(services.database).create(
            handle.assistant_message_id, MediaKind.AUDIO, "{id}", "audio/wav"
        )
        MediaRepository(services.database).set_status(
            row.id, MediaStatus.RUNNING, detail={"pid": 999_999_999, "process_start": "1"}
        )
    with open_services() as services:
        [medium] = services.media.for_message(handle.assistant_message_id)
        assert medium.status == "failed"
        assert medium.error is not None
        assert "closed before it was finished" in medium.error


def test_cli_threads_set_tts_and_media_speak_and_list(mira: Mira, script: Script) -> None:
    model = script({"text": ENGLISH})
    assert mira("chat", "send", "--model", model, "Tell me.").code == 0
    [thread] = mira("--json", "threads", "list").json()
    switched = mira("threads", "set", thread["id"], "--tts", "on")
    assert switched.code == 0
    assert "Speech is on" in switched.out
    shown = mira("--json", "threads", "show", thread["id"]).json()
    answer = next(m for m in shown["messages"] if m["role"] == "assistant")
    spoken = mira("--json", "media", "speak", answer["id"])
    assert spoken.code == 0, spoken.err
    assert spoken.json()["status"] == "ready"
    assert spoken.json()["path"].endswith(".wav")
    listed = mira("media", "list", thread["id"])
    assert listed.code == 0
    assert "audio" in listed.out
    assert "ready" in listed.out
    assert mira("media", "speak", "msg_nope").code == 3
