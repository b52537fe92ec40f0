// The single page: the path decides the screen (the server serves this page at /, /play and /replay/{id}).
//   /                 the lobby: create a table, join, watch, replay (lobby.js)
//   /play?token=...   a table, as the token's seat or as a spectator (table.js)
//   /replay/{id}      a finished game, step by step with every hand (replay.js)

// Every screen draws cards with the core's rank labels (GET /meta), so they are asked for first. When the server
// does not answer, the lobby says so; a table or a replay draws ranks as "?".

import { api } from './api.js';
import { setRankLabels } from './cards.js';
import { startLobby } from './lobby.js';
import { startReplay } from './replay.js';
import { startTable } from './table.js';

const app = document.getElementById('app');
const path = location.pathname.replace(/\/+$/, '') || '/';
const params = new URLSearchParams(location.search);

try {
  setRankLabels((await api.meta()).rank_labels);
} catch (_) { /* said by the screen below, where it matters */ }

if (path === '/play') {
  startTable(app, params.get('token') || '', { watch: params.has('watch') });
} else if (path.startsWith('/replay/')) {
  startReplay(app, decodeURIComponent(path.slice('/replay/'.length)));
} else {
  startLobby(app);
}
