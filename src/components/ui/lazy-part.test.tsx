import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type LazyPart, PartBoundary, lazyPart } from './lazy-part';
import { PartNotLoaded } from './part-not-loaded';

// what a browser throws for a chunk it could not fetch
const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/part-x.js');

function Part({ label }: { label: string }) {
  return <button type="button">{label}</button>;
}

/** An importer that fails `failures` times, then gives `Part`. */
function flaky(failures: number) {
  let calls = 0;
  const importer = vi.fn(async () => {
    calls++;
    if (calls <= failures) throw chunkError();
    return Part;
  });
  return importer;
}

/** A screen with a field of its own and a button that asks for the part. */
function Screen({ Lazy }: { Lazy: LazyPart<{ label: string }> }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <label>
        Note <input />
      </label>
      <button type="button" onClick={() => setShown(true)}>
        Show the part
      </button>
      {shown ? (
        <PartBoundary
          parts={[Lazy]}
          fallback={<PartNotLoaded>The part could not be shown.</PartNotLoaded>}
        >
          <Suspense fallback={<p>Loading…</p>}>
            <Lazy label="Inside the part" />
          </Suspense>
        </PartBoundary>
      ) : null}
    </>
  );
}

class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>The screen failed</p> : this.props.children;
  }
}

// React reports each error a boundary caught
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

describe('lazyPart and PartBoundary', () => {
  it('says a part that did not load in its place, and keeps the screen and what was typed', async () => {
    const user = userEvent.setup();
    const importer = flaky(5);
    const Lazy = lazyPart(importer);
    render(
      // a screen of the app: its content is in <main>, where the news of a press takes focus
      <main>
        <Outer>
          <Screen Lazy={Lazy} />
        </Outer>
      </main>,
    );
    await user.type(screen.getByLabelText('Note'), 'kept');
    await user.click(screen.getByRole('button', { name: 'Show the part' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Part of the app did not load');
    expect(alert).toHaveTextContent('The part could not be shown.');
    // the way on, once the connection is back (the browser keeps the failed file failed)
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    // the screen is still there, with what was typed
    expect(screen.queryByText('The screen failed')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Note')).toHaveValue('kept');
    // the press asked for it: focus is on the news, not left on the button
    // the focused box has no role of its own to query it by
    await waitFor(() =>
      // eslint-disable-next-line testing-library/no-node-access
      expect(document.activeElement).toHaveTextContent('Part of the app did not loadThe part'),
    );
    // one request: React renders a failed part twice before giving up, with the same failure
    expect(importer).toHaveBeenCalledTimes(1);
    expect(Lazy.loaded()).toBe(false);
  });

  it('leaves focus in a field where it is', async () => {
    const Lazy = lazyPart(flaky(1));
    function Typing() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <label>
            Order <input onChange={() => setShown(true)} />
          </label>
          {shown ? (
            <PartBoundary parts={[Lazy]} fallback={<PartNotLoaded>Not shown.</PartNotLoaded>}>
              <Suspense fallback={null}>
                <Lazy label="Part" />
              </Suspense>
            </PartBoundary>
          ) : null}
        </>
      );
    }
    render(<Typing />);
    await userEvent.type(screen.getByLabelText('Order'), 'O');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText('Order')).toHaveFocus();
  });

  it('loads again when the part is next shown, after a failure that was never retried', async () => {
    const importer = flaky(1);
    const Lazy = lazyPart(importer);
    const { unmount } = render(<Screen Lazy={Lazy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show the part' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    unmount();

    render(<Screen Lazy={Lazy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show the part' }));
    expect(await screen.findByRole('button', { name: 'Inside the part' })).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('renders a loaded part at once, without suspending', async () => {
    const Lazy = lazyPart(flaky(0));
    await Lazy.load();
    render(<Screen Lazy={Lazy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show the part' }));
    // in the same render as the press: no fallback in between
    expect(screen.getByRole('button', { name: 'Inside the part' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('keeps a part whose code came while it was being drawn when the screen draws again', async () => {
    // a part with a field of its own: drawn anew, it would lose focus and what was typed
    let mounts = 0;
    function Field({ label }: { label: string }) {
      useEffect(() => void mounts++, []);
      return (
        <label>
          {label} <input />
        </label>
      );
    }
    // the code comes the moment it is asked for (its fetch was all but done): React goes on with
    // the part it had begun, as the lazy part it first drew
    const Lazy = lazyPart(
      () => new Promise<typeof Field>((resolve) => queueMicrotask(() => resolve(Field))),
    );
    const view = (count: number) => (
      <Suspense fallback={<p>Loading…</p>}>
        <p>Drawn {count} times</p>
        {count > 0 ? <Lazy label="Quantity" /> : null}
      </Suspense>
    );
    // as in the browser, outside act: React's own scheduling decides what it draws again
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    env.IS_REACT_ACT_ENVIRONMENT = false;
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    try {
      root.render(view(0));
      await screen.findByText('Drawn 0 times');
      // the next step is a transition, as the router's navigations are
      startTransition(() => root.render(view(1)));
      const field = await screen.findByRole('textbox', { name: 'Quantity' });
      field.focus();
      // the screen draws again (a box ticked)
      root.render(view(2));
      await screen.findByText('Drawn 2 times');
      expect(screen.getByRole('textbox', { name: 'Quantity' })).toBe(field);
      expect(field).toHaveFocus();
      expect(mounts).toBe(1);
    } finally {
      root.unmount();
      host.remove();
      env.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it("leaves any other error to the screen's boundary", async () => {
    function Broken(): ReactNode {
      throw new Error('a bug');
    }
    render(
      <Outer>
        <PartBoundary
          parts={[]}
          fallback={<PartNotLoaded>The part could not be shown.</PartNotLoaded>}
        >
          <Broken />
        </PartBoundary>
      </Outer>,
    );
    expect(screen.getByText('The screen failed')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clears a failure when resetOn changes', async () => {
    const Lazy = lazyPart(flaky(1));
    const view = (step: string) => (
      <PartBoundary
        parts={[Lazy]}
        resetOn={step}
        fallback={<PartNotLoaded>This step could not be shown.</PartNotLoaded>}
      >
        <Suspense fallback={<p>Loading…</p>}>
          {step === 'two' ? <Lazy label="Step two" /> : <p>Step one</p>}
        </Suspense>
      </PartBoundary>
    );
    const { rerender } = render(view('two'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    rerender(view('one'));
    expect(screen.getByText('Step one')).toBeInTheDocument();
    rerender(view('two'));
    await act(() => Promise.resolve());
    expect(await screen.findByRole('button', { name: 'Step two' })).toBeInTheDocument();
  });
});
