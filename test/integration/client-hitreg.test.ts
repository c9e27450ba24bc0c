/**
 * Hit registration end to end (issue 4 acceptance): real NetClients in the harness (prediction,
 * interpolation, lag compensation on the server) at 50, 150 and 250 ms RTT with 20 ms jitter and
 * 5 % loss each way. A standing shooter aims at points inside the hitboxes it draws of three
 * targets strafing across its line of fire at full speed, and fires only when its own view says
 * the ray (from its predicted position, at its aim) hits. At least 99 % of those shots must come
 * back from the server as hits on the same target at the same tick.
 *
 * Excluded (counted and printed): shots at a target the server had already killed at or after the
 * drawn time (the view cannot know of a death it has not been sent yet).
 */
import { describe, expect, it } from 'vitest';
import type { ClientView, RemotePlayerView } from '../../src/arena/client/view-model';
import { defaultCvars } from '../../src/config/cvars';
import { weaponDef } from '../../src/sim/config';
import { hitboxOf, traceShot } from '../../src/sim/hitscan';
import { DEFAULT_MAP } from '../../src/sim/map';
import { radiansToAngle } from '../../src/sim/quantize';
import { Buttons, Weapon, type PlayerId, type Tick } from '../../src/sim/types';
import { Link } from '../harness/link';
import { Match } from '../harness/match';
import { IDLE, Navigator, PilotedClient, seeded, type Pilot } from './client-harness';

const SHOOTER = 1;
const SHOOTER_SPOT = { x: 150, y: 120 };
const HOMES = [
  { x: 420, y: 330 },
  { x: 250, y: 400 },
  { x: 460, y: 560 },
  { x: 640, y: 120 },
  { x: 230, y: 620 },
];
const MATCH_MS = 60_000;
/** The default arena's walls without its pickups: a health pack would heal targets mid-sample (issue 12 added them). */
const ARENA = { ...DEFAULT_MAP, pickups: [] };
const nav = new Navigator(DEFAULT_MAP);

/** Runs across the shooter's line of fire at full speed near its home, turning every 0.3-0.8 s. */
function strafer(home: { x: number; y: number }, seed: number): Pilot {
  const random = seeded(seed);
  let side = 1;
  let turnAtMs = 0;
  return (view, now) => {
    const me = view.local?.state;
    if (!me) return IDLE;
    if (Math.hypot(me.x - home.x, me.y - home.y) > 90) return { ...IDLE, ...nav.toward(me.x, me.y, home.x, home.y) };
    if (now >= turnAtMs) {
      side = Math.hypot(me.x - home.x, me.y - home.y) > 50 ? -side : random() < 0.5 ? 1 : -1;
      turnAtMs = now + 300 + random() * 500;
    }
    const dx = me.x - SHOOTER_SPOT.x;
    const dy = me.y - SHOOTER_SPOT.y;
    const d = Math.hypot(dx, dy) || 1;
    return { ...IDLE, moveX: Math.round((-dy / d) * 127 * side), moveY: Math.round((dx / d) * 127 * side) };
  };
}

function shooterPilot(seed: number, fireEveryMs: number): Pilot {
  const random = seeded(seed);
  let nextShotMs = 3000;
  return (view, now) => {
    const me = view.local?.state;
    if (!me) return IDLE;
    const hold = nav.toward(me.x, me.y, SHOOTER_SPOT.x, SHOOTER_SPOT.y, 4);
    const base = { ...IDLE, ...hold, weaponSelect: Weapon.Rifle };
    const targets = view.remotes.filter((r) => r.alive);
    if (now < nextShotMs || hold.moveX !== 0 || hold.moveY !== 0 || me.vx !== 0 || me.vy !== 0 || targets.length === 0)
      return base;
    // The healthiest target: spreads damage, so fewer shots go to someone already dead on the server.
    const t = targets.reduce((best, r) =>
      r.health > best.health || (r.health === best.health && random() < 0.5) ? r : best,
    );
    const radius = hitboxOf(t).radius;
    const angle = random() * 2 * Math.PI;
    const r = Math.sqrt(random()) * radius;
    const aim = radiansToAngle(Math.atan2(t.y + Math.sin(angle) * r - me.y, t.x + Math.cos(angle) * r - me.x));
    const seen = traceShot(
      DEFAULT_MAP,
      me.x,
      me.y,
      aim,
      weaponDef(Weapon.Rifle).range,
      view.remotes.map(hitboxOf),
      SHOOTER,
    );
    if (seen.hit === null) return { ...base, aim };
    nextShotMs = now + fireEveryMs;
    return { ...base, aim, buttons: Buttons.Fire };
  };
}

interface Tally {
  /** Shots the shooter's view showed hitting someone. */
  claimed: number;
  /** …and the server reported a hit on that same player at that tick. */
  confirmed: number;
  /** Claimed, but the target had died on the server within 0.1 s of the drawn moment (not counted). */
  excusedDead: number;
  /** Claimed, but the server never fired at that tick: every packet carrying the command was lost or late. */
  lostCommand: number;
  /** Predicted shots the view showed missing everyone (the pilot aims only at hits: should stay ~0). */
  noHitShown: number;
}

