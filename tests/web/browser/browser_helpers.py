"""What the browser tests share: Debian's headless Chromium under Selenium, and the digits an
SVG picture of ours shows.

The browser is Debian's headless Chromium driven by Selenium through Debian's chromedriver (both
paths given, so Selenium downloads nothing).  Without them a browser test is skipped, except in
CI (the environment variable CI set), where it fails: `.ci/run` installs them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def browser() -> Any:
    """A headless Chromium under Selenium, or skip (fail in CI) saying what is missing."""
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing.append("selenium (pip install 'asp-sudoku[web]')")
    if missing:
        why = f"the browser test needs {', '.join(missing)} (apt-get install chromium chromium-driver)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1300,900"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)


def drawn_grid(svg: str, size: int) -> list[list[int]]:
    """The digits an SVG picture of ours shows in the cells (givens and solution digits: the
    large ones), by their place: one cell of margin around the grid, so a cell is the picture's
    width over size + 2 (40 pixels, or more in a picture with pencil marks)."""
    found = re.search(r'<svg [^>]*width="([\d.]+)"', svg)
    assert found is not None
    cell = float(found.group(1)) / (size + 2)
    rows = [[0] * size for _ in range(size)]
    for x, y, fsize, digit in re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*>(\d+)</text>', svg):
        if float(fsize) < cell / 2:  # cage sums, pencil marks and captions are smaller
            continue
        rows[int(float(y) // cell) - 1][int(float(x) // cell) - 1] = int(digit)
    return rows
