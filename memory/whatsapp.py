"""WhatsApp's "Export chat" text: one chat a file (`WhatsApp Chat with Anna.txt` from Android, or
`_chat.txt` inside the zip iOS shares), each message a line that opens with its date, time and
sender and goes on over the lines below it:

    12/31/23, 9:15 PM - Anna Kowalska: Happy new year!        (Android)
    [31.12.23, 21:15:42] Anna Kowalska: Happy new year!       (iOS)

The date's order is the phone's locale's and the file does not say it: a first number past 12 is
a day (31/12), a second past 12 is a day (12/31), and when every date could be read either way
the order under which the messages run forward in time is taken (a chat is written in order).
Lines without a sender ("Messages and calls are end-to-end encrypted", "Anna added Ben") and
media placeholders ("<Media omitted>", "image omitted", "This message was deleted") are nobody's
words, so they are no message. Times are the phone's wall clock: `instant` makes each the moment
it was in a time zone (the machine's, or the one the person names: `time_zone`).

Only parsing lives here; memory/chats.py turns what it finds into a conversation and imports it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from memory import clock
from memory.errors import InvalidInput

# Korean phones write "2023. 12. 30."; \d is any script's digit (Arabic-Indic "٣٠/١٢/٢٠٢٣" too).
_DATE = r"(\d{1,4})[./-]\s?(\d{1,2})[./-]\s?(\d{2,4})\.?"
# A 12-hour clock's half of the day: before the hour in Japanese, Korean and Chinese ("午後9:15",
# "오후 9:15", "下午9:15"), after it as AM/PM ("9:15 PM", Spanish "9:15 p. m.") or Arabic's ص/م.
_BEFORE = {"午前": 1, "午後": 2, "오전": 1, "오후": 2, "上午": 1, "下午": 2}
_AFTER = {"ص": 1, "م": 2}
_TIME = (
    rf"(?:({'|'.join(_BEFORE)})\s?)?(\d{{1,2}})[:.](\d{{2}})(?:[:.](\d{{2}}))?"
    rf"(?:[\s\u202f\u00a0]?(?:([AaPp])\.?\s?[Mm]\.?|({'|'.join(_AFTER)})(?!\w)))?"
)
# Android: "DATE, TIME - rest"; iOS: "[DATE, TIME] rest". The marks a phone puts before a line
# (left-to-right marks, a BOM) and an Arabic phone's right-to-left marks between the date's numbers
# are dropped before the match (`_unmarked`).
HEADER = re.compile(rf"^(?:\[{_DATE},?\s{_TIME}\]\s|{_DATE},?\s{_TIME}\s-\s)(.*)$")
_GROUPS = 9  # a form's groups: the date's three, the half before, the time's three, the half after (two ways)
_REST = 2 * _GROUPS + 1  # HEADER's group after the date and time (iOS's groups, then Android's)
_MARKS = "\ufeff\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
SENDER_MAX = 80  # characters: a longer "name" before a colon is a system line's words, not a sender
SENDERS_MAX = 2048  # distinct senders a survey counts (a group holds at most 1,024); a hostile file may name millions
MESSAGE_MAX = 16_000_000  # characters of one message (its lines joined); the rest is dropped, reported

# What a phone writes in place of what was sent: nobody's words. Android's own all come in <...>
# ("<Media omitted>", "<Medien ausgeschlossen>"); iOS writes a phrase in the phone's language
# (WhatsApp's Localizable.strings), the common ones here: a whole message of exactly one of them.
_OMITTED = (
    # English
    "image omitted", "video omitted", "audio omitted", "sticker omitted", "GIF omitted", "document omitted",
    "Contact card omitted", "This message was deleted", "You deleted this message",
    "Waiting for this message. This may take a while", "null",
    # German
    "Bild weggelassen", "Video weggelassen", "Audio weggelassen", "Sticker weggelassen", "GIF weggelassen",
    "Dokument weggelassen", "Kontaktkarte ausgelassen", "Kontaktkarte weggelassen",
    "Diese Nachricht wurde gelöscht", "Du hast diese Nachricht gelöscht",
    # French
    "image absente", "vidéo absente", "audio omis", "sticker omis", "GIF retiré", "GIF omis", "document manquant",
    "document omis", "Fiche contact manquante", "Ce message a été supprimé", "Vous avez supprimé ce message",
    # Spanish
    "imagen omitida", "video omitido", "vídeo omitido", "audio omitido", "sticker omitido", "GIF omitido",
    "documento omitido", "Tarjeta de contacto omitida", "Se eliminó este mensaje", "Eliminaste este mensaje",
    # Portuguese (Brazil, then Portugal)
    "imagem ocultada", "vídeo ocultado", "áudio ocultado", "figurinha omitida", "Cartão do contato omitido",
    "Esta mensagem foi apagada", "Você apagou esta mensagem", "Mensagem apagada",
    "imagem não revelada", "vídeo não revelado", "ficheiro de áudio não revelado", "sticker não revelado",
    "GIF não revelada", "documento não revelado", "Contacto não revelado", "Apagou esta mensagem",
    # Italian
    "immagine omessa", "video omesso", "audio omesso", "sticker omesso", "sticker non incluso", "GIF esclusa",
    "GIF omessa", "documento omesso", "Scheda contatto omessa", "Questo messaggio è stato eliminato",
    "Hai eliminato questo messaggio",
    # Dutch
    "afbeelding weggelaten", "video weggelaten", "audio weggelaten", "sticker weggelaten", "GIF weggelaten",
    "document weggelaten", "Visitekaartje weggelaten", "Dit bericht is verwijderd", "Je hebt dit bericht verwijderd",
    # Russian
    "изображение отсутствует", "видео отсутствует", "аудиофайл отсутствует", "аудио отсутствует",
    "стикер не добавлен", "стикер отсутствует", "GIF отсутствует", "документ отсутствует",
    "Карточка контакта отсутствует", "Данное сообщение удалено", "Вы удалили данное сообщение", "Сообщение удалено",
)  # fmt: skip
_PLACEHOLDER = re.compile(
    r"^(?:<[^<>\n]{1,80}>|(?:"
    + "|".join(re.escape(phrase) for phrase in _OMITTED)
    + r")\.?|Missed (?:voice|video|group voice|group video) call)$",
    re.IGNORECASE,
)
# iOS names a file sent "<attached: 00000034-Invoice.pdf>" (the counter first), after a left-to-right
# mark, with a caption on the lines below; Android writes "Invoice.pdf (file attached)". The file is
# named as Android names it, so both land the same: it read as a placeholder and was lost.
_ATTACHED = re.compile(r"^<attached:\s*(?:\d{8}-)?([^<>\n]{1,255})>", re.IGNORECASE)
# Android's edit mark at a message's end: "<This message was edited>", in the phone's language
# ("<Diese Nachricht wurde bearbeitet>"): a bracketed phrase of words, not a tag ("<br>", "</b>").
# (from the first space of a run only: from each space of a long run the rest was read again, and a message
# of 40,000 spaces took 4 s to read, a chat of a few such 9 minutes)
_EDITED = re.compile(r"(?<!\s)\s+<(?!/)[^<>\n]{0,60}\s[^<>\n]{0,60}>$")
# "WhatsApp Chat with Anna", "WhatsApp Chat - Anna" (iOS's zip), "WhatsApp-Chat mit Anna",
# "Chat de WhatsApp con Anna", "Discussion WhatsApp avec Anna", "Czat WhatsApp z Anna".
_TITLE = re.compile(r"WhatsApp(?:[ -]?Chat)?\s+(?:with|mit|con|avec|com|met|z|-)\s+(.+)$", re.IGNORECASE)
# What a browser or file manager appends to a file downloaded again beside the first: Chrome's and
# Windows' " (1)", Firefox's "(1)". Only taken off a name the app wrote (a chat named "Team (2)" in a
# file the person named stays so).
_DOWNLOADED = re.compile(r"\s?\(\d{1,3}\)$")


ORDERS = ("dmy", "mdy", "ymd")


@dataclass(frozen=True)
class Said:
    """One message: its place in the chat (0-based), the line it opens on, its sender, its text
    ("" for a placeholder), and its time as ISO text (None when the line's date or time is no
    moment: 2023-02-30, 25:61), with why not."""

    position: int
    line: int
    speaker: str
    text: str
    time: str | None
    problem: str | None = None
    cut: bool = False  # the message passed MESSAGE_MAX; what followed was dropped
    edited: bool = False  # WhatsApp marked it "<This message was edited>"


@dataclass(frozen=True)
class Lone:
    """A sender's first header (or one with no sender after a message), for `strays`: its line, the
    sender ("" for none), its time under each of ORDERS (`_key`), the times of the message open
    before it and of the next header after it of a sender seen before that (None at the file's
    ends), whether a message was open before it (a stray line is that message's), and whether
    WhatsApp marked the name as a profile's, not a contact's ("~ Kasia")."""

    line: int
    name: str
    at: tuple[tuple[int, ...], ...]
    before: tuple[tuple[int, ...], ...] | None
    after: tuple[tuple[int, ...], ...] | None
    opened: bool
    profile: bool


@dataclass(frozen=True)
class Survey:
    """What a first pass over the file tells: the date order, whether it was a guess, the first
    few senders (up to three), the messages and the first moment; each sender's count of messages
    and where each first spoke (up to SENDERS_MAX senders), for `strays`."""

    order: str  # dmy | mdy | ymd
    guessed: bool
    speakers: frozenset[str]
    messages: int
    first: str | None
    fits: frozenset[str] = frozenset(ORDERS)  # the orders under which every date has its month and year in place
    numbers: tuple[int, ...] | None = None  # the first message's date and time as written (`_numbers`)
    counts: tuple[tuple[str, int], ...] = ()  # sender -> messages, in the order they first spoke
    firsts: tuple[Lone, ...] = ()
    joined: tuple[tuple[str, str], ...] = ()  # a name before its first ": " -> the whole name (`_Joined`)


def strip_marks(line: str) -> str:
    return line.lstrip(_MARKS)


_NO_MARKS = str.maketrans("", "", _MARKS)
_HEAD_MAX = 60  # characters: a header's date, time and separator come within them


def _unmarked(line: str) -> str:
    """`line` without the marks before it and within its date and time (up to the first " - " or
    "] "): an Arabic phone writes "\u200f30\u200f/12\u200f/2023 9:15 م - ...". The message's own
    marks are kept: an iOS notice is told by the one that opens it (`_split`)."""
    line = strip_marks(line)
    ends = [at for at in (line.find(" - ", 0, _HEAD_MAX), line.find("] ", 0, _HEAD_MAX)) if at >= 0]
    if not ends:
        return line
    return line[: min(ends)].translate(_NO_MARKS) + line[min(ends) :]


def looks_like(head: str) -> bool:
    """Whether text opening a file is a WhatsApp chat: its first line is a message's header and a
    header with a sender comes within its first 50 lines."""
    found = [HEADER.match(_unmarked(line.rstrip("\r"))) for line in head.splitlines()[:50] if line.strip()]
    return bool(found and found[0] and any(m and _split(m.group(_REST))[0] for m in found))


def headed(head: str) -> bool:
    """Whether text opens with a WhatsApp header, a sender's or the app's own notice's (a chat of
    notices only: `looks_like` wants a sender)."""
    first = next((line for line in head.splitlines()[:50] if line.strip()), "")
    return HEADER.match(_unmarked(first.rstrip("\r"))) is not None


def title(name: str, member: str | None = None, folder: str | None = None) -> str:
    """The chat's name from its file's: "WhatsApp Chat with Anna.txt" -> "Anna"; iOS's `_chat.txt`
    is named by its zip ("WhatsApp Chat - Anna.zip"), or unzipped by the `folder` it was unpacked
    into ("WhatsApp Chat - Anna/_chat.txt"). A browser's mark of a second download ("WhatsApp Chat
    with Anna (1).txt") is no part of the name: the chat downloaded again is the same chat."""
    stem = (member or name).rsplit("/", 1)[-1].rsplit(".", 1)[0]
    if stem.lstrip("_").lower() == "chat":
        outer = name.rsplit(".", 1)[0] if member is not None else folder
        stem = outer if outer and (member is not None or _TITLE.search(outer)) else stem
    found = _TITLE.search(stem)
    return (_DOWNLOADED.sub("", found.group(1)) if found else stem).strip() or "WhatsApp chat"


