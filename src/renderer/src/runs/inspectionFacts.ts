// run.json's inspection as facts to show (Results): what the host read after clear, a fact not observed left out,
// and each part's status. Pure.
import type { RunInspection } from '../../../shared/api/evidence';

export interface InspectionPart {
  title: string;
  status: string;
  facts: Array<{ name: string; value: string }>;
  error?: string;
}

const mib = (kib: number | null | undefined): string | undefined =>
  kib === null || kib === undefined ? undefined : `${Math.round(kib / 1024).toLocaleString()} MiB`;

function facts(entries: Array<[string, string | number | boolean | undefined]>): InspectionPart['facts'] {
  return entries.flatMap(([name, value]) =>
    value === undefined || value === ''
      ? []
      : [{ name, value: typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value) }],
  );
}

/** The environment and app parts, in that order; absent parts are left out. */
export function inspectionParts(inspection: RunInspection): InspectionPart[] {
  const parts: InspectionPart[] = [];
  const env = inspection.environment;
  if (env !== undefined)
    parts.push({
      title: 'Environment',
      status: env.status,
      facts: facts([
        ['Android', env.androidRelease],
        ['API level', env.apiLevel],
        ['ABI', env.abi],
        ['Supported ABIs', env.supportedAbis?.join(', ')],
        ['SELinux', env.selinux],
        ['Memory total', mib(env.memoryKib?.total)],
        ['Memory available', mib(env.memoryKib?.available)],
        [
          '/data free',
          env.dataKib === undefined
            ? undefined
            : `${mib(env.dataKib.available)} of ${mib(env.dataKib.total)}`,
        ],
      ]),
      ...(env.error === undefined ? {} : { error: `${env.error.code} ${env.error.message}` }),
    });
  const app = inspection.app;
  if (app !== undefined)
    parts.push({
      title: 'Foreground app',
      status: app.status,
      facts: facts([
        ['Package', app.packageName],
        ['Activity', app.component],
        ['Foreground', app.isForeground],
        [
          'Version',
          app.versionName === undefined ? undefined : `${app.versionName} (${app.versionCode ?? '?'})`,
        ],
        ['pid', app.pid],
        ['Memory (PSS)', app.totalPssKb === undefined ? undefined : `${app.totalPssKb.toLocaleString()} KiB`],
        ['Installed', app.firstInstallTime],
        ['Updated', app.lastUpdateTime],
      ]),
      ...(app.error === undefined ? {} : { error: `${app.error.code} ${app.error.message}` }),
    });
  return parts;
}

/** "Environment complete, foreground app partial". */
export function inspectionSummary(inspection: RunInspection): string {
  return inspectionParts(inspection)
    .map((part) => `${part.title.toLowerCase()} ${part.status.replace('_', ' ')}`)
    .join(', ')
    .replace(/^./, (first) => first.toUpperCase());
}
