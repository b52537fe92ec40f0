// The players around the table: a box per seat (name, tags, bid or call, tricks, score, the turn's ▶ and timer), the
// Wily teams' letters above the table, and the ring's layout (placed by seats.js from the boxes' measured sizes).
// Draws from the model's state (ctrl.state) and the view on screen; decides nothing.

import { cardName } from './cards.js';
import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { teamMembers, teamName } from './rules.js';
import { teamList } from './scores.js';
import { layoutRing, layTowardPlayers, sides } from './seats.js';
import { phaseKey, seatOrder, trickBySeat } from './table_model.js';

export function renderTeams(ctrl, v) {
  const { el, state } = ctrl;
  if (v.game !== 'wily') { el.teams.hidden = true; return; }
  el.teams.hidden = false;
  fill(el.teams, teamList(v.teams).map((team) => {
    const members = teamMembers(team, v.teams);
    const mine = members.includes(state.seat);
    const count = v.letters[team] || 0;
    const name = teamName(team, v.teams, state.names);
    return h('div', { class: `team${mine ? ' mine' : ''}`, 'aria-label': t(mine ? 'table.team.label_mine' : 'table.team.label',
      { team: name, members: members.map((m) => ctrl.nameOf(m)).join(` ${t('table.and')} `), count }) },
    h('span', { class: 'team-name' }, name, mine ? ` ${t('table.team.you')}` : ''),
    h('span', { class: 'letters', 'aria-hidden': 'true' },
      [...'WIZARD'].map((letter, k) => h('span', { class: k < count ? 'got' : 'todo' }, letter))));
  }));
}

function badgesOf(ctrl, v, seat, player) {
  const { state } = ctrl;
  const bot = state.bots[seat];
  const badges = [];
  if (seat === v.dealer && v.phase !== 'game_over') badges.push(h('span', { class: 'tag dealer', title: t('table.tag.dealer') }, t('table.tag.dealer')));
  // a bot account's seat (``kind`` "bot", no spec: an outside program plays it, docs/bot-api.md) is a bot's too
  const botAccount = !bot && player && player.kind === 'bot';
  if (bot || botAccount) {
    badges.push(h('span', { class: 'tag bot', title: t('table.tag.bot_title', { bot: bot || player.name }) }, t('table.tag.bot')));
  }
  if (player && !bot && !player.claimed) badges.push(h('span', { class: 'tag' }, t('table.tag.invited')));
  else if (player && !bot && !player.connected) badges.push(h('span', { class: 'tag away' }, t('table.tag.offline')));
  if (v.game === 'wily' && teamMembers(v.teams[seat], v.teams).length > 1) {
    // who plays with whom, on every box (the teams' row above the table names them too)
    badges.push(h('span', { class: 'tag team-tag', dataset: { team: String(v.teams[seat]) } }, teamName(v.teams[seat], v.teams, state.names)));
  }
  if (v.game === 'wily' && seat === v.high_bidder && v.phase !== 'auction') {
    badges.push(h('span', { class: 'tag' }, t('table.tag.high_bidder')));
  }
  return badges;
}

/** Who holds a seat (the server's ``kind``): a filled diamond for a signed-in player, a hollow one for a guest (only
 * where someone at the table is signed in: ``accounts``); a bot has its tag. The box's label says it in words; the
 * mark's title says it on hover. */
function accountMark(player, bot, accounts) {
  if (bot || !player || !accounts || (player.kind !== 'player' && player.kind !== 'guest')) return null;
  const signedIn = player.kind === 'player';
  const words = t(signedIn ? 'table.mark.signed_in' : 'table.mark.guest');
  return h('span', { class: `account-mark ${signedIn ? 'signed-in' : 'guest'}`, title: words, role: 'img', 'aria-label': words,
    dataset: { kind: player.kind } }, signedIn ? '\u25c6' : '\u25c7');
}

/** The box's figures (shown) and the same in words (its label for screen readers). */
function statsOf(v, seat) {
  const stats = [];
  const said = [];
  const won = v.tricks_won[seat] ?? 0;
  if (v.game === 'wizard') {
    const bid = v.bids[seat];
    const bidText = bid === null || bid === undefined
      ? (v.phase === 'bid' || v.phase === 'choose_trump' || v.phase === 'werewolf' ? '–' : '?') : String(bid);
    // the Cloud changed this bid by one this hand (the bid shown is the changed one, the one scored)
    const change = (v.bid_changes || [])[seat] || 0;
    const changeText = change > 0 ? '+1' : '\u22121';
    stats.push(h('span', { class: 'stat' }, h('span', { class: 'k' }, `${t('table.stat.bid')} `), h('b', {}, bidText),
      change ? h('span', { class: 'bid-change' }, ` (\u2601${changeText})`) : null));
    stats.push(h('span', { class: 'stat' }, h('span', { class: 'k' }, `${t('table.stat.won')} `), h('b', {}, String(won))));
    stats.push(h('span', { class: 'stat score' }, h('b', {}, String(v.scores[seat] ?? 0)), h('span', { class: 'k' }, ` ${t('table.stat.points')}`)));
    said.push(bidText === '–' ? t('table.said.no_bid') : t('table.said.bid', { bid: bidText }),
      ...(change ? [t('table.said.cloud_change', { change: changeText })] : []),
      t('table.said.won', { count: won }), t('table.said.points', { count: v.scores[seat] ?? 0 }));
  } else {
    const calls = v.auction.filter(([who]) => who === seat).map(([, call]) => call);
    const last = calls.length ? (calls.at(-1) === 0 ? t('table.pass') : String(calls.at(-1))) : '–';
    stats.push(h('span', { class: 'stat' }, h('span', { class: 'k' }, `${t('table.stat.call')} `), h('b', {}, last)));
    stats.push(h('span', { class: 'stat' }, h('span', { class: 'k' }, `${t('table.stat.won')} `), h('b', {}, String(won))));
    said.push(last === '–' ? t('table.said.no_call') : t('table.said.call', { call: last }), t('table.said.won', { count: won }));
  }
  // a dot between the figures: "Won 0 · 0 pts", not "Won 0 0 pts" (read as "Won 00")
  const spaced = stats.flatMap((stat, k) => (k ? [h('span', { class: 'stat-sep', 'aria-hidden': 'true' }, '\u00b7'), stat] : [stat]));
  return { stats: spaced, said };
}

