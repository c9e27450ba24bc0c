/**
 * The first step of a client's datagram on the host: decoding it into the server's one reused
 * packet scratch (most commands arrive three times, once per packet, so nothing is allocated
 * per packet). Never throws: the codec promises not to, and if it ever did, that packet is just
 * one more malformed one.
 * Output: null when the scratch now holds the packet, else why it was refused.
 */
import { decodeCmdPacketInto, type CmdPacketScratch } from '../protocol/cmd-packet';

export function decodeUntrusted(bytes: Uint8Array, scratch: CmdPacketScratch): string | null {
  try {
    return decodeCmdPacketInto(bytes, scratch);
  } catch (err) {
    return String(err);
  }
}
