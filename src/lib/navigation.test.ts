import { describe, expect, it, vi } from 'vitest';
import { type BlockerFunction, createTestHistory } from './navigation';

/** A history at `/a` whose router listener records what it was told. */
function setup() {
  const history = createTestHistory(['/a']);
  const seen: string[] = [];
  const unlisten = history.listen(({ location }) => seen.push(location.pathname));
  return { history, seen, unlisten };
}

const leavingPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname;

describe('BlockingHistory', () => {
  it('passes every navigation on while no blocker is set', () => {
    const { history, seen } = setup();
    history.push('/b');
    history.replace('/c');
    history.go(-1);
    expect(seen).toEqual(['/b', '/c', '/a']);
    expect(history.getBlocker().state).toBe('unblocked');
  });

  it('holds a push until proceed, and drops it on reset', () => {
    const { history, seen } = setup();
    history.setBlocker(leavingPage);
    const changes = vi.fn();
    history.subscribe(changes);

    history.push('/b');
    expect(seen).toEqual([]);
    expect(history.location.pathname).toBe('/a');
    const held = history.getBlocker();
    expect(held.state).toBe('blocked');
    held.reset?.();
    expect(history.getBlocker().state).toBe('unblocked');
    expect(history.location.pathname).toBe('/a');

    history.push('/b');
    history.getBlocker().proceed?.();
    expect(seen).toEqual(['/b']);
    expect(history.location.pathname).toBe('/b');
    expect(history.getBlocker().state).toBe('unblocked');
    expect(changes).toHaveBeenCalledTimes(4);
  });

  it('asks the blocker with the location shown and the one asked for', () => {
    const { history } = setup();
    const blocker = vi.fn<BlockerFunction>(() => false);
    history.setBlocker(blocker);
    history.push('/a?step=2');
    expect(blocker).toHaveBeenLastCalledWith({
      currentLocation: expect.objectContaining({ pathname: '/a', search: '' }),
      nextLocation: expect.objectContaining({ pathname: '/a', search: '?step=2' }),
    });
    history.replace('/z');
    expect(blocker).toHaveBeenLastCalledWith({
      currentLocation: expect.objectContaining({ pathname: '/a', search: '?step=2' }),
      nextLocation: expect.objectContaining({ pathname: '/z' }),
    });
  });

  it('undoes a blocked Back at once, and redoes it on proceed', () => {
    const { history, seen } = setup();
    history.push('/b');
    history.setBlocker(leavingPage);

    history.go(-1);
    // the router was never told, and the history is back where it was
    expect(seen).toEqual(['/b']);
    expect(history.location.pathname).toBe('/b');
    expect(history.getBlocker().state).toBe('blocked');

    history.getBlocker().reset?.();
    expect(history.location.pathname).toBe('/b');

    history.go(-1);
    history.getBlocker().proceed?.();
    expect(seen).toEqual(['/b', '/a']);
    expect(history.location.pathname).toBe('/a');
    // and Forward again is a normal navigation (the blocker only holds leaving /a now)
    history.go(1);
    expect(history.getBlocker().state).toBe('blocked');
  });

  it('answers count once: a second proceed on a blocked Back does not go back twice', () => {
    const { history, seen } = setup();
    history.push('/b');
    history.push('/c');
    history.setBlocker(leavingPage);
    history.go(-1);
    const { proceed, reset } = history.getBlocker();
    proceed?.();
    proceed?.(); // e.g. the guard's "saved meanwhile" effect and the dialog's Leave
    reset?.();
    expect(seen).toEqual(['/b', '/c', '/b']);
    expect(history.location.pathname).toBe('/b');
  });

  it('removing the blocker lets everything through and clears a held navigation', () => {
    const { history, seen } = setup();
    const remove = history.setBlocker(leavingPage);
    history.push('/b');
    expect(history.getBlocker().state).toBe('blocked');
    remove();
    expect(history.getBlocker().state).toBe('unblocked');
    history.push('/c');
    expect(seen).toEqual(['/c']);
  });

  it('a blocker replaced by another is not removed by the old one', () => {
    const { history } = setup();
    const removeOld = history.setBlocker(() => false);
    history.setBlocker(leavingPage);
    removeOld();
    history.push('/b');
    expect(history.getBlocker().state).toBe('blocked');
  });
});
