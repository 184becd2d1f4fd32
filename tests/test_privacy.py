"""Encryption at rest: `quire encrypt | rekey | decrypt`, verified; nothing quire writes outside the
vault holds memory text or raw embeddings once a home is encrypted; a wrong or missing key is one
line that says what to do."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from memory import db as dbmod
from memory import keys
from tests.conftest import KEY

TEXTS = [
    "Marisol Quenby from HR told me in confidence about the reorganisation plans",
    "The ledger service settles payments every night at two in the morning",
    "Marisol Quenby prefers the quiet corner office near the east stairwell",
]
LATER = "Quenby negotiated her salary again this spring with the finance director"


def windows(text: str, n: int = 3) -> list[bytes]:
    words = text.split()
    return [" ".join(words[i : i + n]).encode() for i in range(len(words) - n + 1)]


def files_outside_vault(home: Path) -> list[Path]:
    vault = home / "wiki"
    return [p for p in home.rglob("*") if p.is_file() and vault not in p.parents]


def leaks(home: Path, needles: list[bytes]) -> list[str]:
    found = []
    for path in files_outside_vault(home):
        data = path.read_bytes()
        found += [f"{path.relative_to(home)}: {n[:40]!r}" for n in needles if n in data]
    return found


def embeddings(home: Path, key: str | None) -> list[bytes]:
    db = dbmod.FileDatabase(home / "quire.db", encryption_key=key)
    try:
        return [row[0][:48] for row in db.rows("SELECT embedding FROM memories WHERE embedding IS NOT NULL")]
    finally:
        db.close()


@pytest.fixture
def memory_keyring(monkeypatch):
    """An OS key store in a dict (the tests never touch the machine's), with QUIRE_KEY unset."""
    import keyring
    from keyring.backend import KeyringBackend

    store: dict[tuple[str, str], str] = {}

    class Memory(KeyringBackend):
        priority = 1  # type: ignore[assignment]

        def get_password(self, service, username):
            return store.get((service, username))

        def set_password(self, service, username, password):
            store[(service, username)] = password

        def delete_password(self, service, username):
            store.pop((service, username), None)

    monkeypatch.delenv("QUIRE_KEY", raising=False)
    keys._UNLOCKED.clear()
    previous = keyring.get_keyring()
    keyring.set_keyring(Memory())
    yield store
    keyring.set_keyring(previous)


def _fill(cli, quire_home):
    for text in TEXTS:
        assert cli("capture", text, "--entity", "Marisol Quenby").exit_code == 0
    assert cli("rebuild").exit_code == 0
    assert cli("recall", "Quenby office").exit_code == 0


def test_nothing_outside_the_vault_holds_text_or_embeddings(cli, cli_json, quire_home, keyed, tmp_path):
    _fill(cli, quire_home)
    vectors = embeddings(quire_home, None)
    assert vectors and leaks(quire_home, [w for t in TEXTS for w in windows(t)])  # control: plaintext leaks
    done = cli_json("encrypt", "--key")
    assert done["memories"] == 3 and done["files"] == [str(quire_home / "quire.db")]
    assert not dbmod.plaintext_file(quire_home / "quire.db")
    # every route of everyday use after encryption: capture, import, recall, rebuild, forget, rollback
    assert cli("capture", LATER, "--entity", "Marisol Quenby").exit_code == 0
    chat = tmp_path / "chat.jsonl"
    chat.write_text(json.dumps({"content": "Quenby asked me to keep the reorganisation memo in the locked drawer"}))
    assert cli("import", str(chat)).exit_code == 0
    assert cli("rebuild").exit_code == 0
    hits = cli_json("recall", "Quenby salary finance")["results"]
    assert hits and "salary" in hits[0]["content"]
    assert cli("forget", hits[-1]["id"]).exit_code == 0
    assert cli("rebuild").exit_code == 0
    cli("rollback")
    # a recall after the forget writes the vector cache again (an incremental rebuild reads no vectors)
    assert cli_json("recall", "Quenby memo drawer")["results"]
    needles = [w for t in [*TEXTS, LATER] for w in windows(t)] + embeddings(quire_home, KEY)
    needles += vectors
    assert leaks(quire_home, needles) == []
    assert list((quire_home / "snapshots").rglob("*.json")), "the snapshots were taken (sealed)"
    cached = list(quire_home.rglob("vectors-*.sealed"))
    assert cached and all(keys.is_sealed(p.read_bytes()) for p in cached), "the vector cache was written (sealed)"
    assert not list(quire_home.rglob("*.npy")) and not list(quire_home.rglob("vectors-*.npz"))


def test_a_wrong_or_missing_key_is_one_line(cli, quire_home, keyed, monkeypatch):
    _fill(cli, quire_home)
    assert cli("encrypt", "--key").exit_code == 0
    monkeypatch.setenv("QUIRE_KEY", "not-the-key")
    keys._UNLOCKED.clear()
    wrong = cli("recall", "Quenby")
    assert wrong.exit_code == 1 and wrong.stderr.count("\n") == 1 and "the key does not open" in wrong.stderr
    monkeypatch.delenv("QUIRE_KEY")
    keys._UNLOCKED.clear()
    missing = cli("status")
    assert missing.exit_code == 1 and "QUIRE_KEY" in missing.stderr and "Traceback" not in missing.stderr
    assert "file is not a database" not in wrong.stderr + missing.stderr


def test_doctor_with_a_wrong_key_names_the_key_not_damage(cli, quire_home, keyed, monkeypatch):
    # Every command says "the key does not open" on a wrong QUIRE_KEY; `quire doctor` said the
    # database was malformed and sent the person to `store pull --force` or `sqlite3 .recover`,
    # over a file that was whole. The control: the right key passes every check.
    _fill(cli, quire_home)
    assert cli("encrypt", "--key").exit_code == 0
    before = {p: p.read_bytes() for p in quire_home.rglob("*.db")}
    monkeypatch.setenv("QUIRE_KEY", "not-the-key")
    keys._UNLOCKED.clear()
    wrong = cli("doctor", "--json")
    assert wrong.exit_code == 1
    database = next(c for c in json.loads(wrong.stdout)["checks"] if c["name"] == "database")
    assert not database["ok"] and "the key does not open" in database["detail"], database
    assert database["fix"].startswith("check QUIRE_KEY or key_file"), database
    assert "malformed" not in wrong.stdout
    assert {p: p.read_bytes() for p in quire_home.rglob("*.db")} == before, "doctor wrote nothing"
    monkeypatch.setenv("QUIRE_KEY", KEY)
    keys._UNLOCKED.clear()
    assert cli("doctor").exit_code == 0


@pytest.mark.parametrize("newer", [True, False])
def test_an_encrypted_home_a_newer_quire_migrated_says_so_not_wrong_key(cli, quire_home, keyed, monkeypatch, newer):
    # The schema check ran inside the wrong-key guard: an encrypted home at a newer schema (a newer
    # quire opened it) said "the key does not open" and sent the person after a key that was right.
    # The control: the right key at this quire's schema opens it.
    from memory import migrations

    _fill(cli, quire_home)
    assert cli("encrypt", "--key").exit_code == 0
    if newer:
        latest = migrations.latest() + 1
        monkeypatch.setitem(migrations.MIGRATIONS, latest, (f"m{latest:03d}_newer", lambda db: None))
        assert cli("status").exit_code == 0  # this "newer quire" migrates the home
        monkeypatch.delitem(migrations.MIGRATIONS, latest)
    keys._UNLOCKED.clear()
    out = cli("recall", "Quenby")
    if newer:
        assert out.exit_code == 1 and out.stderr.count("\n") == 1, out.stderr
        assert "schema version" in out.stderr and "upgrade quire" in out.stderr
        assert "the key does not open" not in out.stderr
    else:
        assert out.exit_code == 0 and "Quenby" in out.stdout


def test_key_file_must_be_private(cli, cli_json, quire_home, monkeypatch, tmp_path):
    monkeypatch.delenv("QUIRE_KEY", raising=False)
    keys._UNLOCKED.clear()
    key_file = tmp_path / "quire.key"
    key_file.write_text(KEY + "\n")
    key_file.chmod(0o644)
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "config.toml").write_text(f'key_file = "{key_file}"\n')
    loose = cli("encrypt", "--key")
    assert loose.exit_code == 1 and "chmod 600" in loose.stderr
    key_file.chmod(0o600)
    assert cli("capture", TEXTS[0]).exit_code == 0
    assert cli_json("encrypt", "--key")["memories"] == 1
    keys._UNLOCKED.clear()
    assert cli_json("status")["total"] == 1


