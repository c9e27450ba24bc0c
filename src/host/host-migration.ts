/**
 * The listen server's part in host migration (issue 13): it names the successors among the
 * players the host chose ("can host if I leave", `choose`; nobody until the host picks), tells the
 * capable joiners who they are, keeps the successors supplied with checkpoints, and hands the match
 * over on the host's word.
 *
 * Inputs: the roster (ids, pings, who is the host, who is a local bot), which joiners said they can
 * take over, the door's seats and bans, the lobby's settings (for the host secrets: key pair, PeerJS
 * token, password, size, join rule, map, the host's own seat token), the worker (checkpoints,
 * stopTicking), `now()`. Outputs: 'successors' to capable joiners right after their welcome and on
 * every change; 'checkpoint' to the successors (checkpoint-sender.ts); counters.
 * Invariants: nothing is sent when migration is off for this lobby (a dedicated host keeps its key);
 * only capable joiners ever receive either message; the secrets travel only inside checkpoints,
 * and checkpoints go only to chosen players (an un-chosen one gets none from then on; what it
 * already holds cannot be taken back: docs/SECURITY.md "Host migration").
 */
import { encodeControl } from '../protocol/control';
import type { CheckpointCvar } from '../protocol/checkpoint-fields';
import type { PlayerId } from '../protocol/ids';
import { exportLobbyKey, type CryptoLike, type LobbyKey } from '../lobby/host-key';
import { encodeHostSecrets, type HostSecrets } from '../lobby/host-secrets';
import { CheckpointSender, type CheckpointCounters } from './checkpoint-sender';
import type { LobbyDoor } from './lobby-door';
import type { Roster } from './roster';
import { SuccessorPicker, successorsChanged } from './successors';
import type { LobbyWorkerHandle, WorkerCheckpointLobby } from './worker-api';

const ZERO_TOKEN = '0'.repeat(32);

/** What the lobby settings say about migration (listen-server.ts LobbySettings). */
export interface MigrationSettings {
  /** On for the page's hosts; off (the default) for a dedicated host, whose key stays with it. */
  migration?: boolean;
  /** The takeover token (never the host's own): the successor claims the lobby's peer id with it once the host is gone. */
  peerToken?: string;
  /** The host's own seat key (lobby/seat-key.ts: the hash of its seat public key, 32 lowercase hex digits). */
  hostSeatKey?: string;
  /** Players the host chose before (a successor host carries its old host's choice on); default nobody. */
  chosen?: readonly PlayerId[];
  /** The lobby's cvars, carried in each checkpoint. */
  cvars?: () => CheckpointCvar[];
  key: LobbyKey;
  crypto: CryptoLike;
  maxPlayers: number;
  joinRunningMatch: boolean;
  match: { tickrate: number; mapName: string; maxUnlagMs: number };
}

/** What host migration needs of the listen server. */
export interface MigrationHost {
  readonly roster: Roster;
  readonly door: LobbyDoor;
  readonly worker: Pick<LobbyWorkerHandle, 'api'>;
  /** Whether this joiner's hello said it can take over (false for the host's own player and bots). */
  capable(id: PlayerId): boolean;
  /** Control bytes to a joiner's reliable channel; false when it is not open. */
  sendRaw(id: PlayerId, bytes: Uint8Array): boolean;
  now(): number;
}

export class HostMigration {
  private readonly picker = new SuccessorPicker();
  private readonly sender: CheckpointSender;
  /** What of the secrets never changes (the key pair is exported once, the host's seat key made once); null when the key cannot be exported. */
  private fixedSecrets: Promise<Omit<HostSecrets, 'chosen'> | null> | null = null;
  /** Handed over or closed: the successor list the joiners hold is final (they migrate with it). */
  private over = false;
  /** Who the host player said may take over (by player id; a seat keeps its id while the lobby lives). */
  private readonly chosen: Set<PlayerId>;

  constructor(
    private readonly host: MigrationHost,
    private readonly s: MigrationSettings,
  ) {
    this.chosen = new Set(s.chosen ?? []);
    this.sender = new CheckpointSender({
      take: (ticks) => this.take(ticks),
      send: (id, bytes) => host.sendRaw(id, bytes),
      successors: () => this.picker.current,
      now: () => host.now(),
    });
  }

  get enabled(): boolean {
    return this.s.migration === true;
  }

  get counters(): CheckpointCounters {
    return { ...this.sender.counters };
  }

  successors(): PlayerId[] {
    return [...this.picker.current];
  }

  /** The players the host chose, ascending. */
  chosenIds(): PlayerId[] {
    return [...this.chosen].sort((a, b) => a - b);
  }

