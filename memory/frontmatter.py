"""The one reader (and scalar writer) of YAML frontmatter: notes people wrote, pages quire wrote.

Reading is python-frontmatter's YAML handler over PyYAML's safe loader; what it adds here is
what callers need from a person's file: the line the body starts on (imports report lines), a
clear outcome for a block that is opened and never closed, and YAML that does not parse kept as
a problem string instead of an exception (a sloppy note still imports; lint reports it on pages).
Writing: `scalar` quotes any string as a YAML double-quoted scalar that `yaml.safe_load` reads
back identical (colons, quotes, `#`, control characters, any script).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import frontmatter
import yaml

from memory.errors import InvalidInput

_HANDLER = frontmatter.YAMLHandler()
# Outside YAML's printable set, or a line break YAML 1.1 would fold (NEL, U+2028, U+2029), or a BOM:
# escaped inside a double-quoted scalar.
_UNPRINTABLE = re.compile("[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]|[\u2028\u2029]")


@dataclass(frozen=True)
class Front:
    """A file split at its frontmatter. `present` is False for a file without any."""

    metadata: dict[str, Any] = field(default_factory=dict)
    body: str = ""
    body_line: int = 0  # 0-based index of the first body line in the original text
    present: bool = False
    problem: str | None = None  # the YAML did not parse (metadata is then empty)

    def text(self, key: str) -> str | None:
        """A metadata value as one line of text, or None when absent or empty."""
        value = self.metadata.get(key)
        if value is None or isinstance(value, dict | list):
            return None
        flat = " ".join(str(value).split())
        return flat or None

    def texts(self, key: str) -> list[str]:
        """A metadata value that may be one string or a list of them (`aliases`, `tags`)."""
        value = self.metadata.get(key)
        items = value if isinstance(value, list) else [value]
        out = []
        for item in items:
            if item is None or isinstance(item, dict | list):
                continue
            flat = " ".join(str(item).split())
            if flat:
                out.append(flat)
        return out


class _UniqueKeys(yaml.SafeLoader):  # type: ignore[misc]  # PyYAML ships no types
    """PyYAML's safe loader, refusing a mapping that sets one key twice: it keeps the last one
    without a word (`title: A` then `title: B` read as B), as Python's json does."""


def _mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> Any:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            twice = key in seen
        except TypeError:  # an unhashable key: the constructor names it below
            continue
        if twice:
            raise yaml.constructor.ConstructorError(
                None, None, f"the key {str(key)[:80]!r} is set twice; keep one", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node, deep)


_UniqueKeys.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
# Every plain scalar is the text as written: YAML 1.1 read `title: yes` as True (the entity "True"),
# `on`/`no` as booleans, `1.10` as 1.1, `0x1F` as 31, `~`/`null` as nothing and `2024-02-30` as a
# date Python refused. A person's title, alias or tag is what they typed.
_UniqueKeys.yaml_implicit_resolvers = {}


def read(text: str) -> Front:
    """Split `text` at a leading `---` frontmatter block; raise InvalidInput if it never closes."""
    bom = 1 if text.startswith("\ufeff") else 0
    source = text[bom:]
    if not _HANDLER.detect(source):
        return Front(body=text)
    try:
        fm, body = _HANDLER.split(source)
    except ValueError:
        raise InvalidInput("frontmatter opened with '---' but never closed; add the closing '---' line") from None
    if body.startswith("\n"):
        body = body[1:]
    body_line = source[: len(source) - len(body)].count("\n")
    try:
        data = _HANDLER.load(fm, Loader=_UniqueKeys)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""  # fm starts with the newline after ---
        reason = getattr(exc, "problem", None) or "does not parse"
        return Front({}, body, body_line, True, f"frontmatter is not valid YAML{where}: {reason}")
    except (ValueError, OverflowError) as exc:
        # YAML reads `title: 2024-02-30` as a date and Python has no such day: a traceback that
        # stopped the whole import (and a page's lint) at one note.
        return Front({}, body, body_line, True, f"frontmatter holds a date that is not one ({exc}); quote it")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        return Front({}, body, body_line, True, "frontmatter is not a YAML mapping of keys to values")
    return Front({str(k): v for k, v in data.items()}, body, body_line, True)


def scalar(value: str) -> str:
    """`value` as a YAML double-quoted scalar that reads back identical."""
    quoted = json.dumps(value, ensure_ascii=False)
    return _UNPRINTABLE.sub(lambda m: _escape(m.group(0)), quoted)


def _escape(char: str) -> str:
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        return "\\ufffd"  # a lone surrogate cannot be written as UTF-8 at all
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def sequence(values: list[str] | tuple[str, ...]) -> str:
    """A flow sequence of double-quoted scalars: `["a", "b"]`."""
    return "[" + ", ".join(scalar(v) for v in values) + "]"
