"""How the knowledge-base route answers: which passages it shows, whether they are graded, HyDE.

The defaults are the ones measured best for the embedded model (SmolLM2-135M): see docs/KNOWLEDGE.md,
"Grading and rewriting by measurement". Named configurations (``mira eval rag --config NAME``) and
``key=value`` overrides (``--config grading=model,hyde=on_refusal``) make the other choices
measurable on the same route.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from mira_desktop.core.errors import InvalidInputError


class Grading(Enum):
    MODEL = "model"  # one structured call: the answering model says which passages help
    THRESHOLD = "threshold"  # passages whose fused score is within ``threshold`` of the best one
    NONE = "none"  # every retrieved passage is shown


class Hyde(Enum):
    OFF = "off"
    ON_REFUSAL = "on_refusal"  # when grading kept nothing: search once more with a written passage
    ALWAYS = "always"  # search with the question and a passage the model wrote for it


@dataclass(frozen=True)
class RagSettings:
    top_k: int = 5
    grading: Grading = Grading.THRESHOLD
    # Kept: passages whose fused score is at least this share of the best passage's. 0.4 is the largest
    # share that lost no right source on DRCD dev or SciFact train (top 5) while showing ~2.6, not 5.
    threshold: float = 0.4
    hyde: Hyde = Hyde.OFF
    quote_chars: int = 1200  # of one passage, before budgeting to the window
    grade_chars: int = 600  # of one passage in the grading prompt
    attach_citations: bool = True
    answer_max_tokens: int = 0  # 0: the request's (the role's profile, else the compiler's reserve)


RAG_CONFIGS: dict[str, RagSettings] = {
    "default": RagSettings(),
    "no-grading": RagSettings(grading=Grading.NONE),
    "threshold-grading": RagSettings(grading=Grading.THRESHOLD),
    "model-grading": RagSettings(grading=Grading.MODEL, hyde=Hyde.ON_REFUSAL),
    "model-grading-no-hyde": RagSettings(grading=Grading.MODEL, hyde=Hyde.OFF),
    "hyde-always": RagSettings(hyde=Hyde.ALWAYS),
}


def rag_settings(spec: str | None) -> RagSettings:
    """A named configuration, or ``key=value`` pairs over the default (``grading=model,top_k=3``)."""
    if not spec:
        return RAG_CONFIGS["default"]
    if spec in RAG_CONFIGS:
        return RAG_CONFIGS[spec]
    base, _, rest = spec.partition(":")
    settings = RAG_CONFIGS.get(base, RAG_CONFIGS["default"]) if rest else RAG_CONFIGS["default"]
    pairs = rest if rest else spec
    changes: dict[str, object] = {}
    fields = {f.name: f for f in dataclasses.fields(RagSettings)}
    for pair in filter(None, (p.strip() for p in pairs.split(","))):
        key, sep, value = pair.partition("=")
        if not sep or key not in fields:
            raise InvalidInputError.said(
                "kb.bad_rag_setting", pair=pair, names=", ".join(RAG_CONFIGS), keys=", ".join(fields)
            )
        changes[key] = _value(key, value.strip())
    return dataclasses.replace(settings, **changes)  # type: ignore[arg-type]


def settings_to_dict(settings: RagSettings) -> dict[str, object]:
    return {
        f.name: (v.value if isinstance(v, Enum) else v)
        for f in dataclasses.fields(settings)
        for v in [getattr(settings, f.name)]
    }


def _value(key: str, value: str) -> object:
    try:
        if key == "grading":
            return Grading(value)
        if key == "hyde":
            return Hyde(value)
        if key == "attach_citations":
            return value.lower() in {"1", "true", "yes", "on"}
        if key == "threshold":
            return float(value)
        return int(value)
    except ValueError:
        raise InvalidInputError.said("kb.bad_rag_value", value=value, key=key) from None
