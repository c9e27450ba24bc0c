// Issue 22: what the start screen says before anything hangs (no secure context / no WebCrypto,
// no WebGL), the match screen's "cannot draw", and the host lobby's notice of failed link setups.
import { describe, expect, it, vi } from 'vitest';
import { canRunLobbies } from '../../../src/app/page-checks';
import { watchLinkFailures } from '../../../src/app/lobby-notices';
import { HOST_NO_ROUTE_TEXT } from '../../../src/lobby/failures';

describe('page checks', () => {
  it('lobbies need a secure context and crypto.subtle', () => {
    expect(canRunLobbies({ isSecureContext: true, crypto: { subtle: {} } })).toBe(true);
    expect(canRunLobbies({ isSecureContext: false, crypto: { subtle: {} } })).toBe(false);
    expect(canRunLobbies({ isSecureContext: true, crypto: {} })).toBe(false);
    expect(canRunLobbies({ isSecureContext: true })).toBe(false);
  });
});

describe('host lobby notice of failed link setups', () => {
  it('shows the advice when refused.link-failed grows, not for counts from before', () => {
    vi.useFakeTimers();
    let failed = 2;
    const notice = vi.fn();
    const stop = watchLinkFailures(() => ({ 'refused.link-failed': failed }), { notice }, 500);
    vi.advanceTimersByTime(1000);
    expect(notice).not.toHaveBeenCalled();
    failed = 3;
    vi.advanceTimersByTime(500);
    expect(notice).toHaveBeenLastCalledWith(HOST_NO_ROUTE_TEXT, expect.objectContaining({ href: 'turn-relay.html' }));
    failed = 5;
    vi.advanceTimersByTime(500);
    expect(notice.mock.calls.at(-1)?.[0]).toBe(`${HOST_NO_ROUTE_TEXT} It happened 3 times.`);
    stop();
    failed = 9;
    vi.advanceTimersByTime(2000);
    expect(notice).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('shows nothing on a joiner (no host counters)', () => {
    vi.useFakeTimers();
    const notice = vi.fn();
    const stop = watchLinkFailures(() => null, { notice }, 100);
    vi.advanceTimersByTime(1000);
    expect(notice).not.toHaveBeenCalled();
    stop();
    vi.useRealTimers();
  });
});
