import type { Plugin, Rolldown } from 'vite';

export type OutputBundle = Rolldown.OutputBundle;

/**
 * A vite plugin that rewrites the built index.html once the bundle is known (after vite's own
 * tags are in). `transform` gets the HTML, the output bundle and the app's base path.
 */
export function builtHtmlPlugin(
  name: string,
  transform: (html: string, bundle: OutputBundle, base: string) => string,
): Plugin {
  let base = '/';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return ctx.bundle ? transform(html, ctx.bundle, base) : html;
      },
    },
  };
}
