// sitegen serve live reload. The development server injects this script
// into every HTML page it serves; production pages never carry it.
//
// Protocol (Server-Sent Events on /__sitegen/events):
//   hello   {instance, build, problems}  on every (re)connection
//   reload  {build, page, navigate}      a build finished: reload (or go to page)
//   css     {build}                      only stylesheets changed: swap them
//   errors  {build, problems}            the last build failed: show the overlay
(() => {
  "use strict";
  const me = document.currentScript;
  const instance = me.dataset.instance;
  let build = Number(me.dataset.build);
  const scrollKey = "sitegen:scroll";

  // Restore the scroll position saved before a reload of this page.
  try {
    const saved = JSON.parse(sessionStorage.getItem(scrollKey) || "null");
    if (saved && saved.path === location.pathname) {
      sessionStorage.removeItem(scrollKey);
      const restore = () => window.scrollTo(saved.x, saved.y);
      restore();
      document.addEventListener("DOMContentLoaded", restore);
      window.addEventListener("load", restore);
    }
  } catch (_) { /* storage disabled */ }

  function reload(page, navigate) {
    if (navigate && page && page !== location.pathname) {
      location.assign(page);
      return;
    }
    try {
      sessionStorage.setItem(scrollKey, JSON.stringify({ path: location.pathname, x: scrollX, y: scrollY }));
    } catch (_) { /* storage disabled */ }
    location.reload();
  }

  // Replace the page's stylesheets with those of the freshly built page.
  async function swapCSS() {
    const res = await fetch(location.href, { cache: "no-store" });
    const doc = new DOMParser().parseFromString(await res.text(), "text/html");
    const fresh = [...doc.querySelectorAll('link[rel="stylesheet"]')];
    const old = [...document.querySelectorAll('link[rel="stylesheet"]')];
    for (const link of fresh) {
      const el = document.createElement("link");
      el.rel = "stylesheet";
      el.href = link.getAttribute("href");
      document.head.appendChild(el);
    }
    // Remove the old sheets once the new ones have loaded, so nothing flashes.
    setTimeout(() => old.forEach((l) => l.remove()), 100);
  }

  const overlayID = "sitegen-overlay";
  function clearOverlay() {
    const el = document.getElementById(overlayID);
    if (el) el.remove();
  }
  function showOverlay(problems) {
    clearOverlay();
    if (!problems || problems.length === 0) return;
    const box = document.createElement("div");
    box.id = overlayID;
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:2rem;" +
      "background:rgba(20,0,0,.92);color:#fee;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
    const h = document.createElement("h2");
    h.style.cssText = "margin:0 0 1rem;color:#f88;font:bold 18px/1.3 system-ui,sans-serif";
    h.textContent = "Build failed: " + problems.length + " error" + (problems.length === 1 ? "" : "s") +
      " (the last good build is still served)";
    box.appendChild(h);
    for (const p of problems) {
      const item = document.createElement("div");
      item.style.cssText = "margin:0 0 1rem;padding:.5rem 1rem;border-left:3px solid #f66";
      const where = document.createElement("div");
      where.style.color = "#fc9";
      where.textContent = p.file + (p.line ? ":" + p.line + (p.col ? ":" + p.col : "") : "");
      item.appendChild(where);
      const msg = document.createElement("div");
      msg.textContent = p.msg;
      item.appendChild(msg);
      if (p.page) {
        const a = document.createElement("a");
        a.href = p.page;
        a.style.color = "#9cf";
        a.textContent = "page " + p.page;
        item.appendChild(a);
      }
      box.appendChild(item);
    }
    const close = document.createElement("button");
    close.textContent = "Dismiss";
    // Its own colours: inheriting the overlay's near-white text on the
    // browser's light grey button was unreadable.
    close.style.cssText = "font:600 14px/1.2 system-ui,sans-serif;padding:.5rem 1rem;border:2px solid #fcc;border-radius:4px;background:#fee;color:#400;cursor:pointer";
    close.onclick = clearOverlay;
    box.appendChild(close);
    document.documentElement.appendChild(box);
  }

  const es = new EventSource("/__sitegen/events");
  es.addEventListener("hello", (e) => {
    const d = JSON.parse(e.data);
    if (d.instance !== instance || d.build > build) {
      reload("", false); // restarted or rebuilt while we were away
      return;
    }
    showOverlay(d.problems);
  });
  es.addEventListener("reload", (e) => {
    const d = JSON.parse(e.data);
    if (d.build <= build) return;
    clearOverlay();
    reload(d.page, d.navigate);
  });
  es.addEventListener("css", (e) => {
    const d = JSON.parse(e.data);
    if (d.build <= build) return;
    build = d.build;
    clearOverlay();
    swapCSS().catch(() => reload("", false));
  });
  es.addEventListener("errors", (e) => showOverlay(JSON.parse(e.data).problems));
})();
