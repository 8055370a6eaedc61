import { describe, expect, it } from 'vitest';
import { parseManifest, readApkManifest } from './axml';
import { buildApk, buildManifestAxml, buildZip } from '../../test-support/apkBuild';
import { readZipEntry } from './zip';

const INPUT = { packageName: 'com.androperator.operator', versionCode: 7, versionName: '0.7.0' };

describe('readApkManifest', () => {
  it('reads package and version from a deflated UTF-16 manifest', () => {
    expect(readApkManifest(buildApk(INPUT))).toEqual(INPUT);
  });

  it('reads a UTF-8 string pool and attribute names known only by resource id', () => {
    expect(readApkManifest(buildApk({ ...INPUT, utf8: true }))).toEqual(INPUT);
    expect(parseManifest(buildManifestAxml({ ...INPUT, blankVersionNames: true }))).toEqual(INPUT);
  });

  it('reads a stored (uncompressed) entry', () => {
    const zip = buildZip([{ name: 'AndroidManifest.xml', data: buildManifestAxml(INPUT) }]);
    expect(readApkManifest(zip)?.packageName).toBe(INPUT.packageName);
  });

  it('returns undefined for a zip without a manifest, a text manifest, garbage and truncation', () => {
    expect(readApkManifest(buildZip([{ name: 'readme.txt', data: Buffer.from('hi') }]))).toBeUndefined();
    const textual = buildZip([
      { name: 'AndroidManifest.xml', data: Buffer.from('<manifest package="a.b"/>') },
    ]);
    expect(readApkManifest(textual)).toBeUndefined();
    expect(readApkManifest(Buffer.from('PK\x03\x04 not really a zip'))).toBeUndefined();
    const axml = buildManifestAxml(INPUT);
    expect(parseManifest(axml.subarray(0, axml.length - 30))).toBeUndefined();
  });

  it('rejects a manifest whose package is not a package name', () => {
    expect(parseManifest(buildManifestAxml({ ...INPUT, packageName: 'nodots' }))).toBeUndefined();
  });

  it('finds an entry among several', () => {
    const zip = buildZip([
      { name: 'a.txt', data: Buffer.from('first') },
      { name: 'b.txt', data: Buffer.from('second'.repeat(100)), deflate: true },
    ]);
    expect(readZipEntry(zip, 'b.txt')?.toString()).toBe('second'.repeat(100));
    expect(readZipEntry(zip, 'c.txt')).toBeUndefined();
  });
});
