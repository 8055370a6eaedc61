// The raw browser: one dumpsys service, settings table or content:// query, in the read-only forms only. The tools
// check every form (dumpsys allow-list, settings keys, URIs and projections) and refuse the rest before anything
// reaches the device; the refusal is shown as the tool gave it, with the rule it names.
import { useState, type ReactNode } from 'react';
import { Facts, ViewFrame } from './ViewFrame';
import { useProbe } from './useProbe';
import { num, str } from './viewData';

const KINDS = {
  dumpsys: { tool: 'android_dumpsys', label: 'dumpsys' },
  settings: { tool: 'android_settings', label: 'settings' },
  content: { tool: 'android_content_query', label: 'content query' },
} as const;
type Kind = keyof typeof KINDS;

const NAMESPACES = ['system', 'secure', 'global'];

type Fields = Record<string, string>;

function argsOf(kind: Kind, fields: Fields): Record<string, unknown> {
  const given = (name: string): Record<string, unknown> => {
    const value = (fields[name] ?? '').trim();
    return value === '' ? {} : { [name]: value };
  };
  if (kind === 'dumpsys') return { service: (fields['service'] ?? '').trim(), ...given('arguments') };
  if (kind === 'settings') return { namespace: fields['namespace'] ?? 'system', ...given('key') };
  return { uri: (fields['uri'] ?? '').trim(), ...given('projection'), ...given('where_clause') };
}

function TextField(props: {
  name: string;
  label: string;
  fields: Fields;
  invalid: boolean;
  placeholder?: string;
  onChange: (name: string, value: string) => void;
}): ReactNode {
  const { name, label, fields, invalid, placeholder, onChange } = props;
  return (
    <label className="tool-field">
      <span>{label}</span>
      <input
        type="text"
        value={fields[name] ?? ''}
        placeholder={placeholder}
        aria-invalid={invalid}
        onChange={(event) => onChange(name, event.target.value)}
      />
    </label>
  );
}

export function RawBrowserView(props: { serial: string }): ReactNode {
  const [kind, setKind] = useState<Kind>('dumpsys');
  const [fields, setFields] = useState<Fields>({
    service: 'battery',
    namespace: 'system',
    uri: 'content://settings/system',
  });
  const probe = useProbe(props.serial, KINDS[kind].tool, { probe: 'raw', auto: false });
  const card = probe.card;
  const result = card?.run?.result;
  const invalid = (name: string): boolean => card?.fieldError?.field === name;
  const onChange = (name: string, value: string): void =>
    setFields((current) => ({ ...current, [name]: value }));
  const run = (): void => probe.refresh(argsOf(kind, fields));
  const common = { fields, onChange };
  return (
    <ViewFrame
      id="raw"
      title="Raw browser"
      probes={[probe]}
      onRefresh={run}
      wide
      form={
        <RawForm
          kind={kind}
          setKind={setKind}
          common={common}
          invalid={invalid}
          onRun={run}
          running={card?.running === true}
        />
      }
    >
      <pre className="tool-output raw-output" aria-label="Output">
        {str(result, 'result', 'stdout')}
      </pre>
      <Facts
        label="Command"
        facts={[
          ['Command', <code key="command">{str(result, 'command')}</code>],
          ['Exit status', num(result, 'result', 'exit_code')?.toString()],
          ['Rows', num(result, 'row_count')?.toString()],
          ['Standard error', str(result, 'result', 'stderr')?.trim() || undefined],
        ]}
      />
    </ViewFrame>
  );
}

function RawForm(props: {
  kind: Kind;
  setKind: (kind: Kind) => void;
  common: { fields: Fields; onChange: (name: string, value: string) => void };
  invalid: (name: string) => boolean;
  onRun: () => void;
  running: boolean;
}): ReactNode {
  const { kind, setKind, common, invalid, onRun, running } = props;
  return (
    <form
      className="tool-form raw-form"
      aria-label="Raw query"
      onSubmit={(event) => {
        event.preventDefault();
        onRun();
      }}
    >
      <label className="tool-field">
        <span>Source</span>
        <select value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
          {(Object.keys(KINDS) as Kind[]).map((candidate) => (
            <option key={candidate} value={candidate}>
              {KINDS[candidate].label}
            </option>
          ))}
        </select>
      </label>
      {kind === 'dumpsys' && (
        <>
          <TextField name="service" label="Service" invalid={invalid('service')} {...common} />
          <TextField
            name="arguments"
            label="Arguments"
            placeholder="read-only forms only"
            invalid={invalid('arguments')}
            {...common}
          />
        </>
      )}
      {kind === 'settings' && (
        <>
          <label className="tool-field">
            <span>Namespace</span>
            <select
              value={common.fields['namespace'] ?? 'system'}
              onChange={(event) => common.onChange('namespace', event.target.value)}
            >
              {NAMESPACES.map((namespace) => (
                <option key={namespace}>{namespace}</option>
              ))}
            </select>
          </label>
          <TextField name="key" label="Key" placeholder="all keys" invalid={invalid('key')} {...common} />
        </>
      )}
      {kind === 'content' && (
        <>
          <TextField name="uri" label="URI" invalid={invalid('uri')} {...common} />
          <TextField
            name="projection"
            label="Projection"
            placeholder="a,b"
            invalid={invalid('projection')}
            {...common}
          />
          <TextField name="where_clause" label="Where" invalid={invalid('where_clause')} {...common} />
        </>
      )}
      <button type="submit" className="primary">
        {running ? 'Run again' : 'Run'}
      </button>
    </form>
  );
}
