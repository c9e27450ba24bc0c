// What the signaling server relays between ids (scripts/relay-gate.mjs), on a virtual clock:
// offers within their limits, replies only on connections an offer opened, replies uncharged.
import { describe, expect, it } from 'vitest';
import { RelayGate, type RelayLimits } from '../../../scripts/relay-gate.mjs';

const LIMITS: RelayLimits = {
  offersPerS: 1, // burst 20
  openOffers: 30,
  destOffersPerS: 5, // burst 100
  destOpenOffers: 60,
  addressOpenOffers: 40,
  connectionMessages: 6,
  connectionBytes: 1000,
  connectionTtlMs: 10_000,
};

function setup(over: Partial<RelayLimits> = {}) {
  let t = 1000;
  const gate = new RelayGate({ ...LIMITS, ...over }, () => t);
  let charges = 0;
  const admit = (addr: string, src: string, msg: object, bytes = 100): string =>
    gate.admit(addr, src, msg, bytes, () => {
      charges++;
      return true;
    });
  return { gate, admit, advance: (ms: number) => void (t += ms), charges: () => charges };
}

const offer = (dst: string, cid: string) => ({ type: 'OFFER', dst, payload: { sdp: {}, connectionId: cid } });
const msg = (type: string, dst: string, cid: string) => ({ type, dst, payload: { connectionId: cid } });

