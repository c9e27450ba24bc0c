/**
 * Short-lived TURN credentials per visitor, in coturn's shared-secret ("TURN REST API") scheme:
 * coturn runs with `use-auth-secret` and the same `static-auth-secret`; the page server hands each
 * request for /rewind-config.json its own pair:
 *   username   = `<expiry unix time>:<random id>`
 *   credential = base64(HMAC-SHA1(secret, username))
 * coturn recomputes the credential from the username and refuses it once the expiry has passed, so
 * a copied pair stops working after its lifetime. STUN comes from the same server.
 *
 * Inputs: environment (README "Friends on other networks"): REWIND_TURN_HOST, REWIND_TURN_PORT
 *   (3478), REWIND_TURN_SECRET (or REWIND_TURN_SECRET_FILE), REWIND_TURN_TTL_S (43200),
 *   REWIND_TURN_TCP (1: also offer TURN over TCP, for networks that block UDP).
 * Outputs: `readTurnEnv(env)` → settings or null (no TURN configured) or errors;
 *   `turnIceServers(settings, nowS, randomId?)` → the RTCIceServer entries for one visitor.
 * Invariant: the secret never appears in anything this module returns.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const DEFAULT_TURN_TTL_S = 12 * 3600;

/** coturn's REST credential for a username: base64(HMAC-SHA1(secret, username)). */
export function turnCredential(secret, username) {
  return createHmac('sha1', secret).update(username).digest('base64');
}

function readSecret(env) {
  if (env.REWIND_TURN_SECRET_FILE) return readFileSync(env.REWIND_TURN_SECRET_FILE, 'utf8').trim();
  return (env.REWIND_TURN_SECRET ?? '').trim();
}

/** TURN settings from the environment: `{ ok, value: settings | null }` or `{ ok: false, errors }`. */
export function readTurnEnv(env) {
  const host = (env.REWIND_TURN_HOST ?? '').trim();
  if (host === '') return { ok: true, value: null };
  const errors = [];
  if (!/^([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\])$/.test(host))
    errors.push(`REWIND_TURN_HOST: "${host}" is not a host name or address`);
  const port = Number(env.REWIND_TURN_PORT || 3478);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    errors.push(`REWIND_TURN_PORT: "${env.REWIND_TURN_PORT}" is not a port number`);
  const ttlS = Number(env.REWIND_TURN_TTL_S || DEFAULT_TURN_TTL_S);
  if (!Number.isInteger(ttlS) || ttlS < 1)
    errors.push(`REWIND_TURN_TTL_S: "${env.REWIND_TURN_TTL_S}" must be a whole number of seconds ≥ 1`);
  let secret = '';
  try {
    secret = readSecret(env);
  } catch (err) {
    errors.push(`REWIND_TURN_SECRET_FILE: ${err.message}`);
  }
  if (secret.length < 16 && errors.length === 0)
    errors.push(
      'REWIND_TURN_SECRET: set the secret coturn was started with (static-auth-secret), at least 16 characters',
    );
  const tcp = env.REWIND_TURN_TCP !== '0' && env.REWIND_TURN_TCP !== 'false';
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { host, port, secret, ttlS, tcp } };
}

/** The STUN and TURN entries of one visitor's /rewind-config.json, valid until nowS + ttlS. */
export function turnIceServers(t, nowS, randomId = randomBytes(9).toString('base64url')) {
  const username = `${Math.floor(nowS) + t.ttlS}:${randomId}`;
  const where = `${t.host}:${t.port}`;
  const turnUrls = [`turn:${where}?transport=udp`, ...(t.tcp ? [`turn:${where}?transport=tcp`] : [])];
  return [{ urls: `stun:${where}` }, { urls: turnUrls, username, credential: turnCredential(t.secret, username) }];
}
