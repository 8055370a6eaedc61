// The selected device's Operator: installed, service enabled, reachable, version; and the actions that set it up.
import { useId, useState, type ReactNode } from 'react';
import { isOnline } from '../devices/devicesSlice';
import { useConsole } from '../store/context';
import { selectTargetDevice } from '../store/selectors';
import { InstallApkDialog } from './InstallApkDialog';
import { availableActions, busyText, ENABLE_SERVICE_BUTTON_ID, statusRows } from './operatorStatus';
import { OutcomeView } from './OutcomeView';
import './operator.css';

export function OperatorSection(): ReactNode {
  const device = useConsole(selectTargetDevice);
  const entry = useConsole((state) => (device === undefined ? undefined : state.operators[device.serial]));
  const configuredPackage = useConsole((state) => state.appInfo?.settings.operatorPackage);
  const refresh = useConsole((state) => state.refreshOperator);
  const enable = useConsole((state) => state.enableOperator);
  const disable = useConsole((state) => state.disableOperator);
  const openSettings = useConsole((state) => state.openOperatorSettings);
  const [installing, setInstalling] = useState(false);
  const headingId = useId();
  if (device === undefined) return null;

  const { serial, operator } = device;
  const busy = entry?.busy ?? null;
  const can = availableActions(isOnline(device), operator);
  const idle = busy === null;
  const packageName = operator?.packageName ?? configuredPackage;
  return (
    <section
      className="panel operator"
      role="region"
      aria-label="Operator"
      aria-describedby={headingId}
      aria-busy={!idle}
    >
      <header className="panel-header">
        <h2>Operator</h2>
        <span className="muted" id={headingId} title={serial}>
          {device.model === undefined ? serial : `${device.model} \u00b7 ${serial}`}
        </span>
      </header>
      {packageName !== undefined && (
        <p className="operator-package">
          <span className="muted">Package</span> <code>{packageName}</code>
        </p>
      )}
      <table className="operator-status" aria-label="Operator status">
        <tbody>
          {statusRows(operator).map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td className={row.ok === undefined ? '' : row.ok ? 'tone-good' : 'tone-bad'}>
                {row.ok !== undefined && <span aria-hidden="true">{row.ok ? '\u2713 ' : '\u2717 '}</span>}
                {row.value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {operator?.problem !== undefined && <p className="operator-problem">{operator.problem}</p>}
      {!isOnline(device) && (
        <p className="hint">The device is not online: its Operator cannot be set up now.</p>
      )}
      <div className="operator-actions">
        <button
          type="button"
          id={ENABLE_SERVICE_BUTTON_ID}
          disabled={!idle || !can.enable}
          onClick={() => void enable(serial)}
        >
          Enable service
        </button>
        <button type="button" disabled={!idle || !can.disable} onClick={() => void disable(serial)}>
          Disable service
        </button>
        <button
          type="button"
          className="operator-wide"
          disabled={!idle || !can.openSettings}
          onClick={() => void openSettings(serial)}
        >
          Open accessibility settings
        </button>
        <button type="button" disabled={!idle || !can.install} onClick={() => setInstalling(true)}>
          Install APK{'\u2026'}
        </button>
        <button type="button" disabled={!idle || !can.refresh} onClick={() => void refresh(serial)}>
          Refresh status
        </button>
      </div>
      <div className="operator-outcome" aria-live="polite">
        {busy !== null && <p className="hint">{busyText(busy)}</p>}
        {busy === null && entry?.outcome !== undefined && <OutcomeView outcome={entry.outcome} />}
      </div>
      <InstallApkDialog serial={serial} open={installing} onClose={() => setInstalling(false)} />
    </section>
  );
}
