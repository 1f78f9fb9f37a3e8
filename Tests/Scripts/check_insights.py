#!/usr/bin/env python3
"""An independent recomputation of a site's insights.json from `pmboard export` of the same board.

    check_insights.py generate N SEED ZONE > board.json   a pmboard/1 board of N tasks whose history moves tasks
                                                          back and forth, removes some, and crosses a DST change
    check_insights.py check EXPORT.json SITE_DIR           recomputes SITE_DIR/insights.json from the export

`check` prints one JSON line {"checked": {...}, "errors": [...]} and exits 1 on any difference. The rules are the
ones docs say (docs/site.md, "Insights"), written here from scratch in plain Python: the 12 weeks ending on the site's
today, on the board's wall clock (zoneinfo); cumulative flow at each week's end; throughput as moves into DONE;
cycle time from a task's first move into DOING to each move into DONE in the window (UTC seconds, nearest-rank
percentiles); aging as days from the last move into DOING to today for each task in DOING.
"""
import datetime as dt
import json
import random
import sys
import uuid
import zoneinfo


def generate(n, seed, zone):
    rng = random.Random(seed)
    today = dt.datetime(2026, 11, 21, tzinfo=dt.timezone.utc)
    start = today - dt.timedelta(days=130)
    tasks, history = [], []
    for k in range(n):
        tid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        title = rng.choice(["Fix login", "로그인 수정", "ログイン修正", "Ship v2", "Docs"]) + f" {k}"
        t = start + dt.timedelta(seconds=rng.randrange(120 * 86400))
        state = "todo"
        events = [(t, "added", None, "todo")]
        for _ in range(rng.randrange(5)):
            t += dt.timedelta(seconds=rng.randrange(1, 20 * 86400))
            if t >= today:
                break
            nxt = rng.choice([s for s in ("todo", "doing", "done") if s != state])
            events.append((t, "moved", state, nxt))
            state = nxt
        removed = rng.random() < 0.05 and t + dt.timedelta(hours=1) < today
        if removed:
            events.append((t + dt.timedelta(hours=1), "removed", state, None))
        for at, action, frm, to in events:
            entry = {"at": at.strftime("%Y-%m-%dT%H:%M:%SZ"), "action": action, "task": tid, "title": title}
            if frm:
                entry["from"] = frm
            if to:
                entry["to"] = to
            history.append(entry)
        if not removed:
            tasks.append({"id": tid, "title": title, "body": "", "state": state,
                          "created": events[0][0].strftime("%Y-%m-%dT%H:%M:%SZ"),
                          "updated": events[-1][0].strftime("%Y-%m-%dT%H:%M:%SZ")})
    history.sort(key=lambda e: e["at"])
    return {"format": "pmboard/1", "board": {"title": f"Insights {n}", "timeZone": zone},
            "tasks": tasks, "history": history}


def instant(text):
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def recompute(export, today):
    zone = zoneinfo.ZoneInfo(export["board"]["timeZone"])
    first = today - dt.timedelta(days=83)
    weeks = [first + dt.timedelta(days=7 * w) for w in range(12)]
    column, counts, flow = {}, {"todo": 0, "doing": 0, "done": 0}, []
    throughput = [0] * 12
    first_doing, last_doing, cycles = {}, {}, []
    for entry in export["history"]:
        if entry.get("resolution") == "lost":
            continue
        at = instant(entry["at"])
        day = at.astimezone(zone).date()
        week = (day - first).days // 7 if day >= first else -1
        while len(flow) < min(week, 12):
            flow.append(dict(counts))
        task, action, to = entry["task"], entry["action"], entry.get("to")
        if action in ("added", "moved") and to:
            if task in column:
                counts[column[task]] -= 1
            column[task] = to
            counts[to] += 1
            if to == "doing":
                first_doing.setdefault(task, int(at.timestamp()))
                last_doing[task] = day
            if action == "moved" and to == "done" and entry.get("from") != "done" and 0 <= week < 12:
                throughput[week] += 1
                if task in first_doing:
                    cycles.append(max(0, int(at.timestamp()) - first_doing[task]))
        elif action == "removed" and task in column:
            counts[column.pop(task)] -= 1
    while len(flow) < 12:
        flow.append(dict(counts))
    cycles.sort()

    def percentile(p):
        if not cycles:
            return None
        rank = -(-p * len(cycles) // 100)
        return cycles[max(rank, 1) - 1]

    limits = [1, 2, 4, 7, 14, 28]
    buckets = [0] * 7
    for seconds in cycles:
        buckets[next((i for i, lim in enumerate(limits) if seconds < lim * 86400), 6)] += 1

    def board_order(task):
        return (task.get("due") is None, task.get("due") or "", task["title"], task["id"])

    doing = sorted((t for t in export["tasks"] if t["state"] == "doing"), key=board_order)
    aging = [(t["id"], max(0, (today - last_doing[t["id"]]).days)) for t in doing if t["id"] in last_doing]
    unknown = len(doing) - len(aging)
    aging.sort(key=lambda item: -item[1])  # stable: ties stay in board order
    by_days = {}
    for _, days in aging:
        by_days[days] = by_days.get(days, 0) + 1
    return {
        "version": 1, "today": today.isoformat(),
        "weeks": [{"start": weeks[w].isoformat(), **flow[w], "throughput": throughput[w]} for w in range(12)],
        "cycleTime": {"count": len(cycles), "medianSeconds": percentile(50), "p85Seconds": percentile(85),
                      "seconds": cycles,
                      "buckets": [{"minDays": ([0] + limits)[i], "maxDays": (limits + [None])[i], "count": buckets[i]}
                                  for i in range(7)]},
        "aging": {"count": len(aging), "unknown": unknown, "byDays": [[d, by_days[d]] for d in sorted(by_days)],
                  "oldest": [{"id": i, "days": d} for i, d in aging[:25]]},
    }


def check(export_path, site):
    with open(export_path, encoding="utf-8") as f:
        export = json.load(f)
    with open(f"{site}/insights.json", encoding="utf-8") as f:
        built = json.load(f)
    expected = recompute(export, dt.date.fromisoformat(built["today"]))
    errors = []
    try:
        import jsonschema
        schema_path = __file__.rsplit("/Tests/", 1)[0] + "/docs/insights.schema.json"
        with open(schema_path, encoding="utf-8") as f:
            jsonschema.Draft202012Validator(json.load(f)).validate(built)
    except ImportError:
        pass
    except Exception as error:  # jsonschema.ValidationError and friends: one line each
        errors.append(f"schema: {str(error).splitlines()[0]}")
    for key in ("weeks", "cycleTime", "aging", "today", "version"):
        if built.get(key) != expected[key]:
            errors.append(f"{key}: built {json.dumps(built.get(key))[:300]} expected {json.dumps(expected[key])[:300]}")
    checked = {"weeks": len(expected["weeks"]), "cycles": expected["cycleTime"]["count"],
               "throughput": sum(w["throughput"] for w in expected["weeks"]), "doing": expected["aging"]["count"],
               "lastWeek": expected["weeks"][-1]}
    print(json.dumps({"checked": checked, "errors": errors}, ensure_ascii=False))
    return 1 if errors else 0


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "generate":
        json.dump(generate(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]), sys.stdout, ensure_ascii=False)
    elif len(sys.argv) == 4 and sys.argv[1] == "check":
        sys.exit(check(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)
