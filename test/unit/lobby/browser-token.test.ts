import { describe, expect, it } from 'vitest';
import { BROWSER_TOKEN_KEY, loadBrowserToken, type KeyValueStore } from '../../../src/lobby/browser-token';

const bytes = (fill: number) => (n: number): Uint8Array => new Uint8Array(n).fill(fill);

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('loadBrowserToken', () => {
  it('makes a 32-hex token once and keeps returning it (a kick survives a reload)', () => {
    const store = memoryStore();
    const first = loadBrowserToken(store, bytes(0xab));
    expect(first).toBe('ab'.repeat(16));
    expect(loadBrowserToken(store, bytes(0x01))).toBe(first);
  });

  it('replaces garbage in the store and survives a store that throws', () => {
    const store = memoryStore();
    store.data.set(BROWSER_TOKEN_KEY, '<script>');
    expect(loadBrowserToken(store, bytes(1))).toBe('01'.repeat(16));
    const broken: KeyValueStore = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); } };
    expect(loadBrowserToken(broken, bytes(2))).toBe('02'.repeat(16));
    expect(loadBrowserToken(null, bytes(3))).toBe('03'.repeat(16));
  });
});
