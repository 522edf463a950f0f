// A light editor's syntax colours (editor.js), the ones CodeMirror will
// show: cmeditor.js colours YAML through @lezer/yaml's parser and its
// highlighting (keys, quoted strings and block scalar headers, comments,
// the punctuation of mappings, sequences and flow collections, document
// markers, directives), with the classes of editor.css. This module finds
// the same tokens with a tokenizer of its own, a line at a time, that
// follows the rules of Lezer's YAML tokenizers (which scalar is a key,
// where a plain scalar, a quoted string or a block scalar ends, what is a
// comment), so that nothing changes colour when CodeMirror takes the
// editor's place; site/test/lightcolors.test.js holds it to Lezer's
// colours. Where Lezer's grammar recovers from broken YAML its colours may
// differ; the text is the same.
//
// The colours are drawn on a layer over the text area (a flex item of no
// width before it, as lightmarks.js's underlines are), whose text the
// layer then replaces (the text area's own is transparent; its caret,
// selection and active line show through). A line is tokenized from the
// state the previous one left (a quoted string, plain scalar, block scalar
// or flow collection that goes on), and an edit re-tokenizes from its
// first line only until the states meet the old ones again; only the
// changed lines' elements are replaced. Texts longer than MAX characters
// (some 300 lines; a kubelet config is a few dozen) are not coloured,
// until CodeMirror colours them: the layer is removed and the text area
// shows its own text, so that a paste of a megabyte costs what it did
// without colours, and the first colouring of a text, whose cost is its
// elements (some 4 per line), stays within tens of milliseconds.
// The page loads this module with CodeMirror, after the first result; it
// imports nothing, so it adds no module to the first paint.

/** The longest text the light editor colours, in characters. */
export const MAX = 10_000;

/** The classes of the tokens (editor.css; cmeditor.js's highlighter gives CodeMirror's the same). */
export const CLASSES = { k: "kx-hl-key", s: "kx-hl-string", c: "kx-hl-comment", p: "kx-hl-punct", w: "kx-hl-keyword" };

const NL = 10, SP = 32, TAB = 9, HASH = 35, COLON = 58, DASH = 45, DOT = 46, QUEST = 63;

// Lezer's classes of the characters 33 to 125: s safe in a plain scalar, i
// an indicator, f a flow indicator (@lezer/yaml's tokens).
const TABLE = "iiisiiissisfissssssssssssisssiiissssssssssssssssssssssssssfsfssissssssssssssssssssssssssssfif";
const kind = (c) => (c < 33 ? "u" : c > 125 ? "s" : TABLE[c - 33]);
const safe = (c, flow) => kind(c) !== "u" && !(flow && kind(c) === "f");
const blank = (c) => c === SP || c === TAB;
const skip = (s, i) => {
  while (blank(at(s, i))) i++;
  return i;
};
const sep = (c) => c <= SP && (c === SP || c === TAB || c === NL || c === 13);
// A line's character; past its end, its line break.
const at = (s, i) => (i < s.length ? s.charCodeAt(i) : NL);
// "---" or "..." at i, then a separator: a document's start or end.
const marker = (s, i) => (at(s, i) === DASH || at(s, i) === DOT) && s.startsWith(s[i].repeat(3), i) && sep(at(s, i + 3));
const uri = (c, quoted) => (c > 32 && c < 127 && !'"%,<>\\^`{|}'.includes(String.fromCharCode(c))) || (quoted && c === 44);
const hex = (c) => (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

function uriChar(s, i, quoted) {
  if (at(s, i) === 37) {
    i++;
    if (hex(at(s, i))) i++;
    if (hex(at(s, i))) i++;
    return i;
  }
  return uri(at(s, i), quoted) ? i + 1 : -1;
}

// The end of a tag (!x, !<x>) at i.
function tag(s, i) {
  i++;
  const verbatim = at(s, i) === 60;
  if (verbatim) i++;
  for (let j; (j = uriChar(s, i, verbatim)) >= 0; ) i = j;
  return verbatim && at(s, i) === 62 ? i + 1 : i;
}

// The end of an anchor (&x) or alias (*x) at i.
function anchor(s, i) {
  i++;
  while (!sep(at(s, i)) && kind(at(s, i)) !== "f") i++;
  return i;
}

// The end of a quoted string whose quote q opened before i, or -1 if it
// goes on past the line (a double quote's backslash escapes any character,
// a single quote is doubled).
function quoted(s, i, q) {
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === q) {
      if (q === 39 && at(s, i + 1) === 39) i++;
      else return i + 1;
    } else if (c === 92 && q === 34) i++;
  }
  return -1;
}

