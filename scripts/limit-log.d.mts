// Types for scripts/limit-log.mjs.
export class LimitLog {
  constructor(sink: (line: string) => void, now: () => number, windowMs?: number, maxKeys?: number, prefix?: string);
  readonly sink: (line: string) => void;
  hit(kind: string, addr: string, text: string): void;
}
