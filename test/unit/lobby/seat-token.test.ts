import { describe, expect, it } from 'vitest';
import { markSeated, wasSeated, type SeatStore } from '../../../src/lobby/seat-token';
import { loadSeatKeyPair } from '../../../src/lobby/seat-key-pair';
import { proveSeat, verifySeatProof, type SeatKeyPair } from '../../../src/lobby/seat-proof';
import { seatKeyOf } from '../../../src/lobby/seat-key';

function memoryStore(): SeatStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('seat key pair (per lobby, per tab)', () => {
  const samePair = async (a: SeatKeyPair, b: SeatKeyPair): Promise<boolean> => {
    const dtls = { host: 'sha-256 AA', joiner: 'sha-256 BB' };
    const proof = await proveSeat(a, 'roomaaaaaaaaaaaa', new Uint8Array(32), dtls, crypto);
    return (
      (await seatKeyOf(a.publicRaw, crypto)) === (await seatKeyOf(b.publicRaw, crypto)) &&
      verifySeatProof({ ...proof, publicKey: b.publicRaw }, 'roomaaaaaaaaaaaa', new Uint8Array(32), dtls, crypto)
    );
  };

  it('is made once per lobby and kept (a reload proves the same seat); another lobby gets its own', async () => {
    const store = memoryStore();
    const a = await loadSeatKeyPair(store, 'roomaaaaaaaaaaaa', crypto);
    expect(a.publicRaw).toHaveLength(65);
    expect(a.privateKey.extractable).toBe(false);
    expect(await samePair(a, await loadSeatKeyPair(store, 'roomaaaaaaaaaaaa', crypto))).toBe(true);
    expect(await samePair(a, await loadSeatKeyPair(store, 'roombbbbbbbbbbbb', crypto))).toBe(false);
  });

  it('replaces garbage, and works (for this page only) when storage throws', async () => {
    const store = memoryStore();
    store.data.set('rewind.seatkey.roomaaaaaaaaaaaa', '<script>');
    expect((await loadSeatKeyPair(store, 'roomaaaaaaaaaaaa', crypto)).publicRaw[0]).toBe(4);
    const broken: SeatStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect((await loadSeatKeyPair(broken, 'roomaaaaaaaaaaaa', crypto)).publicRaw).toHaveLength(65);
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
