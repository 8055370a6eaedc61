// Background work of one package (android_background_work): its JobScheduler jobs, pending AlarmManager alarms, its
// app-standby bucket and the DeviceIdle state and whitelist, each section with its own status word, its parsed fields
// and, when nothing parsed, the raw matching lines. The package defaults to the foreground app the app inspector saw.
import { useEffect, useState, type ReactNode } from 'react';
import { useConsole } from '../store/context';
import { cardKey } from './diagnosticsSlice';
import type { StatusWord } from './outcome';
import { Facts, StatusBadge, ViewFrame } from './ViewFrame';
import { useProbe } from './useProbe';
import { at, bool, list, num, str, strings } from './viewData';

const SECTIONS = [
  ['jobscheduler', 'JobScheduler jobs'],
  ['alarm', 'AlarmManager alarms'],
  ['standby_bucket', 'Standby bucket'],
  ['deviceidle', 'DeviceIdle'],
] as const;

const yesNo = (value: boolean | undefined): string | undefined =>
  value === undefined ? undefined : value ? 'yes' : 'no';

function statusOf(section: unknown): StatusWord | undefined {
  const status = str(section, 'status');
  return status === 'complete' || status === 'partial' || status === 'failed' || status === 'timed_out'
    ? status
    : undefined;
}

