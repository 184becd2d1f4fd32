"""Page titles a person would not write, after importing their chats (session 45). Each class below titled a page of
a fixture's vault (tests/fixtures/*, fake embedder): a foreign common word, olena's "Termin" (German: an appointment),
maude's "Est-ce", "Soir" and "Valider" (French: "is it", evening, to validate) and lucia's "Vieja" (her mother, "mi
vieja"; alone, an old woman); a name cut or led wrong, maude's "Ma Civic 2011" and "Noël de Nordikode", bola's "Pak"
(her supplier, Pak's); the person's own first name, marisol's "Marisol"; a figure of speech, marisol's "Heart
attack"; a thing said in asides, ava's "Radiator"; a word in capitals, wilma's "YORK". The tests say each in other
words, beside real titles still made."""

from __future__ import annotations

from dataclasses import replace

from memory import names
from tests.conftest import chat_turns
from tests.test_wiki_titles_s40 import OTHER, _turn
from tests.test_wiki_titles_s43 import _kept
from wiki import pagemap, synth


def _named(text: str) -> list[str]:
    return [n.name for n in names.extract(text)]


def _titles(*texts: str) -> list[str]:
    return [t for t, _ in _kept(*texts)]


def _title(*texts: str) -> str:
    """The title `topic_terms` gives a topic of these turns, beside a topic of something else."""
    groups = [[_turn(i, t) for i, t in enumerate(texts)], [_turn(50 + i, t) for i, t in enumerate(OTHER)]]
    return synth.topic_titles(groups)[0]


# -- a foreign common word ---------------------------------------------------------------------------------------


def test_a_german_everyday_noun_inside_english_is_no_name():
    """olena's "no Termin free in Bürgerbüro until July" and "I have Termin next week" were a page "Termin"."""
    assert "Termin" not in _named("the Ausländerbehörde gave me a Termin for march, finally")
    assert "Antrag" not in _named("my Antrag for Kindergeld is still open after six weeks")


def test_a_german_institution_or_scheme_stays_a_name():
    """Controls: what names one thing of the German state, and a German name with it."""
    assert "Anmeldung" in _named("I need Anmeldung before I can open a bank account")
    assert "Kindergeld" in _named("my Antrag for Kindergeld is still open after six weeks")
    assert "Jobcenter" in _named("tomorrow I go to the Jobcenter with my papers")


def test_a_french_question_hyphened_titles_nothing():
    """maude's "Est-ce que c'est normal?" in five turns (a car, a phone bill, a bank) titled them "Est-ce"."""
    said = [
        "Mon four fait un drôle de bruit depuis hier. Est-ce que c'est dangereux?",
        "Ma facture d'hydro a doublé ce mois-ci. Est-ce que c'est normal?",
    ]
    assert "Est-ce" not in _titles(*said)
    assert _title(*said) != "Est-ce"


def test_a_hyphened_word_of_substance_still_titles():
    """Control: a word joined by a hyphen that names a thing."""
    said = ["j'ai acheté un t-shirt de dek hockey", "le t-shirt a rétréci au lavage"]
    assert _title(*said) == "T-shirt"


def test_a_french_word_of_time_titles_nothing():
    """maude's "le jeudi soir" (a Spanish class) and "à temps partiel le soir" (a certificate) were a page "Soir"."""
    said = ["mon club de lecture est le mardi soir à la bibliothèque", "je travaille au dépanneur le soir, des trucs?"]
    assert _title(*said) != "Soir"
    said = ["el gimnasio abre por la noche", "salgo a correr por la noche con mi perro"]
    assert _title(*said) != "Noche"


def test_a_phrase_of_the_evening_still_titles():
    """Control: a thing said with its time of day, in English, as before."""
    said = ["my night shift starts at 7", "swapping my night shift for a day off"]
    assert _title(*said) == "Night shift"


def test_an_infinitive_after_pour_or_a_modal_titles_nothing():
    """maude's "des requêtes pour valider des données" and "je dois valider des codes postaux" were a page "Valider"."""
    said = ["je dois nettoyer le frigo avant samedi", "des trucs pour nettoyer le four sans produits chimiques?"]
    assert _title(*said) != "Nettoyer"


def test_a_noun_ending_like_an_infinitive_still_titles():
    """Control: a noun in -er said after an article ("le dossier"), as a thing."""
    said = ["le dossier de ma demande est incomplet", "j'ai renvoyé le dossier hier"]
    assert _title(*said) == "Dossier"


def test_a_family_word_of_two_meanings_titles_with_its_my():
    """lucia's "mi vieja is moving to a smaller apartment", "I want to tell mi vieja that ..." (her mother) were a page
    "Vieja": an old woman, alone."""
    said = ["mi vieja wants me home for christmas", "how do I tell mi vieja about the new job"]
    assert _title(*said) == "Mi vieja"


