/**
 * An arena ClientSession for unit tests that feed it messages by hand: no snapshots come, its clock
 * stands at 0, and what it would send goes to a WireChannel nobody reads.
 */
import { ClientSession } from '../../src/app/client-session';
import { ARENA_SESSION } from '../../src/app/session-games';
import type { ArenaClientTypes } from '../../src/arena/client/arena-client-types';
import { defaultCvars, type Cvars } from '../../src/config/cvars';
import type { Timers } from '../../src/transport/conditioned-channel';
import { WireChannel } from './wire-channel';

export function arenaSession(localId: number, cvars: Cvars = defaultCvars()): ClientSession<ArenaClientTypes> {
  const timers: Timers = { now: () => 0, setTimeout: () => 0, clearTimeout: () => undefined };
  return new ClientSession(
    localId,
    60,
    cvars,
    new WireChannel(),
    timers,
    { sendSettings: () => undefined },
    ARENA_SESSION,
  );
}
