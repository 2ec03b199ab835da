"""The bundle's one executable, ``mira``: the window with no command, the CLI with one.

Same as the installed entry point ``mira_desktop.app:main``. Before Mira (and with it
sentence-transformers, transformers and huggingface_hub) is imported, the Hugging Face libraries
are put in offline mode: the bundle carries its models and must never reach the network for them.
"""

import os
import sys

for _name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE", "HF_HUB_DISABLE_TELEMETRY"):
    os.environ[_name] = "1"


def _restore_library_path_for_children() -> None:
    """PyInstaller's bootloader puts the bundle's folder on LD_LIBRARY_PATH; a system program Mira
    starts (espeak-ng for speech) would then load the bundle's libraries instead of its own. The
    loader of this process read the variable when it started, so restoring it changes only what
    child processes inherit (PyInstaller's "Launching external programs" advice)."""
    if not getattr(sys, "frozen", False):
        return
    original = os.environ.pop("LD_LIBRARY_PATH_ORIG", None)
    if original is None:
        os.environ.pop("LD_LIBRARY_PATH", None)
    else:
        os.environ["LD_LIBRARY_PATH"] = original


def _run_worker_process_if_asked() -> None:
    """A library that starts a worker process (spawn, or multiprocessing's resource tracker)
    re-runs this executable with such arguments; PyInstaller's ``freeze_support`` runs the worker.
    multiprocessing is imported only then, so the window's first paint does not wait for it."""
    if len(sys.argv) > 1 and (sys.argv[1].startswith("--multiprocessing") or sys.argv[1] == "-c"):
        import multiprocessing

        multiprocessing.freeze_support()


if __name__ == "__main__":
    _restore_library_path_for_children()
    _run_worker_process_if_asked()
    from mira_desktop.app import main

    sys.exit(main())
