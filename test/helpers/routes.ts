import type { Express } from 'express';
import pg from 'pg';
import { createApp } from '../../src/app.js';
import { useTestConfig } from './db.js';

export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The route table of an app built by createApp() exactly as the server builds it, readable while mocha
 * loads the test files (before the test database starts), so suites can generate one test per route. Its
 * session pool is never connected: this app only has its router read, never a request.
 */
export function appRouteTable(): RouteEntry[] {
  useTestConfig();
  return routeTable(createApp({ sessionPool: new pg.Pool({ max: 1 }) }));
}

/**
 * Every route the application answers, read from the Express router stack of the app itself (nested
 * routers included), so a route added to src/routes/ is covered by the security suite without anyone
 * remembering to list it. HEAD and OPTIONS are left out: Express derives them from GET.
 */
export function routeTable(app: Express): RouteEntry[] {
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  const found: RouteEntry[] = [];
  const walk = (stack: Layer[]): void => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of METHODS) {
          if (!layer.route.methods[method.toLowerCase()]) continue;
          for (const path of paths) found.push({ method, path });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk(router.stack);
  return found;
}

/** The route's path with its parameters filled in (`/bookings/:id` → `/bookings/<id>`). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}
