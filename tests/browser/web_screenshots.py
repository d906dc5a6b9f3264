#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Screenshots of web edition pages for the manual (docs/web.md), in headless Chromium.

  web_screenshots.py OUT_DIR NAME=PAGE.html[#hint=N][#dark][#marks][#colours] ...

Each NAME.png is PAGE shown at 1100x820 CSS pixels: with #hint=N after N presses of the hint key,
with #marks after a few pencil marks and entries, with #colours after colouring a few cells in
colour mode (left on, so the palette shows), with #dark in the dark colour scheme.
"""
import os
import shutil
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def main():
    out = sys.argv[1]
    profile = tempfile.mkdtemp(prefix="web-shots-")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                 "--window-size=1100,820", "--user-data-dir=" + profile):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    try:
        for spec in sys.argv[2:]:
            name, rest = spec.split("=", 1)
            page, *flags = rest.split("#")
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                {"name": "prefers-color-scheme", "value": "dark" if "dark" in flags else "light"}]})
            driver.get("file://" + os.path.abspath(page))
            driver.execute_script("localStorage.clear()")
            driver.refresh()
            cells = driver.find_elements(By.CSS_SELECTOR, '[data-cell="0"]')
            if cells:  # a puzzle page, not the index
                cells[0].click()
            if "marks" in flags:
                chain = ActionChains(driver)
                for key in ("1", Keys.ARROW_RIGHT, Keys.ARROW_RIGHT):
                    chain.send_keys(key)
                chain.key_down(Keys.SHIFT).send_keys("2").send_keys("6").key_up(Keys.SHIFT)
                chain.send_keys(Keys.ARROW_DOWN).key_down(Keys.CONTROL).send_keys("3").send_keys("8").key_up(Keys.CONTROL)
                chain.perform()
            if "colours" in flags:
                ActionChains(driver).send_keys(" ", " ", " ").perform()
                for cell, key in ((1, "1"), (10, "1"), (12, "3"), (20, "5"), (30, "5"), (40, "4"), (41, "2")):
                    driver.find_element(By.CSS_SELECTOR, '[data-cell="%d"]' % cell).click()
                    ActionChains(driver).send_keys(key).perform()
            for flag in flags:
                if flag.startswith("hint="):
                    for _ in range(int(flag[5:])):
                        ActionChains(driver).send_keys("h").perform()
            driver.save_screenshot(os.path.join(out, name + ".png"))
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
