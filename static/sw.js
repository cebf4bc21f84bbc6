// kotguide's service worker: the rules, glossary, FAQ and quick reference, and every card or component page
// opened, stay readable without a network. Served at /sw.js (scope: the whole site) by kotguide.site.offline,
// which fills in VERSION, PRECACHE and OFFLINE below. Pages come from the network first (a reader online always
// gets the current text) and from the cache when it fails; hashed static files from the cache first.
"use strict";

const VERSION = "";
const PRECACHE = [];
const OFFLINE = {};
const CACHE = "kotguide-" + VERSION;
const KEPT_PAGES = /^\/(ja|en)\/((rules|cards|components)\/|glossary\/$|faq\/$|quick\/$|$)/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) { return cache.addAll(PRECACHE); }).then(function () {
      return self.skipWaiting();
    })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("kotguide-") === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function offlinePage(path) {
  const text = OFFLINE[path.indexOf("/ja/") === 0 ? "ja" : "en"];
  const body = "<!doctype html><html lang=\"" + text.lang + "\"><head><meta charset=\"utf-8\">" +
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" + text.title + " · kotguide</title>" +
    "<link rel=\"stylesheet\" href=\"" + text.css + "\"></head><body><main id=\"main\" class=\"offline\"><h1>" +
    text.title + "</h1><p>" + text.needs + "</p><p><a href=\"" + text.rules + "\">" + text.rulesLabel +
    "</a></p></main></body></html>";
  return new Response(body, {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (kept) { return kept || fetch(request); }));
    return;
  }
  if (request.mode !== "navigate") return;
  const keep = !url.search && KEPT_PAGES.test(url.pathname);
  event.respondWith(
    fetch(request).then(function (response) {
      if (keep && response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(request, {ignoreSearch: false}).then(function (kept) {
        return kept || offlinePage(url.pathname);
      });
    })
  );
});
