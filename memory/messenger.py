"""Facebook Messenger's and Instagram's "Download your information" export, format JSON: a zip (or
its folder) whose conversations lie in

    messages/inbox/<thread>/message_1.json ... message_N.json

(under `your_facebook_activity/`, `your_activity_across_facebook/` or `your_instagram_activity/` in
newer exports; `archived_threads`, `message_requests`, `filtered_threads` and `e2ee_cutover` beside
`inbox`). Each file is one JSON object:

    {"participants": [{"name": "Anna Kowalska"}, ...],
     "messages": [{"sender_name": "Anna Kowalska", "timestamp_ms": 1714550400000, "content": "...",
                   "photos": [{"uri": ".../photos/123_456.jpg"}], "share": {"link": "https://..."},
                   "reactions": [...], "is_unsent": false, ...}, ...],
     "title": "Anna Kowalska", "thread_path": "inbox/annakowalska_10158", ...}

with the messages NEWEST FIRST: message_1.json holds the newest, each file newest to oldest. Every
text is Meta's mojibake: UTF-8 bytes written as Latin-1 escapes ("Jos\\u00c3\\u00a9" for "José",
four escapes for an emoji); `unmangled` reads them back. Old exports give `timestamp` in seconds
and a `type` (Generic, Share, Call, Subscribe, Unsubscribe); newer ones write the app's own lines
("Anna named the group Trip.", "You sent an attachment.", "Liked a message") as a message's
`content`, in English here (`NOTICE`: nobody's words, counted, no message).

Only finding and parsing live here; memory/chats.py turns what it finds into conversations and
imports them.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO

from memory import jsonstream
from memory.errors import InvalidInput

KINDS = ("inbox", "archived_threads", "message_requests", "filtered_threads", "e2ee_cutover")
FILE = re.compile(r"message_([1-9]\d{0,5})\.json")
# A thread's file anywhere in a zip: the folders above `messages/` differ by app and year.
MEMBER = re.compile(rf"(?:^|/)messages/({'|'.join(KINDS)})/([^/]+)/message_([1-9]\d{{0,5}})\.json$")
# The keys that tell a thread's file from its first object's (memory/chats.py `detect_format`).
KEYS = frozenset({"participants", "thread_path", "is_still_participant"})
NOTICE = "notice"  # what `said` gives for the app's own line: counted, no message
FIX = (
    "download it again (Facebook or Instagram: Accounts Center, Your information and permissions, Download your "
    "information, format JSON) and import the zip or its unzipped folder"
)
MAX_THREADS = 100_000  # thread folders read from one export; a hostile zip may list millions
MAX_NAME = 255  # characters of a file's name kept when it is named in a message
_TOP_FOLDERS = ("your_facebook_activity", "your_activity_across_facebook", "your_instagram_activity")


def looks_like(keys: set[str]) -> bool:
    """Whether the first keys of a JSON object are a Messenger or Instagram thread file's."""
    return bool(keys & KEYS)


def unmangled(value: Any) -> str:
    """A text of the export as it was written: Meta escapes each UTF-8 byte as a character of its own
    ("Jos\\u00c3\\u00a9"), so a text of characters below U+0100 that reads as UTF-8 bytes is read so
    ("José", and an emoji from its four). A text that does not (a real "é", or one a later export
    writes right) is left as it is; "" for what is not a text."""
    if not isinstance(value, str):
        return ""
    if value.isascii():
        return value
    try:
        return value.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return value


# Direction marks a phone puts around a name written right to left: the same person with or without them.
_MARKS = "\ufeff\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def name(value: Any) -> str:
    """A sender's or participant's name as written, without the direction marks around it."""
    return unmangled(value).strip().strip(_MARKS).strip()


# -- finding the threads --------------------------------------------------------------------------


@dataclass(frozen=True)
class Thread:
    """One conversation's files: (n, a zip member's name or a file's path) with message_1 first."""

    folder: str  # the thread's folder name ("annakowalska_10158"): its id in every download
    kind: str  # inbox | archived_threads | ...
    shown: str  # where it is, for reports: "messages/inbox/annakowalska_10158"
    files: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Export:
    """The threads of an export (a zip, a folder, or one thread's message_N.json), in a stable order."""

    zip: Path | None
    threads: tuple[Thread, ...]
    outside: tuple[str, ...] = ()  # zip members named outside the zip ("../x", "/x"): left out


