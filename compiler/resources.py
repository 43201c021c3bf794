"""Where the installed package keeps its data: the C templates and the C runtime."""
from __future__ import annotations

import importlib.resources
from pathlib import Path


def templates_dir() -> Path:
    return Path(str(importlib.resources.files("ilpc.templates")))


def runtime_dir() -> Path:
    return Path(str(importlib.resources.files("ilpc.runtime")))
