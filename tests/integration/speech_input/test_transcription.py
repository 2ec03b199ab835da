"""Dictation with the real faster-whisper and the Whisper base model from its two packages: speech
made with Piper and espeak-ng in the test is transcribed by the service the mic button uses, by
`mira transcribe` and by `mira chat send --audio`; the model is joined once and checked."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.speech_input.model_files import (
    MODEL_SHA256,
    MODEL_SIZE,
    SpeechModelUnavailableError,
    ensure_model,
)
from tests.support.cli import Mira
from tests.support.fixtures import Script
from tests.support.scripted import recorded_requests
from tests.support.speech import espeak_wav, piper_wav, silence_wav, word_error_rate

pytestmark = pytest.mark.slow
QUESTION = "What is the emergency launch code for the escape capsule?"


def test_speech_in_a_recording_is_transcribed_and_the_recording_deleted(
    services: AppServices, tmp_path: Path
) -> None:
    recording = piper_wav(QUESTION, services.speech_input.new_recording_path("take-1.wav"))
    heard = services.speech_input.transcribe_recording(recording, fallback="en")
    assert word_error_rate(QUESTION, heard.text) <= 0.4, heard.text  # Piper varies a little per take
    assert heard.language == "en"
    assert heard.duration_s > 2
    assert heard.seconds > 0
    assert not recording.exists()  # the person's voice is not kept


def test_espeak_speech_is_transcribed(services: AppServices, tmp_path: Path) -> None:
    spoken = "Please summarise the second chapter of the station manual."
    heard = services.speech_input.transcribe(espeak_wav(spoken, tmp_path / "espeak.wav"), language="en")
    assert word_error_rate(spoken, heard.text) <= 0.35, heard.text


def test_silence_and_a_file_that_is_not_audio_are_refused_with_the_reason(
    services: AppServices, tmp_path: Path
) -> None:
    with pytest.raises(InvalidInputError, match=r"No speech was heard in quiet\.wav"):
        services.speech_input.transcribe(silence_wav(tmp_path / "quiet.wav"))
    notes = tmp_path / "notes.wav"
    notes.write_text("not audio at all")
    with pytest.raises(InvalidInputError, match=r"notes\.wav is not audio Mira can read \([a-z][^\[/]*\): record"):
        services.speech_input.transcribe(notes)


def test_the_model_is_joined_from_its_two_packages_once_and_checked(tmp_path: Path) -> None:
    folder = ensure_model(tmp_path / "whisper-base")
    model = folder / "model.bin"
    assert model.stat().st_size == MODEL_SIZE
    assert (folder / ".checked").read_text().strip() == MODEL_SHA256
    assert {p.name for p in folder.iterdir()} == {"model.bin", "config.json", "tokenizer.json", "vocabulary.txt", ".checked"}
    made = model.stat().st_mtime_ns
    assert ensure_model(folder) == folder
    assert model.stat().st_mtime_ns == made  # not joined again
    with model.open("r+b") as handle:
        handle.truncate(1000)  # a damaged copy
    ensure_model(folder)
    assert model.stat().st_size == MODEL_SIZE


def test_halves_that_do_not_make_the_model_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for number in (1, 2):
        data = tmp_path / "site" / f"fake_part{number}" / "data"
        data.mkdir(parents=True)
        (data.parent / "__init__.py").write_text("")
        (data / f"model.bin.part{number}").write_bytes(os.urandom(1024))
        for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
            (data / name).write_text("{}")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    with pytest.raises(SpeechModelUnavailableError, match="is damaged"):
        ensure_model(tmp_path / "model", ("fake_part1", "fake_part2"))
    assert not (tmp_path / "model" / "model.bin").exists()
    assert not (tmp_path / "model" / "model.bin.partial").exists()


def test_mira_transcribe_prints_the_text_and_chat_send_audio_sends_it(
    mira: Mira, tmp_path: Path, script: Script
) -> None:
    audio = piper_wav(QUESTION, tmp_path / "question.wav")
    printed = mira("transcribe", str(audio))
    assert printed.code == 0, printed.err
    assert word_error_rate(QUESTION, printed.out) <= 0.4
    data = mira("--json", "transcribe", str(audio), "--language", "en").json()
    assert data["language"] == "en"
    assert data["duration_s"] > 2
    assert data["real_time_factor"] > 0

    model = script({"text": "It is 7741."}, record_to=str(tmp_path / "sent.jsonl"))
    sent = mira("chat", "send", "--model", model, "--audio", str(audio))
    assert sent.code == 0, sent.err
    assert sent.err.startswith("mira: heard: ")
    request = recorded_requests(tmp_path / "sent.jsonl")[0]
    question = request["messages"][-1]["content"]
    assert question == sent.err.removeprefix("mira: heard: ").strip()
    assert word_error_rate(QUESTION, question) <= 0.4
    both = mira("chat", "send", "--model", model, "--audio", str(audio), "hello")
    assert both.code == 2
    assert both.err.strip() == "mira: error: Give the message as TEXT or as --audio FILE (one of them)."
