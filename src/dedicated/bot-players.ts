/**
 * Bots for the dedicated host: scripted protocol clients (src/bots/bot-client.ts) that join as
 * local members of the lobby and talk to the server worker over their own MessagePort, exactly
 * as the browser host's own player does: same command packets, same snapshots, same command
 * path through the worker. Small on purpose and replaceable by server-side bots.
 *
 * Inputs: the ListenServer (a local member per bot), the worker handle (each bot's net
 * settings), the tickrate, a clock, timers. Outputs: bots in the lobby that move and shoot.
 * Invariant: one interval drives every bot (each sends the commands its clock owes); a bot's
 * port is closed when it leaves; nothing here throws at the lobby.
 */
import type { ListenServer } from '../host/listen-server';
import type { ServerWorkerHandle } from '../host/worker-api';
import { BotClient } from '../bots/bot-client';
import { skirmish } from '../bots/scripts';
import type { PlayerId } from '../sim/types';

interface Bot {
  id: PlayerId;
  client: BotClient;
  port: MessagePort;
}

export interface BotTimers {
  every(ms: number, fn: () => void): () => void;
}

export class BotPlayers {
  private readonly bots: Bot[] = [];
  private stopTimer: (() => void) | null = null;
  readonly counters = { stepErrors: 0 };
  lastError: string | null = null;

  constructor(
    private readonly server: ListenServer,
    private readonly worker: ServerWorkerHandle,
    private readonly tickrate: number,
    private readonly now: () => number,
    private readonly timers: BotTimers,
  ) {}

  get count(): number {
    return this.bots.length;
  }

  ids(): PlayerId[] {
    return this.bots.map((b) => b.id);
  }

  /** Adds `n` bots named "Bot 1", "Bot 2", …; returns how many joined. */
  async add(n: number, seed: number): Promise<number> {
    let added = 0;
    for (let i = 0; i < n; i++) {
      const number = this.bots.length + 1;
      let joined: Awaited<ReturnType<ListenServer['addLocal']>>;
      try {
        joined = await this.server.addLocal(`Bot ${number}`, false);
      } catch {
        break; // the server is full or stopping: fewer bots, same lobby
      }
      const client = new BotClient(joined.member.id, { tickrate: this.tickrate, script: skirmish(seed + number * 7919) });
      const bot: Bot = { id: joined.member.id, client, port: joined.port };
      joined.port.onmessage = (ev: MessageEvent) => {
        if (ev.data instanceof Uint8Array) client.onPacket(ev.data, this.now());
      };
      void this.worker.api.setClientSettings(bot.id, client.netSettings());
      this.bots.push(bot);
      added++;
    }
    if (this.bots.length > 0 && !this.stopTimer) this.stopTimer = this.timers.every(1000 / this.tickrate, () => this.step());
    return added;
  }

  /** Removes one bot (the newest); false when there is none. */
  removeOne(): boolean {
    const bot = this.bots.pop();
    if (!bot) return false;
    this.release(bot);
    return true;
  }

  close(): void {
    this.stopTimer?.();
    this.stopTimer = null;
    while (this.bots.length > 0) this.release(this.bots.pop() as Bot);
  }

  private release(bot: Bot): void {
    bot.port.onmessage = null;
    bot.port.close();
    this.server.removeLocal(bot.id);
  }

  /** Each bot sends what its clock owes (one command per tick, three per packet). */
  private step(): void {
    const now = this.now();
    for (const bot of this.bots) {
      try {
        // Copied, not transferred: the encoder may hand out views of a buffer it reuses.
        for (const packet of bot.client.update(now)) bot.port.postMessage(packet);
      } catch (err) {
        // A bot's bug must not take the lobby down: it skips this step and is counted.
        this.counters.stepErrors++;
        this.lastError = err instanceof Error ? err.message : String(err);
      }
    }
  }
}
