// Builds the Node bundles once before the tests, so subprocess tests run the CLI built from the current sources.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** Output of a failed `build-node.mjs` run, or '' when the bundles are fresh. */
    nodeBuildError: string;
  }
}

/**
 * Why a failed build does not throw: that would abort every engineer's unrelated tests. The subprocess tests
 * read `nodeBuildError` and fail with the build output instead of running a stale bundle.
 */
export default function buildNodeBundles(project: TestProject): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const build = spawnSync(process.execPath, ['scripts/build-node.mjs'], { cwd: root, encoding: 'utf8' });
  const failed = build.status !== 0;
  project.provide(
    'nodeBuildError',
    failed ? `${build.stdout}${build.stderr}${build.error?.message ?? ''}` : '',
  );
}