class _Senders:
    """The survey's count of each sender and, for `strays`, where each first spoke."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.firsts: list[Lone] = []
        self.waiting: list[int] = []  # firsts whose next header of a sender seen before is yet to come
        self.last: tuple[int, ...] | None = None  # the last header's with a sender (`_numbers`): the open message's
        self.opened = False  # a message is open: its lines may follow
        self.notices = 0  # notices noted in firsts (name "") while a message was open

    def heard(self, line: int, speaker: str, rest: str, numbers: tuple[int, ...]) -> None:
        seen = self.counts.get(speaker)
        if seen is not None:
            self.counts[speaker] = seen + 1
            if self.waiting:  # times are worked out only for a first header's sake (most have none)
                after = _keys(numbers)
                for i in self.waiting:
                    self.firsts[i] = replace(self.firsts[i], after=after)
                self.waiting = []
        elif len(self.counts) < SENDERS_MAX:
            self.counts[speaker] = 1
            profile = strip_marks(rest).startswith("~")
            before = _keys(self.last) if self.last is not None and self.opened else None
            self.firsts.append(Lone(line, speaker, _keys(numbers), before, None, self.opened, profile))
            self.waiting.append(len(self.firsts) - 1)
        self.opened, self.last = True, numbers

    def noticed(self, line: int, numbers: tuple[int, ...]) -> None:
        """A header with no sender: a notice, or, while a message is open, a line of it that only
        looks like one (a log pasted in: "30/12/2023, 09:00 - server started"), told by its time."""
        if self.opened and self.notices < SENDERS_MAX:
            self.notices += 1
            before = _keys(self.last) if self.last is not None else None
            self.firsts.append(Lone(line, "", _keys(numbers), before, None, True, False))
            self.waiting.append(len(self.firsts) - 1)
        self.opened = False  # the lines after a notice are no message's


def _keys(numbers: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """A header's times under each of ORDERS (`_key`)."""
    return tuple(_key(numbers, order) for order in ORDERS)


