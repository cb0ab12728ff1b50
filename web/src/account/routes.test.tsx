import { readFileSync } from 'node:fs';
import type { ReactElement, ReactNode } from 'react';
import { createRoutesFromChildren, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountRoutes } from './routes';

/** The server's list of the account area's routes: it answers every other /account path 404. */
const SERVER_ROUTES_FILE = new URL('../../../server/masthead/web/account_routes.json', import.meta.url);

/** Every path the router has a screen for, relative to /account ('' is /account itself). */
function screenPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.index ? parent : [parent, route.path ?? ''].filter(Boolean).join('/');
    const own = route.element && !route.children?.length && route.path !== '*' ? [path] : [];
    return [...own, ...screenPaths(route.children ?? [], path)];
  });
}

describe("the account area's routes", () => {
  it('are the ones the server knows (server/masthead/web/account_routes.json)', () => {
    const table = createRoutesFromChildren((AccountRoutes() as ReactElement<{ children: ReactNode }>).props.children);
    const routerPaths = screenPaths(table).map((path) => path.replace(/^\/?account\/?/, ''));
    const serverPaths = (JSON.parse(readFileSync(SERVER_ROUTES_FILE, 'utf-8')) as { routes: string[] }).routes;
    expect([...routerPaths].sort()).toEqual([...serverPaths].sort());
  });
});
