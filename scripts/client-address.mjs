/**
 * Which client a request comes from, for per-address limits.
 *
 * By default the address is the TCP peer's. Behind a reverse proxy every request comes from the
 * proxy, so REWIND_TRUST_PROXY says which hops to believe, and only then is X-Forwarded-For read
 * (with `proxy-addr`, the library express uses): a hop count (`1` = one proxy in front), or a
 * comma-separated list of proxy addresses, subnets or the names loopback / linklocal /
 * uniquelocal. `true` is refused: trusting every hop lets any client write its own address.
 *
 * Inputs: REWIND_TRUST_PROXY's text; an http.IncomingMessage. Outputs: a trust function (or null)
 *   and an address key: an IPv4 address, or an IPv6 address's /64 (one home or host gets a whole
 *   /64, so limiting single IPv6 addresses would limit nothing).
 * Invariant: never throws on a request; an unparsable address becomes the key 'unknown'.
 */
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';

/** @returns {{ ok: true, value: ((addr: string, hop: number) => boolean) | null } | { ok: false, error: string }} */
export function parseTrustProxy(raw) {
  const text = (raw ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return { ok: true, value: null };
  if (text === 'true')
    return {
      ok: false,
      error:
        'REWIND_TRUST_PROXY: "true" would believe any X-Forwarded-For a client writes; give the number of proxies in front (1) or their addresses (loopback, 10.0.0.0/8)',
    };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) return { ok: false, error: `REWIND_TRUST_PROXY: ${hops} proxies in a row is not plausible (1-10)` };
    return { ok: true, value: (_addr, hop) => hop < hops };
  }
  try {
    return {
      ok: true,
      value: proxyaddr.compile(
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    };
  } catch (err) {
    return { ok: false, error: `REWIND_TRUST_PROXY: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** The limit key of an address: IPv4 as is (also when IPv4-mapped), IPv6 as its /64. @param {string | undefined} addr */
export function addressKey(addr) {
  if (!addr || !ipaddr.isValid(addr)) return 'unknown';
  let ip = ipaddr.parse(addr);
  if (ip.kind() === 'ipv6' && ip.isIPv4MappedAddress()) ip = ip.toIPv4Address();
  if (ip.kind() === 'ipv4') return ip.toString();
  const parts = ip.toNormalizedString().split(':').slice(0, 4);
  return `${parts.join(':')}::/64`;
}

/**
 * The client's address key for a request (an upgrade or a plain HTTP request).
 * @param {import('node:http').IncomingMessage} req
 * @param {((addr: string, hop: number) => boolean) | null} trust
 */
export function clientAddress(req, trust) {
  try {
    return addressKey(trust ? proxyaddr(req, trust) : req.socket.remoteAddress);
  } catch {
    return 'unknown';
  }
}
