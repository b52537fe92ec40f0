// The replay of a finished game (GET /tables/{id}/replay): every step with every hand, forwards and back.
// Keys: ← → one step, Home / End the first and last, Page Up / Page Down ten steps, Space plays and pauses.
// The server sends each step after the first with only what changed (server/replays.py); expandSteps carries the
// rest over from the step before, so every step here is whole (its public view, every hand, the last trick).

import { api } from './api.js';
import { cardName, cardShort, cardSvg, SUITS, sortHand, suitIcon } from './cards.js';
import { CLOUD_DOWN, CLOUD_UP, SPECIAL_CARD_BASE, SPECIAL_OFFSET } from './specials.js';
import { announce, fill, h } from './dom.js';
import { t } from './i18n.js';
import { languageSwitch } from './language_switch.js';
import { GAME_NAMES, handSizes, teamName } from './rules.js';
import { openRulesHelp } from './rules_help.js';
import { ranking, wilyChart, wilySheet, wizardChart, wizardSheet } from './scores.js';
import { replayLog } from './table_log.js';
import { passTarget } from './table_model.js';
import { drawMoves, moveList } from './table_moves.js';

export async function startReplay(root, tableId) {
  fill(root, h('main', { id: 'main', class: 'notice' }, h('p', {}, t('replay.loading'))));
  // a private table's replay is shown to the holder of a credential of it, carried in the address's fragment
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get('watch') || fragment.get('token');
  let data;
  try {
    data = await api.replay(tableId, token);
  } catch (error) {
    fill(root, h('main', { id: 'main', class: 'notice' },
      h('h1', {}, t('replay.none')),
      h('p', {}, error.status === 409 ? t('replay.not_over') : t('replay.failed', { error: error.message })),
      h('a', { href: '/', class: 'button primary' }, t('replay.to_lobby'))));
    return null;
  }
  const replay = new Replay(root, data);
  replay.build();
  replay.show(0);
  return replay;
}

// The whole steps of a replay from the compact ones: a step's view fields, hands (by seat) and last trick are those
// of the step before unless it names them; its number is its place (0: the deal). No rule of the game is needed:
// the server worked every step out.
export function expandSteps(steps) {
  const whole = [];
  for (const step of steps) {
    const before = whole.at(-1);
    whole.push(before === undefined ? { ...step, number: 0 } : {
      number: whole.length, seat: step.seat, action: step.action, text: step.text,
      view: { ...before.view, ...step.view },
      hands: step.hands ? before.hands.map((hand, seat) => step.hands[seat] ?? hand) : before.hands,
      last_trick: 'last_trick' in step ? step.last_trick : before.last_trick,
    });
  }
  return whole;
}

