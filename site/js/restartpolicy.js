// When the engine's worker dies (the Go program exited, or a call ran past
// its time limit and the worker was terminated), should it be started again,
// and when?
//
// The policy is a small state machine, separate from the worker plumbing so
// that it can be tested with a fake clock:
//
//   running ──failure──▶ waiting (restart after a delay) ──started──▶ running
//      ▲                    │
//      │                    └─ more than maxFailures failures within windowMs
//      │                                      ▼
//      └──────────── reset (the user's "Restart") ◀── stopped
//
// The delay doubles with each failure inside the window (firstDelayMs,
// 2×, 4×, … up to maxDelayMs): a crash at start-up cannot become a tight
// loop, and a rare failure costs only a short pause. Counting failures in a
// sliding window (rather than restarts in a short one) is what makes a
// repeated slow failure stop too: five 10-second time-outs span 50 s.
//
// What is NOT restarted is the policy of the page (app.js): the input that
// was running when the engine died is not fed to the new one by itself.

export const DEFAULT_POLICY = Object.freeze({
  maxFailures: 4, // the 5th failure within the window stops the engine
  windowMs: 120000,
  firstDelayMs: 250,
  maxDelayMs: 8000,
});

export const POLICY_STATE = Object.freeze({ RUNNING: "running", WAITING: "waiting", STOPPED: "stopped" });

export class RestartPolicy {
  /** opts: DEFAULT_POLICY's fields, and now: () => milliseconds. */
  constructor(opts = {}) {
    this.opts = { ...DEFAULT_POLICY, ...opts };
    this.now = opts.now || (() => Date.now());
    this.failures = [];
    this.state = POLICY_STATE.RUNNING;
  }

  /** Failures counted now (those inside the window). */
  recentFailures() {
    const t = this.now();
    this.failures = this.failures.filter((f) => t - f < this.opts.windowMs);
    return this.failures.length;
  }

  /**
   * The engine died. Returns {restart: true, delayMs, attempt} or, past the
   * limit, {restart: false, failures}.
   */
  failed() {
    const n = this.recentFailures() + 1;
    this.failures.push(this.now());
    if (n > this.opts.maxFailures) {
      this.state = POLICY_STATE.STOPPED;
      return { restart: false, failures: n };
    }
    this.state = POLICY_STATE.WAITING;
    return { restart: true, delayMs: Math.min(this.opts.maxDelayMs, this.opts.firstDelayMs * 2 ** (n - 1)), attempt: n };
  }

  /** A restarted engine is up. */
  started() {
    if (this.state === POLICY_STATE.WAITING) this.state = POLICY_STATE.RUNNING;
  }

  /** The user asked for a restart: forget the failures. */
  reset() {
    this.failures = [];
    this.state = POLICY_STATE.RUNNING;
  }
}

/**
 * The tabs to blame for a restart: the owners of the calls that were running
 * when the engine died (engine.js's restart detail.culprits), a call's owner
 * being its opts.owner or else the tab its method is named after
 * ("gates.evaluate" → "gates"; "releases" and "debug.*" belong to no tab).
 */
export function blamedTabs(culprits, tabIds) {
  const ids = new Set();
  for (const c of culprits || []) {
    const id = c.owner || String(c.method).split(".")[0];
    if (tabIds.includes(id)) ids.add(id);
  }
  return ids;
}
