// What `peer` sees of a client socket (scripts/gated-socket.mjs): messages over budget or dropped
// never reach it, and a client that stops reading loses what is sent to it meanwhile (not its
// socket) instead of growing the server's send queue.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { GatedSocket } from '../../../scripts/gated-socket.mjs';

/** The few members of a `ws` socket GatedSocket touches; `bufferedAmount` is what the kernel has not taken yet. */
class WsStub extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  terminated = false;
  send(data: string, cb?: () => void): void {
    this.sent.push(data);
    this.bufferedAmount += data.length;
    cb?.();
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close', 1006, Buffer.alloc(0));
  }
  close(): void {
    this.terminate();
  }
}

function gate(budget: number, maxBufferedBytes = 1000) {
  const ws = new WsStub();
  const events = { overBudget: 0, queueFull: 0 };
  let left = budget;
  const g = new GatedSocket(ws as unknown as WebSocket, {
    maxBufferedBytes,
    inspect: (d) => (d.toString() === 'drop' ? 'drop' : left-- > 0 ? 'pass' : 'over-budget'),
    onOverBudget: () => void events.overBudget++,
    onQueueFull: () => void events.queueFull++,
  });
  const passed: string[] = [];
  g.on('message', (d: Buffer) => passed.push(d.toString()));
  return { ws, g, events, passed };
}

describe('GatedSocket', () => {
  it('passes messages within budget and refuses the first one over it, with a reason', () => {
    const { ws, events, passed } = gate(2);
    for (const m of ['a', 'b', 'c', 'd']) ws.emit('message', Buffer.from(m), false);
    expect(passed).toEqual(['a', 'b']);
    expect(events.overBudget).toBe(1);
    expect(JSON.parse(ws.sent[0]!)).toEqual({
      type: 'ERROR',
      payload: { msg: 'Too many signaling messages from your address; try again in a few seconds' },
    });
    expect(ws.terminated).toBe(true);
  });

  it('never hands a dropped message to peer, and does not close the socket for it', () => {
    const { ws, events, passed } = gate(5);
    for (const m of ['a', 'drop', 'b', 'drop']) ws.emit('message', Buffer.from(m), false);
    expect(passed).toEqual(['a', 'b']);
    expect(events.overBudget).toBe(0);
    expect(ws.terminated).toBe(false);
  });

  it('drops what is sent to a client whose unread queue passed the cap, keeping its socket', async () => {
    const { ws, g, events } = gate(100, 1000);
    for (let i = 0; i < 5; i++) g.send('x'.repeat(300));
    expect(ws.sent).toHaveLength(4); // 0, 300, 600, 900 queued: the fifth finds 1200 > 1000
    expect(events.queueFull).toBe(1);
    expect(ws.terminated).toBe(false);
    // Once the client read its queue, messages flow again.
    ws.bufferedAmount = 0;
    g.send('after');
    expect(ws.sent.at(-1)).toBe('after');
    ws.terminate();
    await g.closed;
    g.send('after close');
    expect(ws.sent).toHaveLength(5);
  });

  it('forwards close to peer', () => {
    const { ws, g } = gate(1);
    let closed = 0;
    g.on('close', () => closed++);
    ws.terminate();
    expect(closed).toBe(1);
  });
});
