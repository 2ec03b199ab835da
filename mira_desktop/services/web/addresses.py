"""Where a URL the model chose may go: checked before anything connects.

A page's host is resolved here and every address it resolves to must be global — no private
(10/8, 172.16/12, 192.168/16), loopback, link-local (169.254/16: cloud metadata), shared, reserved,
multicast or unspecified address, IPv4 or IPv6 — unless it is the search provider the person set
(its scheme, host and port exactly), which may be a SearXNG on this computer or the LAN. Only
``http`` and ``https`` go anywhere. The connection is then made to the address that was checked
(:attr:`Destination.address`), so a name that resolves differently a moment later (DNS rebinding)
changes nothing. The resolver is a parameter: tests give names that resolve to refused ranges and
never connect to them.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from mira_desktop.core.errors import InvalidInputError

Resolver = Callable[[str, int], list[str]]  # host, port → its addresses
SCHEMES = {"http": 80, "https": 443}


class AddressRefusedError(InvalidInputError):
    """A URL Mira will not fetch: said before anything connects (``kind`` for the trace)."""

    kind = "address_refused"


def system_resolver(host: str, port: int) -> list[str]:
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []
    return list(dict.fromkeys(str(info[4][0]) for info in found))


@dataclass(frozen=True)
class Destination:
    """A URL that passed the check, and the address to connect to."""

    url: str
    scheme: str
    host: str
    port: int
    address: str

    def pinned_url(self) -> str:
        """``url`` with its host replaced by the checked address (the Host header keeps the name)."""
        parts = urlsplit(self.url)
        literal = f"[{self.address}]" if ":" in self.address else self.address
        return parts._replace(netloc=f"{literal}:{self.port}").geturl()

    @property
    def host_header(self) -> str:
        name = f"[{self.host}]" if ":" in self.host else self.host
        return name if self.port == SCHEMES[self.scheme] else f"{name}:{self.port}"


@dataclass(frozen=True)
class AddressPolicy:
    """The rule for one run: ``provider`` is the origin (scheme, host, port) the person set, if any."""

    provider: tuple[str, str, int] | None = None
    resolver: Resolver = system_resolver

    @classmethod
    def for_provider(cls, provider_url: str | None, resolver: Resolver = system_resolver) -> AddressPolicy:
        return cls(origin(provider_url) if provider_url else None, resolver)

    def check(self, url: str) -> Destination:
        """The destination of ``url``, or AddressRefusedError saying why Mira will not go there."""
        try:
            parts = urlsplit(url)
            port = parts.port
        except ValueError as exc:
            raise AddressRefusedError.said("web.bad_url", url=url[:200]) from exc
        scheme = parts.scheme.lower()
        if scheme not in SCHEMES:
            raise AddressRefusedError.said("web.bad_scheme", url=url[:200], scheme=scheme or "none")
        host = (parts.hostname or "").lower()
        if not host:
            raise AddressRefusedError.said("web.bad_url", url=url[:200])
        if parts.username is not None or parts.password is not None:
            raise AddressRefusedError.said("web.credentials_in_url", url=f"{scheme}://{host}")
        port = port or SCHEMES[scheme]
        addresses = _literal(host) or self.resolver(host, port)
        if not addresses:
            raise AddressRefusedError.said("web.not_resolved", host=host)
        if (scheme, host, port) != self.provider:
            for address in addresses:
                if not is_public(address):
                    raise AddressRefusedError.said("web.private_address", host=host, address=address)
        return Destination(url, scheme, host, port, addresses[0])


def origin(url: str) -> tuple[str, str, int]:
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    return scheme, (parts.hostname or "").lower(), parts.port or SCHEMES.get(scheme, 0)


def is_public(address: str) -> bool:
    """A global unicast address (an IPv4-mapped IPv6 address judged as its IPv4)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def _literal(host: str) -> list[str]:
    try:
        return [str(ipaddress.ip_address(host.strip("[]")))]
    except ValueError:
        return []
