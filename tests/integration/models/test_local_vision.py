"""A local model and its vision projector through llama.cpp, with what is real here: the real SmolLM2
loaded by llama.cpp (from folders with Chinese names), llama-cpp-python's multimodal handler chosen,
the projector opened and pictures prepared and encoded by libmtmd.

No real projector ships with any package this machine has, and nothing is fetched from a hub in
tests. The projector here is ``tests/support/projector.py``'s: a LLaVA-layout projector with random
weights that libmtmd loads and runs, so these tests prove what goes through the engine (a picture
becomes image tokens in the prompt, the answer streams, a text turn after it starts afresh), never
what a model understands of a picture; a file that is no projector proves the refusal is said.
"""

from __future__ import annotations

import base64
import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.adapters.local.images import prepare
from mira_desktop.models.adapters.local.llama import LlamaCppModel
from mira_desktop.models.adapters.local.llama_args import llama_message
from mira_desktop.models.adapters.local.settings import LocalSettings
from mira_desktop.models.errors import ModelError
from mira_desktop.models.protocol import ChatMessage, ChatRequest, Finish, TextDelta, Usage
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.attachments.views import SendMode
from mira_desktop.services.chat.service import SendOptions
from tests.support.cli import Mira
from tests.support.gguf_files import smollm2, write_gguf
from tests.support.projector import IMAGE_TOKENS, write_projector

pytestmark = pytest.mark.slow

HELLO = ChatRequest((ChatMessage("user", "Say hello."),), SamplingParams(temperature=0.0, max_tokens=8))


@pytest.fixture
def chinese_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "本地模型" / "视觉"
    folder.mkdir(parents=True)
    (folder / "小模型.gguf").symlink_to(smollm2())
    return folder


