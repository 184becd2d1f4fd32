"""Changes in a person's life, measured on the chat fixtures tests/fixtures/lifechanges/ (the one
quire was tuned on), tests/fixtures/nurse/ (a second person, written after) and
tests/fixtures/analyst/ (a third, written after both, in her own phrasings) and tests/fixtures/teacher/
(a fourth, written blind: no rule read, measured before any rule was written for her) and
tests/fixtures/developer/ (a fifth, written blind the same way, with code pasted unfenced) and
tests/fixtures/chef/ (a sixth, written blind, in Hiberno-English) and tests/fixtures/phd/ (a seventh,
written blind after every other rule: what a person no rule was written for gets) and
tests/fixtures/retiree/ (an eighth, written blind the same way: a widower in his own lowercase run-ons) and
tests/fixtures/translator/ (a ninth, written blind: a young mother's terse chats, Polish words and "rn") and
tests/fixtures/priya/ (a tenth, written blind: a PM's voice-dictated lowercase run-ons in Indian English) and
tests/fixtures/dale/ (an eleventh, written blind: a veteran's HVAC business typed on a phone, typos and caps) and
tests/fixtures/noor/ (a twelfth, written blind: a student's lowercase slang, emoji and Arabic words) and
tests/fixtures/marisol/ (a thirteenth, written blind: a divorcing mother turned realtor, Spanglish run-ons) and
tests/fixtures/tunde/ (a fourteenth, written blind: a junior doctor's terse NHS shorthand, exam vignettes pasted) and
tests/fixtures/lucia/ (a fifteenth, written blind: a QA engineer's second-language English, Spanish-shaped) and
tests/fixtures/maeve/ (a sixteenth, written blind: a retired Cork solicitor who writes to the assistant in letters) and
tests/fixtures/sam/ (a seventeenth, written blind: a trans man's fast texting, several jobs at once, two cities) and
tests/fixtures/olena/ (an eighteenth, written blind: a Ukrainian accountant in Kraków then Leipzig, no articles) and
tests/fixtures/kai/ (a nineteenth, written blind: a Navy sailor's terse shorthand, San Diego to Japan to Oahu) and
tests/fixtures/rowan/ (a twentieth, written blind: a ranger turned teacher who journals, Glacier to Bend) and
tests/fixtures/wen/ (a twenty-first, written blind: a pharmacist who asks only for drafts, her changes inside them) and
tests/fixtures/arjun/ (a twenty-second, written blind: an SDET's Hinglish, Bengaluru to Pune to Dublin) and
tests/fixtures/grace/ (a twenty-third, written blind: a caregiver, her chats mostly her mother's and kids' lives) and
tests/fixtures/ines/ (a twenty-fourth, written blind: a novelist who workshops first-person fiction, Bristol to Sintra)
and tests/fixtures/bola/ (a twenty-fifth, written blind: a salon owner whose salon says "we", Peckham to Croydon)
and tests/fixtures/ray/ (a twenty-sixth, written blind: a trucker who dictates by voice, Lafayette to Lake Charles)
and tests/fixtures/harold/ (a twenty-seventh, written blind: a widower's letters, Shrewsbury to Church Stretton)
and tests/fixtures/dani/ (a twenty-eighth, written blind: a songwriter's late-night lowercase, lyrics and bios pasted)
and tests/fixtures/beth/ (a twenty-ninth, written blind: an Army spouse and hygienist, PCS orders and FRG news pasted)
and tests/fixtures/jolene/ (a thirtieth, written blind: a Singaporean analyst's Singlish, Bedok to Tampines to Punggol)
and tests/fixtures/ava/ (a thirty-first, written blind: a QA tester turned UX writer who comes out, changes her name)
and tests/fixtures/wilma/ (a thirty-second, written blind: a retired farm wife and nurse who types in capitals)
and tests/fixtures/maude/ (a thirty-third, written blind: a Québécoise's franglais, Trois-Rivières to Lévis)
and tests/fixtures/maricel/ (a thirty-fourth, written blind: a Filipina's Taglish, Quezon City to Cebu to Riyadh)
and tests/fixtures/glenda/ (a thirty-fifth, written blind: a hospice social worker's shared login, her husband's chats)
and tests/fixtures/kayla/ (a thirty-sixth, written blind: a line cook turned HVAC apprentice who spells by ear)
and tests/fixtures/rima/ (a thirty-seventh, written blind: a Lebanese designer's Arabizi, Achrafieh to JLT to Limassol).

Imports a fixture's ChatGPT and Claude exports into a throwaway home through `quire import`'s path
and reads its answer key (answers.json):

    found     changes of the key that opened a review item (or, for facts, superseded) pairing the
              statement it starts from with the one that changes it, or whose item lists the statement
              it starts from among the earlier values its accept moves to history (a step between:
              "house -> apartment" open, "apartment -> condo" listing the house changes the house too)
    false     review items the key does not name (restatements, plans, other people's lives...)
    rank 1    the key's questions (of a change, and of a fact said once: "facts") whose first recall
              result states the current value
    foreign   the key's questions the history holds no answer to ("foreign"): flagged when recall
              says nothing close

`quire eval life` prints it; QUIRE_EMBEDDER picks the model (unset: the real one).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from eval.datasets import load_longmemeval
from eval.harness import data_dir
from eval.systems import EmbeddingCache, QuireSystem
from memory import life, review, vocab
from memory.embed import load_embedder
from memory.home import Home
from memory.session import Session
from retrieval.recall import search
from retrieval.scope import ALL_SPACES

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
FIXTURE = FIXTURES / "lifechanges"
NURSE = FIXTURES / "nurse"  # a second person: Lyon to Montréal, nights to days, two new managers
ANALYST = FIXTURES / "analyst"  # a third, written later in her own phrasings: Manchester to Edinburgh
TEACHER = FIXTURES / "teacher"  # a fourth, written blind by another engineer: Adelaide to Hobart
DEVELOPER = FIXTURES / "developer"  # a fifth, written blind: Philadelphia to Minneapolis, code pasted unfenced
CHEF = FIXTURES / "chef"  # a sixth, written blind: Limerick to Galway, Hiberno-English
PHD = FIXTURES / "phd"  # a seventh, written blind after every rule: the measure of what a new person gets
RETIREE = FIXTURES / "retiree"  # an eighth, written blind: a widower, Dayton to Mesa, lowercase run-ons
TRANSLATOR = FIXTURES / "translator"  # a ninth, written blind: a translator and mother, Berlin to Wrocław, terse
PRIYA = FIXTURES / "priya"  # a tenth, written blind: a PM, Bangalore to London, voice-dictated lowercase Hinglish
DALE = FIXTURES / "dale"  # an eleventh, written blind: a veteran's HVAC outfit, San Antonio to a lake, phone typing
NOOR = FIXTURES / "noor"  # a twelfth, written blind: a student, Dearborn to Ann Arbor to Chicago, slang and emoji
MARISOL = FIXTURES / "marisol"  # a thirteenth, written blind: Kissimmee to Orlando to Winter Park, Spanglish
TUNDE = FIXTURES / "tunde"  # a fourteenth, written blind: a junior doctor, Leeds to Sheffield to Manchester
LUCIA = FIXTURES / "lucia"  # a fifteenth, written blind: Buenos Aires to Madrid to Barcelona, second-language English
MAEVE = FIXTURES / "maeve"  # a sixteenth, written blind: Douglas to Kinsale to Schull, formal letters, no contractions
SAM = FIXTURES / "sam"  # a seventeenth, written blind: Houston to San Antonio, barista and gig driver to hospital tech
OLENA = FIXTURES / "olena"  # an eighteenth, written blind: Kharkiv to Kraków to Leipzig, Ukrainian-shaped English
KAI = FIXTURES / "kai"  # a nineteenth, written blind: a sailor, San Diego to Atsugi to Aiea, military shorthand
ROWAN = FIXTURES / "rowan"  # a twentieth, written blind: ranger to teacher, Glacier to Bend, dated journal entries
WEN = FIXTURES / "wen"  # a twenty-first, written blind: a pharmacist, Vancouver to Calgary, everything a draft
ARJUN = FIXTURES / "arjun"  # a twenty-second, written blind: an SDET, Bengaluru to Pune to Dublin, Hinglish
GRACE = FIXTURES / "grace"  # a twenty-third, written blind: an adjuster and caregiver, Reynoldsburg to Westerville
INES = FIXTURES / "ines"  # a twenty-fourth, written blind: a novelist, Bristol to Lisbon to Sintra, her fiction pasted
BOLA = FIXTURES / "bola"  # a twenty-fifth, written blind: a salon owner, Peckham to Thornton Heath, the salon's "we"
RAY = FIXTURES / "ray"  # a twenty-sixth, written blind: a trucker's dictated run-ons, Lafayette to Lake Charles
HAROLD = FIXTURES / "harold"  # a twenty-seventh, written blind: a widower's letters, Shrewsbury to Church Stretton
DANI = FIXTURES / "dani"  # a twenty-eighth, written blind: a songwriter, Austin to Nashville and back, lyrics pasted
BETH = FIXTURES / "beth"  # a twenty-ninth, written blind: an Army spouse, Fort Bragg to Vilseck to Colorado Springs
JOLENE = FIXTURES / "jolene"  # a thirtieth, written blind: Bedok to Tampines to a Punggol BTO, Singlish lowercase
AVA = FIXTURES / "ava"  # a thirty-first, written blind: Alex to Ava, Portland's Hawthorne to Sellwood to Capitol Hill
WILMA = FIXTURES / "wilma"  # a thirty-second, written blind: a farm near Aurora, Neb. to York to Sioux Falls, all caps
MAUDE = FIXTURES / "maude"  # a thirty-third, written blind: Trois-Rivières to Limoilou to Lévis, Québec franglais
MARICEL = FIXTURES / "maricel"  # a thirty-fourth, written blind: BPO lead to OFW nurse, QC to Cebu to Riyadh, Taglish
KAYLA = FIXTURES / "kayla"  # a thirty-sixth, written blind: Albuquerque to Santa Fe, line cook to HVAC, misspelt
GLENDA = FIXTURES / "glenda"  # a thirty-fifth, written blind: Duluth to Two Harbors, her husband on the same login
RIMA = FIXTURES / "rima"  # a thirty-seventh, written blind: Achrafieh to Dubai's JLT to Limassol, Arabizi and French


def run(fixture: Path = FIXTURE, k: int = 5) -> dict[str, Any]:
    key = json.loads((fixture / "answers.json").read_text())
    with tempfile.TemporaryDirectory(prefix="quire-eval-life-") as tmp:
        session = Session(Home(Path(tmp) / "home"), actor="import")
        try:
            for name in ("chatgpt.json", "claude.json"):
                session.import_path(fixture / name)
            items = review.open_items(session.db)
            superseded = session.db.dicts(
                "SELECT o.content AS old, n.content AS new FROM memories o JOIN memories n ON n.id = o.superseded_by "
                "WHERE o.status = 'superseded'"
            )
            pairs = [(i.old, i.new) for i in items] + [(r["old"], r["new"]) for r in superseded]
            # an item's earlier values of the attribute go to history with its old side when it is accepted
            # (`review.accept`: a chain, not a fork), so it makes each of those changes too: Orlando -> Winter
            # Park listing the house in Buenaventura Lakes changes the house to the condo
            through = [(str(c.get("text") or ""), i.new) for i in items for c in _earlier(i.payload)]
            asked = _ask(session, key, k)
            foreign = [
                {"question": q, "flagged": not (hits := search(session, q, scope=ALL_SPACES, k=k, touch=False).hits)}
                | ({"top": hits[0].content[:100]} if hits else {})
                for q in key.get("foreign", [])
            ]
        finally:
            session.close()
    found = [c for c in key["changes"] if any(c["from"] in o and c["to"] in n for o, n in pairs + through)]
    return {
        "fixture": fixture.name,
        "changes": len(key["changes"]),
        "found": len(found),
        "missed": [c["to"] for c in key["changes"] if c not in found],
        "items": len(items),
        "false_items": [n for o, n in pairs if not any(c["from"] in o and c["to"] in n for c in key["changes"])],
        "questions": len(asked),
        "rank1": sum(a["rank1"] for a in asked),
        "asked": asked,
        "foreign": len(foreign),
        "flagged": sum(f["flagged"] for f in foreign),
        "foreign_asked": foreign,
    }


def _earlier(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The earlier values a life change's item lists (`candidates`): history too when it is accepted."""
    if payload.get("reason") != "life_change":
        return []
    return [c for c in payload.get("candidates") or [] if isinstance(c, dict)]


