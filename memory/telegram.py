"""Telegram Desktop's JSON export (Settings -> Advanced -> Export Telegram data, or a chat's
"Export chat history", format JSON): a `result.json` that is one chat,

    {"name": "Anna", "type": "personal_chat", "id": 4242, "messages": [{...}, ...]}

or the whole account, each chat in `chats.list` (and `left_chats.list`), the person named in
`personal_information`:

    {"about": "...", "personal_information": {"first_name": "Tom", ...}, "chats": {"list": [{...}, ...]}}

A message: `from` (the sender's name as the exporting account sees it), `date` (the exporting
machine's local time, "2023-01-05T14:03:11") and `date_unixtime` (the instant, in seconds),
`edited` when it was edited, and `text`: a string, or a list of strings and entity objects
({"type": "link", "text": "https://..."}), whose texts joined are what was written. A photo, a
file or a sticker carries no text or its caption (a document is named above it: `attached`); a
poll, a place (a venue) or a shared contact is read as a line of words (`described`). Service
messages (`type: "service"`: joined, pinned, a call) are nobody's words: no message, no place
(`NOTICE`, counted). `from_id` ("user123") is who sent it, however they are named: the account's
own messages are those of its `user_id`.

The export is read as a stream (memory/jsonstream.py `walk`): one message is held at a time, so
the full-account export (hundreds of MB) costs what one message does. Only parsing lives here;
memory/chats.py turns what it finds into conversations and imports them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from memory import jsonstream
from memory.errors import InvalidInput

# The keys that tell a Telegram export from its first object's (memory/chats.py `detect_format`).
ACCOUNT_KEYS = frozenset({"personal_information", "chats", "left_chats"})
CHAT_KEYS = frozenset({"name", "type", "id"})
_LISTS = ("chats", "left_chats")  # the account export's chats: each {"about": ..., "list": [chat, ...]}
SAVED = "saved_messages"  # the person's notes to themselves: every message is theirs
NOTICE = "service"  # what `said` gives for a service message: counted, no message
FIX = (
    "export it again from Telegram Desktop (Settings, Advanced, Export Telegram data, or a chat's "
    "Export chat history), format JSON, and import its result.json"
)


def looks_like(keys: set[str]) -> bool:
    """Whether the first keys of a JSON object are a Telegram export's."""
    return bool(keys & ACCOUNT_KEYS) or ("messages" in keys and bool(keys & CHAT_KEYS))


def _expand(path: tuple[Any, ...]) -> bool:
    """The containers `walk` goes into: the document, its top-level containers (what is not read is
    then built an item at a time, never whole), each chat list and chat, and each chat's messages."""
    n = len(path)
    if n <= 1:
        return n == 0 or path[0] != "personal_information"
    if path[0] in _LISTS:
        return (
            (n == 2 and path[1] == "list")
            or (n == 3 and isinstance(path[2], int))
            or (n == 4 and path[3] == "messages")
        )
    return n == 2 and path[1] == "list"  # contacts.list, sessions.list: an item at a time


@dataclass(frozen=True)
class Said:
    """One message: its place among the chat's messages (service ones not counted), its id, its
    sender, its text ("" for a photo or sticker without a caption), its time as the export gives
    it (Unix seconds as text, else the local time), and whether it was edited."""

    position: int
    id: str
    speaker: str
    text: str
    time: Any
    edited: bool
    sender_id: str | None = None  # `from_id`, "user123": the sender whatever they are called
    forwarded_from: str | None = None  # who wrote a forwarded message first: its words are theirs


@dataclass(frozen=True)
class Owner:
    """Who exported the account (`personal_information`): their name, and their id as `from_id` writes it."""

    name: str | None
    id: str | None


@dataclass
class Chat:
    """One chat as its messages stream past: `messages` must be read before the next chat is."""

    number: int  # 1-based, in the file
    key: str  # the chat's id in Telegram ("#n" when the export gives none)
    title: str
    kind: str  # personal_chat | private_group | private_supergroup | public_channel | saved_messages | ...
    messages: Iterator[Said | str] = field(default_factory=lambda: iter(()))  # a message, why one is bad, or NOTICE


@dataclass(frozen=True)
class Survey:
    """What a first pass over the whole file tells, before anything is stored: each chat's count of
    messages, and who the person is (the account export's `personal_information`)."""

    account: bool
    totals: tuple[int, ...]
    owner: str | None
    first: First | None = None  # the first chat's kind, name and senders, for `personal`


@dataclass(frozen=True)
class First:
    kind: str
    name: str
    senders: frozenset[str]  # up to three, as `said` names them


