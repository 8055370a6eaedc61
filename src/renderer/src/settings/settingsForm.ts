// The Settings dialog's form: the draft as typed, its field rules, and the patch of changed fields it saves.
import type { ConsoleSettings } from '../../../shared/api/contract';
import { MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from '../../../shared/execution/limits';
import { isPackageName, MAX_PACKAGE_NAME_LENGTH } from '../../../shared/packageName';

/** What the form holds: the timeout as typed text, so a half-typed number is not lost. */
export interface SettingsDraft {
  simulatorWhenNoDevice: boolean;
  operatorPackage: string;
  timeoutMs: string;
}

export type SettingsIssues = Partial<Record<'operatorPackage' | 'timeoutMs', string>>;

const MAX_PACKAGE_LENGTH = MAX_PACKAGE_NAME_LENGTH;

export function draftFromSettings(settings: ConsoleSettings): SettingsDraft {
  return {
    simulatorWhenNoDevice: settings.simulatorWhenNoDevice,
    operatorPackage: settings.operatorPackage,
    timeoutMs: String(settings.timeoutMs),
  };
}

/** Why `text` is not a Java/Android package name (two or more dot-separated segments), or null. */
export function operatorPackageIssue(text: string): string | null {
  const value = text.trim();
  if (value === '') return 'Enter the Operator package, e.g. com.androperator.operator.';
  if (value.length > MAX_PACKAGE_LENGTH) return `Use at most ${MAX_PACKAGE_LENGTH} characters.`;
  if (!isPackageName(value))
    return 'Use a Java package name such as com.androperator.operator: two or more segments separated by dots, each starting with a letter (letters, digits, _).';
  return null;
}

/** Why `text` is not a whole number of milliseconds in the execution timeout range, or null. */
export function timeoutIssue(text: string): string | null {
  const value = text.trim();
  const range = `a whole number from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}`;
  if (!/^\d+$/.test(value)) return `Enter ${range}.`;
  const number = Number(value);
  if (number < MIN_TIMEOUT_MS || number > MAX_TIMEOUT_MS) return `Must be ${range}.`;
  return null;
}

/** The draft's issues by field; empty when it can be saved. */
export function draftIssues(draft: SettingsDraft): SettingsIssues {
  const issues: SettingsIssues = {};
  const packageIssue = operatorPackageIssue(draft.operatorPackage);
  if (packageIssue !== null) issues.operatorPackage = packageIssue;
  const timeout = timeoutIssue(draft.timeoutMs);
  if (timeout !== null) issues.timeoutMs = timeout;
  return issues;
}

/** Only the fields of a valid `draft` that differ from `current` (empty when nothing changed); null when invalid. */
export function changedSettings(
  current: ConsoleSettings,
  draft: SettingsDraft,
): Partial<ConsoleSettings> | null {
  if (Object.keys(draftIssues(draft)).length > 0) return null;
  const patch: Partial<ConsoleSettings> = {};
  if (draft.simulatorWhenNoDevice !== current.simulatorWhenNoDevice)
    patch.simulatorWhenNoDevice = draft.simulatorWhenNoDevice;
  const operatorPackage = draft.operatorPackage.trim();
  if (operatorPackage !== current.operatorPackage) patch.operatorPackage = operatorPackage;
  const timeoutMs = Number(draft.timeoutMs.trim());
  if (timeoutMs !== current.timeoutMs) patch.timeoutMs = timeoutMs;
  return patch;
}
