"""Steps on the page in a real browser (browser_helpers.py; the `server` fixture, tests/web/conftest.py):
the logical path walked step by step, its closing line, the time limit's stop, the extra cells'
candidates, and pencil marks large enough to read.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from browser_helpers import browser, drawn_grid  # noqa: E402
from helpers import INSTANCES  # noqa: E402
from web_helpers import EXTRA, checked_grid, tarek_puzzle  # noqa: E402

from asp_sudoku.formats.fpuzzles.writer import fpuzzles_url  # noqa: E402


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
    driver = browser()
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
        drawn = drawn_grid(shown(driver, 1)[0].get_attribute("outerHTML"), puzzle.size)
        givens = [list(row) for row in puzzle.given_grid()]
        assert [[v if g else 0 for v, g in zip(row, grow)] for row, grow in zip(drawn, givens)] == [[g or 0 for g in row] for row in givens]
        driver.find_element(By.ID, "prev").click()
        step_shown(0)
        driver.find_element(By.ID, "last").click()
        step_shown(total)
        assert "solved in" in driver.find_element(By.ID, "steptext").text
        end = shown(driver, total)[0].get_attribute("outerHTML")
        checked_grid(puzzle, drawn_grid(end, puzzle.size))
    finally:
        driver.quit()


@pytest.mark.slow
def test_the_page_says_when_the_time_limit_stopped_the_path(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Steps on a killer whose path takes longer than the page's time limit: the page says the
    time limit stopped it, with the rating so far, and never calls the puzzle stuck."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser()
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

    driver = browser()
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
    driver = browser()
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

    driver = browser()
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
