"""A local model without native tool calls answers through one JSON grammar: with web_search and
web_fetch offered beside the file tools, llama.cpp compiles it against the embedded SmolLM2's
vocabulary, and the source id's pattern (S and up to three digits) is in it."""

from __future__ import annotations

import json

from mira_desktop.agent.grammar import grammar_schema
from mira_desktop.agent.tools.catalog import FILE_TOOLS
from mira_desktop.models.adapters.local.grammar import grammar_for, schema_rules
from mira_desktop.models.embedded import smollm2_gguf_path
from mira_desktop.services.web.addresses import AddressPolicy
from mira_desktop.services.web.providers import SEARXNG, Provider
from mira_desktop.services.web.tools import WebFetch, WebSearch, WebSession


def test_llama_cpp_compiles_the_grammar_of_a_run_offered_the_web_tools() -> None:
    import llama_cpp

    session = WebSession(Provider(SEARXNG, "http://127.0.0.1:9/"), AddressPolicy(), 1, 1)
    schema = grammar_schema([*FILE_TOOLS, WebSearch(session).definition, WebFetch(session).definition])
    llm = llama_cpp.Llama(model_path=str(smollm2_gguf_path()), vocab_only=True, verbose=False)
    try:
        assert grammar_for(llm, schema) is not None
    finally:
        llm.close()
    rules = schema_rules(schema)
    (source_rule,) = [line for line in rules.splitlines() if "source-id ::=" in line]
    assert '"S"' in source_rule
    assert "web_fetch" in json.dumps(schema)
