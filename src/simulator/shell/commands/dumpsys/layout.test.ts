import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runShell } from '../../../../test-support/runShell';
import { DeviceState } from '../../../device/state';
import { toDeviceStateInput } from '../../../profiles/deviceStateInput';
import { loadProfile } from '../../../profiles/loadProfile';

// The simulated output against real-format excerpts (src/simulator/fixtures/dumpsys/): every line of an excerpt
// must appear, by indentation and key, in the same order in the simulator's output of that API level, and the
// lines named in `shapes` must have the same shape once values (ids, numbers, names) are normalised.

const FIXTURES = join(__dirname, '../../../fixtures/dumpsys');

function profileState(name: string): DeviceState {
  const profile = loadProfile(name);
  if (!profile.ok) throw new Error(profile.error.message);
  return new DeviceState(toDeviceStateInput(profile.value));
}

/** Values normalised: hex identities and numbers (both N), dotted names (P), short classes and booleans become placeholders. */
function shape(line: string): string {
  return line
    .replace(/\/\.[\w$.]+/g, '/.C')
    .replace(/[A-Za-z_][\w$]*(?:\.[\w$]+)+/g, 'P')
    .replace(/\b[0-9a-f]{6,8}\b/g, 'N')
    .replace(/\d+/g, 'N')
    .replace(/\b(?:true|false)\b/g, 'B')
    .replace(/ +N/g, ' N');
}

