import { describe, expect, it } from 'vitest';
import { HandshakeGate } from '../../../src/host/handshake-gate';

describe('HandshakeGate', () => {
  it('lets at most `limit` handshakes run at once and frees a place on leave', () => {
    const gate = new HandshakeGate(() => 3);
    expect([gate.tryEnter(), gate.tryEnter(), gate.tryEnter()]).toEqual([true, true, true]);
    // A flood of further connections is turned away while three are still handshaking.
    for (let i = 0; i < 100; i++) expect(gate.tryEnter()).toBe(false);
    expect(gate.running).toBe(3);
    gate.leave();
    expect(gate.tryEnter()).toBe(true);
    expect(gate.tryEnter()).toBe(false);
  });

  it('follows a limit that changes (the lobby size) and never counts below zero', () => {
    let limit = 1;
    const gate = new HandshakeGate(() => limit);
    expect(gate.tryEnter()).toBe(true);
    expect(gate.tryEnter()).toBe(false);
    limit = 2;
    expect(gate.tryEnter()).toBe(true);
    gate.leave();
    gate.leave();
    gate.leave();
    expect(gate.running).toBe(0);
  });
});