def survey(lines: Iterable[tuple[int, str | None]]) -> Survey:
    """One pass: the date order (see the module), the senders, the count of messages."""
    top = [0, 0]  # the largest first and second number
    year_first = False
    backwards = {"dmy": 0, "mdy": 0}  # steps back in time under each order
    last: dict[str, tuple[int, ...]] = {}
    senders = _Senders()
    joins = _Joined()
    messages = 0
    first_numbers: tuple[int, ...] | None = None
    for number, line in lines:
        found = HEADER.match(_unmarked(line.rstrip("\r\n"))) if line is not None else None
        if not found:
            continue
        numbers, rest = _numbers(found), found.group(_REST)
        speaker, body = _split(rest)
        if not speaker:
            senders.noticed(number, _numbers(found))
            continue
        joins.heard(speaker, body)
        messages += 1
        senders.heard(number, speaker, rest, numbers)
        year_first = year_first or len(found.group(1) or found.group(_GROUPS + 1) or "") == 4
        top = [max(top[0], numbers[0]), max(top[1], numbers[1])]
        first_numbers = first_numbers or numbers
        for order in backwards:
            key = _key(numbers, order)
            backwards[order] += bool(order in last and key < last[order])
            last[order] = key
    order, guessed = _order(top, backwards, year_first)
    first = _moment(first_numbers, order)[0] if first_numbers else None
    counts, firsts, wholes = _named_whole(senders, joins.names())
    speakers = frozenset(name for name, _ in counts[:3])  # two tell a chat between people
    fits = _fits(top, year_first)
    return Survey(order, guessed, speakers, messages, first, fits, first_numbers, counts, firsts, wholes)