def test_decrypt_and_rekey_round_trip(cli, cli_json, quire_home, keyed, monkeypatch):
    _fill(cli, quire_home)
    assert cli("encrypt", "--key").exit_code == 0
    assert cli("encrypt", "--key").exit_code == 1  # already encrypted: says to use rekey
    back = cli_json("decrypt")
    assert back["memories"] == 3 and dbmod.plaintext_file(quire_home / "quire.db")
    assert not (quire_home / keys.MARKER).exists()
    monkeypatch.delenv("QUIRE_KEY")
    keys._UNLOCKED.clear()
    assert cli_json("status")["total"] == 3
    snapshot_files = [p for p in (quire_home / "snapshots").rglob("*") if p.is_file()]
    assert snapshot_files and not any(keys.is_sealed(p.read_bytes()) for p in snapshot_files)


def test_keyring_method_and_its_recovery_key(cli, cli_json, quire_home, memory_keyring, monkeypatch, tmp_path):
    store = memory_keyring
    _fill(cli, quire_home)
    done = cli_json("encrypt", "--keyring")
    recovery = done["recovery_key"]
    assert recovery.startswith(keys.RECOVERY_PREFIX) and store
    assert recovery not in (quire_home / keys.MARKER).read_text()
    keys._UNLOCKED.clear()
    assert cli_json("status")["total"] == 3  # the key store opens it, no prompt
    store.clear()  # a new laptop: the key store is empty
    keys._UNLOCKED.clear()
    assert cli("status").exit_code == 1
    monkeypatch.setenv("QUIRE_KEY", recovery)
    keys._UNLOCKED.clear()
    assert cli_json("status")["total"] == 3  # the recovery key unwraps it
    monkeypatch.setenv("QUIRE_KEY", recovery[:-4] + "AAAA")
    keys._UNLOCKED.clear()
    bad = cli("status")
    assert bad.exit_code == 1 and "recovery key does not open" in bad.stderr


