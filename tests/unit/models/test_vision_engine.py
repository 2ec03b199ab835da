"""What ``models/adapters/local/vision.py`` relies on in llama-cpp-python: fails when the library
changes it (the handler's constructor, its private deferred load, the stream it answers with, libmtmd's
functions), so an upgrade is a red test, not a model that silently stops seeing."""

from __future__ import annotations

import inspect

import pytest


def test_the_installed_llama_cpp_python_is_the_major_version_mira_pins() -> None:
    import llama_cpp  # a declared dependency: a broken install fails here, it is not skipped

    assert llama_cpp.__version__.split(".")[:2] == ["0", "3"]


def test_the_multimodal_handler_takes_a_projector_path_and_loads_it_on_request() -> None:
    from llama_cpp.llama_chat_format import MTMDChatHandler

    made = inspect.signature(MTMDChatHandler.__init__).parameters
    assert list(made)[:3] == ["self", "clip_model_path", "verbose"]
    loading = inspect.signature(MTMDChatHandler._init_mtmd_context).parameters
    assert list(loading) == ["self", "llama_model"]
    answering = inspect.signature(MTMDChatHandler.__call__).parameters
    for name in (
        "llama",
        "messages",
        "stream",
        "grammar",
        "temperature",
        "top_p",
        "top_k",
        "max_tokens",
        "stop",
        "seed",
    ):
        assert name in answering, name
    # The hook Mira replaces for a template that takes no typed content (vision.answer).
    hook = inspect.signature(MTMDChatHandler._get_template_messages).parameters
    assert list(hook) == ["self", "messages", "media_marker"]
    # It reads pictures from image_url parts of user messages (data: URLs decoded in-process).
    urls = MTMDChatHandler.get_image_urls(
        [
            {
                "role": "user",
                "content": [{"type": "image_url", "image_url": {"url": "data:image/png;base64,AA=="}}],
            }
        ]
    )
    assert urls == ["data:image/png;base64,AA=="]


def test_a_missing_projector_file_is_refused_before_llama_cpp_is_asked() -> None:
    from llama_cpp.llama_chat_format import MTMDChatHandler

    with pytest.raises(ValueError, match="does not exist"):
        MTMDChatHandler(clip_model_path="/nonexistent/mmproj-F16.gguf", verbose=False)


def test_libmtmd_offers_the_functions_the_handler_and_mira_call() -> None:
    from llama_cpp import mtmd_cpp

    for name in (
        "mtmd_init_from_file",
        "mtmd_support_vision",
        "mtmd_free",
        "mtmd_default_marker",
        "mtmd_helper_bitmap_init_from_buf",
        "mtmd_tokenize",
        "mtmd_helper_eval_chunk_single",
        "mtmd_log_set",
        "mtmd_helper_log_set",
    ):
        assert callable(getattr(mtmd_cpp, name)), name
    assert mtmd_cpp.mtmd_default_marker() == b"<__media__>"
