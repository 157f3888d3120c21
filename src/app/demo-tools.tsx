import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { StatusMessage, useStatus } from '@/components/ui/status-message';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { type DemoFaults, type DemoServiceControls, demoControls } from '@/lib/demo';
import { sessionStore } from '@/lib/session';

/** The typed text as a value the service takes unchanged (0 to `max`), or null. */
function parseFault(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= max ? n : null;
}

// No form library: there is nothing to submit. A value applies when the user leaves the field or
// presses Enter, not on each keystroke: typing 1001 would otherwise set 1, 10 and 100 on the way
// and leave the service holding a value nobody asked for.
function FaultField({
  max,
  label,
  value,
  onValid,
}: {
  max: number;
  label: string;
  value: number;
  onValid: (value: number) => void;
}) {
  // what the user is typing, kept as typed; null shows the service's value, which the service
  // changes itself too (each failed request counts "fail next" down)
  const [text, setText] = useState<string | null>(null);
  const invalid = text !== null && parseFault(text, max) === null;
  const range = `0 to ${max}`;
  const apply = () => {
    if (text === null) return;
    const next = parseFault(text, max);
    // invalid text stays, with its message, and the service keeps its value
    if (next === null) return;
    onValid(next);
    setText(null);
  };
  return (
    <Field
      label={label}
      hint={`From ${range}`}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={text ?? String(value)}
      error={invalid ? `Enter a whole number from ${range}.` : undefined}
      onChange={(e) => setText(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      className="text-sm"
    />
  );
}

function FaultsForm({ controls }: { controls: DemoServiceControls['faults'] }) {
  const faults = useSyncExternalStore(
    controls.subscribe,
    () => controls.current,
    () => controls.current,
  );
  const field = (name: keyof DemoFaults, label: string) => (
    <FaultField
      max={controls.max[name]}
      label={label}
      value={faults[name]}
      onValid={(value) => controls.set({ [name]: value })}
    />
  );
  return (
    <fieldset className="flex flex-col gap-3">
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
  // a live region always in the panel: each reset is heard, the second as the first
  const [status, showStatus] = useStatus<string>();
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
      <StatusMessage message={status && { id: status.id, text: status.value }} />
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
          // every cached answer is of the old data: each screen on show reads again. Not
          // clear(): a screen on show would keep its removed query, and the answers of its
          // later actions would go to a new one it never sees (the old figures would stay)
          void queryClient.resetQueries();
          showStatus('Demo data reset.');
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
