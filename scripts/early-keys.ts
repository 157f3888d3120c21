// Keys typed on /pos or on a cart (/pos/carts/:cartId) before the app has drawn its Cart ID field.
//
// A cashier who scans right after the page opens (a reload, the first load of the day) sends the
// scanner's keys while the app's code is still on its way: they went to the page's body and were
// lost, and the rest of the scan landed in the field once it appeared, so its Enter opened a
// shortened id ("art_1002"), on a real store possibly another customer's cart. index.html keeps
// the scan instead, and the field takes it when it first takes focus
// (`src/features/pos-cart/cart-id-form.tsx`).
//
// Only a scan is kept: a burst of printable keys each under SCAN_GAP_MS after the one before
// (as the POS's shortcuts tell a scan from a person), up to its Enter. A key after a longer pause
// starts the burst afresh (a stray "/" or Enter pressed while waiting is not part of the id), and
// after an Enter nothing more is kept. Nothing is kept while something has focus (a field's
// typing is its own), and focus moving, a pointer press or the screen appearing (which takes
// the keys, or has no field for them: `endEarlyKeys`) ends the keeping. A cart reloaded at a
// till is where the next scan comes soonest: without this its first keys were lost there too,
// and the app's scan handling opened the id's tail.

import { SCAN_GAP_MS } from '../src/features/pos-cart/scan-gap.ts';

/**
 * The inline script: on `/pos` and `/pos/carts/:cartId` only, keeps a scan in `window.__earlyKeys` as `{ s, t, done }`:
 * the keys, when the last came (`performance.now()`), and whether its Enter came.
 */
export function earlyKeysScript(): string {
  return `(function(w,d){try{if(!/^\\/pos(\\/carts\\/[^/]+)?\\/?$/i.test(location.pathname))return;var b=w.__earlyKeys={s:'',t:-1e9,done:false};function k(e){if(w.__earlyKeys!==b)return off();if(b.done||e.ctrlKey||e.metaKey||e.altKey||e.isComposing||e.repeat||d.activeElement&&d.activeElement!==d.body)return;var n=performance.now();if(n-b.t>${SCAN_GAP_MS})b.s='';b.t=n;if(e.key==='Enter')b.done=b.s!=='';else if(e.key.length===1&&e.key!==' ')b.s+=e.key}function off(){d.removeEventListener('keydown',k,true);w.removeEventListener('focusin',off,true);w.removeEventListener('pointerdown',off,true);if(w.__earlyKeys===b)delete w.__earlyKeys}d.addEventListener('keydown',k,true);w.addEventListener('focusin',off,true);w.addEventListener('pointerdown',off,true)}catch(e){}})(window,document)`;
}