def _png(size: tuple[int, int]) -> str:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 40, 40)).save(out, format="PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def test_a_model_with_a_projector_says_it_sees_and_one_without_does_not(chinese_folder: Path) -> None:
    model = chinese_folder / "小模型.gguf"
    seeing = LlamaCppModel("local:a", model, "a", LocalSettings(), projector=chinese_folder / "mmproj.gguf")
    blind = LlamaCppModel("local:b", model, "b", LocalSettings())
    try:
        assert seeing.profile().supports_vision is True
        assert blind.profile().supports_vision is False
        assert not seeing.loaded  # a profile never loads the model
    finally:
        seeing.close()
        blind.close()


def test_a_file_llama_cpp_refuses_as_a_projector_fails_the_load_with_a_sentence_naming_it(
    chinese_folder: Path,
) -> None:
    not_a_projector = chinese_folder / "投影.gguf"
    not_a_projector.symlink_to(smollm2())  # a GGUF, but a language model, not a projector
    model = LlamaCppModel(
        "local:x",
        chinese_folder / "小模型.gguf",
        "x",
        LocalSettings(context_window=1024),
        projector=not_a_projector,
    )
    try:
        with pytest.raises(ModelError) as refused:
            model.prepare()
        assert refused.value.phrase is not None
        assert refused.value.phrase.key == "models.local.bad_projector"
        assert "投影.gguf" in str(refused.value)
        assert str(not_a_projector) in str(refused.value)  # libmtmd was handed the Chinese path intact
        assert not model.loaded
    finally:
        model.close()


def test_a_projector_that_is_gone_fails_the_load_with_the_fix(chinese_folder: Path) -> None:
    gone = chinese_folder / "mmproj-F16.gguf"
    model = LlamaCppModel(
        "local:x", chinese_folder / "小模型.gguf", "x", LocalSettings(context_window=1024), projector=gone
    )
    try:
        with pytest.raises(ModelError, match=r"is gone: .*mira models projector REF --none"):
            model.prepare()
    finally:
        model.close()


def test_the_model_in_a_chinese_folder_loads_and_answers_without_a_projector(chinese_folder: Path) -> None:
    model = LlamaCppModel("local:x", chinese_folder / "小模型.gguf", "x", LocalSettings(context_window=1024))
    try:
        text = "".join(c.text for c in model.stream(HELLO, CancelToken()) if isinstance(c, TextDelta))
        assert text.strip()
    finally:
        model.close()


def test_pictures_go_to_the_handler_prepared_as_image_parts_before_the_text() -> None:
    big, small = _png((2048, 1024)), _png((100, 80))
    message = llama_message(
        ChatMessage("user", "这两张图是什么？", images=(big, small)), lambda url: prepare(url, 512).data_url
    )
    first, second, text = message["content"]
    assert text == {"type": "text", "text": "这两张图是什么？"}
    sizes = []
    for part in (first, second):
        assert part["type"] == "image_url"
        url = part["image_url"]["url"]
        sizes.append(Image.open(io.BytesIO(base64.b64decode(url.partition(",")[2]))).size)
    assert sizes == [(512, 256), (100, 80)]
    assert llama_message(ChatMessage("user", "plain"), None) == {"role": "user", "content": "plain"}


def test_a_thread_whose_model_has_a_refused_projector_fails_with_that_sentence_and_answers_once_it_is_removed(
    services: AppServices, tmp_path: Path
) -> None:
    folder = tmp_path / "下载的模型"
    folder.mkdir()
    model = Path(shutil.copy(smollm2(), folder / "小模型.gguf"))  # a copy: Mira keeps a symlink's target
    not_a_projector = write_gguf(folder / "投影.gguf", tensor_bytes=1 << 16)  # a GGUF with no vision tensors
    entry = services.models.add_local(str(model), projector=str(not_a_projector))
    assert entry.ref == f"local:{model}"
    assert entry.capabilities["supports_vision"] is True
    with pytest.raises(ModelError, match=r"could not open 投影\.gguf as this model's vision projector"):
        services.models.load(entry.ref)
    services.models.set_projector(entry.ref, None)
    assert services.models.entry(entry.ref).capabilities["supports_vision"] is False
    handle = services.chat.send(None, "Say hello.", SendOptions(model_ref=entry.ref))
    assert handle.wait(120).value == "completed"


SMOLLM2_EMBEDDING = 576  # the width of SmolLM2-135M's embeddings, which a projector must produce


@pytest.fixture
def seeing(chinese_folder: Path) -> Iterator[LlamaCppModel]:
    projector = write_projector(chinese_folder / "mmproj-小模型-f16.gguf", SMOLLM2_EMBEDDING)
    model = LlamaCppModel(
        "local:x",
        chinese_folder / "小模型.gguf",
        "x",
        LocalSettings(context_window=2048),
        projector=projector,
    )
    model.prepare()
    yield model
    model.close()


def _answer(model: LlamaCppModel, message: ChatMessage) -> tuple[str, Usage, Finish]:
    chunks = list(
        model.stream(ChatRequest((message,), SamplingParams(temperature=0.0, max_tokens=8)), CancelToken())
    )
    usage = next(c for c in chunks if isinstance(c, Usage))
    assert isinstance(chunks[-1], Finish)
    return "".join(c.text for c in chunks if isinstance(c, TextDelta)), usage, chunks[-1]


def test_a_picture_becomes_image_tokens_in_the_prompt_and_the_model_answers(seeing: LlamaCppModel) -> None:
    # SmolLM2's template joins content as text: the picture goes as llama.cpp's media marker in it.
    text, with_picture, finish = _answer(
        seeing, ChatMessage("user", "What is it?", images=(_png((1600, 900)),))
    )
    assert text.strip()
    assert finish.reason in ("stop", "length")
    _plain, without, _ = _answer(seeing, ChatMessage("user", "What is it?"))
    # The picture's patches, and the line the marker stood on.
    assert with_picture.prompt_tokens - without.prompt_tokens in (IMAGE_TOKENS, IMAGE_TOKENS + 1)


def test_a_text_turn_after_a_picture_answers_as_a_fresh_model_would(
    seeing: LlamaCppModel, chinese_folder: Path
) -> None:
    _answer(seeing, ChatMessage("user", "Describe this.", images=(_png((300, 300)),)))
    after, _, _ = _answer(seeing, ChatMessage("user", "Say hello."))
    fresh = LlamaCppModel("local:y", chinese_folder / "小模型.gguf", "y", LocalSettings(context_window=2048))
    try:
        alone, _, _ = _answer(fresh, ChatMessage("user", "Say hello."))
    finally:
        fresh.close()
    assert after == alone  # nothing of the picture's context leaked into the next turn


def test_an_attached_picture_goes_to_a_local_model_with_a_projector_and_without_one_by_ocr(
    services: AppServices, tmp_path: Path
) -> None:
    folder = tmp_path / "看图"
    folder.mkdir()
    model = Path(shutil.copy(smollm2(), folder / "小模型.gguf"))
    projector = write_projector(folder / "mmproj-小模型.gguf", SMOLLM2_EMBEDDING)
    ref = services.models.add_local(str(model), projector=str(projector)).ref
    picture = folder / "照片.png"
    Image.new("RGB", (2400, 1200), (30, 90, 200)).save(picture)

    view = services.attachments.add_to_draft(None, picture)
    plan = services.attachments.plan(None, "这是什么？", model_ref=ref)
    assert plan is not None
    assert plan.mode is SendMode.IMAGE
    handle = services.chat.send(None, "这是什么？", SendOptions(model_ref=ref, attachment=view.draft_key))
    assert handle.wait(120).value == "completed"
    question = services.chat._messages.get(handle.user_message_id)
    assert question is not None
    assert question.parts[0]["mode"] == "image"  # the chip says it was sent as an image

    services.models.set_projector(ref, None)
    services.attachments.add_to_draft(None, picture)
    plan = services.attachments.plan(None, "这是什么？", model_ref=ref)
    assert plan is not None
    assert plan.mode in (SendMode.IMAGE_TEXT, SendMode.IMAGE_NOT_SENT)  # OCR's text, or nothing it could read


def test_a_model_closed_because_its_projector_changed_says_so_to_whoever_still_asks(
    chinese_folder: Path,
) -> None:
    model = LlamaCppModel(
        "local:x", chinese_folder / "小模型.gguf", "小模型", LocalSettings(context_window=1024)
    )
    model.close()  # what the registry does when the projector of the model changes
    with pytest.raises(ModelError, match="小模型 was unloaded while it was being asked"):
        model.count_tokens("hello")
    with pytest.raises(ModelError, match="was unloaded"):
        list(model.stream(HELLO, CancelToken()))


def test_the_command_sends_a_picture_to_a_local_model_with_its_projector_and_warns_without_one(
    mira: Mira, tmp_path: Path
) -> None:
    folder = tmp_path / "命令行"
    folder.mkdir()
    model = Path(shutil.copy(smollm2(), folder / "小模型.gguf"))
    projector = write_projector(folder / "mmproj-小模型.gguf", SMOLLM2_EMBEDDING)
    added = mira("--json", "models", "add-local", str(model), "--projector", str(projector))
    assert added.code == 0, added.err
    ref = added.json()["ref"]
    picture = folder / "照片.png"
    Image.new("RGB", (1800, 1200), (30, 90, 200)).save(picture)

    seen = mira("chat", "send", "--model", ref, "--attach", str(picture), "这是什么？")
    assert seen.code == 0, seen.err
    assert seen.out.strip()
    assert "cannot see images" not in seen.err

    assert mira("models", "projector", ref, "--none").code == 0
    blind = mira("chat", "send", "--model", ref, "--attach", str(picture), "这是什么？")
    assert blind.code == 0, blind.err
    assert "cannot see images" in blind.err  # a blank picture: OCR reads nothing, so it is not sent
