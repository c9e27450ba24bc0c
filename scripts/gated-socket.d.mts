// Types for scripts/gated-socket.mjs.
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';

export interface GateHooks {
  inspect(data: Buffer): 'pass' | 'drop' | 'over-budget' | { rewrite: string };
  onOverBudget(): void;
  onQueueFull(): void;
  maxBufferedBytes: number;
}
export function refuse(ws: WebSocket, type: string, msg: string): void;
export class GatedSocket extends EventEmitter {
  constructor(ws: WebSocket, hooks: GateHooks);
  readonly closed: Promise<void>;
  send(data: string): void;
  close(): void;
  terminate(): void;
}
