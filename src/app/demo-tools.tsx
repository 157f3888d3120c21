import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { type DemoControls, type DemoFaults, demoControls } from '@/lib/demo';

function FaultsForm({ controls }: { controls: DemoControls }) {
  const faults = useSyncExternalStore(
    controls.faults.subscribe,
    () => controls.faults.current,
    () => controls.faults.current,
  );
  const field = (key: keyof DemoFaults, label: string) => (
    <label className="flex items-center justify-between gap-2 text-sm">
      {label}
      <input
        type="number"
        min={0}
        inputMode="numeric"
        value={faults[key]}
        onChange={(e) => controls.faults.set({ [key]: Number(e.target.value) })}
        className="min-h-11 w-24 rounded border border-slate-500 px-2"
      />
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">Service faults</legend>
      {field('latencyMs', 'Delay (ms)')}
      {field('jitterMs', 'Random extra delay (ms)')}
      {field('failNext', 'Fail next N requests (500)')}
      {field('dropNext', 'Drop next N connections')}
    </fieldset>
  );
}

/** The "Demo" badge and its tools: reset the demo data, inject latency and failures. */
export function DemoTools() {
  const controls = useSyncExternalStore(demoControls.subscribe, demoControls.get, demoControls.get);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <details className="relative">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full bg-amber-300 px-3 text-sm font-bold text-amber-950">
        Demo
      </summary>
      <div className="absolute right-0 z-20 mt-2 flex w-72 flex-col gap-4 rounded-md border border-slate-300 bg-white p-4 text-slate-900 shadow-lg">
        <p className="text-sm">
          All data comes from a demo service running in this browser. Changes are kept until you
          reset.
        </p>
        {controls ? (
          <>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Reset demo data
            </Button>
            {done ? (
              <p role="status" className="text-sm text-green-800">
                Demo data reset.
              </p>
            ) : null}
            <FaultsForm controls={controls} />
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="Reset demo data?"
              confirmLabel="Reset demo data"
              tone="danger"
              onConfirm={() => {
                controls.reset();
                queryClient.clear();
                setConfirming(false);
                setDone(true);
              }}
            >
              Carts, customers, returns and preferences go back to how the demo started.
            </ConfirmDialog>
          </>
        ) : (
          <p role="status" className="text-sm">
            Starting the demo service…
          </p>
        )}
      </div>
    </details>
  );
}
