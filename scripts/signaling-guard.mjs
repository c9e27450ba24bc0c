/**
 * The guard in front of the `peer` package's PeerServer: it owns the WebSocket upgrade (through
 * peer's documented `createWebSocketServer` option; peer itself is not modified) and applies
 *  - per-address limits: open sockets, new sockets per second, messages per second;
 *  - a message size cap (ws `maxPayload`: the frame header is refused before any payload is read);
 *  - ids held for their owner: a dropped id stays reserved for its token for a grace period, and
 *    the owner's token replaces a still-open socket only once that socket fell silent (so an old
 *    host coming back cannot take its lobby from the successor that now holds it);
 *  - every relayed OFFER stamped with its sender's address tag (source-tags.mjs), so the host can
 *    budget offers per sender;
 *  - what is relayed between ids (relay-gate.mjs): offers within their limits, replies only on
 *    connections an offer opened, replies not charged to the replier's address;
 *  - a cap on what is queued for a client that does not read: past it, messages to it are dropped.
 * (What becomes of each message once a socket is in: message-inspector.mjs.)
 * Every refusal of a socket tells the client why (a PeerJS ERROR / ID-TAKEN message, or HTTP 429
 * for connection floods); every refusal or drop writes one rate-limited log line.
 *
 * Inputs: the http server, `limits` (see signaling-limits.mjs), optional clock and log sink.
 * Outputs: `createWebSocketServer` for peer's options, `attach(peerApp)` (learns which socket owns
 *   which id from peer's 'connection' event), `logPeerError`, `stats()`, `close()`.
 * Invariant: a socket reaches `peer` only after passing every check; the id/token/key it was
 *   checked with are exactly the ones peer will read (repeated parameters are refused).
 */
import { createHash } from 'node:crypto';
import { WebSocketServer } from 'ws';
import { AddressLimits } from './address-limits.mjs';
import { clientAddress } from './client-address.mjs';
import { GatedSocket, refuse } from './gated-socket.mjs';
import { IdHolds } from './id-holds.mjs';
import { LimitLog } from './limit-log.mjs';
import { messageInspector } from './message-inspector.mjs';
import { RelayGate } from './relay-gate.mjs';
import { SourceTags } from './source-tags.mjs';

// PeerJS's own id rule (util.validateId) and its random tokens; anything longer is not a PeerJS client.
const ID_PATTERN = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** A takeover token's SHA-256, base64url without padding (id-holds.mjs). */
const TAKEOVER_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What a takeover token is compared as: SHA-256, base64url. */
export function tokenHash(token) {
  return createHash('sha256').update(token).digest('base64url');
}
const MAX_ID_LENGTH = 64;

/** Parses the socket URL's query like peer does (last value wins), refusing repeated names. */
export function socketQuery(url) {
  let params;
  try {
    params = new URL(url ?? '', 'http://signaling').searchParams;
  } catch {
    return null;
  }
  const names = [...params.keys()];
  if (names.length !== new Set(names).size) return null;
  const q = Object.fromEntries(params.entries());
  if (q.id !== undefined && (q.id.length > MAX_ID_LENGTH || !ID_PATTERN.test(q.id))) return null;
  if (q.token !== undefined && !TOKEN_PATTERN.test(q.token)) return null;
  if (q.takeover !== undefined && !TAKEOVER_PATTERN.test(q.takeover)) return null;
  if (q.claim !== undefined && !TOKEN_PATTERN.test(q.claim)) return null;
  return q;
}