def _named_whole(
    senders: _Senders, joined: dict[str, dict[str, int]]
) -> tuple[tuple[tuple[str, int], ...], tuple[Lone, ...], tuple[tuple[str, str], ...]]:
    """The survey's counts and firsts with each sender `_Joined` found named whole, and those names."""
    counts = tuple(
        pair
        for name, n in senders.counts.items()
        for pair in ([(f"{name}: {end}", m) for end, m in joined[name].items()] if name in joined else [(name, n)])
    )
    # a first header opened with the first of its sender's ends (each said twice or more: never a stray)
    firsts = tuple(
        replace(f, name=f"{f.name}: {next(iter(joined[f.name]))}") if f.name in joined else f for f in senders.firsts
    )
    return counts, firsts, tuple((name, f"{name}: {end}") for name, ends in joined.items() for end in ends)


class _Joined:
    """Contact names that hold ": " ("Work: Ana"), which a header's first colon cuts in two
    ("12/01/2024, 09:00 - Work: Ana: Hi"): when every message of a "sender" goes on with name-like
    words and ": " ("Ana: ", or "Ben: " for a second contact "Work: Ben"), and each such name opens
    two or more of them, each is a sender named whole ("Work: Ana", "Work: Ben"). One message cannot
    tell a contact "Work: Ana" from Work saying "Ana: hi", so a name heard once stays cut at its first
    colon, and so does every message of a sender one of whose messages does not go on so."""

    def __init__(self) -> None:
        # sender -> each name its messages go on with, and how many (None once one goes on otherwise)
        self.after: dict[str, dict[str, int] | None] = {}

    def heard(self, speaker: str, body: str) -> None:
        if speaker not in self.after and len(self.after) >= SENDERS_MAX:
            return
        seen = self.after.setdefault(speaker, {})
        if seen is None:
            return
        more, sep, _ = body.partition(": ")
        if not sep or not _name_like(more, len(speaker)) or (more not in seen and len(seen) >= JOINED_MAX):
            self.after[speaker] = None
            return
        seen[more] = seen.get(more, 0) + 1

    def names(self) -> dict[str, dict[str, int]]:
        """Each sender to cut no more: its names' ends and their messages, in the order first heard."""
        return {name: ends for name, ends in self.after.items() if ends and min(ends.values()) >= 2}


