/**
 * The frame draws the match's map (issue 12: "the next match starts on the new map for everyone"):
 * when the snapshot's match block names a map, `updateFrame` hands that map to the drawing (the
 * arena bake, pickups, wall sparks) and the camera, not the map the game was mounted with. A merge
 * once left the arena drawn from the mount's map while the sim ran the host's choice.
 */
import { describe, expect, it } from 'vitest';
import { buildMatchView } from '../../../src/arena/client/match-view';
import type { ClientView, InputSample, NetStats } from '../../../src/arena/client/view-model';
import { updateFrame, type Screen } from '../../../src/game/frame';
import type { GameHost } from '../../../src/game/game-host';
import type { InputReader } from '../../../src/game/input-reader';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { MAPS } from '../../../src/sim/maps';
import { GameMode, MatchPhase } from '../../../src/sim/match-types';
import { WEAPON_KEEP } from '../../../src/sim/types';
import { fakeScreen } from '../../helpers/fake-screen';

const NEUTRAL: InputSample = { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };
const stats = { serverTick: 0, renderTick: 0 } as NetStats;

function viewOn(mapId: number | null): ClientView {
  const match =
    mapId === null
      ? null
      : buildMatchView(
          {
            mode: GameMode.Deathmatch,
            mapId,
            phase: MatchPhase.Live,
            phaseEndTick: 0,
            fragLimit: 20,
            timeLimitS: 0,
            friendlyFire: false,
            seq: 1,
            teamScores: [0, 0],
            players: [],
            pickups: [],
            results: null,
          },
          0,
          0,
          60,
          [],
        );
  return { localId: 0, local: null, remotes: [], projectiles: [], events: [], stats, tickrate: 60, match };
}

function screenShowing(view: ClientView): Screen {
  const host = { frame: () => view, names: () => new Map(), cvars: () => ({}) } as unknown as GameHost;
  const input = {
    kind: 'keyboard',
    read: () => ({
      input: NEUTRAL,
      kind: 'keyboard',
      crosshair: null,
      scoreboard: false,
      wantedWeapon: null,
      menuPressed: false,
    }),
  } as unknown as InputReader;
  return fakeScreen(host, input);
}

describe('the map a frame draws', () => {
  it.each(MAPS.map((m, id) => [m.name, id] as const))(
    "is the match block's map (%s), whatever map the game was mounted with",
    (_name, id) => {
      const s = screenShowing(viewOn(id));
      updateFrame(s, 1000);
      expect(s.info?.map).toBe(MAPS[id]);
      // The camera with no local player looks at the centre of that map.
      expect(s.cam?.centerX).toBeCloseTo(MAPS[id]!.width / 2, 0);
    },
  );

  it('is the mounted map when there is no match block (practice, before the first snapshot)', () => {
    const s = screenShowing(viewOn(null));
    updateFrame(s, 1000);
    expect(s.info?.map).toBe(DEFAULT_MAP);
  });
});
