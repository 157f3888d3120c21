import { useQuery } from '@tanstack/react-query';
import {
  type ChangeEvent,
  type Ref,
  useCallback,
  useDeferredValue,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { isUnauthorized } from '@/api/errors';
import { storeOf } from '@/api/connection';
import { locationsQueryOptions } from '@/api/locations';
import type { Location } from '@/api/schemas/location';
import { ApiErrorAlert, useLoadFailure } from '@/components/api-error-alert';
import { NotAllowed, SignInPrompt } from '@/components/sign-in-prompt';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { StatusMessage, useStatus } from '@/components/ui/status-message';
import { formatNumber } from '@/lib/format';
import { useConnection, useSession } from '@/lib/session';
import {
  type TerminalLocation,
  terminalLocationStore,
  useTerminalLocation,
} from '@/lib/terminal-location';
import {
  CAPABILITIES,
  type CapabilityKey,
  DEFAULT_FILTERS,
  type LocationFilters,
  filterLocations,
  indexLocations,
} from './location-filter';
import { LocationList } from './location-list';
import { locationProblem } from './location-problem';

const linkClass = 'mt-2 inline-flex min-h-11 items-center font-semibold text-indigo-800 underline';

/** Op 5 takes only the store's API key: a missing or refused key is fixed on the Connection screen. */
function ApiKeyProblem({ missing }: { missing: boolean }) {
  return (
    <Alert
      tone={missing ? 'warning' : 'error'}
      title={missing ? 'No API key is set' : 'The API key was not accepted'}
    >
      <p>
        {missing
          ? 'Listing store locations needs the store’s API key.'
          : 'The store refused the API key, so its locations cannot be listed.'}
      </p>
      <Link to="/settings" className={linkClass}>
        Check the API key in Connection settings
      </Link>
    </Alert>
  );
}

const countText = (shown: number, total: number) => {
  const noun = total === 1 ? 'location' : 'locations';
  if (shown === total) return `${formatNumber(total)} ${noun}`;
  if (shown === 0) return `No locations match (of ${formatNumber(total)})`;
  return `${formatNumber(shown)} of ${formatNumber(total)} ${noun}`;
};

const summaryClass = 'focus:outline-3 focus:outline-offset-2 focus:outline-indigo-600';

function TerminalSummary({
  terminal,
  locations,
  ref,
}: {
  terminal: TerminalLocation | null;
  locations: readonly Location[] | undefined;
  /** Its first line, focused when a confirmation that goes had focus. */
  ref: Ref<HTMLParagraphElement>;
}) {
  if (!terminal) {
    return (
      <p ref={ref} tabIndex={-1} className={summaryClass}>
        No location is chosen for this terminal yet. Choose one from the list.
      </p>
    );
  }
  const problem = locationProblem(terminal, locations);
  return (
    <div className="flex flex-col gap-2">
      <p ref={ref} tabIndex={-1} className={summaryClass}>
        This terminal’s location: <strong>{terminal.name}</strong>
        {terminal.city ? `, ${terminal.city}` : ''}
      </p>
      {problem ? (
        <Alert tone="warning">
          {terminal.name} is {problem}. Choose another location.
        </Alert>
      ) : null}
    </div>
  );
}

export function LocationsScreen() {
  const { identity } = useSession();
  // the terminal's location is the till's setting, for staff to choose: the list (which needs
  // only the store's API key) is not offered to a customer account, nor to nobody signed in. A
  // token typed in with no known role is let through, as on the other POS screens
  const staff = identity !== null && identity.role !== 'customer';
  if (!staff) {
    return (
      <Page title="Store locations">
        {identity ? (
          <NotAllowed message={CUSTOMER_LOCATIONS_MESSAGE} />
        ) : (
          <SignInPrompt message="Sign in with a staff account to choose this terminal's location." />
        )}
      </Page>
    );
  }
  return <StaffLocationsScreen />;
}

const CUSTOMER_LOCATIONS_MESSAGE =
  "Customer accounts cannot choose the POS terminal's location. Sign in with a staff (cashier) account.";

function StaffLocationsScreen() {
  const connection = useConnection();
  const terminal = useTerminalLocation();
  const hasKey = connection.apiKey.trim() !== '';
  const query = useQuery({ ...locationsQueryOptions(connection), enabled: hasKey });
  const { failure, recovered } = useLoadFailure(query);

  const [search, setSearch] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const [filters, setFilters] = useState<LocationFilters>(DEFAULT_FILTERS);
  // typing stays instant; the list catches up in a low-priority render
  const deferredSearch = useDeferredValue(search);
  const deferredFilters = useDeferredValue(filters);

  const index = useMemo(() => indexLocations(query.data ?? []), [query.data]);
  const results = useMemo(
    () => filterLocations(index, deferredSearch, deferredFilters),
    [index, deferredSearch, deferredFilters],
  );

  // said for the location chosen: once another is this terminal's (chosen in another tab), it
  // no longer holds, and goes
  const [confirmation, confirm] = useStatus<{ text: string; locationId: string }>();
  const choose = useCallback(
    (l: Location) => {
      terminalLocationStore.set({
        id: l.id,
        name: l.name,
        city: l.city,
        store: storeOf(connection),
      });
      confirm({
        text: `This terminal now uses ${l.name}${l.city ? `, ${l.city}` : ''}.`,
        locationId: l.id,
      });
    },
    [confirm, connection],
  );

  const toggle = (key: CapabilityKey) => (e: ChangeEvent<HTMLInputElement>) => {
    const on = e.target.checked;
    setFilters((f) => ({
      ...f,
      require: on ? [...f.require, key] : f.require.filter((k) => k !== key),
    }));
  };
  const filtered =
    search.trim() !== '' ||
    filters.require.length > 0 ||
    filters.showInactive !== DEFAULT_FILTERS.showInactive;
  // the button goes away once nothing is filtered: focus goes to the search, not to the page
  const clearAll = () => {
    setSearch('');
    setFilters(DEFAULT_FILTERS);
    searchRef.current?.focus();
  };

  const keyRefused = isUnauthorized(failure ?? query.error);

  const confirmed = confirmation !== null && confirmation.value.locationId === terminal?.id;
  // another tab's choice takes the confirmation back: focus that was on it (left on the page once
  // it is gone) goes to the summary, which names the location chosen there
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const wasConfirmed = useRef(false);
  useLayoutEffect(() => {
    if (wasConfirmed.current && !confirmed && document.activeElement === document.body) {
      summaryRef.current?.focus();
    }
    wasConfirmed.current = confirmed;
  }, [confirmed]);

  return (
    <Page title="Store locations" focusOnArrival={recovered || null}>
      <TerminalSummary ref={summaryRef} terminal={terminal} locations={query.data} />

      {/* the pressed button is replaced by "In use on this terminal": focus goes to the message */}
      <StatusMessage
        message={
          confirmed
            ? {
                id: confirmation.id,
                text: confirmation.value.text,
                actions: (
                  <Link to="/pos" className={linkClass}>
                    Go to the POS
                  </Link>
                ),
              }
            : null
        }
      />

      <section aria-labelledby="find-heading" className="flex flex-col gap-4">
        <h2 id="find-heading" className="sr-only">
          Find a location
        </h2>
        <div role="search" className="flex flex-col gap-4">
          <Field
            ref={searchRef}
            label="Search locations"
            hint="Name, city or pincode"
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="max-w-xl"
          />
          <fieldset className="flex flex-col gap-1">
            <legend className="font-medium text-slate-900">Filters</legend>
            <div className="flex flex-wrap gap-x-6">
              {CAPABILITIES.map((c) => (
                <label
                  key={c.key}
                  className="inline-flex min-h-11 cursor-pointer items-center gap-2"
                >
                  <input
                    type="checkbox"
                    className="size-5 accent-indigo-700"
                    checked={filters.require.includes(c.key)}
                    onChange={toggle(c.key)}
                  />
                  {c.label}
                </label>
              ))}
              <label className="inline-flex min-h-11 cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5 accent-indigo-700"
                  checked={filters.showInactive}
                  onChange={(e) => {
                    const showInactive = e.target.checked;
                    setFilters((f) => ({ ...f, showInactive }));
                  }}
                />
                Show inactive
              </label>
            </div>
          </fieldset>
        </div>
        {/* the Clear button's place is kept with or without it (beside the count, or under it on
            a narrow screen): the first key typed must not move the list down (a jump on screen,
            and every drawn card moved and measured again) */}
        <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-3">
          {/* polite: a count per keystroke would otherwise interrupt typing */}
          <p role="status" aria-live="polite" className="font-semibold text-slate-900">
            {query.data ? countText(results.length, query.data.length) : ''}
          </p>
          <div className="min-h-11">
            {filtered ? (
              <Button variant="ghost" onClick={clearAll}>
                Clear search and filters
              </Button>
            ) : null}
          </div>
        </div>
      </section>

      {!hasKey ? (
        <ApiKeyProblem missing />
      ) : keyRefused ? (
        <ApiKeyProblem missing={false} />
      ) : query.data ? (
        results.length === 0 ? (
          <p className="text-slate-800">No locations match the search and filters.</p>
        ) : (
          <LocationList locations={results} currentId={terminal?.id ?? null} onChoose={choose} />
        )
      ) : failure !== null ? (
        <ApiErrorAlert
          error={failure}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          subject="the store locations"
        />
      ) : (
        <Loading label="Loading store locations…" />
      )}
    </Page>
  );
}
