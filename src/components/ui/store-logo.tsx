import { type ComponentProps, type ReactNode, useState } from 'react';
import { safeUrl } from '@/lib/safe-url';

/**
 * The store's logo, or `fallback` when it has none, its URL is not http(s), or the image fails
 * to load (a 404): a broken-image icon, and its alt text spilling out, are worse than no logo.
 */
export function StoreLogo({
  url,
  alt,
  fallback,
  ...img
}: { url: string | null | undefined; alt: string; fallback?: ReactNode } & Omit<
  ComponentProps<'img'>,
  'src' | 'alt' | 'onError'
>) {
  const src = safeUrl(url);
  // the address that failed: another logo URL (a config refetched) is tried afresh
  const [failed, setFailed] = useState<string>();
  if (src === null || src === failed) return fallback;
  return <img {...img} src={src} alt={alt} onError={() => setFailed(src)} />;
}
