"""A SearXNG stand-in on 127.0.0.1 (its JSON API; the Brave Search API's too, behind a key) serving real HTML pages — English, and Chinese in
GBK and in GB18030 — and the ways the web goes wrong: a 50 MB page (said up front, and streamed
without a length), binary data (declared as such, and as HTML), a gzip bomb, redirects home and to
refused addresses, a page that never ends in time. It records every request it got.

Pages are served from the provider's own origin: the only loopback address a run may fetch from."""

from __future__ import annotations

import gzip
import json
import ssl
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

EN_PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Mira Falls facts</title></head>
<body><nav><a href="/">Home</a> | <a href="/about">About</a> | Subscribe to our newsletter</nav>
<article><h1>Mira Falls</h1>
<p>Mira Falls is a waterfall in the northern hills. It drops 142 metres in three steps and is fed by
the Silver river, which starts at a glacier lake twelve kilometres upstream.</p>
<p>The first recorded visit was in 1871, when a survey team mapped the valley. The path to the
bottom of the falls was built in 1932 and rebuilt after a flood in 1998.</p>
<p>Visitors can reach the falls by a marked trail of four kilometres from the village of Lowbridge.
The trail is open from May to October; in winter the upper steps freeze.</p>
<p>The pool below the falls is home to a rare freshwater shrimp, protected since 2004.</p>
</article><footer>Copyright 2026 Example Travel. All rights reserved.</footer></body></html>"""

ZH_PAGE = """<!DOCTYPE html><html lang="zh-CN"><head><title>米拉瀑布简介</title></head>
<body><div class="menu">首页 | 关于我们 | 联系方式</div>
<article><h1>米拉瀑布</h1>
<p>米拉瀑布位于北部山区，落差一百四十二米，分三级跌落，由银河供水。银河发源于上游十二公里处的冰川湖。</p>
<p>一八七一年，一支测量队首次记录了这座瀑布，并绘制了山谷地图。通往瀑布底部的步道建于一九三二年。</p>
<p>游客可以从低桥村沿四公里的步道到达瀑布。步道五月至十月开放，冬季上层瀑布会结冰。</p>
<p>瀑布下方的水潭里生活着一种珍稀的淡水虾，自二零零四年起受到保护。</p>
</article><div class="footer">版权所有</div></body></html>"""

FIFTY_MB = 50 * 1024 * 1024
BRAVE_KEY = "BSA-stand-in-3c9d"


@dataclass
class WebStandIn:
    httpd: ThreadingHTTPServer
    requests: list[dict[str, Any]] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)
    extra_results: list[dict[str, str]] = field(default_factory=list)  # added to every search

    @property
    def port(self) -> int:
        return int(self.httpd.server_address[1])

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def url(self, path: str) -> str:
        return self.base + path.lstrip("/")

    def paths(self) -> list[str]:
        return [r["path"] for r in self.requests]


def _results(stand_in: WebStandIn, query: str) -> list[dict[str, str]]:
    chinese = any("\u4e00" <= c <= "\u9fff" for c in query)
    found = [
        {"url": stand_in.url("pages/zh-gbk.html" if chinese else "pages/en.html"),
         "title": "米拉瀑布简介" if chinese else "Mira Falls facts",
         "content": "米拉瀑布位于北部山区" if chinese else "Mira Falls is a <strong>waterfall</strong> in the northern hills."},
        {"url": stand_in.url("pages/zh-gb18030.html"), "title": "米拉瀑布 (GB18030)", "content": "落差一百四十二米"},
    ]  # fmt: skip
    return found + stand_in.extra_results


def _gb18030_page() -> bytes:  # the charset only in the page
    return ZH_PAGE.replace("<head>", '<head><meta charset="gb18030">').encode("gb18030")


Page = tuple[str, bytes | None, str | None]  # content type, body (None: 50 MB said; b"x": streamed), encoding
PAGES: dict[str, Callable[[], Page]] = {
    "/html-provider/search": lambda: ("text/html; charset=utf-8", b"<html>SearXNG</html>", None),
    "/pages/en.html": lambda: ("text/html; charset=utf-8", EN_PAGE.encode(), None),
    "/pages/zh-gbk.html": lambda: (
        "text/html; charset=GBK",
        ZH_PAGE.encode("gbk"),
        None,
    ),  # charset in the header
    "/pages/zh-gb18030.html": lambda: ("text/html", _gb18030_page(), None),
    "/big-declared": lambda: ("text/html", None, None),
    "/big-streamed": lambda: ("text/html", b"x", None),
    "/binary": lambda: ("application/octet-stream", bytes(range(256)) * 64, None),
    "/binary-as-html": lambda: ("text/html", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(4096), None),
    "/bomb": lambda: ("text/html", gzip.compress(b"\x20" * FIFTY_MB, 9), "gzip"),  # 50 MB in ~50 kB
}


def _redirects(stand_in: WebStandIn) -> dict[str, str]:
    return {
        "/redirect-home": stand_in.url("pages/en.html"),
        "/redirect-loopback": f"http://127.0.0.2:{stand_in.port}/pages/en.html",  # loopback, not the provider
        "/redirect-metadata": "http://169.254.169.254/latest/meta-data/",
        "/redirect-file": "file:///etc/passwd",
    }


def _handler(stand_in: WebStandIn) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(parts.query).items()}
            stand_in.requests.append({"path": parts.path, "query": query, "headers": dict(self.headers)})
            if parts.path == "/search":
                body = {"query": query.get("q", ""), "results": _results(stand_in, query.get("q", ""))}
                return self._send("application/json", json.dumps(body, ensure_ascii=False).encode())
            if parts.path == "/res/v1/web/search":  # the Brave Search API's shape, behind its key
                if self.headers.get("X-Subscription-Token") != BRAVE_KEY:
                    return self.send_error(401)
                results = [
                    {"title": r["title"], "url": r["url"], "description": r["content"]}
                    for r in _results(stand_in, query.get("q", ""))
                ]
                return self._send("application/json", json.dumps({"web": {"results": results}}).encode())
            if parts.path == "/slow":
                stand_in.release.wait(10)
                return self._send("text/html", b"<p>late</p>")
            if parts.path.startswith("/redirect-"):
                return self._redirect(_redirects(stand_in)[parts.path])
            return self._page(parts.path)

        def _page(self, path: str) -> None:
            page = PAGES.get(path)
            if page is None:
                return self.send_error(404)
            kind, data, encoding = page()
            if data is None:  # says 50 MB up front, sends nothing
                return self._head(200, kind, FIFTY_MB)
            if len(data) == 1:  # 50 MB of this with no length: only reading finds it too big
                return self._stream(b"<p>" + b"x" * 65536 + b"</p>", FIFTY_MB)
            return self._send(kind, data, encoding)

        def _head(self, status: int, kind: str, length: int, encoding: str | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(length))
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.end_headers()

        def _send(self, kind: str, data: bytes, encoding: str | None = None) -> None:
            self._head(200, kind, len(data), encoding)
            try:
                self.wfile.write(data)
            except OSError:  # the reader gave up (a time limit): as it may
                return

        def _stream(self, chunk: bytes, total: int) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            sent = 0
            try:
                while sent < total:
                    self.wfile.write(chunk)
                    sent += len(chunk)
            except OSError:  # the reader stopped: as it should
                return

        def _redirect(self, location: str) -> None:
            self.send_response(302)
            self.send_header("Location", location)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            return

    return Handler


def start_stand_in(tls: ssl.SSLContext | None = None) -> tuple[WebStandIn, threading.Thread]:
    """The stand-in, serving plain HTTP, or HTTPS with ``tls`` (a server context with its certificate)."""
    stand_in = WebStandIn(ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler))
    stand_in.httpd.RequestHandlerClass = _handler(stand_in)
    if tls is not None:
        stand_in.httpd.socket = tls.wrap_socket(stand_in.httpd.socket, server_side=True)
    thread = threading.Thread(target=stand_in.httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    return stand_in, thread


def stop_stand_in(stand_in: WebStandIn, thread: threading.Thread) -> None:
    stand_in.release.set()
    stand_in.httpd.shutdown()
    stand_in.httpd.server_close()
    thread.join(5)


@pytest.fixture
def web_stand_in() -> Iterator[WebStandIn]:
    stand_in, thread = start_stand_in()
    yield stand_in
    stop_stand_in(stand_in, thread)
