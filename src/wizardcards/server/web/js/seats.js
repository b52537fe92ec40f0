// Where everyone sits at the table: the seat boxes placed around the felt as at a real table, the others on your
// left, across and on your right in playing order (clockwise from your left), you at the bottom above your hand; the
// trick in the middle between them (each card toward its player), the trump in the bottom-left corner and *Last
// trick* in the bottom-right one.
//
// The layout is computed in pixels from the boxes' measured sizes, so that no box covers another at any player count
// or screen width: the table (the "ring") grows taller when its boxes need more room than the screen gives it. This
// module only places elements; what they show is table.js's.

// how many of the others sit on the left, across and on the right, by their number
const SIDES = { 1: [0, 1, 0], 2: [1, 0, 1], 3: [1, 1, 1], 4: [1, 2, 1], 5: [2, 1, 2], 6: [2, 2, 2] };

/** [left, across, right]: how the others are shared out around the table. */
export function sides(others) {
  if (SIDES[others]) return SIDES[others];
  const side = Math.ceil(others / 3);
  return [side, others - 2 * side, side];
}

function place(el, x, y, width = null) {
  el.style.left = `${Math.round(x)}px`;
  el.style.top = `${Math.round(y)}px`;
  if (width !== null) el.style.width = `${Math.round(width)}px`;
}

/**
 * Place the boxes of the ring.
 *   ring     the positioned container (its width is the screen's; its height is at least what the boxes need)
 *   seats    the seat boxes, the bottom one first (you, or seat 1 for a spectator), then the others clockwise
 *   zone     the middle, where the trick (or the bidding) is shown
 *   corners  [bottom-left, bottom-right] boxes (the trump, the Last trick button)
 *   zoneNeed (width) => the height the middle needs at that width
 */
export function layoutRing({ ring, seats, zone, corners, zoneNeed }) {
  const width = ring.clientWidth;
  if (!width || !seats.length) return;
  const gap = width < 600 ? 6 : 12;
  const [me, ...others] = seats;
  const [nLeft, nTop, nRight] = sides(others.length);
  const seatWidth = Math.max(0, ...others.map((el) => el.offsetWidth));
  const seatHeight = Math.max(...others.map((el) => el.offsetHeight), 0);
  const left = others.slice(0, nLeft).reverse(); // from the top down: the seat on your left is the lower one
  const top = others.slice(nLeft, nLeft + nTop);
  const right = others.slice(nLeft + nTop);

  // the middle column lies between the side columns; the seats across sit above it when they fit there, otherwise
  // they take the whole width and the side seats move down below them
  const columnLeft = nLeft ? seatWidth + gap : 0;
  const columnRight = nRight ? width - seatWidth - gap : width;
  const topFits = nTop * seatWidth + (nTop - 1) * gap <= columnRight - columnLeft;
  const spanLeft = topFits ? columnLeft : 0;
  const spanRight = topFits ? columnRight : width;
  top.forEach((el, k) => {
    const centre = spanLeft + ((spanRight - spanLeft) * (k + 0.5)) / nTop;
    const x = Math.min(Math.max(spanLeft, centre - el.offsetWidth / 2), spanRight - el.offsetWidth);
    place(el, x, 0);
  });
  const topHeight = nTop ? seatHeight + gap : 0;
  // the side seats sit a little lower than the ones across, as around an oval
  const sideStart = topFits ? Math.round(seatHeight * (nTop ? 0.45 : 0.15)) : topHeight;
  let sideBottom = 0;
  for (const [column, x] of [[left, 0], [right, width - seatWidth]]) {
    let y = sideStart;
    for (const el of column) {
      place(el, x, y);
      y += el.offsetHeight + gap;
    }
    sideBottom = Math.max(sideBottom, y);
  }

  const zoneWidth = columnRight - columnLeft;
  zone.style.width = `${Math.round(zoneWidth)}px`;
  if (me) me.style.maxWidth = `${Math.round(zoneWidth)}px`; // your box sits below the middle, between the corners
  const middle = zoneNeed(zoneWidth);
  const meHeight = me ? me.offsetHeight : 0;
  const cornerHeight = Math.max(0, ...corners.filter(Boolean).map((el) => el.offsetHeight));
  const needed = Math.ceil(Math.max(sideBottom + cornerHeight, topHeight + middle + gap + meHeight));
  if (ring.dataset.needed !== String(needed)) {
    ring.style.minHeight = `${needed}px`;
    ring.dataset.needed = String(needed);
  }
  const height = Math.max(ring.clientHeight, needed);
  // with room to spare (a tall screen), the side seats move down towards the middle of their side, as round an oval
  const spare = height - cornerHeight - gap - sideBottom;
  if (spare > 0 && topFits) {
    for (const column of [left, right]) {
      column.forEach((el, k) => {
        el.style.top = `${Math.round(parseFloat(el.style.top) + (spare * (k + 1)) / (column.length + 1))}px`;
      });
    }
  }
  if (me) place(me, (width - me.offsetWidth) / 2, height - meHeight);
  place(zone, columnLeft, topHeight);
  zone.style.height = `${Math.max(0, Math.round(height - topHeight - meHeight - gap))}px`;
  const [bottomLeft, bottomRight] = corners;
  if (bottomLeft) place(bottomLeft, 0, height - bottomLeft.offsetHeight);
  if (bottomRight) place(bottomRight, width - bottomRight.offsetWidth, height - bottomRight.offsetHeight);
}

/**
 * Lay each card of the trick in front of its player, as at a real table: ``area`` the trick's element (positioned),
 * ``cards`` [{el, toward}] with ``toward`` the player's box (a DOMRect). A card goes from the middle of the area
 * straight toward its player, as far as the area allows (onto an ellipse inside it), so that it points at the one who
 * played it; cards of neighbours may overlap a little, the later one on top.
 */
export function layTowardPlayers(area, cards) {
  const box = area.getBoundingClientRect();
  const cx = box.width / 2;
  const cy = box.height / 2;
  for (const { el, toward } of cards) {
    const w = el.offsetWidth;
    const hgt = el.offsetHeight;
    const a = Math.max(0, cx - w / 2); // how far a card's centre may go from the middle, across and up or down
    const b = Math.max(0, cy - hgt / 2);
    const dx = toward.left + toward.width / 2 - (box.left + cx);
    const dy = toward.top + toward.height / 2 - (box.top + cy);
    const reach = Math.hypot(a ? dx / a : 0, b ? dy / b : 0);
    const k = reach ? 1 / reach : 0;
    place(el, cx + (a ? dx * k : 0) - w / 2, cy + (b ? dy * k : 0) - hgt / 2);
  }
}

/** The centre of an element's box on the page, for a card's flight from or to it. */
export function centreOf(el) {
  const box = el.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/** Animate ``el`` arriving at its place from the point ``from`` (page coordinates), growing from a small card. */
export function flyIn(el, from, duration) {
  if (!from || duration <= 0) return Promise.resolve();
  const to = centreOf(el);
  const animation = el.animate([
    { transform: `translate(${from.x - to.x}px, ${from.y - to.y}px) scale(0.45)`, opacity: 0.6 },
    { transform: 'translate(0, 0) scale(1)', opacity: 1 },
  ], { duration, easing: 'ease-out', fill: 'backwards' });
  return animation.finished.catch(() => null);
}
