"""Mira's own sampling loop for tool calls in a model's format: free text, then a grammar from the trigger.

llama-cpp-python 0.3.x exposes llama.cpp's lazy grammar sampler only in its private ``_internals``
and never from ``create_completion``, whose text also drops special tokens (so a trigger such as
gpt-oss's ``<|channel|>`` or Mistral's ``[TOOL_CALLS]`` could not be seen). So the lazy grammar is
done here with the public ``Llama.generate``: generate without a grammar and watch the text (special
tokens written out) for the family's trigger; at the trigger, generate again from the prompt and the
text before it with the call's grammar, which writes the trigger and the whole call. The second
``generate`` reuses the evaluated prefix (the KV cache), so the restart costs only the tokens after
the common prefix. A call can also be required from its first token (``eager``).

This is the one module that drives llama-cpp-python's token-level API; ``tests/integration/models/
test_lazy_generation.py`` fails if that API changes.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from mira_desktop.core.cancel import CancelToken


@dataclass(frozen=True)
class Sampling:
    max_tokens: int
    temperature: float = 0.8
    top_p: float = 0.95
    top_k: int = 40
    frequency_penalty: float = 0.0
    presence_penalty: float = 0.0
    seed: int | None = None
    stop: tuple[str, ...] = ()


@dataclass
class Generated:
    """What one reply produced: its text, and whether the call grammar wrote the end of it."""

    text: str = ""
    tokens: int = 0
    prompt_tokens: int = 0
    finish: str = "stop"  # stop | length | cancelled
    triggered: bool = False


def is_end_of_generation(llm: Any, token: int) -> bool:
    import llama_cpp

    return bool(llama_cpp.llama_vocab_is_eog(llama_cpp.llama_model_get_vocab(llm._model.model), token))


def prompt_tokens(llm: Any, prompt: str) -> list[int]:
    """The prompt's tokens (the template wrote its special tokens); raises ValueError past the window,
    with llama-cpp-python's own words ("exceed context window"), which the adapter explains."""
    tokens: list[int] = llm.tokenize(prompt.encode("utf-8"), add_bos=False, special=True)
    if len(tokens) >= llm.n_ctx():
        raise ValueError(f"Requested tokens ({len(tokens)}) exceed context window of {llm.n_ctx()}")
    return tokens


def _generate(
    llm: Any, prompt: str, sampling: Sampling, grammar: Any, *, cancel: CancelToken, budget: int
) -> Iterator[tuple[str, bool]]:
    """Pieces of text, each with whether the token budget was reached with it."""
    tokens = prompt_tokens(llm, prompt)
    budget = min(budget, llm.n_ctx() - len(tokens))
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    made = 0
    generator = llm.generate(
        tokens,
        top_k=sampling.top_k,
        top_p=sampling.top_p,
        temp=sampling.temperature,
        frequency_penalty=sampling.frequency_penalty,
        presence_penalty=sampling.presence_penalty,
        repeat_penalty=1.0,
        grammar=grammar,
    )
    try:
        for token in generator:
            if cancel.cancelled or is_end_of_generation(llm, token):
                return
            made += 1
            yield decoder.decode(llm.detokenize([token], special=True)), made >= budget
            if made >= budget:
                return
    finally:
        generator.close()


@dataclass(frozen=True)
class Watch:
    """Where a call begins: its triggers, and whether only at the reply's start (Llama 3)."""

    triggers: tuple[str, ...]
    at_start: bool = False


def generate_with_lazy_grammar(
    llm: Any,
    prompt: str,
    sampling: Sampling,
    grammar: Any,
    watch: Watch,
    *,
    eager: bool,
    cancel: CancelToken,
    on_text: Callable[[str], None] | None = None,
) -> Generated:
    """Generate one reply to ``prompt``; from a trigger on, the reply follows ``grammar``.

    ``on_text`` receives the free text as it is settled (never a part of a trigger). With ``eager``
    the grammar starts at once (a call is required).
    """
    if sampling.seed is not None:
        llm.set_seed(sampling.seed)
    result = Generated(prompt_tokens=len(prompt_tokens(llm, prompt)))
    if not eager:
        _free_text(llm, prompt, sampling, watch, result, cancel=cancel, on_text=on_text)
    if cancel.cancelled:
        result.finish = "cancelled"
    elif eager or result.triggered:
        _call(llm, prompt, sampling, grammar, result, cancel=cancel)
    return result


def _free_text(
    llm: Any,
    prompt: str,
    sampling: Sampling,
    watch: Watch,
    result: Generated,
    *,
    cancel: CancelToken,
    on_text: Callable[[str], None] | None,
) -> None:
    """Generate without a grammar until the end, a stop string or a trigger (the text stops before it)."""
    shown = 0
    for piece, last in _generate(llm, prompt, sampling, None, cancel=cancel, budget=sampling.max_tokens):
        result.text += piece
        result.tokens += 1
        found = _trigger_at(result.text, watch)
        if found is not None:
            result.text, result.triggered = result.text[:found], True
            return
        stop_at = _stop_at(result.text, sampling.stop)
        if stop_at is not None:
            result.text = result.text[:stop_at]
            break
        settled = _settled(result.text, watch, sampling.stop)
        if on_text is not None and settled > shown:
            on_text(result.text[shown:settled])
            shown = settled
        if last:
            result.finish = "length"
    if on_text is not None and len(result.text) > shown:
        on_text(result.text[shown:])


def _call(
    llm: Any, prompt: str, sampling: Sampling, grammar: Any, result: Generated, *, cancel: CancelToken
) -> None:
    """Go on from the text so far with the call's grammar, which writes the trigger and the call."""
    result.triggered, result.finish = True, "stop"
    left = max(1, sampling.max_tokens - result.tokens)
    for piece, last in _generate(llm, prompt + result.text, sampling, grammar, cancel=cancel, budget=left):
        result.text += piece
        result.tokens += 1
        if last:
            result.finish = "length"
    if cancel.cancelled:
        result.finish = "cancelled"


def _in_think(text: str) -> bool:
    return text.count("<think>") > text.count("</think>")


def _trigger_at(text: str, watch: Watch) -> int | None:
    if watch.at_start:
        stripped = text.lstrip()
        hit = next((t for t in watch.triggers if stripped.startswith(t)), None)
        return len(text) - len(stripped) if hit is not None else None
    found = [text.find(t) for t in watch.triggers]
    hits = [i for i in found if i >= 0 and not _in_think(text[:i])]  # a call inside thinking is thought
    return min(hits) if hits else None


def _stop_at(text: str, stops: tuple[str, ...]) -> int | None:
    found = [text.find(s) for s in stops if s]
    hits = [i for i in found if i >= 0]
    return min(hits) if hits else None


def _settled(text: str, watch: Watch, stops: tuple[str, ...]) -> int:
    """How much of ``text`` can be shown: nothing that may still become a trigger or a stop string."""
    if watch.at_start and not text.strip():
        return 0
    keep = len(text)
    for marker in (*(() if watch.at_start else watch.triggers), *stops):
        for size in range(min(len(marker) - 1, len(text)), 0, -1):
            if marker.startswith(text[-size:]):
                keep = min(keep, len(text) - size)
                break
    return keep
