"""A model published in parts (``NAME-0000K-of-0000N.gguf``), as the Hub serves most large models:
listed as one model, downloaded as one job over its parts, loaded from its first part."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.errors import NotFoundError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.run_records import SendOptions
from mira_desktop.services.hub.listing import HubFile, model_groups, split_name
from mira_desktop.services.hub.transfer import ChecksumMismatch, NotEnoughSpace
from mira_desktop.store.downloads import DownloadState
from tests.integration.hub.conftest import SPLIT, SPLIT_PARTS, SPLIT_STEM, partials
from tests.support.hub_server import StandInHub

QWEN_PARTS = [
    "qwen2.5-7b-instruct-q4_k_m-00001-of-00002.gguf",
    "qwen2.5-7b-instruct-q4_k_m-00002-of-00002.gguf",
]


def _files(*names: str) -> list[HubFile]:
    return [HubFile("Qwen/Qwen2.5-7B-Instruct-GGUF", "main", n, 100 + i, None) for i, n in enumerate(names)]


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_part_suffix_is_read_from_its_own_numbers_not_from_the_last_dash_zero_zero() -> None:
    named = split_name("sub/dir/qwen2.5-7b-instruct-q4_k_m-00002-of-00002.gguf")
    assert named is not None
    assert (named.stem, named.part, named.parts) == ("sub/dir/qwen2.5-7b-instruct-q4_k_m", 2, 2)
    assert split_name("model-00003-of-00002.gguf") is None  # no such part
    assert split_name("qwen2.5-7b-instruct-q4_k_m.gguf") is None


def test_the_parts_of_qwen_7b_q4_k_m_are_one_model_and_a_split_missing_a_part_is_none() -> None:
    listed = _files(*reversed(QWEN_PARTS), "other-q8_0-00001-of-00003.gguf", "other-q8_0-00003-of-00003.gguf")
    [model] = model_groups(listed)
    assert [f.path for f in model] == QWEN_PARTS  # in part order, whatever the listing's order
    assert model[0].quantization == "Q4_K_M"


def test_a_split_repository_is_listed_as_one_model_with_its_whole_size(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    listing = hub_services.hub.models(SPLIT)
    [model] = listing.models
    assert (model.path, model.parts, model.quantization) == (SPLIT_PARTS[0], 2, "Q4_1")
    assert (model.name, model.files) == (f"{SPLIT_STEM}.gguf", tuple(SPLIT_PARTS))
    assert model.size == sum(len(stand_in.file(SPLIT, p).data) for p in SPLIT_PARTS)
    assert model.fit is not None
    assert model.fit.total > model.size  # the header of the first part was read
    assert model.recommended
    assert listing.architecture == "llama"


def test_a_listing_of_several_pages_is_read_to_its_last_page(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    stand_in.faults.page_size = 1  # one entry a page: the two parts come on different pages
    listing = hub_services.hub.models(SPLIT)
    assert [(m.path, m.parts) for m in listing.models] == [(SPLIT_PARTS[0], 2)]
    pages = [s.path for s in stand_in.seen if s.server == "hub" and "/tree/" in s.path]
    assert len(pages) == 3  # two parts and the README: three pages
    assert [p.split("cursor=")[-1] for p in pages[1:]] == ["1", "2"]


def test_naming_one_part_or_the_quantization_chooses_every_part(hub_services: AppServices) -> None:
    by_quant = hub_services.hub.choose(SPLIT, quant="q4_1")
    by_second = hub_services.hub.choose(SPLIT, file=SPLIT_PARTS[1])
    by_name = hub_services.hub.choose(SPLIT, file=f"{SPLIT_STEM}.gguf")  # the model's name, as listed
    assert [p.path for p in by_quant.parts] == [p.path for p in by_second.parts] == SPLIT_PARTS
    assert [p.path for p in by_name.parts] == SPLIT_PARTS


def test_a_split_is_downloaded_through_a_cut_connection_as_one_job_then_chatted_with(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    first_size = len(stand_in.file(SPLIT, SPLIT_PARTS[0]).data)
    download = hub_services.hub.download(SPLIT, quant="Q4_1")
    assert [p.path for p in download.parts] == SPLIT_PARTS
    assert download.size_bytes == first_size + len(stand_in.file(SPLIT, SPLIT_PARTS[1]).data)
    stand_in.faults.cut_after = first_size // 2  # the first part is cut: resumed with Range
    ended = hub_services.hub.downloads.run(download.id, CancelToken())
    assert ended.state is DownloadState.COMPLETED
    folder = hub_services.folder.models_dir / "mira-tests" / "SmolLM2-split-GGUF"
    for part in SPLIT_PARTS:
        assert _sha(folder / part) == stand_in.file(SPLIT, part).sha256
    ranges = [s.headers.get("range") for s in stand_in.byte_requests()]
    assert ranges == [None, f"bytes={first_size // 2}-", None]
    assert ended.model_ref == f"local:{folder / SPLIT_PARTS[0]}"  # loaded from its first part
    assert partials(hub_services.folder.models_dir) == []
    assert hub_services.hub.download(SPLIT, file=SPLIT_PARTS[1]).id == download.id  # already there

    assert ended.model_ref is not None
    handle = hub_services.chat.send(None, "Say hello.", SendOptions(model_ref=ended.model_ref))
    assert handle.wait(120) is RunStatus.COMPLETED  # llama.cpp read both parts from the first one's name
    run = hub_services.chat.run(handle.run_id)
    assert run is not None
    assert run.model_snapshot["ref"] == ended.model_ref


def test_wrong_bytes_in_the_second_part_fail_the_job_and_keep_no_part_as_a_model(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    stand_in.faults.wrong_bytes.add(SPLIT_PARTS[1])
    download = hub_services.hub.download(SPLIT, quant="Q4_1")
    with pytest.raises(ChecksumMismatch):
        hub_services.hub.downloads.run(download.id, CancelToken())
    assert hub_services.hub.downloads.get(download.id).state is DownloadState.FAILED
    assert all(SPLIT_STEM not in e.ref for e in hub_services.models.entries())


def test_free_space_for_every_part_is_checked_before_the_first_byte(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    hub_services.folder.models_dir.mkdir(parents=True, exist_ok=True)
    free = shutil.disk_usage(hub_services.folder.models_dir).free
    stand_in.faults.announced_size[SPLIT_PARTS[1]] = free  # each part fits alone; both do not
    download = hub_services.hub.download(SPLIT, quant="Q4_1")
    with pytest.raises(NotEnoughSpace):
        hub_services.hub.downloads.run(download.id, CancelToken())
    assert stand_in.byte_requests() == []


def test_cancel_of_a_split_removes_the_partial_of_every_part(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    stand_in.faults.cut_after = 1_000_000
    stand_in.faults.down_after_cut = 100  # the server stays down: the job pauses with its partial
    download = hub_services.hub.download(SPLIT, quant="Q4_1")
    with pytest.raises(Exception, match="503"):
        hub_services.hub.downloads.run(download.id, CancelToken())
    assert partials(hub_services.folder.models_dir) != []
    hub_services.hub.downloads.cancel(download.id)
    assert partials(hub_services.folder.models_dir) == []
    assert list(hub_services.folder.models_dir.rglob("*.gguf")) == []


def test_a_listing_that_lacks_a_part_is_refused_by_name(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    stand_in.repos[SPLIT].files = [f for f in stand_in.repos[SPLIT].files if f.path != SPLIT_PARTS[1]]
    assert hub_services.hub.models(SPLIT).models == []
    with pytest.raises(NotFoundError, match="2 parts"):
        hub_services.hub.download(SPLIT, quant="Q4_1")


def test_a_model_in_parts_is_named_without_its_part_suffix_where_it_is_chosen(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    ended = hub_services.hub.downloads.run(hub_services.hub.download(SPLIT, quant="Q4_1").id, CancelToken())
    assert ended.model_ref is not None
    [entry] = [e for e in hub_services.models.entries() if e.ref == ended.model_ref]
    assert entry.name == SPLIT_STEM
