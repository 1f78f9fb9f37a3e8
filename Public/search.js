/* pmboard search: the header's search field, shown only where this script runs (the filter pages work without it).
   The index's files are scripts (search/open.js: PMBoardSearch["open"]=…) added as <script src>, which run from
   file:// (where fetch is refused) and under CSP script-src 'self'. First use loads search/open.js and open-text.js
   (done and removed tasks when their box is ticked, a result's id file when it is opened). Every word of the query
   must be inside the title, a label or person, or one sentence of the body, text and query folded alike (fold;
   the index stores sentences folded): a fragment inside a Korean or Japanese compound finds its task. The field is
   a WAI-ARIA combobox with a listbox; its words come from search/<lang>.js. Enter with no result chosen opens
   <lang>/search.html?q=…(&with=done,… for the ticked boxes), whose results (up to PAGE_LIMIT) are listed as links.
   Addresses come from the index, which pmboard writes from its one URL scheme: a result's from its part's "href"
   (by column, what comes before and after the id), the search page's from search/<lang>.js; the page gives only
   the way to its locale's folder (data-locale-dir). */
(function () {
  "use strict";
  var shared = window.PMBoardSearch = window.PMBoardSearch || {}; // the index's scripts hand their data over here

  // fold: NFKC, full case folding, a U+0307 after i dropped. FOLDS: full case folding where it is not the lower case
  // (code point: what it folds to, in hex), the Swift index's SearchFold.foldTable; Cherokee folds to its capitals.
  var FOLDS = {};
  (
    "b5:3bc df:73.73 149:2bc.6e 17f:73 1f0:6a.30c 345:3b9 390:3b9.308.301 3b0:3c5.308.301 3c2:3c3 3d0:3b2 3d1:3b8 " +
    "3d5:3c6 3d6:3c0 3f0:3ba 3f1:3c1 3f5:3b5 587:565.582 1c80:432 1c81:434 1c82:43e 1c83:441 1c84:442 1c85:442 " +
    "1c86:44a 1c87:463 1c88:a64b 1e96:68.331 1e97:74.308 1e98:77.30a 1e99:79.30a 1e9a:61.2be 1e9b:1e61 " +
    "1f50:3c5.313 1f52:3c5.313.300 1f54:3c5.313.301 1f56:3c5.313.342 1f80:1f00.3b9 1f81:1f01.3b9 1f82:1f02.3b9 " +
    "1f83:1f03.3b9 1f84:1f04.3b9 1f85:1f05.3b9 1f86:1f06.3b9 1f87:1f07.3b9 1f90:1f20.3b9 1f91:1f21.3b9 " +
    "1f92:1f22.3b9 1f93:1f23.3b9 1f94:1f24.3b9 1f95:1f25.3b9 1f96:1f26.3b9 1f97:1f27.3b9 1fa0:1f60.3b9 " +
    "1fa1:1f61.3b9 1fa2:1f62.3b9 1fa3:1f63.3b9 1fa4:1f64.3b9 1fa5:1f65.3b9 1fa6:1f66.3b9 1fa7:1f67.3b9 " +
    "1fb2:1f70.3b9 1fb3:3b1.3b9 1fb4:3ac.3b9 1fb6:3b1.342 1fb7:3b1.342.3b9 1fbe:3b9 1fc2:1f74.3b9 1fc3:3b7.3b9 " +
    "1fc4:3ae.3b9 1fc6:3b7.342 1fc7:3b7.342.3b9 1fd2:3b9.308.300 1fd3:3b9.308.301 1fd6:3b9.342 1fd7:3b9.308.342 " +
    "1fe2:3c5.308.300 1fe3:3c5.308.301 1fe4:3c1.313 1fe6:3c5.342 1fe7:3c5.308.342 1ff2:1f7c.3b9 1ff3:3c9.3b9 " +
    "1ff4:3ce.3b9 1ff6:3c9.342 1ff7:3c9.342.3b9 fb00:66.66 fb01:66.69 fb02:66.6c fb03:66.66.69 fb04:66.66.6c " +
    "fb05:73.74 fb06:73.74 fb13:574.576 fb14:574.565 fb15:574.56b fb16:57e.576 fb17:574.56d"
  ).split(" ").forEach(function (entry) {
    var sides = entry.split(":");
    FOLDS[String.fromCharCode(parseInt(sides[0], 16))] = sides[1].split(".").map(function (hex) {
      return String.fromCharCode(parseInt(hex, 16));
    }).join("");
  });
  for (var c = 0xab70; c <= 0xabbf; c++) FOLDS[String.fromCharCode(c)] = String.fromCharCode(c - 0x97d0);
  for (c = 0x13f8; c <= 0x13fd; c++) FOLDS[String.fromCharCode(c)] = String.fromCharCode(c - 8);
  var FOLDABLE = new RegExp("[" + Object.keys(FOLDS).map(function (key) {
    return "\\u" + ("000" + key.charCodeAt(0).toString(16)).slice(-4);
  }).join("") + "]", "g");
  // NFKC and case folding leave ASCII lower-cased: most titles and sentences of English boards skip them.
  var ASCII = /^[\x00-\x7f]*$/;
  function fold(text) {
    if (ASCII.test(text)) return text.toLowerCase();
    return text.normalize("NFKC").toLowerCase()
      .replace(FOLDABLE, function (ch) { return FOLDS[ch]; })
      .replace(/i\u0307/g, "i");
  }
  shared.fold = fold;

  var box = document.querySelector(".search[data-root]");
  if (!box || !window.Promise || !String.prototype.normalize) return;
  var data = box.dataset;
  var input = box.querySelector('input[type="search"]');
  var list = document.createElement("ul");
  var status = document.createElement("p");
  var boxes = {}; // part → its "include" box: done, removed (as search/<lang>.js lists the parts)
  var words = null; // search/<lang>.js, once loaded
  var LIMIT = 50;
  var PAGE_LIMIT = 500;
  var UNAVAILABLE = "Search is unavailable: its index (search/) did not load."; // before the words could load
  var STATE_ORDER = { d: 0, t: 1, x: 2, r: 3 };
  var lang = document.documentElement.lang || "en";
  var days = new Intl.DateTimeFormat(lang, { month: "short", day: "numeric", timeZone: "UTC" });
  var loads = {}; // part → promise of its prepared index
  var shown = []; // the results in the list
  var active = -1;
  var asked = 0; // the latest query's number: an answer to an older one is dropped
  var params = new URLSearchParams(location.search);
  // On the search page: its query, and the latest listing's number (an older one's answer is dropped).
  var page = document.body.classList.contains("search-page") ? { query: params.get("q"), asked: 0 } : null;
  // The parts the search page's address includes, ticked once their boxes exist.
  var ticked = page ? (params.get("with") || "").split(",") : [];

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

  // The index's file `name` (open, open-text, open-ids-0, en): added as a script, which hands its data to
  // PMBoardSearch[name]; taken from there at once, so that a later load runs the script again.
  function loadScript(name) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = data.root + "search/" + name + ".js";
      script.onload = function () {
        script.remove();
        var value = shared[name];
        delete shared[name];
        if (value) resolve(value); else reject(new Error(script.src + " handed over nothing"));
      };
      script.onerror = function () { script.remove(); reject(new Error(script.src + " did not load")); };
      document.head.appendChild(script);
    });
  }

  // A failure shows: the status line, else read by screen readers only, says it on the page.
  function failed() {
    close();
    status.className = "search-failed";
    sayFailed(status);
  }

  // Says on `node` that search failed, in the page's words once they are loaded (an index file may fail first).
  function sayFailed(node) {
    function say() {
      if (node.classList.contains("search-failed")) node.textContent = words ? words.failed : UNAVAILABLE;
    }
    say();
    if (!words) loadWords().then(say, function () {});
  }

  // The locale's words, and an "include" box for each part besides the open tasks once they are known.
  function loadWords() {
    if (!loads.words) {
      loads.words = loadScript(lang).then(function (known) {
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
          check.checked = ticked.indexOf(part) >= 0;
          check.addEventListener("change", function () {
            run();
            if (page) searchPage();
          });
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
      loads[part] = Promise.all([loadScript(part), loadScript(part + "-text")]).then(function (files) {
        return prepare(part, files[0], files[1]);
      });
      loads[part].catch(function () { delete loads[part]; }); // tried again on the next keystroke
    }
    return loads[part];
  }

  function prepare(part, tasks, text) {
    var names = tasks.names.map(fold);
    return {
      part: part,
      tasks: tasks,
      names: tasks.names,
      titles: tasks.title.map(fold),
      tags: tasks.tags.map(function (tags) { return tags.map(function (n) { return names[n]; }).join("\n"); }),
      segments: text.segments, // folded by the index
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
    status.className = "visually-hidden";
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
      if (number === asked) failed();
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

  // The address of a result's page, given its id: its part's "href" for its column says what comes before and
  // after the id (its task page, or its card on its column's page on a site without task pages); on such a site
  // whose long columns are cut into pages, "pages" for its column and "page" for the result say which page.
  function href(result, id) {
    var tasks = result.index.tasks, letter = tasks.state.charAt(result.i);
    var around = tasks.page ? tasks.pages[letter][tasks.page[result.i]] : tasks.href[letter];
    return data.localeDir + around[0] + id + around[1];
  }

  // The id of a result, from its part's id file of the result's bucket (the id's first hex digits, as the part's
  // "bucket" gives them, idDigits a task), loaded once, when first needed: the file lists its bucket's ids in board
  // order, so the result's is the one after those of the tasks before it in the same bucket.
  function idOf(result) {
    var index = result.index, tasks = index.tasks, digits = tasks.idDigits;
    if (!index.places) index.places = places(tasks.bucket, digits);
    var key = tasks.bucket.substr(result.i * digits, digits);
    var ids = index.ids[key] || (index.ids[key] = loadScript(index.part + "-ids-" + key));
    ids.catch(function () { delete index.ids[key]; });
    return ids.then(function (list) { return list[index.places[result.i]]; });
  }

  // By task, how many tasks before it have its bucket: its place in its id file.
  function places(bucket, digits) {
    var seen = {}, out = new Int32Array(bucket.length / digits);
    for (var i = 0; i < out.length; i++) {
      var key = bucket.substr(i * digits, digits);
      out[i] = seen[key] || 0;
      seen[key] = out[i] + 1;
    }
    return out;
  }

  function open(result) {
    idOf(result).then(function (id) { location.href = href(result, id); }, failed);
  }

  // The parts besides the open tasks whose boxes are ticked, as the search page's address names them.
  function included() {
    return Object.keys(boxes).filter(function (part) { return boxes[part].checked; });
  }

  // The search page: every result of ?q= in the open tasks and the parts of &with= (the boxes ticked where Enter
  // was pressed; ticking one here lists again), as links (their ids loaded first), and the count in the note.
  function searchPage() {
    var list = document.querySelector("[data-search-results]");
    var note = document.querySelector("[data-search-note]");
    if (!list || !note || !page.query) return;
    var number = ++page.asked;
    var terms = fold(page.query).split(/\s+/).filter(Boolean);
    loadWords().then(function () {
      var parts = included();
      remember(parts);
      return Promise.all([load("open")].concat(parts.map(load)));
    }).then(function (indexes) {
      var results = [];
      indexes.forEach(function (index) { results = results.concat(match(index, terms)); });
      results.sort(order);
      var shown = results.slice(0, PAGE_LIMIT);
      return Promise.all(shown.map(idOf)).then(function (ids) {
        if (number !== page.asked) return;
        note.className = "search-note";
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
    }).catch(function () {
      if (number !== page.asked) return;
      note.className = "search-note search-failed";
      sayFailed(note);
    });
  }

  // The search page's address follows its boxes, so that it can be shared as it lists.
  function remember(parts) {
    var address = "?q=" + encodeURIComponent(page.query) + (parts.length ? "&with=" + parts.join(",") : "");
    if (address === location.search) return;
    try {
      history.replaceState(null, "", address);
    } catch (error) {
      // Some browsers refuse it on file://: the list is right, only its address is not.
    }
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
          // No result chosen: the search page lists them all (its address is in the locale's words).
          event.preventDefault();
          var query = "?q=" + encodeURIComponent(input.value.trim()), with_ = included();
          loadWords().then(function (known) {
            location.href = data.localeDir + known.searchPage + query + (with_.length ? "&with=" + with_.join(",") : "");
          }, failed);
        }
        break;
      case "Escape":
        if (!list.hidden) { event.preventDefault(); close(); }
        break;
    }
  });
  input.addEventListener("blur", close);
  if (page) {
    input.value = page.query || "";
    searchPage();
  }
})();
