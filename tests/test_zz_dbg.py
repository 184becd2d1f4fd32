import os, signal, time
from tests.test_curate_pty import *  # noqa

def test_dbg(db, two_items, quire_home):
    full = {k: v for k, v in os.environ.items() if k not in ("EDITOR", "VISUAL")}
    full.update({"TERM": "xterm"})
    t = Terminal([PYTHON, "-X", "faulthandler", "-c", "import faulthandler,signal;faulthandler.register(signal.SIGUSR1);from wiki.cli import main;import sys;sys.argv=['quire','curate'];main()"], full)
    t.expect("> ")
    t.send("a")
    time.sleep(4)
    os.kill(t.proc.pid, signal.SIGUSR1)
    time.sleep(1)
    for _ in range(5): t._read(0.5)
    open("/tmp/dbg.seen","w").write(t.seen)
    t.proc.kill()
