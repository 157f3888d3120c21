import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_PREFIX, createStoredValue } from './storage';

const KEY = `${APP_PREFIX}test-value`;
const isNumber = (raw: unknown) => (typeof raw === 'number' ? raw : null);

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('createStoredValue', () => {
  it('starts from what is stored, or the fallback when nothing (or nonsense) is', () => {
    expect(createStoredValue(KEY, isNumber, 7).get()).toBe(7);
    localStorage.setItem(KEY, '"seven"');
    expect(createStoredValue(KEY, isNumber, 7).get()).toBe(7);
    localStorage.setItem(KEY, '3');
    expect(createStoredValue(KEY, isNumber, 7).get()).toBe(3);
  });

  it('stores what is set, tells subscribers, and clears back to the fallback', () => {
    const value = createStoredValue(KEY, isNumber, 7);
    const listener = vi.fn();
    const unsubscribe = value.subscribe(listener);
    value.set(5);
    expect(value.get()).toBe(5);
    expect(localStorage.getItem(KEY)).toBe('5');
    value.clear();
    expect(value.get()).toBe(7);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    value.set(1);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('follows storage cleared or changed underneath it (so one test cannot leak into the next)', () => {
    const value = createStoredValue(KEY, isNumber, 7);
    value.set(5);
    localStorage.clear();
    expect(value.get()).toBe(7);
    localStorage.setItem(KEY, '9');
    expect(value.get()).toBe(9);
  });

  it('tells subscribers when another tab changes it, and only for its own key', () => {
    const value = createStoredValue(KEY, isNumber, 7);
    const listener = vi.fn();
    const unsubscribe = value.subscribe(listener);
    // another tab's write: storage changes, then the page gets a storage event
    localStorage.setItem(KEY, '4');
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: '4' }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(value.get()).toBe(4);
    window.dispatchEvent(new StorageEvent('storage', { key: `${APP_PREFIX}other` }));
    expect(listener).toHaveBeenCalledTimes(1);
    // another tab cleared storage
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(value.get()).toBe(7);
    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('gives the same object back while storage is unchanged (useSyncExternalStore needs that)', () => {
    localStorage.setItem(KEY, '{"n":1}');
    const value = createStoredValue(KEY, (raw) => raw as { n: number }, null);
    expect(value.get()).toBe(value.get());
  });

  it('keeps a value storage refuses for this page view', () => {
    const value = createStoredValue(KEY, isNumber, 7);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    value.set(5);
    expect(value.get()).toBe(5);
  });
});
