"""New memory ids (memory/capture.py `new_id`): "mem_" and 12 hex digits, never the same twice, and
the ids one process makes sort together (an import's rows land on a few pages of each index on a
memory id, not one page a row). Forked children and threads make ids of their own."""

from __future__ import annotations

import copy
import itertools
import os
import re
import threading

from memory import capture

ID = re.compile(r"mem_[0-9a-f]{12}")


def test_one_process_ids_are_well_formed_distinct_and_in_the_order_made():
    ids = [capture.new_id() for _ in range(5000)]
    assert all(ID.fullmatch(i) for i in ids)
    assert len(set(ids)) == len(ids)
    # one process's ids share their first six digits until its counter runs out (then they draw again)
    runs = [i for i, (a, b) in enumerate(itertools.pairwise(ids)) if a[:10] != b[:10]]
    assert len(runs) <= 1
    start = runs[0] + 1 if runs else 0
    assert ids[start:] == sorted(ids[start:])


def test_a_counter_that_runs_out_draws_again_and_stays_distinct():
    ids = capture._Ids()
    ids._next = 0xFFFFFE
    made = [ids.new() for _ in range(4)]
    assert made[0].endswith("fffffe") and made[1].endswith("ffffff")
    assert all(ID.fullmatch(i) for i in made) and len(set(made)) == 4


def test_threads_never_share_an_id():
    out: list[list[str]] = [[] for _ in range(4)]

    def make(into: list[str]) -> None:
        into.extend(capture.new_id() for _ in range(3000))

    workers = [threading.Thread(target=make, args=(box,)) for box in out]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    every = [i for box in out for i in box]
    assert len(set(every)) == len(every) == 12000


def test_a_forked_child_makes_other_ids_than_its_parent():
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its next ids, to the parent
        try:
            os.write(write, " ".join(capture.new_id() for _ in range(50)).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as fh:
        child = fh.read().split()
    os.waitpid(pid, 0)
    parent = [capture.new_id() for _ in range(50)]
    assert len(child) == 50 and not set(child) & set(parent)
    assert {c[4:10] for c in child} != {p[4:10] for p in parent}


def test_control_a_copy_of_the_state_makes_the_same_ids():
    """What the fork test guards against: a child that kept its parent's draw would make its ids."""
    ids = capture._Ids()
    twin = copy.copy(ids)
    twin._lock = threading.Lock()
    assert [ids.new() for _ in range(5)] == [twin.new() for _ in range(5)]
