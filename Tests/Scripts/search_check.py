#!/usr/bin/env python3
"""Browser test of Public/search.js on a built site: does the search field find what it should, in every script?

usage: search_check.py SITE_DIR BOARD_JSON [--query Q]... [--timing] [--page PATH] [--file] [--broken]

BOARD_JSON is the board as `pmboard export` wrote it; the expected results are recomputed from it here, without
pmboard's index: a task matches when every word of the query (split on spaces, after NFKC, full case folding and a
U+0307 after i dropped, as Python's unicodedata and str.casefold do them) is inside its title, one of its labels or
people, or one sentence of its body (the same cut as SearchIndex.segments: a line, or up to `.`, `!` or `?` before
a space, or up to `。`, `！`, `？`). The site is served with `Content-Security-Policy: script-src 'self'` and opened
in headless Chromium; with --file it is opened from disk (file://), as the README says to open it.

For each query (the built-in set covers Korean and Japanese fragments inside compounds, half-width katakana,
full-width Latin, English prefixes in any case, several words, HTML-special characters, labels and people), typed
into the field key by key:
  (a) the status line's count equals the expected number of open tasks, and the listed titles are expected ones
      (all of them when there are at most 50);
  (b) ticking "include done tasks" adds exactly the matching done tasks, and "include removed tasks" (where the
      site has tombstones) the removed tasks whose last title matches (from the export's history);
and once: (c) ArrowDown marks the first option (aria-selected, aria-activedescendant), Enter opens its task page,
whose heading is that title; Enter with no option chosen opens search.html?q=…, which lists every expected task as
a link (the first 500) and says how many, and with "include done tasks" ticked the done ones too (search.html?q=…&with=done);
(d) with JavaScript disabled the field is not shown; (e) axe-core finds no violation
with the results open; (f) no console error or CSP refusal; (g) the script's fold (PMBoardSearch.fold) gives what
fixtures/search/fold-vectors.json says. With --broken (a site whose search/open.js was removed) it checks instead
that a search says on the page, visibly, that it failed, in the field's status line and on the search page. With --timing, prints how long each keystroke took
from the input event to the results drawn (the next frame), and the bytes the first search fetched.

Prints one line per check and exits 1 if any failed. Test tooling only (Selenium, Chromium, chromedriver).
"""
import argparse
import json
import pathlib
import re
import statistics
import sys
import unicodedata

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import browser  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.wait import WebDriverWait  # noqa: E402

QUERIES = ["마이그레", "그인 버", "グイン", "ﾛｸﾞｲﾝ", "ＡＰＩ", "filler", "README", "dark 모드", "<b>", "R&D",
           "\"quoted\"", "it's", "c++ & swift", "재현됩니다", "バックエンド待ち", "ipad", "spec for", "onboa", "STRASSE",
           "istanbul"]
VECTORS = pathlib.Path(__file__).resolve().parent / "fixtures" / "search" / "fold-vectors.json"
SPLIT = re.compile(r"\n|(?<=[.!?])(?=[ \t\r\n]|$)|(?<=[。！？])")
failures = 0


def report(ok, line):
    global failures
    print(("ok   " if ok else "FAIL ") + line)
    if not ok:
        failures += 1


def fold(text):
    return unicodedata.normalize("NFKC", text).casefold().replace("i\u0307", "i")


def sentences(body):
    return [s.strip(" \t\r\n") for s in SPLIT.split(body) if s.strip(" \t\r\n")]


def removed_tasks(board):
    """The tasks whose last history entry removed them and that are not on the board: their last title."""
    on_board = {t["id"] for t in board["tasks"]}
    last = {}
    for entry in board.get("history", []):
        last[entry["task"]] = entry
    return [{"title": e["title"], "state": "removed", "body": ""} for task, e in last.items()
            if e["action"] == "removed" and task not in on_board]


def expected(tasks, query, state):
    """The titles of the tasks of `state` ("open", "done" or "removed") the query finds."""
    terms = fold(query).split()
    found = []
    for task in tasks:
        kind = "done" if task["state"] == "done" else "removed" if task["state"] == "removed" else "open"
        if kind != state:
            continue
        title = fold(task["title"])
        names = [fold(n) for n in task.get("labels", []) + task.get("assignees", [])]
        parts = [fold(s) for s in sentences(task.get("body", ""))]
        if all(t in title or any(t in n for n in names) or any(t in p for p in parts) for t in terms):
            found.append(task["title"])
    return found


