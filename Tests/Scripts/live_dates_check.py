#!/usr/bin/env python3
"""Browser test of Public/live-dates.js on a built site: does a page read on a later day flag the right tasks?

usage: live_dates_check.py SITE_DIR [--page PATH]... [--browser-tz ZONE]
       live_dates_check.py --fixture        # Tests/Scripts/fixtures/live-dates + Public/ assets, no pmboard needed

Serves the site on 127.0.0.1 with `Content-Security-Policy: script-src 'self'`, opens each board page (and any
other page that links live-dates.js) in headless Chromium whose own time zone is --browser-tz (default
America/Los_Angeles, far from the boards' zones), and fakes the viewer's clock (CDP
Page.addScriptToEvaluateOnNewDocument replaces Date, so `new Date()` and `Date.now()` give a chosen instant):

  (a) on the build's day (and at 23:59:59 of it in the board's zone) the page is exactly as built: its DOM equals
      the DOM of the same page with JavaScript disabled;
  (b) at 00:00:00 of the next days in the board's zone, every [data-due] element's overdue / due-today classes
      and its one flag, and every [data-live=overdue-count], are what the rule gives (overdue: due < today and not
      done; due today: due == today and not done; count = count at build + data-due-counts of dates < today),
      and nothing else on the page changed;
  (c) the age note stays hidden up to 24 h after data-built and then shows data-t-age with the whole hours,
      from 48 h on data-t-age-days with the whole days; without data-built (a --today build) it shows the days
      since data-today from the second day after it;
  (d) with JavaScript disabled the page is as the built HTML says (classes, flags, counts, hidden age note);
  (e) on the overdue page the list shows exactly the tasks overdue on that day (the others listed stay hidden),
      as many as every overdue count on the page says, and its "nothing is overdue" note only when none is;
and that no load logs a console error or a CSP violation. The expectations come from the built HTML, parsed here.

Prints one line per check and exits 1 if any failed. Test tooling only (Selenium, Chromium, chromedriver).
"""
import argparse
import datetime
import html.parser
import json
import pathlib
import shutil
import sys
import tempfile
import zoneinfo

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import browser  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURE = REPO / "Tests/Scripts/fixtures/live-dates"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

# What the page shows that live-dates.js may change, read the same way with and without JavaScript. `rest` is the
# body with those parts taken out, to prove nothing else moved.
SNAPSHOT = r"""
const tasks = [...document.querySelectorAll('[data-due]')].map(t => ({
  id: t.id, due: t.getAttribute('data-due'), state: t.getAttribute('data-state'),
  overdue: t.classList.contains('overdue'), dueToday: t.classList.contains('due-today'), hidden: t.hidden,
  flags: [...t.querySelectorAll('strong.flag')].map(c => c.textContent),
  astray: [...t.querySelectorAll('strong.flag')].filter(c => {
    const date = t.querySelector(`time[datetime="${t.getAttribute('data-due')}"]`);
    return date && c.parentNode !== date.parentNode; }).length}));
const counts = [...document.querySelectorAll('[data-live="overdue-count"]')].map(n => n.textContent);
const soonCounts = [...document.querySelectorAll('[data-live="soon-count"]')].map(n => n.textContent);
const soonList = document.querySelector('[data-live="soon-list"]');
const age = document.querySelector('[data-live="age"]');
// The search field is search.js's to show and fill, not this script's.
function withoutSearch(node) {
  const copy = node.cloneNode(true);
  for (const s of [...copy.querySelectorAll('.search[data-root]')]) s.remove();
  return copy;
}
const body = withoutSearch(document.body);
for (const t of body.querySelectorAll('[data-due]')) {
  t.classList.remove('overdue', 'due-today', 'due-soon', 'later');
  for (const c of [...t.querySelectorAll('strong.flag')]) {
    const gap = c.previousSibling;
    if (gap && gap.nodeType === 3 && !gap.nodeValue.trim()) gap.remove();
    c.remove();
  }
}
for (const n of body.querySelectorAll('[data-live="overdue-count"], [data-live="soon-count"], [data-live="age"]')) {
  n.textContent = '';
}
for (const n of body.querySelectorAll('[data-live="soon-empty"]')) n.removeAttribute('hidden');
for (const n of body.querySelectorAll('[data-live="age"]')) n.removeAttribute('hidden');
for (const n of body.querySelectorAll('[data-live="overdue-list"] [data-due], [data-live="overdue-empty"]')) {
  n.removeAttribute('hidden');
}
const list = document.querySelector('[data-live="overdue-list"]');
const empty = document.querySelector('[data-live="overdue-empty"]');
for (const n of body.querySelectorAll('[class=""]')) n.removeAttribute('class');
return {tasks, counts, soonCounts, age: age ? {hidden: age.hidden, text: age.textContent} : null,
        soonListed: soonList ? [...soonList.querySelectorAll('[data-due]')].filter(t => !t.classList.contains('later')).length : null,
        listed: list ? [...list.querySelectorAll('[data-due]')].filter(t => !t.hidden).length : null,
        emptyShown: empty ? !empty.hidden : null,
        html: withoutSearch(document.body).outerHTML, rest: body.outerHTML,
        zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        csp: window.__cspViolations || []};
"""

