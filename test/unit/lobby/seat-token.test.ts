import { describe, expect, it } from 'vitest';
import { loadSeatToken, markSeated, wasSeated, type SeatStore } from '../../../src/lobby/seat-token';

function memoryStore(): SeatStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}
const counting = (): ((n: number) => Uint8Array) => {
  let next = 1;
  return (n) => Uint8Array.from({ length: n }, () => next++ % 256);
};

describe('seat token (per lobby, per tab)', () => {
  it('is made once per lobby and kept; another lobby gets its own', () => {
    const store = memoryStore();
    const random = counting();
    const a = loadSeatToken(store, 'roomaaaaaaaaaaaa', random);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(loadSeatToken(store, 'roomaaaaaaaaaaaa', random)).toBe(a);
    expect(loadSeatToken(store, 'roombbbbbbbbbbbb', random)).not.toBe(a);
  });

  it('replaces garbage, and works (for this page only) when storage throws', () => {
    const store = memoryStore();
    store.data.set('rewind.seat.roomaaaaaaaaaaaa', '<script>');
    expect(loadSeatToken(store, 'roomaaaaaaaaaaaa', counting())).toMatch(/^[0-9a-f]{32}$/);
    const broken: SeatStore = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => { throw new Error('denied'); } };
    expect(loadSeatToken(broken, 'roomaaaaaaaaaaaa', counting())).toMatch(/^[0-9a-f]{32}$/);
    expect(wasSeated(broken, 'roomaaaaaaaaaaaa')).toBe(false);
    expect(() => markSeated(broken, 'roomaaaaaaaaaaaa', true)).not.toThrow();
  });

  it('remembers that the tab was seated in a lobby until told otherwise', () => {
    const store = memoryStore();
    expect(wasSeated(store, 'roomaaaaaaaaaaaa')).toBe(false);
    markSeated(store, 'roomaaaaaaaaaaaa', true);
    expect(wasSeated(store, 'roomaaaaaaaaaaaa')).toBe(true);
    expect(wasSeated(store, 'roombbbbbbbbbbbb')).toBe(false);
    markSeated(store, 'roomaaaaaaaaaaaa', false);
    expect(wasSeated(store, 'roomaaaaaaaaaaaa')).toBe(false);
  });
});
