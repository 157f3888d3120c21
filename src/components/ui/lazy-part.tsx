import { Component, type ComponentType, type ReactNode, lazy, useState } from 'react';
import { isChunkLoadError } from '@/components/api-error-alert';
import { importOnce } from '@/lib/import-once';

/** The code of a `lazyPart`, as its boundary handles it. */
export interface PartCode {
  /** Fetches the part's code (once; a failure is forgotten, so the next call asks again). */
  load: () => Promise<unknown>;
  /** After a failure: the next render asks for the code again, instead of failing at once. */
  reset: () => void;
  /** Whether its code is here: it then renders at once, without suspending. */
  loaded: () => boolean;
}

export type LazyPart<P extends object> = ComponentType<P> & PartCode;

/**
 * A part of a screen that is a chunk of its own (a dialog, a later step of the return wizard),
 * rendered inside a `<Suspense>` and a `PartBoundary`. Unlike `lazy` alone, a failed
 * fetch does not stick in the app: the next time the part is shown it asks again (a browser that
 * keeps the failure says no at once). Once the code is here the part renders directly (`lazy`
 * would suspend once more on its first render, a tick later).
 */
export function lazyPart<P extends object>(importer: () => Promise<ComponentType<P>>): LazyPart<P> {
  let Loaded: ComponentType<P> | undefined;
  let failed = false;
  const load = importOnce(() =>
    importer().then((C) => {
      Loaded = C;
      return C;
    }),
  );
  // `lazy` keeps a failure for good (React renders a failed part twice before giving up: the same
  // failure both times, one request): a new one is made when the part is tried again
  const fresh = () =>
    lazy(() =>
      load().then(
        (C) => ({ default: C }),
        (error: unknown) => {
          failed = true;
          throw error;
        },
      ),
    );
  let Pending = fresh();
  function Part(props: P) {
    // what this part was first drawn as, it stays: a part drawn as `Pending` whose code came
    // while React drew it (React then goes on with the lazy one it had begun) would otherwise be
    // drawn anew as `Loaded` at its next render, losing focus and what was typed in it
    const [Shown] = useState(() => Loaded ?? Pending);
    return <Shown {...props} />;
  }
  return Object.assign(Part, {
    load,
    reset: () => {
      if (!failed) return;
      failed = false;
      Pending = fresh();
    },
    loaded: () => Loaded !== undefined,
  });
}

interface PartBoundaryProps {
  /** The parts inside it, shown anew (or after `resetOn` changed): they ask for their code again. */
  parts: PartCode[];
  /** What shows in the parts' place when their code could not be fetched. */
  fallback: ReactNode;
  /** A change of this value clears a failure (the wizard moved to another step). */
  resetOn?: unknown;
  children: ReactNode;
}

/**
 * Where a `lazyPart` whose code could not be fetched (offline, or a file a new release replaced)
 * shows its `fallback`, in its own place: the screen around it, and whatever was typed there,
 * stays (the screen's boundary would replace it all). Any other error is the screen's: it goes
 * on up.
 */
export class PartBoundary extends Component<
  PartBoundaryProps,
  { error: unknown; failed: boolean }
> {
  override state = { error: null as unknown, failed: false };

  constructor(props: PartBoundaryProps) {
    super(props);
    // a part shown anew after a failure (a question closed, then asked again) asks again
    resetAll(props.parts);
  }

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidUpdate(prev: PartBoundaryProps) {
    if (this.state.failed && prev.resetOn !== this.props.resetOn) {
      resetAll(this.props.parts);
      this.setState({ error: null, failed: false });
    }
  }

  override render() {
    const { error, failed } = this.state;
    if (failed && !isChunkLoadError(error)) throw error;
    return failed ? this.props.fallback : this.props.children;
  }
}

const resetAll = (parts: PartCode[]) => parts.forEach((part) => part.reset());