def _ask(session: Session, key: dict[str, Any], k: int) -> list[dict[str, Any]]:
    """Each question of the key (its changes', then its facts') with its first result."""
    questions = {c["question"]: c["current"] for c in key["changes"]} | {
        f["question"]: f["current"] for f in key.get("facts", [])
    }
    asked = []
    for question, current in questions.items():
        hits = search(session, question, scope=ALL_SPACES, k=k, touch=False).hits
        asked.append(
            {
                "question": question,
                "current": current,
                "rank1": bool(hits) and vocab.fold(current) in vocab.fold(hits[0].content),  # a phone drops accents
                "top": hits[0].content[:100] if hits else None,
            }
        )
    return asked


def run_all(k: int = 5) -> dict[str, Any]:
    """Every life fixture, each measured apart (`run`)."""
    people: tuple[Path, ...] = (FIXTURE, NURSE, ANALYST, TEACHER, DEVELOPER, CHEF, PHD, RETIREE, TRANSLATOR, PRIYA)
    people += (DALE, NOOR, MARISOL, TUNDE, LUCIA, MAEVE, SAM, OLENA, KAI, ROWAN, WEN, ARJUN, GRACE, INES, BOLA, RAY)
    people += (HAROLD, DANI, BETH, JOLENE, AVA, WILMA, MAUDE, MARICEL, GLENDA, KAYLA, RIMA)
    return {"fixtures": [run(p, k) for p in people]}


