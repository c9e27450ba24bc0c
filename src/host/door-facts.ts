/**
 * The lobby's facts as the door reads them at each hello (DoorFacts): seats and spectator places
 * (issue 24: counted apart, each against its own cap), whether the match started, whether the
 * lobby closed. A function of the listen server's state, so listen-server.ts only names it.
 */
import { CVARS } from '../config/cvars';
import type { DoorFacts } from './door-types';
import type { LobbySettings } from './lobby-settings';
import type { Roster } from './roster';

export function doorFactsOf(settings: LobbySettings, roster: Roster, started: boolean, closed: boolean): DoorFacts {
  const { maxPlayers, joinRunningMatch, maxSpectators = CVARS.sv_maxspectators.default } = settings;
  return {
    playerCount: roster.players,
    maxPlayers,
    spectatorCount: roster.spectators,
    maxSpectators,
    started,
    joinRunningMatch,
    closed,
  };
}
