/**
 * One player's client in the page, host and joiner alike: a NetClient fed from the unreliable
 * channel (wrapped in a ConditionedChannel for net_fakelag/jitter/loss), driven one frame at a time,
 * plus the cvars and the scripted input the debug API drives.
 *
 * One driver: `frame(input)` is the renderer's frame (the input it sampled for this frame → the
 * commands owed, predicted → the view it draws). `idleFrame()` is the page loop's, and stands in
 * only while no renderer frame has run for RENDERER_STALL_MS (the lobby, `?render=0`, no WebGL, a
 * background tab whose animation frames stopped): it goes on sending commands with the last input.
 * So a frame's commands are never issued by another loop just before the renderer samples input.
 *
 * Inputs: the raw unreliable channel (WebRTC or loopback), times from `timers.now()`, input from
 * the renderer or a script. Outputs: command packets on the channel, the view of each frame,
 * settings changes through `hooks`. Invariant: the NetClient sees only times from one clock and
 * bytes in arrival order of the conditioned channel; events of frames nobody drew while a renderer
 * was stalled are handed to its next frame (bounded); the last 256 are kept in a ring so the debug
 * API can read them without stealing them from the renderer.
 * The newest 'debug' message from the server (asked for while sv_showhitboxes is 1) is kept as
 * `serverDebug` for the overlays; it is forgotten when the cvar goes back to 0.
 * Host migration: `rebind(unreliable)` moves the session to a new server's channel (commands go
 * there, snapshots come from it); the NetClient carries the match on (NetClient.rebind) and the new
 * server is told the network settings. The old channel is left to its owner (not closed here).
 */
import { setCvar as applyCvar, type CvarIssue, type Cvars } from '../config/cvars';
import { NetClient } from '../client/net-client';
import type { ArenaClientTypes } from '../arena/client/arena-client-types';
import type { DebugMessage } from '../protocol/debug-messages';
import type { KillCamMessage } from '../protocol/kill-cam-codec';
import { KillCamShow } from '../client/kill-cam-show';
import type { PlayerId } from '../sim/types';
import type { ScriptedInput, SessionGame, SessionTypes, ViewEventOf } from './session-games';
import type { Channel } from '../transport/channel';
import { ConditionedChannel, type Timers } from '../transport/conditioned-channel';

/** What the server is told in a 'settings' message; `debug` asks for 'debug' messages, `killCam` for kill-cams. */
export interface ClientSettings {
  updateRate: number;
  rate: number;
  interpMs: number;
  debug: boolean;
  killCam: boolean;
}

export interface SessionHooks {
  /** The client's network settings changed (cl_updaterate, rate, cl_interp, sv_showhitboxes…): tell the server. */
  sendSettings(s: ClientSettings): void;
  /** A server-side cvar changed (host only). */
  serverSetting?(name: 'sv_lagcompensation' | 'sv_maxunlag', value: number): void;
}

export type { ScriptedInput } from './session-games';

const EVENT_RING = 256;
/**
 * How long without a renderer frame before the page loop drives the client: longer than the slowest
 * frame a software renderer draws (SwiftShader here: ~50 ms), shorter than the 250 ms of silence after
 * which the host gives a player neutral commands.
 */
export const RENDERER_STALL_MS = 200;
const ARRIVAL_RING = 4096;

/** When a snapshot for a new server tick arrived (page clock, ms): what the network benchmark reads. */
export interface SnapshotArrival {
  tick: number;
  atMs: number;
  bytes: number;
}
const NET_SETTING_CVARS = new Set([
  'cl_updaterate',
  'rate',
  'cl_interp',
  'cl_interp_ratio',
  'sv_showhitboxes',
  'cl_killcam',
]);

