#!/usr/bin/env python3
"""Browser test of the insights page's charts at phone, tablet and desktop widths (issue #57).

    insights_phone_check.py generate > board.json   a pmboard/1 board whose charts hold the hard cases: over a
                                                    thousand tasks (a four-digit top of the flow chart's scale), and
                                                    thirty tasks in DOING with long English, Korean and Japanese
                                                    titles, for days up to three digits
    insights_phone_check.py check SITE_DIR          reads <code>/insights.html of every locale in headless Chromium

`check` opens each page at 390x844 (the phone), 360x740, 768x1024 and 1280x900 and requires, for every <text> of
every `svg.chart`:
  - a drawn size of 12 CSS px or more (its computed font size in the chart's units times the chart's scale);
  - its box inside the chart's box (nothing cut at an edge: "1745" once lost its "1", names ran off the left);
  - no overlap with another word of the same chart;
and for the aging chart: each name is its task's whole title or the start of it followed by "…", and a title in
Korean or Japanese on a page in another language carries that `lang` (the chart's words and the table's cells).
Prints one line per check and exits 1 if any failed. Test tooling only (Selenium, Chromium, chromedriver).
"""
import datetime as dt
import json
import pathlib
import random
import sys
import uuid

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import browser  # noqa: E402

SCREENS = [
    ("phone 390", browser.PHONE),
    ("phone 360", {"width": 360, "height": 740, "deviceScaleFactor": 3, "mobile": True}),
    ("tablet 768", browser.TABLET),
    ("desktop 1280", browser.DESKTOP),
]

TITLES = [
    "Write the onboarding guide for new hires and review it with the team",
    "WWWW MMMM WIDE CAPITALS IN A VERY LONG TITLE",
    "결제 모듈의 환불 처리 흐름을 다시 설계하고 테스트 작성하기",
    "로그인 화면 접근성 개선",
    "検索結果のページ送りを無限スクロールに置き換える作業",
    "通知設定の画面を直す",
    "Fix the crash in 설정 화면 when rotating",
    "Short",
]

# Every <text> of every chart: its words, drawn size, box, and the chart it is in.
MEASURE = r"""
const out = [];
document.querySelectorAll('svg.chart').forEach((svg, chart) => {
  const box = svg.getBoundingClientRect();
  const scale = box.width / svg.viewBox.baseVal.width;
  svg.querySelectorAll('text').forEach(t => {
    const r = t.getBoundingClientRect();
    out.push({chart, section: svg.closest('section').id || svg.id, text: t.textContent,
      lang: t.getAttribute('lang'), px: parseFloat(getComputedStyle(t).fontSize) * scale,
      box: [r.left, r.top, r.right, r.bottom], svg: [box.left, box.top, box.right, box.bottom]});
  });
});
const cells = [...document.querySelectorAll('#aging-heading ~ .table-wrap tbody th bdi')]
  .map(b => ({text: b.textContent, lang: b.getAttribute('lang')}));
return {texts: out, cells, lang: document.documentElement.lang, scrollWidth: document.documentElement.scrollWidth,
        width: window.innerWidth};
"""


def generate():
    rng = random.Random(57)
    today = dt.datetime(2026, 11, 21, 9, tzinfo=dt.timezone.utc)
    tasks, history = [], []

    def add(title, events, state):
        tid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        for at, action, frm, to in events:
            entry = {"at": at.strftime("%Y-%m-%dT%H:%M:%SZ"), "action": action, "task": tid, "title": title}
            if frm:
                entry["from"] = frm
            if to:
                entry["to"] = to
            history.append(entry)
        tasks.append({"id": tid, "title": title, "body": "", "state": state,
                      "created": events[0][0].strftime("%Y-%m-%dT%H:%M:%SZ"),
                      "updated": events[-1][0].strftime("%Y-%m-%dT%H:%M:%SZ")})

    # 1,500 tasks added before the window and done in it: the flow chart's top passes a thousand.
    for k in range(1500):
        added = today - dt.timedelta(days=120 + rng.randrange(30))
        doing = today - dt.timedelta(days=rng.randrange(2, 83), hours=rng.randrange(24))
        done = doing + dt.timedelta(hours=rng.randrange(1, 40))
        add(f"Task {k}", [(added, "added", None, "todo"), (doing, "moved", "todo", "doing"),
                          (done, "moved", "doing", "done")], "done")
    for k in range(250):
        add(f"Open {k}", [(today - dt.timedelta(days=rng.randrange(1, 150)), "added", None, "todo")], "todo")
    # Thirty tasks in DOING, up to 400 days there, with long titles in three languages.
    for k in range(30):
        title = TITLES[k % len(TITLES)] + (f" {k}" if k >= len(TITLES) else "")
        doing = today - dt.timedelta(days=[400, 123, 99, 64, 30, 12, 3, 1][k % 8] + k)
        add(title, [(doing - dt.timedelta(days=1), "added", None, "todo"), (doing, "moved", "todo", "doing")],
            "doing")
    history.sort(key=lambda e: e["at"])
    return {"format": "pmboard/1", "board": {"title": "Insights on a phone", "timeZone": "Asia/Seoul"},
            "tasks": tasks, "history": history}


