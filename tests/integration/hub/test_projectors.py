"""A repository's vision projector goes with its models: listed beside them, downloaded with them
unless "text only", and known to the model Mira adds — in the services and in `mira`."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.hub.transfer import RetryPolicy
from mira_desktop.store.downloads import DownloadState
from tests.support.cli import Mira
from tests.support.gguf_files import write_gguf
from tests.support.hub_server import Repo, RepoFile, StandInHub

VISION = "mira-tests/tiny-vision-GGUF"
MODEL = "tiny-vision-Q4_K_M.gguf"


@pytest.fixture(scope="module")
def vision_files(tmp_path_factory: pytest.TempPathFactory) -> list[RepoFile]:
    folder = tmp_path_factory.mktemp("vision")
    return [
        RepoFile(MODEL, write_gguf(folder / "a.gguf", tensor_bytes=2 << 20).read_bytes()),
        RepoFile("tiny-vision-Q8_0.gguf", write_gguf(folder / "b.gguf", tensor_bytes=3 << 20).read_bytes()),
        RepoFile("mmproj-BF16.gguf", write_gguf(folder / "c.gguf", tensor_bytes=1 << 18).read_bytes()),
        RepoFile("mmproj-F16.gguf", write_gguf(folder / "d.gguf", tensor_bytes=1 << 17).read_bytes()),
        RepoFile("mmproj-F32.gguf", write_gguf(folder / "e.gguf", tensor_bytes=1 << 19).read_bytes()),
    ]


@pytest.fixture
def vision_hub(vision_files: list[RepoFile]) -> Iterator[StandInHub]:
    with StandInHub([Repo(VISION, list(vision_files), downloads=10)]) as hub:
        yield hub


@pytest.fixture
def hub_services(services: AppServices, vision_hub: StandInHub) -> AppServices:
    services.hub.settings.set_endpoint(vision_hub.url)
    services.hub.downloads.policy = RetryPolicy(attempts=3, first_delay_s=0.01, max_delay_s=0.05)
    return services


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_each_model_is_listed_with_the_projector_that_goes_with_it(
    hub_services: AppServices, vision_hub: StandInHub
) -> None:
    listing = hub_services.hub.models(VISION)
    assert [m.name for m in listing.models] == [MODEL, "tiny-vision-Q8_0.gguf"]
    assert {m.projector for m in listing.models} == {"mmproj-F16.gguf"}
    assert {m.projector_size for m in listing.models} == {
        len(vision_hub.file(VISION, "mmproj-F16.gguf").data)
    }
    assert sorted(listing.other_files) == ["mmproj-BF16.gguf", "mmproj-F16.gguf", "mmproj-F32.gguf"]
    for model in listing.models:  # the projector loads beside the model: its memory counts
        assert model.fit is not None
        assert model.fit.weights == model.size + model.projector_size


def test_a_download_brings_the_projector_checked_and_the_added_model_sees_through_it(
    hub_services: AppServices, vision_hub: StandInHub
) -> None:
    download = hub_services.hub.download(VISION, quant="Q4_K_M")
    assert [p.path for p in download.parts] == [MODEL, "mmproj-F16.gguf"]
    ended = hub_services.hub.downloads.run(download.id, CancelToken())
    folder = hub_services.folder.models_dir / "mira-tests" / "tiny-vision-GGUF"
    assert ended.state is DownloadState.COMPLETED
    assert _sha(folder / "mmproj-F16.gguf") == vision_hub.file(VISION, "mmproj-F16.gguf").sha256
    assert ended.size_bytes == (folder / MODEL).stat().st_size + (folder / "mmproj-F16.gguf").stat().st_size
    assert ended.model_ref == f"local:{folder / MODEL}"
    assert hub_services.models.projector(ended.model_ref) == str(folder / "mmproj-F16.gguf")
    entry = hub_services.models.entry(ended.model_ref)
    assert entry.capabilities["supports_vision"] is True
    assert not (folder / "mmproj-BF16.gguf").exists()


def test_text_only_leaves_the_projector_out_and_asking_later_fetches_only_the_projector(
    hub_services: AppServices, vision_hub: StandInHub
) -> None:
    plain = hub_services.hub.download(VISION, MODEL, text_only=True)
    assert hub_services.hub.downloads.run(plain.id, CancelToken()).state is DownloadState.COMPLETED
    ref = hub_services.hub.downloads.get(plain.id).model_ref
    assert ref is not None
    assert hub_services.models.projector(ref) is None
    assert hub_services.models.entry(ref).capabilities["supports_vision"] is False
    fetched_before = len(vision_hub.byte_requests())

    again = hub_services.hub.download(VISION, MODEL)
    assert again.id != plain.id
    assert hub_services.hub.downloads.run(again.id, CancelToken()).state is DownloadState.COMPLETED
    sent = [s.path.split("?")[0] for s in vision_hub.byte_requests()[fetched_before:]]
    assert sent == [f"/blobs/{vision_hub.file(VISION, 'mmproj-F16.gguf').sha256}"]
    assert hub_services.models.entry(ref).capabilities["supports_vision"] is True


@pytest.fixture
def cli(mira: Mira, vision_hub: StandInHub) -> Mira:
    assert mira("models", "hub", "--endpoint", vision_hub.url).code == 0
    return mira


def test_the_command_lists_downloads_and_sets_projectors(cli: Mira, data_dir: Path, tmp_path: Path) -> None:
    shown = cli("models", "files", VISION)
    assert shown.code == 0
    assert "Sees pictures with mmproj-F16.gguf" in shown.out
    assert cli("models", "download", VISION, "--quant", "Q8_0", "--text-only").code == 0
    model = data_dir / "models" / "mira-tests" / "tiny-vision-GGUF" / "tiny-vision-Q8_0.gguf"
    ref = f"local:{model}"
    assert not (model.parent / "mmproj-F16.gguf").exists()
    assert cli("--json", "models", "projector", ref).json() == {"ref": ref, "projector": None}

    # A projector kept by hand, in a folder with a Chinese name, is given to the model.
    (tmp_path / "视觉模型").mkdir()
    by_hand = write_gguf(tmp_path / "视觉模型" / "投影.gguf", tensor_bytes=1 << 16)
    assert (
        cli("models", "projector", ref, str(by_hand)).out.strip() == f"{ref} sees pictures through {by_hand}"
    )
    listed = {e["ref"]: e for e in cli("--json", "models", "list").json()}
    assert listed[ref]["capabilities"]["supports_vision"] is True
    assert cli("models", "projector", ref, "--none").code == 0
    listed = {e["ref"]: e for e in cli("--json", "models", "list").json()}
    assert listed[ref]["capabilities"]["supports_vision"] is False

    # A model file added by hand, with its projector, in one command.
    (tmp_path / "模型").mkdir()
    other = write_gguf(tmp_path / "模型" / "别的-Q4_K_M.gguf", tensor_bytes=1 << 16)
    added = cli("--json", "models", "add-local", str(other), "--projector", str(by_hand)).json()
    assert added["capabilities"]["supports_vision"] is True
    assert cli("--json", "models", "projector", added["ref"]).json()["projector"] == str(by_hand)


def test_the_command_refuses_a_projector_that_is_not_a_gguf_file_or_for_a_remote_model(
    cli: Mira, tmp_path: Path
) -> None:
    model = write_gguf(tmp_path / "m.gguf", tensor_bytes=1 << 16)
    assert cli("models", "add-local", str(model)).code == 0
    text = tmp_path / "notes.txt"
    text.write_text("not a model", "utf-8")
    refused = cli("models", "projector", f"local:{model}", str(text))
    assert refused.code != 0
    assert "notes.txt is not a GGUF model file" in refused.err
    itself = cli("models", "projector", f"local:{model}", str(model))
    assert itself.code != 0
    assert "is the model itself" in itself.err
    assert cli("models", "add-remote", "srv", "--base-url", "http://127.0.0.1:9/v1", "--model", "m").code == 0
    remote = cli("models", "projector", "remote:srv/m", str(model))
    assert remote.code != 0
    assert "only a local GGUF model takes a vision projector" in remote.err


def test_the_long_side_of_pictures_is_a_setting_with_a_checked_range(cli: Mira) -> None:
    assert cli("--json", "models", "image-side").json() == {"image_long_side": 1024}
    assert cli("--json", "models", "image-side", "768").json() == {"image_long_side": 768}
    refused = cli("models", "image-side", "50")
    assert refused.code != 0
    assert "between 224 and 4096 pixels" in refused.err
    assert cli("--json", "models", "image-side").json() == {"image_long_side": 768}