// Whether a plain scalar can start at i.
const plainStart = (s, i, flow) => {
  const c = at(s, i);
  return kind(c) === "s" || ((c === QUEST || c === COLON || c === DASH) && safe(at(s, i + 1), flow));
};

// The end of a plain scalar that goes on at i (after one of its
// characters), and whether it reached the line's end (it may go on on the
// next line); scanning for a key, -1 where Lezer's scan gives up (at the
// line's end, a flow indicator, or 1024 characters).
function plain(s, i, scan, flow) {
  const start = i;
  for (;;) {
    let off = 0;
    let c = at(s, i);
    while (blank(c)) c = at(s, i + ++off);
    if (c === NL) return scan ? [-1] : [i, true];
    const ok = c === COLON ? safe(at(s, i + off + 1), flow) : c === HASH ? at(s, i + off - 1) !== SP : safe(c, flow);
    if (!ok) return [i, false];
    if (scan && kind(c) === "f") return [-1];
    i += off + 1;
    if (scan && i > start + 1024) return [-1];
  }
}

// The end of a flow collection at i on its line (for a key), or -1.
function brackets(s, i) {
  for (const open = [], end = i + 1024; ; ) {
    const c = at(s, i);
    if (c === 91 || c === 123) open.push(c), i++;
    else if (c === 34 || c === 39) {
      const e = quoted(s, i + 1, c);
      if (e < 0 || e > i + 1025) return -1;
      i = e;
    } else if (c === 93 || c === 125) {
      if (open.pop() !== c - 2) return -1;
      i++;
      if (!open.length) return i;
    } else if (c === NL || i > end) return -1;
    else i++;
  }
}

// Where the ':' of a block mapping's key that starts at i is (Lezer's
// blockMark), or -1: tags and anchors, then an alias, a quoted string or
// flow collection on the line, or a plain scalar, then a ':' and a
// separator.
function keyColon(s, i) {
  const start = i;
  for (;;) {
    const c = at(s, i);
    if (blank(c)) {
      if (i === start) return -1;
      i++;
    } else if (c === 33) i = tag(s, i);
    else if (c === 38) i = anchor(s, i);
    else {
      if (c === 42) i = anchor(s, i);
      else if (c === 34 || c === 39) {
        const e = quoted(s, i + 1, c);
        if (e < 0 || e > i + 1024) return -1;
        i = e;
      } else if (c === 91 || c === 123) i = brackets(s, i);
      else i = plainStart(s, i, false) ? plain(s, i + 1, true, false)[0] : -1;
      if (i < 0) return -1;
      break;
    }
  }
  while (blank(at(s, i))) i++;
  return at(s, i) === COLON && i > start && sep(at(s, i + 1)) ? i : -1;
}

/** The state before a text's first line. */
export const START = Object.freeze({ q: 0, qc: "", pl: null, lit: null, flow: "" });

/**
 * Tokenizes a line (without its line break) that starts in state (START
 * or what the line before returned): returns [tokens, the state after the
 * line], tokens as a flat array of from, to (offsets in the line) and a
 * key of CLASSES, in order; what no token covers is uncoloured.
 */
