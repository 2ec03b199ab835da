"""The one place Mira touches llama-cpp-python's multimodal handler (``MTMDChatHandler``, over
llama.cpp's ``libmtmd``): open a model's vision projector, and answer a request with pictures.

llama-cpp-python 0.3.x builds the projector's context lazily, on the first request, through the
private ``_init_mtmd_context``; Mira calls it when the model loads, so a projector llama.cpp refuses
(a wrong file, a projector of another model) fails the load with a sentence, not a later answer.
``tests/unit/models/test_vision_engine.py`` fails when the library changes what this relies on.

The handler renders the model's own chat template from the GGUF with llama.cpp's media marker where a
picture goes, evaluates the text and picture chunks itself and then samples like any completion; it
clears the model's context first, so a request with a picture re-reads its whole prompt.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mira_desktop.models.errors import ErrorKind, ModelError


def open_projector(llm: Any, projector: Path, log_callback: Any) -> Any:
    """The multimodal handler of the loaded model ``llm`` with ``projector`` opened in llama.cpp.

    ``log_callback`` (llama.cpp's, already routed to logging) takes libmtmd's lines too, which would
    otherwise go to the terminal. Raises a ModelError naming the projector when llama.cpp cannot open
    it or it has no vision.
    """
    from llama_cpp import mtmd_cpp
    from llama_cpp.llama_chat_format import MTMDChatHandler

    mtmd_cpp.mtmd_log_set(log_callback, ctypes.c_void_p(0))
    mtmd_cpp.mtmd_helper_log_set(log_callback, ctypes.c_void_p(0))

    if not projector.is_file():
        raise ModelError.classified(
            ErrorKind.MODEL_ERROR, "models.local.projector_missing", path=str(projector), missing=True
        )
    try:
        handler = MTMDChatHandler(clip_model_path=str(projector), verbose=False)
        handler._init_mtmd_context(llm)  # the load the library defers to the first request
    except ValueError as exc:
        raise ModelError.classified(
            ErrorKind.MODEL_ERROR, "models.local.bad_projector", name=projector.name, reason=str(exc)
        ) from exc
    return handler


def loaded(handler: Any) -> bool:
    """Whether llama.cpp holds the projector's context now."""
    return getattr(handler, "mtmd_ctx", None) is not None


def with_pictures(text: str, pictures: tuple[str, ...]) -> list[dict[str, Any]]:
    """A user message's content as the handler takes it: each picture (a ``data:`` URL), then the text."""
    return [
        *({"type": "image_url", "image_url": {"url": url}} for url in pictures),
        {"type": "text", "text": text},
    ]


def answer(handler: Any, llm: Any, messages: list[dict[str, Any]], params: dict[str, Any]) -> Iterator[Any]:
    """Stream the answer to ``messages`` (some with pictures) through the handler, as
    ``Llama.create_chat_completion(stream=True)`` streams it: chunks with ``choices[0].delta``.

    The handler renders typed content (a picture part, a text part) with the model's template, as
    Qwen's and Gemma's templates take it. A template that joins ``content`` as a string fails on that
    before anything is evaluated; such a model is then given each message as one text with llama.cpp's
    media marker where its pictures go (how llama.cpp's server flattens content for those templates).
    """
    try:
        stream: Iterator[Any] = handler(llama=llm, messages=messages, stream=True, **params)
    except TypeError:
        if getattr(handler, "_mira_flat", False):
            raise
        handler._get_template_messages = _as_text  # the handler's hook for the messages its template sees
        handler._mira_flat = True
        stream = handler(llama=llm, messages=messages, stream=True, **params)
    return stream


def _as_text(messages: list[dict[str, Any]], media_marker: str) -> list[dict[str, Any]]:
    """Each message's typed content as one text: its pictures as the media marker, then its text."""
    flat = []
    for message in messages:
        content = message.get("content")
        if isinstance(content, list):
            pieces = [
                media_marker if part.get("type") == "image_url" else str(part.get("text", ""))
                for part in content
                if isinstance(part, dict)
            ]
            flat.append({**message, "content": "\n".join(pieces)})
        else:
            flat.append(message)
    return flat
