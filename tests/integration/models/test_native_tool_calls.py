"""A local model whose template renders tools calls them in its own format, with a lazy grammar.

SmolLM2 runs with a Hermes-style tools template (``tests/support/tools_gguf.py``): the prompt is
written by that template, free text is generated without a grammar, and once the reply reaches
``<tool_call>`` (or from its first token when a call is required) the call's grammar writes it.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from mira_desktop.agent.tools.catalog import ALL_TOOLS
from mira_desktop.agent.tools.validation import validation_errors
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.adapters.local.llama import LlamaCppModel
from mira_desktop.models.adapters.local.tool_calls.formats import ToolCallFormat
from mira_desktop.models.protocol import (
    ChatMessage,
    ChatRequest,
    Finish,
    TextDelta,
    ToolCall,
    ToolCallDelta,
    ToolSpec,
)
from tests.support.tools_gguf import smollm2_gemma4, smollm2_hermes

pytestmark = pytest.mark.slow

LIST_FILES = ToolSpec(
    "list_files",
    "List the files of a folder.",
    {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
)
GREEDY = SamplingParams(max_tokens=60, temperature=0.0)


@pytest.fixture(scope="module")
def hermes_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return smollm2_hermes(tmp_path_factory.mktemp("gguf") / "smollm2-hermes.gguf")


@pytest.fixture(scope="module")
def hermes(hermes_gguf: Path) -> Iterator[LlamaCppModel]:
    model = LlamaCppModel("local:" + str(hermes_gguf), hermes_gguf, "SmolLM2 (Hermes tools)")
    yield model
    model.close()


def test_lazy_generation_uses_llama_cpp_python_as_it_is() -> None:
    """The token-level API that ``lazy_generation`` and the call grammar drive: fails when it changes."""
    import llama_cpp

    generate = inspect.signature(llama_cpp.Llama.generate).parameters
    assert {"tokens", "temp", "top_k", "top_p", "grammar", "reset"} <= set(generate)
    assert "special" in inspect.signature(llama_cpp.Llama.detokenize).parameters
    assert "special" in inspect.signature(llama_cpp.Llama.tokenize).parameters
    assert callable(llama_cpp.llama_vocab_is_eog)
    assert callable(llama_cpp.llama_model_get_vocab)
    assert "_model" in inspect.getsource(llama_cpp.Llama.__init__)


def test_a_template_that_renders_tools_makes_the_model_call_in_its_own_format(hermes: LlamaCppModel) -> None:
    profile = hermes.profile()
    assert profile.tool_call_format == "hermes"
    assert profile.supports_tools is True  # the agent offers it its tools natively
    assert profile.thinking_switch is None  # its template takes no switch


def test_the_embedded_model_without_a_tools_template_keeps_the_json_grammar() -> None:
    from mira_desktop.models.embedded import smollm2_gguf_path

    path = smollm2_gguf_path()
    assert path is not None
    profile = LlamaCppModel("local:smollm2", path, "SmolLM2").profile()
    assert (profile.tool_call_format, profile.supports_tools) == ("json", False)


def test_a_required_call_is_written_by_the_grammar_from_the_first_token(hermes: LlamaCppModel) -> None:
    request = ChatRequest(
        (ChatMessage("user", "List the files in the folder docs."),),
        GREEDY,
        (LIST_FILES,),
        tool_choice="required",
    )
    chunks = list(hermes.stream(request, CancelToken()))
    calls = [c for c in chunks if isinstance(c, ToolCallDelta)]
    assert [c.name for c in calls] == ["list_files"]
    assert validation_errors(json.loads(calls[0].arguments), LIST_FILES.parameters) == []
    assert chunks[-1] == Finish("tool_calls")


def test_the_model_writes_free_text_until_it_starts_a_call_then_the_grammar_takes_over(
    hermes: LlamaCppModel,
) -> None:
    """Without a required call the reply is free; this history of calls leads SmolLM2 to write
    ``<tool_call>`` itself, and from there the grammar holds it to a valid call of an offered tool."""
    history: list[ChatMessage] = []
    for folder in ("src", "docs", "notes", "tests"):
        history += [
            ChatMessage("user", f"List the files in {folder}."),
            ChatMessage("assistant", "", (ToolCall(f"c-{folder}", "list_files", {"path": folder}),)),
            ChatMessage("tool", f"{folder}/a.txt", tool_call_id=f"c-{folder}", name="list_files"),
        ]
    request = ChatRequest((*history, ChatMessage("user", "List the files in books.")), GREEDY, (LIST_FILES,))
    chunks = list(hermes.stream(request, CancelToken()))
    calls = [c for c in chunks if isinstance(c, ToolCallDelta)]
    assert [(c.name, json.loads(c.arguments)) for c in calls] == [("list_files", {"path": "books"})]
    answer = ChatRequest((ChatMessage("user", "Say hello to Ann in one sentence."),), GREEDY, (LIST_FILES,))
    replies = list(hermes.stream(answer, CancelToken()))
    assert not [c for c in replies if isinstance(c, ToolCallDelta)]
    assert "".join(c.text for c in replies if isinstance(c, TextDelta)).strip()  # a free answer, streamed


def test_with_gemma_4s_template_a_required_call_is_written_and_read_in_gemma_4s_syntax(tmp_path: Path) -> None:
    """SmolLM2 with Gemma 4's real template: the prompt is Gemma 4's, the grammar writes
    ``<|tool_call>call:list_files{path:<|"|>…<|"|>}<tool_call|>`` and its parser reads the call."""
    gguf = smollm2_gemma4(tmp_path / "smollm2-gemma4.gguf")
    model = LlamaCppModel("local:" + str(gguf), gguf, "SmolLM2 (Gemma 4 template)")
    try:
        profile = model.profile()
        assert (profile.tool_call_format, profile.supports_tools) == ("gemma4", True)
        assert profile.thinking_switch == "enable_thinking"
        request = ChatRequest(
            (ChatMessage("user", "List the files in the folder docs."),), GREEDY, (LIST_FILES,), tool_choice="required"
        )
        chunks = list(model.stream(request, CancelToken()))
    finally:
        model.close()
    calls = [c for c in chunks if isinstance(c, ToolCallDelta)]
    assert [c.name for c in calls] == ["list_files"]
    assert set(json.loads(calls[0].arguments)) == {"path"}  # the grammar allows only the tool's own keys
    assert isinstance(json.loads(calls[0].arguments)["path"], str)
    assert chunks[-1] == Finish("tool_calls")


@pytest.mark.parametrize("fmt", [f for f in ToolCallFormat if f.native])
def test_llama_cpp_compiles_each_familys_call_grammar_for_every_tool(
    fmt: ToolCallFormat, hermes: LlamaCppModel
) -> None:
    """Every Mira tool (file contents of any length included) in every family's call grammar."""
    from mira_desktop.models.adapters.local.tool_calls.completion import call_grammar_for

    hermes.prepare()
    specs = tuple(ToolSpec(t.name, t.description, t.parameters) for t in ALL_TOOLS)
    grammar, watch = call_grammar_for(hermes._llm, fmt, ChatRequest((), tools=specs))
    assert watch.triggers == ("<tool_call>",) if fmt is ToolCallFormat.HERMES else watch.triggers
    rules = grammar._grammar
    assert 'string ::= "\\"" char* "\\""' in rules  # write_file's content: a string of any length
    assert grammar._grammar.count("(") < 2000  # no cap expanded into nested groups
