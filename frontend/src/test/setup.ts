import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Suites run in parallel; give slow machines room before a findBy gives up.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

// The app loads the visitor's catalogue before its first render (main.tsx); so do the tests.
beforeAll(async () => {
  const { loadCatalogue } = await import('../app/messages');
  await Promise.all([loadCatalogue('en'), loadCatalogue('it'), loadCatalogue('ro')]);
});

// jsdom has <dialog> but not its modal methods; browsers do (the e2e tests use the real ones).
// Tests in the node environment have no DOM at all.
if (typeof HTMLDialogElement !== 'undefined') {
  const dialog = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
  dialog.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
