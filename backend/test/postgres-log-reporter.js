/**
 * A jest reporter that only tells global-teardown whether the run failed, so that it keeps the
 * test PostgreSQL's log of a failed run (reporters and the global hooks share the main process).
 * KEEP_POSTGRES_LOG=1 keeps it whatever the outcome.
 */
class PostgresLogReporter {
  onRunComplete(_contexts, results) {
    globalThis.__testRunFailed =
      results.numFailedTests > 0 ||
      results.numFailedTestSuites > 0 ||
      results.numRuntimeErrorTestSuites > 0 ||
      process.env.KEEP_POSTGRES_LOG === '1';
  }
}

module.exports = PostgresLogReporter;
