// d6codex inline rolls and random tables (pages with `dice:` rolls or a
// table headed by a roll). Each roll's odds are in the page already, in a
// tooltip the stylesheet shows on hover and focus; this script adds the
// long press that shows them on a touch screen, and the rolling: a roll's
// plan (data-plan, written by markup/inlinedice.Plan) is rolled die by die
// and the dice are shown; a link roller (data-count) picks among its
// options, a random table's button picks a row by its die.
(() => {
  "use strict";
  const doc = document;
  const rnd = (n) => Math.floor(Math.random() * n);
  const any = (c, v) => c.some(([op, x]) =>
    op === ">=" ? v >= x : op === "<=" ? v <= x : op === ">" ? v > x : op === "<" ? v < x : op === "=" ? v === x : op === "!=" ? v !== x : false);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => "&#" + c.charCodeAt(0) + ";");
  const MAX = 10000; // dice in one roll

  // roll returns [value, html of the dice] for a plan; count bounds the dice.
  function roll(p, count) {
    if (typeof p === "number") return [p, String(p)];
    if (Array.isArray(p)) {
      const [op, a, b, round] = p;
      if (op === "()") { const [v, s] = roll(a, count); return [v, "(" + s + ")"]; }
      if (op === "neg") { const [v, s] = roll(a, count); return [-v, "−" + s]; }
      const [x, sx] = roll(a, count), [y, sy] = roll(b, count);
      let v;
      switch (op) {
        case "+": v = x + y; break;
        case "-": v = x - y; break;
        case "*": v = x * y; break;
        case "^": v = Math.pow(x, y); break;
        case "/": {
          const q = x / y;
          v = round === "floor" ? Math.floor(q) : round === "ceil" ? Math.ceil(q) : round === "round" ? Math.round(q) : q;
          break;
        }
        default: v = any([[op, y]], x) ? 1 : 0;
      }
      return [v, sx + " " + (op === "*" ? "×" : op === "-" ? "−" : op) + " " + sy];
    }
    return term(p, count);
  }

  // face rolls one face of a die of term t.
  function face(t, count) {
    if (++count.n > MAX) throw new Error("too many dice");
    if (t.g) return t.g.reduce((v, s) => v * 10 + 1 + rnd(s), 0);
    return t.d[1] + rnd(t.d[2] - t.d[1] + 1);
  }

  // term rolls a dice term: each die rerolled or exploded, then kept and
  // counted, as the plan says.
  function term(t, count) {
    const dice = [];
    for (let i = 0; i < t.d[0]; i++) {
      let v = face(t, count), shown = String(v);
      if (t.r) for (let k = 0; any(t.r[1], v) && k < t.r[0]; k++) { v = face(t, count); shown += "→" + v; }
      if (t.x) {
        let last = v;
        for (let k = 0; any(t.x[1], last) && (t.x[0] === 0 || k < t.x[0]); k++) { last = face(t, count); v += last; shown += "!+" + last; }
      }
      if (t.f) shown = ["−", "0", "+"][v + 1];
      dice.push({ v, shown, kept: true });
    }
    if (t.k) {
      const [op, n] = t.k, order = dice.slice().sort((a, b) => a.v - b.v);
      const drop = op === "kh" ? order.slice(0, dice.length - n) : op === "kl" ? order.slice(n)
        : op === "dh" ? order.slice(dice.length - n) : order.slice(0, n);
      for (const d of drop) d.kept = false;
    }
    let total = 0;
    for (const d of dice) {
      if (!d.kept) continue;
      if (t.m && any(t.m, d.v)) total--; else if (t.c) total += any(t.c, d.v) ? 1 : 0; else total += d.v;
    }
    return [total, "[" + dice.map((d) => d.kept ? esc(d.shown) : "<s>" + esc(d.shown) + "</s>").join(", ") + "]"];
  }

  // pick draws an index by weights (all alike when there are none).
  function pick(n, weights) {
    if (!weights) return rnd(n);
    let u = Math.random() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < n; i++) { u -= weights[i]; if (u < 0) return i; }
    return n - 1;
  }

  const show = (out, html) => { out.innerHTML = html; out.hidden = false; };
  const plan = (s) => s ? JSON.parse(s) : 1;

  function rollOne(el) {
    const out = el.querySelector(".roll-out");
    try {
      if (el.classList.contains("roll-pick")) {
        const opts = Array.from(el.querySelector(".roll-opts").content.children);
        const w = el.dataset.weights ? el.dataset.weights.split(" ").map(Number) : null;
        const [n] = roll(plan(el.dataset.count), { n: 0 });
        const got = [];
        for (let i = 0; i < Math.min(Math.max(n, 0), 100); i++) got.push(opts[pick(opts.length, w)].innerHTML);
        show(out, got.join("<br>"));
      } else {
        const [v, s] = roll(plan(el.dataset.plan), { n: 0 });
        const total = Number.isInteger(v) ? v : Math.trunc(v * 100) / 100;
        show(out, s + " = <b>" + total + "</b>");
      }
    } catch (e) {
      show(out, "too many dice to roll here");
    }
  }

  // A random table's button rolls its die and marks the row.
  function rollTable(box) {
    const [v, s] = roll(plan(box.dataset.plan), { n: 0 });
    let hit = null;
    for (const tr of box.querySelectorAll("tr[data-r]")) {
      const on = tr.dataset.r.split(" ").some((r) => { const [lo, hi] = r.split("-").map(Number); return v >= lo && v <= hi; });
      tr.classList.toggle("rolled", on);
      if (on && !hit) hit = tr;
    }
    const cell = hit && hit.querySelector("td:not(.rt-chance):not(:first-child)");
    show(box.querySelector(".rt-out"), s + " = <b>" + v + "</b>" + (cell ? ": " + cell.innerHTML : ""));
    if (hit) hit.scrollIntoView({ block: "nearest" });
  }

  // Odds on a long press: a touch held for half a second opens the
  // tooltip and keeps the click that follows from rolling.
  let open = null, pressed = null, timer = 0;
  const close = () => { if (open) open.classList.remove("odds-open"); open = null; };
  function place(el) {
    const tip = el.querySelector(".roll-odds");
    if (!tip) return;
    close();
    el.classList.add("odds-open");
    open = el;
    tip.style.left = "";
    const r = tip.getBoundingClientRect();
    if (r.right > innerWidth - 8) tip.style.left = Math.min(0, innerWidth - 8 - r.right) + "px";
  }

  function wire(scope) {
    for (const el of scope.querySelectorAll(".roll:not([data-wired])")) {
      el.dataset.wired = "1";
      const same = el.querySelector(".roll-odds[data-same]"), first = same && doc.getElementById(same.dataset.same);
      if (first && !same.firstChild) same.innerHTML = first.innerHTML; // a formula's odds are written once a page
      const btn = el.querySelector(".roll-do");
      btn.addEventListener("click", (e) => {
        if (pressed === el) { pressed = null; e.preventDefault(); return; }
        rollOne(el);
      });
      btn.addEventListener("touchstart", () => {
        clearTimeout(timer);
        timer = setTimeout(() => { pressed = el; place(el); }, 500);
      }, { passive: true });
      for (const ev of ["touchend", "touchmove", "touchcancel"]) btn.addEventListener(ev, () => clearTimeout(timer), { passive: true });
      btn.addEventListener("contextmenu", (e) => { if (pressed === el || open === el) e.preventDefault(); });
      btn.addEventListener("mouseenter", () => place(el));
      btn.addEventListener("focus", () => place(el));
      el.addEventListener("mouseleave", () => { if (open === el && pressed !== el) close(); });
      btn.addEventListener("blur", () => { if (open === el && pressed !== el) close(); });
    }
    for (const box of scope.querySelectorAll(".rtable:not([data-wired])")) {
      box.dataset.wired = "1";
      const btn = box.querySelector(".rt-roll");
      btn.hidden = false;
      btn.addEventListener("click", () => rollTable(box));
    }
  }
  doc.addEventListener("keydown", (e) => { if (e.key === "Escape") { pressed = null; close(); } });
  doc.addEventListener("pointerdown", (e) => { if (open && !open.contains(e.target)) { pressed = null; close(); } });
  const init = () => wire(doc);
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", init); else init();
  doc.addEventListener("d6:updated", init);
  window.d6dice = { roll, term };
})();
