"""Gemma 4's own tool calls: told from its real template, rendered through it, read from its output.

The template is llama.cpp's ``models/templates/google-gemma-4-31B-it-interleaved.jinja`` (ggml-org/
llama.cpp), copied unchanged as ``tool_templates/gemma4.jinja``. The outputs are written as that
template writes a model turn's calls (``<|tool_call>call:NAME{key:<|"|>text<|"|>}<tool_call|>``, its
thought channel ``<|channel>thought…<channel|>``), which is the format the model is trained to answer in.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.models.adapters.local.thinking import opens_thinking, thinking_format
from mira_desktop.models.adapters.local.tool_calls.formats import ToolCallFormat
from mira_desktop.models.adapters.local.tool_calls.parsers import parse_reply
from mira_desktop.models.protocol import (
    ChatMessage,
    ChatRequest,
    ReasoningDelta,
    TextDelta,
    ToolCall,
    ToolSpec,
)
from mira_desktop.models.reasoning import GEMMA4, ReasoningSplitter

TEMPLATE = (Path(__file__).parent / "tool_templates" / "gemma4.jinja").read_text(encoding="utf-8")
Q = '<|"|>'


def _formatter() -> Any:
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    return Jinja2ChatFormatter(template=TEMPLATE, eos_token="<eos>", bos_token="<bos>")


def _calls(text: str) -> list[tuple[str, Any]]:
    return [
        (name, json.loads(arguments)) for name, arguments in parse_reply(ToolCallFormat.GEMMA4, text).calls
    ]


def test_gemma_4_is_told_by_what_its_real_template_renders() -> None:
    from mira_desktop.models.adapters.local.chat_template import tool_call_format

    assert tool_call_format(_formatter()) is ToolCallFormat.GEMMA4


def test_gemma_4s_thought_channel_and_switch_are_read_from_its_template() -> None:
    thinking = thinking_format(TEMPLATE)
    assert GEMMA4 in thinking.tags
    assert thinking.switch == "enable_thinking"
    assert thinking.reasoning_key == "reasoning_content"
    # Thinking off: the generation prompt writes an empty, closed thought: the answer is not reasoning.
    assert not opens_thinking(
        _formatter()(messages=[{"role": "user", "content": "Hi"}]).prompt, thinking.tags
    )


def test_one_call_is_read_with_its_arguments() -> None:
    text = f"<|tool_call>call:read_file{{path:{Q}notes/a.txt{Q}}}<tool_call|>"
    parsed = parse_reply(ToolCallFormat.GEMMA4, text)
    assert parsed.content == ""
    assert _calls(text) == [("read_file", {"path": "notes/a.txt"})]


def test_several_calls_are_read_in_the_models_order() -> None:
    text = (
        f"<|tool_call>call:list_files{{path:{Q}docs{Q}}}<tool_call|>"
        f"<|tool_call>call:read_file{{limit:20,path:{Q}docs/b.md{Q}}}<tool_call|>"
    )
    assert _calls(text) == [
        ("list_files", {"path": "docs"}),
        ("read_file", {"limit": 20, "path": "docs/b.md"}),
    ]


def test_nested_arguments_and_chinese_text_read_as_written() -> None:
    content = '第一行 "引号" {大括号}, 逗号:冒号\n第二行'
    text = (
        f"<|tool_call>call:write_file{{content:{Q}{content}{Q},meta:{{tags:[{Q}笔记{Q},{Q}a,b{Q}],"
        f"deep:{{n:-1.5,ok:true,none:null}}}},path:{Q}笔记/今天.md{Q}}}<tool_call|>"
    )
    assert _calls(text) == [
        (
            "write_file",
            {
                "content": content,
                "meta": {"tags": ["笔记", "a,b"], "deep": {"n": -1.5, "ok": True, "none": None}},
                "path": "笔记/今天.md",
            },
        )
    ]


def test_what_the_real_template_writes_for_a_call_reads_back_as_the_same_arguments() -> None:
    arguments = {"path": "报告.md", "options": {"lines": [1, 2], "strict": False, "label": "a:b,{c}"}}
    prompt = _formatter()(
        messages=[
            {"role": "user", "content": "Read it"},
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {"id": "c1", "type": "function", "function": {"name": "read", "arguments": arguments}}
                ],
            },
        ]
    ).prompt
    written = prompt[prompt.index("<|tool_call>") : prompt.index("<tool_call|>") + len("<tool_call|>")]
    assert _calls(written) == [("read", arguments)]


def test_text_before_a_call_is_the_answer_and_the_thought_is_reasoning() -> None:
    text = (
        "<|channel>thought\nThe user wants the list.<channel|>"
        f"Let me look.<|tool_call>call:list_files{{path:{Q}.{Q}}}<tool_call|>"
    )
    parsed = parse_reply(ToolCallFormat.GEMMA4, text)
    assert (parsed.content, parsed.reasoning) == ("Let me look.", "The user wants the list.")
    assert _calls(text) == [("list_files", {"path": "."})]


def test_a_plain_answer_has_no_calls_and_loses_its_end_of_turn() -> None:
    parsed = parse_reply(ToolCallFormat.GEMMA4, "<|channel>thought\n<channel|>Hello, 你好!<turn|>")
    assert (parsed.content, parsed.calls, parsed.reasoning) == ("Hello, 你好!", (), "")


@pytest.mark.parametrize(
    "cut",
    [
        f"<|tool_call>call:write_file{{path:{Q}a.txt{Q},content:{Q}half a li",
        f"<|tool_call>call:write_file{{path:{Q}a.txt{Q}",
        "<|tool_call>call:write_file{",
    ],
)
def test_a_call_cut_off_mid_stream_is_kept_raw_so_the_model_is_told(cut: str) -> None:
    parsed = parse_reply(ToolCallFormat.GEMMA4, "Writing it." + cut)
    assert parsed.content == "Writing it."
    assert parsed.calls == (("", cut),)


def test_a_call_written_inside_the_thought_is_reasoning_not_a_call() -> None:
    text = f"<|channel>thought\nmaybe <|tool_call>call:rm{{path:{Q}/{Q}}}<tool_call|><channel|>No."
    parsed = parse_reply(ToolCallFormat.GEMMA4, text)
    assert (parsed.content, parsed.calls) == ("No.", ())


def test_the_thought_channel_streams_as_reasoning_even_when_split_across_pieces() -> None:
    splitter = ReasoningSplitter(thinking_format(TEMPLATE).read_tags)
    pieces = ["<|chan", "nel>thought\nFirst I ", "check.<chan", "nel|>The ", "answer."]
    chunks = [c for p in pieces for c in splitter.feed(p)] + splitter.flush()
    assert "".join(c.text for c in chunks if isinstance(c, ReasoningDelta)).strip() == "First I check."
    assert "".join(c.text for c in chunks if isinstance(c, TextDelta)) == "The answer."


def test_tool_results_are_rendered_inside_the_model_turn_as_gemma_4s_template_reads_them() -> None:
    from mira_desktop.models.adapters.local.tool_calls.completion import render_prompt

    request = ChatRequest(
        (
            ChatMessage("user", "读 a.txt"),
            ChatMessage("assistant", "", (ToolCall("c-1", "read_file", {"path": "a.txt"}),)),
            ChatMessage("tool", "hello 世界", tool_call_id="c-1", name="read_file"),
        ),
        tools=(
            ToolSpec(
                "read_file", "Read a file.", {"type": "object", "properties": {"path": {"type": "string"}}}
            ),
        ),
    )
    prompt = render_prompt(_formatter(), request, ToolCallFormat.GEMMA4)
    assert '<|tool>declaration:read_file{description:<|"|>Read a file.<|"|>' in prompt
    assert prompt.endswith(
        f"<|turn>model\n<|tool_call>call:read_file{{path:{Q}a.txt{Q}}}<tool_call|>"
        f"<|tool_response>response:read_file{{value:{Q}hello 世界{Q}}}<tool_response|>"
        "<|channel>thought\n<channel|>"
    )
    assert "<|turn>tool" not in prompt
