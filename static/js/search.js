// d6codex search, loaded by site.js when the search box is first used.
// It reads the split index sitegen writes (cmd/sitegen/internal/site/search.go):
// index.json first, then only the term shards a query needs and the text of
// the pages it shows (those two gzip-compressed, inflated here). Terms are the lower-cased runs of letters and digits
// of two characters or more, split as the index splits them.
//
// Ranking, best first: a title or heading that is the query; a title or
// heading holding every word; the exact phrase in the text; the rest. Within
// each rank the current system's pages come first, then the score (term
// weight by rarity, title and heading words counting more). Every word must
// match when some result has them all. A word matches as itself or as a
// prefix; a typo (one edit, two from 8 letters, first two letters kept) is
// tried only for a word the index does not know, so "wound" never finds
// "round".
(() => {
  "use strict";
  const doc = document;
  const PAGE = 10; // results shown at a time
  const WORD = /[\p{L}\p{N}]+/gu;
  const words = (s) => (s.toLowerCase().match(WORD) || []).filter((t) => [...t].length >= 2);
  const hex = (s) => Array.from(new TextEncoder().encode(s), (b) => b.toString(16).padStart(2, "0")).join("");
  const esc = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const escapeRE = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  // Edit distance of a and b if at most max, else max + 1.
  function edits(a, b, max) {
    a = [...a]; b = [...b];
    if (Math.abs(a.length - b.length) > max) return max + 1;
    // Two letters swapped ("wlid" for "wild") count as one edit.
    let before = null, prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const cur = [i];
      let best = i;
      for (let j = 1; j <= b.length; j++) {
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (before && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cur[j] = Math.min(cur[j], before[j - 2] + 1);
        best = Math.min(best, cur[j]);
      }
      if (best > max) return max + 1;
      before = prev;
      prev = cur;
    }
    return prev[b.length];
  }

  class Index {
    constructor(url, meta) {
      this.base = new URL(".", new URL(url, location.href));
      this.meta = meta;
      this.shardFiles = new Map(meta.shards.map((k, i) => [k, "t/" + k + "." + meta.shardHashes[i] + ".json"]));
      this.cache = new Map();
      const n = meta.pages.length / 2;
      this.first = new Int32Array(n + 1); // first document of each page
      for (let i = 0; i < n; i++) this.first[i + 1] = this.first[i] + meta.pages[2 * i + 1];
    }
    static async open(url) {
      // index.json keeps its name from build to build: revalidated, so a
      // search never follows an old index to files that are gone.
      const r = await fetch(url, { cache: "no-cache" });
      if (!r.ok) throw new Error("search index: HTTP " + r.status);
      return new Index(url, await r.json());
    }
    // get fetches an index file, published gzip-compressed: it is inflated
    // here, unless the server already did (Content-Encoding).
    get(path) {
      if (!this.cache.has(path)) {
        const p = fetch(new URL(path + ".gz", this.base)).then(async (r) => {
          if (!r.ok) throw Object.assign(new Error(path + ": HTTP " + r.status), { gone: r.status === 404 });
          const buf = new Uint8Array(await r.arrayBuffer());
          if (buf[0] !== 0x1f || buf[1] !== 0x8b) return JSON.parse(new TextDecoder().decode(buf));
          const s = new Blob([buf]).stream().pipeThrough(new DecompressionStream("gzip"));
          return JSON.parse(await new Response(s).text());
        });
        this.cache.set(path, p);
        p.catch(() => this.cache.delete(path));
      }
      return this.cache.get(path);
    }
    shard(term) {
      const key = hex([...term].slice(0, 2).join(""));
      const file = this.shardFiles.get(key);
      return file ? this.get(file) : Promise.resolve({});
    }
    pageOf(d) {
      let lo = 0, hi = this.first.length - 2;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (this.first[mid] <= d) lo = mid; else hi = mid - 1;
      }
      return lo;
    }
    system(page) {
      const s = this.meta.systems[this.meta.pages[2 * page]];
      return s ? { id: s[0], title: s[1] } : null;
    }
    async page(i) {
      const k = Math.floor(i / this.meta.chunk);
      const c = await this.get("c/" + k + "." + this.meta.texts[k] + ".json");
      return c[i % this.meta.chunk];
    }

    // search returns every document matching q, ranked without the pages'
    // text (phrases are ranked by finish), and the index terms matched.
    async search(q, filter, current) {
      const qt = [...new Set(words(q))];
      if (!qt.length) return { hits: [], terms: [], words: qt };
      const shards = await Promise.all(qt.map((t) => this.shard(t)));
      // A word with no term of its own may be a typo in its first two
      // letters ("wlid"): its fuzzy matches are looked for in the shards
      // of the words with those letters swapped too ("lwid", "wild").
      await Promise.all(qt.map(async (t, i) => {
        const c = [...t];
        if (c.length < 4 || Object.keys(shards[i]).some((k) => k.startsWith(t))) return;
        const swaps = [[c[1], c[0], ...c.slice(2)], [c[0], c[2], c[1], ...c.slice(3)]].map((s) => s.join(""));
        for (const sh of await Promise.all(swaps.map((s) => this.shard(s)))) shards[i] = { ...sh, ...shards[i] };
      }));
      const N = this.meta.docs, all = (1 << qt.length) - 1;
      const found = new Map(), matched = [];
      qt.forEach((t, i) => {
        const sh = shards[i], hits = [];
        for (const k in sh) if (k.startsWith(t)) hits.push([k, k === t ? 1 : 0.5]);
        const len = [...t].length;
        if (!hits.length && len >= 4) {
          const max = len >= 8 ? 2 : 1;
          for (const k in sh) if (edits(t, k, max) <= max) hits.push([k, 0.3]);
        }
        for (const [k, f] of hits) {
          matched.push(k);
          const p = sh[k], idf = Math.log(1 + N / (p.length / 2));
          for (let j = 0, d = 0; j < p.length; j += 2) {
            d += p[j];
            const w = p[j + 1], tf = w & 15;
            let e = found.get(d);
            if (!e) found.set(d, (e = { doc: d, score: 0, mask: 0, head: 0 }));
            e.score += f * idf * ((tf ? 1 + Math.log(tf) : 0) + (w & 16 ? 3 : 0) + (w & 32 ? 5 : 0));
            e.mask |= 1 << i;
            if (w & 48) e.head |= 1 << i;
          }
        }
      });
      let hits = [...found.values()];
      for (const e of hits) {
        e.page = this.pageOf(e.doc);
        const s = this.system(e.page);
        e.system = s ? s.id : "";
        e.current = current && e.system === current ? 1 : 0;
        e.rank = e.head === all ? 1 : e.mask === all ? 3 : 4;
      }
      if (filter) hits = hits.filter((e) => e.system === filter);
      if (hits.some((e) => e.mask === all)) hits = hits.filter((e) => e.mask === all);
      hits.sort(order);
      return { hits, terms: matched, words: qt };
    }

    // finish fetches the text of hits[from, to), ranks exact titles,
    // headings and phrases first among them, and adds what the list shows.
    async finish(res, q, from, to) {
      const part = res.hits.slice(from, to);
      const phrase = words(q).join(" ");
      await Promise.all(part.map(async (e) => {
        const p = await this.page(e.page);
        const sec = p[2][e.doc - this.first[e.page]];
        e.url = p[0];
        e.title = p[1];
        e.anchor = sec[0];
        e.heading = sec[1];
        e.text = sec[2];
        const norm = (s) => words(s).join(" ");
        if (norm(e.heading || e.title) === phrase || (!e.anchor && norm(e.title) === phrase)) e.rank = 0;
        else if (e.rank > 2 && res.words.length > 1 && (" " + norm(e.text) + " ").includes(" " + phrase + " ")) e.rank = 2;
      }));
      part.sort(order);
      res.hits.splice(from, part.length, ...part);
      return part;
    }
  }
  const order = (a, b) => a.rank - b.rank || b.current - a.current || b.score - a.score || a.doc - b.doc;

  // termsRE matches the index terms matched, at the start of a word.
  const termsRE = (terms) => !terms.length ? null : new RegExp("(?<![\\p{L}\\p{N}])(" + terms.map(escapeRE).sort((a, b) => b.length - a.length).join("|") + ")", "giu");

  function mark(text, re) {
    if (!re) return esc(text);
    let out = "", last = 0;
    for (const m of text.matchAll(re)) {
      out += esc(text.slice(last, m.index)) + "<mark>" + esc(m[0]) + "</mark>";
      last = m.index + m[0].length;
    }
    return out + esc(text.slice(last));
  }

  // snippet returns the sentence around the first match in text (the
  // phrase if it is there, else a word of re; the start when re is
  // null), cut to about 220 characters.
  function snippet(text, re, phraseRE) {
    if (!text) return "";
    let at = -1;
    const pm = phraseRE && phraseRE.exec(text);
    if (pm) at = pm.index;
    else if (re) { re.lastIndex = 0; const m = re.exec(text); re.lastIndex = 0; if (m) at = m.index; }
    if (at < 0) at = 0;
    let start = 0;
    for (const m of text.slice(0, at).matchAll(/[.!?]\s+(?=\S)/g)) start = m.index + m[0].length;
    if (at - start > 120) { start = text.indexOf(" ", at - 80) + 1 || start; }
    let end = text.slice(at).search(/[.!?](\s|$)/);
    end = end < 0 ? text.length : at + end + 1;
    if (end - start > 220) end = text.lastIndexOf(" ", start + 220) > at ? text.lastIndexOf(" ", start + 220) : Math.min(text.length, start + 220);
    return (start > 0 ? "… " : "") + text.slice(start, end).trim() + (end < text.length ? " …" : "");
  }

  // init wires the search box: typing searches, arrows move through the
  // results, Escape closes them.
  function init(box) {
    const input = box.querySelector("#search-q"), select = box.querySelector("#search-system");
    const results = box.querySelector("#search-results"), status = box.querySelector("#search-status");
    const current = box.dataset.system || "";
    // The words it writes, in the site's language: the box's data
    // attributes (templates' ScriptWords), English without them.
    const word = (k, en) => box.dataset[k] || en;
    let index = null, last = null;
    const open = () => index || (index = Index.open(box.dataset.index).catch((e) => { index = null; throw e; }));

    function item(e, re, phraseRE, res) {
      // The page highlights what the search found: a word by itself, a
      // typo ("wlid") by the index terms it was taken for ("wild").
      const typos = res.terms.filter((k) => !res.words.some((w) => k.startsWith(w)));
      const terms = [...new Set(res.words.flatMap((w) => res.terms.some((k) => k.startsWith(w)) ? [w] : typos))].join(" ");
      // Words the heading (or title) already shows need no snippet: show
      // where the others are, or the section's first sentence.
      const head = words(e.heading || e.title);
      const rest = res.words.filter((w) => !head.some((h) => h.startsWith(w)));
      const find = rest.length ? termsRE(res.terms.filter((k) => rest.some((w) => k.startsWith(w) || k.startsWith(w.slice(0, 2))))) : null;
      const url = e.url + "?h=" + encodeURIComponent(terms) + (e.anchor ? "#" + e.anchor : "");
      const s = e.sys || word("games", "All games");
      return '<li><a href="' + esc(url) + '"><span class="r-title">' + mark(e.title, re) +
        (e.heading ? ' <span aria-hidden="true">›</span> ' + mark(e.heading, re) : "") + "</span>" +
        (s ? '<span class="r-system">' + esc(s) + "</span>" : "") +
        '<span class="r-text">' + mark(snippet(e.text, find, phraseRE), re) + "</span></a></li>";
    }

    async function show(res, q, from, idx) {
      const part = await idx.finish(res, q, from, from + PAGE);
      if (q !== input.value.trim()) return;
      const re = termsRE(res.terms.length ? res.terms : res.words);
      const pw = res.words.length > 1 ? new RegExp("(?<![\\p{L}\\p{N}])" + res.words.map(escapeRE).join("[^\\p{L}\\p{N}]+"), "iu") : null;
      for (const e of part) { const s = idx.system(e.page); e.sys = s ? s.title : ""; }
      let list = results.querySelector(".search-list");
      if (!list) {
        results.innerHTML = '<ol class="search-list"></ol>';
        list = results.querySelector(".search-list");
      }
      list.insertAdjacentHTML("beforeend", part.map((e) => item(e, re, pw, res)).join(""));
      const more = results.querySelector(".search-more");
      if (more) more.remove();
      const shown = from + part.length;
      if (shown < res.hits.length) {
        results.insertAdjacentHTML("beforeend", '<button type="button" class="search-more">' + esc(word("more", "More results (%d)").replace("%d", res.hits.length - shown)) + "</button>");
      }
      results.dataset.shown = String(shown);
    }

    // A part named by an index this page opened before the site changed
    // may be gone (the development server keeps replaced parts a while):
    // the index is opened again and the query run once more.
    async function query(q, retry) {
      const idx = await open();
      try {
        return { idx, res: await idx.search(q, select.value, current) };
      } catch (e) {
        if (!e.gone || !retry) throw e;
        if (index && (await index) === idx) index = null;
        return query(q, false);
      }
    }

    async function run(retry = true) {
      const q = input.value.trim();
      if (!q) { results.hidden = true; results.innerHTML = ""; status.textContent = ""; return; }
      try {
        const { idx, res } = await query(q, retry);
        if (q !== input.value.trim()) return; // a newer query is on its way
        last = { res, q, idx };
        results.innerHTML = "";
        if (!res.hits.length) {
          results.innerHTML = '<p class="search-empty">' + esc(select.value ? word("noneIn", "No results in %s.").replace("%s", select.selectedOptions[0].text) : word("none", "No results") + ".") + "</p>" +
            (select.value ? '<button type="button" class="search-all">' + esc(word("all", "Search all systems")) + "</button>" : "");
        } else {
          try {
            await show(res, q, 0, idx);
          } catch (e) {
            if (!e.gone || !retry) throw e;
            index = null; // a page text of an index replaced since: again, from the new one
            return run(false);
          }
          if (q !== input.value.trim()) return;
        }
        const n = res.hits.length;
        status.textContent = n === 1 ? word("one", "1 result") : n ? word("results", "%d results").replace("%d", n) : word("none", "No results");
      } catch (e) {
        results.innerHTML = '<p class="search-empty">' + esc(word("unavailable", "Search is unavailable: ") + e.message) + "</p>";
      }
      results.dataset.q = q; // which query the list answers (tests wait on it)
      results.hidden = false;
    }

    // sitegen serve's live-reload client announces a page updated in
    // place (d6:updated) and a new search index (d6:search): the next
    // query opens the index again, and open results are refreshed.
    const refresh = () => {
      index = null;
      if (!results.hidden && input.value.trim()) run();
    };
    doc.addEventListener("d6:updated", refresh);
    doc.addEventListener("d6:search", refresh);

    let timer = 0;
    input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(run, 80); });
    input.addEventListener("focus", () => { open().catch(() => {}); if (input.value.trim()) run(); });
    select.addEventListener("change", () => { if (input.value.trim()) run(); });
    box.querySelector("form").addEventListener("submit", (e) => {
      e.preventDefault();
      const first = results.querySelector("a");
      if (first && !results.hidden) location.href = first.href; else run();
    });
    results.addEventListener("click", async (e) => {
      if (e.target.closest(".search-all")) { select.value = ""; run(); input.focus(); }
      if (e.target.closest(".search-more") && last) {
        const n = results.querySelectorAll(".search-list a").length;
        await show(last.res, last.q, n, last.idx);
        const links = results.querySelectorAll(".search-list a");
        if (links[n]) links[n].focus();
      }
    });
    box.addEventListener("keydown", (e) => {
      const links = Array.from(results.querySelectorAll("a"));
      const i = links.indexOf(doc.activeElement);
      if (e.key === "ArrowDown" && links.length && !results.hidden) {
        e.preventDefault();
        links[Math.min(i + 1, links.length - 1)].focus();
      } else if (e.key === "ArrowUp" && i >= 0) {
        e.preventDefault();
        if (i === 0) input.focus(); else links[i - 1].focus();
      } else if (e.key === "Escape") {
        results.hidden = true;
        input.focus();
      }
    });
    doc.addEventListener("click", (e) => { if (!box.contains(e.target)) results.hidden = true; });
    if (input.value.trim()) run();
  }

  window.d6search = { init, words, edits };
})();