JOINED_MAX = 64  # contacts one first part may open ("Work: Ana", "Work: Ben", ...) before it is no name's


def _name_like(words: str, before: int) -> bool:
    """Words that can end a contact's name: a few, no quote mark, the whole within SENDER_MAX."""
    return (
        words == words.strip()
        and 0 < len(words) <= SENDER_MAX - before - 2
        and len(words.split()) <= 4
        and ":" not in words
        and not any(mark in words for mark in _QUOTES)
        and words[0].isalpha()
    )


def strays(found: Survey, order: str) -> frozenset[int]:
    """The lines that open with a date, a time and "Word: " but are the lines of the message before
    them: a plan pasted in ("01/01/2024, 09:00 - Breakfast: at the hotel"), an old message quoted.
    Only a "sender" with no other message, after an open message, whose name WhatsApp did not mark
    as a profile's ("~ Kasia"), and: its time runs back before the message it follows or past the
    next message of a sender seen before, by more than STRAY_HOURS (a chat is written in order); or
    the chat is between two (two senders of more than one message) and its name has no capital
    letter ("meeting: agenda"), as a contact's has. A member who said one thing once, in its place
    in time and named as people are, keeps their message (a group may be named for a member). A line with
    no sender after an open message (a log pasted in) is the message's when its time is out of order."""
    at = ORDERS.index(order)
    regular = {name.casefold() for name, n in found.counts if n >= 2}
    two = len(regular) == 2
    once = {name for name, n in found.counts if n == 1}
    out: set[int] = set()
    for lone in found.firsts:
        if (lone.name and lone.name not in once) or not lone.opened or lone.profile or not regular:
            continue
        key = lone.at[at]
        early = lone.before is not None and _hours(lone.before[at], key) > STRAY_HOURS
        late = lone.after is not None and _hours(key, lone.after[at]) > STRAY_HOURS
        worded = two and lone.name == lone.name.lower() != lone.name.upper()
        # a line with no sender stays a notice unless its time says otherwise (WhatsApp's own come in order)
        if early or late or (lone.name and worded):
            out.add(lone.line)
    return frozenset(out)


