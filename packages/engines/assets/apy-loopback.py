"""Runs Debian's apertium-apy bound to 127.0.0.1 only (it has no option for the address)."""
import sys

import tornado.tcpserver as tcpserver

_bind = tcpserver.TCPServer.bind


def _loopback_bind(self, port, address=None, *args, **kwargs):
    return _bind(self, port, "127.0.0.1", *args, **kwargs)


tcpserver.TCPServer.bind = _loopback_bind

from apertium_apy.apy import main  # noqa: E402  (after the patch on purpose)

sys.argv = ["apertium-apy"] + sys.argv[1:]
main()
