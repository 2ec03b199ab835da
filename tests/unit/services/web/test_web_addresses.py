"""The address rule of web research, judged before anything connects: names resolve through a stub,
so these tests open no connection at all."""

from __future__ import annotations

import pytest

from mira_desktop.services.web.addresses import AddressPolicy, AddressRefusedError

NAMES = {
    "intranet.test": ["10.1.2.3"],
    "metadata.test": ["169.254.169.254"],
    "home.test": ["127.0.0.1"],
    "cgnat.test": ["100.64.0.9"],
    "v6-local.test": ["fd00::1"],
    "mapped.test": ["::ffff:10.0.0.1"],
    "split.test": ["93.184.216.34", "192.168.1.20"],  # one public, one private answer: refused
    "news.test": ["93.184.216.34"],
    "searx.test": ["192.168.1.5"],
}


def _resolve(host: str, port: int) -> list[str]:
    return NAMES.get(host, [])


POLICY = AddressPolicy.for_provider("http://searx.test:8888/", _resolve)


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("http://intranet.test/wiki", "web.private_address"),
        ("http://10.0.0.1/", "web.private_address"),
        ("http://metadata.test/latest/meta-data/", "web.private_address"),
        ("http://169.254.169.254/latest/meta-data/", "web.private_address"),
        ("http://home.test:8888/", "web.private_address"),
        ("http://127.0.0.1:8888/", "web.private_address"),  # loopback, but not the provider's name
        ("http://[::1]/", "web.private_address"),
        ("http://cgnat.test/", "web.private_address"),
        ("http://v6-local.test/", "web.private_address"),
        ("http://mapped.test/", "web.private_address"),
        ("http://split.test/", "web.private_address"),
        ("http://searx.test:9999/", "web.private_address"),  # the provider's host on another port
        ("https://searx.test:8888/", "web.private_address"),  # …or by another scheme
        ("file:///etc/passwd", "web.bad_scheme"),
        ("ftp://news.test/file", "web.bad_scheme"),
        ("gopher://news.test/", "web.bad_scheme"),
        ("http://user:pw@news.test/", "web.credentials_in_url"),
        ("http://nowhere.test/", "web.not_resolved"),
        ("http://news.test:99999/", "web.bad_url"),
    ],
)
def test_a_url_outside_the_public_web_is_refused_with_its_reason(url: str, key: str) -> None:
    with pytest.raises(AddressRefusedError) as refused:
        POLICY.check(url)
    assert refused.value.phrase is not None
    assert refused.value.phrase.key == key
    assert "\n" not in str(refused.value)


def test_a_public_name_is_pinned_to_the_address_that_was_checked() -> None:
    destination = POLICY.check("https://news.test/a/b?q=1")
    assert destination.address == "93.184.216.34"
    assert destination.pinned_url() == "https://93.184.216.34:443/a/b?q=1"
    assert destination.host_header == "news.test"


def test_the_provider_the_person_set_may_be_on_a_private_address() -> None:
    destination = POLICY.check("http://searx.test:8888/search?q=x&format=json")
    assert destination.address == "192.168.1.5"
    assert destination.host_header == "searx.test:8888"


def test_without_a_provider_even_loopback_is_refused() -> None:
    with pytest.raises(AddressRefusedError):
        AddressPolicy(None, _resolve).check("http://127.0.0.1:8888/")
