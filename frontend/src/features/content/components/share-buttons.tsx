import { useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useToast } from '../../../components/toast';
import { Section } from '../../../components/section';
import { nextStops, useEvents } from '../../../lib/catalogue';
import { placeName } from '../../../lib/event-place';

const NETWORKS = [
  { key: 'facebook', href: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${url}` },
  {
    key: 'x',
    href: (url: string, text: string) => `https://x.com/intent/post?url=${url}&text=${text}`,
  },
  { key: 'whatsapp', href: (url: string, text: string) => `https://wa.me/?text=${text}%20${url}` },
  {
    key: 'linkedin',
    href: (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
  },
] as const;

export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

const noChanges = () => () => undefined;
const browserOrigin = () => window.location.origin;

/** Four networks plus copy link; every network opens in a new tab without an opener. */
export function ShareButtons() {
  const intl = useIntl();
  const toast = useToast();
  // The site's own address; prerendered pages get it in the browser (server snapshot: none).
  const origin = useSyncExternalStore(noChanges, browserOrigin, () => '');
  const pageUrl = `${origin}/`;
  const url = encodeURIComponent(pageUrl);
  const [next] = nextStops(useEvents().data ?? []);
  const text = encodeURIComponent(
    next
      ? intl.formatMessage({ id: 'share.text' }, { city: placeName(intl, next, 'city') })
      : intl.formatMessage({ id: 'share.textResting' }),
  );

  const copy = async () => {
    try {
      await copyText(pageUrl);
      toast({ title: intl.formatMessage({ id: 'share.copied' }) });
    } catch {
      toast({ title: intl.formatMessage({ id: 'share.copyFailed' }), variant: 'destructive' });
    }
  };

  return (
    <Section titleId="share.title" headingId="share-title" className="section share">
      <ul className="share__list">
        {NETWORKS.map((network) => {
          const label = intl.formatMessage({ id: `share.on.${network.key}` });
          return (
            <li key={network.key}>
              <a
                className="button button--ghost"
                href={network.href(url, text)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${label} ${intl.formatMessage({ id: 'common.opensInNewTab' })}`}
              >
                <FormattedMessage id={`share.network.${network.key}`} />
              </a>
            </li>
          );
        })}
        <li>
          <button type="button" className="button" onClick={() => void copy()}>
            <FormattedMessage id="share.copyLink" />
          </button>
        </li>
      </ul>
    </Section>
  );
}