  /**
   * The host player's "can host if I leave" for `id`. Choosing names it (when capable) at the next
   * look; un-choosing drops it from the list and from the checkpoint stream at once.
   */
  choose(id: PlayerId, yes: boolean): void {
    if (yes) this.chosen.add(id);
    else this.chosen.delete(id);
    this.review(false);
  }

  /** A joiner was welcomed: it learns the successors (the list may change because of it). */
  joined(id: PlayerId): void {
    if (!this.review(true) && this.enabled && this.host.capable(id)) this.host.sendRaw(id, this.listMessage());
  }

  /**
   * Looks at the roster again (someone joined or left: `rosterChanged`; or the pings moved). On a
   * new list the capable joiners hear it; either change sends a checkpoint at once. True when the list changed.
   */
  review(rosterChanged: boolean): boolean {
    if (!this.enabled || this.over) return false;
    const before = this.successors();
    const candidates = this.host.roster.all().map((m) => ({
      id: m.id,
      pingMs: m.pingMs,
      capable: this.host.capable(m.id),
      chosen: this.chosen.has(m.id),
      isHost: m.isHost,
      bot: m.peerId === '',
    }));
    const changed = successorsChanged(before, this.picker.update(candidates, this.host.now()));
    if (changed) {
      const message = this.listMessage();
      for (const m of this.host.roster.all()) if (this.host.capable(m.id)) this.host.sendRaw(m.id, message);
    }
    if (changed || rosterChanged) void this.sender.soon();
    return changed;
  }

  /** The listen server's 1 s timer: the pings moved, and the periodic checkpoint. */
  everySecond(): void {
    if (!this.enabled) return;
    this.review(false);
    void this.sender.periodic();
  }

  /**
   * Graceful handover: the final checkpoint (with the rewind window, sv_maxunlag × tickrate ticks)
   * to the first successor, then the worker stops simulating. The successor's id, or null when
   * there is none or the checkpoint could not be sent (the match then goes on here).
   */
  async handOver(): Promise<PlayerId | null> {
    const to = this.picker.current[0];
    if (!this.enabled || to === undefined) return null;
    const rewindTicks = Math.round((this.s.match.maxUnlagMs / 1000) * this.s.match.tickrate);
    if (!(await this.sender.sendFinal(to, rewindTicks))) return null;
    // The first successor's link to us closes now: the others must not hear a list without it.
    this.over = true;
    await this.host.worker.api.stopTicking();
    return to;
  }

  close(): void {
    this.over = true;
    this.sender.stop();
  }

  private listMessage(): Uint8Array {
    return encodeControl({ type: 'successors', ids: this.successors() });
  }

  /**
   * The host secrets as they are now (the choice of successors changes), or null when the key
   * cannot be exported. The password travels as the door's verifier, never in clear.
   */
  private async secretsBytes(): Promise<Uint8Array | null> {
    // The host's seat travels as its key (seat-key.ts), like every seat: a successor cannot claim it (it has no proof).
    this.fixedSecrets ??= Promise.all([
      exportLobbyKey(this.s.key, this.s.crypto),
      this.host.door.passwordVerifier(),
    ]).then(
      ([key, passwordVerifier]) => ({
        key,
        peerToken: this.s.peerToken ?? '',
        passwordVerifier,
        maxPlayers: this.s.maxPlayers,
        joinRunningMatch: this.s.joinRunningMatch,
        mapName: this.s.match.mapName,
        hostSeatToken: this.s.hostSeatKey ?? ZERO_TOKEN,
      }),
      () => null,
    );
    const fixed = await this.fixedSecrets;
    return fixed ? encodeHostSecrets({ ...fixed, chosen: this.chosenIds() }) : null;
  }

  private async take(rewindTicks: number): Promise<Uint8Array | null> {
    const lobbyKey = await this.secretsBytes();
    if (!lobbyKey) return null;
    const { roster, door } = this.host;
    const lobby: WorkerCheckpointLobby = {
      // Spectators (issue 24) are not in the match: a successor's lobby gets them back through its door.
      people: roster
        .all()
        .filter((m) => !m.watching)
        .map((m) => ({ id: m.id, name: m.name, token: door.seats.tokenOf(m.id) ?? ZERO_TOKEN })),
      absent: door.seats.absent().map(({ token, id, name }) => ({ token, id, name })),
      bans: door.bans(),
      cvars: this.s.cvars?.() ?? [],
      lobbyKey,
    };
    try {
      return await this.host.worker.api.checkpoint(lobby, rewindTicks);
    } catch {
      return null; // a worker restarting or gone: no checkpoint this time (counted as a failure)
    }
  }
}
