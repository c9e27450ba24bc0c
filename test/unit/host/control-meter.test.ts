import { describe, expect, it } from 'vitest';
import { CONTROL_PER_SECOND_LIMIT, ControlMeter, MALFORMED_KICK_THRESHOLD } from '../../../src/host/control-meter';

describe('ControlMeter', () => {
  it('lets CONTROL_PER_SECOND_LIMIT messages through in one second and kicks the next as a flood', () => {
    const m = new ControlMeter(0);
    for (let i = 0; i < CONTROL_PER_SECOND_LIMIT; i++) expect(m.arrived(i)).toBeNull();
    expect(m.arrived(999)).toEqual({ reason: 'flood', text: 'Too many control messages.' });
  });

  it('starts a fresh window after a second, so a steady sender under the limit is never kicked', () => {
    const m = new ControlMeter(0);
    for (let s = 0; s < 10; s++) {
      for (let i = 0; i < CONTROL_PER_SECOND_LIMIT; i++) expect(m.arrived(s * 1000 + i)).toBeNull();
    }
  });

  it('kicks on the MALFORMED_KICK_THRESHOLD-th malformed message', () => {
    const m = new ControlMeter(0);
    for (let i = 1; i < MALFORMED_KICK_THRESHOLD; i++) expect(m.malformed()).toBeNull();
    expect(m.malformed()?.reason).toBe('malformed');
  });
});
