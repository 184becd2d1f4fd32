"""The request envelope of `quire serve` reads null as "not given", as every other route does: {"params":
null} is no parameters and {"actor": null} the CLI's actor (both were refused, "params must be a JSON
object"); an actor that is no string is refused in one line, not written into the audit log as its repr
("5", "None")."""

from __future__ import annotations

import quire
from tests.test_service import post, served  # noqa: F401  (the fixture)


def test_null_params_and_actor_are_not_given(served, quire_home):  # noqa: F811
    s = served()
    status, data = post(s.info["port"], "/v1/ops/status", {"params": None, "actor": None}, s.token)
    assert status == 200 and data["result"]["total"] == 0, data
    text = "The greenhouse heater turns on below five degrees at night"
    status, data = post(s.info["port"], "/v1/ops/capture", {"params": {"content": text}, "actor": None}, s.token)
    assert status == 200, data
    with quire.open(quire_home) as q:
        [entry] = [e for e in q.log(subject_id=data["result"]["id"]).entries if e["action"] == "capture"]
        assert entry["actor"] == "cli"


def test_an_actor_that_is_no_string_is_refused_and_nothing_is_stored(served, quire_home):  # noqa: F811
    s = served()
    for actor in (5, ["cli"], {"name": "cli"}, True):
        body = {"params": {"content": "The greenhouse door sticks when the air is humid"}, "actor": actor}
        status, data = post(s.info["port"], "/v1/ops/capture", body, s.token)
        assert status == 400 and "actor must be a string" in data["error"]["message"], data
    with quire.open(quire_home) as q:
        assert q.status().total == 0
