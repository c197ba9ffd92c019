// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { importGraph, sourceFiles } from '../scripts/import-graph';

/**
 * The sandbox's house (docs/architecture.md): three actors apart, and a kernel under the
 * service's families. Tests and the test helpers (demo/testing/) aside; type-only and dynamic
 * imports count (scripts/import-graph.ts).
 */
const GRAPH = importGraph(
  sourceFiles(['demo']).filter((file) => !/\.test\.ts$/.test(file) && !/\/pages\//.test(file)),
);

/** Each "file → import" edge from a file `from` matches to an import no `allowed` matches. */
const outside = (from: RegExp, allowed: readonly RegExp[]) =>
  [...GRAPH].flatMap(([file, targets]) =>
    from.test(file)
      ? targets.filter((t) => !allowed.some((a) => a.test(t))).map((t) => `${file} → ${t}`)
      : [],
  );

describe('the sandbox house', () => {
  it('finds the three actors and the kernel', () => {
    for (const folder of ['service/kernel/', 'service/charges/', 'bank/', 'merchant/']) {
      expect(
        [...GRAPH.keys()].some((file) => file.startsWith(`demo/${folder}`)),
        folder,
      ).toBe(true);
    }
  });

  it('the kernel imports no family (and nothing outside itself)', () => {
    expect(outside(/^demo\/service\/kernel\//, [/^demo\/service\/kernel\//])).toEqual([]);
  });

  it('the service imports neither the bank, the merchant, the tests nor the widget', () => {
    // It keeps its own wire types (kernel/wire-types.ts), never the widget's.
    expect(outside(/^demo\/service\//, [/^demo\/service\//])).toEqual([]);
  });

  it('the merchant reaches the service only by HTTP: the server client, and plumbing', () => {
    // The kernel's HTTP plumbing (error bodies, headers, validation, request log) and ids are
    // shared by the three actors' servers; no family, no store, no registry.
    const plumbing = [
      /^demo\/merchant\//,
      /^demo\/service\/kernel\/(http\/[^/]+|ids)\.ts$/,
      /^demo\/service\/host\.ts$/,
      /^src\/server\//,
    ];
    expect(outside(/^demo\/merchant\//, plumbing)).toEqual([]);
  });

  it('the bank reads the 3DS family and the kernel, nothing else of the service', () => {
    const bank = [
      /^demo\/bank\//,
      /^demo\/service\/kernel\//,
      /^demo\/service\/three-ds\//,
      /^demo\/service\/(host|registry)\.ts$/,
    ];
    expect(outside(/^demo\/bank\//, bank)).toEqual([]);
  });
});