class _FirstChat:
    """What the survey's pass notes of the export's first chat: its kind and name, and its first
    three senders (a message's keys come one at a time; it is weighed when it closes)."""

    def __init__(self) -> None:
        self.meta: dict[str, str] = {}
        self.senders: set[str] = set()
        self.message: dict[str, Any] = {}

    def see(self, path: tuple[Any, ...], value: Any, chats: int) -> None:
        if chats == 0 and path and path[-1] in ("type", "name") and _chat_path(path[:-1]) and isinstance(value, str):
            self.meta[path[-1]] = value
        elif chats != 1 or len(self.senders) > 2:
            return
        elif path and path[-1] in ("type", "from") and _is_message(path[:-1]):
            self.message[path[-1]] = value
        elif _is_message(path) and value is jsonstream.CLOSE:
            item, self.message = self.message, {}
            if item.get("type") != "service":
                sender = item.get("from")
                speaker = (
                    sender
                    if isinstance(sender, str) and sender.strip()
                    else "Deleted Account"
                    if "from" in item
                    else self.meta.get("name", "")
                )
                if speaker.strip():
                    self.senders.add(speaker.strip())

    def found(self) -> First | None:
        return (
            First(self.meta.get("type", ""), self.meta.get("name", ""), frozenset(self.senders)) if self.meta else None
        )


def personal(found: Survey) -> tuple[str, set[str]] | None:
    """(the chat's name, its senders, up to three) of an export whose first chat is a personal chat
    (a chat's ⋮ → Export chat history: the chat named for the other person), from the survey's
    pass, else None."""
    if found.first is None or found.first.kind != "personal_chat":
        return None
    return found.first.name.strip(), set(found.first.senders)


def _is_message(path: tuple[Any, ...]) -> bool:
    return len(path) >= 2 and path[-2] == "messages" and isinstance(path[-1], int) and _chat_path(path[:-2])


def _chat_path(path: tuple[Any, ...]) -> bool:
    return path == () or (len(path) == 3 and path[0] in _LISTS and path[1] == "list" and isinstance(path[2], int))


def _owner(info: Any) -> str | None:
    return _name(info, "first_name", "last_name")


def _name(info: Any, *keys: str) -> str | None:
    if not isinstance(info, dict):
        return None
    parts = [info.get(key) for key in keys]
    name = " ".join(p.strip() for p in parts if isinstance(p, str) and p.strip())
    return name or None


def _owner_id(info: Any) -> str | None:
    """`personal_information.user_id` as a message's `from_id` gives it ("user123")."""
    raw = info.get("user_id") if isinstance(info, dict) else None
    if isinstance(raw, bool) or not isinstance(raw, (int, str)) or not str(raw).strip().isdigit():
        return None
    return f"user{int(str(raw).strip())}"


def survey(fh: BinaryIO) -> Survey:
    """One pass over the whole export: InvalidInput naming the fix if it is not a Telegram export
    or its JSON breaks anywhere (then nothing is imported)."""
    totals: list[int] = []
    owner, account, found = None, False, False
    first = _FirstChat()
    for path, value in _walk(fh, lambda p: _expand(p) or _is_message(p)):
        first.see(path, value, len(totals))
        if (path == () and value is not jsonstream.OPEN and value is not jsonstream.CLOSE) or (
            len(path) == 1 and isinstance(path[0], int)
        ):
            raise InvalidInput(f"not a Telegram export (the file is not one JSON object {{...}}); {FIX}")
        if len(path) >= 1 and path[-1] == "messages" and _chat_path(path[:-1]) and value is jsonstream.OPEN:
            totals.append(0)
            found = True
        elif _is_message(path) and value is jsonstream.CLOSE:
            totals[-1] += 1
        elif len(path) >= 1 and path[-1] == "type" and _is_message(path[:-1]) and value == "service":
            totals[-1] -= 1  # counted when it closes: a service message is no message
        elif path == ("personal_information",):
            owner, account = _owner(value), True
        elif path and path[0] in _LISTS:
            account = True
    if not found and not account:
        raise InvalidInput(f"not a Telegram export (no 'messages' and no 'chats' in it); {FIX}")
    return Survey(account, tuple(totals), owner, first.found())


def owner(fh: BinaryIO) -> Owner | None:
    """The person an account export names in `personal_information` (read up to it: it comes before
    the chats), or None: a one-chat export, or none given. A damaged file is left to `survey`."""
    try:
        for path, value in jsonstream.walk(fh, _expand):
            if path == ("personal_information",):
                found = Owner(_owner(value), _owner_id(value))
                return found if found.name or found.id else None
            if path and (path[0] in _LISTS or path[0] == "messages"):
                return None
    except InvalidInput:
        return None
    return None


