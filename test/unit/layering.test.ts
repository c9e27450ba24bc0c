// The layering rules of DESIGN.md §2 are enforced by eslint.config.js. These tests lint small
// sources as if they lived in each folder, so a rule that stops firing fails here.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('layering (DESIGN §2)', () => {
  it('keeps src/sim pure: no DOM, no peerjs/kaboom, no other layer, no Math.random, no clock', async () => {
    const file = 'src/sim/__probe.ts';
    expect(await ruleIds(file, "import kaboom from 'kaboom';\nexport const k = kaboom;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds(file, "import Peer from 'peerjs';\nexport const p = Peer;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds(file, "import { x } from '../protocol/bits';\nexport const y = x;\n")).toContain(
      'no-restricted-imports',
    );
    // The netcode's ids are the one part of it the rules may name (type aliases: one PlayerId, one Tick).
    expect(
      await ruleIds(file, "import type { PlayerId } from '../protocol/ids';\nexport type P = PlayerId;\n"),
    ).toEqual([]);
    expect(await ruleIds(file, "import { x } from '../protocol';\nexport const y = x;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds(file, "import { x } from '../server/game-server';\nexport const y = x;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds(file, 'export const r = Math.random();\n')).toContain('no-restricted-properties');
    expect(await ruleIds(file, 'export const t = performance.now();\n')).toContain('no-restricted-properties');
    expect(await ruleIds(file, 'export const d = document.title;\n')).toContain('no-restricted-globals');
    expect(await ruleIds(file, 'export const d = Date.now();\n')).toContain('no-restricted-globals');
  });

  it('keeps server and client apart and off the DOM', async () => {
    expect(
      await ruleIds('src/server/__probe.ts', "import { a } from '../client/net-client';\nexport const b = a;\n"),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds('src/client/__probe.ts', "import { a } from '../server/game-server';\nexport const b = a;\n"),
    ).toContain('no-restricted-imports');
    expect(await ruleIds('src/client/__probe.ts', 'export const w = window.innerWidth;\n')).toContain(
      'no-restricted-globals',
    );
  });

  it("keeps the netcode off the arena's rules (src/sim): its ids are protocol/ids.ts", async () => {
    const simImport = "import type { PlayerId } from '../sim/types';\nexport type P = PlayerId;\n";
    const simValue = "import { POS_SCALE } from '../sim/quantize';\nexport const s = POS_SCALE;\n";
    const idsImport = "import type { PlayerId } from '../protocol/ids';\nexport type P = PlayerId;\n";
    for (const folder of ['protocol', 'client', 'server', 'host', 'lobby', 'transport']) {
      expect(await ruleIds(`src/${folder}/__probe.ts`, simImport), folder).toContain('no-restricted-imports');
      expect(await ruleIds(`src/${folder}/__probe.ts`, simValue), folder).toContain('no-restricted-imports');
      if (folder !== 'transport' && folder !== 'protocol')
        expect(await ruleIds(`src/${folder}/__probe.ts`, idsImport), folder).toEqual([]);
    }
    // No file of the netcode is excepted (the arena's wire lives in src/arena/protocol, its worker types in src/arena).
    for (const file of ['src/protocol/snapshot.ts', 'src/protocol/debug-codec.ts', 'src/host/worker-api.ts'])
      expect(await ruleIds(file, simImport), file).toContain('no-restricted-imports');
    expect(await ruleIds('src/server/lag-compensator.ts', simImport)).toContain('no-restricted-imports');
  });

  it("keeps the server worker's API (workers/server-api.ts) free of the games; the worker entries choose one", async () => {
    const imp = (from: string): string => `import { x } from '${from}';\nexport const y = x;\n`;
    for (const from of [
      '../src/sim/types',
      '../src/arena/server/arena-server-game',
      '../src/pushball/server/pushball-checkpoint',
    ])
      expect(await ruleIds('workers/server-api.ts', imp(from)), from).toContain('no-restricted-imports');
    expect(await ruleIds('workers/server-api.ts', imp('../src/server/server-runtime'))).toEqual([]);
    expect(await ruleIds('workers/server.worker.ts', imp('../src/arena/server/arena-server-game'))).toEqual([]);
  });

  it('keeps the netcode free of the games built on it (src/arena, src/pushball), and the arena off the page', async () => {
    const arenaImport =
      "import { arenaServerGame } from '../arena/server/arena-server-game';\nexport const g = arenaServerGame;\n";
    const pushballImport =
      "import { PUSHBALL_WIRE } from '../pushball/protocol/pushball-wire';\nexport const w = PUSHBALL_WIRE;\n";
    for (const folder of ['server', 'client', 'protocol', 'transport', 'host', 'lobby']) {
      expect(await ruleIds(`src/${folder}/__probe.ts`, arenaImport)).toContain('no-restricted-imports');
      expect(await ruleIds(`src/${folder}/__probe.ts`, pushballImport)).toContain('no-restricted-imports');
    }
    expect(
      await ruleIds(
        'src/arena/server/__probe.ts',
        "import type { ServedGame } from './served-game';\nexport type G = ServedGame;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'src/arena/server/__probe.ts',
        "import { a } from '../../host/listen-server';\nexport const b = a;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(await ruleIds('src/arena/server/__probe.ts', 'export const w = window.innerWidth;\n')).toContain(
      'no-restricted-globals',
    );
  });

  it('keeps the second game (src/pushball/sim) pure and off the arena', async () => {
    const file = 'src/pushball/sim/__probe.ts';
    expect(await ruleIds(file, "import { x } from '../../sim/types';\nexport const y = x;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds(file, 'export const r = Math.random();\n')).toContain('no-restricted-properties');
    expect(await ruleIds(file, 'export const d = Date.now();\n')).toContain('no-restricted-globals');
    expect(await ruleIds(file, "import { stepPitch } from './step';\nexport const s = stepPitch;\n")).toEqual([]);
  });

  it("keeps Pushball's tables on the netcode and Pushball's own sim, off the arena and apart", async () => {
    const imp = (from: string): string => `import { x } from '${from}';\nexport const y = x;\n`;
    for (const folder of ['server', 'client']) {
      const file = `src/pushball/${folder}/__probe.ts`;
      for (const from of ['../../sim/types', '../../sim', '../../arena/server/arena-server-game'])
        expect(await ruleIds(file, imp(from)), `${folder} ← ${from}`).toContain('no-restricted-imports');
      expect(await ruleIds(file, imp('../sim'))).toEqual([]);
      expect(await ruleIds(file, 'export const w = window.innerWidth;\n')).toContain('no-restricted-globals');
    }
    expect(await ruleIds('src/pushball/server/__probe.ts', imp('../../server/server-game'))).toEqual([]);
    expect(await ruleIds('src/pushball/server/__probe.ts', imp('../client/pushball-prediction'))).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds('src/pushball/client/__probe.ts', imp('../../client/predictor'))).toEqual([]);
    expect(await ruleIds('src/pushball/client/__probe.ts', imp('../server/pushball-server-game'))).toContain(
      'no-restricted-imports',
    );
  });

  it("keeps Pushball's renderer (src/pushball/game) on kaboom, src/game and Pushball's client side, off the server and the page", async () => {
    const imp = (from: string): string => `import { x } from '${from}';\nexport const y = x;\n`;
    const file = 'src/pushball/game/__probe.ts';
    for (const from of [
      'kaboom',
      '../../game/safe-text',
      '../../client/client-game',
      '../client/pushball-client-game',
      '../sim',
      '../protocol/rules-block',
    ])
      expect(await ruleIds(file, imp(from)), from).toEqual([]);
    for (const from of [
      '../../server/game-server',
      '../server/pushball-server-game',
      '../../host/listen-server',
      '../../app/game-view',
      '../../arena/client/arena-view',
      '../../sim/types',
      'peerjs',
      'comlink',
    ])
      expect(await ruleIds(file, imp(from)), from).toContain('no-restricted-imports');
    const draw =
      "import type { KaboomCtx } from 'kaboom';\nexport const f = (k: KaboomCtx): void => k.drawText({ text: 'x' });\n";
    expect(await ruleIds(file, draw)).toContain('no-restricted-properties');
  });

  it('lets only src/game import kaboom, and no part of src import the PeerJS client library', async () => {
    const kaboomImport = "import kaboom from 'kaboom';\nexport const k = kaboom;\n";
    const peerImport = "import Peer from 'peerjs';\nexport const p = Peer;\n";
    expect(await ruleIds('src/game/__probe.ts', kaboomImport)).toEqual([]);
    for (const folder of ['transport', 'lobby', 'host', 'app', 'dedicated'])
      expect(await ruleIds(`src/${folder}/__probe.ts`, peerImport)).toContain('no-restricted-imports');
    expect(await ruleIds('src/host/__probe.ts', kaboomImport)).toContain('no-restricted-imports');
    expect(await ruleIds('src/game/__probe.ts', peerImport)).toContain('no-restricted-imports');
    expect(await ruleIds('src/protocol/__probe.ts', peerImport)).toContain('no-restricted-imports');
  });

  it('allows the imports the design allows', async () => {
    expect(
      await ruleIds('src/protocol/__probe.ts', "import type { PlayerId } from './ids';\nexport type P = PlayerId;\n"),
    ).toEqual([]);
    expect(
      await ruleIds(
        'src/client/__probe.ts',
        "import type { SnapshotOf } from '../protocol/snapshot-types';\nexport type S = SnapshotOf<never>;\n",
      ),
    ).toEqual([]);
  });

  it('sends every text kaboom draws through safe-text.ts', async () => {
    const draw =
      "import type { KaboomCtx } from 'kaboom';\nexport const f = (k: KaboomCtx): void => k.drawText({ text: 'x' });\n";
    expect(await ruleIds('src/game/__probe.ts', draw)).toContain('no-restricted-properties');
    expect(await ruleIds('src/game/__probe.ts', draw.replace('drawText', 'formatText'))).toContain(
      'no-restricted-properties',
    );
    expect(await ruleIds('src/game/safe-text.ts', draw)).toEqual([]);
  });

  it('keeps files under 300 lines and functions in src under 60 (the house rule, on the formatted code)', async () => {
    const lines = (n: number): string =>
      Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
    expect(await ruleIds('src/client/__probe.ts', lines(300))).toEqual([]);
    expect(await ruleIds('src/client/__probe.ts', lines(301))).toContain('max-lines');
    expect(await ruleIds('test/unit/__probe.ts', lines(301))).toContain('max-lines');
    const body = (n: number): string => Array.from({ length: n }, (_, i) => `  const a${i} = x + ${i};`).join('\n');
    const fn = (n: number): string => `export function f(x: number): number {\n${body(n)}\n  return x;\n}\n`;
    expect(await ruleIds('src/host/__probe.ts', fn(57))).toEqual([]);
    expect(await ruleIds('src/host/__probe.ts', fn(59))).toContain('max-lines-per-function');
  });

  it('forbids `any` on the netcode paths', async () => {
    expect(await ruleIds('src/protocol/__probe.ts', 'export const x: any = 1;\n')).toContain(
      '@typescript-eslint/no-explicit-any',
    );
  });
});