def latest_first(path: Path | None = None) -> dict[str, Any]:
    """LongMemEval dev knowledge-update questions (oracle: the evidence sessions): the share where
    the latest evidence turn ranks above every earlier (stale) one, and the count where the version
    asked for ranks first (the earlier one for a question of the past, `life.asks_past`). A stale
    turn the top 10 does not hold counts as ranked below; a latest turn it does not hold, as not
    above."""
    path = path or data_dir() / "longmemeval-oracle-dev.json"
    tasks = [t for t in load_longmemeval(path, "turn", "official") if t.questions[0].category == "knowledge-update"]
    cache = EmbeddingCache(load_embedder(), path.name.split(".")[0])
    system = QuireSystem(cache, k=10)
    total = above = right = 0
    try:
        for task in tasks:
            q = task.questions[0]
            date = {u.id: u.date or "" for u in task.units}
            evidence = sorted((g for g in q.gold if g in date), key=lambda g: (date[g], g))
            if len(evidence) < 2 or date[evidence[-1]] == date[evidence[0]]:
                continue
            total += 1
            ranked = system(task)(q.text)
            at = {u: i for i, u in enumerate(ranked)}
            latest = at.get(evidence[-1], 10**6)
            stale = [at.get(g, 10**6 + 1) for g in evidence[:-1] if date[g] < date[evidence[-1]]]
            above += latest < min(stale)
            # "what was my previous goal" is answered by the stale turn: the version asked for first
            right += (latest > min(stale)) if life.asks_past(q.text) else (latest < min(stale))
    finally:
        system.close()
        cache.save()
    return {
        "questions": total,
        "latest_first": above,
        "share": round(100 * above / max(total, 1), 1),
        "asked_first": right,
    }


