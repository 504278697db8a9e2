"""Take the docs' screenshots of the web page: start the server, open the page in Debian's
headless Chromium, paste a puzzle, press Check (docs/img/serve.png, the README's) or Steps and
Next up to a step (docs/img/steps.png, docs/logic.md's), save the window.

    python tools/web_screenshot.py [PUZZLE.toml] [OUT.png]
    python tools/web_screenshot.py --steps STEP [PUZZLE.toml] [OUT.png]

STEP counts from 1 (4 for docs/img/steps.png: the Wikipedia killer's cage h1 removing 1-7 from
two cells); Steps runs with the page's own time limit and trial depth.  The PNG is saved as
Chromium writes it: `optipng -o5 OUT.png` makes it about a third smaller.  Needs the web extra
and /usr/bin/chromium with /usr/bin/chromedriver.
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from pathlib import Path

import uvicorn
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from asp_sudoku.web.app import create_app

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    """Serve, drive the page, save the picture."""
    args = sys.argv[1:]
    step = 0
    if args[:1] == ["--steps"]:
        step = int(args[1])
        args = args[2:]
    puzzle = Path(args[0]) if args else ROOT / "instances" / "killer-wikipedia.toml"
    out = Path(args[1]) if len(args) > 1 else ROOT / "docs" / "img" / ("steps.png" if step else "serve.png")
    size = "1300,965" if step else "1280,760"
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={size}", "--hide-scrollbars"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    try:
        driver.get(f"http://127.0.0.1:{sock.getsockname()[1]}/")
        driver.execute_script(
            "const a = document.getElementById('puzzle'); a.value = arguments[0];"
            "a.dispatchEvent(new Event('input'));", puzzle.read_text(encoding="utf-8"))
        WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#pictures svg"))
        if step:
            driver.find_element(By.ID, "steps").click()
            WebDriverWait(driver, 120).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#pictures figure[data-step="0"]'))
            for at in range(1, step):
                driver.find_element(By.ID, "next").click()
                WebDriverWait(driver, 30).until(lambda d, at=at: d.find_elements(By.CSS_SELECTOR, f'#pictures figure[data-step="{at}"]'))
            driver.execute_script("window.scrollTo(0, 0);")
        else:
            driver.find_element(By.ID, "check").click()
            WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#pictures figure.solution"))
        time.sleep(0.3)
        driver.save_screenshot(str(out))
    finally:
        driver.quit()
        server.should_exit = True
    print(out)


if __name__ == "__main__":
    main()
