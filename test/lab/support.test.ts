// The lab never passes silently where it cannot run: CI fails with the reason, elsewhere a loud warning.
import { describe, expect, it, vi } from 'vitest';
import { labSupport } from './support';

const cannot = (): { ok: false; why: string } => ({ ok: false, why: 'ip netns add: Operation not permitted' });

describe('lab support', () => {
  it('fails in CI with the reason when namespaces cannot be made', () => {
    expect(() => labSupport(cannot, { CI: 'true' }, vi.fn())).toThrow(/NAT LAB CANNOT RUN.*Operation not permitted/);
  });

  it('warns loudly and skips outside CI', () => {
    const warn = vi.fn();
    expect(labSupport(cannot, {}, warn)).toBe(false);
    expect(warn.mock.calls[0]?.[0]).toMatch(/NAT LAB CANNOT RUN[\s\S]*in CI this fails/);
  });

  it('runs where namespaces can be made', () => {
    expect(labSupport(() => ({ ok: true }), { CI: 'true' })).toBe(true);
  });
});
