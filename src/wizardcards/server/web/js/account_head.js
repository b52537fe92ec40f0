// The account's place in the page's header: "Guest" with *Sign in* and *Create account*, or the signed-in name with a
// menu (*Your account*, the page at /#account, and *Sign out*). Nothing is required: a guest plays as before.
//
//   const head = accountHead({ onAccount: (account) => ... });   // account: {name, kind, ...} or null (a guest)
//   header.append(head.element);
//
// onAccount is called once the server has said who this browser is (GET /account), and again on every sign-in,
// sign-up and sign-out made here.

import { accounts } from './api.js';
import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { openSignIn, openSignUp } from './account_dialogs.js';
import { accountError } from './passkeys.js';

export function accountHead({ onAccount = () => {} } = {}) {
  const element = h('div', { class: 'account-head', id: 'account-head' });
  const state = { account: undefined, outside: null };

  const show = (account) => {
    state.account = account;
    element.dataset.signedIn = account ? 'yes' : 'no';
    // the focus stays in the header when what it was on is drawn anew (a dialog's button, gone once signed in)
    const focused = element.contains(document.activeElement);
    fill(element, account ? signedIn(account) : guest());
    if (focused) element.querySelector('button')?.focus();
    onAccount(account);
  };

  function guest() {
    const signInButton = h('button', { type: 'button', class: 'small', id: 'btn-sign-in',
      onclick: () => openSignIn({ opener: signInButton, done: show }) }, t('account.sign_in'));
    const signUpButton = h('button', { type: 'button', class: 'small primary', id: 'btn-sign-up',
      onclick: () => openSignUp({ opener: signUpButton, done: show }) }, t('account.sign_up'));
    return [h('span', { class: 'account-guest', id: 'account-guest' }, t('account.guest')), signInButton, signUpButton];
  }

  function signedIn(account) {
    const error = h('span', { class: 'account-error', role: 'alert' });
    // a disclosure (a button that shows a short list), not an ARIA menu: Tab moves through it as through the page
    const menu = h('div', { class: 'account-menu', id: 'account-menu', hidden: true },
      h('a', { href: '/#account', class: 'button', id: 'menu-account' }, t('account.your_account')),
      h('a', { href: `/players/${encodeURIComponent(account.name)}`, class: 'button', id: 'menu-profile' },
        t('profile.your_profile')),
      h('button', { type: 'button', id: 'menu-sign-out', onclick: async () => {
        try {
          await accounts.signOut();
          show(null);
        } catch (failure) {
          error.textContent = accountError(failure, 'account');
        }
      } }, t('account.sign_out')));
    const toggle = h('button', { type: 'button', class: 'small account-name', id: 'btn-account',
      'aria-expanded': 'false', 'aria-controls': 'account-menu',
      'aria-label': t('account.menu_label', { name: account.name }),
      onclick: () => setOpen(menu.hidden) },
    h('span', { class: 'account-mark', 'aria-hidden': 'true' }, '\u25c6'), ` ${account.name} `,
    h('span', { 'aria-hidden': 'true' }, '\u25be'));
    const setOpen = (open) => {
      menu.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      if (open) menu.querySelector('a, button').focus();
    };
    // the menu closes on Escape (the focus back on its button) and on a click anywhere outside it
    state.outside = (event) => {
      if (!menu.hidden && !box.contains(event.target)) setOpen(false);
    };
    const box = h('div', { class: 'account-box' }, toggle, menu);
    box.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !menu.hidden) { setOpen(false); toggle.focus(); }
    });
    return [box, error];
  }

  document.addEventListener('click', (event) => { if (state.account && state.outside) state.outside(event); });
  // a server that cannot be asked leaves the page a guest's (the lobby says when the server is away)
  accounts.me().then(show, () => show(null));
  return { element, get account() { return state.account; }, show };
}
