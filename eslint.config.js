// Lint = the layering rules of DESIGN.md §2, enforced mechanically.
// Each folder may import only what the design allows; breaking a rule fails `npm test`.
import tseslint from 'typescript-eslint';

const browserOnly = ['peerjs', 'peer', 'kaboom', 'comlink'];
const banned = (folders, packages = [], message = 'breaks the layering of DESIGN.md §2') => ({
  patterns: [
    ...folders.map((f) => ({ group: [`**/${f}/*`, `**/${f}`], message: `${f}/ ${message}` })),
    ...(packages.length ? [{ group: packages, message: `package ${message}` }] : []),
  ],
});
const noDom = {
  'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'requestAnimationFrame', 'Date'],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**'] },
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/sim/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', banned(['protocol', 'server', 'client', 'transport', 'host', 'lobby', 'game', 'workers'], browserOnly)],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'sim is deterministic: use the seeded PRNG in WorldState' }, { object: 'performance', property: 'now', message: 'sim has no clock: time is the tick' }],
      ...noDom,
    },
  },
  {
    files: ['src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', banned(['server', 'client', 'transport', 'host', 'lobby', 'game', 'workers'], browserOnly)],
      ...noDom,
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', banned(['client', 'transport', 'host', 'lobby', 'game', 'workers'], browserOnly)], ...noDom },
  },
  {
    files: ['src/client/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', banned(['server', 'transport', 'host', 'lobby', 'game', 'workers'], browserOnly)], ...noDom },
  },
  {
    files: ['src/transport/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', banned(['sim', 'server', 'client', 'host', 'lobby', 'game', 'workers'], ['kaboom', 'comlink', 'peer'])] },
  },
  {
    files: ['src/host/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', banned(['server', 'game'], ['kaboom', 'peer'], 'must go through the worker / is not the host\'s to draw')] },
  },
  {
    files: ['src/lobby/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', banned(['server', 'game', 'host'], ['kaboom', 'comlink', 'peer'])] },
  },
  {
    files: ['src/config/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', banned(['sim', 'protocol', 'server', 'client', 'transport', 'host', 'lobby', 'game', 'app', 'workers'], browserOnly)], ...noDom },
  },
  {
    files: ['src/app/**/*.ts', 'src/main.ts'],
    rules: { 'no-restricted-imports': ['error', banned(['server'], ['kaboom', 'peer'], 'is reached only through the worker / src/game')] },
  },
  {
    files: ['src/game/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', banned(['server', 'workers'], ['peerjs', 'peer', 'comlink'])] },
  },
);
