/**
 * What the lab reports per case: joined or not, click → lobby times (p50/p95 over the tries), the
 * selected candidate pair types and what each page said. Printed as a table when the file ends;
 * times are reported, never asserted (the machine's load is not the code's fault).
 */
import type { Attempt, PairType } from './lab-browser';

export interface CaseReport {
  name: string;
  attempts: Attempt[];
  pairs: PairType[];
  /** What the pages said, by who said it ('joiner', 'host'…). */
  said: Record<string, string>;
}

/** Nearest-rank percentile of `values` (p in 0..100); NaN for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}

export function pairText(p: PairType): string {
  const relay = p.relayProtocol ? ` via TURN/${p.relayProtocol}` : '';
  return `${p.local}/${p.remote} (${p.protocol}${relay})`;
}

export function formatReport(cases: CaseReport[]): string {
  const lines = [
    '| case | joined | tries | click → lobby p50 / p95 (ms) | selected pairs | what the pages said |',
    '| --- | --- | ---: | ---: | --- | --- |',
  ];
  for (const c of cases) {
    const ok = c.attempts.filter((a) => a.ok);
    const ms = (ok.length ? ok : c.attempts).map((a) => a.ms);
    const pairs = [...new Set(c.pairs.map(pairText))].join(', ') || '—';
    const said =
      Object.entries(c.said)
        .map(([who, text]) => `${who}: "${text}"`)
        .join('; ') || '—';
    const times = `${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 95).toFixed(0)}${ok.length ? '' : ' (to the message)'}`;
    lines.push(
      `| ${c.name} | ${ok.length}/${c.attempts.length} | ${c.attempts.length} | ${times} | ${pairs} | ${said} |`,
    );
  }
  return lines.join('\n');
}
