/**
 * Prediction is exact, and remotes move smoothly (issue 4 acceptance), with real NetClients in a
 * 60-second harness match at 150 ms RTT, 20 ms jitter and 5 % loss each way.
 *
 *  - A wanders, shoots the rifle, reloads and switches weapons alone in the left of the map: nobody
 *    touches it, so after it has settled it must have zero prediction errors, except where the
 *    server had none of its commands for a tick (all three packets carrying one lost: it then
 *    steps a repeat of the previous command, which is not what A predicted). Those are counted.
 *  - B repeatedly walks into C (who stands still) for 2 s, then backs off for 2 s: its prediction
 *    (which ignores other players) is wrong while blocked, and must be right again within one RTT
 *    of the push ending on the server.
 *  - Every client's remotes never move faster than MAX_SPEED between two rendered frames (except
 *    across a teleport), counted over the whole match.
 */
import { describe, expect, it } from 'vitest';
import type { ClientView } from '../../src/arena/client/view-model';
import { MAX_SPEED } from '../../src/sim/config';
import { Buttons, Weapon, WEAPON_KEEP } from '../../src/sim/types';
import { Link } from '../harness/link';
import { Match } from '../harness/match';
import { DEFAULT_MAP } from '../../src/sim/map';
import { IDLE, Navigator, PilotedClient, seeded, steer, type Pilot } from './client-harness';

const RTT = 150;
const JITTER = 20;
const LOSS = 0.05;
const SETTLE_MS = 10_000;
const nav = new Navigator(DEFAULT_MAP);
const C_SPOT = { x: 1160, y: 660 };
const B_HOME = { x: 1160, y: 520 };

function wanderer(seed: number): Pilot {
  const random = seeded(seed);
  let target = { x: 250, y: 250 };
  let nextTargetMs = 0;
  return (view, now) => {
    const me = view.local?.state;
    if (!me) return IDLE;
    if (now >= nextTargetMs) {
      target = { x: 60 + random() * 400, y: 300 + random() * 640 };
      nextTargetMs = now + 700 + random() * 800;
    }
    const phase = Math.floor(now / 1000) % 6;
    const buttons =
      (phase === 1 && random() < 0.5 ? Buttons.Fire : 0) |
      (phase === 3 && random() < 0.05 ? Buttons.Reload : 0) |
      (random() < 0.1 ? Buttons.Crouch : 0);
    const weaponSelect = phase === 4 ? Weapon.Rocket : phase === 5 || phase === 0 ? Weapon.Rifle : WEAPON_KEEP;
    return {
      ...nav.toward(me.x, me.y, target.x, target.y),
      aim: Math.floor(random() * 65536),
      buttons: me.weapon === Weapon.Rocket ? 0 : buttons,
      weaponSelect,
    };
  };
}

/** B: wait above C, then alternately walk into C for 2 s and back home for 2 s. Records the first home-going command tick. */
function pusher(pushEnds: number[]): Pilot {
  let pushing = false;
  return (view, now) => {
    const me = view.local?.state;
    if (!me) return IDLE;
    const c = view.remotes.find((r) => r.id === 3);
    const push = now >= SETTLE_MS && c !== undefined && Math.floor((now - SETTLE_MS) / 2000) % 2 === 0;
    if (pushing && !push) pushEnds.push(view.stats.commandTick + 1);
    pushing = push;
    return { ...IDLE, ...(push && c ? steer(me.x, me.y, c.x, c.y, 0) : nav.toward(me.x, me.y, B_HOME.x, B_HOME.y)) };
  };
}

function stander(): Pilot {
  return (view) =>
    view.local ? { ...IDLE, ...nav.toward(view.local.state.x, view.local.state.y, C_SPOT.x, C_SPOT.y, 2) } : IDLE;
}

/** Counts remote moves between consecutive frames faster than MAX_SPEED (with the clock's ±5 % slew). */
function smoothnessWatcher(frameMs: number): {
  watch: (v: ClientView) => void;
  violations: () => number;
  checked: () => number;
} {
  let prev = new Map<number, { x: number; y: number; seq: number }>();
  let bad = 0;
  let n = 0;
  const limit = MAX_SPEED * (frameMs / 1000) * 1.06 + 0.1;
  return {
    watch(v) {
      const next = new Map<number, { x: number; y: number; seq: number }>();
      for (const r of v.remotes) {
        const p = prev.get(r.id);
        if (p && p.seq === r.teleportSeq) {
          n++;
          if (Math.hypot(r.x - p.x, r.y - p.y) > limit) bad++;
        }
        next.set(r.id, { x: r.x, y: r.y, seq: r.teleportSeq });
      }
      prev = next;
    },
    violations: () => bad,
    checked: () => n,
  };
}

