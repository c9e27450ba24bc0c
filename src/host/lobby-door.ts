/**
 * LobbyDoor: everything between a joiner's incoming connection and the moment it becomes a
 * player, on the host. It keeps the lobby open for honest joiners while anyone holding the link
 * hammers it (docs/SECURITY.md "Hostile joiner"):
 *
 *  1. link setup: at most `2 + 2 × free seats` connections being set up at once (the oldest gives
 *     way to a new one, so a flood of setups cannot hold the door), HANDSHAKES_PER_SOURCE per
 *     source (the signaling server's tag of the sender's address, else its peer id; as many more
 *     from that source wait up to SETUP_WAIT_MS for one of its places, the rest are dropped), each given
 *     LINK_TIMEOUT_MS (8 s) to open; nothing is built for an offer before it passes this gate
 *     (transport/incoming-offers.ts), and then only within the ConnectionBudget;
 *  2. handshake: at most HANDSHAKES_PER_SOURCE at once per source address (the remote ICE
 *     candidate's address; the peer id when the browser hides it), the whole exchange
 *     (auth-challenge → auth-proof → hello) within HANDSHAKE_TIMEOUT_MS;
 *  3. the host proves itself first: it signs the joiner's nonce with the lobby key, bound to this
 *     connection's DTLS fingerprints (lobby/host-auth.ts), so the joiner sends its name and
 *     password only to the real host;
 *  4. hello: decideHello (handshake.ts; a spectator's hello, issue 24, against the spectator places
 *     and never 'started', with no seat) with the ban list (browser tokens kicked this match, kept
 *     as ban keys: lobby/ban-key.ts), the password guard (attempt limits, constant-time comparison
 *     of PBKDF2 digests against the lobby's password verifier: lobby/password-verifier.ts; the door
 *     never needs the password itself, so a successor's door runs from the verifier alone) and the
 *     names' glyph budget.
 *
 * Inputs: the lobby key and room id, the lobby's facts, `now()`. Output of `admit`: the open link
 * with the admitted name and browser token, or null (then the connection is closed, after a
 * reject the joiner can read where one applies). Invariants: every refusal is counted once under
 * one reason; a malformed first message is 'bad-hello' unless its version differs ('version').
 */
import { decodeControl, encodeControl } from '../protocol/control';
import { peekHandshakeVersion } from '../protocol/handshake-codec';
import { PROTOCOL_VERSION } from '../protocol/wire';
import type { ControlMessage, Hello, RejectReason } from '../protocol/control-messages';
import type { IncomingLink, PeerLink } from '../transport/peer-link';
import { decideHello } from '../lobby/handshake';
import { awaitConnectionFingerprints, proveHost } from '../lobby/host-auth';
import { GlyphBudget } from '../lobby/glyph-budget';
import { PasswordGuard, DEFAULT_PASSWORD_POLICY } from './password-guard';
import { PendingGate } from './pending-gate';
import { Inbox } from './link-inbox';
import type { AdmittedJoiner, DoorCounters, DoorOptions } from './door-types';
import { SeatKeeper } from './seat-keeper';
import { seatKeyOf } from '../lobby/seat-key';
import { verifySeatProof } from '../lobby/seat-proof';
import { banKeyOf } from '../lobby/ban-key';
import {
  digestHex,
  isOpen,
  makePasswordVerifier,
  passwordDigest,
  type PasswordVerifier,
} from '../lobby/password-verifier';

/**
 * ICE and DTLS over a TURN relay take about a second (the NAT lab's p95 ~1.5 s); the oldest setup
 * gives way anyway (below). 8 s: the host's lobby says "could not connect" within 10 s of the click.
 */
export const LINK_TIMEOUT_MS = 8000;
export const HANDSHAKE_TIMEOUT_MS = 5000;
/** Friends behind one NAT share an address: a few at once, and a 'busy' joiner asks again (join.ts). */
export const HANDSHAKES_PER_SOURCE = 4;
/**
 * How long an offer from an address already setting up HANDSHAKES_PER_SOURCE links waits for one of
 * them to finish (at most that many more wait). Dropped at once, it would be answered by nothing, and
 * its joiner would wait out its own 8 s and be told to find a TURN relay; half of that leaves ICE time.
 */
export const SETUP_WAIT_MS = 4000;
/** Lets a reject leave before the connection closes under it. */
export const CLOSE_GRACE_MS = 400;
/** A hello without a seat proof takes no seat and files none (it cannot rejoin). */
const NO_SEAT = '0'.repeat(32);

export class LobbyDoor {
  readonly counters: DoorCounters;
  /** Ban keys (ban-key.ts) of the browser tokens kicked this match. */
  private readonly bannedKeys = new Set<string>();
  private readonly verifier: Promise<PasswordVerifier>;
  /** Seats by seat token: who comes back to which id (seat-keeper.ts). */
  readonly seats: SeatKeeper;
  private readonly guard: Promise<PasswordGuard>;
  private readonly glyphs = new GlyphBudget();
  private readonly linking: PendingGate;
  private readonly handshaking: PendingGate;

