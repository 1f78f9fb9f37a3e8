/* pmboard live dates, linked by builds with `live-dates: true` (pages work without it; fine under CSP
   script-src 'self'). Read on a later day in the board's zone than built: re-mark overdue / due-today, swap
   flags, update overdue counts, and on the overdue page show the listed tasks that are now overdue (it lists
   every open task with a due date, those not overdue when built hidden), so that its counts and its list agree.
   With a due-soon window the same for "Due in N days": flags, counts and the due-soon page's list.
   Over 24 hours after the build: show the age note, in days from 48 hours on. */
(function () {
  "use strict";
  var data = document.body.dataset;
  var age = document.querySelector('[data-live="age"]');
  var counts = [].slice.call(document.querySelectorAll('[data-live="overdue-count"]'));
  var list = document.querySelector('[data-live="overdue-list"]');
  var empty = document.querySelector('[data-live="overdue-empty"]');
  var soonCounts = [].slice.call(document.querySelectorAll('[data-live="soon-count"]'));
  var soonList = document.querySelector('[data-live="soon-list"]');
  var soonEmpty = document.querySelector('[data-live="soon-empty"]');
  var window_ = parseInt(data.soonDays || "0", 10) || 0;
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

  // Whole days from `day` to `due` (both YYYY-MM-DD).
  function daysUntil(due, day) {
    return Math.round((Date.parse(due) - Date.parse(day)) / 864e5);
  }

  function soonText(days) {
    return days === 1 ? data.tDueTomorrow : (data.tDueIn || "").replace("{days}", String(days));
  }

  function mark(task, day) {
    var due = task.getAttribute("data-due");
    var open = task.getAttribute("data-state") !== "done";
    var over = open && due < day, now = open && due === day;
    var ahead = daysUntil(due, day), soon = open && window_ > 0 && ahead >= 1 && ahead <= window_;
    var text = over ? data.tOverdue : now ? data.tDueToday : soon ? soonText(ahead) : null;
    var flag = task.querySelector("strong.flag");
    task.classList.toggle("overdue", over);
    task.classList.toggle("due-today", now);
    task.classList.toggle("due-soon", soon);
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

  // "Updated N hours ago", or from 48 hours on "N days ago" (the catalog's words; hours when it has no days).
  // A build pinned with --today says its day, not its hour: its age is counted in the board's calendar days,
  // and told only from the second day after it, when it is surely over a day.
  function ageText(now, day) {
    var hours, days;
    if (data.built) {
      var ms = now.getTime() - Date.parse(data.built);
      if (!(ms > 864e5)) return null;
      hours = Math.floor(ms / 36e5);
      days = Math.floor(ms / 864e5);
    } else if (data.today) {
      days = Math.round((Date.parse(day) - Date.parse(data.today)) / 864e5);
      if (!(days >= 2)) return null;
      hours = days * 24;
    } else {
      return null;
    }
    if (days >= 2 && data.tAgeDays) return data.tAgeDays.replace("{days}", String(days));
    return (data.tAge || "").replace("{hours}", String(hours));
  }

  function update() {
    var now = new Date(), day = today(now), fell = 0;
    var note = age && ageText(now, day);
    if (note) {
      age.textContent = note;
      age.hidden = false;
    }
    // On the build's day the page is right as built; on an earlier one (a clock behind) trust the build. A task
    // page does not say its build's day (so it need not change daily): its task is marked for the reader's day.
    if (data.today ? day < data.today || (day === data.today && !touched) : day === touched) return;
    touched = data.today ? true : day;
    document.querySelectorAll("[data-due]").forEach(function (t) { mark(t, day); });
    Object.keys(dueCounts).forEach(function (d) { if (d < day) fell += Number(dueCounts[d]) || 0; });
    counts.forEach(function (n, i) { n.textContent = String(builtCounts[i] + fell); });
    if (soonCounts.length) {
      var soon = 0;
      Object.keys(dueCounts).forEach(function (d) {
        var ahead = daysUntil(d, day);
        if (ahead >= 1 && ahead <= window_) soon += Number(dueCounts[d]) || 0;
      });
      soonCounts.forEach(function (n) { n.textContent = String(soon); });
    }
    if (soonList) {
      var near = 0;
      soonList.querySelectorAll("[data-due]").forEach(function (t) {
        var later = !t.classList.contains("due-soon");
        t.classList.toggle("later", later);
        if (!later) near += 1;
      });
      if (soonEmpty) soonEmpty.hidden = near > 0;
    }
    if (list) {
      var shown = 0;
      list.querySelectorAll("[data-due]").forEach(function (t) {
        t.hidden = !t.classList.contains("overdue");
        if (!t.hidden) shown += 1;
      });
      if (empty) empty.hidden = shown > 0;
    }
  }

  update();
  setInterval(update, 60000); // a page left open past midnight
})();
