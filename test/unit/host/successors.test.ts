import { describe, expect, it } from 'vitest';
import {
  SWAP_HOLD_MS,
  SuccessorPicker,
  successorsChanged,
  type SuccessorCandidate,
} from '../../../src/host/successors';

const person = (id: number, pingMs: number, capable = true, chosen = true): SuccessorCandidate => ({
  id,
  pingMs,
  capable,
  chosen,
  isHost: false,
  bot: false,
});

describe('successor selection', () => {
  it('names capable people only, lowest ping first, at most 3', () => {
    const picker = new SuccessorPicker();
    const list = picker.update(
      [
        { ...person(1, 0), isHost: true },
        person(2, 80),
        person(3, 20),
        person(4, 40, false),
        { ...person(5, 10), bot: true },
        person(6, 60),
        person(7, 50),
      ],
      0,
    );
    expect(list).toEqual([3, 7, 6]);
    expect(picker.update([person(2, 80)], 0)).toEqual([2]);
    expect(picker.update([person(4, 5, false)], 0)).toEqual([]);
  });

  it("names only the people the host chose, however low the others' pings (nobody is chosen by default)", () => {
    const picker = new SuccessorPicker();
    expect(picker.update([person(2, 5, true, false), person(3, 10, true, false)], 0)).toEqual([]);
    expect(
      picker.update([person(2, 5, true, false), person(3, 90), person(4, 10, true, false), person(5, 40)], 1000),
    ).toEqual([5, 3]);
    // Un-chosen: it leaves the list at once, and nobody unchosen fills its place.
    expect(picker.update([person(2, 5, true, false), person(3, 90), person(5, 40, true, false)], 2000)).toEqual([3]);
  });

  it('keeps at least two when there are two, and fills a place as soon as one leaves', () => {
    const picker = new SuccessorPicker();
    expect(picker.update([person(2, 90), person(3, 120)], 0)).toEqual([2, 3]);
    const four = [person(2, 90), person(3, 120), person(4, 100), person(5, 300)];
    expect(picker.update(four, 1000)).toEqual([2, 3, 4]);
    // 3 leaves: 5 (the only one left outside) takes the free place at once.
    expect(
      picker.update(
        four.filter((c) => c.id !== 3),
        2000,
      ),
    ).toEqual([2, 4, 5]);
  });

  it('does not swap on jitter: a challenger must beat a successor by more than 30 ms for 5 s', () => {
    const picker = new SuccessorPicker();
    const base = [person(2, 100), person(3, 110), person(4, 120)];
    expect(picker.update(base, 0)).toEqual([2, 3, 4]);
    // 5 arrives 25 ms faster than the slowest: never replaces it.
    for (let t = 0; t <= 10_000; t += 1000) expect(picker.update([...base, person(5, 95)], t)).toEqual([2, 3, 4]);
    // 5 becomes 60 ms faster than 4: replaces it only after 5 s of that.
    const fast = [...base, person(5, 60)];
    expect(picker.update(fast, 11_000)).toEqual([2, 3, 4]);
    expect(picker.update(fast, 11_000 + SWAP_HOLD_MS - 1)).toEqual([2, 3, 4]);
    const swapped = picker.update(fast, 11_000 + SWAP_HOLD_MS);
    expect(swapped).toContain(5);
    expect(swapped).not.toContain(4);
  });

  it('restarts the hold when the challenger falls back within the margin', () => {
    const picker = new SuccessorPicker();
    const list = (ping5: number, t: number) =>
      picker.update([person(2, 100), person(3, 100), person(4, 100), person(5, ping5)], t);
    list(100, 0);
    list(50, 1000);
    list(50, 4000);
    list(90, 5000); // back within 30 ms: the timer is forgotten
    list(50, 6000);
    expect(list(50, 10_000)).toEqual([2, 3, 4]);
    expect(list(50, 11_000)).toContain(5);
  });

  it('reorders ranks with the same hysteresis, so rank 0 is the fastest in the long run', () => {
    const picker = new SuccessorPicker();
    expect(picker.update([person(2, 0), person(3, 0)], 0)).toEqual([2, 3]);
    const measured = [person(2, 150), person(3, 40)];
    expect(picker.update(measured, 1000)).toEqual([2, 3]);
    expect(picker.update(measured, 1000 + SWAP_HOLD_MS)).toEqual([3, 2]);
    // Jitter around equal pings afterwards changes nothing.
    for (let t = 7000; t < 20_000; t += 1000)
      expect(picker.update([person(2, 60 + (t % 3000) / 100), person(3, 70)], t)).toEqual([3, 2]);
  });

  it('compares lists by order', () => {
    expect(successorsChanged([1, 2], [1, 2])).toBe(false);
    expect(successorsChanged([1, 2], [2, 1])).toBe(true);
    expect(successorsChanged([1], [1, 2])).toBe(true);
  });
});
