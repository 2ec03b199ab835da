#!/usr/bin/env bash
# Builds dist/mira/, the self-contained Linux bundle (PyInstaller, onedir): `make dist` runs it.
#
#   packaging/build.sh [VENV]   (default .venv; needs `pip install -e '.[dev]'` done, as make does)
#
# dist/mira/mira is the one executable: the window with no arguments, the CLI with a command. The
# folder also holds the desktop entry, the icon and install-desktop-entry.sh. packaging/smoke.sh
# tests the result. The PyInstaller work folder (build/bundle/) is kept: a rebuild reuses it.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-.venv}
python=$venv/bin/python
stage=build/bundle
started=$(date +%s)

# 1. mira-desktop as a regular install from a clean copy of its sources: PyInstaller cannot follow
#    the editable install's import finder, and the wheel decides the package data (setup.py, pyproject.toml).
rm -rf "$stage/src" "$stage/site"
mkdir -p "$stage/src"
cp -r pyproject.toml setup.py README.md mira_desktop migrations resources workspaces "$stage/src/"
find "$stage/src" -name __pycache__ -prune -exec rm -rf {} +
"$python" -m pip install --quiet --no-deps --no-build-isolation --no-compile --target "$stage/site" "$stage/src" \
    >"$stage/pip.log" 2>&1 || { cat "$stage/pip.log" >&2; echo "build.sh: installing mira-desktop into $stage/site failed" >&2; exit 1; }
# A package setup.py did not find would be missing from the bundle (and from a pip install).
missing=$(cd mira_desktop && find . -name '*.py' -printf '%h\n' | sort -u | while read -r dir; do
    [ -d "../$stage/site/mira_desktop/$dir" ] || printf ' mira_desktop%s' "$(echo "${dir#.}" | tr / .)"; done)
[ -z "$missing" ] || { echo "build.sh: setup.py did not find the packages$missing" >&2; exit 1; }
for data in mira_desktop/migrations/0001_initial.sql mira_desktop/ui/translations/mira_zh_CN.qm; do
    [ -f "$stage/site/$data" ] || { echo "build.sh: $data is missing from the staged install (make translations?)" >&2; exit 1; }
done

# 2. The bundle.
PYTHONPATH="$PWD/$stage/site" MIRA_BUNDLE_SITE="$PWD/$stage/site" "$venv/bin/pyinstaller" \
    --noconfirm --log-level WARN --distpath dist --workpath "$stage/pyinstaller" packaging/mira.spec

# 3. torch's CPU library comes with its symbol table (89 MB of 434 MB); the dynamic symbols stay.
#    Only this file: stripping the libraries that auditwheel patched breaks them.
strip --strip-unneeded dist/mira/_internal/torch/lib/libtorch_cpu.so

# 4. What mira.spec leaves out must not be needed by what it keeps: every library that a kept Qt
#    library or plugin links, and that PySide6 ships, must be in the bundle.
internal=dist/mira/_internal
qt_shipped=$("$python" -c 'import PySide6, pathlib; print(pathlib.Path(PySide6.__file__).parent / "Qt" / "lib")')
unlinked=$(find "$internal/PySide6" -name '*.so*' -type f -print0 |
    xargs -0 env LD_LIBRARY_PATH="$internal:$internal/PySide6/Qt/lib" ldd 2>/dev/null |
    awk '/=> not found/ {print $1}' | sort -u | while read -r lib; do [ ! -e "$qt_shipped/$lib" ] || printf ' %s' "$lib"; done)
[ -z "$unlinked" ] || { echo "build.sh: the bundle lacks Qt libraries that it links:$unlinked (see DROP in mira.spec)" >&2; exit 1; }

# 5. Desktop integration beside the executable.
cp packaging/mira-desktop.desktop packaging/mira.svg packaging/mira.png packaging/install-desktop-entry.sh dist/mira/
chmod +x dist/mira/install-desktop-entry.sh

echo "built dist/mira/ in $(($(date +%s) - started)) s: $(du -sh dist/mira | cut -f1)"
