// jsdom lacks what react-router expects from a browser.
const { TextEncoder, TextDecoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has <dialog> but not its modal methods; browsers do.
if (globalThis.HTMLDialogElement) {
  const proto = globalThis.HTMLDialogElement.prototype;
  proto.showModal ??= function showModal() {
    this.setAttribute('open', '');
  };
  proto.close ??= function close() {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
