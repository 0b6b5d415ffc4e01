import { waitFor } from '@testing-library/react';
import { isValidElement, type ReactNode } from 'react';
import { createRoutesFromElements, matchRoutes, Routes, type RouteObject } from 'react-router';
// The one list of the site's routes, which the server answers with 200 (any other path, 404).
import siteRoutes from '../../../backend/src/site/site-routes.json';
import { ConsoleLayout, Layout } from './layout';
import { AppRoutes, lazyPageAt, preloadPageCode, preloadPageCodeOnIntent } from './routes';

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

  it('draw every Command Center page in the console’s frame, every other page in the site’s', () => {
    const frameOf = (path: string) => {
      const frame = matchRoutes(routes, path)?.at(0)?.route.element;
      return isValidElement(frame) ? frame.type : undefined;
    };
    for (const route of siteRoutes) {
      expect([route, frameOf(route.replace(/:[^/]+/g, 'some-id'))]).toEqual([
        route,
        route === '/admin' || route.startsWith('/admin/') ? ConsoleLayout : Layout,
      ]);
    }
  });

  const pageAt = (path: string) => {
    const page = lazyPageAt(path);
    if (!page) throw new Error(`${path} is not a page loaded on its own`);
    // The very page the site draws there.
    const drawn = matchRoutes(routes, path)?.at(-1)?.route.element;
    expect(isValidElement(drawn) && drawn.type).toBe(page);
    return page;
  };

  it("load the code of the page at an address ahead of the first render, and only that page's", async () => {
    expect(pageAt('/past-events').isLoaded()).toBe(false);
    await preloadPageCode({ pathname: '/past-events' });
    expect(pageAt('/past-events').isLoaded()).toBe(true);
    expect(pageAt('/press').isLoaded()).toBe(false);
    // The home page is part of the site's entry: nothing to load.
    await expect(preloadPageCode({ pathname: '/' })).resolves.toBeUndefined();
  });

  it('load the code of the page a link leads to when the pointer comes over it or it is focused', async () => {
    document.body.innerHTML = `
      <a href="/who-we-are"><span>Who we are</span></a>
      <a href="/creator">The creator</a>
      <a href="https://elsewhere.example/press">Elsewhere</a>`;
    const [inside, focused, elsewhere] = [
      document.querySelector('a[href="/who-we-are"] span')!,
      document.querySelector<HTMLAnchorElement>('a[href="/creator"]')!,
      document.querySelector('a[href^="https:"]')!,
    ];
    const stop = preloadPageCodeOnIntent(document);
    try {
      elsewhere.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
      expect(pageAt('/press').isLoaded()).toBe(false);
      expect(pageAt('/who-we-are').isLoaded()).toBe(false);
      inside.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
      await waitFor(() => expect(pageAt('/who-we-are').isLoaded()).toBe(true));
      expect(pageAt('/creator').isLoaded()).toBe(false);
      focused.focus();
      await waitFor(() => expect(pageAt('/creator').isLoaded()).toBe(true));
      expect(pageAt('/press').isLoaded()).toBe(false);
    } finally {
      stop();
      document.body.innerHTML = '';
    }
  });
});