  constructor(private readonly o: DoorOptions) {
    this.seats = o.seats ?? new SeatKeeper();
    for (const key of o.bans ?? []) if (!/^0+$/.test(key)) this.bannedKeys.add(key);
    this.verifier =
      typeof o.password === 'string' ? makePasswordVerifier(o.password, o.crypto) : Promise.resolve(o.password);
    // The guard compares digests (hex, over a fixed length): '' is its "no password".
    this.guard = this.verifier.then(
      (v) => new PasswordGuard(isOpen(v) ? '' : digestHex(v.hash), o.passwordPolicy ?? DEFAULT_PASSWORD_POLICY),
    );
    // Tied to free seats: a full lobby still lets a couple through (a returning player, or a
    // 'full' the joiner can read); each free seat, and each free spectator place, lets two set up at once.
    const total = (): number => {
      const f = o.facts();
      const watching = Math.max(0, (f.maxSpectators ?? 0) - (f.spectatorCount ?? 0));
      return 2 + 2 * Math.max(0, f.maxPlayers - f.playerCount) + 2 * watching;
    };
    const linking = (this.linking = new PendingGate(HANDSHAKES_PER_SOURCE, total));
    this.handshaking = new PendingGate(HANDSHAKES_PER_SOURCE, total);
    // The setups that waited are the link-setup gate's own count, read through, not counted twice.
    this.counters = {
      refused: {},
      proofsSent: 0,
      get setupsWaited() {
        return linking.counters.queued;
      },
    };
  }

  /** Bans a browser token for the rest of this match (a kick), under its ban key. The all-zero token is nobody's. */
  async ban(browserToken: string): Promise<void> {
    const key = await banKeyOf(browserToken, this.o.crypto);
    if (!/^0+$/.test(key)) this.bannedKeys.add(key);
  }

  async isBanned(browserToken: string): Promise<boolean> {
    return this.bannedKeys.has(await banKeyOf(browserToken, this.o.crypto));
  }

  /** The ban keys (a migration checkpoint carries them to the successor: never a browser token). */
  bans(): string[] {
    return [...this.bannedKeys];
  }

  /** The lobby password's verifier (the host secrets carry it to the successors: never the password). */
  passwordVerifier(): Promise<PasswordVerifier> {
    return this.verifier;
  }

  /** Handshakes running now (link setup and after), for counters and tests. */
  get pending(): number {
    return this.linking.running + this.handshaking.running;
  }

  private count(reason: keyof DoorCounters['refused']): void {
    this.counters.refused[reason] = (this.counters.refused[reason] ?? 0) + 1;
  }

  async admit(incoming: IncomingLink): Promise<AdmittedJoiner | null> {
    let evicted = false;
    const cancel = (): void => ((evicted = true), incoming.refuse());
    const entry = this.linking.enterOrWait(incoming.source, cancel, SETUP_WAIT_MS);
    // With a place at once, no await here: the link opens and its inbox listens in the same turn as before.
    const ticket = entry instanceof Promise ? await entry : entry;
    if (!ticket) {
      this.count('busy');
      incoming.refuse();
      return null;
    }
    let link: PeerLink;
    try {
      link = await incoming.open(LINK_TIMEOUT_MS);
    } catch {
      this.count(evicted ? 'evicted' : 'link-failed');
      return null; // the joiner sees its own timeout; nothing was allocated here
    } finally {
      ticket.leave();
    }
    // Listen before anything else is awaited: the joiner's challenge may already be on its way.
    const inbox = new Inbox(link);
    const deadline = this.o.now() + HANDSHAKE_TIMEOUT_MS;
    const source = (await link.remoteAddress()) ?? `peer:${link.remoteId}`;
    const gate = this.handshaking.enter(source, () => ((evicted = true), link.close()));
    try {
      if (!gate) return this.refuse(link, 'busy');
      const result = await this.handshake(link, inbox, deadline, source);
      if (evicted) this.count('evicted');
      return evicted ? null : result;
    } finally {
      gate?.leave();
      inbox.stop();
    }
  }

  private refuse(link: PeerLink, reason: RejectReason, text = ''): null {
    this.count(reason);
    link.reliable.send(encodeControl({ type: 'reject', reason, text }));
    setTimeout(() => link.close(), CLOSE_GRACE_MS);
    return null;
  }

  /** A first message that is not what this stage expects: 'version' when its version differs. */
  private unexpected(link: PeerLink, bytes: Uint8Array): null {
    const version = peekHandshakeVersion(bytes);
    if (version !== null && version !== PROTOCOL_VERSION)
      return this.refuse(link, 'version', `The host runs protocol ${PROTOCOL_VERSION}.`);
    return this.refuse(link, 'bad-hello');
  }

