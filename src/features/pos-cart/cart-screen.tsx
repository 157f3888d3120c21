import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { storeOf } from '@/api/connection';
import { cartKeys, cartQueryOptions } from '@/api/carts';
import { isApiError } from '@/api/errors';
import { storeConfigQueryOptions } from '@/api/store-config-query';
import type { Cart } from '@/api/schemas/cart';
import { ApiErrorAlert, RefreshFailedAlert, useLoadFailure } from '@/components/api-error-alert';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { focusLost, useFocusOnArrival } from '@/components/ui/focus-on-arrival';
import { Money } from '@/components/ui/money';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { formatCount, formatDateTime, formatNumber, fullName } from '@/lib/format';
import { useLastParam } from '@/lib/path-param';
import { withoutFormatChars } from '@/lib/text';
import { useConnection } from '@/lib/session';
import { isDialogOpen } from '@/lib/dialog-open';
import { useDeferredArrival } from '@/lib/use-arrival';
import { CUSTOMER_POS_MESSAGE } from './cart-action-error';
import { CartIdForm, type CartIdFormHandle } from './cart-id-form';
import { CartLines } from './cart-lines';
import { CartSavings, CartTotals, ToBePaid, ToBePaidAnnouncer } from './cart-totals';
import { type LinkCustomerHandle, LinkCustomerPanel } from './link-customer-form';
import { type LoyaltyHandle, LoyaltyPanel } from './loyalty-form';
import { notDoneYet, useAskedWhileBusy } from './nothing-sent-note';
import { useCartBusyNow, useCartBusyWith, useCartCheck } from './use-cart-mutations';
import { Receipt } from './receipt';
import { recentCarts } from './recent-carts';
import { ShortcutsHelp } from './shortcuts-help';
import { type Shortcut, useShortcuts } from './use-shortcuts';

/** setTimeout's longest wait (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The current time, refreshed every half minute and at `deadline` itself: a cart expires while it
 * is on screen, and it must show as expired (its actions and Print off) at that moment, not up to
 * half a minute later. A deadline that has already passed is taken at once.
 */
