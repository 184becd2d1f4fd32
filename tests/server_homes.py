"""Devices on a server home, for the tests that stop and start their own sqld (the `server`
fixture in conftest): the same server started again, a device's Session on it."""

from __future__ import annotations

from eval.sqld import Server
from memory.home import Home
from memory.session import Session


def restart(srv: Server) -> Server:
    """The same server (folder and port) started again after a stop or a kill."""
    return Server(srv.root, port=srv.port).start()


def device(tmp_path, name: str, url: str) -> Session:
    """A home named `name` under tmp_path whose store is the server at `url`."""
    root = tmp_path / name
    root.mkdir(parents=True, exist_ok=True)
    (root / "config.toml").write_text(f'[store]\nurl = "{url}"\n')
    return Session(Home(root), actor=name)
