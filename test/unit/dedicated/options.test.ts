/** The dedicated host's options: command line over environment, sv_ cvars clamped and reported, bad values refused with a sentence. */
import { describe, expect, it } from 'vitest';
import { parseDedicatedOptions } from '../../../src/dedicated/options';

describe('parseDedicatedOptions', () => {
  it('reads sv_ cvars from the command line and the environment, the command line winning', () => {
    const r = parseDedicatedOptions(['--sv_tickrate', '128', '--sv_maxplayers=12', '--bots', '5'], {
      sv_tickrate: '30',
      REWIND_SV_MAXUNLAG: '0.5',
      REWIND_BOTS: '2',
    });
    expect(r.errors).toEqual([]);
    expect(r.options.cvars.sv_tickrate).toBe(128);
    expect(r.options.cvars.sv_maxplayers).toBe(12);
    expect(r.options.cvars.sv_maxunlag).toBe(0.5);
    expect(r.options.bots).toBe(5);
  });

  it('clamps out-of-range values and says so; a human always fits beside the bots', () => {
    const r = parseDedicatedOptions(['--sv_maxplayers', '40', '--bots', '99'], {});
    expect(r.options.cvars.sv_maxplayers).toBe(32);
    expect(r.options.bots).toBe(31);
    expect(r.notices.some((n) => /sv_maxplayers/.test(n))).toBe(true);
    expect(r.notices.some((n) => /bots: 99 is outside 0\.\.31/.test(n))).toBe(true);
  });

  it("refuses a player's own setting and unknown names with a sentence, and bad values as errors", () => {
    const r = parseDedicatedOptions(
      [
        '--cl_interp',
        '0.2',
        '--sv_nonsense',
        '1',
        '--room',
        'NOT-A-ROOM',
        '--page-url',
        'ftp://x/',
        '--health',
        'nowhere',
        '--ice-ports',
        '60000-50000',
        'stray',
      ],
      {},
    );
    expect(r.notices).toContain("cl_interp is a player's own setting (set it in the page's URL); ignored here");
    expect(r.notices).toContain('unknown option or setting "sv_nonsense"; ignored');
    expect(r.errors).toEqual([
      'unexpected argument "stray" (options start with --)',
      'page-url: "ftp://x/" is not an http(s) URL',
      'room: "NOT-A-ROOM" is not a room id (16 characters a-z and 2-7)',
      'health: "nowhere" is not HOST:PORT (or "off")',
      'ice-ports: "60000-50000" is not a range FIRST-LAST within 1024-65535',
    ]);
  });

  it('has defaults for everything, health on a free loopback port, Agones off', () => {
    const r = parseDedicatedOptions([], {});
    expect(r.errors).toEqual([]);
    expect(r.options).toMatchObject({
      roomId: null,
      password: '',
      bots: 0,
      startWhen: 1,
      health: { host: '127.0.0.1', port: 0 },
      icePorts: null,
      agones: false,
      emptyTimeoutS: 30,
      recordDir: null,
    });
    expect(r.options.pageUrl.href).toBe('http://127.0.0.1:8080/');
    const on = parseDedicatedOptions(
      ['--agones', '--health', 'off', '--ice-ports', '40000-40100', '--room', 'abcdefghijklmnop'],
      {},
    );
    expect(on.options).toMatchObject({
      agones: true,
      health: null,
      icePorts: { first: 40000, last: 40100 },
      roomId: 'abcdefghijklmnop',
    });
    expect(parseDedicatedOptions(['--help'], {}).help).toBe(true);
  });

  it('takes --record DIR (or REWIND_RECORD) for the replays, and refuses an empty one', () => {
    expect(parseDedicatedOptions(['--record', '/srv/replays'], {}).options.recordDir).toBe('/srv/replays');
    expect(parseDedicatedOptions([], { REWIND_RECORD: 'replays' }).options.recordDir).toBe('replays');
    const empty = parseDedicatedOptions(['--record='], {});
    expect(empty.errors).toEqual(['record: needs a folder']);
    expect(empty.options.recordDir).toBeNull();
  });

  it("reads the match rules and the map rotation with the lobby form's names, from the command line or the environment", () => {
    const r = parseDedicatedOptions(
      [
        '--mode',
        'tdm',
        '--maps',
        'plaza,Bastion,2',
        '--map',
        'bastion',
        '--frag-limit',
        '5',
        '--friendly-fire',
        '--next-match-delay',
        '3',
      ],
      { REWIND_TIME_LIMIT: '120', REWIND_WARMUP: '0' },
    );
    expect(r.errors).toEqual([]);
    expect(r.options.match).toEqual({
      rules: { mode: 1, mapId: 3, fragLimit: 5, timeLimitS: 120, warmupS: 0, friendlyFire: true },
      // --map picks where in the rotation the first match is.
      rotation: [3, 2, 1],
      nextMatchDelayS: 3,
    });
    const d = parseDedicatedOptions([], {}).options.match;
    expect(d).toEqual({
      rules: { mode: 0, mapId: 0, fragLimit: 20, timeLimitS: 600, warmupS: 5, friendlyFire: false },
      rotation: [0],
      nextMatchDelayS: 10,
    });
    expect(
      parseDedicatedOptions(['--friendly-fire=0', '--map', 'warrens'], { REWIND_FRIENDLY_FIRE: '1' }).options.match,
    ).toMatchObject({ rules: { friendlyFire: false, mapId: 2 }, rotation: [2] });
  });

  it("clamps match limits with the form's sentences and refuses unknown maps and modes", () => {
    const r = parseDedicatedOptions(['--frag-limit', '999', '--next-match-delay', '0'], {});
    expect(r.notices).toContain('Frag limit 999 is outside 0-200; using 200.');
    expect(r.notices).toContain('next-match-delay: 0 is outside 1..300 (whole seconds); using 1');
    expect(r.options.match.rules.fragLimit).toBe(200);
    const bad = parseDedicatedOptions(
      ['--mode', 'ctf', '--maps', 'plaza,moon', '--map', 'warrens', '--friendly-fire=maybe'],
      {},
    );
    expect(bad.errors).toEqual([
      'mode: "ctf" is not a mode (deathmatch or team-deathmatch)',
      'maps: "moon" is not a map (crossfire, plaza, warrens, bastion, or 0-3)',
      'map: "warrens" is not in --maps (plaza,moon)',
      'friendly-fire: "maybe" is not on or off (1/0, true/false)',
    ]);
  });
});
