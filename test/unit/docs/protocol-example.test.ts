/**
 * docs/PROTOCOL.md's worked examples are generated (scripts/protocol-example.ts): the game's codecs
 * write the bytes, the reference client's traced decoder annotates them. This fails when the doc
 * differs from what the codecs write now (the wire changed, or someone edited a region by hand):
 * run `npm run protocol-example` and review the diff. Two regions: the messages (WORKED-EXAMPLE)
 * and a replay file the host's recorder wrote (REPLAY-EXAMPLE).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BEGIN,
  DOC_PATH,
  END,
  renderWorkedExample,
  table,
  withExample,
  withReplayExample,
} from '../../../scripts/protocol-example';
import {
  compareWithGame,
  exampleReplay,
  renderReplayExample,
  REPLAY_BEGIN,
  REPLAY_END,
} from '../../../scripts/protocol-example-replay';
import {
  checkHandshakeExample,
  exampleFingerprints,
  exampleProof,
  HOST_SDP,
  JOINER_SDP,
  NONCE,
  ROOM,
} from '../../../scripts/protocol-example-handshake';
import { verifyHostProof } from '../../../src/lobby/host-auth';
import { checkHostProof } from '../../../tools/reference-client/host-proof';

describe('docs/PROTOCOL.md worked example', () => {
  const doc = readFileSync(DOC_PATH, 'utf8');

  it('has the generated region once', () => {
    expect(doc.split(BEGIN).length).toBe(2);
    expect(doc.split(END).length).toBe(2);
  });

  it('equals what the codecs write today', async () => {
    const region = (text: string): string => text.slice(text.indexOf(BEGIN), text.indexOf(END));
    expect(region(doc)).toBe(region(withExample(doc, await renderWorkedExample())));
  });

  it('has the generated replay region once, after the messages', () => {
    expect(doc.split(REPLAY_BEGIN).length).toBe(2);
    expect(doc.split(REPLAY_END).length).toBe(2);
    expect(doc.indexOf(REPLAY_BEGIN)).toBeGreaterThan(doc.indexOf(END));
  });

  it("its replay equals what the host's recorder writes today", () => {
    const region = (text: string): string => text.slice(text.indexOf(REPLAY_BEGIN), text.indexOf(REPLAY_END));
    expect(region(doc)).toBe(region(withReplayExample(doc, renderReplayExample(table))));
    const stale = doc.replace('| 0 | hasBase | `0` | false |', '| 0 | has base | `0` | false |');
    expect(stale).not.toBe(doc);
    expect(withReplayExample(stale, renderReplayExample(table))).not.toBe(stale);
  });

  it("its replay reads the same in the reference reader and the game's openReplay, and is a few hundred bytes", () => {
    const bytes = exampleReplay();
    const ref = compareWithGame(bytes);
    expect(ref?.frames.map((f) => f.key)).toEqual([true, false, false]);
    expect(ref?.frames.flatMap((f) => f.events).length).toBeGreaterThan(0);
    expect(bytes.length).toBeLessThan(400);
  });

  it('notices a changed byte', async () => {
    const stale = doc.replace('| 0-31 | serverTick |', '| 0-31 | server tick |');
    expect(withExample(stale, await renderWorkedExample())).not.toBe(stale);
  });

  it("its handshake proof verifies with the game's code and the reference client's, and a changed byte does not", async () => {
    await expect(checkHandshakeExample()).resolves.toBeUndefined();
    const proof = exampleProof();
    const signature = proof.signature.slice();
    signature[10]! ^= 1;
    expect(await verifyHostProof({ ...proof, signature }, null, ROOM, NONCE, exampleFingerprints(), crypto)).toBe(
      'bad-signature',
    );
    // H and J the other way round (the host's SDP read as the joiner's) is another transcript.
    expect(
      await checkHostProof(
        { ...proof, algorithm: 0 },
        { roomId: ROOM, keyFingerprint: null, nonce: NONCE, localSdp: HOST_SDP, remoteSdp: JOINER_SDP },
      ),
    ).toBe('bad signature');
    expect(
      await checkHostProof(
        { ...proof, algorithm: 0 },
        { roomId: ROOM, keyFingerprint: null, nonce: NONCE, localSdp: JOINER_SDP, remoteSdp: HOST_SDP },
      ),
    ).toBe('ok');
  });
});
