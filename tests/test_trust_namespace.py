"""A folder above the home owned by the overflow uid (65534) in a user namespace: an owner outside the
namespace, trusted as root is; the same uid where it is a real user, another owner, a write bit or
the home itself still refused."""

from __future__ import annotations

import os

import pytest

from memory import files

ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user takes root")
NOBODY = 65534
IN_A_CONTAINER = "0 1000 1\n"  # this namespace maps its root to host uid 1000, and nothing else
ON_A_HOST = "         0          0 4294967295\n"  # every uid is mapped: 65534 is the user nobody


@pytest.fixture
def namespace(tmp_path, monkeypatch):
    """Set what /proc says about this process's user namespace: `namespace(uid_map_text)`."""
    overflow, uid_map = tmp_path / "overflowuid", tmp_path / "uid_map"
    overflow.write_text(f"{NOBODY}\n")
    monkeypatch.setattr(files, "OVERFLOW_UID", overflow)
    monkeypatch.setattr(files, "UID_MAP", uid_map)
    return uid_map.write_text


def test_only_an_unmapped_overflow_uid_is_outside_the_namespace(namespace):
    namespace(IN_A_CONTAINER)
    assert files.outside_namespace(NOBODY)
    assert not files.outside_namespace(4321)  # another uid: not the kernel's stand-in for an outsider
    namespace(ON_A_HOST)
    assert not files.outside_namespace(NOBODY)  # the real user nobody (daemons run as it)
    namespace("0 100000 65536\n")
    assert not files.outside_namespace(NOBODY)  # a container whose own nobody is mapped


@pytest.fixture
def above_owned(quire_home):
    """The folder holding the home, given to `uid` with `mode` for the test, then given back."""
    quire_home.mkdir(parents=True)
    above = quire_home.parent
    saved = above.stat()

    def give(uid: int, mode: int = 0o755) -> None:
        os.chown(above, uid, uid)
        above.chmod(mode)

    yield give
    os.chown(above, saved.st_uid, saved.st_gid)
    above.chmod(saved.st_mode & 0o7777)


@ROOT_ONLY
def test_a_home_under_a_folder_owned_from_outside_the_namespace_opens(cli, namespace, above_owned):
    # Before: "is inside ..., which belongs to another user (uid 65534)" on every route, so no home
    # could be opened under a bind-mounted host folder in a container.
    namespace(IN_A_CONTAINER)
    above_owned(NOBODY)
    assert cli("status").exit_code == 0


@ROOT_ONLY
@pytest.mark.parametrize(
    ("uid_map", "uid", "mode", "said"),
    [
        (ON_A_HOST, NOBODY, 0o755, "belongs to another user (nobody, uid 65534)"),  # a real user there
        (IN_A_CONTAINER, 4321, 0o755, "belongs to another user (uid 4321)"),  # another uid of this namespace
        (IN_A_CONTAINER, NOBODY, 0o757, "is writable by others"),  # the real attack: others write in it
        (IN_A_CONTAINER, NOBODY, 0o775, "is writable by others"),  # a group of someone else's
    ],
)
def test_what_still_refuses_a_folder_above_the_home(cli, quire_home, namespace, above_owned, uid_map, uid, mode, said):
    namespace(uid_map)
    above_owned(uid, mode)
    result = cli("status")
    assert result.exit_code == 1 and f"is inside {quire_home.parent}, which {said}" in result.stderr, result.stderr


@ROOT_ONLY
def test_the_home_itself_owned_from_outside_the_namespace_is_refused(cli, quire_home, namespace):
    # Only the folders above are trusted as root's: the home and its files must be this user's own.
    namespace(IN_A_CONTAINER)
    quire_home.mkdir(parents=True)
    os.chown(quire_home, NOBODY, NOBODY)
    try:
        result = cli("status")
        assert result.exit_code == 1 and "belongs to another user" in result.stderr, result.stderr
    finally:
        os.chown(quire_home, os.geteuid(), os.getegid())
    assert cli("status").exit_code == 0
