import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type DemoFaults,
  type DemoServiceControls,
  demoControls,
  demoStartFailed,
} from '@/lib/demo';
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

describe('the demo panel', () => {
  it('with a running service: reset and the fault controls, which reach the service', async () => {
    const service = fakeService();
    demoControls.set({ service, notice: null });
    renderPanel();
    expect(screen.getByRole('button', { name: 'Reset demo data' })).toBeInTheDocument();
    const delay = screen.getByRole('spinbutton', { name: 'Delay (ms)' });
    await userEvent.clear(delay);
    await userEvent.type(delay, '300');
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
