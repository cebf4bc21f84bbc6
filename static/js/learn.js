// Learn to play: the reader's progress, kept only in this browser (localStorage). Progressive enhancement: the
// lessons work without this file; without it, progress is simply not kept and the progress box stays hidden.
(function () {
  "use strict";

  var KEY = "kotguide.learn.v1";

  var store = window.kotguide.deviceStore(KEY, function (data) {
    return typeof data.done === "object" && data.done !== null;
  }, function () {
    return { done: {} };
  });
  var load = store.load;
  var save = store.save;

  // A lesson page: when the lesson is finished, remember it.
  function recordFinished() {
    var finished = document.querySelector("[data-learn-done]");
    if (!finished) return;
    var id = finished.getAttribute("data-learn-done");
    var data = load();
    if (!data.done[id]) {
      data.done[id] = new Date().toISOString().slice(0, 10);
      save(data);
    }
  }

  // The path: mark finished lessons, count them, point "continue" at the first one not finished.
  function showProgress() {
    var box = document.getElementById("learn-progress");
    if (!box) return;
    var data = load();
    var items = document.querySelectorAll(".learn-item[data-learn-id]");
    var count = 0;
    var next = null;
    items.forEach(function (item) {
      var done = Object.prototype.hasOwnProperty.call(data.done, item.getAttribute("data-learn-id"));
      var badge = item.querySelector(".learn-done-badge");
      if (badge) badge.hidden = !done;
      item.classList.toggle("learn-item-done", done);
      if (done) count += 1;
      else if (!next) next = item;
    });
    box.querySelector("[data-learn-count]").textContent = String(count);
    var link = document.getElementById("learn-continue");
    if (link) {
      var target = next || items[0];
      var anchor = target && target.querySelector("a.learn-title");
      if (anchor) link.setAttribute("href", anchor.getAttribute("href"));
      link.hidden = count === 0 || !next;
    }
    box.hidden = count === 0; // a first visit: only "start with the first lesson"
    var start = document.getElementById("learn-start");
    if (start) start.hidden = count > 0 && next !== null;
  }

  document.addEventListener("DOMContentLoaded", function () {
    recordFinished();
    showProgress();
    store.clearedBy("learn-clear", showProgress);
  });
  document.addEventListener("htmx:afterSettle", recordFinished);
})();
