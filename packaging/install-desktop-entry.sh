#!/usr/bin/env bash
# Adds Mira to the desktop's application menu for this user, from a bundle folder (dist/mira/):
#
#   ./install-desktop-entry.sh            (run from the bundle folder, wherever it was moved to)
#   ./install-desktop-entry.sh --remove
#
# Writes ~/.local/share/applications/mira-desktop.desktop with Exec= the absolute path of this
# folder's `mira`, and the icon as ~/.local/share/icons/hicolor/scalable/apps/mira.svg.
# Run it again after moving the folder.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry=$data/applications/mira-desktop.desktop
icon=$data/icons/hicolor/scalable/apps/mira.svg
if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$icon"
    echo "removed $entry and $icon"
    exit 0
fi
[ -x "$here/mira" ] || { echo "install-desktop-entry.sh: no executable $here/mira" >&2; exit 1; }
mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
cp "$here/mira.svg" "$icon"
sed -e "s|^Exec=.*|Exec=\"$here/mira\"|" -e "s|^Icon=.*|Icon=mira|" "$here/mira-desktop.desktop" > "$entry"
command -v update-desktop-database >/dev/null && update-desktop-database -q "$data/applications" || true
echo "installed $entry (Exec=$here/mira) and $icon"