/** Server ticks at which the server had to repeat a client's last command (none arrived in time). */
function repeatWatcher(match: Match, id: number): number[] {
  const ticks: number[] = [];
  let seen = 0;
  match.onTick = (_out, m) => {
    const repeats = m.server.stats().clients.find((c) => c.clientId === id)?.repeats ?? 0;
    if (repeats > seen) ticks.push(m.ticks);
    seen = repeats;
  };
  return ticks;
}

describe('client prediction in a 60 s harness match (150 ms RTT, 20 ms jitter, 5 % loss)', () => {
  it('is exact for an untouched player, corrects a blocked one within one RTT, and remotes move smoothly', () => {
    const match = new Match({ server: { seed: 11 } });
    const pushEnds: number[] = [];
    const frameMs = 1000 / 60;
    const a = new PilotedClient(1, wanderer(5));
    const b = new PilotedClient(2, pusher(pushEnds));
    const c = new PilotedClient(3, stander());
    const aErrorTicks: number[] = [];
    const bErrorTimes: number[] = [];
    const smoothA = smoothnessWatcher(frameMs);
    const smoothB = smoothnessWatcher(frameMs);
    const aRepeats = repeatWatcher(match, 1);
    let lastA = 0;
    let lastB = 0;
    a.onFrame = (v, now) => {
      smoothA.watch(v);
      const total = a.net.totals.predictionErrors;
      if (total > lastA && now > SETTLE_MS) aErrorTicks.push(a.net.totals.lastPredictionError!.tick);
      lastA = total;
    };
    b.onFrame = (v, now) => {
      smoothB.watch(v);
      const total = b.net.totals.predictionErrors;
      if (total > lastB) bErrorTimes.push(now);
      lastB = total;
    };
    for (const [i, client] of [a, b, c].entries())
      expect(match.addClient(client, Link.rtt(RTT, JITTER, LOSS), 100 + i)).toBe(true);
    match.run(60_000);

    // An error is the prediction's fault unless the server lacked our command for a tick since the
    // previous snapshot (all three packets carrying it lost): then it stepped a repeat, not our input.
    const starved = (tick: number): boolean => aRepeats.some((r) => r <= tick && r > tick - 4);
    const aUnexplained = aErrorTicks.filter((t) => !starved(t));
    const convergence = pushEnds
      .filter((tick) => tick * match.tickMs < match.nowMs - 2000)
      .map((tick) => {
        const serverEndMs = tick * match.tickMs;
        const errors = bErrorTimes.filter((t) => t > serverEndMs - 300 && t < serverEndMs + 1500);
        return (errors.pop() ?? serverEndMs) - serverEndMs;
      });
    const checked = smoothA.checked() + smoothB.checked();
    const tooFast = smoothA.violations() + smoothB.violations();
    console.log(
      `prediction: A errors after settling ${aErrorTicks.length} (${aErrorTicks.length - aUnexplained.length} at ticks the server starved: ${aRepeats.length} repeats of A's command), ` +
        `B errors ${b.net.totals.predictionErrors} over ${pushEnds.length} pushes, B exact again after each push ended on the server within (ms): ${convergence.map((m) => m.toFixed(0)).join(' ')}; ` +
        `smoothness: ${tooFast} of ${checked} remote frame-to-frame moves faster than max speed`,
    );
    expect(aUnexplained).toEqual([]);
    expect(aErrorTicks.length).toBeLessThanOrEqual(2);
    expect(b.net.totals.predictionErrors).toBeGreaterThan(pushEnds.length);
    expect(convergence.length).toBeGreaterThan(10);
    // One RTT, plus the frame a pilot takes to react: it decides from the frame on screen (NetClient.frame order).
    for (const ms of convergence) expect(ms).toBeLessThanOrEqual(RTT + frameMs);
    expect(checked).toBeGreaterThan(10_000);
    expect(tooFast).toBe(0);
  });
});
