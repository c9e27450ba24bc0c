// Names a friend cannot tell apart share a skeleton; different names do not.
import { describe, expect, it } from 'vitest';
import { nameSkeleton } from '../../../src/lobby/name-skeleton';
import { uniqueName } from '../../../src/lobby/handshake';

describe('nameSkeleton', () => {
  it.each([
    ['Host', 'Ηost'], // Greek capital Eta
    ['Bob', 'Воb'], // Cyrillic Ve and o
    ['Ada', 'Ａｄａ'], // full width
    ['Alice', 'Аlicе'], // Cyrillic A and e
    ['Cleo', 'Cl\u200beo'], // a zero-width space inside
    ['Zoë', 'Zoe'], // accents
    ['Ian', 'lan'], // capital I and small L
    ['Tom', 'T0m'],
    ['Vern', 'Vem'],
    ['Sam', '𝐒𝐚𝐦'], // mathematical bold
    ['Kai  X', 'Kai X'],
  ])('%s and %s share one', (a, b) => {
    expect(nameSkeleton(a)).toBe(nameSkeleton(b));
  });

  it.each([
    ['Ada', 'Adam'],
    ['Bob', 'Rob'],
    ['Ana', 'Ann'],
    ['Kim', 'Kin'],
    ['Лена', 'Nena'],
  ])('%s and %s do not', (a, b) => {
    expect(nameSkeleton(a)).not.toBe(nameSkeleton(b));
  });
});

describe('uniqueName with skeletons', () => {
  it('numbers a look-alike of a name already in the lobby', () => {
    expect(uniqueName('Ηost', new Set(['Host']))).toBe('Ηost (2)');
    expect(uniqueName('Воb', new Set(['Bob', 'Bob (2)']))).toBe('Воb (3)');
    expect(uniqueName('Ada', new Set(['Bob']))).toBe('Ada');
  });
});
