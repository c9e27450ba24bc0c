/**
 * `--record DIR` (ReplayFiles): a match's replay goes into DIR (created when missing) under the
 * browser's file name plus the match number, once per match; the match in progress at shutdown is
 * marked partial; no replay, or a folder that cannot be written, is logged and nothing throws.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReplayFiles } from '../../../src/dedicated/replay-files';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const when = new Date(2026, 10, 28, 22, 15);

describe('ReplayFiles', () => {
  it('writes each match once, the last one partial, into a folder it creates', async () => {
    const root = await mkdtemp(join(tmpdir(), 'replay-files-'));
    dirs.push(root);
    const dir = join(root, 'replays', 'today');
    const log: string[] = [];
    let n = 0;
    const files = new ReplayFiles(
      dir,
      'arena',
      { replay: () => Uint8Array.of(1, 2, ++n) },
      (l) => log.push(l),
      () => when,
    );
    expect(await files.save(1)).toBe(join(dir, 'rewind-arena-2026-11-28-2215-match1.rwnd'));
    expect(await files.save(1)).toBeNull();
    expect(await files.save(2, true)).toBe(join(dir, 'rewind-arena-2026-11-28-2215-match2-partial.rwnd'));
    expect((await readdir(dir)).sort()).toEqual([
      'rewind-arena-2026-11-28-2215-match1.rwnd',
      'rewind-arena-2026-11-28-2215-match2-partial.rwnd',
    ]);
    expect([...(await readFile(files.paths[0]!))]).toEqual([1, 2, 1]);
    expect(log[0]).toMatch(/^replay of match 1 saved: .*match1\.rwnd \(1 KB\)$/);
  });

  it('logs a folder it cannot write and a missing replay, and never throws', async () => {
    const root = await mkdtemp(join(tmpdir(), 'replay-files-'));
    dirs.push(root);
    const blocker = join(root, 'a-file');
    await writeFile(blocker, 'x');
    const log: string[] = [];
    const files = new ReplayFiles(join(blocker, 'sub'), 'arena', { replay: () => Uint8Array.of(1) }, (l) =>
      log.push(l),
    );
    expect(await files.save(1)).toBeNull();
    expect(log[0]).toMatch(/^replay of match 1 not saved: /);
    const none = new ReplayFiles(root, 'arena', { replay: () => null }, (l) => log.push(l));
    expect(await none.save(1)).toBeNull();
    const broken = new ReplayFiles(root, 'arena', { replay: () => Promise.reject(new Error('worker gone')) }, (l) =>
      log.push(l),
    );
    expect(await broken.save(1)).toBeNull();
    expect(log[log.length - 1]).toBe('replay of match 1 not saved: worker gone');
  });
});