export function tokenizeLine(s, state) {
  const out = [];
  const add = (from, to, cls) => cls && to > from && out.push(from, to, cls);
  let { q, qc, pl, lit, flow } = state;
  const n = s.length;
  let i = 0;
  let after = false; // after a value, where no key, sequence entry or block scalar starts
  let ctx = -1; // the column of the innermost block collection the line is in
  let indent = 0;
  while (at(s, indent) === SP) indent++;

  // A block scalar's content: its lines at least as indented as its first.
  if (lit) {
    if (!(indent === 0 && marker(s, 0))) {
      if (indent >= n) return [out, state];
      const need = lit.n < 0 ? Math.max(lit.d + 1, indent) : lit.n;
      if (indent >= need) return [out, need === lit.n ? state : { ...state, lit: { d: lit.d, n: need } }];
    }
    lit = null;
  }
  if (q) {
    // A quoted string that goes on.
    const e = quoted(s, 0, q);
    add(0, e < 0 ? n : e, qc);
    if (e < 0) return [out, state];
    (i = e), (q = 0), (after = true);
  } else if (pl) {
    // A plain scalar goes on on a line indented more than its collection.
    let k = 0;
    while (blank(at(s, k))) k++;
    if (k >= n) return [out, state];
    const c = at(s, k);
    const ok = c === COLON ? safe(at(s, k + 1), pl.f) : c === HASH ? k === 0 || at(s, k - 1) !== SP : safe(c, pl.f);
    pl = ok && (pl.f || k > pl.d) && !(k === 0 && !pl.f && marker(s, 0)) ? pl : null;
    if (pl) {
      ctx = pl.d;
      const [end, more] = plain(s, k + 1, false, pl.f);
      add(k, end, pl.c);
      if (more) return [out, state];
      (i = end), (pl = null), (after = true);
    }
  }
  if (i === 0 && !flow) {
    if (marker(s, 0)) {
      add(0, 3, "p");
      i = 3;
    } else if (at(s, 0) === 37) {
      // A directive: %NAME, then its content, then perhaps a comment.
      let e = 1;
      while (e < n && !blank(at(s, e))) e++;
      add(0, e, "w");
      for (i = e; blank(at(s, i)); ) i++;
      if (i < n && at(s, i) !== HASH) {
        let j = i + 1;
        while (j < n && (at(s, j) !== SP || (j + 1 < n && at(s, j + 1) !== HASH && (j++, true)))) j++;
        add(i, j, "s");
        for (i = j; blank(at(s, i)); ) i++;
      }
      if (at(s, i) === HASH) add(i, n, "c");
      return [out, { ...START }];
    } else (i = indent), (ctx = indent - 1);
  }

  // A scalar is a key's own (Lezer's Key/Literal, Key/QuotedLiteral) when
  // no tag or anchor comes before it (bare) at a key's place: before a
  // block mapping's ':', after '?', at a flow mapping's pair's start, or
  // before a ':' in a flow sequence.
  let bare = true;
  let explicit = false; // after a '?'
  // A flow collection's levels, one character each: a mapping's pair at
  // its start "{", after its key "k", after a ':' that followed a key ":",
  // after a ':' with no key before it (the next scalar is its key) ";"; a
  // sequence's entry at its start "[", after a scalar "a", after a ':' "v".
  const level = (ch) => (flow = flow.slice(0, -1) + ch);
  const scalar = (end, cls) => {
    const top = flow[flow.length - 1];
    const key = bare && (explicit || top === "{" || top === ";" || ((top === "[" || top === "a") && at(s, skip(s, end)) === COLON));
    if (top) level(top === "{" ? "k" : top === ";" ? ":" : top === "[" ? "a" : top);
    (bare = true), (explicit = false);
    return key ? "k" : cls;
  };
  while (i < n) {
    const c = at(s, i);
    if (blank(c)) {
      i++;
      continue;
    }
    if (c === HASH) {
      add(i, n, "c");
      break;
    }
    const top = flow[flow.length - 1];
    if (c === 33 || c === 38) {
      // A tag or anchor: its node's scalar follows.
      (i = c === 33 ? tag(s, i) : anchor(s, i)), (bare = false);
    } else if (c === 42) {
      (i = anchor(s, i)), scalar(i, ""), (after = !top);
    } else if (top) {
      if (c === 91 || c === 123) {
        add(i, i + 1, "p");
        scalar(i, "");
        (flow += c === 91 ? "[" : "{"), i++;
      } else if (c === 93 || c === 125) {
        add(i, i + 1, "p");
        (flow = flow.slice(0, -1)), (after = !flow), i++;
      } else if (c === 44) {
        add(i, i + 1, "p");
        level(top === "k" || top === ":" || top === ";" ? "{" : "[");
        (bare = true), (explicit = false), i++;
      } else if (c === QUEST && sep(at(s, i + 1))) {
        add(i, i + 1, "p");
        (explicit = true), i++;
      } else if (c === COLON && (top === "k" || top === "a" || !plainStart(s, i, true))) {
        add(i, i + 1, "p");
        level(top === "{" ? ";" : top === "k" ? ":" : "v");
        (explicit = false), i++;
      } else if (c === 34 || c === 39) {
        const e = quoted(s, i + 1, c);
        const cls = scalar(e < 0 ? n : e, "s");
        add(i, e < 0 ? n : e, cls);
        if (e < 0) (q = c), (qc = cls), (i = n);
        else i = e;
      } else if (plainStart(s, i, true)) {
        const [end, more] = plain(s, i + 1, false, true);
        const cls = scalar(end, "");
        add(i, end, cls);
        if (more) pl = { d: 0, f: true, c: cls };
        i = more ? n : end;
      } else i++;
    } else if (c === COLON && sep(at(s, i + 1))) {
      // A block mapping's ':' (after a key, or an empty one).
      add(i, i + 1, "p");
      if (!after) ctx = i;
      (after = false), (explicit = false), i++;
    } else if (!after && (c === DASH || c === QUEST) && sep(at(s, i + 1))) {
      // A sequence's entry or an explicit key.
      add(i, i + 1, "p");
      (ctx = i), (explicit = c === QUEST), i++;
    } else if (c === 91 || c === 123) {
      // A flow collection: the branch above goes on from here.
      add(i, i + 1, "p");
      if (!after && keyColon(s, i) > 0) ctx = i;
      (flow = c === 91 ? "[" : "{"), (bare = true), (explicit = false), i++;
    } else if (!after && c !== DASH && c !== QUEST && (c === 34 || c === 39 || plainStart(s, i, false)) && keyColon(s, i) > 0) {
      // A key: its scalar, up to the ':'.
      let end = keyColon(s, i);
      while (blank(at(s, end - 1))) end--;
      add(i, end, bare ? "k" : c === 34 || c === 39 ? "s" : "");
      (ctx = i), (i = end), (bare = true), (explicit = false), (after = true);
    } else if (c === 34 || c === 39) {
      const e = quoted(s, i + 1, c);
      add(i, e < 0 ? n : e, scalar(e < 0 ? n : e, "s"));
      if (e < 0) (q = c), (qc = "s"), (i = n);
      else (i = e), (after = true);
    } else if (!after && (c === 124 || c === 62)) {
      // A block scalar's header, then perhaps a comment.
      const m = /^[|>]([1-9][+-]?|[+-][1-9]?)?/.exec(s.slice(i));
      add(i, i + m[0].length, "s");
      const digit = /[1-9]/.exec(m[0]);
      lit = { d: ctx, n: digit ? ctx + +digit[0] : -1 };
      for (i += m[0].length; blank(at(s, i)); ) i++;
      if (at(s, i) === HASH) add(i, n, "c");
      break;
    } else if (plainStart(s, i, false)) {
      const [end, more] = plain(s, i + 1, false, false);
      const cls = scalar(end, "");
      add(i, end, cls);
      if (more) pl = { d: ctx, f: false, c: cls };
      (i = more ? n : end), (after = true);
    } else i++;
  }
  return [out, { q, qc, pl, lit, flow }];
}