export function renderSeats(ctrl, v) {
  const { el, state } = ctrl;
  const info = (seat) => (state.players && state.players[seat]) || null;
  const inTrick = trickBySeat(v);
  el.seats.dataset.count = String(v.players);
  el.ring.dataset.count = String(v.players);
  // a table of guests looks as it always did: the marks appear once someone at it is signed in
  const accounts = (state.players || []).some((p) => p && p.kind === 'player');
  fill(el.seats, seatOrder(v, state.seat).map((seat, place) => {
    const player = info(seat);
    const bot = state.bots[seat];
    const onTurn = v.current_player === seat && state.status === 'playing';
    const name = state.names[seat] || t('table.seat_n', { number: seat + 1 });
    const { stats, said } = statsOf(v, seat);
    const extras = [];
    if (bot) extras.push(t('table.said.bot'));
    else if (player && player.kind === 'player') extras.push(t('table.said.signed_in'));
    else if (player && player.kind === 'guest' && accounts) extras.push(t('table.said.guest'));
    if (player && !bot && player.claimed && !player.connected) extras.push(t('table.said.offline'));
    if (seat === v.dealer) extras.push(t('table.said.dealer'));
    const played = inTrick.has(seat) ? [t('table.said.played', { card: cardName(inTrick.get(seat), v.rules.rank_style) })] : [];
    const now = onTurn ? [t(`table.said.now.${phaseKey(v.phase)}`)] : [];
    const label = `${name}${seat === state.seat ? ` ${t('table.you_mark')}` : ''}${extras.length ? `, ${extras.join(', ')}` : ''}`
      + `: ${[...said, ...played, ...now].join(', ')}`;
    return h('li', { class: `seat${onTurn ? ' on-turn' : ''}${seat === state.seat ? ' me' : ''}${place === 0 ? ' bottom' : ''}`,
      dataset: { seat: String(seat), place: String(place) }, 'aria-label': label, 'aria-current': onTurn ? 'true' : null },
    h('div', { class: 'seat-name' },
      h('span', { class: 'turn-mark', 'aria-hidden': 'true' }, onTurn ? '\u25b6' : ''),
      accountMark(player, bot, accounts),
      h('span', { class: 'name' }, name),
      seat === state.seat ? h('span', { class: 'you' }, ` ${t('table.you_mark')}`) : null),
    h('div', { class: 'seat-badges' }, badgesOf(ctrl, v, seat, player),
      onTurn ? h('span', { class: 'seat-timer', dataset: { seat: String(seat) } }) : null),
    h('div', { class: 'seat-stats', 'aria-hidden': 'true' }, stats));
  }));
}

/** Place the seats around the table (seats.js), the bottom one first. */
export function layout(ctrl) {
  const { el, state } = ctrl;
  if (!el || !state.shown) return;
  layoutRing({
    ring: el.ring, seats: [...el.seats.children], zone: el.zone, corners: [el.trump, el.lastButton],
    zoneNeed: (width) => zoneNeed(ctrl, width),
  });
  if (el.trick.classList.contains('by-seat')) {
    // each place of the trick toward the box of its player, now that the boxes are placed
    layTowardPlayers(el.trick, [...el.trick.querySelectorAll('.slot')].map((slot) => ({ el: slot,
      toward: el.seats.querySelector(`[data-seat="${slot.dataset.seat}"]`)?.getBoundingClientRect() })).filter((c) => c.toward));
  }
}

/** The height the middle of the table needs at a width: in play a full trick (each player's card with their name
 * under it, as many rows as a line of them would take, two at least with someone across) with the winner's line, kept from the first card to the last so that the seats do not
 * move during a hand's play; during the bidding, what is shown there (the bid buttons need the room on a phone). */
function zoneNeed(ctrl, width) {
  const { el } = ctrl;
  const rootStyle = getComputedStyle(el.ring);
  const card = parseFloat(rootStyle.getPropertyValue('--card-w')) || 50;
  const gap = 6;
  const slot = card + 18; // a place is a little wider than its card: room for the player's name
  const { players, phase } = ctrl.state.shown.view;
  const perRow = Math.max(1, Math.floor((width + gap) / (slot + gap)));
  // the cards lie by seat: with someone across, a row of cards for them above yours at least
  const across = sides(players - 1)[1] > 0;
  const rows = Math.max(Math.ceil(players / perRow), across ? 2 : 1);
  const playing = phase === 'play' || phase === 'game_over';
  const trickHeight = playing ? rows * (card * 1.4 + 34) + (rows - 1) * gap + 26 : 0;
  el.zone.style.height = 'auto';
  // layout heights (offsetHeight), not scrollHeight: a card in flight, moved by its transform, must not count
  const content = el.trick.offsetHeight + el.centreNote.offsetHeight + 8;
  return Math.max(trickHeight, content);
}
