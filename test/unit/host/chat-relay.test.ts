import { describe, expect, it } from 'vitest';
import { ChatLimiter, DEFAULT_CHAT_POLICY } from '../../../src/host/chat-limiter';
import { ChatRelay } from '../../../src/host/chat-relay';
import { decodeControl } from '../../../src/protocol/control';
import { CHAT_MAX_CHARS, SYSTEM_CHAT_ID } from '../../../src/protocol/control-messages';

describe('ChatLimiter', () => {
  it('allows a burst, then one line per refill interval', () => {
    const l = new ChatLimiter({ ...DEFAULT_CHAT_POLICY, kickAfterStrikes: 1000 });
    const kinds = Array.from({ length: 7 }, () => l.check(1, 'hi', 0).kind);
    expect(kinds).toEqual(['accept', 'accept', 'accept', 'accept', 'accept', 'warn', 'drop']);
    expect(l.check(1, 'hi', 999).kind).toBe('drop');
    expect(l.check(1, 'hi', 1000).kind).toBe('accept');
    expect(l.check(1, 'hi', 1500).kind).toBe('drop');
    // Another sender has its own bucket.
    expect(l.check(2, 'hi', 1500).kind).toBe('accept');
  });

  it('refuses lines longer than CHAT_MAX_CHARS and ignores empty ones', () => {
    const l = new ChatLimiter();
    expect(l.check(1, 'x'.repeat(CHAT_MAX_CHARS), 0)).toEqual({ kind: 'accept', text: 'x'.repeat(CHAT_MAX_CHARS) });
    expect(l.check(1, 'x'.repeat(CHAT_MAX_CHARS + 1), 0)).toEqual({ kind: 'warn', why: 'length' });
    expect(l.check(1, '   ', 0)).toEqual({ kind: 'drop' });
  });

  it('warns once, then kicks a sender that keeps flooding; a quiet spell forgives', () => {
    const l = new ChatLimiter({ burst: 1, refillMs: 1000, kickAfterStrikes: 3, forgiveMs: 5000 });
    expect(l.check(1, 'a', 0).kind).toBe('accept');
    expect(l.check(1, 'a', 1).kind).toBe('warn');
    expect(l.check(1, 'a', 2).kind).toBe('drop');
    expect(l.check(1, 'a', 3).kind).toBe('kick');
    const m = new ChatLimiter({ burst: 1, refillMs: 1000, kickAfterStrikes: 3, forgiveMs: 5000 });
    m.check(1, 'a', 0);
    m.check(1, 'a', 1);
    m.check(1, 'a', 2);
    expect(m.check(1, 'a', 10_000).kind).toBe('accept');
    expect(m.check(1, 'a', 10_001).kind).toBe('warn');
  });
});

describe('ChatRelay', () => {
  function relay(players: number, localId: number | null = null) {
    let now = 0;
    const out = { broadcastBytes: 0, broadcasts: 0, toSender: [] as string[], kicked: [] as number[] };
    const r = new ChatRelay({
      broadcast: (b) => ((out.broadcasts += 1), (out.broadcastBytes += b.byteLength * players)),
      isLocal: (id) => id === localId,
      sendTo: (_id, b) => {
        const m = decodeControl(b);
        if (m.ok && m.value.type === 'chat') out.toSender.push(`${m.value.from}:${m.value.text}`);
      },
      kick: (id) => void out.kicked.push(id),
      now: () => now,
    });
    return { r, out, advance: (ms: number) => void (now += ms) };
  }

  it('never relays more than it accepts: a 40 lines/s flood of 200-character lines for 10 s', () => {
    const { r, out, advance } = relay(15);
    const { burst } = DEFAULT_CHAT_POLICY;
    for (let i = 0; i < 400 && out.kicked.length === 0; i++) {
      r.receive(7, 'y'.repeat(CHAT_MAX_CHARS));
      advance(25);
    }
    // Accepted: the burst, then one per refill interval until the kick (5 strikes in well under a second).
    expect(out.broadcasts).toBeLessThanOrEqual(burst + 1);
    expect(out.broadcasts).toBe(r.counters.relayed);
    expect(out.kicked).toEqual([7]);
    expect(out.toSender).toEqual([
      `${SYSTEM_CHAT_ID}:You are sending chat too fast: lines over the limit are not sent, and flooding gets you kicked.`,
    ]);
    expect(out.broadcastBytes).toBeLessThan((burst + 1) * 15 * (CHAT_MAX_CHARS + 8));
  });

  it('relays a steady talker at the steady rate forever, never kicking it', () => {
    const { r, out, advance } = relay(4);
    for (let i = 0; i < 600; i++) {
      r.receive(3, `line ${i}`);
      advance(DEFAULT_CHAT_POLICY.refillMs);
    }
    expect(out.broadcasts).toBe(600);
    expect(out.kicked).toEqual([]);
  });

  it("hands accepted lines to the host's own screen, trimmed", () => {
    const { r } = relay(2);
    const seen: string[] = [];
    r.onLine((from, text) => seen.push(`${from}:${text}`));
    r.receive(2, '  hello  ');
    r.receive(2, 'x'.repeat(CHAT_MAX_CHARS + 1));
    expect(seen).toEqual(['2:hello']);
  });

  it('announces a host notice (a handover) to every player and its own screen as a system line', () => {
    const { r, out } = relay(3);
    const seen: string[] = [];
    r.onLine((from, text) => seen.push(`${from}:${text}`));
    r.announce('Alice left — Bob is now hosting');
    expect(out.broadcasts).toBe(1);
    expect(seen).toEqual(['0:Alice left — Bob is now hosting']);
  });

  it("warns the host's own flooding player on its own screen, never on a channel, and never kicks it there", () => {
    const { r, out } = relay(3, 1);
    const seen: string[] = [];
    r.onLine((from, text) => seen.push(`${from}:${text}`));
    for (let i = 0; i < DEFAULT_CHAT_POLICY.burst + 1; i++) r.receive(1, `line ${i}`);
    expect(out.toSender).toEqual([]);
    expect(seen.filter((l) => l.startsWith(`${SYSTEM_CHAT_ID}:`))).toEqual([
      `${SYSTEM_CHAT_ID}:You are sending chat too fast: lines over the limit are not sent, and flooding gets you kicked.`,
    ]);
    expect(out.broadcasts).toBe(DEFAULT_CHAT_POLICY.burst);
  });
});
