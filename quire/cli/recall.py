"""`quire recall`."""

from __future__ import annotations

import click

from memory.models import TYPES
from quire.cli.app import Bounded, Chosen, call, cli, emit, json_option, query_words, shown, uses, warn
from quire.cli.render import (
    context_text,
    recall_text,
)


@uses("recall", types="types")
@cli.command()
@click.argument("query", nargs=-1, required=True, callback=query_words)
@click.option("--space", help="Only this space ('uncategorized' = memories without a space).")
@click.option("--all-spaces", is_flag=True, help="Search every space (default: the default space if set, else all).")
@click.option("--type", "types", multiple=True, type=Chosen(TYPES), help="Only this type (repeatable).")
@click.option("-k", "k", default=10, show_default=True, type=Bounded(1, 1000), help="How many results.")
@click.option("--as-of", metavar="DATE", help="What was current at DATE (YYYY-MM-DD = end of that day).")
@click.option("--explain", is_flag=True, help="Show the channels that matched and the priors applied.")
@click.option(
    "--context",
    default=0,
    type=Bounded(0, 50),
    metavar="N",
    help="With each hit from an imported conversation, show the N turns before and after it.",
)
@click.option(
    "--detail/--compact",
    default=True,
    help="Each hit's full record (the default here), or the compact hit agents get (id, text, type, date, score).",
)
@click.option("--max-chars", type=Bounded(200, 1_000_000), help="Fit the JSON answer in N characters.")
@click.option("--no-floor", is_flag=True, help="Return the k best even when nothing comes close to the query.")
@json_option
def recall(query, space, all_spaces, types, k, as_of, explain, context, detail, max_chars, no_floor, json_):
    """Find memories by meaning, words, entities and time ("what did we decide about X last month")."""
    if space and all_spaces:
        raise click.UsageError("give --space or --all-spaces, not both")
    data = call(
        "recall",
        {
            "query": " ".join(query),
            "space": space,
            "all_spaces": all_spaces,
            "types": list(types),
            "k": k,
            "as_of": as_of,
            "explain": explain,
            **({"context": context} if context else {}),
            "detail": detail,
            "max_chars": max_chars,
            **({"no_floor": True} if no_floor else {}),
        },
    )
    for w in data.get("warnings", []):
        warn(w)
    floor, best = data.get("floor"), data.get("best")
    if not data["results"] and floor is not None and best is not None and best < floor:
        click.echo(shown(f"nothing close to {' '.join(query)!r}"), err=True)
    if not detail:
        json_ = True  # the compact hit is for programs: it has no table of its own
    emit(data, json_, lambda d: recall_text(d, explain, typed=bool(types)) + context_text(d))
