import { describe, expect, it } from 'vitest';
import { CHAT_LOG_LINES, ChatLog } from '../../../src/app/chat-log';
import { LOBBY_CHAT_SENDER } from '../../../src/protocol/messages';

const players = [
  { id: 1, name: 'Ada', pingMs: 0, isHost: true },
  { id: 2, name: '[a]x[/a]', pingMs: 30, isHost: false },
];

describe('ChatLog', () => {
  it('names each line by the lobby list at arrival, keeps a name after its player left, and marks the lobby notices', () => {
    const log = new ChatLog();
    const seen: string[] = [];
    log.onLine((l) => seen.push(`${l.name ?? '(lobby)'}> ${l.text}`));
    log.add(2, 'hi <b>all</b>', players);
    log.add(LOBBY_CHAT_SENDER, 'You are sending chat too fast.', players);
    log.add(2, 'still here', players.slice(0, 1));
    expect(seen).toEqual(['[a]x[/a]> hi <b>all</b>', '(lobby)> You are sending chat too fast.', 'player 2> still here']);
    expect(log.lines()[0]).toEqual({ from: 2, name: '[a]x[/a]', text: 'hi <b>all</b>' });
  });

  it(`keeps only the last ${CHAT_LOG_LINES} lines`, () => {
    const log = new ChatLog();
    for (let i = 0; i < CHAT_LOG_LINES + 30; i++) log.add(1, `line ${i}`, players);
    const lines = log.lines();
    expect(lines).toHaveLength(CHAT_LOG_LINES);
    expect(lines[0]!.text).toBe('line 30');
    expect(lines.at(-1)!.text).toBe(`line ${CHAT_LOG_LINES + 29}`);
  });
});
