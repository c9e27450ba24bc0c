/**
 * ReferenceClient: a complete Rewind Arena client with no game in it, written from docs/ alone.
 * It joins a lobby (auth-challenge → the host's proof, checked; then hello → welcome, then its
 * network settings), sends a command packet every
 * tick (its input, the newest three commands, the ack of the newest snapshot it holds), decodes
 * every snapshot against the baselines it holds, and records what it saw.
 *
 * Session rules it follows (docs/PROTOCOL.md "Session"): snapshots start right after welcome, in
 * the lobby, and the commands it sends are also its keepalive (5 s without a packet is a kick);
 * commands run at most ~1 s ahead of the server, so it places its command clock a few ticks ahead
 * of the newest snapshot and nudges it by the `cmdBufferDepth` the host reports.
 */
import { performance } from 'node:perf_hooks';
import { encodeCommandPacket, WEAPON_KEEP, type Command } from './commands';
import { connect, type Link } from './connection';
import { webcrypto } from 'node:crypto';
import {
  decodeControl,
  encodeChallenge,
  encodeHello,
  encodeLeave,
  encodeSettings,
  NONCE_BYTES,
  TOKEN_BYTES,
  type Control,
} from './control';
import { checkHostProof, proofTranscript } from './host-proof';
import { decodeSnapshot, PartAssembler, type GameEvent, type SnapshotPart } from './snapshot';

export type Welcome = Extract<Control, { type: 'welcome' }>;
export type Input = Pick<Command, 'moveX' | 'moveY' | 'aim' | 'buttons' | 'weaponSelect'>;

export interface Seen {
  /** Unreliable datagrams received, decoded, refused (with the reasons). */
  datagrams: number;
  decoded: number;
  refused: string[];
  fullSnapshots: number;
  deltaSnapshots: number;
  /** Complete snapshots (all parts of a tick). */
  snapshots: number;
  commandPackets: number;
  commands: number;
  /** Events by type, each counted once (events repeat until acked; ids tell repeats apart). */
  events: Record<string, number>;
  kick: { reason: string; text: string } | null;
  /** Why the link broke under a send (the host went away), or null. */
  linkLost: string | null;
}

/** The handshake as it happened (docs/PROTOCOL.md "Handshake"), for tests and for reading. */
export interface HandshakeRecord {
  challenge: Uint8Array;
  /** The host's first answer, as received (an auth-proof, or anything else it sent). */
  answer: Uint8Array | null;
  /** The text the proof had to sign, as this client built it from its own view of the connection. */
  transcript: string | null;
  verdict: string;
  hello: Uint8Array | null;
}

const LEAD_TICKS = 4;
const PROOF_TIMEOUT_MS = 5000;
const HELD_SNAPSHOTS = 128;
const HISTORY = 1200;

export class ReferenceClient {
  readonly seen: Seen = {
    datagrams: 0,
    decoded: 0,
    refused: [],
    fullSnapshots: 0,
    deltaSnapshots: 0,
    snapshots: 0,
    commandPackets: 0,
    commands: 0,
    events: {},
    kick: null,
    linkLost: null,
  };
  /** Complete snapshots by server tick (the newest HISTORY), as decoded. */
  readonly history = new Map<number, SnapshotPart>();
  /** Every distinct event, in arrival order. */
  readonly eventLog: GameEvent[] = [];
  welcome: Welcome | null = null;
  handshake: HandshakeRecord | null = null;
  input: Input = { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };

