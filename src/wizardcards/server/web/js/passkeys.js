// The passkey ceremonies' glue between the server's account endpoints (api.js `accounts`) and the browser's own
// WebAuthn (navigator.credentials): sign up, sign in, add a passkey; and every way one can fail, said in the page's
// language (`accountError`). No DOM of its own: the account screens (account_dialogs.js, account.js) show what it
// returns.
//
// The server sends the options as WebAuthn's JSON (base64url strings); the browser turns them into its own objects
// (PublicKeyCredential.parseCreationOptionsFromJSON / parseRequestOptionsFromJSON) and its credential back into JSON
// (credential.toJSON()), so no byte is converted here by hand.

import { accounts, HttpError } from './api.js';
import { t } from './i18n.js';

/** True when this browser can make and use passkeys on this page (WebAuthn with its JSON helpers, in a secure
 * context: https, or http on this computer). */
export function passkeysSupported() {
  const PKC = window.PublicKeyCredential;
  return Boolean(window.isSecureContext && PKC && navigator.credentials
    && typeof PKC.parseCreationOptionsFromJSON === 'function' && typeof PKC.parseRequestOptionsFromJSON === 'function');
}

/** An error of the page's own, for what is not the server's nor the browser's (no WebAuthn, an empty name). */
export class AccountProblem extends Error {
  constructor(key, params = {}) {
    super(key);
    this.key = key;
    this.params = params;
  }
}

function needPasskeys() {
  if (!passkeysSupported()) throw new AccountProblem('account.error.unsupported');
}

async function createCredential(publicKey) {
  const options = PublicKeyCredential.parseCreationOptionsFromJSON(publicKey);
  const credential = await navigator.credentials.create({ publicKey: options });
  if (!credential) throw new DOMException('no credential', 'NotAllowedError');
  return credential.toJSON();
}

async function getCredential(publicKey) {
  const options = PublicKeyCredential.parseRequestOptionsFromJSON(publicKey);
  const credential = await navigator.credentials.get({ publicKey: options });
  if (!credential) throw new DOMException('no credential', 'NotAllowedError');
  return credential.toJSON();
}

/** A label for a new passkey when none is typed: the device as the browser names its platform ("Passkey on Linux"). */
export function defaultLabel() {
  const platform = (navigator.userAgentData && navigator.userAgentData.platform) || navigator.platform || '';
  return platform ? t('account.passkey.default_label', { device: platform }) : t('account.passkey.unnamed');
}

/** Create an account named ``name`` with a new passkey of this device; the answer's account ({name, kind}). */
export async function signUp(name) {
  needPasskeys();
  if (!name.trim()) throw new AccountProblem('account.error.name_empty');
  const { ceremony, publicKey } = await accounts.signUpOptions(name.trim());
  const credential = await createCredential(publicKey);
  return (await accounts.signUp(ceremony, credential, defaultLabel())).account;
}

/** Sign in with any passkey of this site the device holds (discoverable: no name asked); the account. */
export async function signIn() {
  needPasskeys();
  const { ceremony, publicKey } = await accounts.signInOptions();
  const credential = await getCredential(publicKey);
  return (await accounts.signIn(ceremony, credential)).account;
}

/** Add a passkey of this device to the signed-in account. */
export async function addPasskey(label) {
  needPasskeys();
  const { ceremony, publicKey } = await accounts.passkeyOptions();
  const credential = await createCredential(publicKey);
  return accounts.addPasskey(ceremony, credential, label.trim() || defaultLabel());
}

/** What went wrong, in the page's language. ``context``: 'sign_up', 'sign_in', 'passkey' (adding one), 'remove' (a
 * passkey), 'account' (the rest); ``name``: the name asked for at sign-up. The server says what went wrong by the
 * answer's status (docs/accounts.md); its words are English, so the catalog's are shown. */
export function accountError(error, context, name = '') {
  if (error instanceof AccountProblem) return t(error.key, error.params);
  if (!(error instanceof HttpError)) {
    // the browser's own refusals (a DOMException, by name)
    const known = BROWSER_ERRORS[error && error.name];
    if (known) return t(known);
    return error instanceof TypeError ? t('account.error.network') : t('account.error.other', { error: String(error && error.message) });
  }
  if (error.status === 429) {
    return error.retryAfter ? t('account.error.too_many_in', { seconds: Math.ceil(error.retryAfter) }) : t('account.error.too_many');
  }
  const key = (STATUS[context] || {})[error.status] || STATUS.any[error.status];
  return key ? t(key, { name }) : t('account.error.refused', { error: error.message });
}

const BROWSER_ERRORS = {
  NotAllowedError: 'account.error.cancelled', // the person cancelled, or the time ran out (the browser does not say which)
  AbortError: 'account.error.cancelled',
  InvalidStateError: 'account.error.already_registered', // this authenticator holds a passkey of the account already
  SecurityError: 'account.error.security', // an address the browser refuses passkeys on (an IP address, plain http)
  NotSupportedError: 'account.error.unsupported',
};

// each answer's status, by what was asked (docs/accounts.md), and the catalog's words for it
const STATUS = {
  sign_up: { 409: 'account.error.name_taken', 422: 'account.error.name_invalid', 400: 'account.error.failed' },
  sign_in: { 401: 'account.error.not_recognised', 400: 'account.error.failed' },
  passkey: { 409: 'account.error.already_registered', 400: 'account.error.failed' },
  remove: { 409: 'account.passkey.last' },
  any: { 401: 'account.error.signed_out' },
};