def find(path: Path) -> Export:
    """The threads of the export at `path`: a zip, a folder holding the export (at any of its levels:
    the download's folder, `messages`, `inbox`, one thread's folder), or one message_N.json (its
    thread: the files beside it too). InvalidInput naming the fix when none is there."""
    if path.is_dir():
        found = Export(None, _sorted(_in_folder(path)))
    elif zipfile.is_zipfile(path):
        found = _in_zip(path)
    else:
        found = Export(None, _sorted(_folder_thread(path.parent, only=path)))
    if not found.threads:
        raise InvalidInput(f"{path} holds no Messenger or Instagram conversation (messages/inbox/...); {FIX}")
    return found


def in_folder(path: Path) -> bool:
    """Whether a folder holds a Messenger or Instagram export (for `detect_format`)."""
    return any(True for _ in islice(_in_folder(path), 1))


def _sorted(threads: Iterator[Thread]) -> tuple[Thread, ...]:
    order = {kind: n for n, kind in enumerate(KINDS)}
    kept = list(islice(threads, MAX_THREADS))
    return tuple(sorted(kept, key=lambda t: (order.get(t.kind, 0), t.shown)))


def _entries(folder: Path) -> list[Path]:
    try:
        return sorted(islice(folder.iterdir(), 100_000))
    except OSError:
        return []


def _in_folder(root: Path) -> Iterator[Thread]:
    """The threads under `root`, looked for where an export puts them, never the whole tree (an
    export's folder holds its photos too): `root` as one thread's folder, as a kind's folder
    (inbox), else the `messages` folders at it and two levels down. A folder only named like one
    (a download unzipped into ~/inbox) is looked through as any other."""
    if any(FILE.fullmatch(p.name) for p in _entries(root)):
        yield from _folder_thread(root)
        return
    if root.name in KINDS:
        found = [t for sub in _entries(root) for t in _folder_thread(sub)]
        if found:
            yield from found
            return
    tops = [root] if root.name == "messages" else []
    for level in (root, *(p for p in _entries(root) if p.is_dir())):
        for d in (level, *(level / name for name in _TOP_FOLDERS)):
            if (d / "messages").is_dir():
                tops.append(d / "messages")
    for messages in dict.fromkeys(tops):
        for kind in KINDS:
            for sub in _entries(messages / kind):
                yield from _folder_thread(sub)


def _folder_thread(folder: Path, only: Path | None = None) -> Iterator[Thread]:
    """The thread whose files are in `folder` (message_1.json ... beside `only` when given)."""
    if not folder.is_dir():
        return
    files = tuple(sorted((int(m.group(1)), str(p)) for p in _entries(folder) if (m := FILE.fullmatch(p.name))))
    if only is not None and not FILE.fullmatch(only.name):
        files = ((1, str(only)),)  # a thread's file renamed: read it alone
    if files:
        kind = folder.parent.name if folder.parent.name in KINDS else "inbox"
        shown = f"{folder.parent.name}/{folder.name}" if folder.parent.name in KINDS else folder.name
        yield Thread(folder.name, kind, shown, files)


def _in_zip(path: Path) -> Export:
    try:
        with zipfile.ZipFile(path) as archive:
            names = list(dict.fromkeys(n for n in archive.namelist() if not n.endswith("/")))
    except (zipfile.BadZipFile, OSError) as exc:
        raise InvalidInput(f"{path} is a damaged zip ({exc}); download the export again") from None
    outside: list[str] = []
    threads: dict[str, tuple[str, str, list[tuple[int, str]]]] = {}
    for name in names:
        found = MEMBER.search(name)
        if found is None:
            continue
        parts = PurePosixPath(name.replace("\\", "/")).parts
        if name.startswith(("/", "\\")) or ".." in parts or (len(name) > 1 and name[1] == ":"):
            outside.append(name)
            continue
        kind, folder, n = found.group(1), found.group(2), int(found.group(3))
        at = name[: found.start(2)] + folder
        threads.setdefault(at, (kind, folder, []))[2].append((n, name))
    made = (
        Thread(folder, kind, at.split("messages/", 1)[-1] if "messages/" in at else at, tuple(sorted(files)))
        for at, (kind, folder, files) in threads.items()
    )
    return Export(path, _sorted(made), tuple(outside))


