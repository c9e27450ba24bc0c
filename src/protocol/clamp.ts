/**
 * The normalizers' one rule for a number bound for an integer field: rounded, a non-finite value
 * taken as the field's lowest, then clamped to [lo, hi]. What an encoder sends, so a decoder's
 * refusal of out-of-range values never fires on our own messages.
 */
export const clampInt = (v: number, lo: number, hi: number): number =>
  Math.min(Math.max(Math.round(Number.isFinite(v) ? v : lo), lo), hi);
