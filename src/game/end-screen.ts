/**
 * The end screen (DOM overlay) shown while the match is over: the winner, the ranking, the awards,
 * and for the host "Download replay", the match settings and "Start next match" (others wait for the host). Every page
 * shows the same ranking and awards: they are the results frozen by the server in the match block.
 *
 * Input: the view's MatchView each frame, names, and the host's controls (null elsewhere).
 * Output: the overlay element (id `end-screen`; rows `#end-ranking li`, awards `#end-awards li`).
 * Invariant: the lists are rebuilt only when the results change (not every frame); names go in as text.
 */
import type { MatchView } from '../arena/client/match-view';
import { MatchPhase, Team, type MatchResults } from '../sim/match-types';
import type { PlayerId } from '../sim/types';
import { OVERLAY_STYLE, el } from './dom-ui';
import type { GameHost, MatchControls } from './game-host';
import { awardText, mapName, matchName, modeName, standingText, teamName } from './match-hud-model';
import { createMatchSettingsForm } from './match-settings-form';
import { createReplayButton, type ReplaySource } from './replay-button';

export interface EndScreen {
  element: HTMLElement;
  /** Called every frame: `names` is asked only when new results are shown. */
  update(match: MatchView | null | undefined, names: () => ReadonlyMap<PlayerId, string>): void;
  isOpen(): boolean;
}

function winnerText(m: MatchView, r: MatchResults, name: (id: PlayerId) => string): string {
  if (r.winnerTeam !== Team.None) return `${teamName(r.winnerTeam)} team wins ${m.teamScores[0]} : ${m.teamScores[1]}`;
  const first = r.standings[0];
  if (!first) return 'Nobody played';
  const tied = r.standings[1]?.score === first.score;
  return tied ? `Draw at ${first.score}` : `${name(first.id)} wins with ${first.score}`;
}

/** The results column: title, winner line, mode and map, the ranking, the awards. */
function resultsPanel(doc: Document): Record<'results' | 'winner' | 'sub' | 'ranking' | 'awards', HTMLElement> {
  const results = el(doc, 'div', { flex: '1 1 280px' });
  const title = el(doc, 'h2', { margin: '0 0 4px' }, 'Match over');
  const winner = el(doc, 'p', { margin: '0 0 4px', fontSize: '18px' });
  winner.id = 'end-winner';
  const sub = el(doc, 'p', { margin: '0 0 12px', color: '#969eaf' });
  const ranking = el(doc, 'ol', { paddingLeft: '24px' });
  ranking.id = 'end-ranking';
  const awards = el(doc, 'ul', { paddingLeft: '24px' });
  awards.id = 'end-awards';
  results.append(title, winner, sub, ranking, awards);
  return { results, winner, sub, ranking, awards };
}

/** The host's column: the next match's settings and "Start next match". */
function nextMatchSide(doc: Document, controls: MatchControls): HTMLElement {
  const form = createMatchSettingsForm(doc, controls.rules(), controls);
  const next = el(doc, 'button', {}, 'Start next match');
  Object.assign(next, { id: 'next-match', type: 'button' });
  next.addEventListener('click', () => {
    const rules = form.read();
    if (rules) controls.start(rules);
  });
  const side = el(doc, 'div', { flex: '1 1 320px' });
  side.append(form.element, next);
  return side;
}

/** The end screen's options for `host`: its replay download, and whether it shows a replay. */
export function endScreenOptions(host: Pick<GameHost, 'replay' | 'watching'>): EndScreenOptions {
  return { replay: host.replay ? () => host.replay!() : null, watching: host.watching === true };
}

export interface EndScreenOptions {
  replay?: ReplaySource | null;
  watching?: boolean;
}

/**
 * `replay`: where the host's "Download replay" gets the file (null: no button); `watching`: a
 * replay is shown (nobody starts a next match: no waiting line).
 */
export function createEndScreen(doc: Document, controls: MatchControls | null, opts: EndScreenOptions = {}): EndScreen {
  const replay = opts.replay ?? null;
  const root = el(doc, 'div', { ...OVERLAY_STYLE, zIndex: '9', cursor: 'default' });
  root.id = 'end-screen';
  // Results and (for the host) the next match's settings side by side where they fit, so the whole
  // screen, "Start next match" included, shows at 1280×720; stacked on a narrow screen.
  const box = el(doc, 'div', {
    background: '#12141c',
    padding: '20px 28px',
    borderRadius: '10px',
    border: '1px solid #3c4458',
    maxHeight: '90%',
    overflowY: 'auto',
    minWidth: '320px',
    maxWidth: '94%',
    boxSizing: 'border-box',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '8px 40px',
    alignItems: 'flex-start',
  });
  const { results, winner, sub, ranking, awards } = resultsPanel(doc);
  box.append(results);
  if (controls && replay) results.append(createReplayButton(doc, 'arena', replay));
  if (controls) box.append(nextMatchSide(doc, controls));
  else if (!opts.watching) {
    const wait = el(doc, 'p', { color: '#969eaf' }, 'Waiting for the host to start the next match…');
    wait.id = 'end-waiting';
    results.append(wait);
  }
  root.append(box);
  let shown: MatchResults | null = null;
  let open = false;
  const update = (m: MatchView | null | undefined, names: () => ReadonlyMap<PlayerId, string>): void => {
    const nowOpen = !!m && m.phase === MatchPhase.Ended && m.results !== null;
    if (nowOpen !== open) root.style.display = nowOpen ? 'flex' : 'none';
    open = nowOpen;
    if (!open || !m || !m.results || m.results === shown) return;
    shown = m.results;
    const lobbyNames = names();
    const name = (id: PlayerId): string => matchName(m, lobbyNames, id);
    winner.textContent = winnerText(m, m.results, name);
    sub.textContent = `${modeName(m.mode)} on ${mapName(m.mapId)}`;
    ranking.replaceChildren(
      ...m.results.standings.map((s) => {
        const li = el(doc, 'li', {}, standingText(s, name));
        li.dataset['id'] = String(s.id);
        return li;
      }),
    );
    awards.replaceChildren(...m.results.awards.map((a) => el(doc, 'li', {}, awardText(a, name))));
  };
  return { element: root, update, isOpen: () => open };
}
