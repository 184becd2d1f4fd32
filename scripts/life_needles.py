"""Write memory/data/needles.txt: each rule of memory/life.py with its needles and openings (`needles.kept_line`),
read by `life._rule_needles` instead of parsing each rule's pattern again in every process. Run it after a rule
changes (tests/test_life_gates49.py says when most rules have no entry); an entry of a changed rule is never read.

    python scripts/life_needles.py
"""

from __future__ import annotations

from memory import life, needles, vocab


def main() -> None:
    lines = ["# memory/life.py's rules' needles (scripts/life_needles.py): key, tab, JSON. Made, not written by hand."]
    for _, _, pattern, _ in life._RULES:
        lines.append(needles.kept_line(pattern, needles.within_and_openings(pattern, needles.LONG_MOST)))
    (vocab.DATA / "needles.txt").write_text("\n".join(dict.fromkeys(lines)) + "\n", encoding="utf-8")
    print(f"{len(lines) - 1} rules' needles written to memory/data/needles.txt")


if __name__ == "__main__":
    main()
