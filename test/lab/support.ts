/**
 * Whether the lab can run here, said loudly: without root (or without `ip netns`/nftables) the lab
 * cannot make its networks. In CI (CI=true) that fails the run with the reason; elsewhere the lab's
 * tests are skipped with a warning on stderr, never a silent pass.
 */
import { namespaceSupport } from './netns';

export function labSupport(
  probe: () => { ok: true } | { ok: false; why: string } = namespaceSupport,
  env: Record<string, string | undefined> = process.env,
  warn: (text: string) => void = console.warn,
): boolean {
  const s = probe();
  if (s.ok) return true;
  const why = `NAT LAB CANNOT RUN: network namespaces cannot be made here (${s.why}). It needs root, iproute2 and nftables (.ci/run installs them).`;
  if (env.CI === 'true') throw new Error(why);
  warn(
    `\n${'!'.repeat(100)}\n${why}\nSkipping the NAT lab because CI is not set; in CI this fails.\n${'!'.repeat(100)}\n`,
  );
  return false;
}
