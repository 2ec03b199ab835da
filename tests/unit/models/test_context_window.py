"""The window a local model loads with: what it was trained for, what memory holds, or its setting."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.models.adapters.local.fit import FITS_SHARE, estimate
from mira_desktop.models.adapters.local.gguf_metadata import GgufHeader, read_file_header
from mira_desktop.models.adapters.local.window import (
    MIN_CONTEXT,
    STEP,
    WindowReason,
    WindowTooLarge,
    choose_window,
)
from tests.support.gguf_files import write_gguf

GB = 1 << 30
BATCH = 256


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> tuple[GgufHeader, int]:
    """A 70B-shaped header (80 layers, 8 KV heads of 128) trained for 131,072 tokens."""
    path = write_gguf(
        tmp_path_factory.mktemp("gguf") / "big.gguf",
        layers=80,
        context=131072,
        embedding=8192,
        heads=64,
        heads_kv=8,
    )
    header = read_file_header(path)
    assert header is not None
    return header, 4 * GB  # as if its weights were 4 GB


def test_plenty_of_memory_gives_the_window_the_model_was_trained_for(big: tuple[GgufHeader, int]) -> None:
    header, size = big
    choice = choose_window(header, size, available=1024 * GB, batch=BATCH)
    assert (choice.tokens, choice.reason, choice.trained) == (131072, WindowReason.TRAINED, 131072)


def test_short_memory_gives_the_largest_window_that_fits_in_its_share(big: tuple[GgufHeader, int]) -> None:
    header, size = big
    available = 16 * GB
    choice = choose_window(header, size, available=available, batch=BATCH)
    assert choice.reason is WindowReason.MEMORY
    assert MIN_CONTEXT <= choice.tokens < 131072
    assert choice.tokens % STEP == 0
    assert choice.fit.total <= FITS_SHARE * available  # it fits …
    one_more = estimate(header, size, context=choice.tokens + STEP, batch=BATCH, available=available)
    assert one_more.total > FITS_SHARE * available  # … and a step more would not


def test_a_q8_cache_holds_a_larger_window_in_the_same_memory(big: tuple[GgufHeader, int]) -> None:
    header, size = big
    f16 = choose_window(header, size, available=16 * GB, batch=BATCH)
    q8 = choose_window(header, size, available=16 * GB, batch=BATCH, kv_type="q8_0")
    assert q8.tokens > f16.tokens
    same = estimate(header, size, context=8192, batch=BATCH, available=GB, kv_type="q8_0")
    assert same.kv_cache == round(
        estimate(header, size, context=8192, batch=BATCH, available=GB).kv_cache * 34 / 64
    )


def test_a_setting_is_used_as_set_while_memory_holds_it(big: tuple[GgufHeader, int]) -> None:
    header, size = big
    choice = choose_window(header, size, available=16 * GB, batch=BATCH, setting=4096)
    assert (choice.tokens, choice.reason) == (4096, WindowReason.SETTING)


def test_a_set_window_larger_than_the_memory_is_refused_with_the_numbers(big: tuple[GgufHeader, int]) -> None:
    header, size = big
    with pytest.raises(WindowTooLarge) as refused:
        choose_window(header, size, available=8 * GB, batch=BATCH, setting=131072)
    fit = refused.value.fit
    assert fit.context == 131072
    assert fit.total > fit.available == 8 * GB
    assert fit.kv_cache == 80 * 131072 * 8 * 256 * 2  # layers × tokens × KV heads × (key + value) × f16
    largest = refused.value.largest
    assert estimate(header, size, context=largest, batch=BATCH, available=8 * GB).total <= FITS_SHARE * 8 * GB


def test_a_model_that_does_not_fit_at_all_still_gets_the_smallest_window(tmp_path: Path) -> None:
    header = read_file_header(write_gguf(tmp_path / "m.gguf", context=32768))
    assert header is not None
    choice = choose_window(header, 10 * GB, available=GB, batch=BATCH)
    assert (choice.tokens, choice.reason) == (MIN_CONTEXT, WindowReason.MEMORY)
