"""Drift guards: static checks that keep the code true to the design as it grows.

Each guard is a separate test with its own helpers; add new guards below as new sections.
"""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# -- guard: every write to a canonical table is audited in its transaction ---------------------
#
# A function whose SQL text (string literals, f-string parts, or module-level string constants
# it references) INSERTs, UPDATEs, DELETEs or REPLACEs a canonical table must either call
# `audit.record(...)` itself, or be a helper whose every caller (found by name across the scanned
# packages) is audited the same way, transitively; or be listed in AUDIT_EXEMPT with a reason.
# A writer nobody calls must audit itself: it is somebody's public API. (Callers are matched by
# name, so a helper sharing its name with a function elsewhere needs all of those callers audited.)

AUDITED_PACKAGES = ("memory", "wiki", "retrieval", "quire")
CANONICAL = re.compile(
    r"^(memories|review_queue|tombstones|spaces|entities|memory_entities|relations|pages?|page_\w+)$", re.I
)
_WRITE = re.compile(
    r"\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+[\"'`\[]?(\w+)", re.I
)

# "path::function" -> why it may write without an audit row of its own or of its callers.
AUDIT_EXEMPT: dict[str, str] = {
    # The review item it raises is audited by review.enqueue in the same transaction; the page's
    # proposed_hash it sets is that item's bookkeeping (which proposal is open), not a change of the page.
    "wiki/pages.py::queue_revision": "the review item is audited by review.enqueue in its transaction",
    # The vectors of an import batch's rows flushed before a supersedes: the batch's one 'embed' audit
    # row is queued in held.audit by the same method and written by held.flush in the transaction.
    "memory/capture.py::attach": "the batch's embed audit row is queued in held.audit and flushed in its transaction",
}


def written_tables(sql: str) -> set[str]:
    return {m.group(1) for m in _WRITE.finditer(sql) if CANONICAL.match(m.group(1))}


def _body(node: ast.AST):
    """Nodes inside a function, nested functions and classes excluded (they are scanned on their own)."""
    stack = list(ast.iter_child_nodes(node))
    while stack:
        child = stack.pop()
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        yield child
        stack.extend(ast.iter_child_nodes(child))


def _called_name(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _is_audit(call: ast.Call) -> bool:
    f = call.func
    if isinstance(f, ast.Attribute):
        return f.attr in ("record", "record_many") and isinstance(f.value, ast.Name) and f.value.id == "audit"
    return isinstance(f, ast.Name) and f.id in ("record", "record_many")


def _functions(source: str, path: str) -> dict[str, tuple[str, set[str], bool, set[str]]]:
    """`path::name` -> (name, canonical tables written, calls audit.record, names it calls)."""
    tree = ast.parse(source)
    constants: dict[str, str] = {}
    for stmt in tree.body:
        if (
            isinstance(stmt, (ast.Assign, ast.AnnAssign))
            and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str)
        ):
            for target in stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]:
                if isinstance(target, ast.Name):
                    constants[target.id] = stmt.value.value
    out = {}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        tables: set[str] = set()
        audits, calls = False, set()
        for child in _body(node):
            if isinstance(child, ast.Constant) and isinstance(child.value, str):
                tables |= written_tables(child.value)
            elif isinstance(child, ast.Name) and child.id in constants:
                tables |= written_tables(constants[child.id])
            elif isinstance(child, ast.Call):
                audits = audits or _is_audit(child)
                if name := _called_name(child):
                    calls.add(name)
        out[f"{path}::{node.name}"] = (node.name, tables, audits, calls)
    return out


def unaudited_writes(sources: list[tuple[str, str]]) -> dict[str, set[str]]:
    """`path::function` -> canonical tables it writes outside any audited call path."""
    functions: dict[str, tuple[str, set[str], bool, set[str]]] = {}
    for path, source in sources:
        functions.update(_functions(source, path))
    callers: dict[str, list[str]] = {}
    for key, (_, _, _, calls) in functions.items():
        for name in calls:
            callers.setdefault(name, []).append(key)
    memo: dict[str, bool] = {}

    def audited(key: str, visiting: frozenset[str] = frozenset()) -> bool:
        if key in memo:
            return memo[key]
        name, _, audits, _ = functions[key]
        if audits:
            result = True
        else:
            mine = [c for c in callers.get(name, []) if c != key]
            result = bool(mine) and all(c not in visiting and audited(c, visiting | {key}) for c in mine)
        memo[key] = result
        return result

    return {key: tables for key, (_, tables, _, _) in functions.items() if tables and not audited(key)}


def _sources() -> list[tuple[str, str]]:
    files = []
    for package in AUDITED_PACKAGES:
        for file in sorted((ROOT / package).rglob("*.py")):
            files.append((file.relative_to(ROOT).as_posix(), file.read_text(encoding="utf-8")))
    return files


