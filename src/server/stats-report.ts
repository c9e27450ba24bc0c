/**
 * Builds GameServer's `stats()` report (the types are in stats.ts) from the parts that hold it:
 * the world, the client sessions, the shot judge (lag compensation and the last shots) and the
 * match (map and bots). Read-only: building a report changes nothing.
 */
import { hitboxOf } from '../sim/hitscan';
import type { WorldState } from '../sim/types';
import type { ServerMatch } from './server-match';
import type { ServerSideClient } from './server-side-client';
import type { ShotJudge } from './shot-judge';
import type { ServerStats } from './stats';

export function serverStats(
  world: WorldState,
  sessions: Iterable<ServerSideClient>,
  judge: ShotJudge,
  match: ServerMatch,
): ServerStats {
  const { phase, phaseEndTick, seq } = world.match;
  return {
    tick: world.tick,
    players: world.players.length,
    liveHitboxes: world.players.map(hitboxOf),
    lagCompensation: judge.lagCompensation,
    maxUnlagS: judge.compensator.maxUnlagSeconds,
    clients: [...sessions].map((s) => s.stats(judge.shots.rewindRecordOf(s.id, judge.compensator))),
    match: { phase, phaseEndTick, seq, mapId: match.publicMatch(world).mapId, bots: match.botCount },
  };
}
