#!/usr/bin/env bash
# The main job on the sample set, start to finish, in a throwaway QUIRE_HOME:
# capture (import) -> recall -> a protected change curated non-interactively -> chats imported -> wiki rebuild.
# Run it with `make demo` (which installs everything first).
set -euo pipefail
cd "$(dirname "$0")/.."
export QUIRE_HOME="${QUIRE_HOME:-$PWD/.quire-demo}"
quire() { .venv/bin/quire "$@"; }
step() { printf '\n\033[1m$ quire %s\033[0m\n' "$*"; quire "$@"; }
first_id() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(d[sys.argv[1]][0]["id"])' "$1"; }

rm -rf "$QUIRE_HOME"
echo "quire demo: QUIRE_HOME=$QUIRE_HOME"

# 1. Capture: two spaces and a sample of 34 typed memories (all six types).
step spaces add work --default --description "the payments job"
step spaces add home --description "life outside work"
step import wiki/sample/memories.jsonl
step capture "Deploy freezes start on the Friday before each quarterly close" --type fact \
     --field "claim=deploy freeze before quarterly close" --entity "deploy pipeline"
step status

# 2. Recall: hybrid search, scoped by space, with temporal cues.
step recall "how do we run database migrations"
step recall "train or car for trips" --space home -k 3
step recall "what did we decide in April 2024" -k 3 --explain

# 3. A change to a Protected memory (a preference) waits for a person; accept it non-interactively.
PREF=$(quire recall "pytest or unittest for Python tests" --type preference -k 1 --json | first_id results)
step capture "I prefer pytest with fixtures and parametrize over plain assert-only tests for Python" \
     --type preference --field "preference=pytest fixtures and parametrize" \
     --field "applies_when=writing Python tests" --supersedes "$PREF" --valid-from 2024-06-01
step recall "how should I write Python tests" --type preference -k 2
step curate list
ITEM=$(quire curate list --json | first_id items)
step curate accept "$ITEM"
step recall "how should I write Python tests" --type preference -k 2
step history "$PREF"
step recall "how should I write Python tests" --type preference -k 1 --as-of 2024-03-01

# 4. Conversations: a ChatGPT and a Claude export (conversations.json) become sessions of memories;
#    your own messages by default, "thanks!" dropped by the gate; recall shows the turns around each hit.
step import wiki/sample/conversations.json
step import wiki/sample/claude.json
step recall "how did we fix the postgres connection errors" -k 2 --context 2
step recall "which train did I book to Porto" -k 1 --context 1 --json

# 5. The wiki: cited pages for the memories and the chats (pages for the people, places and things
#    the chats name, topic pages, About me), page maps, lint; a second rebuild writes nothing.
step rebuild
step lint
step rebuild
VAULT=$(quire status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["wiki"])')
echo
echo "The wiki is in $VAULT ($(ls "$VAULT" | wc -l) files). The first lines of one page:"
head -n 16 "$VAULT/payments-api.md"
# A topic page: chat turns grouped by what they are about (the biggest one; a topic page cites turns,
# whose footnotes name the conversation and the message: "source: Portuguese class #2").
TOPIC=$(python3 - "$VAULT" <<'PY'
import pathlib, re, sys
found = []
for page in sorted(pathlib.Path(sys.argv[1]).glob("*.md")):
    text = page.read_text(encoding="utf-8")
    if "\nkind: cluster\n" in text and re.search(r"source: .* #\d+ ", text):
        found.append((-len(re.findall(r"^\[\^m\d+\]:", text, re.M)), page.stem))
print(min(found)[1] if found else "")
PY
)
if [ -n "$TOPIC" ]; then
  echo
  echo "A topic page from the conversations, $TOPIC.md (up to its map):"
  sed -n '/^# /,/^## Map/p' "$VAULT/$TOPIC.md" | sed '$d'
fi

echo
echo "See it in a browser: QUIRE_HOME=$QUIRE_HOME .venv/bin/quire ui   (review queue, recall, memories, pages; --no-open prints the one-time link; stop with: .venv/bin/quire serve --stop)"