def test_a_family_word_called_by_itself_stays_alone():
    """Controls: a word that is a relative's name by itself ("Amma", "Mom") keeps its title."""
    said = ["amma wants me home for diwali", "how do I tell amma about the new job"]
    assert _title(*said) == "Amma"


# -- a name cut or led wrong ---------------------------------------------------------------------------------------


def test_a_foreign_my_leads_no_name_at_a_sentences_start():
    """maude's "Ma Civic 2011 fait un bruit de grincement" was a page "Ma Civic 2011" beside her page "Civic"."""
    assert _named("Mon Corolla fait un bruit bizarre quand il fait froid.") == ["Corolla"]
    assert _named("Meine Vespa Primavera springt nicht an.") == ["Vespa Primavera"]


def test_a_name_that_starts_so_stays():
    """Controls: inside a sentence the run is whole; "Mi" names a product's own word."""
    assert _named("we listened to Ma Rainey all night") == ["Ma Rainey"]
    assert _named("Mi Band 7 stopped counting my steps") == ["Mi Band 7"]


def test_a_feast_before_de_is_the_party_of_what_follows():
    """maude's "le party de Noël de Nordikode" made her employer's page "Noël de Nordikode"."""
    assert _named("le souper de Noël de Ubisoft est au Capitole") == ["Ubisoft", "Capitole"]
    assert _named("the Christmas of Acme Corp was at the Ritz") == ["Acme Corp", "Ritz"]


def test_a_name_made_with_of_or_a_feast_alone_stays():
    """Controls: a head that makes a name with "of", a feast said alone."""
    assert _named("I bank with the Bank of Ireland now") == ["Bank of Ireland"]
    assert "Thanksgiving" in _named("we host Thanksgiving for twelve this year")


def test_a_firms_own_s_is_its_title():
    """bola's "Pak's didn't deliver my braiding hair" and "an email to Pak's to close our trade account" (her
    supplier) were a page "Pak"."""
    said = ["Costco's is closing early on sunday", "I returned the tyres to Costco's last week"]
    assert synth.page_title("Costco", frozenset(), said) == "Costco's"


def test_someones_thing_keeps_the_owner_alone():
    """Controls: a person said with their thing, or said without the "'s" elsewhere on the page."""
    said = ["Oliver's mum is in hospital again", "Oliver's car broke down on the M6"]
    assert synth.page_title("Oliver", frozenset(), said) == "Oliver"
    said = ["Oliver's is the bigger room", "Oliver said he can move on friday"]
    assert synth.page_title("Oliver", frozenset(), said) == "Oliver"


# -- the person's own name -----------------------------------------------------------------------------------------


def _own(*texts: str) -> synth.OwnName:
    return synth.OwnName.read([_turn(i, t) for i, t in enumerate(texts)])


def test_the_name_a_draft_is_signed_with_is_the_persons():
    """marisol's "sign it Marisol Ortega Reyes" of a note to her daughter's teacher (and "leave the name as just
    Marisol", a client's "Hi Marisol," pasted once) had made a page "Marisol": herself."""
    own = _own("write a thank you card to the school nurse, sign it Dolores Vega", "what do I pack for the trip")
    assert own.names("dolores") and own.names("dolores vega")
    assert _own("a note for the landlord please, sign it as Teodor").names("teodor")


def test_the_name_a_person_says_they_sign_off_with_is_theirs_whatever_its_accents():
    """ines's "Not too chummy — I sign off 'best, Inês'." (and her letters signed so) made a page "Inês": an entity
    key is written without accents ("ines"), her name with them."""
    own = _own("reply to the editor, keep it short. I sign off 'best, Zoë'.")
    assert own.names("zoe") and own.names("zoë")


def test_a_sign_off_that_is_no_name_is_no_one():
    """Controls: a draft signed by a family word or a sign-off, and a name signed by someone else."""
    assert not _own("a birthday card for my son, sign it Mom and Dad").forms
    assert not _own("make it warmer and sign it Love").forms
    assert not _own("my boss will sign it tomorrow, Anna says").names("anna")
    assert not _own("my editor always signs off 'best, Zoë', so cold").names("zoe")