class Replay {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.steps = expandSteps(data.steps);
    this.names = data.names;
    this.index = 0;
    this.playing = null;
    this.moves = replayLog(this.steps, passTarget); // the move log, as the table's (table_log.js)
  }

  build() {
    document.title = t('replay.page_title', { game: GAME_NAMES[this.data.game] || this.data.game });
    const el = this.el = {};
    const last = this.steps.length - 1;
    el.slider = h('input', { type: 'range', min: 0, max: last, value: 0, id: 'replay-slider', 'aria-label': t('replay.step'),
      oninput: () => this.show(Number(el.slider.value)) });
    const button = (label, text, go, id) => h('button', { type: 'button', 'aria-label': label, id, onclick: go }, text);
    el.play = button(t('replay.play'), `\u25b6 ${t('replay.play')}`, () => this.toggle(), 'replay-play');
    el.stepText = h('p', { class: 'step-text', id: 'step-text', 'aria-live': 'polite' });
    el.info = h('div', { class: 'game-info' });
    el.seats = h('div', { class: 'replay-seats', id: 'replay-seats' });
    el.trick = h('div', { class: 'trick', id: 'replay-trick', role: 'group', 'aria-label': t('replay.trick_label') });
    el.trump = h('div', { class: 'trump-box' });
    el.chart = h('div', { class: 'chart-wrap' });
    el.sheet = h('div', { class: 'sheet-wrap' });
    el.result = h('div', { class: 'replay-result' });
    el.moves = moveList('replay-log');
    fill(this.root,
      h('div', { class: 'replay-screen' },
        h('header', { class: 'topbar' },
          h('a', { href: '/', class: 'brand', 'aria-label': t('replay.lobby_label') }, '\u2605'),
          h('div', { class: 'game-info' }, h('strong', {}, t('replay.title', { game: GAME_NAMES[this.data.game] || this.data.game })),
            h('span', {}, this.names.join(', '))),
          h('nav', { class: 'top-actions' },
            h('button', { type: 'button', class: 'small', id: 'btn-rules-help', 'aria-haspopup': 'dialog',
              onclick: () => openRulesHelp(this.data.game, this.steps[0].view.rules) }, t('lobby.rules_help')),
            languageSwitch({ compact: true }),
            h('a', { href: '/', class: 'button' }, t('replay.lobby')))),
        h('main', { id: 'main', class: 'replay-main' },
          h('section', { class: 'replay-controls', 'aria-label': t('replay.controls') },
            h('div', { class: 'row' },
              button(t('replay.first'), '|\u25c0', () => this.show(0), 'replay-first'),
              button(t('replay.previous'), '\u25c0', () => this.show(this.index - 1), 'replay-prev'),
              el.play,
              button(t('replay.next'), '\u25b6', () => this.show(this.index + 1), 'replay-next'),
              button(t('replay.last'), '\u25b6|', () => this.show(last), 'replay-last')),
            el.slider, el.stepText),
          h('section', { class: 'play-area replay-table', 'aria-label': t('replay.table_label') },
            el.info, h('div', { class: 'centre' }, el.trump, h('div', { class: 'trick-wrap' }, el.trick)), el.seats),
          h('section', { class: 'panel replay-log', 'aria-labelledby': 'replay-log-title' },
            h('h2', { id: 'replay-log-title' }, t('table.log.title')), el.moves),
          h('section', { class: 'panel', 'aria-labelledby': 'replay-scores' },
            h('h2', { id: 'replay-scores' }, t('replay.scores')), el.result, el.chart, el.sheet))));
    document.addEventListener('keydown', (event) => {
      if (event.target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(event.target.tagName) && event.target !== el.slider) return;
      const moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
      if (event.key in moves && event.target !== el.slider) { this.show(this.index + moves[event.key]); event.preventDefault(); }
      else if (event.key === 'Home' && event.target !== el.slider) { this.show(0); event.preventDefault(); }
      else if (event.key === 'End' && event.target !== el.slider) { this.show(last); event.preventDefault(); }
      else if (event.key === ' ' && event.target.tagName !== 'BUTTON') { this.toggle(); event.preventDefault(); }
    });
  }

  toggle() {
    if (this.playing) {
      clearInterval(this.playing);
      this.playing = null;
      this.el.play.textContent = `\u25b6 ${t('replay.play')}`;
      this.el.play.setAttribute('aria-label', t('replay.play'));
      return;
    }
    if (this.index >= this.steps.length - 1) this.show(0);
    this.playing = setInterval(() => {
      if (this.index >= this.steps.length - 1) { this.toggle(); return; }
      this.show(this.index + 1);
    }, 700);
    this.el.play.textContent = `\u2016 ${t('replay.pause')}`;
    this.el.play.setAttribute('aria-label', t('replay.pause'));
  }

  describe(step, before) {
    if (step.seat < 0) return t('replay.the_deal');
    const who = this.names[step.seat];
    const style = step.view.rules.rank_style;
    const a = step.action;
    const phase = before ? before.view.phase : '';
    if (a !== null && a < 54) {
      const card = a === 52 ? t('card.wizard') : a === 53 ? t('card.jester') : cardShort(a, style);
      return t(phase === 'pass_cards' || phase === 'juggle' ? 'replay.gives' : 'replay.plays', { who, card });
    }
    // the special cards (table 2: core/actions.py): a card's action is its id (or its played form's) + 23
    if (a >= SPECIAL_CARD_BASE && a < CLOUD_UP) {
      return t(phase === 'juggle' ? 'replay.gives' : 'replay.plays', { who, card: cardShort(a - SPECIAL_OFFSET, style) });
    }
    if (a === CLOUD_UP || a === CLOUD_DOWN) return t('replay.cloud', { who, change: a === CLOUD_UP ? '+1' : '\u22121' });
    if (a >= 54 && a <= 57) return t('replay.names_trump', { who, suit: SUITS[a - 54].name });
    if (a === 58) return t('replay.names_no_trump', { who });
    if (a === 59) return t('replay.passes', { who });
    if (a >= 60 && a < SPECIAL_CARD_BASE) return t(step.view.game === 'wily' ? 'replay.bids' : 'replay.says', { who, bid: a - 60 });
    return `${who}: ${step.text}`;
  }

  show(index) {
    const last = this.steps.length - 1;
    this.index = Math.max(0, Math.min(last, index));
    const step = this.steps[this.index];
    const before = this.index > 0 ? this.steps[this.index - 1] : null;
    const v = step.view;
    const style = v.rules.rank_style;
    this.el.slider.value = String(this.index);
    const text = t('replay.step_text', { index: this.index, last, what: this.describe(step, before) });
    this.el.stepText.textContent = text;
    if (!this.playing) announce(text);
    const total = v.game === 'wizard' ? handSizes(v.rules).length : 0;
    fill(this.el.info, h('span', {}, v.game === 'wizard'
      ? `${t('replay.round_of', { round: Math.min(v.round_index + 1, total), total })} \u00b7 ${t('scores.n_cards', { count: v.hand_size })}`
      : t('replay.hand_n', { number: v.round_index + 1 })), v.phase === 'game_over' ? h('span', { class: 'tag' }, t('replay.game_over')) : null);
    // trump
    const trump = [];
    if (v.game === 'wizard' && v.trump_card >= 0) {
      trump.push(h('div', { class: 'mini-card', role: 'img', 'aria-label': t('replay.turned_up', { card: cardName(v.trump_card, style) }) }, cardSvg(v.trump_card, style)));
    }
    trump.push(v.trump_suit >= 0
      ? h('span', { class: 'trump-text' }, `${t('replay.trump')} `, suitIcon(v.trump_suit, 18), h('b', {}, SUITS[v.trump_suit].name))
      : h('span', { class: 'trump-text' }, h('b', {}, v.phase === 'auction' || v.phase === 'name_trump' ? t('replay.trump_not_named') : t('replay.no_trump'))));
    fill(this.el.trump, trump);
    // the trick: the one in progress, or the one this step completed (last_trick: a hand's last trick is in no
    // view's round_tricks)
    let { trick_leader: leader, trick: cards } = v;
    let winner = -1;
    const done = step.last_trick;
    if (!cards.length && done && before && JSON.stringify(done) !== JSON.stringify(before.last_trick)) {
      ({ leader, cards, winner } = done);
    }
    fill(this.el.trick, cards.map((card, k) => {
      const seat = (leader + k) % v.players;
      return h('figure', { class: `slot played${seat === winner ? ' winner' : ''}` },
        h('div', { class: 'trick-card', role: 'img', 'aria-label': `${this.names[seat]}: ${cardName(card, style)}` }, cardSvg(card, style)),
        h('figcaption', {}, seat === winner ? '\u2605 ' : '', this.names[seat]));
    }));
    // every seat with its hand
    fill(this.el.seats, this.names.map((name, seat) => {
      const hand = sortHand(step.hands[seat] || [], v.trump_suit);
      const stats = v.game === 'wizard'
        ? t('replay.wizard_stats', { bid: v.bids[seat] ?? '\u2013', won: v.tricks_won[seat] ?? 0, points: t('scores.n_points', { count: v.scores[seat] ?? 0 }) })
        : t('replay.wily_stats', { team: teamName(v.teams[seat], v.teams, this.names), won: v.tricks_won[seat] ?? 0 });
      return h('section', { class: `replay-seat${v.current_player === seat ? ' on-turn' : ''}${step.seat === seat ? ' acted' : ''}`,
        'aria-label': t('replay.seat_label', { name, stats, hand: hand.map((c) => cardName(c, style)).join(', ') || t('replay.empty') }) },
      h('h3', {}, v.current_player === seat ? '\u25b6 ' : '', name, seat === v.dealer ? h('span', { class: 'tag dealer' }, t('replay.dealer')) : null),
      h('p', { class: 'seat-stats', 'aria-hidden': 'true' }, stats),
      h('div', { class: 'mini-hand', 'aria-hidden': 'true' }, hand.map((card) => h('span', { class: 'mini-card', dataset: { card: String(card) } }, cardSvg(card, style)))));
    }));
    // the move log up to this step, its lines marked
    const name = (seat) => this.names[seat];
    drawMoves(this.el.moves, this.moves, this.index, {
      seat: -1, nameOf: name, about: (seat, key, params) => t(`${key}.other`, { name: name(seat), ...params }),
      style, teams: v.teams, names: this.names,
    });
    for (const li of this.el.moves.children) li.classList.toggle('current', li.dataset.seq === String(this.index));
    // scores
    if (v.game === 'wizard') {
      fill(this.el.chart, v.sheet.length ? wizardChart(v.sheet, this.names, handSizes(v.rules).length) : null);
      fill(this.el.sheet, v.sheet.length ? wizardSheet(v.sheet, this.names, { style, bidChanges: v.sheet_bid_changes || [] }) : h('p', { class: 'muted' }, t('replay.no_round_yet')));
    } else {
      const hands = this.steps.at(-1).view.sheet.length;
      fill(this.el.chart, v.sheet.length ? wilyChart(v.sheet, v.teams, this.names, hands) : null);
      fill(this.el.sheet, v.sheet.length ? wilySheet(v.sheet, v.teams, this.names) : h('p', { class: 'muted' }, t('replay.no_hand_yet')));
    }
    fill(this.el.result, v.phase === 'game_over'
      ? h('ol', { class: 'ranking' }, ranking(v, this.names).map((row) => h('li', { class: row.winner ? 'winner' : '' },
        h('span', { class: 'rank-name' }, row.winner ? '\u2605 ' : '', row.label), h('span', { class: 'rank-value' }, row.value))))
      : null);
  }
}
