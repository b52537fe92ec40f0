// The invite page (/play#invite=<code>): what the person invited reads before accepting (POST /invites/preview, the
// code left unused): who invites them, the game, the rules (the preset and the options changed from it, in words),
// the turn timer and hints, who sits where (names, bots, open seats, their own seat marked), and the name form filled
// in with the name the host gave their seat. Accepting exchanges the code for the seat's token (table.js).

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { describeRules, GAME_NAMES, presetAbout, presetName, presetOf } from './rules.js';

const DEFAULT_NAME = /^Player \d+$/; // the server's name of a seat nobody named (manager.default_name)

/** Draw the invite page. ``preview``: POST /invites/preview's answer; ``meta``: GET /meta's (null when the server did
 * not give it: the rules are then said as options alone); ``savedName``: the name this browser remembers;
 * ``submit(name)`` resolves, or throws an error whose text goes under the field. */
export function showInvite(root, { preview, meta, savedName, submit }) {
  const table = preview.table;
  const game = GAME_NAMES[table.game] || table.game;
  const waiting = table.status === 'waiting';
  // the host's name for the seat, unless the host left the server's "Player 3" and this browser knows a better one
  const given = preview.name && !(DEFAULT_NAME.test(preview.name) && savedName) ? preview.name : savedName;
  const input = h('input', { id: 'join-name', type: 'text', maxlength: 64, required: true, autocomplete: 'nickname',
    value: waiting ? given || '' : preview.name, disabled: !waiting });
  const error = h('p', { class: 'error-line', id: 'join-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary', id: 'btn-accept' }, t('table.invite.accept'));
  const form = h('form', { class: 'card-panel join-form invite-page', id: 'invite', onsubmit: async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) { input.focus(); return; }
    button.disabled = true;
    error.textContent = '';
    try {
      await submit(waiting ? name : null);
    } catch (failure) {
      button.disabled = false;
      const retry = failure.retryAfter ? ` ${t('table.join.retry', { seconds: Math.ceil(failure.retryAfter) })}` : '';
      error.textContent = `${t('table.join.failed', { reason: failure.message })}${retry}`;
      input.focus();
    }
  } },
  h('h1', {}, t('table.invite.title')),
  h('p', { id: 'invite-host' }, preview.host ? t('table.invite.by_host', { host: preview.host, game })
    : t('table.invite.no_host', { game }), ' ', t('lobby.n_players', { count: table.names.length }), '.'),
  table.visibility === 'private' ? h('p', { class: 'muted' }, t('table.invite.private')) : null,
  h('dl', { class: 'invite-facts' },
    h('dt', {}, t('table.invite.rules')), h('dd', { id: 'invite-rules' }, rulesWords(table.rules, meta)),
    h('dt', {}, t('table.invite.timer')), h('dd', { id: 'invite-timer' }, table.turn_seconds
      ? t('table.invite.timer_seconds', { seconds: table.turn_seconds }) : t('table.invite.no_timer')),
    h('dt', {}, t('table.invite.hints')), h('dd', {}, table.hints ? t('table.invite.hints_yes') : t('table.invite.hints_no'))),
  h('h2', {}, t('table.invite.seats')),
  h('ol', { class: 'invite-seats', id: 'invite-seats' }, (table.players || []).map((p) => seatLine(p, preview))),
  h('label', { for: 'join-name' }, t('table.join.name')), input,
  h('p', { class: 'muted' }, waiting ? t('table.invite.name_help') : t('table.invite.under_way', { name: preview.name })),
  error,
  h('div', { class: 'row' }, button, h('a', { href: '/', class: 'button' }, t('table.lobby'))));
  fill(root, h('main', { id: 'main', class: 'notice invite-notice' }, form));
  (waiting ? input : button).focus();
}

/** "Standard: Wizard as printed …; Changed: Hidden bids" — the preset nearest the table's rules and what differs. */
function rulesWords(rules, meta) {
  const { preset, changed } = presetOf(rules, meta);
  const options = describeRules(changed, meta);
  return [
    preset ? h('b', {}, presetName(preset)) : null,
    preset && presetAbout(preset) ? h('span', { class: 'muted' }, ` \u2014 ${presetAbout(preset)}`) : null,
    h('div', { id: 'invite-options' }, options ? t('table.invite.changed', { options }) : t('table.invite.unchanged')),
  ];
}

function seatLine(player, preview) {
  const open = !player.bot && !player.claimed && player.open;
  const tags = [];
  if (player.seat === preview.seat) tags.push(t('table.invite.your_seat'));
  if (player.seat === preview.host_seat) tags.push(t('table.invite.host'));
  if (player.bot) tags.push(t('table.invite.bot'));
  else if (!player.claimed && !open && player.seat !== preview.seat) tags.push(t('table.invite.invited'));
  return h('li', { class: player.seat === preview.seat ? 'mine' : '', dataset: { seat: String(player.seat) } },
    h('b', {}, open ? t('table.invite.open') : player.name),
    tags.length ? h('span', { class: 'muted' }, ` (${tags.join(', ')})`) : null);
}
