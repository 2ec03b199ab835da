"""The prompt format comes from the model: the GGUF's ``tokenizer.chat_template``, tried before use.

llama-cpp-python renders the template with Jinja2 (``Jinja2ChatFormatter``) when no ``chat_format``
is forced, which is how Mira loads a model. Before loading, the template renders a two-turn sample
here with that same formatter; a template that fails (a syntax llama-cpp-python's Jinja2 does not
take, a ``raise_exception`` on Mira's messages) falls back to a named format — the one the model's
own special tokens point at — and the reason is kept, so the model page can show both the sample
and why. The same formatter renders a probe with a tool to learn how the model calls tools
(:mod:`.tool_calls.formats`). (GPT4All's move to its own template engine broke sideloaded models, #3266; here the
engine is the one that will run the model, so the sample is what the model will see.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mira_desktop.core.phrases import Phrase, said
from mira_desktop.models.adapters.local.gguf_metadata import GgufHeader
from mira_desktop.models.adapters.local.tool_calls.formats import (
    PROBE_MESSAGES,
    PROBE_TOOLS,
    ToolCallFormat,
    format_of_rendering,
    has_thinking_switch,
)

SAMPLE: tuple[dict[str, str], ...] = (
    {"role": "system", "content": "You are Mira, a helpful assistant."},
    {"role": "user", "content": "Hello!"},
    {"role": "assistant", "content": "Hello! How can I help?"},
    {"role": "user", "content": "What is 2 + 2?"},
)
# A named format for each family, picked by a special token of its vocabulary (llama-cpp-python's names).
_BY_TOKEN = (
    ("<|im_start|>", "chatml"),
    ("<|start_header_id|>", "llama-3"),
    ("<start_of_turn>", "gemma"),
    ("[INST]", "mistral-instruct"),
)
_FORMATTERS = {
    "chatml": "format_chatml",
    "llama-3": "format_llama3",
    "gemma": "format_gemma",
    "mistral-instruct": "format_mistral_instruct",
    "llama-2": "format_llama2",
}
DEFAULT_FALLBACK = "llama-2"  # llama-cpp-python's own when a model has no template


@dataclass(frozen=True)
class TemplateCheck:
    """How a local model's prompts are written, with a sample of two turns."""

    name: str  # the family the template writes (chatml, llama-3, …) or the named format used
    chat_format: str | None  # forced on llama.cpp; None: the GGUF's own template
    sample: str
    problem: str = ""  # why the GGUF's template is not used
    tool_call_format: str = "json"  # how it calls tools (tool_calls.formats.ToolCallFormat)
    thinking_switch: bool = False  # the template reads a switch that turns thinking on or off
    problem_phrase: Phrase | None = field(default=None, compare=False)  # the problem, for the window

    @property
    def from_model(self) -> bool:
        return self.chat_format is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "from_model": self.from_model,
            "chat_format": self.chat_format,
            "sample": self.sample,
            "problem": self.problem,
            "tool_call_format": self.tool_call_format,
            "thinking_switch": self.thinking_switch,
        }


def template_name(template: str | None) -> str:
    """The family a template writes, by the markers it emits (``custom`` when none is known)."""
    if not template:
        return "none"
    for marker, name in _BY_TOKEN:
        if marker in template:
            return name
    return "custom"


def check_template(header: GgufHeader) -> TemplateCheck:
    """Render :data:`SAMPLE` with the model's template, or fall back to a named format and say why."""
    template = header.chat_template
    bos, eos = special_token(header, "bos"), special_token(header, "eos")
    if template is None:
        return _fallback(header, said("models.template.none"))
    try:
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        formatter = Jinja2ChatFormatter(template=template, eos_token=eos, bos_token=bos)
        sample = formatter(messages=list(SAMPLE)).prompt  # type: ignore[arg-type]
    except Exception as exc:  # any failure of the model's template: a named format instead
        return _fallback(header, said("models.template.failed", error=f"{type(exc).__name__}: {exc}"))
    return TemplateCheck(
        template_name(template),
        None,
        sample,
        "",
        tool_call_format(formatter).value,
        has_thinking_switch(template),
    )


def tool_call_format(formatter: Any) -> ToolCallFormat:
    """How the template writes tool calls, by what it renders of a probe with and without tools."""
    try:
        with_tools = formatter(messages=PROBE_MESSAGES, tools=PROBE_TOOLS).prompt
    except Exception:  # a template that cannot render a call or a result: Mira's own JSON grammar
        return ToolCallFormat.JSON
    try:
        without = formatter(messages=PROBE_MESSAGES).prompt
    except Exception:  # a tool-use-only template (Hermes 3's) needs its tools
        without = ""
    return format_of_rendering(with_tools, without)


def tools_formatter(header: GgufHeader) -> Any:
    """The GGUF's own template as llama-cpp-python renders it (None without a template)."""
    if header.chat_template is None:
        return None
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    return Jinja2ChatFormatter(
        template=header.chat_template, eos_token=special_token(header, "eos"), bos_token=special_token(header, "bos")
    )


def _fallback(header: GgufHeader, problem: Phrase) -> TemplateCheck:
    tokens = set(header.tokens or ())
    name = next((n for marker, n in _BY_TOKEN if marker in tokens), DEFAULT_FALLBACK)
    from llama_cpp import llama_chat_format

    render = getattr(llama_chat_format, _FORMATTERS[name])
    sample = render(messages=list(SAMPLE)).prompt
    return TemplateCheck(name, name, sample, problem.english, problem_phrase=problem)


def special_token(header: GgufHeader, which: str) -> str:
    """The text of the model's ``bos`` or ``eos`` token (empty when its header does not say)."""
    index = header.values.get(f"tokenizer.ggml.{which}_token_id")
    tokens = header.tokens or ()
    return tokens[index] if isinstance(index, int) and 0 <= index < len(tokens) else ""
