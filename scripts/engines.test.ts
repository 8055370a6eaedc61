// package.json's engines.node must accept the Node that the pinned Electron bundles: the console's main process runs
// on Electron's Node, so an engines range above it (or an Electron bump whose Node nobody checked) is a lie the
// user meets at `npm install` or at start. Offline: Electron's Node per major is kept in electronNode.json and
// cross-checked against the installed electron package's own metadata.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Version = [number, number, number];

interface Manifest {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  version?: string;
}

interface NodeTable {
  majors: Record<string, { node: string; source: string }>;
}

const ROOT = join(import.meta.dirname, '..');

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

function parseVersion(text: string): Version | null {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(text.trim());
  if (match === null) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** True when `version` satisfies one comparator (`>=22.12.0`, `<25`, `^24.9.0`, `24.11.1`); throws on other forms. */
function satisfiesComparator(version: Version, comparator: string): boolean {
  const match = /^(>=|<=|>|<|\^|=)?\s*(.+)$/.exec(comparator);
  const bound = match === null ? null : parseVersion(match[2] ?? '');
  if (match === null || bound === null)
    throw new Error(`engines.test.ts cannot read the range part "${comparator}"`);
  const order = compare(version, bound);
  switch (match[1]) {
    case '>=':
      return order >= 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '<':
      return order < 0;
    case '^':
      return order >= 0 && version[0] === bound[0];
    default:
      return order === 0;
  }
}

/** npm's range syntax as far as engines fields use it: comparators joined by spaces, alternatives by `||`. */
function satisfies(version: string, range: string): boolean {
  const parsed = parseVersion(version);
  if (parsed === null) throw new Error(`not a version: ${version}`);
  return range.split('||').some((set) =>
    set
      .trim()
      .replace(/(>=|<=|>|<|\^|=)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesComparator(parsed, comparator)),
  );
}

/** What disagrees between package.json, the table and the installed electron; empty when they agree. */
function enginesProblems(manifest: Manifest, table: NodeTable, installed: Manifest | null): string[] {
  const electron = manifest.devDependencies?.['electron'] ?? manifest.dependencies?.['electron'];
  const engines = manifest.engines?.node;
  if (electron === undefined) return ['package.json names no electron version'];
  if (engines === undefined) return ['package.json has no engines.node'];
  const pinned = parseVersion(electron.replace(/^[\^~]/, ''));
  if (pinned === null) return [`package.json's electron "${electron}" is not a version`];
  const row = table.majors[String(pinned[0])];
  if (row === undefined)
    return [`Electron ${pinned[0]} has no row in scripts/electronNode.json: add the Node it bundles`];
  const problems: string[] = [];
  if (!satisfies(row.node, engines))
    problems.push(`engines.node "${engines}" refuses Node ${row.node}, which Electron ${pinned[0]} bundles`);
  if (installed !== null) {
    const installedMajor = parseVersion(installed.version ?? '')?.[0];
    if (installedMajor !== pinned[0])
      problems.push(`node_modules holds electron ${installed.version ?? '?'}, package.json pins ${electron}`);
    const typesRange = installed.dependencies?.['@types/node'];
    const typesFloor = typesRange === undefined ? null : parseVersion(typesRange.replace(/^[\^~]/, ''));
    const tableNode = parseVersion(row.node);
    if (typesFloor !== null && tableNode !== null && typesFloor[0] !== tableNode[0])
      problems.push(
        `electron ${installed.version ?? '?'} builds against Node ${typesFloor[0]} (@types/node ${typesRange ?? ''}), ` +
          `the table says ${row.node}`,
      );
  }
  return problems;
}

const manifest = readJson<Manifest>(join(ROOT, 'package.json'));
const table = readJson<NodeTable>(join(import.meta.dirname, 'electronNode.json'));
const installedPath = join(ROOT, 'node_modules', 'electron', 'package.json');
const installed = existsSync(installedPath) ? readJson<Manifest>(installedPath) : null;

describe('engines.node and Electron', () => {
  it('accepts the Node the pinned Electron bundles, and the table agrees with the installed electron', () => {
    expect(enginesProblems(manifest, table, installed)).toEqual([]);
  });

  it('fails when engines is raised above Electron\u2019s Node', () => {
    const raised = { ...manifest, engines: { node: '>=25.0.0' } };
    expect(enginesProblems(raised, table, installed)).toEqual([
      expect.stringMatching(
        /^engines\.node ">=25\.0\.0" refuses Node \d+\.\d+\.\d+, which Electron \d+ bundles$/,
      ),
    ]);
  });

  it('fails when Electron is bumped to a major the table does not know', () => {
    const bumped = { ...manifest, devDependencies: { ...manifest.devDependencies, electron: '99.0.0' } };
    expect(enginesProblems(bumped, table, installed)).toEqual([
      'Electron 99 has no row in scripts/electronNode.json: add the Node it bundles',
    ]);
  });

  it('fails when the table row disagrees with the installed electron\u2019s Node line', () => {
    if (installed === null) return;
    const major = String(parseVersion(installed.version ?? '')?.[0]);
    const wrong = { majors: { ...table.majors, [major]: { node: '20.18.0', source: 'wrong on purpose' } } };
    const loose = { ...manifest, engines: { node: '>=18' } };
    expect(enginesProblems(loose, wrong, installed)).toEqual([
      expect.stringContaining('the table says 20.18.0'),
    ]);
  });

  it('reads npm range forms', () => {
    expect(satisfies('24.9.0', '>=22.12.0')).toBe(true);
    expect(satisfies('22.11.0', '>=22.12.0')).toBe(false);
    expect(satisfies('24.9.0', '^22.12.0 || >=24.0.0')).toBe(true);
    expect(satisfies('23.1.0', '^22.12.0 || >=24.0.0')).toBe(false);
    expect(satisfies('24.9.0', '>= 20 < 24')).toBe(false);
    expect(() => satisfies('24.9.0', '22.x')).toThrow(/cannot read/);
  });
});
