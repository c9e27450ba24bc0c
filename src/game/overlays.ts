/**
 * The DOM overlays of one mount, tied together: the Esc menu, the settings panel, and the actions
 * that switch between them and the play view (also used by the debug API).
 * Input: document, host, the wrapper element and canvas. Invariants: at most one overlay is open;
 * closing returns keyboard focus to the canvas (kaboom listens for keys there); the mouse cursor
 * shows only while an overlay is open.
 */
import type { GameHost } from './game-host';
import { createMenu, type Overlay } from './menu';
import { createSettingsPanel, type ExtraSection, type SettingsPanel } from './settings-panel';

export interface Overlays {
  menu: Overlay;
  settings: SettingsPanel;
  anyOpen(): boolean;
  openMenu(): void;
  openSettings(): void;
  close(): void;
  toggleNetGraph(): void;
  /** Esc: open the menu when playing, otherwise go back to playing. */
  escape(): void;
}

export function createOverlays(
  doc: Document,
  host: GameHost,
  wrapper: HTMLElement,
  canvas: HTMLCanvasElement,
  extraSettings: readonly ExtraSection[] = [],
): Overlays {
  const close = (): void => {
    menu.close();
    settings.close();
    wrapper.style.cursor = 'none';
    canvas.focus();
  };
  const openSettings = (): void => {
    menu.close();
    settings.open();
    wrapper.style.cursor = 'default';
  };
  const openMenu = (): void => {
    settings.close();
    menu.open();
    wrapper.style.cursor = 'default';
  };
  // The host of a running match with a successor chooses how to leave (hand over, or end it for all).
  const leave = (): void => {
    const choices = host.leaveChoices?.() ?? [];
    if (choices.length === 0) host.leave();
    else menu.askLeave(choices);
  };
  const menu = createMenu(doc, { resume: close, settings: openSettings, leave });
  const settings = createSettingsPanel(doc, host, close, extraSettings);
  wrapper.append(menu.element, settings.element);
  const anyOpen = (): boolean => menu.isOpen() || settings.isOpen();
  return {
    menu,
    settings,
    anyOpen,
    openMenu,
    openSettings,
    close,
    toggleNetGraph() {
      host.setCvar('net_graph', host.cvars().net_graph ? 0 : 1);
      settings.refresh();
    },
    escape() {
      if (anyOpen()) close();
      else openMenu();
    },
  };
}
