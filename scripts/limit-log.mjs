/**
 * One clear log line when a limit is hit, without letting a flood flood the log: the first hit of
 * a kind from an address is written at once, later ones within `windowMs` are counted and
 * reported in the next line ("… (+41 more in the last 10 s)").
 *
 * Inputs: a line sink (console.warn), a clock in ms, the lines' prefix. Outputs: `hit(kind, addr, text)`.
 * Invariant: at most one line per (kind, address) per window; at most `maxKeys` keys remembered
 *   (past that, hits are folded into one line per kind), so the log and the memory stay bounded.
 */
export class LimitLog {
  /** @param {(line: string) => void} sink @param {() => number} now @param {string} prefix */
  constructor(sink, now, windowMs = 10_000, maxKeys = 1000, prefix = '[signaling]') {
    this.sink = sink;
    this.prefix = prefix;
    this.now = now;
    this.windowMs = windowMs;
    this.maxKeys = maxKeys;
    /** @type {Map<string, { at: number, suppressed: number }>} */
    this.keys = new Map();
  }

  /** @param {string} kind @param {string} addr @param {string} text */
  hit(kind, addr, text) {
    const t = this.now();
    if (this.keys.size >= this.maxKeys) this.prune(t);
    const key = this.keys.size >= this.maxKeys ? `${kind} *` : `${kind} ${addr}`;
    const seen = this.keys.get(key);
    if (seen && t - seen.at < this.windowMs) {
      seen.suppressed += 1;
      return;
    }
    const more =
      seen && seen.suppressed > 0
        ? ` (+${seen.suppressed} more in the last ${Math.round((t - seen.at) / 1000)} s)`
        : '';
    this.keys.set(key, { at: t, suppressed: 0 });
    this.sink(`${this.prefix} ${text}${more}`);
  }

  /** @param {number} t */
  prune(t) {
    for (const [key, v] of this.keys) if (t - v.at >= this.windowMs) this.keys.delete(key);
  }
}
