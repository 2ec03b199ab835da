"""Which vision projector of a repository goes with which model: named the way real repositories
name them (unsloth's generic ``mmproj-F16.gguf``, ggml-org's and Google's ``mmproj-MODEL.gguf``)."""

from __future__ import annotations

from mira_desktop.services.hub.downloads import choose
from mira_desktop.services.hub.listing import HubFile, projector_for


def _files(*names: str) -> list[HubFile]:
    return [HubFile("o/r", "main", name, 1000 + i, None) for i, name in enumerate(names)]


def test_of_generic_projectors_the_f16_one_goes_with_every_quantization() -> None:
    files = _files(
        "Qwen3.5-4B-Q4_K_M.gguf",
        "Qwen3.5-4B-Q8_0.gguf",
        "mmproj-BF16.gguf",
        "mmproj-F16.gguf",
        "mmproj-F32.gguf",
    )
    for model in files[:2]:
        paired = projector_for(files, model)
        assert paired is not None
        assert paired.name == "mmproj-F16.gguf"


def test_a_projector_named_after_the_model_wins_over_one_named_after_another() -> None:
    files = _files(
        "gemma-4-12b-it-qat-q4_0.gguf",
        "gemma-4-e4b-it-qat-q4_0.gguf",
        "mmproj-gemma-4-12b-it-f16.gguf",
        "mmproj-gemma-4-e4b-it-f16.gguf",
    )
    assert projector_for(files, files[0]).name == "mmproj-gemma-4-12b-it-f16.gguf"  # type: ignore[union-attr]
    assert projector_for(files, files[1]).name == "mmproj-gemma-4-e4b-it-f16.gguf"  # type: ignore[union-attr]


def test_a_projector_in_the_models_folder_wins_over_one_elsewhere() -> None:
    files = _files("big/m-Q4_K_M.gguf", "big/mmproj-F32.gguf", "small/mmproj-F16.gguf")
    assert projector_for(files, files[0]).path == "big/mmproj-F32.gguf"  # type: ignore[union-attr]


def test_a_repository_without_projectors_pairs_nothing_and_a_projector_is_no_model() -> None:
    files = _files("m-Q4_K_M.gguf")
    assert projector_for(files, files[0]) is None
    with_one = _files("m-Q4_K_M.gguf", "mmproj-F16.gguf")
    assert projector_for(with_one, with_one[1]) is None


def test_choosing_a_model_brings_its_projector_unless_text_only() -> None:
    files = _files("m-00001-of-00002.gguf", "m-00002-of-00002.gguf", "mmproj-m-f16.gguf")
    chosen = choose(files, "o/r", "m-00001-of-00002.gguf", None)
    assert [f.name for f in chosen.files] == [
        "m-00001-of-00002.gguf",
        "m-00002-of-00002.gguf",
        "mmproj-m-f16.gguf",
    ]
    assert chosen.size == sum(f.size for f in files)
    text_only = choose(files, "o/r", "m-00001-of-00002.gguf", None, text_only=True)
    assert text_only.projector is None
    assert [f.name for f in text_only.files] == ["m-00001-of-00002.gguf", "m-00002-of-00002.gguf"]
