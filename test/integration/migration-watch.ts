/**
 * What the host-migration tests watch on each client and on the servers (issue 13), and the
 * players they run: real NetClients (PilotedClient) behind a command checker (SkewedClient at rate
 * 1: no command tick issued twice, no ack of a snapshot not received), in a MigrationMatch.
 *
 * Per client: every server event shown (to find one shown twice), the fastest drawn move of the
 * local player between two frames of the same life, and the prediction errors after its rebind.
 * Per server: every event it produced, by tick, so the tests can tell which a client should have shown.
 */
import type { ServedTypes } from '../../src/arena/server/served-game';
import type { NetEvent } from '../../src/arena/protocol/arena-messages';
import type { GameServer } from '../../src/server/game-server';
import { Buttons, type PlayerId } from '../../src/sim/types';
import type { MigrationMatch } from '../harness/migration-match';
import { IDLE, PilotedClient, SkewedClient, seeded, type Pilot } from './client-harness';
import type { ClientView } from '../../src/arena/client/view-model';
import { radiansToAngle } from '../../src/sim/quantize';
import { isOwnPredictedEvent } from '../../src/arena/client/arena-view';

export interface ClientWatch {
  id: PlayerId;
  checked: SkewedClient;
  piloted: PilotedClient;
  /** Server events shown, as "tick|event" (a server event has one tick and one content). */
  shown: Map<string, number>;
  /** Fastest drawn move of the local player frame to frame within one life (units per second), after `fromMs`. */
  fastest: { atMs: number; speed: number };
  fastestFromMs: number;
}

/** Runs about, turning at random moments, aiming at the nearest remote and firing when it has one. */
export function brawler(seed: number, fire = true): Pilot {
  const rand = seeded(seed);
  let turnAt = 0;
  let move = { moveX: 0, moveY: 0 };
  return (view: ClientView, now: number) => {
    if (now >= turnAt) {
      turnAt = now + 300 + rand() * 600;
      const a = rand() * Math.PI * 2;
      move = { moveX: Math.round(Math.cos(a) * 127), moveY: Math.round(Math.sin(a) * 127) };
    }
    const me = view.local;
    let target: { x: number; y: number } | null = null;
    let best = Infinity;
    for (const r of view.remotes) {
      if (!me || !r.alive) continue;
      const d = Math.hypot(r.x - me.drawX, r.y - me.drawY);
      if (d < best) [best, target] = [d, r];
    }
    const aim = me && target ? radiansToAngle(Math.atan2(target.y - me.drawY, target.x - me.drawX)) : 0;
    return { ...IDLE, ...move, aim, buttons: fire && target && best < 700 ? Buttons.Fire : 0 };
  };
}

export function watchedClient(id: PlayerId, pilot: Pilot): ClientWatch {
  const piloted = new PilotedClient(id, pilot);
  const w: ClientWatch = {
    id,
    checked: new SkewedClient(piloted, 1),
    piloted,
    shown: new Map(),
    fastest: { atMs: 0, speed: 0 },
    fastestFromMs: 0,
  };
  let prev: { x: number; y: number; seq: number; atMs: number } | null = null;
  piloted.onFrame = (v, now) => {
    for (const e of v.events) {
      if (e.predicted) continue;
      const key = `${e.tick}|${JSON.stringify(e.event)}`;
      w.shown.set(key, (w.shown.get(key) ?? 0) + 1);
    }
    const l = v.local;
    if (l && prev && prev.seq === l.state.teleportSeq && now > prev.atMs && now >= w.fastestFromMs) {
      const speed = (Math.hypot(l.drawX - prev.x, l.drawY - prev.y) / (now - prev.atMs)) * 1000;
      if (speed > w.fastest.speed) w.fastest = { atMs: now, speed };
    }
    prev = l ? { x: l.drawX, y: l.drawY, seq: l.state.teleportSeq, atMs: now } : null;
  };
  return w;
}

/** Measures the fastest drawn move from `atMs` on only (a join's first frames are not a migration's). */
export function measureMovesFrom(w: ClientWatch, atMs: number): void {
  w.fastestFromMs = atMs;
  w.fastest = { atMs, speed: 0 };
}

/** Server events shown more than once by this client. */
export function shownTwice(w: ClientWatch): number {
  let n = 0;
  for (const count of w.shown.values()) if (count > 1) n += count - 1;
  return n;
}

/** Every event each server produced (the lost one's and the successor's), tagged with the server. */
export function recordEvents(match: MigrationMatch): Array<{ server: GameServer<ServedTypes>; event: NetEvent }> {
  const out: Array<{ server: GameServer<ServedTypes>; event: NetEvent }> = [];
  const previous = match.onTick;
  match.onTick = (o, server) => {
    previous?.(o, server);
    for (const event of server.lastEvents) out.push({ server, event });
  };
  return out;
}

/**
 * Events of `server` between ticks `from` and `to` that `w` never showed, leaving out its own
 * predicted ones (shown at once from its prediction, so the server's copy is never shown).
 */
export function missedEvents(
  w: ClientWatch,
  events: ReadonlyArray<{ server: GameServer<ServedTypes>; event: NetEvent }>,
  server: GameServer<ServedTypes>,
  from: number,
  to: number,
): NetEvent[] {
  return events
    .filter(
      (e) =>
        e.server === server && e.event.tick >= from && e.event.tick <= to && !isOwnPredictedEvent(e.event.event, w.id),
    )
    .map((e) => e.event)
    .filter((e) => !w.shown.has(`${e.tick}|${JSON.stringify(e.event)}`));
}