# Hours a line's time must run out of the chat's order to be no header: a message sent from a phone
# offline (on a flight) is placed when it arrived and keeps the time it was written, hours before
# the ones around it; a plan pasted in names another day, a quoted message an older one.
STRAY_HOURS = 12


def _hours(later: tuple[int, ...], earlier: tuple[int, ...]) -> float:
    """Hours from `earlier` to `later` (two `_key`s); 0 when either is no moment (2023-02-30)."""
    try:
        return (_datetime(later) - _datetime(earlier)).total_seconds() / 3600
    except (ValueError, OverflowError):
        return 0.0


def _datetime(key: tuple[int, ...]) -> datetime:
    year, month, day, hour, minute, second = key
    return datetime(year, month, day, hour, minute, second)


def speakers(found: Survey, strayed: frozenset[int]) -> list[str]:
    """The chat's first three senders of a message of their own (not a stray line's "sender")."""
    lone = {f.name for f in found.firsts if f.line in strayed}
    return [name for name, _ in found.counts if name not in lone][:3]


def _fits(top: list[int], year_first: bool) -> frozenset[str]:
    """The orders a file's dates allow: a four-digit first number is a year; a first (second)
    number past 12 is no month, so not month-first (day-first)."""
    if year_first:
        return frozenset({"ymd"})
    return frozenset(o for o, n in (("dmy", top[1]), ("mdy", top[0])) if n <= 12)


def ordered(found: Survey, order: str) -> Survey:
    """`found` read in the order the person gave (a guess no more); InvalidInput when the file's
    dates cannot be read so (a 31 where a month would be)."""
    if order not in ORDERS:
        raise InvalidInput(f"unknown date order {order!r}; use dmy, mdy or ymd")
    if order not in found.fits:
        can = " or ".join(sorted(found.fits)) or "none of dmy, mdy, ymd"
        raise InvalidInput(
            f"the chat's dates cannot be read as {order} (a number where the month would be is past 12, or the "
            f"year comes first); they read as {can}: leave --date-order out or give that"
        )
    first = _moment(found.numbers, order)[0] if found.numbers else None
    return replace(found, order=order, guessed=False, first=first)


def _order(top: list[int], backwards: dict[str, int], year_first: bool) -> tuple[str, bool]:
    if year_first:
        return "ymd", False
    if top[0] > 12 >= top[1]:
        return "dmy", False
    if top[1] > 12 >= top[0]:
        return "mdy", False
    if backwards["mdy"] < backwards["dmy"]:
        return "mdy", False
    return "dmy", backwards["mdy"] == backwards["dmy"]


