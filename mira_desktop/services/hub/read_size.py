"""The one change Mira makes inside httpcore (pinned ``httpcore>=1,<2`` in pyproject; checked by
``tests/unit/services/test_pinned_internals.py``, which fails when a release moves it).

httpcore's HTTP/1.1 connection reads a fixed ``READ_NUM_BYTES`` (64 KB) per ``recv`` and offers no
setting for it. Raising the class attribute to 1 MB, once for the process, is what lets a model
download keep up with the network: the figure is in benchmarks/README.md (downloads). A ``recv``
returns what has arrived, so small responses are unchanged. Should a release drop the attribute,
downloads go on at the smaller size and a warning says so — no Hub client fails for it.
"""

from __future__ import annotations

import functools
import logging

READ_BYTES = 1 << 20
_log = logging.getLogger(__name__)


@functools.cache
def read_larger_pieces() -> bool:
    """Let httpcore read up to :data:`READ_BYTES` per ``recv``; False (and a warning) if it cannot."""
    import httpcore

    connection = httpcore.HTTP11Connection
    current = getattr(connection, "READ_NUM_BYTES", None)
    if not isinstance(current, int):
        _log.warning(
            "httpcore %s has no READ_NUM_BYTES: downloads read 64 KB at a time", httpcore.__version__
        )
        return False
    connection.READ_NUM_BYTES = max(current, READ_BYTES)
    return True
