"""The page's preview of a puzzle being typed (drawn 0.4 s after the last edit) against the
buttons' answers, in a real browser (browser_helpers.py; the `server` fixture,
tests/web/conftest.py).

Found by a QA pass: a puzzle pasted and Steps clicked within 0.4 s, the preview came due after
the answer and wiped it (the step navigator gone, only "the puzzle" drawn, the status line still
saying "solved by logic: 12 steps"); so did a field's error ("trial depth must be ...").  Now a
button's action cancels the preview that is due, and a preview already on its way when an action
starts is not drawn.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from browser_helpers import browser  # noqa: E402

FOUR = "..23........34.."  # a 4x4 (instances/classic-4x4-seed-a.toml): solved in 12 steps, at once

# the puzzle pasted into the box (one input event, as a paste makes), then at once a button clicked
PASTE_AND_CLICK = """
const box = document.getElementById('puzzle');
box.value = arguments[0];
box.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'}));
if (arguments[1]) { document.getElementById(arguments[1]).click(); }
"""

# from now on, every set of captions the pictures get, in window.shown
RECORD = """
window.shown = [];
new MutationObserver(() => {
  window.shown.push([...document.querySelectorAll('#pictures figcaption')].map((c) => c.textContent).join(' | '));
}).observe(document.getElementById('pictures'), { childList: true, subtree: true });
"""

# the page's next picture request (the preview's) answered 1.5 s late: window.held says where it is
HOLD_NEXT_PICTURE = """
const fetched = window.fetch;
window.held = 'waiting';
window.fetch = (url, options) => {
  const answer = fetched(url, options);
  if (url !== '/api/picture' || window.held !== 'waiting') { return answer; }
  window.held = 'sent';
  return answer.then((r) => new Promise((done) => setTimeout(() => { window.held = 'answered'; done(r); }, 1500)));
};
"""


def _steps_shown(driver: Any) -> None:
    """The answer of Steps on FOUR on show: the status, the step navigator, step 1's picture;
    and the puzzle's preview never drawn since RECORD (the answer may come after 0.4 s, on a busy
    machine, and a preview drawn before it would not show at the end)."""
    from selenium.webdriver.common.by import By

    shown = driver.execute_script("return window.shown")
    assert shown and shown[-1] == "before step 1: placed green, removed red", shown
    assert not any("the puzzle" in s for s in shown), shown

    assert driver.find_element(By.ID, "word").text == "solved"
    assert driver.find_element(By.ID, "what").text == "by logic: 12 steps, rating 1.5"
    assert driver.find_elements(By.ID, "stepnav"), "the step navigator is gone"
    assert driver.find_element(By.ID, "stepno").text == "step 1 of 12"
    assert driver.find_element(By.ID, "closing").text.startswith("solved in 12 steps")
    captions = [c.text for c in driver.find_elements(By.CSS_SELECTOR, "#pictures figcaption")]
    assert captions == ["before step 1: placed green, removed red"]
    assert driver.find_elements(By.CSS_SELECTOR, '#pictures figure[data-step="0"] svg')


@pytest.mark.slow
def test_steps_clicked_at_once_after_a_paste_keeps_its_answer(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The preview due (0.4 s after the paste) when Steps is clicked: it is not drawn over the
    answer; an edit after the answer, no button clicked, is still drawn (and clears the answer)."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser()
    try:
        driver.get(server)
        driver.execute_script(RECORD)
        start = time.monotonic()
        driver.execute_script(PASTE_AND_CLICK, FOUR, "steps")
        WebDriverWait(driver, 60).until(lambda d: any("before step 1" in s for s in d.execute_script("return window.shown")))
        time.sleep(max(0.0, start + 1.5 - time.monotonic()))  # well past the 0.4 s (and a preview's request)
        _steps_shown(driver)
        driver.execute_script(PASTE_AND_CLICK, "1" + FOUR[1:], None)
        WebDriverWait(driver, 30).until(lambda d: [c.text for c in d.find_elements(By.CSS_SELECTOR, "#pictures figcaption")] == ["the puzzle"])
        assert not driver.find_elements(By.ID, "stepnav")
        logs = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        assert logs == [], logs
    finally:
        driver.quit()


@pytest.mark.slow
def test_a_preview_on_its_way_when_steps_starts_is_not_drawn(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The preview's picture asked for, not yet answered, when Steps is clicked: its answer comes
    after Steps' and must not replace the step's picture."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser()
    try:
        driver.get(server)
        driver.execute_script(HOLD_NEXT_PICTURE)
        driver.execute_script(PASTE_AND_CLICK, FOUR, None)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.held") == "sent")
        driver.execute_script(RECORD)
        driver.find_element(By.ID, "steps").click()
        WebDriverWait(driver, 60).until(lambda d: any("before step 1" in s for s in d.execute_script("return window.shown")))
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.held") == "answered")
        time.sleep(0.3)  # the late picture's answer handled
        _steps_shown(driver)
    finally:
        driver.quit()


@pytest.mark.slow
def test_a_field_error_said_at_once_after_a_paste_stays(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A trial depth out of range, refused at once (no request): the preview due 0.4 s after the
    paste does not erase the words."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.common.by import By

    driver = browser()
    try:
        driver.get(server)
        driver.find_element(By.ID, "depth").clear()
        driver.find_element(By.ID, "depth").send_keys("7")
        start = time.monotonic()
        driver.execute_script(PASTE_AND_CLICK, FOUR, "steps")
        message = "trial depth must be a whole number from 0 to 4; it is 7"
        assert driver.find_element(By.ID, "error").text == message
        time.sleep(max(0.0, start + 1.5 - time.monotonic()))
        assert driver.find_element(By.ID, "error").text == message
        assert "bad" in driver.find_element(By.ID, "depth").get_attribute("class")
    finally:
        driver.quit()


# the page's next /api/<arguments[0]> request answered 1.5 s late, and every picture request's
# puzzle kept in window.drawnOn
HOLD_NEXT_ANSWER = """
const fetched = window.fetch;
window.drawnOn = [];
window.held = 'waiting';
window.fetch = (url, options) => {
  if (url === '/api/picture') { window.drawnOn.push(JSON.parse(options.body).puzzle); }
  const answer = fetched(url, options);
  if (url !== '/api/' + arguments[0] || window.held !== 'waiting') { return answer; }
  window.held = 'sent';
  return answer.then((r) => new Promise((done) => setTimeout(() => { window.held = 'answered'; done(r); }, 1500)));
};
"""


@pytest.mark.slow
@pytest.mark.parametrize("button", ["solve", "check"])
def test_an_answer_is_drawn_on_the_puzzle_it_answers(server: str, monkeypatch: pytest.MonkeyPatch, button: str) -> None:
    """The puzzle box edited while Solve or Check runs: the solution is drawn on the puzzle that
    was solved, not on the edited text (it was: the picture request read the box anew)."""
    monkeypatch.setenv("SE_OFFLINE", "true")
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser()
    try:
        driver.get(server)
        driver.execute_script(PASTE_AND_CLICK, FOUR, None)
        time.sleep(1.0)  # the preview drawn
        driver.execute_script(HOLD_NEXT_ANSWER, button)
        driver.execute_script(f"document.getElementById('{button}').click()")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.held") == "sent")
        driver.execute_script(PASTE_AND_CLICK, "4" + FOUR[1:], None)  # another puzzle, while it runs
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return window.drawnOn").__len__() > 0)
        time.sleep(0.8)  # (and any preview of the edit, which must not come)
        assert driver.execute_script("return window.drawnOn") == [FOUR]
    finally:
        driver.quit()
