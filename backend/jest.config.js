/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const ESM_PACKAGES = [
  '@nestjs',
  'uid',
  'file-type',
  'strtok3',
  'token-types',
  'peek-readable',
  '@tokenizer',
  'load-esm',
  // otplib's plugins (base32, HMAC) and the ES modules they use.
  '@otplib',
  '@scure',
  '@noble',
  // The first names of the performers' sheet's anonymiser (its locale data).
  '@faker-js',
];

module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  // NestJS 12 and a few other dependencies ship only ES modules; jest's CommonJS runtime gets
  // them compiled by the same fast transform as our own code (and cached).
  transform: { '^.+\\.(ts|js|mjs)$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  setupFilesAfterEnv: ['<rootDir>/test/openapi-contract.setup.ts'],
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  reporters: ['default', '<rootDir>/test/postgres-log-reporter.js'],
  testTimeout: 60000,
  maxWorkers: 2,
};
