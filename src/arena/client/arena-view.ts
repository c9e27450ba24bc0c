/**
 * The arena's view of a frame (ClientView, client/view-model.ts, what src/game draws) from the
 * netcode's FrameParts: the own player, the other players at the render time (with whether each
 * is extrapolated), the rockets, the events and the match view (its pickups as this client predicts
 * them while it predicts). Also which server events the arena's prediction already showed.
 */
import type { FrameParts } from '../../client/client-game';
import { buildMatchView } from './match-view';
import type { ClientView } from './view-model';
import type { PlayerId, SimEvent } from '../../sim/types';
import type { ArenaClientTypes } from './arena-client-types';

export function arenaView(f: FrameParts<ArenaClientTypes>): ClientView {
  const rules = f.rules;
  return {
    localId: f.localId,
    local: f.local,
    remotes: f.remotes.players.map(({ state, extrapolating }) => ({ ...state, extrapolating })),
    projectiles: f.remotes.projectiles.map(({ state }) => ({
      id: state.id,
      owner: state.owner,
      x: state.x,
      y: state.y,
    })),
    events: f.events,
    stats: f.stats,
    tickrate: f.tickrate,
    match: rules
      ? buildMatchView(rules, f.localId, f.streamTick, f.tickrate, f.predicted ? f.predicted.pickups : rules.pickups)
      : null,
  };
}

/** Events the local prediction already showed the first time (so the server's copy is not shown again). */
export function isOwnPredictedEvent(event: SimEvent, localId: PlayerId): boolean {
  switch (event.type) {
    case 'fired':
      return event.shooter === localId;
    case 'reloaded':
    case 'switched':
    case 'pickup':
      return event.player === localId;
    default:
      return false;
  }
}
