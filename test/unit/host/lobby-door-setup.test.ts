/**
 * The lobby door's link-setup stage when several joiners share an address (friends behind one
 * NAT clicking Join together): past HANDSHAKES_PER_SOURCE setups, the next ones from that address
 * wait for one of its places instead of being dropped unanswered (a dropped offer left its joiner
 * waiting out 8 s to be told it needed a TURN relay); beyond the wait queue, or past SETUP_WAIT_MS,
 * an offer is dropped and counted as busy, and other addresses are never held up.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANDSHAKES_PER_SOURCE, LobbyDoor, SETUP_WAIT_MS } from '../../../src/host/lobby-door';
import { createLobbyKey } from '../../../src/lobby/host-key';
import type { PeerLink } from '../../../src/transport/peer-link';
import { linkPair } from '../../helpers/fake-link';

async function door(): Promise<LobbyDoor> {
  return new LobbyDoor({
    key: await createLobbyKey(crypto),
    roomId: 'abcdefghijk23456',
    password: '',
    crypto,
    now: () => Date.now(),
    facts: () => ({ playerCount: 1, maxPlayers: 16, started: false, joinRunningMatch: true, closed: false }),
  });
}

/** An offer from `source` whose link opens (or fails) when the test says. */
function setup(source: string, id: string) {
  const { incoming, host } = linkPair({ joinerId: id });
  let openLink: () => void = () => undefined;
  let failLink: () => void = () => undefined;
  const open = vi.fn(
    () =>
      new Promise<PeerLink>((resolve, reject) => {
        openLink = () => resolve(host);
        failLink = () => reject(new Error('no route'));
      }),
  );
  return {
    incoming: { ...incoming, source, open, refuse: vi.fn() },
    open,
    opens: () => openLink(),
    fails: () => failLink(),
  };
}

afterEach(() => vi.useRealTimers());

describe('LobbyDoor link setup from one address', () => {
  it('lets the setups past its share wait for a place the address frees, in order', async () => {
    const d = await door();
    const first = Array.from({ length: HANDSHAKES_PER_SOURCE }, (_, i) => setup('addr:nat', `j${i}`));
    const later = [setup('addr:nat', 'late0'), setup('addr:nat', 'late1')];
    const other = setup('addr:elsewhere', 'other');
    for (const s of [...first, ...later, other]) void d.admit(s.incoming);
    await vi.waitFor(() => expect(other.open).toHaveBeenCalled());
    for (const s of first) expect(s.open).toHaveBeenCalledTimes(1);
    for (const s of later) expect(s.open).not.toHaveBeenCalled();
    expect(d.counters.setupsWaited).toBe(2);
    // One link of the address fails, one opens: each frees a place, taken by the next in line.
    first[0]!.fails();
    await vi.waitFor(() => expect(later[0]!.open).toHaveBeenCalledTimes(1));
    expect(later[1]!.open).not.toHaveBeenCalled();
    first[1]!.opens();
    await vi.waitFor(() => expect(later[1]!.open).toHaveBeenCalledTimes(1));
    expect(d.counters.refused.busy).toBeUndefined();
    for (const s of later) expect(s.incoming.refuse).not.toHaveBeenCalled();
  });

  it('drops what its wait queue cannot hold at once, and what waited SETUP_WAIT_MS in vain', async () => {
    vi.useFakeTimers();
    const d = await door();
    const running = Array.from({ length: HANDSHAKES_PER_SOURCE }, (_, i) => setup('addr:flood', `r${i}`));
    const queued = Array.from({ length: HANDSHAKES_PER_SOURCE }, (_, i) => setup('addr:flood', `q${i}`));
    const over = setup('addr:flood', 'over');
    const results = [...running, ...queued, over].map((s) => d.admit(s.incoming));
    await vi.advanceTimersByTimeAsync(0);
    expect(over.incoming.refuse).toHaveBeenCalledTimes(1);
    expect(await results.at(-1)).toBeNull();
    expect(d.counters.refused.busy).toBe(1);
    await vi.advanceTimersByTimeAsync(SETUP_WAIT_MS - 1);
    for (const s of queued) expect(s.incoming.refuse).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    for (const s of queued) {
      expect(s.open).not.toHaveBeenCalled();
      expect(s.incoming.refuse).toHaveBeenCalledTimes(1);
    }
    expect(d.counters.refused.busy).toBe(1 + HANDSHAKES_PER_SOURCE);
    expect(d.counters.setupsWaited).toBe(HANDSHAKES_PER_SOURCE);
  });
});
