/**
 * The challenge dialog's module, imported once per test file. A first import reads and transforms
 * files in real time, which fake timers do not wait for: a test that drives a flow by advancing
 * fake time awaits it first (./fake-service.ts `drive`), or the flow's load deadline would pass.
 */
let chunk: Promise<typeof import('../threeds/challenge-dialog')> | undefined;

export const challengeChunk = (): Promise<typeof import('../threeds/challenge-dialog')> => {
  chunk ??= import('../threeds/challenge-dialog');
  return chunk;
};
