import { describe, it, expect } from 'vitest';
import {
  ammoText,
  displayName,
  respawnSecondsLeft,
  respawnText,
  scoreboardRows,
  timerProgress,
} from '../../../src/game/hud-model';

describe('respawn countdown', () => {
  it('turns server ticks into seconds left', () => {
    expect(respawnSecondsLeft(1180, 1000, 60)).toBe(3);
    expect(respawnSecondsLeft(1180, 1150, 60)).toBe(0.5);
    expect(respawnSecondsLeft(1180, 1200, 60)).toBe(0);
    expect(respawnSecondsLeft(0, 1000, 60)).toBe(0);
  });

  it('counts whole seconds down', () => {
    expect(respawnText(2.1)).toBe('Respawning in 3');
    expect(respawnText(3)).toBe('Respawning in 3');
    expect(respawnText(0.01)).toBe('Respawning in 1');
    expect(respawnText(0)).toBe('Respawning…');
  });
});

describe('timerProgress', () => {
  it('goes from 0 to 1 over the duration and is null when idle or done', () => {
    expect(timerProgress(160, 60, 100)).toBe(0);
    expect(timerProgress(160, 60, 130)).toBe(0.5);
    expect(timerProgress(160, 60, 160)).toBeNull();
    expect(timerProgress(0, 60, 100)).toBeNull();
  });

  it('clamps when the end is further than the duration', () => {
    expect(timerProgress(500, 60, 100)).toBe(0);
  });
});

describe('scoreboard', () => {
  it('sorts by kills, then deaths, then id, and fills names and pings', () => {
    const names = new Map([
      [1, 'ann'],
      [2, 'bob'],
    ]);
    const pings = new Map([
      [1, 31.6],
      [3, Number.NaN],
    ]);
    const rows = scoreboardRows(
      [
        { id: 3, kills: 2, deaths: 1 },
        { id: 1, kills: 2, deaths: 0 },
        { id: 2, kills: 5, deaths: 9 },
      ],
      1,
      names,
      pings,
    );
    expect(rows.map((r) => r.id)).toEqual([2, 1, 3]);
    expect(rows[1]).toEqual({ id: 1, name: 'ann', kills: 2, deaths: 0, ping: 32, isLocal: true });
    expect(rows[2]?.name).toBe('player 3');
    expect(rows[2]?.ping).toBeNull();
  });

  it('formats ammo and trims long or blank names', () => {
    expect(ammoText(7, 20)).toBe('7 / 20');
    expect(displayName('  a   b ', 4)).toBe('a b');
    expect(displayName('', 4)).toBe('player 4');
    expect(displayName('abcdefghijklmnopqrstuvwxyz', 1, 8)).toBe('abcdefg…');
    // Cut by code points: an astral character is never split into a lone surrogate.
    expect(displayName('😀😀😀😀😀😀😀😀😀😀', 1, 4)).toBe('😀😀😀…');
  });
});