/** Judges each predicted shot against the remotes drawn in the frame its command was issued in. */
function hitTally(
  shooter: PilotedClient,
  serverFired: ReadonlySet<Tick>,
): { onFrame: (v: ClientView) => void; finish: (lastTick: Tick) => Tally } {
  const claims = new Map<Tick, PlayerId>();
  const confirmed = new Map<Tick, PlayerId>();
  const deaths: { victim: PlayerId; tick: Tick }[] = [];
  let noHitShown = 0;
  const judge = (tick: Tick, x: number, y: number, aim: number, remotes: RemotePlayerView[]): void => {
    const seen = traceShot(DEFAULT_MAP, x, y, aim, weaponDef(Weapon.Rifle).range, remotes.map(hitboxOf), SHOOTER);
    if (seen.hit === null) noHitShown++;
    else claims.set(tick, seen.hit);
  };
  return {
    onFrame(v) {
      for (const { predicted, tick, event: e } of v.events) {
        if (predicted && e.type === 'fired') judge(tick, e.x, e.y, e.aim, shooter.issued.get(tick)?.remotes ?? []);
        if (!predicted && e.type === 'hit' && e.shooter === SHOOTER) confirmed.set(tick, e.target);
        if (!predicted && e.type === 'killed') deaths.push({ victim: e.victim, tick });
      }
    },
    finish(lastTick) {
      const t: Tally = { claimed: 0, confirmed: 0, excusedDead: 0, lostCommand: 0, noHitShown };
      for (const [tick, target] of claims) {
        if (tick > lastTick) continue;
        const view = shooter.issued.get(tick)?.renderTick ?? tick;
        if (deaths.some((d) => d.victim === target && d.tick > view - 6 && d.tick <= tick)) {
          t.excusedDead++;
          continue;
        }
        t.claimed++;
        if (confirmed.get(tick) === target) t.confirmed++;
        else if (!serverFired.has(tick)) t.lostCommand++;
      }
      return t;
    },
  };
}

function playMatch(rttMs: number, lagCompensation: boolean): Tally {
  const match = new Match({ server: { seed: 3, lagCompensation, map: ARENA } });
  const shooter = new PilotedClient(SHOOTER, shooterPilot(rttMs, 120), defaultCvars(), 1000 / 60, true);
  // Ticks at which the server fired the shooter's weapon (its last-rewind record), to tell lost commands apart.
  const serverFired = new Set<Tick>();
  match.onTick = (_out, m) => {
    const rewind = m.server.stats().clients.find((c) => c.clientId === SHOOTER)?.lastRewind;
    if (rewind) serverFired.add(rewind.tick);
  };
  const tally = hitTally(shooter, serverFired);
  shooter.onFrame = (v) => tally.onFrame(v);
  expect(match.addClient(shooter, Link.rtt(rttMs, 20, 0.05), 1)).toBe(true);
  HOMES.forEach((home, i) =>
    expect(match.addClient(new PilotedClient(2 + i, strafer(home, 40 + i)), Link.rtt(rttMs, 20, 0.05), 2 + i)).toBe(
      true,
    ),
  );
  match.run(MATCH_MS);
  // Only shots whose confirmation has had time to come back.
  return tally.finish(match.ticks - Math.ceil(((rttMs + 300) / 1000) * 60));
}

const describeTally = (t: Tally): string =>
  `${t.confirmed}/${t.claimed} confirmed = ${((t.confirmed / t.claimed) * 100).toFixed(2)} % ` +
  `(not confirmed: ${t.lostCommand} never fired by the server because the command was lost, ${t.claimed - t.confirmed - t.lostCommand} other; ` +
  `left out: ${t.excusedDead} at targets already dead on the server; ${t.noHitShown} predicted shots the view showed missing)`;

describe('hit registration end to end with real clients', () => {
  for (const rtt of [50, 150, 250]) {
    it(`at ${rtt} ms RTT (20 ms jitter, 5 % loss) >= 99 % of shots the shooter saw hit are confirmed`, () => {
      const t = playMatch(rtt, true);
      const rate = t.confirmed / t.claimed;
      console.log(`hitreg rtt=${rtt}ms: ${describeTally(t)}`);
      expect(t.claimed).toBeGreaterThan(100);
      expect(rate).toBeGreaterThanOrEqual(0.99);
    });
  }

  it('without lag compensation (sv_lagcompensation 0) at 150 ms most of those shots miss', () => {
    const t = playMatch(150, false);
    const rate = t.confirmed / t.claimed;
    console.log(`hitreg rtt=150ms, sv_lagcompensation 0: ${describeTally(t)}`);
    expect(t.claimed).toBeGreaterThan(100);
    expect(rate).toBeLessThan(0.7);
  });
});
