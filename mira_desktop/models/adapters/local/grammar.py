"""Constraining a local model's answer to a JSON schema with a grammar llama.cpp has accepted.

llama-cpp-python turns a JSON schema into a GBNF grammar; a grammar llama.cpp refuses makes the
process crash when sampling starts (0.3.36), and a ``response_format`` it cannot convert is
silently dropped. So the grammar is built here and first compiled against the model's vocabulary:
a schema that does not compile fails the request with a clear error — never an unconstrained
answer. Compiled grammars are kept per schema.
"""

from __future__ import annotations

import json
from typing import Any

from mira_desktop.models.errors import ErrorKind, ModelError

_COMPILED: dict[tuple[int, str], Any] = {}  # (id of the llama model, schema JSON) → LlamaGrammar


def grammar_for(llm: Any, schema: dict[str, Any]) -> Any:
    """The ``LlamaGrammar`` of ``schema`` for ``llm``, checked by llama.cpp itself; raises ModelError."""
    import llama_cpp
    from llama_cpp.llama_grammar import LlamaGrammar

    text = json.dumps(schema, sort_keys=True)
    key = (id(llm), text)
    if key in _COMPILED:
        return _COMPILED[key]
    try:
        grammar = LlamaGrammar.from_json_schema(text, verbose=False)
    except Exception as exc:  # the converter raises on schema features it does not know
        raise ModelError(
            ErrorKind.BAD_REQUEST,
            "The answer format could not be turned into a grammar for this local model; nothing was generated.",
            detail=str(exc),
        ) from exc
    vocab = llama_cpp.llama_model_get_vocab(llm._model.model)
    sampler = llama_cpp.llama_sampler_init_grammar(vocab, grammar._grammar.encode("utf-8"), b"root")
    if not sampler:
        raise ModelError(
            ErrorKind.BAD_REQUEST,
            "llama.cpp refused the grammar of the answer format, so the model was not run unconstrained: "
            "nothing was generated.",
        )
    llama_cpp.llama_sampler_free(sampler)
    _COMPILED[key] = grammar
    return grammar