def test_every_canonical_write_is_audited():
    found = unaudited_writes(_sources())
    offenders = {k: sorted(v) for k, v in found.items() if k not in AUDIT_EXEMPT}
    assert not offenders, (
        "these functions write canonical tables with no audit.record(...) in them or in every caller; record the "
        f"change in its transaction or add a reasoned entry to AUDIT_EXEMPT: {offenders}"
    )


def test_audit_exemptions_are_still_needed():
    found = unaudited_writes(_sources())
    stale = [k for k in AUDIT_EXEMPT if k not in found]
    assert not stale, f"AUDIT_EXEMPT lists functions that no longer write unaudited (remove them): {stale}"
    assert all(len(reason) > 20 for reason in AUDIT_EXEMPT.values())


def test_audit_guard_catches_a_synthetic_unaudited_write():
    source = textwrap.dedent("""
        from memory import audit

        FORGET_SQL = "UPDATE memories SET status = 'forgotten' WHERE id = ?"

        def sneaky(db, mid):
            db.execute("UPDATE memories SET status = 'forgotten' WHERE id = ?", (mid,))

        def sneaky_fstring(db, table_cols):
            db.execute(f"INSERT OR IGNORE INTO tombstones({table_cols}) VALUES (?)", ("x",))

        def sneaky_constant(db, mid):
            db.execute(FORGET_SQL, (mid,))

        def page_writer(db):
            db.execute("REPLACE INTO page_map_nodes(id) VALUES (1)")

        def _helper_of_unaudited(db):
            db.execute("DELETE FROM review_queue WHERE id = 1")

        def unaudited_caller(db):
            _helper_of_unaudited(db)

        def _helper(db):
            db.execute("INSERT INTO page_history(body) VALUES ('x')")

        def _deeper(db):
            _helper(db)

        def audited_caller(db):
            with db.transaction():
                _deeper(db)
                audit.record(db, "rebuild", "write", "page", "p")

        def outer(db):
            def inner():
                db.execute("UPDATE spaces SET is_default = 0")
            inner()

        def honest(db, mid):
            with db.transaction():
                db.execute("UPDATE memories SET pinned = 1 WHERE id = ?", (mid,))
                audit.record(db, "cli", "pin", "memory", mid)

        def derived_only(db):
            db.execute("INSERT INTO vector_changes(mem_rowid) VALUES (1)")
            db.execute("INSERT INTO meta(key, value) VALUES ('a', 'b') ON CONFLICT(key) DO UPDATE SET value = 'b'")

        def reads(db):
            return db.rows("SELECT * FROM memories WHERE status = 'active'")
    """)
    found = unaudited_writes([("x.py", source)])
    assert found == {
        "x.py::sneaky": {"memories"},
        "x.py::sneaky_fstring": {"tombstones"},
        "x.py::sneaky_constant": {"memories"},
        "x.py::page_writer": {"page_map_nodes"},
        "x.py::_helper_of_unaudited": {"review_queue"},
        "x.py::inner": {"spaces"},
    }
    # the same helper becomes a violation as soon as one unaudited caller appears
    extra = "def careless(db):\n    _helper(db)\n"
    assert "x.py::_helper" in unaudited_writes([("x.py", source), ("y.py", extra)])


def test_write_pattern():
    assert written_tables("UPDATE memories SET x = 1") == {"memories"}
    assert written_tables("insert or ignore into memory_entities(memory_id) values (?)") == {"memory_entities"}
    assert written_tables("DELETE FROM memories_fts WHERE rowid = 1") == set()  # derived index
    assert written_tables("CREATE TRIGGER t AFTER UPDATE OF status ON memories BEGIN SELECT 1; END") == set()
    assert written_tables("INSERT INTO pages(slug) VALUES (?); UPDATE page_history SET body = ?") == {
        "pages",
        "page_history",
    }


# -- guard: every command is documented in README.md or the manual (docs/reference.md) ---------
#
# Each top-level command must appear as `quire NAME` in README.md or docs/reference.md, and each
# subcommand on a line that also names its parent (`quire curate list | show ID ...`).

README = ROOT / "README.md"
REFERENCE = ROOT / "docs" / "reference.md"


def manual() -> str:
    """The short README and the full manual together: what a person can look up."""
    return "\n".join(path.read_text(encoding="utf-8") for path in (README, REFERENCE))


