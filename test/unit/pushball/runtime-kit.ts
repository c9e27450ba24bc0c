/**
 * The Pushball runtime tests' kit: a runtime on the fake clock, a client on an in-memory port that
 * sends real command packets and decodes every snapshot, and `play`, which runs them together.
 */
import { encodeCmdPacket } from '../../../src/protocol/cmd-packet';
import { SnapshotDecoder } from '../../../src/protocol/snapshot-decoder';
import type { SnapshotOf } from '../../../src/protocol/snapshot-types';
import { PUSHBALL_COMMANDS } from '../../../src/pushball/protocol/pushball-commands';
import { PUSHBALL_WIRE, type PushballWireTypes } from '../../../src/pushball/protocol/pushball-wire';
import { pushballServerGame } from '../../../src/pushball/server/pushball-server-game';
import type { PushballTypes, PushballReport } from '../../../src/pushball/server/pushball-types';
import { sanitizePushCmd, type SanitizedPushCmd } from '../../../src/pushball/sim';
import type { RuntimeGameFactory } from '../../../src/server/game-migration';
import { ServerRuntime, type ServerNotice } from '../../../src/server/server-runtime';
import { FakeClock, FakePort } from '../server/runtime-fakes';

type Snap = SnapshotOf<PushballWireTypes>;
export const TICKRATE = 60;

/** A client on a port: commands for the ticks ahead of the newest snapshot, snapshots decoded against what it holds. */
export class PortClient {
  readonly port = new FakePort();
  readonly decoder = new SnapshotDecoder<PushballWireTypes>(PUSHBALL_WIRE);
  readonly held = new Map<number, Snap>();
  readonly recent: SanitizedPushCmd[] = [];
  newest: Snap | null = null;
  decoded = 0;
  deltas = 0;
  private read = 0;
  private lastCmdTick = 0;

  /** `moveX`: where this client pushes its stick (the other axis stays still). */
  constructor(
    readonly id: number,
    readonly moveX: number,
  ) {}

  /** Decodes what arrived since the last call; throws on a snapshot that does not decode. */
  drain(): void {
    for (; this.read < this.port.posted.length; this.read++) {
      const r = this.decoder.decode(this.port.posted[this.read]!, (t) => this.held.get(t));
      if (!r.ok) throw new Error(r.error);
      const s = r.value;
      if (s.baselineTick > 0) this.deltas++;
      this.held.set(s.serverTick, s);
      this.newest = s;
      this.decoded++;
    }
  }

  /** Sends the commands up to two ticks ahead of `serverTick` (three newest in each packet), acking the newest snapshot. */
  send(serverTick: number, nowMs: number): void {
    for (let tick = Math.max(this.lastCmdTick + 1, serverTick + 1); tick <= serverTick + 2; tick++) {
      this.recent.push(sanitizePushCmd({ tick, moveX: this.moveX, moveY: 0, buttons: 0 }));
      if (this.recent.length > 3) this.recent.shift();
      this.lastCmdTick = tick;
    }
    const ackTick = this.newest ? this.newest.serverTick : null;
    const bytes = encodeCmdPacket(PUSHBALL_COMMANDS, { ackTick, sendTimeMs: nowMs % 65536, cmds: this.recent });
    this.port.handler?.(bytes);
  }
}

export function pushballRuntime(makeGame: RuntimeGameFactory<PushballTypes> = pushballServerGame) {
  const clock = new FakeClock();
  const rt = new ServerRuntime<number, PushballTypes>(
    { now: () => clock.now, schedule: clock.schedule, cancel: clock.cancel },
    makeGame,
  );
  const notices: ServerNotice<PushballReport>[] = [];
  rt.onNotice((n) => notices.push(n));
  return { clock, rt, notices };
}

/** Plays `ms` of the match: each client sends every tick (one server tick ahead of what it decoded), then time runs on. */
export function play(clock: FakeClock, rt: ServerRuntime<number, PushballTypes>, clients: PortClient[], ms: number) {
  const end = clock.now + ms;
  while (clock.now < end) {
    const tick = rt.stats()!.tick;
    for (const c of clients) c.send(tick, Math.floor(clock.now));
    clock.advance(1000 / TICKRATE);
    for (const c of clients) c.drain();
  }
}
