/**
 * Tests build commands by hand (sometimes out of range on purpose); the world step takes only
 * sanitized ones (SanitizedCmd), as the host does after its command decoder. This is that step.
 */
import { sanitizeCmd, type SanitizedCmd } from '../../src/sim/quantize';
import type { PlayerId, UserCmd } from '../../src/sim/types';

export function saneCmds(cmds: ReadonlyMap<PlayerId, UserCmd>): Map<PlayerId, SanitizedCmd> {
  return new Map([...cmds].map(([id, cmd]) => [id, sanitizeCmd(cmd)] as const));
}
