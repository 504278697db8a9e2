"""The page in a real browser, and the server as `asp-sudoku serve` runs it (uvicorn on a free
port of 127.0.0.1, in a thread of the test process: the `server` fixture, conftest.py).

The browser is Debian's headless Chromium driven by Selenium through Debian's chromedriver (both
paths given, so Selenium downloads nothing).  Without them the browser test is skipped, except
in CI (the environment variable CI set), where it fails: `.ci/run` installs them.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest

uvicorn = pytest.importorskip("uvicorn")

from helpers import INSTANCES  # noqa: E402
from web_helpers import EXTRA, checked_grid, tarek_puzzle  # noqa: E402

from asp_sudoku.formats.fpuzzles.writer import fpuzzles_url  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def _workers() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("asp-sudoku-web-")]


def test_closing_the_connection_stops_the_search(server: str) -> None:
    """A streamed count of the empty grid (billions of solutions) stops when the client goes."""
    host, port = server.split("//")[1].strip("/").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    body = json.dumps({"puzzle": "." * 81, "timeout": 100, "stream": True})
    conn.request("POST", "/api/count", body, {"Content-Type": "application/json"})
    reply = conn.getresponse()
    first = json.loads(reply.readline())
    assert "progress" in first
    assert _workers(), "the search runs in a worker thread"
    conn.close()
    for _ in range(200):  # the worker ends once the server has seen the client go
        if not _workers():
            break
        time.sleep(0.05)
    assert not _workers(), "the search went on after the client left"


def _browser() -> Any:
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


def _drawn_grid(svg: str, size: int) -> list[list[int]]:
    """The digits an SVG picture of ours shows in the cells (givens and solution digits: the
    large ones), by their place: a cell is 40 pixels, one cell of margin around the grid."""
    rows = [[0] * size for _ in range(size)]
    for x, y, fsize, digit in re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*>(\d+)</text>', svg):
        if float(fsize) < 20:  # cage sums and captions are smaller
            continue
        rows[int(float(y) // 40) - 1][int(float(x) // 40) - 1] = int(digit)
    return rows


@pytest.mark.slow
def test_the_page_checks_a_pasted_killer_link(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SE_OFFLINE", "true")  # Selenium Manager must never download anything
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    puzzle = tarek_puzzle()
    link = fpuzzles_url(puzzle)
    driver = _browser()
    try:
        driver.get(server)
        box = driver.find_element(By.ID, "puzzle")
        box.send_keys(link)
        WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#pictures svg"))
        driver.find_element(By.ID, "check").click()
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "word").text == "unique")
        assert "s)" in driver.find_element(By.ID, "time").text  # every answer shows its time
        figure = driver.find_element(By.CSS_SELECTOR, "#pictures figure.solution")
        shown = [[int(v) for v in row.split(",")] for row in figure.get_attribute("data-grid").split(";")]
        grid = checked_grid(puzzle, shown)
        drawn = _drawn_grid(figure.find_element(By.TAG_NAME, "svg").get_attribute("outerHTML"), puzzle.size)
        assert drawn == [list(row) for row in grid.rows]
    finally:
        driver.quit()


@pytest.mark.slow
def test_the_page_walks_through_the_logical_path(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Steps, then Next, Previous and End: each step's text and picture (placed digits green,
    removed candidates red), and at the end the grid the path filled, checked."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from asp_sudoku import load
    from asp_sudoku.setter.logic import Solver

    puzzle = load(str(INSTANCES / "classic-9x9-seed.toml"))
    expected = Solver(puzzle, 2).path()
    text = "".join(str(v or ".") for row in puzzle.given_grid() for v in row)
    driver = _browser()
    try:
        driver.get(server)
        driver.find_element(By.ID, "puzzle").send_keys(text)
        WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#pictures svg"))
        driver.find_element(By.ID, "steps").click()
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "word").text == "solved")
        total = len(expected.steps)
        shown = lambda d, i: d.find_elements(By.CSS_SELECTOR, f'#pictures figure[data-step="{i}"] svg')  # noqa: E731

        def step_shown(i: int) -> None:
            WebDriverWait(driver, 30).until(lambda d: shown(d, i))
            svg = shown(driver, i)[0].get_attribute("outerHTML")
            if i == total:
                assert driver.find_element(By.ID, "stepno").text == f"the end ({total} steps)"
                return
            step = expected.steps[i]
            assert driver.find_element(By.ID, "stepno").text == f"step {i + 1} of {total}"
            assert step.text in driver.find_element(By.ID, "steptext").text
            placed = [int(d) for d in re.findall(r'<text class="placed"[^>]*>(\d)</text>', svg)]
            assert placed == [p for _, _, p in step.placed]

        step_shown(0)
        # the text box holding another puzzle (as when one is typed while Steps runs): the path's
        # pictures stay on its own puzzle (they were drawn on whatever the box held: a QA pass)
        driver.execute_script("document.getElementById('puzzle').value = '1' + '.'.repeat(80);")
        driver.find_element(By.ID, "next").click()
        step_shown(1)
        drawn = _drawn_grid(shown(driver, 1)[0].get_attribute("outerHTML"), puzzle.size)
        givens = [list(row) for row in puzzle.given_grid()]
        assert [[v if g else 0 for v, g in zip(row, grow)] for row, grow in zip(drawn, givens)] == [[g or 0 for g in row] for row in givens]
        driver.find_element(By.ID, "prev").click()
        step_shown(0)
        driver.find_element(By.ID, "last").click()
        step_shown(total)
        assert "solved in" in driver.find_element(By.ID, "steptext").text
        end = shown(driver, total)[0].get_attribute("outerHTML")
        checked_grid(puzzle, _drawn_grid(end, puzzle.size))
    finally:
        driver.quit()


@pytest.mark.slow
def test_the_page_says_when_the_time_limit_stopped_the_path(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Steps on a killer whose path takes longer than the page's time limit: the page says the
    time limit stopped it, with the rating so far, and never calls the puzzle stuck."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = _browser()
    try:
        driver.get(server)
        driver.find_element(By.ID, "puzzle").send_keys(fpuzzles_url(tarek_puzzle()))
        WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#pictures svg"))
        limit = driver.find_element(By.ID, "timeout")
        limit.clear()
        limit.send_keys("1")
        driver.find_element(By.ID, "steps").click()
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "word").text == "stopped")
        assert driver.find_element(By.ID, "what").text.startswith("by the time limit after")
        assert "rating so far" in driver.find_element(By.ID, "what").text
        driver.find_element(By.ID, "last").click()
        WebDriverWait(driver, 30).until(lambda d: "stopped by the time limit after" in d.find_element(By.ID, "steptext").text)
        assert "stuck" not in driver.find_element(By.ID, "steptext").text
    finally:
        driver.quit()


@pytest.mark.slow
def test_the_page_words_no_solution_and_several_solutions_as_the_command_line(
    server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a QA pass: Candidates on a puzzle with no solution said "every cell fixed" (and drew
    "true candidates"), and Steps on a puzzle with several solutions said only "stuck in 0 steps",
    though the answer said so.  Now the command line's words."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.expected_conditions import staleness_of
    from selenium.webdriver.support.ui import WebDriverWait

    driver = _browser()
    try:
        driver.get(server)
        box = driver.find_element(By.ID, "puzzle")
        box.send_keys("11..............")  # two 1s in row 1 of a 4x4
        WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#pictures svg"))
        driver.find_element(By.ID, "candidates").click()
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "word").text == "unsatisfiable")
        assert "no solution, so no candidates" in driver.find_element(By.ID, "what").text
        assert "every cell fixed" not in driver.find_element(By.ID, "what").text
        old = driver.find_element(By.CSS_SELECTOR, "#pictures svg")
        box.clear()
        box.send_keys("1....2....3.....")  # a 4x4 with several solutions
        # its picture drawn before Steps (a redraw after a pause in typing clears the output)
        WebDriverWait(driver, 60).until(staleness_of(old))
        WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#pictures svg"))
        driver.find_element(By.ID, "steps").click()
        WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.ID, "closing"))
        WebDriverWait(driver, 30).until(lambda d: "more than one solution" in d.find_element(By.ID, "closing").text)
        logs = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        assert logs == [], logs  # (no favicon 404 either)
    finally:
        driver.quit()


@pytest.mark.slow
def test_the_page_shows_the_extra_cells_candidates(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by a QA pass: a puzzle's extra cells (outside the grid) were named under the step
    pictures and the candidates' picture without their candidates.  Now each step's picture
    writes them (and what the step does there), and so does Candidates."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def caption(d: Any) -> str:
        svgs = d.find_elements(By.CSS_SELECTOR, "#pictures svg")
        return " ".join(t.text for t in svgs[0].find_elements(By.CSS_SELECTOR, 'text[fill="#333"]')) if svgs else ""

    driver = _browser()
    try:
        driver.get(server)
        driver.execute_script("document.getElementById('puzzle').value = arguments[0];", EXTRA)
        driver.find_element(By.ID, "steps").click()
        WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#pictures figure[data-step="0"]'))
        assert caption(driver) == "extra cells: V1: 1 2 3 4; V2: 1 2 3 4"
        for _ in range(12):  # to step 13, which removes V1's 1, 2 and 3
            driver.find_element(By.ID, "next").click()
        WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#pictures figure[data-step="12"]'))
        assert "V1<>1" in driver.find_element(By.ID, "steptext").text
        assert caption(driver) == "extra cells: V1: 1 2 3 4 (this step removes 1 2 3); V2: 1 2 3 4"
        driver.find_element(By.ID, "last").click()
        WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#pictures figure[data-step="16"]'))
        assert caption(driver) == "extra cells: V1: 4; V2: 4"
        driver.find_element(By.ID, "candidates").click()
        WebDriverWait(driver, 60).until(lambda d: "true candidates" in d.find_element(By.ID, "pictures").text)
        assert caption(driver) == "extra cells: V1: 4; V2: 4"
    finally:
        driver.quit()


@pytest.mark.slow
def test_the_closing_line_counts_the_eliminations(server: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Found by a QA pass: the page's closing line (status, steps, rating) left out the candidates
    the path removed, which the command line's closing line and object count ("eliminations")."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from asp_sudoku.cli import main

    path = INSTANCES / "scale" / "3.0-naked-pair.toml"
    assert main(["steps", "--json", str(path)]) == 0
    closing = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert closing["eliminations"] > 1
    driver = _browser()
    try:
        driver.get(server)
        driver.execute_script("document.getElementById('puzzle').value = arguments[0];", path.read_text(encoding="utf-8"))
        driver.find_element(By.ID, "steps").click()
        WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.ID, "closing") and d.find_element(By.ID, "closing").text)
        words = f"; {closing['eliminations']} eliminations"
        assert words in driver.find_element(By.ID, "closing").text
        driver.find_element(By.ID, "last").click()
        WebDriverWait(driver, 30).until(lambda d: words in d.find_element(By.ID, "steptext").text)
    finally:
        driver.quit()


@pytest.mark.slow
def test_a_time_limit_or_depth_out_of_range_is_refused_in_words(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by a QA pass: the page clamped a trial depth of 9 to 4 and a time limit of 500 s to
    120 (and took 0 or an empty field for the default), unsaid.  Now the request is not sent: the
    page names the field and its range, and marks the field, until it is put right."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = _browser()
    try:
        driver.get(server)
        driver.find_element(By.ID, "puzzle").send_keys("1....2....3.....")
        WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#pictures svg"))
        cases = [
            ("depth", "9", "steps", "trial depth must be a whole number from 0 to 4; it is 9"),
            ("depth", "1.5", "steps", "trial depth must be a whole number from 0 to 4; it is 1.5"),
            ("depth", "", "steps", "trial depth must be a whole number from 0 to 4; it is empty"),
            ("timeout", "500", "check", "time limit must be a number of seconds more than 0 and at most 120; it is 500"),
            ("timeout", "0", "steps", "time limit must be a number of seconds more than 0 and at most 120; it is 0"),
        ]
        for name, value, button, message in cases:
            box = driver.find_element(By.ID, name)
            box.clear()
            if value:
                box.send_keys(value)
            driver.find_element(By.ID, button).click()
            WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "error").text)
            assert driver.find_element(By.ID, "error").text == message
            assert driver.find_element(By.ID, "word").text == ""  # nothing was asked of the server
            assert "bad" in box.get_attribute("class") and box.get_attribute("aria-invalid") == "true"
            box.clear()
            box.send_keys({"depth": "2", "timeout": "20"}[name])  # put right: the mark goes
            assert "bad" not in box.get_attribute("class")
        driver.find_element(By.ID, "steps").click()
        WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.ID, "closing") and d.find_element(By.ID, "closing").text)
        assert driver.find_element(By.ID, "error").text == ""
    finally:
        driver.quit()


MARK_SIZE = """
const svg = document.querySelector('#pictures figure.step svg');
const mark = svg.querySelector('text.mark');
const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
const fig = svg.closest('figure');
return [parseFloat(mark.getAttribute('font-size')) * scale, fig.scrollWidth - fig.clientWidth,
        document.getElementById('stepnav').getBoundingClientRect().bottom - svg.getBoundingClientRect().top];
