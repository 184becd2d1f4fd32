"""What was acknowledged reads back identical, by class and by generator: hostile texts (NUL, C0 and
C1 controls, CR LF and a lone CR, U+2028/2029, bidi controls and marks, right-to-left script, ZWJ
emoji, combining marks, NFD forms, a lone surrogate sent as a JSON escape, leading and trailing
whitespace, 20,000 characters and one past) captured through every route and read back through
every route.

The text policy (`memory/text.py`) is the one normalisation, the same on every route, and this file
states it again on its own (`policy` below) rather than calling quire's: the normal form kept as
sent (an NFD "e" + U+0301 reads back decomposed); a leading BOM
dropped; CR LF and CR made LF; C0 (but tab and newline), DEL and C1 removed; bidi overrides and
isolates, U+200B, U+2060 and U+FEFF removed; the ends stripped; a lone surrogate refused. A
refusal is one line, the same words on every route, and stores nothing.

Readers: `show` (library, CLI, CLI through `quire serve`, the service, MCP, the browser's memory
screen), `recall` (library, CLI, MCP compact), `history`, a re-import of what `show` gave into a
second home (quire has no export command: `show --json` is what a person has), and the vault's page
after `rebuild`, whose bullet is one Markdown line (`wiki.render.escape`: line breaks become
spaces, Markdown made inert, citation markers between sentences)."""

from __future__ import annotations

import html
import json
import os
import random
import re
import unicodedata

import pytest
from mcp.server.mcpserver.exceptions import ToolError

import quire
from memory.errors import QuireError
from tests.conftest import wording
from tests.test_adversary_routes import served_post
from tests.test_trust_routes import _mcp_call
from tests.ui_home import Browserless, start
from wiki.render import escape

BASE = "The staging cluster moved to the Frankfurt region in May"
LIMIT = 20_000
# One fragment per class the brief names; the generator strews them between the words of a sentence.
FRAGMENTS = {
    "nul": "\x00",
    "c0": "\x01\x02\x07\x1b[31m",
    "c1": "\x85\x9b\x9f",
    "del": "\x7f",
    "crlf": "\r\n",
    "cr": "\r",
    "lsep": "\u2028",
    "psep": "\u2029",
    "bidi": "\u202egnp.exe\u202c \u2067iso\u2069",
    "marks": "\u200f\u200e\u061c",
    "rtl": "نقلنا مجموعة الاختبار",
    "zwj": "👨\u200d👩\u200d👧\u200d👦 🏳️\u200d🌈",
    "zwnj": "می\u200cخواهم",
    "combining": "z\u0301\u0302\u0303 e\u0301",
    "nfd": unicodedata.normalize("NFD", "Café Zoë Ångström 한국어"),
    "zero_width": "\u200b\u2060",
    "inner_bom": "\ufeff",
    "tab": "\t",
    "markdown": "| [[link]] [^1] <b>x</b> `c` $x$ %%",
    "blank_lines": "\n\n\n",
}
SURROGATE = "\ud800"


def policy(text: str) -> str | None:
    """The documented text policy, stated independently of quire's code: what is stored, or None
    for a text that is refused (a lone surrogate, nothing left, or over the limit)."""
    if re.search("[\ud800-\udfff]", text):
        return None
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    text = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]", "", text)
    text = re.sub("[\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff]", "", text).strip()
    return text if text and len(text) <= LIMIT else None


def hostile(rng: random.Random, n: int) -> str:
    """A sentence quire keeps (BASE and a word of its own) with 1-4 hostile fragments strewn in,
    sometimes wrapped in whitespace."""
    words = [*BASE.split(), f"quokka{n}"]
    for name in rng.sample(sorted(FRAGMENTS), rng.randint(1, 4)):
        words.insert(rng.randint(1, len(words) - 1), FRAGMENTS[name])
    text = " ".join(words)
    return rng.choice(["", "  \t", "\ufeff", "\n"]) + text + rng.choice(["", "   ", "\r\n", "\u2028"])