def test_the_persons_own_name_has_no_page(tmp_path, cli_json):
    """The vault as a rebuild makes it, after turns that sign a draft with the person's name and name her twice."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-02-02T10:00:00Z", "write a short note to Mrs. Kim about the field trip, sign it Dolores Vega"),
            ("2024-03-02T10:00:00Z", "leave the name as just Dolores on the listing for now"),
            (
                "2024-04-02T10:00:00Z",
                "a client wrote 'Hi Dolores, are you free Saturday for the open house?' reply pls",
            ),
            ("2024-05-02T10:00:00Z", "Mrs. Kim says the field trip is on friday, what should the kids pack?"),
        ],
    )
    cli_json("import", str(path))
    cli_json("rebuild")
    titles = [p["title"] for p in cli_json("pages")["pages"]]
    assert "Dolores" not in titles and "Dolores Vega" not in titles, titles
    assert "Mrs. Kim" in titles, titles


# -- a figure of speech --------------------------------------------------------------------------------------------


def test_a_figure_of_speech_holds_no_turn_to_a_title():
    """marisol's "I almost had a heart attack in the Target parking lot" (her son driving) and "my dad had a heart
    attack at 59" (a health form) were a page "Heart attack"."""
    said = [
        "my son backed into the mailbox, I nearly had a heart attack watching",
        "the form asks for family history: my dad had a heart attack at 59",
    ]
    assert _titles(*said) == []


def test_the_thing_said_plainly_twice_still_titles():
    """Control: what happened, said in two turns."""
    said = [
        "my dad had a heart attack at 59, what should I watch for",
        "after his heart attack he walks every morning, is that enough",
    ]
    assert _titles(*said) == ["Heart attack"]


# -- a thing said in asides ----------------------------------------------------------------------------------------


def test_of_two_terms_alike_the_one_said_in_asides_titles_nothing():
    """ava's "signed the lease!! ... (the radiator clanks like a dwarf forge)", "miso has claimed the radiator (seattle
    radiators: quieter)" and the lease of a second flat were a page "Radiator", tied with "Lease"."""
    said = [
        "signed the lease on a flat in leith (the radiator clanks like a ghost)",
        "the cat naps by the window all day",
        "we signed the lease for the new place (the radiator there is silent)",
    ]
    assert _title(*said) == "Lease"


def test_a_term_said_outside_asides_too_titles_as_before():
    """Control: the same turns with the radiator said in the sentence, as before (a tie, the later word)."""
    said = [
        "signed the lease on a flat in leith, the radiator clanks like a ghost",
        "the cat naps by the window all day",
        "we signed the lease for the new place, the radiator there is silent",
    ]
    assert _title(*said) == "Radiator"


# -- a word in capitals ------------------------------------------------------------------------------------------


def test_a_topic_typed_in_capitals_is_titled_as_a_reader_writes_it():
    """wilma types every turn in capitals ("I MADE AN OFFER ON A LITTLE 2 BEDROOM IN YORK"): her page "YORK"."""
    said = [
        "I MADE AN OFFER ON A LITTLE 2 BEDROOM IN KEARNEY, NO STEPS",
        "I BOUGHT A 2019 CHEVY EQUINOX FROM THE DEALER IN KEARNEY, ONLY 40,000 MILES",
    ]
    assert _title(*said) == "Kearney"


def test_an_acronym_or_a_name_in_capitals_among_lower_case_stays():
    """Controls: an acronym's letters in a shouted turn, and a word in capitals among lower case."""
    shouted = [_turn(0, "THE DMV SAYS I NEED MY BIRTH CERTIFICATE"), _turn(1, "WHAT HOURS IS THE DMV OPEN ON SATURDAY")]
    assert synth._unshouted("DMV", shouted) == "DMV"
    mixed = [_turn(0, "my NHS app shows the YORK clinic"), _turn(1, "the YORK clinic moved my slot")]
    assert synth._unshouted("YORK", mixed) == "YORK"


