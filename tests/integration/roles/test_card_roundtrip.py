"""Every card in ../shared/data/cards: import, export, import again; hostile files refused."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.cards.errors import CardError
from mira_desktop.cards.png import read_chunks, text_chunks
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.roles.cards import CardFormat
from tests.conftest import SHARED_DATA
from tests.support.roles import role_rows

CARDS = SHARED_DATA / "cards"
V2_CARDS = [
    "examples/default_CodingSensei.png",
    "examples/default_FluxTheCat.png",
    "examples/default_Seraphina.png",
]
V3_CARDS = [
    "examples_zh/PokemonPink_v3_zh.json",
    "fixtures_synthetic/v3_standard.json",
    "fixtures_synthetic/v3_card.png",
    "fixtures_synthetic/dual_chunk.png",
    "fixtures_synthetic/garbage_after_iend.png",
]
V1_CARDS = [
    "examples_zh/nativetavern_xiaohongshu_copywriter.json",
    "examples_zh/nativetavern_cultivation_survival_game.json",
    "fixtures_synthetic/v2_standard.json",
    "fixtures_synthetic/v2_card.png",
    "fixtures_synthetic/quack_export.json",
]
REFUSED = {
    "examples/Eldoria_worldinfo.json": "World Info",
    "fixtures_synthetic/plain_image.png": "holds no character card",
    "fixtures_synthetic/itxt_sample.png": "ccv3 chunk is not a character card",
    "fixtures_synthetic/ztxt_sample.png": "ccv3 chunk is not a character card",
    "fixtures_synthetic/quack_lorebook.json": "not a character card",
}


def test_the_lists_above_cover_every_card_file() -> None:
    files = {str(p.relative_to(CARDS)) for p in CARDS.rglob("*") if p.is_file() and p.parent.name != "spec"}
    files -= {"fixtures_synthetic/README.md", "fixtures_synthetic/xss_attack_sample.json"}
    assert files == {*V2_CARDS, *V3_CARDS, *V1_CARDS, *REFUSED}


def original_card(path: Path) -> Any:
    data = path.read_bytes()
    if path.suffix == ".png":
        texts = text_chunks(read_chunks(data))
        return json.loads(base64.b64decode(texts.get("ccv3") or texts["chara"]))
    return json.loads(data)


def contains(exported: Any, original: Any, where: str = "card") -> None:
    """Every field of ``original`` is in ``exported`` with the same value (export may add fields)."""
    if isinstance(original, dict):
        assert isinstance(exported, dict), where
        for key, value in original.items():
            assert key in exported, f"{where}.{key} is missing"
            if key != "modification_date":  # the V3 spec: set at export
                contains(exported[key], value, f"{where}.{key}")
    elif isinstance(original, list):
        assert isinstance(exported, list), where
        assert len(exported) == len(original), where
        for index, (a, b) in enumerate(zip(exported, original, strict=True)):
            contains(a, b, f"{where}[{index}]")
    else:
        assert exported == original, f"{where}: {original!r} became {exported!r}"


def editable(services: AppServices, role_id: str) -> dict[str, Any]:
    data = services.roles.to_json(services.roles.get(role_id))
    return {k: v for k, v in data.items() if k not in {"id", "version", "created_at", "updated_at", "avatar"}}


def undated(card: dict[str, Any]) -> dict[str, Any]:
    """The card without ``modification_date``, which a V3 export sets to the time of export."""
    card["data"].pop("modification_date", None)
    return card


def switches_as_false(document: dict[str, Any]) -> dict[str, Any]:
    """V3 requires ``use_regex`` on every entry, so a V2 entry that left it unset comes back false."""
    for entry in document["lorebook"]:
        entry["use_regex"] = entry["use_regex"] or False
    return document


@pytest.mark.parametrize("name", V2_CARDS + V3_CARDS)
@pytest.mark.parametrize("png", [False, True], ids=["json", "png"])
def test_export_in_the_cards_own_version_keeps_every_field(
    services: AppServices, tmp_path: Path, name: str, png: bool
) -> None:
    source = CARDS / name
    imported = services.roles.import_card(source)
    card_format = CardFormat.V3 if name in V3_CARDS else CardFormat.V2
    target = tmp_path / ("card.png" if png else "card.json")
    services.roles.export_card(imported.role.id, card_format, png=png, target=target)
    contains(original_card(target), original_card(source))
    again = services.roles.import_card(target)
    assert editable(services, again.role.id) == editable(services, imported.role.id)
    second = tmp_path / ("again.png" if png else "again.json")
    services.roles.export_card(again.role.id, card_format, png=png, target=second)
    assert undated(original_card(second)) == undated(
        original_card(target)
    )  # export → import → export is stable


@pytest.mark.parametrize("name", V1_CARDS + V2_CARDS + V3_CARDS)
@pytest.mark.parametrize("card_format", list(CardFormat))
def test_export_then_import_gives_back_the_same_role(
    services: AppServices, tmp_path: Path, name: str, card_format: CardFormat
) -> None:
    imported = services.roles.import_card(CARDS / name)
    edited = services.roles.update(
        imported.role.id,
        {"prompt": {"worldview": "Edited world."}, "llm_profile": {"temperature": 1.1, "top_k": 20}},
    )
    target = tmp_path / "card.json"
    services.roles.export_card(edited.id, card_format, png=False, target=target)
    again = services.roles.import_card(target)
    assert switches_as_false(editable(services, again.role.id)) == switches_as_false(
        editable(services, edited.id)
    )


def test_a_png_export_keeps_the_picture_and_carries_both_chunks_for_v3(
    services: AppServices, tmp_path: Path
) -> None:
    source = CARDS / "examples" / "default_Seraphina.png"
    role = services.roles.import_card(source).role
    assert role.avatar is not None
    data = services.roles.export_card(role.id, CardFormat.V3, png=True, target=tmp_path / "s.png")
    chunks = read_chunks(data)
    assert [c.data for c in chunks if c.type == b"IDAT"] == [
        c.data for c in read_chunks(source.read_bytes()) if c.type == b"IDAT"
    ]
    texts = text_chunks(chunks)
    assert json.loads(base64.b64decode(texts["ccv3"]))["spec"] == "chara_card_v3"
    backfill = json.loads(base64.b64decode(texts["chara"]))
    assert backfill["spec"] == "chara_card_v2"
    assert backfill["data"]["creator_notes"].startswith("This character card is Character Card V3")


def test_a_role_without_avatar_exports_a_png_card_on_a_plain_square(
    services: AppServices, tmp_path: Path
) -> None:
    role = services.roles.list()[0]
    data = services.roles.export_card(role.id, CardFormat.V2, png=True, target=tmp_path / "r.png")
    card = json.loads(base64.b64decode(text_chunks(read_chunks(data))["chara"]))
    assert card["data"]["name"] == role.name
    assert card["data"]["extensions"]["mira"]["llm_profile"] == role.llm_profile
    assert (tmp_path / "r.png").read_bytes() == data


def test_chinese_cards_keep_their_text_and_lorebook(services: AppServices) -> None:
    role = services.roles.import_card(CARDS / "examples_zh" / "PokemonPink_v3_zh.json").role
    assert role.name == "Pokemon Pink"
    assert "洛迪亚" in role.prompt["first_message"]
    assert len(role.lorebook) == 43
    preview = services.roles.preview(role.id, message="我的R-手环坏了")
    triggered = {e.trigger for e in (*preview.role.lore.inserted, *preview.role.lore.over_budget)}
    assert "R-手环" in triggered
    assert preview.role.lore.tokens <= 512  # the default lorebook budget holds


@pytest.mark.parametrize(("name", "reason"), sorted(REFUSED.items()))
def test_files_that_are_not_cards_are_refused_and_nothing_is_saved(
    services: AppServices, name: str, reason: str
) -> None:
    before = role_rows(services)
    with pytest.raises(CardError, match=reason):
        services.roles.import_card(CARDS / name)
    assert role_rows(services) == before
    assert not (services.folder.root / "avatars").exists()


def test_the_xss_card_is_imported_sanitized_with_warnings(services: AppServices, tmp_path: Path) -> None:
    result = services.roles.import_card(CARDS / "fixtures_synthetic" / "xss_attack_sample.json")
    stored = json.dumps(services.roles.to_json(result.role))
    assert "<script" not in stored
    assert "onerror" not in stored
    assert "javascript:" not in stored
    assert len(result.warnings) == 5
    exported = services.roles.export_card(
        result.role.id, CardFormat.V3, png=False, target=tmp_path / "x.json"
    )
    assert b"<script" not in exported


def test_a_card_with_an_oversized_field_is_refused_naming_the_card_field(
    services: AppServices, tmp_path: Path
) -> None:
    card = {
        "spec": "chara_card_v2",
        "spec_version": "2.0",
        "data": {"name": "Big", "first_mes": "x" * 70_000},
    }
    path = tmp_path / "big.json"
    path.write_text(json.dumps(card))
    before = role_rows(services)
    with pytest.raises(CardError, match=r"first_mes is 68\.4 KB; the limit is 64 KB"):
        services.roles.import_card(path)
    assert role_rows(services) == before


def test_unreadable_paths_are_reported(services: AppServices, tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="is a folder"):
        services.roles.import_card(tmp_path)
    with pytest.raises(NotFoundError, match="No such file"):
        services.roles.import_card(tmp_path / "missing.png")


def test_export_into_a_missing_folder_is_refused(services: AppServices, tmp_path: Path) -> None:
    role = services.roles.list()[0]
    with pytest.raises(InvalidInputError, match="does not exist"):
        services.roles.export_card(role.id, CardFormat.V2, png=False, target=tmp_path / "nope" / "r.json")
