"""The JavaScript the browser stage evaluates in pages, with the helpers the scripts share in scope."""

from __future__ import annotations

import pathlib
from functools import cache

_HERE = pathlib.Path(__file__).parent
#: Helpers more than one script uses (``screen_reader.js``), each a ``const`` in the scope of every script.
SHARED = ("screen_reader.js",)


@cache
def load(name: str) -> str:
    """The source of the function script ``name`` (a file beside this module, one function expression), as one
    expression that evaluates to that function with the shared helpers in its scope. Raises ``OSError`` when the
    file cannot be read."""
    shared = "\n".join((_HERE / part).read_text(encoding="utf-8") for part in SHARED)
    return f"(() => {{\n{shared}\nreturn (\n{(_HERE / name).read_text(encoding='utf-8')}\n);\n}})()"
