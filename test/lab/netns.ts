/**
 * The lab's contact with the machine: commands run as root (`ip`, `nft`, `sysctl`), inside a
 * network namespace or not, and one cleanup list per process that deletes every namespace and
 * ends every process the lab made, on `cleanup()` AND on process exit or SIGINT/SIGTERM.
 *
 * Inputs: namespace names (always with the run's prefix, see `labPrefix`). Outputs: command output,
 * or an Error carrying the command and its stderr. Invariants: only namespaces named with our prefix
 * are ever deleted; stale ones from an earlier run count only when their owner pid is gone.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/** Every lab namespace is named `rwl<pid>-<lab>-<role>`: the pid lets a later run sweep what a killed run left. */
const PREFIX_RE = /^rwl(\d+)-/;

export function labPrefix(labNo: number): string {
  return `rwl${process.pid}-${labNo}-`;
}

export function sh(cmd: string, args: string[], input?: string): string {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'], timeout: 20_000 });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')}: ${(e.stderr ?? '').trim() || e.message}`);
  }
}

export function inNs(ns: string, cmd: string, args: string[], input?: string): string {
  return sh('ip', ['netns', 'exec', ns, cmd, ...args], input);
}

/** Loads an nftables ruleset into a namespace. */
export function nft(ns: string, ruleset: string): void {
  inNs(ns, 'nft', ['-f', '-'], ruleset);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function listNamespaces(): string[] {
  return sh('ip', ['netns', 'list'])
    .split('\n')
    .map((l) => l.split(' ')[0] ?? '')
    .filter((n) => n !== '');
}

/** Ends every process inside `ns` (browsers, servers), then deletes it. Never throws. */
export function deleteNamespace(ns: string): void {
  try {
    for (const pid of sh('ip', ['netns', 'pids', ns])
      .split('\n')
      .map(Number)
      .filter((p) => p > 0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  } catch {
    // no such namespace
  }
  try {
    sh('ip', ['netns', 'del', ns]);
  } catch {
    // deleted already
  }
}

/** Deletes lab namespaces whose run (pid in the name) is gone: a killed run leaves nothing for long. */
export function sweepStaleNamespaces(): string[] {
  const stale = listNamespaces().filter((n) => {
    const m = PREFIX_RE.exec(n);
    return m !== null && Number(m[1]) !== process.pid && !alive(Number(m[1]));
  });
  stale.forEach(deleteNamespace);
  return stale;
}

/** Whether this process can make namespaces (root, iproute2, a kernel that allows it), and why not. */
export function namespaceSupport(): { ok: true } | { ok: false; why: string } {
  const probe = `rwl${process.pid}-probe`;
  try {
    sh('ip', ['netns', 'add', probe]);
    sh('ip', ['netns', 'exec', probe, 'nft', 'list', 'ruleset']);
    return { ok: true };
  } catch (err) {
    return { ok: false, why: err instanceof Error ? err.message : String(err) };
  } finally {
    deleteNamespace(probe);
  }
}

/** What one lab made: torn down by `cleanup()`, or by the exit hooks if the test never gets there. */
export class LabResources {
  readonly namespaces: string[] = [];
  readonly children = new Set<ChildProcess>();
  readonly dirs: string[] = [];
  private done = false;

  constructor() {
    LIVE.add(this);
    installExitHooks();
  }

  cleanup(): void {
    if (this.done) return;
    this.done = true;
    LIVE.delete(this);
    for (const c of this.children) if (c.exitCode === null) c.kill('SIGKILL');
    for (const ns of [...this.namespaces].reverse()) deleteNamespace(ns);
    for (const d of this.dirs) rmSync(d, { recursive: true, force: true });
  }
}

const LIVE = new Set<LabResources>();
let hooked = false;

function installExitHooks(): void {
  if (hooked) return;
  hooked = true;
  const all = (): void => [...LIVE].forEach((r) => r.cleanup());
  process.on('exit', all);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      all();
      process.exit(130);
    });
  }
}
