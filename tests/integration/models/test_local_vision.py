"""A local model and its vision projector, up to llama.cpp's boundary with what is real here: the real
SmolLM2 loaded by llama.cpp (from a folder with a Chinese name), llama-cpp-python's multimodal handler
chosen and asked to open the projector, and the pictures it would be given, prepared.

No real projector ships with any package this machine has (a SigLIP/CLIP ``mmproj`` is hundreds of
megabytes, and nothing is fetched from a hub in tests), so what llama.cpp is given as a projector here is
a GGUF that is not one: the test proves the file reaches libmtmd through a Chinese path and that its
refusal comes back as a sentence naming the file, and that without a projector the same model answers.
"""

from __future__ import annotations

import base64
import io
import shutil
from pathlib import Path

import pytest
from PIL import Image

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.adapters.local.images import prepare
from mira_desktop.models.adapters.local.llama import LlamaCppModel, _message
from mira_desktop.models.adapters.local.settings import LocalSettings
from mira_desktop.models.errors import ModelError
from mira_desktop.models.protocol import ChatMessage, ChatRequest, TextDelta
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from tests.support.gguf_files import smollm2, write_gguf

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
    message = _message(
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
    assert _message(ChatMessage("user", "plain"), None) == {"role": "user", "content": "plain"}


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
