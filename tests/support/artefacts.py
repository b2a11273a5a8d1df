"""Screenshots kept as test artefacts: under ``$TAVERN_ARTEFACTS`` when it is set (``make test``
sets ``test-output/artefacts``), else in the test's own temporary folder.

>>> import tempfile
>>> artefact_path(Path(tempfile.mkdtemp()), "replay/first.png").name
'first.png'
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def artefact_path(tmp_path: Path, name: str) -> Path:
    """Where the artefact ``name`` (a relative path) goes; its folder is created."""
    path = Path(os.environ.get("TAVERN_ARTEFACTS") or tmp_path) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def keep_screenshot(page: Any, tmp_path: Path, name: str, *, whole_page: bool = True, fits: bool = False) -> Path:
    """A screenshot of ``page`` as ``name``.png; with ``fits``, the page must not scroll sideways."""
    path = artefact_path(tmp_path, f"{name}.png")
    page.screenshot(path=str(path), full_page=whole_page)
    if fits:
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], f"{name} scrolls sideways"
    return path