/** Indentation plus what names the line: the text before its first value (`=`, `: `, `{`, `(`, a digit). */
function key(line: string): string {
  const normalised = shape(line);
  const match = /^(\s*)([^=:{(N]*)/.exec(normalised);
  return `${match?.[1] ?? ''}${(match?.[2] ?? '').trimEnd()}`;
}

/**
 * Asserts the excerpt's lines appear in order in `actual`, by key, and that lines whose key starts with one of
 * `shapes` have the same shape; a shaped line is matched to the next actual line of the same shape.
 */
function expectLayout(excerpt: string, actual: string, shapes: readonly string[]): number {
  const actualLines = actual.split('\n');
  let cursor = 0;
  let shaped = 0;
  for (const line of excerpt.split('\n').filter((candidate) => candidate.trim() !== '')) {
    const wanted = key(line);
    const strict = shapes.some((prefix) => wanted.trimStart().startsWith(prefix));
    const index = actualLines.findIndex(
      (candidate, at) =>
        at >= cursor && (strict ? shape(candidate) === shape(line) : key(candidate) === wanted),
    );
    const context = `${strict ? 'shape' : 'key'} of "${line}" (${strict ? shape(line) : wanted}) after line ${cursor} of:\n${actual}`;
    expect(index, context).toBeGreaterThanOrEqual(0);
    if (strict) shaped += 1;
    cursor = index + 1;
  }
  return shaped;
}

interface Case {
  fixture: string;
  profile: string;
  /** Commands run first (e.g. to bring an app to the front). */
  setup?: string;
  command: string;
  /** Excerpt lines starting with these keys must match the simulated line's shape exactly. */
  shapes: string[];
}

const CASES: Case[] = [
  {
    fixture: 'window-displays-api35.txt',
    profile: 'phone',
    setup: 'am start -n com.simmail.android/.InboxActivity',
    command: 'dumpsys window displays',
    shapes: ['mCurrentFocus', 'mFocusedApp', 'Display'],
  },
  {
    fixture: 'window-windows-api28.txt',
    profile: 'cutout28',
    command: 'dumpsys window windows',
    shapes: ['mCurrentFocus', 'mFocusedApp', 'mOwnerUid', 'Window #'],
  },
  {
    fixture: 'window-windows-api35.txt',
    profile: 'phone',
    setup: 'am start -n com.simmail.android/.InboxActivity',
    command: 'dumpsys window windows',
    shapes: [
      'Window #',
      'mOwnerUid',
      'mActivityRecord',
      'mTopFocusedDisplayId',
      'imeLayeringTarget',
      'imeControlTarget',
    ],
  },
  {
    fixture: 'activity-activities-api35.txt',
    profile: 'phone',
    setup: 'am start -n com.simmail.android/.InboxActivity',
    command: 'dumpsys activity activities',
    shapes: ['* Task', 'mResumedActivity', 'ResumedActivity', '* Hist'],
  },
  {
    fixture: 'activity-activities-api28.txt',
    profile: 'cutout28',
    command: 'dumpsys activity activities',
    shapes: ['* TaskRecord', 'mResumedActivity', 'ResumedActivity', 'Run #N'],
  },
  {
    fixture: 'package-api35.txt',
    profile: 'phone',
    command: 'dumpsys package com.simmail.android',
    shapes: ['versionCode', 'User N', 'firstInstallTime', 'P: granted', 'timeStamp', 'appId', 'signatures'],
  },
  {
    fixture: 'package-api28.txt',
    profile: 'cutout28',
    command: 'dumpsys package com.simmail.android',
    shapes: ['versionCode', 'User N', 'firstInstallTime', 'userId', 'signatures'],
  },
  {
    fixture: 'package-api21.txt',
    profile: 'legacy21',
    command: 'dumpsys package com.simmail.android',
    shapes: ['versionCode', 'User N', 'firstInstallTime', 'dataDir', 'signatures'],
  },
  {
    fixture: 'meminfo-api35.txt',
    profile: 'phone',
    setup: 'am start -n com.simmail.android/.InboxActivity',
    command: 'dumpsys meminfo com.simmail.android',
    shapes: ['Pss', 'Total', '------', 'Native Heap', '.so mmap', 'TOTAL', 'TOTAL PSS', '** MEMINFO in pid'],
  },
  {
    fixture: 'meminfo-system-api35.txt',
    profile: 'phone',
    command: 'dumpsys meminfo',
    shapes: ['Total RSS by', 'Total RAM', 'Uptime', 'Tuning'],
  },
  {
    fixture: 'meminfo-api21.txt',
    profile: 'legacy21',
    command: 'dumpsys meminfo com.simmail.android',
    shapes: ['Pss', 'Total', 'Native Heap', 'Stack', 'TOTAL', 'Applications Memory Usage'],
  },
  {
    fixture: 'battery-api35.txt',
    profile: 'phone',
    command: 'dumpsys battery',
    shapes: ['status', 'level', 'temperature'],
  },
  {
    fixture: 'battery-api21.txt',
    profile: 'legacy21',
    command: 'dumpsys battery',
    shapes: ['status', 'level', 'USB powered'],
  },
  {
    fixture: 'connectivity-api35.txt',
    profile: 'phone',
    command: 'dumpsys connectivity',
    shapes: ['Active default network'],
  },
  {
    fixture: 'dropbox-crash-api35.txt',
    profile: 'phone',
    command: 'dumpsys dropbox --print data_app_crash',
    shapes: ['Searching for', 'PID', 'Package', 'N-N-N N'],
  },
  {
    fixture: 'gfxinfo-framestats-api35.txt',
    profile: 'phone',
    setup: 'am start -n com.simmail.android/.InboxActivity',
    command: 'dumpsys gfxinfo com.simmail.android framestats',
    shapes: [
      'Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId',
      'Janky frames',
      'HISTOGRAM',
      'N,N',
    ],
  },
];

describe('dumpsys output has the layout of real excerpts', () => {
  for (const testCase of CASES) {
    it(`${testCase.command} on ${testCase.profile} matches ${testCase.fixture}`, async () => {
      const state = profileState(testCase.profile);
      if (testCase.setup !== undefined) await runShell(testCase.setup, { state });
      const run = await runShell(testCase.command, { state });
      expect(run.status).toBe(0);
      const excerpt = readFileSync(join(FIXTURES, testCase.fixture), 'utf8');
      expect(expectLayout(excerpt, run.stdout.toString(), testCase.shapes)).toBeGreaterThan(0);
    });
  }
});
