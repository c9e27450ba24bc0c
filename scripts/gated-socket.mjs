/**
 * What the `peer` package gets instead of a raw `ws` socket: the same small surface it uses
 * (on 'message' / 'close' / 'error', send, close), with our checks in between.
 *
 * Inputs: a `ws` WebSocket; hooks deciding what becomes of each received message ('pass' to
 *   peer, 'drop' silently, or 'over-budget': the address's message budget is spent) and reporting
 *   a message not sent because the client has too much unread.
 * Outputs: an EventEmitter `peer` drives like a socket; `closed` resolves once the socket closed.
 * Invariants: a message over budget is never handed to `peer` (the client is told why and cut
 *   off); a dropped one never either; nothing is queued for a client with more than
 *   `maxBufferedBytes` unread: what is sent to it meanwhile is dropped, so a slow, hostile or
 *   flooded reader cannot grow the server's memory, and loses the flood rather than its socket.
 */
import { EventEmitter } from 'node:events';

/** Sends one PeerJS server message, then drops the connection (no close handshake to wait on). */
export function refuse(ws, type, msg) {
  if (ws.readyState !== ws.OPEN) return void ws.terminate();
  ws.send(JSON.stringify({ type, payload: { msg } }), () => ws.terminate());
}

export class GatedSocket extends EventEmitter {
  /**
   * @param {import('ws').WebSocket} ws
   * @param {{ inspect(data: Buffer): 'pass' | 'drop' | 'over-budget' | { rewrite: string }, onOverBudget(): void, onQueueFull(): void, maxBufferedBytes: number }} hooks
   */
  constructor(ws, hooks) {
    super();
    this.ws = ws;
    this.hooks = hooks;
    /** @type {Promise<void>} */
    this.closed = new Promise((resolve) => ws.once('close', () => resolve()));
    ws.on('message', (data, isBinary) => {
      if (ws.readyState !== ws.OPEN) return;
      const verdict = hooks.inspect(data);
      if (verdict === 'over-budget') {
        hooks.onOverBudget();
        refuse(ws, 'ERROR', 'Too many signaling messages from your address; try again in a few seconds');
        return;
      }
      if (verdict === 'pass') this.emit('message', data, isBinary);
      // A message the guard rewrote (an OFFER stamped with its sender's source tag) is passed as rewritten.
      else if (typeof verdict === 'object') this.emit('message', Buffer.from(verdict.rewrite), false);
    });
    ws.on('close', (code, reason) => this.emit('close', code, reason));
  }

  /** @param {string} data */
  send(data) {
    const ws = this.ws;
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > this.hooks.maxBufferedBytes) return void this.hooks.onQueueFull();
    ws.send(data);
  }

  close() {
    this.ws.close();
  }

  terminate() {
    this.ws.terminate();
  }
}
