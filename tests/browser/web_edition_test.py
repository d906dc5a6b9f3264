#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The web edition in a real browser (ctest WebEdition.Browser, label browser; docs/web.md).

Writes the sample book's web edition with the built typeset, then drives Debian's headless
Chromium through Selenium and chromedriver: loads a puzzle page from file://, asks for a hint and
compares every stage with the grader's first step on the page (and the cells it marks), enters a
wrong digit and sees Check name it, undoes it, colours cells, opens the share link and finds the
marks and colours again, solves the grid by keystrokes but for one cell,
reloads and finds the entries and the timer kept, enters the last digit and sees the solved state,
checks the index marks the puzzle solved, checks what an accessibility checker would (every cell
labelled, roles, names, focus visible, colour contrast of the text to WCAG AA in light and dark
schemes), runs axe-core (when AXE_JS exists: .ci/setup fetches it from the npm registry) on the page fresh, with
a hint shown, solved and in the dark scheme, and on the index, and sees no console error. Then the
editor's report (corpus-rate --explain --format html, in German) of the same puzzle: steps through
its path with j and k, checks the focus lands on each step's section, and runs axe-core on it. Exit
77 (ctest: skipped) when Chromium, chromedriver or Selenium is missing.

  web_edition_test.py TYPESET CORPUS_RATE BOOK_DIR [AXE_JS]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77


def skip(why):
    print("SKIPPED: " + why + " (apt-get install chromium chromium-driver python3-selenium)")
    sys.exit(SKIP)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.common.action_chains import ActionChains
except ImportError:
    skip("no Selenium for " + sys.executable)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
if not CHROMIUM or not DRIVER:
    skip("no chromium or chromedriver on PATH")

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL: " + what)


def browser(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=900,1200",
                 "--user-data-dir=" + profile, "--allow-file-access-from-files"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(DRIVER), options=options)


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


# Contrast of every text node's colour on its effective background (the first opaque ancestor's),
# WCAG 2 relative luminance; returns the failures below 4.5:1 (3:1 for large text).
CONTRAST_JS = r"""
function lum(c) {
  var m = c.match(/[\d.]+/g).map(Number);
  var ch = m.slice(0, 3).map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}
function alpha(c) { var m = c.match(/[\d.]+/g); return m.length > 3 ? +m[3] : 1; }
function background(node) {
  for (; node && node.nodeType === 1; node = node.parentElement) {
    var b = getComputedStyle(node).backgroundColor;
    if (alpha(b) > 0.5) return b;
  }
  return 'rgb(255, 255, 255)';
}
var bad = [];
var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  var text = walker.currentNode;
  var node = text.parentElement;
  if (!text.textContent.trim() || !node.getClientRects().length) continue;
  var style = getComputedStyle(node);
  if (style.visibility === 'hidden') continue;
  var a = lum(style.color), b = lum(background(node));
  var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  var size = parseFloat(style.fontSize);
  var large = size >= 24 || (size >= 18.66 && +style.fontWeight >= 700);
  if (ratio < (large ? 3 : 4.5)) bad.push(text.textContent.trim().slice(0, 20) + ' ' + ratio.toFixed(2));
}
return bad;
"""

# What an accessibility checker looks at first: every grid cell labelled, every control named,
# the grid's roles in place, the page's language set.
A11Y_JS = r"""
var bad = [];
if (!document.documentElement.lang) bad.push('html has no lang');
var grid = document.querySelector('[role=grid]');
if (!grid || !grid.getAttribute('aria-label')) bad.push('grid without a label');
document.querySelectorAll('[role=row]').forEach(function (row) {
  if (row.parentElement !== grid) bad.push('row outside the grid');
});
document.querySelectorAll('[role=gridcell]').forEach(function (cell) {
  if (!cell.getAttribute('aria-label')) bad.push('cell without a label');
  if (cell.parentElement.getAttribute('role') !== 'row') bad.push('cell outside a row');
});
document.querySelectorAll('button, a').forEach(function (b) {
  if (!(b.textContent.trim() || b.getAttribute('aria-label'))) bad.push('unnamed ' + b.tagName);
});
if (document.querySelectorAll('[tabindex="0"][role=gridcell]').length !== 1) bad.push('grid is not one tab stop');
return bad;
"""


