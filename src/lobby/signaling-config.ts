/**
 * Where to signal and which ICE servers to use, from the server's /rewind-config.json (written
 * by scripts/signaling.mjs from environment variables) overridden by the page URL:
 *   ?peer=host:port/path  (or https://host:port/path for TLS)   ?peerkey=key
 *   ?ice=stun:a:3478,turn:b:3478   or   ?ice=<URL-encoded JSON array of RTCIceServer>
 *
 * Inputs: the parsed JSON (unknown shape: validated here), the query, the page's own location.
 * Outputs: a complete `SignalingOptions` plus human-readable issues for anything ignored.
 * Invariant: never throws; a bad value is reported and the previous layer's value is kept.
 */
import type { SignalingOptions } from '../transport/peer-link';

export interface PageOrigin {
  hostname: string;
  port: string;
  protocol: string;
}

export interface ResolvedSignaling {
  options: SignalingOptions;
  /** What the page would use without the URL's overrides (the join screen compares the two). */
  defaults: SignalingOptions;
  issues: string[];
}

const DEFAULT_PEER_PORT = 9000;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Validates a list of RTCIceServer-like values; returns null when the shape is wrong. */
export function parseIceList(v: unknown): RTCIceServer[] | null {
  if (!Array.isArray(v)) return null;
  const out: RTCIceServer[] = [];
  for (const s of v) {
    if (!isObject(s)) return null;
    const urls = s.urls;
    const okUrls = typeof urls === 'string' || (Array.isArray(urls) && urls.every((u) => typeof u === 'string'));
    if (!okUrls) return null;
    const entry: RTCIceServer = { urls: urls as string | string[] };
    if (typeof s.username === 'string') entry.username = s.username;
    if (typeof s.credential === 'string') entry.credential = s.credential;
    out.push(entry);
  }
  return out;
}

/** `?ice=`: a JSON array, or comma-separated stun:/turn: URLs. */
export function parseIceParam(raw: string): RTCIceServer[] | null {
  const text = raw.trim();
  if (text === '') return [];
  if (text.startsWith('[')) {
    try {
      return parseIceList(JSON.parse(text));
    } catch {
      return null;
    }
  }
  const urls = text
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  return urls.every((u) => /^(stun|stuns|turn|turns):/.test(u)) ? urls.map((urls) => ({ urls })) : null;
}

/** `?peer=`: `[http(s)://]host[:port][/path]`. */
export function parsePeerParam(
  raw: string,
): { host: string; port: number | null; path: string | null; secure: boolean | null } | null {
  const m = /^(?:(https?):\/\/)?([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\])(?::(\d{1,5}))?(\/[A-Za-z0-9._~/-]*)?$/.exec(
    raw.trim(),
  );
  if (!m) return null;
  const port = m[3] === undefined ? null : Number(m[3]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { host: m[2] ?? '', port, path: m[4] ?? null, secure: m[1] === undefined ? null : m[1] === 'https' };
}

function pagePort(page: PageOrigin): number {
  if (page.port !== '') return Number(page.port);
  return page.protocol === 'https:' ? 443 : 80;
}

/** Applies /rewind-config.json's fields over the defaults. */
function fromServer(json: unknown, base: SignalingOptions, page: PageOrigin, issues: string[]): SignalingOptions {
  if (json === undefined || json === null) return base;
  if (!isObject(json)) return (issues.push('rewind-config.json is not an object; using defaults'), base);
  const out = { ...base };
  const peer = json.peer;
  if (isObject(peer)) {
    if (typeof peer.host === 'string' && peer.host !== '') out.host = peer.host;
    if (typeof peer.port === 'number' && Number.isInteger(peer.port))
      out.port = peer.port === 0 ? pagePort(page) : peer.port;
    if (typeof peer.path === 'string') out.path = peer.path;
    if (typeof peer.key === 'string' && peer.key !== '') out.key = peer.key;
    if (typeof peer.secure === 'boolean') out.secure = peer.secure;
  }
  if (json.iceServers !== undefined) {
    const ice = parseIceList(json.iceServers);
    if (ice) out.iceServers = ice;
    else issues.push('rewind-config.json: iceServers ignored (expected a list of {urls, username?, credential?})');
  }
  return out;
}

export function resolveSignaling(serverConfig: unknown, params: URLSearchParams, page: PageOrigin): ResolvedSignaling {
  const issues: string[] = [];
  const defaults: SignalingOptions = {
    host: page.hostname,
    port: DEFAULT_PEER_PORT,
    path: '/peerjs',
    key: 'peerjs',
    secure: page.protocol === 'https:',
    iceServers: [],
  };
  const fromConfig = fromServer(serverConfig, defaults, page, issues);
  const options = { ...fromConfig, iceServers: [...fromConfig.iceServers] };
  const peer = params.get('peer');
  if (peer !== null) {
    const p = parsePeerParam(peer);
    if (!p) issues.push(`?peer=${peer} is not host[:port][/path]; ignored`);
    else {
      options.host = p.host;
      if (p.port !== null) options.port = p.port;
      if (p.path !== null) options.path = p.path;
      if (p.secure !== null) options.secure = p.secure;
    }
  }
  const key = params.get('peerkey');
  if (key !== null) {
    if (/^[A-Za-z0-9_-]{1,64}$/.test(key)) options.key = key;
    else issues.push('?peerkey must be 1-64 letters, digits, - or _; ignored');
  }
  const ice = params.get('ice');
  if (ice !== null) {
    const list = parseIceParam(ice);
    if (list) options.iceServers = list;
    else issues.push('?ice must be stun:/turn: URLs separated by commas, or a JSON list; ignored');
  }
  return { options, defaults: fromConfig, issues };
}

/** "host:port/path", for error messages that must say which address was tried. */
export function describeSignaling(o: SignalingOptions): string {
  return `${o.secure ? 'https' : 'http'}://${o.host}:${o.port}${o.path}`;
}
