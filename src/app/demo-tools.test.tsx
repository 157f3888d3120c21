import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type DemoFaults,
  type DemoServiceControls,
  demoControls,
  demoStartFailed,
  startDemo,
} from '@/lib/demo';
import { FaultController, NO_FAULTS } from '@/mocks/faults';
import { DemoPanel } from './demo-tools';

function renderPanel() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <DemoPanel />
    </QueryClientProvider>,
  );
}

function fakeService(): DemoServiceControls {
  let current: DemoFaults = { latencyMs: 0, jitterMs: 0, failNext: 0, dropNext: 0 };
  const listeners = new Set<() => void>();
  return {
    reset: vi.fn(),
    faults: {
      get current() {
        return current;
      },
      max: { latencyMs: 30_000, jitterMs: 30_000, failNext: 1000, dropNext: 1000 },
      set: vi.fn((patch: Partial<DemoFaults>) => {
        current = { ...current, ...patch };
        listeners.forEach((l) => l());
      }),
      subscribe: (l) => {
        listeners.add(l);
        return () => void listeners.delete(l);
      },
    },
  };
}

afterEach(() => demoControls.set({ service: null, notice: null }));

describe('demoStartFailed', () => {
  it('names service workers when the browser has none', () => {
    const controls = demoStartFailed(new Error('no'), false);
    expect(controls.service).toBeNull();
    expect(controls.notice).toMatch(/needs service workers/);
    expect(controls.notice).toMatch(/Reload to try again, or set an API base URL in Settings/);
  });

  it('otherwise gives the reason, not a guess', () => {
    const controls = demoStartFailed(new Error('The script resource is behind a redirect'), true);
    expect(controls.notice).not.toMatch(/service workers/);
    expect(controls.notice).toContain('The script resource is behind a redirect');
  });
});

