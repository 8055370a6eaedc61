// Why the Operator's agent socket did not open: not installed, service disabled, or just unreachable.
import type { HostFailure } from '../../shared/errors';
import type { AdbClient } from '../../node/adb/adbkit';

/** The Operator's accessibility service class (same in the release and debug builds). */
export const OPERATOR_SERVICE_CLASS = 'com.androperator.operator.OperatorAccessibilityService';
export const DEBUG_OPERATOR_PACKAGE = 'com.androperator.operator.dev';

/** Device-level causes (the device or server went away): asking the device why would fail the same way. */
const DEVICE_LEVEL_CODES: ReadonlySet<string> = new Set([
  'ADB_NOT_FOUND',
  'ADB_SERVER_UNAVAILABLE',
  'DEVICE_NOT_FOUND',
  'DEVICE_OFFLINE',
  'DEVICE_UNAUTHORIZED',
]);

async function shellText(
  client: Pick<AdbClient, 'shell'>,
  serial: string,
  command: readonly string[],
): Promise<string | null> {
  try {
    return (await client.shell(serial, command)).toString('utf8');
  } catch {
    return null;
  }
}

/** True when secure settings enable an accessibility service of `operatorPackage` (':'-separated components). */
export function serviceEnabledInSettings(
  enabledServices: string,
  accessibilityEnabled: string,
  operatorPackage: string,
): boolean {
  if (accessibilityEnabled.trim() !== '1') return false;
  const prefix = `${operatorPackage}/`.toLowerCase();
  return enabledServices.split(':').some((component) => component.trim().toLowerCase().startsWith(prefix));
}

/**
 * Turns "the agent socket did not accept a connection" into the reason a user can act on, asking the device with
 * `pm path` and the secure accessibility settings. Keeps `cause` when the device itself is gone.
 */
export async function diagnoseUnreachableOperator(
  client: Pick<AdbClient, 'shell'>,
  serial: string,
  operatorPackage: string,
  cause: HostFailure,
): Promise<HostFailure> {
  if (DEVICE_LEVEL_CODES.has(cause.code)) return cause;
  const details = { ...cause.details, operatorPackage, serial, cause: cause.message };
  const packagePath = await shellText(client, serial, ['pm', 'path', operatorPackage]);
  if (packagePath !== null && !/^package:/m.test(packagePath)) {
    return {
      code: 'OPERATOR_NOT_INSTALLED',
      message: `The Operator package ${operatorPackage} is not installed on ${serial}.`,
      hint:
        `Install the Operator APK on the device, or pass --operator-package ${DEBUG_OPERATOR_PACKAGE} for debug ` +
        'builds.',
      details,
    };
  }
  const services = await shellText(client, serial, [
    'settings',
    'get',
    'secure',
    'enabled_accessibility_services',
  ]);
  const enabled = await shellText(client, serial, ['settings', 'get', 'secure', 'accessibility_enabled']);
  if (packagePath !== null && services !== null && enabled !== null) {
    if (!serviceEnabledInSettings(services, enabled, operatorPackage)) {
      return {
        code: 'OPERATOR_NOT_ENABLED',
        message: `The Operator ${operatorPackage} is installed on ${serial}, but its accessibility service is not enabled.`,
        hint:
          'Enable it in Settings > Accessibility > Androperator Operator. Over adb (this replaces the list of ' +
          `enabled services): adb -s ${serial} shell settings put secure enabled_accessibility_services ` +
          `${operatorPackage}/${OPERATOR_SERVICE_CLASS}, then adb -s ${serial} shell settings put secure ` +
          'accessibility_enabled 1',
        details,
      };
    }
  }
  return {
    code: 'OPERATOR_UNREACHABLE',
    message: `${cause.message} The Operator is installed and enabled (or the device could not be asked), but it is not answering.`,
    hint: 'Open the Operator app once on the device, or toggle its accessibility service off and on, then retry.',
    details,
  };
}
