import * as RadixSwitch from '@radix-ui/react-switch';

export interface SwitchProps {
  /** Accessible name, e.g. "Promotional SMS". */
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Hide the visible label (the name stays for assistive technology). */
  hideLabel?: boolean;
}

/*
 * High-contrast (forced colours) mode paints every background the page's Canvas: the thumb would
 * vanish and on would look like off. There the switch picks system colours itself: an outlined
 * track with a solid thumb when off, a Highlight track with a HighlightText thumb when on.
 */
const FORCED_ROOT =
  'forced-colors:forced-color-adjust-none forced-colors:border-[CanvasText] forced-colors:bg-[Canvas] forced-colors:focus-visible:outline-[CanvasText] forced-colors:data-[state=checked]:border-[Highlight] forced-colors:data-[state=checked]:bg-[Highlight]';
const FORCED_THUMB =
  'forced-colors:forced-color-adjust-none forced-colors:bg-[CanvasText] forced-colors:data-[state=checked]:bg-[HighlightText]';

/** An accessible on/off switch (Radix: role=switch, Space/Enter toggle). */
export function Switch({ label, checked, onCheckedChange, disabled, hideLabel }: SwitchProps) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-3">
      <RadixSwitch.Root
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-label={hideLabel ? label : undefined}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-slate-600 bg-slate-300 transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50 data-[state=checked]:border-indigo-700 data-[state=checked]:bg-indigo-700 motion-reduce:transition-none ${FORCED_ROOT}`}
      >
        <RadixSwitch.Thumb
          className={`block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.35rem] motion-reduce:transition-none ${FORCED_THUMB}`}
        />
      </RadixSwitch.Root>
      <span className={hideLabel ? 'sr-only' : ''}>{label}</span>
    </label>
  );
}
