// d6codex calculators: progressive enhancement of the server-rendered
// calculator forms. The form works as plain HTML; this script sends its
// inputs to a Web Worker running the WebAssembly calculators, and renders
// outcome probabilities, a distribution chart, the resolved roll and clear
// messages for bad input. Inputs live in the URL so a setup can be shared.
(() => {
  "use strict";
  // The module's URLs (content-hashed) are on each calculator's element.
  // Each system has its own module (data-wasm), run in its own worker.
  let cfg = null;
  let seq = 0;
  const workers = new Map();
  const pending = new Map();

  function getWorker(wasm) {
    let worker = workers.get(wasm);
    if (!worker) {
      if (!cfg) {
        const d = document.querySelector(".calc[data-worker]").dataset;
        cfg = { worker: d.worker, exec: d.exec };
      }
      worker = new Worker(cfg.worker);
      worker.onmessage = (ev) => {
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

  function call(msg, wasm) {
    return new Promise((resolve) => {
      const s = ++seq;
      resolve.wasm = wasm;
      pending.set(s, resolve);
      getWorker(wasm).postMessage({ ...msg, seq: s, exec: cfg.exec, wasm });
    });
  }

  const pct = (p) => {
    const v = p * 100;
    if (v === 0) return "0%";
    if (v === 100) return "100%";
    if (v < 0.01) return "<0.01%";
    if (v > 99.99) return ">99.99%";
    return v.toFixed(2) + "%";
  };
  const human = (name) => name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
  const el = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") e.className = v; else if (k === "text") e.textContent = v; else e.setAttribute(k, v);
    }
    for (const k of kids) if (k != null) e.append(k);
    return e;
  };
  const SVG = "http://www.w3.org/2000/svg";
  const svgEl = (tag, attrs = {}) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  };

  class Calc {
    constructor(root) {
      this.root = root;
      this.id = root.dataset.calc;
      this.key = root.id;
      this.form = root.querySelector("form");
      this.out = root.querySelector(".calc-results");
      this.err = root.querySelector(".calc-error");
      this.status = root.querySelector(".calc-status");
      this.dist = null;
      this.mode = "exact";
      this.last = null;
      this.timer = 0;
      // The page's preset, for Reset (before a link's values are read).
      this.preset = this.inputs();
      this.readURL();
      this.form.addEventListener("submit", (e) => { e.preventDefault(); this.run(); });
      this.form.addEventListener("input", (e) => {
        if (e.target.name === "dice" && this.form.elements.seed) this.form.elements.seed.value = "";
        if (e.target.name === "seed" && this.form.elements.dice) this.form.elements.dice.value = "";
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.run(), 200);
      });
      root.querySelector("[data-action=roll]")?.addEventListener("click", () => {
        const a = new Uint32Array(2);
        crypto.getRandomValues(a);
        this.form.elements.seed.value = String((a[0] & 0x1fffff) * 4294967296 + a[1]);
        this.form.elements.dice.value = "";
        this.run();
      });
      root.querySelector("[data-action=clear]")?.addEventListener("click", () => {
        this.form.elements.seed.value = "";
        this.form.elements.dice.value = "";
        this.run();
      });
      root.querySelector("[data-action=reset]")?.addEventListener("click", () => {
        for (const f of this.form.elements) {
          if (!f.name || !(f.name in this.preset)) continue;
          if (f.type === "checkbox") f.checked = this.preset[f.name] === "true";
          else f.value = this.preset[f.name];
        }
        this.run();
      });
    }

    inputs() {
      const o = {};
      for (const f of this.form.elements) {
        if (!f.name) continue;
        o[f.name] = f.type === "checkbox" ? String(f.checked) : f.value.trim();
      }
      return o;
    }

    field(name) {
      for (const f of this.form.elements) if (f.name && f.name === name) return f;
      return null;
    }

    // Links carry the calculator's whole set-up, marked with a format
    // version (KEY.v=2), so they bring back what the sender saw whatever
    // preset the page starts from. Older links held only the fields that
    // differed from the calculator's built-in defaults: for those, every
    // field starts from its built-in default, as it did for the sender.
    readURL() {
      const q = new URLSearchParams(location.search);
      const pre = this.key + ".";
      const mine = [...q].filter(([k]) => k.startsWith(pre));
      if (!mine.length) return;
      if (!q.has(pre + "v")) {
        for (const f of this.form.elements) {
          if (!f.name || f.name === "dice" || f.name === "seed") continue;
          if (f.type === "checkbox") f.checked = f.dataset.default === "true";
          else if ("default" in f.dataset) f.value = f.dataset.default;
        }
      }
      for (const [k, v] of mine) {
        // Only named fields of the form: elements[name] would also find
        // properties such as "length" or "__proto__".
        const f = this.field(k.slice(pre.length));
        if (!f) continue;
        if (f.type === "checkbox") f.checked = v === "true"; else f.value = v;
      }
    }

    writeURL(inputs) {
      const q = new URLSearchParams(location.search);
      const pre = this.key + ".";
      for (const k of [...q.keys()]) if (k.startsWith(pre)) q.delete(k);
      q.set(pre + "v", "2");
      for (const f of this.form.elements) {
        if (!f.name) continue;
        const v = inputs[f.name];
        if (v !== "" || (f.name !== "dice" && f.name !== "seed")) q.set(pre + f.name, v);
      }
      const s = q.toString();
      history.replaceState(history.state, "", location.pathname + (s ? "?" + s : "") + location.hash);
    }

    async run() {
      const inputs = this.inputs();
      this.root.setAttribute("aria-busy", "true");
      this.status.textContent = "Calculating…";
      const t0 = performance.now();
      let res = await call({ id: this.id, inputs }, this.root.dataset.wasm);
      let misfit = null;
      if (res.error && res.dice) {
        // The typed dice do not fit these inputs; the odds never depend on
        // them, so show the odds and say so in the roll's place.
        misfit = res.error;
        res = await call({ id: this.id, inputs: { ...inputs, dice: "" } }, this.root.dataset.wasm);
      }
      this.root.removeAttribute("aria-busy");
      this.root.dataset.ms = String(Math.round(performance.now() - t0));
      this.root.dataset.runs = String(+(this.root.dataset.runs || 0) + 1);
      if (res.ms !== undefined) this.root.dataset.workerMs = res.ms.toFixed(3);
      if (!this.root.dataset.firstAt) this.root.dataset.firstAt = performance.now().toFixed(1);
      for (const f of this.form.elements) f.removeAttribute?.("aria-invalid");
      for (const m of this.root.querySelectorAll(".calc-field-error")) {
        const f = this.field(m.dataset.for);
        if (f) f.setAttribute("aria-describedby", f.getAttribute("aria-describedby").replace(" " + m.id, ""));
        m.remove();
      }
      if (res.error) {
        this.showError(res.error, res.field, res.fields);
        return;
      }
      this.err.hidden = true;
      this.err.textContent = "";
      this.status.textContent = "";
      this.writeURL(inputs);
      this.last = res.result;
      this.render();
      if (misfit) this.out.append(this.misfit(misfit));
      this.root.dataset.misfit = misfit ? "true" : "false";
      this.root.dataset.state = "ok";
    }

    // misfit is the roll part when the typed dice no longer fit the inputs.
    misfit(msg) {
      const box = el("div", { class: "calc-roll calc-misfit", role: "status" });
      box.append(el("h4", { text: "This roll" }));
      box.append(el("p", { text: "The dice rolled no longer fit these inputs (" + msg.replace(/^dice: /, "") + "). The odds above are for the new inputs." }));
      const clear = el("button", { type: "button", text: "Clear the dice" });
      clear.addEventListener("click", () => { this.form.elements.dice.value = ""; this.run(); });
      box.append(clear);
      return box;
    }

    // showError shows why the inputs give no result: beside every bad field
    // (in its label's words, with aria-invalid and aria-describedby) and in
    // the message box, and clears the result of other inputs.
    showError(msg, field, fields) {
      this.root.dataset.state = "error";
      this.err.hidden = false;
      this.status.textContent = "";
      // A result on screen always belongs to the inputs on screen.
      this.out.replaceChildren();
      this.out.hidden = true;
      this.last = null;
      const bad = fields && fields.length ? fields : field ? [{ field, message: msg }] : [];
      const lines = [];
      for (const b of bad) {
        const f = this.field(b.field);
        if (!f || !f.setAttribute) continue;
        const label = this.root.querySelector(`label[for="${CSS.escape(f.id)}"]`)?.textContent || b.field;
        const text = b.message
          ? (b.message.startsWith(b.field + ": ") ? label + ": " + b.message.slice(b.field.length + 2) : b.message)
          : `${label}: ${b.value === "" ? "empty" : "“" + b.value + "”"} is not allowed (allowed: ${b.allowed})`;
        lines.push(text);
        const m = el("p", { class: "calc-field-error", id: f.id + "-err", "data-for": b.field, text });
        f.after(m);
        f.setAttribute("aria-invalid", "true");
        f.setAttribute("aria-errormessage", this.err.id);
        f.setAttribute("aria-describedby", (f.getAttribute("aria-describedby") || "") + " " + m.id);
      }
      this.err.textContent = lines.length ? lines.join(" · ") : msg;
    }

    render() {
      const r = this.last;
      const parts = [];
      const ordered = (kind, obj) => (r.order && r.order[kind] ? r.order[kind] : Object.keys(obj)).map((k) => [k, obj[k]]);
      const outs = ordered("outcomes", r.outcomes);
      if (outs.length) {
        const tb = el("tbody");
        for (const [name, p] of outs) {
          tb.append(el("tr", { "data-outcome": name, "data-p": String(p) },
            el("th", { scope: "row", text: human(name) }), el("td", { text: pct(p), title: String(p) })));
        }
        parts.push(el("table", { class: "calc-outcomes" },
          el("caption", { text: "Chance of each outcome" }),
          el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Outcome" }), el("th", { scope: "col", text: "Chance" }))), tb));
      }
      const means = ordered("means", r.means);
      if (means.length) {
        const dl = el("dl", { class: "calc-means" });
        for (const [name, m] of means) {
          dl.append(el("dt", { text: "Mean " + human(name).toLowerCase() }), el("dd", { "data-mean": name, text: (Math.round(m * 100) / 100).toString() }));
        }
        parts.push(dl);
      }
      const names = ordered("distributions", r.distributions).filter(([, d]) => d.length).map(([n]) => n);
      if (names.length) parts.push(this.chart(names));
      if (r.roll) parts.push(this.roll(r.roll));
      this.out.replaceChildren(...parts);
      this.out.hidden = false;
    }

    chart(names) {
      // Start on what a player most asks about: what the attack does.
      const preferred = ["wound_level", "body_points_lost", "stamina_loss", "damage_dealt", "protected_damage", "damage"];
      if (!names.includes(this.dist)) this.dist = preferred.find((n) => names.includes(n)) || names[0];
      const wrap = el("figure", { class: "calc-chart" });
      const controls = el("div", { class: "calc-chart-controls" });
      const sel = el("select", { "aria-label": "Distribution" });
      for (const n of names) {
        const o = el("option", { value: n, text: human(n) });
        if (n === this.dist) o.selected = true;
        sel.append(o);
      }
      sel.addEventListener("change", () => { this.dist = sel.value; this.render(); });
      const modes = el("div", { class: "calc-modes", role: "radiogroup", "aria-label": "Show" });
      for (const [m, label] of [["exact", "Exactly"], ["atleast", "At least"], ["atmost", "At most"]]) {
        const id = this.key + "-mode-" + m;
        const inp = el("input", { type: "radio", name: this.key + "-mode", id, value: m });
        if (m === this.mode) inp.checked = true;
        inp.addEventListener("change", () => { this.mode = m; this.render(); });
        modes.append(el("span", {}, inp, el("label", { for: id, text: label })));
      }
      controls.append(sel, modes);
      const pairs = this.last.distributions[this.dist];
      const labels = (this.last.labels || {})[this.dist] || {};
      let vals = pairs.map(([v, p]) => [v, p]);
      if (this.mode === "atleast") {
        let acc = 0;
        for (let i = vals.length - 1; i >= 0; i--) { acc += vals[i][1]; vals[i] = [vals[i][0], Math.min(acc, 1)]; }
      } else if (this.mode === "atmost") {
        let acc = 0;
        for (let i = 0; i < vals.length; i++) { acc += vals[i][1]; vals[i] = [vals[i][0], Math.min(acc, 1)]; }
      }
      // Long tails (exploding dice) are cut at a readable width.
      if (vals.length > 60) vals = vals.filter(([, p]) => p >= 1e-6).slice(0, 60);
      const max = Math.max(...vals.map(([, p]) => p), 1e-9);
      const bw = 28, gap = 4, h = 160, top = 18, bottom = 36;
      const w = Math.max(vals.length * (bw + gap), 120);
      const svg = svgEl("svg", { viewBox: `0 0 ${w} ${h + top + bottom}`, role: "img", class: "calc-bars",
        "aria-label": human(this.dist) + " distribution, " + ({ exact: "exactly", atleast: "at least", atmost: "at most" })[this.mode] + " each value" });
      vals.forEach(([v, p], i) => {
        const bh = Math.max((p / max) * h, p > 0 ? 1 : 0);
        const x = i * (bw + gap);
        const g = svgEl("g", {});
        const t = svgEl("title", {});
        const name = labels[String(v)] || String(v);
        t.textContent = `${name}: ${pct(p)}`;
        g.append(t);
        g.append(svgEl("rect", { x, y: top + h - bh, width: bw, height: bh, rx: 2 }));
        const lv = svgEl("text", { x: x + bw / 2, y: top + h + 14, "text-anchor": "middle", class: "calc-axis" });
        lv.textContent = name.length > 5 ? name.slice(0, 4) + "…" : name;
        g.append(lv);
        if (vals.length <= 24) {
          const lp = svgEl("text", { x: x + bw / 2, y: top + h - bh - 4, "text-anchor": "middle", class: "calc-pct" });
          lp.textContent = (p * 100 >= 10 ? Math.round(p * 100) : (p * 100).toFixed(1)) + "";
          g.append(lp);
        }
        svg.append(g);
      });
      const details = el("details", { class: "calc-table" }, el("summary", { text: "Show as a table" }));
      const tb = el("tbody");
      for (const [v, p] of vals) tb.append(el("tr", { "data-v": String(v), "data-p": String(p) }, el("th", { scope: "row", text: labels[String(v)] || String(v) }), el("td", { text: pct(p) })));
      details.append(el("table", {}, el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Value" }), el("th", { scope: "col", text: "Chance (%)" }))), tb));
      wrap.append(controls, el("div", { class: "calc-svgwrap" }, svg), el("figcaption", { text: human(this.dist) + " (percent)" }));
      const mass = pairs.reduce((s, [, p]) => s + p, 0);
      if (mass < 1 - 1e-9) {
        wrap.append(el("p", { class: "calc-note", text: "The bars cover " + pct(mass) + " of all rolls; the other " + pct(1 - mass) + " have no value here (see the outcomes above)." }));
      }
      wrap.append(details);
      return wrap;
    }

    roll(roll) {
      const box = el("div", { class: "calc-roll" });
      box.append(el("h4", { text: "This roll" }));
      box.append(el("p", { class: "calc-roll-result", "data-outcome": roll.outcome },
        el("strong", { text: roll.result })));
      box.append(el("p", { class: "calc-roll-dice", text: "Dice: " + roll.dice.join(" ") }));
      const ol = el("ol", { class: "calc-steps" });
      for (const s of roll.steps) ol.append(el("li", { text: s }));
      box.append(ol);
      return box;
    }
  }

  // broken shows why a calculator could not start or run.
  function broken(root, e) {
    root.dataset.state = "error";
    const err = root.querySelector(".calc-error");
    if (err) { err.hidden = false; err.textContent = "This calculator failed: " + (e && e.message || e); }
  }

  function start() {
    const roots = document.querySelectorAll(".calc[data-calc]");
    if (!roots.length) return;
    // One calculator's failure never stops another.
    const calcs = [];
    for (const r of roots) {
      try { calcs.push(new Calc(r)); } catch (e) { broken(r, e); }
    }
    // Load the module only when a calculator comes into view, then show the
    // odds of each calculator's preset at once.
    const seen = new Set();
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const c = calcs.find((c) => c.root === e.target);
        if (c && !seen.has(c)) { seen.add(c); io.unobserve(c.root); c.run().catch((err) => broken(c.root, err)); }
      }
    }, { rootMargin: "200px" });
    for (const c of calcs) io.observe(c.root);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