TYPE = r"""
const [text, parts, done_cb] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const input = document.getElementById('search-field');
const box = document.querySelector('[data-root]');
const status = box.querySelector('[role="status"]');
input.focus();
const times = [];
const chars = Array.from(text);
function settled(want) {  // resolves once the status is not the loading note
  return new Promise(resolve => {
    const wait = () => (status.textContent && !box.hasAttribute('aria-busy'))
      ? resolve() : setTimeout(wait, 5);
    wait();
  });
}
(async () => {
  if (parts.length) {  // the boxes come with the locale's words, on first use
    while (!box.querySelector('input[type="checkbox"]')) await new Promise(r => setTimeout(r, 5));
  }
  for (const check of box.querySelectorAll('input[type="checkbox"]')) {
    check.checked = parts.includes(check.getAttribute('data-part'));
  }
  input.value = '';
  input.dispatchEvent(new Event('input'));
  for (let i = 0; i < chars.length; i++) {
    input.value = chars.slice(0, i + 1).join('');
    const start = performance.now();
    input.dispatchEvent(new Event('input', {bubbles: true}));
    await settled();
    await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    times.push(performance.now() - start);
  }
  const titles = [...document.querySelectorAll('#search-results [role="option"] .search-title')].map(n => n.textContent);
  done_cb({status: status.textContent, titles, times,
           expanded: input.getAttribute('aria-expanded'), listHidden: document.getElementById('search-results').hidden});
})();
"""

FETCHED = r"""
return performance.getEntriesByType('resource').filter(e => e.name.includes('/search/'))
  .map(e => [e.name.split('/search/')[1], e.encodedBodySize, e.transferSize]);
"""


def count_in(status):
    numbers = re.findall(r"\d+", status.replace(",", ""))
    return int(numbers[0]) if numbers else 0


def check_query(driver, tasks, query, parts, timing, times):
    want = expected(tasks, query, "open") + [title for part in parts for title in expected(tasks, query, part)]
    got = driver.execute_async_script(TYPE, query, parts)
    count = count_in(got["status"]) if want else 0
    label = f"{query!r}{''.join(' +' + part for part in parts)}"
    ok = count == len(want) and set(got["titles"]) <= set(want)
    if len(want) <= 50:
        ok = ok and sorted(got["titles"]) == sorted(want)
    report(ok, f"{label}: {len(want)} expected, status {got['status']!r}, {len(got['titles'])} listed"
           + ("" if ok else f"; missing {sorted(set(want) - set(got['titles']))[:5]},"
              f" extra {sorted(set(got['titles']) - set(want))[:5]}"))
    report(got["expanded"] == ("true" if want else "false") and got["listHidden"] == (not want),
           f"{label}: aria-expanded {got['expanded']}, list hidden {got['listHidden']}")
    times.extend(got["times"])
    if timing:
        print(f"     {label}: keystrokes {', '.join(f'{t:.1f}' for t in got['times'])} ms")


def keyboard(driver, site, page, tasks):
    driver.get(site.url(page))
    want = expected(tasks, QUERIES[0], "open")
    driver.execute_async_script(TYPE, QUERIES[0], [])
    field = driver.find_element(By.ID, "search-field")
    field.send_keys(Keys.ARROW_DOWN)
    first = driver.find_element(By.ID, "search-option-0")
    report(first.get_attribute("aria-selected") == "true"
           and field.get_attribute("aria-activedescendant") == "search-option-0",
           "ArrowDown selects the first option (aria-selected, aria-activedescendant)")
    title = first.find_element(By.CLASS_NAME, "search-title").text
    axe(driver, "results open")
    start = driver.current_url
    field.send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: d.current_url != start)
    url = driver.current_url
    if "/tasks/" in url:
        shown = driver.find_element(By.TAG_NAME, "main").text
        what = "task page"
    else:  # a site without task pages: the card on its column's page
        cards = driver.find_elements(By.ID, url.split("#", 1)[-1]) if "#t-" in url else []
        shown = cards[0].text if cards else ""
        what = "card"
    report(title in shown and title in want, f"Enter opens the {what} of {title!r}: {url.split('/')[-1]}")


