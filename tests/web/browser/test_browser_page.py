"""The page in a real browser (browser_helpers.py), served as `asp-sudoku serve` serves it (uvicorn
on a free port of 127.0.0.1, in a thread of the test process: the `server` fixture,
tests/web/conftest.py): a pasted link checked, the command line's words, the fields' ranges, and
a search stopped when its client goes.
"""

from __future__ import annotations

import http.client
import json
import threading
import time

import pytest

pytest.importorskip("uvicorn")

from browser_helpers import browser, drawn_grid  # noqa: E402
from web_helpers import checked_grid, tarek_puzzle  # noqa: E402

from asp_sudoku.formats.fpuzzles.writer import fpuzzles_url  # noqa: E402


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


@pytest.mark.slow
def test_the_page_checks_a_pasted_killer_link(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SE_OFFLINE", "true")  # Selenium Manager must never download anything
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    puzzle = tarek_puzzle()
    link = fpuzzles_url(puzzle)
    driver = browser()
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
        drawn = drawn_grid(figure.find_element(By.TAG_NAME, "svg").get_attribute("outerHTML"), puzzle.size)
        assert drawn == [list(row) for row in grid.rows]
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

    driver = browser()
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
def test_a_time_limit_or_depth_out_of_range_is_refused_in_words(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by a QA pass: the page clamped a trial depth of 9 to 4 and a time limit of 500 s to
    120 (and took 0 or an empty field for the default), unsaid.  Now the request is not sent: the
    page names the field and its range, and marks the field, until it is put right."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser()
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
