"""Character cards → role documents and back, including hostile input."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from mira_desktop.cards.errors import CardError
from mira_desktop.cards.export import card_of
from mira_desktop.cards.files import read_card_file
from mira_desktop.cards.importer import import_card
from mira_desktop.cards.png import Chunk, build_png, read_chunks, solid_png
from mira_desktop.cards.sanitize import plain_text, sanitize_text
from mira_desktop.core.roles.records import Role
from mira_desktop.core.roles.validation import InvalidRoleError, validate_document
from tests.conftest import SHARED_DATA

SYNTHETIC = SHARED_DATA / "cards" / "fixtures_synthetic"


def load(name: str) -> Any:
    return json.loads((SYNTHETIC / name).read_text("utf-8"))


def as_role(card: Any) -> Role:
    imported = import_card(card)
    document = validate_document(imported.document)
    return Role(
        id="rol_x",
        name=document.name,
        summary=document.summary,
        status=document.status,
        version=1,
        created_at="2025-01-02T03:04:05.000Z",
        updated_at="2025-01-02T03:04:05.000Z",
        tags=list(document.tags),
        prompt=document.stored_prompt(),
        lorebook=document.stored_lorebook(),
        llm_profile=document.stored_profile(),
        extensions=imported.extensions,
    )


def test_v3_fields_map_onto_the_role() -> None:
    role = as_role(load("v3_standard.json"))
    assert role.name == "TestChar"
    assert role.prompt["description"] == "A test character for CardForge development."
    assert role.prompt["persona"] == "Friendly, helpful, curious"
    assert role.prompt["scenario"] == "A test scenario for development purposes."
    assert role.prompt["first_message"].startswith("Hello! I'm TestChar")
    assert role.prompt["example_dialogues"].startswith("<START>\n{{user}}: Hello!")
    assert len(role.prompt["alternate_greetings"]) == 2
    assert role.summary.startswith("This is a test character")
    assert role.tags == ["test", "example", "v3"]
    assert [e["keys"] for e in role.lorebook] == [["magic", "spell"], []]
    assert role.lorebook[1]["constant"] is True
    assert role.lorebook[0]["extra"] == {"extensions": {}, "id": 1}
    kept = role.extensions["card"]
    assert kept["data"]["nickname"] == ""
    assert kept["data"]["extensions"] == {"cardforge_test": True}
    assert kept["book"]["token_budget"] == 2048


def test_v3_export_gives_back_every_field_it_had() -> None:
    original = load("v3_standard.json")
    exported = card_of(as_role(original), "chara_card_v3", now=1_800_000_000)
    original["data"]["modification_date"] = 1_800_000_000  # the spec: set on export
    assert exported == original


def test_v1_and_app_specific_spellings_are_read() -> None:
    card = json.loads(
        (SHARED_DATA / "cards/examples_zh/nativetavern_xiaohongshu_copywriter.json").read_text("utf-8")
    )
    role = as_role(card)
    assert role.name == "小红书文案编辑"
    assert role.prompt["first_message"] == card["firstMessage"]
    assert role.prompt["example_dialogues"] == card["exampleMessages"]
    assert role.prompt["style"] == card["systemPrompt"]
    assert role.prompt["constraints"] == card["postHistoryInstructions"]
    assert role.prompt["alternate_greetings"] == card["alternateGreetings"]
    exported = card_of(role, "chara_card_v2", now=0)
    assert exported["data"]["creator"] == "NativeTavern"
    assert exported["data"]["extensions"] == {"builtin": True, "category": "assistant"}
    assert (exported["id"], exported["createdAt"]) == (card["id"], card["createdAt"])
    assert as_role(exported).prompt == role.prompt


def test_mira_fields_without_a_card_field_travel_in_the_mira_extension() -> None:
    role = as_role(
        {
            "spec": "chara_card_v2",
            "spec_version": "2.0",
            "data": {
                "name": "Mira",
                "extensions": {"mira": {"worldview": "A small world.", "llm_profile": {"temperature": 0.4}}},
            },
        }
    )
    assert role.prompt["worldview"] == "A small world."
    assert role.llm_profile == {"temperature": 0.4}
    exported = card_of(role, "chara_card_v2", now=0)
    assert exported["data"]["extensions"] == {
        "mira": {"worldview": "A small world.", "llm_profile": {"temperature": 0.4}}
    }


def test_an_invalid_profile_in_the_mira_extension_is_refused_with_its_field() -> None:
    card = {
        "spec": "chara_card_v2",
        "data": {"name": "M", "extensions": {"mira": {"llm_profile": {"top_p": 9}}}},
    }
    with pytest.raises(InvalidRoleError, match=r"llm_profile\.top_p must be a number from 0 to 1"):
        as_role(card)


def test_hostile_html_is_removed_and_reported_but_harmless_markup_stays() -> None:
    imported = import_card(load("xss_attack_sample.json"))
    text = json.dumps(imported.document)
    for needle in ("<script", "onerror", "javascript:", "<iframe", "<object", "<embed", "alert("):
        assert needle not in text, needle
    prompt = imported.document["prompt"]
    assert prompt["first_message"] == "<p>Normal greeting text</p>"
    assert prompt["persona"] == "TestPersonality"
    assert prompt["scenario"] == "Scenario"
    assert prompt["alternate_greetings"] == ["Hello!", "Normal greeting without XSS"]
    assert "<img src=x>" in prompt["description"]
    assert any(str(w).startswith("data.first_mes") for w in imported.warnings)


@pytest.mark.parametrize(
    ("text", "clean"),
    [
        ("<p class='a'>Hi</p> <START> *waves*", "<p class='a'>Hi</p> <START> *waves*"),
        ("<scr<script>x</script>ipt>alert(1)</script>", "alert(1)"),
        ('<a href="javascript:alert(1)">x</a>', "<a>x</a>"),
        ("<div onclick='x()' class=c>y</div>", "<div class=c>y</div>"),
        ("<svg onload=alert(1)><circle/></svg>ok", "ok"),
        ("tab\tand\nnewline\x00\x07", "tab\tand\nnewline"),
    ],
)
def test_sanitizer(text: str, clean: str) -> None:
    assert sanitize_text(text) == clean


def test_names_and_tags_become_plain_text() -> None:
    assert plain_text("<b>Bob</b>  the <i>Great</i>") == "Bob the Great"


@pytest.mark.parametrize(
    ("card", "reason"),
    [
        ([], "not an object"),
        ({"spec": "chara_card_v2", "data": "x"}, "needs a 'data' object"),
        ({"spec": "lorebook_v3", "data": {}}, "is a lorebook"),
        ({"spec": "chara_card_v9", "data": {}}, "not a card format"),
        ({"entries": {"0": {}}}, "World Info"),
        ({"code": 0, "data": []}, "neither a spec nor a name"),
        ({"spec": "chara_card_v2", "data": {"name": "  "}}, "name is missing or empty"),
        ({"spec": "chara_card_v2", "data": {"name": "<script>x</script>"}}, "name is missing or empty"),
        ({"spec": "chara_card_v2", "data": {"name": "A", "description": 5}}, "data.description must be text"),
        ({"spec": "chara_card_v2", "data": {"name": "A", "tags": [1]}}, "data.tags must be a list of text"),
        (
            {"spec": "chara_card_v3", "data": {"name": "A", "character_book": {"entries": {}}}},
            "character_book.entries must be a list",
        ),
        (
            {"spec": "chara_card_v3", "data": {"name": "A", "extensions": {"blob": "x" * (9 * 2**20)}}},
            "extra data .* the limit is 8 MB",
        ),
    ],
)
def test_malformed_cards_are_refused_with_the_reason(card: Any, reason: str) -> None:
    with pytest.raises(CardError, match=reason):
        import_card(card)


def test_lorebook_entry_fields_of_the_wrong_type_are_kept_not_used() -> None:
    card = {
        "spec": "chara_card_v3",
        "data": {
            "name": "A",
            "character_book": {"entries": [{"keys": "dragon", "content": "x", "priority": True}]},
        },
    }
    entry = import_card(card).document["lorebook"][0]
    assert "keys" not in entry
    assert entry["extra"] == {"keys": "dragon", "priority": True}


def png_with(keyword: str, text: bytes) -> bytes:
    chunks = read_chunks(solid_png(2, 2, (9, 9, 9)))
    return build_png([chunks[0], Chunk(b"tEXt", keyword.encode() + b"\0" + text), *chunks[1:]])


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (png_with("chara", b"%%% not base64 %%%"), "chara chunk is not valid base64"),
        (png_with("ccv3", base64.b64encode(b"\xff\xfe\xfa")), "does not decode to UTF-8"),
        (png_with("chara", base64.b64encode(b"{not json")), "chara chunk is not valid JSON"),
        (png_with("tEXt-other", b"x"), "holds no character card"),
        (b"PK\x03\x04rest-of-a-zip", "CHARX"),
        (b"\xff\xfe not utf-8", "neither a PNG image nor UTF-8"),
        (b'{"name": "A",', "not valid JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ],
    ids=["bad-base64", "not-utf8", "not-json", "no-card", "charx", "binary", "cut-json", "deep-json"],
)
def test_unreadable_card_files_are_refused_with_the_reason(data: bytes, reason: str) -> None:
    with pytest.raises(CardError, match=reason):
        read_card_file(data)


def test_ccv3_wins_over_chara_and_the_image_loses_its_card_chunks() -> None:
    card_file = read_card_file((SYNTHETIC / "dual_chunk.png").read_bytes())
    assert card_file.card["spec"] == "chara_card_v3"
    assert card_file.image is not None
    assert b"ccv3" not in card_file.image
    assert b"chara" not in card_file.image


def test_a_chunk_holding_json_that_is_not_a_card_is_refused_naming_the_chunk() -> None:
    card_file = read_card_file((SYNTHETIC / "itxt_sample.png").read_bytes())
    with pytest.raises(CardError, match="the PNG's ccv3 chunk is not a character card"):
        import_card(card_file.card, card_file.source)
