// A player's profile (/players/{name}) and a game's leaderboard (/leaderboard?game=wizard|wily), drawn from the
// server's JSON (GET /players/{name}/profile, GET /ratings/{game}: server/profiles.py). The profile shows the rating
// in each game (mu ± sigma, the rated games, the bot level it is nearest: "plays like Search, level 2") with its
// chart over time (profile_chart.js), the finished games with their results and replays, the bid accuracy, and the
// people and bots met most. Every name is text (dom.js), never markup.

import { fill, h } from './dom.js';
import { hasText, t } from './i18n.js';
import { languageSwitch } from './language_switch.js';
import { GAME_NAMES } from './rules.js';
import { ratingChart } from './profile_chart.js';

const GAMES = ['wizard', 'wily'];

async function getJSON(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) {
    const error = new Error(`HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return response.json();
}

/** A rated bot's name in the page's words ("Search, level 2"): the lobby's catalog entry for the spec. */
export function botWords(spec) {
  if (!spec) return '';
  return hasText(`bot.${spec}`) ? t(`bot.${spec}`) : spec;
}

function dateText(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(document.documentElement.lang || 'en',
    { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A rating as the page's language writes numbers (27.8, 27,8). */
function number(value, digits = 1) {
  if (value === null || value === undefined) return '–';
  return new Intl.NumberFormat(document.documentElement.lang || 'en',
    { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

function header(title) {
  document.title = title;
  return h('header', { class: 'lobby-head' },
    h('h1', {}, h('a', { href: '/', class: 'brand-link' }, h('span', { class: 'brand-star', 'aria-hidden': 'true' }, '\u2605'), ' wizardcards')),
    h('div', { class: 'head-tools' },
      h('a', { href: '/leaderboard', class: 'button small', id: 'to-leaderboard' }, t('profile.leaderboard')),
      h('a', { href: '/', class: 'button small', id: 'to-lobby' }, t('profile.to_lobby')), languageSwitch()));
}

function failure(root, title, error) {
  fill(root, header(title), h('main', { id: 'main', class: 'notice profile-page' },
    h('h1', {}, title),
    h('p', { id: 'profile-error' }, error.status === 404 ? t('profile.no_player') : t('profile.failed', { error: error.message })),
    h('a', { href: '/', class: 'button primary' }, t('profile.to_lobby'))));
}

export async function startProfile(root, name) {
  let data;
  let bots = {};
  try {
    [data, ...bots] = await Promise.all([getJSON(`/players/${encodeURIComponent(name)}/profile`),
      ...GAMES.map((game) => getJSON(`/ratings/${game}?limit=1`))]);
    bots = Object.fromEntries(GAMES.map((game, i) => [game, bots[i].bots]));
  } catch (error) {
    failure(root, t('profile.title', { name }), error);
    return null;
  }
  fill(root, header(t('profile.title', { name: data.name })), profileMain(data, bots));
  return data;
}

export function profileMain(data, bots) {
  const rated = GAMES.filter((game) => data.ratings[game].games > 0);
  const shown = rated.length ? rated : ['wizard'];
  return h('main', { id: 'main', class: 'profile-page', 'data-player': data.name },
    h('h1', { id: 'profile-name' }, data.name),
    h('p', { class: 'muted' }, t('profile.since', { date: dateText(data.since) })),
    h('section', { class: 'rating-cards', 'aria-label': t('profile.ratings') },
      shown.map((game) => ratingCard(game, data.ratings[game], bots[game] || []))),
    h('div', { class: 'profile-columns' },
      h('section', { class: 'card-panel', 'aria-labelledby': 'bids-title' },
        h('h2', { id: 'bids-title' }, t('profile.bid_accuracy')),
        data.bid_accuracy.rounds
          ? h('p', { id: 'bid-accuracy' }, h('strong', { class: 'big-figure' }, `${Math.round(data.bid_accuracy.share * 100)}\u202f%`),
            ' ', t('profile.bids_exact', { exact: data.bid_accuracy.exact, count: data.bid_accuracy.rounds }))
          : h('p', { class: 'muted', id: 'bid-accuracy' }, t('profile.no_bids'))),
      h('section', { class: 'card-panel', 'aria-labelledby': 'met-title' },
        h('h2', { id: 'met-title' }, t('profile.head_to_head')),
        data.opponents.length ? headToHead(data.opponents) : h('p', { class: 'muted' }, t('profile.no_games')))),
    h('section', { class: 'card-panel', 'aria-labelledby': 'games-title' },
      h('h2', { id: 'games-title' }, t('profile.games')),
      data.games.length ? gamesTable(data) : h('p', { class: 'muted' }, t('profile.no_games'))));
}

function ratingCard(game, rating, bots) {
  const words = {
    title: t('profile.chart_title', { game: GAME_NAMES[game] }), axisGames: t('profile.axis_games'),
    axisRating: t('profile.axis_rating'), start: t('profile.axis_start'),
  };
  const lines = bots.filter((b) => b.bot !== 'random').map((b) => ({ label: botWords(b.bot), mu: b.mu }));
  return h('article', { class: 'card-panel rating-card', id: `rating-${game}`, 'data-mu': rating.mu ?? '' },
    h('h2', {}, GAME_NAMES[game]),
    rating.games
      ? h('p', { class: 'rating-line' },
        h('strong', { class: 'big-figure rating-value' }, number(rating.mu)),
        h('span', { class: 'muted' }, ` \u00b1 ${number(rating.sigma)} · ${t('profile.rated_games', { count: rating.games })}`))
      : h('p', { class: 'muted rating-line' }, t('profile.unrated')),
    rating.like ? h('p', { class: 'plays-like' }, t('profile.plays_like', { bot: botWords(rating.like) })) : null,
    // a phone draws the chart narrower rather than shrinking its words
    rating.games ? ratingChart(rating.history, lines, words, Math.min(640, Math.max(330, window.innerWidth - 40))) : null);
}

function headToHead(opponents) {
  return h('table', { class: 'profile-table', id: 'head-to-head' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('profile.opponent')), h('th', { scope: 'col' }, t('profile.together')),
      h('th', { scope: 'col' }, t('profile.ahead')), h('th', { scope: 'col' }, t('profile.behind')))),
    h('tbody', {}, opponents.map((o) => h('tr', {},
      h('th', { scope: 'row' }, opponentName(o)),
      h('td', {}, String(o.games)), h('td', {}, String(o.ahead)), h('td', {}, String(o.behind))))));
}

const DELETED = 'deleted player';  // what the server names a deleted account's seats (sessions.DELETED_NAME)

function opponentName(o) {
  if (o.kind === 'bot') return h('span', {}, botWords(o.bot), ' ', h('span', { class: 'badge' }, t('profile.bot')));
  if (o.name === DELETED) return h('span', { class: 'muted' }, t('profile.deleted'));
  if (o.kind === 'guest') return h('span', {}, o.name, ' ', h('span', { class: 'badge' }, t('profile.guest')));
  return h('a', { href: `/players/${encodeURIComponent(o.name)}` }, o.name);
}

function gamesTable(data) {
  return h('table', { class: 'profile-table', id: 'profile-games' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('profile.date')), h('th', { scope: 'col' }, t('profile.game')),
      h('th', { scope: 'col' }, t('profile.players')), h('th', { scope: 'col' }, t('profile.result')),
      h('th', { scope: 'col' }, t('profile.rating_after')), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('profile.replay'))))),
    h('tbody', {}, data.games.map((game) => h('tr', { 'data-table': game.table },
      h('td', {}, dateText(game.at)),
      h('td', {}, GAME_NAMES[game.game] || game.game, game.rated ? h('span', { class: 'badge rated-badge' }, t('profile.rated')) : null),
      h('td', { class: 'names-cell' }, game.names.map((n, seat) => (seat === game.seat ? h('strong', {}, n)
        : n === DELETED ? h('span', { class: 'muted' }, t('profile.deleted')) : n))
        .flatMap((node, i) => (i ? [', ', node] : [node]))),
      h('td', {}, t('profile.place', { place: game.rank, count: game.players }),
        game.scores && game.game === 'wizard' ? h('span', { class: 'muted' }, ` (${game.scores[game.seat]})`) : null),
      h('td', {}, game.rating ? number(game.rating.mu) : '–'),
      h('td', {}, h('a', { href: game.replay, class: 'button small' }, t('profile.replay')))))));
}

export async function startLeaderboard(root, game) {
  const chosen = GAMES.includes(game) ? game : 'wizard';
  const title = t('profile.leaderboard_title', { game: GAME_NAMES[chosen] });
  let data;
  try {
    data = await getJSON(`/ratings/${chosen}`);
  } catch (error) {
    failure(root, title, error);
    return null;
  }
  fill(root, header(title), h('main', { id: 'main', class: 'profile-page leaderboard-page' },
    h('h1', {}, title),
    h('nav', { class: 'segments', 'aria-label': t('profile.games_nav') }, GAMES.map((g) => h('a', {
      href: `/leaderboard?game=${g}`, class: g === chosen ? 'button small primary' : 'button small',
      'aria-current': g === chosen ? 'page' : null }, GAME_NAMES[g]))),
    h('p', { class: 'muted' }, t('profile.leaderboard_help')),
    h('section', { class: 'card-panel' },
      data.players.length ? h('table', { class: 'profile-table', id: 'leaderboard' },
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('profile.player')),
          h('th', { scope: 'col' }, t('profile.rating')), h('th', { scope: 'col', class: 'col-games' }, t('profile.rated_games_col')),
          h('th', { scope: 'col' }, t('profile.plays_like_col')))),
        h('tbody', {}, data.players.map((p) => h('tr', {},
          h('td', {}, String(p.place)),
          h('th', { scope: 'row' }, h('a', { href: `/players/${encodeURIComponent(p.name)}` }, p.name)),
          h('td', {}, number(p.mu), h('span', { class: 'muted sigma' }, ` \u00b1\u00a0${number(p.sigma)}`)),
          h('td', { class: 'col-games' }, String(p.games)), h('td', {}, botWords(p.like))))))
        : h('p', { class: 'muted' }, t('profile.nobody_rated'))),
    h('section', { class: 'card-panel' },
      h('h2', {}, t('profile.bots_title')),
      h('p', { class: 'muted' }, t('profile.bots_help')),
      h('table', { class: 'profile-table', id: 'bot-ratings' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('profile.bot_col')), h('th', { scope: 'col' }, t('profile.rating')))),
        h('tbody', {}, data.bots.map((b) => h('tr', {},
          h('th', { scope: 'row' }, botWords(b.bot)), h('td', {}, `${number(b.mu)} \u00b1 ${number(b.sigma)}`))))))));
  return data;
}