  private link: Link | null = null;
  private readonly held = new Map<number, SnapshotPart>();
  private newestHeld: number | null = null;
  private readonly parts = new PartAssembler();
  private readonly eventIds = new Set<number>();
  private cmds: Command[] = [];
  private nextCmdTick = 0;
  private clock: { tick: number; atMs: number; adjustedMs: number } | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly settings = { updateRate: 60, rate: 100_000, interpMs: 100 }) {}

  /** Random per client: what the host bans when it kicks us. */
  readonly browserToken = webcrypto.getRandomValues(new Uint8Array(TOKEN_BYTES));
  /** Random per client too: joining again with it (`join` after a lost link) gives back our seat and score. */
  readonly seatToken = webcrypto.getRandomValues(new Uint8Array(TOKEN_BYTES));

  /**
   * Joins the lobby of `lobbyLink`; resolves with the welcome or rejects with the host's reason,
   * or with "not the host" when the peer on the lobby's id cannot prove the link's key.
   */
  async join(lobbyLink: string, name: string, password = ''): Promise<Welcome> {
    this.link = await connect(lobbyLink);
    const link = this.link;
    // One listener, two stages: first the host's proof, then its answer to our hello.
    let onProof: ((m: Control | null) => void) | null = null;
    let answer: Uint8Array | null = null;
    const proven = new Promise<Control | null>((resolve) => {
      onProof = resolve;
      // A host that says nothing, or hangs up, proves nothing.
      setTimeout(() => resolve(null), PROOF_TIMEOUT_MS);
      link.reliable.addEventListener('close', () => resolve(null));
    });
    const welcome = new Promise<Welcome>((resolve, reject) => {
      link.reliable.addEventListener('message', (ev: MessageEvent) => {
        const bytes = new Uint8Array(ev.data as ArrayBuffer);
        const m = decodeControl(bytes);
        if (onProof) {
          answer = bytes.slice();
          const stage = onProof;
          onProof = null;
          stage(m.ok ? m.value : null);
          return;
        }
        if (!m.ok) return;
        if (m.value.type === 'welcome') resolve((this.welcome = m.value));
        if (m.value.type === 'reject' || m.value.type === 'kick') {
          this.seen.kick = { reason: m.value.reason, text: m.value.text };
          this.stop();
          reject(new Error(`${m.value.type}: ${m.value.reason}: ${m.value.text}`));
        }
      });
    });
    const nonce = webcrypto.getRandomValues(new Uint8Array(NONCE_BYTES));
    const challenge = encodeChallenge(nonce);
    link.reliable.send(challenge);
    const proof = await proven;
    const sdp = link.descriptions();
    // A reject before the proof is anyone's (docs: shown as "not the host"), whatever its reason.
    const verdict =
      proof?.type === 'auth-proof'
        ? await checkHostProof(proof, {
            roomId: link.roomId,
            keyFingerprint: link.keyFingerprint,
            nonce,
            localSdp: sdp.local,
            remoteSdp: sdp.remote,
          })
        : proof?.type === 'reject'
          ? `a reject (${proof.reason}) instead of a proof`
          : 'no proof';
    this.handshake = {
      challenge,
      answer,
      transcript: proofTranscript({ roomId: link.roomId, nonce, localSdp: sdp.local, remoteSdp: sdp.remote }),
      verdict,
      hello: null,
    };
    if (verdict !== 'ok') {
      this.stop();
      // Nothing but the challenge was sent: no name, no password.
      throw new Error(`not the host of this lobby (${verdict})`);
    }
    link.unreliable.addEventListener('message', (ev: MessageEvent) =>
      this.onDatagram(new Uint8Array(ev.data as ArrayBuffer)),
    );
    const hello = encodeHello(name, password, this.browserToken, this.seatToken);
    this.handshake.hello = hello;
    link.reliable.send(hello);
    const w = await welcome;
    link.reliable.send(encodeSettings(this.settings.updateRate, this.settings.rate, this.settings.interpMs));
    const tickMs = 1000 / w.tickrate;
    this.timer = setInterval(() => this.tick(performance.now(), tickMs), Math.max(1, tickMs / 2));
    return w;
  }

  /** The newest complete snapshot. */
  get latest(): SnapshotPart | null {
    return this.newestHeld === null ? null : (this.held.get(this.newestHeld) ?? null);
  }

  /** Says goodbye on the reliable channel and closes everything. */
  async leave(): Promise<void> {
    try {
      this.link?.reliable.send(encodeLeave());
    } catch {
      // Already gone: nothing to say goodbye to.
    }
    await new Promise((r) => setTimeout(r, 100));
    this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.link?.close();
    this.link = null;
  }

  private onDatagram(bytes: Uint8Array): void {
    this.seen.datagrams++;
    const d = decodeSnapshot(bytes, (tick) => this.held.get(tick));
    if (!d.ok) {
      this.seen.refused.push(d.error);
      // Our copy of a baseline differs from the host's: forget them all and ack "none held".
      if (d.checksumMismatch) (this.held.clear(), (this.newestHeld = null));
      return;
    }
    this.seen.decoded++;
    if (d.value.baselineTick === 0) this.seen.fullSnapshots++;
    else this.seen.deltaSnapshots++;
    const whole = this.parts.add(d.value);
    if (whole) this.onSnapshot(whole);
  }

  private onSnapshot(s: SnapshotPart): void {
    this.seen.snapshots++;
    for (const e of s.events) {
      if (this.eventIds.has(e.id)) continue;
      this.eventIds.add(e.id);
      this.eventLog.push(e);
      this.seen.events[e.type] = (this.seen.events[e.type] ?? 0) + 1;
    }
    if (this.newestHeld !== null && s.serverTick <= this.newestHeld) return;
    this.held.set(s.serverTick, s);
    this.newestHeld = s.serverTick;
    for (const tick of this.held.keys()) if (tick <= s.serverTick - HELD_SNAPSHOTS) this.held.delete(tick);
    this.history.set(s.serverTick, s);
    if (this.history.size > HISTORY) this.history.delete(this.history.keys().next().value!);
    this.steerClock(s, performance.now());
  }

  /** Command clock: LEAD_TICKS ahead of the first snapshot, then kept 1-8 ticks ahead of the server. */
  private steerClock(s: SnapshotPart, now: number): void {
    if (!this.clock) {
      this.clock = { tick: s.serverTick + LEAD_TICKS, atMs: now, adjustedMs: now };
      this.nextCmdTick = this.clock.tick;
      return;
    }
    if (now - this.clock.adjustedMs < 250) return;
    if (s.cmdBufferDepth < 1) this.clock.tick += 2;
    else if (s.cmdBufferDepth > 8) this.clock.tick -= 1;
    else return;
    this.clock.adjustedMs = now;
  }

  private tick(now: number, tickMs: number): void {
    if (!this.clock || !this.link) return;
    const target = Math.floor(this.clock.tick + (now - this.clock.atMs) / tickMs);
    // After a stall of our own, jump ahead rather than send a burst of stale commands.
    if (target - this.nextCmdTick > 16) {
      this.nextCmdTick = target - 2;
      this.cmds = [];
    }
    if (this.nextCmdTick > target) return;
    const interpTicks = Math.round(this.settings.interpMs / tickMs);
    while (this.nextCmdTick <= target) {
      const viewTick = Math.max(0, (this.newestHeld ?? 0) - interpTicks);
      this.cmds.push({ tick: this.nextCmdTick++, ...this.input, viewTick, viewFrac: 0 });
      this.seen.commands++;
    }
    this.cmds = this.cmds.slice(-3);
    const packet = { ackTick: this.newestHeld, sendTimeMs: Math.floor(now) % 65536, cmds: this.cmds };
    if (this.link.unreliable.readyState !== 'open') return;
    try {
      this.link.unreliable.send(encodeCommandPacket(packet));
    } catch (err) {
      // The channel can still read 'open' for a moment after the host has gone (node-datachannel
      // then throws EPIPE from send): the session is over, so stop instead of throwing from a timer.
      this.seen.linkLost = err instanceof Error ? err.message : String(err);
      this.stop();
      return;
    }
    this.seen.commandPackets++;
  }
}
