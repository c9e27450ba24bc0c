/**
 * The harness's BotClient measures its round trip from real echoes only: before the server has a
 * packet of a newly joined bot, its snapshots echo 0, which once read as an RTT of the whole time
 * since the match began (a bot joining 3 s in measured 3 s and ran its commands 3 s ahead).
 */
import { describe, expect, it } from 'vitest';
import { BotClient } from '../../src/bots/bot-client';
import { Link } from '../harness/link';
import { Match } from '../harness/match';

describe('BotClient', () => {
  it('a bot joining mid-match measures the link RTT, not the time since the match began', () => {
    const match = new Match({ server: { seed: 2 } });
    expect(match.addClient(new BotClient(1, { tickrate: 60 }), Link.rtt(100), 1)).toBe(true);
    match.run(3000);
    const late = new BotClient(2, { tickrate: 60 });
    expect(match.addClient(late, Link.rtt(100), 2)).toBe(true);
    match.run(2000);
    const stats = match.server.stats().clients.find((c) => c.clientId === 2)!;
    console.log(
      `late bot: rtt ${late.rtt?.toFixed(1)} ms, commands accepted ${stats.commandsAccepted}, rejected as too far ahead ${stats.futureRejects}`,
    );
    expect(late.rtt).not.toBeNull();
    expect(Math.abs((late.rtt ?? 0) - 100)).toBeLessThan(30);
    expect(stats.futureRejects).toBe(0);
    // Two seconds minus the round trip and start-up: commands for nearly every tick.
    expect(stats.commandsAccepted).toBeGreaterThan(100);
  });
});
