import { describe, it, expect } from 'vitest';
import { CVARS, defaultCvars, setCvar, type CvarName } from '../../../src/config/cvars';
import { applyEdit, formatSetting, settingGroups } from '../../../src/game/settings-model';

describe('settingGroups', () => {
  it('lists every cvar exactly once with its help line', () => {
    const groups = settingGroups(defaultCvars());
    const names = groups.flatMap((g) => g.items.map((i) => i.name));
    expect(names.slice().sort()).toEqual((Object.keys(CVARS) as CvarName[]).sort());
    for (const g of groups) for (const i of g.items) expect(i.help).toBe(CVARS[i.name].help);
  });

  it('puts the Gambetta switches and the conditioner in their own groups first', () => {
    const groups = settingGroups(defaultCvars());
    expect(groups[0]?.items.map((i) => i.name)).toEqual([
      'cl_predict',
      'cl_reconcile',
      'cl_interpolate',
      'sv_lagcompensation',
    ]);
    expect(groups[1]?.items.map((i) => i.name)).toEqual([
      'net_fakelag',
      'net_fakejitter',
      'net_fakeloss',
      'net_fakeloss_burst',
    ]);
    expect(groups[0]?.items.every((i) => i.kind === 'flag')).toBe(true);
  });

  it('carries the current values and bounds', () => {
    const c = defaultCvars();
    c.net_fakelag = 150;
    const lag = settingGroups(c)
      .flatMap((g) => g.items)
      .find((i) => i.name === 'net_fakelag');
    expect(lag).toMatchObject({ value: 150, min: 0, max: 1000, step: 1, kind: 'number' });
  });
});

describe('applyEdit', () => {
  const store = (): {
    set: (n: string, v: number | string) => ReturnType<typeof setCvar>;
    read: () => ReturnType<typeof defaultCvars>;
  } => {
    const c = defaultCvars();
    return { set: (n, v) => setCvar(c, n, v), read: () => c };
  };

  it('applies a value and reports nothing when it is in range', () => {
    const s = store();
    expect(applyEdit(s.set, s.read, 'net_fakelag', '120')).toEqual({ message: null, value: 120 });
  });

  it('shows the clamping message and the value in force', () => {
    const s = store();
    const r = applyEdit(s.set, s.read, 'net_fakelag', '5000');
    expect(r.value).toBe(1000);
    expect(r.message).toContain('net_fakelag');
    expect(r.message).toContain('1000');
  });

  it('keeps the old value on garbage and says so', () => {
    const s = store();
    const r = applyEdit(s.set, s.read, 'cl_interp', 'abc');
    expect(r.value).toBe(0.1);
    expect(r.message).toContain('not a number');
  });

  it('turns checkboxes into 0/1', () => {
    const s = store();
    expect(applyEdit(s.set, s.read, 'cl_predict', false).value).toBe(0);
    expect(applyEdit(s.set, s.read, 'cl_predict', true).value).toBe(1);
  });

  it('formats flags and numbers', () => {
    expect(formatSetting({ kind: 'flag' }, 1)).toBe('on');
    expect(formatSetting({ kind: 'flag' }, 0)).toBe('off');
    expect(formatSetting({ kind: 'number' }, 0.1 + 0.2)).toBe('0.3');
  });
});
