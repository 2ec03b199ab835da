"""How a GGUF's chat template thinks: its think tags, its switch, and whether it reads old reasoning.

Everything here is read from the model's own template, never guessed from its name:

- **tags**: ``<think>`` (Qwen3, DeepSeek-R1, QwQ), ``<thinking>``, gpt-oss's analysis channel
  (``<|channel|>analysis``), Gemma 4's thought channel (``<|channel>thought``); a template with none of them has no reasoning to read, though
  :class:`~mira_desktop.models.reasoning.ReasoningSplitter` still reads the common tags.
- **switch**: ``enable_thinking`` (Qwen3, GLM) or ``reasoning_effort`` (gpt-oss), a variable the
  template takes; the thread's setting is passed to the template as that variable.
- **reads reasoning**: the template renders an assistant turn's ``reasoning_content`` (Qwen3, GLM,
  Kimi, DeepSeek V3.1) or ``thinking`` (gpt-oss) — such models expect their earlier reasoning back
  between the tool calls of one agent run (the templates themselves drop it before the last user
  message, so it never reaches a later turn).
- **opens thinking**: the prompt the template renders ends inside an open tag (DeepSeek-R1's and
  Qwen3's thinking generation prompts), so the answer starts as reasoning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mira_desktop.models.reasoning import DEFAULT_TAGS, GEMMA4, GPT_OSS, THINK, THINKING, ThinkTags

EFFORT_ON, EFFORT_OFF = "medium", "low"  # gpt-oss cannot stop thinking: "off" thinks least


@dataclass(frozen=True)
class ThinkingFormat:
    tags: tuple[ThinkTags, ...] = ()
    switch: str | None = None  # "enable_thinking" | "reasoning_effort"
    reasoning_key: str | None = None  # the message field the template reads an old reasoning from

    @property
    def thinks(self) -> bool:
        return bool(self.tags)

    @property
    def read_tags(self) -> tuple[ThinkTags, ...]:
        """The tags to split an answer on: the template's, else the common ones."""
        return self.tags or DEFAULT_TAGS

    def template_kwargs(self, thinking: bool | None) -> dict[str, Any]:
        """The variables that pass the thread's switch to the template (none for the default)."""
        if thinking is None or self.switch is None:
            return {}
        if self.switch == "reasoning_effort":
            return {"reasoning_effort": EFFORT_ON if thinking else EFFORT_OFF}
        return {self.switch: thinking}


def thinking_format(template: str | None) -> ThinkingFormat:
    """What ``template`` says about thinking (an empty format for no template)."""
    if not template:
        return ThinkingFormat()
    tags: list[ThinkTags] = []
    if "<|channel|>" in template and "analysis" in template:
        tags.append(GPT_OSS)
    if GEMMA4.open in template:
        tags.append(GEMMA4)
    for family in (THINK, THINKING):
        if family.open in template:
            tags.append(family)
    switch = next((name for name in ("enable_thinking", "reasoning_effort") if name in template), None)
    key = None
    if "reasoning_content" in template:
        key = "reasoning_content"
    elif "message.thinking" in template or "'thinking' in message" in template or '"thinking" in message' in template:
        key = "thinking"
    return ThinkingFormat(tuple(tags), switch, key)


def opens_thinking(prompt: str, tags: tuple[ThinkTags, ...]) -> bool:
    """Whether ``prompt`` (as the template rendered it) leaves a think tag open at its end."""
    for family in tags:
        opened = prompt.rfind(family.open)
        if opened >= 0 and prompt.rfind(family.close) < opened and not prompt[opened + len(family.open) :].strip():
            return True
    return False


def template_formatter(template: str, eos: str, bos: str, eos_id: int) -> Any:
    """The GGUF's template compiled as llama-cpp-python compiles it for ``Llama`` (once per model)."""
    from llama_cpp import llama_chat_format

    return llama_chat_format.Jinja2ChatFormatter(
        template=template, eos_token=eos, bos_token=bos, stop_token_ids=[eos_id]
    )


def watched_handler(formatter: Any, extra: dict[str, Any], seen: Callable[[str], None]) -> Any:
    """A chat handler for ``formatter`` (:func:`template_formatter`) that passes ``extra`` (the thinking
    switch) to the template and hands the rendered prompt to ``seen`` before generating: public API
    only (``Jinja2ChatFormatter``, ``chat_formatter_to_chat_completion_handler``), as ``Llama``
    builds its own handler, since ``Llama.create_chat_completion`` passes no template variables."""
    from llama_cpp import llama_chat_format

    def render(**kwargs: Any) -> Any:
        result = formatter(**kwargs, **extra)
        seen(result.prompt)
        return result

    return llama_chat_format.chat_formatter_to_chat_completion_handler(render)


def completion_stream(
    llm: Any,
    formatter: Any,
    thinking: ThinkingFormat,
    *,
    messages: list[dict[str, Any]],
    params: dict[str, Any],
    switch: bool | None,
    seen: Callable[[str], None],
) -> Any:
    """``llm``'s streamed chat completion; through the GGUF's template (``formatter``, None when a
    named format is forced) with the thread's thinking ``switch`` — the rendered prompt handed to
    ``seen``, to know whether it opened a think tag — when the model thinks."""
    own_handler = getattr(llm, "chat_handler", None) is not None  # e.g. a vision projector's: left alone
    if formatter is None or own_handler or not (thinking.thinks or thinking.switch or thinking.reasoning_key):
        return llm.create_chat_completion(messages=messages, stream=True, **params)
    # create_chat_completion passes no template variables: its handler is swapped for this call (on
    # the model's one thread), so every default of create_chat_completion still applies.
    llm.chat_handler = watched_handler(formatter, thinking.template_kwargs(switch), seen)
    try:
        return llm.create_chat_completion(messages=messages, stream=True, **params)
    finally:
        llm.chat_handler = None

