/** A seeded stream of uniform numbers in [0, 1) for tests: the sim's own PRNG (src/sim/rng.ts), so every run is the same. */
import { nextRandom } from '../../src/sim/rng';

export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    const r = nextRandom(state);
    state = r.state;
    return r.value;
  };
}
