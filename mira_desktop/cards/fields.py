"""How character card fields map onto a Mira role (shared by card import and export).

| card (``data.*``)            | role                          |
|------------------------------|-------------------------------|
| name                         | name                          |
| description                  | prompt.description            |
| personality                  | prompt.persona                |
| scenario                     | prompt.scenario               |
| first_mes                    | prompt.first_message          |
| mes_example                  | prompt.example_dialogues      |
| alternate_greetings          | prompt.alternate_greetings    |
| system_prompt                | prompt.style                  |
| post_history_instructions    | prompt.constraints            |
| creator_notes                | summary                       |
| tags                         | tags                          |
| character_book.entries       | lorebook                      |
| extensions.mira.worldview    | prompt.worldview              |
| extensions.mira.llm_profile  | llm_profile                   |

Everything else a card holds is kept in the role's ``extensions["card"]`` and written back on export.
"""

from __future__ import annotations

CARD_TO_ROLE: dict[str, tuple[str, ...]] = {
    "name": ("name",),
    "description": ("prompt", "description"),
    "personality": ("prompt", "persona"),
    "scenario": ("prompt", "scenario"),
    "first_mes": ("prompt", "first_message"),
    "mes_example": ("prompt", "example_dialogues"),
    "alternate_greetings": ("prompt", "alternate_greetings"),
    "system_prompt": ("prompt", "style"),
    "post_history_instructions": ("prompt", "constraints"),
    "creator_notes": ("summary",),
    "tags": ("tags",),
}
LIST_FIELDS = {"alternate_greetings", "tags"}

# V1 cards and some apps' exports (NativeTavern, Quack) use other spellings of the same fields.
V1_ALIASES = {
    "firstMessage": "first_mes",
    "firstMes": "first_mes",
    "first_message": "first_mes",
    "exampleMessages": "mes_example",
    "exampleDialogue": "mes_example",
    "example_dialogue": "mes_example",
    "systemPrompt": "system_prompt",
    "postHistoryInstructions": "post_history_instructions",
    "alternateGreetings": "alternate_greetings",
    "creatorNotes": "creator_notes",
    "creatorcomment": "creator_notes",
    "characterVersion": "character_version",
    "characterBook": "character_book",
}
# Fields of a V2 card's ``data`` that a V1 card may carry at its top level.
V2_DATA_FIELDS = {"creator", "character_version", "extensions", "character_book"}

# SillyTavern repeats some fields at the top level of V2/V3 cards for V1 readers; export rewrites
# them from the role (top-level key → data key).
MIRRORED = {
    "name": "name",
    "description": "description",
    "personality": "personality",
    "scenario": "scenario",
    "first_mes": "first_mes",
    "mes_example": "mes_example",
    "tags": "tags",
    "creatorcomment": "creator_notes",
}

# Lorebook entry fields Mira uses, with the JSON types each must have; others go to ``extra``.
ENTRY_FIELDS: dict[str, tuple[type, ...]] = {
    "keys": (list,),
    "content": (str,),
    "enabled": (bool,),
    "constant": (bool,),
    "case_sensitive": (bool,),
    "use_regex": (bool,),
    "selective": (bool,),
    "secondary_keys": (list,),
    "insertion_order": (int, float),
    "priority": (int, float),
    "name": (str,),
}

SPEC_V2 = "chara_card_v2"
SPEC_V3 = "chara_card_v3"
SPEC_VERSIONS = {SPEC_V2: "2.0", SPEC_V3: "3.0"}
MIRA_EXTENSION = "mira"
V3_BACKFILL_NOTE = (
    "This character card is Character Card V3, but it is loaded as a Character Card V2. Please use a "
    "Character Card V3 compatible application to use this character card properly."
)


def card_field_name(role_field: str) -> str | None:
    """The card field a role document path comes from (``prompt.first_message`` → ``first_mes``)."""
    for card_key, path in CARD_TO_ROLE.items():
        joined = ".".join(path)
        if role_field == joined or role_field.startswith(joined + "["):
            return card_key + role_field[len(joined) :]
    if role_field.startswith("lorebook"):
        return "character_book.entries" + role_field[len("lorebook") :]
    if role_field.startswith("llm_profile") or role_field == "prompt.worldview":
        return f"extensions.{MIRA_EXTENSION}.{role_field.removeprefix('prompt.')}"
    return None
