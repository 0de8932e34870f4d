// d6codex service worker: the site offline after one visit. sitegen
// writes it as sw.js at the site's root, after a first line that sets
// VERSION (a hash of the build) and LIST (the URL of the build's list of
// files to cache) and MODULES (the calculators' modules to save once a
// page asks, one at a time; empty when they are past the site's budget).
// One cache per build: a new build installs a new worker
// in the background, which caches the new files, then takes over and
// deletes the old cache, so a page of an old build is never served once a
// new build has been seen.
//
// Pages (HTML) and the search index's index.json come from the network
// when it answers within a few seconds, else from the cache;
// content-hashed files (name.0123456789.css, the search index's
// t/6469.0123456789.json.gz) never change and come from the cache first.
/* global VERSION, LIST, MODULES */
"use strict";
const CACHE = "d6codex-" + VERSION;
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+(\.gz)?$/;
const TIMEOUT = 3000;

self.addEventListener("install", (e) => {
  e.waitUntil((async () => {
    const list = await (await fetch(LIST, { cache: "reload" })).json();
    const cache = await caches.open(CACHE);
    // A few at a time, so the first visit stays usable on a slow line.
    const urls = list.urls.slice();
    const worker = async () => {
      // "reload": straight from the server, never the browser's HTTP cache
      // (a revalidation by date can answer 304 for a file rebuilt within
      // the same second).
      for (let u = urls.shift(); u !== undefined; u = urls.shift()) await cache.add(new Request(u, { cache: "reload" }));
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (e) => {
  e.waitUntil((async () => {
    for (const k of await caches.keys()) if (k.startsWith("d6codex-") && k !== CACHE) await caches.delete(k);
    await self.clients.claim();
  })());
});

// A page asks to keep a calculator module it has loaded ({keep: URL}):
// on a first visit its worker fetched the module before this worker took
// over, so the fetch handler below never saw it. Same origin, hashed
// names only; a copy already kept is not fetched again. {modules: true}
// saves every calculator module of the site (MODULES), one at a time, so
// that every calculator works offline; the page asks once it has loaded
// what it needs itself. Either answers {kept: URL} or {notKept: URL} to
// the page that asked.
let saving = null;
self.addEventListener("message", (e) => {
  const reply = (m) => e.source && e.source.postMessage(m);
  const keep = async (href) => {
    const u = new URL(href, location.href);
    if (u.origin !== location.origin || !HASHED.test(u.pathname)) return;
    const cache = await caches.open(CACHE);
    if (!(await cache.match(u.href))) await cache.add(new Request(u.href, { cache: "reload" })).catch(() => {});
    reply((await cache.match(u.href)) ? { kept: u.href } : { notKept: u.href });
  };
  if (e.data && typeof e.data.keep === "string") e.waitUntil(keep(e.data.keep));
  if (e.data && e.data.modules) {
    saving = saving || (async () => { for (const m of MODULES) await keep(m); })().finally(() => { saving = null; });
    e.waitUntil(saving);
  }
});

// fromNetwork fetches req and keeps a copy; pages and the index are
// revalidated with the server ("no-cache"), hashed files need not be.
async function fromNetwork(req, cache, init) {
  const res = await fetch(req, init);
  if (res.ok && res.type === "basic") await cache.put(req, res.clone());
  return res;
}

self.addEventListener("fetch", (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== location.origin || url.pathname.endsWith("/sw.js")) return;
  e.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The cache keys pages without ?h=... (search highlights).
    const key = req.mode === "navigate" ? new Request(url.origin + url.pathname) : req;
    if (HASHED.test(url.pathname)) {
      return (await cache.match(key)) || fromNetwork(req, cache, {});
    }
    const net = fromNetwork(key, cache, { cache: "no-cache" });
    const late = new Promise((resolve) => setTimeout(resolve, TIMEOUT));
    try {
      const res = await Promise.race([net, late]);
      if (res) return res;
    } catch (err) { /* offline: the cache below */ }
    const hit = await cache.match(key, { ignoreSearch: req.mode === "navigate" });
    if (hit) return hit;
    try {
      return await net;
    } catch (err) {
      return (req.mode === "navigate" && (await cache.match(new URL("404.html", self.registration.scope).href))) ||
        new Response("Offline, and this page was not saved for offline reading.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
  })());
});