def gaps(thread: Thread) -> str:
    """Why a thread's files are not whole ("" when they are): message_1.json ... message_N.json,
    each once. A download in parts may put a thread's files in two zips."""
    numbers = [n for n, _ in thread.files]
    missing = sorted(set(range(1, max(numbers) + 1)) - set(numbers))
    if not missing:
        return ""
    listed = ", ".join(f"message_{n}.json" for n in missing[:3]) + (" ..." if len(missing) > 3 else "")
    return (
        f"{listed} {'is' if len(missing) == 1 else 'are'} not beside the others (a download in parts puts them in "
        "another zip): unzip every part into one folder and import that folder"
    )


# -- reading a thread's file ----------------------------------------------------------------------


@dataclass(frozen=True)
class Said:
    """One message: its sender, its words ("" for a photo alone is never: files are named), and its
    time as a Unix number (seconds or milliseconds: `_seconds`), or the raw value when it is not one."""

    speaker: str
    text: str
    time: Any
    unsent: bool = False


@dataclass
class Head:
    """What a thread's file says of its conversation, and how many messages it holds (the app's own
    lines not counted)."""

    participants: list[str] = field(default_factory=list)
    title: str = ""
    thread_path: str = ""
    messages: int = 0
    notices: int = 0


def _expand(path: tuple[Any, ...]) -> bool:
    return path in ((), ("messages",))


# Said of a file that is another kind of file altogether (a note, a ChatGPT export, a WhatsApp .txt),
# not a download cut short: downloading it again would not help.
NOT_A_THREAD = (
    "it is not a Messenger or Instagram conversation: pass a thread's message_1.json, the messages/inbox "
    "folder or the zip Download your information made"
)


def walk(fh: BinaryIO) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """The file's top-level values and its messages, one at a time; InvalidInput where it breaks,
    NotMeta where it is no JSON object at all (jsonstream.NotJson) or another JSON value."""
    try:
        for path, value in jsonstream.walk(fh, _expand):
            if path == () and value is not jsonstream.OPEN and value is not jsonstream.CLOSE:
                raise NotMeta(f"it is not one JSON object {{...}}; {NOT_A_THREAD}")
            yield path, value
    except jsonstream.NotJson as exc:
        raise NotMeta(f"it is not JSON ({exc} at its start); {NOT_A_THREAD}") from None
    except jsonstream.JsonBroken as exc:
        raise InvalidInput(f"its JSON breaks ({exc})") from None


def head(fh: BinaryIO, *, whole: bool = False) -> Head:
    """The file's participants (read up to them, the first thing Meta writes), or with `whole` the
    whole file: its title and thread_path too, and its count of messages."""
    found = Head()
    seen, objects, senders = False, 0, 0
    for path, value in walk(fh):
        if path == ("participants",):
            found.participants = names(value)
            if not whole:
                return found
        elif path == ("title",):
            found.title = unmangled(value)
        elif path == ("thread_path",):
            found.thread_path = unmangled(value)
        elif path == ("messages",):
            seen = True
            if value is not jsonstream.OPEN and value is not jsonstream.CLOSE:
                raise InvalidInput(f"its 'messages' is {_kind(value)}, not a list")
        elif len(path) == 2 and path[0] == "messages" and not isinstance(path[1], int):
            raise InvalidInput("its 'messages' is an object, not a list")
        elif len(path) == 2 and path[0] == "messages" and value is not jsonstream.CLOSE:
            kind = said(value)
            found.notices += kind is NOTICE
            found.messages += kind is not NOTICE
            objects += isinstance(value, dict)
            senders += isinstance(value, dict) and "sender_name" in value
    if whole and not seen:
        raise NotMeta(f"it holds no 'messages'; {NOT_A_THREAD}")
    if whole and objects and not senders:
        raise NotMeta(
            "its messages name no sender ('sender_name'): it is not the JSON of Download your information "
            "(Messenger's own download of end-to-end encrypted chats is another format, which quire does not read)"
        )
    return found


class NotMeta(InvalidInput):
    """A file in a thread's place whose messages are not as Download your information writes them."""


def names(value: Any) -> list[str]:
    """The participants' names, as written (mojibake read back), each once."""
    if not isinstance(value, list):
        return []
    got = (name(p.get("name")) for p in value[:10_000] if isinstance(p, dict))
    return list(dict.fromkeys(n for n in got if n))


