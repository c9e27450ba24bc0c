/**
 * TickCommands: the command each player runs in the tick being stepped, by player id (what
 * `stepWorld` takes), kept in one Map reused from tick to tick.
 *
 * Inputs, per tick: `takeFrom(tick, sessions)` (each live session's command buffer gives one; the
 * session keeps it as `current`), then anything else adds its own to `byPlayer` (the bots), then
 * `dropStale()`. Output: `byPlayer`, holding exactly the commands given for this tick.
 * Why not `clear()` and refill: V8's Map.clear() drops the hash table and refilling regrows one
 * every tick; here entries are overwritten in place and only players with no command this tick
 * are deleted. Every command given for a tick carries that tick (the buffer restamps repeats, the
 * bots make theirs for it), which is how a stale entry is told apart.
 */
import type { PlayerId, Tick } from '../protocol/ids';
import type { ServerSideClient } from './server-side-client';

export class TickCommands<C extends { tick: Tick }> {
  readonly byPlayer = new Map<PlayerId, C>();
  private tick: Tick = 0;
  private readonly dropIfStale = (cmd: C, id: PlayerId): void => {
    if (cmd.tick !== this.tick) this.byPlayer.delete(id);
  };

  /** Each session's command for `tick` (none for a kicked one, a spectator, or one that never sent any). */
  takeFrom(tick: Tick, sessions: Iterable<ServerSideClient<C>>): void {
    this.tick = tick;
    for (const s of sessions) {
      s.current = s.abuse.kicked ? null : s.buffer.take(tick);
      // A spectator's commands are its keepalive and acks only: taken (the buffer moves on), never run.
      if (s.spectator) s.current = null;
      if (s.current) this.byPlayer.set(s.id, s.current.cmd);
    }
  }

  /** Deletes every entry not given for this tick (players who left, or have no command now). */
  dropStale(): void {
    this.byPlayer.forEach(this.dropIfStale);
  }
}
