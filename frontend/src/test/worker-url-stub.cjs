// A worker's built file (`import url from './x.worker.ts?worker&url'`) as the tests see it:
// jsdom runs no workers, and a test that needs one stands one in for the Worker class.
module.exports = { __esModule: true, default: '/assets/test.worker.js' };
