// The single page: the path decides the screen (the server serves this page at /, /play and /replay/{id}).
//   /                        the lobby: create a table, join, watch, replay (lobby.js)
//   /#account                the signed-in account: passkeys, sessions, deletion (account.js)
//   /play#token=<token>      a table, as the token's seat (table.js)
//   /play#invite=<code>      an invitation: the page asks the name, exchanges the code for the seat's token
//                            (POST /invites) and moves on to /play#token=<token>
//   /play#watch=<token>      a table as a spectator (the table's public spectator token)
//   /replay/{id}             a finished game, step by step with every hand (replay.js)
//   /players/{name}          a player's profile: ratings and their chart, games, bid accuracy, head-to-head
//   /leaderboard[?game=wily] a game's leaderboard and the bots' measured ratings (profile.js)
//   any other address        no such page (the server answers 404 with this page): said, with the way to the lobby
//
// Tokens and invite codes travel in the URL's fragment only: a browser never sends the fragment to the server, nor to
// another site in a Referer. The page keeps its seats' tokens in localStorage (api.js).

// Every screen draws cards with the core's rank labels (GET /meta), so they are asked for first. When the server
// does not answer, the lobby says so; a table or a replay draws ranks as "?".

import { api } from './api.js';
import { setRankLabels } from './cards.js';
import { fill, h } from './dom.js';
import { loadCatalogs, t } from './i18n.js';
import { startAccount } from './account.js';
import { startLobby } from './lobby.js';
import { startLeaderboard, startProfile } from './profile.js';
import { startReplay } from './replay.js';
import { startTable } from './table.js';

const app = document.getElementById('app');
const path = location.pathname.replace(/\/+$/, '') || '/';

// an address written before tokens moved to the fragment (/play?token=...[&watch]): the same, as a fragment, and the
// query string dropped from the address bar and the history
const query = new URLSearchParams(location.search);
if (path === '/play' && query.has('token')) {
  const key = query.has('watch') ? 'watch' : 'token';
  history.replaceState(null, '', `/play#${key}=${encodeURIComponent(query.get('token'))}`);
}
const fragment = new URLSearchParams(location.hash.slice(1));

// the skip link moves the focus without changing the address (a "#main" fragment would replace the seat's token)
document.querySelector('.skip-link')?.addEventListener('click', (event) => {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.tabIndex = -1;
  main.focus();
  main.scrollIntoView({ block: 'start' });
});

// every screen's words come from the catalogs (i18n.js): loaded before any screen starts, so t() is synchronous
await loadCatalogs(['app', 'table', 'account', 'profile']);
const skip = document.querySelector('.skip-link');
if (skip) skip.textContent = t('page.skip');
document.querySelector('#main.loading p')?.replaceChildren(t('page.loading'));

try {
  setRankLabels((await api.meta()).rank_labels);
} catch (_) { /* said by the screen below, where it matters */ }

if (path === '/play') {
  // a link to another seat or table on this page (rematch, a pasted link) changes the fragment only: load it anew
  window.addEventListener('hashchange', () => {
    if (/(^#|&)(token|invite|watch)=/.test(location.hash)) location.reload();
  });
  if (fragment.get('invite')) startTable(app, '', { invite: fragment.get('invite') });
  else if (fragment.get('watch')) startTable(app, fragment.get('watch'), { watch: true });
  else startTable(app, fragment.get('token') || '');
} else if (path.startsWith('/players/')) {
  startProfile(app, decodeURIComponent(path.slice('/players/'.length)));
} else if (path === '/leaderboard') {
  startLeaderboard(app, query.get('game') || 'wizard');
} else if (path.startsWith('/replay/')) {
  startReplay(app, decodeURIComponent(path.slice('/replay/'.length)));
} else if (path === '/') {
  // the lobby and the account page share the address / (the server serves the page there): the fragment chooses,
  // and a link from one to the other (it changes the fragment only) loads the page anew
  const screen = () => (location.hash === '#account' ? 'account' : 'lobby');
  const shown = screen();
  window.addEventListener('hashchange', () => { if (screen() !== shown) location.reload(); });
  if (shown === 'account') startAccount(app); else startLobby(app);
} else {
  document.title = t('page.not_found');
  fill(app, h('main', { id: 'main', class: 'notice' },
    h('h1', {}, t('page.not_found')),
    h('p', {}, t('page.not_found_text', { path })),
    h('a', { href: '/', class: 'button primary' }, t('page.to_lobby'))));
}
