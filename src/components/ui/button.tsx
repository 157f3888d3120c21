import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants: Record<Variant, string> = {
  // a transparent border: drawn in the system's colour in forced colours, where the fill is not
  primary:
    'border border-transparent bg-indigo-700 text-white hover:bg-indigo-800 disabled:bg-indigo-300 aria-disabled:bg-indigo-300',
  secondary:
    'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-500 aria-disabled:text-slate-500',
  danger:
    'border border-red-700 bg-white text-red-800 hover:bg-red-50 disabled:text-red-300 aria-disabled:text-red-300',
  ghost:
    'text-indigo-800 underline-offset-2 hover:underline disabled:text-slate-500 aria-disabled:text-slate-500',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /**
   * Shows the pending label and blocks repeated presses. The button stays focusable meanwhile
   * (aria-disabled, presses ignored): a disabled button would drop the focus of the person who
   * pressed it to the page (Chrome), while its request runs.
   */
  pending?: boolean;
  pendingLabel?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A button at least 44 px tall (touch terminals), with a pending state that blocks repeats. */
export function Button({
  variant = 'primary',
  pending = false,
  pendingLabel,
  className = '',
  disabled,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  // a press while pending does nothing, a submit button's included (also the click a browser
  // makes on it for Enter in a field of its form)
  const press = (e: MouseEvent<HTMLButtonElement>) => {
    if (pending) e.preventDefault();
    else onClick?.(e);
  };
  return (
    <button
      type={type}
      disabled={disabled && !pending}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-base font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed aria-disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      onClick={press}
      {...rest}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
