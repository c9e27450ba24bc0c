// Types for scripts/http-headers.mjs.
import type { Express, RequestHandler, Router } from 'express';
import type { SignalingSettings } from './signaling.mjs';

export function securityHeaders(s: SignalingSettings): RequestHandler;
export function peerIdRoute(key: string): Router;
export function plainFallbacks(app: Express): void;
