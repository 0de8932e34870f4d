// d6codex site script: progressive enhancement of pages that read fully
// without it. Theme toggle (system/light/dark, remembered), phone menu
// button, a table of contents that follows the scroll, "copy link" on
// headings, scrollable tables reachable by keyboard with a fade where more
// is hidden, previews of links (glossary terms too), highlighting of searched words, the
// full-text search (loaded on first use) and the service worker that keeps
// the site readable offline.
(() => {
  "use strict";
  const doc = document, root = doc.documentElement;
  const $ = (sel, el = doc) => el.querySelector(sel);
  const $$ = (sel, el = doc) => Array.from(el.querySelectorAll(sel));
  const THEME_KEY = "d6codex-theme";
  const reduceMotion = matchMedia("(prefers-reduced-motion: reduce)");
  // The words the script writes, in the site's language: <body>'s data
  // attributes (templates' ScriptWords); each use has a fallback.
  const W = doc.body ? doc.body.dataset : {};

  // Announces short messages ("Link copied") visually and to screen readers.
  let toastTimer = 0;
  function toast(msg) {
    let t = $(".toast");
    if (!t) {
      t = doc.createElement("div");
      t.className = "toast";
      t.setAttribute("role", "status");
      doc.body.append(t);
    }
    t.textContent = msg;
    t.classList.add("show");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => t.classList.remove("show"), 2000);
  }

  // --- Theme: three states, system -> light -> dark -> system. "system"
  // follows the operating system's setting; the other two are remembered.
  function initTheme() {
    const btn = $(".theme-toggle");
    if (!btn) return;
    const modes = ["system", "light", "dark"];
    const label = $(".label", btn);
    const sync = () => {
      // Each state's label and tooltip are in the button's data
      // attributes, in the site's language (templates' themeToggle).
      const mode = root.dataset.theme || "system", d = btn.dataset;
      d.mode = mode;
      label.textContent = d[mode] || mode;
      btn.title = d[mode + "T"] || mode;
    };
    btn.hidden = false;
    sync();
    btn.addEventListener("click", () => {
      const next = modes[(modes.indexOf(root.dataset.theme || "system") + 1) % 3];
      if (next === "system") delete root.dataset.theme; else root.dataset.theme = next;
      try {
        if (next === "system") localStorage.removeItem(THEME_KEY); else localStorage.setItem(THEME_KEY, next);
      } catch (e) { /* private mode: not remembered */ }
      sync();
      toast(btn.dataset[next] || next);
    });
  }

  // --- Phone navigation: the stylesheet collapses it behind the button.
  function initNav() {
    const btn = $(".nav-button"), nav = $("#site-nav");
    if (!btn || !nav) return;
    btn.hidden = false;
    const header = $(".site-header");
    const set = (open) => {
      if (open && header) nav.style.top = Math.max(0, header.getBoundingClientRect().bottom) + "px";
      btn.setAttribute("aria-expanded", String(open));
      root.classList.toggle("nav-open", open);
    };
    btn.addEventListener("click", () => set(btn.getAttribute("aria-expanded") !== "true"));
    doc.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && root.classList.contains("nav-open")) { set(false); btn.focus(); }
    });
  }

  // --- Table of contents: marks the section being read. Called again
  // after the live reload swapped the content (d6:updated): one scroll
  // listener, reading the current links.
  let tocItems = [], tocActive = null, tocQueued = false, tocListening = false;
  const tocUpdate = () => {
    tocQueued = false;
    let cur = tocItems[0];
    for (const it of tocItems) {
      if (it.h.getBoundingClientRect().top <= 120) cur = it; else break;
    }
    if (cur === tocActive) return;
    if (tocActive) tocActive.a.removeAttribute("aria-current");
    tocActive = cur;
    if (tocActive) tocActive.a.setAttribute("aria-current", "location");
  };
  function initTOC() {
    const links = $$(".toc a[href^='#']");
    tocItems = links.map((a) => ({ a, h: doc.getElementById(decodeURIComponent(a.hash.slice(1))) })).filter((x) => x.h);
    tocActive = null;
    if (!tocItems.length) return;
    if (!tocListening) {
      tocListening = true;
      addEventListener("scroll", () => { if (!tocQueued) { tocQueued = true; requestAnimationFrame(tocUpdate); } }, { passive: true });
    }
    tocUpdate();
  }

  // --- Headings: the # anchor copies a link to the section.
  function initAnchors() {
    doc.addEventListener("click", async (e) => {
      const a = e.target.closest && e.target.closest("a.anchor");
      if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const url = location.origin + location.pathname + a.hash;
      history.replaceState(null, "", a.hash);
      try {
        await navigator.clipboard.writeText(url);
        toast(W.copied || url);
      } catch (err) {
        toast((W.link || "") + url);
      }
    });
    labelAnchors();
  }
  function labelAnchors() {
    for (const a of $$("a.anchor")) {
      const h = a.parentElement;
      const text = h ? h.textContent.replace(/#\s*$/, "").trim() : "";
      a.setAttribute("aria-label", (W.copy || "%s").replace("%s", text));
      a.title = W.copyT || "#";
    }
  }

  // --- Tables wider than their column scroll: make them keyboard-reachable
  // and fade the edge that has more to show (classes more-left/more-right).
  function initTables() {
    const wraps = $$(".table-wrap, .table-scroll").filter((w) => !w.dataset.wired);
    wraps.forEach((w) => { w.dataset.wired = "1"; });
    if (!wraps.length) return;
    const edges = (w) => {
      const max = w.scrollWidth - w.clientWidth;
      w.classList.toggle("more-left", max > 1 && w.scrollLeft > 1);
      w.classList.toggle("more-right", max > 1 && w.scrollLeft < max - 1);
    };
    const check = () => {
      for (const w of wraps) {
        const wide = w.scrollWidth > w.clientWidth + 1;
        if (w.classList.contains("table-wrap")) {
          if (wide) {
            w.tabIndex = 0;
            w.setAttribute("role", "region");
            w.setAttribute("aria-label", W.table || "");
          } else {
            w.removeAttribute("tabindex");
            w.removeAttribute("role");
            w.removeAttribute("aria-label");
          }
        }
        edges(w);
      }
    };
    wraps.forEach((w) => w.addEventListener("scroll", () => edges(w), { passive: true }));
    check();
    if (window.ResizeObserver) { const ro = new ResizeObserver(check); wraps.forEach((w) => ro.observe(w)); }
  }

  // --- Link previews: a link to another page of the site shows a preview
  // of its target (the section or block it links to, else the top of the
  // page) from the site's previews shard that holds that page (written by
  // sitegen: previews/N.json, N the FNV-1a hash of the page's path, low
  // bits, among the body's data-previews shards), on hover, on a long press, or on Alt+ArrowDown while it
  // has the focus. A link to a glossary entry (a term) shows it on focus
  // and on a first tap too; a second tap follows it. The preview is a
  // role=tooltip the link is described by, so screen readers read it;
  // Escape closes it. Pages built with linkPreviews = false have none.
  let markLinks = () => {};
  function initPreviews() {
    const main = $("main"), home = $(".site-title");
    if (!main || !home || !doc.body.hasAttribute("data-previews")) return;
    const base = new URL(home.href).pathname;
    const shards = +doc.body.dataset.previews || 1; // a power of two
    const files = new Map(); // previews shard -> Promise<its data, or null>
    // shardOf is the shard of the page at site path sp: as sitegen's
    // shardOf, the 32-bit FNV-1a hash of its UTF-8 bytes.
    const shardOf = (sp) => {
      let h = 0x811c9dc5;
      for (const c of new TextEncoder().encode(sp)) h = Math.imul(h ^ c, 0x01000193);
      return (h >>> 0) & (shards - 1);
    };
    const tip = doc.createElement("div");
    tip.className = "link-preview";
    tip.id = "link-preview";
    tip.setAttribute("role", "tooltip");
    tip.hidden = true;
    main.append(tip); // inside the main landmark, positioned on the page
    // target: where a link leads, when it is a page of the site that may
    // have previews (not this page, not a file).
    const target = (a) => {
      if (!a || !a.href || a.hasAttribute("download") || a.closest(".link-preview, .toc, .anchor") || !a.closest(".content, .backlinks, .children")) return null;
      const u = new URL(a.href, location.href);
      // A page is a folder (/rules/combat/), or a file (/guide/intro.html:
      // VitePress's URLs); its site path is its path under the site's.
      const html = u.pathname.endsWith(".html");
      if (u.origin !== location.origin || !u.pathname.startsWith(base) || !u.pathname.endsWith("/") && !html || u.pathname === location.pathname) return null;
      let sp;
      try {
        sp = "/" + decodeURIComponent(u.pathname.slice(base.length));
      } catch {
        return null;
      }
      return { page: u.pathname, sp, file: base + "previews/" + shardOf(sp) + ".json", id: decodeURIComponent(u.hash.slice(1)), term: /\/glossary\/$/.test(u.pathname) && u.hash.length > 1 };
    };
    markLinks = () => {
      if (!tip.isConnected) main.append(tip); // sitegen serve's live reload replaced main's content
      for (const a of $$("a[href]", main)) {
        const t = target(a);
        if (!t) continue;
        a.classList.add(t.term ? "term" : "lp");
        if (!t.term) a.setAttribute("aria-keyshortcuts", "Alt+ArrowDown");
      }
    };
    markLinks();
    const load = (file) => {
      if (!files.has(file)) {
        files.set(file, fetch(file).then((r) => (r.ok ? r.json() : null)).then((d) => (d && d.v === 2 ? d.p : null), () => null));
      }
      return files.get(file);
    };
    let current = null, showTimer = 0, hideTimer = 0, pressTimer = 0, pressed = null, touchedAt = 0, touched = null, openAtTouch = false;
    const isOpen = (a) => current === a && !tip.hidden;
    // place puts the preview under the link, or over it when there is
    // more room there, clear of the phone's sticky header, and no taller
    // than the room on its side.
    const place = (a) => {
      const r = a.getBoundingClientRect(), header = $(".site-header");
      const w = Math.min(400, innerWidth - 16);
      const top = header && getComputedStyle(header).position === "sticky" ? header.getBoundingClientRect().bottom : 0;
      tip.style.width = w + "px";
      tip.style.left = Math.max(8, Math.min(r.left + scrollX, scrollX + innerWidth - w - 8)) + "px";
      tip.style.maxHeight = "";
      const h = tip.offsetHeight, room = innerHeight - r.bottom - 14, over = r.top - top - 14;
      const below = h <= room || room >= over;
      tip.style.maxHeight = Math.max(120, Math.min(h, below ? room : over)) + "px";
      tip.style.top = (below ? r.bottom + scrollY + 6 : r.top + scrollY - 6 - tip.offsetHeight) + "px";
    };
    const show = async (a) => {
      clearTimeout(hideTimer);
      if (isOpen(a)) return;
      const t = target(a);
      if (!t) return;
      current = a;
      const shard = await load(t.file);
      const data = shard && Object.hasOwn(shard, t.sp) ? shard[t.sp] : null;
      const entry = data && (data.s[t.id] || data.s[""]);
      if (current !== a || !entry) return;
      const head = doc.createElement("p");
      head.className = "lp-title";
      const b = doc.createElement("strong");
      b.textContent = data.t;
      head.append(b);
      if (entry[0]) head.append(" › " + entry[0]);
      const body = doc.createElement("div");
      body.className = "lp-body";
      body.innerHTML = entry[1];
      for (const el of $$("a.anchor, script", body)) el.remove();
      for (const el of $$("[id]", body)) el.removeAttribute("id");
      for (const l of $$('a[href^="#"]', body)) l.setAttribute("href", t.page + l.getAttribute("href"));
      tip.replaceChildren(head, body);
      tip.hidden = false;
      place(a);
      a.setAttribute("aria-describedby", tip.id);
    };
    const hide = () => {
      clearTimeout(showTimer);
      tip.hidden = true;
      if (current) current.removeAttribute("aria-describedby");
      current = null;
    };
    const link = (e) => e.target.closest && e.target.closest("a.lp, a.term");
    doc.addEventListener("mouseover", (e) => {
      const a = link(e);
      if (a && Date.now() - touchedAt > 800) { clearTimeout(hideTimer); clearTimeout(showTimer); showTimer = setTimeout(() => show(a), 150); }
      else if (tip.contains(e.target)) clearTimeout(hideTimer);
    });
    doc.addEventListener("mouseout", (e) => {
      const to = e.relatedTarget;
      if ((link(e) || tip.contains(e.target)) && !(to && (tip.contains(to) || to.closest && to.closest("a") === current))) {
        clearTimeout(showTimer);
        if (pressed !== current) hideTimer = setTimeout(hide, 250);
      }
    });
    doc.addEventListener("focusin", (e) => {
      const a = link(e);
      if (a && a.classList.contains("term")) show(a);
    });
    doc.addEventListener("focusout", (e) => {
      if (link(e) && !(e.relatedTarget && tip.contains(e.relatedTarget))) hide();
    });
    doc.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && !tip.hidden) { pressed = null; hide(); return; }
      const a = e.key === "ArrowDown" && e.altKey && link(e);
      if (a) { e.preventDefault(); if (isOpen(a)) hide(); else show(a); }
    });
    // Touch: a long press (half a second) shows the preview, and the
    // click or menu that follows it does nothing; a term shows it on a
    // first tap (whether it was open is taken at touchstart: the mouse
    // events a tap also fires open it before the click).
    doc.addEventListener("touchstart", (e) => {
      const a = link(e);
      touchedAt = Date.now();
      touched = a;
      openAtTouch = !!a && isOpen(a);
      clearTimeout(pressTimer);
      if (a) pressTimer = setTimeout(() => { pressed = a; show(a); }, 500);
    }, { passive: true });
    for (const ev of ["touchend", "touchmove", "touchcancel"]) doc.addEventListener(ev, () => { clearTimeout(pressTimer); touchedAt = Date.now(); }, { passive: true });
    doc.addEventListener("contextmenu", (e) => { if (pressed && link(e) === pressed) e.preventDefault(); });
    doc.addEventListener("click", (e) => {
      const a = link(e);
      if (!a) return;
      const viaTouch = touched === a;
      touched = null;
      if (pressed === a) { e.preventDefault(); pressed = null; return; }
      if (a.classList.contains("term") && (viaTouch || e.pointerType === "touch") && !(viaTouch ? openAtTouch : isOpen(a))) { e.preventDefault(); show(a); }
    });
    doc.addEventListener("pointerdown", (e) => {
      if (!tip.hidden && !tip.contains(e.target) && !link(e)) { pressed = null; hide(); }
    });
  }

  // --- Highlight the words a search result was found with (?h=word+word).
  const escapeRE = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const termsRE = (terms) => new RegExp("(?<![\\p{L}\\p{N}])(" + terms.map(escapeRE).join("|") + ")", "giu");
  function highlightPage() {
    const params = new URLSearchParams(location.search);
    const terms = (params.get("h") || "").split(/\s+/).filter((t) => t.length > 1);
    if (!terms.length) return;
    params.delete("h");
    const qs = params.toString();
    history.replaceState(null, "", location.pathname + (qs ? "?" + qs : "") + location.hash);
    const re = termsRE(terms);
    const main = $("main");
    if (!main) return;
    const walker = doc.createTreeWalker(main, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => n.parentElement.closest("script,style,.toc,.anchor,mark,nav,.calc") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    const nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    for (const n of nodes) {
      const text = n.nodeValue;
      re.lastIndex = 0;
      if (!re.test(text)) continue;
      re.lastIndex = 0;
      const frag = doc.createDocumentFragment();
      let last = 0;
      for (const m of text.matchAll(re)) {
        frag.append(text.slice(last, m.index));
        const mark = doc.createElement("mark");
        mark.className = "hl";
        mark.textContent = m[0];
        frag.append(mark);
        last = m.index + m[0].length;
      }
      frag.append(text.slice(last));
      n.replaceWith(frag);
    }
  }

  // --- Search: the box shows with JavaScript; js/search.js (the engine
  // and the result list) loads on first use and takes over.
  function initSearch() {
    const box = $(".search");
    if (!box) return;
    const input = $("#search-q", box);
    box.hidden = false;
    let loading = null;
    const load = () => {
      if (!loading) {
        loading = new Promise((resolve, reject) => {
          const s = doc.createElement("script");
          s.src = box.dataset.lib;
          s.onload = resolve;
          s.onerror = () => reject(new Error("could not load " + box.dataset.lib));
          doc.head.append(s);
        }).then(() => window.d6search.init(box), () => { loading = null; });
      }
      return loading;
    };
    input.addEventListener("focus", load);
    input.addEventListener("input", load);
    doc.addEventListener("keydown", (e) => {
      if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target;
      if (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
      e.preventDefault();
      input.focus();
      input.select();
    });
  }

  // --- Offline: the service worker at the site's root (sw.js, written by
  // sitegen) caches the whole site once the page has loaded.
  // Not under `sitegen serve` (it adds its live-reload script, path in
  // cmd/sitegen/servecmd/handler.go): pages there change with every save,
  // and a worker left from another visit of the address is removed.
  function initOffline() {
    const home = $(".site-title");
    if (!("serviceWorker" in navigator) || !window.isSecureContext || !home) return;
    if ($('script[src$="/__sitegen/livereload.js"]')) {
      navigator.serviceWorker.getRegistrations().then((rs) => rs.forEach((r) => r.unregister())).catch(() => {});
      return;
    }
    const register = () => navigator.serviceWorker.register(new URL("sw.js", home.href), { updateViaCache: "none" }).catch(() => {});
    if (doc.readyState === "complete") register(); else addEventListener("load", register);
    // Then the calculators' modules, one at a time, once this page is idle
    // (a page with a calculator asks once its own module has loaded).
    if (!$(".calc[data-wasm]")) {
      navigator.serviceWorker.ready.then((reg) => (window.requestIdleCallback || setTimeout)(() => reg.active && reg.active.postMessage({ modules: true }))).catch(() => {});
    }
  }

  function init() {
    initTheme();
    initNav();
    initSearch();
    initTOC();
    initAnchors();
    initTables();
    initPreviews();
    highlightPage();
    initOffline();
    if (!reduceMotion.matches) root.classList.add("smooth");
    // sitegen serve's live reload replaced the main content in place.
    doc.addEventListener("d6:updated", () => {
      initTOC();
      labelAnchors();
      initTables();
      markLinks();
    });
  }
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", init); else init();
})();
