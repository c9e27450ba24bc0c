/**
 * What the server had, tick by tick, for checking what clients decoded: every event it sent, and
 * each player's state over the last `keepTicks` ticks. `watchSelf` counts, for each bot, the
 * snapshots whose decoded own state differs from the server's at that tick.
 */
import { isDeepStrictEqual } from 'node:util';
import type { NetEvent } from '../../src/arena/protocol/arena-messages';
import type { PlayerState } from '../../src/sim/types';
import type { BotClient } from '../../src/bots/bot-client';
import type { Match } from './match';

export interface ServerTruth {
  readonly events: NetEvent[];
  /** Snapshots compared with the server's state, and how many differed. */
  readonly self: { compared: number; mismatches: number };
}

export function recordServerTruth(match: Match, keepTicks: number, bots: readonly BotClient[]): ServerTruth {
  const truth: ServerTruth = { events: [], self: { compared: 0, mismatches: 0 } };
  const selfByTick = new Map<number, Map<number, PlayerState>>();
  const previous = match.onTick;
  match.onTick = (out, m) => {
    previous?.(out, m);
    truth.events.push(...m.server.lastEvents);
    // No copies needed: stepWorld is pure and returns new player objects.
    selfByTick.set(m.server.world.tick, new Map(m.server.world.players.map((p) => [p.id, p])));
    selfByTick.delete(m.server.world.tick - keepTicks);
  };
  for (const b of bots) {
    b.rx.onSnapshot = (snap) => {
      const server = selfByTick.get(snap.serverTick)?.get(b.id);
      if (!server) return;
      truth.self.compared++;
      if (!isDeepStrictEqual(server, snap.self)) truth.self.mismatches++;
    };
  }
  return truth;
}