"""


@pytest.mark.slow
@pytest.mark.parametrize("name", ["classic-16x16-seed", "killer-wikipedia"])
def test_the_pencil_marks_of_a_step_are_readable(server: str, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Found by a QA pass: a 16x16's pencil marks were about 4 px high in the step picture (its
    cells drawn as small as a 9x9's, the picture shrunk to 540 px).  Now the cells are as large as
    the marks need (8.8 px at least), the picture is shown at its size (beneath the puzzle box
    when it is too wide to stand beside it, so all of it is in view) and a 9x9's marks keep their
    size; the step's buttons and words stay above it."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = _browser()
    try:
        driver.get(server)
        text = (INSTANCES / f"{name}.toml").read_text(encoding="utf-8")
        driver.execute_script("document.getElementById('puzzle').value = arguments[0];", text)
        driver.find_element(By.ID, "depth").clear()
        driver.find_element(By.ID, "depth").send_keys("0")
        driver.find_element(By.ID, "steps").click()
        WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#pictures figure[data-step="0"] text.mark'))
        size, hidden, above = driver.execute_script(MARK_SIZE)
        assert size >= 8.5, f"pencil marks {size:.1f} px high"
        assert hidden <= 0, f"{hidden} px of the picture out of sight"
        assert above <= 0  # the buttons above the picture
    finally:
        driver.quit()
