// Storage (android_storage): /data, every filesystem df lists, and the largest app data directories when the shell
// can read them (it usually cannot: no rows then mean unreadable, as the caveat says).
import type { ReactNode } from 'react';
import { Facts, ViewFrame } from './ViewFrame';
import { useProbe } from './useProbe';
import { at, freeOf, kib, list, num, str } from './viewData';

export function StorageView(props: { serial: string; refreshSignal: number }): ReactNode {
  const probe = useProbe(props.serial, 'android_storage', { refreshSignal: props.refreshSignal });
  const result = probe.card?.run?.result;
  const data = at(result, 'data');
  const filesystems = list(result, 'filesystems');
  const appData = list(result, 'app_data');
  const used = num(data, 'use_percent');
  return (
    <ViewFrame id="storage" title="Storage" probes={[probe]}>
      <Facts
        label="Data partition"
        facts={[
          [
            `Storage ${str(data, 'mountpoint') ?? '/data'}`,
            freeOf(num(data, 'available_kib'), num(data, 'total_kib')),
          ],
          ['Used', used === undefined ? undefined : `${used}%`],
          [
            'App data rows',
            result === undefined
              ? undefined
              : appData.length === 0
                ? 'none readable'
                : String(appData.length),
          ],
        ]}
      />
      {used !== undefined && (
        <meter className="view-meter" min={0} max={100} value={used} aria-label="/data used" />
      )}
      {filesystems.length > 0 && (
        <details className="view-details">
          <summary>Filesystems ({filesystems.length})</summary>
          <table className="view-table" aria-label="Filesystems">
            <thead>
              <tr>
                <th scope="col">Mounted on</th>
                <th scope="col">Size</th>
                <th scope="col">Free</th>
                <th scope="col">Use</th>
              </tr>
            </thead>
            <tbody>
              {filesystems.map((entry, index) => (
                <tr key={`${str(entry, 'mountpoint') ?? ''}-${index}`}>
                  <td>{str(entry, 'mountpoint')}</td>
                  <td>{kib(num(entry, 'total_kib'))}</td>
                  <td>{kib(num(entry, 'available_kib'))}</td>
                  <td>{num(entry, 'use_percent') === undefined ? '' : `${num(entry, 'use_percent')}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
      {appData.length > 0 && (
        <table className="view-table" aria-label="App data">
          <tbody>
            {appData.map((entry, index) => (
              <tr key={`${str(entry, 'path') ?? ''}-${index}`}>
                <td>{str(entry, 'path')}</td>
                <td>{kib(num(entry, 'kib'))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ViewFrame>
  );
}
