#!/usr/bin/env python3
"""Test oracle for pmboard's feeds: reads a built site with independent parsers and prints a JSON report.

usage: check_feeds.py SITE_FOLDER SCHEMA_FILE

Every calendar (calendar.ics, and a label's or person's .ics) is parsed by both `icalendar` and `vobject` (every event and alarm), and checked for RFC 5545
line rules (CRLF, at most 75 octets a line, folds only between UTF-8 sequences); every change feed (.atom) by `feedparser`
(no bozo) and against RFC 4287's required elements; board.json against its JSON Schema (draft 2020-12).
Problems go to "errors"; the Swift tests read the rest of the report to compare values.
"""
import datetime
import json
import pathlib
import sys
import xml.etree.ElementTree as ET

import feedparser
import icalendar
import jsonschema
import vobject

ATOM = "{http://www.w3.org/2005/Atom}"
errors = []


def check_lines(path, raw):
    if b"\n" in raw.replace(b"\r\n", b""):
        errors.append(f"{path}: a line ends without CRLF")
    if not raw.endswith(b"\r\n"):
        errors.append(f"{path}: the last line has no CRLF")
    for number, line in enumerate(raw.split(b"\r\n")[:-1], 1):
        if len(line) > 75:
            errors.append(f"{path}:{number}: {len(line)} octets")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            errors.append(f"{path}:{number}: a fold splits a UTF-8 sequence")


def utc(value):
    return value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def check_calendar(path):
    raw = path.read_bytes()
    check_lines(path, raw)
    calendar = icalendar.Calendar.from_ical(raw)
    events = []
    for event in calendar.walk("VEVENT"):
        start, end = event.decoded("DTSTART"), event.decoded("DTEND")
        if isinstance(start, datetime.datetime) or end - start != datetime.timedelta(days=1):
            errors.append(f"{path}: {event['UID']} is not one all-day date")
        alarms = event.walk("VALARM")
        if len(alarms) != 1 or str(alarms[0]["ACTION"]) != "DISPLAY":
            errors.append(f"{path}: {event['UID']} needs one DISPLAY alarm")
            continue
        events.append({
            "uid": str(event["UID"]), "summary": str(event["SUMMARY"]), "description": str(event["DESCRIPTION"]),
            "start": start.isoformat(), "end": end.isoformat(), "stamp": utc(event.decoded("DTSTAMP")),
            "alarm": utc(alarms[0].decoded("TRIGGER")),
        })
    second = vobject.readOne(raw.decode("utf-8"))
    for mine, event in zip(events, second.contents.get("vevent", [])):
        other = {
            "uid": event.uid.value, "summary": event.summary.value, "description": event.description.value,
            "alarm": utc(event.valarm.trigger.value),
        }
        for key, value in other.items():
            if mine[key] != value:
                errors.append(f"{path}: icalendar and vobject disagree on {key}: {mine[key]!r} / {value!r}")
    if len(second.contents.get("vevent", [])) != len(events):
        errors.append(f"{path}: vobject sees another number of events")
    return {"name": str(calendar.get("X-WR-CALNAME", "")), "version": str(calendar["VERSION"]), "events": events}


def check_atom(path):
    parsed = feedparser.parse(path.read_bytes())
    if parsed.bozo:
        errors.append(f"{path}: feedparser: {parsed.bozo_exception}")
    root = ET.parse(path).getroot()
    for name in ("id", "title", "updated"):
        if root.find(ATOM + name) is None:
            errors.append(f"{path}: the feed has no <{name}>")
    feed_author = root.find(ATOM + "author/" + ATOM + "name") is not None
    entries = []
    for entry in root.findall(ATOM + "entry"):
        for name in ("id", "title", "updated"):
            if entry.find(ATOM + name) is None:
                errors.append(f"{path}: an entry has no <{name}>")
        if not feed_author and entry.find(ATOM + "author") is None:
            errors.append(f"{path}: an entry has no author")
        alternate = entry.find(ATOM + "link[@rel='alternate']")
        if entry.find(ATOM + "content") is None and alternate is None:
            errors.append(f"{path}: an entry has neither content nor an alternate link")
        entries.append({
            "id": entry.findtext(ATOM + "id"), "title": entry.findtext(ATOM + "title"),
            "updated": entry.findtext(ATOM + "updated"), "link": alternate.get("href") if alternate is not None else "",
        })
    ids = [entry["id"] for entry in entries]
    if len(set(ids)) != len(ids):
        errors.append(f"{path}: entry ids repeat")
    return {"id": root.findtext(ATOM + "id"), "title": parsed.feed.get("title", ""), "entries": entries}


def check_pieces(site, document, schema):
    """A large board's tasks are in the pieces board.json lists (`pieces`): each valid as the schema's `piece`,
    holding as many tasks as listed, each task's id starting with the piece's hex digits; `tasks` then gets them,
    piece after piece, and `pieceFiles` the files' names."""
    if "pieces" not in document:
        return
    piece_schema = dict(schema, **{"$ref": "#/$defs/piece"})
    piece_schema.pop("required", None)
    piece_schema.pop("properties", None)
    piece_schema.pop("additionalProperties", None)
    piece_schema.pop("type", None)
    validator = jsonschema.Draft202012Validator(piece_schema)
    if document["tasks"]:
        errors.append("board.json: tasks beside pieces")
    tasks = []
    for entry in document["pieces"]:
        path = site / entry["file"]
        piece = json.loads(path.read_text(encoding="utf-8"))
        for problem in validator.iter_errors(piece):
            errors.append(f"{entry['file']}: {problem.message} at {list(problem.absolute_path)}")
        if len(piece.get("tasks", [])) != entry["tasks"]:
            errors.append(f"{entry['file']}: {len(piece.get('tasks', []))} tasks, board.json says {entry['tasks']}")
        for task in piece.get("tasks", []):
            if not task["id"].lower().startswith(piece["piece"]):
                errors.append(f"{entry['file']}: task {task['id']} is not of piece {piece['piece']}")
        tasks += piece.get("tasks", [])
    if len(tasks) != sum(document["counts"].values()):
        errors.append(f"board.json: pieces hold {len(tasks)} tasks, counts say {sum(document['counts'].values())}")
    document["tasks"] = tasks
    document["pieceFiles"] = [entry["file"] for entry in document["pieces"]]


def main():
    site, schema_file = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    report = {"calendars": {}, "feeds": {}, "board": None}
    for path in sorted(site.rglob("*.ics")):
        report["calendars"][str(path.relative_to(site))] = check_calendar(path)
    for path in sorted(site.rglob("*.atom")):
        report["feeds"][str(path.relative_to(site))] = check_atom(path)
    board = site / "board.json"
    if board.exists():
        document = json.loads(board.read_text(encoding="utf-8"))
        schema = json.loads(schema_file.read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        for problem in jsonschema.Draft202012Validator(schema).iter_errors(document):
            errors.append(f"board.json: {problem.message} at {list(problem.absolute_path)}")
        check_pieces(site, document, schema)
        report["board"] = document
    report["errors"] = errors
    json.dump(report, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