function refuseHttp(socket, status, text) {
  socket.on('error', () => undefined);
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nRetry-After: 5\r\n\r\n${text}\n`,
  );
  setTimeout(() => socket.destroy(), 1000).unref();
}

export function createSignalingGuard(server, limits, options = {}) {
  const now = options.now ?? (() => performance.now());
  const log = new LimitLog(options.log ?? ((line) => console.warn(line)), now);
  const addresses = new AddressLimits(limits, now);
  const ids = new IdHolds(limits.idGraceMs, now, undefined, limits.replaceSilenceMs);
  /** The takeover hash each admitted socket registered (`takeover=` in its query), for `ids.own`. */
  const takeovers = new WeakMap();
  const relay = new RelayGate(limits, now);
  const sourceTags = new SourceTags();
  const counters = {
    accepted: 0,
    connectsRefused: 0,
    socketsRefused: 0,
    messagesRefused: 0,
    oversized: 0,
    idsRefused: 0,
    badQueries: 0,
    relayed: 0,
    repliesUncharged: 0,
    offersToNobody: 0,
    malformed: 0,
    offersDropped: 0,
    unknownConnections: 0,
    connectionsFull: 0,
    queueDrops: 0,
  };
  let wss = null;
  let wsPath = '';
  let warnedProxy = false;
  const inspect = messageInspector({ limits, log, addresses, ids, relay, sourceTags, counters });
  const pruner = setInterval(() => (addresses.prune(), ids.prune(), relay.prune()), 10_000);
  pruner.unref();

  function noteUntrustedProxy(req) {
    if (limits.trustProxy || warnedProxy || req.headers['x-forwarded-for'] === undefined) return;
    warnedProxy = true;
    log.sink(
      '[signaling] a request carries X-Forwarded-For but REWIND_TRUST_PROXY is not set: the forwarded address is ignored, so every client behind that proxy shares its per-address limits (set REWIND_TRUST_PROXY=1 when one reverse proxy is in front)',
    );
  }

  function onUpgrade(req, socket, head) {
    let pathname = null;
    try {
      pathname = new URL(req.url ?? '', 'http://signaling').pathname;
    } catch {
      /* answered below */
    }
    if (pathname !== wsPath) {
      // Someone else may serve other upgrade paths on this server; if not, say no instead of hanging.
      if (server.listenerCount('upgrade') === 1) refuseHttp(socket, 404, 'Not Found');
      return;
    }
    const addr = clientAddress(req, limits.trustProxy);
    noteUntrustedProxy(req);
    const verdict = addresses.admitSocket(addr);
    if (verdict === 'too-fast') {
      counters.connectsRefused += 1;
      log.hit(
        'connects',
        addr,
        `${addr} opened more than ${limits.connectsPerS} sockets/s (REWIND_SIGNAL_CONNECTS_PER_S): refused with 429`,
      );
      return refuseHttp(socket, 429, 'Too Many Requests');
    }
    if (verdict === 'ok') socket.once('close', () => addresses.releaseSocket(addr));
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', (err) => onSocketError(err, addr, ws));
      if (verdict === 'ok') return void admit(ws, req, addr, true);
      counters.socketsRefused += 1;
      log.hit(
        'sockets',
        addr,
        `${addr} has ${limits.maxSockets} sockets open (REWIND_SIGNAL_MAX_SOCKETS): refused another`,
      );
      refuse(
        ws,
        'ERROR',
        `Too many connections from your address (${limits.maxSockets} open); close some tabs and try again`,
      );
    });
  }

  function onSocketError(err, addr, ws) {
    if (err?.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
      counters.oversized += 1;
      log.hit(
        'size',
        addr,
        `${addr} sent a message over ${limits.maxMessageBytes} bytes (REWIND_SIGNAL_MAX_MESSAGE_BYTES): socket closed`,
      );
      // ws has queued its 1009 close frame; without this it would go on reading (and discarding)
      // the rest of the message until the client answers the close, up to 30 s.
      ws.terminate();
    } else log.hit('socket-error', addr, `${addr}: ${err?.message ?? err}`);
  }

  /** Checks the claimed id, then hands the socket to peer. `retry`: once, after evicting a stale socket of the same owner. */
  function admit(ws, req, addr, retry) {
    const q = socketQuery(req.url);
    if (!q) {
      counters.badQueries += 1;
      log.hit('query', addr, `${addr} asked for a malformed id, token or query: refused`);
      return refuse(ws, 'ERROR', 'Invalid id, token or query');
    }
    if (q.id && q.token) {
      const c = ids.check(q.id, q.token, q.claim ? tokenHash(q.claim) : null);
      if (c.verdict === 'taken') {
        counters.idsRefused += 1;
        const why = c.heldMs > 0 ? `held for its owner for ${Math.ceil(c.heldMs / 1000)} s more` : 'in use';
        const whose =
          q.claim && ids.live.get(q.id)?.takeover === tokenHash(q.claim)
            ? 'with its takeover token while the owner still speaks'
            : 'with another token';
        log.hit('id', addr, `${addr} asked for id "${q.id}" (${why}) ${whose}: refused`);
        return refuse(ws, 'ID-TAKEN', 'ID is taken');
      }
      if (c.verdict === 'replace') {
        // The owner is back while its old socket still looks open, or a successor claims a silent
        // owner's id: close the old socket first.
        if (!retry) return refuse(ws, 'ID-TAKEN', 'ID is taken');
        c.old.terminate();
        return void c.old.closed.then(() => ws.readyState === ws.OPEN && admit(ws, req, addr, false));
      }
    }
    forward(ws, req, addr, q);
  }

  function forward(ws, req, addr, q) {
    const gated = new GatedSocket(ws, {
      maxBufferedBytes: limits.maxBufferedBytes,
      inspect: (data) => inspect(data, addr, q.id, gated),
      onOverBudget: () => {
        counters.messagesRefused += 1;
        log.hit(
          'messages',
          addr,
          `${addr} sent more than ${limits.messagesPerS} messages/s (REWIND_SIGNAL_MESSAGES_PER_S): socket closed`,
        );
      },
      onQueueFull: () => {
        counters.queueDrops += 1;
        log.hit(
          'reader',
          addr,
          `${addr} ("${q.id ?? '?'}") has more than ${limits.maxBufferedBytes} bytes unread: dropped a message to it`,
        );
      },
    });
    if (q.id) {
      // Every message counts as a sign of life (PeerJS heartbeats every 5 s): see IdHolds.heard.
      gated.on('message', () => ids.heard(q.id, gated));
      gated.once('close', () => {
        if (ids.live.get(q.id)?.socket === gated) relay.forget(q.id);
        ids.dropped(q.id, gated);
      });
    }
    takeovers.set(gated, q.takeover ?? null);
    counters.accepted += 1;
    wss.emit('connection', gated, req);
  }

  return {
    /** For peer's `createWebSocketServer` option: peer passes the socket path it expects. */
    createWebSocketServer({ path }) {
      wsPath = path;
      wss = new WebSocketServer({
        noServer: true,
        maxPayload: limits.maxMessageBytes,
        perMessageDeflate: false,
        clientTracking: false,
      });
      server.on('upgrade', onUpgrade);
      return wss;
    },
    /** Learns which socket owns which id: peer emits 'connection' once it registered a client. */
    attach(peerApp) {
      peerApp.on('connection', (client) => {
        const socket = client.getSocket();
        if (socket instanceof GatedSocket)
          ids.own(client.getId(), client.getToken(), socket, takeovers.get(socket) ?? null);
      });
    },
    logPeerError(err) {
      log.hit('peer', '*', `peer: ${err?.message ?? err}`);
    },
    stats: () => ({
      ...counters,
      addresses: addresses.size,
      liveIds: ids.live.size,
      heldIds: ids.held.size,
      openConnections: relay.size,
    }),
    close() {
      clearInterval(pruner);
      server.off('upgrade', onUpgrade);
      wss?.close();
    },
  };
}
