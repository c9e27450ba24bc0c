/**
 * The handshake part of docs/PROTOCOL.md's worked example: what the host signs for one connection
 * (the two SDPs' fingerprint lines, H and J as the joiner reads them, the transcript's exact text)
 * and the `auth-proof` that answers the example's challenge, encoded by the game's codec and read
 * back by the reference client's traced decoder.
 *
 * The lobby key is fixed here (a P-256 key made once with `createLobbyKey`), and so is the
 * signature: ECDSA signs with a fresh random number each time, so a signature made now would change
 * the doc on every run. `checkHandshakeExample` proves the fixed one is what the code accepts: the
 * game's `verifyHostProof` and the reference client's `checkHostProof` both verify it over the
 * transcript the game's `authTranscript` builds, and `proveHost` signs the same transcript into a
 * proof of the same shape that verifies too.
 */
import { encodeControl } from '../src/protocol/control';
import type { AuthProof } from '../src/protocol/control-messages';
import {
  authTranscript,
  dtlsFromDescriptions,
  proveHost,
  sdpFingerprints,
  verifyHostProof,
} from '../src/lobby/host-auth';
import { importLobbyKey, keyFingerprint, type LobbyKey } from '../src/lobby/host-key';
import type { TraceEntry } from '../tools/reference-client/bits';
import { decodeControl } from '../tools/reference-client/control';
import { checkHostProof } from '../tools/reference-client/host-proof';

export const ROOM = 'k7m2pq4xzr5tw3ya';
/** The example's challenge nonce (the auth-challenge section shows it on the wire). */
export const NONCE = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256);

const PKCS8 =
  '308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b02010104207f21ca67bdb91d0f597d15794c552f0f5a74029c71f920da58104894c1065332a144034200049eec80c467e73a69f02cd1fb6480b8652aeb97b99e2c36cc0c5fcff31659ab12ba050189c5e43d2ff3e26fdb76417032882a5e4787d12192b922d446edff5121';
const PUBLIC_RAW =
  '049eec80c467e73a69f02cd1fb6480b8652aeb97b99e2c36cc0c5fcff31659ab12ba050189c5e43d2ff3e26fdb76417032882a5e4787d12192b922d446edff5121';
/** proveHost(key, ROOM, NONCE, the example's fingerprints), made once (P1363: r ‖ s, 32 bytes each). */
const SIGNATURE =
  '83f196b6dc6614ae2f974aaad789773d83ed781f22d8f55e4fc5e9b1e3a81e392ddf008e8a9f67f8c05bc25e87611dd8725e12b5ebe2f25c32784a637f515da1';

const fromHex = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');
const colons = (f: (i: number) => number, n: number, upper: boolean): string =>
  Array.from({ length: n }, (_, i) => f(i).toString(16).padStart(2, '0'))
    .map((b) => (upper ? b.toUpperCase() : b))
    .join(':');

/** The host's description: one certificate, its line at session level and again in the media section. */
export const HOST_SDP = [
  'v=0',
  'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  `a=fingerprint:sha-256 ${colons((i) => (i * 29 + 7) % 256, 32, true)}`,
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 0.0.0.0',
  'a=mid:0',
  'a=setup:actpass',
  `a=fingerprint:sha-256 ${colons((i) => (i * 29 + 7) % 256, 32, true)}`,
  'a=sctp-port:5000',
  '',
].join('\r\n');

/** The joiner's description: upper-case algorithm names, lower-case hex, and a second (SHA-1) line. */
export const JOINER_SDP = [
  'v=0',
  'o=- 1203949287 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 0.0.0.0',
  'a=mid:0',
  'a=setup:active',
  `a=fingerprint:SHA-256 ${colons((i) => (i * 53 + 200) % 256, 32, false)}`,
  `a=fingerprint:SHA-1 ${colons((i) => (i * 71 + 3) % 256, 20, false)}`,
  'a=sctp-port:5000',
  '',
].join('\r\n');

async function exampleKey(): Promise<LobbyKey> {
  return importLobbyKey({ pkcs8: fromHex(PKCS8), publicRaw: fromHex(PUBLIC_RAW) }, globalThis.crypto);
}

/** H and J as the joiner reads them: its remote description is the host's, its local one its own. */
export function exampleFingerprints(): { host: string; joiner: string } {
  const dtls = dtlsFromDescriptions(JOINER_SDP, HOST_SDP, 'joiner');
  if (!dtls) throw new Error('the example SDPs have no fingerprints');
  return dtls;
}

export function exampleProof(): AuthProof {
  return { type: 'auth-proof', algorithm: 'p256', publicKey: fromHex(PUBLIC_RAW), signature: fromHex(SIGNATURE) };
}

