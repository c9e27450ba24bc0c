import { describe, expect, it } from 'vitest';
import { CHAT_LOG_LINES, ChatLog, chatText } from '../../../src/app/chat-log';
import { loadName, NAME_KEY, saveName } from '../../../src/app/remembered-name';
import { CHAT_MAX_CHARS, SYSTEM_CHAT_ID } from '../../../src/protocol/control-messages';

describe('chat log', () => {
  it('sends trimmed lines cut to CHAT_MAX_CHARS code points and never a blank one', () => {
    const sent: string[] = [];
    const log = new ChatLog(
      (t) => sent.push(t),
      () => undefined,
    );
    log.send('   ');
    log.send('  hi   there ');
    log.send('😀'.repeat(CHAT_MAX_CHARS + 10));
    expect(sent[0]).toBe('hi there');
    expect([...(sent[1] ?? '')]).toHaveLength(CHAT_MAX_CHARS);
    expect(sent).toHaveLength(2);
    expect(chatText('a\n\tb')).toBe('a b');
  });

  it('keeps the sender name as it was, marks host notices, tells listeners, stays bounded', () => {
    const names = new Map([[2, '[a]x[/a]']]);
    const log = new ChatLog(
      () => undefined,
      (id) => names.get(id),
    );
    const seen: string[] = [];
    const off = log.onLine((l) => seen.push(`${l.name}|${l.text}|${l.system}`));
    log.receive(2, '<b>gg</b>');
    names.set(2, 'renamed');
    log.receive(SYSTEM_CHAT_ID, 'Slow down.');
    log.receive(9, 'who');
    expect(seen).toEqual(['[a]x[/a]|<b>gg</b>|false', '|Slow down.|true', 'player 9|who|false']);
    off();
    for (let i = 0; i < CHAT_LOG_LINES + 20; i++) log.receive(2, `line ${i}`);
    expect(log.lines()).toHaveLength(CHAT_LOG_LINES);
    expect(log.lines().at(-1)?.text).toBe(`line ${CHAT_LOG_LINES + 19}`);
    expect(seen).toHaveLength(3);
  });
});

describe('remembered name', () => {
  const memory = (): Storage => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
    } as unknown as Storage;
  };

  it('survives a reload (same storage) and is cut to the name limit', () => {
    const s = memory();
    expect(loadName(() => s)).toBe('');
    saveName(() => s, 'Zoë ★★★★★★★★★★★★★★★★★★★★★★★★★');
    expect([...loadName(() => s)]).toHaveLength(24);
    expect(s.getItem(NAME_KEY)?.startsWith('Zoë')).toBe(true);
  });

  it('never throws when storage is missing or denied', () => {
    const denied = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
    } as unknown as Storage;
    expect(loadName(() => denied)).toBe('');
    expect(() => saveName(() => denied, 'x')).not.toThrow();
    expect(loadName(() => null)).toBe('');
  });
});