def command_paths(group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    import click

    paths = []
    for name, command in sorted(group.commands.items()):
        if command.hidden:
            continue
        path = (*prefix, name)
        paths.append(path)
        if isinstance(command, click.Group):
            paths += command_paths(command, path)
    return paths


def undocumented_commands(group, readme: str) -> list[str]:
    lines = readme.splitlines()
    missing = []
    for path in command_paths(group):
        parent = "quire " + " ".join(path[:-1]) if len(path) > 1 else None
        if parent is None:
            if not re.search(rf"quire {re.escape(path[0])}\b", readme):
                missing.append(path[0])
        elif not any(
            parent in line and re.search(rf"\b{re.escape(path[-1])}\b", line.split(parent, 1)[1]) for line in lines
        ):
            missing.append(" ".join(path))
    return missing


def test_every_command_is_documented():
    from quire.cli import cli

    assert undocumented_commands(cli, manual()) == []


def test_command_guard_catches_an_undocumented_command():
    import click

    @click.group()
    def fake():
        pass

    @fake.command()
    def capture():
        pass

    @fake.group()
    def curate():
        pass

    @curate.command("list")
    def curate_list():
        pass

    @curate.command()
    def purge():
        pass

    readme = "Use `quire capture TEXT`.\n| `quire curate list` | lists |\n"
    assert undocumented_commands(fake, readme) == ["curate purge"]


# -- guard: every QUIRE_* environment variable the code reads is documented --------------------

ENV_SOURCES = ("memory", "retrieval", "wiki", "eval", "quire", "scripts")
_ENV = re.compile(r"\bQUIRE_[A-Z][A-Z0-9_]*\b")


def env_vars(texts: list[str]) -> set[str]:
    return {name for text in texts for name in _ENV.findall(text)}


def undocumented_env(texts: list[str], readme: str) -> set[str]:
    return {name for name in env_vars(texts) if f"`{name}`" not in readme}


def _code_texts() -> list[str]:
    texts = [(ROOT / "Makefile").read_text(encoding="utf-8")]
    for package in ENV_SOURCES:
        for path in sorted((ROOT / package).rglob("*")):
            if path.suffix in (".py", ".sh") and path.is_file():
                texts.append(path.read_text(encoding="utf-8"))
    return texts


def test_every_env_var_is_documented():
    texts = _code_texts()
    assert "QUIRE_HOME" in env_vars(texts)  # the scan sees the code
    assert undocumented_env(texts, manual()) == set()


def test_env_guard_catches_an_undocumented_variable():
    code = ['home = os.environ.get("QUIRE_HOME")\nflag = os.environ.get("QUIRE_SECRET_KNOB")\n']
    assert undocumented_env(code, "| `QUIRE_HOME` | where quire keeps its files |") == {"QUIRE_SECRET_KNOB"}


# -- guard: every repository path named in the Markdown docs exists -----------------------------
#
# A backticked token that looks like a path (has a '/' or a file extension) must exist relative
# to the repository root, unless it is a path in a person's home (QUIRE_HOME files, ~/..., $VAR/...)
# listed in NOT_IN_REPO.

NOT_IN_REPO = {
    "quire.db",
    "config.toml",
    "wiki/",
    "cache/",
    ".quire-demo/",
    "serve.token",
    "serve.json",
    "claude_desktop_config.json",
    "conversations.json",  # the file name of a ChatGPT or Claude data export, as a person downloads it
    # made by `make install`, which runs before the tests; not in a fresh clone or a worktree
    ".venv/",
    ".venv/bin",
    ".venv/bin/",
    ".venv/bin/quire",
}
_TICKED = re.compile(r"`([^`\s]+)`")
_PATHLIKE = re.compile(r"^[\w.~$-][\w.~$/-]*(/|\.(py|md|toml|json|jsonl|sh|txt|cfg|ini|npz))$|^[\w.-]+/[\w./-]+$")


def missing_paths(markdown: str, root: Path) -> list[str]:
    missing = []
    for token in _TICKED.findall(markdown):
        if not _PATHLIKE.match(token) or token in NOT_IN_REPO:
            continue
        if token.startswith(("$", "~", "/", "http", "../")) or "://" in token:  # outside the repository
            continue
        if not (root / token).exists():
            missing.append(token)
    return missing


def _markdown_docs() -> list[Path]:
    docs = [README]
    docs += sorted((ROOT / "docs").glob("*.md")) if (ROOT / "docs").exists() else []
    return docs


def test_every_path_named_in_markdown_exists():
    for doc in _markdown_docs():
        assert missing_paths(doc.read_text(encoding="utf-8"), ROOT) == [], doc.name


def test_path_guard_catches_a_missing_path(tmp_path):
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "db.py").write_text("")
    text = "See `memory/db.py`, `memory/ghost.py`, `$QUIRE_HOME/quire.db`, `config.toml` and `--json`."
    assert missing_paths(text, tmp_path) == ["memory/ghost.py"]
