"""Messenger's and Instagram's "Download your information" JSON export, written as Meta writes it
for the tests: threads in messages/inbox/<thread>/message_N.json, messages newest first (message_1
the newest), every text in Meta's mojibake (UTF-8 bytes as Latin-1 escapes: "Jos\\u00c3\\u00a9")."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

BASE_MS = 1714550400000  # 2024-05-01T08:00:00Z


def mangled(value: Any) -> Any:
    """`value` with every text as Meta writes it: its UTF-8 bytes, each a character of its own."""
    if isinstance(value, str):
        return value.encode("utf-8").decode("latin-1")
    if isinstance(value, list):
        return [mangled(v) for v in value]
    if isinstance(value, dict):
        return {k: mangled(v) for k, v in value.items()}
    return value


def msg(sender: str, content: str | None = None, *, minute: int = 0, **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"sender_name": sender, "timestamp_ms": BASE_MS + minute * 60_000}
    if content is not None:
        out["content"] = content
    out.update(more)
    out.setdefault("is_geoblocked_for_viewer", False)
    return out


def thread_files(
    folder: str,
    people: list[str],
    oldest_first: list[dict[str, Any]],
    *,
    title: str | None = None,
    kind: str = "inbox",
    per_file: int = 10_000,
) -> dict[str, bytes]:
    """The thread's message_N.json files (relative path -> bytes), newest first across them."""
    newest = list(reversed(oldest_first))
    chunks = [newest[i : i + per_file] for i in range(0, len(newest), per_file)] or [[]]
    out = {}
    for n, chunk in enumerate(chunks, 1):
        data = {
            "participants": [{"name": p} for p in people],
            "messages": chunk,
            "title": title if title is not None else people[0],
            "is_still_participant": True,
            "thread_path": f"{kind}/{folder}",
            "magic_words": [],
        }
        out[f"messages/{kind}/{folder}/message_{n}.json"] = json.dumps(mangled(data), indent=2).encode("ascii")
    return out


def write(root: Path, *threads: dict[str, bytes], top: str = "your_facebook_activity", zipped: bool = False) -> Path:
    """The export: a folder (root made), or with `zipped` root.zip beside it; `top` is the folder the
    app puts `messages/` in ("" for an older export)."""
    files = {f"{top}/{k}" if top else k: v for t in threads for k, v in t.items()}
    if zipped:
        path = root.with_suffix(".zip")
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in files.items():
                archive.writestr(name, data)
        return path
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root