FAKE_CLOCK = r"""
(() => {
  const fixed = %d, Real = Date;
  function FakeDate(...args) {
    if (!new.target) return new Real(fixed).toString();
    return args.length ? new Real(...args) : new Real(fixed);
  }
  FakeDate.prototype = Real.prototype;
  FakeDate.now = () => fixed;
  FakeDate.parse = Real.parse;
  FakeDate.UTC = Real.UTC;
  globalThis.Date = FakeDate;
})();
"""

WATCH_CSP = r"""
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', e =>
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
"""


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    def text(self):
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def walk(self):
        for c in self.children:
            if isinstance(c, Node):
                yield c
                yield from c.walk()


class Tree(html.parser.HTMLParser):
    """The built page as a tree (pmboard's HTML is well formed: every element closed, no optional end tags)."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.current = self.root
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, attrs, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def built_view(text):
    """What the built HTML says, in SNAPSHOT's shape, plus the body's data-* and any contract breaches."""
    nodes = list(Tree(text).root.walk())
    body = next(n for n in nodes if n.tag == "body")
    problems = []
    for n in nodes:
        if n.tag == "script" and not n.attrs.get("src"):
            problems.append("an inline <script>")
        if n.tag == "script" and n.attrs.get("src", "").endswith("live-dates.js") and "defer" not in n.attrs:
            problems.append("live-dates.js without defer")
        problems += [f"inline handler {a} on <{n.tag}>" for a in n.attrs if a.startswith("on")]
    if "task-page" in (body.attrs.get("class") or "").split():
        # A task page says nothing of the build's day or counts, so that it need not change every day.
        problems += [f"a task page has {a}" for a in ("data-today", "data-built", "data-due-counts")
                     if any(a in n.attrs for n in nodes)]
    elif "data-due-counts" not in body.attrs or sum(1 for n in nodes if "data-due-counts" in n.attrs) != 1:
        problems.append("data-due-counts is not on <body> alone")
    tasks, listed = [], []
    for n in nodes:
        if "data-due" in n.attrs:
            classes = (n.attrs.get("class") or "").split()
            flags = [c.text() for c in n.walk()
                     if c.tag == "strong" and "flag" in (c.attrs.get("class") or "").split()]
            tasks.append({"id": n.attrs.get("id", ""), "due": n.attrs["data-due"], "state": n.attrs.get("data-state"),
                          "overdue": "overdue" in classes, "dueToday": "due-today" in classes, "flags": flags,
                          "hidden": "hidden" in n.attrs})
            listed.append(in_overdue_list(n))
    counts = [n.text() for n in nodes if n.attrs.get("data-live") == "overdue-count"]
    age = next((n for n in nodes if n.attrs.get("data-live") == "age"), None)
    return {"body": body.attrs, "tasks": tasks, "listed": listed, "counts": counts, "problems": problems,
            "age": {"hidden": "hidden" in age.attrs, "text": age.text()} if age else None}


def in_overdue_list(node):
    """Whether a task sits in the overdue page's list, where the script shows only the overdue ones."""
    while node is not None:
        if node.attrs.get("data-live") == "overdue-list":
            return True
        node = node.parent
    return False


