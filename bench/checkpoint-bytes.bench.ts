/**
 * What a migration checkpoint (issue 13) costs on the wire: a real GameServer running a live team
 * deathmatch on the default map with 8, 16 and 32 people (each driven by the workload's bot
 * brain, so they move, shoot, die and respawn), checkpointed once a second for 20 s with a
 * realistic lobby part (names, seat tokens, 2 players who left in the first second and whose seats
 * and records are kept, 1 ban, 3 cvars, and the host secrets a successor gets in the lobby key
 * field: a 138-byte PKCS8 P-256 key, its public key, a PeerJS token, password, settings, the host's
 * seat token; 250 bytes). Every checkpoint is decoded and compared before its size counts. The
 * stream column is what the host puts on each successor's reliable channel per second: the
 * checkpoint in its 4-byte 'checkpoint' control message, once a second; a lobby has up to 3 successors.
 *
 * The delta column estimates what a delta against the previous checkpoint would cost with the
 * snapshot's own delta coding (PLAYER_CODEC rows against the previous row of the same player, a
 * changed-bit per match record and client, one bit per unchanged lobby section); it is measured
 * with the real table coder, not implemented as a format.
 */
import { ARENA_COMMANDS } from '../src/arena/protocol/arena-commands';
import { BitWriter } from '../src/protocol/bits';
import { decodeCheckpoint, encodeCheckpoint } from '../src/arena/protocol/checkpoint-codec';
import type { Checkpoint } from '../src/arena/protocol/checkpoint-types';
import { encodeCmdPacket, quantizeCmdPacket } from '../src/protocol/cmd-packet';
import { PLAYER_CODEC, PROJECTILE_CODEC, USER_CMD_CODEC, writeDelta, writeFull } from '../src/arena/protocol/fields';
import { captureCheckpoint, type CheckpointLobby } from '../src/arena/server/arena-checkpoint';
import { encodeHostSecrets } from '../src/lobby/host-secrets';
import { MAX_SUCCESSORS } from '../src/protocol/control-messages';
import { GameServer } from '../src/server/game-server';
import { arenaServerGame } from '../src/arena/server/arena-server-game';
import { DEFAULT_MAP, GameMode } from '../src/sim';
import { botCmd } from './workload';
import type { BenchModule } from './run';

const PLAYER_COUNTS = [4, 8, 16, 32];
/** The 'checkpoint' control message around the bytes: type, final flag, u16 length. */
const MESSAGE_BYTES = 4;
const SEED = 1313;
const SECONDS = 20;
const TICKRATE = 60;

const hex = (n: number): string => n.toString(16).padStart(32, '0');

/** Ids of the two people who leave after the first second (their seats are held, their records kept). */
const leaverIds = (players: number): number[] => [players + 1, players + 2];

function lobbyFor(players: number): CheckpointLobby {
  const names = new Map(
    Array.from({ length: players }, (_, i) => [i + 1, { name: `Player ${i + 1}`, token: hex(0x1234567 * (i + 1)) }]),
  );
  return {
    person: (id) => names.get(id),
    absent: leaverIds(players).map((id) => ({ token: hex(99 + id), id, name: `Gone ${id}` })),
    bans: [hex(7)],
    cvars: [
      { name: 'sv_password', value: 'hunter2' },
      { name: 'sv_maxplayers', value: players },
      { name: 'sv_maxunlag', value: 1 },
    ],
    lobbyKey: encodeHostSecrets({
      key: {
        pkcs8: Uint8Array.from({ length: 138 }, (_, i) => (i * 31) & 255),
        publicRaw: Uint8Array.from({ length: 65 }, (_, i) => (i ? (i * 7) & 255 : 4)),
      },
      peerToken: 'k3j4h5g6f7d8',
      passwordVerifier: { salt: new Uint8Array(16).fill(3), iterations: 100_000, hash: new Uint8Array(32).fill(9) },
      maxPlayers: players + 2,
      joinRunningMatch: true,
      mapName: 'arena',
      hostSeatToken: hex(5),
      chosen: [1, 2],
    }),
  };
}

/** Room for `bits` bits of fields written as in full (the estimate needs their size, not their values). */
function skip(w: BitWriter, bits: number): void {
  for (let left = bits; left > 0; left -= 16) w.writeBits(0, Math.min(16, left));
}

