// The accounts' failures in the player's language (passkeys.js accountError), in German: each answer of the server
// (docs/accounts.md: by status, for what was asked) and each refusal of the browser (a DOMException's name) has its
// sentence, and no catalog key or server English reaches the page. The ceremonies themselves run in a real browser
// (tests/browser/test_accounts.py).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { useLanguage } from './words.mjs';

const i18n = await useLanguage('de');
await i18n.loadCatalogs(['account']);
globalThis.window = { isSecureContext: true }; // a browser without WebAuthn: no PublicKeyCredential
const { HttpError } = await import('../../src/wizardcards/server/web/js/api.js');
const { accountError, passkeysSupported, signUp } = await import('../../src/wizardcards/server/web/js/passkeys.js');

const answer = (status, detail, retryAfter = null) => new HttpError(status, detail, retryAfter, { detail });
const browser = (name) => Object.assign(new Error('the browser said no'), { name });

test('every answer of the server said in German, by what was asked', () => {
  const cases = [
    [answer(409, 'this name is taken: choose another'), 'sign_up', 'Der Name Ann ist vergeben. Wähle einen anderen.'],
    [answer(422, "this name reads as a bot's: choose another"), 'sign_up', 'Dieser Name geht für ein Konto nicht'],
    [answer(400, 'the passkey could not be verified'), 'sign_up', 'Der Passkey konnte nicht geprüft werden'],
    [answer(401, 'sign-in failed: this passkey is not known here'), 'sign_in', 'Dieser Passkey gehört zu keinem Konto hier'],
    [answer(409, 'this passkey is registered already'), 'passkey', 'Dieses Gerät hat schon einen Passkey dieses Kontos.'],
    [answer(409, 'an account keeps one passkey at least'), 'remove', 'Das ist dein einziger Passkey'],
    [answer(401, 'sign in first'), 'account', 'Du bist nicht (mehr) angemeldet.'],
    [answer(429, 'too many', 42), 'sign_in', 'Zu viele Versuche. Versuch es in 42 s noch einmal.'],
    [answer(403, 'this request must come from this server\'s own pages'), 'account', 'Der Server hat die Anfrage abgelehnt'],
  ];
  for (const [error, context, said] of cases) {
    const text = accountError(error, context, 'Ann');
    assert.ok(text.startsWith(said), `${context} ${error.status}: ${text}`);
    assert.ok(!text.includes('account.'), `a catalog key: ${text}`);
  }
});

test("every refusal of the browser said in German", () => {
  for (const [name, said] of [['NotAllowedError', 'Es wurde kein Passkey benutzt'], ['AbortError', 'Es wurde kein Passkey benutzt'],
    ['InvalidStateError', 'Dieses Gerät hat schon einen Passkey'], ['SecurityError', 'Der Browser lehnt den Passkey'],
    ['NotSupportedError', 'Dieser Browser kann keine Passkeys benutzen']]) {
    assert.ok(accountError(browser(name), 'sign_in').startsWith(said), name);
  }
  assert.ok(accountError(new TypeError('Failed to fetch'), 'sign_in').startsWith('Der Server ist nicht erreichbar'));
});

test('a browser without WebAuthn is told so before anything is asked of the server', async () => {
  let asked = 0;
  globalThis.fetch = async () => { asked += 1; throw new Error('no request expected'); };
  assert.equal(passkeysSupported(), false);
  await assert.rejects(signUp('Ann'), (error) => accountError(error, 'sign_up').startsWith('Dieser Browser kann keine Passkeys'));
  assert.equal(asked, 0);
});
