"""Each family's tool calls: told apart by what its template renders, read from real output samples.

The output samples are llama.cpp's own, from ``tests/test-chat.cpp`` of ggml-org/llama.cpp (the
parser tests of COMMON_CHAT_FORMAT_HERMES_2_PRO, LLAMA_3_X, MISTRAL_NEMO and GPT_OSS), copied as
the one-line literals they are there. The templates below are Mira's own short ones that render
tools, calls and results the way each family's published template does (Qwen 2.5's, Llama 3.2's,
Mistral Nemo's and Small 3.2's, gpt-oss's — ``models/templates/*.jinja`` of llama.cpp), except
``gemma4.jinja``, which is llama.cpp's ``models/templates/google-gemma-4-31B-it-interleaved.jinja``
itself, unchanged (Gemma 4's tests are in ``test_gemma4_tool_calls.py``); the real ones are checked by ``test_real_templates_are_told_apart`` when ``MIRA_CHAT_TEMPLATES`` names a
folder of them.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mira_desktop.models.adapters.local.tool_calls.formats import ToolCallFormat, has_thinking_switch
from mira_desktop.models.adapters.local.tool_calls.parsers import ParsedReply, parse_reply, split_think

CALL = ("special_function", '{"arg1": 1}')


@pytest.mark.parametrize(
    ("fmt", "text", "expected"),
    [
        (ToolCallFormat.HERMES,
         '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>',
         ParsedReply("", (CALL,))),
        (ToolCallFormat.HERMES,
         'Hello, world!\nWhat\'s up?<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>',
         ParsedReply("Hello, world!\nWhat's up?", (CALL,))),
        (ToolCallFormat.HERMES,
         "I'm\nthinking</think>\n<tool_call>{\"name\": \"special_function\", \"arguments\": {\"arg1\": 1}}</tool_call>",
         ParsedReply("", (CALL,), "I'm\nthinking")),
        (ToolCallFormat.HERMES,
         '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>\n'
         '<tool_call>\n{"name": "python", "arguments": {"code":"print(\'hello\')"}}\n</tool_call>',
         ParsedReply("", (CALL, ("python", '{"code": "print(\'hello\')"}')))),
        (ToolCallFormat.HERMES, "Hello, world!\nWhat's up?", ParsedReply("Hello, world!\nWhat's up?")),
        (ToolCallFormat.LLAMA3, '{"name": "special_function", "parameters": {"arg1": 1}}', ParsedReply("", (CALL,))),
        (ToolCallFormat.LLAMA3, "Hello, world!\nWhat's up?", ParsedReply("Hello, world!\nWhat's up?")),
        (ToolCallFormat.MISTRAL,
         '[TOOL_CALLS][{"name": "special_function", "arguments": {"arg1": 1}, "id": "123456789"}]',
         ParsedReply("", (CALL,))),
        (ToolCallFormat.MISTRAL_ARGS, '[TOOL_CALLS]special_function[ARGS]{"arg1": 1}', ParsedReply("", (CALL,))),
        (ToolCallFormat.GPT_OSS,
         "<|channel|>analysis<|message|>I'm\nthinking<|end|>"
         "<|start|>assistant<|channel|>commentary to=functions.special_function <|constrain|>json<|message|>{\"arg1\": 1}",
         ParsedReply("", (CALL,), "I'm\nthinking")),
        (ToolCallFormat.GPT_OSS,
         "<|channel|>analysis<|message|>I'm\nthinking<|end|>"
         "<|start|>assistant<|channel|>final<|message|>Hello, world!\nWhat's up?",
         ParsedReply("Hello, world!\nWhat's up?", (), "I'm\nthinking")),
        (ToolCallFormat.GPT_OSS,
         "<|channel|>analysis<|message|>I'm\nthinking<|end|>"
         "<|start|>assistant<|channel|>commentary<|message|>Hello, world!\nWhat's up?<|end|>"
         "<|start|>assistant<|channel|>commentary to=functions.special_function <|constrain|>json<|message|>{\"arg1\": 1}",
         ParsedReply("Hello, world!\nWhat's up?", (CALL,), "I'm\nthinking")),
    ],
)  # fmt: skip
def test_each_family_reads_llama_cpp_output_samples(
    fmt: ToolCallFormat, text: str, expected: ParsedReply
) -> None:
    parsed = parse_reply(fmt, text)
    assert parsed.content == expected.content
    assert parsed.reasoning == expected.reasoning
    assert [(n, json.loads(a)) for n, a in parsed.calls] == [(n, json.loads(a)) for n, a in expected.calls]


def test_a_call_whose_json_is_broken_is_kept_raw_so_the_model_is_told() -> None:
    parsed = parse_reply(
        ToolCallFormat.HERMES, '<tool_call>\n{"name": "read_file", "arguments": {"path": </tool_call>'
    )
    assert parsed.calls == (("", '{"name": "read_file", "arguments": {"path":'),)


def test_a_call_written_inside_thinking_is_reasoning_not_a_call() -> None:
    reasoning, rest = split_think("<think>maybe <tool_call>{}</tool_call></think>The answer.")
    assert reasoning == "maybe <tool_call>{}</tool_call>"
    assert rest == "The answer."
    assert parse_reply(ToolCallFormat.HERMES, "<think>maybe <tool_call>{}</tool_call></think>No.").calls == ()


def test_the_thinking_switch_is_read_from_the_template() -> None:
    assert has_thinking_switch(
        "{% if enable_thinking is defined and enable_thinking is false %}<think>\n\n</think>"
    )
    assert has_thinking_switch("Reasoning: {{ reasoning_effort }}")
    assert not has_thinking_switch("{% for message in messages %}{{ message.content }}{% endfor %}")
    assert not has_thinking_switch(None)


TEMPLATES = Path(__file__).parent / "tool_templates"


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("hermes", ToolCallFormat.HERMES),
        ("llama3", ToolCallFormat.LLAMA3),
        ("mistral_nemo", ToolCallFormat.MISTRAL),
        ("mistral_v11", ToolCallFormat.MISTRAL_ARGS),
        ("gpt_oss", ToolCallFormat.GPT_OSS),
        ("gemma4", ToolCallFormat.GEMMA4),
        ("chatml_without_tools", ToolCallFormat.JSON),
    ],
)
def test_the_family_is_told_by_what_the_template_renders(name: str, fmt: ToolCallFormat) -> None:
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    from mira_desktop.models.adapters.local.chat_template import tool_call_format

    template = (TEMPLATES / f"{name}.jinja").read_text(encoding="utf-8")
    assert tool_call_format(Jinja2ChatFormatter(template=template, eos_token="</s>", bos_token="<s>")) is fmt


EXPECTED_REAL = {
    "Qwen-Qwen2.5-7B-Instruct": ToolCallFormat.HERMES,
    "Qwen-Qwen3-0.6B": ToolCallFormat.HERMES,
    "NousResearch-Hermes-3-Llama-3.1-8B-tool_use": ToolCallFormat.HERMES,
    "meta-llama-Llama-3.1-8B-Instruct": ToolCallFormat.LLAMA3,
    "meta-llama-Llama-3.2-3B-Instruct": ToolCallFormat.LLAMA3,
    "mistralai-Mistral-Nemo-Instruct-2407": ToolCallFormat.MISTRAL,
    "Mistral-Small-3.2-24B-Instruct-2506": ToolCallFormat.MISTRAL_ARGS,
    "openai-gpt-oss-120b": ToolCallFormat.GPT_OSS,
    "google-gemma-2-2b-it": ToolCallFormat.JSON,
    "google-gemma-4-31B-it-interleaved": ToolCallFormat.GEMMA4,
}


@pytest.mark.skipif(not os.environ.get("MIRA_CHAT_TEMPLATES"), reason="MIRA_CHAT_TEMPLATES names no folder")
def test_real_templates_are_told_apart() -> None:
    """llama.cpp's ``models/templates/*.jinja`` (not shipped with Mira: point MIRA_CHAT_TEMPLATES at them)."""
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    from mira_desktop.models.adapters.local.chat_template import tool_call_format

    folder = Path(os.environ["MIRA_CHAT_TEMPLATES"])
    for name, fmt in EXPECTED_REAL.items():
        template = (folder / f"{name}.jinja").read_text(encoding="utf-8")
        formatter = Jinja2ChatFormatter(template=template, eos_token="</s>", bos_token="<s>")
        assert tool_call_format(formatter) is fmt, name
