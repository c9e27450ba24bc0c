import { describe, expect, it } from 'vitest';
import {
  BROWSER_TOKEN_KEY,
  loadBrowserToken,
  lobbyBrowserToken,
  type KeyValueStore,
} from '../../../src/lobby/browser-token';

const bytes =
  (fill: number) =>
  (n: number): Uint8Array =>
    new Uint8Array(n).fill(fill);

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
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(loadBrowserToken(broken, bytes(2))).toBe('02'.repeat(16));
    expect(loadBrowserToken(null, bytes(3))).toBe('03'.repeat(16));
  });
});

describe('lobbyBrowserToken', () => {
  it('is stable within a lobby, unrelated between lobbies, and never the kept secret', async () => {
    const kept = new Map<string, string>();
    const store: KeyValueStore = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => void kept.set(k, v) };
    let n = 0;
    const random = (len: number): Uint8Array => Uint8Array.from({ length: len }, () => (n++ * 37) & 255);
    const a1 = await lobbyBrowserToken(store, random, 'aaaaaaaaaaaaaaaa', crypto);
    const a2 = await lobbyBrowserToken(store, random, 'aaaaaaaaaaaaaaaa', crypto);
    const b = await lobbyBrowserToken(store, random, 'bbbbbbbbbbbbbbbb', crypto);
    expect(a1).toMatch(/^[0-9a-f]{32}$/);
    expect(a2).toBe(a1);
    expect(b).not.toBe(a1);
    expect([a1, b]).not.toContain(kept.get(BROWSER_TOKEN_KEY));
  });
});
