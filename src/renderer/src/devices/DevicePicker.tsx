// The device list: pick the designer's target (radio), tick devices for multi-device runs (checkbox).
import { useId, type ReactNode } from 'react';
import type { DeviceInfo } from '../../../shared/api/devices';
import { useConsole } from '../store/context';
import { selectDisconnected, selectRunSerials } from '../store/selectors';
import { DEVICES_ID } from '../ui/useShortcuts';
import { operatorChecks, platformText, stateText } from './deviceStatus';
import './devices.css';

function DeviceEntry(props: {
  device: DeviceInfo;
  selected: boolean;
  ticked: boolean;
  /** No longer listed by adb: kept (selected or ticked) until the user picks another device or unticks it. */
  disconnected?: boolean;
}): ReactNode {
  const { device, selected, ticked, disconnected = false } = props;
  const selectTarget = useConsole((state) => state.selectTarget);
  const toggleTicked = useConsole((state) => state.toggleTicked);
  const id = useId();
  const state = disconnected ? { text: 'disconnected', tone: 'bad' as const } : stateText(device.state);
  const checks = operatorChecks(device);
  const platform = platformText(device);
  return (
    <li className={`device ${selected ? 'selected' : ''} ${disconnected ? 'disconnected' : ''}`}>
      <input
        type="radio"
        name="target-device"
        id={`${id}-target`}
        checked={selected}
        onChange={() => selectTarget(device.serial)}
        aria-describedby={`${id}-details`}
      />
      <label htmlFor={`${id}-target`} className="device-name">
        <span className="device-model">{device.model ?? 'Unknown model'}</span>{' '}
        <span className="device-serial mono">{device.serial}</span>
      </label>
      <label className="device-tick" title="Include in runs on several devices">
        <input
          type="checkbox"
          checked={ticked}
          onChange={() => toggleTicked(device.serial)}
          aria-label={`Run on ${device.serial}`}
        />
      </label>
      <div className="device-details" id={`${id}-details`}>
        <span className={`badge tone-${state.tone}`}>{state.text}</span>
        {platform !== '' && <span>{platform}</span>}
        {device.simulatedProfile !== undefined && (
          <span className="badge tone-neutral" title={`Simulator profile ${device.simulatedProfile}`}>
            Simulated · {device.simulatedProfile}
          </span>
        )}
        {device.server !== 'local' && <span className="muted">via {device.server}</span>}
      </div>
      {disconnected && (
        <div className="device-problem">
          adb no longer lists this device. Runs on it are blocked until it is back; choose another device to
          move on.
        </div>
      )}
      {!disconnected && (
        <div className="device-operator">
          <span className="muted">Operator</span>
          {checks.length === 0 ? (
            <span className="muted">status unknown</span>
          ) : (
            checks.map((check) => (
              <span key={check.label} className={`check ${check.ok ? 'tone-good' : 'tone-bad'}`}>
                <span aria-hidden="true">{check.ok ? '\u2713' : '\u2717'}</span> {check.label}
              </span>
            ))
          )}
        </div>
      )}
      {!disconnected && device.operator?.problem !== undefined && !device.operator.reachable && (
        <div className="device-problem">{device.operator.problem}</div>
      )}
    </li>
  );
}

export function DevicePicker(): ReactNode {
  const devices = useConsole((state) => state.devices);
  const loaded = useConsole((state) => state.devicesLoaded);
  const error = useConsole((state) => state.devicesError);
  const targetSerial = useConsole((state) => state.targetSerial);
  const ticked = useConsole((state) => state.tickedSerials);
  const runSerials = useConsole(selectRunSerials);
  const disconnected = useConsole(selectDisconnected);
  return (
    <section className="panel devices" aria-labelledby="devices-heading">
      <header className="panel-header">
        <h2 id="devices-heading">Devices</h2>
        <span className="muted">{devices.length}</span>
      </header>
      {error !== null && <p className="error-text">{error.message}</p>}
      <ul className="device-list" role="list" aria-label="Devices" id={DEVICES_ID}>
        {devices.map((device) => (
          <DeviceEntry
            key={device.serial}
            device={device}
            selected={device.serial === targetSerial}
            ticked={ticked.includes(device.serial)}
          />
        ))}
        {disconnected.map((device) => (
          <DeviceEntry
            key={`gone-${device.serial}`}
            device={device}
            selected={device.serial === targetSerial}
            ticked={ticked.includes(device.serial)}
            disconnected
          />
        ))}
      </ul>
      {loaded && devices.length === 0 && disconnected.length === 0 && error === null && (
        <p className="empty">
          No devices. Connect one with USB debugging, or start a simulated one:{' '}
          <code>androperator simulator start</code>
        </p>
      )}
      {devices.length > 0 && (
        <p className="hint">
          {runSerials.length > 1
            ? `Runs go to ${runSerials.length} ticked devices.`
            : 'The selected device is the designer\u2019s target. Tick devices to run on several at once.'}
        </p>
      )}
    </section>
  );
}
