// The share-link format: golden links of every format, limits, errors.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

import {
  decodeLink,
  encodeLink,
  inflateCapped,
  parseFragment,
  toBase64url,
  fromBase64url,
  LinkError,
  LINK_FORMAT,
  LINK_FORMATS,
  MAX_INFLATED_BYTES,
  MAX_LINK_DATA_CHARS,
} from "../js/linkformat.js";
import { decodeState, encodeState, STATE_VERSION } from "../js/state.js";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "testdata", "links");

function goldens() {
  return fs
    .readdirSync(dir)
    .filter((f) => /^v\d+-.+\.json$/.test(f))
    .map((f) => ({ name: f.replace(/\.json$/, ""), format: Number(/^v(\d+)-/.exec(f)[1]), json: path.join(dir, f), link: path.join(dir, f.replace(/\.json$/, ".link")) }));
}

test("write missing golden links of the current format (KX_GOLDEN_WRITE=1)", { skip: !process.env.KX_GOLDEN_WRITE }, async () => {
  for (const g of goldens()) {
    if (g.format !== LINK_FORMAT || fs.existsSync(g.link)) continue;
    const state = JSON.parse(fs.readFileSync(g.json, "utf8"));
    fs.writeFileSync(g.link, `#${await encodeState(state)}\n`);
  }
});

test("every link format this page reads has golden links", () => {
  const formats = new Set(goldens().map((g) => g.format));
  for (const f of LINK_FORMATS) assert.ok(formats.has(f), `no golden links of format ${f} in ${dir}`);
  assert.ok(LINK_FORMATS.includes(LINK_FORMAT), "the page must read the format it writes");
});

test("golden links decode to their states", async (t) => {
  for (const g of goldens()) {
    await t.test(g.name, async () => {
      assert.ok(fs.existsSync(g.link), `${g.link} is missing`);
      const fragment = fs.readFileSync(g.link, "utf8").trim();
      const want = JSON.parse(fs.readFileSync(g.json, "utf8"));
      const link = await decodeLink(fragment);
      assert.equal(link.format, g.format, "the link's format");
      assert.deepEqual(link.value, want);
      assert.deepEqual(await decodeState(fragment), want);
      // Without the leading "#" too (embedders pass either).
      assert.deepEqual(await decodeState(fragment.slice(1)), want);
    });
  }
});

test("new links are in the current format and round-trip", async () => {
  const state = { v: STATE_VERSION, tab: "gates", release: "1.30", tabs: { gates: { commandLine: "kubelet --v=2 “ü” 🚀" } } };
  const fragment = await encodeState(state);
  assert.match(fragment, new RegExp(`^s=${LINK_FORMAT}\\.[A-Za-z0-9_-]+$`));
  assert.deepEqual(await decodeState(`#${fragment}`), state);
  assert.deepEqual(parseFragment(fragment).format, LINK_FORMAT);
});

test("parseFragment tells links from other addresses", () => {
  assert.equal(parseFragment("#kubelet"), null);
  assert.equal(parseFragment("#kubelet/crashloop"), null);
  assert.equal(parseFragment(""), null);
  assert.deepEqual(parseFragment("#s=abc"), { format: 1, data: "abc" });
  assert.deepEqual(parseFragment("s=2.abc"), { format: 2, data: "abc" });
  assert.deepEqual(parseFragment("#s=17."), { format: 17, data: "" });
});

test("a link from a newer format is refused and says so", async () => {
  const err = await decodeLink(`#s=${LINK_FORMAT + 1}.AAAA`).catch((e) => e);
  assert.ok(err instanceof LinkError);
  assert.equal(err.reason, "newer-format");
  assert.match(err.message, /newer version of kubexplorer/);
});

test("format 0 and damaged data are refused as damaged", async () => {
  for (const fragment of ["#s=0.AAAA", "#s=AAAA-not-deflate", "#s=2.A", "#s=2.a b", "#s=2.%%%"]) {
    const err = await decodeLink(fragment).catch((e) => e);
    assert.ok(err instanceof LinkError, `${fragment}: ${err}`);
    assert.equal(err.reason, "damaged", fragment);
  }
});

test("a truncated link is damaged, not half a state", async () => {
  const fragment = await encodeLink({ v: 1, tabs: { gates: { commandLine: "x".repeat(2000) + Math.random() } } });
  for (const cut of [1, 5, Math.floor(fragment.length / 2)]) {
    const err = await decodeLink(fragment.slice(0, -cut)).catch((e) => e);
    assert.ok(err instanceof LinkError, `cut ${cut}: ${err}`);
  }
});

test("valid deflate that is not JSON or not text", async () => {
  const notJSON = `s=2.${toBase64url(zlib.deflateRawSync(Buffer.from("hello")))}`;
  assert.equal((await decodeLink(notJSON).catch((e) => e)).reason, "not-json");
  const notText = `s=2.${toBase64url(zlib.deflateRawSync(Buffer.from([0xff, 0xfe, 0x00])))}`;
  assert.equal((await decodeLink(notText).catch((e) => e)).reason, "damaged");
});

test("format-1 links hold only format-1 states", async () => {
  const v2inV1 = `s=${toBase64url(zlib.deflateRawSync(Buffer.from('{"v":2}')))}`;
  assert.equal((await decodeState(v2inV1).catch((e) => e)).reason, "damaged");
});

test("the encoded size is bounded before anything is decoded", async () => {
  const err = await decodeLink(`#s=2.${"A".repeat(MAX_LINK_DATA_CHARS + 4)}`).catch((e) => e);
  assert.equal(err.reason, "too-long");
  assert.match(err.message, /65,536/);
  // Just under the bound it is decoded (and found damaged).
  assert.equal((await decodeLink(`#s=2.${"A".repeat(MAX_LINK_DATA_CHARS)}`).catch((e) => e)).reason, "damaged");
});

test("a deflate bomb stops at the inflated bound", async () => {
  // A link well under the encoded bound that inflates to 16 MB (before the
  // bounds, a 136 KB link inflated to 100 MB).
  const bomb = zlib.deflateRawSync(Buffer.alloc(16 << 20, 0x20), { level: 9 });
  const data = toBase64url(new Uint8Array(bomb));
  assert.ok(data.length < MAX_LINK_DATA_CHARS, `bomb link is ${data.length} characters`);
  const err = await decodeLink(`#s=2.${data}`).catch((e) => e);
  assert.equal(err.reason, "too-large");
  // Inflating stopped within one step of the bound (deflate expands at most
  // ~1032:1, and input is fed 1 KiB at a time).
  assert.ok(err.inflatedBytes > MAX_INFLATED_BYTES && err.inflatedBytes <= MAX_INFLATED_BYTES + (1100 << 10), `inflated ${err.inflatedBytes} bytes`);
});

test("inflateCapped honours a custom bound and returns exact bytes under it", async () => {
  const text = Buffer.from("abc".repeat(10000));
  const out = await inflateCapped(new Uint8Array(zlib.deflateRawSync(text)), text.length);
  assert.equal(Buffer.from(out).toString(), text.toString());
  const err = await inflateCapped(new Uint8Array(zlib.deflateRawSync(text)), text.length - 1).catch((e) => e);
  assert.equal(err.reason, "too-large");
});

test("base64url round-trips every byte value", () => {
  const all = new Uint8Array(256).map((_, i) => i);
  for (let n = 0; n <= all.length; n += 37) assert.deepEqual(fromBase64url(toBase64url(all.subarray(0, n))), all.subarray(0, n));
});
