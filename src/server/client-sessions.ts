/**
 * ClientSessions: the server's client sessions by id (a Map), counting the spectators among them
 * (issue 24): a spectator takes no seat, so `players` (not `size`) is what fills the server.
 * Invariant: `spectators` is the number of sessions held whose `spectator` is true, whatever was
 * set or deleted.
 */
import type { PlayerId, Tick } from '../protocol/ids';
import type { ServerSideClient } from './server-side-client';
import { clampMaxSpectators } from './server-settings';

export class ClientSessions<C extends { tick: Tick }> extends Map<PlayerId, ServerSideClient<C>> {
  private watching = 0;

  /** Spectators' sessions held. */
  get spectators(): number {
    return this.watching;
  }

  /** Sessions of people with a seat. */
  get players(): number {
    return this.size - this.watching;
  }

  /** Whether a spectator may join as `id`: a valid id nobody holds, and a free place under `maxSpectators` (sv_maxspectators, clamped). */
  admitsSpectator(id: PlayerId, maxSpectators: number | undefined): boolean {
    if (!Number.isInteger(id) || id < 0 || id > 255 || this.has(id)) return false;
    return this.watching < clampMaxSpectators(maxSpectators);
  }

  override set(id: PlayerId, session: ServerSideClient<C>): this {
    // `watching` is undefined while Map's constructor runs (no entries are ever passed to it).
    this.watching = (this.watching ?? 0) - (this.get(id)?.spectator ? 1 : 0) + (session.spectator ? 1 : 0);
    return super.set(id, session);
  }

  override delete(id: PlayerId): boolean {
    if (this.get(id)?.spectator) this.watching--;
    return super.delete(id);
  }

  override clear(): void {
    this.watching = 0;
    super.clear();
  }
}
