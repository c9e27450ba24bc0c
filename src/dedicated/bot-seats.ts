/**
 * The dedicated host's bots: server-side bots (src/server/server-bots.ts, through the worker's
 * `addBot`), the same kind a browser host adds with "Add bot". So they are bots everywhere: the
 * match block marks them `bot: 1`, the scoreboard and end screen name them "Bot N", /health counts
 * them, and they are not in the lobby list (which lists people). A person joining a full lobby
 * takes a bot's seat (the server drops one); once a seat is free again the bot comes back.
 *
 * Inputs: the worker's addBot, the number wanted, the number the server runs now (its stats).
 * Output: bots added. Invariants: one top-up at a time; never more than `target` asked for; a
 * refused bot (the server is full) ends the top-up until the next look.
 */
export interface BotServer {
  addBot(): Promise<number | null>;
}

export class BotSeats {
  private filling = false;

  constructor(
    private readonly server: BotServer,
    readonly target: number,
  ) {}

  /** Adds bots until `target` run (`running`: how many the server says it runs); resolves with how many were added. */
  async fill(running: number): Promise<number> {
    if (this.filling || running >= this.target) return 0;
    this.filling = true;
    let added = 0;
    try {
      while (running + added < this.target) {
        if ((await this.server.addBot()) === null) break;
        added++;
      }
    } catch {
      // The worker went away: the host is stopping; nothing to add.
    } finally {
      this.filling = false;
    }
    return added;
  }
}
