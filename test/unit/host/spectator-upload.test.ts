// The host's upload to each spectator (issue 24): read from the worker's per-session stats (only
// sessions marked `spectator`), as a rate between two pulls of the listen server's clock.
import { describe, expect, it } from 'vitest';
import { Roster } from '../../../src/host/roster';
import { pullWorkerStats, readWorkerStats } from '../../../src/host/worker-stats';

describe("the host's upload per spectator", () => {
  it('lists spectators only, with bytes so far, and their rate from one pull to the next', async () => {
    const pulls = [
      {
        tick: 60,
        clients: [
          { clientId: 2, rttMs: 20, bytesOut: 9000 },
          { clientId: 5, rttMs: 30, bytesOut: 1000, spectator: true },
        ],
      },
      {
        tick: 180,
        clients: [
          { clientId: 2, rttMs: 20, bytesOut: 30000 },
          { clientId: 5, rttMs: 30, bytesOut: 4200, spectator: true },
        ],
      },
    ];
    const api = { stats: () => pulls.shift(), channelStats: () => [] };
    const roster = new Roster();
    const none = () => undefined;
    const first = await pullWorkerStats(api, roster, none, readWorkerStats(null), 1000);
    expect(first.spectators).toEqual([{ id: 5, bytesOut: 1000, bytesPerSecond: null }]);
    const second = await pullWorkerStats(api, roster, none, first, 3000);
    expect(second.spectators).toEqual([{ id: 5, bytesOut: 4200, bytesPerSecond: 1600 }]);
  });
});
