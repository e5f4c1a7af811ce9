/**
 * What `npm start` adds to Vite's dev server: the mock API and the production security headers.
 */
import type { Plugin } from 'vite';
import { securityHeadersFor } from '../security-headers.ts';

/**
 * The mock API inside the dev server: one process, one port (loaded through Vite's SSR loader),
 * speaking as the brand of the config folder the app is built from (mock-server/brand.ts).
 */
export function mockApi(configDir: string): Plugin {
  return {
    name: 'mock-api',
    async configureServer(server) {
      type Mod = typeof import('../../mock-server/app.ts');
      type Brand = typeof import('../../mock-server/brand.ts');
      const { createApp } = (await server.ssrLoadModule('/mock-server/app.ts')) as Mod;
      const { brandOfConfig } = (await server.ssrLoadModule('/mock-server/brand.ts')) as Brand;
      // absolute urls (service, game pages) on the address the dev server listens on, unless MOCK_PUBLIC_ORIGIN says otherwise
      const publicOrigin = process.env.MOCK_PUBLIC_ORIGIN ?? `http://localhost:${server.config.server.port ?? 5173}`;
      server.middlewares.use(createApp({ latencyMs: Number(process.env.MOCK_LATENCY_MS) || 0, publicOrigin, brand: brandOfConfig(configDir) }));
    },
  };
}

/** `npm start` sends the production security headers too, with the dev server's own allowances (see scripts/security-headers.ts). */
export function devSecurityHeaders(): Plugin {
  return {
    name: 'dev-security-headers',
    configureServer(server) {
      server.middlewares.use(securityHeadersFor({ dev: { port: server.config.server.port ?? 5173 } }));
    },
  };
}
