/**
 * The listen server's seated joiners (JoinerSlots): each one's link, its relay port to the worker,
 * what its hello said (SlotTokens) and its control-message meter, by player id; and the ways the
 * host reaches them: one joiner's reliable channel (only while open), or all of them.
 * Invariant: removing a slot closes its worker relay; the link is the caller's to close.
 */
import type { PlayerId } from '../protocol/ids';
import type { PeerLink } from '../transport/peer-link';
import type { SlotTokens } from './admission';
import { ControlMeter } from './control-meter';

/** A seated joiner: its link and what its hello said (SlotTokens: browser and seat tokens, migration). */
export interface RemoteSlot extends SlotTokens {
  link: PeerLink;
  /** The relay to the worker; null when the worker holds the peer's unreliable channel itself. */
  port: MessagePort | null;
  meter: ControlMeter;
}

export class JoinerSlots {
  private readonly byId = new Map<PlayerId, RemoteSlot>();

  get(id: PlayerId): RemoteSlot | undefined {
    return this.byId.get(id);
  }

  has(id: PlayerId): boolean {
    return this.byId.has(id);
  }

  values(): IterableIterator<RemoteSlot> {
    return this.byId.values();
  }

  add(id: PlayerId, link: PeerLink, port: MessagePort | null, tokens: SlotTokens, nowMs: number): void {
    this.byId.set(id, { link, port, ...tokens, meter: new ControlMeter(nowMs) });
  }

  /** Takes the slot out and closes its worker relay; the slot, or undefined when there was none. */
  remove(id: PlayerId): RemoteSlot | undefined {
    const slot = this.byId.get(id);
    if (!slot) return undefined;
    this.byId.delete(id);
    if (slot.port) {
      slot.port.onmessage = null;
      slot.port.close();
    }
    return slot;
  }

  /** Sends on a joiner's reliable channel if it is open; whether it was sent. */
  sendRaw(id: PlayerId, bytes: Uint8Array): boolean {
    const slot = this.byId.get(id);
    if (!slot || slot.link.reliable.state !== 'open') return false;
    slot.link.reliable.send(bytes);
    return true;
  }

  broadcast(bytes: Uint8Array): void {
    for (const s of this.byId.values()) s.link.reliable.send(bytes);
  }

  /** To the joiners whose hello said they understand the 'watchers' message (issue 24), only. */
  broadcastWatchers(bytes: Uint8Array): void {
    for (const s of this.byId.values()) if (s.watchers === true) s.link.reliable.send(bytes);
  }

  /** Closes every joiner's link (each close may drop its slot at once). */
  closeAll(): void {
    for (const id of [...this.byId.keys()]) this.byId.get(id)?.link.close();
  }
}
