// Environment: Android release and API level, ABIs, memory and /data (inspect_android_environment), the display
// (`dumpsys window displays`), locale and font scale (`dumpsys window windows`), the battery (`dumpsys battery`),
// and the model the adb device list reports. Four probes, run side by side; each part says when it is missing.
import type { ReactNode } from 'react';
import { useConsole } from '../store/context';
import { Facts, ProbeNote, ViewFrame } from './ViewFrame';
import { useProbe } from './useProbe';
import {
  at,
  freeOf,
  num,
  obj,
  parseBattery,
  parseDisplays,
  parseGlobalConfiguration,
  str,
  strings,
} from './viewData';

const BATTERY_STATUS: Record<string, string> = {
  '1': 'unknown',
  '2': 'charging',
  '3': 'discharging',
  '4': 'not charging',
  '5': 'full',
};

/** "Google Pixel 7"; a model that already starts with its maker ("Google TV Streamer") is not prefixed twice. */
function modelOf(manufacturer: string | undefined, model: string | undefined): string | undefined {
  if (model === undefined || model === '') return manufacturer;
  if (manufacturer === undefined || model.toLowerCase().startsWith(manufacturer.toLowerCase())) return model;
  return `${manufacturer} ${model}`;
}

export function EnvironmentView(props: { serial: string; refreshSignal: number }): ReactNode {
  const { serial, refreshSignal } = props;
  const device = useConsole((state) => state.devices.find((entry) => entry.serial === serial));
  const env = useProbe(serial, 'inspect_android_environment', { refreshSignal });
  const display = useProbe(serial, 'android_dumpsys', {
    probe: 'environment.display',
    args: { service: 'window', arguments: 'displays' },
    refreshSignal,
  });
  const config = useProbe(serial, 'android_dumpsys', {
    probe: 'environment.configuration',
    args: { service: 'window', arguments: 'windows' },
    refreshSignal,
  });
  const battery = useProbe(serial, 'android_dumpsys', {
    probe: 'environment.battery',
    args: { service: 'battery' },
    refreshSignal,
  });
  const result = env.card?.run?.result;
  const displayFacts = parseDisplays(str(display.card?.run?.result, 'result', 'stdout') ?? '');
  const configFacts = parseGlobalConfiguration(str(config.card?.run?.result, 'result', 'stdout') ?? '');
  const batteryFields = parseBattery(str(battery.card?.run?.result, 'result', 'stdout') ?? '');
  const memory = obj(at(result, 'memory_kib'));
  const data = obj(at(result, 'data_kib'));
  const commands = Object.entries(obj(at(result, 'commands')) ?? {});
  const available = commands.filter(([, path]) => typeof path === 'string').map(([name]) => name);
  const absent = batteryFields['present'] === 'false';
  const level = absent ? undefined : batteryFields['level'];
  const scale = batteryFields['scale'];
  const temperature = absent ? undefined : batteryFields['temperature'];
  const plugged = ['AC', 'USB', 'Wireless', 'Dock'].filter(
    (source) => batteryFields[`${source} powered`] === 'true',
  );
  return (
    <ViewFrame id="environment" title="Environment" probes={[env, display, config, battery]} wide>
      <div className="view-columns">
        <Facts
          label="Device"
          facts={[
            ['Model', modelOf(device?.manufacturer, device?.model)],
            ['Android', str(result, 'android_release')],
            ['API level', num(result, 'api_level')?.toString()],
            ['ABI', str(result, 'device_abi')],
            ['Supported ABIs', strings(result, 'supported_abis').join(', ') || undefined],
            ['Shell uid', num(result, 'uid')?.toString()],
            ['SELinux', str(result, 'selinux')],
          ]}
        />
        <Facts
          label="Memory and storage"
          facts={[
            ['Memory', freeOf(num(memory, 'available'), num(memory, 'total'))],
            [
              `Storage ${str(data, 'mountpoint') ?? '/data'}`,
              freeOf(num(data, 'available'), num(data, 'total')),
            ],
            ['Display', displayFacts.current],
            [
              'Physical display',
              displayFacts.physical === displayFacts.current ? undefined : displayFacts.physical,
            ],
            ['Density', displayFacts.density],
            ['Rotation', displayFacts.rotation],
            ['Locale', configFacts.locale],
            ['Font scale', configFacts.fontScale],
          ]}
        />
        <Facts
          label="Battery"
          facts={[
            [
              'Battery',
              batteryFields['present'] === 'false'
                ? 'none present'
                : level === undefined
                  ? undefined
                  : `${level}${scale === '100' ? '%' : ` of ${scale ?? '?'}`}`,
            ],
            [
              'Battery status',
              absent ? undefined : (BATTERY_STATUS[batteryFields['status'] ?? ''] ?? batteryFields['status']),
            ],
            [
              'Powered by',
              plugged.length > 0 ? plugged.join(', ') : level === undefined ? undefined : 'battery',
            ],
            [
              'Battery temperature',
              temperature === undefined ? undefined : `${(Number(temperature) / 10).toFixed(1)} \u00b0C`,
            ],
          ]}
        />
      </div>
      {available.length > 0 && (
        <p className="muted view-note">
          Shell commands found: {available.join(', ')}
          {commands.length > available.length
            ? `; not found: ${commands
                .filter(([, path]) => typeof path !== 'string')
                .map(([name]) => name)
                .join(', ')}`
            : ''}
        </p>
      )}
      <ProbeNote probe={display} what="Display" />
      <ProbeNote probe={config} what="Locale" />
      <ProbeNote probe={battery} what="Battery" />
      <p className="muted view-note">Model: from the adb device list; the rest from the device now.</p>
    </ViewFrame>
  );
}
