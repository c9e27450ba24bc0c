// Types for scripts/client-address.mjs.
import type { IncomingMessage } from 'node:http';

export type TrustProxy = (addr: string, hop: number) => boolean;
export function parseTrustProxy(raw: string | undefined): { ok: true; value: TrustProxy | null } | { ok: false; error: string };
export function addressKey(addr: string | undefined): string;
export function clientAddress(req: Pick<IncomingMessage, 'headers' | 'socket'>, trust: TrustProxy | null): string;