def test_encrypt_without_an_os_key_store_says_it_asks_for_a_passphrase(cli, cli_json, quire_home, monkeypatch):
    """`quire encrypt` as the README gives it, on a server with no key store: the prompt is explained."""
    _fill(cli, quire_home)
    monkeypatch.delenv("QUIRE_KEY", raising=False)
    monkeypatch.setattr(keys, "keyring_available", lambda: False)
    done = cli("encrypt", input="a long passphrase\na long passphrase\n")
    assert done.exit_code == 0, done.stderr
    assert "no OS key store: the key comes from a passphrase" in done.stderr
    assert "recovery key" in done.stdout
    keys._UNLOCKED.clear()


@pytest.mark.parametrize("args", [["encrypt"], ["encrypt", "--passphrase"]])
def test_encrypt_with_no_terminal_to_ask_a_passphrase_on_names_the_scripted_way(cli, quire_home, monkeypatch, args):
    # Before: click's bare "Aborted!" (stdin from /dev/null: a script, a cron job).
    _fill(cli, quire_home)
    monkeypatch.delenv("QUIRE_KEY", raising=False)
    monkeypatch.setattr(keys, "keyring_available", lambda: False)
    done = cli(*args, input="")
    assert done.exit_code == 1 and "Aborted" not in done.stderr
    assert "no passphrase typed" in done.stderr and "QUIRE_KEY=... quire encrypt --key" in done.stderr
    assert not keys.encrypted(quire_home) and cli("recall", "Quenby office").exit_code == 0  # nothing changed


def test_passphrase_method_stretches_and_unwraps(quire_home, monkeypatch):
    record, recovery = keys.protect("passphrase", "the-data-key", passphrase="a long passphrase")
    assert record["kdf"]["name"] == "argon2id" and record["kdf"]["memory_cost"] >= 64 * 1024
    quire_home.mkdir(parents=True)
    keys.write_marker(quire_home, record)
    monkeypatch.delenv("QUIRE_KEY", raising=False)
    keys._UNLOCKED.clear()
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("getpass.getpass", lambda prompt: "a long passphrase")
    assert keys.data_key(quire_home, None) == "the-data-key"
    keys._UNLOCKED.clear()
    monkeypatch.setattr("getpass.getpass", lambda prompt: "wrong passphrase")
    with pytest.raises(keys.KeyWrong):
        keys.data_key(quire_home, None)
    keys._UNLOCKED.clear()
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    with pytest.raises(keys.KeyMissing, match="terminal"):
        keys.data_key(quire_home, None)
    monkeypatch.setenv("QUIRE_KEY", recovery)
    assert keys.data_key(quire_home, None) == "the-data-key"


