/** Ring sizes: the server's histories are power-of-two rings indexed by `tick & (size - 1)`. */
export function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}
