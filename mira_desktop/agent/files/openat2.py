"""Linux ``openat2(2)`` with ``RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS``, called through ctypes.

The kernel then refuses, in one atomic lookup, any path that leaves the directory handle (``..``
above it, an absolute path) or crosses a symlink anywhere. Older kernels, other systems and
sandboxes that filter the call fall back to the component walk in :mod:`.root`.
"""

from __future__ import annotations

import ctypes
import errno
import functools
import os
import platform
import sys
from collections.abc import Callable

SYS_OPENAT2 = 437  # the same number on every architecture that uses the unified syscall table
RESOLVE_NO_MAGICLINKS = 0x02
RESOLVE_NO_SYMLINKS = 0x04
RESOLVE_BENEATH = 0x08
RESOLVE = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS
_ARCHES = {"x86_64", "aarch64", "arm64", "riscv64", "ppc64le", "s390x", "loongarch64"}
_RETRIES = 16  # EAGAIN: a rename raced the lookup; the kernel asks us to try again


class _OpenHow(ctypes.Structure):
    _fields_ = (("flags", ctypes.c_uint64), ("mode", ctypes.c_uint64), ("resolve", ctypes.c_uint64))


@functools.cache
def _syscall() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux") or platform.machine().lower() not in _ARCHES:
        return None
    try:
        function = ctypes.CDLL(None, use_errno=True).syscall
    except (OSError, AttributeError):
        return None
    function.restype = ctypes.c_long
    return function


def openat2(dir_fd: int, path: str, flags: int, mode: int = 0) -> int:
    """Open ``path`` below ``dir_fd``, refusing symlinks and escapes; raises ``OSError`` like ``os.open``.

    ``EXDEV`` means the path tried to leave ``dir_fd``; ``ELOOP`` that it crossed a symlink.
    """
    function = _syscall()
    if function is None:
        raise OSError(errno.ENOSYS, os.strerror(errno.ENOSYS), path)
    how = _OpenHow(flags | os.O_CLOEXEC, mode, RESOLVE)
    encoded = os.fsencode(path)
    for _ in range(_RETRIES):
        fd = int(
            function(
                ctypes.c_long(SYS_OPENAT2),
                ctypes.c_int(dir_fd),
                ctypes.c_char_p(encoded),
                ctypes.byref(how),
                ctypes.c_size_t(ctypes.sizeof(how)),
            )
        )
        if fd >= 0:
            return fd
        code = ctypes.get_errno()
        if code not in (errno.EAGAIN, errno.EINTR):
            raise OSError(code, os.strerror(code), path)
    raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN), path)


@functools.cache
def openat2_available() -> bool:
    """Whether this kernel (and any seccomp filter around us) lets ``openat2`` through."""
    if _syscall() is None:
        return False
    try:
        probe = os.open("/", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        os.close(openat2(probe, ".", os.O_RDONLY | os.O_DIRECTORY))
    except OSError:
        return False
    finally:
        os.close(probe)
    return True