/** Throws unless the fixed proof verifies with the game's code and the reference client's, and proveHost makes an equivalent one. */
export async function checkHandshakeExample(): Promise<void> {
  const key = await exampleKey();
  const dtls = exampleFingerprints();
  const proof = exampleProof();
  const game = await verifyHostProof(proof, key.fingerprint, ROOM, NONCE, dtls, globalThis.crypto);
  const reference = await checkHostProof(
    { ...proof, algorithm: 0 },
    { roomId: ROOM, keyFingerprint: key.fingerprint, nonce: NONCE, localSdp: JOINER_SDP, remoteSdp: HOST_SDP },
  );
  const fresh = await proveHost(key, ROOM, NONCE, dtls, globalThis.crypto);
  const again = await verifyHostProof(fresh, key.fingerprint, ROOM, NONCE, dtls, globalThis.crypto);
  if (
    game !== 'ok' ||
    reference !== 'ok' ||
    again !== 'ok' ||
    fresh.signature.length !== 64 ||
    hex(fresh.publicKey) !== hex(proof.publicKey)
  ) {
    throw new Error(
      `the example's proof does not check out: game ${game}, reference client ${reference}, a fresh proof ${again} (${fresh.signature.length} bytes); SIGNATURE should be ${hex(fresh.signature).replace(/ /g, '')}`,
    );
  }
}

function fence(lines: string[]): string {
  return ['```', ...lines, '```'].join('\n');
}

/** The Markdown of the handshake: the fingerprints and transcript, then the proof (its table made by `table`). */
export async function renderHandshake(table: (bytes: Uint8Array, trace: TraceEntry[]) => string): Promise<string> {
  await checkHandshakeExample();
  const key = await exampleKey();
  const dtls = exampleFingerprints();
  const transcript = authTranscript(ROOM, NONCE, dtls);
  const text = new TextDecoder().decode(transcript);
  const lines = (sdp: string): string[] => sdp.split('\r\n').filter((l) => l.startsWith('a=fingerprint:'));
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', transcript));
  const transcriptPart = [
    "#### What the host signs (auth-proof's transcript)",
    '',
    `Room \`${ROOM}\`, the link's key \`${await keyFingerprint(key.publicRaw, globalThis.crypto)}\` (base64url of SHA-256 over the 65-byte public key below), and the challenge's nonce above. On the joiner's side, **H comes from the remote description** (the host's SDP) and **J from the local description** (its own); the host reads the same two the other way round. The \`a=fingerprint:\` lines of each SDP:`,
    '',
    fence([
      `host SDP (the joiner's remote description):`,
      ...lines(HOST_SDP),
      `joiner SDP (the joiner's local description):`,
      ...lines(JOINER_SDP),
    ]),
    '',
    `Each line becomes \`algorithm HEX\`: the algorithm in lower case, the hex in upper case **with its colons kept**; duplicates are dropped (the host's line appears at session and media level), the rest sorted by UTF-16 code unit (byte order for these ASCII strings: \`sha-1 …\` before \`sha-256 …\` because \`1\` < \`2\`) and joined with \`,\` (no space). So H = \`${dtls.host.slice(0, 32)}…\` and J lists two entries. The transcript is UTF-8, lines separated by a single \`\\n\` (0x0a), no final newline, the nonce as 64 lower-case hex digits (${transcript.length} bytes; its SHA-256 begins \`${hex(digest.slice(0, 8)).replace(/ /g, '')}\`):`,
    '',
    fence(text.split('\n')),
  ].join('\n');
  const bytes = encodeControl(exampleProof());
  const trace: TraceEntry[] = [];
  const decoded = decodeControl(bytes, trace);
  if (!decoded.ok) throw new Error(`the reference decoder refused the example auth-proof: ${decoded.error}`);
  const proofPart = [
    `#### auth-proof (${bytes.length} bytes)`,
    '',
    "Control, reliable channel, host → joiner, the answer to the challenge: algorithm 0 (ECDSA P-256 with SHA-256), the public key as WebCrypto exports it raw (the uncompressed SEC1 point: `04`, then x and y, 32 bytes each, big-endian), and the signature over the transcript above in IEEE P1363 form (r then s, 32 bytes each, big-endian; what WebCrypto's `sign` returns; **not** DER). ECDSA signs with a fresh random number, so a host's proof differs every time: any signature that verifies is right. The joiner checks SHA-256 of the key against the link's `key` and verifies the signature over its own view of the transcript; only then does it send `hello` (below).",
    '',
    table(bytes, trace),
  ].join('\n');
  return `${transcriptPart}\n\n${proofPart}`;
}