/** A text's tokens as [from, to, class key] over the whole text (tokenizeLine's, line after line). */
export function tokenize(text) {
  const out = [];
  let state = START;
  let offset = 0;
  for (const line of text.split("\n")) {
    const [tokens, next] = tokenizeLine(line, state);
    for (let j = 0; j < tokens.length; j += 3) out.push([offset + tokens[j], offset + tokens[j + 1], tokens[j + 2]]);
    state = next;
    offset += line.length + 1;
  }
  return out;
}

const same = (a, b) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * What an edit changes in a text's tokenized lines (lines: per line {text,
 * state (the one it starts in), tokens}; rows: the new text's lines):
 * returns [first, count, fresh], where lines.splice(first, count, ...fresh)
 * makes them the new text's. The lines before the first changed one are
 * kept, and those after the last changed one from where a line starts in
 * the state it started in before.
 */
export function relex(lines, rows) {
  let first = 0;
  while (first < lines.length && first < rows.length && lines[first].text === rows[first]) first++;
  let tail = 0; // lines unchanged at the end
  while (tail < lines.length - first && tail < rows.length - first && lines[lines.length - 1 - tail].text === rows[rows.length - 1 - tail]) tail++;
  const fresh = [];
  let state = first ? tokenizeLine(lines[first - 1].text, lines[first - 1].state)[1] : START;
  let r = first;
  for (; r < rows.length; r++) {
    const was = r >= rows.length - tail ? lines[r - rows.length + lines.length] : null;
    if (was && same(was.state, state)) break;
    const [tokens, next] = tokenizeLine(rows[r], state);
    fresh.push({ text: rows[r], state, tokens });
    state = next;
  }
  return [first, lines.length - (rows.length - r) - first, fresh];
}

