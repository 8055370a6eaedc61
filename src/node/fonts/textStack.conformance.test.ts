// Runs conformance/text-stack (generated from Android's text stack by Robolectric, see its README) against the
// console's prediction with the host's measurer: every line break and truncation as Android's, bounds within 1 px.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareTextStackCase, parseTextStackVectors } from '../../shared/geometry/textStackVectors';
import { createRobotoMeasurer } from './robotoMeasurer';

const file = (name: string): string =>
  readFileSync(new URL(`../../../conformance/text-stack/${name}`, import.meta.url), 'utf8');
const cases = parseTextStackVectors(file('vectors.json'));
const samples = (JSON.parse(file('measure-samples.json')) as { samples: [string, number, number][] }).samples;
const measurer = createRobotoMeasurer();

describe('conformance/text-stack/vectors.json', () => {
  it('holds a few hundred uniquely named cases, each known difference explained', () => {
    expect(cases.length).toBeGreaterThanOrEqual(400);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    for (const c of cases)
      if (c.known_difference !== undefined) expect(c.known_difference.length).toBeGreaterThan(40);
  });

  it.each(cases.filter((c) => c.known_difference === undefined).map((c) => [c.name, c] as const))(
    '%s: the same lines as Android, bounds within 1 px',
    (_name, vector) => {
      const comparison = compareTextStackCase(vector, measurer);
      expect(comparison.difference).toBeNull();
      expect(comparison.boundsDeviationPx).toBeLessThanOrEqual(1);
      expect(comparison.widthDeviationPx).toBeLessThanOrEqual(1);
    },
  );

  it.each(cases.filter((c) => c.known_difference !== undefined).map((c) => [c.name, c] as const))(
    '%s: still differs as its known_difference says (remove the note once it agrees)',
    (_name, vector) => {
      const comparison = compareTextStackCase(vector, measurer);
      const differs =
        comparison.difference !== null || comparison.boundsDeviationPx > 1 || comparison.widthDeviationPx > 1;
      expect(differs).toBe(true);
    },
  );
});

describe('conformance/text-stack/measure-samples.json', () => {
  // Arabic joining is the vectors' known difference; everything else is exact or, for a few long runs, 1 px off.
  const contextual = /[\u0600-\u06ff]/u;
  const comparable = samples.filter(([text]) => !contextual.test(text));

  it('gives Paint.measureText within 1 px, and exactly for nearly every run', () => {
    expect(comparable.length).toBeGreaterThan(1500);
    let exact = 0;
    for (const [text, size, width] of comparable) {
      const mine = measurer.measure(text, size);
      expect(Math.abs(mine - width), `${JSON.stringify(text)} at ${size} px`).toBeLessThanOrEqual(1);
      if (mine === width) exact += 1;
    }
    expect(exact / comparable.length).toBeGreaterThan(0.98);
  });

  it('measures "FLOW-001: Observe settings" at 42 px as Android does (528, not the canvas 526.33)', () => {
    expect(samples).toContainEqual(['FLOW-001: Observe settings', 42, 528]);
    expect(measurer.measure('FLOW-001: Observe settings', 42)).toBe(528);
  });
});