/** `T`: the game's client types (the arena's unless the lobby plays another game, see session-games.ts). */
export class ClientSession<T extends SessionTypes = ArenaClientTypes> {
  readonly net: NetClient<T>;
  private conditioned: ConditionedChannel;
  private stopListening: () => void;
  /** The interpolation delay last told to the host, and when (netSettings() records both). */
  private sentInterpMs = -1;
  private sentSettingsAtMs = Number.NEGATIVE_INFINITY;
  readonly recentEvents: Array<ViewEventOf<T>> = [];
  readonly arrivals: SnapshotArrival[] = [];
  lastView: T['view'] | null = null;
  /** The newest 'debug' message from the server, while sv_showhitboxes is 1. */
  serverDebug: DebugMessage | null = null;
  /** The kill-cam of the own player's last death (cl_killcam 1), shown until it ends; kept for the debug API. */
  killCam: KillCamShow<T> | null = null;
  /** Kill-cam messages that could not be shown (a replay that did not open). */
  killCamRefused = 0;
  /** The input the renderer sampled last: what the page loop's frames go on with. */
  private gameInput: T['input'];
  /** When the renderer last drew a frame (-Infinity: never). */
  private rendererFrameAtMs = Number.NEGATIVE_INFINITY;
  /** Events of the page loop's frames, for the renderer's next frame. */
  private heldEvents: Array<ViewEventOf<T>> = [];
  private script: { spec: ScriptedInput; untilMs: number } | null = null;
  private readonly current: Cvars;

  constructor(
    readonly localId: PlayerId,
    readonly tickrate: number,
    cvars: Cvars,
    unreliable: Channel,
    private readonly timers: Timers,
    private hooks: SessionHooks,
    readonly game: SessionGame<T>,
  ) {
    this.current = { ...cvars };
    this.gameInput = game.idle;
    this.net = new NetClient({ clientId: localId, tickrate, cvars: this.current, game: game.client });
    this.conditioned = this.condition(unreliable);
    this.stopListening = this.conditioned.onMessage((bytes) => this.receive(bytes));
    hooks.sendSettings(this.netSettings());
  }

  /** The unreliable channel in use (net_fake* conditioned): the new server's after a rebind. */
  get channel(): ConditionedChannel {
    return this.conditioned;
  }

  /**
   * Host migration: from now on commands go to, and snapshots come from, `unreliable` (a new server
   * running the same match). Prediction, interpolation, event de-duplication and cvars carry on;
   * what belonged to the old server is reset (NetClient.rebind). The new server is told the network
   * settings through `hooks` (the new link's, when given). The old channel is not closed here.
   */
  rebind(unreliable: Channel, hooks: SessionHooks = this.hooks): void {
    this.stopListening();
    this.hooks = hooks;
    this.net.rebind();
    this.serverDebug = null;
    this.conditioned = this.condition(unreliable);
    this.stopListening = this.conditioned.onMessage((bytes) => this.receive(bytes));
    hooks.sendSettings(this.netSettings());
  }

  private condition(unreliable: Channel): ConditionedChannel {
    // Each channel its own seeded loss pattern: the same seed again would repeat the old one's.
    const seed = (this.localId * 2654435761 + this.net.rebindCount * 40503) >>> 0;
    const channel = new ConditionedChannel(unreliable, this.timers, seed);
    channel.configure(this.current);
    return channel;
  }

  now(): number {
    return this.timers.now();
  }

  cvars(): Readonly<Cvars> {
    return this.current;
  }

  /**
   * The renderer's frame: `input` is what it sampled for this frame (a running script overrides it);
   * the commands owed now are issued with it, then the view is built and returned. Its events
   * include those of the frames the page loop ran while this renderer did not draw.
   */
  frame(input: T['input'], nowMs: number = this.timers.now()): T['view'] {
    this.rendererFrameAtMs = nowMs;
    // The renderer may reuse its sample object: the page loop's frames go on with a copy.
    this.gameInput = this.game.copyInput(input);
    const v = this.run(nowMs);
    if (this.heldEvents.length === 0) return v;
    const view = { ...v, events: [...this.heldEvents, ...v.events] };
    this.heldEvents = [];
    return view;
  }

  /**
   * The page loop's frame, run only while no renderer frame has run for RENDERER_STALL_MS: commands
   * keep flowing with the last input (or the script) and the view stays fresh for the debug API.
   * Returns whether it ran.
   */
  idleFrame(nowMs: number = this.timers.now()): boolean {
    if (nowMs - this.rendererFrameAtMs < RENDERER_STALL_MS) return false;
    const v = this.run(nowMs);
    // A renderer that drew before will want what happened while it was stalled (kill feed, hits).
    if (this.rendererFrameAtMs > Number.NEGATIVE_INFINITY) {
      this.heldEvents.push(...v.events);
      if (this.heldEvents.length > EVENT_RING) this.heldEvents.splice(0, this.heldEvents.length - EVENT_RING);
    }
    return true;
  }

