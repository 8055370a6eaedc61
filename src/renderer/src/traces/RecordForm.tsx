// Record a system trace on the selected device: package picker (list_android_apps), duration and buffer. The
// start itself is approved in the approval dialog.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useConsole } from '../store/context';
import { ErrorLine } from './ErrorLine';

const NO_PACKAGE = '';

export function RecordForm(props: { serial: string }): ReactNode {
  const { serial } = props;
  const apps = useConsole((state) => state.traceApps);
  const appsError = useConsole((state) => state.traceAppsError);
  const loadTraceApps = useConsole((state) => state.loadTraceApps);
  const starting = useConsole((state) => state.traceStarting);
  const startError = useConsole((state) => state.traceStartError);
  const recordTrace = useConsole((state) => state.recordTrace);
  const [packageName, setPackageName] = useState(NO_PACKAGE);
  const [duration, setDuration] = useState(10);
  const [buffer, setBuffer] = useState(8);
  const ids = { package: useId(), duration: useId(), buffer: useId(), hint: useId() };
  useEffect(() => {
    if (apps?.serial !== serial) void loadTraceApps(serial);
  }, [apps?.serial, serial, loadTraceApps]);
  const packages = apps?.serial === serial ? apps.packages : [];
  const valid =
    Number.isInteger(duration) &&
    duration >= 1 &&
    duration <= 120 &&
    Number.isInteger(buffer) &&
    buffer >= 1 &&
    buffer <= 32;
  return (
    <section className="trace-card" aria-labelledby={`${ids.package}-title`}>
      <h3 id={`${ids.package}-title`}>Record</h3>
      <form
        className="trace-record"
        aria-describedby={ids.hint}
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          void recordTrace(serial, {
            package: packageName === NO_PACKAGE ? null : packageName,
            durationSecs: duration,
            bufferMb: buffer,
          });
        }}
      >
        <label htmlFor={ids.package}>App (app atrace only)</label>
        <select id={ids.package} value={packageName} onChange={(event) => setPackageName(event.target.value)}>
          <option value={NO_PACKAGE}>No app: system-wide only</option>
          {packages.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <label htmlFor={ids.duration}>Duration (s, 1-120)</label>
        <input
          id={ids.duration}
          type="number"
          min={1}
          max={120}
          step={1}
          value={duration}
          onChange={(event) => setDuration(event.target.valueAsNumber)}
          required
        />
        <label htmlFor={ids.buffer}>Buffer (MB, 1-32)</label>
        <input
          id={ids.buffer}
          type="number"
          min={1}
          max={32}
          step={1}
          value={buffer}
          onChange={(event) => setBuffer(event.target.valueAsNumber)}
          required
        />
        <button type="submit" className="primary" disabled={starting || !valid}>
          {starting ? 'Waiting for approval…' : 'Record trace'}
        </button>
      </form>
      <p id={ids.hint} className="hint">
        Perfetto records on the device and stops itself after the duration; the console then collects the
        trace (asking you again) and analyses it. Scheduling and binder data stay system-wide whatever app you
        pick.
      </p>
      {appsError !== null && <ErrorLine error={appsError} prefix="Apps could not be listed:" />}
      {startError !== null && <ErrorLine error={startError} prefix="Not started:" />}
    </section>
  );
}
