"""A file no import format reads is refused by its size or first bytes before it is read, for every
format (models.IMPORT_FORMATS) and route: a 1 GB sparse file (all NULs) was read whole, line by
line, for 8-13 s before its first line was refused, and a 1 GB note read to its 50 MB limit."""

from __future__ import annotations

import os

import pytest

import quire
from memory.errors import InvalidInput
from memory.models import IMPORT_FORMATS

GB = 1 << 30


def _read_bytes() -> int:
    """Bytes this process has read from files so far (Linux's /proc/self/io rchar)."""
    with open("/proc/self/io") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("rchar:"))


def _sparse(path, size=GB):
    with open(path, "wb") as fh:
        fh.truncate(size)  # no data written: the file system holds NULs, nothing in RAM or on disk
    return path


SUFFIX = {"markdown": ".md", "whatsapp": ".txt", "messenger": ".zip", "telegram": ".json", "auto": ".jsonl"}


@pytest.mark.skipif(not os.path.exists("/proc/self/io"), reason="counts bytes read through /proc")
@pytest.mark.parametrize("fmt", IMPORT_FORMATS)
def test_a_sparse_gigabyte_is_refused_by_its_head_unread(quire_home, tmp_path, fmt):
    big = _sparse(tmp_path / f"big{SUFFIX.get(fmt, '.json' if fmt in ('chatgpt', 'claude') else '.jsonl')}")
    with quire.open(quire_home) as q:
        total = q.status().total
        before = _read_bytes()
        with pytest.raises(InvalidInput) as refused:
            q.import_path(big, format=fmt)
        read = _read_bytes() - before
        assert q.status().total == total
    said = str(refused.value)
    assert read < 20 << 20, f"{fmt}: read {read:,} bytes of a 1 GB file before refusing it: {said}"
    assert "\n" not in said and ("binary data" in said or "over the 50,000,000-byte limit" in said), said
    assert "check the path" in said, said


def test_the_cli_refuses_it_in_the_same_line_before_telling_the_format(cli, tmp_path):
    big = _sparse(tmp_path / "export.txt")
    result = cli("import", str(big))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "is binary data, not text" in result.stderr and "cannot tell the format" not in result.stderr


def test_a_note_past_its_limit_is_refused_by_its_size(quire_home, tmp_path):
    note = tmp_path / "huge.md"
    with open(note, "wb") as fh:
        fh.write(b"# Huge\n\nA first paragraph of words that would be a memory.\n")
        fh.truncate(GB)
    with quire.open(quire_home) as q, pytest.raises(InvalidInput) as refused:
        q.import_path(note)
    assert "1,073,741,824 bytes, over the 50,000,000-byte limit of one note; split it" in str(refused.value)


@pytest.mark.parametrize(
    "head",
    [
        b"\xff\xfe" + "The team offsite is in June\n".encode("utf-16-le"),  # UTF-16 with a BOM: text
        b'{"content": "The team offsite is planned for June this year"}\n{"content": "x\x00y"}\n',  # a stray NUL
    ],
)
def test_text_with_a_bom_or_a_stray_nul_is_still_read(quire_home, tmp_path, head):
    path = tmp_path / "notes.jsonl"
    path.write_bytes(head)
    with quire.open(quire_home) as q:
        try:
            q.import_path(path)
        except InvalidInput as exc:
            assert "binary data" not in str(exc), str(exc)
