// Types for scripts/address-limits.mjs.
export interface AddressLimitSettings {
  maxSockets: number;
  connectsPerS: number;
  messagesPerS: number;
  messageBurst: number;
}
export class AddressLimits {
  constructor(limits: AddressLimitSettings, now: () => number);
  admitSocket(addr: string): 'ok' | 'too-fast' | 'too-many-sockets';
  releaseSocket(addr: string): void;
  admitMessage(addr: string): boolean;
  openSockets(addr: string): number;
  prune(): void;
  readonly size: number;
}
