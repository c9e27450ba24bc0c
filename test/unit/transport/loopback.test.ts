import { describe, expect, it } from 'vitest';
import { asBytes } from '../../../src/transport/channel';
import { LoopbackChannel } from '../../../src/transport/loopback';

const next = (ch: LoopbackChannel): Promise<Uint8Array> =>
  new Promise((resolve) => {
    const off = ch.onMessage((b) => (off(), resolve(b)));
  });

describe('LoopbackChannel', () => {
  it('carries bytes both ways over a MessageChannel and transfers instead of copying', async () => {
    const { port1, port2 } = new MessageChannel();
    const a = new LoopbackChannel(port1, 'a');
    const b = new LoopbackChannel(port2, 'b');
    const sent = new Uint8Array([1, 2, 3]);
    const got = next(b);
    a.send(sent);
    expect(sent.byteLength).toBe(0); // detached: the buffer moved to the other side
    expect([...(await got)]).toEqual([1, 2, 3]);
    const back = next(a);
    b.send(new Uint8Array(new ArrayBuffer(8), 2, 3).fill(9)); // a view into a larger buffer is copied first
    expect([...(await back)]).toEqual([9, 9, 9]);
    expect(a.stats).toMatchObject({ packetsOut: 1, bytesOut: 3, packetsIn: 1, bytesIn: 3 });
    expect(a.options).toEqual({ ordered: true, maxRetransmits: null });
    a.close();
    b.close();
  });

  it('refuses to send after close and counts the drop', () => {
    const { port1, port2 } = new MessageChannel();
    const a = new LoopbackChannel(port1);
    let reason = '';
    a.onClose((r) => (reason = r));
    a.close();
    a.send(new Uint8Array([1]));
    expect(a.state).toBe('closed');
    expect(a.stats.dropsOut).toBe(1);
    expect(reason).toBe('closed');
    port2.close();
  });
});

describe('asBytes', () => {
  it('accepts binary forms and refuses text', () => {
    expect(asBytes(new Uint8Array([1]))).toEqual(new Uint8Array([1]));
    expect(asBytes(new Uint8Array([1, 2]).buffer)).toEqual(new Uint8Array([1, 2]));
    expect(asBytes(new DataView(new Uint8Array([5, 6, 7]).buffer, 1, 2))).toEqual(new Uint8Array([6, 7]));
    expect(asBytes('hello')).toBeNull();
    expect(asBytes({ length: 3 })).toBeNull();
  });
});
