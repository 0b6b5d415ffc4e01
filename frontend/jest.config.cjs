/** Component tests: jsdom + Testing Library, compiled by SWC. */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$|\\.m?js$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // react-intl, @formatjs and @noble ship ES modules only; SWC compiles them for Jest too.
  transformIgnorePatterns: ['/node_modules/(?!(react-intl|@formatjs|intl-messageformat|@noble)/)'],
  moduleNameMapper: {
    '\\?worker&url$': '<rootDir>/src/test/worker-url-stub.cjs',
    '\\.css$': 'identity-obj-proxy',
    '\\.(svg|png|jpg|webp)$': '<rootDir>/src/test/file-stub.cjs',
  },
  setupFiles: ['<rootDir>/src/test/polyfills.cjs'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
};