def script_lang(text):
    """`ja` for kana, `ko` for Hangul, else None: the rule pmboard's ScriptGuess states."""
    if any(0x3040 <= ord(c) <= 0x30FF for c in text):
        return "ja"
    if any(0xAC00 <= ord(c) <= 0xD7A3 or 0x1100 <= ord(c) <= 0x11FF or 0x3130 <= ord(c) <= 0x318F for c in text):
        return "ko"
    return None


def overlaps(a, b, slack=0.5):
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def check_page(driver, site, code, screen_name, screen, titles, report):
    browser.emulate(driver, screen, dark=False)
    driver.get(site.url(f"{code}/insights.html"))
    seen = driver.execute_script(MEASURE)
    where = f"{code}/insights.html at {screen_name}"
    texts = seen["texts"]
    if not texts:
        report(False, f"{where}: no chart words found")
        return
    report(seen["scrollWidth"] <= seen["width"], f"{where}: no sideways scrolling ({seen['scrollWidth']} px)")
    small = [t for t in texts if t["px"] < 12 - 1e-6]
    report(not small, f"{where}: {len(texts)} chart words all 12 px or more (smallest "
           f"{min(t['px'] for t in texts):.1f} px)" + (f"; too small: {[(t['text'], round(t['px'], 1)) for t in small[:5]]}" if small else ""))
    outside = [t for t in texts if t["box"][0] < t["svg"][0] - 0.5 or t["box"][2] > t["svg"][2] + 0.5
               or t["box"][1] < t["svg"][1] - 0.5 or t["box"][3] > t["svg"][3] + 0.5]
    report(not outside, f"{where}: every word inside its chart"
           + (f"; cut: {[(t['text'], [round(v) for v in t['box']], [round(v) for v in t['svg']]) for t in outside[:5]]}" if outside else ""))
    clashes = []
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if a["chart"] == b["chart"] and overlaps(a["box"], b["box"]):
                clashes.append((a["text"], b["text"]))
    report(not clashes, f"{where}: no two words of a chart overlap" + (f"; {clashes[:5]}" if clashes else ""))
    names = [t for t in texts if t["section"] == "aging" or t["text"] in titles or t["text"].endswith("…")]
    names = [t for t in names if not t["text"].isdigit()]
    bad = [t["text"] for t in names
           if t["text"] not in titles and not (t["text"].endswith("…")
                                                and any(x.startswith(t["text"][:-1].rstrip()) for x in titles))]
    report(not bad and len(names) >= 25, f"{where}: {len(names)} aging names, each its title or its start and '…'"
           + (f"; not: {bad[:5]}" if bad else ""))
    wrong = [(t["text"], t["lang"]) for t in names
             if (script_lang(t["text"]) if script_lang(t["text"]) != code else None) != t["lang"]]
    wrong += [(c["text"], c["lang"]) for c in seen["cells"]
              if (script_lang(c["text"]) if script_lang(c["text"]) != code else None) != c["lang"]]
    report(not wrong and seen["cells"], f"{where}: Korean and Japanese titles on a {code} page say their lang"
           + (f"; not: {wrong[:5]}" if wrong else ""))


def check(site_dir):
    site_dir = pathlib.Path(site_dir)
    codes = sorted(p.parent.name for p in site_dir.glob("*/insights.html"))
    titles = {t["title"] for t in json.loads((site_dir / "board.json").read_text())["tasks"]}
    failures = 0

    def report(ok, line):
        nonlocal failures
        failures += 0 if ok else 1
        print(("ok   " if ok else "FAIL ") + line, flush=True)

    report(bool(codes), f"insights pages found: {codes}")
    site = browser.Site(site_dir, csp="default-src 'self'")
    driver = browser.chromium()
    try:
        for code in codes:
            for screen_name, screen in SCREENS:
                check_page(driver, site, code, screen_name, screen, titles, report)
        errors = browser.console_errors(driver)
        report(not errors, "no console errors" + (f": {errors[:3]}" if errors else ""))
    finally:
        driver.quit()
        site.close()
    return 1 if failures else 0


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "generate":
        json.dump(generate(), sys.stdout, ensure_ascii=False)
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "check":
        return check(sys.argv[2])
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main())
