/** Ring sizes: the server's histories are power-of-two rings indexed by `tick & (size - 1)`. */
export function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** The index mask of a ring of `size` slots; throws RangeError unless `size` is a power of two. */
export function ringMask(size: number): number {
  if (size < 1 || (size & (size - 1)) !== 0) throw new RangeError(`ring size ${size} is not a power of two`);
  return size - 1;
}