def render(result: dict[str, Any]) -> str:
    lines: list[str] = []
    for one in result.get("fixtures", [result]):
        lines += _render_one(one)
    if "knowledge_update" in result:
        ku = result["knowledge_update"]
        lines.append(
            f"LongMemEval dev knowledge-update: the latest evidence above the stale one in {ku['latest_first']} "
            f"of {ku['questions']} questions ({ku['share']}%); the version asked for first (the earlier one "
            f"for a question of the past) in {ku['asked_first']}"
        )
    return "\n".join(lines)


def _render_one(result: dict[str, Any]) -> list[str]:
    lines = [
        f"{result.get('fixture', 'lifechanges')}:",
        f"changes found: {result['found']} of {result['changes']}"
        + (f" (missed: {', '.join(result['missed'])})" if result["missed"] else ""),
        f"false items: {len(result['false_items'])} of {result['items']} open",
        f"current value at rank 1: {result['rank1']} of {result['questions']} questions",
    ]
    for a in result["asked"]:
        lines.append(f"  {'ok ' if a['rank1'] else 'NO '} {a['question']!r} -> {a['top']!r}")
    if result.get("foreign"):
        lines.append(f"foreign questions flagged (nothing close): {result['flagged']} of {result['foreign']}")
        for f in result["foreign_asked"]:
            lines.append(f"  {'ok ' if f['flagged'] else 'NO '} {f['question']!r} -> {f.get('top')!r}")
    for false in result["false_items"]:
        lines.append(f"  false item: {false[:100]!r}")
    return lines


if __name__ == "__main__":  # python -m eval.lifechanges
    print(render(run_all()))
