// Progressive enhancements only: every page works without this file.
(function () {
  "use strict";

  // What learn.js and practice.js keep in this browser only: a JSON object under `key` (`empty()` when there is
  // none, it is unreadable or `valid` refuses it); `save` says whether it was kept (storage may be off or full).
  window.kotguide = window.kotguide || {};
  window.kotguide.deviceStore = function (key, valid, empty) {
    return {
      load: function () {
        try {
          var data = JSON.parse(window.localStorage.getItem(key) || "{}");
          return data && valid(data) ? data : empty();
        } catch (e) {
          return empty();
        }
      },
      save: function (data) {
        try {
          window.localStorage.setItem(key, JSON.stringify(data));
          return true;
        } catch (e) {
          return false;
        }
      },
      // the page's "clear" button (`buttonId`, if the page has one) forgets everything, then `after()` redraws
      clearedBy: function (buttonId, after) {
        var button = document.getElementById(buttonId);
        if (!button) return;
        button.addEventListener("click", function () {
          try {
            window.localStorage.removeItem(key);
          } catch (e) {
            /* nothing stored */
          }
          after();
        });
      },
    };
  };

  // Controls only needed without JavaScript (an "Apply" button beside a switch htmx applies at once) hide.
  document.documentElement.classList.add("js");

  // The language switch keeps the heading the reader is on.
  function keepHash() {
    document.querySelectorAll("a[data-keep-hash]").forEach(function (a) {
      var base = a.getAttribute("href").split("#")[0];
      a.setAttribute("href", base + window.location.hash);
    });
  }
  window.addEventListener("hashchange", keepHash);
  document.addEventListener("DOMContentLoaded", keepHash);

  // htmx requests that post send Django's CSRF token from its cookie (set by any page with a form that posts),
  // so that pages themselves carry no per-visitor token and can be cached.
  function cookie(name) {
    var match = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    return match ? decodeURIComponent(match[1]) : null;
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var token = cookie("csrftoken");
    if (token && event.detail.verb !== "get") event.detail.headers["X-CSRFToken"] = token;
  });

  // Rules, glossary, FAQ, quick reference and the cards opened stay readable offline (/sw.js).
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js").catch(function () {});
    });
  }

  // Copy buttons (for permalinks and shared positions): shown only where the clipboard can be written; the handover
  // region of a shared table is redrawn at every step, so its button is found when clicked.
  function showCopyButtons() {
    if (!navigator.clipboard) return;
    document.querySelectorAll("button[data-copy][hidden]").forEach(function (button) { button.hidden = false; });
  }
  document.addEventListener("DOMContentLoaded", showCopyButtons);
  document.addEventListener("htmx:afterSettle", showCopyButtons);
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-copy]");
    if (!button || !navigator.clipboard) return;
    var field = document.querySelector(button.getAttribute("data-copy"));
    navigator.clipboard.writeText(new URL(field.value, location.href).href).then(function () {
      button.setAttribute("data-copied", "true");
      // a button that says where confirms there, in words a screen reader announces (aria-live)
      var said = document.querySelector(button.getAttribute("data-copied-in"));
      if (said) said.textContent = button.getAttribute("data-copied-text");
    });
  });

  // After an edit of the table editor (kotguide.disputes) the regions it changed are redrawn: the focus goes to the
  // control the server names (the next die after a face is set, the name field after a name is added, else the
  // control pressed).
  document.addEventListener("htmx:afterSettle", function () {
    var marker = document.getElementById("ed-focus");
    var name = marker && marker.getAttribute("data-focus");
    if (!name) return;
    marker.removeAttribute("data-focus");
    var target = document.getElementById(name);
    if (target && !target.disabled) target.focus();
  });

  // After an htmx step of the sandbox, a lesson or the game (kotguide.sandbox.step), the control pressed may be
  // gone: the keyboard focus goes to the first control of the new decision, to the feedback of a wrong answer,
  // or to the status line when nobody must act.
  var FOCUS = {
    decision: ".decision-control:not([disabled])",
    feedback: "#sb-error #learn-feedback, #sb-error",
    status: "#sb-status, #learn-status"
  };
  document.addEventListener("htmx:afterSettle", function () {
    var marker = document.getElementById("sb-step-result");
    var target = marker && FOCUS[marker.getAttribute("data-focus")];
    if (!target) return;
    marker.setAttribute("data-focus", "");
    var spot = document.querySelector("#sandbox " + target.split(", ").join(", #sandbox ")) ||
      document.querySelector("#sandbox " + FOCUS.status.split(", ").join(", #sandbox "));
    if (!spot) return;
    // the decision is on the first screen: move the focus without scrolling, unless it is out of sight
    spot.focus({ preventScroll: true });
    var box = spot.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) spot.scrollIntoView({ block: "nearest" });
  });

  // A game followed at the table (kotguide.follow): each entry redirects to the game's page at #entry, and the
  // keyboard focus goes to the first control of the next entry (without this file the anchor still brings it into
  // view). A page opened at its plain address (a shared game) keeps the focus where the browser puts it. At "load":
  // Chromium's scroll to the #entry fragment comes after DOMContentLoaded and takes a focus given before it.
  window.addEventListener("load", function () {
    var entry = document.querySelector("[data-focus='first-control']");
    if (!entry || window.location.hash !== "#" + entry.id) return;
    var control = entry.querySelector("input:not([type=hidden]):not([disabled]), button:not([disabled]), select");
    if (control) control.focus({ preventScroll: true });
  });
})();
