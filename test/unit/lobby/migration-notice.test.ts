import { describe, expect, it } from 'vitest';
import { hostName, migrationNotice, nameOf, noticeAfterMigration } from '../../../src/lobby/migration-notice';

describe('migrationNotice', () => {
  it('says whose connection was lost and who hosts now, or that the host left on purpose', () => {
    expect(migrationNotice({ oldHost: 'Alice', newHost: 'Bob', graceful: false, selfHosts: false })).toBe(
      "Alice's connection was lost — Bob is now hosting",
    );
    expect(migrationNotice({ oldHost: 'Alice', newHost: 'Bob', graceful: true, selfHosts: false })).toBe(
      'Alice left — Bob is now hosting',
    );
    expect(migrationNotice({ oldHost: 'Alice', newHost: 'Bob', graceful: false, selfHosts: true })).toBe(
      "Alice's connection was lost — you are now hosting",
    );
    expect(migrationNotice({ oldHost: null, newHost: null, graceful: false, selfHosts: false })).toBe(
      "The host's connection was lost — a new host is now hosting",
    );
  });

  it('keeps names as they are (the screens show text, never markup)', () => {
    const name = '<img src=x onerror=alert(1)>';
    expect(migrationNotice({ oldHost: name, newHost: 'Bob', graceful: true, selfHosts: false })).toBe(
      `${name} left — Bob is now hosting`,
    );
  });

  it('finds the host and players by id in a lobby list', () => {
    const list = [
      { id: 1, name: 'Alice', pingMs: 0, isHost: true },
      { id: 2, name: 'Bob', pingMs: 20, isHost: false },
    ];
    expect(hostName(list)).toBe('Alice');
    expect(nameOf(list, 2)).toBe('Bob');
    expect(nameOf(list, 9)).toBeNull();
    expect(hostName([])).toBeNull();
  });
});

describe('noticeAfterMigration', () => {
  const old = [
    { id: 1, name: 'Alice', pingMs: 0, isHost: true },
    { id: 2, name: 'Bob', pingMs: 20, isHost: false },
    { id: 3, name: 'Cleo', pingMs: 20, isHost: false },
  ];
  const bobHosts = old.map((p) => ({ ...p, isHost: p.id === 2 }));
  it('names the host of the new lobby list, else the first successor', () => {
    expect(
      noticeAfterMigration({ why: 'lost', successors: [3, 2], players: old, systemLines: [] }, bobHosts, false),
    ).toBe("Alice's connection was lost — Bob is now hosting");
    expect(noticeAfterMigration({ why: 'lost', successors: [3, 2], players: old, systemLines: [] }, [], false)).toBe(
      "Alice's connection was lost — Cleo is now hosting",
    );
  });
  it("says 'left' after a handover: the final checkpoint here, or the old host's exact announcement", () => {
    expect(
      noticeAfterMigration({ why: 'handover', successors: [2], players: old, systemLines: [] }, bobHosts, true),
    ).toBe('Alice left — you are now hosting');
    expect(
      noticeAfterMigration(
        { why: 'lost', successors: [2], players: old, systemLines: ['Alice left — Bob is now hosting'] },
        bobHosts,
        false,
      ),
    ).toBe('Alice left — Bob is now hosting');
    // Someone typing the same words in the chat is a player line, not a system line: not counted.
    expect(
      noticeAfterMigration(
        { why: 'lost', successors: [2], players: old, systemLines: ['Alice left — Cleo is now hosting'] },
        bobHosts,
        false,
      ),
    ).toBe("Alice's connection was lost — Bob is now hosting");
  });
  it("says 'left' when only the new host announced the handover (the old host's line was dropped with its links)", () => {
    const closedFirst = { why: 'lost' as const, successors: [2], players: old, systemLines: [] };
    expect(noticeAfterMigration(closedFirst, bobHosts, false, ['Alice left — Bob is now hosting'])).toBe(
      'Alice left — Bob is now hosting',
    );
    // Neither host said so: the connection was lost.
    expect(noticeAfterMigration(closedFirst, bobHosts, false, ['Cleo left — Bob is now hosting'])).toBe(
      "Alice's connection was lost — Bob is now hosting",
    );
  });
});
