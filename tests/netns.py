"""A network namespace with a TUN device, for tests where the Linux kernel's TCP talks to
the user-level TCP (tests/test_tcp.py, tests/test_filetransfer.py).

    needs_tun                      decorator: mark netns; skip without Linux, root, /dev/net/tun, ip(8)
    make_netns(prefix, kernel_ip)  context manager: a fresh namespace with tun0 up and the
                                   kernel at kernel_ip/24 on it; yields the namespace's name
"""
from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time

import pytest


def tun_skip_reason():
    if sys.platform != "linux":
        return "TUN interop needs Linux"
    if os.geteuid() != 0:
        return "TUN interop needs root (network namespaces, TUN devices)"
    if not os.path.exists("/dev/net/tun"):
        return "/dev/net/tun is missing"
    if not shutil.which("ip"):
        return "ip(8) (iproute2) is not installed"
    return None


_tun_skip = pytest.mark.skipif(tun_skip_reason() is not None, reason=tun_skip_reason() or "")


def needs_tun(test):
    """Decorator: the test's tier mark (netns, tests/tiers.py) and the skip without root."""
    return pytest.mark.netns(_tun_skip(test))


@contextlib.contextmanager
def make_netns(prefix: str, kernel_ip: str):
    # Unique per process and call: pytest-xdist workers run these tests side by side.
    name = f"{prefix}-{os.getpid()}-{time.monotonic_ns() % 1000000}"
    cmds = [["ip", "netns", "add", name],
            ["ip", "netns", "exec", name, "ip", "link", "set", "lo", "up"],
            ["ip", "netns", "exec", name, "ip", "tuntap", "add", "dev", "tun0", "mode", "tun"],
            ["ip", "netns", "exec", name, "ip", "addr", "add", f"{kernel_ip}/24", "dev", "tun0"],
            ["ip", "netns", "exec", name, "ip", "link", "set", "tun0", "up"]]
    try:
        for c in cmds:
            r = subprocess.run(c, capture_output=True, text=True)
            if r.returncode != 0:
                pytest.skip(f"cannot set up the namespace ({' '.join(c)}): {r.stderr.strip()}")
        yield name
    finally:
        subprocess.run(["ip", "netns", "del", name], capture_output=True)
