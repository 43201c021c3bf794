"""Helpers the benchmark scripts share (each script puts bench/ on sys.path to import this).

Only what is the same in every script lives here: describing the CPU and raising a timed
process's priority on a shared machine.
"""
from __future__ import annotations

import os
import platform
from pathlib import Path


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, or what platform knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def raise_priority() -> None:
    """For preexec_fn of a timed process: nice -20 where allowed (root), so that other
    processes on a shared machine take fewer of its time slices; silently nothing
    otherwise.  With the kernel's autogroup scheduling a nice value only counts inside a
    session's group, so the process gets a session of its own and that group is given
    -20 too."""
    try:
        os.setsid()
        with open("/proc/self/autogroup", "w") as f:
            f.write("-20")
    except OSError:
        pass
    try:
        os.setpriority(os.PRIO_PROCESS, 0, -20)
    except OSError:
        pass
