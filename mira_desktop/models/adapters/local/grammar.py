"""Constraining a local model's answer to a JSON schema with a grammar llama.cpp has accepted.

llama-cpp-python turns a JSON schema into a GBNF grammar; a grammar llama.cpp refuses makes the
process crash when sampling starts (0.3.36), and a ``response_format`` it cannot convert is
silently dropped. So the grammar is built here and first compiled against the model's vocabulary:
a schema that does not compile fails the request with a clear error — never an unconstrained
answer. Compiled grammars are kept per schema.

The converter of llama-cpp-python 0.3.36 lets a string hold raw control characters (its ``char``
rule is ``[^"\\]``), which makes the JSON unreadable: the rule is tightened to what JSON allows. It
also ignores ``minimum``/``maximum``: integers are held to the digits of the largest maximum (and to
no sign when no minimum is negative), so a model cannot send 1000000000000000 for a line number.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from mira_desktop.models.errors import ErrorKind, ModelError

_LOOSE_CHAR = 'char ::= [^"\\\\]'
_JSON_CHAR = 'char ::= [^"\\\\\\x7F\\x00-\\x1F]'  # no raw control characters inside a JSON string
_COMPILED: dict[tuple[int, str], Any] = {}  # (id of the llama model, schema JSON) → LlamaGrammar


def grammar_for(llm: Any, schema: dict[str, Any]) -> Any:
    """The ``LlamaGrammar`` of ``schema`` for ``llm``, checked by llama.cpp itself; raises ModelError."""
    return compiled_grammar(llm, lambda: schema_rules(schema), json.dumps(schema, sort_keys=True))


def schema_rules(schema: dict[str, Any]) -> str:
    """The GBNF rules of ``schema`` (llama-cpp-python's converter, with JSON-valid strings and bounded
    integers); raises ModelError for a schema the converter does not take."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    try:
        rules = json_schema_to_gbnf(json.dumps(schema)).replace(_LOOSE_CHAR, _JSON_CHAR)
    except Exception as exc:  # the converter raises on schema features it does not know
        raise ModelError.classified(
            ErrorKind.BAD_REQUEST, "models.local.no_grammar", detail=str(exc)
        ) from exc
    return _bounded_integers(rules, schema)


def compiled_grammar(llm: Any, rules: Callable[[], str], key_text: str) -> Any:
    """A ``LlamaGrammar`` of ``rules()`` that llama.cpp compiled against ``llm``'s vocabulary (kept per
    ``key_text``); raises ModelError when llama.cpp refuses it (sampling it would crash the process)."""
    import llama_cpp
    from llama_cpp.llama_grammar import LlamaGrammar

    key = (id(llm), key_text)
    if key in _COMPILED:
        return _COMPILED[key]
    grammar = LlamaGrammar.from_string(rules(), verbose=False)
    vocab = llama_cpp.llama_model_get_vocab(llm._model.model)
    sampler = llama_cpp.llama_sampler_init_grammar(vocab, grammar._grammar.encode("utf-8"), b"root")
    if not sampler:
        raise ModelError.classified(ErrorKind.BAD_REQUEST, "models.local.grammar_refused")
    llama_cpp.llama_sampler_free(sampler)
    _COMPILED[key] = grammar
    return grammar


def _bounded_integers(rules: str, schema: dict[str, Any]) -> str:
    bounds = list(_integer_bounds(schema))
    if not bounds or any(high is None for _, high in bounds):
        return rules
    digits = max(len(str(abs(high))) for _, high in bounds if high is not None)
    lines = rules.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("integral-part ::="):
            lines[number] = f"integral-part ::= [0-9] | [1-9] [0-9]{{0,{max(digits - 1, 0)}}}"
        elif line.startswith("integer ::=") and all(low is not None and low >= 0 for low, _ in bounds):
            lines[number] = "integer ::= integral-part space"
    return "\n".join(lines)


def _integer_bounds(node: object) -> Iterator[tuple[int | None, int | None]]:
    if isinstance(node, dict):
        if node.get("type") == "integer":
            yield node.get("minimum"), node.get("maximum")
        for value in node.values():
            yield from _integer_bounds(value)
    elif isinstance(node, list):
        for value in node:
            yield from _integer_bounds(value)