def messages(
    lines: Iterable[tuple[int, str | None]],
    order: str,
    notices: Counter[str] | None = None,
    strayed: frozenset[int] = frozenset(),
    joined: tuple[tuple[str, str], ...] = (),
) -> Iterator[Said]:
    """The chat's messages in order, each with the lines that continue it (a line in `strayed`
    too, though it looks like a header: `strays`). A line before the first header, or a header
    with no sender (a system line: counted in `notices["notice"]`), belongs to no message. A sender
    in `joined` (`Survey.joined`) is named whole: "Work: Ana: Hi" is Work: Ana's "Hi"."""
    ends: dict[str, list[str]] = {}
    for name, whole in joined:
        ends.setdefault(name, []).append(whole[len(name) + 2 :])
    current: list[str] | None = None
    opened: tuple[int, str, str | None, str | None] | None = None  # line, sender, time, problem
    size, cut, position = 0, False, 0
    for number, line in lines:
        text = (line or "").rstrip("\r\n")
        found = HEADER.match(_unmarked(text)) if number not in strayed or current is None else None
        if found:
            if current is not None and opened is not None:
                yield _said(position, opened, current, cut)
                position += 1
            current, opened, size, cut = None, None, 0, False
            speaker, body = _split(found.group(_REST))
            end = next((e for e in ends.get(speaker, ()) if body.startswith(e + ": ")), None)
            if end is not None:
                speaker, body = f"{speaker}: {end}", body[len(end) + 2 :]
            if speaker:
                time, problem = _moment(_numbers(found), order)
                current, opened, size = [body], (number, speaker, time, problem), len(body)
            elif notices is not None:
                notices["notice"] += 1
        elif current is not None and not cut:
            if size + len(text) + 1 > MESSAGE_MAX:
                cut = True
            else:
                current.append(text)
                size += len(text) + 1
    if current is not None and opened is not None:
        yield _said(position, opened, current, cut)


def _said(position: int, opened: tuple[int, str, str | None, str | None], lines: list[str], cut: bool) -> Said:
    number, speaker, time, problem = opened
    text = "\n".join(lines)
    edited = bool(_EDITED.search(text))
    text = _EDITED.sub("", text).strip()
    attached = _ATTACHED.match(strip_marks(text))
    if attached:
        text = f"{attached.group(1).strip()} (file attached)" + strip_marks(text)[attached.end() :]
    elif _PLACEHOLDER.match(strip_marks(text)):
        text = ""  # what was sent is not in the text: a photo, a deleted message
    return Said(position, number, speaker, text, time, problem, cut, edited)


def _split(rest: str) -> tuple[str, str]:
    """(sender, text) of a header's rest; ("", rest) for a system line (no "Name: ", or on iOS a
    text opening with a left-to-right mark that is no media placeholder)."""
    name, sep, body = rest.partition(": ")
    if not sep:
        name, sep, body = rest.partition(":")
        if not sep or body:  # "Anna:" alone is an empty message; "a:b" is no sender
            return "", rest
    name = strip_marks(name).strip(_MARKS + " ").lstrip("~\u202f\u00a0 ").strip()
    if not name or len(name) > SENDER_MAX or any(mark in name for mark in _QUOTES):
        return "", rest
    if body.startswith("\u200e") and not _PLACEHOLDER.match(strip_marks(body).strip()):
        return "", rest  # iOS marks the phone's own notices ("Messages and calls are end-to-end encrypted")
    return name, body


# A notice quotes what was named ('Anna changed the subject to "Trip: Rome"', „Trip: Rom“ in German,
# « Trip : Rome » in French, 「旅行: ローマ」 in Japanese): a quote mark is in no contact's name here.
_QUOTES = '"\u201c\u201d\u201e\u00ab\u00bb\u2039\u203a\u300c\u300d\u300e\u300f'


def _numbers(found: re.Match[str]) -> tuple[int, ...]:
    """(first, second, year, hour, minute, second, pm) of a header, whichever form matched; pm is
    0 (no AM/PM), 1 (AM) or 2 (PM)."""
    groups = found.groups()
    part = groups[0:_GROUPS] if groups[0] is not None else groups[_GROUPS : 2 * _GROUPS]
    a, b, c, before, hour, minute, sec, half, after = part
    pm = (
        _BEFORE.get(before or "") or _AFTER.get(after or "") or (0 if half is None else 2 if half.lower() == "p" else 1)
    )
    return _field(a), int(b), _field(c), int(hour), int(minute), int(sec or 0), pm


