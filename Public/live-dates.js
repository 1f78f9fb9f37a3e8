/* pmboard live dates, linked by builds with `live-dates: true` (pages work without it; fine under CSP
   script-src 'self'). Read on a later day in the board's zone than built: re-mark overdue / due-today, swap
   flags, update overdue counts. Over 24 hours after the build: show the age note. */
(function () {
  "use strict";
  var data = document.body.dataset;
  var age = document.querySelector('[data-live="age"]');
  var counts = [].slice.call(document.querySelectorAll('[data-live="overdue-count"]'));
  var builtCounts = counts.map(function (n) { return parseInt(n.textContent, 10) || 0; });
  var dueCounts, days, touched = false; // a task page: the day last marked
  try {
    dueCounts = JSON.parse(data.dueCounts || "{}");
    days = new Intl.DateTimeFormat("en-CA", { timeZone: data.zone, year: "numeric", month: "2-digit", day: "2-digit" });
  } catch (e) {
    return; // unknown zone or broken counts: the page stays as built
  }

  // YYYY-MM-DD in the board's zone, from the parts (en-CA's pattern may change).
  function today(now) {
    var p = {};
    days.formatToParts(now).forEach(function (x) { p[x.type] = x.value; });
    return p.year + "-" + p.month + "-" + p.day;
  }

  function mark(task, day) {
    var due = task.getAttribute("data-due");
    var open = task.getAttribute("data-state") !== "done";
    var over = open && due < day, now = open && due === day;
    var text = over ? data.tOverdue : now ? data.tDueToday : null;
    var flag = task.querySelector("strong.flag");
    task.classList.toggle("overdue", over);
    task.classList.toggle("due-today", now);
    if (text == null) {
      if (flag) {
        var gap = flag.previousSibling;
        if (gap && gap.nodeType === 3 && !gap.nodeValue.trim()) gap.remove();
        flag.remove();
      }
    } else {
      if (!flag) {
        // Beside the due date, where the build puts it (the <time> may sit in a <p> of the card).
        var date = task.querySelector('time[datetime="' + due + '"]');
        flag = document.createElement("strong");
        flag.className = "flag";
        (date ? date.parentNode : task).append(" ", flag);
      }
      flag.textContent = text;
    }
  }

  function update() {
    var now = new Date(), day = today(now), fell = 0;
    var ms = now.getTime() - Date.parse(data.built);
    if (age && ms > 864e5) {
      age.textContent = (data.tAge || "").replace("{hours}", String(Math.floor(ms / 36e5)));
      age.hidden = false;
    }
    // On the build's day the page is right as built; on an earlier one (a clock behind) trust the build. A task
    // page does not say its build's day (so it need not change daily): its task is marked for the reader's day.
    if (data.today ? day < data.today || (day === data.today && !touched) : day === touched) return;
    touched = data.today ? true : day;
    document.querySelectorAll("[data-due]").forEach(function (t) { mark(t, day); });
    Object.keys(dueCounts).forEach(function (d) { if (d < day) fell += Number(dueCounts[d]) || 0; });
    counts.forEach(function (n, i) { n.textContent = String(builtCounts[i] + fell); });
  }

  update();
  setInterval(update, 60000); // a page left open past midnight
})();
