"""Gemma 4's own tool-call format, read from its reply.

Gemma 4's chat template (``google-gemma-4-31B-it-interleaved.jinja`` in llama.cpp's
``models/templates``) writes a call as ``<|tool_call>call:NAME{key:value,…}<tool_call|>``, in a
syntax of its own rather than JSON: keys are bare, every string sits between two ``<|"|>`` tokens
(so it needs no escaping: quotes, braces and newlines are the string's own), and numbers, ``true``,
``false``, ``null``, lists ``[…]`` and objects ``{…}`` are written as in JSON. Its reasoning comes
first, in the thought channel: ``<|channel>thought\\n…<channel|>``. A call is read into JSON
arguments here; one cut off (the stream ended inside it) or not in this syntax is kept with its raw
text, so the agent loop tells the model its call could not be read.
"""

from __future__ import annotations

import json
import re
from typing import Any

CALL_OPEN, CALL_CLOSE = "<|tool_call>", "<tool_call|>"
QUOTE = '<|"|>'
THOUGHT_OPEN, THOUGHT_CLOSE = "<|channel>thought", "<channel|>"

_CALL = re.compile(r"<\|tool_call>call:([\w.\-]+)(.*?)(?:<tool_call\|>|$)", re.DOTALL)
_THOUGHT = re.compile(r"<\|channel>thought(.*?)(?:<channel\|>|$)", re.DOTALL)
_BARE = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null")
_KEY = re.compile(r"[^:{}\[\],\s]+")


class _UnreadableError(ValueError):
    """The text is not (or not all of) one value in Gemma 4's syntax."""


def _value(text: str, at: int) -> tuple[Any, int]:
    """The value that starts at ``text[at]`` and where it ends."""
    if text.startswith(QUOTE, at):
        end = text.find(QUOTE, at + len(QUOTE))
        if end < 0:
            raise _UnreadableError("a string that never closes")
        return text[at + len(QUOTE) : end], end + len(QUOTE)
    if text.startswith("{", at):
        return _object(text, at)
    if text.startswith("[", at):
        items: list[Any] = []
        at += 1
        while not text.startswith("]", at):
            item, at = _value(text, at)
            items.append(item)
            at = _after_item(text, at, "]")
        return items, at + 1
    bare = _BARE.match(text, at)
    if bare is None:
        raise _UnreadableError(f"no value at {at}")
    return json.loads(bare.group(0)), bare.end()


def _object(text: str, at: int) -> tuple[dict[str, Any], int]:
    """The ``{key:value,…}`` object at ``text[at]`` (keys bare or quoted) and where it ends."""
    found: dict[str, Any] = {}
    at += 1
    while not text.startswith("}", at):
        if text.startswith(QUOTE, at):
            key, at = _value(text, at)
        else:
            match = _KEY.match(text, at)
            if match is None:
                raise _UnreadableError(f"no key at {at}")
            key, at = match.group(0), match.end()
        if not text.startswith(":", at):
            raise _UnreadableError(f"no ':' after {key!r}")
        found[str(key)], at = _value(text, at + 1)
        at = _after_item(text, at, "}")
    return found, at + 1


def _after_item(text: str, at: int, close: str) -> int:
    if text.startswith(",", at):
        return at + 1
    if text.startswith(close, at):
        return at
    raise _UnreadableError(f"expected ',' or {close!r} at {at}")


def arguments_of(body: str) -> dict[str, Any]:
    """The arguments ``{…}`` of one call as a dictionary; raises ValueError when they do not read."""
    body = body.strip()
    if not body.startswith("{"):
        raise _UnreadableError("arguments do not open with '{'")
    found, end = _object(body, 0)
    if body[end:].strip():
        raise _UnreadableError("text after the arguments")
    return found


def split_thought(text: str) -> tuple[str, str]:
    """``(reasoning, rest)``: the thought channel's text (an unclosed one runs to the end) and the
    text around it."""
    reasoning = [m.group(1).strip() for m in _THOUGHT.finditer(text)]
    return "\n".join(r for r in reasoning if r), _THOUGHT.sub("", text)


def read_calls(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The answer before the first call, and each call as ``(name, JSON arguments)``; a call that
    does not read is ``("", its raw text)``."""
    calls: list[tuple[str, str]] = []
    for match in _CALL.finditer(text):
        try:
            arguments = arguments_of(match.group(2))
        except ValueError:
            calls.append(("", match.group(0)))
            continue
        calls.append((match.group(1), json.dumps(arguments, ensure_ascii=False)))
    first = text.find(CALL_OPEN)
    return (text if first < 0 else text[:first]), calls


def with_tool_responses(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages as Gemma 4's template reads a tool loop: its template has no ``tool`` turn, but
    reads each result from the ``tool_responses`` of the model turn that made the calls, and goes on
    in that same turn (the answer after the results is that turn's ``content``)."""
    written: list[dict[str, Any]] = []
    for message in messages:
        last = written[-1] if written else None
        if message["role"] == "tool" and last is not None and last.get("tool_calls"):
            response = {"name": message.get("name") or "unknown", "response": message["content"]}
            last["tool_responses"] = [*last.get("tool_responses", []), response]
        elif (
            message["role"] == "assistant"
            and not message.get("tool_calls")
            and last is not None
            and last.get("tool_responses")
            and not last.get("content")
        ):
            last["content"] = message["content"]
        else:
            written.append(dict(message))
    return written
