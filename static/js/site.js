// d6codex site script: progressive enhancement of pages that read fully
// without it. Theme toggle (system/light/dark, remembered), phone menu
// button, a table of contents that follows the scroll, "copy link" on
// headings, scrollable tables reachable by keyboard with a fade where more
// is hidden, glossary previews, highlighting of searched words, and the
// full-text search (loaded on first use).
(() => {
  "use strict";
  const doc = document, root = doc.documentElement;
  const $ = (sel, el = doc) => el.querySelector(sel);
  const $$ = (sel, el = doc) => Array.from(el.querySelectorAll(sel));
  const THEME_KEY = "d6codex-theme";
  const reduceMotion = matchMedia("(prefers-reduced-motion: reduce)");

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
      const mode = root.dataset.theme || "system";
      btn.dataset.mode = mode;
      label.textContent = "Theme: " + mode;
      btn.title = "Theme: " + mode + " (click for " + modes[(modes.indexOf(mode) + 1) % 3] + ")";
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
      toast("Theme: " + next);
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

  // --- Table of contents: marks the section being read.
  function initTOC() {
    const links = $$(".toc a[href^='#']");
    if (!links.length) return;
    const items = links.map((a) => ({ a, h: doc.getElementById(decodeURIComponent(a.hash.slice(1))) })).filter((x) => x.h);
    let active = null, queued = false;
    const update = () => {
      queued = false;
      let cur = items[0];
      for (const it of items) {
        if (it.h.getBoundingClientRect().top <= 120) cur = it; else break;
      }
      if (cur === active) return;
      if (active) active.a.removeAttribute("aria-current");
      active = cur;
      if (active) active.a.setAttribute("aria-current", "location");
    };
    addEventListener("scroll", () => { if (!queued) { queued = true; requestAnimationFrame(update); } }, { passive: true });
    update();
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
        toast("Link to this rule copied");
      } catch (err) {
        toast("Link: " + url);
      }
    });
    for (const a of $$("a.anchor")) {
      const h = a.parentElement;
      const text = h ? h.textContent.replace(/#\s*$/, "").trim() : "";
      a.setAttribute("aria-label", "Copy link to “" + text + "”");
      a.title = "Copy link to this rule";
    }
  }

  // --- Tables wider than their column scroll: make them keyboard-reachable
  // and fade the edge that has more to show (classes more-left/more-right).
  function initTables() {
    const wraps = $$(".table-wrap, .table-scroll");
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
            w.setAttribute("aria-label", "Table (scrolls sideways)");
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

  // --- Glossary terms: a link to a glossary entry shows the entry's first
  // paragraph in place on hover, keyboard focus or a first tap (a second
  // tap follows the link). The preview is a role=tooltip the link is
  // described by, so screen readers read it too; Escape closes it.
  function initGlossary() {
    const links = $$("main a[href*='/glossary/#']").filter((a) => a.pathname !== location.pathname);
    if (!links.length) return;
    const pages = new Map(); // glossary URL -> Promise<Document>
    const tip = doc.createElement("div");
    tip.className = "term-tip";
    tip.id = "term-tip";
    tip.setAttribute("role", "tooltip");
    tip.hidden = true;
    doc.body.append(tip);
    let current = null, hideTimer = 0;
    const definition = async (a) => {
      const url = a.href.split("#")[0];
      if (!pages.has(url)) {
        pages.set(url, fetch(url).then((r) => { if (!r.ok) throw new Error("HTTP " + r.status); return r.text(); })
          .then((t) => new DOMParser().parseFromString(t, "text/html")));
        pages.get(url).catch(() => pages.delete(url));
      }
      const page = await pages.get(url);
      const h = page.getElementById(decodeURIComponent(a.hash.slice(1)));
      if (!h) return null;
      let p = h.nextElementSibling;
      while (p && p.tagName !== "P" && !/^H[1-6]$/.test(p.tagName)) p = p.nextElementSibling;
      return p && p.tagName === "P" ? { term: h.textContent.replace(/#\s*$/, "").trim(), text: p.textContent.replace(/\s+/g, " ").trim() } : null;
    };
    const place = (a) => {
      const r = a.getBoundingClientRect();
      const w = Math.min(352, innerWidth - 16);
      tip.style.width = w + "px";
      tip.style.left = Math.max(8, Math.min(r.left + scrollX, scrollX + innerWidth - w - 8)) + "px";
      tip.style.top = (r.bottom + scrollY + 6) + "px";
    };
    const show = async (a) => {
      clearTimeout(hideTimer);
      if (current === a && !tip.hidden) return;
      current = a;
      let d = null;
      try { d = await definition(a); } catch (e) { return; }
      if (current !== a || !d) return;
      tip.innerHTML = "";
      const b = doc.createElement("strong");
      b.textContent = d.term;
      tip.append(b, " ", d.text);
      tip.hidden = false;
      place(a);
      a.setAttribute("aria-describedby", "term-tip");
    };
    const hide = () => {
      tip.hidden = true;
      if (current) current.removeAttribute("aria-describedby");
      current = null;
    };
    for (const a of links) {
      a.classList.add("term");
      a.addEventListener("mouseenter", () => show(a));
      a.addEventListener("mouseleave", () => { hideTimer = setTimeout(hide, 200); });
      a.addEventListener("focus", () => show(a));
      a.addEventListener("blur", hide);
      a.addEventListener("click", (e) => {
        if (e.pointerType === "touch" && (current !== a || tip.hidden)) { e.preventDefault(); show(a); }
      });
    }
    tip.addEventListener("mouseenter", () => clearTimeout(hideTimer));
    tip.addEventListener("mouseleave", hide);
    doc.addEventListener("keydown", (e) => { if (e.key === "Escape" && !tip.hidden) hide(); });
    doc.addEventListener("pointerdown", (e) => { if (!tip.hidden && !tip.contains(e.target) && !e.target.closest("a.term")) hide(); });
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

  // --- Search.
  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const s = doc.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = () => reject(new Error("could not load " + src));
      doc.head.append(s);
    });
  }

  function initSearch() {
    const box = $(".search");
    if (!box) return;
    const input = $("#search-q", box), select = $("#search-system", box);
    const results = $("#search-results", box), status = $("#search-status", box);
    box.hidden = false;
    let engine = null, loading = null, data = null;

    function load() {
      if (!loading) {
        loading = Promise.all([
          window.MiniSearch ? Promise.resolve() : loadScript(box.dataset.lib),
          fetch(box.dataset.index).then((r) => { if (!r.ok) throw new Error("search index: HTTP " + r.status); return r.json(); }),
        ]).then(async ([, idx]) => {
          data = idx;
          const docs = idx.docs.map((d, i) => ({ i, t: d[1] ? "" : idx.pages[d[0]][1], h: d[2], x: d[3] }));
          const ms = new window.MiniSearch({
            idField: "i",
            fields: ["t", "h", "x"],
            extractField: (d, f) => d[f],
            searchOptions: {
              boost: { t: 5, h: 3, x: 1 },
              prefix: true,
              fuzzy: (term) => (term.length > 4 ? 0.2 : false),
              maxFuzzy: 2,
            },
          });
          await ms.addAllAsync(docs, { chunkSize: 2000 });
          engine = ms;
        });
        loading.catch(() => { loading = null; });
      }
      return loading;
    }

    const esc = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    function mark(text, re) {
      let out = "", last = 0;
      for (const m of text.matchAll(re)) {
        out += esc(text.slice(last, m.index)) + "<mark>" + esc(m[0]) + "</mark>";
        last = m.index + m[0].length;
      }
      return out + esc(text.slice(last));
    }
    function snippet(text, re) {
      re.lastIndex = 0;
      const m = re.exec(text);
      re.lastIndex = 0;
      let start = m ? Math.max(0, m.index - 50) : 0;
      if (start > 0) start = text.indexOf(" ", start) + 1 || start;
      let s = text.slice(start, start + 160);
      if (start + 160 < text.length) s = s.replace(/\s+\S*$/, "") + "…";
      return (start > 0 ? "…" : "") + s;
    }

    function close() { results.hidden = true; }

    async function run() {
      const q = input.value.trim();
      if (!q) { results.hidden = true; results.innerHTML = ""; status.textContent = ""; return; }
      try {
        await load();
      } catch (e) {
        results.innerHTML = '<p class="search-empty">Search is unavailable: ' + esc(e.message) + "</p>";
        results.hidden = false;
        return;
      }
      if (q !== input.value.trim()) return; // a newer query is on its way
      const sys = select.value;
      const sysOf = (id) => { const s = data.systems[data.pages[data.docs[id][0]][2]]; return s ? s[0] : ""; };
      const opts = { filter: sys ? (r) => sysOf(r.id) === sys : undefined };
      let hits = engine.search(q, { ...opts, combineWith: "AND" });
      if (!hits.length) hits = engine.search(q, { ...opts, combineWith: "OR" });
      const shown = hits.slice(0, 20);
      let html = "";
      if (!shown.length) {
        html = '<p class="search-empty">No results' + (sys ? " in " + esc(select.selectedOptions[0].text) : "") + ".</p>";
        if (sys) html += '<button type="button" class="search-all">Search all systems</button>';
      } else {
        html = '<ol class="search-list">';
        for (const r of shown) {
          const d = data.docs[r.id], p = data.pages[d[0]];
          const terms = [...new Set(r.terms)];
          const re = termsRE(terms);
          const url = p[0] + "?h=" + encodeURIComponent(terms.join(" ")) + (d[1] ? "#" + d[1] : "");
          const s = data.systems[p[2]];
          html += '<li><a href="' + esc(url) + '"><span class="r-title">' + mark(p[1], re) +
            (d[2] ? ' <span aria-hidden="true">›</span> ' + mark(d[2], re) : "") + "</span>" +
            (s && !sys ? '<span class="r-system">' + esc(s[1]) + "</span>" : "") +
            '<span class="r-text">' + mark(snippet(d[3], re), re) + "</span></a></li>";
        }
        html += "</ol>";
      }
      results.innerHTML = html;
      results.dataset.q = q; // which query the list answers (tests wait on it)
      results.hidden = false;
      status.textContent = hits.length ? hits.length + " result" + (hits.length === 1 ? "" : "s") + (hits.length > 20 ? ", showing the first 20" : "") : "No results";
    }

    let timer = 0;
    input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(run, 80); });
    input.addEventListener("focus", () => { load().catch(() => {}); if (input.value.trim()) run(); }, { once: false });
    select.addEventListener("change", () => { if (input.value.trim()) run(); });
    box.querySelector("form").addEventListener("submit", (e) => {
      e.preventDefault();
      const first = $("a", results);
      if (first) location.href = first.href; else run();
    });
    results.addEventListener("click", (e) => {
      if (e.target.closest(".search-all")) { select.value = ""; run(); input.focus(); }
    });
    box.addEventListener("keydown", (e) => {
      const links = $$("a", results);
      const i = links.indexOf(doc.activeElement);
      if (e.key === "ArrowDown" && links.length && !results.hidden) {
        e.preventDefault();
        links[Math.min(i + 1, links.length - 1)].focus();
      } else if (e.key === "ArrowUp" && i >= 0) {
        e.preventDefault();
        if (i === 0) input.focus(); else links[i - 1].focus();
      } else if (e.key === "Escape") {
        close();
        input.focus();
      }
    });
    doc.addEventListener("click", (e) => { if (!box.contains(e.target)) close(); });
    doc.addEventListener("keydown", (e) => {
      if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target;
      if (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
      e.preventDefault();
      input.focus();
      input.select();
    });
  }

  function init() {
    initTheme();
    initNav();
    initSearch();
    initTOC();
    initAnchors();
    initTables();
    initGlossary();
    highlightPage();
    if (!reduceMotion.matches) root.classList.add("smooth");
  }
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", init); else init();
})();
