// Reading tool answers for the purpose-made views without trusting their shape: typed field readers, the status
// word of a many-section answer, what was cut (truncation and row limits), and small parsers for the dumpsys text
// the environment view reads. Pure: a field that is absent or of another type reads as undefined, never a guess.
import { STATUS_WORDS, type StatusWord } from './outcome';

export type Json = Record<string, unknown>;

export function obj(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

export function at(value: unknown, ...path: string[]): unknown {
  let current: unknown = value;
  for (const key of path) current = obj(current)?.[key];
  return current;
}

export function str(value: unknown, ...path: string[]): string | undefined {
  const found = at(value, ...path);
  return typeof found === 'string' ? found : undefined;
}

export function num(value: unknown, ...path: string[]): number | undefined {
  const found = at(value, ...path);
  return typeof found === 'number' && Number.isFinite(found) ? found : undefined;
}

export function bool(value: unknown, ...path: string[]): boolean | undefined {
  const found = at(value, ...path);
  return typeof found === 'boolean' ? found : undefined;
}

export function list(value: unknown, ...path: string[]): unknown[] {
  const found = at(value, ...path);
  return Array.isArray(found) ? found : [];
}

export function strings(value: unknown, ...path: string[]): string[] {
  return list(value, ...path).filter((item): item is string => typeof item === 'string');
}

const SEVERITY: Record<StatusWord, number> = { complete: 0, partial: 1, timed_out: 2, failed: 3 };

function isStatus(value: unknown): value is StatusWord {
  return (STATUS_WORDS as readonly unknown[]).includes(value);
}

/** The answer's status word: its own, else its command's, else the worst of its sections'. */
export function answerStatus(result: unknown): StatusWord | undefined {
  const own = at(result, 'status');
  if (isStatus(own)) return own;
  const command = at(result, 'result', 'status');
  if (isStatus(command)) return command;
  const sections = Object.values(obj(at(result, 'sections')) ?? obj(result) ?? {})
    .map((section) => at(section, 'status'))
    .filter(isStatus);
  if (sections.length === 0) return undefined;
  return sections.reduce((worst, status) => (SEVERITY[status] > SEVERITY[worst] ? status : worst));
}

/** The status of each section of a many-section answer (`sections.x.status`, or top-level `x.status`). */
export function sectionStatuses(result: unknown): Array<[string, StatusWord]> {
  const holder = obj(at(result, 'sections')) ?? obj(result) ?? {};
  return Object.entries(holder).flatMap(([name, section]): Array<[string, StatusWord]> => {
    const status = at(section, 'status');
    return isStatus(status) && obj(section) !== undefined ? [[name, status]] : [];
  });
}

/** What the answer says it left out: streams cut at their byte cap, row limits reached. */
export function truncationOf(result: unknown): string[] {
  const notes: string[] = [];
  const visit = (value: unknown, where: string, depth: number): void => {
    const record = obj(value);
    if (record === undefined || depth > 3) return;
    const label = where === '' ? 'output' : where;
    if (record['stdout_truncated'] === true || record['truncated'] === true)
      notes.push(`${label}: standard output cut at its byte cap`);
    if (record['stderr_truncated'] === true) notes.push(`${label}: standard error cut at its byte cap`);
    if (record['limit_reached'] === true) {
      const limit = record['row_limit'] ?? record['limit'];
      notes.push(
        `${label}: row limit reached${typeof limit === 'number' ? ` (${limit})` : ''}; more exist on the device`,
      );
    }
    for (const [key, child] of Object.entries(record))
      if (obj(child) !== undefined) visit(child, where === '' ? key : `${where}.${key}`, depth + 1);
  };
  visit(result, '', 0);
  return notes;
}

/** A size in KiB as people read it (MiB/GiB with one decimal). */
export function kib(value: number | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(1)} GiB`;
  if (value >= 1024) return `${(value / 1024).toFixed(1)} MiB`;
  return `${value} KiB`;
}

export interface DisplayFacts {
  physical?: string;
  current?: string;
  density?: string;
  rotation?: string;
}

/** `dumpsys window displays`: `init=1080x2400 420dpi ... cur=1080x2400`, `mCurrentRotation=ROTATION_0`. */
export function parseDisplays(text: string): DisplayFacts {
  const init = /\binit=(\d+x\d+) (\d+)dpi/.exec(text);
  const current = /\bcur=(\d+x\d+)/.exec(text);
  const base = /\bbase=\d+x\d+ (\d+)dpi/.exec(text);
  const rotation = /mCurrentRotation=ROTATION_(\d+)/.exec(text);
  return {
    ...(init?.[1] === undefined ? {} : { physical: init[1] }),
    ...(current?.[1] === undefined ? {} : { current: current[1] }),
    ...((base?.[1] ?? init?.[2]) === undefined ? {} : { density: `${base?.[1] ?? init?.[2]} dpi` }),
    ...(rotation?.[1] === undefined ? {} : { rotation: `${rotation[1]}\u00b0` }),
  };
}

/** `mGlobalConfiguration={1.0 310mcc260mnc [en_US] ...}` in `dumpsys window windows`: locale and font scale. */
export function parseGlobalConfiguration(text: string): { locale?: string; fontScale?: string } {
  const config = /mGlobalConfiguration=\{([^}]*)\}/.exec(text)?.[1];
  if (config === undefined) return {};
  const locale = /\[([^\]]+)\]/.exec(config)?.[1] ?? /\b([a-z]{2,3}_[A-Z]{2})\b/.exec(config)?.[1];
  const fontScale = /^(\d+(?:\.\d+)?)\s/.exec(config)?.[1];
  return {
    ...(locale === undefined ? {} : { locale: locale.replace(/_/g, '-') }),
    ...(fontScale === undefined ? {} : { fontScale }),
  };
}

/** `dumpsys battery`: `key: value` lines of the "Current Battery Service state" block. */
export function parseBattery(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s{2}([A-Za-z][A-Za-z ]*[A-Za-z]): (.*)$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) fields[match[1]] = match[2].trim();
  }
  return fields;
}

/** Ping's summary: `3 packets transmitted, 3 received, 0% packet loss` and `rtt min/avg/max/mdev = a/b/c/d ms`. */
export function parsePing(text: string): { sent?: number; received?: number; loss?: string; avgMs?: string } {
  const counts = /(\d+) packets transmitted, (\d+) (?:packets )?received(?:.*?, ([\d.]+)% packet loss)?/.exec(
    text,
  );
  const rtt = /= [\d.]+\/([\d.]+)\/[\d.]+/.exec(text);
  return {
    ...(counts?.[1] === undefined ? {} : { sent: Number(counts[1]) }),
    ...(counts?.[2] === undefined ? {} : { received: Number(counts[2]) }),
    ...(counts?.[3] === undefined ? {} : { loss: `${counts[3]}%` }),
    ...(rtt?.[1] === undefined ? {} : { avgMs: rtt[1] }),
  };
}

/** `ip address show`: each interface with its state and inet/inet6 addresses. */
export function parseInterfaces(text: string): Array<{ name: string; state: string; addresses: string[] }> {
  const interfaces: Array<{ name: string; state: string; addresses: string[] }> = [];
  for (const line of text.split('\n')) {
    const head = /^\d+: ([^:@]+)(?:@[^:]+)?: <([^>]*)>/.exec(line);
    if (head?.[1] !== undefined) {
      const flags = head[2]?.split(',') ?? [];
      interfaces.push({
        name: head[1],
        state: /\bstate (\S+)/.exec(line)?.[1] ?? (flags.includes('UP') ? 'UP' : 'DOWN'),
        addresses: [],
      });
      continue;
    }
    const address = /^\s+inet6? (\S+)/.exec(line);
    if (address?.[1] !== undefined) interfaces.at(-1)?.addresses.push(address[1]);
  }
  return interfaces;
}

/** `dumpsys wifi`: the enabled line and the `mWifiInfo` fields (SSID, RSSI, link speed, frequency, standard). */
export function parseWifi(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const enabled = /^Wi-Fi is (enabled|disabled)/m.exec(text)?.[1];
  if (enabled !== undefined) fields['Wi-Fi'] = enabled;
  const info = /^mWifiInfo (.*)$/m.exec(text)?.[1];
  for (const part of info?.split(/, (?=[A-Za-z][A-Za-z -]*: )/) ?? []) {
    const match = /^([A-Za-z][A-Za-z -]*): (.*)$/.exec(part);
    if (match?.[1] === undefined || match[2] === undefined) continue;
    if (['SSID', 'RSSI', 'Link speed', 'Frequency', 'Wi-Fi standard', 'Supplicant state'].includes(match[1]))
      fields[match[1]] = match[2].replace(/^"(.*)"$/, '$1');
  }
  return fields;
}

/** "3.1 GiB free of 7.4 GiB", or undefined unless both were observed. */
export function freeOf(free: number | undefined, total: number | undefined): string | undefined {
  return free === undefined || total === undefined ? undefined : `${kib(free)} free of ${kib(total)}`;
}
