/**
 * A `GameHost` without a network: the whole world runs in the page with the shared sim, the local
 * player plus scripted bots. For practice, for developing the renderer, and for the renderer's e2e
 * checks and frame benchmark when no match is needed. It is *not* the netcode: no prediction, no
 * interpolation buffer; bodies are drawn between the last two ticks.
 *
 * Inputs: options, then per frame `view(nowMs)` (advances whole ticks owed by the clock, at most
 * MAX_STEPS per call) and `setInput`. Outputs: ClientViews like the real client's, with stats
 * that say "local" (zero ping and traffic).
 * Invariants: ticks are integers; events are handed out once; the world is only changed by stepWorld.
 */
import type { ClientView, InputSample, NetStats } from '../client/view-model';
import { defaultCvars, setCvar as applyCvar, type Cvars } from '../config/cvars';
import type { SimConfig } from '../sim/config';
import { hitboxOf } from '../sim/hitscan';
import { DEFAULT_MAP } from '../sim/map';
import { sanitizeCmd } from '../sim/quantize';
import { WEAPON_KEEP, type ArenaMap, type Hitbox, type PlayerState, type SimEvent, type UserCmd, type WorldState } from '../sim/types';
import { addPlayer, createWorld, stepWorld } from '../sim/world';
import type { GameHost, RewindDebug } from './game-host';
import { botCmd } from './practice-bots';
import { buildPracticeView } from './practice-view';

export interface PracticeOptions {
  bots?: number;
  botsFire?: boolean;
  tickrate?: number;
  seed?: number;
  map?: ArenaMap;
  name?: string;
  onLeave?: () => void;
}

const MAX_STEPS = 8;
const LOCAL_ID = 0;

export function createPracticeHost(opts: PracticeOptions = {}): GameHost {
  const cfg: SimConfig = { tickrate: opts.tickrate ?? 60, map: opts.map ?? DEFAULT_MAP };
  let world: WorldState = createWorld(opts.seed ?? 1);
  for (let id = 0; id <= (opts.bots ?? 3); id++) world = addPlayer(world, id, cfg);
  let previous = world;
  let startMs: number | null = null;
  let input: InputSample = { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };
  let pending: { tick: number; event: SimEvent }[] = [];
  let rewind: RewindDebug | null = null;
  const cvars: Cvars = defaultCvars();
  const names = new Map<number, string>(world.players.map((p) => [p.id, p.id === LOCAL_ID ? (opts.name ?? 'you') : `bot ${p.id}`]));

  const commands = (tick: number): Map<number, UserCmd> => {
    const me = world.players.find((p) => p.id === LOCAL_ID) ?? null;
    const cmds = new Map<number, UserCmd>();
    cmds.set(LOCAL_ID, sanitizeCmd({ ...input, tick, viewTick: world.tick, viewFrac: 0 }));
    for (const p of world.players) {
      if (p.id !== LOCAL_ID) cmds.set(p.id, botCmd(p.id, tick, cfg.tickrate, p, me && me.alive ? me : null, opts.botsFire ?? false));
    }
    return cmds;
  };
  const step = (): void => {
    const tick = world.tick + 1;
    let shotBoxes: Hitbox[] | null = null;
    const result = stepWorld(world, commands(tick), cfg, {
      hitboxesForShot: (shot) => {
        const boxes = world.players.map(hitboxOf);
        if (shot.shooter === LOCAL_ID) shotBoxes = boxes;
        return boxes;
      },
    });
    previous = world;
    world = result.world;
    for (const event of result.events) pending.push({ tick, event });
    if (shotBoxes) {
      const hit = result.events.find((e) => e.type === 'hit' && e.shooter === LOCAL_ID);
      rewind = { tick, viewTime: tick - 1, hitboxes: shotBoxes, hit: hit && hit.type === 'hit' ? hit.target : null };
    }
  };
  const advance = (nowMs: number): number => {
    startMs ??= nowMs;
    const exact = ((nowMs - startMs) * cfg.tickrate) / 1000;
    for (let n = 0; n < MAX_STEPS && world.tick < Math.floor(exact); n++) step();
    // Drop owed ticks beyond the cap instead of spiralling (a background tab came back).
    if (world.tick < Math.floor(exact) - MAX_STEPS) startMs = nowMs - (world.tick * 1000) / cfg.tickrate;
    return Math.min(Math.max(exact - world.tick, 0), 1);
  };
  return {
    localId: LOCAL_ID,
    names: () => names,
    pings: () => new Map(world.players.map((p) => [p.id, 0])),
    view(nowMs): ClientView {
      const frac = advance(nowMs);
      const events = pending;
      pending = [];
      return buildPracticeView(previous, world, frac, LOCAL_ID, cfg.tickrate, events, practiceStats(world.tick, frac, cvars));
    },
    setInput(next) {
      input = { ...next };
    },
    cvars: () => cvars,
    setCvar: (name, value) => applyCvar(cvars, name, value),
    serverHitboxes: () => world.players.filter((p: PlayerState) => p.id !== LOCAL_ID).map(hitboxOf),
    lastRewind: () => rewind,
    leave: () => opts.onLeave?.(),
  };
}

function practiceStats(tick: number, frac: number, cvars: Cvars): NetStats {
  return {
    pingMs: 0, jitterMs: 0, lossIn: 0, lossOut: 0, snapshotsPerSec: 0, interpDelayMs: cvars.cl_interp * 1000, extrapolatingEntities: 0,
    bytesInPerSec: 0, bytesOutPerSec: 0, predictionErrorsPerSec: 0, cmdBufferDepth: 0, serverTick: tick, commandTick: tick, renderTick: tick - 1 + frac,
  };
}
