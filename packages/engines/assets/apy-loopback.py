"""Runs Debian's apertium-apy bound to 127.0.0.1 only (it has no option for the address), as
the head of its own process group that ends with the Node process that started it.

apertium-apy starts a pipeline of processes per language pair (11 for the pairs Voxlate uses).
If Node dies without stopping it (kill -9, a crash), all of them must go too, or every restart
of the service leaves another set behind. So:
- the kernel sends this process SIGTERM when its parent dies (PR_SET_PDEATHSIG);
- a watcher thread notices a changed parent as well (covers the moment before prctl ran);
- SIGTERM, from either or from Node's own stop(), kills the whole process group.
Node starts this process detached, so the group holds this process and its pipelines only.
"""
import ctypes
import os
import signal
import sys
import threading
import time

import tornado.tcpserver as tcpserver

PR_SET_PDEATHSIG = 1


def _end_group(*_args):
    os.killpg(os.getpgrp(), signal.SIGKILL)


def _die_with_parent():
    parent = int(os.environ.get("VOXLATE_PARENT_PID", os.getppid()))
    signal.signal(signal.SIGTERM, _end_group)
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)

    def watch():
        while True:
            if os.getppid() != parent:
                _end_group()
            time.sleep(0.5)

    threading.Thread(target=watch, daemon=True).start()


_bind = tcpserver.TCPServer.bind


def _loopback_bind(self, port, address=None, *args, **kwargs):
    return _bind(self, port, "127.0.0.1", *args, **kwargs)


tcpserver.TCPServer.bind = _loopback_bind
_die_with_parent()

from apertium_apy.apy import main  # noqa: E402  (after the patch on purpose)

sys.argv = ["apertium-apy"] + sys.argv[1:]
main()