def test_a_shouted_history_writes_its_topic_on_the_vault(tmp_path, cli_json):
    """The page as a rebuild titles it, after an import of turns all typed in capitals."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            (
                "2024-02-02T10:00:00Z",
                "I MADE AN OFFER ON A LITTLE 2 BEDROOM IN KEARNEY, NO STEPS, ONE CAR GARAGE, 189,000. THE INSPECTOR "
                "SAYS THE WATER HEATER IS 14 YEARS OLD. SHOULD I ASK THEM TO REPLACE IT",
            ),
            (
                "2024-03-02T10:00:00Z",
                "I BOUGHT A 2019 CHEVY EQUINOX FROM THE DEALER IN KEARNEY, ONLY 40,000 MILES, SILVER. HOW DO I MAKE MY "
                "PHONE TALK THROUGH THE CAR",
            ),
            ("2024-04-02T10:00:00Z", "MY GRANDSON WANTS A PUPPY FOR HIS BIRTHDAY, WHAT BREED IS GOOD WITH KIDS"),
        ],
    )
    cli_json("import", str(path))
    cli_json("rebuild")
    titles = [p["title"] for p in cli_json("pages")["pages"]]
    assert "Kearney" in titles and "KEARNEY" not in titles, titles


# -- the page map: the same names as the pages -------------------------------------------------------------------


def _map_labels(*said: tuple[str, tuple[tuple[str, str], ...]]) -> list[str]:
    """The labels a page map gives the names its memories mention (each memory: its text, its entities)."""
    mems = [
        synth.Mem(f"mem_{i:04d}", text, "note", None, "active", "2024-01-01", None, "2024-01-01", "2024-01-01", "")
        for i, (text, _) in enumerate(said)
    ]
    mems = [replace(m, entities=ents) for m, (_, ents) in zip(mems, said, strict=True)]
    ents = tuple(sorted({e for m in mems for e in m.entities}))
    spec = synth.PageSpec("topic::x", "cluster", "Supplies", None, None, tuple(mems), ents)
    _, labels = pagemap.live_and_labels(spec, ())
    return [label for (kind, _), label in labels.items() if kind == "entity"]


def test_a_map_names_a_thing_as_its_page_would():
    """A page map drew the names its memories mention as the reader found them, past the rules that title their
    pages: bola's supplier "Pak" (a page "Pak's"), grace's "Odyssey 2019" (a page "Odyssey")."""
    said = [
        ("Costco's didn't have the braiding hair again", (("costco", "Costco"),)),
        ("an email to Costco's to close the trade account", (("costco", "Costco"),)),
    ]
    assert _map_labels(*said) == ["Costco's"]
    sienna = (("sienna 2018", "Sienna 2018"),)  # ("the Sienna" is the short form of it, joined to it)
    said = [("the Sienna 2018 needs tyres", sienna), ("the Sienna is loud", sienna)]
    assert _map_labels(*said) == ["Sienna"]


def test_a_map_keeps_a_name_its_page_keeps():
    """Controls: a name said as itself, a name with its year never said without it."""
    said = [("Oliver's mum called", (("oliver", "Oliver"),)), ("Oliver is moving", (("oliver", "Oliver"),))]
    assert _map_labels(*said) == ["Oliver"]
    assert _map_labels(("tickets for Euro 2024 came", (("euro 2024", "Euro 2024"),))) == ["Euro 2024"]


def test_a_map_label_keeps_an_ampersand():
    """ray's "AT&T", kai's "A&P" and dale's "Hutchins Heating & Air LLC" were drawn "AT T", "A P", "... Heating Air"."""
    assert pagemap.clean_label("AT&T") == "AT&T"
    assert pagemap.clean_label("Hutchins Heating & Air LLC") == "Hutchins Heating & Air LLC"


def test_a_map_label_still_drops_what_mermaid_misreads():
    """Control: brackets, quotes, colons and a character reference's ";" still go."""
    assert pagemap.clean_label('see [[x]] "quoted": (a)') == "see x quoted a"
    assert ";" not in pagemap.clean_label("AT&amp;T")


def test_names_typed_in_capitals_are_read_as_a_lower_case_typists(tmp_path, cli_json):
    """wilma types every turn in capitals ("MY GRANDSON TYLER GOT A JOB AT THE JOHN DEERE DEALER"): a run of capitals
    was read as a text's style, and her vault had no page of a person. Such a turn is read as one typed in lower case,
    where a name is one the person says who it is ("my grandson tyler")."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-02-02T10:00:00Z", "MY GRANDSON TYLER GOT A JOB AT THE TRACTOR DEALER. WHAT DO I WRITE IN HIS CARD"),
            ("2024-03-02T10:00:00Z", "TYLER IS MOVING INTO HIS OWN APARTMENT. WHAT DOES A YOUNG MAN NEED IN A KITCHEN"),
            ("2024-04-02T10:00:00Z", "IT WORKED. TYLER WOULD BE PROUD OF ME"),
        ],
    )
    cli_json("import", str(path))
    cli_json("rebuild")
    titles = [p["title"] for p in cli_json("pages")["pages"]]
    assert "Tyler" in titles, titles


def test_capitals_inside_a_turn_of_mixed_case_are_read_as_before():
    """Control: a turn of mixed case is read as typed (a pasted heading in capitals stays style, a name a name)."""
    assert not synth.shouted("Kelly from Landstar sent this: RATE CONFIRMATION LOAD 4471, is the rate fair?")
    assert synth._as_typed("Tyler starts at the Deere plant") == "Tyler starts at the Deere plant"
    assert synth._as_typed("TYLER STARTS AT THE DEERE PLANT") == "tyler starts at the deere plant"
