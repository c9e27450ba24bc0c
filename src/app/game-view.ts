/**
 * Puts the game into a match (or practice) screen. When this browser cannot draw it (no WebGL:
 * src/game/renderer-start.ts), the screen says so instead, with a way out, and the session goes
 * on without a renderer: the lobby, the chat and the netcode do not need one, and the others
 * still see this player.
 *
 * Inputs: the screen element, the mount to try, the way-out button's label and action. Output:
 * the mounted game, or null and the message shown (`#render-error`). Invariant: the message is
 * set as text only.
 */
import { CANNOT_DRAW, RendererUnavailable } from '../game/renderer-start';
import { button, h } from './dom';

export interface GameView<G> {
  game: G | null;
  /** The message shown in place of the game, or null when it draws. */
  error: string | null;
}

/** The full-window screen a match, practice or replay is drawn in (`#match-screen`). */
export function matchScreen(doc: Document): HTMLElement {
  const screen = doc.createElement('div');
  screen.id = 'match-screen';
  screen.style.cssText = 'position:fixed;inset:0';
  return screen;
}

/** The button shown with the message: its label and what it does. */
export interface WayOut {
  label: string;
  onClick: () => void;
}

export function mountGameView<G>(screen: HTMLElement, mount: () => G, wayOut: WayOut): GameView<G> {
  try {
    return { game: mount(), error: null };
  } catch (err) {
    const error =
      err instanceof RendererUnavailable
        ? err.message
        : `${CANNOT_DRAW} (${err instanceof Error ? err.message : String(err)}).`;
    const doc = screen.ownerDocument;
    screen.replaceChildren(
      h(doc, 'section', { id: 'render-error', attrs: { role: 'alert' } }, [
        h(doc, 'p', { id: 'render-error-message', text: error }),
        button(doc, 'render-error-leave', wayOut.label, wayOut.onClick),
      ]),
    );
    return { game: null, error };
  }
}
