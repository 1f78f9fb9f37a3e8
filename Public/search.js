/* pmboard search: the header's search field, shown only where this script runs (the filter pages work without it;
   fine under CSP script-src 'self'). On first use it loads search/open.json and search/open-text.json (the done
   and the removed tasks' files only when their box is ticked, a result's id file only when it is opened). Every word of the
   query must be found inside the task's title, its labels or people, or one sentence of its body, after both the
   text and the query are folded alike (NFKC, then lower case): a Korean or Japanese fragment inside a compound
   finds its task, an English word matches by its start. The field is a WAI-ARIA combobox with a listbox popup.
   A page carries only the field; the rest is made here, and its words come from search/<lang>.json. Enter with no
   result chosen opens <lang>/search.html?q=…, whose every result (up to PAGE_LIMIT) this script lists as links. */
(function () {
  "use strict";
  var box = document.querySelector(".search[data-root]");
  if (!box || !window.fetch || !String.prototype.normalize) return;
  var data = box.dataset;
  var input = box.querySelector('input[type="search"]');
  var list = document.createElement("ul");
  var status = document.createElement("p");
  var boxes = {}; // part → its "include" box: done, removed (as search/<lang>.json lists the parts)
  var words = null; // search/<lang>.json, once loaded
  var LIMIT = 50;
  var PAGE_LIMIT = 500;
  var COLUMN_PAGES = { t: "todo.html", d: "doing.html", x: "done.html" };
  var STATE_ORDER = { d: 0, t: 1, x: 2, r: 3 };
  var lang = document.documentElement.lang || "en";
  var days = new Intl.DateTimeFormat(lang, { month: "short", day: "numeric", timeZone: "UTC" });
  var loads = {}; // part → promise of its prepared index
  var shown = []; // the results in the list
  var active = -1;
  var asked = 0; // the latest query's number: an answer to an older one is dropped

  input.id = "search-field";
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", "search-results");
  input.setAttribute("autocomplete", "off");
  input.setAttribute("spellcheck", "false");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  list.id = "search-results";
  list.className = "search-results";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", input.getAttribute("aria-label") || "");
  list.hidden = true;
  box.appendChild(status);
  box.appendChild(list);
  box.hidden = false;

  // NFKC leaves ASCII as it is: most titles and sentences of English boards skip it.
  var ASCII = /^[\x00-\x7f]*$/;
  function fold(text) {
    return ASCII.test(text) ? text.toLowerCase() : text.normalize("NFKC").toLowerCase();
  }

  function fetchJSON(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error(url + ": " + response.status);
      return response.json();
    });
  }

  // The locale's words, and an "include" box for each part besides the open tasks once they are known.
  function loadWords() {
    if (!loads.words) {
      loads.words = fetchJSON(data.root + "search/" + lang + ".json").then(function (known) {
        words = known;
        (known.parts || []).forEach(function (part) {
          if (part === "open" || boxes[part]) return;
          var label = document.createElement("label");
          label.className = "search-done";
          var check = label.appendChild(document.createElement("input"));
          check.type = "checkbox";
          check.setAttribute("data-part", part);
          label.appendChild(document.createTextNode(" " + (part === "done" ? words.withDone : words.withRemoved)));
          box.insertBefore(label, status);
          check.addEventListener("change", run);
          boxes[part] = check;
        });
        return known;
      });
      loads.words.catch(function () { delete loads.words; });
    }
    return loads.words;
  }

  function load(part) {
    if (!loads[part]) {
      var base = data.root + "search/" + part;
      loads[part] = Promise.all([fetchJSON(base + ".json"), fetchJSON(base + "-text.json")]).then(function (files) {
        return prepare(base, files[0], files[1]);
      });
      loads[part].catch(function () { delete loads[part]; }); // tried again on the next keystroke
    }
    return loads[part];
  }

  function prepare(base, tasks, text) {
    var names = tasks.names.map(fold);
    return {
      base: base,
      tasks: tasks,
      names: tasks.names,
      titles: tasks.title.map(fold),
      tags: tasks.tags.map(function (tags) { return tags.map(function (n) { return names[n]; }).join("\n"); }),
      segments: text.segments.map(fold),
      body: text.body,
      people: tasks.people.reduce(function (set, n) { set[n] = true; return set; }, {}),
      ids: {}
    };
  }

  // The tasks of `index` that hold every term, with a rank: a title's word start 0, elsewhere in the title 1,
  // a label or person 2, a sentence of the body 4, summed over the terms.
  function match(index, terms) {
    var sentences = terms.map(function (term) {
      var hits = new Uint8Array(index.segments.length);
      for (var s = 0; s < index.segments.length; s++) if (index.segments[s].indexOf(term) >= 0) hits[s] = 1;
      return hits;
    });
    var found = [];
    for (var i = 0; i < index.titles.length; i++) {
      var rank = 0, all = true;
      for (var k = 0; k < terms.length && all; k++) {
        var title = index.titles[i], at = title.indexOf(terms[k]);
        if (at >= 0) {
          if (at > 0 && !/[\s\-_/([{"'“「『]/.test(title.charAt(at - 1))) rank += 1;
          continue;
        }
        if (index.tags[i].indexOf(terms[k]) >= 0) { rank += 2; continue; }
        var body = index.body[i], hit = false;
        for (var b = 0; b < body.length && !hit; b++) hit = sentences[k][body[b]] === 1;
        if (hit) rank += 4; else all = false;
      }
      if (all) found.push({ index: index, i: i, rank: rank });
    }
    return found;
  }

  function order(a, b) {
    if (a.rank !== b.rank) return a.rank - b.rank;
    var sa = STATE_ORDER[a.index.tasks.state.charAt(a.i)], sb = STATE_ORDER[b.index.tasks.state.charAt(b.i)];
    if (sa !== sb) return sa - sb;
    var da = a.index.tasks.due[a.i], db = b.index.tasks.due[b.i];
    if (da !== db) return da == null ? 1 : db == null ? -1 : da - db;
    return a.i - b.i;
  }

  function fill(message, name, value) {
    return (message || "").replace("{" + name + "}", String(value));
  }

  // A result as a list item: its title (in `into`, the item itself or a link in it) and a line of its column,
  // due day, labels and people.
  function describe(result, item, into) {
    var tasks = result.index.tasks, i = result.i;
    var title = into.appendChild(document.createElement("bdi"));
    title.className = "search-title";
    title.textContent = tasks.title[i];
    var state = tasks.state.charAt(i);
    var meta = [{ t: words.todo, d: words.doing, x: words.done, r: words.removed }[state]];
    var due = tasks.due[i];
    if (due != null) meta.push(words.due + " " + days.format(new Date(Date.parse(tasks.dueBase) + due * 864e5)));
    var names = tasks.tags[i].map(function (n) { return (result.index.people[n] ? "@" : "") + tasks.names[n]; });
    if (names.length) meta.push(names.join(", "));
    var line = item.appendChild(document.createElement("span"));
    line.className = "search-meta";
    line.textContent = meta.join(" · ");
    return item;
  }

  function option(result, n) {
    var item = document.createElement("li");
    item.id = "search-option-" + n;
    item.setAttribute("role", "option");
    item.setAttribute("aria-selected", "false");
    describe(result, item, item);
    item.addEventListener("mousedown", function (event) { event.preventDefault(); });
    item.addEventListener("click", function () { open(result); });
    return item;
  }

  function show(results, total) {
    shown = results;
    active = -1;
    input.removeAttribute("aria-activedescendant");
    list.textContent = "";
    results.forEach(function (result, n) { list.appendChild(option(result, n)); });
    var expanded = results.length > 0;
    list.hidden = !expanded;
    input.setAttribute("aria-expanded", String(expanded));
    status.textContent = total === 0 ? words.none
      : fill(words.results, "count", total) + (total > results.length ? " · " + fill(words.more, "shown", results.length) : "");
  }

  function close() {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  }

  function run() {
    var number = ++asked;
    var terms = fold(input.value).split(/\s+/).filter(Boolean);
    if (!terms.length) { shown = []; list.textContent = ""; status.textContent = ""; close(); return; }
    var parts = [loadWords(), load("open")];
    Object.keys(boxes).forEach(function (part) { if (boxes[part].checked) parts.push(load(part)); });
    if (!loads.open.ready) {
      box.setAttribute("aria-busy", "true");
      if (words) status.textContent = words.loading;
    }
    Promise.all(parts).then(function (indexes) {
      loads.open.ready = true;
      box.removeAttribute("aria-busy");
      if (number !== asked) return;
      var found = [];
      indexes.slice(1).forEach(function (index) { found = found.concat(match(index, terms)); });
      found.sort(order);
      show(found.slice(0, LIMIT), found.length);
    }, function () {
      box.removeAttribute("aria-busy");
      if (number === asked) { close(); status.textContent = words ? words.failed : "Search failed"; }
    });
  }

  function move(to) {
    if (!shown.length) return;
    if (list.hidden) { list.hidden = false; input.setAttribute("aria-expanded", "true"); }
    var items = list.children;
    if (active >= 0) items[active].setAttribute("aria-selected", "false");
    active = (to + shown.length) % shown.length;
    items[active].setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", items[active].id);
    items[active].scrollIntoView({ block: "nearest" });
  }

  // The address of a result's page, given its id: its task page, or its card on its column's page on a site
  // without task pages (a removed task has its page only, its tombstone).
  function href(result, id) {
    var state = result.index.tasks.state.charAt(result.i);
    return data.localeDir + ("taskPages" in data || state === "r"
      ? "tasks/" + id + ".html"
      : COLUMN_PAGES[state] + "#t-" + id);
  }

  // The id of a result, from its part's id file (fetched once, when first needed).
  function idOf(result) {
    var index = result.index, file = Math.floor(result.i / index.tasks.idsPerFile);
    var ids = index.ids[file] || (index.ids[file] = fetchJSON(index.base + "-ids-" + file + ".json"));
    ids.catch(function () { delete index.ids[file]; });
    return ids.then(function (list) { return list[result.i % index.tasks.idsPerFile]; });
  }

  function open(result) {
    idOf(result).then(function (id) { location.href = href(result, id); },
      function () { status.textContent = words.failed; });
  }

  // The search page: every result of ?q=, as links (their ids fetched first), and the count in the note.
  function searchPage() {
    var list = document.querySelector("[data-search-results]");
    var note = document.querySelector("[data-search-note]");
    var query = new URLSearchParams(location.search).get("q");
    if (!list || !note || !query) return;
    input.value = query;
    var terms = fold(query).split(/\s+/).filter(Boolean);
    var parts = [loadWords(), load("open")];
    Promise.all(parts).then(function (found) {
      var results = match(found[1], terms).sort(order);
      var shown = results.slice(0, PAGE_LIMIT);
      return Promise.all(shown.map(idOf)).then(function (ids) {
        list.textContent = "";
        shown.forEach(function (result, n) {
          var item = document.createElement("li");
          var link = item.appendChild(document.createElement("a"));
          link.href = href(result, ids[n]);
          list.appendChild(describe(result, item, link));
        });
        list.hidden = shown.length === 0;
        note.textContent = results.length === 0 ? words.none : fill(words.results, "count", results.length) +
          (results.length > shown.length ? " · " + fill(words.more, "shown", shown.length) : "");
      });
    }).catch(function () { note.textContent = words ? words.failed : "Search failed"; });
  }

  input.addEventListener("input", run);
  input.addEventListener("focus", function () {
    loadWords().catch(function () {});
    load("open").catch(function () {});
  });
  input.addEventListener("keydown", function (event) {
    switch (event.key) {
      case "ArrowDown": event.preventDefault(); move(active + 1); break;
      case "ArrowUp": event.preventDefault(); move(active < 0 ? -1 : active - 1); break;
      case "Enter":
        if (active >= 0 && !list.hidden) {
          event.preventDefault();
          open(shown[active]);
        } else if (input.value.trim()) {
          // No result chosen: the search page lists them all.
          event.preventDefault();
          location.href = data.localeDir + "search.html?q=" + encodeURIComponent(input.value.trim());
        }
        break;
      case "Escape":
        if (!list.hidden) { event.preventDefault(); close(); }
        break;
    }
  });
  input.addEventListener("blur", close);
  if (document.body.classList.contains("search-page")) searchPage();
})();
