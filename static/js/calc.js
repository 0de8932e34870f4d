// d6codex calculators: progressive enhancement of the server-rendered
// calculator forms. Each page comes with its preset's result pre-rendered
// at build time; this script keeps it until the player changes something,
// then sends the inputs to a Web Worker running the WebAssembly
// calculators, which answer with the result rendered by the same Go code
// (calc/render). It adds what needs a script: messages beside bad fields,
// a pinned set-up to compare with, copying a link or the tables, arrow
// keys across the chart's bars. Inputs live in the URL so a set-up can be
// shared.
(() => {
  "use strict";
  // The module's URLs (content-hashed) are on each calculator's element.
  // Each system has its own module (data-wasm), run in its own worker.
  let cfg = null;
  let seq = 0;
  const workers = new Map();
  const pending = new Map();
  const calcs = [];

  function getWorker(wasm) {
    let worker = workers.get(wasm);
    if (!worker) {
      if (!cfg) {
        const d = document.querySelector(".calc[data-worker]").dataset;
        cfg = { worker: d.worker, exec: d.exec };
      }
      worker = new Worker(cfg.worker);
      worker.onmessage = (ev) => {
        if (ev.data.progress !== undefined) {
          for (const c of calcs) if (c.root.dataset.wasm === wasm) c.progress(ev.data.progress, ev.data.done);
          return;
        }
        if (ev.data.share !== undefined) { // how far a long run has got
          pending.get(ev.data.seq)?.calc?.steps(ev.data.share);
          return;
        }
        const cb = pending.get(ev.data.seq);
        if (cb) { pending.delete(ev.data.seq); cb(ev.data); }
      };
      worker.onerror = (ev) => {
        for (const [s, cb] of pending) if (cb.wasm === wasm) { pending.delete(s); cb({ error: "The calculator stopped: " + (ev.message || "unknown error") }); }
        workers.delete(wasm);
      };
      workers.set(wasm, worker);
    }
    return worker;
  }

  // call sends msg to the module's worker; calc, when given, is the
  // calculator whose run it is (the one a Stop ends).
  function call(msg, wasm, calc) {
    return new Promise((resolve) => {
      const s = ++seq;
      getWorker(wasm);
      Object.assign(resolve, { wasm, calc, msg: { ...msg, seq: s, exec: cfg.exec, wasm } });
      pending.set(s, resolve);
      workers.get(wasm).postMessage(resolve.msg);
    });
  }

  // stop ends calc's runs on a module: a WebAssembly run cannot be
  // interrupted from the page, so its worker is terminated and a fresh
  // one (which loads the module again, from the cache) takes its place.
  // calc's runs answer {stopped: true}; another calculator's run on that
  // module is sent again to the fresh worker.
  function stop(wasm, calc) {
    workers.get(wasm)?.terminate();
    workers.delete(wasm);
    for (const [s, cb] of [...pending]) {
      if (cb.wasm !== wasm) continue;
      if (cb.calc === calc) { pending.delete(s); cb({ stopped: true }); }
      else getWorker(wasm).postMessage(cb.msg);
    }
  }

  const el = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") e.className = v; else if (k === "text") e.textContent = v; else e.setAttribute(k, v);
    }
    for (const k of kids) if (k != null) e.append(k);
    return e;
  };
  // minus writes a negative number in a message with a minus sign (−3 to
  // 5), as the page does elsewhere, not a hyphen.
  const minus = (s) => s.replace(/(^|[\s(])-(?=\d)/g, "$1\u2212");
  // TYPING is the pause, in ms, after a keystroke before the calculator
  // runs (see the form's input handler; BENCHMARKS.md, issue 25).
  const TYPING = 120;
  // SLOW is how long, in ms, a program runs before it shows "Running…"
  // and a Stop button (a quick run shows neither).
  const SLOW = 400;
  const mb = (n) => (n / 1048576).toFixed(1) + " MB";

  // A text area's text (an AnyDice program) goes into a link compressed:
  // KEY.NAME.z holds it, byte for byte as the text area holds it, as raw
  // DEFLATE (CompressionStream "deflate-raw") of its UTF-8 in base64url,
  // about a third of its length written plain (BENCHMARKS.md, anydice3).
  // A browser without CompressionStream writes KEY.NAME plain, as links
  // did before, and both kinds open. LINK_TEXT bounds what a link may
  // unpack to (1 MiB, past any program the module takes: 100,000
  // characters), so that a hostile link cannot fill the memory.
  const ZIP = ".z";
  const LINK_TEXT = 1 << 20;
  async function pack(s) {
    let z;
    try {
      z = new Uint8Array(await new Response(new Blob([s]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
    } catch (e) {
      return null; // no CompressionStream (or no "deflate-raw"): written plain
    }
    let bin = "";
    for (let i = 0; i < z.length; i += 8192) bin += String.fromCharCode(...z.subarray(i, i + 8192));
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  async function unpack(s) {
    if (!window.DecompressionStream) throw new Error("this browser cannot unpack it: open the link in a newer one");
    if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error("it is not base64url");
    const bytes = Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const r = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const parts = [];
    let n = 0;
    for (;;) {
      const { done, value } = await r.read();
      if (done) break;
      n += value.length;
      if (n > LINK_TEXT) { r.cancel().catch(() => {}); throw new Error("it unpacks to more than " + mb(LINK_TEXT)); }
      parts.push(value);
    }
    return new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(parts).arrayBuffer());
  }
  // unpackWhy is why unpack failed on a link's text (its words), for the
  // message; a link cut short or edited by hand gives a TypeError.
  const unpackWhy = (e) => e instanceof TypeError ? "it is cut short or damaged" : e.message;

  class Calc {
    constructor(root) {
      this.root = root;
      this.id = root.dataset.calc;
      this.key = root.id;
      this.form = root.querySelector("form");
      this.out = root.querySelector(".calc-results");
      this.err = root.querySelector(".calc-error");
      this.status = root.querySelector(".calc-status");
      // A playground's program (```anydice editable): line numbers.
      const ta = root.querySelector("textarea[data-editor]");
      this.editor = ta && editor(ta);
      this.pinNote = root.querySelector(".calc-pinned");
      this.dist = "";
      this.pinned = null;
      this.loaded = false;
      this.timer = 0;
      // Values a link gave that a field's control cannot show as they are
      // (a choice it does not offer, a box given "maybe", a number field
      // given "3.5e1"): kept, and sent, so that the module reads them and
      // the field gets its message, until the player changes the field.
      this.held = Object.create(null); // any name, "__proto__" too, is a key
      // A link's first run: its values go to the module as the address has
      // them, read there as `sitegen calc run` reads them (Parse), and the
      // form then shows how they read; linkBad lists the fields the link
      // names twice, refused as `calc run` refuses them (calc.ReadArgs).
      this.linkRun = false;
      this.linkBad = [];
      // The page's preset, for Reset (before a link's values are read).
      this.preset = this.inputs();
      this.fromLink = this.readURL();
      // The dice of the result on screen: the page's (pre-rendered) ones;
      // dice a link brings have not been shown with its set-up yet.
      this.lastDice = this.fromLink ? undefined : this.inputs().dice;
      if (!this.fromLink) {
        // The pre-rendered result belongs to the inputs on screen.
        root.dataset.state = "ok";
        root.dataset.firstAt = "0";
        this.wire();
      } else {
        // A link's set-up differs from the preset: its result is not there yet.
        this.stale("Loading the calculator for the linked set-up…");
      }
      root.querySelector(".calc-share").hidden = false;
      this.fold();
      this.form.addEventListener("submit", (e) => { e.preventDefault(); this.run(); });
      this.form.addEventListener("input", (e) => {
        delete this.held[e.target.name];
        // A name a link gave that is no field was refused once: gone.
        for (const k of Object.keys(this.held)) if (!this.field(k)) delete this.held[k];
        if (e.target.name === "dice" && this.form.elements.seed) this.form.elements.seed.value = "";
        if (e.target.name === "seed" && this.form.elements.dice) this.form.elements.dice.value = "";
        this.stale();
        this.summarize();
        clearTimeout(this.timer);
        // A choice (a list, a box) is final: run at once. Typing waits for
        // a pause of TYPING ms, so that "12" does not compute "1" first
        // (each run takes the worker's whole attention, and a field half
        // typed, or cleared to type anew, would flash its message).
        const typed = e.target.type === "text" || e.target.type === "number" || e.target.type === "textarea";
        this.timer = setTimeout(() => this.run(), typed ? TYPING : 0);
      });
      const on = (action, f) => root.querySelector(`[data-action=${action}]`)?.addEventListener("click", f);
      on("roll", () => {
        const a = new Uint32Array(2);
        crypto.getRandomValues(a);
        this.form.elements.seed.value = String((a[0] & 0x1fffff) * 4294967296 + a[1]);
        this.form.elements.dice.value = "";
        this.run();
      });
      on("clear", () => {
        this.form.elements.seed.value = "";
        this.form.elements.dice.value = "";
        this.run();
      });
      on("reset", () => {
        for (const f of this.form.elements) {
          if (!f.name || !(f.name in this.preset)) continue;
          if (f.type === "checkbox") f.checked = this.preset[f.name] === "true";
          else f.value = this.preset[f.name];
        }
        this.run();
      });
      on("pin", () => {
        this.pinned = this.pinned ? null : this.odds(this.inputs());
        this.run();
      });
      on("copy-link", () => this.copy(this.link(), "Link copied."));
      on("copy-tsv", () => this.copy(this.tables("\t"), "Table copied (tab-separated: it pastes into a spreadsheet)."));
      on("copy-md", () => this.copy(this.tables("md"), "Table copied as Markdown."));
    }

    // fold puts a long set-up under one line on a phone ("Set-up: Attack
    // skill 5D, Range Point blank, …"), so the odds come first; a tap
    // opens the fields, and a field with a message opens them.
    fold() {
      if (!window.matchMedia || !matchMedia("(max-width: 40rem)").matches || this.form.querySelectorAll(".calc-field").length <= 4) return;
      const d = el("details", { class: "calc-fold" });
      this.foldSummary = el("summary");
      d.append(this.foldSummary, ...this.form.querySelectorAll(":scope > fieldset"));
      this.form.prepend(d);
      this.summarize();
    }

    summarize() {
      if (this.foldSummary) this.foldSummary.textContent = "Set-up: " + this.setup().map(([l, v]) => l + " " + v).join(", ");
    }

    inputs() {
      const o = Object.create(null);
      for (const f of this.form.elements) {
        if (!f.name) continue;
        if (Object.hasOwn(this.held, f.name)) o[f.name] = this.held[f.name];
        else o[f.name] = f.type === "checkbox" ? String(f.checked) : f.value.trim();
      }
      // What a link gave under a name the calculator does not have, for
      // the module to refuse as `calc run` does.
      for (const [k, v] of Object.entries(this.held)) if (!(k in o)) o[k] = v;
      return o;
    }

    // odds is a set-up without its roll (a pinned set-up compares odds).
    odds(inputs) {
      const o = { ...inputs };
      delete o.dice;
      delete o.seed;
      return o;
    }

    field(name) {
      for (const f of this.form.elements) if (f.name && f.name === name) return f;
      return null;
    }

    // Links carry the calculator's whole set-up, marked with a format
    // version (KEY.v=2), so they bring back what the sender saw whatever
    // preset the page starts from, and the pinned set-up (KEY.pin, itself
    // a query string). Older links held only the fields that differed from
    // the calculator's built-in defaults: for those, every field starts
    // from its built-in default, as it did for the sender. It returns
    // whether the address held this calculator's set-up.
    readURL() {
      const q = new URLSearchParams(location.search);
      const pre = this.key + ".";
      const mine = [...q].filter(([k]) => k.startsWith(pre));
      if (!mine.length) return false;
      if (q.has(pre + "v")) {
        // A v2 link holds the sender's roll as it was: a dice or seed
        // field it leaves out was empty (links before the roll fields were
        // always written left them out when empty).
        for (const name of ["dice", "seed"]) if (this.field(name)) this.field(name).value = "";
      } else {
        for (const f of this.form.elements) {
          if (!f.name || f.name === "dice" || f.name === "seed") continue;
          if (f.type === "checkbox") f.checked = f.dataset.default === "true";
          else if ("default" in f.dataset) f.value = f.dataset.default;
        }
      }
      // The link's fields, by calc.ReadArgs's rules: a field named as
      // written less the spaces around it, its value as written (held
      // when its control cannot show it, and sent so), a field named
      // twice refused (its first value stays); a name the calculator
      // does not have is sent too, for the module to refuse.
      const seen = new Set(), packed = [];
      for (const [k, v] of mine) {
        let name = k.slice(pre.length).trim();
        if (name === "pin") { this.pinned = Object.fromEntries(new URLSearchParams(v)); continue; }
        if (name === "v") continue;
        // A text area's text compressed (KEY.NAME.z): unpacked before the
        // first run (linkWait), counted as the field NAME.
        const zipped = name.endsWith(ZIP) && this.field(name.slice(0, -ZIP.length))?.type === "textarea";
        if (zipped) name = name.slice(0, -ZIP.length);
        if (seen.has(name)) {
          if (!this.linkBad.some((b) => b.field === name)) this.linkBad.push({ field: name, value: v, allowed: this.root.dataset.twice });
          continue;
        }
        seen.add(name);
        if (zipped) { packed.push([name, v]); continue; }
        // Only named fields of the form: elements[name] would also find
        // properties such as "length" or "__proto__".
        const f = this.field(name);
        if (f && f.type === "hidden") continue; // fixed by the page
        if (f) this.show({ [name]: v });
        else this.held[name] = v;
      }
      this.linkRun = true;
      if (packed.length) {
        this.linkWait = Promise.all(packed.map(([name, v]) => unpack(v).then((text) => this.show({ [name]: text }), (e) => {
          this.linkBad.push({ field: name, message: `${this.label(this.field(name), name)}: the link's text could not be read (${unpackWhy(e)})` });
        })));
      }
      return true;
    }

    // show puts field values (text, as the module reads or writes them)
    // into the form's controls; a value a control cannot hold as it is
    // (a box given anything but true or false, a choice it does not
    // offer, a number field given what is not a number) is held and sent
    // as it is, and the control keeps what it had.
    show(values) {
      for (const [name, v] of Object.entries(values)) {
        const f = this.field(name);
        if (!f || f.type === "hidden") continue;
        if (f.type === "checkbox") {
          if (v === "true" || v === "false") { f.checked = v === "true"; delete this.held[name]; }
          else this.held[name] = v;
          continue;
        }
        const before = f.value;
        f.value = v;
        if (f.value === v) { delete this.held[name]; continue; }
        this.held[name] = v;
        // A text area shows a text with its line breaks as it writes them
        // (a CR LF as a new line); the text as given is sent and shared.
        if (f.type === "textarea") continue;
        if (f.tagName === "SELECT") f.selectedIndex = -1; // blank on screen, as it holds nothing offered
        else f.value = before;
      }
    }

    async query(inputs) {
      const q = new URLSearchParams(location.search);
      const pre = this.key + ".";
      for (const k of [...q.keys()]) if (k.startsWith(pre)) q.delete(k);
      q.set(pre + "v", "2");
      for (const f of this.form.elements) {
        if (!f.name || f.type === "hidden") continue; // fixed by the page, not the reader's
        if (f.type === "textarea") {
          // A block's own text (an AnyDice program) only once edited (the
          // page gives its own), as the text area holds it (or as a link
          // gave it), compressed when the browser can.
          if (inputs[f.name] === f.dataset.default.trim()) continue;
          const text = Object.hasOwn(this.held, f.name) ? this.held[f.name] : f.value;
          const z = await pack(text);
          if (z === null) q.set(pre + f.name, text); else q.set(pre + f.name + ZIP, z);
          continue;
        }
        q.set(pre + f.name, inputs[f.name]);
      }
      if (this.pinned) q.set(pre + "pin", new URLSearchParams(this.pinned).toString());
      return q.toString();
    }

    // writeURL puts the set-up in the address (the last one written
    // wins: a text is compressed on the way, asynchronously).
    async writeURL(inputs) {
      const n = this.urlSeq = (this.urlSeq || 0) + 1;
      const s = await this.query(inputs);
      if (n !== this.urlSeq) return;
      history.replaceState(history.state, "", location.pathname + (s ? "?" + s : "") + location.hash);
    }

    // link is the address of this calculator with its whole set-up.
    async link() {
      return location.origin + location.pathname + "?" + (await this.query(this.inputs())) + "#" + this.key;
    }

    // setup is the set-up on screen as [label, value] pairs: a list by the
    // label of its choice, a box as yes or no; empty fields left out.
    setup() {
      const out = [];
      for (const f of this.form.elements) {
        if (!f.name || f.type === "hidden" || f.tagName === "BUTTON") continue;
        if (f.type === "textarea") { // a program: said edited, not quoted
          if (f.value.trim() !== f.dataset.default.trim()) out.push([this.label(f, f.name), "edited"]);
          continue;
        }
        const v = f.type === "checkbox" ? (f.checked ? "yes" : "no") : f.tagName === "SELECT" ? f.selectedOptions[0]?.textContent || "" : f.value.trim();
        if (v !== "") out.push([this.label(f, f.name), v]);
      }
      return out;
    }

    // tables is the set-up, the outcome table and the chart's table as
    // text: cells separated by tabs (sep "\t") or Markdown tables (sep
    // "md"); a table with a column per mode gives the mode shown.
    tables(sep) {
      const mode = "m" + MODES.indexOf(this.out.querySelector(".calc-modes input:checked")?.value || "exact");
      const found = [["Set-up", [["Setting", "Value"], ...this.setup()]]];
      for (const t of this.out.querySelectorAll("table")) {
        const rows = [...t.rows].map((r) => [...r.cells].filter((c) => !c.className.match(/\bm\d\b/) || c.classList.contains(mode)).map((c) => c.textContent.trim()));
        found.push([t.caption ? t.caption.textContent.trim() : (this.out.querySelector(".calc-chart figcaption")?.textContent || "").trim(), rows]);
      }
      const blocks = [];
      for (const [title, rows] of found) {
        if (sep === "md") {
          const line = (cells) => "| " + cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ") + " |";
          blocks.push((title ? "**" + title + "**\n\n" : "") + [line(rows[0]), line(rows[0].map(() => "---")), ...rows.slice(1).map(line)].join("\n"));
        } else {
          blocks.push((title ? title + "\n" : "") + rows.map((r) => r.join("\t")).join("\n"));
        }
      }
      return blocks.join("\n\n") + "\n";
    }

    async copy(text, done) {
      try {
        await navigator.clipboard.writeText(await text);
        this.status.textContent = done;
      } catch (e) {
        this.status.textContent = "Could not copy (" + (e && e.message || e) + ").";
      }
    }

    // stale marks the result on screen as belonging to other inputs until
    // the new one arrives, with the module's download progress if loading.
    stale(msg) {
      this.root.setAttribute("aria-busy", "true");
      if (this.loaded) return;
      this.status.replaceChildren(el("span", { text: msg || "Loading the calculator…" }), " ",
        el("progress", { "aria-label": "Loading the calculator" }), " ", el("span", { class: "calc-loaded" }));
    }

    progress(bytes, done) {
      if (done) { this.loaded = true; return; }
      const s = this.status.querySelector(".calc-loaded");
      if (s) s.textContent = mb(bytes) + " loaded";
    }

    // send runs msg in the worker; a calculator with a program (an
    // AnyDice block) that is still running after SLOW ms says so, with a
    // Stop button. There is no time limit: a program runs until it ends,
    // within the interpreter's own bound on steps, or is stopped.
    async send(msg) {
      const program = this.form.querySelector("textarea");
      clearTimeout(this.slow);
      this.share = 0;
      if (program) this.slow = setTimeout(() => this.running(), SLOW);
      try {
        return await call(msg, this.root.dataset.wasm, this);
      } finally {
        clearTimeout(this.slow);
        this.root.querySelector(".calc-stop")?.remove();
      }
    }

    running() {
      // While the module loads, its progress is the news.
      if (!this.loaded) { this.slow = setTimeout(() => this.running(), SLOW); return; }
      const b = el("button", { type: "button", class: "calc-stop", text: "Stop" });
      b.addEventListener("click", () => stop(this.root.dataset.wasm, this));
      this.status.replaceChildren(el("span", { text: "Running… " }),
        el("progress", { class: "calc-steps", max: "1", value: String(this.share), "aria-label": "Steps used of the run's budget" }), " ",
        el("span", { class: "calc-steps-text" }), " ", b);
      this.steps(this.share);
      this.root.dataset.state = "running";
    }

    // steps shows how far a long run has got: the share of the
    // interpreter's budget of steps it has used (the module reports it
    // every anydice.ProgressEvery steps). A run that needs more than the
    // budget ends with a message saying what to change in the program.
    steps(share) {
      this.share = share;
      const bar = this.status.querySelector(".calc-steps");
      if (!bar) return;
      bar.value = share;
      bar.nextElementSibling.textContent = Math.floor(share * 100) + "% of the steps a run may take";
    }

    // stopped: the run was stopped; the last result stays, marked out of
    // date, and the program waits for an edit or Calculate.
    stopped() {
      const had = document.activeElement === document.body || !document.activeElement;
      this.root.removeAttribute("aria-busy");
      this.root.dataset.runs = String(+(this.root.dataset.runs || 0) + 1);
      this.root.dataset.state = "stopped";
      this.status.textContent = "Stopped. Edit the program, or press Calculate to run it again.";
      if (!this.out.hidden && this.out.children.length) {
        this.out.classList.add("calc-outdated");
        this.out.querySelector(".calc-outdated-note")?.remove();
        this.out.prepend(el("p", { class: "calc-note calc-outdated-note", text: "Out of date: these odds are for the last program that ran to its end, not the one stopped." }));
      }
      if (had) this.form.querySelector("textarea")?.focus({ preventScroll: true });
    }

    async run() {
      clearTimeout(this.timer);
      // A link's compressed text is unpacked before its first run.
      if (this.linkWait) { const w = this.linkWait; this.linkWait = null; await w; }
      let inputs = this.inputs();
      this.stale();
      const t0 = performance.now();
      const mode = this.out.querySelector(".calc-modes input:checked")?.value || "exact";
      const view = { key: this.key, dist: this.dist, mode, pin: this.pinned };
      const ticket = this.ticket = (this.ticket || 0) + 1;
      const link = this.linkRun, bad = this.linkBad;
      this.linkRun = false;
      this.linkBad = [];
      // A field the link names twice: refused before the module runs, as
      // `calc run` refuses it.
      let res = bad.length ? { error: bad.map((b) => b.message || `${b.field}: “${b.value}” is not allowed (allowed: ${b.allowed})`).join("; "), field: bad[0].field, fields: bad }
        : await this.send({ id: this.id, inputs, view });
      if (res.load === false) keep(this.root.dataset.wasm);
      let misfit = null;
      if (res.error && res.dice) {
        // The typed dice do not fit these inputs; the odds never depend on
        // them, so show the odds and say so in the roll's place.
        misfit = res.error;
        res = await this.send({ id: this.id, inputs: { ...inputs, dice: "" }, view });
      }
      // A newer change is under way: its answer is the one to show.
      if (ticket !== this.ticket) return;
      if (res.stopped) { this.stopped(); return; }
      if (link && res.inputs) {
        // How the module read a link's values (its result's inputs, in
        // their canonical text): the form shows them, the address and a
        // pin take them.
        const form = {};
        for (const f of this.form.elements) {
          // A text (a program) stays as the link gave it, not trimmed as
          // the module reads it: its link is written back byte for byte.
          if (!f.name || f.type === "hidden" || f.type === "textarea") continue;
          const v = res.inputs[f.name];
          form[f.name] = v === undefined ? "" : Array.isArray(v) ? v.join(" ") : String(v);
        }
        this.show(form);
        inputs = this.inputs();
      }
      this.loaded = true;
      this.root.removeAttribute("aria-busy");
      this.root.dataset.ms = String(Math.round(performance.now() - t0));
      this.root.dataset.runs = String(+(this.root.dataset.runs || 0) + 1);
      if (res.ms !== undefined) this.root.dataset.workerMs = res.ms.toFixed(3);
      for (const f of this.form.elements) f.removeAttribute?.("aria-invalid");
      this.editor?.mark(0);
      for (const m of this.root.querySelectorAll(".calc-field-error")) {
        const f = this.field(m.dataset.for);
        if (f) f.setAttribute("aria-describedby", f.getAttribute("aria-describedby").replace(" " + m.id, ""));
        m.remove();
      }
      if (res.error && res.load && this.out.dataset.prerendered) {
        this.unloaded(res.error);
        return;
      }
      if (res.error) {
        this.showError(res.error, res.field, res.fields);
        return;
      }
      this.err.hidden = true;
      this.err.textContent = "";
      this.status.textContent = res.pinError ? "The pinned set-up no longer runs (" + this.words(res.pinError) + "); it is unpinned." : "";
      if (res.pinError) this.pinned = null;
      this.writeURL(inputs);
      // A dice block is titled by its rolls: the title follows them.
      if (res.title) this.root.querySelector(".calc-title").lastChild.textContent = " " + res.title;
      // The chart's controls are drawn again with the result: the keyboard
      // stays on the one it was on, and an open table stays open.
      const tr = performance.now();
      const a = document.activeElement;
      const refocus = a && this.out.contains(a) && a.dataset.role ? `[data-role="${a.dataset.role}"]` + (a.value && a.dataset.role === "pick" ? `[value="${CSS.escape(a.value)}"]` : "") : "";
      const table = this.out.querySelector(".calc-table[open] .calc-tablewrap");
      const scroll = table ? table.scrollTop : -1;
      this.out.innerHTML = res.html;
      if (refocus) this.out.querySelector(refocus)?.focus();
      if (scroll >= 0) {
        const t = this.out.querySelector(".calc-table");
        if (t) { t.open = true; t.querySelector(".calc-tablewrap").scrollTop = scroll; }
      }
      this.out.hidden = false;
      this.out.classList.remove("calc-outdated");
      delete this.out.dataset.prerendered;
      if (misfit) this.out.append(this.misfit(misfit, inputs.dice !== this.lastDice));
      this.lastDice = inputs.dice;
      this.wire();
      this.showPinned(inputs);
      this.summarize();
      this.root.dataset.renderMs = (performance.now() - tr).toFixed(1);
      if (!this.root.dataset.firstAt) this.root.dataset.firstAt = performance.now().toFixed(1);
      this.root.dataset.misfit = misfit ? "true" : "false";
      this.root.dataset.state = "ok";
    }

    // wire gives the rendered result what needs a script: the choice of
    // distribution (or of the ones drawn together), each chart opened on
    // its central 99% with a value's numbers on hover, tap and arrow keys.
    wire() {
      for (const wrap of this.out.querySelectorAll(".calc-svgwrap")) {
        const hint = el("p", { class: "calc-scroll-hint", text: "Scroll sideways for the whole chart →", hidden: "" });
        wrap.after(hint);
        const fit = () => { hint.hidden = wrap.scrollWidth <= wrap.clientWidth + 1; };
        fit();
        if (window.ResizeObserver) new ResizeObserver(fit).observe(wrap);
        chartView(wrap);
      }
      const sel = this.out.querySelector(".calc-chart select");
      if (sel) sel.addEventListener("change", () => { this.dist = sel.value; this.run(); });
      const picks = [...this.out.querySelectorAll("[data-role=pick]")];
      for (const p of picks) {
        p.addEventListener("change", () => {
          const on = picks.filter((x) => x.checked).map((x) => x.value);
          // A trailing comma keeps even one choice drawn together.
          this.dist = on.length ? on.join(",") + "," : "all";
          this.pickOpen = true;
          this.run();
        });
      }
      if (this.pickOpen && picks.length) picks[0].closest("details").open = true;
    }

    // showPinned says what the pinned set-up was, by the fields' labels.
    showPinned(inputs) {
      const btn = this.root.querySelector("[data-action=pin]");
      btn.setAttribute("aria-pressed", String(!!this.pinned));
      btn.textContent = this.pinned ? "Unpin" : "Pin to compare";
      this.pinNote.hidden = !this.pinned;
      if (!this.pinned) return;
      const diffs = [];
      for (const [k, v] of Object.entries(this.pinned)) {
        const f = this.field(k);
        if (!f || inputs[k] === v) continue;
        const label = this.root.querySelector(`label[for="${CSS.escape(f.id)}"]`)?.textContent || k;
        const shown = f.tagName === "SELECT" ? ([...f.options].find((o) => o.value === v)?.textContent || v) : v;
        diffs.push(label + " " + shown);
      }
      this.pinNote.textContent = diffs.length ? "Pinned set-up (compared with now): " + diffs.join(" · ") + "." : "Pinned: the set-up now. Change inputs to compare with it.";
    }

    // unloaded keeps the pre-rendered result when the module cannot load
    // (offline before the page's calculator was ever used), saying whose
    // inputs it belongs to: the page's example, not the ones on screen.
    unloaded(msg) {
      this.root.dataset.state = "unloaded";
      this.status.textContent = "";
      this.err.hidden = false;
      this.err.textContent = msg + ". The result below is the page's example, not your inputs: Reset shows its inputs.";
      this.out.hidden = false;
      if (!this.out.querySelector(".calc-example-note")) {
        this.out.prepend(el("p", { class: "calc-note calc-example-note", text: "The page's example set-up (the calculator could not load):" }));
      }
    }

    // misfit is the roll part when the typed dice do not fit the inputs:
    // typed that way (fresh), or fitting no longer after another change.
    misfit(msg, fresh) {
      const box = el("div", { class: "calc-roll calc-misfit", role: "status" });
      box.append(el("h4", { text: "This roll" }));
      box.append(el("p", { text: (fresh ? "The dice typed do not fit this set-up (" : "The dice rolled no longer fit these inputs (") + this.words(msg.replace(/^dice: /, "")) + "). The odds above are for the set-up." }));
      const clear = el("button", { type: "button", text: "Clear the dice" });
      clear.addEventListener("click", () => { this.form.elements.dice.value = ""; this.run(); });
      box.append(clear);
      return box;
    }

    // label is the words a field's label shows.
    label(f, name) {
      return (f && this.root.querySelector(`label[for="${CSS.escape(f.id)}"]`)?.textContent) || name;
    }

    // words puts a message in the form's words: a field's name becomes its
    // label, and a choice's value (pistol_smg, all_out) the label its
    // menu shows, quoted; so does every choice of own, the field the
    // message is about ("highest" of the Keep list).
    words(msg, own) {
      const names = new Map();
      for (const f of [...this.form.elements, own]) {
        if (!f || !f.name || f.type === "hidden") continue;
        if (f.name.includes("_")) names.set(f.name, this.label(f, f.name));
        // The field's own choices last: theirs are the words meant.
        if (f.tagName === "SELECT") for (const o of f.options) if (o.value.includes("_") || f === own) names.set(o.value, o.textContent);
      }
      return String(msg).replace(/[a-z][a-z0-9]*(?:_[a-z0-9]+)*/g, (w) => names.has(w) ? "“" + names.get(w) + "”" : w);
    }

    // showError shows why the inputs give no result: beside every bad field
    // (in its label's words, with aria-invalid and aria-describedby) and in
    // the message box. The last result that ran stays on screen, marked out
    // of date (so is the pinned note), until the fields run again.
    showError(msg, field, fields) {
      this.root.dataset.state = "error";
      this.err.hidden = false;
      this.status.textContent = "";
      // A link's set-up never ran here: the page's example is not its
      // last result, and is not shown as one.
      if (this.fromLink && this.out.dataset.prerendered) {
        this.out.replaceChildren();
        this.out.hidden = true;
      }
      if (!this.out.hidden && this.out.children.length) {
        this.out.classList.add("calc-outdated");
        if (!this.out.querySelector(".calc-outdated-note")) {
          this.out.prepend(el("p", { class: "calc-note calc-outdated-note", text: "Out of date: these odds are for the last set-up that worked, before the change marked above." }));
        }
      }
      this.pinNote.hidden = true;
      this.form.querySelector(".calc-fold")?.setAttribute("open", "");
      let bad = fields && fields.length ? fields : field ? [{ field, message: msg }] : [];
      // A program's error: its line marked in the gutter, counted as the
      // editor shows it (the module reads the program without the blank
      // lines before it).
      if (this.editor) {
        this.editor.mark("");
        bad = bad.map((b) => b.field !== "program" ? b : b.message ? { ...b, message: this.editor.mark(b.message) } : { ...b, allowed: this.editor.mark(b.allowed) });
      }
      const lines = [];
      for (const b of bad) {
        const f = this.field(b.field);
        if (!f || !f.setAttribute) continue;
        const label = this.label(f, b.field);
        // The field's own bounds, as the page states them under it.
        const own = this.root.querySelector("#" + CSS.escape(f.id) + "-help .calc-allowed")?.textContent;
        let text;
        const choice = f.tagName === "SELECT" && [...f.options].find((o) => o.value === b.value);
        if (b.message) text = b.message.startsWith(b.field + ": ") ? label + ": " + this.words(b.message.slice(b.field.length + 2), f) : this.words(b.message, f);
        else if (choice) text = `${label}: “${choice.textContent}” does not go with the rest of the set-up (allowed: ${this.words(b.allowed, f)})`;
        else if (f.tagName === "SELECT") text = `${label}: “${b.value}” is not one of the choices (${[...f.options].map((o) => o.textContent).join(", ")})`;
        else if (b.value === "") text = `${label}: needs a value (${own || this.words(b.allowed, f)})`;
        else text = `${label}: “${b.value}” is not allowed (allowed: ${this.words(b.allowed, f)})`;
        lines.push(text);
        const m = el("p", { class: "calc-field-error", id: f.id + "-err", "data-for": b.field, text: minus(text) });
        f.after(m);
        f.closest(".calc-more")?.setAttribute("open", ""); // the marked field in sight
        f.setAttribute("aria-invalid", "true");
        f.setAttribute("aria-errormessage", this.err.id);
        f.setAttribute("aria-describedby", (f.getAttribute("aria-describedby") || "") + " " + m.id);
      }
      this.err.textContent = minus(lines.length ? lines.join(" · ") : this.words(msg));
    }
  }

  // editor gives a playground's program (a text area marked data-editor)
  // its gutter of line numbers, one beside each line and scrolled with
  // them; mark(msg) marks the line a message "line N, column C" names,
  // and returns the message with N as the editor counts lines.
  function editor(ta) {
    const box = ta.previousElementSibling, lines = box.firstElementChild, have = lines.children;
    let bad = 0;
    const scroll = () => { lines.style.transform = `translateY(${-ta.scrollTop}px)`; };
    const draw = () => {
      const n = ta.value.split("\n").length;
      while (have.length < n) lines.append(el("span", { text: String(have.length + 1) }));
      while (have.length > n) lines.lastChild.remove();
      for (const s of have) s.classList.toggle("calc-line-error", +s.textContent === bad);
      box.style.setProperty("--digits", String(n).length);
      scroll();
    };
    ta.addEventListener("input", draw);
    ta.addEventListener("scroll", scroll);
    return {
      mark(msg) {
        const lead = ta.value.match(/^\s*/)[0].split("\n").length - 1;
        bad = 0;
        msg = msg && String(msg).replace(/\bline (\d+), column/, (_, n) => "line " + (bad = +n + lead) + ", column");
        draw();
        return msg;
      },
    };
  }

  // chartView opens a chart's box on its central 99% (data-x0 to
  // data-x1: the whole of it when it fits, else its start) and shows a
  // value's numbers, read from the table's row, in a tip: on hover, on a
  // tap, and with the arrow keys (Home and End too) while the box has the
  // focus, the tip then read out (role status).
  const MODES = ["exact", "atleast", "atmost"];
  function chartView(wrap) {
    const svg = wrap.querySelector("svg.calc-bars");
    const fig = wrap.closest(".calc-chart");
    if (!svg || !fig) return;
    const sw = +svg.dataset.sw, left = +svg.dataset.left;
    const rows = fig.querySelectorAll(".calc-table tbody tr");
    const heads = [...fig.querySelectorAll(".calc-table thead th")];
    const x0 = +wrap.dataset.x0, x1 = +wrap.dataset.x1, room = wrap.clientWidth;
    // The y-axis (left px wide) stays over the box's left edge.
    if (wrap.scrollWidth > room + 1 && x0 > left + 1) wrap.scrollLeft = x1 - x0 < room - left ? (x0 + x1 - room - left) / 2 : x0 - left - 6;
    const tip = el("div", { class: "calc-tipbox", role: "status", hidden: "" });
    wrap.append(tip);
    const ns = "http://www.w3.org/2000/svg";
    const mark = document.createElementNS(ns, "rect");
    mark.setAttribute("class", "calc-focus");
    const base = svg.querySelector("g[data-mode] line.calc-grid"), lines = svg.querySelectorAll("g[data-mode=exact] line.calc-grid");
    const y0 = +base.getAttribute("y1"), y1 = +lines[lines.length - 1].getAttribute("y1");
    let cur = -1;
    const show = (i) => {
      if (i < 0 || i >= rows.length) return;
      cur = i;
      const m = "m" + MODES.indexOf(fig.querySelector(".calc-modes input:checked")?.value || "exact");
      const cells = [...rows[i].cells], parts = [];
      for (let j = 1; j < cells.length; j++) {
        if (cells[j].className && !cells[j].classList.contains(m)) continue;
        parts.push((heads[j] ? heads[j].textContent.replace(/, at (least|most)$/, "") + " " : "") + cells[j].textContent);
      }
      tip.textContent = cells[0].textContent + ": " + parts.join(" · ");
      tip.hidden = false;
      const x = left + (i + 0.5) * sw, w = tip.offsetWidth;
      tip.style.left = Math.max(wrap.scrollLeft, Math.min(x - w / 2, wrap.scrollLeft + wrap.clientWidth - w)) + "px";
      mark.setAttribute("x", left + i * sw);
      mark.setAttribute("width", sw);
      mark.setAttribute("y", y1);
      mark.setAttribute("height", y0 - y1);
      svg.insertBefore(mark, svg.querySelector("g[data-mode]"));
    };
    const hide = () => { tip.hidden = true; mark.remove(); };
    const at = (e) => Math.floor((e.clientX - svg.getBoundingClientRect().left - left) / sw);
    svg.addEventListener("pointermove", (e) => show(at(e)));
    svg.addEventListener("pointerdown", (e) => show(at(e)));
    svg.addEventListener("pointerleave", () => { if (document.activeElement !== wrap) hide(); });
    wrap.addEventListener("focus", () => {
      if (cur < 0) cur = Math.max(0, Math.min(rows.length - 1, Math.floor((wrap.scrollLeft + wrap.clientWidth / 2 - left) / sw)));
      show(cur);
    });
    wrap.addEventListener("blur", hide);
    wrap.addEventListener("keydown", (e) => {
      const to = { ArrowRight: cur + 1, ArrowLeft: cur - 1, Home: 0, End: rows.length - 1 }[e.key];
      if (to === undefined || to < 0 || to >= rows.length) return;
      e.preventDefault();
      const x = left + to * sw;
      if (x < wrap.scrollLeft + left) wrap.scrollLeft = x - left - sw;
      else if (x + sw > wrap.scrollLeft + wrap.clientWidth) wrap.scrollLeft = x + 2 * sw - wrap.clientWidth;
      show(to);
    });
    fig.querySelector(".calc-modes")?.addEventListener("change", () => { if (!tip.hidden) show(cur); });
  }

  // keep asks the service worker to keep a module the page has loaded, so
  // that its calculators work offline: on a first visit the page (and its
  // calculator's worker) loaded it before the service worker took over,
  // and so past it. Then the worker saves the site's other modules, one at
  // a time, now that this page has what it needs. Once per module and page.
  const kept = new Set();
  function keep(wasm) {
    if (kept.has(wasm) || !navigator.serviceWorker) return;
    kept.add(wasm);
    navigator.serviceWorker.ready.then((reg) => {
      if (!reg.active) return;
      reg.active.postMessage({ keep: new URL(wasm, location.href).href });
      reg.active.postMessage({ modules: true });
    }).catch(() => {});
  }

  // Offline, as a player going to the table meets it: each calculator
  // says whether this device has saved it for use without a connection
  // and, until it has, offers to save it ("Save for offline"). The site's
  // service worker saves every module on its own unless the site's
  // modules are past its budget; this is the way for the others, and for
  // a first visit that has not finished saving.
  function offline(c) {
    if (!navigator.serviceWorker || !window.caches) return;
    const href = new URL(c.root.dataset.wasm, location.href).href;
    const box = el("span", { class: "calc-offline", hidden: "" });
    const btn = el("button", { type: "button", "data-action": "save-offline", text: "Save for offline" });
    const note = el("span", { class: "calc-offline-note", role: "status" });
    box.append(btn, " ", note);
    c.root.querySelector(".calc-share").append(box);
    const saved = () => { btn.hidden = true; note.textContent = "Saved on this device: works offline."; box.hidden = false; };
    c.offlineSaved = saved;
    c.offlineFailed = () => { note.textContent = "Could not save it now (no connection?): without one, it shows only the page's example."; };
    btn.addEventListener("click", () => {
      note.textContent = "Saving…";
      navigator.serviceWorker.ready.then((reg) => reg.active && reg.active.postMessage({ keep: href })).catch(() => c.offlineFailed());
    });
    navigator.serviceWorker.getRegistration().then((reg) => {
      if (!reg) return; // no service worker here (sitegen serve): nothing to save into
      caches.match(href).then((hit) => {
        if (hit) return saved();
        note.textContent = "Not saved on this device yet: without a connection it shows only the page's example.";
        box.hidden = false;
      });
    }).catch(() => {});
  }
  if (navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener("message", (e) => {
      const d = e.data || {};
      for (const c of calcs) {
        const href = new URL(c.root.dataset.wasm, location.href).href;
        if (d.kept === href && c.offlineSaved) c.offlineSaved();
        if (d.notKept === href && c.offlineFailed) c.offlineFailed();
      }
    });
  }

  // broken shows why a calculator could not start or run.
  function broken(root, e) {
    root.dataset.state = "error";
    const err = root.querySelector(".calc-error");
    if (err) { err.hidden = false; err.textContent = "This calculator failed: " + (e && e.message || e); }
  }

  // Printing shows the folded parts (more options, the tables) too; of the
  // more options, only those set otherwise than their default (the print
  // stylesheet leaves out .calc-at-default).
  function printOpen(open) {
    // A playground's program prints from a copy as wide as its block,
    // long lines wrapped (calc.css), in place of the editor.
    for (const ta of document.querySelectorAll(".calc textarea[data-editor]")) {
      const box = ta.closest(".calc-editor"), next = box.nextElementSibling;
      if (next?.classList.contains("calc-print-program")) next.remove();
      if (open) box.after(el("pre", { class: "calc-print-program", "aria-hidden": "true", text: ta.value }));
    }
    for (const d of document.querySelectorAll(".calc details")) {
      if (open) { d.dataset.wasOpen = String(d.open); d.open = true; } else if (d.dataset.wasOpen) { d.open = d.dataset.wasOpen === "true"; delete d.dataset.wasOpen; }
    }
    // Paper shows a chart from its start (calc.css scales and shifts it):
    // the sideways scroll of the screen is put back after.
    for (const w of document.querySelectorAll(".calc-svgwrap")) {
      if (open) { w.dataset.wasLeft = w.scrollLeft; w.scrollLeft = 0; } else if (w.dataset.wasLeft) { w.scrollLeft = +w.dataset.wasLeft; delete w.dataset.wasLeft; }
    }
    for (const f of document.querySelectorAll(".calc-more .calc-field")) {
      const c = f.querySelector("input, select");
      const at = c && "default" in c.dataset && (c.type === "checkbox" ? String(c.checked) === c.dataset.default : c.value === c.dataset.default);
      f.classList.toggle("calc-at-default", open && !!at);
    }
  }

  function start() {
    const roots = document.querySelectorAll(".calc[data-calc]");
    if (!roots.length) return;
    // One calculator's failure never stops another.
    for (const r of roots) {
      try { calcs.push(new Calc(r)); } catch (e) { broken(r, e); }
    }
    for (const c of calcs) offline(c);
    addEventListener("beforeprint", () => printOpen(true));
    addEventListener("afterprint", () => printOpen(false));
    // A linked set-up is computed when its calculator comes into view; the
    // others show their pre-rendered preset, and their module loads when
    // the browser is idle, so the first change answers quickly.
    const seen = new Set();
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const c = calcs.find((c) => c.root === e.target);
        if (c && !seen.has(c)) { seen.add(c); io.unobserve(c.root); c.run().catch((err) => broken(c.root, err)); }
      }
    }, { rootMargin: "200px" });
    for (const c of calcs) if (c.fromLink) io.observe(c.root);
    const idle = window.requestIdleCallback || ((f) => setTimeout(f, 1500));
    idle(() => {
      const done = new Set();
      for (const c of calcs) {
        const wasm = c.root.dataset.wasm;
        if (done.has(wasm)) continue;
        done.add(wasm);
        call({ type: "warm" }, wasm).then((res) => {
          if (res.error) return;
          for (const o of calcs) if (o.root.dataset.wasm === wasm) o.loaded = true;
          keep(wasm);
        });
      }
    }, { timeout: 4000 });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();

  // sitegen serve's live reload swaps a page's content in place after an
  // edit (event d6:updated): calculators it kept run on untouched; those
  // gone are dropped; new ones (a changed block) start, with the set-up
  // the address holds for them (fields that still exist, the pinned one).
  document.addEventListener("d6:updated", () => {
    for (let i = calcs.length - 1; i >= 0; i--) if (!calcs[i].root.isConnected) calcs.splice(i, 1);
    for (const r of document.querySelectorAll(".calc[data-calc]")) {
      if (calcs.some((c) => c.root === r)) continue;
      try {
        const c = new Calc(r);
        calcs.push(c);
        if (c.fromLink) c.run().catch((e) => broken(r, e));
      } catch (e) { broken(r, e); }
    }
  });
})();
