// The lobby's spectators on the wire (issue 24): the host sends 'watchers' (control type 14) only to
// joiners whose hello set flag 16, never to the others (an older client or the reference client
// would count an unknown type as malformed), and a joiner's news keeps the newest list.
import { describe, expect, it } from 'vitest';
import { JoinerSlots } from '../../../src/host/joiner-slots';
import { Roster } from '../../../src/host/roster';
import { decodeControl, encodeControl } from '../../../src/protocol/control';
import { HostNews } from '../../../src/app/joiner-watch';
import type { PeerLink } from '../../../src/transport/peer-link';

function fakeLink(sent: Uint8Array[]): PeerLink {
  return { reliable: { send: (b: Uint8Array) => sent.push(b), state: 'open' } } as unknown as PeerLink;
}

describe("the 'watchers' list", () => {
  it("goes to the joiners that understand it only, listing the roster's spectators", () => {
    const roster = new Roster();
    roster.add('Host', '', true);
    roster.add('Ann', 'p-a', false);
    roster.add('Eve', 'p-e', false, { watching: true });
    const [reader, older] = [[] as Uint8Array[], [] as Uint8Array[]];
    const slots = new JoinerSlots();
    const tokens = { browserToken: '0'.repeat(32), seatToken: '0'.repeat(32), migration: false };
    slots.add(2, fakeLink(reader), null, { ...tokens, watchers: true }, 0);
    slots.add(3, fakeLink(older), null, tokens, 0);
    slots.broadcastWatchers(encodeControl({ type: 'watchers', watchers: roster.watcherList() }));
    expect(older).toEqual([]);
    expect(reader.map((b) => decodeControl(b))).toEqual([
      { ok: true, value: { type: 'watchers', watchers: [{ id: 3, name: 'Eve' }] } },
    ]);
  });

  it("a joiner keeps the newest list beside the lobby's players", () => {
    const news = new HostNews();
    expect(news.take({ type: 'watchers', watchers: [{ id: 5, name: 'Eve' }] }, 0)).toBe(true);
    expect(news.take({ type: 'watchers', watchers: [] }, 1)).toBe(true);
    expect(news.watchers).toEqual([]);
  });
});
