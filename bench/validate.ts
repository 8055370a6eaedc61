// Validation cost per call, and against JSON.parse of the same bytes (a reference, no longer a target: a validation
// costs microseconds where a device round trip costs hundreds of milliseconds; see docs/benchmarks.md).
// Run: npm run build && node out/bench/validate.js
import { SEED_SET_EXAMPLE } from '../src/shared/execution/seedExample';
import { validateExecution } from '../src/shared/execution/validateExecution';

const WARMUP_MS = 300;
const ROUND_MS = 200;
const ROUNDS = 9;

/** The seed's set example. */
const typicalPayload = SEED_SET_EXAMPLE;

/** A template of exactly 2048 UTF-16 units: labelled placeholder lines, padded with literal text. */
function maximalTemplate(): string {
  const lines = [
    'App {{foreground_app.icon}} {{foreground_app.package_name}}\n',
    'Version {{foreground_app.version_name}} ({{foreground_app.version_code}})\n',
    'Device {{device.manufacturer}} {{device.model}} | ',
    'Locale {{system.language_tag}} {{system.language_name}}\n',
  ];
  let template = '';
  for (let i = 0; template.length + (lines[i % lines.length] ?? '').length <= 2048; i++) {
    template += lines[i % lines.length];
  }
  template = template.padEnd(2048, '.');
  if (template.length !== 2048) throw new Error(`template has ${template.length} units, not 2048`);
  return template;
}

const templatePayload = {
  commandId: 'bench-template',
  taskId: 'bench-template',
  source: 'bench',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30000,
  actions: [
    { id: 'show-template', type: 'set_on_screen_log', params: { template: maximalTemplate(), widthDp: 400 } },
  ],
};

let sink = 0;

/** Calls per second of `work` over one timed round. */
function roundRate(work: () => unknown): number {
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ROUND_MS) {
    for (let i = 0; i < 100; i++) if (work()) sink += 1;
    calls += 100;
    now = performance.now();
  }
  return (calls * 1000) / (now - start);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Warms both up, then alternates timed rounds of each so that load from other processes hits both alike; reports
 * median rates and the median of the per-round ratios.
 */
function compare(
  parse: () => unknown,
  validate: () => unknown,
): { parse: number; validate: number; ratio: number } {
  const warmEnd = performance.now() + WARMUP_MS;
  while (performance.now() < warmEnd) if (parse() && validate()) sink += 1;
  const parseRates: number[] = [];
  const validateRates: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const parseRate = roundRate(parse);
    const validateRate = roundRate(validate);
    parseRates.push(parseRate);
    validateRates.push(validateRate);
    ratios.push(parseRate / validateRate);
  }
  return { parse: median(parseRates), validate: median(validateRates), ratio: median(ratios) };
}

const rows: { name: string; bytes: number; parse: number; validate: number; ratio: number }[] = [];
for (const [name, payload] of [
  ['typical set (seed example)', typicalPayload],
  ['template of 2048 units', templatePayload],
] as const) {
  const text = JSON.stringify(payload);
  const parsed: unknown = JSON.parse(text);
  const checked = validateExecution(parsed);
  if (!checked.ok) throw new Error(`bench payload "${name}" is invalid: ${checked.error.message}`);
  const measured = compare(
    () => JSON.parse(text),
    () => validateExecution(parsed).ok,
  );
  rows.push({ name, bytes: new TextEncoder().encode(text).length, ...measured });
}

const format = (rate: number): string => `${Math.round(rate).toLocaleString('en-US')}/s`.padStart(14);
console.log(
  `${'payload'.padEnd(28)}${'bytes'.padStart(7)}${'JSON.parse'.padStart(14)}${'validate'.padStart(14)}${'per call'.padStart(11)}  ratio`,
);
for (const row of rows) {
  console.log(
    `${row.name.padEnd(28)}${String(row.bytes).padStart(7)}${format(row.parse)}${format(row.validate)}${`${(1e6 / row.validate).toFixed(1)} us`.padStart(11)}  ${row.ratio.toFixed(2)}x`,
  );
}
// The headline figure is the worse of the two payloads.
const worst = Math.max(...rows.map((row) => row.ratio));
console.log(`ratio validate/JSON.parse = ${worst.toFixed(2)}x (reference only)`);
if (sink < 0) console.log(sink); // keeps the measured results observable so no call is optimized away
