/**
 * The plain DOM screens around the match: start (create or join), connecting, lobby, and the
 * message screen every failure ends on (with a way back to the start screen).
 *
 * Inputs: what to show and callbacks. Outputs: one element per screen (the caller swaps them).
 * Invariant: every peer-provided string is set with textContent (see dom.ts); element ids are
 * stable because the e2e tests and docs/DEBUG-API.md refer to them.
 */
import type { Watcher } from '../protocol/watchers-codec';
import { playerRow, watcherRow } from './lobby-rows';
import type { LobbyPlayer } from '../protocol/control-messages';
import type { PlayerId } from '../sim/types';
import { button, h, input, labeled } from './dom';
import { CVARS } from '../config/cvars';
import { linkQrCode } from './link-qr';
import type { MatchControls } from '../game/game-host';
import { createMatchSettingsForm } from '../game/match-settings-form';
import { GAME_CHOICES, type GameChoice } from './session-games';
import { acceptReplayDrops, replayPicker } from './replay-picker';

export interface StartScreenProps {
  joinRoomId: string | null;
  defaultName: string;
  defaultMaxPlayers: number;
  /** The game the create form starts on (the page's `?game=`, else the arena). */
  defaultGame?: GameChoice;
  notices: string[];
  /**
   * Problems of this browser found before anything is clicked (page-checks.ts: not a secure
   * context, no WebGL), shown first as `#page-problems` with a help link where there is one.
   */
  problems?: Array<{ text: string; help: HelpLink | null }>;
  /** Sentences about where a lobby link points (lobby/link-warnings.ts), shown above Join. */
  linkWarnings: string[];
  /**
   * Set when the link picks other servers than this page's: Join stays disabled until the player
   * clicks "Continue with these servers" or "Use this page's servers" (which calls this).
   */
  onUsePageServers: (() => void) | null;
  /** `game`: the create form's "Game" choice (`#game`). */
  onCreate(name: string, password: string, maxPlayers: number, game: GameChoice): void;
  onJoin(roomId: string, name: string, password: string): void;
  /** "Watch" beside Join (issue 24): enter the lobby as a spectator (no seat). Absent: no Watch button. */
  onWatch?(roomId: string, name: string, password: string): void;
  /** Play alone against bots in this page (no network), e.g. while waiting for friends. */
  onPractice(name: string): void;
  /** On the join form: forget the link and show the create form. */
  onForgetLink(): void;
  /** "Watch a replay" (or a file dropped on the screen): play that file (src/app/replay-watch.ts). */
  onWatchReplay?(file: File): void;
}

/** A link under a message to the page that says what to do (failures.ts `failureHelp`). */
export interface HelpLink {
  href: string;
  text: string;
}

export function helpLink(doc: Document, id: string, help: HelpLink): HTMLAnchorElement {
  return h(doc, 'a', { id, text: help.text, attrs: { href: help.href, target: '_blank', rel: 'noopener' } });
}

function problemBox(doc: Document, problems: StartScreenProps['problems']): HTMLElement | null {
  if (!problems || problems.length === 0) return null;
  const items = problems.map((pr, i) =>
    h(doc, 'p', { className: 'notice page-problem', text: `${pr.text} ` }, [
      pr.help ? helpLink(doc, `page-problem-help-${i}`, pr.help) : null,
    ]),
  );
  return h(doc, 'div', { id: 'page-problems', attrs: { role: 'alert' } }, items);
}