  private run(now: number): T['view'] {
    const { packets, view } = this.net.frame(now, this.inputFor(now));
    for (const packet of packets) this.channel.send(packet);
    this.resendSettingsIfDelayMoved(now);
    this.lastView = view;
    for (const e of view.events) this.recentEvents.push(e);
    if (this.recentEvents.length > EVENT_RING) this.recentEvents.splice(0, this.recentEvents.length - EVENT_RING);
    return view;
  }

  /**
   * The host checks every command's claimed view time against the interpolation delay it was told:
   * when cl_interp_adaptive moves the delay, tell it again (at most once a second).
   */
  private resendSettingsIfDelayMoved(now: number): void {
    if (this.net.netSettings().interpMs === this.sentInterpMs || now - this.sentSettingsAtMs < 1000) return;
    this.hooks.sendSettings(this.netSettings());
  }

  private receive(bytes: Uint8Array): void {
    const now = this.timers.now();
    const before = this.net.stats.serverTick;
    this.net.receive(bytes, now);
    const after = this.net.stats.serverTick;
    if (after > before) {
      this.arrivals.push({ tick: after, atMs: now, bytes: bytes.byteLength });
      if (this.arrivals.length > ARRIVAL_RING) this.arrivals.splice(0, this.arrivals.length - ARRIVAL_RING);
    }
  }

  /** A 'debug' message arrived (over the reliable channel, or locally on the host's page). */
  receiveDebug(m: DebugMessage): void {
    // One may still be in flight after the overlay was switched off: don't resurrect it.
    if (this.current.sv_showhitboxes !== 1) return;
    if (!this.serverDebug || m.tick >= this.serverDebug.tick) this.serverDebug = m;
  }

  /** A 'debug' or 'killcam' message from the server (a joiner's reliable channel, or the host's own worker). */
  receiveRelayed(m: DebugMessage | KillCamMessage): void {
    if (m.type === 'debug') this.receiveDebug(m);
    else this.receiveKillCam(m);
  }

  /** A 'killcam' message arrived (reliable channel, or locally on the host's page): shown from the next frame. */
  receiveKillCam(m: KillCamMessage): void {
    // One may still be in flight after the setting was switched off.
    if (this.current.cl_killcam !== 1) return;
    const show = KillCamShow.open(this.game.client, m, this.timers.now());
    if (show.ok) this.killCam = show.value;
    else this.killCamRefused++;
  }

  runScript(spec: ScriptedInput): void {
    const ms = Number.isFinite(spec.ms) ? Math.min(Math.max(spec.ms, 0), 60_000) : 0;
    this.script = { spec, untilMs: this.timers.now() + ms };
  }

  get scripting(): boolean {
    return this.script !== null && this.timers.now() < this.script.untilMs;
  }

  setCvar(name: string, value: number | string): CvarIssue | null {
    const issue = applyCvar(this.current, name, value);
    this.net.setCvars(this.current);
    this.channel.configure(this.current);
    if (NET_SETTING_CVARS.has(name)) this.hooks.sendSettings(this.netSettings());
    if (this.current.sv_showhitboxes !== 1) this.serverDebug = null;
    if (this.current.cl_killcam !== 1) this.killCam?.skip(this.timers.now());
    if (name === 'sv_lagcompensation' || name === 'sv_maxunlag') this.hooks.serverSetting?.(name, this.current[name]);
    return issue;
  }

  close(): void {
    this.channel.close();
  }

  private netSettings(): ClientSettings {
    const c = this.current;
    // The delay in use (raised by cl_interp_adaptive), as the net client reports it.
    const { interpMs } = this.net.netSettings();
    this.sentInterpMs = interpMs;
    this.sentSettingsAtMs = this.timers.now();
    return {
      updateRate: c.cl_updaterate,
      rate: c.rate,
      interpMs,
      debug: c.sv_showhitboxes === 1,
      killCam: c.cl_killcam === 1,
    };
  }

  private inputFor(now: number): T['input'] {
    if (!this.script) return this.gameInput;
    if (now >= this.script.untilMs) {
      this.script = null;
      return this.game.idle;
    }
    return this.game.scripted(this.script.spec, this.lastView);
  }
}
