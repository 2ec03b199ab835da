"""One reply of a local model whose template renders tools: its own format in, its calls out.

The request's messages and tools go through the GGUF's own chat template (llama-cpp-python's
``Jinja2ChatFormatter``, as for every local prompt); the model writes freely until its family's
trigger, the call grammar writes the call (:mod:`..lazy_generation`), and the family's parser reads
the reply. Free text streams as it settles; gpt-oss's channels are read whole, then its answer is
sent. Calls go out as ``ToolCallDelta`` chunks, like a server's native calls.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.models.adapters.local.grammar import compiled_grammar, schema_rules
from mira_desktop.models.adapters.local.lazy_generation import Sampling, Watch, generate_with_lazy_grammar
from mira_desktop.models.adapters.local.tool_calls import gemma4
from mira_desktop.models.adapters.local.tool_calls.formats import ToolCallFormat
from mira_desktop.models.adapters.local.tool_calls.grammars import arguments_schema, call_grammar
from mira_desktop.models.adapters.local.tool_calls.parsers import parse_reply
from mira_desktop.models.adapters.local.tool_calls.render import template_messages, template_tools
from mira_desktop.models.protocol import ChatRequest, Chunk, Finish, TextDelta, ToolCallDelta, Usage

DEFAULT_MAX_TOKENS = 2048


def render_prompt(formatter: Any, request: ChatRequest, fmt: ToolCallFormat = ToolCallFormat.HERMES) -> str:
    """The prompt of ``request`` with its tools, written by the model's own template."""
    messages = template_messages(request.messages)
    if fmt is ToolCallFormat.GEMMA4:  # results inside the model's turn, as its template reads them
        messages = gemma4.with_tool_responses(messages)
    rendered = formatter(messages=messages, tools=template_tools(request.tools))
    return str(rendered.prompt)


def call_grammar_for(llm: Any, fmt: ToolCallFormat, request: ChatRequest) -> tuple[Any, Watch]:
    """The compiled grammar of one call of the request's tools, and where a call begins."""
    schema = arguments_schema(request.tools)
    names = [t.name for t in request.tools]
    built = call_grammar(fmt, request.tools, schema_rules(schema))
    key = json.dumps([fmt.value, names, schema], sort_keys=True)
    return compiled_grammar(llm, lambda: built.rules, key), Watch(built.triggers, built.at_start)


def sampling_of(request: ChatRequest) -> Sampling:
    s = request.sampling
    return Sampling(
        max_tokens=s.max_tokens or DEFAULT_MAX_TOKENS,
        temperature=0.8 if s.temperature is None else s.temperature,
        top_p=0.95 if s.top_p is None else s.top_p,
        top_k=40 if s.top_k is None else s.top_k,
        frequency_penalty=s.frequency_penalty or 0.0,
        presence_penalty=s.presence_penalty or 0.0,
        seed=s.seed,
        stop=tuple(s.stop or ()),
    )


def tool_completion(
    llm: Any,
    formatter: Any,
    fmt: ToolCallFormat,
    request: ChatRequest,
    *,
    stop: CancelToken,
    emit: Callable[[Chunk], None],
) -> None:
    """Generate one reply to ``request`` and emit its text, calls, usage and finish."""
    prompt = render_prompt(formatter, request, fmt)
    grammar, watch = call_grammar_for(llm, fmt, request)
    streams = fmt is not ToolCallFormat.GPT_OSS  # harmony's channels are read whole

    def on_text(text: str) -> None:
        emit(TextDelta(text))

    result = generate_with_lazy_grammar(
        llm,
        prompt,
        sampling_of(request),
        grammar,
        watch,
        eager=request.tool_choice == "required",
        cancel=stop,
        on_text=on_text if streams else None,
    )
    parsed = parse_reply(fmt, result.text)
    if not streams and parsed.content:
        emit(TextDelta(parsed.content))
    for index, (name, arguments) in enumerate(parsed.calls):
        emit(ToolCallDelta(index, None, name, arguments))
    emit(Usage(result.prompt_tokens, result.tokens))
    emit(Finish("tool_calls" if parsed.calls and result.finish == "stop" else result.finish))
