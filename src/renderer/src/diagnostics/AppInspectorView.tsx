// App inspector: the foreground app by default, or a package chosen from list_android_apps: activity, process,
// memory, version, install times, permissions and storage (inspect_android_app). Storage sizes need root: an empty
// list is shown as unreadable, not as empty.
import { useState, type ReactNode } from 'react';
import { Facts, ProbeNote, ViewFrame } from './ViewFrame';
import { useProbe } from './useProbe';
import { bool, kib, list, num, str, strings } from './viewData';

const FOREGROUND = '';

export function AppInspectorView(props: { serial: string; refreshSignal: number }): ReactNode {
  const { serial, refreshSignal } = props;
  const apps = useProbe(serial, 'list_android_apps', { args: { scope: 'all' }, refreshSignal });
  const app = useProbe(serial, 'inspect_android_app', { refreshSignal });
  const lastPackage = app.card?.args?.['package'];
  const [choice, setChoice] = useState<string>(typeof lastPackage === 'string' ? lastPackage : FOREGROUND);
  const argsFor = (packageName: string): Record<string, unknown> =>
    packageName === FOREGROUND ? {} : { package: packageName };
  const packages = list(apps.card?.run?.result, 'packages')
    .map((entry) => str(entry, 'package'))
    .filter((name): name is string => name !== undefined);
  const result = app.card?.run?.result;
  const requested = strings(result, 'summary', 'requested_permissions');
  const granted = new Set(strings(result, 'summary', 'granted_permissions'));
  const storageLines = strings(result, 'summary', 'storage_kb_lines');
  const processRows = (str(result, 'process', 'stdout') ?? '')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '');
  const controls = (
    <label className="view-control">
      <span>App</span>
      <select
        aria-label="App to inspect"
        value={choice}
        onChange={(event) => {
          setChoice(event.target.value);
          app.refresh(argsFor(event.target.value));
        }}
      >
        <option value={FOREGROUND}>Foreground app</option>
        {packages.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <ViewFrame
      id="app"
      title="App inspector"
      probes={[app, apps]}
      controls={controls}
      onRefresh={() => {
        app.refresh(argsFor(choice));
        apps.refresh();
      }}
      wide
    >
      <div className="view-columns">
        <Facts
          label="App"
          facts={[
            ['Package', str(result, 'package')],
            [
              'Foreground',
              bool(result, 'is_foreground') === undefined
                ? undefined
                : bool(result, 'is_foreground')
                  ? 'yes'
                  : 'no',
            ],
            ['Device foreground', str(result, 'foreground_component') ?? 'no resumed activity'],
            ['Version', str(result, 'summary', 'version_name')],
            ['Version code', num(result, 'summary', 'version_code')?.toString()],
            ['First installed', str(result, 'summary', 'first_install_time')],
            ['Last updated', str(result, 'summary', 'last_update_time')],
          ]}
        />
        <Facts
          label="Process and memory"
          facts={[
            ['Main pid', num(result, 'summary', 'pid')?.toString() ?? 'not running'],
            ['PSS', kib(num(result, 'summary', 'total_pss_kb'))],
            ['RSS', kib(num(result, 'summary', 'total_rss_kb'))],
            ['APK', strings(result, 'summary', 'apk_paths').join(', ') || undefined],
            [
              'Data storage',
              storageLines.length > 0 ? storageLines.join('; ') : 'not readable as adb shell (needs root)',
            ],
          ]}
        />
      </div>
      {processRows.length > 0 && (
        <pre className="tool-output view-rows" aria-label="Process rows">
          {processRows.join('\n')}
        </pre>
      )}
      {requested.length > 0 && (
        <details className="view-details">
          <summary>
            Permissions: {requested.filter((permission) => granted.has(permission)).length} of{' '}
            {requested.length} requested granted
          </summary>
          <ul className="view-list" aria-label="Requested permissions">
            {requested.map((permission) => (
              <li key={permission}>
                <code>{permission}</code>{' '}
                <span className={granted.has(permission) ? 'tone-good' : 'muted'}>
                  {granted.has(permission) ? 'granted' : 'not granted'}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <ProbeNote probe={apps} what="App list" />
    </ViewFrame>
  );
}
