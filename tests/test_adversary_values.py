"""Hostile values, by class: a value no file, column or JSON reader can hold is refused in one
line on every route, and nothing stored changes."""

from __future__ import annotations

import http.client
import json

import pytest

import quire
from memory.errors import InvalidInput
from tests.test_service import served  # noqa: F401  (the fixture)


@pytest.mark.parametrize("path", ["\x00", "notes\x00.jsonl", "/tmp/a\x00/b"])
def test_import_refuses_a_path_holding_nul_in_one_line(quire_home, path):
    # Before: ValueError("embedded null byte") from os.stat, a traceback in the library.
    with quire.open(quire_home) as q, pytest.raises(InvalidInput) as caught:
        q.import_path(path)
    assert "NUL character" in str(caught.value) and "check the path" in str(caught.value)


def http_post(s, op: str, body: bytes) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", s.info["port"], timeout=30)
    conn.request("POST", f"/v1/ops/{op}", body=body, headers={"Authorization": f"Bearer {s.token}"})
    reply = conn.getresponse()
    data = json.loads(reply.read())
    conn.close()
    return reply.status, data


def test_the_service_refuses_an_import_path_holding_nul(served):  # noqa: F811
    # Before: 500 "quire serve failed on this request (ValueError); see its log".
    status, data = http_post(served(), "import", rb'{"params": {"path": "notes\u0000.jsonl"}}')
    assert status == 400 and data["error"]["type"] == "InvalidInput", data
    assert "NUL character" in data["error"]["message"]
