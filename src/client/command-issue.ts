/**
 * CommandIssue: the commands a frame owes (DESIGN §3, §4). For every command tick the ClientClock
 * has reached and the CommandOutbox has not issued yet, one UserCmd is built from this frame's
 * input, stamped with its tick and the render time of the frame the player was looking at,
 * predicted at once (its predicted effects queued for the view) and handed to the outbox, which
 * packs the newest commands with the ack into packets at cl_cmdrate.
 * Invariants: one command per command tick, ticks strictly increasing (the outbox owes only ticks
 * after the newest issued); nothing is issued before the clock is synced (no snapshot yet); a
 * forward jump of the command timeline issues every skipped tick and is walked off by LocalSmoothing.
 */
import type { Tick } from '../protocol/ticks';
import type { ClientGameTypes } from './client-game';
import type { ClientParts } from './client-parts';

export class CommandIssue<T extends ClientGameTypes> {
  private jumpsSeen = 0;

  constructor(private readonly p: ClientParts<T>) {}

  /** Issues the commands owed at `nowMs`, each with `input`. */
  issueOwed(nowMs: number, input: T['input']): void {
    const p = this.p;
    p.clock.advance(nowMs);
    if (!p.clock.isSynced) return;
    const owed = p.outbox.owed(Math.floor(p.clock.commandTick));
    const jumped = p.clock.counters.jumps !== this.jumpsSeen;
    this.jumpsSeen = p.clock.counters.jumps;
    for (let tick = owed.from; tick <= owed.to; tick++) this.issue(tick, input);
    if (jumped) p.local.jumped(p.localSource(), nowMs);
    p.outbox.flush(nowMs, p.cvars.cl_cmdrate, p.inbox.ackTick);
  }

  private issue(tick: Tick, input: T['input']): void {
    const p = this.p;
    // The view time is the render time of the last frame drawn (the same value it was drawn at),
    // so the server rewinds to exactly what the player saw when deciding this input.
    const view = p.drawnRenderTick ?? p.renderTickAt();
    const viewTick = Math.max(0, Math.floor(view));
    const cmd = p.game.command(tick, input, viewTick, Math.round((view - viewTick) * 256));
    const effects = p.predictor.predict(cmd);
    if (effects && p.cvars.cl_predict === 1) {
      for (const event of effects) p.events.push({ predicted: true, tick, event });
    }
    p.outbox.issue(cmd);
  }
}
