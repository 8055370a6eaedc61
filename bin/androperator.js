#!/usr/bin/env node
// The `androperator` command: loads the bundle built by `npm run build:node`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../out/cli/androperator.js', import.meta.url);

if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  const error = {
    code: 'FILE_NOT_FOUND',
    message:
      'The androperator CLI is not built yet: run `npm run build` (or `npm run build:node`) in the project first',
    details: { path: fileURLToPath(bundle) },
  };
  process.stdout.write(`${JSON.stringify(error)}\n`);
  process.exitCode = 1;
}
