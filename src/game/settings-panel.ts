/**
 * The settings panel (DOM overlay): every cvar, grouped as `settingGroups` says, each with its help
 * line; an edit applies live through the GameHost and the host's clamp/ignore message is shown
 * under the field. Input: the host's cvars()/setCvar(). Invariants: text only (textContent); each
 * field carries `data-cvar` and each message `data-cvar-message` for the e2e tests; `refresh`
 * re-reads the values (e.g. after F2 toggled net_graph).
 */
import type { CvarName } from '../config/cvars';
import type { GameHost } from './game-host';
import { OVERLAY_STYLE, button, el } from './dom-ui';
import type { Overlay } from './menu';
import { applyEdit, formatSetting, settingGroups, type SettingItem } from './settings-model';

export interface SettingsPanel extends Overlay {
  refresh(): void;
}

interface Field {
  item: SettingItem;
  input: HTMLInputElement;
  shown: HTMLElement;
  message: HTMLElement;
}

function fieldRow(doc: Document, item: SettingItem, onEdit: (f: Field) => void): { row: HTMLElement; field: Field } {
  const row = el(doc, 'div', { margin: '6px 0 10px' });
  const label = el(doc, 'label', { display: 'flex', alignItems: 'center', gap: '10px' });
  const input = el(doc, 'input', { width: item.kind === 'flag' ? 'auto' : '90px' });
  input.type = item.kind === 'flag' ? 'checkbox' : 'number';
  input.dataset['cvar'] = item.name;
  if (item.kind === 'number') {
    input.min = String(item.min);
    input.max = String(item.max);
    input.step = String(item.step);
  }
  const shown = el(doc, 'span', { color: '#969eaf', fontSize: '12px' });
  label.append(input, el(doc, 'code', { fontSize: '14px' }, item.name), shown);
  const help = el(doc, 'div', { fontSize: '12px', color: '#b4bccd', marginLeft: '4px' }, item.help);
  const message = el(doc, 'div', { fontSize: '12px', color: '#ffb04a', minHeight: '0' });
  message.dataset['cvarMessage'] = item.name;
  row.append(label, help, message);
  const field: Field = { item, input, shown, message };
  input.addEventListener('change', () => onEdit(field));
  return { row, field };
}

function show(field: Field, value: number): void {
  if (field.item.kind === 'flag') field.input.checked = value !== 0;
  else field.input.value = String(value);
  field.shown.textContent = formatSetting(field.item, value);
}

/** A section another module adds at the top of the panel (e.g. sound/sound-panel.ts). */
export interface ExtraSection {
  element: HTMLElement;
  refresh(): void;
}

/** One group's section: its title, its blurb and a row per setting (each row's field filed in `fields`). */
function groupSection(
  doc: Document,
  group: ReturnType<typeof settingGroups>[number],
  onEdit: (f: Field) => void,
  fields: Map<CvarName, Field>,
): HTMLElement {
  const section = el(doc, 'section', { margin: '12px 0' });
  section.append(
    el(doc, 'h3', { margin: '0 0 2px', fontSize: '16px' }, group.title),
    el(doc, 'div', { fontSize: '12px', color: '#969eaf', marginBottom: '6px' }, group.blurb),
  );
  for (const item of group.items) {
    const { row, field } = fieldRow(doc, item, onEdit);
    fields.set(item.name, field);
    section.append(row);
  }
  return section;
}

export function createSettingsPanel(
  doc: Document,
  host: Pick<GameHost, 'cvars' | 'setCvar'>,
  onClose: () => void,
  extra: readonly ExtraSection[] = [],
): SettingsPanel {
  const root = el(doc, 'div', OVERLAY_STYLE);
  root.dataset['testid'] = 'settings-panel';
  const box = el(doc, 'div', {
    background: '#12141c',
    padding: '18px 26px',
    borderRadius: '10px',
    border: '1px solid #3c4458',
    maxHeight: '86%',
    overflowY: 'auto',
    width: 'min(640px, 92%)',
  });
  box.append(el(doc, 'h2', { margin: '0 0 6px' }, 'Settings (applied live)'));
  for (const x of extra) box.append(x.element);
  const fields = new Map<CvarName, Field>();
  const onEdit = (f: Field): void => {
    const raw = f.item.kind === 'flag' ? f.input.checked : f.input.value;
    const result = applyEdit(
      (n, v) => host.setCvar(n, v),
      () => host.cvars(),
      f.item.name,
      raw,
    );
    f.message.textContent = result.message ?? '';
    show(f, result.value);
  };
  for (const group of settingGroups(host.cvars())) box.append(groupSection(doc, group, onEdit, fields));
  box.append(button(doc, 'Close', 'settings-close', onClose));
  root.append(box);
  const refresh = (): void => {
    const cvars = host.cvars();
    for (const f of fields.values()) show(f, cvars[f.item.name]);
    for (const x of extra) x.refresh();
  };
  return {
    element: root,
    refresh,
    open() {
      refresh();
      root.style.display = 'flex';
    },
    close() {
      root.style.display = 'none';
    },
    isOpen: () => root.style.display !== 'none',
  };
}
