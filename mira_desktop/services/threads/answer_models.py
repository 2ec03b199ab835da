"""Which model wrote each answer: recorded in the answer's metadata when its run starts; answers
written before that was recorded take it from their run."""

from __future__ import annotations

from dataclasses import replace

from mira_desktop.core.conversation.threads import MODEL_KEY, Message, MessageRole
from mira_desktop.store.runs import RunRepository


def with_models(messages: list[Message], runs: RunRepository) -> list[Message]:
    """``messages`` with the model of every answer that has a run but no recorded model filled in."""
    missing = [
        m.run_id
        for m in messages
        if m.role is MessageRole.ASSISTANT and m.run_id and not m.metadata.get(MODEL_KEY)
    ]
    if not missing:
        return messages
    refs = runs.model_refs(missing)
    return [
        replace(m, metadata={**m.metadata, MODEL_KEY: refs[m.run_id]})
        if m.run_id in refs and m.role is MessageRole.ASSISTANT and not m.metadata.get(MODEL_KEY)
        else m
        for m in messages
    ]
