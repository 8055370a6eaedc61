// inspect_android_environment: build properties, uid, SELinux mode, memory, /data space and which of 21 commands the
// device has, each probe its own command and section (reference section 2).
import { ok } from '../../shared/errors';
import { ENVIRONMENT_ARGUMENTS } from '../../shared/android/inspectArguments';
import { defineTool } from '../android/tool';
import {
  ENVIRONMENT_PROPERTIES,
  PROBED_COMMANDS,
  parseBuildProperties,
  parseCommandPaths,
  parseDataDf,
  parseMeminfo,
  parseSelinux,
  parseUid,
} from './environmentParse';
import { runSections, sectionsTimedOut, type ProbeSection } from './sections';

/** The probes, by section name; none takes a caller's value, so nothing needs quoting. */
export const ENVIRONMENT_PROBES = {
  properties: `for k in ${ENVIRONMENT_PROPERTIES.join(' ')}; do printf '%s=%s\\n' "$k" "$(getprop "$k")"; done`,
  uid: 'id -u',
  selinux: 'getenforce',
  memory: "grep -E '^(MemTotal|MemAvailable):' /proc/meminfo",
  data: 'df -k /data',
  commands: `for c in ${PROBED_COMMANDS.join(' ')}; do p=$(command -v "$c") || p=; printf '%s=%s\\n' "$c" "$p"; done`,
} as const;

export const inspectAndroidEnvironment = defineTool({
  name: 'inspect_android_environment',
  cli: { command: 'android', verb: 'environment' },
  description:
    'Reports the Android release, API level, ABIs, shell uid, SELinux mode, memory, /data space and which common ' +
    'commands (toybox, sqlite3, curl, ...) exist. status is complete only when every probe succeeded and parsed.',
  risk: 'read_only',
  arguments: ENVIRONMENT_ARGUMENTS,
  async run(context) {
    const ran = await runSections(context, ENVIRONMENT_PROBES);
    if (!ran.ok) return ran;
    const sections = ran.value;
    const timedOut = sectionsTimedOut(sections);
    if (timedOut) return timedOut;
    const build = parseBuildProperties(sections.properties.stdout);
    const data = parseDataDf(sections.data.stdout);
    const allComplete = Object.values<ProbeSection>(sections).every(
      (section) => section.status === 'complete',
    );
    const parsed = build.device_abi !== null && build.api_level !== null && data !== null;
    return ok({
      kind: 'android_environment',
      status: allComplete && parsed ? 'complete' : 'partial',
      ...build,
      uid: parseUid(sections.uid.stdout),
      selinux: parseSelinux(sections.selinux.stdout),
      memory_kib: parseMeminfo(sections.memory.stdout),
      data_kib: data,
      commands: parseCommandPaths(sections.commands.stdout),
      sections,
    });
  },
});
