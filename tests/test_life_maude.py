"""A thirty-third person's life in chats (tests/fixtures/maude), written blind in session 44: no rule, no
recall code and no other fixture's answers or chats read. Maude Bergeron, a Québécoise born in Shawinigan,
writes in franglais (Québec French with English mid-sentence: "chu rendue", "j'ai switché", "ma blonde",
"le boss", "pis", "faque", accents sometimes dropped). She goes from an apartment in Cap-de-la-Madeleine
(Trois-Rivières) to a 5½ in Limoilou (Québec City) to a condo in Lévis; from QA analyst at Mékinac Logiciel
(her boss Réjean) to front-end developer at Nordikode (her boss Nadia); from Olivier ("mon chum", a
breakup) to Camille ("ma blonde"); from the caisse Desjardins to the Banque Nationale, Vidéotron to Fizz,
Énergie Cardio to bouldering at Crux, an old Civic to an electric Kona, her cat Biscuit (who dies) to a dog
Pruneau, the GAMF waiting list to a family doctor (Dre Lachance), a UQTR certificat to a UX microprogramme
at Laval, Spanish to Italian classes, dek hockey to pottery. Around her own changes: her sister's new job,
her mother's move to a résidence, a coworker's Tesla, Olivier's move to Montréal, Camille's new job, a
Toronto hypothetical, a pasted lease clause, a pasted job posting, a phishing email from the caisse, a
master's she only muses about, condo shopping.

Measured blind (session 44, persona40), either embedder: 0 of 15 changes found, 0 false items (no item
opens at all). The current value first: 8 of 19 questions with either embedder (not the same 8: the real
model answers her carrier, the fake her bank; "where do I live" finds her accent-dropped "our condo in
Levis" line first, which the eval's accent-sensitive match does not count as "Lévis"). Foreign questions
flagged: 1 of 5 with the real model (the English one, her shoe size), 0 of 5 with the fake. The session's
report (/tmp/s44/maude-report.md) names each miss with its sentences.

After session 44's life48 (memory/life.py's block "Québec French and Franglais (maude)": her frames read as
classes, her French questions asked, the eval folding accents so "Levis" states "Lévis"), either embedder: 14 of
15 changes found, 0 false items, the current value first for 17 of 19 questions (fake and real alike); foreign
flagged still 1 of 5 with the real model, 0 of 5 with the fake (the real model meets a French question with any
French turn at 0.48 to 0.63, over tuning.STATED_UNNAMED). Still missed: the partner ("avec mon chum" -> "ma
blonde Camille": her boyfriend is named Olivier in an English line between, so reading either side pairs
Olivier with Camille, an item the key does not name); unanswered: "je sors avec qui?" and "where does my mom
live?". Since session 45 (rec31), foreign flagged 4 of 5 with the real model: where a question meets the home's
rows at a background of 0.30 or more (tuning.FOREIGN_BACKGROUND), nothing close reads each cosine above it and the
question's own words name what it asks. These are floors: a
general rule may raise them, none may lower them, and no false item may come.

Session 45 (life51) looked at the partner again, as a class (a partner said without a name, then named, then another
partner: "avec mon chum", "my boyfriend Olivier", "J'ai cassé avec Olivier", "ma blonde Camille"), and left it: the
unnamed "chum" and the named Olivier are one partner (a restatement that names him, no change), so whatever reads
Camille pairs her with the newest statement of that partner, Olivier's line (or the breakup, read so), and the eval
counts an item false unless its old side holds the key's "from" ("avec mon chum"). The item a person should see,
Olivier -> Camille, is the one the key calls false; only an item started from the first, unnamed statement would
count, and that shows a person less. A key that names Olivier's line (or an eval that takes an old side stating the
same partner as the key's "from") would count the change once "ma blonde Camille" is read.
"""

from __future__ import annotations

import pytest

from eval import lifechanges
from tests import lifefloors

FOUND = 14  # changes found (either embedder) after life48; the partner (chum -> blonde) is still unread
RANK1_FAKE = 17  # questions whose first result states the current value, fake embedder
RANK1_REAL = [  # the real model's, today (17 of 19): each must stay first
    "OÙ J'HABITE MAINTENANT?",
    "je travaille où astheure?",
    "c'est quoi ma job exactement, mon titre?",
    "c'est qui mon boss now?",
    "c'est quoi ma banque?",
    "mon cell est avec quelle compagnie?",
    "je m'entraîne où?",
    "what car do I drive now?",
    "c'est quoi mon animal?",
    "c'est qui mon médecin de famille?",
    "j'étudie quoi, pis où?",
    "quelle langue j'apprends?",
    "c'est quoi mon hobby?",
    "Où chu née?",
    "je suis allergique à quoi?",
    "c'est quand la fête de ma soeur?",
    "c'est quoi le nom de ma soeur?",
]
# the real model finds something close for this one today (it is not in her life); since session 45 her blood type,
# favourite film and instrument are nothing close: a French question is read above its background (retrieval/recall.
# _background)
UNFLAGGED_REAL = ["est-ce que je suis déjà allée au Japon?"]


@pytest.fixture(scope="module")
def measured() -> dict:
    return lifefloors.measured_fake(lifechanges.MAUDE)


def test_nothing_she_says_of_others_considers_or_pastes_opens_an_item(measured):
    assert measured["false_items"] == []
    assert measured["changes"] == 15


def test_what_is_read_of_her_today_can_only_rise(measured):
    assert measured["found"] >= FOUND
    assert measured["rank1"] >= RANK1_FAKE


@pytest.mark.model
def test_with_the_real_model_her_answers_stay_first_and_the_foreign_questions_stay_flagged(monkeypatch):
    lifefloors.hold_with_the_real_model(lifechanges.MAUDE, FOUND, RANK1_REAL, UNFLAGGED_REAL, monkeypatch)
