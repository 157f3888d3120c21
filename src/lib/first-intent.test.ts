import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFirstIntent } from './first-intent';

describe('onFirstIntent', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('runs each waiting function once, at the first key or pointer press', () => {
    const a = vi.fn();
    const b = vi.fn();
    stops.push(onFirstIntent(a), onFirstIntent(b));
    expect(a).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'x' }));
    window.dispatchEvent(new Event('pointerdown'));
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('one that stopped waiting is not run; a pointer press counts too', () => {
    const gone = vi.fn();
    const kept = vi.fn();
    onFirstIntent(gone)();
    stops.push(onFirstIntent(kept));
    window.dispatchEvent(new Event('pointerdown'));
    expect(gone).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledTimes(1);
  });

  it('listens no longer once nothing waits', () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    onFirstIntent(() => undefined)();
    expect(remove.mock.calls.map(([type]) => type)).toEqual(['pointerdown', 'keydown']);
    remove.mockRestore();
  });
});
