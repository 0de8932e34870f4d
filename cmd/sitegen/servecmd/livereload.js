// sitegen serve live reload. The development server injects this script
// into every HTML page it serves; production pages never carry it.
//
// Protocol (Server-Sent Events on /__sitegen/events):
//   hello    {instance, build, problems,  on every (re)connection
//             served, warnings}
//   reload   {build, page, navigate,      a build finished: update this page in
//             moved, files}               place (or reload it, or go to page; a
//                                         page that moved is followed to its new
//                                         URL; pictures among files written again
//                                         are fetched again)
//   css      {build}                      only stylesheets changed: swap them
//   errors   {build, problems, served}    the last build failed: show the overlay
//   warnings {build, warnings}            the warnings of the last build: the panel
//   search   {build}                      the search index was written: tell the
//                                         search box (event d6:search on document)
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

  // What the page was served with, read before the page's own (deferred)
  // scripts change it: the scripts and links (a change there needs a full
  // reload, as does one to the layout around the parts update swaps), the
  // navigation, and each calculator's markup by id.
  const served = snapshot(document);
  function snapshot(d) {
    const outer = (sel) => { const e = d.querySelector(sel); return e ? e.outerHTML : null; };
    const calcs = new Map();
    for (const c of d.querySelectorAll("main .calc[data-calc][id]")) calcs.set(c.id, c.outerHTML);
    const main = d.querySelector("main");
    const ancestors = [];
    for (let e = main && main.parentElement; e && e !== d.body; e = e.parentElement) ancestors.push(e.tagName + "#" + e.id + "." + e.className);
    return {
      shell: [
        ...[...d.querySelectorAll("script[src]")].map((e) => "script " + e.getAttribute("src")).filter((x) => !x.includes("/__sitegen/")),
        ...[...d.querySelectorAll("link[href]:not([rel=stylesheet])")].map((e) => e.rel + " " + e.getAttribute("href")),
        outer(".site-header"), outer(".site-footer"), d.body && d.body.getAttribute("class"), ancestors.join(" < "),
      ].join("\n"),
      css: [...d.querySelectorAll('link[rel="stylesheet"]')].map((e) => e.getAttribute("href")).join("\n"),
      nav: outer("#site-nav"),
      calcs,
    };
  }

  // update brings the page up to date in place: the main content, title,
  // description and navigation are replaced, keeping the scroll position,
  // the open <details>, the focus and every calculator whose markup did
  // not change (the same element, so its inputs, pinned set-up and module
  // stay). A calculator whose block changed is new markup, started by
  // js/calc.js, which reads its set-up back from the address (fields that
  // still exist keep their values). The page's scripts hear of it by the
  // event d6:updated on document. It reports false when the page needs a
  // full reload (its scripts or layout changed, or it is not there).
  async function update() {
    const res = await fetch(location.pathname, { cache: "no-store" });
    if (!res.ok) return false;
    const doc = new DOMParser().parseFromString(await res.text(), "text/html");
    const now = snapshot(doc);
    const main = document.querySelector("main"), fresh = doc.querySelector("main");
    if (now.shell !== served.shell || !main || !fresh) return false;
    if (now.css !== served.css) swapCSS(doc);
    if (fresh.querySelector("script")) return false; // a page's own scripts run only on a load
    // Read before anything moves: taking a kept calculator out of the
    // page for a moment takes the focus from its field.
    const x = scrollX, y = scrollY;
    const focus = document.activeElement;
    const caret = focus && focus.tagName === "INPUT" && /^(text|search|number|url|tel|email)$/.test(focus.type) ? [focus.selectionStart, focus.selectionEnd] : null;
    // Open <details> stay open (and closed ones closed), matched by their
    // summary's text and rank among those of the same text.
    const open = new Map();
    for (const [k, d] of detailsKeys(main)) open.set(k, d.open);
    const fresh0 = detailsKeys(fresh);
    // Calculators whose markup is unchanged stay as they are.
    for (const c of fresh.querySelectorAll(".calc[data-calc][id]")) {
      const old = document.getElementById(c.id);
      if (old && main.contains(old) && served.calcs.get(c.id) === c.outerHTML) c.replaceWith(old);
    }
    for (const [k, d] of fresh0) if (d.ownerDocument === doc && open.has(k)) d.open = open.get(k);
    main.replaceChildren(...[...fresh.childNodes].map((n) => document.adoptNode(n)));
    document.title = doc.title;
    const desc = doc.querySelector('meta[name="description"]'), oldDesc = document.querySelector('meta[name="description"]');
    if (oldDesc) oldDesc.content = desc ? desc.content : "";
    if (now.nav !== served.nav) {
      const nav = document.getElementById("site-nav"), fnav = doc.getElementById("site-nav");
      if (nav && fnav) nav.replaceChildren(...[...fnav.childNodes].map((n) => document.adoptNode(n)));
    }
    Object.assign(served, { css: now.css, nav: now.nav, calcs: now.calcs });
    // Focus: the same element if it stayed (a kept calculator's field),
    // else the element of the same id in the new content.
    let target = focus && focus !== document.body ? (focus.isConnected ? focus : (focus.id && document.getElementById(focus.id))) : null;
    if (target && target !== document.activeElement) {
      target.focus({ preventScroll: true });
      if (caret && target.setSelectionRange) try { target.setSelectionRange(caret[0], caret[1]); } catch (_) { /* not a text field */ }
    }
    window.scrollTo({ left: x, top: y, behavior: "instant" });
    // The page's scripts catch up after the new text is painted.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    document.dispatchEvent(new CustomEvent("d6:updated"));
    return true;
  }
  // detailsKeys lists the <details> under root with a key: the summary's
  // text and its rank among the details of the same text.
  function detailsKeys(root) {
    const seen = new Map();
    return [...root.querySelectorAll("details")].map((d) => {
      const s = d.querySelector("summary");
      const t = s ? s.textContent.trim() : "";
      const n = (seen.get(t) || 0) + 1;
      seen.set(t, n);
      return [t + "\u0000" + n, d];
    });
  }

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

  // Replace the page's stylesheets with those of the freshly built page
  // (doc, or the page fetched again).
  async function swapCSS(doc) {
    if (!doc) {
      const res = await fetch(location.href, { cache: "no-store" });
      doc = new DOMParser().parseFromString(await res.text(), "text/html");
    }
    served.css = [...doc.querySelectorAll('link[rel="stylesheet"]')].map((e) => e.getAttribute("href")).join("\n");
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

  // refreshFiles fetches again the pictures (and other media) of the page
  // whose files were written again in place: the browser would keep
  // showing the picture it has under that URL.
  function refreshFiles(files, b) {
    if (!files || files.length === 0) return;
    const changed = new Set(files);
    for (const el of document.querySelectorAll("img[src], source[src], video[src], audio[src], object[data]")) {
      const attr = el.tagName === "OBJECT" ? "data" : "src";
      const u = new URL(el.getAttribute(attr), location.href);
      if (u.origin !== location.origin || !changed.has(decodeURI(u.pathname)) && !changed.has(u.pathname)) continue;
      u.searchParams.set("sitegen", String(b));
      el.setAttribute(attr, u.pathname + u.search + u.hash);
    }
  }

  // The warnings panel: a button in a corner that counts them, and their
  // list when opened; it never covers the page (Vite's overlay shows
  // errors, this one what the build let through).
  const panelID = "sitegen-warnings";
  const openKey = "sitegen:warnings-open";
  function showWarnings(warnings) {
    const old = document.getElementById(panelID);
    if (old) old.remove();
    if (!warnings || warnings.length === 0) return;
    let open = false;
    try { open = sessionStorage.getItem(openKey) === "1"; } catch (_) { /* storage disabled */ }
    const box = document.createElement("div");
    box.id = panelID;
    box.setAttribute("role", "status");
    box.style.cssText = "position:fixed;right:.75rem;bottom:.75rem;z-index:2147483646;max-width:min(36rem,calc(100vw - 1.5rem));" +
      "font:13px/1.45 ui-monospace,monospace;color:#2b2100;background:#fff7d6;border:2px solid #b88a00;border-radius:6px;" +
      "box-shadow:0 2px 10px rgba(0,0,0,.25)";
    const btn = document.createElement("button");
    btn.type = "button";
    btn.setAttribute("aria-expanded", String(open));
    btn.style.cssText = "display:block;width:100%;text-align:left;font:600 13px/1.3 system-ui,sans-serif;padding:.4rem .7rem;" +
      "border:0;background:transparent;color:#2b2100;cursor:pointer";
    btn.textContent = "⚠ " + warnings.length + " warning" + (warnings.length === 1 ? "" : "s") + " (sitegen serve)";
    const list = document.createElement("ol");
    list.hidden = !open;
    list.style.cssText = "margin:0;padding:0 .7rem .5rem 2.2rem;max-height:40vh;overflow:auto";
    for (const w of warnings) {
      const li = document.createElement("li");
      li.style.margin = ".3rem 0";
      const where = document.createElement("div");
      where.style.cssText = "color:#6b4f00;word-break:break-all";
      where.textContent = w.file + (w.line ? ":" + w.line + (w.col ? ":" + w.col : "") : "");
      const msg = document.createElement("div");
      msg.textContent = w.msg;
      li.append(where, msg);
      if (w.page && w.page !== location.pathname) {
        const a = document.createElement("a");
        a.href = w.page;
        a.style.color = "#0b4f9c";
        a.textContent = "page " + w.page;
        li.appendChild(a);
      }
      list.appendChild(li);
    }
    btn.onclick = () => {
      list.hidden = !list.hidden;
      btn.setAttribute("aria-expanded", String(!list.hidden));
      try { sessionStorage.setItem(openKey, list.hidden ? "0" : "1"); } catch (_) { /* storage disabled */ }
    };
    box.append(btn, list);
    document.documentElement.appendChild(box);
  }

  const overlayID = "sitegen-overlay";
  function clearOverlay() {
    const el = document.getElementById(overlayID);
    if (el) el.remove();
  }
  function showOverlay(problems, served) {
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
      (served === false ? " (no good build yet: the pages appear once these are fixed)" : " (the last good build is still served)");
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
    showOverlay(d.problems, d.served);
    showWarnings(d.warnings);
  });
  // Updates run one at a time, the last announced build winning.
  let updating = null, wanted = 0;
  const refresh = new Set(); // files written again in place since the last update
  es.addEventListener("reload", (e) => {
    const d = JSON.parse(e.data);
    if (d.build <= build) return;
    clearOverlay();
    const to = d.moved && d.moved[location.pathname];
    if (to) { location.replace(to + location.hash); return; } // this page moved: follow it
    if (d.navigate && d.page && d.page !== location.pathname) { reload(d.page, true); return; }
    if (d.only && !d.only.some((u) => u === location.pathname || u === decodeURI(location.pathname))) {
      if (!updating) build = d.build; // not this page: nothing to fetch
      return;
    }
    for (const f of d.files || []) refresh.add(f);
    wanted = d.build;
    if (updating) return;
    updating = (async () => {
      while (wanted > build) {
        const b = wanted;
        if (!(await update().catch(() => false))) { reload("", false); return; }
        build = b;
        refreshFiles([...refresh], b);
        refresh.clear();
      }
    })().finally(() => { updating = null; });
  });
  es.addEventListener("css", (e) => {
    const d = JSON.parse(e.data);
    if (d.build <= build) return;
    build = d.build;
    clearOverlay();
    swapCSS().catch(() => reload("", false));
  });
  es.addEventListener("search", () => document.dispatchEvent(new CustomEvent("d6:search")));
  es.addEventListener("errors", (e) => { const d = JSON.parse(e.data); showOverlay(d.problems, d.served); });
  es.addEventListener("warnings", (e) => showWarnings(JSON.parse(e.data).warnings));
})();