def messages(fh: BinaryIO, start: int = 0) -> Iterator[tuple[int, Said | str]]:
    """(its place in the file, what `said` makes of it) for each message of the file from `start`
    on, in the file's order (newest first)."""
    for path, value in walk(fh):
        if len(path) == 2 and path[0] == "messages" and isinstance(path[1], int) and path[1] >= start:
            yield path[1], said(value)


def thread_key(thread_path: str, folder: str) -> str:
    """The conversation's id: the last part of its `thread_path` ("inbox/annakowalska_10158"), the
    same in every download and whether the thread is archived or not; the folder's name when the
    path gives none. Only ever an id: a '../' in it names no file."""
    parts = [p for p in re.split(r"[/\\]+", thread_path.strip()) if p]
    last = parts[-1] if parts else ""
    return last if last not in ("", ".", "..") and len(last) <= 200 else folder


# -- one message ----------------------------------------------------------------------------------

_CALL = re.compile(r"(?:video |audio |voice )?(?:call|chat)")
# Someone named in one of the app's lines ("added Ben Ng to the group."), not a pronoun a person
# writes ("You called me yesterday."), nor a sentence going on.
_WHO = r"(?!(?:me|us|him|her|them|it|that|this|my|our)\b)[^.!?\n]{1,80}"
# What the app writes as the sender's own line, with its full stop: "Anna named the group Trip.",
# "You left the group."; a reaction or a like written as a message has none ("Reacted ❤ to your message").
_DOING = re.compile(
    r"(?:(?:named the group [^\n]{1,200}|removed the group name|changed the group (?:photo|name to [^\n]{1,200})"
    rf"|created the group(?: [^\n]{{1,200}})?|added {_WHO} to the group|removed {_WHO} from the group|left the group"
    rf"|joined the group(?: [^\n]{{1,200}})?|set the nickname for {_WHO} to [^\n]{{1,200}}"
    r"|set (?:his|her|their|your) own nickname to [^\n]{1,200}|set your nickname to [^\n]{1,200}"
    rf"|cleared the nickname for {_WHO}|cleared (?:his|her|their|your) own nickname"
    r"|changed the (?:chat |group )?theme(?: to [^\n]{1,120})?|set the emoji to [^\n]{1,16}|changed the emoji"
    rf"|set the quick reaction to [^\n]{{1,16}}|started (?:a|an) {_CALL.pattern}|joined the {_CALL.pattern}"
    rf"|left the {_CALL.pattern}|started sharing video|missed (?:your|a) {_CALL.pattern}(?: from {_WHO})?"
    rf"|called (?:you|{_WHO})|(?:un)?pinned a message|waved at (?:you|{_WHO})|is waving at you"
    rf"|made {_WHO} an admin|removed {_WHO} as an? (?:group )?admin|added {_WHO} as an? group admin"
    r"|turned (?:on|off) (?:disappearing messages|vanish mode|end-to-end encryption)[^\n]{0,80}"
    r"|mentioned you in (?:his|her|their) story|(?:accepted|ignored) your message request|unsent a message)\."
    rf"|liked a message|reacted .{{1,16}} to (?:your|a|{_WHO}'s) message)",
    re.IGNORECASE,
)
# The app's own lines with no one doing them.
_BARE = re.compile(
    rf"(?:Liked a message|Reacted .{{1,16}} to your message|The {_CALL.pattern} ended"
    r"|You are now connected on Messenger|You can now message and call each other[^\n]{0,80}"
    r"|Say hi to your new Facebook friend[^\n]{0,200}|You(?:'re| are) now friends on Facebook[^\n]{0,80}"
    r"|This poll is no longer available|Messages and calls are secured with end-to-end encryption[^\n]{0,200}"
    r"|Messages and calls are end-to-end encrypted[^\n]{0,200}|Missed (?:video |audio |voice )?call)\.?",
    re.IGNORECASE,
)
# What stands in for a thing sent: no words of the sender's (what was sent is named, when given).
_SENT = re.compile(
    r"(?:sent (?:an attachment|a photo|\d+ photos|a video|a GIF(?: from GIPHY)?|a sticker|a voice (?:message|clip)"
    r"|an audio clip|a link|a file|a location|a live location|a post|a reel|a story|a poll|a payment)"
    r"|shared a (?:location|story|post)|shared (?:his|her|their|your) location)\.?",
    re.IGNORECASE | re.DOTALL,
)
_UNSENT = re.compile(
    r"(?:This message was (?:unsent|removed|deleted)|Message unavailable|This message is unavailable.*)\.?",
    re.IGNORECASE | re.DOTALL,
)
_NAMED = ("photos", "videos", "audio_files", "files")  # files the sender sent: named (stickers and GIFs are not)
_OLD_NOTICES = frozenset({"Subscribe", "Unsubscribe", "Call"})  # an old export's `type` of the app's own line


