import { isValidElement, type ReactNode } from 'react';
import { createRoutesFromElements, matchRoutes, Routes, type RouteObject } from 'react-router';
// The one list of the site's routes, which the server answers with 200 (any other path, 404).
import siteRoutes from '../../../backend/src/site/site-routes.json';
import { AppRoutes } from './routes';

/** The <Route> tree inside the <Routes> that AppRoutes renders. */
function routesOf(node: ReactNode): RouteObject[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  if (node.type === Routes) return createRoutesFromElements(node.props.children);
  return [node.props.children].flat().flatMap(routesOf);
}

/** The full path of every page of the router, '*' (the 404 page) included. */
function pagePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.path === undefined ? parent : `${parent}/${route.path.replace(/^\//, '')}`;
    if (route.children?.length) return pagePaths(route.children, here);
    return [route.index ? parent || '/' : here];
  });
}

describe('the routes of the site', () => {
  const routes = routesOf(AppRoutes());

  it('are the list the server answers with 200, plus the 404 page', () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(pagePaths(routes).sort()).toEqual([...siteRoutes, '/*'].sort());
  });

  it('lead each listed path to its page, and any other to the 404 page', () => {
    const leafPath = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;
    for (const route of siteRoutes) {
      expect([route, leafPath(route.replace(/:[^/]+/g, 'some-id'))]).not.toEqual([route, '*']);
    }
    expect(leafPath('/no-such-page')).toBe('*');
    expect(leafPath('/confirmation/some-id/more')).toBe('*');
  });
});
