"""Routes: one strict validation on every route, in quire's words.

HTTP and MCP accepted `k: true`, `k: "5"` and `explain: "yes"`, which the CLI refuses; MCP
validation errors were raw pydantic text with a URL; HTTP ran an op with `{}` when the body came
chunked.
"""

from __future__ import annotations

import http.client
import json

import anyio
import pytest

from memory.home import Home
from quire import mcp_server, ops
from tests.test_service import post, served  # noqa: F401  (the fixture)

STRICT = [
    ("recall", {"query": "where is the staging cluster", "k": True}),
    ("recall", {"query": "where is the staging cluster", "k": "5"}),
    ("recall", {"query": "where is the staging cluster", "explain": "yes"}),
    ("recall", {"query": 5}),
]


@pytest.mark.parametrize(("name", "params"), STRICT)
def test_the_library_refuses_what_the_cli_refuses(name, params):
    with pytest.raises(ops.InvalidInput) as caught:
        ops.parse(ops.OPS[name].request, name, params)
    assert "pydantic" not in str(caught.value) and "http" not in str(caught.value)


def test_http_refuses_a_true_or_a_text_for_a_number(served):  # noqa: F811
    s = served()
    port, token = s.info["port"], s.token
    for name, params in STRICT:
        status, data = post(port, f"/v1/ops/{name}", {"params": params}, token)
        assert status == 400 and data["error"]["type"] == "InvalidInput", (params, data)
        assert "pydantic" not in data["error"]["message"]
    status, data = post(port, "/v1/ops/recall", {"params": {"query": "staging", "k": 5}}, token)
    assert status == 200


def test_http_reads_a_chunked_body_instead_of_running_the_op_with_nothing(served):  # noqa: F811
    s = served()
    body = json.dumps({"params": {"content": "The staging cluster moved to the Frankfurt region in May"}}).encode()
    conn = http.client.HTTPConnection("127.0.0.1", s.info["port"], timeout=30)
    conn.putrequest("POST", "/v1/ops/capture")
    conn.putheader("Authorization", f"Bearer {s.token}")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.endheaders()
    for start in range(0, len(body), 17):
        piece = body[start : start + 17]
        conn.send(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
    conn.send(b"0\r\n\r\n")
    reply = conn.getresponse()
    data = json.loads(reply.read())
    conn.close()
    # Before: the op ran with {} and answered "content is required".
    assert reply.status == 200, data
    assert data["result"]["status"] == "stored"


@pytest.mark.parametrize(
    ("head", "rest", "says"),
    [
        ("Transfer-Encoding: chunked", b'5\r\n{"par\r\nZZ\r\n', "chunk"),
        ("Content-Length: abc", b"{}", "Content-Length"),
        ("Content-Length: -5", b"{}", "Content-Length"),
    ],
)
def test_http_names_a_malformed_body_as_such_not_as_too_large(served, head, rest, says):  # noqa: F811
    """A bad chunk size or a Content-Length that is not a length was answered 413 "request body
    missing or too large": the client was told to send less, not what was wrong."""
    s = served()
    conn = http.client.HTTPConnection("127.0.0.1", s.info["port"], timeout=30)
    conn.putrequest("POST", "/v1/ops/recall")
    conn.putheader("Authorization", f"Bearer {s.token}")
    name, value = head.split(": ")
    conn.putheader(name, value)
    conn.endheaders()
    conn.send(rest)
    reply = conn.getresponse()
    data = json.loads(reply.read())
    conn.close()
    assert reply.status == 400 and says in data["error"]["message"], data
    assert "too large" not in data["error"]["message"], data


def _mcp_call(quire_home, name, arguments):
    server = mcp_server.build(Home(quire_home))

    async def main():
        return await server.call_tool(name, arguments)

    return anyio.run(main)


@pytest.mark.parametrize(("name", "params"), STRICT)
def test_mcp_refuses_in_plain_words(quire_home, name, params):
    from mcp.server.mcpserver.exceptions import ToolError

    with pytest.raises(ToolError) as caught:
        _mcp_call(quire_home, name, params)
    message = str(caught.value)
    assert "invalid recall parameters" in message
    assert "pydantic" not in message and "https://" not in message and "Input should" not in message
