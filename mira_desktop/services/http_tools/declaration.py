"""A tool declared as data: one HTTPS JSON endpoint, its method, its arguments' JSON schema, static
headers and secret headers by reference — no code.

A declaration is plain JSON (``mira tools add-http FILE.json``, Settings → Tools)::

    {"name": "weather", "description": "…", "url": "https://api.open-meteo.com/v1/forecast",
     "method": "GET", "parameters": {"type": "object", "properties": {…}},
     "headers": {"Accept": "application/json"}, "secret_headers": {"X-Api-Key": "my-weather-key"},
     "timeout_seconds": 10, "max_response_bytes": 1000000}

``secret_headers`` maps a header to a *reference*: the value lives in the OS keyring under
``http:<reference>`` (``mira tools set-secret REFERENCE``), never in the declaration, the database,
logs or traces. Every problem is one sentence (a phrase) and nothing is stored.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from mira_desktop.agent.tools.validation import schema_problem
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.mcp.secret_names import is_secret_name

NAME = re.compile(r"^[a-z][a-z0-9_]{0,47}$")
HEADER = re.compile(r"^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$")
REFERENCE = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
METHODS = ("GET", "POST")
DESCRIPTION_CHARS = 1000
DEFAULT_SECONDS = 10.0
MOST_SECONDS = 60.0
DEFAULT_BYTES = 1_000_000
MOST_BYTES = 10_000_000
FIELDS = frozenset(
    {
        "name",
        "description",
        "url",
        "method",
        "parameters",
        "headers",
        "secret_headers",
        "timeout_seconds",
        "max_response_bytes",
    }
)
# Names of the tools Mira offers itself besides its file tools: an HTTP tool cannot take them.
RESERVED = frozenset({"run_command", "load_skill", "web_search", "web_fetch"})


@dataclass(frozen=True)
class HttpToolDeclaration:
    name: str
    description: str
    url: str
    method: str
    parameters: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    secret_headers: dict[str, str] = field(default_factory=dict)  # header → keyring reference
    timeout_seconds: float = DEFAULT_SECONDS
    max_response_bytes: int = DEFAULT_BYTES

    @property
    def host(self) -> str:
        return urlsplit(self.url).netloc

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "url": self.url,
            "method": self.method,
            "parameters": self.parameters,
            "headers": dict(self.headers),
            "secret_headers": dict(self.secret_headers),
            "timeout_seconds": self.timeout_seconds,
            "max_response_bytes": self.max_response_bytes,
        }


def secret_account(reference: str) -> str:
    """The keyring account of a secret header's reference (apart from providers' keys)."""
    return f"http:{reference}"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def parse_declaration(data: object, *, taken: frozenset[str] = frozenset()) -> HttpToolDeclaration:
    """The declaration ``data`` describes, or InvalidInputError saying what is wrong in one sentence."""
    if not isinstance(data, dict):
        raise InvalidInputError.said("http_tools.not_object")
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise InvalidInputError.said(
            "http_tools.unknown_field", field=unknown[0], known=", ".join(sorted(FIELDS))
        )
    name = data.get("name")
    if not isinstance(name, str) or not NAME.match(name) or "__" in name:
        raise InvalidInputError.said("http_tools.bad_name", name=str(name))
    if name in taken or name in RESERVED:
        raise InvalidInputError.said("http_tools.name_reserved", name=name)
    description = data.get("description")
    if not isinstance(description, str) or not description.strip() or len(description) > DESCRIPTION_CHARS:
        raise InvalidInputError.said("http_tools.bad_description", most=DESCRIPTION_CHARS)
    url = _url(data.get("url"))
    method = str(data.get("method", "GET")).upper()
    if method not in METHODS:
        raise InvalidInputError.said("http_tools.bad_method", method=method)
    parameters = data.get("parameters", {"type": "object", "properties": {}})
    problem = schema_problem(parameters)
    if problem is not None:
        raise InvalidInputError.said("http_tools.bad_schema", problem=problem)
    headers = _headers(data.get("headers", {}), secret=False)
    secret_headers = _headers(data.get("secret_headers", {}), secret=True)
    both = sorted(set(map(str.lower, headers)) & set(map(str.lower, secret_headers)))
    if both:
        raise InvalidInputError.said("http_tools.header_twice", header=both[0])
    seconds = _number(data.get("timeout_seconds", DEFAULT_SECONDS), "timeout_seconds", 1, MOST_SECONDS)
    size = _number(data.get("max_response_bytes", DEFAULT_BYTES), "max_response_bytes", 1, MOST_BYTES)
    return HttpToolDeclaration(
        name,
        description.strip(),
        url,
        method,
        dict(parameters),
        headers,
        secret_headers,
        float(seconds),
        int(size),
    )


def _url(value: object) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidInputError.said("http_tools.no_url")
    parts = urlsplit(value)
    host = parts.hostname or ""
    if parts.scheme == "http" and is_loopback(host):
        pass  # a server on this machine (tests, a local service)
    elif parts.scheme != "https" or not host:
        raise InvalidInputError.said("http_tools.not_https", url=value)
    if parts.username is not None or parts.password is not None:
        raise InvalidInputError.said("http_tools.credentials_in_url")
    if parts.fragment:
        raise InvalidInputError.said("http_tools.fragment_in_url", url=value)
    return value


def _headers(value: object, *, secret: bool) -> dict[str, str]:
    if not isinstance(value, dict):
        raise InvalidInputError.said(
            "http_tools.headers_not_object", field="secret_headers" if secret else "headers"
        )
    found: dict[str, str] = {}
    for header, text in value.items():
        if not isinstance(header, str) or not HEADER.match(header):
            raise InvalidInputError.said("http_tools.bad_header", header=str(header))
        if not isinstance(text, str) or "\n" in text or "\r" in text:
            raise InvalidInputError.said("http_tools.bad_header_value", header=header)
        if secret and not REFERENCE.match(text):
            raise InvalidInputError.said("http_tools.bad_reference", header=header, reference=text)
        if not secret and is_secret_name(header.replace("-", "_")):
            raise InvalidInputError.said("http_tools.secret_as_static", header=header)
        found[header] = text
    return found


def _number(value: object, name: str, least: float, most: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not least <= value <= most:
        raise InvalidInputError.said("http_tools.bad_limit", field=name, least=f"{least:g}", most=f"{most:g}")
    return float(value)
