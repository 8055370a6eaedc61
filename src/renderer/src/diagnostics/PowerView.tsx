// Thermal and power (android_thermal_power: battery, thermal status and temperatures, wakefulness, Doze) and Doze on
// its own (android_doze). A section the device does not have (thermalservice before Android 10) is shown missing.
import type { ReactNode } from 'react';
import { Facts, ViewFrame } from './ViewFrame';
import { useProbe } from './useProbe';
import { at, bool, list, num, sectionStatuses, str, strings } from './viewData';

const yesNo = (value: boolean | undefined): string | undefined =>
  value === undefined ? undefined : value ? 'yes' : 'no';

function MissingSections(props: { result: unknown }): ReactNode {
  const missing = sectionStatuses(props.result).filter(([, status]) => status !== 'complete');
  if (missing.length === 0) return null;
  return (
    <p className="muted view-note">
      Not observed:{' '}
      {missing
        .map(([name, status]) => `${name} (${status === 'timed_out' ? 'timed out' : status})`)
        .join(', ')}
    </p>
  );
}

export function ThermalPowerView(props: { serial: string; refreshSignal: number }): ReactNode {
  const probe = useProbe(props.serial, 'android_thermal_power', { refreshSignal: props.refreshSignal });
  const result = probe.card?.run?.result;
  const battery = at(result, 'summary', 'battery');
  const thermal = at(result, 'summary', 'thermal');
  const power = at(result, 'summary', 'power');
  const temperatures = list(thermal, 'temperatures');
  const level = num(battery, 'level');
  const scale = num(battery, 'scale');
  const temperature = num(battery, 'temperature_c');
  return (
    <ViewFrame id="power" title="Thermal and power" probes={[probe]}>
      <Facts
        label="Battery and power"
        facts={[
          [
            'Battery',
            bool(battery, 'present') === false
              ? 'none present'
              : level === undefined
                ? undefined
                : `${level}${scale === 100 ? '%' : ` of ${scale ?? '?'}`}`,
          ],
          ['Battery status', str(battery, 'status_name')],
          ['Plugged', battery === undefined ? undefined : strings(battery, 'plugged').join(', ') || 'no'],
          ['Battery temperature', temperature === undefined ? undefined : `${temperature} \u00b0C`],
          ['Thermal status', str(thermal, 'status_name')],
          ['Thermal override', yesNo(bool(thermal, 'override'))],
          ['Wakefulness', str(power, 'wakefulness')],
          ['Display', str(power, 'display_state')],
          ['Battery saver', yesNo(bool(power, 'low_power_mode'))],
          ['Device idle (deep)', yesNo(bool(power, 'device_idle_mode'))],
        ]}
      />
      {temperatures.length > 0 && (
        <table className="view-table" aria-label="Temperatures">
          <thead>
            <tr>
              <th scope="col">Sensor</th>
              <th scope="col">Temperature</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {temperatures.map((sensor, index) => (
              <tr key={`${str(sensor, 'name') ?? ''}-${index}`}>
                <td>{str(sensor, 'name')}</td>
                <td>{num(sensor, 'value_c') === undefined ? '' : `${num(sensor, 'value_c')} \u00b0C`}</td>
                <td>{num(sensor, 'status')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <MissingSections result={result} />
    </ViewFrame>
  );
}

export function DozeView(props: { serial: string; refreshSignal: number }): ReactNode {
  const probe = useProbe(props.serial, 'android_doze', { refreshSignal: props.refreshSignal });
  const doze = at(probe.card?.run?.result, 'doze');
  return (
    <ViewFrame id="doze" title="Doze" probes={[probe]}>
      <Facts
        label="Doze state"
        facts={[
          ['Deep state', str(doze, 'state')],
          ['Light state', str(doze, 'light_state')],
          ['Forced idle', yesNo(bool(doze, 'force_idle'))],
          ['Screen on', yesNo(bool(doze, 'screen_on'))],
          ['Charging', yesNo(bool(doze, 'charging'))],
          ['Deep Doze enabled', yesNo(bool(doze, 'deep_enabled'))],
          ['Light Doze enabled', yesNo(bool(doze, 'light_enabled'))],
        ]}
      />
      {doze === undefined && <p className="muted view-note">dumpsys deviceidle gave no Doze state.</p>}
    </ViewFrame>
  );
}
