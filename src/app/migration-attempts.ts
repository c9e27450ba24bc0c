/**
 * The two things a migrating page tries (migrating-session.ts), for real: join the room again
 * (the new host, or the old one if it was only slow, answers on the same peer id; no password:
 * the seat proof brings the seat back), or claim it as successor from the newest checkpoint
 * (successor-session.ts).
 *
 * Inputs: the page's MigrationContext, how to wrap a join into a session, what to do when a
 * claimed lobby is later taken over, where to note why an attempt failed. Outputs: the new inner
 * session; null to try again (no host yet, id taken, timeout); or, for a join, a refusal that ends
 * the migration (a ban, a kick, another version, or a seat not given back).
 */
import type { Cvars } from '../config/cvars';
import type { JoinFailure } from '../lobby/failures';
import type { CryptoLike } from '../lobby/host-key';
import type { LobbyTarget } from '../lobby/link';
import type { SeatKeyPair } from '../lobby/seat-proof';
import type { SignalingState } from '../lobby/signaling-reconnect';
import type { SignalingOptions } from '../transport/peer-link';
import { joinLobby, type Joined } from '../lobby/join';
import { hostName, nameOf } from '../lobby/migration-notice';
import { seatKeyOf } from '../lobby/seat-key';
import type { AnyClientSession } from './session-games';
import type { HostSession } from './host-session';
import type { HostLost, JoinSession } from './join-session';
import { createSuccessorSession } from './successor-session';

/** A migration's join attempt waits this long for the peer-to-peer link (a dead host never answers). */
export const MIGRATION_LINK_TIMEOUT_MS = 4000;

export type MigrationInner = JoinSession | HostSession;

/** What a migrating page needs: how to join and claim again, its clock, and where to say what happens. */
export interface MigrationContext {
  signaling: SignalingOptions;
  target: LobbyTarget;
  name: string;
  browserToken: string;
  /** This tab's seat key pair for the lobby: its proof brings the seat back on the new host. */
  seat: SeatKeyPair;
  crypto: CryptoLike;
  cvars: Cvars;
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Called with every notice shown (a migration happened). */
  onNotice?: (text: string) => void;
  /** While a migration runs: what to show (null once it ended). */
  onMigrating?: (text: string | null) => void;
  /** A host's signaling registration (lost, retrying, back): for the banner. */
  onSignaling?: (state: SignalingState) => void;
  /** Replaces the real join / claim attempts (unit tests drive the wrapper with fake sessions). */
  attempts?: MigrationAttempts;
}

/** One attempt of each kind: the new inner session, null to try again, or (join) a refusal that ends it. */
export interface MigrationAttempts {
  /** `timeouts`: a reconnecting page asks quickly (link-recovery.ts QUICK_JOIN). */
  join(
    client: AnyClientSession,
    timeouts?: { signalingTimeoutMs: number; linkTimeoutMs: number },
  ): Promise<MigrationInner | JoinFailure | null>;
  claim(client: AnyClientSession, lost: HostLost): Promise<MigrationInner | null>;
}

export interface AttemptHooks {
  joinSession(j: Joined, client: AnyClientSession): JoinSession;
  replaced(): void;
  note(why: string): void;
}

export function pageAttempts(ctx: MigrationContext, hooks: AttemptHooks): MigrationAttempts {
  return {
    async join(client, timeouts) {
      const r = await joinLobby({
        signaling: ctx.signaling,
        target: ctx.target,
        name: ctx.name,
        password: '',
        browserToken: ctx.browserToken,
        seat: ctx.seat,
        crypto: ctx.crypto,
        migration: true,
        linkTimeoutMs: MIGRATION_LINK_TIMEOUT_MS,
        ...timeouts,
      });
      if (!r.ok) {
        const f = r.failure;
        hooks.note(f.kind);
        // A ban or kick by the new host is final; anything else may be no host yet.
        return f.kind === 'rejected' && (f.reason === 'banned' || f.reason === 'kicked' || f.reason === 'version')
          ? f
          : null;
      }
      if (r.joined.clientId !== client.localId) {
        // Our seat was not kept: this client's timeline belongs to another id. Say so; don't pretend.
        r.joined.link.close();
        r.joined.peer.destroy();
        return { kind: 'other', detail: 'the new host did not give this player its seat back' };
      }
      return hooks.joinSession(r.joined, client);
    },
    async claim(client, lost) {
      if (!lost.checkpoint) return null;
      const r = await createSuccessorSession({
        signaling: ctx.signaling,
        roomId: ctx.target.roomId,
        name: ctx.name,
        cvars: ctx.cvars,
        seatKey: await seatKeyOf(ctx.seat.publicRaw, ctx.crypto),
        client,
        checkpoint: lost.checkpoint.bytes,
        players: lost.players,
        ...(lost.why === 'handover'
          ? { handedOverBy: { oldHost: hostName(lost.players), newHost: nameOf(lost.players, client.localId) } }
          : {}),
        onSignaling: ctx.onSignaling,
        onReplaced: () => hooks.replaced(),
      });
      if (!r.ok) hooks.note(r.failure.kind === 'other' ? r.failure.detail : r.failure.kind);
      return r.ok ? r.session : null;
    },
  };
}