export function startScreen(doc: Document, p: StartScreenProps): HTMLElement {
  const problems = problemBox(doc, p.problems);
  const name = input(doc, 'name', {
    maxlength: '24',
    value: p.defaultName,
    placeholder: 'your name',
    autocomplete: 'nickname',
  });
  const password = input(doc, 'password', { type: 'password', maxlength: '64', placeholder: 'optional' });
  const notices = p.notices.map((n) => h(doc, 'p', { className: 'notice', text: n }));
  const nameOf = (): string => name.value.trim() || 'Player';
  if (p.joinRoomId !== null) {
    const room = p.joinRoomId;
    const fields = [labeled(doc, 'Name', name), labeled(doc, 'Lobby password', password)];
    const { form, warnings } = joinForm(doc, p, room, fields, { name: nameOf, password: () => password.value });
    const other = button(doc, 'new-lobby', 'Create a new lobby instead', p.onForgetLink);
    return h(doc, 'section', { id: 'start-screen' }, [
      h(doc, 'h1', { text: 'Rewind Arena' }),
      h(doc, 'p', { text: `Join lobby ${room}` }),
      problems,
      ...notices,
      ...warnings,
      form,
      other,
    ]);
  }
  const max = input(doc, 'max-players', {
    type: 'number',
    min: String(CVARS.sv_maxplayers.min),
    max: String(CVARS.sv_maxplayers.max),
    value: String(p.defaultMaxPlayers),
  });
  const game = gameSelect(doc, p.defaultGame ?? 'arena');
  const create = button(doc, 'create', 'Create lobby', () =>
    p.onCreate(nameOf(), password.value, Number(max.value), game.value === 'pushball' ? 'pushball' : 'arena'),
  );
  const form = h(doc, 'form', {}, [
    labeled(doc, 'Game', game),
    labeled(doc, 'Name', name),
    labeled(doc, 'Lobby password (optional)', password),
    labeled(doc, 'Max players', max),
    create,
  ]);
  form.addEventListener('submit', (e) => (e.preventDefault(), create.click()));
  const practice = button(doc, 'practice', 'Practice against bots', () => p.onPractice(nameOf()));
  return withReplays(doc, p, [
    h(doc, 'h1', { text: 'Rewind Arena' }),
    h(doc, 'p', {
      text: 'Create a lobby and send the link to your friends. Everything runs peer to peer; your browser hosts the match.',
    }),
    problems,
    ...notices,
    form,
    practice,
  ]);
}

/** The start screen's section, with "Watch a replay" and file drops when the page offers them. */
function withReplays(doc: Document, p: StartScreenProps, children: Array<Node | null>): HTMLElement {
  const watch = p.onWatchReplay;
  const screen = h(doc, 'section', { id: 'start-screen' }, [...children, watch ? replayPicker(doc, watch) : null]);
  if (watch) acceptReplayDrops(screen, watch);
  return screen;
}

/** The create form's "Game" choice (`#game`): the site's games, by id. */
function gameSelect(doc: Document, chosen: GameChoice): HTMLSelectElement {
  const options = GAME_CHOICES.map((g) =>
    h(doc, 'option', { text: g.label, attrs: g.id === chosen ? { value: g.id, selected: '' } : { value: g.id } }),
  );
  return h(doc, 'select', { id: 'game' }, options);
}

type JoinFields = { name: () => string; password: () => string };

/** The join form of a lobby link: Name, password, Join and (issue 24) Watch, and the link's warnings above them. */
function joinForm(doc: Document, p: StartScreenProps, room: string, fields: HTMLElement[], read: JoinFields) {
  const go = button(doc, 'join', 'Join', () => p.onJoin(room, read.name(), read.password()));
  const onWatch = p.onWatch;
  const watch = onWatch ? [button(doc, 'watch', 'Watch', () => onWatch(room, read.name(), read.password()))] : [];
  const form = h(doc, 'form', {}, [...fields, go, ...watch]);
  form.addEventListener('submit', (e) => (e.preventDefault(), go.click()));
  return { form, warnings: linkWarningBox(doc, p, [go, ...watch]) };
}

/** The link's warnings; when it picks other servers, Join (and Watch) wait for one of two explicit clicks. */
function linkWarningBox(doc: Document, p: StartScreenProps, joins: HTMLButtonElement[]): HTMLElement[] {
  if (p.linkWarnings.length === 0) return [];
  const sentences = p.linkWarnings.map((text) => h(doc, 'p', { className: 'link-warning', text }));
  const usePage = p.onUsePageServers;
  if (!usePage) return [h(doc, 'div', { id: 'link-warnings', attrs: { role: 'alert' } }, sentences)];
  for (const join of joins) join.disabled = true;
  const settle = (): void => {
    for (const join of joins) join.disabled = false;
    trust.disabled = true;
    pageServers.disabled = true;
  };
  const trust = button(doc, 'trust-link-servers', 'Continue with these servers', settle);
  const pageServers = button(doc, 'use-page-servers', "Use this page's servers", () => (usePage(), settle()));
  return [h(doc, 'div', { id: 'link-warnings', attrs: { role: 'alert' } }, [...sentences, trust, pageServers])];
}