def search_page(driver, site, page, tasks):
    """Enter with nothing chosen opens the search page, which lists every result as a link."""
    query = QUERIES[0]
    driver.get(site.url(page))
    driver.execute_async_script(TYPE, query, [])
    start = driver.current_url
    driver.find_element(By.ID, "search-field").send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: d.current_url != start)
    report("search.html?q=" in driver.current_url, f"Enter with nothing chosen opens {driver.current_url.split('/')[-1]}")
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return !document.querySelector('[data-search-results]').hidden"))
    links = driver.execute_script(
        "return [...document.querySelectorAll('[data-search-results] a')].map(a => [a.textContent, a.href])")
    want = expected(tasks, query, "open")
    note = driver.find_element(By.CSS_SELECTOR, "[data-search-note]").text
    report(sorted(t for t, _ in links) == sorted(want) and count_in(note) == len(want)
           and all("/tasks/" in h or "#t-" in h for _, h in links),
           f"the search page lists {len(links)} of {len(want)} expected as links; note {note!r}")
    axe(driver, "search page")


def search_page_with_done(driver, site, page, tasks):
    """With "include done tasks" ticked, Enter's search page lists the done results too, as the field's list did."""
    query = QUERIES[0]
    driver.get(site.url(page))
    got = driver.execute_async_script(TYPE, query, ["done"])
    start = driver.current_url
    driver.find_element(By.ID, "search-field").send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: d.current_url != start)
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return !document.querySelector('[data-search-results]').hidden"))
    links = driver.execute_script("return [...document.querySelectorAll('[data-search-results] a')].map(a => a.textContent)")
    want = expected(tasks, query, "open") + expected(tasks, query, "done")
    note = driver.find_element(By.CSS_SELECTOR, "[data-search-note]").text
    ticked = driver.execute_script("return document.querySelector('[data-root] input[data-part=\"done\"]').checked")
    report("&with=done" in driver.current_url and sorted(links) == sorted(want) and count_in(note) == len(want)
           and count_in(got["status"]) == len(want) and ticked,
           f"with done tasks the search page lists {len(links)} of {len(want)} expected, as the field said "
           f"{got['status']!r}; note {note!r}; box ticked {ticked}")


def folds(driver):
    """The script's fold against the shared vectors (the index's SearchFold is held to them in Swift)."""
    vectors = json.loads(VECTORS.read_text(encoding="utf-8"))["vectors"]
    got = driver.execute_script("return arguments[0].map(t => PMBoardSearch.fold(t))", [v["text"] for v in vectors])
    wrong = [f"{v['case']}: {g!r}" for v, g in zip(vectors, got) if g != v["folded"]]
    report(not wrong, f"search.js folds {len(vectors) - len(wrong)} of {len(vectors)} shared vectors as they say {wrong[:3]}")


def broken(driver, site, page):
    """A site whose index does not load: the field's status line and the search page say so, visibly."""
    driver.get(site.url(page))
    field = driver.find_element(By.ID, "search-field")
    field.send_keys("x")
    status = driver.find_element(By.CSS_SELECTOR, "[data-root] [role='status']")
    # Said at once, in the page's words once they have loaded (the boxes come with them).
    WebDriverWait(driver, 10).until(
        lambda d: status.text.strip() != "" and d.find_elements(By.CSS_SELECTOR, "[data-root] input[data-part]"))
    report(status.is_displayed() and status.size["height"] > 4 and "search-failed" in status.get_attribute("class"),
           f"a search whose index does not load says so visibly: {status.text!r}")
    driver.get(site.url(page.rsplit("/", 1)[0] + "/search.html?q=x" if "/" in page else "search.html?q=x"))
    note = driver.find_element(By.CSS_SELECTOR, "[data-search-note]")
    words = driver.execute_script("return document.documentElement.lang")
    WebDriverWait(driver, 10).until(lambda d: "search-failed" in note.get_attribute("class"))
    report(note.is_displayed(), f"the search page says so too ({words}): {note.text!r}")


