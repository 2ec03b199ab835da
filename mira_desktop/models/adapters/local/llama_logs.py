"""Where llama.cpp's own output goes: its log lines to logging, and the process's standard streams
left alone while a model loads."""

from __future__ import annotations

import ctypes
import importlib
import logging
from typing import Any

LOG_CALLBACK: list[Any] = []  # the one installed callback, kept referenced: llama.cpp calls it from C


class _StdioLeftAlone:
    """Stands in for llama-cpp-python's ``suppress_stdout_stderr``: does nothing."""

    def __init__(self, disable: bool = True) -> None:
        del disable

    def __enter__(self) -> _StdioLeftAlone:
        return self

    def __exit__(self, *_exc: object) -> None:
        return None


def leave_stdio_alone(llama_cpp: Any) -> None:
    """With ``verbose=False``, llama-cpp-python points ``sys.stdout``, ``sys.stderr`` and file
    descriptors 1 and 2 at /dev/null while a model loads: for the whole process, though the load runs
    on this adapter's worker thread. Whatever another thread printed meanwhile was lost, and two loads
    that overlapped left stderr on /dev/null for good (`mira eval rag` lost its "gate failed" line).
    llama.cpp's own lines already go to logging (:func:`route_llama_logs`), so the swap is dropped."""
    for name in ("llama", "_internals", "llama_chat_format"):
        module = importlib.import_module(f"{llama_cpp.__name__}.{name}")
        if hasattr(module, "suppress_stdout_stderr"):
            setattr(module, "suppress_stdout_stderr", _StdioLeftAlone)  # noqa: B010 (a module's name)


def route_llama_logs(llama_cpp: Any) -> None:
    """llama.cpp prints to stderr ("decode: removing memory module entries …"); send it to logging,
    whose file handler is the log file, so nothing reaches the terminal or the window."""
    if LOG_CALLBACK:
        return
    log = logging.getLogger("mira.llama_cpp")
    # ggml's levels (ggml.h): 1 debug, 2 info, 3 warn, 4 error, 5 "continues the previous line".
    # (llama_cpp/_logger.py documents an older order; read as that, every debug line of each
    # decode reached the log file as INFO: 8,660 lines for one model load and a few answers.)
    levels = {1: logging.DEBUG, 2: logging.INFO, 3: logging.WARNING, 4: logging.ERROR}
    last = [logging.DEBUG]

    def forward(level: int, text: bytes, _user_data: Any) -> None:
        shown = last[0] if level == 5 else levels.get(level, logging.DEBUG)
        last[0] = shown
        if not log.isEnabledFor(shown):
            return  # called from C for every line: skip the decoding of what nobody keeps
        message = text.decode("utf-8", "replace").rstrip()
        if message:
            log.log(shown, "%s", message)

    LOG_CALLBACK.append(llama_cpp.llama_log_callback(forward))
    llama_cpp.llama_log_set(LOG_CALLBACK[0], ctypes.c_void_p(0))
