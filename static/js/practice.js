// Rules puzzles: Leitner boxes kept only in this browser (localStorage). Progressive enhancement: the puzzles work
// without this file (answering is a form POST); without it nothing is remembered, as the pages say.
//
// A puzzle answered wrong goes to box 1 and comes back after 1 day; answered right from box 1 it goes to box 2
// (back after 3 days), from box 2 to box 3 (back after 7 days), from box 3 it is mastered and leaves. A new puzzle
// answered right at once is mastered. The clock is Date.now(), so a test can fake it (Playwright's page.clock).
(function () {
  "use strict";

  var KEY = "kotguide.practice.v1";
  var DAY = 24 * 60 * 60 * 1000;
  var WAIT_DAYS = { 1: 1, 2: 3, 3: 7 }; // box -> days until the puzzle is due again
  var MASTERED = 4;

  var store = window.kotguide.deviceStore(KEY, function (data) {
    return typeof data.cards === "object" && data.cards !== null;
  }, function () {
    return { cards: {} };
  });
  var load = store.load;
  var save = store.save;

  function record(id, right) {
    var data = load();
    var card = data.cards[id];
    var box;
    if (!right) box = 1;
    else if (!card) box = MASTERED;
    else box = Math.min((card.box || 0) + 1, MASTERED);
    var now = Date.now();
    data.cards[id] = { box: box, due: box === MASTERED ? 0 : now + WAIT_DAYS[box] * DAY, seen: now };
    save(data);
  }

  function isDue(card, now) {
    return card && card.box < MASTERED && card.due <= now;
  }

  function dueIds() {
    var data = load();
    var now = Date.now();
    return Object.keys(data.cards).filter(function (id) { return isDue(data.cards[id], now); }).sort();
  }

  // A puzzle page: remember a verdict once, then move the focus to it.
  function takeResult(region) {
    if (!region) return;
    var result = region.getAttribute("data-practice-result");
    if (!result || region.getAttribute("data-practice-recorded")) return;
    region.setAttribute("data-practice-recorded", "1");
    record(region.getAttribute("data-practice-id"), result === "right");
    var focus = document.getElementById("practice-result");
    if (focus) focus.focus();
  }

  function showMemory() {
    var without = document.getElementById("practice-memory");
    var withJs = document.getElementById("practice-memory-on");
    if (without && withJs) {
      without.hidden = true;
      withJs.hidden = false;
    }
  }

  // The list of puzzles and the progress page: what is due now, what is mastered, per theme.
  function showProgress() {
    var data = load();
    var now = Date.now();
    var due = dueIds();
    document.querySelectorAll("[data-practice-link]").forEach(function (link) {
      var card = data.cards[link.getAttribute("data-practice-link")];
      link.classList.toggle("practice-mastered", !!card && card.box === MASTERED);
      link.classList.toggle("practice-due", isDue(card, now));
    });
    var list = document.getElementById("practice-due-list");
    if (list) {
      var items = list.querySelector("ul");
      items.textContent = "";
      due.forEach(function (id) {
        var source = document.querySelector('[data-practice-link="' + id + '"]');
        if (!source) return;
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = source.getAttribute("href");
        a.textContent = source.textContent;
        a.setAttribute("data-practice-due-link", id);
        li.appendChild(a);
        items.appendChild(li);
      });
      list.hidden = due.length === 0;
    }
    var progress = document.getElementById("practice-progress");
    if (!progress) return;
    var noMemory = document.getElementById("practice-no-memory");
    if (noMemory) noMemory.hidden = true;
    progress.hidden = false;
    document.querySelectorAll("[data-practice-theme]").forEach(function (row) {
      var ids = row.getAttribute("data-practice-ids").split(" ");
      var answered = 0, mastered = 0, dueHere = 0;
      ids.forEach(function (id) {
        var card = data.cards[id];
        if (!card) return;
        answered += 1;
        if (card.box === MASTERED) mastered += 1;
        if (isDue(card, now)) dueHere += 1;
      });
      row.querySelector("[data-practice-answered]").textContent = String(answered);
      row.querySelector("[data-practice-mastered]").textContent = String(mastered);
      row.querySelector("[data-practice-due]").textContent = String(dueHere);
    });
    progress.querySelector("[data-practice-due-count]").textContent = String(due.length);
    var go = document.getElementById("practice-due");
    if (go) {
      go.hidden = due.length === 0;
      if (due.length) go.setAttribute("href", go.getAttribute("data-practice-base") + due[0] + "/");
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    showMemory();
    takeResult(document.getElementById("practice-answer"));
    showProgress();
    store.clearedBy("practice-clear", showProgress);
  });
  // htmx swapped the answer region in: the new region carries the verdict
  document.addEventListener("htmx:afterSettle", function () {
    takeResult(document.getElementById("practice-answer"));
  });
})();
