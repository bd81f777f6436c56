"""The folders that outputs go into, made before the work that fills them."""

from __future__ import annotations

import os
import pathlib

from .errors import OutputError


def writable_folder(folder: str | os.PathLike, label: str) -> None:
    """Make ``folder`` (and its parents) when missing.

    Raises :class:`OutputError`, its message starting with ``label`` (what asked for the folder: an
    option and its value), when the folder cannot be made or is not writable.
    """
    folder = pathlib.Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{label}: cannot make the folder {folder}: {exc.strerror or exc}") from None
    if not os.access(folder, os.W_OK):
        raise OutputError(f"{label}: the folder {folder} is not writable")


def screenshot_folder(path: str | os.PathLike, label: str | None = None) -> None:
    """Make the folder a screenshot at ``path`` is saved in; :class:`OutputError` when it cannot be
    (its message starts with ``label``, by default ``screenshot PATH``)."""
    writable_folder(pathlib.Path(path).absolute().parent, label or f"screenshot {os.fspath(path)}")