describe('RelayGate', () => {
  it("relays a connection both ways; the responder's replies are not charged, the opener's messages are", () => {
    const { admit, charges } = setup();
    expect(admit('10.0.0.1', 'joiner', offer('host', 'dc_1'))).toBe('relay');
    expect(admit('10.0.0.1', 'joiner', msg('CANDIDATE', 'host', 'dc_1'))).toBe('relay');
    expect(charges()).toBe(2);
    expect(admit('10.0.0.9', 'host', msg('ANSWER', 'joiner', 'dc_1'))).toBe('relay');
    expect(admit('10.0.0.9', 'host', msg('CANDIDATE', 'joiner', 'dc_1'))).toBe('relay');
    expect(charges()).toBe(2);
  });

  it('drops ANSWER, CANDIDATE and LEAVE for a connection no OFFER opened (and an ANSWER from the opener)', () => {
    const { admit } = setup();
    for (const type of ['ANSWER', 'CANDIDATE', 'LEAVE'])
      expect(admit('10.0.0.1', 'a', msg(type, 'b', 'dc_x'))).toBe('unknown-connection');
    admit('10.0.0.1', 'a', offer('b', 'dc_1'));
    expect(admit('10.0.0.1', 'a', msg('ANSWER', 'b', 'dc_1'))).toBe('unknown-connection');
    // Same connection id, other pair of ids: not that connection.
    expect(admit('10.0.0.3', 'c', msg('CANDIDATE', 'b', 'dc_1'))).toBe('unknown-connection');
  });

  it('never relays EXPIRE, unknown types, or messages without a peer id and connection id', () => {
    const { admit, charges } = setup();
    for (const m of [
      msg('EXPIRE', 'b', 'dc_1'),
      msg('FOO', 'b', 'dc_1'),
      { type: 'OFFER', dst: 'b', payload: {} },
      offer('b c!', 'dc_1'),
      offer('b', ''),
      null,
    ]) {
      expect(admit('10.0.0.1', 'a', m as object)).toBe('malformed');
    }
    expect(charges()).toBe(6);
  });

  it('asks the address budget before anything else that is not a reply', () => {
    const { gate } = setup();
    expect(gate.admit('10.0.0.1', 'a', offer('b', 'dc_1'), 100, () => false)).toBe('over-budget');
    expect(gate.size).toBe(0);
  });

  it('admits a burst of offers per (address, id), then the refill rate; other addresses are apart', () => {
    const { admit, advance } = setup({ openOffers: 1000, addressOpenOffers: 1000, destOpenOffers: 1000 });
    const results = Array.from({ length: 30 }, (_, i) => admit('10.0.0.1', `j${i}`, offer('host', `dc_${i}`)));
    expect(results.filter((r) => r === 'relay')).toHaveLength(20);
    expect(results.slice(20)).toEqual(Array(10).fill('offer-rate'));
    advance(3000);
    expect(
      Array.from({ length: 5 }, (_, i) => admit('10.0.0.1', `k${i}`, offer('host', `dc_${i}`))).filter(
        (r) => r === 'relay',
      ),
    ).toHaveLength(3);
    expect(admit('10.0.0.2', 'newcomer', offer('host', 'dc_1'))).toBe('relay');
  });

  it('caps open offers per (address, id), per address and per id, and frees places on LEAVE, expiry and a closed socket', () => {
    const { gate, admit, advance } = setup({ offersPerS: 100, destOffersPerS: 100 });
    for (let i = 0; i < 30; i++) expect(admit('10.0.0.1', 'a', offer('host', `dc_${i}`))).toBe('relay');
    expect(admit('10.0.0.1', 'a', offer('host', 'dc_30'))).toBe('open-offers');
    for (let i = 0; i < 10; i++) expect(admit('10.0.0.1', 'a', offer('other', `dc_${i}`))).toBe('relay');
    expect(admit('10.0.0.1', 'a', offer('third', 'dc_0'))).toBe('address-open');
    for (let i = 0; i < 30; i++) expect(admit('10.0.0.2', 'b', offer('host', `dc_${i}`))).toBe('relay');
    expect(admit('10.0.0.3', 'c', offer('host', 'dc_0'))).toBe('dest-open');
    // A LEAVE closes its connection.
    expect(admit('10.0.0.1', 'a', msg('LEAVE', 'host', 'dc_0'))).toBe('relay');
    expect(admit('10.0.0.3', 'c', offer('host', 'dc_0'))).toBe('relay');
    // 'b' closes its socket: its 30 go.
    gate.forget('b');
    expect(gate.size).toBe(30 + 10);
    // A connection with traffic lives on; the idle ones expire.
    advance(6000);
    expect(admit('10.0.0.1', 'a', msg('CANDIDATE', 'host', 'dc_1'))).toBe('relay');
    advance(6000);
    gate.prune();
    expect(gate.size).toBe(1);
    expect(admit('10.0.0.3', 'c', msg('CANDIDATE', 'host', 'dc_0'))).toBe('unknown-connection');
  });

  it('limits offers to one id from everyone together', () => {
    const { admit } = setup({ destOffersPerS: 0.5, destOpenOffers: 1000 }); // burst 10
    const verdicts = Array.from({ length: 12 }, (_, i) => admit(`10.0.1.${i}`, `j${i}`, offer('host', 'dc_1')));
    expect(verdicts.filter((v) => v === 'relay')).toHaveLength(10);
    expect(verdicts.slice(10)).toEqual(['dest-rate', 'dest-rate']);
  });

  it("keeps the lower half of an id's offer budget for addresses that have not spent their own", () => {
    const { admit } = setup({ destOffersPerS: 2, openOffers: 1000, addressOpenOffers: 1000, destOpenOffers: 1000 }); // id burst 40, address burst 20
    for (let i = 0; i < 20; i++) expect(admit('10.0.0.1', 'a', offer('host', `a${i}`))).toBe('relay');
    // The id has 20 left; b may take them while it has spent less than half of its own 20.
    const b = Array.from({ length: 20 }, (_, i) => admit('10.0.0.2', 'b', offer('host', `b${i}`)));
    expect(b.filter((v) => v === 'relay')).toHaveLength(11);
    expect(b.at(-1)).toBe('dest-rate');
    expect(admit('10.0.0.1', 'a', offer('host', 'a_more'))).toBe('dest-rate');
    // A newcomer still gets one of the 9 kept back.
    expect(admit('10.0.0.3', 'newcomer', offer('host', 'c1'))).toBe('relay');
  });

  it('bounds each side of a connection in messages and bytes', () => {
    const { admit } = setup();
    admit('10.0.0.1', 'j', offer('host', 'dc_1'));
    const replies = Array.from({ length: 8 }, () => admit('10.0.0.9', 'host', msg('CANDIDATE', 'j', 'dc_1')));
    expect(replies.filter((r) => r === 'relay')).toHaveLength(6);
    expect(replies.at(-1)).toBe('connection-full');
    // The opener has 5 messages left, but only 900 bytes.
    expect(admit('10.0.0.1', 'j', msg('CANDIDATE', 'host', 'dc_1'), 800)).toBe('relay');
    expect(admit('10.0.0.1', 'j', msg('CANDIDATE', 'host', 'dc_1'), 200)).toBe('connection-full');
  });

  it('takes an offer repeated on an open connection as a new offer without a new place', () => {
    const { gate, admit } = setup({ openOffers: 1 });
    expect(admit('10.0.0.1', 'j', offer('host', 'dc_1'))).toBe('relay');
    expect(admit('10.0.0.1', 'j', offer('host', 'dc_1'))).toBe('relay');
    expect(admit('10.0.0.1', 'j', offer('host', 'dc_2'))).toBe('open-offers');
    expect(gate.size).toBe(1);
  });

  it('keeps memory to the open connections: rate records go once idle and full again', () => {
    const { gate, admit, advance } = setup();
    for (let i = 0; i < 40; i++) admit('10.0.0.1', 'a', offer(`id${i}`, 'dc_1'));
    advance(60_000);
    gate.prune();
    expect(gate.size).toBe(0);
    expect((gate as unknown as { pairs: Map<string, unknown> }).pairs.size).toBe(0);
    expect((gate as unknown as { dests: Map<string, unknown> }).dests.size).toBe(0);
  });
});
