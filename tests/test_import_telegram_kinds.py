"""Telegram's messages as a person's export holds them: their own told by the account's user id, not
by a name someone else may share; polls, places and contacts read as words; stickers, bare
locations and service messages (joins, pins, calls) left out and counted, never an empty memory."""

from __future__ import annotations

from tests.test_import_telegram import _account, _chat, _kind_of, _msg, _service, _write


def _from(ident: int, sender: str, sender_id: str, text: str, minute: int) -> dict:
    return {**_msg(ident, sender, text, minute=minute), "from_id": sender_id}


def test_your_messages_are_told_by_your_user_id_not_your_name(session, tmp_path):
    family = _chat(
        [
            _from(1, "Tom Builder", "user1", "I live in Lisbon now, near the river", 1),
            _from(2, "Tom Builder", "user99", "I live in Porto now, by the old bridge", 2),  # his father, same name
            _from(3, "Tommy", "user1", "I work at Acme as a welder since March", 3),  # the person, renamed since
        ],
        name="Builders",
        ident=5,
        kind="private_group",
    )
    report = session.import_path(_write(tmp_path / "result.json", _account(family)))
    assert report.errors == [] and report.stored == 3
    assert _kind_of(session.db, "I live in Porto%") == "note"  # the father's life is not the person's
    assert _kind_of(session.db, "I live in Lisbon%") != "note"
    assert _kind_of(session.db, "I work at Acme%") != "note"
    assert any("user id 1" in w for w in report.warnings)


def test_me_still_names_a_sender_by_name(session, tmp_path):
    family = _chat(
        [
            _from(1, "Tom Builder", "user1", "I live in Lisbon now, near the river", 1),
            _from(2, "Anna Kowalska", "user7", "I live in Porto now, by the old bridge", 2),
        ],
        name="Builders",
        ident=5,
        kind="private_group",
    )
    session.import_path(_write(tmp_path / "result.json", _account(family)), me="Anna Kowalska")
    assert _kind_of(session.db, "I live in Lisbon%") == "note"
    assert _kind_of(session.db, "I live in Porto%") != "note"


POLL = {
    "question": "Where do we eat on Friday?",
    "closed": False,
    "total_voters": 3,
    "answers": [{"text": "Pizza Roma", "voters": 2, "chosen": True}, {"text": "Sushi Bar", "voters": 1}],
}


def test_polls_places_and_contacts_read_as_words_and_the_rest_is_counted(session, tmp_path):
    messages = [
        _service(1, "phone_call"),
        _msg(2, "Anna", "", minute=1, poll=POLL),
        _msg(3, "Anna", "", minute=2, place_name="Café Lisboa", address="Rua Augusta 5, Lisbon",
             location_information={"latitude": 38.71, "longitude": -9.14}),
        _msg(4, "Anna", "", minute=3, location_information={"latitude": 38.71, "longitude": -9.14}),
        _msg(5, "Anna", "", minute=4, contact_information={"first_name": "Ben", "last_name": "Stone",
                                                           "phone_number": "+351 912 345 678"}),
        _msg(6, "Anna", "", minute=5, file="stickers/s.webp", media_type="sticker", sticker_emoji="🎉"),
        _service(7, "pin_message"),
        _service(8, "invite_members"),
        _msg(9, "Anna", {"bad": "shape"}, minute=6),
    ]  # fmt: skip
    report = session.import_path(_write(tmp_path / "result.json", _chat(messages, name="Anna")))
    contents = {c for (c,) in session.db.rows("SELECT content FROM memories")}
    assert contents == {
        "Poll: Where do we eat on Friday? (Pizza Roma, Sushi Bar)",
        "Place: Café Lisboa, Rua Augusta 5, Lisbon",
        "Shared a contact card: Ben Stone",
    }
    assert "" not in contents
    assert report.empty == 3  # the bare location, the sticker, the message of no text
    assert report.notices == 3  # the call, the pin, the invite: counted, no message
    again = session.import_path(tmp_path / "result.json")
    assert (again.stored, again.notices) == (0, 3)
