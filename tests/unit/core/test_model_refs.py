from __future__ import annotations

import pytest

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.model_refs import ModelKind, parse_model_ref
from mira_desktop.core.sampling import SamplingParams


@pytest.mark.parametrize(
    ("text", "kind", "target", "model"),
    [
        ("local:smollm2", ModelKind.LOCAL, "smollm2", ""),
        ("local:/models/qwen.gguf", ModelKind.LOCAL, "/models/qwen.gguf", ""),
        ("remote:ollama/llama3.2:3b", ModelKind.REMOTE, "ollama", "llama3.2:3b"),
        ("remote:openai/org/model", ModelKind.REMOTE, "openai", "org/model"),
        ("scripted:/tmp/s.json", ModelKind.SCRIPTED, "/tmp/s.json", ""),
    ],
)
def test_model_refs_parse_and_print_back(text: str, kind: ModelKind, target: str, model: str) -> None:
    ref = parse_model_ref(text)
    assert (ref.kind, ref.target, ref.model) == (kind, target, model)
    assert str(ref) == text


@pytest.mark.parametrize("text", ["", "smollm2", "cloud:x", "local:", "remote:/model"])
def test_malformed_model_refs_are_rejected_with_the_accepted_forms(text: str) -> None:
    with pytest.raises(InvalidInputError, match=r"local:smollm2|names no provider"):
        parse_model_ref(text)


def test_sampling_override_replaces_only_what_it_sets() -> None:
    base = SamplingParams(temperature=0.7, top_p=0.9, stop=("</s>",))
    merged = base.merged(SamplingParams(temperature=0.2, max_tokens=64))
    assert merged == SamplingParams(temperature=0.2, top_p=0.9, max_tokens=64, stop=("</s>",))
    assert SamplingParams.from_dict(merged.to_dict()) == merged
