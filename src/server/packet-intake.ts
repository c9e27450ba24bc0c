/**
 * The first step of a client's datagram on the host: decoding it into the server's one reused
 * packet scratch (most commands arrive three times, once per packet, so nothing is allocated
 * per packet). Never throws: the codec promises not to, and if it ever did, that packet is just
 * one more malformed one.
 * Output: null when the scratch now holds the packet, else why it was refused.
 * `takeDatagram` is the whole step for one client's session: count, decode, ask its abuse monitor,
 * and hand the session the packet.
 */
import { decodeCmdPacketInto, type CmdPacketScratch } from '../protocol/cmd-packet';
import type { Tick } from '../protocol/ticks';

type Cmd = { tick: Tick };
import type { AbuseVerdict } from './abuse-monitor';
import type { ServerSideClient } from './server-side-client';

export function decodeUntrusted<C extends Cmd>(bytes: Uint8Array, scratch: CmdPacketScratch<C, Cmd>): string | null {
  try {
    return decodeCmdPacketInto(bytes, scratch);
  } catch (err) {
    return String(err);
  }
}

/**
 * One datagram from a session's client (`arrivalTick`: when it arrived, in fractional server ticks).
 * Returns the abuse monitor's verdict when the client is to be kicked (the packet is then dropped).
 */
export function takeDatagram<C extends Cmd>(
  s: ServerSideClient<C>,
  bytes: Uint8Array,
  nowMs: number,
  scratch: CmdPacketScratch<C, Cmd>,
  arrivalTick: number,
  serverTick: Tick,
): AbuseVerdict | null {
  s.counters.packetsIn++;
  s.counters.bytesIn += bytes.byteLength;
  const error = decodeUntrusted(bytes, scratch);
  if (error !== null) s.counters.decodeFailures++;
  const packet = scratch.packet;
  const verdict = s.abuse.packet(nowMs, error === null, error === null ? packet.cmds.length : 0);
  if (verdict) return verdict;
  if (error === null) s.receivePacket(packet, nowMs, arrivalTick, serverTick);
  return null;
}
