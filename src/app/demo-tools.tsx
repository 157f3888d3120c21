import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { type DemoFaults, type DemoServiceControls, demoControls } from '@/lib/demo';
import { sessionStore } from '@/lib/session';

function FaultsForm({ controls }: { controls: DemoServiceControls['faults'] }) {
  const faults = useSyncExternalStore(
    controls.subscribe,
    () => controls.current,
    () => controls.current,
  );
  const field = (key: keyof DemoFaults, label: string) => (
    <label className="flex items-center justify-between gap-2 text-sm">
      {label}
      <input
        type="number"
        min={0}
        inputMode="numeric"
        value={faults[key]}
        onChange={(e) => controls.set({ [key]: Number(e.target.value) })}
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

/**
 * What the "Demo" badge opens: reset the demo data, inject latency and failures. The badge itself
 * is in the layout (so the header never moves when this chunk arrives); this panel, with the
 * dialog library under it, is loaded after the first paint.
 */
export function DemoPanel() {
  const controls = useSyncExternalStore(demoControls.subscribe, demoControls.get, demoControls.get);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  if (!controls) return <DemoStarting />;
  const { service } = controls;
  if (!service) {
    return (
      <>
        <p className="text-sm">{controls.notice}</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </>
    );
  }
  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Reset demo data
      </Button>
      {done ? (
        <p role="status" className="text-sm text-green-800">
          Demo data reset.
        </p>
      ) : null}
      <FaultsForm controls={service.faults} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reset demo data?"
        confirmLabel="Reset demo data"
        tone="danger"
        onConfirm={() => {
          service.reset();
          // the app's own records of the old demo data (returns made, drafts, recent carts) go
          // too; who is signed in stays
          sessionStore.clearRecords();
          queryClient.clear();
          setConfirming(false);
          setDone(true);
        }}
      >
        Carts, customers, returns and preferences go back to how the demo started.
      </ConfirmDialog>
    </>
  );
}

export function DemoStarting() {
  return (
    <p role="status" className="text-sm">
      Starting the demo service…
    </p>
  );
}
