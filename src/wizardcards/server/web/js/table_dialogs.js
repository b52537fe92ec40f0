// The table's dialogs and pages other than the table itself: a notice in place of the table (no table in the
// address, a used invite, a refused token), the name form of an invite or of a seat's own link on a new device, the
// modal dialog (the keys, the last trick) and the waiting room with each invited person's link.

import { accounts, savedName } from './api.js';
import { SUITS } from './cards.js';
import { copyText, fill, h, storageGet } from './dom.js';
import { t } from './i18n.js';

/** A page in place of the table: a title, a sentence and the way back to the lobby (keys table.<what>.title/.text). */
export function showNotice(root, what) {
  const texts = {
    no_table: [t('table.no_table.title'), t('table.no_table.text')],
    used_invite: [t('table.used_invite.title'), t('table.used_invite.text')],
    bad_token: [t('table.bad_token.title'), t('table.bad_token.text')],
  };
  const [title, text] = texts[what];
  fill(root, h('main', { id: 'main', class: 'notice' },
    h('h1', {}, title), h('p', {}, text), h('a', { href: '/', class: 'button primary' }, t('table.go_lobby'))));
}

/** The name form. ``invited``: an invite link (else a seat's own link opened in a browser that does not know it);
 * ``submit(name)`` resolves, or throws an error whose text goes under the field (``{retryAfter}`` seconds added). */
export function askName(root, { invited, submit }) {
  const input = h('input', { id: 'join-name', type: 'text', maxlength: 64, required: true, autocomplete: 'nickname',
    value: savedName() });
  // signed in, the seat is the account's, under its name (the server takes that name, whatever is typed)
  accounts.me().then((account) => { if (account && !input.dataset.typed) input.value = account.name; }, () => {});
  input.addEventListener('input', () => { input.dataset.typed = 'yes'; });
  const error = h('p', { class: 'error-line', id: 'join-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary' }, t('table.join.submit'));
  const form = h('form', { class: 'card-panel join-form', onsubmit: async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) { input.focus(); return; }
    button.disabled = true;
    error.textContent = '';
    try {
      await submit(name);
    } catch (failure) {
      button.disabled = false;
      const retry = failure.retryAfter ? ` ${t('table.join.retry', { seconds: Math.ceil(failure.retryAfter) })}` : '';
      error.textContent = `${t('table.join.failed', { reason: failure.message })}${retry}`;
      input.focus();
    }
  } },
  h('h1', {}, t('table.join.title')),
  // an invite link is an invitation; a seat's own link opened in another browser (a second device) is the seat
  // coming back: it asks the name only because this browser does not know it yet
  h('p', {}, invited ? t('table.join.invited') : t('table.join.own_seat')),
  h('label', { for: 'join-name' }, t('table.join.name')), input, error,
  h('div', { class: 'row' }, button, h('a', { href: '/', class: 'button' }, t('table.lobby'))));
  fill(root, h('main', { id: 'main', class: 'notice' }, form));
  input.focus();
}

export function openDialog(ctrl, title, ...content) {
  const dialog = ctrl.el.dialog;
  fill(dialog, h('h2', { id: 'dialog-title' }, title), ...content,
    h('form', { method: 'dialog' }, h('button', { type: 'submit', class: 'primary' }, t('table.close'))));
  if (!dialog.open) dialog.showModal();
}

function specialsAt(ctrl) {
  const v = ctrl.state.shown && ctrl.state.shown.view;
  return !!(v && v.rules && Array.isArray(v.rules.special_cards) && v.rules.special_cards.length);
}

export function showHelp(ctrl) {
  const keys = [
    ['\u2190 \u2192', 'arrows'], [t('table.keys.enter_key'), 'enter'], ['0 \u2013 9', 'digits'], ['P', 'pass'],
    ['C D H S, N', 'trump'],
    // the special cards' questions, at a table that has them
    ...(specialsAt(ctrl) ? [['C D H S', 'special_suit'], ['W J', 'shape'], ['+ \u2212', 'cloud']] : []),
    ['L', 'last'], ['V', 'sheet'], ['M', 'chat'], ['I', 'hint'], ['Esc', 'escape'], ['?', 'list'],
  ].map(([key, what]) => [key, t(`table.keys.${what}`, { suits: SUITS.map((suit) => suit.name).join(', ') })]);
  openDialog(ctrl, t('table.keys.title'), h('dl', { class: 'keys' }, keys.map(([k, d]) => [h('dt', {}, h('kbd', {}, k)), h('dd', {}, d)])));
}

function copyField(label, path) {
  const url = new URL(path, location.href).href;
  const field = h('input', { type: 'text', readonly: true, value: url, 'aria-label': label, class: 'link-field' });
  const button = h('button', { type: 'button', class: 'copy', onclick: async () => {
    const ok = await copyText(url, field);
    button.textContent = ok ? `${t('table.copied')} \u2713` : t('table.select_copy');
    setTimeout(() => { button.textContent = t('table.copy'); }, 2000);
  } }, t('table.copy'));
  return h('span', { class: 'copy-row' }, field, button);
}

/** Before the game starts: who has come, and the invite links this browser was given when it created the table. */
export function renderWaiting(ctrl, message) {
  const { el, state } = ctrl;
  const waiting = message.status === 'waiting';
  el.waiting.hidden = !waiting;
  if (!waiting) return;
  const players = state.players || state.names.map((name, seat) => ({ seat, name, bot: state.bots[seat], claimed: null, connected: null }));
  const created = storageGet(`wizardcards.created.${state.tableId}`, null);
  // the invite links the creator's browser was given (an invite-only seat's /play#invite=... link)
  const invites = new Map(((created && created.seats) || []).filter((entry) => entry.invite && entry.link).map((entry) => [entry.seat, entry.link]));
  fill(el.waiting,
    h('h2', {}, t('table.waiting.title')),
    h('p', {}, t('table.waiting.text')),
    h('ul', { class: 'waiting-list' }, players.map((p) => {
      let said = p.bot ? t('table.waiting.bot') : p.claimed === null ? '' : p.claimed
        ? (p.connected ? t('table.waiting.here') : t('table.waiting.offline')) : t('table.waiting.not_joined');
      if (p.seat === state.seat) said = t('table.waiting.you');
      const invite = !p.bot && !p.claimed && p.seat !== state.seat ? invites.get(p.seat) : null;
      return h('li', {}, h('b', {}, p.name), said ? ` \u2014 ${said}` : '',
        invite ? copyField(t('table.waiting.invite_for', { name: p.name }), invite) : null);
    })));
}
