"""memory.db's IN-list helpers: any number of values, in chunks SQLite accepts, parameters in place."""

from __future__ import annotations

from memory.db import CHUNK, Database, FileDatabase, dicts_in, execute_in, rows_in


def _db(tmp_path) -> Database:
    db = FileDatabase(tmp_path / "t.db")
    db.script("CREATE TABLE t(id INTEGER PRIMARY KEY, tag TEXT, n INTEGER DEFAULT 0)")
    db.executemany("INSERT INTO t(id, tag) VALUES (?, ?)", [(i, "even" if i % 2 == 0 else "odd") for i in range(5000)])
    return db


def test_more_values_than_one_statement_takes(tmp_path):
    db = _db(tmp_path)
    wanted = [*range(0, 5000, 2), -1]  # 2501 values: six chunks, one value matching nothing
    assert len(wanted) > 5 * CHUNK
    rows = rows_in(db, "SELECT id FROM t WHERE id IN ({marks}) AND tag = ?", wanted, after=("even",))
    assert sorted(r[0] for r in rows) == list(range(0, 5000, 2))
    assert rows_in(db, "SELECT id FROM t WHERE id IN ({marks})", []) == []


def test_a_list_used_twice_and_parameters_before_it(tmp_path):
    db = _db(tmp_path)
    found = dicts_in(db, "SELECT id FROM t WHERE id IN ({marks}) OR id + 1 IN ({marks})", [10, 20])
    assert sorted(r["id"] for r in found) == [9, 10, 19, 20]
    with db.transaction():
        execute_in(db, "UPDATE t SET n = ? WHERE id IN ({marks})", list(range(1200)), before=(7,))
    assert db.scalar("SELECT count(*) FROM t WHERE n = 7") == 1200


def test_the_file_and_the_server_implement_one_protocol_and_share_no_base(tmp_path):
    """Database is the interface; FileDatabase and RemoteDatabase each implement all of it
    themselves (no inheritance between them), so a method added to one cannot silently fall
    back to the other's implementation."""
    from memory.db import RemoteDatabase

    methods = {n for n, v in vars(Database).items() if callable(v) and not n.startswith("_")}
    fields = {n for n, v in vars(Database).items() if isinstance(v, property)}
    assert {"rows", "dicts", "one", "scalar", "execute", "insert", "transaction", "batched", "close"} <= methods
    assert {"remote", "label", "path", "broken", "in_transaction"} <= fields
    for cls in (FileDatabase, RemoteDatabase):
        assert cls.__mro__ == (cls, object), cls
        assert sorted(methods - set(vars(cls))) == [], cls
    db = _db(tmp_path)
    assert all(hasattr(db, f) for f in fields)
    assert isinstance(db, Database) and not isinstance(object(), Database)
