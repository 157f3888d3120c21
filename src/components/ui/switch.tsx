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

/** An accessible on/off switch (Radix: role=switch, Space/Enter toggle). */
export function Switch({ label, checked, onCheckedChange, disabled, hideLabel }: SwitchProps) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-3">
      <RadixSwitch.Root
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-label={hideLabel ? label : undefined}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-slate-600 bg-slate-300 transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50 data-[state=checked]:border-indigo-700 data-[state=checked]:bg-indigo-700"
      >
        <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.35rem]" />
      </RadixSwitch.Root>
      <span className={hideLabel ? 'sr-only' : ''}>{label}</span>
    </label>
  );
}
