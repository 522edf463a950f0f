// The harness of kxbench -eval-compile (evalcompile.go): it starts a gates
// engine in Node as the page's worker does (wasm_exec.js, then the Go
// program until it says it is ready), then calls gates.evaluate a few
// times with one request. Node runs it with --trace-wasm-compilation-times,
// so V8 prints a line for every function it compiles; the harness prints a
// marker line before each phase, which tells evalcompile.go which phase a
// lazy (Liftoff) compile belongs to. Every write is synchronous, in order
// with V8's own lines.
//
//	node --trace-wasm-compilation-times evalcompile.mjs WASM_EXEC ENGINE REQUEST_JSON EVALUATIONS QUIET_MS
import fs from "node:fs";
import {createRequire} from "node:module";

const [wasmExec, engine, request, evaluations, quietMs] = process.argv.slice(2);
createRequire(import.meta.url)(wasmExec);

function mark(phase, ms) {
	// On a line of its own even when a background thread's line is
	// being written.
	fs.writeSync(1, ms === undefined ? `\n@kx phase ${phase}\n` : `\n@kx ms ${phase} ${ms.toFixed(1)}\n`);
}

// The engine marks its start-up milestones; "warmed" says its warm-up
// after ready (wasm/cmd/gates) ran, which on a slow start can run before
// or inside the first call and then counts in its figures.
globalThis.__kxMark = (name) => { if (name === "warmed") mark("warmed", 0); };

let ready;
const isReady = new Promise((resolve) => { ready = resolve; });
globalThis.__kubexplorerReady = () => ready();

mark("start");
let t0 = performance.now();
const go = new Go();
const {instance} = await WebAssembly.instantiate(fs.readFileSync(engine), go.importObject);
go.run(instance);
await isReady;
mark("start", performance.now() - t0);

for (let i = 1; i <= Number(evaluations); i++) {
	mark(`eval${i}`);
	t0 = performance.now();
	const reply = JSON.parse(await globalThis.kubexplorer.call("gates.evaluate", request));
	mark(`eval${i}`, performance.now() - t0);
	if (!reply.result) {
		fs.writeSync(2, `gates.evaluate failed: ${JSON.stringify(reply).slice(0, 300)}\n`);
		process.exit(1);
	}
}
// V8 tiers hot functions up on background threads; their lines come
// while the program idles.
mark("quiet");
await new Promise((resolve) => setTimeout(resolve, Number(quietMs)));
mark("end");
process.exit(0);
