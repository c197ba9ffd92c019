/**
 * Reads until `done` says so or `limitMs` passes, then answers the last value read: a test
 * waits for something asynchronous (a delivery, a log line) without a fixed sleep, and never
 * forever.
 */
export async function until<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  limitMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}
