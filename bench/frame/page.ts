/**
 * The frame benchmark's page (bench/frame.bench.ts opens it in headless Chromium through Vite).
 * `?mode=netcode`: a whole match in the page (the harness's GameServer and links, 15 bot clients,
 * one real NetClient) rendered by mountGame; `?mode=render`: the same renderer over the practice
 * host (no netcode); `?mode=empty`: kaboom drawing nothing (the floor of the frame cost).
 * The measured player walks toward the nearest enemy and holds fire at it. `&lag=&jitter=&loss=` condition the measured client's link (ms, ms, 0..1), `&netgraph=1` shows
 * the net graph (both for screenshots). `?look=classic` draws with the first renderer (default font, flat shapes, no particles or shake)
 * instead of the neon look, so both can be measured in one run.
 * Publishes `window.frameBench = { samples }` with one sample per frame: ms in the in-page match
 * step, in NetClient.frame (the frame's commands and their prediction, then the view), in the
 * renderer's update and draw, and between frames.
 */
import { NetClient } from '../../src/client/net-client';
import { arenaClientGame } from '../../src/arena/client/arena-client-game';
import { defaultCvars } from '../../src/config/cvars';
import type { GameHost } from '../../src/game/game-host';
import { mountBlankCanvas } from '../../src/game/blank-canvas';
import { mountGame } from '../../src/game/mount';
import { createPracticeHost } from '../../src/game/practice-host';
import type { HarnessClient } from '../../test/harness/harness-client';
import { BotClient, type BotContext } from '../../src/bots/bot-client';
import { Buttons, Weapon } from '../../src/sim/types';
import { radiansToAngle } from '../../src/sim/quantize';
import type { ClientView, InputSample } from '../../src/arena/client/view-model';
import { Match } from '../../test/harness/match';
import { wander } from '../../src/bots/scripts';

export interface Sample {
  /** The in-page match step: server tick(s), 15 bots, links, and the NetClient's receive. */
  stepMs: number;
  /** NetClient.frame (commands owed and their prediction, interpolation, smoothing, stats) as the renderer calls it. */
  netMs: number;
  updateMs: number;
  drawMs: number;
  intervalMs: number;
}

const q = new URLSearchParams(location.search);
const mode = q.get('mode') ?? 'netcode';
const players = Number(q.get('players') ?? '16');
const look = q.get('look') === 'classic' ? 'classic' : 'neon';
const samples: Sample[] = [];
(window as unknown as { frameBench: { samples: Sample[]; mode: string } }).frameBench = { samples, mode };
const root = document.getElementById('app') as HTMLElement;

function netcodeHost(): { host: GameHost; step: (now: number) => void } {
  const match = new Match({ server: { maxPlayers: 16, seed: 7 } });
  const net = new NetClient({ clientId: 0, tickrate: 60, cvars: defaultCvars(), game: arenaClientGame });
  // The renderer's frame drives the NetClient (below) and puts its packets on the link itself.
  const member: HarnessClient = {
    id: 0,
    onPacket: (b, now) => net.receive(b, now),
    update: () => [],
    netSettings: () => net.netSettings(),
  };
  // Optional conditions on the measured client's link (screenshots of the net graph use them).
  const num = (name: string): number => Math.max(0, Number(q.get(name) ?? 0) || 0);
  match.addClient(member, { latencyMs: num('lag'), jitterMs: num('jitter'), loss: Math.min(num('loss'), 1) });
  // Every effect on: the bots fire at everyone (tracers, sparks, hits, deaths, respawns) and every
  // third one carries the rocket launcher (flashes, trails, explosions, shake).
  const everyone = Array.from({ length: players }, (_, i) => i);
  for (let id = 1; id < players; id++) {
    const base = wander(
      id,
      everyone.filter((t) => t !== id),
      0.05,
    );
    const script = id % 3 === 0 ? (ctx: BotContext) => ({ ...base(ctx), weaponSelect: Weapon.Rocket }) : base;
    match.addClient(new BotClient(id, { tickrate: 60, script }));
  }
  const cvars = defaultCvars();
  cvars.net_graph = q.get('netgraph') === '1' ? 1 : 0;
  const names = new Map(Array.from({ length: players }, (_, id) => [id, id === 0 ? 'you' : `bot ${id}`] as const));
  let lastView: ClientView | null = null;
  const host: GameHost = {
    localId: 0,
    names: () => names,
    pings: () => new Map(),
    frame: (_now, input) => {
      const { packets, view } = net.frame(match.nowMs, firesAtNearest(input, lastView));
      for (const bytes of packets) match.link(0)?.up.send(bytes, match.nowMs);
      return (lastView = view);
    },
    cvars: () => cvars,
    setCvar: () => null,
    serverHitboxes: () => null,
    lastRewind: () => null,
    leave: () => undefined,
  };
  let last = -1;
  return {
    host,
    step: (now) => {
      if (last >= 0) match.run(Math.min(100, Math.round(now - last)));
      last = now;
    },
  };
}

/**
 * The measured player plays too (its own tracer, muzzle flash, hit and kill markers are effects the
 * frame must draw, and a camera that moves across the arena): it holds fire at the nearest living
 * remote and walks toward it until within CLOSE_IN units.
 */
const CLOSE_IN = 250;

function firesAtNearest(input: InputSample, view: ClientView | null): InputSample {
  const me = view?.local?.state;
  if (!me?.alive || !view) return input;
  let best: { dx: number; dy: number } | null = null;
  for (const r of view.remotes) {
    if (!r.alive) continue;
    const d = { dx: r.x - me.x, dy: r.y - me.y };
    if (!best || Math.hypot(d.dx, d.dy) < Math.hypot(best.dx, best.dy)) best = d;
  }
  if (!best) return input;
  const d = Math.hypot(best.dx, best.dy);
  const walk = d > CLOSE_IN ? 127 / d : 0;
  return {
    ...input,
    moveX: Math.round(best.dx * walk),
    moveY: Math.round(best.dy * walk),
    aim: radiansToAngle(Math.atan2(best.dy, best.dx)),
    buttons: input.buttons | Buttons.Fire,
  };
}

function timed(host: GameHost, before: (now: number) => void, cost: { step: number; net: number }): GameHost {
  return {
    ...host,
    frame: (now, input) => {
      const t0 = performance.now();
      before(now);
      const t1 = performance.now();
      const v = host.frame(now, input);
      cost.step = t1 - t0;
      cost.net = performance.now() - t1;
      return v;
    },
  };
}

let lastFrame = -1;
const record = (stepMs: number, netMs: number, updateMs: number, drawMs: number): void => {
  const now = performance.now();
  if (lastFrame >= 0) samples.push({ stepMs, netMs, updateMs, drawMs, intervalMs: now - lastFrame });
  lastFrame = now;
};

if (mode === 'empty') {
  mountBlankCanvas(root, () => record(0, 0, 0, 0));
} else {
  const cost = { step: 0, net: 0 };
  const base =
    mode === 'render' ? { host: createPracticeHost({ bots: players - 1 }), step: () => undefined } : netcodeHost();
  mountGame(root, timed(base.host, base.step, cost), {
    debugApi: false,
    look,
    onFrameCost: (u, d) => record(cost.step, cost.net, u - cost.step - cost.net, d),
  });
}