def _field(written: str) -> int:
    """A date's first or last number; a year written whole before 100 ("0001", "099") is negative, no
    moment: read as two digits it was 2001 ("23" is 2023, `_moment`)."""
    value = int(written)
    return -1 - value if len(written) > 2 and value < 100 else value


def _key(numbers: tuple[int, ...], order: str) -> tuple[int, ...]:
    """A header's (year, month, day, hour, minute, second) under `order`, for comparing, not checked."""
    a, b, c, hour, minute, second, pm = numbers
    year, month, day = {"dmy": (c, b, a), "mdy": (c, a, b), "ymd": (a, b, c)}[order]
    return year + (2000 if year < 100 else 0), month, day, hour % 12 + 12 * (pm == 2) if pm else hour, minute, second


def _moment(numbers: tuple[int, ...], order: str) -> tuple[str | None, str | None]:
    """ISO text of a header's date and time under `order`, or (None, why not)."""
    a, b, c, hour, minute, second, pm = numbers
    year, month, day = {"dmy": (c, b, a), "mdy": (c, a, b), "ymd": (a, b, c)}[order]
    if min(year, month, day) < 0:  # (`_field`)
        return None, "a date with a year before 100 is no moment"
    year += 2000 if year < 100 else 0  # WhatsApp began in 2009: "23" is 2023
    if pm:
        if not 0 <= hour <= 12:  # Japanese phones count the half-day from 0 (午前0:05)
            return None, f"the hour {hour} is not on a 12-hour clock"
        hour = hour % 12 + (12 if pm == 2 else 0)
    try:
        return datetime(year, month, day, hour, minute, second).isoformat(), None
    except ValueError as exc:
        return None, f"{year:04d}-{month:02d}-{day:02d} {hour:02d}:{minute:02d} is no moment ({exc})"


ZONE_MAX = 64  # characters of a time zone's name (the longest IANA name is 32)


def time_zone(name: str) -> tzinfo:
    """The IANA time zone `name` ("Europe/Warsaw", "America/Sao_Paulo", "UTC"); InvalidInput naming
    the fix for any other text (a path, an abbreviation such as CET is a zone only where IANA has it)."""
    found: tzinfo | None = None
    name = name.strip()  # as every route's request model reads a text
    if 0 < len(name) <= ZONE_MAX and name.isprintable():
        try:
            found = ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError, OSError):  # a path, a folder ("Europe"), no such zone
            found = None
    if found is None:
        said = name[:ZONE_MAX]
        raise InvalidInput(
            f"unknown time zone {said!r}; give an IANA name such as Europe/Warsaw, America/New_York or UTC"
        )
    return found


def machine_zone() -> tzinfo | None:
    """The machine's time zone by its IANA name (`clock.machine_zone`: the one recall shows days in)."""
    return clock.machine_zone()


def instant(local: str | None, zone: tzinfo | None) -> str | None:
    """A wall-clock time ("2024-03-31T02:30:00", as `_moment` gives it) as the moment it was in `zone`
    (None: the machine's local time), ISO with its UTC offset. A time the clock skipped (02:30 on the
    spring-forward day) reads with the offset before the change, one it passed twice as its first;
    a time with an offset already, or none, is as given; one a zone pushes past year 1 or 9999 is kept
    as written (the importer checks its range)."""
    if local is None:
        return None
    try:
        moment = datetime.fromisoformat(local)
        if moment.tzinfo is not None:
            return local
        aware = moment.replace(tzinfo=zone) if zone is not None else moment.astimezone()
        return aware.astimezone(UTC).isoformat()
    except (ValueError, OverflowError, OSError):
        return local