AXE = None


def axe_check(driver, what):
    """axe-core's WCAG 2.1 A and AA rules and its best practices on the page as it is."""
    if not AXE:
        return
    driver.execute_script(AXE)
    result = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', "
        "'best-practice']}}).then(function (r) { done({passes: r.passes.length, violations: r.violations.map("
        "function (v) { return v.id + ' (' + v.nodes.length + ', e.g. ' + v.nodes[0].target + ')'; })}); },"
        "function (e) { done({passes: 0, violations: ['axe failed: ' + e]}); });")
    check(result["passes"] > 10, "axe-core ran no rules on %s" % what)
    check(not result["violations"], "axe-core on %s: %s" % (what, "; ".join(result["violations"])))


def main():
    global AXE
    typeset, corpus_rate, book = sys.argv[1], sys.argv[2], sys.argv[3]
    if len(sys.argv) > 4 and os.path.exists(sys.argv[4]):
        with open(sys.argv[4], encoding="utf-8") as file:
            AXE = file.read()
    else:
        print("note: no axe-core (.ci/setup fetches it from the npm registry); the test's own accessibility checks only")
    work = tempfile.mkdtemp(prefix="web-edition-test-")
    try:
        site = os.path.join(work, "site")
        subprocess.run([typeset, book, "--template", "web", "-o", site], check=True, stdout=subprocess.DEVNULL)
        page = "file://" + os.path.join(site, "tough-001.html")
        driver = browser(os.path.join(work, "profile"))
        try:
            data = run(driver, page, site)
            report(driver, corpus_rate, data, work)
        finally:
            driver.quit()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print("%d failure(s)" % len(failures))
        sys.exit(1)
    print("web edition: page played, hinted, kept and solved in Chromium; the editor's report stepped through")


