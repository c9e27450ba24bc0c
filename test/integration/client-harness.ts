/**
 * A real NetClient as a harness player: the thin adapter between test/harness's HarnessClient
 * contract and src/client, plus the frame loop a browser would run (view → decide input → update).
 *
 * Inputs: a `Pilot` that picks the input for each rendered frame from the view the player sees.
 * Outputs: the NetClient's packets to the harness; per-frame observations for the tests (views,
 * the render time and remotes behind every command tick issued).
 * Invariants: frames at `frameMs` of virtual time (not phase-locked to ticks); no real clock.
 */
import { NetClient } from '../../src/client/net-client';
import type { ClientView, InputSample, RemotePlayerView } from '../../src/client/view-model';
import { defaultCvars, interpDelaySeconds, type Cvars } from '../../src/config/cvars';
import type { ClientNetSettings } from '../../src/server/snapshot-scheduler';
import { WEAPON_KEEP, type PlayerId, type Tick } from '../../src/sim/types';
import type { HarnessClient } from '../harness/harness-client';

export type Pilot = (view: ClientView, nowMs: number) => InputSample;

export const IDLE: InputSample = { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };

/** What a command tick was decided from: the frame's remotes at the render time it carries. */
export interface IssuedFrame {
  renderTick: number;
  remotes: RemotePlayerView[];
}

export class PilotedClient implements HarnessClient {
  readonly net: NetClient;
  private nextFrameMs = 0;
  private issuedUpTo: Tick = -1;
  /** Per command tick, the frame it was issued in (only kept when `recordFrames`). */
  readonly issued = new Map<Tick, IssuedFrame>();
  onFrame: ((view: ClientView, nowMs: number) => void) | null = null;

  constructor(
    readonly id: PlayerId,
    public pilot: Pilot,
    private readonly cvars: Cvars = defaultCvars(),
    private readonly frameMs = 1000 / 60,
    private readonly recordFrames = false,
  ) {
    this.net = new NetClient({ clientId: id, tickrate: 60, cvars });
  }

  onPacket(bytes: Uint8Array, nowMs: number): void {
    this.net.receive(bytes, nowMs);
  }

  update(nowMs: number): Uint8Array[] {
    if (nowMs < this.nextFrameMs) return [];
    this.nextFrameMs += this.frameMs;
    const view = this.net.view(nowMs);
    this.onFrame?.(view, nowMs);
    this.net.setInput(this.pilot(view, nowMs));
    const packets = this.net.update(nowMs);
    const newest = this.net.stats.commandTick;
    if (this.recordFrames && view.local) {
      for (let t = this.issuedUpTo + 1; t <= newest; t++) this.issued.set(t, { renderTick: view.stats.renderTick, remotes: view.remotes });
    }
    this.issuedUpTo = newest;
    return packets;
  }

  netSettings(): ClientNetSettings {
    return { updateRate: this.cvars.cl_updaterate, rate: this.cvars.rate, interpMs: interpDelaySeconds(this.cvars) * 1000 };
  }
}

/** Seeded uniform [0, 1) (mulberry32). */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Move input (int8 axes) steering from (x, y) toward (tx, ty); stops inside `slack`. */
export function steer(x: number, y: number, tx: number, ty: number, slack = 8): { moveX: number; moveY: number } {
  const dx = tx - x;
  const dy = ty - y;
  const d = Math.hypot(dx, dy);
  if (d < slack) return { moveX: 0, moveY: 0 };
  return { moveX: Math.round((dx / d) * 127), moveY: Math.round((dy / d) * 127) };
}