class FileSite:
    """The site opened from disk, as the README says to open it: file:// addresses, no server, no CSP header."""

    def __init__(self, folder):
        self.base = pathlib.Path(folder).resolve().as_uri() + "/"

    def url(self, page):
        return self.base + page

    def close(self):
        pass


# From file:// axe-core may not read the stylesheets with XMLHttpRequest (Chromium refuses it and logs an error
# that is axe's, not the site's): then it checks without them.
AXE_PRELOAD = {"preload": True}


def axe(driver, when):
    driver.execute_script(browser.axe_source())
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations'], preload: arguments[0]}).then(r => done(r.violations.map("
        "v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))));", AXE_PRELOAD["preload"])
    report(not result, f"axe-core, {when}: {len(result)} violations {result[:3]}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("board")
    parser.add_argument("--query", action="append")
    parser.add_argument("--page", default="en/index.html")
    parser.add_argument("--timing", action="store_true")
    parser.add_argument("--file", action="store_true", help="open the site from disk (file://), not over HTTP")
    parser.add_argument("--broken", action="store_true", help="the site's index is missing: check the failure shows")
    parser.add_argument("--warm", action="store_true",
                        help="focus the field and give the index half a second to load before the first key, as a "
                             "reader's first key comes after the click")
    args = parser.parse_args()
    board = {"tasks": []} if args.broken else json.loads(pathlib.Path(args.board).read_text(encoding="utf-8"))
    tasks = board["tasks"] + removed_tasks(board)
    site = FileSite(args.site) if args.file else browser.Site(args.site)
    AXE_PRELOAD["preload"] = not args.file
    print(f"     the site at {site.url('')}")
    driver = browser.chromium()
    driver.set_script_timeout(120)
    times = []
    if args.broken:
        try:
            broken(driver, site, args.page)
        finally:
            driver.quit()
            site.close()
        sys.exit(1 if failures else 0)
    try:
        driver.get(site.url(args.page))
        report(driver.find_element(By.CSS_SELECTOR, "[data-root]").is_displayed(), "the field is shown with JavaScript")
        if args.warm:
            driver.execute_async_script(
                "const done = arguments[0]; document.getElementById('search-field').focus(); setTimeout(done, 500);")
        queries = args.query or QUERIES
        check_query(driver, tasks, queries[0], [], args.timing, times)
        fetched = driver.execute_script(FETCHED)
        first = sum(size for _, size, _ in fetched)
        print(f"     first search fetched {first} bytes: {fetched}")
        for query in queries[1:]:
            check_query(driver, tasks, query, [], args.timing, times)
        offered = driver.execute_script(
            "return [...document.querySelectorAll('[data-root] input[data-part]')].map(n => n.dataset.part)")
        if "done" in offered:
            for query in queries[:6]:
                check_query(driver, tasks, query, ["done"], args.timing, times)
        if "removed" in offered:
            for query in queries[:6] + ["quoted"]:
                check_query(driver, tasks, query, ["done", "removed"], args.timing, times)
        if args.timing and times:
            # The first keystroke also waits for the index to load (fetch, parse, fold).
            rest = times[1:] or times
            print(f"     first keystroke (index loaded with it) {times[0]:.1f} ms; the other {len(rest)}: "
                  f"median {statistics.median(rest):.1f} ms, max {max(rest):.1f} ms")
        folds(driver)
        if not args.query:
            keyboard(driver, site, args.page, tasks)
            search_page(driver, site, args.page, tasks)
            if "done" in offered:
                search_page_with_done(driver, site, args.page, tasks)
        errors = browser.console_errors(driver)
        report(not errors, f"no console errors or CSP refusals {errors[:3]}")
    finally:
        driver.quit()
    # (d) Without JavaScript the built page keeps the field hidden.
    page = (pathlib.Path(args.site) / args.page).read_text(encoding="utf-8")
    report(re.search(r'<div class="search" role="search" hidden', page) is not None
           and 'role="combobox"' not in page,
           "without JavaScript the field is hidden (the built page says so)")
    site.close()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
