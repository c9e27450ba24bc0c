/**
 * The host's match controls: the rules are checked before they go to the worker, and the joiners
 * are let into the match (markStarted) once the worker answered, even when the call failed.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Remote } from 'comlink';
import { hostMatchControls } from '../../../src/app/host-match-controls';
import type { AnyWorkerGame, ServerWorkerApi as GameWorkerApi } from '../../../src/host/worker-api';

type ServerWorkerApi = GameWorkerApi<AnyWorkerGame>;
import { GameMode } from '../../../src/sim/match-types';

function fakeApi(startMatch: ServerWorkerApi['startMatch']): Remote<ServerWorkerApi> {
  return { startMatch, addBot: () => 7, removeBot: () => 7 } as unknown as Remote<ServerWorkerApi>;
}

describe('hostMatchControls', () => {
  it('sends the checked rules and marks the lobby started when the worker answers', async () => {
    const start = vi.fn(async (r: unknown) => ({ rules: r, issues: [] }));
    const marked = vi.fn();
    const c = hostMatchControls(fakeApi(start as unknown as ServerWorkerApi['startMatch']), marked);
    c.start({ mode: GameMode.TeamDeathmatch, mapId: 2, fragLimit: 999 });
    expect(c.rules()).toMatchObject({ mode: GameMode.TeamDeathmatch, mapId: 2, fragLimit: 200 });
    expect(c.issues()).toHaveLength(1);
    expect(start).toHaveBeenCalledWith(c.rules());
    await vi.waitFor(() => expect(marked).toHaveBeenCalledTimes(1));
  });

  it('still lets the joiners in when the worker call fails, and says why', async () => {
    const marked = vi.fn();
    const c = hostMatchControls(
      fakeApi(() => Promise.reject(new Error('worker gone'))),
      marked,
    );
    c.start({});
    await vi.waitFor(() => expect(marked).toHaveBeenCalledTimes(1));
    expect(c.issues()).toEqual(['The server could not start the match: worker gone.']);
  });

  it('counts only the bots the worker seated', async () => {
    const api = {
      startMatch: () => null,
      addBot: vi.fn().mockResolvedValueOnce(3).mockResolvedValueOnce(null),
      removeBot: () => 3,
    } as unknown as Remote<ServerWorkerApi>;
    const c = hostMatchControls(api, () => undefined);
    await c.addBot();
    await c.addBot();
    expect(c.botCount()).toBe(1);
    await c.removeBot();
    expect(c.botCount()).toBe(0);
  });

  it("a successor's controls start from the match it took over: its rules and the bots it still runs", async () => {
    const c = hostMatchControls(
      fakeApi(() => null),
      () => undefined,
      {
        rules: { mode: GameMode.TeamDeathmatch, mapId: 3, fragLimit: 30, timeLimitS: 300, friendlyFire: true },
        bots: 2,
      },
    );
    expect(c.rules()).toMatchObject({
      mode: GameMode.TeamDeathmatch,
      mapId: 3,
      fragLimit: 30,
      timeLimitS: 300,
      friendlyFire: true,
    });
    expect(c.botCount()).toBe(2);
    await c.removeBot();
    expect(c.botCount()).toBe(1);
  });
});
