// The single page: the path decides the screen (the server serves this page at /, /play and /replay/{id}).
//   /                 the lobby: create a table, join, watch, replay (lobby.js)
//   /play?token=...   a table, as the token's seat or as a spectator (table.js)
//   /replay/{id}      a finished game, step by step with every hand (replay.js)

import { startLobby } from './lobby.js';
import { startReplay } from './replay.js';
import { startTable } from './table.js';

const app = document.getElementById('app');
const path = location.pathname.replace(/\/+$/, '') || '/';
const params = new URLSearchParams(location.search);

if (path === '/play') {
  startTable(app, params.get('token') || '', { watch: params.has('watch') });
} else if (path.startsWith('/replay/')) {
  startReplay(app, decodeURIComponent(path.slice('/replay/'.length)));
} else {
  startLobby(app);
}
