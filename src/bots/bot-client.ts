/**
 * BotClient: a scripted protocol client, used as the test harness's bots and the dedicated host's
 * bots. It reads snapshots (SnapshotReceiver), keeps a simple clock, and sends one UserCmd per
 * client tick in command packets of the newest three, with the ack and a send time, like a real
 * client but without prediction.
 *
 * Clock: the stream time (server tick of the snapshots arriving now) comes from the snapshots;
 * the command tick runs one RTT plus `leadTicks` ahead of it, so commands arrive just before the
 * server needs them. The render time for others is stream time minus the interpolation delay,
 * and every command carries it as its view time (what lag compensation rewinds to).
 * Cheats for tests: `tickScale` 2 makes commands at twice the tick rate; `forgePackets` replaces
 * every packet by packets of its choosing (forged ticks, forged view times).
 */
import { encodeCmdPacket, quantizeCmdPacket } from '../protocol/cmd-packet';
import { ARENA_COMMANDS } from '../arena/protocol/arena-commands';
import type { KickReason } from '../protocol/control-messages';
import { CMDS_PER_PACKET } from '../arena/protocol/arena-messages';
import {
  WEAPON_KEEP,
  type PlayerId,
  type PlayerState,
  type PublicPlayerState,
  type Tick,
  type UserCmd,
} from '../sim/types';
import { stateAt } from './interpolate';
import { SnapshotReceiver } from './snapshot-receiver';

/** What a bot asks of the server: the fields of the `settings` control message it would send. */
export interface BotNetSettings {
  updateRate: number;
  rate: number;
  interpMs: number;
}

export type CmdInput = Partial<Pick<UserCmd, 'moveX' | 'moveY' | 'aim' | 'buttons' | 'weaponSelect'>>;

export interface BotContext {
  /** The command tick being made. */
  tick: Tick;
  nowMs: number;
  /** Render time for others (fractional server ticks) that this command will claim. */
  renderTime: number;
  /** Own player from the newest snapshot. */
  self: PlayerState | null;
  /** Another player as drawn at the render time. */
  seen(id: PlayerId): PublicPlayerState | null;
  /** The other players of the newest snapshot. */
  others: readonly PublicPlayerState[];
}

export type BotScript = (ctx: BotContext) => CmdInput;

export interface BotOptions {
  tickrate: number;
  script?: BotScript;
  net?: Partial<BotNetSettings>;
  leadTicks?: number;
  tickScale?: number;
  /** Replaces each packet's commands by any number of packets (each 1..3 consecutive commands). */
  forgePackets?: (cmds: UserCmd[], nowMs: number) => UserCmd[][];
}

export class BotClient {
  readonly rx: SnapshotReceiver;
  private readonly cmds: UserCmd[] = [];
  private lastCmdTick: Tick = -1;
  private rttMs: number | null = null;
  private firstCmdMs: number | null = null;
  private readonly net: BotNetSettings;
  kicked: { reason: KickReason; text: string } | null = null;
  readonly counters = { packetsOut: 0, cmdsMade: 0, clockJumps: 0 };

  constructor(
    readonly id: PlayerId,
    private readonly opts: BotOptions,
  ) {
    this.rx = new SnapshotReceiver(opts.tickrate);
    this.net = { updateRate: 30, rate: 40000, interpMs: 100, ...opts.net };
  }

  /** Send times (ms mod 65536) of our recent packets: the echoes that are real. */
  private readonly sentTimes: number[] = [];

  netSettings(): BotNetSettings {
    return this.net;
  }

  onKick(reason: KickReason, text: string): void {
    this.kicked = { reason, text };
  }

  get rtt(): number | null {
    return this.rttMs;
  }

