// Operator setup as pure decisions: the accessibility service list to write, and the shell commands that write it.
import { isServiceListed, OPERATOR_SERVICE_CLASS } from '../../shared/agent/accessibilityService';

/** The secure setting that lists enabled accessibility services, ':'-separated. */
export const SERVICES_SETTING = 'enabled_accessibility_services';
export const ACCESSIBILITY_ENABLED_SETTING = 'accessibility_enabled';
export const ACCESSIBILITY_SETTINGS_ACTION = 'android.settings.ACCESSIBILITY_SETTINGS';

/** How to leave enabled_accessibility_services: a value to put, or no row at all. */
export type ServicesWrite = { kind: 'put'; value: string } | { kind: 'delete' };

/** The Operator's accessibility service component, e.g. `com.androperator.operator/com.androperator...Service`. */
export function operatorComponent(operatorPackage: string): string {
  return `${operatorPackage}/${OPERATOR_SERVICE_CLASS}`;
}

/** `settings get` output as a list: "null" (no row) and blanks give []; entries are trimmed, empty ones dropped. */
export function parseServiceList(output: string): string[] {
  const text = output.trim();
  if (text === '' || text === 'null') return [];
  return text
    .split(':')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The list without repeated entries (compared case-insensitively; the first spelling wins). */
function unique(list: readonly string[]): string[] {
  const seen = new Set<string>();
  return list.filter((entry) => {
    const key = entry.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Adds the Operator's service unless it is listed already (full or short form); keeps every other service. */
export function withOperatorService(list: readonly string[], operatorPackage: string): string[] {
  const kept = unique(list);
  return isServiceListed(kept.join(':'), operatorPackage)
    ? kept
    : [...kept, operatorComponent(operatorPackage)];
}

/** Removes the Operator's service (full and short forms, any case); keeps every other service. */
export function withoutOperatorService(list: readonly string[], operatorPackage: string): string[] {
  return unique(list).filter((entry) => !isServiceListed(entry, operatorPackage));
}

/** An empty list is deleted, never written as "" (Android then treats the row as present but blank). */
export function servicesWrite(list: readonly string[]): ServicesWrite {
  return list.length === 0 ? { kind: 'delete' } : { kind: 'put', value: list.join(':') };
}

/** Quotes one word for the device's /system/bin/sh (service classes may contain `$`). */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The `settings` command that applies a write to secure enabled_accessibility_services. */
export function servicesWriteCommand(write: ServicesWrite): string {
  return write.kind === 'delete'
    ? `settings delete secure ${SERVICES_SETTING}`
    : `settings put secure ${SERVICES_SETTING} ${shellQuote(write.value)}`;
}

/** True when the first bytes are a zip local file header (PK\x03\x04), as every APK starts. */
export function hasZipSignature(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}
