"""The role document: what ``mira roles show --json`` prints and ``create``/``update --file`` read.

One pydantic schema validates every way a role is written (the CLI, the workbench form, imported
character cards, the starter roles), so a value the store holds has always passed these checks.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictStr, model_validator

from mira_desktop.core.roles.records import PROFILE_FIELDS, Role, RoleStatus
from mira_desktop.core.sampling import SamplingParams

MAX_FIELD_BYTES = 64 * 1024
MAX_NAME_CHARS = 200
MAX_TAGS = 100
MAX_LOREBOOK_ENTRIES = 1000
MAX_KEYS = 200
# Ranges of the sampling profile, also used to word errors and label the workbench's fields.
PROFILE_RANGES: dict[str, tuple[float, float | None]] = {
    "temperature": (0, 2),
    "top_p": (0, 1),
    "top_k": (0, None),
    "max_tokens": (1, None),
    "frequency_penalty": (-2, 2),
    "presence_penalty": (-2, 2),
}


def _within_limit(value: str) -> str:
    size = len(value.encode("utf-8"))
    if size > MAX_FIELD_BYTES:
        raise ValueError(f"is {size / 1024:.1f} KB; the limit is 64 KB")
    return value


def _one_line_name(value: str) -> str:
    value = value.strip()
    if not value:
        raise ValueError("must not be empty")
    if len(value) > MAX_NAME_CHARS:
        raise ValueError(f"is {len(value)} characters; the limit is {MAX_NAME_CHARS}")
    if "\n" in value or "\r" in value:
        raise ValueError("must be one line")
    return value


Text = Annotated[StrictStr, AfterValidator(_within_limit)]
Name = Annotated[StrictStr, AfterValidator(_one_line_name)]
Number = Annotated[float, Field(strict=True, allow_inf_nan=False)]
Order = Annotated[int, Field(strict=True)] | Annotated[float, Field(strict=True, allow_inf_nan=False)]


def _drop_nulls(data: Any, defaults: dict[str, Any]) -> Any:
    """An explicit null means "empty" for fields that have an empty value."""
    if isinstance(data, dict):
        return {k: (defaults[k] if v is None and k in defaults else v) for k, v in data.items()}
    return data


class LlmProfile(BaseModel):
    """Sampling parameters of a role; None (or a missing key) means the model's default."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    temperature: Annotated[Number, Field(ge=0, le=2)] | None = None
    top_p: Annotated[Number, Field(ge=0, le=1)] | None = None
    top_k: Annotated[int, Field(strict=True, ge=0)] | None = None
    max_tokens: Annotated[int, Field(strict=True, ge=1)] | None = None
    frequency_penalty: Annotated[Number, Field(ge=-2, le=2)] | None = None
    presence_penalty: Annotated[Number, Field(ge=-2, le=2)] | None = None

    def to_sampling(self) -> SamplingParams:
        return SamplingParams(**{name: getattr(self, name) for name in PROFILE_FIELDS})


class RolePrompt(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    description: Text = ""
    worldview: Text = ""
    persona: Text = ""
    scenario: Text = ""
    example_dialogues: Text = ""
    style: Text = ""
    constraints: Text = ""
    first_message: Text = ""
    alternate_greetings: Annotated[list[Text], Field(max_length=MAX_TAGS)] = []

    @model_validator(mode="before")
    @classmethod
    def _nulls_are_empty(cls, data: Any) -> Any:
        return _drop_nulls(data, {**dict.fromkeys(PROMPT_TEXT_FIELDS, ""), "alternate_greetings": []})


PROMPT_TEXT_FIELDS = tuple(n for n in RolePrompt.model_fields if n != "alternate_greetings")


class LorebookEntry(BaseModel):
    """Text inserted into the role's context when one of ``keys`` appears in the recent messages.

    Optional switches are None when a card did not set them (they then act as false), so that an
    imported card exports with exactly the fields it had. ``extra`` keeps an imported entry's fields
    that Mira does not use (``id``, ``comment``, ``position``, ``extensions``, …).
    """

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    keys: Annotated[list[Text], Field(max_length=MAX_KEYS)] = []
    content: Text = ""
    enabled: StrictBool = True
    constant: StrictBool | None = None
    case_sensitive: StrictBool | None = None
    use_regex: StrictBool | None = None
    selective: StrictBool | None = None
    secondary_keys: Annotated[list[Text], Field(max_length=MAX_KEYS)] | None = None
    insertion_order: Order = 100
    priority: Order | None = None
    name: Text | None = None
    extra: dict[str, Any] = {}

    @model_validator(mode="before")
    @classmethod
    def _nulls_are_empty(cls, data: Any) -> Any:
        return _drop_nulls(
            data, {"keys": [], "content": "", "enabled": True, "insertion_order": 100, "extra": {}}
        )


class RoleDocument(BaseModel):
    """A whole role as the user writes it (ids, versions and timestamps are the store's)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    name: Name
    summary: Text = ""
    status: RoleStatus = RoleStatus.ACTIVE
    tags: Annotated[
        list[Annotated[StrictStr, AfterValidator(_one_line_name)]], Field(max_length=MAX_TAGS)
    ] = []
    prompt: RolePrompt = RolePrompt()
    lorebook: Annotated[list[LorebookEntry], Field(max_length=MAX_LOREBOOK_ENTRIES)] = []
    llm_profile: LlmProfile = LlmProfile()

    @model_validator(mode="before")
    @classmethod
    def _nulls_are_empty(cls, data: Any) -> Any:
        return _drop_nulls(data, {"summary": "", "tags": [], "prompt": {}, "lorebook": [], "llm_profile": {}})

    def to_json(self) -> dict[str, Any]:
        """Every key, empty or not: the shape ``show --json`` prints and ``update --file`` reads."""
        return self.model_dump(mode="json")

    def stored_prompt(self) -> dict[str, Any]:
        return self.prompt.model_dump(mode="json", exclude_defaults=True)

    def stored_lorebook(self) -> list[dict[str, Any]]:
        return [entry.model_dump(mode="json", exclude_none=True) for entry in self.lorebook]

    def stored_profile(self) -> dict[str, Any]:
        return self.llm_profile.model_dump(mode="json", exclude_none=True)


def document_of(role: Role) -> RoleDocument:
    """The document of a stored role (its data passed this schema when it was saved)."""
    return RoleDocument.model_validate(
        {
            "name": role.name,
            "summary": role.summary,
            "status": role.status,
            "tags": role.tags,
            "prompt": role.prompt,
            "lorebook": role.lorebook,
            "llm_profile": role.llm_profile,
        }
    )
