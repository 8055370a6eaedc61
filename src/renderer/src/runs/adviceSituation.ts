// What the console knows about a device that fits the advice to it: no usable area, an "Enable service" button.
import { isOnline } from '../devices/devicesSlice';
import { availableActions, ENABLE_SERVICE_BUTTON_ID } from '../operator/operatorStatus';
import type { ConsoleState } from '../store/types';
import type { AdviceSituation } from './errorAdvice';

/** The device reports no usable display area (its last description said so). */
export function usableAreaUnknown(state: ConsoleState, serial: string): boolean {
  return state.descriptions[serial]?.description?.display.usable === null;
}

/** The Operator section is about `serial` and its "Enable service" button is enabled. */
export function enableServiceShown(state: ConsoleState, serial: string): boolean {
  if (state.targetSerial !== serial) return false;
  const device = state.devices.find((candidate) => candidate.serial === serial);
  if (device?.operator === undefined) return false;
  return availableActions(isOnline(device), device.operator).enable && state.operators[serial]?.busy == null;
}

export function adviceSituation(state: ConsoleState, serial: string | undefined): AdviceSituation {
  if (serial === undefined) return {};
  return {
    usableAreaUnknown: usableAreaUnknown(state, serial),
    enableServiceButton: enableServiceShown(state, serial),
  };
}

/** Brings the Operator section's "Enable service" button into view and focuses it (opening the drawer first). */
export function goToEnableService(state: ConsoleState): void {
  state.setSidebarOpen(true);
  requestAnimationFrame(() => {
    const button = document.getElementById(ENABLE_SERVICE_BUTTON_ID);
    button?.scrollIntoView({ block: 'center' });
    button?.focus();
  });
}
