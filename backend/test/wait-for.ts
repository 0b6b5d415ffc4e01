/**
 * Asks `probe` every 50 ms until it answers something, for at most `ms`; past that, fails with
 * "Timed out waiting for <what>".
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  ms: number,
  what = 'the probe to answer',
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