/** Bytes of the estimated delta of `cur` against `prev` (see the file comment). */
function deltaBytes(cur: Checkpoint, prev: Checkpoint): number {
  const w = new BitWriter(4096);
  const ctx = { serverTick: cur.world.tick };
  skip(w, 32 + 16 + 32 + 16 + 8); // tick, event id, rng, projectile id, version: always new
  const before = new Map(prev.world.players.map((p) => [p.id, p]));
  for (const p of cur.world.players) {
    const base = before.get(p.id);
    w.writeBool(base !== undefined);
    if (base) writeDelta(w, PLAYER_CODEC, p, base, ctx);
    else writeFull(w, PLAYER_CODEC, p, ctx);
  }
  for (const p of cur.world.projectiles) writeFull(w, PROJECTILE_CODEC, p, ctx);
  const records = new Map(prev.world.match.players.map((m) => [m.id, JSON.stringify(m)]));
  for (const m of cur.world.match.players) {
    const changed = records.get(m.id) !== JSON.stringify(m);
    w.writeBool(changed);
    if (changed) skip(w, 8 * 12); // a match record in full is about 12 bytes
  }
  skip(w, 8 * (2 + cur.world.pickups.length)); // match clock and pickups, as in full
  for (const c of cur.clients) {
    w.writeBool(c.lastCmd !== null);
    if (c.lastCmd) writeFull(w, USER_CMD_CODEC, c.lastCmd, { serverTick: c.lastCmd.tick });
  }
  w.writeBits(0, 4); // departed, bans, cvars, key: unchanged
  return w.finish().length;
}

function measure(players: number): { full: number[]; delta: number[]; handover: number } {
  const server = new GameServer(
    {
      tickrate: TICKRATE,
      maxUnlagS: 1,
      lagCompensation: true,
      seed: SEED,
      maxPlayers: players + 2,
      map: DEFAULT_MAP,
    },
    arenaServerGame,
  );
  for (let id = 1; id <= players + 2; id++) server.addClient(id, 0);
  server.startMatch({ mode: GameMode.TeamDeathmatch, mapId: 0, warmupS: 0, timeLimitS: 0, fragLimit: 0 });
  const lobby = lobbyFor(players);
  const full: number[] = [];
  const delta: number[] = [];
  let prev: Checkpoint | null = null;
  let handover = 0;
  for (let t = 1; t <= SECONDS * TICKRATE; t++) {
    const now = (t * 1000) / TICKRATE;
    for (const p of server.world.players) {
      const cmd = botCmd(server.world, p, t, SEED);
      server.receive(
        p.id,
        encodeCmdPacket(
          ARENA_COMMANDS,
          quantizeCmdPacket(ARENA_COMMANDS, { ackTick: null, sendTimeMs: Math.floor(now) % 65536, cmds: [cmd] }),
        ),
        now,
      );
    }
    server.tick(now);
    if (t === TICKRATE) for (const id of leaverIds(players)) server.removeClient(id);
    if (t % TICKRATE !== 0) continue;
    const cp = captureCheckpoint(server, lobby);
    const bytes = encodeCheckpoint(cp);
    const back = decodeCheckpoint(bytes);
    if (!back.ok || JSON.stringify(back.value.world) !== JSON.stringify(cp.world) || back.value.departed.length !== 2)
      throw new Error(`checkpoint at tick ${t} does not round-trip`);
    full.push(bytes.length);
    if (prev) delta.push(deltaBytes(back.value, prev));
    prev = back.value;
    // A graceful handover's final checkpoint also carries a second (sv_maxunlag) of hitbox history.
    handover = encodeCheckpoint(captureCheckpoint(server, lobby, TICKRATE)).length;
  }
  return { full, delta, handover };
}

const mean = (a: readonly number[]): number => a.reduce((x, y) => x + y, 0) / Math.max(1, a.length);

function row(players: number): string {
  const { full, delta, handover } = measure(players);
  const f = mean(full);
  const d = mean(delta);
  const stream = f + MESSAGE_BYTES;
  const successors = Math.min(MAX_SUCCESSORS, players - 1);
  return `| ${players} | ${f.toFixed(0)} / ${Math.max(...full)} | ${(f / players).toFixed(1)} | ${stream.toFixed(0)} / ${(stream * successors).toFixed(0)} | ${d.toFixed(0)} / ${Math.max(...delta)} | ${((1 - d / f) * 100).toFixed(0)} % | ${handover} |`;
}

const bench: BenchModule = {
  name: 'checkpoint-bytes',
  async run(): Promise<string> {
    return [
      '## Migration checkpoint size (bytes, one a second)',
      '',
      `A GameServer with N people in a live team deathmatch on the default map (the workload's bot brain drives them), seed ${SEED}, checkpointed every second for ${SECONDS} s with a lobby part (names, seat tokens, 2 departed with their records, 1 ban, 3 cvars, the 250-byte host secrets: key pair, PeerJS token, password, settings, host seat token).`,
      "\"stream\": bytes per second on each successor's reliable channel (one 'checkpoint' message a second), and the host's upload for all its successors (at most 3, never itself).",
      '"delta (estimate)": the same checkpoint coded against the previous one with the snapshot delta coder (bench/checkpoint-bytes.bench.ts says how); not a format.',
      '"handover": the final checkpoint of a graceful handover, with 1 s of lag-compensation history (60 ticks).',
      '',
      '| people | full mean / max | full per person | stream B/s: per successor / host upload | delta (estimate) mean / max | delta saves | handover |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...PLAYER_COUNTS.map(row),
    ].join('\n');
  },
};

export default bench;
