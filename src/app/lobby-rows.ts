/**
 * The rows of the lobby list (`#players`): a player (name, "(you)", the host's star, ping; on the
 * host's page its Kick button and "can host if I leave" box) and, after the players, each spectator
 * (issue 24) as watching. Names are text only.
 */
import type { LobbyPlayer } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';
import type { Watcher } from '../protocol/watchers-codec';
import { button, h, input } from './dom';
import type { LobbyScreenProps } from './screens';

export function playerRow(doc: Document, pl: LobbyPlayer, p: LobbyScreenProps): HTMLElement {
  const you = pl.id === p.localId ? ' (you)' : '';
  const row = h(doc, 'li', { className: 'player', attrs: { 'data-id': String(pl.id) } }, [
    h(doc, 'span', { className: 'player-name', text: pl.name + you + (pl.isHost ? ' ★ host' : '') }),
    h(doc, 'span', { className: 'player-ping', text: ` ${pl.pingMs} ms` }),
  ]);
  if (p.isHost && !pl.isHost) {
    const kick = button(doc, `kick-${pl.id}`, 'Kick', () => p.onKick(pl.id));
    kick.className = 'kick';
    row.append(kick);
    if (p.successorChoice) row.append(successorBox(doc, pl.id, p.successorChoice));
  }
  return row;
}

/** A spectator in the lobby list (issue 24): its name and "watching" (the host may kick it too). */
export function watcherRow(doc: Document, w: Watcher, p: LobbyScreenProps): HTMLElement {
  const you = w.id === p.localId ? ' (you)' : '';
  const row = h(doc, 'li', { className: 'watcher', attrs: { 'data-id': String(w.id) } }, [
    h(doc, 'span', { className: 'player-name', text: w.name + you }),
    h(doc, 'span', { className: 'watching', text: ' watching' }),
  ]);
  if (p.isHost)
    row.append(
      Object.assign(
        button(doc, `kick-${w.id}`, 'Kick', () => p.onKick(w.id)),
        { className: 'kick' },
      ),
    );
  return row;
}

/** The host's "can host if I leave" box for one player (`#successor-<id>`). */
function successorBox(
  doc: Document,
  id: PlayerId,
  choice: NonNullable<LobbyScreenProps['successorChoice']>,
): HTMLLabelElement {
  const box = input(doc, `successor-${id}`, { type: 'checkbox' });
  box.checked = choice.isChosen(id);
  box.addEventListener('change', () => choice.choose(id, box.checked));
  return h(doc, 'label', { className: 'successor-choice' }, [box, h(doc, 'span', { text: ' can host if I leave' })]);
}
