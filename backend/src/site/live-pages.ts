import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Catalogue } from '../catalogue/catalogue';

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

/** The tour's events as the site renders them (frontend/scripts/prerender.mjs's tourEvents). */
export function siteEvents(catalogue: Catalogue): unknown[] {
  return catalogue.events().map((event) => ({
    slug: event.slug,
    city: event.city,
    venue: event.venue,
    localised: event.localised ?? {},
    date: event.date,
    timeZone: event.timeZone,
    status: event.status,
    priceMinor: event.priceMinor,
    currency: catalogue.currency,
    slots: event.slots.map((slot) => ({
      time: slot.time,
      startsAt: slot.startsAt,
      status: slot.status,
      capacity: slot.capacity,
    })),
  }));
}

/**
 * The prerendered pages kept true to the live tour. The build rendered them with one tour
 * (dist/prerendered/tour.json); once the tour in the log differs from it (another TOUR_FILE, the
 * demo tour, an operator's change), a page is rendered again with the live events by the build's
 * own entry (dist/prerendered/server/prerender.js) and kept per tour version, so each page is
 * rendered once per change. Without that entry, a stale page is not served at all: the caller
 * answers the plain index.html, which reads the tour from the API.
 */
export class LivePages {
  private readonly renderedWith: string | undefined;
  private readonly entryFile: string;
  private renderer: Promise<SiteRenderer> | undefined;
  private cache = new Map<string, Promise<string>>();
  private cachedVersion = -1;
  private cachedTour: { version: number; json: string } | undefined;

  constructor(
    private readonly distDir: string,
    private readonly catalogue: Catalogue,
    private readonly template: () => string,
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
    return this.liveTour() === this.renderedWith;
  }

  /** Whether stale pages can be rendered again here. */
  get canRender(): boolean {
    return existsSync(this.entryFile);
  }

  /** The page of `route` in `language`, rendered with the live tour. */
  page(route: string, language: string): Promise<string> {
    if (this.cachedVersion !== this.catalogue.version) {
      this.cache = new Map();
      this.cachedVersion = this.catalogue.version;
    }
    const key = `${language} ${route}`;
    let page = this.cache.get(key);
    if (!page) {
      page = this.render(route, language);
      this.cache.set(key, page);
      // A failed render is tried again by the next request, not remembered.
      page.catch(() => this.cache.get(key) === page && this.cache.delete(key));
    }
    return page;
  }

  private liveTour(): string {
    if (this.cachedTour?.version !== this.catalogue.version) {
      this.cachedTour = {
        version: this.catalogue.version,
        json: JSON.stringify(siteEvents(this.catalogue)),
      };
    }
    return this.cachedTour.json;
  }

  private async render(route: string, language: string): Promise<string> {
    this.renderer ??= import(pathToFileURL(this.entryFile).href) as Promise<SiteRenderer>;
    const { renderPage, pageDocument } = await this.renderer;
    const events = siteEvents(this.catalogue);
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
