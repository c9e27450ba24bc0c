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
  'no-restricted-globals': [
    'error',
    'window',
    'document',
    'navigator',
    'localStorage',
    'requestAnimationFrame',
    'Date',
  ],
};

/** A game's rules (src/sim, src/pushball/sim): deterministic, no clock, no DOM, and only these imports. */
const pureRules = (folders, randomHint) => ({
  'no-restricted-imports': ['error', banned(folders, browserOnly)],
  'no-restricted-properties': [
    'error',
    { object: 'Math', property: 'random', message: `the rules are deterministic: ${randomHint}` },
    { object: 'performance', property: 'now', message: 'the rules have no clock: time is the tick' },
  ],
  ...noDom,
});

/**
 * Pushball's tables (src/pushball/server, src/pushball/client, src/pushball/protocol): built on the
 * netcode's tables and Pushball's own sim (../sim), never on the arena's game (src/arena, and
 * src/sim: '../../sim' from there) nor the page; the server table and the client rules do not
 * import each other, and the wire schema neither (`others`).
 */
const pushballTables = (...others) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...banned(
          [...others, 'arena', 'transport', 'host', 'lobby', 'game', 'app', 'workers', 'bots', 'dedicated'],
          browserOnly,
        ).patterns,
        { group: ['../../sim', '../../sim/*'], message: "src/sim is the arena's rules: Pushball's are ../sim" },
      ],
    },
  ],
  ...noDom,
});

/**
 * src/sim is the arena's rules, reached as '../sim' from a netcode folder: the netcode names its
 * ids itself (src/protocol/ids.ts) and takes a game's types through its tables.
 */
