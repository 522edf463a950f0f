// Fuzz-style test of share-link decoding: random and mutated links must
// either decode to a state or be refused with a LinkError/StateError — no
// other exception, no hang, no unbounded inflation.
//
// Deterministic: a seeded generator (KX_FUZZ_SEED, default 1), a fixed number
// of inputs (KX_FUZZ_ITERATIONS, default 2000). A failure prints the seed and
// the input. Memory is bounded by construction: every input is at most
// MAX_LINK_DATA_CHARS long, and a refused bomb reports how far it inflated.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

import { LinkError, MAX_INFLATED_BYTES, MAX_LINK_DATA_CHARS, toBase64url } from "../js/linkformat.js";
import { decodeState, StateError, planState } from "../js/state.js";

const SEED = Number(process.env.KX_FUZZ_SEED || 1);
const ITERATIONS = Number(process.env.KX_FUZZ_ITERATIONS || 2000);
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "testdata", "links");
const seeds = fs.readdirSync(dir).filter((f) => f.endsWith(".link")).map((f) => fs.readFileSync(path.join(dir, f), "utf8").trim());

// mulberry32: small, fast, good enough to spread inputs.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function fuzzer(rand) {
  const int = (n) => Math.floor(rand() * n);
  const pick = (xs) => xs[int(xs.length)];
  const str = (alphabet, n) => Array.from({ length: n }, () => alphabet[int(alphabet.length)]).join("");
  const deflated = (bytes) => toBase64url(new Uint8Array(zlib.deflateRawSync(Buffer.from(bytes))));
  const jsonish = () =>
    pick([
      () => JSON.stringify({ v: pick([1, 2, 0, -1, "1", null, 1.5]), tab: pick(["gates", "x", 3, null]), release: pick(["1.30", "9.99", {}, null]), tabs: pick([{}, [], "gates", null, { gates: pick([{}, [], 1, "s", null]) }, { nope: {} }]) }),
      () => "[".repeat(int(5000)) + "]".repeat(int(5000)),
      () => '{"v":1,"tabs":{"gates":{"commandLine":"' + str("ab\\\"\u00fc\ud83d", int(200)) + '"}}}',
      () => str('{}[]":,0123456789truefalsenul ', int(300)),
      () => '{"v":1,"tabs":' + '{"a":'.repeat(int(3000)) + "1" + "}".repeat(int(3000)) + "}",
    ])();
  const mutate = (s) => {
    const out = s.split("");
    for (let k = 1 + int(4); k > 0; k--) {
      const i = int(out.length + 1);
      switch (int(6)) {
        case 0: out.splice(i, 1); break; // delete
        case 1: out.splice(i, 0, pick(B64 + "=.%# \n")); break; // insert
        case 2: out[i] = pick(B64); break; // replace
        case 3: out.length = Math.max(3, i); break; // truncate
        case 4: out.splice(i, 0, ...out.slice(int(out.length), int(out.length) + 64)); break; // duplicate a run
        default: out.splice(0, out.indexOf("=") + 1, pick(["s=", "s=1.", "s=2.", "s=3.", "s=02.", "s=999999.", "s=.", "#s="])); // envelope
      }
    }
    return out.join("");
  };
  // Bombs are slow to inflate (to the bound) in Node: one in a hundred inputs.
  const bomb = "#s=2." + deflated(new Uint8Array(MAX_INFLATED_BYTES + 4096).fill(0x20));
  return () =>
    rand() < 0.01 ? pick([bomb, mutate(bomb)]) : pick([
      () => "#s=" + str(B64, int(400)),
      () => "#s=" + pick(["", "2."]) + str(B64 + "+/=.", int(400)),
      () => "#s=2." + deflated(new TextEncoder().encode(jsonish())),
      () => "#s=" + deflated(new TextEncoder().encode(jsonish())),
      () => "#s=2." + deflated(Array.from({ length: int(2000) }, () => int(256))),
      () => mutate(pick(seeds)),
      () => mutate(mutate(pick(seeds))),
      () => "#s=2." + str(B64, MAX_LINK_DATA_CHARS - int(3)), // long, at the bound
    ])();
}

test(`decoding random and mutated links (seed ${SEED}, ${ITERATIONS} inputs)`, { timeout: 10 * 60 * 1000 }, async () => {
  const next = fuzzer(rng(SEED));
  const seen = { ok: 0, link: 0, state: 0 };
  for (let i = 0; i < ITERATIONS; i++) {
    const input = next();
    const context = () => `seed ${SEED}, input ${i}: ${JSON.stringify(input.slice(0, 200))}${input.length > 200 ? "…" : ""}`;
    let state;
    try {
      state = await decodeState(input);
    } catch (err) {
      if (err instanceof LinkError) {
        seen.link++;
        assert.ok(err.message.length > 0 && err.message.length < 400, `message of ${context()}`);
        if (err.reason === "too-large") assert.ok(err.inflatedBytes <= MAX_INFLATED_BYTES + (1100 << 10), `inflated ${err.inflatedBytes}: ${context()}`);
        continue;
      }
      if (err instanceof StateError) {
        seen.state++;
        continue;
      }
      assert.fail(`unexpected ${err && err.name}: ${err && err.message} — ${context()}`);
    }
    if (state === null) continue; // not a link (a mutated envelope)
    seen.ok++;
    // What decodes is a state the page can plan without throwing.
    assert.equal(typeof state, "object", context());
    const plan = planState(state, { tabs: ["gates", "kubelet", "kubefed"], releases: ["1.18", "1.30"] });
    assert.ok(Array.isArray(plan.ignored), context());
    assert.ok(JSON.stringify(state).length <= MAX_INFLATED_BYTES, context());
  }
  // The generator must reach every outcome, or the test proves little.
  assert.ok(seen.ok > 0 && seen.link > 0 && seen.state > 0, `outcomes: ${JSON.stringify(seen)}`);
});