  onPacket(bytes: Uint8Array, nowMs: number): void {
    const snap = this.rx.receive(bytes, nowMs);
    if (!snap || snap.serverTick !== this.rx.newestTick) return;
    // Only an echo of a send time we used is one: before our first packet arrives the server
    // echoes 0, which would read as an RTT of the whole time since the match began.
    if (!this.sentTimes.includes(snap.echoTimeMs)) return;
    // RTT from the echoed send time, minus the time the server held the packet.
    const sample = ((((Math.floor(nowMs) - snap.echoTimeMs) % 65536) + 65536) % 65536) - snap.echoHoldMs;
    if (sample >= 0 && sample < 5000)
      this.rttMs = this.rttMs === null ? sample : this.rttMs + (sample - this.rttMs) / 8;
  }

  /** Render time for others, in fractional server ticks. */
  renderTime(nowMs: number): number | null {
    const stream = this.rx.streamTime(nowMs);
    return stream === null ? null : stream - (this.net.interpMs * this.opts.tickrate) / 1000;
  }

  private desiredTick(nowMs: number, stream: number): number {
    const tps = this.opts.tickrate / 1000;
    const honest = Math.floor(stream + (this.rttMs ?? 0) * tps + (this.opts.leadTicks ?? 2));
    const scale = this.opts.tickScale ?? 1;
    if (scale === 1 || this.firstCmdMs === null) return honest;
    return honest + Math.floor((scale - 1) * (nowMs - this.firstCmdMs) * tps);
  }

  update(nowMs: number): Uint8Array[] {
    const stream = this.rx.streamTime(nowMs);
    if (stream === null) return [];
    const desired = this.desiredTick(nowMs, stream);
    if (this.lastCmdTick < 0 || desired - this.lastCmdTick > 30) {
      if (this.lastCmdTick >= 0) this.counters.clockJumps++;
      this.lastCmdTick = desired - 1;
      // A packet carries consecutive ticks only: the commands before the jump go unsent.
      this.cmds.length = 0;
    }
    if (this.firstCmdMs === null) this.firstCmdMs = nowMs;
    let made = 0;
    while (this.lastCmdTick < desired) {
      this.lastCmdTick++;
      this.makeCmd(this.lastCmdTick, nowMs);
      made++;
    }
    if (made === 0) return [];
    const cmds = this.cmds.slice(-CMDS_PER_PACKET);
    const packets = this.opts.forgePackets ? this.opts.forgePackets(cmds, nowMs) : [cmds];
    this.counters.packetsOut += packets.length;
    const sendTimeMs = Math.floor(nowMs) % 65536;
    this.sentTimes.push(sendTimeMs);
    if (this.sentTimes.length > 128) this.sentTimes.shift();
    // Scripts (and forged packets) may say anything: made sendable the way any client must.
    return packets.map((p) =>
      encodeCmdPacket(
        ARENA_COMMANDS,
        quantizeCmdPacket(ARENA_COMMANDS, {
          ackTick: this.rx.newestTick > 0 ? this.rx.newestTick : null,
          sendTimeMs,
          cmds: p,
        }),
      ),
    );
  }

  private makeCmd(tick: Tick, nowMs: number): void {
    const render = Math.max(0, this.renderTime(nowMs) ?? 0);
    const viewTick = Math.floor(render);
    const ctx: BotContext = {
      tick,
      nowMs,
      renderTime: viewTick + Math.floor((render - viewTick) * 256) / 256,
      self: this.rx.self,
      seen: (id) => stateAt(this.rx.history.get(id), ctx.renderTime),
      others: this.rx.newest?.players ?? [],
    };
    const input = this.opts.script ? this.opts.script(ctx) : {};
    const cmd: UserCmd = {
      tick,
      moveX: input.moveX ?? 0,
      moveY: input.moveY ?? 0,
      aim: input.aim ?? 0,
      buttons: input.buttons ?? 0,
      weaponSelect: input.weaponSelect ?? WEAPON_KEEP,
      viewTick,
      viewFrac: Math.floor((render - viewTick) * 256),
    };
    this.cmds.push(cmd);
    if (this.cmds.length > CMDS_PER_PACKET) this.cmds.shift();
    this.counters.cmdsMade++;
  }
}