def test_a_killed_conversion_is_restored_and_finishes(cli, cli_json, quire_home, keyed, monkeypatch):
    _fill(cli, quire_home)
    real = dbmod.rekey

    def dies(path, old, new):
        real(path, old, new)
        raise KeyboardInterrupt  # killed right after the file changed, before the marker was written

    monkeypatch.setattr(dbmod, "rekey", dies)
    assert cli("encrypt", "--key").exit_code != 0  # click reports the interrupt as Aborted!
    monkeypatch.setattr(dbmod, "rekey", real)
    assert (quire_home / "quire.db.plain-backup").exists() and not (quire_home / keys.MARKER).exists()
    done = cli_json("encrypt", "--key")  # restores the plaintext copy, then encrypts again
    assert done["memories"] == 3 and not list(quire_home.glob("*.plain-backup"))
    keys._UNLOCKED.clear()
    assert cli_json("status")["total"] == 3


def test_an_encrypted_file_without_its_marker_is_named(cli, quire_home, keyed):
    _fill(cli, quire_home)
    assert cli("encrypt", "--key").exit_code == 0
    os.remove(quire_home / keys.MARKER)
    keys._UNLOCKED.clear()
    result = cli("status")
    assert result.exit_code == 1 and "encrypted or damaged" in result.stderr


# -- the sealed vector cache of an encrypted home -------------------------------------------------


def _encrypted_with_cache(cli, cli_json, quire_home, tmp_path):
    lines = tmp_path / "facts.jsonl"
    lines.write_text(
        "".join(
            json.dumps({"content": f"Shelf {i} of aisle {i % 7} holds the spare {w} parts for the north warehouse"})
            + "\n"
            for i, w in enumerate(["pump", "valve", "gasket", "filter", "belt", "motor"] * 5)
        )
    )
    assert cli("encrypt", "--key").exit_code == 0
    assert cli("import", str(lines)).exit_code == 0  # writes the sealed cache
    (cached,) = list(quire_home.rglob("vectors-*.sealed"))
    return cached, _answer(cli_json("recall", "spare gasket parts", "--no-floor"))


def _answer(data):
    """What a recall found and how each channel ranked it (access counts move between recalls)."""
    return [(hit["id"], hit["channels"]) for hit in data["results"]]


def _loads(monkeypatch):
    """Count the vector index's rebuilds from the database rows."""
    from memory.vectors import VectorIndex

    rebuilt = []
    real = VectorIndex._rebuild
    monkeypatch.setattr(VectorIndex, "_rebuild", lambda self, db: rebuilt.append(1) or real(self, db))
    return rebuilt


def test_an_encrypted_home_starts_from_its_sealed_vector_cache(cli, cli_json, quire_home, keyed, tmp_path, monkeypatch):
    from memory.session import Session

    _, before = _encrypted_with_cache(cli, cli_json, quire_home, tmp_path)
    rebuilt = _loads(monkeypatch)
    assert _answer(cli_json("recall", "spare gasket parts", "--no-floor")) == before
    assert cli("capture", "The north warehouse moved its spare gasket parts to aisle nine").exit_code == 0
    assert rebuilt == []  # opened from the sealed file, caught up from the change log
    with Session() as session:
        index = session.vectors()
        assert index.from_cache and len(index) == 31
        stored = dict(session.db.rows("SELECT id, embedding FROM memories WHERE embedding IS NOT NULL"))
        for pos in range(len(index.rowids)):
            assert index.vectors_at([pos]).tobytes() == stored[str(index.ids[pos])]  # the rows' own vectors


