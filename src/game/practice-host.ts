/**
 * A `GameHost` without a network: the whole world runs in the page with the shared sim, the local
 * player plus scripted bots. For practice, for developing the renderer, and for the renderer's e2e
 * checks and frame benchmark when no match is needed. It is *not* the netcode: no prediction, no
 * interpolation buffer; bodies are drawn between the last two ticks.
 *
 * Inputs: options, then per frame `frame(nowMs, input)`: the input first, then the whole ticks owed
 * by the clock are stepped with it (at most MAX_STEPS per call), as the NetClient issues its owed
 * commands with the frame's input, so a key moves the player in the frame that samples it whenever
 * a tick is owed. Outputs: ClientViews like the real client's, with stats that say "local" (zero
 * ping and traffic; `commandTick` is the newest tick stepped).
 * Invariants: ticks are integers; events are handed out once; the world is only changed by stepWorld.
 */
import type { ClientView, InputSample, NetStats } from '../arena/client/view-model';
import { defaultCvars, setCvar as applyCvar, type CvarIssue, type Cvars } from '../config/cvars';
import type { SimConfig } from '../sim/config';
import { hitboxOf } from '../sim/hitscan';
import { DEFAULT_MAP } from '../sim/map';
import { sanitizeCmd, type SanitizedCmd } from '../sim/quantize';
import { WEAPON_KEEP, type ArenaMap, type Hitbox, type SimEvent, type UserCmd, type WorldState } from '../sim/types';
import { addPlayer, createWorld, newStepScratch, stepWorld } from '../sim/world';
import type { GameHost, RewindDebug } from './game-host';
import { botCmd } from './practice-bots';
import { buildPracticeView } from './practice-view';
import { quietNetStats } from '../client/net-stats';

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

class PracticeHost implements GameHost {
  readonly localId = LOCAL_ID;
  private readonly cfg: SimConfig;
  private world: WorldState;
  private previous: WorldState;
  /** Reused by every step (the hitboxes and per-player temporaries); no world ever points into it. */
  private readonly stepScratch = newStepScratch();
  private startMs: number | null = null;
  private input: InputSample = { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };
  private pending: { tick: number; event: SimEvent }[] = [];
  private rewind: RewindDebug | null = null;
  private readonly settings: Cvars = defaultCvars();
  private readonly nameMap: Map<number, string>;

  constructor(private readonly opts: PracticeOptions) {
    this.cfg = { tickrate: opts.tickrate ?? 60, map: opts.map ?? DEFAULT_MAP };
    let world = createWorld(opts.seed ?? 1);
    for (let id = 0; id <= (opts.bots ?? 3); id++) world = addPlayer(world, id, this.cfg);
    this.world = world;
    this.previous = world;
    this.nameMap = new Map(world.players.map((p) => [p.id, p.id === LOCAL_ID ? (opts.name ?? 'you') : `bot ${p.id}`]));
  }

  names(): ReadonlyMap<number, string> {
    return this.nameMap;
  }

  pings(): ReadonlyMap<number, number> {
    return new Map(this.world.players.map((p) => [p.id, 0]));
  }

  frame(nowMs: number, input: InputSample): ClientView {
    this.input = { ...input };
    const frac = this.advance(nowMs);
    const events = this.pending;
    this.pending = [];
    return buildPracticeView(
      this.previous,
      this.world,
      frac,
      LOCAL_ID,
      this.cfg.tickrate,
      events,
      practiceStats(this.world.tick, frac, this.settings),
    );
  }

  cvars(): Readonly<Cvars> {
    return this.settings;
  }

  setCvar(name: string, value: number | string): CvarIssue | null {
    return applyCvar(this.settings, name, value);
  }

  serverHitboxes(): Hitbox[] {
    return this.world.players.filter((p) => p.id !== LOCAL_ID).map(hitboxOf);
  }

  lastRewind(): RewindDebug | null {
    return this.rewind;
  }

  leave(): void {
    this.opts.onLeave?.();
  }

  private commands(tick: number): Map<number, SanitizedCmd> {
    const me = this.world.players.find((p) => p.id === LOCAL_ID) ?? null;
    const cmds = new Map<number, SanitizedCmd>();
    cmds.set(LOCAL_ID, sanitizeCmd({ ...this.input, tick, viewTick: this.world.tick, viewFrac: 0 }));
    for (const p of this.world.players) {
      if (p.id !== LOCAL_ID)
        cmds.set(
          p.id,
          sanitizeCmd(
            botCmd(p.id, tick, this.cfg.tickrate, p, me && me.alive ? me : null, this.opts.botsFire ?? false),
          ),
        );
    }
    return cmds;
  }

  private step(): void {
    const tick = this.world.tick + 1;
    let shotBoxes: Hitbox[] | null = null;
    const live = this.world.players.map(hitboxOf);
    const result = stepWorld(
      this.world,
      this.commands(tick),
      this.cfg,
      {
        hitboxesForShot: (shot) => {
          if (shot.shooter === LOCAL_ID) shotBoxes = live;
          return live;
        },
      },
      this.stepScratch,
    );
    this.previous = this.world;
    this.world = result.world;
    for (const event of result.events) this.pending.push({ tick, event });
    if (shotBoxes) {
      const hit = result.events.find((e) => e.type === 'hit' && e.shooter === LOCAL_ID);
      this.rewind = {
        tick,
        viewTime: tick - 1,
        hitboxes: shotBoxes,
        hit: hit && hit.type === 'hit' ? hit.target : null,
      };
    }
  }

  /** Steps the ticks owed by the clock (bounded) and returns the fraction of the next tick elapsed. */
  private advance(nowMs: number): number {
    this.startMs ??= nowMs;
    const exact = ((nowMs - this.startMs) * this.cfg.tickrate) / 1000;
    for (let n = 0; n < MAX_STEPS && this.world.tick < Math.floor(exact); n++) this.step();
    // Drop owed ticks beyond the cap instead of spiralling (a background tab came back).
    if (this.world.tick < Math.floor(exact) - MAX_STEPS)
      this.startMs = nowMs - (this.world.tick * 1000) / this.cfg.tickrate;
    return Math.min(Math.max(exact - this.world.tick, 0), 1);
  }
}

/** A plain object (not the class instance), so callers may spread or wrap it like any other GameHost. */
export function createPracticeHost(opts: PracticeOptions = {}): GameHost {
  const h = new PracticeHost(opts);
  return {
    localId: h.localId,
    names: () => h.names(),
    pings: () => h.pings(),
    frame: (now, input) => h.frame(now, input),
    cvars: () => h.cvars(),
    setCvar: (name, value) => h.setCvar(name, value),
    serverHitboxes: () => h.serverHitboxes(),
    lastRewind: () => h.lastRewind(),
    leave: () => h.leave(),
  };
}

function practiceStats(tick: number, frac: number, cvars: Cvars): NetStats {
  return quietNetStats({
    interpDelayMs: cvars.cl_interp * 1000,
    serverTick: tick,
    commandTick: tick,
    renderTick: tick - 1 + frac,
  });
}
