import {
  type ReactNode,
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import {
  type Location,
  type To,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
} from 'react-router';

type BaseHistory = ReturnType<typeof createBrowserHistory>;
type Listener = Parameters<BaseHistory['listen']>[0];
type Update = Parameters<Listener>[0];
type Path = Pick<Location, 'pathname' | 'search' | 'hash'>;

/** Says whether leaving `currentLocation` for `nextLocation` must be confirmed first. */
export type BlockerFunction = (args: { currentLocation: Path; nextLocation: Path }) => boolean;

export type Blocker =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

const UNBLOCKED: Blocker = { state: 'unblocked' };

/**
 * The app's history: the router's own, with one addition, a blocker. While a screen has
 * registered one (`useBlocker`) and it says so, a navigation does not happen but waits for the
 * screen's answer: `proceed` makes it, `reset` drops it. A link or `navigate()` is simply held; a
 * Back or Forward (the browser has already moved) is undone at once and redone on `proceed`.
 *
 * This is the one thing the declarative router lacks beside the data router, which costs about
 * 16 KB gzip more on every route (docs/performance.md).
 */
export class BlockingHistory {
  private blockerFn: BlockerFunction | null = null;
  private blocker: Blocker = UNBLOCKED;
  private subscribers = new Set<() => void>();
  /** Pops the blocker caused itself (undoing a blocked Back, redoing it on proceed). */
  private ownPops: { forward: boolean }[] = [];
  /** The location the router shows (for a pop, the browser's is already the next one). */
  private current: Path;
  /**
   * The router has shown another location than the one the visit began at. A Back to that first
   * entry is a move like any other (its location key is "default" again, as at the start). Read
   * while rendering: it changes only with a location the router then renders.
   */
  moved = false;

  constructor(readonly base: BaseHistory) {
    this.current = base.location;
  }

  get action() {
    return this.base.action;
  }
  get location() {
    return this.base.location;
  }
  createHref = (to: To) => this.base.createHref(to);
  createURL = (to: To) => this.base.createURL(to);
  encodeLocation = (to: To) => this.base.encodeLocation(to);

  push = (to: To, state?: unknown) => {
    this.guard(to, () => this.base.push(to, state));
  };
  replace = (to: To, state?: unknown) => {
    this.guard(to, () => this.base.replace(to, state));
  };
  go = (delta: number) => this.base.go(delta);

  listen = (fn: Listener) =>
    this.base.listen((update: Update) => {
      const own = this.ownPops.shift();
      if (own) {
        // the undo of a blocked pop: the router never saw the move, so nothing to tell it
        if (!own.forward) return;
      } else if (update.action === 'POP' && update.delta && this.blocks(update.location)) {
        const delta = update.delta;
        this.ownPops.push({ forward: false });
        this.base.go(-delta);
        this.block(() => {
          this.ownPops.push({ forward: true });
          this.base.go(delta);
        });
        return;
      }
      this.current = update.location;
      this.moved = true;
      fn(update);
    });

  /** Registers the screen's blocker; the returned function removes it. */
  setBlocker(fn: BlockerFunction) {
    this.blockerFn = fn;
    return () => {
      if (this.blockerFn !== fn) return;
      this.blockerFn = null;
      this.setState(UNBLOCKED);
    };
  }

  getBlocker = () => this.blocker;

  subscribe = (fn: () => void) => {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  };

  private blocks(next: Path) {
    return this.blockerFn?.({ currentLocation: this.current, nextLocation: next }) ?? false;
  }

  private guard(to: To, go: () => void) {
    const next = this.base.encodeLocation(to);
    if (this.blocks(next)) this.block(go);
    else go();
  }

  private block(go: () => void) {
    // each answer counts once, and only while this is still the blocker's question: a second
    // proceed on a blocked Back would otherwise go back twice
    const blocked: Blocker = {
      state: 'blocked',
      proceed: () => {
        if (this.blocker !== blocked) return;
        this.setState(UNBLOCKED);
        go();
      },
      reset: () => {
        if (this.blocker === blocked) this.setState(UNBLOCKED);
      },
    };
    this.setState(blocked);
  }

  private setState(next: Blocker) {
    this.blocker = next;
    for (const fn of this.subscribers) fn();
  }
}

export const createAppHistory = () => new BlockingHistory(createBrowserHistory({ v5Compat: true }));

export const createTestHistory = (initialEntries: string[]) =>
  new BlockingHistory(createMemoryHistory({ initialEntries, v5Compat: true }));

const HistoryContext = createContext<BlockingHistory | null>(null);

/** The router over the app's history (`createAppHistory`, or `createTestHistory` in tests). */
export function AppRouter({
  history,
  children,
}: {
  history: BlockingHistory;
  children: ReactNode;
}) {
  return (
    <HistoryContext value={history}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </HistoryContext>
  );
}

/**
 * Whether this is the screen the visit began at, not yet moved from: the browser's own start
 * (the skip link first) is kept there, while every screen reached by a move, including a Back to
 * the first one, puts focus on its heading (Page). Outside `<AppRouter>` (a screen rendered on
 * its own in a test), the first location of its router.
 */
export function useIsVisitStart(): boolean {
  const history = useContext(HistoryContext);
  const key = useLocation().key;
  return history ? !history.moved : key === 'default';
}

/**
 * Holds in-app navigation while `shouldBlock` says so (the data router's `useBlocker`, for the
 * declarative router). One screen at a time may block.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('useBlocker needs <AppRouter>');
  // registered once per screen (a new registration would drop a navigation being held); the
  // latest predicate is read when a navigation comes
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => history.setBlocker((args) => latest.current(args)), [history]);
  return useSyncExternalStore(history.subscribe, history.getBlocker, history.getBlocker);
}
