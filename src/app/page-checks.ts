/**
 * What this browser cannot do, found before anything is clicked (issue 22), so the start screen
 * says it instead of a button that hangs:
 *  - not a secure context (plain http:// on a network address): `crypto.subtle` is missing and
 *    every lobby step needs it (host key, seat keys, password verifier): Create and Join would hang;
 *  - no WebGL: the match cannot be drawn (kaboom throws), but lobbies and joining work; the match
 *    screen then says it cannot draw instead of going blank.
 *
 * Inputs: the window / document. Outputs: sentences with a help link (the match screen's own
 * "cannot draw" is src/app/game-view.ts).
 * Invariant: never throws.
 */
import { INSECURE_CONTEXT_TEXT, TURN_HELP_URL } from '../lobby/failures';
import type { HelpLink } from './screens';

export const NO_WEBGL_TEXT =
  'This browser cannot draw the game: WebGL is unavailable (hardware acceleration is off or blocked). You can still create and join lobbies; turn WebGL on, or use another browser, to see the match.';

/** Lobbies need a secure context and WebCrypto: `!isSecureContext || !crypto.subtle` means they would hang. */
export function canRunLobbies(win: Pick<Window, 'isSecureContext'> & { crypto?: { subtle?: unknown } }): boolean {
  return win.isSecureContext === true && win.crypto?.subtle !== undefined && win.crypto.subtle !== null;
}

export function webglAvailable(doc: Document): boolean {
  try {
    const canvas = doc.createElement('canvas');
    return (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) !== null;
  } catch {
    return false;
  }
}

export function pageProblems(win: Window): Array<{ text: string; help: HelpLink | null }> {
  const out: Array<{ text: string; help: HelpLink | null }> = [];
  if (!canRunLobbies(win))
    out.push({ text: INSECURE_CONTEXT_TEXT, help: { href: TURN_HELP_URL, text: 'How to serve the game over HTTPS' } });
  if (!webglAvailable(win.document)) out.push({ text: NO_WEBGL_TEXT, help: null });
  return out;
}