// A line's element: its tokens in spans of their classes, its text in text
// nodes (never parsed as HTML), and its line break.
function lineElement({ text, tokens }) {
  const el = document.createElement("span");
  let from = 0;
  for (let j = 0; j < tokens.length; j += 3) {
    if (tokens[j] > from) el.append(text.slice(from, tokens[j]));
    const token = document.createElement("span");
    token.className = CLASSES[tokens[j + 2]];
    token.textContent = text.slice(tokens[j], tokens[j + 1]);
    el.append(token);
    from = tokens[j + 1];
  }
  el.append(text.slice(from) + "\n");
  return el;
}

/**
 * Colours a light editor (its box and text area) of a language (as
 * createEditor takes it; only YAML has colours): draws the layer and
 * returns the function that brings it up to date with the text area's
 * text, which the light editor calls after each change.
 */
export function colour(box, area, language = "yaml") {
  if (language !== "yaml") return () => {};
  const layer = document.createElement("div");
  layer.className = "kx-hl-text";
  layer.ariaHidden = "true";
  let lines = []; // relex's, each with its element (el)
  const update = () => {
    const text = area.value;
    if (text.length > MAX) {
      layer.remove();
      layer.replaceChildren();
      box.classList.remove("kx-editor-coloured");
      lines = [];
      return;
    }
    const [first, count, fresh] = relex(lines, text.split("\n"));
    for (const gone of lines.slice(first, first + count)) gone.el.remove();
    const fragment = document.createDocumentFragment();
    for (const line of fresh) fragment.appendChild((line.el = lineElement(line)));
    layer.insertBefore(fragment, lines[first + count]?.el ?? null);
    lines = lines.slice(0, first).concat(fresh, lines.slice(first + count));
    if (!layer.isConnected) {
      area.before(layer);
      box.classList.add("kx-editor-coloured");
    }
  };
  update();
  return update;
}
