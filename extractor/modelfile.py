"""Reading the JSON files of shipped models (page-type classifier, route table, CRF descriptions)."""

from __future__ import annotations

import gzip
import json
import os
import pathlib
from typing import Any

from .errors import ModelError


def read_json_model(path: str | os.PathLike, what: str, remedy: str) -> Any:
    """Parse a model's JSON file (plain or gzipped).

    ``what`` names the model in messages and ``remedy`` says how to make the file. Raises
    :class:`ModelError` when the file is missing or unreadable.
    """
    path = pathlib.Path(path)
    try:
        data = path.read_bytes()
        return json.loads(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
    except FileNotFoundError:
        raise ModelError(f"{what} not found at {path}: {remedy}") from None
    except (OSError, ValueError, EOFError) as exc:
        raise ModelError(f"{what} at {path} is unreadable: {exc}") from None
