// jsdom lacks what react-router expects from a browser.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS Jest setup file
const { TextEncoder, TextDecoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });
