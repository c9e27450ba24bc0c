/**
 * What a successor's listen server starts from (issue 13), taken out of its RestoredLobby: the door's
 * seats (the old host's, each waiting for its token) and bans, whether the match had started, and
 * after a graceful handover the notice each returning player hears. A fresh lobby starts from none.
 */
import type { DoorOptions } from './door-types';
import type { RestoredLobby } from './lobby-settings';
import { SeatKeeper } from './seat-keeper';
import { TakeoverNotice } from './takeover-notice';

export interface RestoredStart {
  door: Pick<DoorOptions, 'seats' | 'bans'>;
  started: boolean;
  takeover: TakeoverNotice | null;
}

export function restoredStart(restored: RestoredLobby | undefined): RestoredStart {
  if (!restored) return { door: {}, started: false, takeover: null };
  // Nobody is linked to a successor yet: every seat waits for its token (and is held from newcomers).
  const seats = SeatKeeper.rebuild(restored.seats.map((seat) => ({ ...seat, present: false })));
  const ids = restored.seats.map((s) => s.id);
  const takeover = restored.handedOverBy ? new TakeoverNotice(restored.handedOverBy, ids) : null;
  return { door: { seats, bans: restored.bans }, started: restored.started, takeover };
}
