import * as Dialog from '@radix-ui/react-dialog';
import { useIntl } from 'react-intl';
import type { Photo } from '../data/site-content';

/** Photos that open larger in an accessible dialog. */
export function PhotoGallery({ photos }: { photos: Photo[] }) {
  const intl = useIntl();
  return (
    <ul className="gallery">
      {photos.map((photo) => (
        <li key={photo.alt}>
          <Dialog.Root>
            <Dialog.Trigger className="gallery__trigger">
              <img src={photo.src} alt={photo.alt} width="300" height="360" />
              <span className="visually-hidden">
                {intl.formatMessage({ id: 'gallery.enlarge' })}
              </span>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="dialog-overlay" />
              <Dialog.Content className="dialog-content">
                <Dialog.Title className="dialog-title">{photo.alt}</Dialog.Title>
                <Dialog.Description className="visually-hidden">
                  {intl.formatMessage({ id: 'gallery.description' })}
                </Dialog.Description>
                <img src={photo.src} alt="" className="dialog-image" />
                <Dialog.Close className="button button--ghost">
                  {intl.formatMessage({ id: 'gallery.close' })}
                </Dialog.Close>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </li>
      ))}
    </ul>
  );
}
