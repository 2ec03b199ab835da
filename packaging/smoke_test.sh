#!/usr/bin/env bash
# Smoke test of an installed Mira: packaging/smoke_test.sh [VENV] (default .venv).
set -euo pipefail
venv=${1:-.venv}
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
QT_QPA_PLATFORM=offscreen "$venv/bin/mira" --data-dir "$data" --exit-after-paint
"$venv/bin/mira" --data-dir "$data" --json info >/dev/null
"$venv/bin/mira" --data-dir "$data" --json roles list | grep -q "中文写作助手"
echo "smoke test passed: window painted, database and starter roles created in $data"