function useNow(deadline: string | undefined, intervalMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  useEffect(() => {
    const at = deadline ? Date.parse(deadline) : NaN;
    if (Number.isNaN(at)) return;
    const wait = Math.min(Math.max(at - Date.now() + 1, 0), MAX_TIMER_MS);
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [deadline]);
  return now;
}

/** Whether the cart takes changes (and prints) at `now`. */
const isOpen = (cart: Cart, now: number) => cart.active && Date.parse(cart.expires_at) > now;

function fulfilmentText(cart: Cart): string {
  const f = cart.fulfillment_preference;
  const type = f.fulfillment_type.replace(/[-_]+/g, ' ').replace(/^\w/, (ch) => ch.toUpperCase());
  const parts = [type];
  if (f.pickup_location_name) parts.push(`at ${f.pickup_location_name}`);
  const days = cart.estimated_delivery_days;
  // 0 days on a pickup: the goods leave the till with the customer, nothing to estimate
  if (days === 0 && f.fulfillment_type !== 'collect-in-store') parts.push('same day');
  else if (days > 0) {
    parts.push(`estimated ${formatCount(days, 'day')}`);
  }
  return parts.join(', ');
}

function Card({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={`rounded-lg border border-slate-200 bg-white p-5 ${className}`}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function StatusBadge({ cart, expired }: { cart: Cart; expired: boolean }) {
  const [label, tone] = !cart.active
    ? ['Inactive', 'bg-slate-200 text-slate-900']
    : expired
      ? ['Expired', 'bg-amber-100 text-amber-950']
      : ['Active', 'bg-green-100 text-green-900'];
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${tone}`}>{label}</span>
  );
}

function PromotionsAndCoupons({ cart }: { cart: Cart }) {
  const c = cart.currency;
  if (cart.applied_promotions.length === 0 && cart.applied_coupons.length === 0) {
    return <p className="text-slate-700">No promotions or coupons on this cart.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200 text-sm">
      {[...cart.applied_promotions]
        .sort((a, b) => a.applied_sequence - b.applied_sequence)
        // keyed by place too: nothing says one promotion or coupon comes once per product
        .map((p, i) => (
          <li
            key={`p:${i}:${p.promotion_id}:${p.product_id ?? ''}`}
            className="flex justify-between gap-4 py-2"
          >
            <span>
              <span className="font-medium">Promotion {p.promotion_id}</span>{' '}
              <span className="text-slate-700">
                ({p.promotion_type}, {p.scope}
                {p.product_name
                  ? ` on ${p.product_name}${p.variant_name ? ` ${p.variant_name}` : ''}`
                  : ''}
                )
              </span>
            </span>
            <span className="text-rose-800">
              saves <Money amount={p.savings} currency={c} />
            </span>
          </li>
        ))}
      {cart.applied_coupons.map((coupon, i) => (
        <li key={`c:${i}:${coupon.coupon_id}`} className="flex justify-between gap-4 py-2">
          <span>
            <span className="font-medium">
              Coupon{' '}
              {cart.coupon_code && cart.applied_coupons.length === 1
                ? cart.coupon_code
                : coupon.coupon_id}
            </span>{' '}
            <span className="text-slate-700">
              ({coupon.coupon_type}
              {coupon.product_name ? ` on ${coupon.product_name}` : ', whole cart'})
            </span>
          </span>
          <span className="text-rose-800">
            saves <Money amount={coupon.savings} currency={c} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function CartBody({
  cart,
  now,
  printDeclined,
  customerRef,
  loyaltyRef,
  onScan,
}: {
  cart: Cart;
  now: number;
  /** Print's read found the cart closed (a count: each time is news). */
  printDeclined: number;
  customerRef: RefObject<LinkCustomerHandle | null>;
  loyaltyRef: RefObject<LoyaltyHandle | null>;
  /** A scan typed where it cannot go (the points or a phone field): the Cart ID field's. */
  onScan: (typed: string) => void;
}) {
  const expired = Date.parse(cart.expires_at) <= now;
  const closed = !cart.active || expired;
  // the news goes from Print to why nothing was printed (once the cart shows as closed: the
  // decline and the closed cart can reach the screen in either order)
  const closedRef = useFocusOnArrival<HTMLDivElement>(
    closed && printDeclined > 0 ? printDeclined : null,
    {
      scope: 'main',
    },
  );
  // the cart closed while on screen (it expired, or another read found it closed): the control
  // that had focus may just have been turned off under it; focus goes to why, not to the page
  const wasOpen = useRef(!closed);
  useEffect(() => {
    if (closed && wasOpen.current) {
      if (focusLost() || document.activeElement?.matches(':disabled')) {
        closedRef.current?.focus();
      }
    }
    wasOpen.current = !closed;
  }, [closed, closedRef]);
  const notPrinted = printDeclined > 0 ? ' Nothing was printed.' : '';
  return (
    <>
      <ToBePaidAnnouncer cart={cart} />
      {closed ? (
        <div ref={closedRef} tabIndex={-1} className="focus:outline-none">
          {!cart.active ? (
            <Alert tone="warning" title="This cart is inactive">
              It can no longer be changed, paid or printed. Open another cart to continue.
              {notPrinted}
            </Alert>
          ) : (
            <Alert tone="warning" title="This cart has expired">
              It expired on {formatDateTime(cart.expires_at)} and can no longer be changed, paid or
              printed. Open another cart to continue.{notPrinted}
            </Alert>
          )}
        </div>
      ) : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        {/* first in reading and tab order: what to collect and the actions that change it */}
        <div className="flex flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <ToBePaid cart={cart} />
          <LinkCustomerPanel ref={customerRef} cart={cart} closed={closed} onScan={onScan} />
          <LoyaltyPanel
            ref={loyaltyRef}
            cart={cart}
            closed={closed}
            onLinkCustomer={() => customerRef.current?.focus()}
            onScan={onScan}
          />
          <Card title="Totals">
            <CartTotals cart={cart} />
          </Card>
        </div>

        <div className="flex flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <Card title="Cart details">
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-600">Status</dt>
                <dd>
                  <StatusBadge cart={cart} expired={expired} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{expired ? 'Expired' : 'Expires'}</dt>
                <dd>{formatDateTime(cart.expires_at)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Fulfilment</dt>
                <dd>{fulfilmentText(cart)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Lines</dt>
                <dd>{formatNumber(cart.cart_items_count)}</dd>
              </div>
              {cart.customer_note ? (
                <div className="sm:col-span-2">
                  <dt className="text-slate-600">Customer note</dt>
                  <dd>{cart.customer_note}</dd>
                </div>
              ) : null}
            </dl>
          </Card>
          <Card title={`Items (${formatNumber(cart.cart_items_count)})`}>
            <CartLines items={cart.cart_items} currency={cart.currency} />
          </Card>
          <Card title="Promotions and coupons">
            <PromotionsAndCoupons cart={cart} />
          </Card>
          <Card title="Savings">
            <CartSavings cart={cart} />
          </Card>
        </div>
      </div>
    </>
  );
}

/**
 * Whether an action of the cart is on its way, and whether it is the Print check, for what shows
 * it, without the whole screen.
 */
function CartBusy({
  cartId,
  children,
}: {
  cartId: string;
  children: (busy: boolean, printing: boolean) => ReactNode;
}) {
  const { busy, own } = useCartBusyWith(cartId, PRINT_CHECK);
  return children(busy, own);
}

const PRINT_CHECK = 'print-check';

/**
 * Print asked for (Ctrl+P, p) while an action of the cart is on its way: the Print button is off
 * then, and nothing is printed. Said, until the cart is free again (the action's own outcome is
 * news of its own); `asked` counts such asks. A second Print while Print's own check runs says
 * nothing: the first prints.
 */
function NotPrintedYet({ cartId, asked }: { cartId: string; asked: number }) {
  const { busy, own } = useCartBusyWith(cartId, PRINT_CHECK);
  // not while Print's own check runs: that one prints, when it is done
  const waiting = useAskedWhileBusy(busy && !own, asked);
  return (
    <p role="status" className="text-sm text-slate-800 empty:sr-only">
      {waiting ? notDoneYet('printed', 'Print receipt') : ''}
    </p>
  );
}

/** The service has no cart of the ID asked for (its own 404, not a proxy's). */
const isCartNotFound = (e: unknown) => isApiError(e) && e.code === 'cart_not_found';

function CartView({ cartId }: { cartId: string }) {
  const conn = useConnection();
  const store = storeOf(conn);
  const query = useQuery(cartQueryOptions(conn, cartId));
  const cart = useDeferredArrival(query.data);
  // the spinner stays until the cart is drawn (its arrival renders one step later)
  const { failure, recovered } = useLoadFailure(query);
  const failed = failure !== null;
  const loading = !cart && !failed;
  const refusals = {
    notFound: `There is no cart with the ID “${cartId}”. Check the ID, or scan the cart again.`,
    forbidden: CUSTOMER_POS_MESSAGE,
  };
  const now = useNow(cart?.expires_at);
  const closed = cart ? !isOpen(cart, now) : true;
  const cartField = useRef<CartIdFormHandle>(null);
  const customerRef = useRef<LinkCustomerHandle>(null);
  const loyaltyRef = useRef<LoyaltyHandle>(null);
  const printButton = useRef<HTMLButtonElement>(null);

  // the cart opened again while on screen (scanned, typed, a recent link): the cashier asks for
  // it as the service has it now, e.g. with the customer another till just linked
  const visit = useLocation().key;
  const firstVisit = useRef(visit);
  const readAgain = useEffectEvent(() => void query.refetch());
  useEffect(() => {
    if (visit !== firstVisit.current) readAgain();
  }, [visit]);

  // a service may find a cart by an ID written another way ("CART_1001"): the address takes the
  // ID it answers with, since the cart's actions keep what they change under that one, and a
  // screen reading the other would go on showing the figures from before
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canonicalId = cart && cart.id !== cartId ? cart.id : null;
  useEffect(() => {
    if (!canonicalId || !cart) return;
    queryClient.setQueryData(cartKeys.detail(conn, canonicalId), cart);
    void navigate(`/pos/carts/${encodeURIComponent(canonicalId)}`, { replace: true });
  }, [canonicalId, cart, conn, navigate, queryClient]);

  // only carts that exist go on the terminal's recent list
  const customer = cart?.billing_address;
  const customerName = customer ? fullName(customer) : null;
  const itemCount = cart?.cart_items_count ?? null;
  const loadedId = cart?.id ?? null;
  useEffect(() => {
    if (loadedId) recentCarts(store).remember({ id: loadedId, itemCount, customerName });
  }, [store, loadedId, itemCount, customerName]);

  // The receipt is money on paper: the cart is read again first, so that a change made since at
  // another till or tab is on it, and not while one of the cart's actions is on its way (the
  // check is one of them: useCartCheck). A read that fails prints nothing, and the failure above
  // the cart says so, with a Try again that prints; nor does a cart that closed meanwhile print.
  // not useCartBusy: this screen re-rendering with each action would hold up the action's own
  // figure; what shows "busy" subscribes on its own (CartBusy)
  const busyNow = useCartBusyNow(cartId);
  // The paper is headed with the store's name: it is read too, beside the cart, if this screen
  // has none yet (its first read failed); once, no retries. Without it nothing is printed, rather
  // than a receipt of no one's store
  const printCheck = useCartCheck(cartId, PRINT_CHECK, async () => {
    const [read, storeDetails] = await Promise.all([
      query.refetch({ throwOnError: true }),
      queryClient.ensureQueryData({ ...storeConfigQueryOptions(conn), retry: false }).then(
        () => true,
        () => false,
      ),
    ]);
    return { cart: read.data, storeDetails };
  });
  // a Print that found no store details, until the next Print (a count: each time is news)
  const [noStoreDetails, setNoStoreDetails] = useState(0);
  const noStoreDetailsRef = useFocusOnArrival<HTMLDivElement>(noStoreDetails || null, {
    scope: 'main',
  });
  const [printRequests, setPrintRequests] = useState(0);
  const [printDeclined, setPrintDeclined] = useState(0);
  const printed = useRef(0);
  // the failure of the read a Print made (a later failure, of another read, is not about paper)
  const [printFailure, setPrintFailure] = useState<unknown>(null);
  // Ctrl+P or p while an action of the cart is on its way: nothing printed, said (NotPrintedYet)
  const [printAskedWhileBusy, setPrintAskedWhileBusy] = useState(0);
  const print = () => {
    if (closed) return;
    if (busyNow()) {
      setPrintAskedWhileBusy((n) => n + 1);
      return;
    }
    printCheck.mutate(undefined, {
      // the cart as read now: a cart that closed meanwhile prints nothing, and says so. The
      // message about the store's details stays while its Try again runs (it has focus)
      onSuccess: ({ cart: read, storeDetails }) => {
        const open = read !== undefined && isOpen(read, Date.now());
        // its Try again worked: the message goes, and focus goes back to Print, not to the page
        if (storeDetails && noStoreDetailsRef.current?.contains(document.activeElement)) {
          printButton.current?.focus();
        }
        setNoStoreDetails((n) => (open && !storeDetails ? n + 1 : 0));
        if (!open) setPrintDeclined((n) => n + 1);
        else if (storeDetails) setPrintRequests((n) => n + 1);
      },
      onError: (error) => {
        setNoStoreDetails(0);
        setPrintFailure(error);
      },
    });
  };
  // after the render that drew the cart as read (onSuccess above judged it open by the clock then)
  const checkedPrint = useRef(false);
  useEffect(() => {
    if (printRequests === printed.current) return;
    printed.current = printRequests;
    // not from the effect itself: the receipt stamps its time (and whether the figures were
    // checked) at `beforeprint`, which the browser fires inside print(), with flushSync, which
    // React cannot honour while it runs effects; the paper would carry the last print's stamp
    queueMicrotask(() => {
      // the receipt reads this at `beforeprint`
      checkedPrint.current = true;
      try {
        window.print();
      } finally {
        checkedPrint.current = false;
      }
    });
  }, [printRequests]);
  // the browser's own Print key does what the Print receipt button does: the cart is read again
  // first (the browser's menu cannot be routed so: the receipt says its figures were not checked)
  const onPrintKey = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    if (event.key.toLowerCase() !== 'p' || closed) return;
    // a dialog open (Change the customer?) keeps focus: the key is the browser's there, as the
    // single-key shortcuts are not taken (its paper says its figures were not checked)
    if (isDialogOpen()) return;
    event.preventDefault();
    printButton.current?.focus();
    print();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onPrintKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
  const notPrinted = query.isError && query.error === printFailure;
  // the news goes from Print (which keeps focus while it checks) to why nothing was printed
  const notPrintedRef = useFocusOnArrival<HTMLDivElement>(notPrinted ? printFailure : null, {
    scope: 'main',
  });

  const shortcuts: Shortcut[] = [
    { key: '/', description: 'Go to the Cart ID field', run: () => cartField.current?.focus() },
    // a closed cart (or none) has no customer or points to change, nor a receipt to print: those
    // keys would do nothing, so they are not offered (nor listed)
    ...(closed
      ? []
      : [
          {
            key: 'c',
            description: 'Link or change the customer',
            run: () => customerRef.current?.focus(),
          },
          {
            key: 'l',
            description: 'Go to Loyalty points',
            run: () => loyaltyRef.current?.focus(),
          },
          {
            key: 'p',
            description: 'Print the receipt',
            // as a press of Print: focus goes to it, which keeps it while it checks (a focused
            // Redeem, say, would be turned off meanwhile and drop focus to the page)
            run: () => {
              printButton.current?.focus();
              print();
            },
          },
        ]),
  ];
  useShortcuts(shortcuts, (typed, submit) => cartField.current?.typeIn(typed, submit));

  return (
    <>
      <div className="flex flex-col gap-6 print:hidden">
        <Page
          title={`Cart ${cartId}`}
          focusOnArrival={recovered || null}
          heading={
            <>
              Cart <span className="font-mono">{cartId}</span>
            </>
          }
          actions={
            <CartBusy cartId={cartId}>
              {(busy, printing) => (
                <Button
                  ref={printButton}
                  variant="secondary"
                  onClick={print}
                  disabled={closed || (busy && !printing)}
                  pending={printing}
                  pendingLabel="Checking the cart…"
                >
                  Print receipt
                </Button>
              )}
            </CartBusy>
          }
        >
          <NotPrintedYet cartId={cartId} asked={printAskedWhileBusy} />
          <section
            aria-label="Open another cart"
            className="rounded-lg border border-slate-200 bg-white px-5 pt-1 pb-4"
          >
            {/* a scan typed while a reloaded cart's page loaded opens that cart, not its tail */}
            <CartIdForm
              ref={cartField}
              takeEarlyScan
              notFoundId={isCartNotFound(failure) ? cartId : null}
              notFoundAt={query.errorUpdatedAt}
            />
          </section>

          {loading ? (
            <Loading label="Loading the cart…" />
          ) : failed ? (
            <ApiErrorAlert
              error={failure}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
              subject="the cart"
              {...refusals}
            />
          ) : cart ? (
            <>
              {/* one alert either way: its Try again, once it works, hands focus on */}
              <div ref={notPrintedRef} tabIndex={-1} className="focus:outline-none">
                <CartBusy cartId={cartId}>
                  {(busy, printing) => (
                    <RefreshFailedAlert
                      query={query}
                      {...refusals}
                      {...(notPrinted
                        ? {
                            title: 'The receipt was not printed',
                            tone: 'error',
                            onRetry: print,
                            retrying: printing,
                            retryDisabled: busy && !printing,
                          }
                        : { title: 'Could not refresh this cart' })}
                    >
                      {notPrinted
                        ? 'The cart could not be checked with the service, so nothing was printed. '
                        : null}
                      The figures below are from the last time it loaded.
                    </RefreshFailedAlert>
                  )}
                </CartBusy>
              </div>
              {noStoreDetails > 0 ? (
                <div ref={noStoreDetailsRef} tabIndex={-1} className="focus:outline-none">
                  <CartBusy cartId={cartId}>
                    {(busy, printing) => (
                      <Alert
                        tone="error"
                        title="The receipt was not printed"
                        onRetry={print}
                        retrying={printing}
                        retryDisabled={busy && !printing}
                        // each failed Print counts anew: its Try again failing again is said
                        failure={noStoreDetails}
                      >
                        The store&apos;s details, which head the receipt, could not be loaded.
                        Nothing was printed.
                      </Alert>
                    )}
                  </CartBusy>
                </div>
              ) : null}
              <CartBody
                cart={cart}
                now={now}
                printDeclined={printDeclined}
                customerRef={customerRef}
                loyaltyRef={loyaltyRef}
                onScan={(typed) => cartField.current?.typeIn(typed, true)}
              />
            </>
          ) : null}
          {/* shown once the cart is there: drawn under the spinner, it would jump down the page
              when the cart arrives (a layout shift) */}
          {loading ? null : <ShortcutsHelp shortcuts={shortcuts} />}
        </Page>
      </div>
      {cart && !closed ? (
        <Receipt cart={cart} checked={checkedPrint} />
      ) : (
        // the browser's menu can still print: a page that says why, not a blank one
        <p className="hidden print:block">
          No receipt: cart {cartId} {cart ? 'is closed' : 'has not loaded'}.
        </p>
      )}
    </>
  );
}

/** /pos/carts/:cartId. Keyed by the id: another cart starts with fresh forms and messages. */
export function CartScreen() {
  // an address pasted from a chat may carry a zero-width character in the ID, as the field does
  const cartId = withoutFormatChars(useLastParam('cartId'));
  return <CartView key={cartId} cartId={cartId} />;
}
