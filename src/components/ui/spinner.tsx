/** A loading line; screen readers hear the label once. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-slate-700">
      <span
        aria-hidden="true"
        className="inline-block size-5 animate-spin rounded-full border-2 border-indigo-700 border-t-transparent motion-reduce:animate-none"
      />
      {label}
    </p>
  );
}
