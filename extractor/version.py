"""The version of pagesight, in one place: ``pyproject.toml`` reads it from here (setuptools' ``attr:``)."""

__version__ = "0.1.0"
