/**
 * What a ServerRuntime (server-runtime.ts) is given and gives: a client's byte port, the clock,
 * its notices to the host and its stats report. Their own file so the worker entry, the dedicated
 * host and tests name them without the runtime's class.
 */
import type { KickReason } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';
import type { ServerStatsOf } from './stats';
import type { TickCost } from './tick-cost';
import type { TickLoopCounters } from './tick-loop';
import type { RecorderCounters } from './replay-recorder';

/**
 * One client's datagram port: a DataChannel adopted by the worker, or a MessagePort. A port that
 * says `copiesOnPost` (a DataChannel's send copies before it returns) is given a view of the
 * tick's reused datagram buffer; any other may keep or transfer what it is given, so it gets bytes
 * owning their whole buffer, which the runtime never touches again.
 */
export interface BytePort {
  listen(handler: ((data: unknown) => void) | null): void;
  post(bytes: Uint8Array): void;
  close(): void;
  readonly copiesOnPost?: boolean;
}

export interface RuntimeClock<Handle> {
  now(): number;
  schedule(fn: () => void, delayMs: number): Handle;
  cancel(handle: Handle): void;
}

/** The runtime's own counters, beside the server's report. */
export interface RuntimeCounters {
  loop: TickLoopCounters;
  tickCost: TickCost;
  /** Ticks whose step threw (a bug; reported as 'error' notices). */
  tickErrors: number;
  /** The replay being recorded (replay-recorder.ts counters), or null when not recording. */
  replay: RecorderCounters | null;
}

/** The whole report of a runtime whose game reports `R` (its worker entry names it). */
export type RuntimeStats<R extends object> = ServerStatsOf<R> & RuntimeCounters;

export type ServerNotice<R extends object> =
  | { type: 'kick'; clientId: PlayerId; reason: KickReason; text: string }
  | { type: 'stats'; stats: RuntimeStats<R> }
  /** An encoded 'debug' control message, for the host to put on that client's reliable channel as is. */
  | { type: 'debug'; clientId: PlayerId; bytes: Uint8Array }
  /** An encoded 'killcam' control message for one client (kill-cams.ts), relayed like 'debug'. */
  | { type: 'killcam'; clientId: PlayerId; bytes: Uint8Array }
  | { type: 'error'; text: string };

/** A port message as a datagram: anything but bytes becomes an empty one, which the server counts as malformed. */
export function datagramOf(data: unknown): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  // Anything else is not a datagram: hand the server an empty one so it is counted as malformed.
  return new Uint8Array(0);
}