@pytest.mark.parametrize("damage", ["tampered", "other key", "plaintext", "truncated"])
def test_a_changed_sealed_cache_is_rebuilt_never_trusted(
    cli, cli_json, quire_home, keyed, tmp_path, monkeypatch, damage
):
    cached, before = _encrypted_with_cache(cli, cli_json, quire_home, tmp_path)
    blob = cached.read_bytes()
    if damage == "tampered":  # one byte of the ciphertext flipped: the GCM tag fails
        blob = blob[:100] + bytes([blob[100] ^ 1]) + blob[101:]
    elif damage == "other key":  # a valid cache of this home, sealed under another home's key
        blob = keys.Sealer.for_cache("another-home-key").seal(keys.Sealer.for_cache(KEY).open(blob))
    elif damage == "plaintext":  # the sealed cache's contents put back in clear: never read
        blob = keys.Sealer.for_cache(KEY).open(blob)
        assert keys.Sealer.for_cache(KEY).open(blob) == blob  # (what `open` would pass through)
    else:
        blob = blob[: len(blob) // 2]
    cached.write_bytes(blob)
    rebuilt = _loads(monkeypatch)
    result = cli("recall", "spare gasket parts", "--no-floor", "--json")
    assert result.exit_code == 0 and "Traceback" not in result.stderr
    assert _answer(json.loads(result.stdout)) == before  # the same answer, from the database
    assert rebuilt == [1]
    assert keys.is_sealed(cached.read_bytes()) and cached.read_bytes() != blob  # written again, sealed
    assert cli("recall", "spare gasket parts").exit_code == 0 and rebuilt == [1]  # and used next time


def test_rekey_and_decrypt_drop_the_sealed_vector_cache(cli, cli_json, quire_home, keyed, tmp_path):
    cached, before = _encrypted_with_cache(cli, cli_json, quire_home, tmp_path)
    assert cli_json("decrypt")["caches_removed"] == 1 and not cached.exists()
    assert _answer(cli_json("recall", "spare gasket parts", "--no-floor")) == before


def _snapshot_bytes(home: Path) -> bytes:
    sealer = keys.Sealer.for_key(KEY)
    return b"".join(sealer.open(p.read_bytes()) for p in (home / "snapshots").rglob("*") if p.is_file())


def test_a_snapshot_taken_before_encrypt_rolls_back_and_is_scrubbed_by_forget(cli, cli_json, quire_home, keyed):
    _fill(cli, quire_home)
    assert cli("capture", LATER, "--entity", "Marisol Quenby").exit_code == 0
    assert cli("rebuild").exit_code == 0
    assert cli("capture", "Marisol Quenby moved to the Lisbon branch", "--entity", "Marisol Quenby").exit_code == 0
    assert cli("rebuild").exit_code == 0  # the snapshot of this rebuild holds LATER in the page's pre-image
    assert cli("encrypt", "--key").exit_code == 0  # seals the snapshots taken before, manifests too
    hits = cli_json("recall", "Quenby salary finance director")["results"]
    salary = next(h["id"] for h in hits if "salary" in h["content"])
    assert b"negotiated her salary" in _snapshot_bytes(quire_home)
    assert cli("forget", salary).exit_code == 0
    assert b"negotiated her salary" not in _snapshot_bytes(quire_home)  # forget reached the sealed snapshot
    back = cli("rollback")
    assert back.exit_code == 0 and "Traceback" not in back.stderr


def test_decrypt_leaves_no_cache_the_old_key_opens(cli, cli_json, quire_home, keyed):
    _fill(cli, quire_home)
    assert cli("encrypt", "--key").exit_code == 0
    assert cli("capture", LATER, "--entity", "Marisol Quenby").exit_code == 0
    assert cli("rebuild").exit_code == 0  # seals the vector cache, the cluster states and the plan
    assert {p.name for p in (quire_home / "cache").glob("wiki-*.sealed")} == {
        "wiki-clusters.sealed",
        "wiki-plan.sealed",
    }
    done = cli_json("decrypt")
    assert done["caches_removed"] == 3
    sealed = [p for p in files_outside_vault(quire_home) if keys.is_sealed(p.read_bytes())]
    assert sealed == []
    assert cli("rebuild").exit_code == 0


def test_backups_take_the_new_key_on_encrypt_and_decrypt(cli, cli_json, quire_home, keyed):
    _fill(cli, quire_home)
    assert cli("backup").exit_code == 0  # a plaintext copy, made before the home was encrypted
    done = cli_json("encrypt", "--key")
    assert leaks(quire_home, [w for t in TEXTS for w in windows(t)]) == []  # the copy too
    assert done["backups"] == 1
    assert cli("backup").exit_code == 0  # an encrypted copy
    (older, newer) = sorted((quire_home / "backups").glob("quire-*.db"))
    assert not dbmod.plaintext_file(older) and not dbmod.plaintext_file(newer)
    assert cli_json("decrypt")["backups"] == 2
    assert all(dbmod.plaintext_file(p) for p in (older, newer))  # the old key opens none of them now
    restored = cli_json("restore", str(older))
    assert restored["memories"] == 3


def test_the_file_a_pull_kept_aside_is_encrypted_with_the_home(cli, cli_json, quire_home, keyed):
    # The sibling of the file `quire restore` keeps: `store pull --force` keeps the replaced database as
    # quire.db.replaced-<time>; `quire encrypt` converted the backups and the restore's copy, not that one.
    _fill(cli, quire_home)
    backup = Path(cli_json("backup")["path"])
    aside = quire_home / "quire.db.replaced-20261201T000000Z"
    shutil.copyfile(backup, aside)
    assert dbmod.plaintext_file(aside)
    assert cli("encrypt", "--key").exit_code == 0
    assert not dbmod.plaintext_file(aside)
    assert leaks(quire_home, [w for t in TEXTS for w in windows(t)]) == []
    kept = dbmod.FileDatabase(aside, encryption_key=KEY)
    try:
        assert kept.scalar("SELECT count(*) FROM memories") == 3  # still the way back, under the home's key
    finally:
        kept.close()


def test_the_file_restore_set_aside_is_encrypted_with_the_home(cli, cli_json, quire_home, keyed):
    _fill(cli, quire_home)
    assert cli("backup").exit_code == 0
    (copy,) = (quire_home / "backups").glob("quire-*.db")
    assert cli("capture", LATER, "--entity", "Marisol Quenby").exit_code == 0
    assert cli_json("restore", str(copy))["memories"] == 3  # the current file is kept beside, in clear
    (aside,) = [p for p in quire_home.glob("quire.db.before-restore-*") if not p.name.endswith(("-wal", "-shm"))]
    assert cli("encrypt", "--key").exit_code == 0
    assert leaks(quire_home, [w for t in [*TEXTS, LATER] for w in windows(t)]) == []
    kept = dbmod.FileDatabase(aside, encryption_key=KEY)
    try:
        assert kept.scalar("SELECT count(*) FROM memories") == 4  # still the way back, under the home's key
    finally:
        kept.close()


def test_rekey_while_quire_key_is_set_is_refused_before_anything_changes(cli, cli_json, quire_home, keyed):
    """README order: `QUIRE_KEY=... quire encrypt --key`, then `quire rekey`. QUIRE_KEY (or key_file)
    always wins over a passphrase or the key store, so the new key could never be used: refused up
    front, in one line naming the way that works, with the home as it was (not half converted)."""
    _fill(cli, quire_home)
    assert cli("encrypt", "--key").exit_code == 0
    marker = (quire_home / keys.MARKER).read_text()
    refused = cli("rekey", "--passphrase", input="a long passphrase\na long passphrase\n")
    assert refused.exit_code == 1
    assert "quire decrypt" in refused.stderr and "encrypt --passphrase" in refused.stderr
    assert "new passphrase" not in refused.stderr  # refused before it asks for one
    assert (quire_home / keys.MARKER).read_text() == marker
    assert not list(quire_home.glob("*.plain-backup"))
    keys._UNLOCKED.clear()
    assert cli_json("status")["total"] == 3  # QUIRE_KEY still opens it


def test_after_a_rekey_the_old_key_opens_no_file_of_the_home(cli, cli_json, quire_home, memory_keyring):
    _fill(cli, quire_home)
    assert cli("encrypt", "--keyring").exit_code == 0
    old = keys.data_key(quire_home, None)
    assert cli("capture", LATER, "--entity", "Marisol Quenby").exit_code == 0
    assert cli("rebuild").exit_code == 0 and cli("backup").exit_code == 0
    assert cli("rekey", "--keyring").exit_code == 0
    keys._UNLOCKED.clear()
    assert cli_json("status")["total"] == 4
    opened = []
    for path in files_outside_vault(quire_home):
        raw = path.read_bytes()
        for sealer in (keys.Sealer.for_key(old), keys.Sealer.for_cache(old)):
            if keys.is_sealed(raw):
                try:
                    sealer.open(raw)
                    opened.append(path.name)
                except keys.KeyWrong:
                    pass
        if raw.startswith(b"SQLite format 3"):
            opened.append(path.name)
        elif path.suffix == ".db":
            db = dbmod.FileDatabase(path, configure=False, encryption_key=old)
            try:
                db.scalar("SELECT count(*) FROM sqlite_master")
                opened.append(path.name)
            except Exception:
                pass
            finally:
                db.close()
    assert opened == []
