// Words for the Operator section: status rows, which actions apply, what an action is doing and how it ended. Pure.
import type { OperatorStatus } from '../../../shared/api/devices';
import type { OperatorAction } from './operatorSlice';

/** The id of the Operator section's "Enable service" button (advice elsewhere brings it into view). */
export const ENABLE_SERVICE_BUTTON_ID = 'operator-enable-service';

export interface StatusRow {
  label: 'Installed' | 'Service enabled' | 'Reachable' | 'Version';
  value: string;
  /** Whether the check holds; absent for rows that are not a check (Version) or when the status is unknown. */
  ok?: boolean;
}

const yesNo = (label: StatusRow['label'], value: boolean): StatusRow => ({
  label,
  value: value ? 'yes' : 'no',
  ok: value,
});

/** Installed / Service enabled / Reachable as yes-no checks, then the version; "unknown" throughout without a status. */
export function statusRows(operator: OperatorStatus | undefined): StatusRow[] {
  if (operator === undefined) {
    return (['Installed', 'Service enabled', 'Reachable', 'Version'] as const).map((label) => ({
      label,
      value: 'unknown',
    }));
  }
  return [
    yesNo('Installed', operator.installed),
    yesNo('Service enabled', operator.serviceEnabled),
    yesNo('Reachable', operator.reachable),
    { label: 'Version', value: operator.versionName ?? (operator.installed ? 'unknown' : 'not installed') },
  ];
}

/** Which buttons apply: the service can be enabled once installed and while off, disabled while on. */
export function availableActions(
  online: boolean,
  operator: OperatorStatus | undefined,
): { enable: boolean; disable: boolean; openSettings: boolean; install: boolean; refresh: boolean } {
  if (!online) return { enable: false, disable: false, openSettings: false, install: false, refresh: false };
  // Status unknown: offer both and let the device answer.
  const enable = operator === undefined || (operator.installed && !operator.serviceEnabled);
  const disable = operator === undefined || operator.serviceEnabled;
  return { enable, disable, openSettings: true, install: true, refresh: true };
}

const BUSY_TEXT: Record<OperatorAction, string> = {
  status: 'Refreshing the status\u2026',
  enable: 'Enabling the service\u2026',
  disable: 'Disabling the service\u2026',
  openSettings: 'Opening accessibility settings\u2026',
  install: 'Installing the APK\u2026',
};

export function busyText(action: OperatorAction): string {
  return BUSY_TEXT[action];
}

/** The sentence shown after an action succeeded, checked against the status the device reported after it. */
export function successText(action: OperatorAction, status: OperatorStatus | undefined): string {
  switch (action) {
    case 'status':
      return 'Status refreshed.';
    case 'enable':
      return status?.serviceEnabled === false
        ? 'Enable was sent, but the service still reads as disabled.'
        : 'Accessibility service enabled.';
    case 'disable':
      return status?.serviceEnabled === true
        ? 'Disable was sent, but the service still reads as enabled.'
        : 'Accessibility service disabled.';
    case 'openSettings':
      return 'Accessibility settings opened on the device.';
    case 'install': {
      const name = status?.packageName ?? 'the APK';
      return status?.versionName === undefined
        ? `Installed ${name}.`
        : `Installed ${name} ${status.versionName}.`;
    }
  }
}

/** Why an APK path cannot be sent, or null: it must be an absolute path on the machine running the console. */
export function apkPathProblem(path: string): string | null {
  const trimmed = path.trim();
  if (trimmed === '') return 'Enter the path of the APK file.';
  const absolute = trimmed.startsWith('/') || /^[A-Za-z]:[\\/]/.test(trimmed) || trimmed.startsWith('\\\\');
  if (!absolute) return 'Enter an absolute path (on the machine running the console).';
  return null;
}