const noArenaRules = {
  group: ['../sim', '../sim/*'],
  message: "src/sim is the arena's rules: the netcode's ids are protocol/ids.ts",
};
/** A netcode folder's import ban: `folders` and `packages` as `banned` does, and src/sim. */
const netcodeBanned = (folders, packages, message) => ({
  patterns: [...banned(folders, packages, message).patterns, noArenaRules],
});
const PROTOCOL_BANNED = [
  'server',
  'client',
  'transport',
  'host',
  'lobby',
  'game',
  'workers',
  'bots',
  'dedicated',
  'arena',
  'pushball',
];
const HOST_BANNED = ['server', 'game', 'bots', 'dedicated', 'arena', 'pushball'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**'] },
  {
    // The house rule (README "Style"): no file over 300 lines, no function over 60, measured on
    // Prettier's layout (npm run format:check keeps it) so they count code, not long lines. Test
    // and script files have the file limit only: a describe() block is long by nature.
    files: ['{src,test,bench,scripts,workers,tools}/**/*.{ts,mjs,js}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // kaboom reads `[tag]…[/tag]` in drawn text as markup and caches every glyph it draws: all
    // text goes through src/game/safe-text.ts (literal, atlas-safe), the only file allowed these.
    files: ['src/**/*.ts', 'bench/**/*.ts'],
    ignores: ['src/game/safe-text.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['drawText', 'formatText', 'drawFormattedText'].map((property) => ({
          property,
          message: 'draw text through src/game/safe-text.ts (render-kit text/anchoredText)',
        })),
      ],
    },
  },
  {
    files: ['src/sim/**/*.ts'],
    rules: pureRules(
      ['server', 'client', 'transport', 'host', 'lobby', 'game', 'workers', 'bots', 'dedicated'],
      'use the seeded PRNG in WorldState',
    ),
  },
  {
    // The arena's rules name the netcode's ids (type aliases, no code: src/protocol/ids.ts), so a
    // PlayerId or Tick is one type on both sides; nothing else of the netcode.
    files: ['src/sim/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/protocol/*', '!**/protocol/ids'],
              message: 'protocol/ (but its ids) breaks the layering of DESIGN.md §2',
            },
            { regex: '(^|/)protocol$', message: 'protocol/ breaks the layering of DESIGN.md §2' },
            ...banned(
              ['server', 'client', 'transport', 'host', 'lobby', 'game', 'workers', 'bots', 'dedicated'],
              browserOnly,
            ).patterns,
          ],
        },
      ],
    },
  },
  {
    // The second game's rules (Pushball): as pure as src/sim, and nothing of the arena or the netcode.
    files: ['src/pushball/sim/**/*.ts'],
    rules: pureRules(
      [
        'sim',
        'arena',
        'protocol',
        'server',
        'client',
        'transport',
        'host',
        'lobby',
        'game',
        'app',
        'workers',
        'bots',
        'dedicated',
      ],
      'no Math.random',
    ),
  },
  {
    files: ['src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', netcodeBanned(PROTOCOL_BANNED, browserOnly)],
      ...noDom,
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        netcodeBanned(
          ['client', 'transport', 'host', 'lobby', 'game', 'workers', 'bots', 'dedicated', 'arena', 'pushball'],
          browserOnly,
        ),
      ],
      ...noDom,
    },
  },
  {
    files: ['src/client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        netcodeBanned(
          ['server', 'transport', 'host', 'lobby', 'game', 'workers', 'bots', 'dedicated', 'arena', 'pushball'],
          browserOnly,
        ),
      ],
      ...noDom,
    },
  },
  {
    // PeerJS's client library never runs in our pages or hosts (issue 21): its DataConnection let a
    // stranger's OFFER pick a parser; src/transport speaks the PeerServer's protocol itself.
    files: ['src/transport/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        banned(
          ['sim', 'server', 'client', 'host', 'lobby', 'game', 'workers', 'bots', 'dedicated', 'arena', 'pushball'],
          ['kaboom', 'comlink', 'peer', 'peerjs'],
        ),
      ],
    },
  },
  {
    files: ['src/host/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        netcodeBanned(
          HOST_BANNED,
          ['kaboom', 'peer', 'peerjs'],
          "must go through the worker / is not the host's to draw",
        ),
      ],
    },
  },
  {
    // The server worker's API (workers/server-api.ts) is the netcode's: any game's runtime. The
    // worker entries (server.worker.ts, pushball.worker.ts, server.node-worker.ts) choose the game.
    files: ['workers/server-api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        banned(
          ['sim', 'arena', 'pushball', 'client', 'host', 'lobby', 'game', 'app', 'bots', 'dedicated'],
          ['kaboom', 'peer', 'peerjs'],
        ),
      ],
    },
  },
  {
    files: ['src/lobby/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        netcodeBanned(
          ['server', 'game', 'host', 'bots', 'dedicated', 'arena', 'pushball'],
          ['kaboom', 'comlink', 'peer', 'peerjs'],
        ),
      ],
    },
  },
  {
    // A game built on the netcode (the arena): it implements the netcode's tables (server/server-game.ts)
    // and may use the netcode's layers below the page; the netcode never imports it back (rules above).
    // Only the worker entry and the page choose a game.
    files: ['src/arena/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        banned(['transport', 'host', 'lobby', 'game', 'app', 'workers', 'bots', 'dedicated'], browserOnly),
      ],
      ...noDom,
    },
  },
  {
    files: ['src/pushball/server/**/*.ts'],
    rules: pushballTables('client'),
  },
  {
    files: ['src/pushball/client/**/*.ts'],
    rules: pushballTables('server'),
  },
  {
    files: ['src/pushball/protocol/**/*.ts'],
    rules: pushballTables('server', 'client'),
  },
  {
    // Pushball's renderer (src/pushball/game): kaboom, src/game's generic helpers (canvas, safe text,
    // gamepad, touch sticks, palette), the netcode's client types and Pushball's client, sim and
    // protocol; never the server side, the page, the arena's game or rules, nor the other browser
    // packages. The safe-text rule above applies here too.
    files: ['src/pushball/game/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...banned(
              ['server', 'arena', 'transport', 'host', 'lobby', 'app', 'workers', 'bots', 'dedicated'],
              ['peerjs', 'peer', 'comlink'],
            ).patterns,
            { group: ['../../sim', '../../sim/*'], message: "src/sim is the arena's rules: Pushball's are ../sim" },
          ],
        },
      ],
    },
  },
  {
    files: ['src/config/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        banned(
          [
            'sim',
            'protocol',
            'server',
            'client',
            'transport',
            'host',
            'lobby',
            'game',
            'app',
            'workers',
            'bots',
            'dedicated',
          ],
          browserOnly,
        ),
      ],
      ...noDom,
    },
  },
  {
    files: ['src/app/**/*.ts', 'src/main.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        banned(
          ['server', 'bots', 'dedicated'],
          ['kaboom', 'peer', 'peerjs'],
          'is reached only through the worker / src/game',
        ),
      ],
    },
  },
  {
    files: ['src/game/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        banned(['server', 'workers', 'bots', 'dedicated'], ['peerjs', 'peer', 'comlink']),
      ],
    },
  },
  {
    // Scripted protocol clients (the harness's and the dedicated host's bots): wire codecs and sim types only.
    files: ['src/bots/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        banned(
          ['server', 'client', 'transport', 'host', 'lobby', 'game', 'app', 'workers', 'dedicated', 'config'],
          browserOnly,
        ),
      ],
      ...noDom,
    },
  },
  {
    // The dedicated host (Node): the listen server's host/ and lobby/ code with Node parts injected; the
    // server only through its worker thread; comlink to talk to that thread; no page, no renderer.
    files: ['src/dedicated/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', banned(['server', 'client', 'game', 'app'], ['kaboom', 'peer', 'peerjs'])],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'requestAnimationFrame'],
    },
  },
  {
    // The reference client is written from docs/ alone: nothing of the game's src/ (not even the codecs).
    files: ['tools/reference-client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/src'],
              message: 'the reference client uses only docs/PROTOCOL.md: write it, do not import it',
            },
            { group: ['kaboom', 'comlink', 'peer'], message: 'not a client dependency' },
          ],
        },
      ],
    },
  },
);
