#!/usr/bin/env python3
"""Times an explorer page in headless Chromium: from navigation start until the page's script has
drawn the first view and the next frame was painted (body[data-ready-ms]). Prints JSON:
{"loads_ms": [...], "median_ms": m, "best_ms": b}.

    python3 Tests/Browser/load_time.py PAGE.html [--loads N]
"""
import argparse
import json
import shutil
import statistics
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    options = Options()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900"]:
        options.add_argument(arg)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    loads = []
    try:
        for _ in range(args.loads):
            driver.get("about:blank")
            driver.get("file://" + args.page)
            deadline = time.time() + 60
            ready = None
            while ready is None and time.time() < deadline:
                ready = driver.execute_script("return document.body && document.body.dataset.readyMs || null")
                if ready is None:
                    time.sleep(0.02)
            if ready is None:
                sys.exit("load_time: the page never became ready")
            loads.append(float(ready))
    finally:
        driver.quit()
    print(json.dumps({"loads_ms": loads, "median_ms": statistics.median(loads), "best_ms": min(loads)}))


if __name__ == "__main__":
    main()
