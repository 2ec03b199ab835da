"""A request as llama-cpp-python takes it: each message as a dict, the sampling settings as keywords."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mira_desktop.models.adapters.local import vision
from mira_desktop.models.protocol import ChatMessage, ChatRequest


def llama_message(
    message: ChatMessage, picture: Callable[[str], str] | None = None, *, reasoning_key: str | None = None
) -> dict[str, Any]:
    """A message as llama-cpp-python takes it; with ``picture`` (which prepares each one), its pictures
    go as ``image_url`` parts before the text; with ``reasoning_key``, an agent run's own earlier step
    carries its reasoning under that key, for a template that reads it."""
    content: Any = message.content
    if picture is not None and message.images:
        content = vision.with_pictures(message.content, tuple(map(picture, message.images)))
    data: dict[str, Any] = {"role": message.role, "content": content}
    if reasoning_key is not None and message.reasoning and message.role == "assistant":
        data[reasoning_key] = message.reasoning
    return data


def sampling_kwargs(request: ChatRequest) -> dict[str, Any]:
    """The request's sampling settings that are set, as llama-cpp-python's keyword arguments."""
    sampling = request.sampling
    params: dict[str, Any] = {}
    for name in (
        "temperature",
        "top_p",
        "top_k",
        "max_tokens",
        "frequency_penalty",
        "presence_penalty",
        "seed",
    ):
        value = getattr(sampling, name)
        if value is not None:
            params[name] = value
    if sampling.stop:
        params["stop"] = list(sampling.stop)
    return params
