"""HTTPS to a pinned address: the connection goes to the address that was checked, while TLS checks
the certificate against the name (SNI) — so a name that passed the check cannot be served by a
certificate for another name, and nothing resolves the name twice. The stand-in serves HTTPS on
127.0.0.1 with a certificate made here for ``searx.test``; names resolve through a stub."""

from __future__ import annotations

import datetime
import ssl
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.services.web.addresses import AddressPolicy
from mira_desktop.services.web.providers import SEARXNG, Provider
from mira_desktop.services.web.tools import WebFetch, WebSearch, WebSession
from tests.support.web_stand_in import WebStandIn, start_stand_in, stop_stand_in

NAMES = {"searx.test": ["127.0.0.1"], "impostor.test": ["127.0.0.1"]}


def _certificate(folder: Path) -> tuple[Path, Path]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "searx.test")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("searx.test")]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return cert_path, key_path


@pytest.fixture
def https_stand_in(tmp_path: Path) -> Iterator[tuple[WebStandIn, Path]]:
    cert, key = _certificate(tmp_path)
    server = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server.load_cert_chain(cert, key)
    stand_in, thread = start_stand_in(tls=server)
    yield stand_in, cert
    stop_stand_in(stand_in, thread)


def _session(base: str, cert: Path) -> tuple[WebSession, list[str]]:
    seen: list[str] = []

    class Recorded(httpx.HTTPTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            seen.append(
                f"{request.url.host} {request.headers['host']} {request.extensions.get('sni_hostname')}"
            )
            return super().handle_request(request)

    transport = Recorded(verify=ssl.create_default_context(cafile=str(cert)))
    policy = AddressPolicy.for_provider(base, lambda host, port: NAMES.get(host, []))
    return WebSession(Provider(SEARXNG, base), policy, 5, 5, transport), seen


def test_https_goes_to_the_checked_address_with_the_name_in_sni_and_host(
    https_stand_in: tuple[WebStandIn, Path],
) -> None:
    stand_in, cert = https_stand_in
    base = f"https://searx.test:{stand_in.port}/"
    page = f"{base}pages/en.html"
    stand_in.extra_results[:] = [{"url": page, "title": "Mira Falls over HTTPS", "content": ""}]
    session, seen = _session(base, cert)
    found = WebSearch(session).call({"query": "falls"}, CancelToken())
    assert found.ok, found.text
    (source,) = [s for s in found.data["results"] if s["url"] == page]
    read = WebFetch(session).call({"source_id": source["id"], "query": "How tall?"}, CancelToken())
    assert read.ok, read.text
    assert "142 metres" in read.text
    host = f"searx.test:{stand_in.port}"
    assert seen == [f"127.0.0.1 {host} searx.test", f"127.0.0.1 {host} searx.test"]


def test_a_certificate_for_another_name_is_refused(https_stand_in: tuple[WebStandIn, Path]) -> None:
    stand_in, cert = https_stand_in
    session, _seen = _session(f"https://impostor.test:{stand_in.port}/", cert)
    result = WebSearch(session).call({"query": "falls"}, CancelToken())
    assert not result.ok
    assert result.phrase is not None
    assert result.phrase["key"] == "web.unreachable"
    assert "certificate" in result.text.lower() or "hostname" in result.text.lower()
    assert stand_in.requests == []
