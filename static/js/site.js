// Progressive enhancements only: every page works without this file.
(function () {
  "use strict";

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

  // Copy buttons (for permalinks and shared positions).
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("button[data-copy]").forEach(function (button) {
      if (!navigator.clipboard) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        var field = document.querySelector(button.getAttribute("data-copy"));
        navigator.clipboard.writeText(field.value).then(function () {
          button.setAttribute("data-copied", "true");
        });
      });
    });
  });
})();