def run(driver, page, site):
    driver.get(page)
    data = driver.execute_script("return JSON.parse(document.getElementById('puzzle-data').textContent)")
    n = data["size"]
    givens, solution, steps = data["givens"], data["solution"], data["steps"]
    check(len(steps) > 0, "the page carries no solving path")

    def cell(i):
        return driver.find_element(By.CSS_SELECTOR, '[data-cell="%d"]' % i)

    def state():
        return driver.execute_script("return window.sudokuPlayer.state.values.slice()")

    def button(action):
        return driver.find_element(By.CSS_SELECTOR, '[data-action="%s"]' % action)

    def status():
        return driver.find_element(By.CSS_SELECTOR, "[role=status]").text

    # Accessibility and contrast before play.
    bad = driver.execute_script(A11Y_JS)
    check(not bad, "accessibility: " + ", ".join(bad))
    bad = driver.execute_script(CONTRAST_JS)
    check(not bad, "contrast below WCAG AA: " + ", ".join(bad))
    check(cell(0).get_attribute("aria-label").startswith("Row 1, column 1"), "cell 0's label")
    axe_check(driver, "the fresh page")

    # The hint, stage by stage, is the grader's first step on the fresh grid.
    first = steps[0]
    cell(0).click()
    for stage, line in enumerate(first["lines"]):
        ActionChains(driver).send_keys("h").perform()
        shown = [li.text for li in driver.find_elements(By.CSS_SELECTOR, ".hint .lines li")]
        check(shown == first["lines"][: stage + 1], "hint stage %d shows %r" % (stage, shown))
        check(status() == line, "status at hint stage %d: %r" % (stage, status()))
    where = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('.cell.where, .cell.pattern, .cell.places, "
        ".cell.removes'), function (c) { return +c.getAttribute('data-cell'); })")
    # The step's unit: "r3", "c5", "b7" (0-based row, column, region) or its cells.
    unit = first["where"]
    if isinstance(unit, str):
        k, u = unit[0], int(unit[1:])
        unit = [i for i in range(n * n) if (i // n, i % n, data["regions"][i])["rcb".index(k)] == u]
    check(len(unit) == n, "the hint's unit has %d cells" % len(unit))
    for c in unit:
        check(c in where, "hint marks its unit's cell %d" % c)
    for c, v in first["places"]:
        check(solution[c] == v, "the grader's first step places the solution's digit")
        check("places" in cell(c).get_attribute("class"), "hint marks the placed cell %d" % c)
    axe_check(driver, "the page with a hint")

    # A wrong digit: Check names it, the hint says so plainly, Undo takes it back.
    empty = [i for i in range(n * n) if not givens[i]]
    target = empty[0]
    wrong = solution[target] % n + 1
    cell(target).click()
    ActionChains(driver).send_keys(str(wrong)).perform()
    check(state()[target] == wrong, "the digit key entered a digit")
    button("Check").click()
    name = "r%dc%d" % (target // n + 1, target % n + 1)
    check(name in status() and "disagree" in status(), "Check names the wrong entry: %r" % status())
    ActionChains(driver).send_keys("h").perform()
    check(name in status() and "disagree" in status(), "a hint first says the entry is wrong: %r" % status())
    cell(target).click()
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    check(state()[target] == 0, "Ctrl+Z undid the entry")
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("y").key_up(Keys.CONTROL).perform()
    check(state()[target] == wrong, "Ctrl+Y redid it")
    ActionChains(driver).send_keys(Keys.BACKSPACE).perform()
    check(state()[target] == 0, "Backspace erased it")
    # Pencil marks: Shift+digit a corner mark, Ctrl+digit a centre mark.
    ActionChains(driver).key_down(Keys.SHIFT).send_keys("1").key_up(Keys.SHIFT).perform()
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("2").key_up(Keys.CONTROL).perform()
    marks = driver.execute_script("var s = window.sudokuPlayer.state; return [s.corner[%d], s.centre[%d]]" % (target, target))
    check(marks == [2, 4], "corner mark 1 and centre mark 2: %r" % marks)

    # Colours: Space thrice is colour mode, where 1-6 colour the cell (givens too).
    ActionChains(driver).send_keys(" ", " ", " ").perform()
    check(driver.find_element(By.CSS_SELECTOR, '[data-mode="colour"]').get_attribute("aria-checked") == "true",
          "Space thrice: colour mode")
    check(driver.find_element(By.CSS_SELECTOR, ".palette").is_displayed(), "the palette shows in colour mode")
    ActionChains(driver).send_keys("2").perform()
    given = next(i for i in range(n * n) if givens[i])
    cell(given).click()
    ActionChains(driver).send_keys("5").perform()
    colours = driver.execute_script("return window.sudokuPlayer.state.colour.slice()")
    check(colours[target] == 2 and colours[given] == 5, "colours 2 and 5 (on a given): %r" % [colours[target], colours[given]])
    check("k2" in cell(target).get_attribute("class"), "the coloured cell's class")
    check("colour orange" in cell(target).get_attribute("aria-label"), "the colour in the cell's label")
    bad = driver.execute_script(CONTRAST_JS)
    check(not bad, "contrast below WCAG AA with colours: " + ", ".join(bad))

    # Share: the link carries the marks and colours; opened after they are erased, it shows them
    # again, and Undo brings back what the browser kept.
    button("Share").click()
    link = driver.find_element(By.ID, "share-link").get_attribute("value")
    check(link.startswith(page + "#p="), "the share link: %r" % link[:80])
    axe_check(driver, "the page in colour mode with the share link shown")
    cell(target).click()
    ActionChains(driver).send_keys(" ").perform()
    check(driver.find_element(By.CSS_SELECTOR, '[data-mode="digit"]').get_attribute("aria-checked") == "true",
          "Space again: digit mode")
    ActionChains(driver).send_keys(Keys.BACKSPACE).perform()
    check(driver.execute_script("return window.sudokuPlayer.state.corner[%d]" % target) == 0, "marks erased")
    driver.get("about:blank")
    driver.get(link)
    shared = driver.execute_script("var s = window.sudokuPlayer.state; return [s.corner[%d], s.centre[%d], s.colour[%d], "
                                   "s.colour[%d]]" % (target, target, target, given))
    check(shared == [2, 4, 2, 5], "the link's marks and colours: %r" % shared)
    check(driver.execute_script("return location.hash") == "", "the fragment dropped after use")
    cell(target).click()
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    check(driver.execute_script("return window.sudokuPlayer.state.corner[%d]" % target) == 0,
          "Undo brings back the kept progress")
    # The same link over the open page changes only the fragment: the page reads it all the same.
    driver.execute_script("location.hash = arguments[0]", link.split("#", 1)[1])
    read = driver.execute_async_script(  # hashchange is an event: wait for it, a second at most
        "var cell = arguments[0], done = arguments[1], t = Date.now();"
        "(function poll() { var v = window.sudokuPlayer.state.corner[cell];"
        " if (v === 2 || Date.now() - t > 1000) done(v); else setTimeout(poll, 20); })();",
        target)
    check(read == 2, "a link's fragment set on the open page is read: %r" % read)
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()

    # Solve by keystrokes from r1c1, row by row, all but the last empty cell.
    cell(0).click()
    keys = []
    last = empty[-1]
    for i in range(n * n):
        if not givens[i] and i != last:
            keys.append(data["symbols"][solution[i]])
        if i + 1 < n * n:
            keys.append(Keys.ARROW_RIGHT)
    ActionChains(driver).send_keys(*keys).perform()
    values = state()
    off = [i for i in range(n * n) if i != last and values[i] != solution[i]]
    check(not off, "keystrokes entered the solution (off at %r: %r)" % (off[:5], [values[i] for i in off[:5]]))
    check("solved" not in driver.find_element(By.ID, "player").get_attribute("class"), "solved too early")

    # Reload: the entries are kept.
    driver.refresh()
    check(state() == values, "progress kept across the reload")
    # The last digit: the solved state.
    cell(last).click()
    ActionChains(driver).send_keys(data["symbols"][solution[last]]).perform()
    check("solved" in driver.find_element(By.ID, "player").get_attribute("class"), "solved state")
    check("Solved in" in status(), "solved message: %r" % status())
    axe_check(driver, "the solved page")
    # The index marks the puzzle solved.
    driver.get("file://" + os.path.join(site, "index.html"))
    marks = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('.state'), function (s) { return s.textContent; })")
    check(marks == ["\u2713"], "the index marks one puzzle solved: %r" % marks)
    axe_check(driver, "the index")
    # The dark scheme's contrast, on the solved page.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.get(page)
    check(driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches"), "dark scheme not in force")
    bad = driver.execute_script(CONTRAST_JS)
    check(not bad, "contrast below WCAG AA in the dark scheme: " + ", ".join(bad))
    axe_check(driver, "the page in the dark scheme")
    errors = console_errors(driver)
    check(not errors, "console errors: " + "; ".join(errors))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    return data


def report(driver, corpus_rate, data, work):
    """The editor's report of the page's puzzle, in German: j and k step through the path."""
    corpus = os.path.join(work, "puzzle.txt")
    with open(corpus, "w", encoding="utf-8") as file:
        file.write("".join(str(v) if v else "." for v in data["givens"]) + "\n")
    folder = os.path.join(work, "report")
    subprocess.run([corpus_rate, "--explain", "--format", "html", "--lang", "de", "-o", folder, corpus],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver.get("file://" + os.path.join(folder, "1.html"))
    check(driver.execute_script("return document.documentElement.lang") == "de", "the report's language")
    steps = len(driver.find_elements(By.CSS_SELECTOR, "section.step"))
    check(steps == len(data["steps"]), "the report lists %d steps, the page's path %d" % (steps, len(data["steps"])))
    check(driver.find_element(By.ID, "h-1").text.startswith("Schritt 1: "), "the first step's heading in German")

    def focused():
        return driver.execute_script("return document.activeElement.id")

    ActionChains(driver).send_keys("j").perform()
    check(focused() == "step-1", "j goes to the first step: %r" % focused())
    ActionChains(driver).send_keys("j", "j").perform()
    check(focused() == "step-3", "j twice more goes to the third: %r" % focused())
    ActionChains(driver).send_keys("k").perform()
    check(focused() == "step-2", "k goes back to the second: %r" % focused())
    ActionChains(driver).send_keys("n", "p", "p", "p").perform()
    check(focused() == "step-1", "n then p three times stops at the first: %r" % focused())
    axe_check(driver, "the editor's report")
    errors = console_errors(driver)
    check(not errors, "console errors on the report: " + "; ".join(errors))


if __name__ == "__main__":
    main()
