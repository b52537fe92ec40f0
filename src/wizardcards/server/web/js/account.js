// The account page (/#account): the signed-in account's name, its passkeys (label, added, last used; add another,
// remove one: the server refuses the last, and the page says why), its sessions (sign out here, sign out
// everywhere) and the account's deletion, confirmed (its games stay, under "deleted player"). A guest sees how to
// sign in or create an account. Every change is the server's (api.js `accounts`); the page shows its answer.

import { accounts } from './api.js';
import { fill, h } from './dom.js';
import { hasText, language, t } from './i18n.js';
import { languageSwitch } from './language_switch.js';
import { openConfirm, openSignIn, openSignUp } from './account_dialogs.js';
import { accountError, addPasskey } from './passkeys.js';

export async function startAccount(root) {
  const page = new AccountPage(root);
  await page.load();
  return page;
}

/** A server time (ISO text, or seconds since 1970) as the page's language writes a date and time. */
export function when(value) {
  if (value === null || value === undefined || value === '') return t('account.passkey.never');
  const date = typeof value === 'number' ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  // the browser's own tag of the page's language where it has one (en-GB writes 2 Dec 2026, 18:04; en-US Dec 2)
  const lang = language();
  const tag = (navigator.languages || []).find((each) => each.toLowerCase().split('-')[0] === lang) || lang;
  return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

class AccountPage {
  constructor(root) {
    this.root = root;
    this.notice = h('p', { class: 'account-notice', id: 'account-notice', role: 'status' });
    this.error = h('p', { class: 'error-line', id: 'account-error', role: 'alert' });
    this.main = h('main', { id: 'main', class: 'account-page' });
    document.title = t('account.page_title');
    fill(root,
      h('header', { class: 'lobby-head' },
        h('h1', {}, h('a', { href: '/', class: 'brand-link' }, h('span', { class: 'brand-star', 'aria-hidden': 'true' }, '\u2605'), ' wizardcards')),
        h('div', { class: 'head-tools' },
          h('a', { href: '/', class: 'button small', id: 'to-lobby' }, t('account.to_lobby')), languageSwitch())),
      this.main);
  }

  say(text) {
    this.error.textContent = '';
    this.notice.textContent = text;
  }

  fail(error, context) {
    this.notice.textContent = '';
    this.error.textContent = accountError(error, context);
  }

  async load(message = '') {
    let account;
    try {
      account = await accounts.me();
    } catch (error) {
      fill(this.main, h('h1', {}, t('account.your_account')), this.error);
      this.fail(error, 'account');
      return;
    }
    this.account = account;
    this.main.dataset.signedIn = account ? 'yes' : 'no';
    if (account) this.render(account); else this.renderGuest();
    if (message) this.say(message);
  }

  renderGuest() {
    const done = (account) => this.load(t('account.welcome', { name: account.name }));
    const signIn = h('button', { type: 'button', class: 'primary', id: 'page-sign-in',
      onclick: () => openSignIn({ opener: signIn, done }) }, t('account.sign_in'));
    const signUp = h('button', { type: 'button', id: 'page-sign-up',
      onclick: () => openSignUp({ opener: signUp, done }) }, t('account.sign_up'));
    fill(this.main, h('h1', {}, t('account.your_account')), this.notice, this.error,
      h('section', { class: 'card-panel' }, h('p', {}, t('account.guest_page')), h('div', { class: 'row' }, signIn, signUp)));
  }

  render(account) {
    fill(this.main,
      h('h1', {}, t('account.your_account')), this.notice, this.error,
      h('section', { class: 'card-panel account-summary', 'aria-label': t('account.your_account') },
        h('dl', { class: 'account-facts' },
          h('dt', {}, t('account.name')), h('dd', { id: 'account-name' }, account.name),
          h('dt', {}, t('account.kind')), h('dd', { id: 'account-kind' },
            hasText(`account.kind.${account.kind}`) ? t(`account.kind.${account.kind}`) : account.kind))),
      this.passkeys(account), this.sessions(account), this.deletion(account));
  }

  passkeys(account) {
    const keys = account.passkeys || [];
    const label = (key) => key.label || t('account.passkey.unnamed');
    const rows = keys.map((key) => h('li', { class: 'passkey', dataset: { passkey: String(key.id) } },
      h('div', { class: 'passkey-text' },
        h('b', { class: 'passkey-label' }, label(key)),
        h('span', { class: 'muted passkey-dates' },
          h('span', { class: 'nowrap' }, `${t('account.passkey.added')}: ${when(key.created_at)}`),
          h('span', { class: 'dot', 'aria-hidden': 'true' }, ' \u00b7 '),
          h('span', { class: 'nowrap' }, `${t('account.passkey.last_used')}: ${when(key.last_used_at)}`))),
      h('button', { type: 'button', class: 'small', 'aria-label': t('account.passkey.remove_label', { label: label(key) }),
        onclick: async (event) => {
          const button = event.currentTarget;
          button.disabled = true;
          try {
            await accounts.removePasskey(key.id);
            await this.load(t('account.passkey.removed', { label: label(key) }));
          } catch (error) {
            this.fail(error, 'remove');
            button.disabled = false;
          }
        } }, t('account.passkey.remove'))));
    const newLabel = h('input', { type: 'text', id: 'new-passkey-label', maxlength: 64,
      placeholder: t('account.passkey.new_placeholder') });
    const add = h('button', { type: 'submit', class: 'primary', id: 'btn-add-passkey' }, t('account.passkey.add'));
    const form = h('form', { class: 'add-passkey', onsubmit: async (event) => {
      event.preventDefault();
      add.disabled = true;
      this.say(t('account.working'));
      try {
        const answer = await addPasskey(newLabel.value);
        const added = (answer && answer.passkey && answer.passkey.label) || newLabel.value.trim() || t('account.passkey.unnamed');
        await this.load(t('account.passkey.added_now', { label: added }));
      } catch (error) {
        this.fail(error, 'passkey');
        add.disabled = false;
      }
    } },
    h('div', { class: 'field grow' }, h('label', { for: 'new-passkey-label' }, t('account.passkey.new_label')), newLabel), add);
    return h('section', { class: 'card-panel', id: 'passkeys', 'aria-labelledby': 'passkeys-title' },
      h('h2', { id: 'passkeys-title' }, t('account.passkeys')),
      h('p', { class: 'muted' }, t('account.passkeys_help')),
      h('ul', { class: 'passkey-list', id: 'passkey-list' }, rows), form);
  }

  sessions(account) {
    const signOut = h('button', { type: 'button', id: 'btn-sign-out', onclick: async () => {
      try {
        await accounts.signOut();
        await this.load(t('account.signed_out'));
      } catch (error) { this.fail(error, 'account'); }
    } }, t('account.sign_out'));
    const everywhere = h('button', { type: 'button', id: 'btn-sign-out-everywhere', onclick: async () => {
      try {
        await accounts.signOutEverywhere();
        await this.load(t('account.signed_out_everywhere'));
      } catch (error) { this.fail(error, 'account'); }
    } }, t('account.sign_out_everywhere'));
    return h('section', { class: 'card-panel', id: 'sessions', 'aria-labelledby': 'sessions-title' },
      h('h2', { id: 'sessions-title' }, t('account.sessions')),
      h('p', { id: 'sessions-count' }, t('account.sessions_count', { count: account.sessions ?? 1 })),
      h('p', { class: 'muted' }, t('account.sign_out_help')),
      h('div', { class: 'row' }, signOut, everywhere));
  }

  deletion(account) {
    const button = h('button', { type: 'button', class: 'danger', id: 'btn-delete-account', onclick: () => openConfirm({
      id: 'delete-account', title: t('account.delete.title'), text: t('account.delete.text', { name: account.name }),
      action: t('account.delete.confirm'), opener: button,
      confirm: async () => {
        await accounts.remove();
        await this.load(t('account.deleted'));
      },
    }) }, t('account.delete'));
    return h('section', { class: 'card-panel danger-zone', id: 'delete', 'aria-labelledby': 'delete-title' },
      h('h2', { id: 'delete-title' }, t('account.delete')),
      h('p', { class: 'muted' }, t('account.delete_help')), button);
  }
}
