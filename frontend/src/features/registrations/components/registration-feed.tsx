import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { AdminRegistration } from '../api/admin-registration';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { RegistrationCard } from './registration-card';

/** A first guess of a card's height; each card is measured once drawn. */
const ESTIMATED_CARD_HEIGHT = 300;

/**
 * The registrations as a WAI-ARIA feed that draws only the cards on screen (TanStack Virtual)
 * and asks for the next page as its end comes into view. Each card is an article that says its
 * place in the whole list; Page Down and Page Up move between cards, as the feed pattern asks.
 */
export function RegistrationFeed({
  registrations,
  setSize,
  hasMore,
  loadingMore,
  loadMore,
  labelledBy,
  listKey,
}: {
  registrations: AdminRegistration[];
  /** How many match, when known. */
  setSize: number | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  labelledBy: string;
  /** Changes with the search and filters: a new list starts at its top. */
  listKey: string;
}) {
  const t = useAdminText();
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = registrations.length + (hasMore ? 1 : 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's own hook
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: 3,
    getItemKey: (index) => registrations[index]?.id ?? 'more',
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [listKey]);

  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= registrations.length - 1) loadMore();
  }, [hasMore, loadingMore, lastShown, registrations.length, loadMore]);

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-feed-index]');
    const from = current ? Number(current.dataset.feedIndex) : -1;
    const to = Math.min(
      Math.max(from + (event.key === 'PageDown' ? 1 : -1), 0),
      registrations.length - 1,
    );
    if (to < 0 || to === from) return;
    event.preventDefault();
    virtualizer.scrollToIndex(to, { align: 'start' });
    const focus = (attempts: number) => {
      const target = scrollRef.current?.querySelector<HTMLElement>(`[data-feed-index="${to}"]`);
      if (target) target.focus();
      else if (attempts > 0) requestAnimationFrame(() => focus(attempts - 1));
    };
    requestAnimationFrame(() => focus(10));
  }

  return (
    <div
      ref={scrollRef}
      className="registration-feed"
      role="feed"
      aria-labelledby={labelledBy}
      aria-busy={loadingMore}
      onKeyDown={moveFocus}
    >
      <div className="registration-feed__space" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const registration = registrations[item.index];
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="registration-feed__item"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {registration ? (
                <RegistrationCard
                  registration={registration}
                  position={{ index: item.index + 1, setSize: setSize ?? -1 }}
                />
              ) : (
                <p className="muted registration-feed__more" role="status">
                  {t('admin.dashboard.loadingMore')}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
