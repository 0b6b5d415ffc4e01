import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LiveTour } from '../tour/live-tour';
import { publicEvents, type PublicEvent } from '../tour/public-events';

/** The build's server-side entry (frontend/src/prerender.tsx), as the server uses it. */
interface SiteRenderer {
  renderPage(url: string, language: string, events: unknown[]): Promise<string>;
  pageDocument(
    template: string,
    rendered: string,
    language: string,
    events: unknown[],
    entryCode: string,
  ): string;
}

/**
 * The prerendered pages kept true to the live tour. The build rendered them with one tour
 * (dist/prerendered/tour.json); once the tour a visitor would be shown differs from it (another
 * TOUR_FILE, the demo tour, an operator's change, a slot whose registration has closed since), a
 * page is rendered again with the live events by the build's own entry
 * (dist/prerendered/server/prerender.js) and kept while the tour stays so, so each page is
 * rendered once per change. The tour is the one GET /api/events answers (publicEvents), so the
 * page the browser takes over shows what the API then says, without a jump. Without that entry,
 * a stale page is not served at all: the caller answers the plain index.html, which reads the
 * tour from the API.
 */
export class LivePages {
  private readonly renderedWith: string | undefined;
  private readonly entryFile: string;
  private renderer: Promise<SiteRenderer> | undefined;
  private cache = new Map<string, Promise<string>>();
  private cachedTour = '';

  constructor(
    private readonly distDir: string,
    private readonly catalogue: LiveTour,
    private readonly template: () => string,
    private readonly closeMinutesBefore: number,
  ) {
    const manifest = path.join(distDir, 'prerendered', 'tour.json');
    this.renderedWith = existsSync(manifest)
      ? JSON.stringify(JSON.parse(readFileSync(manifest, 'utf8')))
      : undefined;
    this.entryFile = path.join(distDir, 'prerendered', 'server', 'prerender.js');
  }

  /**
   * Whether the build's page may be served as it is: it was rendered with the live tour (or
   * the build did not say with which, as before it did).
   */
  current(): boolean {
    if (this.renderedWith === undefined) return true;
    return JSON.stringify(this.liveEvents()) === this.renderedWith;
  }

  /** Whether stale pages can be rendered again here. */
  get canRender(): boolean {
    return existsSync(this.entryFile);
  }

  /** The page of `route` in `language`, rendered with the live tour. */
  page(route: string, language: string): Promise<string> {
    const events = this.liveEvents();
    const tour = JSON.stringify(events);
    if (this.cachedTour !== tour) {
      this.cache = new Map();
      this.cachedTour = tour;
    }
    const key = `${language} ${route}`;
    let page = this.cache.get(key);
    if (!page) {
      page = this.render(route, language, events);
      this.cache.set(key, page);
      // A failed render is tried again by the next request, not remembered.
      page.catch(() => this.cache.get(key) === page && this.cache.delete(key));
    }
    return page;
  }

  private liveEvents(): PublicEvent[] {
    return publicEvents(this.catalogue, new Date(), this.closeMinutesBefore);
  }

  private async render(route: string, language: string, events: PublicEvent[]): Promise<string> {
    this.renderer ??= import(pathToFileURL(this.entryFile).href) as Promise<SiteRenderer>;
    const { renderPage, pageDocument } = await this.renderer;
    const rendered = await renderPage(route, language, events);
    const template = this.template();
    const entry = /<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/.exec(template)?.[1];
    const entryCode =
      entry && existsSync(path.join(this.distDir, entry))
        ? readFileSync(path.join(this.distDir, entry), 'utf8')
        : '';
    return pageDocument(template, rendered, language, events, entryCode);
  }
}
