/**
 * `load`, started at most once at a time and shared by everyone who asks: the module's promise is
 * kept, except after a failure (a moment offline), so the next ask loads it again.
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
