// Types for scripts/static-site.mjs.
import type { Router } from 'express';
import type { SignalingSettings } from './signaling.mjs';

export function signalingSources(s: Pick<SignalingSettings, 'peerHost' | 'peerPort' | 'secure'>): string[];
export function parseConnectSources(raw: string | undefined): string[];
export function cspDirectives(s: SignalingSettings): Record<string, string[]>;
export function staticSite(dist: string): Router;
