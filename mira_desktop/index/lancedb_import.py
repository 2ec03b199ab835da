"""``lancedb``, imported without paying for the REST client of Lance namespaces until one is used.

``import lancedb`` imports ``lance_namespace``, which imports the request and response models of
``lance_namespace_urllib3_client``. Python runs that package's ``__init__`` first, and it imports
every API module of the generated REST client: 366 functions under pydantic's ``validate_call``,
each building its validator at import. That was about 1 s of the 1.9 s of ``import lancedb`` on this
machine, paid by every ``mira kb search``, for a client that only a remote namespace uses (Mira's
tables are local folders).

:func:`import_lancedb` registers the package before ``lancedb`` is imported, as the module its own
spec makes but with the body not run yet: its submodules (``.models``, and ``.api`` should anything
ask for it) import from its folder as usual, and the first time anything reads a name the body
defines (``ApiClient``, ``TableApi``, ``__version__``…), the real body runs once in that module and
the name is returned. Nothing of lancedb or of the namespace packages is replaced or patched.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import threading
from types import ModuleType

REST_CLIENT = "lance_namespace_urllib3_client"
_lock = threading.RLock()


def import_lancedb() -> ModuleType:
    """The ``lancedb`` module (imported on the first call, with the REST client's body deferred)."""
    with _lock:
        if "lancedb" not in sys.modules:
            defer_package_body(REST_CLIENT)
        return importlib.import_module("lancedb")


def defer_package_body(name: str) -> bool:
    """Register package ``name`` with its ``__init__`` not run until one of its names is read.

    Returns False (and does nothing) when the package is already imported or is not installed.
    """
    with _lock:
        if name in sys.modules:
            return False
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None or spec.submodule_search_locations is None:
            return False
        module = importlib.util.module_from_spec(spec)
        loader = spec.loader

        def run_body(attribute: str) -> object:
            if attribute.startswith("__") and attribute not in {"__all__", "__version__"}:
                raise AttributeError(f"module {name!r} has no attribute {attribute!r}")
            with _lock:
                if module.__dict__.get("__getattr__") is run_body:
                    del module.__dict__["__getattr__"]
                    loader.exec_module(module)
            return getattr(module, attribute)

        module.__getattr__ = run_body  # type: ignore[method-assign]
        sys.modules[name] = module
        return True
