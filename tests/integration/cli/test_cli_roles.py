"""`mira roles …` through the real entry point."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.cards.png import read_chunks, text_chunks
from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from tests.conftest import SHARED_DATA
from tests.integration.cli.conftest import Mira
from tests.support.fixtures import OpenServices

ROLE = {
    "name": "Chef",
    "summary": "Cooks.",
    "status": "active",
    "tags": ["food"],
    "prompt": {"description": "{{char}} cooks for {{user}}.", "alternate_greetings": ["Hungry?"]},
    "lorebook": [{"keys": ["tofu"], "content": "Press tofu first."}],
    "llm_profile": {"temperature": 0.9, "top_k": 50},
}


def write(tmp_path: Path, name: str, data: Any) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def create(mira: Mira, tmp_path: Path, role: dict[str, Any] | None = None) -> dict[str, Any]:
    result = mira("--json", "roles", "create", "--file", write(tmp_path, "role.json", role or ROLE))
    assert result.code == 0, result.err
    return result.json()


def test_show_json_has_the_documented_keys_and_create_reads_it(mira: Mira, tmp_path: Path) -> None:
    created = create(mira, tmp_path)
    shown = mira("--json", "roles", "show", created["id"]).json()
    assert shown == created
    assert set(shown) == {
        "id",
        "version",
        "created_at",
        "updated_at",
        "avatar",
        "name",
        "summary",
        "status",
        "tags",
        "prompt",
        "lorebook",
        "llm_profile",
    }
    assert set(shown["llm_profile"]) == {
        "temperature",
        "top_p",
        "top_k",
        "max_tokens",
        "frequency_penalty",
        "presence_penalty",
    }
    copy = mira(
        "--json", "roles", "create", "--file", write(tmp_path, "copy.json", {**shown, "name": "Chef 2"})
    )
    assert copy.code == 0, copy.err
    assert copy.json()["prompt"] == shown["prompt"]
    assert copy.json()["id"] != shown["id"]


def test_update_changes_keys_present_null_clears_and_version_rises(mira: Mira, tmp_path: Path) -> None:
    role_id = create(mira, tmp_path)["id"]
    patch = write(
        tmp_path, "patch.json", {"llm_profile": {"temperature": None, "top_p": 0.5}, "summary": "Bakes."}
    )
    updated = mira("--json", "roles", "update", role_id, "--file", patch).json()
    assert updated["version"] == 2
    assert updated["summary"] == "Bakes."
    assert updated["llm_profile"]["temperature"] is None
    assert (updated["llm_profile"]["top_p"], updated["llm_profile"]["top_k"]) == (0.5, 50)
    assert updated["prompt"]["description"] == ROLE["prompt"]["description"]
    text = mira("roles", "update", role_id, "--file", patch)
    assert text.out.strip().endswith("now version 3.")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"llm_profile": {"temperature": 5}}, "llm_profile.temperature must be a number from 0 to 2"),
        (
            {"llm_profile": {"max_tokens": "lots"}},
            "llm_profile.max_tokens must be a whole number of at least 1",
        ),
        ({"name": ""}, "name must not be empty"),
        ({"prompt": {"persona": "x" * 70_000}}, "prompt.persona is 68.4 KB; the limit is 64 KB"),
    ],
)
def test_bad_update_exits_2_with_one_line_and_saves_nothing(
    mira: Mira, tmp_path: Path, data: dict[str, Any], message: str
) -> None:
    role_id = create(mira, tmp_path)["id"]
    before = mira("--json", "roles", "show", role_id).json()
    result = mira("roles", "update", role_id, "--file", write(tmp_path, "bad.json", data))
    assert result.code == 2
    assert message in result.err
    assert result.err.count("\n") == 1
    assert mira("--json", "roles", "show", role_id).json() == before


def test_create_without_name_and_unreadable_files_are_refused(mira: Mira, tmp_path: Path) -> None:
    count = len(mira("--json", "roles", "list").json())
    no_name = mira("roles", "create", "--file", write(tmp_path, "r.json", {"summary": "x"}))
    assert (no_name.code, no_name.err.strip()) == (
        2,
        "mira: error: Invalid role: name is required; nothing was saved.",
    )
    (tmp_path / "broken.json").write_text("{ not json")
    broken = mira("roles", "create", "--file", str(tmp_path / "broken.json"))
    assert broken.code == 2
    assert "is not valid JSON" in broken.err
    missing = mira("roles", "create", "--file", str(tmp_path / "nope.json"))
    assert missing.code == 3
    assert len(mira("--json", "roles", "list").json()) == count


def test_list_filters_and_delete_keeps_threads(
    mira: Mira, tmp_path: Path, open_services: OpenServices
) -> None:
    role_id = create(mira, tmp_path, {**ROLE, "status": "draft"})["id"]
    assert [r["name"] for r in mira("--json", "roles", "list", "--status", "draft").json()] == ["Chef"]
    assert [r["name"] for r in mira("--json", "roles", "list", "--search", "FOOD").json()] == ["Chef"]
    with open_services() as services:
        thread = ThreadRepository(services.database).create(title="dinner", role_id=role_id)
        MessageRepository(services.database).add(thread.id, MessageRole.USER, "tofu?")
    deleted = mira("--json", "roles", "delete", role_id).json()
    assert deleted == {"deleted": role_id, "trashed": True, "threads_unbound": 1}
    shown = mira("--json", "threads", "show", thread.id).json()
    assert shown["thread"]["role_id"] is None
    assert [m["content"] for m in shown["messages"]] == ["tofu?"]
    assert mira("roles", "show", role_id).code == 3


def test_import_export_round_trip_through_the_command(mira: Mira, tmp_path: Path) -> None:
    card = SHARED_DATA / "cards" / "examples" / "default_Seraphina.png"
    imported = mira("--json", "roles", "import", str(card))
    assert imported.code == 0, imported.err
    role = imported.json()
    assert (role["name"], role["card_spec"], role["warnings"]) == ("Seraphina", "v2", [])
    out = tmp_path / "seraphina.png"
    exported = mira("roles", "export", role["id"], "--format", "card-v3", "--png", "-o", str(out))
    assert exported.code == 0, exported.err
    texts = text_chunks(read_chunks(out.read_bytes()))
    assert json.loads(base64.b64decode(texts["ccv3"]))["data"]["name"] == "Seraphina"
    as_json = tmp_path / "seraphina.json"
    assert mira("roles", "export", role["id"], "--format", "card-v2", "-o", str(as_json)).code == 0
    again = mira("--json", "roles", "import", str(as_json)).json()
    assert again["prompt"] == role["prompt"]
    assert again["lorebook"] == role["lorebook"]


def test_a_non_card_file_is_refused_and_a_hostile_card_is_imported_sanitized(mira: Mira) -> None:
    before = {r["id"] for r in mira("--json", "roles", "list").json()}
    plain = mira("roles", "import", str(SHARED_DATA / "cards" / "fixtures_synthetic" / "plain_image.png"))
    assert plain.code == 2
    assert "holds no character card" in plain.err
    assert {r["id"] for r in mira("--json", "roles", "list").json()} == before
    xss = mira(
        "roles", "import", str(SHARED_DATA / "cards" / "fixtures_synthetic" / "xss_attack_sample.json")
    )
    assert xss.code == 0
    assert "sanitized data.first_mes" in xss.out
    (added,) = {r["id"] for r in mira("--json", "roles", "list").json()} - before
    stored = mira("--json", "roles", "show", added).out
    for needle in ("<script", "onerror", "javascript:"):
        assert needle not in stored, needle


def test_preview_json_is_the_compiled_system_text_and_parameters(
    mira: Mira, tmp_path: Path, open_services: OpenServices
) -> None:
    role_id = create(mira, tmp_path)["id"]
    assert mira("roles", "user-name", "Mei").out.strip() == "Mei"
    with open_services() as services:
        thread = ThreadRepository(services.database).create(title="dinner", role_id=role_id)
        MessageRepository(services.database).add(thread.id, MessageRole.USER, "Cook tofu tonight")
    preview = mira("--json", "roles", "preview", role_id, "--thread", thread.id).json()
    assert preview["system"] == (
        "You are Chef.\n\n## Description\nChef cooks for Mei.\n\n## Lore\nPress tofu first."
    )
    assert preview["messages"][1] == {"role": "user", "content": "Cook tofu tonight"}
    assert preview["parameters"]["temperature"] == 0.9
    assert preview["parameters"]["top_k"] == 50
    assert preview["applied"] is True
    text = mira("roles", "preview", role_id)
    assert "--- system ---" in text.out
    assert "total" in text.out


def test_duplicate_and_avatar_options(mira: Mira, tmp_path: Path) -> None:
    role_id = create(mira, tmp_path)["id"]
    copy = mira("--json", "roles", "duplicate", role_id).json()
    assert copy["name"] == "Chef (copy)"
    avatar = str(SHARED_DATA / "cards" / "fixtures_synthetic" / "plain_image.png")
    with_avatar = mira("--json", "roles", "update", role_id, "--avatar", avatar).json()
    assert with_avatar["avatar"].startswith("avatars/")
    assert mira("--json", "roles", "update", role_id, "--no-avatar").json()["avatar"] is None
    assert mira("roles", "update", role_id).code == 2