def expected_age(body, built, moment, day, today, as_built):
    """The age note at `moment`: hidden up to 24 h after data-built, then whole hours, from 48 h on whole days
    (data-t-age-days). Without data-built (a --today build) from the second calendar day after data-today, in days."""
    if built:
        seconds = (moment - built).total_seconds()
        if seconds <= 86400:
            return as_built
        hours, days = int(seconds // 3600), int(seconds // 86400)
    else:
        days = (datetime.date.fromisoformat(day) - datetime.date.fromisoformat(today)).days
        if days < 2:
            return as_built
        hours = days * 24
    if days >= 2 and body.get("data-t-age-days"):
        return {"hidden": False, "text": body["data-t-age-days"].replace("{days}", str(days))}
    return {"hidden": False, "text": body.get("data-t-age", "").replace("{hours}", str(hours))}


def expected_tasks(view, day):
    t = view["body"]
    result = []
    for task, listed in zip(view["tasks"], view["listed"]):
        is_open = task["state"] != "done"
        overdue, due_today = is_open and task["due"] < day, is_open and task["due"] == day
        ahead = (datetime.date.fromisoformat(task["due"]) - datetime.date.fromisoformat(day)).days
        soon = is_open and 1 <= ahead <= int(t.get("data-soon-days") or 0)
        soon_text = t.get("data-t-due-tomorrow") if ahead == 1 else (t.get("data-t-due-in") or "").replace(
            "{days}", str(ahead))
        flags = ([t["data-t-overdue"]] if overdue else [t["data-t-due-today"]] if due_today
                 else [soon_text] if soon else [])
        hidden = not overdue if listed else task["hidden"]
        result.append(dict(task, overdue=overdue, dueToday=due_today, flags=flags, hidden=hidden))
    return result


class Checker:
    def __init__(self, site_dir, pages, browser_tz):
        self.site_dir, self.pages, self.browser_tz = site_dir, pages, browser_tz
        self.failures = self.passes = 0

    def report(self, ok, what):
        print(("ok   " if ok else "FAIL ") + what, flush=True)
        if ok:
            self.passes += 1
        else:
            self.failures += 1

    def load(self, url, clock_ms=None, javascript=True):
        ids = []
        self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not javascript})
        ids.append(self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_CSP}))
        if clock_ms is not None:
            ids.append(self.driver.execute_cdp_cmd(
                "Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_CLOCK % clock_ms}))
        try:
            self.driver.get("about:blank")
            browser.console_errors(self.driver)
            self.driver.get(url)
            result = self.driver.execute_cdp_cmd("Runtime.evaluate", {
                "expression": "(() => {" + SNAPSHOT + "})()", "returnByValue": True})
            snap = result["result"]["value"]
            snap["console"] = browser.console_errors(self.driver)
            return snap
        finally:
            for i in ids:
                self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": i["identifier"]})
            self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})

    def clean(self, page, label, snap):
        bad = snap["console"] + snap["csp"]
        self.report(not bad, f"{page} {label}: no console error or CSP violation" + (f": {bad}" if bad else ""))

    def check_page(self, page):
        view = built_view((self.site_dir / page).read_text(encoding="utf-8"))
        body = view["body"]
        self.report(not view["problems"], f"{page}: follows the contract" + (
            f": {view['problems']}" if view["problems"] else ""))
        zone_name, today = body.get("data-zone"), body.get("data-today")
        task_page = "task-page" in (body.get("class") or "").split()
        if task_page and zone_name and view["tasks"]:
            return self.check_task_page(page, view, zone_name)
        if task_page and zone_name:
            return  # a task without a due date: nothing to mark
        if not zone_name or not today:
            self.report(False, f"{page}: <body> has no data-zone / data-today")
            return
        zone = zoneinfo.ZoneInfo(zone_name)
        built_at = body.get("data-built")
        built = datetime.datetime.fromisoformat(built_at.replace("Z", "+00:00")) if built_at else None
        due_counts = json.loads(body.get("data-due-counts") or "{}")
        url = self.site.url(page)
        print(f"# {page}: board zone {zone_name}, built on {today}" + (f" at {built_at}" if built else " (no data-built)")
              + f", {len(view['tasks'])} dated tasks, overdue counts {view['counts']}, browser zone {self.browser_tz}")

        # (d) JavaScript off: exactly what the HTML says.
        off = self.load(url, javascript=False)
        for task in off["tasks"]:
            task.pop("astray")
        same = {k: off[k] for k in ("tasks", "counts", "age")} == {k: view[k] for k in ("tasks", "counts", "age")}
        self.report(same, f"{page} JavaScript off: classes, flags, counts and age note as built")
        self.report(off["zone"] == self.browser_tz, f"{page}: the browser's own zone is {off['zone']}")

        def midnight(days):
            date = datetime.date.fromisoformat(today) + datetime.timedelta(days=days)
            return datetime.datetime.combine(date, datetime.time(), zone)

        one = datetime.timedelta(seconds=1)
        # data-built is the board's last published change ("as of"), which may be days before the build's day.
        built_today = built is not None and built.astimezone(zone).date().isoformat() == today
        on_build_day = built + datetime.timedelta(hours=1) if built_today else midnight(0) + datetime.timedelta(hours=12)
        moments = [on_build_day, midnight(1) - one, midnight(1), midnight(2) - one, midnight(2),
                   midnight(12) + datetime.timedelta(hours=12)]
        if built:  # the age note's edge: exactly 24 h is not yet "over 24 hours" (from the build's day on)
            moments += [m for m in (built + datetime.timedelta(hours=24), built + datetime.timedelta(hours=24, seconds=1))
                        if m.astimezone(zone).date().isoformat() >= today]
        for moment in moments:
            local = moment.astimezone(zone)
            day = local.date().isoformat()
            utc = moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            label = f"at {local:%Y-%m-%d %H:%M:%S} {zone_name} ({utc})"
            snap = self.load(url, clock_ms=int(moment.timestamp() * 1000))
            self.clean(page, label, snap)
            # (c) the age note
            if view["age"] is not None:
                want = expected_age(body, built, moment, day, today, view["age"])
                shown = "hidden" if snap["age"]["hidden"] else f"shown: {snap['age']['text']!r}"
                self.report(snap["age"] == want, f"{page} {label}: age note {shown}" + (
                    "" if snap["age"] == want else f", expected {want}"))
            if day == today:
                # (a) the build's day: the page is untouched, but for an age note that (c) checked: "as of" (and so
                # data-built) is the board's last change, over a day old when nothing changed since.
                aged = view["age"] is not None and expected_age(body, built, moment, day, today, view["age"]) != view["age"]
                tasks = [{k: v for k, v in t.items() if k != "astray"} for t in snap["tasks"]]
                same = snap["html"] == off["html"] if not aged else (
                    snap["rest"] == off["rest"] and tasks == off["tasks"] and snap["counts"] == off["counts"])
                self.report(same, f"{page} {label}: the build's day, page exactly as built"
                            + (" but for its age note" if aged else ""))
                continue
            # (b) a later day: marks, flags and counts follow the rule; nothing else moved.
            want_tasks = expected_tasks(view, day)
            # A flag sits beside the due date: in the parent of the task's <time datetime=DUE>, when it has one.
            astray = [f"{g['id']}: a flag not beside its date" for g in snap["tasks"] if g.pop("astray")]
            wrong = astray + [f"{w['id']} due {w['due']} {w['state']}: got {g['overdue'], g['dueToday'], g['flags']}, "
                              f"want {w['overdue'], w['dueToday'], w['flags']}"
                              for g, w in zip(snap["tasks"], want_tasks) if g != w]
            if len(snap["tasks"]) != len(want_tasks):
                wrong.append(f"{len(snap['tasks'])} dated tasks, built {len(want_tasks)}")
            fell = sum(n for d, n in due_counts.items() if d < day)
            want_counts = [str(int(c) + fell) for c in view["counts"]]
            overdue = sum(w["overdue"] for w in want_tasks)
            due_today = sum(w["dueToday"] for w in want_tasks)
            self.report(not wrong, f"{page} {label}: day {day}, {overdue} overdue, {due_today} due today on the page"
                        + ("" if not wrong else ": " + "; ".join(wrong[:5])))
            self.report(snap["counts"] == want_counts, f"{page} {label}: overdue-count {' '.join(snap['counts'])}"
                        + ("" if snap["counts"] == want_counts else f", expected {' '.join(want_counts)}"))
            if snap["listed"] is not None:
                # (e) the overdue page: its list shows as many tasks as every count on the page says.
                agree = all(c == str(snap["listed"]) for c in snap["counts"]) and snap["emptyShown"] in (
                    None, snap["listed"] == 0)
                self.report(agree, f"{page} {label}: the overdue list shows {snap['listed']}, as its counts say"
                            + ("" if agree else f" (counts {' '.join(snap['counts'])}, empty note {snap['emptyShown']})"))
            # Due soon: the header's counts from data-due-counts, and the due-soon page's list as long as they say.
            window = int(body.get("data-soon-days") or 0)
            soon = sum(n for d, n in due_counts.items()
                       if 1 <= (datetime.date.fromisoformat(d) - datetime.date.fromisoformat(day)).days <= window)
            want_soon = [str(soon)] * len(snap["soonCounts"])
            self.report(snap["soonCounts"] == want_soon, f"{page} {label}: soon-count {' '.join(snap['soonCounts'])}"
                        + ("" if snap["soonCounts"] == want_soon else f", expected {' '.join(want_soon)}"))
            if snap["soonListed"] is not None:
                self.report(snap["soonListed"] == soon,
                            f"{page} {label}: the due-soon list shows {snap['soonListed']}, expected {soon}")
            self.report(snap["rest"] == off["rest"], f"{page} {label}: nothing else on the page changed")

    def check_task_page(self, page, view, zone_name):
        """A task page is marked for the reader's day whatever day it was built: before, on and after its due day."""
        zone = zoneinfo.ZoneInfo(zone_name)
        url = self.site.url(page)
        off = self.load(url, javascript=False)
        for task in off["tasks"]:
            task.pop("astray")
        self.report(off["tasks"] == view["tasks"], f"{page} JavaScript off: classes and flags as built")
        due = datetime.date.fromisoformat(view["tasks"][0]["due"])
        one = datetime.timedelta(seconds=1)
        for days, seconds in [(-1, 43200), (0, -1), (0, 0), (0, 43200), (1, -1), (1, 0), (30, 0)]:
            moment = datetime.datetime.combine(due + datetime.timedelta(days=days), datetime.time(), zone) + one * seconds
            day = moment.astimezone(zone).date().isoformat()
            label = f"at {moment:%Y-%m-%d %H:%M:%S} {zone_name}"
            snap = self.load(url, clock_ms=int(moment.timestamp() * 1000))
            self.clean(page, label, snap)
            want = expected_tasks(view, day)
            for got in snap["tasks"]:
                got.pop("astray")
            self.report(snap["tasks"] == want, f"{page} {label}: task marked for {day}" + (
                "" if snap["tasks"] == want else f": got {snap['tasks']}, want {want}"))
            self.report(snap["rest"] == off["rest"], f"{page} {label}: nothing else on the page changed")

    def run(self):
        self.site = browser.Site(self.site_dir, csp="script-src 'self'")
        self.driver = browser.chromium(tz=self.browser_tz)
        try:
            for page in self.pages:
                self.check_page(page)
        finally:
            self.driver.quit()
            self.site.close()
        print(f"live-dates: {self.passes} checks passed, {self.failures} failed on {len(self.pages)} pages")
        return 1 if self.failures else 0


