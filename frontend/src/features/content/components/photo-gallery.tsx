import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ModalDialog } from '../../../components/modal-dialog';
import type { Photo } from '../data/site-content';

/**
 * Photos that open larger in a modal. It uses the shared native-<dialog> modal rather than
 * Radix Dialog, whose scroll lock injects an inline <style> the site's CSP refuses.
 */
export function PhotoGallery({ photos }: { photos: Photo[] }) {
  const intl = useIntl();
  const [opened, setOpened] = useState<Photo | null>(null);
  const titleId = useId();
  return (
    <>
      <ul className="gallery">
        {photos.map((photo) => (
          <li key={photo.alt}>
            <button
              type="button"
              className="gallery__trigger"
              aria-haspopup="dialog"
              onClick={() => setOpened(photo)}
            >
              <img src={photo.src} alt={photo.alt} width="300" height="360" />
              <span className="visually-hidden">
                {intl.formatMessage({ id: 'gallery.enlarge' })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {opened && (
        <ModalDialog onClose={() => setOpened(null)} labelledBy={titleId} className="photo-dialog">
          <h2 id={titleId} className="dialog-title">
            {opened.alt}
          </h2>
          <img src={opened.src} alt="" className="dialog-image" />
          <button type="button" className="button button--ghost" onClick={() => setOpened(null)}>
            {intl.formatMessage({ id: 'gallery.close' })}
          </button>
        </ModalDialog>
      )}
    </>
  );
}
