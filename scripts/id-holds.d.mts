// Types for scripts/id-holds.mjs.
export type IdCheck = { verdict: 'free' } | { verdict: 'taken'; heldMs: number } | { verdict: 'replace'; old: unknown };
export const REPLACE_SILENCE_MS: number;
export class IdHolds {
  constructor(graceMs: number, now: () => number, maxHeld?: number, replaceSilenceMs?: number);
  readonly replaceSilenceMs: number;
  readonly live: Map<string, { token: string; takeover: string | null; socket: unknown; heardAt: number }>;
  readonly held: Map<string, { token: string; takeover: string | null; until: number }>;
  check(id: string, token: string, claimHash: string | null): IdCheck;
  own(id: string, token: string, socket: unknown, takeover?: string | null): void;
  heard(id: string, socket: unknown): void;
  dropped(id: string, socket: unknown): void;
  prune(): void;
}