function Jobs(props: { section: unknown }): ReactNode {
  const jobs = list(props.section, 'jobs');
  if (jobs.length === 0) return null;
  return (
    <table className="view-table" aria-label="Jobs">
      <thead>
        <tr>
          <th scope="col">Job</th>
          <th scope="col">Constraints</th>
          <th scope="col">Last run</th>
          <th scope="col">Pending because</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job, index) => {
          const required = strings(job, 'required_constraints');
          const unsatisfied = new Set(strings(job, 'unsatisfied_constraints'));
          const reasons = strings(job, 'pending_reasons');
          return (
            <tr key={`${str(job, 'unique_id') ?? ''}-${index}`}>
              <td className="bg-id">
                <code>{num(job, 'job_id') ?? str(job, 'unique_id') ?? '?'}</code>
                {bool(job, 'running') === true && <span className="tone-good"> running</span>}
              </td>
              <td>
                {required.length === 0
                  ? 'none'
                  : required.map((name) => (
                      <span key={name} className={unsatisfied.has(name) ? 'tone-warn' : 'tone-good'}>
                        {name} {unsatisfied.has(name) ? 'unsatisfied' : 'satisfied'}{' '}
                      </span>
                    ))}
              </td>
              <td>{str(job, 'last_successful_run') ?? str(job, 'last_failed_run') ?? 'not seen'}</td>
              <td>{reasons.length === 0 ? '' : reasons.join(', ')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Alarms(props: { section: unknown }): ReactNode {
  const alarms = list(props.section, 'alarms');
  return (
    <>
      <Facts
        label="Next alarms"
        facts={[
          ['Next wakeup alarm', str(props.section, 'next_wakeup_alarm') ?? undefined],
          ['Next non-wakeup alarm', str(props.section, 'next_non_wakeup_alarm') ?? undefined],
          ['Idle until', str(props.section, 'idle_until') ?? undefined],
        ]}
      />
      {alarms.length > 0 && (
        <table className="view-table" aria-label="Alarms">
          <thead>
            <tr>
              <th scope="col">Tag</th>
              <th scope="col">Type</th>
              <th scope="col">Wakeup</th>
              <th scope="col">Next trigger</th>
            </tr>
          </thead>
          <tbody>
            {alarms.map((alarm, index) => (
              <tr key={`${str(alarm, 'tag') ?? ''}-${index}`}>
                <td>
                  <code>{str(alarm, 'tag') ?? '?'}</code>
                </td>
                <td>{str(alarm, 'type')}</td>
                <td>{yesNo(bool(alarm, 'wakeup'))}</td>
                <td>{str(alarm, 'when_elapsed') ?? str(alarm, 'orig_when') ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function Section(props: { name: string; title: string; section: unknown }): ReactNode {
  const { name, title, section } = props;
  const status = statusOf(section);
  const note = str(section, 'note');
  const rows = strings(section, 'rows');
  const parsed =
    name === 'jobscheduler'
      ? list(section, 'jobs').length > 0
      : name === 'alarm'
        ? list(section, 'alarms').length > 0
        : name === 'standby_bucket'
          ? num(section, 'bucket') !== undefined
          : at(section, 'doze') !== undefined;
  const body =
    name === 'jobscheduler' ? (
      <>
        <Facts label="JobScheduler" facts={[['Registered jobs (device)', num(section, 'registered_jobs')]]} />
        <Jobs section={section} />
      </>
    ) : name === 'alarm' ? (
      <Alarms section={section} />
    ) : name === 'standby_bucket' ? (
      <Facts
        label="Standby bucket"
        facts={[
          [
            'Bucket',
            num(section, 'bucket') === undefined
              ? undefined
              : `${str(section, 'bucket_name') ?? '?'} (${num(section, 'bucket')})`,
          ],
        ]}
      />
    ) : (
      <Facts
        label="DeviceIdle"
        facts={[
          ['Deep state', str(section, 'doze', 'state')],
          ['Light state', str(section, 'doze', 'light_state')],
          ['Whitelisted', yesNo(bool(section, 'whitelisted'))],
          ['Whitelists', strings(section, 'whitelists').join(', ')],
        ]}
      />
    );
  const rawText = name === 'standby_bucket' ? (str(section, 'stdout') ?? '').trim() : rows.join('\n');
  return (
    <section className="bg-section" aria-labelledby={`bg-${name}`} data-section={name}>
      <h4 id={`bg-${name}`}>
        {title} <StatusBadge status={status} label={`${title} status`} />
      </h4>
      {section === undefined ? (
        <p className="muted view-note">Not in the answer.</p>
      ) : (
        <>
          {note !== undefined && <p className="muted view-note">{note}</p>}
          {body}
          {!parsed && (status === 'complete' || status === 'partial') && (
            <p className="muted view-note">Nothing parsed for this package.</p>
          )}
          {rawText !== '' && (
            <details className="view-details" open={!parsed}>
              <summary>Raw lines ({name === 'standby_bucket' ? 1 : rows.length})</summary>
              <pre className="tool-raw">{rawText}</pre>
            </details>
          )}
          {str(section, 'stderr') !== undefined && str(section, 'stderr') !== '' && (
            <pre className="tool-raw error-text">{str(section, 'stderr')}</pre>
          )}
        </>
      )}
    </section>
  );
}

export function BackgroundWorkView(props: { serial: string; refreshSignal: number }): ReactNode {
  const { serial, refreshSignal } = props;
  const probe = useProbe(serial, 'android_background_work', { refreshSignal, auto: false });
  // The foreground app as the app inspector last saw it (its default, no package chosen).
  const foreground = useConsole((state) => {
    const card = state.toolCards[cardKey(serial, 'inspect_android_app')];
    return card?.args?.['package'] === undefined ? str(card?.run?.result, 'package') : undefined;
  });
  const lastPackage = probe.card?.args?.['package'];
  const lastLimit = probe.card?.args?.['limit'];
  const [packageName, setPackageName] = useState(typeof lastPackage === 'string' ? lastPackage : '');
  const [limit, setLimit] = useState(typeof lastLimit === 'number' ? String(lastLimit) : '50');
  const [edited, setEdited] = useState(typeof lastPackage === 'string');
  const shown = edited ? packageName : (foreground ?? packageName);
  const argsFor = (name: string): Record<string, unknown> => ({
    package: name.trim(),
    ...(limit.trim() === '' ? {} : { limit: Number(limit) }),
  });
  const seen = probe.card !== undefined;
  useEffect(() => {
    if (!seen && !edited && foreground !== undefined) probe.refresh(argsFor(foreground));
  }, [seen, edited, foreground]);
  const result = probe.card?.run?.result;
  const controls = (
    <form
      className="view-control"
      onSubmit={(event) => {
        event.preventDefault();
        probe.refresh(argsFor(shown));
      }}
      onKeyDown={(event) => {
        // Two fields and no submit button: Enter in either runs the probe.
        if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        probe.refresh(argsFor(shown));
      }}
    >
      <input
        type="text"
        aria-label="Background work package"
        placeholder="package (default: foreground app)"
        value={shown}
        aria-invalid={probe.card?.fieldError?.field === 'package'}
        onChange={(event) => {
          setEdited(true);
          setPackageName(event.target.value);
        }}
      />
      <input
        type="number"
        className="view-limit"
        aria-label="Background work limit"
        min={1}
        max={200}
        value={limit}
        aria-invalid={probe.card?.fieldError?.field === 'limit'}
        onChange={(event) => setLimit(event.target.value)}
      />
    </form>
  );
  return (
    <ViewFrame
      id="background"
      title="Background work"
      probes={[probe]}
      controls={controls}
      onRefresh={() => probe.refresh(argsFor(shown))}
      wide
    >
      <p className="muted view-note">
        Package <code>{str(result, 'package')}</code>, at most {num(result, 'limit')} matching lines per
        service.
      </p>
      <div className="bg-sections">
        {SECTIONS.map(([name, title]) => (
          <Section key={name} name={name} title={title} section={at(result, 'sections', name)} />
        ))}
      </div>
    </ViewFrame>
  );
}
