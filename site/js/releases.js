// Release handling: which Kubernetes release the page shows.
//
// Several places may name one — a link, the saved work, the last choice, an
// embedding page's attribute — and any of them may name a release this
// build does not offer (a link from a newer build, a typo). The first known
// one wins; otherwise the engine's default. Pure.

/**
 * Returns {release, ignored}: the first candidate that releases contains
 * (null/undefined/"" candidates are skipped silently), else fallback (or the
 * newest release when fallback is unknown too); ignored lists the unknown
 * candidates that were passed over.
 */
export function pickRelease(candidates, releases, fallback) {
  const ignored = [];
  for (const c of candidates) {
    if (c == null || c === "") continue;
    if (releases.includes(c)) return { release: c, ignored };
    ignored.push(String(c));
  }
  const release = releases.includes(fallback) ? fallback : releases.length ? releases[releases.length - 1] : null;
  return { release, ignored };
}

/** "1.18–1.37" for people; "" when there are none. */
export function describeRange(releases) {
  if (!releases.length) return "";
  return releases.length === 1 ? releases[0] : `${releases[0]}–${releases[releases.length - 1]}`;
}
