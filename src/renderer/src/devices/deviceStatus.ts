// Words for a device's state and its Operator's readiness, as the device list shows them. Pure.
import type { DeviceInfo, DeviceState } from '../../../shared/api/devices';

export type Tone = 'good' | 'warn' | 'bad' | 'neutral';

const STATE_TEXT: Record<DeviceState, { text: string; tone: Tone }> = {
  device: { text: 'online', tone: 'good' },
  offline: { text: 'offline', tone: 'bad' },
  unauthorized: { text: 'unauthorized', tone: 'warn' },
  recovery: { text: 'recovery', tone: 'warn' },
  sideload: { text: 'sideload', tone: 'warn' },
  bootloader: { text: 'bootloader', tone: 'warn' },
  unknown: { text: 'unknown', tone: 'neutral' },
};

export function stateText(state: DeviceState): { text: string; tone: Tone } {
  return STATE_TEXT[state];
}

export interface OperatorCheck {
  label: string;
  ok: boolean;
}

/** installed / service enabled / reachable, each with whether it holds; empty when the status is unknown. */
export function operatorChecks(device: DeviceInfo): OperatorCheck[] {
  const operator = device.operator;
  if (operator === undefined) return [];
  return [
    { label: operator.installed ? 'installed' : 'not installed', ok: operator.installed },
    { label: operator.serviceEnabled ? 'service enabled' : 'service disabled', ok: operator.serviceEnabled },
    { label: operator.reachable ? 'reachable' : 'unreachable', ok: operator.reachable },
  ];
}

/** "API 35 · Android 15", or what is known of it. */
export function platformText(device: DeviceInfo): string {
  const parts: string[] = [];
  if (device.apiLevel !== undefined) parts.push(`API ${device.apiLevel}`);
  if (device.release !== undefined) parts.push(`Android ${device.release}`);
  return parts.join(' \u00b7 ');
}
