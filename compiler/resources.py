"""Where the installed package keeps its data: the C templates and the C runtime."""
from __future__ import annotations

import importlib.resources
from pathlib import Path


def templates_dir() -> Path:
    return Path(str(importlib.resources.files("ilpc.templates")))


def runtime_dir() -> Path:
    return Path(str(importlib.resources.files("ilpc.runtime")))


def cmake_dir() -> Path:
    """The CMake package configuration (ilpcConfig.cmake), for find_package(ilpc CONFIG)."""
    return Path(str(importlib.resources.files("ilpc"))) / "cmake"
