/**
 * The dedicated host's `--record DIR`: each match's replay, as the worker recorded it, written to
 * a file in DIR when the next match is about to start (its end screen included), and the match in
 * progress when the host stops. Names as a browser saves them,
 * plus the match number: rewind-arena-2026-11-28-2215-match3.rwnd.
 * Invariants: never throws (a folder it cannot write is logged, the host plays on); a match is
 * written once; the folder is created when missing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replayFileName } from '../protocol/replay-format';

export interface ReplaySourceApi {
  replay(): Promise<Uint8Array | null> | Uint8Array | null;
}

/**
 * `--record DIR` on a match cycle: each match's replay just before the next one starts, so it holds
 * the match and its whole end screen (the recorder starts a new replay at each start); the caller
 * saves the one in progress, partial, when the host stops. Null without a folder.
 */
export function recordMatches(
  dir: string | null,
  cycle: { beforeNext(cb: () => Promise<unknown>): void; readonly matchesStarted: number },
  api: ReplaySourceApi,
  log: (line: string) => void,
): ReplayFiles | null {
  if (dir === null) return null;
  const files = new ReplayFiles(dir, 'arena', api, log);
  cycle.beforeNext(() => files.save(cycle.matchesStarted));
  return files;
}

export class ReplayFiles {
  /** The match number last written (0: none yet). */
  private written = 0;
  /** Files written, for the log and tests. */
  readonly paths: string[] = [];

  constructor(
    private readonly dir: string,
    private readonly game: string,
    private readonly api: ReplaySourceApi,
    private readonly log: (line: string) => void,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Writes match `match`'s replay (once); `partial`: the host is stopping before it ended. */
  async save(match: number, partial = false): Promise<string | null> {
    if (match <= this.written) return null;
    this.written = match;
    try {
      const bytes = await this.api.replay();
      if (!bytes || bytes.length === 0) return null;
      await mkdir(this.dir, { recursive: true });
      const path = join(this.dir, replayFileName(this.game, this.clock(), `match${match}${partial ? '-partial' : ''}`));
      await writeFile(path, bytes);
      this.paths.push(path);
      this.log(`replay of match ${match} saved: ${path} (${Math.max(1, Math.round(bytes.length / 1024))} KB)`);
      return path;
    } catch (err) {
      this.log(`replay of match ${match} not saved: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }
}
