// Diagnostics → editor marks and problem-list entries. A pure module (no
// DOM): every tab and widget renders the engine's diagnostics through it,
// so a problem looks the same wherever it shows.
//
// A diagnostic is the explorer's one shape (docs/api.md, Diagnostic):
// {severity: "error"|"warning"|"info", code, message, input, path?,
// document?, line?, column?, endLine?, endColumn?}, positions 1-based and
// left out when unknown. input names the request field the text came from
// ("commandLine", "config", "dropIns", "scenario", "action", "step.apply",
// "request", …).

export const SEVERITIES = ["error", "warning", "info"];

/** The severity of d, "error" when it is missing or unknown. */
export function severity(d) {
  return SEVERITIES.includes(d?.severity) ? d.severity : "error";
}

const positive = (n) => Number.isInteger(n) && n > 0;

/**
 * The editor mark of a diagnostic: {line, column?, endLine?, endColumn?,
 * severity, message}, the shape createEditor().setDiagnostics takes. A
 * diagnostic about the whole input (no line) is marked at fallbackLine, or
 * not at all when fallbackLine is 0.
 */
export function toMark(d, { fallbackLine = 0 } = {}) {
  const line = positive(d?.line) ? d.line : fallbackLine;
  if (!positive(line)) return null;
  const mark = { line, severity: severity(d), message: String(d?.message ?? "") };
  if (positive(d.line) && positive(d.column)) mark.column = d.column;
  if (positive(d.line) && positive(d.endLine) && d.endLine >= d.line) {
    mark.endLine = d.endLine;
    if (positive(d.endColumn)) mark.endColumn = d.endColumn;
  }
  return mark;
}

/**
 * Where a diagnostic is, for people: "config.yaml:4:3", "scenario:12",
 * "step.apply (document 2):5", "commandLine".
 */
export function location(d) {
  let where = d?.path || d?.input || "input";
  if (positive(d?.document)) where += ` (document ${d.document})`;
  if (positive(d?.line)) {
    where += `:${d.line}`;
    if (positive(d.column)) where += `:${d.column}`;
  }
  return where;
}

/**
 * A problem-list entry: {severity, code, message, location, text}; text is
 * "location: severity: message", the line the CLI prints too.
 */
export function problem(d) {
  const entry = { severity: severity(d), code: String(d?.code ?? ""), message: String(d?.message ?? ""), location: location(d) };
  entry.text = `${entry.location}: ${entry.severity}: ${entry.message}`;
  return entry;
}

/** Orders diagnostics for a list: errors first, then by input and position. */
export function sorted(diagnostics) {
  const rank = (d) => SEVERITIES.indexOf(severity(d));
  return [...(diagnostics || [])].sort((a, b) =>
    rank(a) - rank(b) ||
    String(a.input ?? "").localeCompare(String(b.input ?? "")) ||
    (a.line || 0) - (b.line || 0) ||
    (a.column || 0) - (b.column || 0));
}

/** Whether a diagnostic's path names the file at targetPath (relative or absolute). */
export function samePath(path, targetPath) {
  if (!path || !targetPath) return false;
  if (path === targetPath) return true;
  const rel = targetPath.replace(/^\/+/, "");
  return rel !== "" && path.endsWith("/" + rel);
}

/**
 * Routes diagnostics to the inputs a surface shows. targets is a list of
 * {key, inputs: ["commandLine", "args"], path?}; a diagnostic goes to the
 * first target whose inputs include its input (and whose path matches, when
 * the target has one). Returns {marks: Map(key → marks), problems: entries
 * of every diagnostic in list order, unplaced: the diagnostics no target
 * took, items: [{problem, key, mark}] in list order (key and mark null for
 * a diagnostic no target took or that has no line), for a problems list
 * whose entries jump to their spot}. Every target has an entry in marks,
 * so stale marks are cleared.
 */
export function route(diagnostics, targets, { fallbackLine = 0 } = {}) {
  const marks = new Map(targets.map((t) => [t.key, []]));
  const unplaced = [];
  const items = [];
  const list = sorted(diagnostics);
  for (const d of list) {
    const target = targets.find((t) => t.inputs.includes(d.input) && (t.path === undefined || samePath(d.path, t.path)));
    const mark = target ? toMark(d, { fallbackLine }) : null;
    items.push({ problem: problem(d), key: target ? target.key : null, mark });
    if (!target) {
      unplaced.push(d);
      continue;
    }
    if (mark) marks.get(target.key).push(mark);
  }
  return { marks, problems: items.map((i) => i.problem), unplaced, items };
}

/** The diagnostics an engine error carries (none for other errors). */
export function fromError(err) {
  return Array.isArray(err?.diagnostics) ? err.diagnostics : [];
}
