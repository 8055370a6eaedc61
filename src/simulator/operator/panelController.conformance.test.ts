// Runs every timeline of conformance/panel-controller*.json against the simulated Operator's PanelController
// (the Kotlin core runs the same files in PanelControllerConformanceTest.kt).
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readVectorFile } from '../../shared/geometry/conformanceVectors';
import { playTimeline, record } from '../../test-support/panelTimeline';

const directory = new URL('../../../conformance/', import.meta.url);
const files = readdirSync(directory)
  .filter((name) => /^panel-controller.*\.json$/.test(name))
  .sort();

/** The least the issue asks for across all files. */
const MINIMUM_TIMELINES = 40;

describe('conformance/panel-controller*.json', () => {
  const loaded = files.map((file) => {
    const json: unknown = JSON.parse(readFileSync(new URL(file, directory), 'utf8'));
    const vectors = readVectorFile(json, 'panel-controller', 5);
    if (!vectors.ok) throw new Error(`${file}: ${vectors.error}`);
    return {
      file,
      defaults: record(record(json, file).environment, `${file} environment`),
      cases: vectors.value.cases,
    };
  });

  it(`holds at least ${MINIMUM_TIMELINES} timelines with names unique across files`, () => {
    const names = loaded.flatMap(({ cases }) => cases.map((vector) => vector.name));
    expect(names.length).toBeGreaterThanOrEqual(MINIMUM_TIMELINES);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const { file, defaults, cases } of loaded) {
    describe(file, () => {
      for (const vector of cases) {
        it(vector.name, async () => {
          const problems = await playTimeline(
            defaults,
            record(vector.input, 'input'),
            record(vector.expect, 'expect'),
          );
          expect(problems).toEqual([]);
        });
      }
    });
  }
});
