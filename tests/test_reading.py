"""The vault as a reader meets it: every page parsed with markdown-it-py (CommonMark, footnotes,
front matter), the way Obsidian reads it, and checked for what a person relies on."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from markdown_it import MarkdownIt
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from memory import frontmatter, review, spaces
from memory.notes import note_blocks, note_title
from tests.test_synth import add, rebuild
from wiki import lint, render, synth

ROOT = Path(__file__).resolve().parent.parent
_WIKILINK = re.compile(r"\[\[([^\]|#]+)(?:\|[^\]]*)?\]\]")
_LOOSE_REF = re.compile(r"\[\^([^\]\s]+)\]")  # a reference the plugin left as text: never defined
HOSTILE = 'Ana: "Lima" #1 — 日本'
BRACKETS = "Q3 [[plan]] | draft ^1 `x`"


def reader() -> MarkdownIt:
    # text_join off: an escaped "\[" stays a text_special token, so only real brackets form links
    return MarkdownIt("commonmark").use(front_matter_plugin).use(footnote_plugin).disable("text_join")


def read_page(text: str) -> dict:
    env: dict = {}
    tokens = reader().parse(text, env)
    meta = {}
    refs, defs, links, notes = [], [], [], {}
    current = None
    for tok in tokens:
        if tok.type == "front_matter":
            meta = yaml.safe_load(tok.content)
        elif tok.type == "footnote_open":
            current = tok.meta["label"]
            defs.append(current)
        elif tok.type == "footnote_close":
            current = None
        elif tok.type == "inline":
            run = []
            for child in [*(tok.children or []), None]:
                if child is not None and child.type == "text":
                    run.append(child.content)
                    continue
                links += _WIKILINK.findall("".join(run))
                refs += _LOOSE_REF.findall("".join(run))
                run = []
                if child is not None and child.type == "footnote_ref":
                    refs.append(child.meta["label"])
            if current is not None:
                notes[current] = tok.content
    # the plugin renders only referenced footnotes; its env knows every definition
    defs += [label[1:] for label in env.get("footnotes", {}).get("refs", {}) if label[1:] not in defs]
    return {"meta": meta, "refs": refs, "defs": defs, "links": links, "notes": notes}


@pytest.fixture
def vault(session, tmp_path, cli):
    """The demo's sample set, notes imported from a folder of the person's vault, a contradiction
    waiting for review, a question, and an entity whose name is hostile to YAML."""
    spaces.add(session.db, "work", actor="test")
    spaces.add(session.db, "home", actor="test")
    assert cli("import", str(ROOT / "wiki" / "sample" / "memories.jsonl")).exit_code == 0
    notes = tmp_path / "notes"
    (notes / "people").mkdir(parents=True)
    (notes / "people" / "ana-lima.md").write_text(
        '---\ntitle: "Ana Lima"\naliases: [Ana]\n---\n# Ana\n\n- Ana Lima prefers written design reviews before '
        "any schema change lands\n- Ana Lima runs the payments architecture sync every Thursday morning\n",
        encoding="utf-8",
    )
    assert cli("import", str(notes), "--space", "work").exit_code == 0
    one = add(
        session,
        "The refund approval limit is 500 euros per single refund.",
        type="fact",
        space="work",
        entities=["refund policy"],
    )
    two = add(
        session,
        "The refund approval limit is 1000 euros per single refund.",
        type="fact",
        space="work",
        entities=["refund policy"],
    )
    review.enqueue(session.db, "contradiction", [two, one], {"new": two, "old": one}, actor="test")
    add(
        session,
        "Should refunds above 500 euros need a second approver on weekends too?",
        space="work",
        entities=["refund policy"],
    )
    add(session, "The on-call runbook links the ledger service dashboards first.", space="work", entities=["on-call"])
    for text in (
        "The hostile entity keeps its exact name in every page title.",
        "The hostile entity also appears in the frontmatter as an alias.",
    ):
        add(session, text, type="fact", space="home", entities=[HOSTILE])
        add(session, text.replace("hostile", "bracketed"), type="fact", space="home", entities=[BRACKETS])
    rebuild(session, prose=False)
    return session, notes


def test_every_page_reads_clean_in_a_footnote_aware_parser(vault):
    session, notes = vault
    files = sorted(session.wiki_dir.glob("*.md"))
    pages = {p.stem: read_page(p.read_text(encoding="utf-8")) for p in files}
    assert len(pages) >= 15
    names = {stem.casefold() for stem in pages}
    for page in pages.values():
        names |= {a.casefold() for a in page["meta"].get("aliases", [])}
    notes_targets = {str(p.relative_to(notes))[:-3].casefold() for p in notes.rglob("*.md")}
    titles = [page["meta"]["title"] for page in pages.values()]
    assert len({t.casefold() for t in titles}) == len(titles), "two pages share a title"
    contents = dict(session.db.rows("SELECT id, content FROM memories"))
    for stem, page in pages.items():
        meta = page["meta"]
        assert isinstance(meta["title"], str) and meta["title"], stem
        if stem == "index":
            assert not page["refs"]
            continue
        assert set(page["refs"]) == set(page["defs"]), f"{stem}: a footnote used but not defined, or the reverse"
        assert page["refs"], f"{stem} cites nothing"
        for n, mid in enumerate(meta["sources"], start=1):
            # footnote N quotes memory N (Sources item N, frontmatter sources[N-1])
            assert f"m{n}" in page["defs"], stem
            assert " ".join(contents[mid].split())[:30] in page["notes"][f"m{n}"], (stem, n)
        assert isinstance(meta.get("tags"), list) and all(" " not in t for t in meta["tags"]), stem
        for target in page["links"]:
            assert target.casefold() in names | notes_targets, f"{stem}: [[{target}]] resolves to nothing"
    # the hostile name survives YAML unchanged, and [[Ana Lima]] as a person writes it resolves
    assert HOSTILE in titles and BRACKETS in titles
    assert "ana lima" in names


def test_the_pages_say_something(vault):
    session, _ = vault
    wiki = session.wiki_dir
    refund = (wiki / "refund-policy.md").read_text(encoding="utf-8")
    body = refund.split("\n# refund policy\n\n", 1)[1]
    lead = body.split("\n\n", 1)[0]
    assert "[^m" in lead and not lead.startswith(("3 memories", "#"))  # a sentence, not a count
    assert "**Contradiction awaiting review (`quire curate`):** The refund approval limit is" in refund
    assert "**Open question:** Should refunds above 500 euros" in refund
    assert "[[ana-lima|" in refund  # Related / linked both ways
    ana = (wiki / "ana-lima.md").read_text(encoding="utf-8")
    assert "from [[people/ana-lima|ana-lima]]" in ana  # the imported note, followable
    about = (wiki / "about-me-work.md").read_text(encoding="utf-8")
    assert "Prefers pytest over unittest when writing Python tests (strong).[^m" in about
    assert "home" not in read_page(about)["meta"]["space"]  # a work page holds no home preference
    home = (wiki / "about-me-home.md").read_text(encoding="utf-8")
    assert "Prefers oat milk for coffee.[^m" in home
    ledger = (wiki / "ledger-service.md").read_text(encoding="utf-8")
    assert "  - Considered and rejected: stay on MySQL 8, CockroachDB[^m" in ledger
    # a page naming another page's entity links it inline, and that page lists it under "Mentioned in"
    assert "The on-call runbook links the [[ledger-service|ledger service]] dashboards first.[^m" in (
        wiki / "on-call.md"
    ).read_text(encoding="utf-8")
    assert "## Mentioned in\n\n- [[on-call|on-call]]\n" in ledger


def test_lint_checks_footnotes_frontmatter_and_aliases(vault, cli_json):
    session, _ = vault
    assert cli_json("lint")["errors"] == 0
    mine = session.wiki_dir / "my-notes.md"
    mine.write_text("I met [[Ana Lima]] about the [[refund policy]] today.\n", encoding="utf-8")
    findings = lint.run(session.db, session.wiki_dir, stale=False).findings
    assert not [f for f in findings if f.code == "dangling_link"], findings  # aliases resolve
    page = session.wiki_dir / "refund-policy.md"
    text = page.read_text(encoding="utf-8")
    broken = text.replace("[^m1]: ", "[^x1]: ", 1).replace("title: ", "title: [unclosed ", 1)
    page.write_text(broken, encoding="utf-8")
    codes = {(f.code, f.page) for f in lint.run(session.db, session.wiki_dir, stale=False).findings}
    assert {("undefined_footnote", "refund-policy"), ("frontmatter", "refund-policy")} <= codes
    assert ("unused_footnote", "refund-policy") in codes  # [^x1] is defined and never cited


def test_frontmatter_reader_and_writer_round_trip():
    for value in (HOSTILE, "a: b", "#tag", "'single'", "\x00\x7f\u2028 line", "- dash", "  pad  ", "中文 עברית"):
        assert yaml.safe_load(f"t: {frontmatter.scalar(value)}")["t"] == value
    text = '---\ntitle: "Ana: Lima"\naliases: [A, B]\n---\n# Heading\n\n- first fact in the body\n'
    front = frontmatter.read(text)
    assert front.text("title") == "Ana: Lima" and front.texts("aliases") == ["A", "B"] and front.body_line == 4
    assert note_title(text, "x") == "Ana: Lima" and note_blocks(text) == [(7, "first fact in the body")]
    sloppy = "---\ntitle: Ana: Lima\n---\n# Ana Lima\n\n- still imported\n"
    assert frontmatter.read(sloppy).problem and note_title(sloppy, "x") == "Ana Lima"
    assert note_blocks(sloppy) == [(6, "still imported")]
    assert not frontmatter.read("no frontmatter\n---\n").present


def test_cluster_titles_are_phrases_and_titles_never_collide():
    def mem(i, text, space="work", entities=()):
        when = f"2026-01-0{i}T00:00:00Z"
        return synth.Mem(f"m{i}", text, "fact", space, "active", when, None, when, when, "", entities)

    mems = [
        mem(1, "The deploy pipeline builds container images with buildx."),
        mem(2, "The deploy pipeline pushes container images to the registry."),
        mem(3, "The deploy pipeline tags images with the git sha."),
    ]
    assert synth.cluster_title(mems) == "Deploy pipeline"
    specs = [
        synth.PageSpec("notes:work:", "notes", "Notes", "work", None, (mems[0],)),
        synth.PageSpec("notes:home:", "notes", "Notes", "home", None, (mems[1],)),
        synth.PageSpec("cluster:work:a", "cluster", "Index", "work", None, (mems[2],)),
        synth.PageSpec("cluster:work:b", "cluster", "Deploy", "work", None, (mems[2],)),
        synth.PageSpec("cluster:work:c", "cluster", "Deploy", "work", None, (mems[2],)),
    ]
    titles = [s.title for s in synth.distinct_titles(specs)]
    assert titles == ["Notes (work)", "Notes (home)", "Index (work)", "Deploy (work)", "Deploy (work) (2)"]


def test_a_page_is_never_named_by_a_pronoun_a_contraction_or_a_word_of_time():
    # A nurse's history titled three pages "She", "Month" and "Days": what her lines shared was
    # "she", "next month" / "7 months" and "days". The same words, cluster and topic titles alike.
    def mem(i, text, turn=""):
        when = f"2026-01-0{i}T00:00:00Z"
        return synth.Mem(f"m{i}", text, "fact", None, "active", when, None, when, when, "", (), turn=turn)

    groups = [
        [
            mem(1, "She wants me to mentor a new grad next month on the cardiology ward."),
            mem(2, "She's moving the cardiology rota next month, she said."),
            mem(3, "I'm on days now and she's happy about the cardiology rota."),
        ],
        [
            mem(4, "It took 7 months on the list, I'm relieved it took months."),
            mem(5, "Two months later I'm still waiting, months of waiting."),
        ],
    ]
    banned = {"she", "she's", "i'm", "month", "months", "next month", "days", "7 months"}
    titles = [synth.cluster_title(g) for g in groups] + synth.topic_titles(groups)
    assert not banned & {t.casefold() for t in titles}, titles
    assert synth.cluster_title(groups[0]) == "Cardiology"  # what the lines are about
    # the control: without the rule the first group would be "She" (3 lines) and the second "Months"
    assert synth._edge("she") and synth._edge("she’s") and synth._edge("don't") and not synth._edge("l'hôpital")
    # a French speaker's elisions: a nurse's page was titled "C'est" ("C'est plus simple", "c'est normal")
    french = [
        mem(6, "Je vais rester chez Free pour l'instant. C'est plus simple."),
        mem(7, "Un plombage, c'est normal ?"),
    ]
    assert synth.cluster_title(french).casefold() != "c'est" and synth._edge("c'est") and synth._edge("qu'il")


def test_a_word_of_asking_or_manner_never_names_a_page():
    # A real history's clusters were titled "Even", "Prefer", "Making", "Example", "Visit": words every
    # turn of a chat with an assistant may hold, not what the turns are about.
    def mem(i, text):
        when = f"2026-01-0{i}T00:00:00Z"
        return synth.Mem(f"m{i}", text, "fact", None, "active", when, None, when, when, "", ())

    turns = [
        mem(1, "I even tried the margaritas recipe, but I prefer it with less lime, for example."),
        mem(2, "Can you explain how to visit the distillery? I'd even prefer margaritas there, for example."),
        mem(3, "I'm making margaritas tonight and even the kids prefer them, for example."),
    ]
    assert synth.cluster_title(turns) == "Margaritas"
    assert all(synth._edge(w) for w in ("even", "prefer", "making", "example", "visit", "explain"))


def test_a_casual_typists_contractions_and_fillers_never_name_a_page():
    # A retiree who types in lower case without apostrophes: his dog's lines were titled "Hes" (his
    # "hes been limping", "hes 4"), what three of them shared before "dog".
    def mem(i, text):
        when = f"2026-01-0{i}T00:00:00Z"
        return synth.Mem(f"m{i}", text, "note", None, "active", when, None, when, when, "", ())

    group = [
        mem(1, "rusty my old beagle is 14 and hes been limping, im worried tbh"),
        mem(2, "had to put rusty down tuesday. i know hes a dog but the house is so quiet now lol"),
        mem(3, "biscuit the little chihuahua mix wont stop barking, hes 4 and im at my wits end"),
        mem(4, "what shots does a small dog need every year, biscuit is due at the vet"),
    ]
    titles = [synth.cluster_title(group), *synth.topic_titles([group, [mem(5, "the pension office called")]])]
    assert not {"hes", "im", "tbh", "lol", "wont"} & {w for t in titles for w in t.casefold().split()}, titles
    assert synth.cluster_title(group) in {"Rusty", "Dog", "Biscuit"}
    # the control: the same lines typed with apostrophes were never titled by them
    assert synth._edge("he's") and synth._edge("hes") and not synth._edge("beagle")


def test_memory_text_cannot_forge_footnotes_or_links():
    m = synth.Mem("m1", "Fake [^m9] and [[x]] and [^m1]: forged", "fact", None, "active", "t", None, "t", "t", "")
    spec = synth.PageSpec("entity::x", "entity", "X", None, "X", (m,))
    page = read_page(render.render(spec).text)
    assert page["refs"] == ["m1", "m1"] and page["defs"] == ["m1"] and page["links"] == []
    assert json.dumps(page["meta"]["sources"]) == '["m1"]'


def test_a_renamed_page_keeps_its_old_title_as_an_alias(session):
    spaces.add(session.db, "work", actor="test")
    spaces.add(session.db, "home", actor="test")
    add(session, "A loose note about the office coffee machine cleaning schedule.", space="work")
    rebuild(session, prose=False)
    page = session.wiki_dir / "notes.md"
    assert read_page(page.read_text(encoding="utf-8"))["meta"]["title"] == "Notes"
    add(session, "A loose note about the garden hose that lives in the shed.", space="home")
    rebuild(session, prose=False)
    meta = read_page(page.read_text(encoding="utf-8"))["meta"]
    assert meta["title"] == "Notes (work)" and meta["aliases"] == ["Notes (work)", "Notes"]
    home = read_page((session.wiki_dir / "notes-home.md").read_text(encoding="utf-8"))["meta"]
    assert "Notes" not in home.get("aliases", [])
    assert rebuild(session, prose=False).written == 0  # the alias is stored, not recomputed differently
    (session.wiki_dir / "mine.md").write_text("See [[Notes]] for the coffee machine.\n", encoding="utf-8")
    assert not [f for f in lint.run(session.db, session.wiki_dir, stale=False).findings if f.code == "dangling_link"]
