"""Tool schemas disclosed as needed: which tools are folded, what a request offers, what the context
lists, and that the names the model asked for survive a checkpoint."""

from __future__ import annotations

from typing import Any

from mira_desktop.agent.checkpoint import Checkpoint
from mira_desktop.agent.context import agent_context
from mira_desktop.agent.grammar import grammar_schema
from mira_desktop.agent.tools.catalog import FILE_TOOLS, Origin, Risk, ToolDef
from mira_desktop.agent.tools.disclosure import (
    TOOL_SCHEMA,
    WINDOW_SHARE,
    folded_names,
    one_line,
    schema_text,
)
from mira_desktop.agent.tools.registry import ToolRegistry
from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.agent.tools.validation import validation_errors
from mira_desktop.core.cancel import CancelToken


class _Http:
    """A declared tool as the registry sees it (what it does is not asked here)."""

    def __init__(self, name: str) -> None:
        self._definition = ToolDef(
            name,
            f"Look up {name}.\nMore detail no list shows.",
            {"type": "object", "properties": {"q": {"type": "string", "maxLength": 50}}, "required": ["q"]},
            Risk.EXTERNAL,
            Origin.HTTP,
        )

    @property
    def definition(self) -> ToolDef:
        return self._definition

    def call(self, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        return ToolResult(True, "{}")


def _words(text: str) -> int:
    return len(text.split())


def _registry(count: int) -> ToolRegistry:
    return ToolRegistry(external=[_Http(f"lookup_{n}") for n in range(count)])


def test_a_set_whose_schemas_fit_a_fifth_of_the_window_is_sent_in_full() -> None:
    tools = _registry(40).tools
    assert folded_names(tools, _words(schema_text(tools)) * WINDOW_SHARE, _words) == frozenset()


def test_past_a_fifth_miras_own_tools_stay_and_the_others_fold_from_the_first_that_does_not_fit() -> None:
    tools = _registry(40).tools
    own = _words(schema_text(FILE_TOOLS))
    one = _words(schema_text([tools[len(FILE_TOOLS)]]))
    folded = folded_names(tools, (own + 3 * one) * WINDOW_SHARE, _words)
    assert folded == {f"lookup_{n}" for n in range(3, 40)}
    everything = folded_names(tools, own * WINDOW_SHARE, _words)  # Mira's own fill the fifth
    assert everything == {f"lookup_{n}" for n in range(40)}
    assert not everything & {tool.name for tool in FILE_TOOLS}


def test_a_folded_registry_offers_its_own_tools_and_tool_schema_until_each_is_asked_for() -> None:
    registry = _registry(3)
    registry.fold(["lookup_0", "lookup_1", "lookup_2", "not_offered"])
    assert registry.folded == {"lookup_0", "lookup_1", "lookup_2"}
    first = [tool.name for tool in registry.offered()]
    assert first == [*(tool.name for tool in FILE_TOOLS), TOOL_SCHEMA]
    asking = registry.offered()[-1].parameters["properties"]["names"]["items"]["enum"]
    assert asking == ["lookup_0", "lookup_1", "lookup_2"]
    later = registry.offered(["lookup_1"])
    assert [tool.name for tool in later][-2:] == ["lookup_1", TOOL_SCHEMA]
    assert later[-1].parameters["properties"]["names"]["items"]["enum"] == ["lookup_0", "lookup_2"]
    assert TOOL_SCHEMA not in [tool.name for tool in registry.offered(["lookup_0", "lookup_1", "lookup_2"])]
    assert registry.share(["lookup_1"]).to_dict() == {"shown": 9, "offered": 11, "asked": 1}
    assert registry.get("lookup_2") is not None  # still callable: validated against its own schema


def test_an_unfolded_registry_offers_every_schema_and_no_tool_schema() -> None:
    registry = _registry(2)
    registry.fold([])
    assert registry.offered() == registry.tools
    assert registry.get(TOOL_SCHEMA) is None


def test_the_context_lists_folded_tools_by_name_and_first_line_only() -> None:
    registry = _registry(2)
    registry.fold(["lookup_0", "lookup_1"])
    native = agent_context("ws", registry.tools, {}, json_mode=False, folded=registry.folded)
    assert "- lookup_0: Look up lookup_0." in native
    assert "More detail" not in native
    assert '"maxLength": 50' not in native
    grammar = agent_context("ws", registry.tools, {}, json_mode=True, folded=registry.folded)
    assert f"- {TOOL_SCHEMA}(names: array)" in grammar
    assert "- lookup_0(" not in grammar


def test_one_line_cuts_a_long_first_line() -> None:
    assert one_line("\n  First.\nSecond.") == "First."
    cut = one_line("x" * 500)
    assert len(cut) == 120
    assert cut.endswith("…")


def test_the_names_the_model_asked_for_survive_a_checkpoint() -> None:
    saved = Checkpoint(disclosed=["lookup_1"]).to_json()
    assert Checkpoint.from_json(saved).disclosed == ["lookup_1"]
    assert Checkpoint.from_json(Checkpoint().to_json()).disclosed == []


def test_llama_cpp_compiles_a_folded_runs_json_grammar_and_hermes_call_grammar_with_tool_schema() -> None:
    """A local model can ask for schemas in either of its ways: Mira's JSON grammar (SmolLM2 as
    shipped) and its own call format, both compiled by llama.cpp against SmolLM2's vocabulary."""
    import llama_cpp

    from mira_desktop.core.sampling import SamplingParams
    from mira_desktop.models.adapters.local.grammar import grammar_for
    from mira_desktop.models.adapters.local.tool_calls.completion import call_grammar_for
    from mira_desktop.models.adapters.local.tool_calls.formats import ToolCallFormat
    from mira_desktop.models.embedded import smollm2_gguf_path
    from mira_desktop.models.protocol import ChatMessage, ChatRequest

    registry = _registry(40)
    registry.fold(name for name in registry.names if name.startswith("lookup_"))
    schema = grammar_schema(registry.offered(["lookup_3"]))
    asking = {"tool": TOOL_SCHEMA, "args": {"names": ["lookup_7", "lookup_9"]}}
    assert validation_errors(asking, schema) == []
    assert validation_errors({"tool": TOOL_SCHEMA, "args": {"names": ["lookup_3"]}}, schema)  # already shown
    assert validation_errors({"tool": "lookup_3", "args": {"q": "x"}}, schema) == []
    assert validation_errors({"tool": "lookup_4", "args": {"q": "x"}}, schema)  # not asked for yet
    path = smollm2_gguf_path()
    assert path is not None
    llm = llama_cpp.Llama(model_path=str(path), vocab_only=True, verbose=False)
    try:
        assert grammar_for(llm, schema) is not None  # raises ModelError when llama.cpp refuses it
        request = ChatRequest((ChatMessage("user", "hi"),), SamplingParams(), tools=registry.specs())
        grammar, _watch = call_grammar_for(llm, ToolCallFormat.HERMES, request)
        assert grammar is not None
    finally:
        llm.close()
