/** --bots N are server-side bots, topped up to N whenever the server runs fewer (a person took a seat, then left). */
import { describe, expect, it } from 'vitest';
import { BotSeats } from '../../../src/dedicated/bot-seats';

describe('BotSeats', () => {
  it('adds bots until the target runs, stops at a refusal (full server), and adds again once seats free up', async () => {
    let free = 2;
    let running = 0;
    const server = { addBot: () => Promise.resolve(free > 0 ? (free--, running++, 200 + running) : null) };
    const seats = new BotSeats(server, 3);
    expect(await seats.fill(running)).toBe(2);
    expect(running).toBe(2);
    expect(await seats.fill(running)).toBe(0);
    free = 5;
    expect(await seats.fill(running)).toBe(1);
    expect(await seats.fill(running)).toBe(0);
    expect(running).toBe(3);
  });

  it('runs one top-up at a time', async () => {
    let calls = 0;
    const seats = new BotSeats({ addBot: () => new Promise((r) => setTimeout(() => r(++calls), 5)) }, 2);
    const [a, b] = await Promise.all([seats.fill(0), seats.fill(0)]);
    expect(a + b).toBe(2);
    expect(calls).toBe(2);
  });
});