def pages_of(site_dir):
    """Every board page, and one page of each other kind that links live-dates.js (column, overdue, task page)."""
    found = []
    candidates = sorted(site_dir.glob("index.html")) + sorted(site_dir.glob("*/index.html"))
    for pattern in ("*/todo.html", "*/doing.html", "*/done.html", "*/overdue.html", "*/due-soon.html"):
        candidates += sorted(site_dir.glob(pattern))[:1]
    # A task page with a due date (one without has nothing to mark).
    candidates += [p for p in sorted(site_dir.glob("*/tasks/*.html")) if "data-due=" in p.read_text(encoding="utf-8")][:1]
    for path in candidates:
        if "live-dates.js" in path.read_text(encoding="utf-8"):
            found.append(str(path.relative_to(site_dir)))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=pathlib.Path)
    parser.add_argument("--fixture", action="store_true", help="check the hand-made fixture page")
    parser.add_argument("--page", action="append", help="a page to check (default: see pages_of)")
    parser.add_argument("--browser-tz", default="America/Los_Angeles")
    args = parser.parse_args()
    if args.fixture == (args.site is not None):
        parser.error("give SITE_DIR or --fixture")
    temp = None
    site = args.site
    if args.fixture:
        temp = tempfile.TemporaryDirectory(prefix="live-dates-fixture-")
        site = pathlib.Path(temp.name) / "site"
        shutil.copytree(FIXTURE, site)
        shutil.copytree(REPO / "Public", site / "assets")
    pages = args.page or pages_of(site)
    if not pages:
        print(f"live-dates: no page under {site} links live-dates.js")
        return 1
    try:
        return Checker(site, pages, args.browser_tz).run()
    finally:
        if temp:
            temp.cleanup()


if __name__ == "__main__":
    sys.exit(main())
