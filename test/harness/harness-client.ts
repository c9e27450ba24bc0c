/**
 * The contract between the harness and a simulated client: bots here, real NetClients in the
 * client engineer's tests. Everything is driven by explicit virtual time; nothing reads a clock.
 */
import type { ClientNetSettings } from '../../src/server/snapshot-scheduler';
import type { KickReason } from '../../src/protocol/control-messages';
import type { PlayerId } from '../../src/sim/types';

export interface HarnessClient {
  readonly id: PlayerId;
  /** One datagram from the server arrived at `nowMs`. */
  onPacket(bytes: Uint8Array, nowMs: number): void;
  /** Called every harness step: returns the datagrams to send now (usually one command packet per client tick). */
  update(nowMs: number): Uint8Array[];
  /** What the client asks of the server (cl_updaterate, rate, interp); defaults when absent. */
  netSettings?(): ClientNetSettings;
  /** The server kicked this client (the host would say so on the reliable channel). */
  onKick?(reason: KickReason, text: string, nowMs: number): void;
}
