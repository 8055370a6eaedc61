// Operator setup on a device through adb: enable/disable its accessibility service, open settings, install an APK.
import { open } from 'node:fs/promises';
import { fail, ok, type Result } from '../../shared/errors';
import { toAppError, type AdbClient } from '../../node/adb/adbkit';
import {
  ACCESSIBILITY_ENABLED_SETTING,
  ACCESSIBILITY_SETTINGS_ACTION,
  hasZipSignature,
  parseServiceList,
  servicesWrite,
  servicesWriteCommand,
  SERVICES_SETTING,
  withOperatorService,
  withoutOperatorService,
} from './setup';

/** One device and the Operator package to set up on it. */
export interface SetupTarget {
  client: AdbClient;
  serial: string;
  operatorPackage: string;
}

/** What a service change found before writing: the raw list, or null when the setting had no row. */
export interface ServicesChange {
  previous: string | null;
}

// Why a marker: the device shell's exit status does not reach us over legacy `shell:`, and `$?` is not portable.
const OK_MARKER = '__androperator_ok__';

/** Runs `command && echo <marker>`; the output before the marker, or OPERATOR_SETTINGS_FAILED with the output. */
async function runChecked(client: AdbClient, serial: string, command: string): Promise<Result<string>> {
  let output: string;
  try {
    output = (await client.shell(serial, `${command} && echo ${OK_MARKER}`)).toString('utf8');
  } catch (error) {
    const cause = toAppError(error);
    return fail(cause.code, `${serial}: ${command}: ${cause.message}`, { deviceId: serial, command });
  }
  const index = output.lastIndexOf(OK_MARKER);
  if (index < 0)
    return fail(
      'OPERATOR_SETTINGS_FAILED',
      `${serial}: \`${command}\` failed: ${output.trim() || '(no output)'}`,
      {
        deviceId: serial,
        command,
        output: output.slice(0, 500),
      },
    );
  return ok(output.slice(0, index));
}

async function readServices(target: SetupTarget): Promise<Result<string | null>> {
  const read = await runChecked(target.client, target.serial, `settings get secure ${SERVICES_SETTING}`);
  if (!read.ok) return read;
  const value = read.value.replace(/\r?\n$/, '').replace(/\r$/, '');
  return ok(value === 'null' ? null : value);
}

/** Adds the Operator's service to the enabled list (keeping the others) and turns accessibility on. */
export async function enableOperatorService(target: SetupTarget): Promise<Result<ServicesChange>> {
  const previous = await readServices(target);
  if (!previous.ok) return previous;
  const list = withOperatorService(parseServiceList(previous.value ?? ''), target.operatorPackage);
  const write = await runChecked(
    target.client,
    target.serial,
    `${servicesWriteCommand(servicesWrite(list))} && settings put secure ${ACCESSIBILITY_ENABLED_SETTING} 1`,
  );
  return write.ok ? ok({ previous: previous.value }) : write;
}

/** Removes the Operator's service from the enabled list; an emptied list is deleted, not written as "". */
export async function disableOperatorService(target: SetupTarget): Promise<Result<ServicesChange>> {
  const previous = await readServices(target);
  if (!previous.ok) return previous;
  const list = withoutOperatorService(parseServiceList(previous.value ?? ''), target.operatorPackage);
  const write = await runChecked(target.client, target.serial, servicesWriteCommand(servicesWrite(list)));
  return write.ok ? ok({ previous: previous.value }) : write;
}

/** Puts back a list that enable/disable reported as `previous` (null or blank: the row is deleted). */
export async function restoreServices(
  target: Omit<SetupTarget, 'operatorPackage'>,
  previous: string | null,
): Promise<Result<void>> {
  const write = await runChecked(
    target.client,
    target.serial,
    servicesWriteCommand(servicesWrite(parseServiceList(previous ?? ''))),
  );
  return write.ok ? ok(undefined) : write;
}

/** `am start -a android.settings.ACCESSIBILITY_SETTINGS`; fails when am reports an error. */
export async function openAccessibilitySettings(
  target: Omit<SetupTarget, 'operatorPackage'>,
): Promise<Result<void>> {
  const started = await runChecked(
    target.client,
    target.serial,
    `am start -a ${ACCESSIBILITY_SETTINGS_ACTION}`,
  );
  if (!started.ok) return started;
  if (/^Error/m.test(started.value))
    return fail('OPERATOR_SETTINGS_FAILED', `${target.serial}: ${started.value.trim()}`, {
      deviceId: target.serial,
    });
  return ok(undefined);
}

/** Checks that `localPath` is a readable file starting with a zip header (FILE_NOT_FOUND, FILE_READ_FAILED, INVALID_APK). */
export async function checkApkFile(localPath: string): Promise<Result<void>> {
  let handle;
  try {
    handle = await open(localPath, 'r');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    return code === 'ENOENT'
      ? fail('FILE_NOT_FOUND', `${localPath} does not exist.`, { path: localPath })
      : fail('FILE_READ_FAILED', `${localPath} cannot be read: ${String(error)}`, { path: localPath });
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return fail('INVALID_APK', `${localPath} is not a file.`, { path: localPath });
    const header = new Uint8Array(4);
    const { bytesRead } = await handle.read(header, 0, 4, 0);
    if (!hasZipSignature(header.subarray(0, bytesRead)))
      return fail('INVALID_APK', `${localPath} is not an APK (no zip signature).`, { path: localPath });
    return ok(undefined);
  } catch (error) {
    return fail('FILE_READ_FAILED', `${localPath} cannot be read: ${String(error)}`, { path: localPath });
  } finally {
    await handle.close();
  }
}

/** Pushes the APK to /data/local/tmp and runs `pm install -r`; OPERATOR_INSTALL_FAILED carries pm's failure. */
export async function installApk(
  target: Omit<SetupTarget, 'operatorPackage'>,
  localPath: string,
): Promise<Result<void>> {
  const file = await checkApkFile(localPath);
  if (!file.ok) return file;
  try {
    await target.client.install(target.serial, localPath);
    return ok(undefined);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const reason = error instanceof Error && 'code' in error ? error.code : undefined;
    // adbkit throws an InstallError with pm's failure code (e.g. INSTALL_PARSE_FAILED_NOT_APK) for a pm failure.
    // Its `code` is pm's bracketed text, e.g. "INSTALL_PARSE_FAILED_NOT_APK: Failed to parse ...".
    if (typeof reason === 'string' && /^INSTALL_|EXCEPTION/.test(reason))
      return fail('OPERATOR_INSTALL_FAILED', `pm install failed on ${target.serial}: ${message}`, {
        deviceId: target.serial,
        path: localPath,
        reason: reason.split(':')[0],
        pmOutput: reason,
      });
    const cause = toAppError(error, 'OPERATOR_INSTALL_FAILED');
    return fail(cause.code, `Could not install ${localPath} on ${target.serial}: ${cause.message}`, {
      deviceId: target.serial,
      path: localPath,
    });
  }
}
