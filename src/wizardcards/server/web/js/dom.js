// Small DOM helpers: every text goes in through textContent / attributes, never innerHTML, so names and chat lines
// typed by other players cannot inject markup.
//
// The server's Content-Security-Policy (style-src 'self') refuses inline style attributes: a style is a class of
// app.css, or set property by property through the CSSOM (h('div', {style: {marginLeft: '4px'}}) or el.style.x = ...),
// never as a "style" attribute string.

const SVG_NS = 'http://www.w3.org/2000/svg';

function apply(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') el.setAttribute('class', value);
    else if (key === 'text') el.textContent = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'style') {
      if (typeof value !== 'object') throw new TypeError('h(): a style is an object of properties (the CSP refuses style attributes)');
      Object.assign(el.style, value);
    }
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** An HTML element: h('button', {class: 'x', onclick: f}, 'text', otherNode). */
export function h(tag, attrs, ...children) {
  return append(apply(document.createElement(tag), attrs), children);
}

/** An SVG element (same arguments as h). */
export function s(tag, attrs, ...children) {
  return append(apply(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** Replace every child of el. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** A random id for protocol messages: unique across reloads (the server answers a reused id with its old ack), and
 * built with getRandomValues, which unlike randomUUID also exists on plain-http pages reached by a LAN address. */
export function randomId(prefix = 'm') {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return prefix + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Copy text to the clipboard; falls back to a selected text field where the Clipboard API is missing (plain http). */
export async function copyText(text, field) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (_) { /* fall through */ }
  if (field) {
    field.focus();
    field.select();
    try { return document.execCommand('copy'); } catch (_) { return false; }
  }
  return false;
}

let liveTimer = null;
/** Say something to screen readers (the page's polite live region). */
export function announce(text) {
  const region = document.getElementById('announcer');
  if (!region) return;
  // a changed text is read; clearing first makes a repeated sentence be read again
  region.textContent = '';
  clearTimeout(liveTimer);
  liveTimer = setTimeout(() => { region.textContent = text; }, 30);
}

export function storageGet(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch (_) {
    return fallback;
  }
}

export function storageSet(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch (_) { /* private mode: not remembered */ }
}