def at_limit(n: int, over: int = 0) -> str:
    """A text exactly LIMIT characters once cleaned (plus `over`), with CR LF pairs that make it
    longer as sent: the limit counts what is stored."""
    head = f"{BASE} quokka{n}\r\n"
    body = (head + (BASE + " ") * (LIMIT // len(BASE)))[: LIMIT - 1].rstrip() + "."
    body = body + "x" * (LIMIT - len(policy(body) or ""))
    return body + "y" * over


# Every class once on its own, then a seeded sample of mixtures (the seed is fixed so a failure names
# a case that can be run again; widen with QUIRE_FUZZ=deep for more).
CLASSED = [f"{BASE} {fragment} quokka{n}" for n, fragment in enumerate(FRAGMENTS.values())]
CLASS_IDS = [f"class-{name}" for name in FRAGMENTS]
DEEP = os.environ.get("QUIRE_FUZZ") == "deep"
# Every route reads back every class; by default three classes share a text (a case costs ~4 s of
# services started and stopped), with QUIRE_FUZZ=deep each class is a text of its own.
_GROUPS = [list(FRAGMENTS)[at : at + 3] for at in range(0, len(FRAGMENTS), 3)]
SHARED = [f"{BASE} {' '.join(FRAGMENTS[n] for n in group)} quokka{50 + g}" for g, group in enumerate(_GROUPS)]
SHARED_IDS = ["class-" + "+".join(group) for group in _GROUPS]
_RNG = random.Random(22)
GENERATED = [hostile(_RNG, 100 + n) for n in range(60 if DEEP else 4)]
EDGES = [
    f"   {BASE} quokka200   \n\n",
    f"{BASE} quokka201 {SURROGATE} rest",
    at_limit(202),
    at_limit(203, over=1),
    "\x00\u202e\u200b  \r\n",
]
TEXTS = (CLASSED if DEEP else SHARED) + GENERATED + EDGES
TEXT_IDS = (CLASS_IDS if DEEP else SHARED_IDS) + [f"gen-{n}" for n in range(len(GENERATED))]
TEXT_IDS += ["ends", "surrogate", "at-limit", "over-limit", "nothing-left"]
assert len(TEXT_IDS) == len(TEXTS)
CAPTURE_ROUTES = ("library", "cli", "cli via serve", "service", "mcp", "import")


def _said(text: str) -> str:
    """A refusal's words without the route's framing: click's 'Error: ', MCP's hint of the next call
    (for a text past the limit, the next step: a person's names `quire import`, an agent's capture calls)."""
    said = re.split(r"; call \w+\(|; split it into several memories", text.strip().removeprefix("Error: "))[0]
    return wording(said)  # the CLI names the flag (`--entity`) where the others name the field (`entities`)


def _cli_capture(cli, params: dict) -> tuple[str, str]:
    argv = ["capture", "--json", "--type", params["type"]]
    argv += [a for name in params.get("entities", ()) for a in ("--entity", name)]
    result = cli(*argv, "--", params["content"])
    if result.exit_code:
        assert result.stderr.count("\n") == 1, (result.exit_code, result.stderr)
        return "refused", _said(result.stderr)
    return _stored(json.loads(result.stdout))


def _import_capture(home, params: dict) -> tuple[str, str]:
    """One JSONL line, written as json.dumps writes it (a lone surrogate as its \\ud800 escape)."""
    path = home.parent / f"{home.name}.jsonl"
    path.write_text(json.dumps(params) + "\n", encoding="utf-8")
    with quire.open(home) as q:
        report = q.run("import", path=str(path))
    if report.errors:
        assert report.stored == 0 and len(report.errors) == 1, report
        return "refused", wording(report.errors[0].split(": ", 1)[1])  # after "file:line"
    if report.rejected:
        return "refused", "rejected by the gate"
    assert report.stored == 1, report
    return "ok", report.ids[0]


def _stored(answer: dict) -> tuple[str, str]:
    """A capture's answer: stored (its id), or the gate's typed refusal (status rejected, its reason)."""
    return ("ok", answer["id"]) if answer["status"] == "stored" else ("refused", str(answer["reason"]))


def capture_via(route: str, home, cli, params: dict) -> tuple[str, str]:
    """("ok", the new memory's id) or ("refused", the one line said)."""
    if route == "library":
        try:
            with quire.open(home) as q:
                return _stored(q.run("capture", **params).model_dump())
        except QuireError as exc:
            return "refused", _said(str(exc))
    if route == "mcp":
        try:
            return _stored(_mcp_call(home, "capture", params).structured_content)
        except ToolError as exc:
            return "refused", _said(str(exc))
    if route == "service":
        status, data = served_post(home, "capture", params)
        return _stored(data["result"]) if status == 200 else ("refused", _said(data["error"]["message"]))
    if route == "import":
        return _import_capture(home, params)
    if route == "cli":
        return _cli_capture(cli, params)
    running = start()
    try:
        before = running.svc.requests
        answer = _cli_capture(cli, params)
        assert running.svc.requests > before or answer[0] == "refused"
        return answer
    finally:
        running.stop()


# -- readers: each gives the memory's text as its route shows it -------------------------------------


def _cli_show(cli, mid: str) -> str:
    result = cli("show", "--json", mid)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["content"]


def _ui_show(running, mid: str) -> str:
    status, _, body = Browserless(running).sign_in().request("GET", f"/memory/{mid}")
    assert status == 200, body[-300:]
    found = re.search(r'<blockquote class="text" id="text" dir="auto">(.*?)</blockquote>', body, re.S)
    assert found, body[-500:]
    return html.unescape(found.group(1))


def _recall_hit(hits: list[dict], mid: str) -> str:
    texts = [h.get("content", h.get("text")) for h in hits if h["id"] == mid]
    assert texts, [h["id"] for h in hits]
    return texts[0]


def read_back(home, cli, mid: str, word: str) -> dict[str, str]:
    """The text of `mid` as every reader shows it."""
    seen: dict[str, str] = {}
    with quire.open(home) as q:
        seen["library show"] = q.show(mid).content
        seen["library recall"] = _recall_hit(q.recall(word, k=50).expanded(), mid)
        versions = q.run("history", memory_id=mid).model_dump()["versions"]
        seen["history"] = next(v["content"] for v in versions if v["id"] == mid)
    seen["cli show"] = _cli_show(cli, mid)
    result = cli("recall", "--json", "-k", "50", "--", word)
    seen["cli recall"] = _recall_hit(json.loads(result.stdout)["results"], mid)
    seen["mcp memory_show"] = _mcp_call(home, "memory_show", {"memory_id": mid}).structured_content["content"]
    mcp_hits = _mcp_call(home, "recall", {"query": word, "k": 50}).structured_content["results"]
    seen["mcp recall"] = _recall_hit(mcp_hits, mid)
    status, data = served_post(home, "memory_show", {"memory_id": mid})
    seen["service memory_show"] = data["result"]["content"] if status == 200 else repr(data)
    running = start()  # one service for both (a start and stop cost 0.2 s: most of a case's time)
    try:
        seen["cli show via serve"] = _cli_show(cli, mid)
        seen["ui memory screen"] = _ui_show(running, mid)
    finally:
        running.stop()
    return seen


def vault_text(home) -> str:
    """Every page of the vault, citation markers out and whitespace collapsed (a page line is not
    the text's line: `escape` flattens it into one Markdown line, cut into cited sentences)."""
    pages = "\n".join(p.read_text(encoding="utf-8") for p in sorted((home / "wiki").rglob("*.md")))
    return " ".join(re.sub(r"\[\^m\d+\]", " ", pages).split())


def on_page(stored: str) -> str:
    return " ".join(escape(stored).split())


def _fresh(tmp_path, monkeypatch, name: str):
    home = tmp_path / name.replace(" ", "-")
    monkeypatch.setenv("QUIRE_HOME", str(home))
    with quire.open(home) as q:
        q.capture("The lisbon office opens at nine every weekday morning", type="note")
    return home


def _count(home) -> int:
    with quire.open(home) as q:
        return sum(q.status().model_dump()["by_status"].values())


@pytest.mark.parametrize("text", TEXTS, ids=TEXT_IDS)
def test_what_one_route_acknowledged_every_route_reads_back_identical(tmp_path, monkeypatch, cli, text):
    expected = policy(text)
    params = {"content": text, "type": "fact"}
    answers, homes = {}, {}
    for route in CAPTURE_ROUTES:
        homes[route] = _fresh(tmp_path, monkeypatch, route)
        before = _count(homes[route])
        answers[route] = capture_via(route, homes[route], cli, params)
        if answers[route][0] == "refused":
            assert _count(homes[route]) == before, route  # a refusal stores nothing
    assert {kind for kind, _ in answers.values()} == {"refused" if expected is None else "ok"}, answers
    if expected is None:
        # one wording on every route (a JSONL line's refusal adds how to fix the file: after a ';')
        assert len({said.split("; ")[0] for _, said in answers.values()}) == 1, answers
        return
    for route, (_, mid) in answers.items():
        monkeypatch.setenv("QUIRE_HOME", str(homes[route]))
        seen = read_back(homes[route], cli, mid, re.findall(r"quokka\d+", expected)[0])
        assert seen == dict.fromkeys(seen, expected), (route, {k: v for k, v in seen.items() if v != expected})


# -- after rebuild, and in a second home -----------------------------------------------------------


KEPT = [(text, name) for text, name in zip(TEXTS, TEXT_IDS, strict=True) if policy(text)]


@pytest.mark.parametrize("text", [text for text, _ in KEPT], ids=[name for _, name in KEPT])
def test_the_vault_page_and_a_second_home_hold_what_was_acknowledged(tmp_path, monkeypatch, cli, text):
    expected = policy(text)
    assert expected is not None
    home = _fresh(tmp_path, monkeypatch, "one")
    with quire.open(home) as q:
        mid = q.capture(text, type="fact", entities=["Frankfurt"]).id
        q.capture("The Frankfurt office has a new espresso machine on the third floor", entities=["Frankfurt"])
        q.rebuild()
        shown = q.show(mid).model_dump()
    assert on_page(expected) in vault_text(home)
    # `quire export` then `quire import` into a second home: the same text, entities and date there,
    # and the second home's export is the first's, byte for byte (the policy applied twice changes
    # nothing, so a copy never drifts). The library's export and the service's are the CLI's lines.
    exported = cli("export").stdout
    with quire.open(home) as q:
        assert [json.loads(line) for line in exported.splitlines()] == q.run("export").model_dump()["memories"]
    assert served_post(home, "export", {})[1]["result"]["memories"] == [json.loads(x) for x in exported.splitlines()]
    (tmp_path / "copy.jsonl").write_text(exported, encoding="utf-8")
    second = _fresh(tmp_path, monkeypatch, "two")
    imported = cli("import", "--json", str(tmp_path / "copy.jsonl"))
    assert imported.exit_code == 0 and json.loads(imported.stdout)["stored"] == 2, imported.stderr
    again = cli("export").stdout.splitlines()
    assert again[1:] == exported.splitlines()[1:]  # the first line is each home's own lisbon note
    with quire.open(second) as q:
        copy = next(m for m in map(q.show, _ids(q)) if m.content == expected)
    assert (copy.content, copy.entities, copy.valid_from) == (expected, shown["entities"], shown["valid_from"])


def _ids(q) -> list[str]:
    return [hit["id"] for hit in q.run("recent", since="2000-01-01", limit=500).model_dump()["results"]]


# -- corrections, curate edits and forget ----------------------------------------------------------

OP_ROUTES = ("library", "cli", "cli via serve", "service", "mcp")
MCP_NAMES = {
    "curate_accept": "curate_accept",
    "supersede": "supersede",
    "forget": "forget",
    "memory_show": "memory_show",
}


def _cli_op(cli, argv: list[str]) -> tuple[str, dict | str]:
    result = cli(*argv)
    assert result.exit_code == 0 or result.stderr.count("\n") == 1, (result.exit_code, result.stderr)
    return ("ok", json.loads(result.stdout)) if result.exit_code == 0 else ("refused", _said(result.stderr))


def op_via(route: str, home, cli, op: str, params: dict, argv: list[str]) -> tuple[str, dict | str]:
    """One operation through one route: ("ok", its answer) or ("refused", the line said)."""
    if route == "library":
        try:
            with quire.open(home) as q:
                return "ok", q.run(op, **params).model_dump()
        except QuireError as exc:
            return "refused", _said(str(exc))
    if route == "mcp":
        try:
            return "ok", _mcp_call(home, MCP_NAMES[op], params).structured_content
        except ToolError as exc:
            return "refused", _said(str(exc))
    if route == "service":
        status, data = served_post(home, op, params)
        return ("ok", data["result"]) if status == 200 else ("refused", _said(data["error"]["message"]))
    if route == "cli":
        return _cli_op(cli, argv)
    running = start()
    try:
        return _cli_op(cli, argv)
    finally:
        running.stop()


# A sample of the texts for the slower writes: every class on its own is in TEXTS' first part.
CORRECTIONS = [*CLASSED[::3], *GENERATED[:4], *EDGES]
CORRECTION_IDS = [*CLASS_IDS[::3], *[f"gen-{n}" for n in range(len(GENERATED[:4]))], *TEXT_IDS[-5:]]


def _shows(home, cli, mid: str) -> set[str]:
    """The text `show` gives on the library, the CLI and MCP."""
    with quire.open(home) as q:
        texts = {q.show(mid).content}
    texts.add(_cli_show(cli, mid))
    texts.add(_mcp_call(home, "memory_show", {"memory_id": mid}).structured_content["content"])
    return texts


def _outcomes(answers: dict) -> None:
    kinds = {kind for kind, _ in answers.values()}
    assert len(kinds) == 1, answers
    if kinds == {"refused"}:
        assert len({said for _, said in answers.values()}) == 1, answers


@pytest.mark.parametrize("text", CORRECTIONS, ids=CORRECTION_IDS)
def test_a_correction_reads_back_identical_on_every_route(tmp_path, monkeypatch, cli, text):
    expected, answers = policy(text), {}
    for route in OP_ROUTES:
        home = _fresh(tmp_path, monkeypatch, route)
        with quire.open(home) as q:
            old = q.capture("The billing service restarts every night at three in the morning", type="fact").id
            before = q.show(old).model_dump()
        params = {"memory_id": old, "content": text}
        answers[route] = op_via(route, home, cli, "supersede", params, ["supersede", "--json", old, "--", text])
        if answers[route][0] == "refused":
            with quire.open(home) as q:
                assert q.show(old).model_dump() == before, route
            continue
        new = answers[route][1]["id"]
        assert _shows(home, cli, new) == {expected}, route
        with quire.open(home) as q:
            chain = {v["id"]: v["content"] for v in q.run("history", memory_id=old).model_dump()["versions"]}
        assert chain[new] == expected, route
    _outcomes(answers)
    assert {kind for kind, _ in answers.values()} == {"refused" if expected is None else "ok"}, answers


def _revision(home) -> tuple[str, int]:
    """A preference with a proposed change waiting for the person: (the change's id, its item)."""
    with quire.open(home) as q:
        old = q.capture("I prefer the train over driving for weekend trips", type="preference").id
        new = q.capture("I prefer driving over the train for weekend trips now", type="preference", supersedes=old).id
        items = q.run("curate_list").model_dump()["items"]
    return new, int(items[0]["id"])


@pytest.mark.parametrize("text", CORRECTIONS, ids=CORRECTION_IDS)
def test_a_curate_edit_reads_back_identical_on_every_route(tmp_path, monkeypatch, cli, text):
    expected, answers = policy(text), {}
    for route in OP_ROUTES:
        home = _fresh(tmp_path, monkeypatch, route)
        new, item = _revision(home)
        params = {"item_id": item, "text": text}
        answers[route] = op_via(
            route, home, cli, "curate_accept", params, ["curate", "accept", "--json", str(item), "--text", text]
        )
        with quire.open(home) as q:
            still_open = [int(i["id"]) for i in q.run("curate_list").model_dump()["items"]]
            current = q.run("history", memory_id=new).model_dump()["current"]
        if answers[route][0] == "refused":
            assert still_open == [item], route  # refused: the item waits, nothing decided
            continue
        assert still_open == [] and current, route
        assert _shows(home, cli, current) == {expected}, (route, current)
    _outcomes(answers)
    assert {kind for kind, _ in answers.values()} == {"refused" if expected is None else "ok"}, answers


@pytest.mark.parametrize("text", CORRECTIONS[:6], ids=CORRECTION_IDS[:6])
def test_a_forgotten_hostile_text_is_gone_on_every_route(tmp_path, monkeypatch, cli, text):
    expected = policy(text)
    assert expected is not None
    for route in OP_ROUTES:
        home = _fresh(tmp_path, monkeypatch, route)
        with quire.open(home) as q:
            mid = q.capture(text, type="fact", entities=["Frankfurt"]).id
            q.rebuild()
        kind, _ = op_via(route, home, cli, "forget", {"memory_id": mid}, ["forget", "--json", mid])
        assert kind == "ok", route
        with quire.open(home) as q:
            q.rebuild()
            assert mid not in [hit.id for hit in q.recall(re.findall(r"quokka\d+", expected)[0], k=50).results], route
        assert re.findall(r"quokka\d+", expected)[0] not in vault_text(home), route
        # the same text again: refused as forgotten on the route that forgot it
        assert capture_via(route, home, cli, {"content": text, "type": "fact"})[0] == "refused", route


# -- names: entities, spaces, sources ------------------------------------------------------------

WINDOWS = ["CON", "nul", "com1", "LPT1.md", "aux.txt", "PRN"]
PATHS = ["../etc", "a/b", "%2e%2e%2fetc", "..\\..\\boot.ini", "/"]
NAMES = [
    *WINDOWS,
    *PATHS,
    "x",
    "x" * 120,
    "x" * 121,
    "x" * 200,
    unicodedata.normalize("NFD", "Zoë Ångström"),
    "  Acme  ",
    "Ac\x00me\x1b[2J",
    "\u202eemca",
    "شركة الشحن",
    "👩\u200d💻 team",
    "Acme\r\nCorp",
    "Acme\u2028Corp",
    "Ac\ud800me",
]


@pytest.mark.parametrize("name", NAMES, ids=[f"entity-{n}" for n in range(len(NAMES))])
def test_an_entity_name_reads_back_alike_on_every_route(tmp_path, monkeypatch, cli, name):
    params = {"content": f"{BASE} quokka300", "type": "fact", "entities": [name, "Frankfurt"]}
    answers, names = {}, {}
    for route in OP_ROUTES:
        home = _fresh(tmp_path, monkeypatch, route)
        answers[route] = capture_via(route, home, cli, params)
        if answers[route][0] == "ok":
            mid = answers[route][1]
            with quire.open(home) as q:
                listed = {e["name"] for e in q.run("entities_list").model_dump()["entities"]}
                q.rebuild()
            shown = _shows_entities(home, cli, mid)
            assert len(shown) == 1 and set(next(iter(shown))) <= listed, (route, shown, listed)
            names[route] = next(iter(shown))
            _vault_names_are_safe(home)
    _outcomes(answers)
    assert len(set(names.values())) <= 1, names


def _shows_entities(home, cli, mid: str) -> set[tuple[str, ...]]:
    with quire.open(home) as q:
        seen = {tuple(q.show(mid).entities)}
    seen.add(tuple(json.loads(cli("show", "--json", mid).stdout)["entities"]))
    seen.add(tuple(_mcp_call(home, "memory_show", {"memory_id": mid}).structured_content["entities"]))
    return seen


RESERVED = re.compile(r"(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?", re.I)


def _vault_names_are_safe(home) -> None:
    """Every vault file is inside the vault, with a name Windows and macOS can hold too (a vault
    synced to another machine): no reserved device name, no ':' '\\' or control character."""
    vault = (home / "wiki").resolve()
    for path in vault.rglob("*"):
        assert path.resolve().is_relative_to(vault), path
        stem = path.name.split(".")[0]
        assert not RESERVED.fullmatch(stem), path
        assert not re.search(r'[\x00-\x1f:\\<>"|?*]', path.name), path


@pytest.mark.parametrize("name", [*WINDOWS, *PATHS, "x", "x" * 64, "x" * 65, " work ", "work\u202e", "wörk"])
def test_a_space_name_is_taken_or_refused_alike_and_its_pages_are_safe_file_names(tmp_path, monkeypatch, cli, name):
    answers = {}
    for route in ("library", "cli", "service"):
        home = _fresh(tmp_path, monkeypatch, route)
        argv = ["spaces", "add", "--json", "--", name]
        answers[route] = op_via(route, home, cli, "spaces_add", {"name": name}, argv)
        if answers[route][0] == "ok":
            space = answers[route][1]["name"]
            with quire.open(home) as q:
                for n in range(3):
                    q.capture(
                        f"The {['alpha', 'bravo', 'charlie'][n]} team met about the budget {n} quokka4{n}", space=space
                    )
                q.rebuild()
                assert space in {s["name"] for s in q.run("spaces_list").model_dump()["spaces"]}
            _vault_names_are_safe(home)
            answers[route] = ("ok", space)
    _outcomes(answers)
    assert len({said for _, said in answers.values()}) == 1, answers