def _own_line(content: str, sender: str) -> bool:
    """Whether `content` is a line the app wrote about `sender` (or "You") doing something."""
    if _BARE.fullmatch(content):
        return True
    for subject in ("You", sender):
        if subject and content.startswith(subject + " ") and _DOING.fullmatch(content[len(subject) + 1 :]):
            return True
    return False


def _stands_in(content: str, sender: str) -> bool:
    """Whether `content` only says that something was sent ("You sent an attachment.")."""
    for subject in ("You", sender):
        if subject and content.startswith(subject + " ") and _SENT.fullmatch(content[len(subject) + 1 :]):
            return True
    return False


def said(item: Any) -> Said | str:
    """A message of the file, why it is bad (a text), or NOTICE for the app's own line (a call, a
    join, a group renamed, a reaction written as a message)."""
    if isinstance(item, jsonstream.Bad):
        return item.reason
    if not isinstance(item, dict):
        return f"the message is {_kind(item)}, not an object"
    sender = name(item.get("sender_name"))
    content = unmangled(item.get("content")).strip()
    if item.get("type") in _OLD_NOTICES or isinstance(item.get("call_duration"), (int, float)):
        return NOTICE
    time = _seconds(item)
    if item.get("is_unsent") is True or item.get("is_unsent_image_by_messenger_kid_parent") is True:
        return Said(sender, "", time, unsent=True)
    if _UNSENT.fullmatch(content):
        return Said(sender, "", time, unsent=True)
    if content and _own_line(content, sender):
        return NOTICE
    if _stands_in(content, sender):  # what was sent is named below, when the export gives it
        content = ""
    words = [*attached(item), content]
    link = _link(item.get("share"))
    if link and link not in content:
        words.append(link)
    return Said(sender, "\n".join(w for w in words if w), time)


def attached(item: dict[str, Any]) -> list[str]:
    """The files a message carries, named as WhatsApp names one ("IMG_2041.jpg (file attached)"):
    photos, videos, audio and other files, by their name in the export. Stickers and GIFs, picked
    from the app's own, are not named."""
    out = []
    for key in _NAMED:
        entries = item.get(key)
        for entry in entries[:100] if isinstance(entries, list) else ():
            uri = unmangled(entry.get("uri")) if isinstance(entry, dict) else ""
            name = re.split(r"[/\\]", uri.strip())[-1].strip()[:MAX_NAME]
            if name and name not in (".", ".."):
                out.append(f"{name} (file attached)")
    return list(dict.fromkeys(out))


def _link(share: Any) -> str:
    """A shared link (a post, a reel, a page): kept, as a person would look for it. The shared post's
    own words (`share_text`) are its writer's, not the sender's: left out."""
    if not isinstance(share, dict):
        return ""
    link = unmangled(share.get("link")).strip()
    return link if len(link) <= 4096 and re.match(r"(?i)https?://\S+$", link) else ""


def _seconds(item: dict[str, Any]) -> Any:
    """The message's time as a Unix number: `timestamp_ms` (or an old export's `timestamp`, in
    seconds); a value of the other unit is read as it must be by the chat reader, as every route's is
    (memory/chats.py `read_time`: 1.7e12 is milliseconds, 1.7e9 seconds, however the field is named).
    The raw value when it is not a number (the import says why)."""
    raw = item.get("timestamp_ms", item.get("timestamp"))
    value = raw
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,20}\s*", value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return raw
    return value


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "a list"
    return "a text" if isinstance(value, str) else "a value"


def shown(thread: Thread, n: int) -> str:
    """A thread's file as a report names it (by its own name: a thread's file renamed is read alone)."""
    named = next((Path(file).name for number, file in thread.files if number == n), f"message_{n}.json")
    return f"{thread.shown}/{named}"
