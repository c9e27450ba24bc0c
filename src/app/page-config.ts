/**
 * Everything the page reads at start-up: signaling + ICE (server's /rewind-config.json, then
 * the URL), cvars from the query, the lobby link in the hash, a few page options.
 *
 * Inputs: `fetch`, the page's URL. Outputs: `PageConfig` with every problem as a readable notice.
 * Invariant: never throws; a missing or broken config file falls back to the defaults (and says so).
 */
import { parseCvars, type Cvars } from '../config/cvars';
import { parseLobbyHash, type LobbyTarget } from '../lobby/link';
import { resolveSignaling } from '../lobby/signaling-config';
import type { SignalingOptions } from '../transport/peer-link';

export interface PageConfig {
  signaling: SignalingOptions;
  /** What the page would use without the URL's `?peer=`/`?ice=` (the join screen compares). */
  defaultSignaling: SignalingOptions;
  cvars: Cvars;
  joinRoomId: string | null;
  /** The lobby link's room id and host key fingerprint (null key: an old link without one). */
  joinTarget: LobbyTarget | null;
  /** `?render=0`: no canvas (tests and benchmarks that only read window.rewind). */
  render: boolean;
  defaultName: string;
  notices: string[];
}

async function fetchServerConfig(fetcher: typeof fetch): Promise<{ json: unknown; notice: string | null }> {
  try {
    const res = await fetcher('/rewind-config.json', { cache: 'no-store' });
    if (!res.ok) return { json: undefined, notice: null };
    return { json: (await res.json()) as unknown, notice: null };
  } catch {
    return { json: undefined, notice: 'rewind-config.json could not be read; using the default PeerServer address.' };
  }
}

export async function loadPageConfig(url: URL, fetcher: typeof fetch): Promise<PageConfig> {
  const { json, notice } = await fetchServerConfig(fetcher);
  const { options, defaults, issues } = resolveSignaling(json, url.searchParams, {
    hostname: url.hostname,
    port: url.port,
    protocol: url.protocol,
  });
  const { cvars, issues: cvarIssues } = parseCvars(url.searchParams);
  const name = url.searchParams.get('name') ?? '';
  const lobby = parseLobbyHash(url.hash);
  return {
    signaling: options,
    defaultSignaling: defaults,
    cvars,
    joinRoomId: lobby.target?.roomId ?? null,
    joinTarget: lobby.target,
    render: url.searchParams.get('render') !== '0',
    defaultName: name.slice(0, 24),
    // The link's own problem first: it is why the page shows the create form instead of a join form.
    notices: [
      ...(lobby.problem ? [lobby.problem] : []),
      ...(notice ? [notice] : []),
      ...issues,
      ...cvarIssues.map((i) => i.message),
    ],
  };
}
