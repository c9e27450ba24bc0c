// Types for scripts/relay-gate.mjs.
export interface RelayLimits {
  offersPerS: number;
  openOffers: number;
  destOffersPerS: number;
  destOpenOffers: number;
  addressOpenOffers: number;
  connectionMessages: number;
  connectionBytes: number;
  connectionTtlMs: number;
}
export type RelayDrop = 'malformed' | 'offer-rate' | 'open-offers' | 'dest-rate' | 'dest-open' | 'address-open' | 'unknown-connection' | 'connection-full';
export type RelayVerdict = 'relay' | 'over-budget' | RelayDrop;
export const OFFER_BURST_S: number;
export class RelayGate {
  constructor(limits: RelayLimits, now: () => number);
  admit(addr: string, src: string, msg: unknown, bytes: number, charge: () => boolean): RelayVerdict;
  forget(id: string): void;
  prune(): void;
  readonly size: number;
}
