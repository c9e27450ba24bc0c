import { describe, expect, it } from 'vitest';
import { CVARS, defaultCvars, interpDelaySeconds, parseCvars, setCvar, type CvarName } from '../../../src/config/cvars';

describe('cvar registry', () => {
  it('has defaults inside their own bounds', () => {
    for (const [name, def] of Object.entries(CVARS)) {
      expect(def.default, name).toBeGreaterThanOrEqual(def.min);
      expect(def.default, name).toBeLessThanOrEqual(def.max);
      if (def.integer) expect(Number.isInteger(def.default), name).toBe(true);
      expect(def.help.length, name).toBeGreaterThan(10);
    }
  });

  it('uses the seed defaults for interpolation (0.1 s, ratio 2, 30/s → 100 ms)', () => {
    const c = defaultCvars();
    expect(c.cl_interp).toBe(0.1);
    expect(c.cl_extrapolate_amount).toBe(0.25);
    expect(interpDelaySeconds(c)).toBeCloseTo(0.1, 10);
    expect(interpDelaySeconds({ cl_interp: 0.05, cl_interp_ratio: 2, cl_updaterate: 10 })).toBeCloseTo(0.2, 10);
  });

  it('reads the URL query, clamps out-of-range values and reports them', () => {
    const { cvars, issues } = parseCvars(
      new URLSearchParams('net_fakelag=5000&cl_interp=0.05&cl_updaterate=33.6&foo=1'),
    );
    expect(cvars.net_fakelag).toBe(1000);
    expect(cvars.cl_interp).toBe(0.05);
    expect(cvars.cl_updaterate).toBe(34);
    expect(issues.map((i) => [i.name, i.outcome])).toEqual([
      ['net_fakelag', 'clamped'],
      ['cl_updaterate', 'clamped'],
    ]);
    expect(issues[0]?.message).toContain('0..1000');
  });

  it('ignores garbage without throwing and keeps the current value', () => {
    const cvars = defaultCvars();
    for (const raw of ['', 'abc', 'NaN', 'Infinity', '1e999', '<script>']) {
      const issue = setCvar(cvars, 'cl_interp', raw);
      expect(issue?.outcome, raw).toBe('ignored');
      expect(cvars.cl_interp).toBe(0.1);
    }
    expect(setCvar(cvars, 'no_such_cvar', 1)?.outcome).toBe('ignored');
    expect(setCvar(cvars, '__proto__', 1)?.outcome).toBe('ignored');
    expect(setCvar(cvars, 'cl_predict', 0)).toBeNull();
    expect(cvars.cl_predict).toBe(0);
  });

  it('clamps every cvar at both ends', () => {
    const cvars = defaultCvars();
    for (const name of Object.keys(CVARS) as CvarName[]) {
      setCvar(cvars, name, -1e9);
      expect(cvars[name], name).toBe(CVARS[name].min);
      setCvar(cvars, name, 1e9);
      expect(cvars[name], name).toBe(CVARS[name].max);
    }
  });
});
