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
 *   REWIND_TRUST_PROXY               which reverse proxies to believe (client-address.mjs)
 *
 * Why these defaults: a browser keeps one socket; a full lobby (sv_maxplayers up to 32) behind one
 * NAT with a second tab each stays within 64. Opening a WebRTC connection costs a joiner and the
 * host about 10-20 messages each (offer/answer and ICE candidates) plus a heartbeat every 5 s, so
 * 31 joiners connecting at once from one address fit in the 1,000-message burst. The largest real message is an SDP offer of 1-2 KB; 8 KiB leaves room.
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
});

/** Messages may come in a burst of this many seconds' worth (a whole lobby connecting at once). */
const MESSAGE_BURST_S = 20;
/** Unread bytes queued for one client before it is cut off (many answers, candidates and heartbeats). */
const MAX_BUFFERED_BYTES = 256 * 1024;

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
  const maxMessageBytes = Math.round(number(env, 'REWIND_SIGNAL_MAX_MESSAGE_BYTES', d.maxMessageBytes, 1024, 1024 * 1024, errors));
  const idGraceS = number(env, 'REWIND_SIGNAL_ID_GRACE_S', d.idGraceS, 0, 3600, errors);
  const replaceSilenceS = number(env, 'REWIND_SIGNAL_REPLACE_SILENCE_S', d.replaceSilenceS, 0, 3600, errors);
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
      trustProxy: trust.value,
    },
  };
}