describe('startDemo', () => {
  // a browser with service workers (jsdom has none, which demoStartFailed would name instead)
  beforeEach(() =>
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true }),
  );
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('a start that never ends is said not to have started, and lets the requests go on', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let settled = false;
    void startDemo(() => new Promise<never>(() => {}), 20_000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(19_000);
    expect(settled).toBe(false);
    expect(demoControls.get()?.notice ?? null).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled).toBe(true);
    expect(demoControls.get()?.service).toBeNull();
    expect(demoControls.get()?.notice).toMatch(
      /did not start within 20 seconds.*Reload to try again/,
    );
  });

  it('one that starts after all takes the notice’s place', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const service = fakeService();
    let started!: (controls: { service: DemoServiceControls; notice: null }) => void;
    void startDemo(() => new Promise((resolve) => (started = resolve)), 20_000);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(demoControls.get()?.service).toBeNull();
    started({ service, notice: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(demoControls.get()).toEqual({ service, notice: null });
  });

  it('one that starts in time gives its controls, and one that fails says why', async () => {
    const service = fakeService();
    await startDemo(() => Promise.resolve({ service, notice: 'Demo data reset' }));
    expect(demoControls.get()).toEqual({ service, notice: 'Demo data reset' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await startDemo(() => Promise.reject(new Error('blocked')));
    expect(demoControls.get()?.service).toBeNull();
    expect(demoControls.get()?.notice).toContain('(blocked)');
  });
});

describe('the demo panel', () => {
  it('with a running service: reset and the fault controls, which reach the service', async () => {
    const service = fakeService();
    demoControls.set({ service, notice: null });
    renderPanel();
    expect(screen.getByRole('button', { name: 'Reset demo data' })).toBeInTheDocument();
    const delay = screen.getByRole('textbox', { name: 'Delay (ms)' });
    await userEvent.clear(delay);
    await userEvent.type(delay, '300');
    await userEvent.tab();
    expect(service.faults.current.latencyMs).toBe(300);
  });

  it('when the service did not start: why, and a reload; no controls that would do nothing', () => {
    demoControls.set(demoStartFailed(new Error('blocked'), true));
    renderPanel();
    expect(
      screen.getByText(/The demo service could not start in this browser \(blocked\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset demo data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Service faults' })).not.toBeInTheDocument();
  });
});

describe('the fault inputs', () => {
  // the service's own fault settings, which clamp what they are given
  function withService() {
    const faults = new FaultController();
    demoControls.set({ service: { reset: vi.fn(), faults }, notice: null });
    renderPanel();
    return faults;
  }
  const input = (name: string) => screen.getByRole('textbox', { name });
  const retype = async (field: HTMLElement, text: string) => {
    await userEvent.clear(field);
    if (text) await userEvent.type(field, text);
  };

  it('say the range each one takes', () => {
    withService();
    expect(input('Delay (ms)')).toHaveAccessibleDescription('From 0 to 30000');
    expect(input('Drop next N connections')).toHaveAccessibleDescription('From 0 to 1000');
  });

  it('apply a value when the user leaves the field or presses Enter, not halfway through', async () => {
    const faults = withService();
    const delay = input('Delay (ms)');
    await retype(delay, '250');
    expect(faults.current.latencyMs).toBe(0);
    await userEvent.tab();
    expect(faults.current.latencyMs).toBe(250);
    const fail = input('Fail next N requests (500)');
    await retype(fail, '3{Enter}');
    expect(faults.current.failNext).toBe(3);
  });

  it('an emptied field stays empty, says what it needs and leaves the service as it was', async () => {
    const faults = withService();
    const delay = input('Delay (ms)');
    await retype(delay, '250{Enter}');
    await retype(delay, '');
    await userEvent.tab();
    expect(delay).toHaveValue('');
    expect(delay).toBeInvalid();
    expect(delay).toHaveAccessibleDescription(
      'From 0 to 30000 Enter a whole number from 0 to 30000.',
    );
    expect(faults.current.latencyMs).toBe(250);
    await userEvent.type(delay, '400');
    expect(delay).toBeValid();
    expect(delay).toHaveAccessibleDescription('From 0 to 30000');
    await userEvent.tab();
    expect(faults.current.latencyMs).toBe(400);
  });

  it.each([
    ['Delay (ms)', '-5', '0 to 30000'],
    ['Delay (ms)', '40000', '0 to 30000'],
    ['Random extra delay (ms)', '1.5', '0 to 30000'],
    ['Fail next N requests (500)', '1001', '0 to 1000'],
    ['Drop next N connections', 'two', '0 to 1000'],
  ])(
    '%s: "%s" is kept as typed, not applied, with a message naming the range',
    async (name, typed, range) => {
      const faults = withService();
      const field = input(name);
      await retype(field, `${typed}{Enter}`);
      await userEvent.tab();
      expect(field).toHaveValue(typed);
      expect(field).toBeInvalid();
      expect(field).toHaveAccessibleDescription(
        `From ${range} Enter a whole number from ${range}.`,
      );
      expect(faults.current).toEqual(NO_FAULTS);
    },
  );

  it('take the bounds themselves as typed, not clamped', async () => {
    const faults = withService();
    const delay = input('Delay (ms)');
    await retype(delay, '30000{Enter}');
    expect(delay).toBeValid();
    expect(delay).toHaveValue('30000');
    expect(faults.current.latencyMs).toBe(30_000);
    await retype(input('Fail next N requests (500)'), '1000{Enter}');
    expect(faults.current.failNext).toBe(1000);
  });

  it('follow the service when it counts a value down itself', async () => {
    const faults = withService();
    const fail = input('Fail next N requests (500)');
    await retype(fail, '2{Enter}');
    act(() => faults.set({ failNext: 1 }));
    expect(fail).toHaveValue('1');
  });

  it('keep invalid text while the service changes under it', async () => {
    const faults = withService();
    act(() => faults.set({ failNext: 3 }));
    const fail = input('Fail next N requests (500)');
    await retype(fail, '5000{Enter}');
    act(() => faults.set({ failNext: 2 }));
    expect(fail).toHaveValue('5000');
    expect(fail).toBeInvalid();
    expect(faults.current.failNext).toBe(2);
  });
});
