import type { Plugin } from 'vite';

/**
 * index.html's entry is the small start-up script (src/boot.ts), which imports the app (src/main.tsx)
 * only once the viewer's first image is drawn. This adds a `prefetch` link for the app's chunk and every
 * chunk it imports statically to the built index.html, so they download meanwhile, at low priority, and
 * are compiled only when imported. (`modulepreload` was measured to hold the first image back by
 * ~0.3 s on a cold 2-core machine: the browser compiles preloaded modules while the image is on its way.)
 */
export function prefetchApp(entry = '/src/main.tsx'): Plugin {
  let base = '/';
  return {
    name: 'cardiomap-prefetch-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = new Map<string, { imports: string[]; isEntry: boolean }>();
        let app: string | undefined;
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          chunks.set(output.fileName, output);
          if (output.facadeModuleId?.endsWith(entry)) app = output.fileName;
        }
        if (!app) throw new Error(`prefetchApp: no chunk for ${entry} in the bundle`);
        const files = new Set<string>();
        const visit = (file: string) => {
          // The entry itself is index.html's script already.
          if (files.has(file) || chunks.get(file)?.isEntry) return;
          files.add(file);
          for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
        };
        visit(app);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'prefetch', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
