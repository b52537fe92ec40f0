// The sign-up and sign-in screens: each a dialog over the lobby or the account page (openSignUp, openSignIn), which
// runs its passkey ceremony (passkeys.js) and hands the account to ``done``. A failure is said in the dialog, in the
// page's language, and leaves it open for another try; Escape, Close or a click outside closes it and gives the focus
// back to the button that opened it.

import { savedName } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import { accountError, passkeysSupported, signIn, signUp } from './passkeys.js';

let dialog = null;

function openDialog(id, title, body, opener) {
  if (dialog) dialog.remove();
  const close = h('button', { type: 'button', class: 'small', id: `${id}-close`, onclick: () => dialog.close() }, t('account.close'));
  dialog = h('dialog', { class: 'account-dialog', id, 'aria-labelledby': `${id}-title` },
    h('div', { class: 'account-dialog-head' }, h('h2', { id: `${id}-title` }, title), close),
    h('div', { class: 'account-dialog-body' }, body));
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
  const shown = dialog;
  shown.addEventListener('close', () => {
    shown.remove();
    if (opener && opener.isConnected) opener.focus();
  });
  document.body.append(shown);
  shown.showModal();
  return shown;
}

/** A status line and a submit button that show the ceremony running ("Waiting for your passkey…") and its failure. */
function ceremonyRunner(button, status) {
  return async (work, context, name) => {
    button.disabled = true;
    status.classList.remove('error-line');
    status.textContent = t('account.working');
    try {
      return await work();
    } catch (error) {
      status.classList.add('error-line');
      status.textContent = accountError(error, context, name);
      return null;
    } finally {
      button.disabled = false;
    }
  };
}

function unsupportedNote() {
  return passkeysSupported() ? null
    : h('p', { class: 'error-line', role: 'alert', id: 'passkeys-unsupported' }, t('account.error.unsupported'));
}

/** Sign up: a name and a new passkey. ``done(account)`` once the account exists (the session cookie is set). */
export function openSignUp({ opener = null, done, name = savedName() } = {}) {
  const input = h('input', { id: 'sign-up-name', type: 'text', maxlength: 32, required: true, autocomplete: 'username',
    value: name, 'aria-describedby': 'sign-up-name-help' });
  const status = h('p', { id: 'sign-up-status', role: 'status', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', class: 'primary big', id: 'btn-sign-up-submit' }, t('account.sign_up.submit'));
  const run = ceremonyRunner(submit, status);
  const form = h('form', { class: 'account-form', onsubmit: async (event) => {
    event.preventDefault();
    const wanted = input.value.trim();
    const account = await run(() => signUp(wanted), 'sign_up', wanted);
    if (account) { shown.close(); done(account); } else input.focus();
  } },
  h('p', {}, t('account.sign_up.intro')),
  h('p', { class: 'muted' }, t('account.sign_up.guests')),
  unsupportedNote(),
  h('div', { class: 'field' }, h('label', { for: 'sign-up-name' }, t('account.sign_up.name')), input,
    h('p', { class: 'muted small-print', id: 'sign-up-name-help' }, t('account.sign_up.name_help'))),
  status, submit,
  h('p', { class: 'switch-line' }, `${t('account.sign_up.have_one')} `,
    h('button', { type: 'button', class: 'link-button', id: 'sign-up-to-sign-in',
      onclick: () => { shown.close(); openSignIn({ opener, done }); } }, t('account.sign_in'))));
  const shown = openDialog('sign-up', t('account.sign_up.title'), form, opener);
  input.focus();
  return shown;
}

/** Sign in with a passkey this device holds (the browser asks which). ``done(account)`` once signed in. */
export function openSignIn({ opener = null, done } = {}) {
  const status = h('p', { id: 'sign-in-status', role: 'status', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', class: 'primary big', id: 'btn-sign-in-submit' }, t('account.sign_in.submit'));
  const run = ceremonyRunner(submit, status);
  const form = h('form', { class: 'account-form', onsubmit: async (event) => {
    event.preventDefault();
    const account = await run(() => signIn(), 'sign_in');
    if (account) { shown.close(); done(account); }
  } },
  h('p', {}, t('account.sign_in.intro')),
  unsupportedNote(),
  status, submit,
  h('p', { class: 'switch-line' }, `${t('account.sign_in.no_account')} `,
    h('button', { type: 'button', class: 'link-button', id: 'sign-in-to-sign-up',
      onclick: () => { shown.close(); openSignUp({ opener, done }); } }, t('account.sign_up'))));
  const shown = openDialog('sign-in', t('account.sign_in.title'), form, opener);
  submit.focus();
  return shown;
}

/** A confirmation dialog (the account's deletion): ``confirm()`` runs on the red button; its error is shown here. */
export function openConfirm({ id, title, text, action, opener = null, confirm }) {
  const status = h('p', { id: `${id}-status`, class: 'error-line', role: 'alert' });
  const yes = h('button', { type: 'button', class: 'danger', id: `${id}-yes`, onclick: async () => {
    yes.disabled = true;
    try {
      await confirm();
      shown.close();
    } catch (error) {
      status.textContent = accountError(error, 'account');
      yes.disabled = false;
    }
  } }, action);
  const no = h('button', { type: 'button', id: `${id}-no`, onclick: () => shown.close() }, t('account.cancel'));
  const shown = openDialog(id, title, h('div', { class: 'account-form' }, h('p', {}, text), status,
    h('div', { class: 'row' }, no, yes)), opener);
  no.focus();
  return shown;
}
