// Prints one closing line "N passed, N failed" over every suite's machine-readable report.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const vitestReport = 'out/test-results/vitest.json';
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
const playwrightReport = 'out/test-results/playwright.json';
if (existsSync(playwrightReport)) {
  const stats = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}
const surefire = 'android-operator/target/surefire-reports';
if (existsSync(surefire)) {
  for (const name of readdirSync(surefire).filter(
    (file) => file.startsWith('TEST-') && file.endsWith('.xml'),
  )) {
    const head = readFileSync(`${surefire}/${name}`, 'utf8').match(/<testsuite\b[^>]*>/)?.[0] ?? '';
    const count = (attribute) => Number(head.match(new RegExp(`\\b${attribute}="(\\d+)"`))?.[1] ?? 0);
    const total = count('tests');
    const broken = count('failures') + count('errors');
    const ignored = count('skipped');
    passed += total - broken - ignored;
    failed += broken;
    skipped += ignored;
  }
}
console.log(`summary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
