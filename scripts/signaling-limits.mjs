/**
 * The signaling server's limits, from the environment (documented in README "Limits").
 *
 *   REWIND_SIGNAL_MAX_SOCKETS        open sockets per client address              (default 64)
 *   REWIND_SIGNAL_CONNECTS_PER_S     new sockets per second per address           (default 4; burst = MAX_SOCKETS)
 *   REWIND_SIGNAL_MESSAGES_PER_S     signaling messages per second per address    (default 50; burst = 20 s of it)
 *   REWIND_SIGNAL_MAX_MESSAGE_BYTES  largest signaling message                    (default 8192)
 *   REWIND_SIGNAL_ID_GRACE_S         how long a dropped id stays reserved         (default 60)
 *   REWIND_SIGNAL_REPLACE_SILENCE_S  silence after which the owner's token may replace its
 *                                    still-open socket (id-holds.mjs; host migration's arbiter) (default 8)
 *   What is relayed (relay-gate.mjs):
 *   REWIND_SIGNAL_OFFERS_PER_S       offers per second from one address to one peer id (default 2; burst = 20 s of it)
 *   REWIND_SIGNAL_OPEN_OFFERS        connections one address may have open towards one peer id (default 48;
 *                                    4 times that towards all ids together)
 *   REWIND_SIGNAL_DEST_OFFERS_PER_S  offers per second to one peer id from everyone (default 8; burst = 20 s of it)
 *   REWIND_SIGNAL_DEST_OPEN_OFFERS   connections open towards one peer id from everyone (default 256)
 *   REWIND_SIGNAL_CONNECTION_MESSAGES messages each side may send on one connection (default 64)
 *   REWIND_SIGNAL_CONNECTION_TTL_S   a connection is forgotten this long after its last message (default 60)
 *   The web server (http-guard.mjs):
 *   REWIND_HTTP_MAX_CONNECTIONS      TCP connections open per client address (default 256)
 *   REWIND_HTTP_HEADERS_TIMEOUT_S    time to send a request's headers (default 10)
 *   REWIND_HTTP_REQUEST_TIMEOUT_S    time to send a whole request (default 30)
 *   REWIND_TRUST_PROXY               which reverse proxies to believe (client-address.mjs)
 *
 * Why these defaults: a browser keeps one socket; a full lobby (sv_maxplayers up to 32) behind one
 * NAT with a second tab each stays within 64. Opening a WebRTC connection costs a joiner and the
 * host about 10-20 messages each (offer/answer and ICE candidates) plus a heartbeat every 5 s, so
 * 31 joiners connecting at once from one address fit in the 1,000-message burst. The largest real message is an SDP offer of 1-2 KB; 8 KiB leaves room.
 * A lobby of 16 behind one NAT joining at once, each retried up to three times when the host says
 * 'busy' (src/lobby/join.ts), makes about 40 offers to the host's id within 10 s: the offer burst
 * (40) and the open offers (48) let that through. In a host migration the players reconnect to the
 * same id: the old host's connections went with its socket, and 15 reconnects from one NAT need
 * what the offer bucket refills in 8 s. One connection
 * takes an offer or answer and 2-20 ICE candidates per side; 64 messages and 64 KiB leave room.
 * A browser opens about 6 connections to load the page plus its signaling socket: 256 per
 * address lets a lobby of 16 behind one NAT load at once.
 *
 * Outputs: `readLimitsEnv(env)` → { ok, value } or { ok: false, errors } (each naming its variable).
 * Invariant: every value is checked against a range; nothing is silently clamped.
 */
import { parseTrustProxy } from './client-address.mjs';

export const LIMIT_DEFAULTS = Object.freeze({
  maxSockets: 64,
  connectsPerS: 4,
  messagesPerS: 50,
  maxMessageBytes: 8192,
  idGraceS: 60,
  replaceSilenceS: 8,
  offersPerS: 2,
  openOffers: 48,
  destOffersPerS: 8,
  destOpenOffers: 256,
  connectionMessages: 64,
  connectionTtlS: 60,
  httpMaxConnections: 256,
  httpHeadersTimeoutS: 10,
  httpRequestTimeoutS: 30,
});

/** Messages may come in a burst of this many seconds' worth (a whole lobby connecting at once). */
const MESSAGE_BURST_S = 20;
/** Unread bytes queued for one client; past it, messages to it are dropped (many answers, candidates and heartbeats fit). */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** Bytes each side may send on one connection (an SDP of 1-2 KB and its candidates). */
const CONNECTION_BYTES = 64 * 1024;
/** Open connections of one address towards all ids together, in units of REWIND_SIGNAL_OPEN_OFFERS. */
const ADDRESS_OPEN_FACTOR = 4;

