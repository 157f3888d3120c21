import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { NotAllowed, SignInPrompt } from '@/components/sign-in-prompt';
import { Page } from '@/components/ui/page';
import { formatCount, formatDateTime } from '@/lib/format';
import { isDemoMode, useConnection, useSession } from '@/lib/session';
import { storeOf } from '@/api/connection';
import { CUSTOMER_POS_MESSAGE } from './cart-action-error';
import { CartIdForm, type CartIdFormHandle, endEarlyKeys } from './cart-id-form';
import { recentCarts, useRecentCarts } from './recent-carts';
import { ShortcutsHelp } from './shortcuts-help';
import { type Shortcut, useShortcuts } from './use-shortcuts';

const DEMO_CARTS = ['cart_1001', 'cart_1002', 'cart_1003', 'cart_expired', 'cart_inactive'];

function RecentCarts() {
  const store = storeOf(useConnection());
  const recent = useRecentCarts(store);
  const heading = useRef<HTMLHeadingElement>(null);
  const clear = () => {
    recentCarts(store).clear();
    // the button goes with the list: focus goes to the list's heading, from where the empty
    // list reads next, instead of falling to the page
    heading.current?.focus();
  };
  return (
    <section
      aria-labelledby="recent-heading"
      className="rounded-lg border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          ref={heading}
          id="recent-heading"
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none"
        >
          Recently opened carts
        </h2>
        {recent.length > 0 ? (
          <button
            type="button"
            onClick={clear}
            className="min-h-11 rounded px-2 text-sm font-semibold text-indigo-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-indigo-600"
          >
            Clear list
          </button>
        ) : null}
      </div>
      {recent.length === 0 ? (
        <p className="mt-2 text-slate-700">Carts you open at this terminal will be listed here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {recent.map((cart) => (
            <li key={cart.id}>
              <Link
                to={`/pos/carts/${encodeURIComponent(cart.id)}`}
                className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded px-2 py-2 hover:bg-indigo-50 focus-visible:outline-3 focus-visible:outline-indigo-600"
              >
                <span className="font-mono font-semibold text-indigo-900">{cart.id}</span>
                <span className="text-sm text-slate-700">
                  {[
                    cart.customerName,
                    cart.itemCount !== null ? formatCount(cart.itemCount, 'line') : null,
                    `opened ${formatDateTime(cart.openedAt)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /pos: open a cart by typing or scanning its id. */
export function OpenCartScreen() {
  const { identity, settings } = useSession();
  const cartField = useRef<CartIdFormHandle>(null);
  // keys typed while the page loaded: the Cart ID field has taken them (its effect runs first),
  // or there is none to take them (a customer account); either way index.html keeps no more
  useEffect(endEarlyKeys, []);
  const shortcuts: Shortcut[] = [
    { key: '/', description: 'Go to the Cart ID field', run: () => cartField.current?.focus() },
  ];
  // a customer account has no Cart ID field here (see below): nothing to scan into
  useShortcuts(
    shortcuts,
    identity?.role === 'customer'
      ? undefined
      : (typed, submit) => cartField.current?.typeIn(typed, submit),
  );

  if (identity?.role === 'customer') {
    return (
      <Page title="POS terminal">
        <NotAllowed message={CUSTOMER_POS_MESSAGE} />
      </Page>
    );
  }

  return (
    // focus starts in the Cart ID field, not on the heading: the next keys are usually a scan
    <Page title="POS terminal" focusHeading={false}>
      {identity ? null : <SignInPrompt message="Sign in with a staff account to open carts." />}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-6">
          <section
            aria-labelledby="open-heading"
            className="rounded-lg border border-slate-200 bg-white p-5"
          >
            <h2 id="open-heading" className="text-lg font-semibold">
              Open a cart
            </h2>
            <p className="mt-1 text-slate-700">
              Scan the cart&apos;s barcode, or type its ID and press Enter.
            </p>
            <CartIdForm ref={cartField} focusOnMount className="mt-4" />
            {isDemoMode(settings) ? (
              <p className="mt-4 text-sm text-slate-700">
                Demo carts:{' '}
                {DEMO_CARTS.map((id, i) => (
                  <span key={id}>
                    {i > 0 ? ', ' : null}
                    <Link
                      to={`/pos/carts/${id}`}
                      className="inline-flex min-h-11 items-center font-mono text-indigo-800 underline"
                    >
                      {id}
                    </Link>
                  </span>
                ))}
              </p>
            ) : null}
          </section>
          {/* the list is the signed-in person's own (a shared till shows nobody's to nobody) */}
          {identity ? <RecentCarts /> : null}
        </div>
        <ShortcutsHelp shortcuts={shortcuts} />
      </div>
    </Page>
  );
}
