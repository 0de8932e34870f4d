// d6codex calculator worker: loads Go's wasm_exec.js and the calculators'
// WebAssembly module off the main thread, then answers {seq, id, inputs}
// messages with {seq, html, inputs} or {seq, error, field}; while the
// module downloads it posts {progress: bytes so far}, and while a long
// program runs {seq, share}: the share of its budget of steps used so far
// (the module calls the global d6progress). The page never blocks
// on a calculation, and a failure is an answer, never a dead worker.
"use strict";

let ready = null;

function load(execURL, wasmURL) {
  if (!ready) {
    ready = (async () => {
      importScripts(execURL);
      const go = new Go();
      const resp = fetch(wasmURL).then(counted);
      let inst;
      if (WebAssembly.instantiateStreaming) {
        try {
          inst = await WebAssembly.instantiateStreaming(resp, go.importObject);
        } catch (e) {
          // Some servers send the wrong MIME type; fall back to bytes.
          const bytes = await (await fetch(wasmURL)).arrayBuffer();
          inst = await WebAssembly.instantiate(bytes, go.importObject);
        }
      } else {
        const bytes = await (await resp).arrayBuffer();
        inst = await WebAssembly.instantiate(bytes, go.importObject);
      }
      go.run(inst.instance);
      if (!self.d6calc) throw new Error("calculator module did not start");
    })();
  }
  return ready;
}

// counted passes a response through, posting how many bytes have arrived
// (compressed or not, the total is unknown to the page, so it shows bytes).
function counted(resp) {
  if (!resp.body || !self.ReadableStream) return resp;
  let loaded = 0, last = 0;
  const reader = resp.body.getReader();
  const body = new ReadableStream({
    async pull(ctl) {
      const { done, value } = await reader.read();
      if (done) { ctl.close(); self.postMessage({ progress: loaded, done: true }); return; }
      loaded += value.byteLength;
      if (loaded - last > 65536) { last = loaded; self.postMessage({ progress: loaded }); }
      ctl.enqueue(value);
    },
  });
  return new Response(body, { status: resp.status, headers: { "Content-Type": resp.headers.get("Content-Type") || "application/wasm" } });
}

self.onmessage = async (ev) => {
  const msg = ev.data || {};
  try {
    await load(msg.exec, msg.wasm);
  } catch (e) {
    ready = null; // let the next message try again
    // In a player's words: a failed download is no connection (the
    // browser's own "Failed to fetch" says nothing to a player).
    const why = e instanceof TypeError || !navigator.onLine
      ? "there is no connection, and this device has not saved it for offline use (“Save for offline” does, once online)"
      : "its module did not start (" + e.message + ")";
    self.postMessage({ seq: msg.seq, load: true, error: "The calculator could not load: " + why });
    return;
  }
  if (msg.type === "warm") {
    self.postMessage({ seq: msg.seq, warm: true });
    return;
  }
  const t0 = performance.now();
  let out;
  self.d6progress = (share) => self.postMessage({ seq: msg.seq, share });
  try {
    out = self.d6calc.run(msg.id, msg.inputs || {}, msg.view || null);
  } catch (e) {
    // A Go program that has exited cannot answer again: reload it next time.
    ready = null;
    out = { error: "The calculator failed on these inputs: " + e.message };
  }
  self.postMessage({ seq: msg.seq, ms: performance.now() - t0, load: false, ...out });
};