  private async handshake(
    link: PeerLink,
    inbox: Inbox,
    deadline: number,
    source: string,
  ): Promise<AdmittedJoiner | null> {
    const first = await this.read(link, inbox, deadline);
    if (!first.ok) return null;
    const challenge = first.message;
    if (challenge?.type !== 'auth-challenge') return this.unexpected(link, first.bytes);
    if (challenge.protocolVersion !== PROTOCOL_VERSION)
      return this.refuse(link, 'version', `The host runs protocol ${PROTOCOL_VERSION}.`);
    const dtls = await awaitConnectionFingerprints(() => link.descriptions(), 'host');
    if (!dtls) return this.refuse(link, 'bad-hello', 'The connection has no DTLS fingerprint.');
    link.reliable.send(encodeControl(await proveHost(this.o.key, this.o.roomId, challenge.nonce, dtls, this.o.crypto)));
    this.counters.proofsSent += 1;
    const second = await this.read(link, inbox, deadline);
    if (!second.ok) return null;
    if (second.message?.type !== 'hello') return this.unexpected(link, second.bytes);
    // A seat is its tab's seat key's: it is given back only to a proof made for this very connection
    // (seat-proof.ts), so a hello collected elsewhere (by an impostor host) takes no seat here.
    const proof = second.message.seatProof;
    if (proof && !(await verifySeatProof(proof, this.o.roomId, challenge.nonce, dtls, this.o.crypto)))
      return this.refuse(link, 'bad-hello', 'The seat proof was not made for this connection.');
    // Seats are filed under the key's hash (seat-key.ts); the hello's seat token is not looked at.
    const hello = { ...second.message, seatToken: proof ? await seatKeyOf(proof.publicKey, this.o.crypto) : NO_SEAT };
    const verifier = await this.verifier;
    const guard = await this.guard;
    const digest = isOpen(verifier) ? '' : digestHex(await passwordDigest(hello.password, verifier, this.o.crypto));
    const banned = await this.isBanned(hello.browserToken);
    return this.decide(link, hello, source, { guard, digest, banned });
  }

  private async read(
    link: PeerLink,
    inbox: Inbox,
    deadline: number,
  ): Promise<{ ok: true; bytes: Uint8Array; message: ControlMessage | null } | { ok: false }> {
    const got = await inbox.next(deadline, this.o.now);
    if (got === 'closed') return { ok: false };
    if (got === 'timeout') {
      this.count('timeout');
      link.close();
      return { ok: false };
    }
    const m = decodeControl(got);
    return { ok: true, bytes: got, message: m.ok ? m.value : null };
  }

  /** `digest`: the hello's password under the verifier's salt (hex; '' for an open lobby). */
  private decide(
    link: PeerLink,
    hello: Hello,
    source: string,
    p: { guard: PasswordGuard; digest: string; banned: boolean },
  ): AdmittedJoiner | null {
    const facts = this.o.facts();
    if (facts.closed) {
      link.close();
      return null;
    }
    const watch = hello.watch === true;
    // A spectator (issue 24) takes no seat: it neither gets nor files one, and its places are its own.
    const seat = watch ? null : this.seats.seatOf(hello.seatToken);
    // A returning player whose old link is not yet noticed dead still counts as present: not full for it.
    const playerCount = seat?.present ? facts.playerCount - 1 : facts.playerCount;
    const maxSpectators = facts.maxSpectators ?? 0;
    if (watch && maxSpectators < 1) return this.refuse(link, 'full', 'This lobby takes no spectators.');
    const decision = decideHello(
      seat ? { ...hello, name: seat.name } : hello,
      {
        protocolVersion: PROTOCOL_VERSION,
        playerCount: watch ? (facts.spectatorCount ?? 0) : playerCount,
        maxPlayers: watch ? maxSpectators : facts.maxPlayers,
        banned: p.banned,
        returning: seat !== null,
        // Spectators may come and go during a match whatever the players' rule.
        started: watch ? false : facts.started,
        joinRunningMatch: facts.joinRunningMatch,
        nameFits: (n) => seat !== null || this.glyphs.fits(n),
      },
      () => p.guard.check(p.digest, [`token:${hello.browserToken}`, `source:${source}`], this.o.now()),
    );
    if (!decision.accept && watch && decision.reason === 'full')
      return this.refuse(link, 'full', `It takes ${maxSpectators} spectators.`);
    if (!decision.accept) return this.refuse(link, decision.reason, decision.text);
    this.glyphs.add(decision.name);
    return {
      link,
      name: decision.name,
      browserToken: hello.browserToken,
      seatToken: watch ? NO_SEAT : hello.seatToken,
      seat,
      migration: hello.migration === true,
      watch,
      watchers: hello.watchers === true,
    };
  }
}
