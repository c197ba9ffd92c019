#!/usr/bin/env node
// The registry we can reach has Biome's Linux (glibc) binaries only. `npm install` then leaves
// Biome's other optional platform packages out of package-lock.json, and `npm ci` refuses the
// lock as out of sync. This writes those entries back, with the os/cpu/libc that make npm skip
// them on any other platform. Run it after `npm install` changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const biome = lock.packages['node_modules/@biomejs/biome'];
let added = 0;
for (const [name, version] of Object.entries(biome.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const [, os, cpu, libc] = name.match(/cli-(\w+?)-(x64|arm64)(?:-(musl))?$/) ?? [];
  if (!os) throw new Error(`unexpected Biome platform package ${name}`);
  lock.packages[key] = {
    version,
    cpu: [cpu],
    dev: true,
    license: biome.license,
    optional: true,
    os: [os],
    ...(libc ? { libc: [libc] } : os === 'linux' ? { libc: ['glibc'] } : {}),
    engines: { node: '>=14.21.3' },
  };
  added++;
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
lock.packages = sorted;
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} Biome platform entries to package-lock.json`);