def _walk(fh: BinaryIO, expand: Callable[[tuple[Any, ...]], bool]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    try:
        yield from jsonstream.walk(fh, expand)
    except jsonstream.NotJson as exc:  # a note, a WhatsApp .txt: no export at all
        raise InvalidInput(f"not a Telegram export (it is not JSON: {exc} at its start); {FIX}") from None
    except InvalidInput as exc:  # a tear, a byte that is not UTF-8, a value past a limit of the stream
        raise InvalidInput(f"the export's JSON is damaged ({exc}); nothing was imported: {FIX}") from None


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "a list"
    return "a text" if isinstance(value, str) else "a value"


def chats(fh: BinaryIO) -> Iterator[Chat]:
    """The export's chats in order, each with its messages streaming (read them before the next)."""
    events = _walk(fh, _expand)
    meta: dict[str, Any] = {}
    number = 0
    for path, value in events:
        if _chat_path(path) and value is jsonstream.OPEN:
            meta = {}
        elif len(path) >= 1 and _chat_path(path[:-1]) and path[-1] in CHAT_KEYS:
            meta[path[-1]] = value
        elif len(path) >= 1 and path[-1] == "messages" and _chat_path(path[:-1]) and value is jsonstream.OPEN:
            number += 1
            chat = _chat(number, meta)
            chat.messages = _messages(events, path, chat.title)
            yield chat
            for _ in chat.messages:  # what the reader left unread, up to the chat's end
                pass


def _chat(number: int, meta: dict[str, Any]) -> Chat:
    raw = meta.get("id")
    key = str(raw) if isinstance(raw, (int, str)) and not isinstance(raw, bool) and str(raw) else f"#{number}"
    kind, name = (value if isinstance(value, str) else "" for value in (meta.get("type"), meta.get("name")))
    title = name.strip() or ("Saved Messages" if kind == SAVED else f"Telegram chat {key}")
    return Chat(number, key, title, str(kind))


def _messages(events: Iterator[tuple[tuple[Any, ...], Any]], at: tuple[Any, ...], title: str) -> Iterator[Said | str]:
    position = 0
    for path, value in events:
        if path == at and value is jsonstream.CLOSE:
            return
        found = said(value, position, title)
        position += isinstance(found, Said)
        yield found


def said(item: Any, position: int, title: str) -> Said | str:
    """A message of the export, why it is bad (a text), or NOTICE for a service message."""
    if isinstance(item, jsonstream.Bad):
        return item.reason
    if not isinstance(item, dict):
        return f"the message is {_kind(item)}, not an object"
    if item.get("type") == "service":
        return NOTICE
    raw_id = item.get("id")
    ident = str(raw_id) if isinstance(raw_id, (int, str)) and not isinstance(raw_id, bool) else f"#{position}"
    sender = item.get("from")
    # A deleted account exports "from": null; a channel's posts may name none.
    speaker = sender if isinstance(sender, str) and sender.strip() else "Deleted Account" if "from" in item else title
    time = item.get("date_unixtime") or item.get("date")
    sender_id = item.get("from_id") if isinstance(item.get("from_id"), str) else None
    words = "\n".join(w for w in (attached(item), text(item.get("text"))) if w) or described(item)
    first = item.get("forwarded_from")  # null: from someone who hides their name when forwarded
    forwarded = (
        first.strip() if isinstance(first, str) and first.strip() else "unknown" if "forwarded_from" in item else None
    )
    return Said(position, ident, speaker, words, time, bool(item.get("edited")), sender_id, forwarded)


# Media a person sends without naming it: Telegram gives a sticker, a GIF or a voice note a file name
# of its own ("sticker.webp", "giphy.mp4"), no one's word for what was sent.
_UNNAMED_MEDIA = frozenset({"sticker", "animation", "voice_message", "video_message"})


def attached(item: dict[str, Any]) -> str:
    """A document sent, named as WhatsApp names a file ("Booking.pdf (file attached)"), above its
    caption; "" for none. A file sent alone had landed as nothing (an empty message). An export
    of Telegram Desktop before `file_name` was written names it only by its path in the export
    ("files/Lease_2019.pdf"); a file not downloaded is "(File not included. ...)", no name."""
    name = item.get("file_name")
    path = item.get("file")
    if name is None and isinstance(path, str) and not path.startswith("("):
        name = path.replace("\\", "/").rsplit("/", 1)[-1]
    if not isinstance(name, str) or not name.strip() or item.get("media_type") in _UNNAMED_MEDIA:
        return ""
    return f"{name.strip()} (file attached)"


def described(item: dict[str, Any]) -> str:
    """A message that is a poll, a place or a contact, in words ("Poll: Where? (Pizza, Sushi)"); ""
    for what has none (a sticker, a photo without a caption, a bare location: coordinates are no
    words a person would look for)."""
    poll = item.get("poll")
    if isinstance(poll, dict) and isinstance(poll.get("question"), str) and poll["question"].strip():
        answers = poll.get("answers")
        given = answers if isinstance(answers, list) else []
        options = [a["text"].strip() for a in given if isinstance(a, dict) and isinstance(a.get("text"), str)]
        listed = ", ".join(o for o in options if o)
        return f"Poll: {poll['question'].strip()}" + (f" ({listed})" if listed else "")
    place = ", ".join(
        v.strip() for v in (item.get("place_name"), item.get("address")) if isinstance(v, str) and v.strip()
    )
    if place:
        return f"Place: {place}"
    contact = _name(item.get("contact_information"), "first_name", "last_name")
    return f"Shared a contact card: {contact}" if contact else ""


def text(value: Any) -> str:
    """A message's `text`: a string, or a list of strings and entity objects whose texts, joined,
    are what was written ("Look at ", {"type": "link", "text": "https://..."})."""
    if isinstance(value, str):
        return value
    if not isinstance(value, list):
        return ""
    parts = []
    for part in value:
        if isinstance(part, str):
            parts.append(part)
        elif isinstance(part, dict) and isinstance(part.get("text"), str):
            parts.append(part["text"])
    return "".join(parts)
