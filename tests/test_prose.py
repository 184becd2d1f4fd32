"""Optional LLM prose: verified sentence by sentence, else the deterministic page stays."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import ClassVar

import pytest

from tests.test_synth import add, rebuild
from wiki import prose, render, synth

GOOD = (
    "## What we know\n\n"
    "The billing service retries failed charges three times before giving up. [1] "
    "Invoices are emailed on the first business day of each month. [2]\n"
)
HALLUCINATED = (
    "## What we know\n\n"
    "The billing service retries failed charges three times before giving up. [1] "
    "The billing team was founded in Lisbon by three former astronauts. [2]\n"
)


class _Canned(BaseHTTPRequestHandler):
    answers: ClassVar[list[str]] = []
    seen: ClassVar[list[dict]] = []

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).seen.append({"path": self.path, "body": body, "auth": self.headers.get("Authorization")})
        answer = type(self).answers.pop(0) if type(self).answers else GOOD
        data = json.dumps({"choices": [{"message": {"role": "assistant", "content": answer}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def llm(quire_home, monkeypatch):
    """A canned OpenAI-compatible server on 127.0.0.1, configured in config.toml."""
    server = HTTPServer(("127.0.0.1", 0), _Canned)
    _Canned.answers, _Canned.seen = [], []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "config.toml").write_text(
        f'[llm]\nendpoint = "http://127.0.0.1:{server.server_port}/v1"\nmodel = "canned"\n'
        'api_key_env = "LLM_TEST_KEY"\ntimeout_s = 5\n'
    )
    monkeypatch.setenv("LLM_TEST_KEY", "secret-token")
    yield _Canned
    server.shutdown()
    server.server_close()


def _billing(session):
    add(
        session,
        "The billing service retries failed charges three times before giving up.",
        type="fact",
        entities=["Billing"],
        valid_from="2026-01-01",
    )
    add(
        session,
        "Invoices are emailed on the first business day of each month.",
        type="fact",
        entities=["Billing"],
        valid_from="2026-02-01",
    )


def test_verify_accepts_supported_cited_sentences():
    sources = ["The billing service retries failed charges three times.", "Invoices go out on the first day."]
    assert (
        prose.verify("## A\n\nThe billing service retries failed charges. [1]\n- Invoices go out first. [2]", sources)
        == []
    )


@pytest.mark.parametrize(
    "text, problem",
    [
        ("Billing retries charges three times.", "uncited"),
        ("The billing service retries failed charges. [3]", "resolves to no source"),
        ("The billing service retries failed charges. [0]", "resolves to no source"),
        ("Astronauts founded the Lisbon office in spring. [1]", "unsupported"),
        ("First sentence has no marker. Second one does retries charges. [1]", "uncited"),
        ("See [[Other Page]] for retries charges. [1]", "links"),
    ],
)
def test_verify_rejects(text, problem):
    sources = ["The billing service retries failed charges three times.", "Invoices go out on the first day."]
    problems = prose.verify(text, sources)
    assert problems and problem in problems[0]


def test_overlap_counts_content_tokens_only():
    assert prose.overlap("It is the billing retries.", "billing retries happen") == 1.0
    assert prose.overlap("and the of", "anything") == 1.0  # nothing to check
    assert prose.overlap("billing astronauts", "billing") == 0.5


def test_good_prose_is_used_and_cited(llm, session):
    _billing(session)
    summary = rebuild(session)
    assert summary.prose == 1 and summary.prose_rejected == 0
    text = (session.wiki_dir / "billing.md").read_text()
    assert "## What we know" in text and "## Facts" not in text
    assert "## Sources" in text and "1. mem_" in text
    # the model's [N] markers become footnote references whose text is the memory itself
    assert "giving up. [^m1]" in text and "[^m1]: “" in text
    request = llm.seen[0]
    assert request["path"] == "/v1/chat/completions" and request["auth"] == "Bearer secret-token"
    assert "[1] (fact," in request["body"]["messages"][1]["content"]


def test_hallucinated_prose_is_rejected_logged_and_the_deterministic_page_kept(llm, session, db, cli):
    _billing(session)
    llm.answers = [HALLUCINATED]
    result = cli("rebuild")
    assert result.exit_code == 0
    assert "LLM prose rejected" in result.stderr and "astronauts" in result.stderr
    text = (session.wiki_dir / "billing.md").read_text()
    spec = next(s for s in synth.synthesize(db) if s.kind == "entity")
    assert "## Facts" in text and "astronauts" not in text
    assert render.section_lines(spec)[2] in text  # the first cited bullet of the deterministic page
    row = db.one("SELECT detail FROM audit_log WHERE action = 'prose_rejected'")
    assert row and "unsupported" in row["detail"]


def test_an_unreachable_endpoint_keeps_the_deterministic_page(session, quire_home):
    quire_home.mkdir(parents=True, exist_ok=True)
    (quire_home / "config.toml").write_text('[llm]\nendpoint = "http://127.0.0.1:9/v1"\ntimeout_s = 2\n')
    from memory.session import Session

    s = Session(actor="test")
    try:
        _billing(s)
        summary = rebuild(s)
        assert summary.prose_rejected == 1 and "endpoint failed" in summary.warnings[0]
        assert "## Facts" in (s.wiki_dir / "billing.md").read_text()
    finally:
        s.close()


def test_an_endpoint_that_speaks_no_http_keeps_the_page_and_says_so_in_words(session, quire_home):
    # Before: http.client's BadStatusLine was not among the errors caught, and the rebuild stopped
    # with a traceback; the other failures were urllib's text (`<urlopen error [Errno 111] ...>`).
    import socket
    import threading

    listener = socket.create_server(("127.0.0.1", 0))

    def garbage() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            with conn:
                conn.recv(65536)
                conn.sendall(b"\x00\xffnot http\r\n\r\n")

    threading.Thread(target=garbage, daemon=True).start()
    quire_home.mkdir(parents=True, exist_ok=True)
    port = listener.getsockname()[1]
    (quire_home / "config.toml").write_text(f'[llm]\nendpoint = "http://127.0.0.1:{port}/v1"\ntimeout_s = 2\n')
    from memory.session import Session

    s = Session(actor="test")
    try:
        _billing(s)
        summary = rebuild(s)
        warning = summary.warnings[0]
        assert summary.prose_rejected == 1 and "it does not answer in HTTP" in warning, warning
        assert "the page keeps its plain text" in warning and "BadStatusLine" not in warning
        assert "## Facts" in (s.wiki_dir / "billing.md").read_text()
    finally:
        s.close()
        listener.close()


def test_an_api_key_with_a_line_break_is_named_and_never_shown(monkeypatch):
    # Before: the warning was "the LLM endpoint failed (ValueError: Invalid header value b'Bearer sk-...')":
    # the key itself, in the rebuild's warnings.
    from types import SimpleNamespace

    from wiki import prose

    monkeypatch.setenv("LLM_TEST_KEY", "sk-secret-part\nrest")
    settings = SimpleNamespace(endpoint="http://127.0.0.1:9/v1", model="m", api_key_env="LLM_TEST_KEY", timeout_s=1)
    with pytest.raises(ValueError) as caught:
        prose._request(settings, [])
    said = prose._what_failed(caught.value, settings)
    assert "the API key in $LLM_TEST_KEY holds a line break" in said and "secret" not in said


def test_the_endpoint_named_in_a_warning_keeps_its_port_and_drops_credentials():
    from types import SimpleNamespace

    from wiki import prose

    assert prose._where(SimpleNamespace(endpoint="http://me:pw@127.0.0.1:9/v1?key=x")) == "http://127.0.0.1:9/v1"
    assert prose._where(SimpleNamespace(endpoint="http://[::1]:8/v1")) == "http://[::1]:8/v1"
