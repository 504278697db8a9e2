"""Take the README's screenshot of the web page (docs/img/serve.png): start the server, open the
page in Debian's headless Chromium, paste a puzzle, press Check, save the window.

    python tools/web_screenshot.py [PUZZLE.toml] [OUT.png]

Needs the web extra and /usr/bin/chromium with /usr/bin/chromedriver.
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
    puzzle = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "instances" / "killer-wikipedia.toml"
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "docs" / "img" / "serve.png"
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,760", "--hide-scrollbars"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    try:
        driver.get(f"http://127.0.0.1:{sock.getsockname()[1]}/")
        driver.execute_script(
            "const a = document.getElementById('puzzle'); a.value = arguments[0];"
            "a.dispatchEvent(new Event('input'));", puzzle.read_text(encoding="utf-8"))
        WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#pictures svg"))
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
