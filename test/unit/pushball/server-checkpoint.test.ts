// Pushball's server table under migration and abuse: a checkpoint taken mid-match and imported
// into a fresh game continues bit for bit, and no sanitized command, however odd, makes it throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pushballServerGame } from '../../../src/pushball/server/pushball-server-game';
import type { PushballCore } from '../../../src/pushball/server/pushball-types';
import { isOnGrid, sanitizePushCmd, type SanitizedPushCmd } from '../../../src/pushball/sim';
import { gameWith, tickGame, walk } from './server-helpers';

/** People 1 and 2: one walks, the other runs at the ball kicking now and then. */
function people(tick: number): Map<number, SanitizedPushCmd> {
  const chaser = sanitizePushCmd({ tick, moveX: 127, moveY: (tick % 90) - 45, buttons: tick % 7 === 0 ? 1 : 0 });
  return new Map([
    [1, walk(tick)],
    [2, chaser],
  ]);
}

describe('PushballServerGame checkpoints', () => {
  it('importCore(exportCore(0)) on a fresh game continues the match bit-identically for 600 ticks', () => {
    const a = gameWith([1, 2], 2, 9);
    for (let t = 0; t < 400; t++) tickGame(a, people);
    a.startMatch({ goalsToWin: 3 }); // so seq and the settings travel too
    for (let t = 0; t < 200; t++) tickGame(a, people);
    // Through JSON: the core is plain data, as a checkpoint codec would carry it.
    const core = JSON.parse(JSON.stringify(a.exportCore(0))) as PushballCore;
    const b = pushballServerGame({ tickrate: 60 }); // a fresh game: different seed, no players
    b.importCore(core);
    expect(JSON.stringify(b.world)).toBe(JSON.stringify(a.world));
    expect(b.botCount).toBe(2);
    let kicks = 0;
    let moved = 0;
    for (let t = 0; t < 600; t++) {
      const ballBefore = a.world.ball;
      const ra = tickGame(a, people);
      const rb = tickGame(b, people);
      expect(JSON.stringify(rb.cmds.get(255))).toBe(JSON.stringify(ra.cmds.get(255))); // the bots play on alike
      expect(JSON.stringify(rb.events)).toBe(JSON.stringify(ra.events));
      expect(JSON.stringify(b.world), `tick ${ra.tick}`).toBe(JSON.stringify(a.world));
      expect(JSON.stringify(b.rulesBlock())).toBe(JSON.stringify(a.rulesBlock()));
      kicks += ra.events.filter((e) => e.type === 'kick').length;
      moved += Math.hypot(a.world.ball.x - ballBefore.x, a.world.ball.y - ballBefore.y);
    }
    // The run was a real match (the ball moved, people and bots kicked), not 600 quiet ticks.
    expect(kicks).toBeGreaterThan(3);
    expect(moved).toBeGreaterThan(500);
    expect(b.report()).toEqual(a.report());
  });

  it('a core is a copy: the game stepping on does not change an exported core', () => {
    const game = gameWith([1], 1);
    for (let t = 0; t < 50; t++) tickGame(game, people);
    const core = game.exportCore(120);
    const saved = JSON.stringify(core);
    for (let t = 0; t < 50; t++) tickGame(game, people);
    game.removeBot();
    expect(JSON.stringify(core)).toBe(saved);
  });

  it('a core without the seed a bot played with gives another match (the seed is needed)', () => {
    const a = gameWith([], 2, 9);
    for (let t = 0; t < 60; t++) tickGame(a, () => new Map());
    const b = pushballServerGame({ tickrate: 60 });
    b.importCore({ ...a.exportCore(0), seed: 10 });
    for (let t = 0; t < 900; t++) {
      tickGame(a, () => new Map());
      tickGame(b, () => new Map());
    }
    expect(JSON.stringify(b.world)).not.toBe(JSON.stringify(a.world));
  });
});

describe('PushballServerGame never throws on a sanitized command', () => {
  it('steps any junk made sanitized, for anyone (seated or not), keeping the world on the grid', () => {
    const junk = fc.oneof(fc.anything(), fc.double(), fc.integer(), fc.constantFrom(NaN, -0, 1e308, -Infinity));
    const rawCmd = fc.record({ tick: junk, moveX: junk, moveY: junk, buttons: junk }, { requiredKeys: [] });
    const tickCmds = fc.array(fc.tuple(fc.integer({ min: -2, max: 260 }), fc.oneof(rawCmd, fc.anything())), {
      maxLength: 6,
    });
    fc.assert(
      fc.property(fc.array(tickCmds, { minLength: 1, maxLength: 40 }), (ticks) => {
        const game = gameWith([1, 2], 1);
        for (const list of ticks) {
          const cmds = new Map(list.map(([id, raw]) => [id, sanitizePushCmd(raw)] as const));
          game.addBotCommands(game.world.tick + 1, cmds);
          game.step(cmds, { viewTimeEstimate: () => null, isConnected: () => true });
        }
        const w = game.world;
        expect(w.tick).toBe(ticks.length);
        for (const p of w.players) expect([p.x, p.y, p.vx, p.vy].every(isOnGrid)).toBe(true);
        expect([w.ball.x, w.ball.y, w.ball.vx, w.ball.vy].every(isOnGrid)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
