"""Make a Chromium available: ``pagesight setup-browser``.

Uses one already there; else tries ``playwright install chromium``; else, on Debian as
root, installs the ``chromium`` package (DESIGN: ~25 s; ``playwright install`` cannot
download on a closed network).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from extractor.errors import BrowserNotFound

from .browser import find_chromium

#: Seconds allowed for each installer (a browser download is ~150 MB; apt measured ~25 s).
INSTALL_TIMEOUT_S = 900


def _found_after(tried: list[str], done: str) -> str | None:
    """After an installer succeeded: the message naming the executable, or None (noted in ``tried``)."""
    try:
        return f"{done}: {find_chromium()}"
    except BrowserNotFound:
        tried[-1] += " (finished, but no executable appeared)"
        return None


def setup_browser() -> str:
    """Make sure Chromium can be found; return a one-line message of what was done.

    Raises :class:`BrowserNotFound` listing what was tried when no way worked.
    """
    try:
        return f"Chromium is already available: {find_chromium()}"
    except BrowserNotFound:
        pass
    tried: list[str] = []
    ok, note = _run([sys.executable, "-m", "playwright", "install", "chromium"])
    tried.append(f"`playwright install chromium`: {note}")
    if ok and (found := _found_after(tried, "installed Chromium with `playwright install chromium`")):
        return found
    if os.path.exists("/etc/debian_version") and shutil.which("apt-get"):
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
            ok, note = _run(["apt-get", "install", "-y", "chromium"], env=env)
            if not ok:
                _run(["apt-get", "update"], env=env)
                ok, note = _run(["apt-get", "install", "-y", "chromium"], env=env)
            tried.append(f"`apt-get install -y chromium`: {note}")
            if ok and (found := _found_after(tried, "installed the Debian package chromium")):
                return found
        else:
            tried.append("`apt-get install chromium`: skipped, needs root (run: sudo apt-get install -y chromium)")
    raise BrowserNotFound("could not make Chromium available; tried " + "; ".join(tried))


def _run(command: list[str], env: dict[str, str] | None = None) -> tuple[bool, str]:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S, env=env,
                              check=False)
    except FileNotFoundError:
        return False, "not available"
    except subprocess.TimeoutExpired:
        return False, f"gave up after {INSTALL_TIMEOUT_S} s"
    if done.returncode == 0:
        return True, "done"
    lines = (done.stderr or done.stdout).strip().splitlines()
    return False, f"failed ({lines[-1] if lines else f'exit {done.returncode}'})"
