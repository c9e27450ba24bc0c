/**
 * What a join screen must point out about a lobby link before the player goes on: a link can
 * choose the signaling server (`?peer=`, `?peerkey=`) and the ICE servers (`?ice=`), so a crafted
 * one could send the player through someone else's servers; and a link without a host key cannot
 * prove who the host is. Each warning is one sentence naming the servers (never a TURN password).
 *
 * Inputs: the options the page will use (defaults + link), the defaults alone (the server's
 * /rewind-config.json, or the built-in ones), the link's host key. Output: the sentences, and
 * whether the servers differ (the screen then also offers "Use this page's servers").
 */
import type { SignalingOptions } from '../transport/peer-link';
import { describeSignaling } from './signaling-config';

export interface LinkWarnings {
  sentences: string[];
  serversDiffer: boolean;
}

function iceUrls(servers: readonly RTCIceServer[]): string {
  const urls = servers.flatMap((s) => (Array.isArray(s.urls) ? s.urls : [s.urls]));
  return urls.length ? urls.join(', ') : 'none';
}

const sameSignaling = (a: SignalingOptions, b: SignalingOptions): boolean =>
  a.host === b.host && a.port === b.port && a.path === b.path && a.key === b.key && a.secure === b.secure;

function sameIce(a: readonly RTCIceServer[], b: readonly RTCIceServer[]): boolean {
  const norm = (l: readonly RTCIceServer[]): string =>
    JSON.stringify(l.map((s) => [s.urls, s.username ?? null, s.credential ?? null]));
  return norm(a) === norm(b);
}

export function linkWarnings(used: SignalingOptions, defaults: SignalingOptions, hostKey: string | null): LinkWarnings {
  const sentences: string[] = [];
  const signalingDiffers = !sameSignaling(used, defaults);
  const iceDiffers = !sameIce(used.iceServers, defaults.iceServers);
  if (signalingDiffers)
    sentences.push(
      `This link uses the signaling server ${describeSignaling(used)} (key "${used.key}") instead of this page's ${describeSignaling(defaults)}.`,
    );
  if (iceDiffers)
    sentences.push(
      `This link uses the ICE servers ${iceUrls(used.iceServers)} instead of this page's (${iceUrls(defaults.iceServers)}): your connection may be relayed through them.`,
    );
  if (hostKey === null)
    sentences.push(
      "This link does not carry the host's key, so the host cannot be verified: whoever answers on this lobby's id gets your name and password.",
    );
  return { sentences, serversDiffer: signalingDiffers || iceDiffers };
}
