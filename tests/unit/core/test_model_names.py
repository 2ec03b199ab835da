"""Model references as a person reads them (core/model_names.py)."""

from __future__ import annotations

from mira_desktop.core.model_names import readable_model

MODELS = "/home/ann/.local/share/mira-desktop/models"


def test_a_downloaded_model_is_its_repository_and_file_not_its_path() -> None:
    ref = f"local:{MODELS}/acme/tiny-chat-GGUF/smollm2-135m-instruct-q4_1.gguf"
    assert readable_model(ref, MODELS) == "acme/tiny-chat-GGUF · smollm2-135m-instruct-q4_1.gguf"


def test_another_gguf_file_is_its_file_name() -> None:
    assert readable_model("local:/opt/models/qwen2.5-7b-q4_k_m.gguf", MODELS) == "qwen2.5-7b-q4_k_m.gguf"
    assert readable_model(f"local:{MODELS}/loose.gguf", MODELS) == "loose.gguf"  # not OWNER/REPO/FILE


def test_the_embedded_remote_and_scripted_models_read_as_names() -> None:
    assert readable_model("local:smollm2") == "SmolLM2-135M-Instruct"
    assert readable_model("remote:think/thinker") == "thinker (think)"
    assert readable_model("scripted:/tmp/pytest-1/s2.json") == "Scripted (s2.json)"
    assert readable_model("not a reference") == "not a reference"


def test_a_model_in_parts_is_named_by_its_split_name_not_its_first_part() -> None:
    first = "smollm2-135m-instruct-q4_1-00001-of-00002.gguf"
    assert readable_model(f"local:/opt/models/{first}", MODELS) == "smollm2-135m-instruct-q4_1.gguf"
    downloaded = f"local:{MODELS}/acme/SmolLM2-split-GGUF/{first}"
    assert readable_model(downloaded, MODELS) == "acme/SmolLM2-split-GGUF · smollm2-135m-instruct-q4_1.gguf"
