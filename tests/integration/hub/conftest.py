"""A stand-in Hub on 127.0.0.1 with small GGUF repositories, and services pointed at it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.hub.transfer import RetryPolicy
from tests.support.gguf_files import smollm2, write_gguf
from tests.support.hub_server import Repo, RepoFile, StandInHub

TINY = "mira-tests/tiny-chat-GGUF"
SMOL = "HuggingFaceTB/SmolLM2-135M-Instruct-GGUF"
SMOL_FILE = "smollm2-135m-instruct-q4_1.gguf"
SPLIT = "mira-tests/SmolLM2-split-GGUF"  # the embedded model in two real parts, as large models come
SPLIT_STEM = "smollm2-135m-instruct-q4_1"
SPLIT_PARTS = [f"{SPLIT_STEM}-00001-of-00002.gguf", f"{SPLIT_STEM}-00002-of-00002.gguf"]


@pytest.fixture(scope="session")
def tiny_files(tmp_path_factory: pytest.TempPathFactory) -> list[RepoFile]:
    folder = tmp_path_factory.mktemp("gguf")
    return [
        RepoFile("tiny-chat-Q4_K_M.gguf", write_gguf(folder / "a.gguf", tensor_bytes=3 << 20).read_bytes()),
        RepoFile("tiny-chat-Q8_0.gguf", write_gguf(folder / "b.gguf", tensor_bytes=6 << 20).read_bytes()),
        RepoFile("tiny-chat-F16.gguf", write_gguf(folder / "c.gguf", tensor_bytes=12 << 20).read_bytes()),
    ]  # (a repository with vision projectors: tests/integration/hub/test_projectors.py)


@pytest.fixture(scope="session")
def split_files(smollm2_in_parts: list[Path]) -> list[RepoFile]:
    """The embedded SmolLM2 written as two shards with the ``gguf`` package (llama.cpp loads them)."""
    return [RepoFile(p.name, p.read_bytes()) for p in smollm2_in_parts]


@pytest.fixture
def stand_in(tiny_files: list[RepoFile], split_files: list[RepoFile]) -> Iterator[StandInHub]:
    repos = [
        Repo(TINY, list(tiny_files), downloads=50),
        Repo(SPLIT, list(split_files), downloads=10),
        Repo(SMOL, [RepoFile(SMOL_FILE, smollm2().read_bytes())], downloads=5000),
        Repo("mira-tests/gated-GGUF", [tiny_files[0]], downloads=1),
    ]
    with StandInHub(repos) as hub:
        hub.faults.gated.add("mira-tests/gated-GGUF")
        yield hub


@pytest.fixture
def hub_services(services: AppServices, stand_in: StandInHub) -> AppServices:
    """The app's services on a fresh data folder, with the stand-in as their Hub and quick retries."""
    services.hub.settings.set_endpoint(stand_in.url)
    services.hub.downloads.policy = RetryPolicy(attempts=3, first_delay_s=0.01, max_delay_s=0.05)
    return services


def partials(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.partial"))
