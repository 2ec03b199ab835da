"""`mira serve`: Mira's models as an OpenAI-compatible server, headless; `mira serve token`."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output
from mira_desktop.core import phrases

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

HELP = """\
Serves GET /v1/models, POST /v1/chat/completions (streaming too) and POST /v1/embeddings with the
models Mira knows, until Ctrl+C. Only this computer may ask (127.0.0.1) unless --lan is given (or
LAN mode is on in Settings → Local server); in LAN mode every request needs the bearer token kept
in the keyring: the first LAN start makes one and shows it once, `mira serve token --new` replaces it.
A request waits its turn while the model answers another (a chat of this process included): a
streamed one hears `: waiting, N ahead` comment lines meanwhile, and after 120 s it gets a 503.
Each request is logged (client, model, tokens, time, a wait with its place, a cancellation).
When the window is open, it serves instead (Settings → Local server)."""


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "serve",
        help="serve the models to other programs (OpenAI-compatible HTTP)",
        description=HELP,
        parents=[common],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument(
        "--port", type=int, default=None, help="port (default: the setting, 8765; 0: any free port)"
    )
    parser.add_argument(
        "--lan",
        action="store_true",
        default=None,
        help="LAN mode for this run: other computers may ask, with the token",
    )
    parser.set_defaults(handler=_serve)
    actions = parser.add_subparsers(dest="serve_action", metavar="ACTION")
    token = actions.add_parser(
        "token", help="whether a token is kept; --new makes a new one and shows it once", parents=[common]
    )
    token.add_argument("--new", action="store_true", help="make a new token (the old one stops working)")
    token.set_defaults(handler=_token)


def _serve(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    running = services.local_server.start(args.host, args.port, lan=args.lan)
    try:
        if out.as_json:
            out.data(
                {"url": running.url, "host": running.host, "port": running.port, "token": running.new_token}
            )
        else:
            if running.new_token is not None:
                out.line(phrases.said("server.token_new", token=running.new_token).english)
            out.line(phrases.said("server.serving", url=running.url).english)
        out.flush()
        while not running.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        services.local_server.stop()
    return 0


def _token(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    server = services.local_server
    if args.new:
        token = server.new_token()
        out.result({"token": token}, phrases.said("server.token_new", token=token).english)
        return 0
    kept = server.has_token()
    out.result(
        {"token_kept": kept}, phrases.said("server.token_kept" if kept else "server.token_none").english
    )
    return 0
