/**
 * AdoptedChannels: the worker's holding area for joiners' transferred DataChannels. A channel is
 * taken once, a take waits briefly for one still in transit, a released or never-taken one is
 * closed, and the port counts traffic and drops sends on a channel that is not open.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdoptedChannels, dataChannelPort, emptyCounts } from '../../../workers/adopted-channels';

function fakeChannel(readyState: RTCDataChannelState = 'open') {
  const sent: Uint8Array[] = [];
  const ch = {
    readyState,
    binaryType: 'blob' as BinaryType,
    onmessage: null as ((ev: MessageEvent) => void) | null,
    closed: false,
    send: (b: Uint8Array) => void sent.push(b),
    close() {
      this.closed = true;
    },
  };
  return { ch, sent, dc: ch as unknown as RTCDataChannel };
}

describe('AdoptedChannels', () => {
  let nowMs = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    nowMs = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('hands a channel to the one take of its key', async () => {
    const held = new AdoptedChannels(() => nowMs);
    const { dc } = fakeChannel();
    held.adopt(7, dc);
    expect(await held.take(7)).toBe(dc);
    const second = held.take(7);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await second).toBeNull();
  });

  it('waits for a channel still in transit, and gives up after 2 s', async () => {
    const held = new AdoptedChannels(() => nowMs);
    const { dc } = fakeChannel();
    const early = held.take(1);
    await vi.advanceTimersByTimeAsync(1500);
    held.adopt(1, dc);
    expect(await early).toBe(dc);
    const never = held.take(2);
    await vi.advanceTimersByTimeAsync(2001);
    expect(await never).toBeNull();
  });

  it('closes a released channel and one nobody took for a minute', () => {
    const held = new AdoptedChannels(() => nowMs);
    const a = fakeChannel();
    const b = fakeChannel();
    held.adopt(1, a.dc);
    held.release(1);
    expect(a.ch.closed).toBe(true);
    held.adopt(2, b.dc);
    nowMs = 60_001;
    held.adopt(3, fakeChannel().dc);
    expect(b.ch.closed).toBe(true);
  });
});

describe('dataChannelPort', () => {
  it('counts what it receives and sends, and drops sends while the channel is not open', () => {
    const { ch, sent, dc } = fakeChannel('connecting');
    const counts = emptyCounts();
    const port = dataChannelPort(dc, counts);
    const got: unknown[] = [];
    port.listen((d) => got.push(d));
    port.post(new Uint8Array(3));
    expect(counts.dropsOut).toBe(1);
    ch.readyState = 'open';
    port.post(new Uint8Array(5));
    ch.onmessage?.({ data: new ArrayBuffer(4) } as MessageEvent);
    expect(sent).toHaveLength(1);
    expect(got).toHaveLength(1);
    expect(counts).toEqual({ bytesIn: 4, bytesOut: 5, packetsIn: 1, packetsOut: 1, dropsOut: 1 });
    expect(dc.binaryType).toBe('arraybuffer');
  });
});