function number(env, name, fallback, min, max, errors) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) {
    errors.push(`${name}: "${raw}" is not a number from ${min} to ${max}`);
    return fallback;
  }
  return n;
}

export function readLimitsEnv(env) {
  const errors = [];
  const d = LIMIT_DEFAULTS;
  const maxSockets = Math.round(number(env, 'REWIND_SIGNAL_MAX_SOCKETS', d.maxSockets, 1, 100_000, errors));
  const connectsPerS = number(env, 'REWIND_SIGNAL_CONNECTS_PER_S', d.connectsPerS, 0.01, 10_000, errors);
  const messagesPerS = number(env, 'REWIND_SIGNAL_MESSAGES_PER_S', d.messagesPerS, 0.1, 100_000, errors);
  const maxMessageBytes = Math.round(
    number(env, 'REWIND_SIGNAL_MAX_MESSAGE_BYTES', d.maxMessageBytes, 1024, 1024 * 1024, errors),
  );
  const idGraceS = number(env, 'REWIND_SIGNAL_ID_GRACE_S', d.idGraceS, 0, 3600, errors);
  const replaceSilenceS = number(env, 'REWIND_SIGNAL_REPLACE_SILENCE_S', d.replaceSilenceS, 0, 3600, errors);
  const offersPerS = number(env, 'REWIND_SIGNAL_OFFERS_PER_S', d.offersPerS, 0.01, 10_000, errors);
  const openOffers = Math.round(number(env, 'REWIND_SIGNAL_OPEN_OFFERS', d.openOffers, 1, 100_000, errors));
  const destOffersPerS = number(env, 'REWIND_SIGNAL_DEST_OFFERS_PER_S', d.destOffersPerS, 0.01, 100_000, errors);
  const destOpenOffers = Math.round(
    number(env, 'REWIND_SIGNAL_DEST_OPEN_OFFERS', d.destOpenOffers, 1, 1_000_000, errors),
  );
  const connectionMessages = Math.round(
    number(env, 'REWIND_SIGNAL_CONNECTION_MESSAGES', d.connectionMessages, 4, 100_000, errors),
  );
  const connectionTtlS = number(env, 'REWIND_SIGNAL_CONNECTION_TTL_S', d.connectionTtlS, 1, 3600, errors);
  const httpMaxConnections = Math.round(
    number(env, 'REWIND_HTTP_MAX_CONNECTIONS', d.httpMaxConnections, 1, 1_000_000, errors),
  );
  const httpHeadersTimeoutS = number(env, 'REWIND_HTTP_HEADERS_TIMEOUT_S', d.httpHeadersTimeoutS, 0.1, 3600, errors);
  const httpRequestTimeoutS = number(env, 'REWIND_HTTP_REQUEST_TIMEOUT_S', d.httpRequestTimeoutS, 0.1, 3600, errors);
  if (httpRequestTimeoutS < httpHeadersTimeoutS)
    errors.push(
      `REWIND_HTTP_REQUEST_TIMEOUT_S: ${httpRequestTimeoutS} is shorter than REWIND_HTTP_HEADERS_TIMEOUT_S (${httpHeadersTimeoutS})`,
    );
  const trust = parseTrustProxy(env.REWIND_TRUST_PROXY);
  if (!trust.ok) errors.push(trust.error);
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    value: {
      maxSockets,
      connectsPerS,
      messagesPerS,
      messageBurst: Math.max(1, Math.round(messagesPerS * MESSAGE_BURST_S)),
      maxMessageBytes,
      idGraceMs: Math.round(idGraceS * 1000),
      replaceSilenceMs: Math.round(replaceSilenceS * 1000),
      maxBufferedBytes: MAX_BUFFERED_BYTES,
      offersPerS,
      openOffers,
      destOffersPerS,
      destOpenOffers,
      addressOpenOffers: openOffers * ADDRESS_OPEN_FACTOR,
      connectionMessages,
      connectionBytes: CONNECTION_BYTES,
      connectionTtlMs: Math.round(connectionTtlS * 1000),
      httpMaxConnections,
      httpHeadersTimeoutMs: Math.round(httpHeadersTimeoutS * 1000),
      httpRequestTimeoutMs: Math.round(httpRequestTimeoutS * 1000),
      trustProxy: trust.value,
    },
  };
}
