"""Search, a repository's models with their fit, and the header read with a Range request only."""

from __future__ import annotations

import pytest

from mira_desktop.core.errors import ConflictError, NotFoundError
from mira_desktop.services.app.bundle import AppServices
from tests.integration.hub.conftest import SMOL, SPLIT, TINY
from tests.support.hub_server import StandInHub


def test_search_finds_the_gguf_repositories_most_downloaded_first(hub_services: AppServices) -> None:
    found = hub_services.hub.search("GGUF")
    assert [m.id for m in found] == [SMOL, TINY, SPLIT, "mira-tests/gated-GGUF"]
    assert [m.gated for m in found] == [False, False, False, True]


def test_a_repositorys_models_get_size_quantization_fit_and_one_recommendation(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    listing = hub_services.hub.models(TINY)
    assert [(m.name, m.quantization) for m in listing.models] == [
        ("tiny-chat-Q4_K_M.gguf", "Q4_K_M"),
        ("tiny-chat-Q8_0.gguf", "Q8_0"),
        ("tiny-chat-F16.gguf", "F16"),
    ]
    assert listing.other_files == []  # no projector: nothing comes with these models
    assert {m.projector for m in listing.models} == {None}
    assert [m.size for m in listing.models] == [len(stand_in.file(TINY, m.path).data) for m in listing.models]
    assert (listing.architecture, listing.context_length) == ("llama", 2048)
    assert listing.chat_template is not None
    for model in listing.models:
        fit = model.fit
        assert fit is not None
        # 4 layers × 2048 tokens × 2 KV heads × (32 + 32) × 2 bytes, and the logits of a 256-token batch
        assert fit.kv_cache == 4 * 2048 * 2 * 64 * 2
        assert fit.compute == 256 * 300 * 4 + 256 * 256 * 16 + 256 * 2048 * 8 * 4  # logits, activations, scores
        assert fit.total == model.size + fit.kv_cache + fit.compute
        assert model.verdict == "fits"
    # The largest that fits, never F16: Q8_0.
    assert [m.name for m in listing.models if m.recommended] == ["tiny-chat-Q8_0.gguf"]
    ranges = [s.headers.get("range") for s in stand_in.byte_requests()]
    assert ranges == ["bytes=0-1048575"]  # the header came from the first megabyte, nothing more


def test_a_model_larger_than_the_memory_does_not_fit(hub_services: AppServices, stand_in: StandInHub) -> None:
    stand_in.faults.announced_size["tiny-chat-F16.gguf"] = 1 << 50  # a petabyte
    listing = hub_services.hub.models(TINY)
    huge = next(m for m in listing.models if m.quantization == "F16")
    assert huge.verdict == "too_big"
    assert huge.fit is not None
    assert huge.fit.total > huge.fit.available


def test_a_repository_or_file_that_does_not_exist_is_not_found(hub_services: AppServices) -> None:
    with pytest.raises(NotFoundError, match="does not exist on the Hub"):
        hub_services.hub.models("nobody/nothing-GGUF")
    with pytest.raises(NotFoundError, match=r"has no file missing\.gguf"):
        hub_services.hub.download(TINY, "missing.gguf")
    with pytest.raises(NotFoundError, match="has no Q2_K file; it has: F16, Q4_K_M, Q8_0"):
        hub_services.hub.download(TINY, quant="Q2_K")


def test_a_gated_repository_asks_for_a_token_which_goes_to_the_hub_and_never_to_the_cdn(
    hub_services: AppServices, stand_in: StandInHub, keyring_backend: object
) -> None:
    with pytest.raises(ConflictError, match="is gated: accept its licence"):
        hub_services.hub.models("mira-tests/gated-GGUF")
    hub_services.hub.settings.set_token(stand_in.faults.token)
    assert hub_services.hub.endpoint().token_source == "keyring"
    listing = hub_services.hub.models("mira-tests/gated-GGUF")
    assert listing.models
    hub_seen = [s for s in stand_in.seen if s.server == "hub" and "gated" in s.path]
    assert hub_seen[-1].headers.get("authorization") == f"Bearer {stand_in.faults.token}"
    assert stand_in.byte_requests()
    assert all("authorization" not in s.headers for s in stand_in.byte_requests())


def test_hf_endpoint_chooses_the_hub_unless_the_setting_does(
    services: AppServices, stand_in: StandInHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_ENDPOINT", stand_in.url + "/")
    assert services.hub.endpoint().url == stand_in.url
    assert services.hub.endpoint().source == "HF_ENDPOINT"
    assert services.hub.search("tiny")[0].id == TINY
    services.hub.settings.set_endpoint("https://mirror.example")
    assert (services.hub.endpoint().url, services.hub.endpoint().source) == (
        "https://mirror.example",
        "setting",
    )
    monkeypatch.delenv("HF_ENDPOINT")
    services.hub.settings.set_endpoint(None)
    assert services.hub.endpoint().url == "https://huggingface.co"
