"""The recommended list of 2026 (``resources/models/recommended.json``, read from the repository so the
file this checkout ships is the one checked): models for 8 and 16 GB machines that answer in Chinese
and English, one for the fast role, one that sees, each saying how Mira runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mira_desktop.services.hub.catalogue import MACHINES, THINKING, Recommended, load_catalogue
from mira_desktop.services.hub.listing import HubFile

SHIPPED = Path(__file__).resolve().parents[3] / "resources" / "models" / "recommended.json"


@pytest.fixture(scope="module")
def shipped() -> list[Recommended]:
    return load_catalogue(SHIPPED.read_text("utf-8"))


def test_there_is_a_model_for_each_machine_for_the_fast_role_and_one_that_sees(
    shipped: list[Recommended],
) -> None:
    assert {r.machine_gb for r in shipped} == set(MACHINES)
    assert [r.repo for r in shipped if "fast" in r.purposes] == ["msievers/Qwen3.5-0.8B-GGUF"]
    seeing = [r for r in shipped if "vision" in r.purposes]
    assert seeing
    assert all(r.vision for r in seeing)
    assert any(r.machine_gb == 8 for r in seeing)
    assert any("agent" in r.purposes and r.machine_gb == 8 for r in shipped)
    assert any("agent" in r.purposes and r.machine_gb == 16 for r in shipped)


def test_every_entry_answers_in_chinese_and_english_and_says_how_mira_runs_it(
    shipped: list[Recommended],
) -> None:
    for entry in shipped:
        assert {"zh", "en"} <= set(entry.languages), entry.repo
        assert entry.thinking in THINKING, entry.repo
        assert entry.tool_format in ("qwen3.5", "gemma4"), entry.repo
        assert entry.note["en"]
        assert entry.note["zh"]
        assert entry.quant


def test_each_suggested_quantization_is_one_a_real_file_name_of_that_family_gives() -> None:
    # File names as the repositories list them (checked when the list was written).
    names = {
        "unsloth/Qwen3.5-4B-GGUF": "Qwen3.5-4B-Q4_K_M.gguf",
        "unsloth/Qwen3.5-9B-GGUF": "Qwen3.5-9B-Q4_K_M.gguf",
        "google/gemma-4-12B-it-qat-q4_0-gguf": "gemma-4-12b-it-qat-q4_0.gguf",
        "msievers/Qwen3.5-0.8B-GGUF": "Qwen3.5-0.8B-Q4_K_M.gguf",
    }
    for entry in load_catalogue(SHIPPED.read_text("utf-8")):
        assert HubFile(entry.repo, "main", names[entry.repo], 1, None).quantization == entry.quant


def test_the_list_holds_no_sizes_or_checksums_and_refuses_words_it_does_not_know() -> None:
    data = json.loads(SHIPPED.read_text("utf-8"))
    assert not any(k in m for m in data["models"] for k in ("size", "sha256", "size_bytes"))
    entry = data["models"][0]
    for wrong in ({"machine_gb": 12}, {"runs": {**entry["runs"], "thinking": "sometimes"}}):
        with pytest.raises(ValueError, match="how it runs"):
            load_catalogue(json.dumps({"models": [{**entry, **wrong}]}))
    with pytest.raises(ValueError, match="must see them"):
        load_catalogue(json.dumps({"models": [{**entry, "runs": {**entry["runs"], "vision": False}}]}))


def test_the_command_says_how_each_runs(shipped: list[Recommended]) -> None:
    from mira_desktop.cli.downloads import _runs

    assert [_runs(r) for r in shipped] == [
        "thinking on/off, qwen3.5 tool calls, sees",
        "thinking on/off, qwen3.5 tool calls, sees",
        "thinking on/off, gemma4 tool calls, sees",
        "thinking on/off, qwen3.5 tool calls, text only",
    ]
