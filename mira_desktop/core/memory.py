"""Long-term memory as the request compiler sees it: which facts fit the memory slot, and which
sentences of the user's look like something worth remembering (only ever *proposed*)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

HEADER = "What you know about the user (use it when it helps; never mention this list):"
HEADER_ZH = "你对用户的了解（在有帮助时使用；不要提及这份列表）："


@dataclass(frozen=True)
class MemoryFact:
    id: str
    text: str
    workspace_id: str | None  # None: every conversation
    enabled: bool
    source: str  # user | proposal
    last_used_at: str | None
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class MemorySelection:
    text: str  # the memory section, "" when no fact applies
    used: tuple[str, ...]  # ids of the facts in it
    left_out: int  # enabled facts that did not fit the budget


def select_facts(
    facts: Sequence[MemoryFact], *, budget: int, count_tokens: Callable[[str], int], chinese: bool = False
) -> MemorySelection:
    """The enabled facts that fit ``budget`` tokens, most recently used first (then newest)."""
    enabled = [f for f in facts if f.enabled]
    ordered = sorted(enabled, key=lambda f: (f.last_used_at or "", f.created_at), reverse=True)
    header = HEADER_ZH if chinese else HEADER
    lines: list[str] = []
    used: list[str] = []
    spent = count_tokens(header)
    for fact in ordered:
        line = f"- {fact.text.strip()}"
        cost = count_tokens(line) + 1
        if spent + cost > budget:
            continue  # a long fact that does not fit leaves room for shorter ones
        lines.append(line)
        used.append(fact.id)
        spent += cost
    text = "\n".join([header, *lines]) if lines else ""
    return MemorySelection(text, tuple(used), len(enabled) - len(used))


_PROPOSALS = (
    (re.compile(r"\b(?:please )?remember(?: that)? (.{3,200}?)[.!]?$", re.I), "{0}"),
    (re.compile(r"\bmy name is ([\w .'-]{1,60}?)[.!]?$", re.I), "The user's name is {0}."),
    (re.compile(r"\bcall me ([\w .'-]{1,60}?)[.!]?$", re.I), "The user wants to be called {0}."),
    (re.compile(r"\bI (?:always |really )?prefer (.{2,160}?)[.!]?$", re.I), "The user prefers {0}."),
    (re.compile(r"\bI(?:'m| am) (?:a|an) ([\w ,'-]{2,80}?)[.!]?$", re.I), "The user is a {0}."),
    (re.compile(r"\bI (?:live|work) in ([\w ,'-]{2,80}?)[.!]?$", re.I), "The user lives or works in {0}."),
    (re.compile(r"(?:请)?记住[：:，, ]*(.{2,120}?)[。！!]?$"), "{0}"),
    (re.compile(r"我叫(.{1,30}?)[。！!]?$"), "用户叫{0}。"),
    (re.compile(r"我(?:更)?喜欢(.{1,80}?)[。！!]?$"), "用户喜欢{0}。"),
    (re.compile(r"我是(?:一[名个位])?(.{1,40}?)[。！!]?$"), "用户是{0}。"),
)


def propose_fact(user_text: str) -> str | None:
    """A fact the user seems to state about themselves, as one sentence to offer remembering."""
    for piece in re.split(r"(?<=[.!?。！？\n])\s*", user_text.strip()):
        sentence = piece.strip()
        if not sentence or sentence.endswith(("?", "？")):
            continue
        for pattern, template in _PROPOSALS:
            match = pattern.search(sentence)
            if match:
                fact = template.format(match.group(1).strip().rstrip(",，"))
                return fact[:1].upper() + fact[1:]
    return None
