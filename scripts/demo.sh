#!/usr/bin/env bash
# The main job on the sample set, start to finish, in a throwaway QUIRE_HOME.
# Run it with `make demo` (which installs everything first).
set -euo pipefail
cd "$(dirname "$0")/.."
export QUIRE_HOME="${QUIRE_HOME:-$PWD/.quire-demo}"
quire() { .venv/bin/quire "$@"; }
step() { printf '\n\033[1m$ quire %s\033[0m\n' "$*"; quire "$@"; }

rm -rf "$QUIRE_HOME"
echo "quire demo: QUIRE_HOME=$QUIRE_HOME"

step spaces add work --default --description "the payments job"
step spaces add home --description "life outside work"
step import wiki/sample/memories.jsonl
step status
