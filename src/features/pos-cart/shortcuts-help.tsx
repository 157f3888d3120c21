import { shortcutSetting, useShortcutsEnabled } from './shortcut-setting';
import type { Shortcut } from './use-shortcuts';

/** The screen's keyboard shortcuts, listed where the cashier can see them. */
export function ShortcutsHelp({ shortcuts }: { shortcuts: Shortcut[] }) {
  const enabled = useShortcutsEnabled();
  return (
    <section
      aria-labelledby="shortcuts-heading"
      className="no-print rounded-lg border border-slate-200 bg-white p-4 text-sm"
    >
      <h2 id="shortcuts-heading" className="font-semibold text-slate-900">
        Keyboard shortcuts
      </h2>
      <p className="mt-1 text-slate-600">When you are not typing in a field.</p>
      <label className="mt-2 flex min-h-11 items-center gap-3 text-slate-900">
        <input
          type="checkbox"
          className="size-5 shrink-0"
          checked={enabled}
          onChange={(e) => shortcutSetting.set(e.target.checked)}
        />
        Single-key shortcuts on this terminal (turn off for speech input or switch access)
      </label>
      {!enabled && (
        <p className="mt-2 text-slate-800">
          Single-key shortcuts are off on this terminal: letter keys do nothing outside a field.
          Turn them on above to see and use them.
        </p>
      )}
      <dl className="mt-3 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2">
        {enabled &&
          shortcuts.map((s) => (
            <div key={s.key} className="contents">
              <dt>
                <kbd className="inline-flex min-w-7 justify-center rounded border border-slate-400 bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900 shadow-[0_1px_0_var(--color-slate-400)]">
                  {s.key.toUpperCase()}
                </kbd>
              </dt>
              <dd className="text-slate-800">{s.description}</dd>
            </div>
          ))}
        <div className="contents">
          <dt>
            <kbd className="inline-flex justify-center rounded border border-slate-400 bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900 shadow-[0_1px_0_var(--color-slate-400)]">
              Enter
            </kbd>
          </dt>
          <dd className="text-slate-800">Submit the field you are in (scanners send it)</dd>
        </div>
      </dl>
    </section>
  );
}