export function busyScreen(doc: Document, text: string): HTMLElement {
  return h(doc, 'section', { id: 'busy-screen' }, [h(doc, 'p', { id: 'busy-message', text })]);
}

export function messageScreen(
  doc: Document,
  text: string,
  onBack: () => void,
  help: HelpLink | null = null,
): HTMLElement {
  return h(doc, 'section', { id: 'message-screen' }, [
    h(doc, 'p', { id: 'error-message', attrs: { role: 'alert' }, text }),
    help ? h(doc, 'p', {}, [helpLink(doc, 'error-help', help)]) : null,
    button(doc, 'back', 'Back to the start screen', onBack),
  ]);
}

export interface LobbyScreenProps {
  isHost: boolean;
  link: string;
  localId: PlayerId;
  started: boolean;
  /** The host's match settings and bots (null on joiners). */
  controls: MatchControls | null;
  /** Another game's own rules form (Pushball's), shown when `controls` is null. */
  rulesForm?: { element: HTMLElement; read(): Readonly<Record<string, unknown>> | null } | null;
  /** Host: start with the rules the form shows (a record the server checks and clamps). */
  onStart(rules?: Readonly<Record<string, unknown>>): void;
  onKick(id: PlayerId): void;
  /**
   * Host: each other player's "can host if I leave" box (host migration). Only ticked players are
   * named successors and receive the lobby's secrets; none is ticked until the host ticks it.
   */
  successorChoice?: { isChosen(id: PlayerId): boolean; choose(id: PlayerId, yes: boolean): void };
  onLeave(): void;
  onEnterMatch(): void;
}

export interface LobbyScreen {
  element: HTMLElement;
  /** `watchers`: the lobby's spectators (issue 24), listed after the players as watching (`li.watcher`). */
  update(players: LobbyPlayer[], started: boolean, watchers?: readonly Watcher[]): void;
  /** Shows (or, with null, hides) the lobby's notice `#lobby-notice`, e.g. a joiner who could not connect. */
  notice(text: string | null, help?: HelpLink | null): void;
}

export function lobbyScreen(doc: Document, p: LobbyScreenProps): LobbyScreen {
  const list = h(doc, 'ul', { id: 'players' });
  const status = h(doc, 'p', { id: 'lobby-status' });
  const noticeBox = h(doc, 'p', { id: 'lobby-notice', className: 'notice', attrs: { role: 'status' } });
  noticeBox.hidden = true;
  const linkBox = input(doc, 'lobby-link', { readonly: '', value: p.link, size: '60' });
  const copy = button(doc, 'copy-link', 'Copy link', () => {
    linkBox.select();
    void navigator.clipboard?.writeText(p.link).catch(() => undefined);
  });
  const form = p.controls ? createMatchSettingsForm(doc, p.controls.rules(), p.controls) : (p.rulesForm ?? null);
  const action = p.isHost
    ? button(doc, 'start-match', 'Start match', () => {
        const rules = form ? form.read() : undefined;
        if (rules !== null) p.onStart(rules ? { ...rules } : undefined);
      })
    : button(doc, 'enter-match', 'Enter match', p.onEnterMatch);
  const element = h(doc, 'section', { id: 'lobby-screen' }, [
    h(doc, 'h2', { text: p.isHost ? 'Your lobby' : 'Lobby' }),
    h(doc, 'div', { className: 'lobby-link-row' }, [linkBox, copy, linkQrCode(doc, p.link)]),
    list,
    form ? form.element : null,
    noticeBox,
    status,
    action,
    button(doc, 'leave', 'Leave', p.onLeave),
  ]);
  const update = (players: LobbyPlayer[], started: boolean, watchers: readonly Watcher[] = []): void => {
    list.replaceChildren(...players.map((pl) => playerRow(doc, pl, p)), ...watchers.map((w) => watcherRow(doc, w, p)));
    status.textContent = started
      ? 'The match is running.'
      : p.isHost
        ? 'Start the match when everyone is in.'
        : 'Waiting for the host to start the match…';
    action.hidden = !p.isHost && !started;
  };
  update([], p.started);
  const notice = (text: string | null, help: HelpLink | null = null): void => {
    noticeBox.hidden = text === null;
    noticeBox.replaceChildren(
      ...(text === null ? [] : [doc.createTextNode(`${text} `), help ? helpLink(doc, 'lobby-notice-help', help) : '']),
    );
  };
  return { element, update, notice };
}
