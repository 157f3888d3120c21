import { useQueryClient } from '@tanstack/react-query';
import {
  type FocusEvent,
  type KeyboardEvent,
  Suspense,
  lazy,
  useEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import { Link, Outlet, matchPath, useLocation } from 'react-router';
import { CODE_KEY, STORE_CONFIG_KEY } from '@/api/query-keys';
import { WORK_LEFT_BEHIND } from '@/components/sign-in-prompt';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { StoreLogo } from '@/components/ui/store-logo';
import { demoControls } from '@/lib/demo';
import { isDialogOpen } from '@/lib/dialog-open';
import { pathAsRouted } from '@/lib/path-param';
import { IS_DEMO_BUILD } from '@/lib/config';
import { type Session, isDemoMode, sessionStore, useSession, whomOf } from '@/lib/session';
import { useTerminalLocation } from '@/lib/terminal-location';
import { useStoreConfig } from '@/lib/use-store-config';

// The demo panel (and the dialog library under it) is not needed for the first paint, and a
// real-backend build never shows it: a chunk of its own keeps it out of the entry. Pure, so a
// real-backend build (where nothing renders it) drops its loader from the entry too.
const DemoPanel = /* @__PURE__ */ lazy(() =>
  import('./demo-tools').then((m) => ({ default: m.DemoPanel })),
);

// What is wrong with the terminal's location (inactive, no longer a checkout point, gone), shown
// after its name on the POS screens: it needs the store's list and its schemas, so it is a chunk
// of its own (shared with the locations screen), fetched after the first paint. Should that not
// load, nothing is added.
const LocationProblemNote = lazy(() =>
  import('@/features/locations/location-problem').then(
    (m) => ({ default: m.LocationProblemNote }),
    () => ({ default: () => null }),
  ),
);

/** Whether focus or a press that goes to `to` leaves the open demo panel (and no dialog is up). */
function leavesPanel(
  panel: HTMLDetailsElement | null,
  to: EventTarget | null,
): panel is HTMLDetailsElement {
  if (!panel?.open || !(to instanceof Node) || panel.contains(to)) return false;
  // a press on what went away as it was pressed (a dialog's answer, the dialog closing at once)
  if (!to.isConnected) return false;
  // a dialog the panel opened (or one over the page) is answered first; the panel stays
  return !isDialogOpen();
}

/** The "Demo" badge: static, so the header's size is final at the first paint. */
function DemoTools() {
  const details = useRef<HTMLDetailsElement>(null);
  // Escape closes the open panel, as it closes any overlay, and focus goes back to the badge. Not
  // a key pressed in a dialog the panel opened: that is portalled out of the panel's DOM, and its
  // Escape is the dialog's
  const closeOnEscape = (e: KeyboardEvent<HTMLDetailsElement>) => {
    const panel = details.current;
    if (e.key !== 'Escape' || !panel?.open || !panel.contains(e.target as Node)) return;
    panel.open = false;
    panel.querySelector('summary')?.focus();
  };
  // The open panel lies over the page: once focus or a press goes elsewhere it closes, or it
  // would hide the control that now has focus. Not for its own dialog (Reset demo data), which
  // is portalled out of the panel's DOM and gives focus back to it
  const closeOnFocusOut = (e: FocusEvent<HTMLDetailsElement>) => {
    const panel = details.current;
    if (leavesPanel(panel, e.relatedTarget)) panel.open = false;
  };
  // a click, not a pointerdown: a finger that swipes to scroll the page (how a narrow screen
  // reaches the panel's lower fields) presses down too, but clicks nothing
  useEffect(() => {
    const closeOnPressOutside = (e: MouseEvent) => {
      // the second click of a double click is no press of its own: on a dialog's answer that
      // went with the first, it lands on the page below (Reset demo data, double-clicked)
      if (e.detail > 1) return;
      const panel = details.current;
      if (leavesPanel(panel, e.target)) panel.open = false;
    };
    document.addEventListener('click', closeOnPressOutside);
    return () => document.removeEventListener('click', closeOnPressOutside);
  }, []);
  return (
    // a disclosure (interactive, though the rule does not count <details>): Escape closes it
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      ref={details}
      className="sm:relative"
      onKeyDown={closeOnEscape}
      onBlur={closeOnFocusOut}
    >
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full bg-amber-300 px-3 text-sm font-bold text-amber-950">
        Demo
      </summary>
      {/* on a narrow screen the badge is not at the header's right edge: the panel takes the
          page's width there instead of hanging off its left side, and scrolls with the page
          (a fixed one ran past the bottom of a short screen, zoomed in, out of reach) */}
      {/* on a wider one it hangs from the badge, and scrolls rather than run past the bottom */}
      <div className="absolute inset-x-2 z-20 mt-2 flex flex-col gap-4 rounded-md border border-slate-300 bg-white p-4 text-slate-900 shadow-lg sm:inset-x-auto sm:right-0 sm:max-h-[60dvh] sm:w-72 sm:overflow-y-auto">
        <p className="text-sm">
          All data comes from a demo service running in this browser. Changes are kept until you
          reset.
        </p>
        <Suspense
          fallback={
            <p role="status" className="text-sm">
              Starting the demo service…
            </p>
          }
        >
          <DemoPanel />
        </Suspense>
      </div>
    </details>
  );
}

// Each link goes to its first path and is the current page on its section's routes (as in
// router.tsx), no others: a path no route has is the not-found page, of no section
const NAV = [
  { paths: ['/pos', '/pos/carts/:id'], label: 'POS', staff: true },
  { paths: ['/pos/locations'], label: 'Locations', staff: true },
  { paths: ['/account/notifications'], label: 'Notifications' },
  { paths: ['/account/returns/new', '/account/returns/:id'], label: 'Returns' },
  { paths: ['/store', '/store/terms', '/store/refund-policy'], label: 'Store' },
  { paths: ['/settings'], label: 'Settings' },
];

function Brand() {
  const { data, isLoadingError, refetch } = useStoreConfig();
  const cache = useQueryClient().getQueryCache();
  // A brand that failed to load asks again when another request is answered (a screen's Try
  // again): the service is back, and the header need not wait for the next screen
  useEffect(
    () =>
      isLoadingError
        ? cache.subscribe((e) => {
            if (
              e.type === 'updated' &&
              e.action.type === 'success' &&
              e.query.queryKey[0] !== STORE_CONFIG_KEY &&
              // the app's own code arriving is not the service answering
              e.query.queryKey[0] !== CODE_KEY
            )
              // answers arriving together ask once (a refetch on its way is not restarted)
              void refetch({ cancelRefetch: false });
          })
        : undefined,
    [cache, isLoadingError, refetch],
  );
  // a name of only spaces is none (the schema trims it): the link must still have one
  const name = data?.brand.name || 'Storefront';
  // A box of fixed width, the logo's square always held: the brand arrives after the first
  // paint, and a header that changed size then would move the whole page (layout shift).
  return (
    <Link
      to="/"
      className="flex min-h-11 w-56 shrink-0 items-center gap-3 rounded focus-visible:outline-3 focus-visible:outline-white"
    >
      <StoreLogo
        url={data?.brand.logo_url}
        alt=""
        width={36}
        height={36}
        className="size-9 shrink-0 rounded bg-white"
        fallback={<span aria-hidden="true" className="size-9 shrink-0" />}
      />
      {/* up to two lines in the box's height (a name under a user's text spacing wraps, not
          cut); past that, clipped: the link's name is still the whole of it */}
      <span
        dir="auto"
        className="line-clamp-2 text-lg leading-[1.375rem] font-bold wrap-break-word"
      >
        {name}
      </span>
    </Link>
  );
}

function DemoNotice() {
  const controls = useSyncExternalStore(demoControls.subscribe, demoControls.get, demoControls.get);
  if (!controls?.notice) return null;
  return (
    <Alert tone="warning" className="mb-4">
      {controls.notice}
    </Alert>
  );
}

/** Focus into the content (<main>), focusable only for this: a click on its text must not. */
function focusMain() {
  const main = document.getElementById('main');
  if (!main) return;
  main.tabIndex = -1;
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
  main.focus();
}

/** The screen's heading, or the content while the screen's code is still loading. */
function focusContent() {
  const heading = document.querySelector<HTMLElement>('main h1[tabindex="-1"]');
  if (heading) heading.focus();
  else focusMain();
}

/** What the notice of a sign-in made in another tab says: its title, then its words. */
function switchWords({ from, to, samePerson }: NonNullable<Session['switchedElsewhere']>) {
  return {
    title: samePerson ? 'Signed in again in another tab' : `${to} signed in in another tab`,
    text: `${samePerson ? '' : `This tab now works for ${to}, no longer for ${from}. `}${WORK_LEFT_BEHIND}`,
  };
}

/**
 * Another tab signed someone else in: this tab follows (everything of the one before is gone,
 * unsaved work too), and says so, or the screen would change under the person at it unexplained.
 * The words are announced by `SwitchAnnouncement`, not by the box.
 */
function SwitchedElsewhereNotice() {
  const { switchedElsewhere } = useSession();
  if (!switchedElsewhere) return null;
  const { title, text } = switchWords(switchedElsewhere);
  return (
    <Alert
      tone="warning"
      className="mb-4"
      announce={false}
      title={title}
      actions={
        <Button
          variant="secondary"
          onClick={() => {
            sessionStore.dismissSwitchNotice();
            // the button goes: focus goes on to the screen's heading (the content itself while
            // the screen's code is still loading), not to the page
            focusContent();
          }}
        >
          Dismiss
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

const onVisibilityChange = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
const tabShown = () => document.visibilityState !== 'hidden';

/**
 * The switch notice's words, in a live region that is always in the page (in the header, with
 * who is signed in): a region that comes with its words already in it is announced by some
 * screen readers only when they find it. Words put in while the tab is hidden are not said (the
 * other tab's sign-in usually lands then), so they go in when the tab is shown again.
 */
function SwitchAnnouncement() {
  const { switchedElsewhere, endedElsewhere } = useSession();
  const shown = useSyncExternalStore(onVisibilityChange, tabShown, () => true);
  const words = shown && switchedElsewhere ? switchWords(switchedElsewhere) : null;
  return (
    <p role="status" className="sr-only">
      {words
        ? `${words.title}. ${words.text}`
        : shown && endedElsewhere
          ? `You were signed out in another tab. ${WORK_LEFT_BEHIND}`
          : ''}
    </p>
  );
}

/**
 * After a sign-in or sign-out in another tab: what had focus may have gone with the screen's old
 * content (a form gives way to the sign-in prompt), so focus goes to the content, not the page.
 * And the sign-out is news for the screen open then only: the next screen is not told of it.
 */
function useFollowElsewhere(whom: string, locationKey: string) {
  const seen = useRef({ whom, locationKey });
  useEffect(() => {
    const before = seen.current;
    seen.current = { whom, locationKey };
    if (before.locationKey !== locationKey) sessionStore.forgetEndedElsewhere();
    else if (before.whom !== whom && document.activeElement === document.body) focusContent();
  }, [whom, locationKey]);
}

export function Layout() {
  const session = useSession();
  const location = useLocation();
  useFollowElsewhere(whomOf(session), location.key);
  const terminal = useTerminalLocation();
  // the POS screens, not any address that starts with the letters ("/posters" is not found)
  const onPos = /^\/pos(\/|$)/.test(location.pathname);
  const nav = NAV.filter((item) => !(session.identity?.role === 'customer' && item.staff));
  const routed = pathAsRouted(location.pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        // focus goes into the content (following the fragment scrolls there but leaves focus on
        // the page, and adds a history entry)
        onClick={(e) => {
          e.preventDefault();
          focusMain();
        }}
        className="sr-only z-50 rounded bg-white p-3 font-semibold text-indigo-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* Two fixed rows (brand and who/where; then navigation), so the header's height does not
          depend on how much the status area holds and never wraps into a new shape. */}
      <header className="no-print bg-indigo-950 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 pt-2">
          <Brand />
          <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-1 text-sm">
            {/* the terminal's location is staff's to choose (docs/locations.md) */}
            {onPos && session.identity?.role !== 'customer' ? (
              <Link to="/pos/locations" className="inline-flex min-h-11 items-center underline">
                {/* one line of text, not flex items: the note keeps its space after the name */}
                <span>
                  {terminal ? `Location: ${terminal.name}` : 'Choose location'}
                  {/* with none chosen there is nothing to check: its code is not fetched */}
                  {terminal ? (
                    <Suspense fallback={null}>
                      <LocationProblemNote />
                    </Suspense>
                  ) : null}
                </span>
              </Link>
            ) : null}
            {session.identity ? (
              <Link to="/settings" className="inline-flex min-h-11 items-center">
                <span>
                  Signed in as {/* a long user ID wraps instead of widening the page */}
                  <strong className="wrap-anywhere">{session.identity.displayName}</strong>
                </span>
              </Link>
            ) : (
              <Link
                to="/settings"
                className="inline-flex min-h-11 items-center font-semibold underline"
              >
                Sign in
              </Link>
            )}
            {IS_DEMO_BUILD && isDemoMode(session.settings) ? <DemoTools /> : null}
          </div>
        </div>
        <nav aria-label="Main" className="mx-auto max-w-6xl px-2 pb-1">
          <ul className="flex flex-wrap gap-1">
            {nav.map(({ paths, label }) => {
              const current = paths.some((p) => matchPath(p, routed));
              return (
                <li key={label}>
                  <Link
                    to={paths[0]!}
                    aria-current={current ? 'page' : undefined}
                    className={`inline-flex min-h-11 items-center rounded px-3 font-medium hover:bg-indigo-800 focus-visible:outline-3 focus-visible:outline-white ${current ? 'bg-indigo-800 underline underline-offset-4' : ''}`}
                  >
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {/* with who is signed in: said as it changes, shown in the notice above the screen */}
        <SwitchAnnouncement />
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none">
        {/* the layout's notices are the screen's, not the paper's: a receipt printed while one
            is up must not carry it (a screen decides what of its own is printed) */}
        <div className="no-print">
          <SwitchedElsewhereNotice />
          {/* a real-backend build has no demo notice to show: its code is left out */}
          {IS_DEMO_BUILD ? <DemoNotice /> : null}
        </div>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
