// One tool's card: its argument form (from the tool's JSON Schema), Run/Refresh, the status word, when the result
// was taken, its caveats, the command's output and the raw JSON; a refused argument is shown at its field.
import { useMemo, useState, type ReactNode } from 'react';
import type { AndroidToolInfo } from '../../../shared/api/contract';
import { useConsole } from '../store/context';
import { formatRunTime } from '../ui/time';
import { cardKey } from './diagnosticsSlice';
import { caveatsOf, errorStatusOf, outputOf, statusOf, summaryOf, type StatusWord } from './outcome';
import { argumentsOf, formFields, initialValues, type FormField, type FormValues } from './schemaForm';

const STATUS_TONE: Record<StatusWord, string> = {
  complete: 'tone-good',
  partial: 'tone-warn',
  failed: 'tone-bad',
  timed_out: 'tone-bad',
};

function FieldInput(props: {
  id: string;
  field: FormField;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}): ReactNode {
  const { id, field, value, invalid, onChange } = props;
  const common = { id, 'aria-invalid': invalid, 'aria-describedby': invalid ? `${id}-error` : undefined };
  if (field.kind === 'enum')
    return (
      <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
        {!field.required && <option value="">(any)</option>}
        {field.options?.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  if (field.kind === 'boolean')
    return (
      <input
        {...common}
        type="checkbox"
        checked={value === 'true'}
        onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
      />
    );
  return (
    <input
      {...common}
      type="text"
      inputMode={field.kind === 'string' ? undefined : 'numeric'}
      value={value}
      placeholder={field.required ? '' : 'optional'}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function ToolCardView(props: { serial: string; tool: AndroidToolInfo; title?: string }): ReactNode {
  const { serial, tool, title } = props;
  const fields = useMemo(() => formFields(tool.argumentsSchema), [tool.argumentsSchema]);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const card = useConsole((state) => state.toolCards[cardKey(serial, tool.name)]);
  const runAndroidTool = useConsole((state) => state.runAndroidTool);
  const idBase = `tool-${tool.name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const run = card?.run;
  const error = card?.error;
  const status =
    error !== undefined ? errorStatusOf(error) : run === undefined ? undefined : statusOf(run.result);
  const caveats = run === undefined ? [] : caveatsOf(run.result);
  const output = run === undefined ? undefined : outputOf(run.result);
  const summary = title !== undefined && run !== undefined ? summaryOf(run.result) : [];
  return (
    <section className="tool-card" aria-labelledby={`${idBase}-title`} data-tool={tool.name}>
      <header className="tool-card-head">
        <h3 id={`${idBase}-title`}>{title ?? tool.name}</h3>
        <code className="muted">
          androperator {tool.cli.command} {tool.cli.verb}
        </code>
        {status !== undefined && (
          <span className={`badge ${STATUS_TONE[status]}`} aria-label="Status">
            {status}
          </span>
        )}
      </header>
      <p className="muted tool-description">{tool.description}</p>
      <form
        className="tool-form"
        aria-label={`${tool.name} arguments`}
        onSubmit={(event) => {
          event.preventDefault();
          void runAndroidTool(serial, tool.name, argumentsOf(fields, values));
        }}
      >
        {fields.map((field) => {
          const id = `${idBase}-${field.name}`;
          const invalid = card?.fieldError?.field === field.name;
          return (
            <div className="tool-field" key={field.name}>
              <label htmlFor={id} title={field.description}>
                {field.name}
                {field.required ? '' : ' (optional)'}
              </label>
              <FieldInput
                id={id}
                field={field}
                value={values[field.name] ?? ''}
                invalid={invalid}
                onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
              />
              {invalid && (
                <span className="error-text field-error" id={`${id}-error`} role="alert">
                  {card?.fieldError?.message}
                </span>
              )}
            </div>
          );
        })}
        <button type="submit" className="primary" disabled={card?.running === true}>
          {card?.running === true
            ? 'Running\u2026'
            : run === undefined && error === undefined
              ? 'Run'
              : 'Refresh'}
        </button>
      </form>
      {card?.fieldError !== undefined && !fields.some((field) => field.name === card.fieldError?.field) && (
        <p className="error-text" role="alert">
          {card.fieldError.message}
        </p>
      )}
      {error !== undefined && (
        <p className="error-text tool-error" role="alert">
          <strong>{error.code}</strong> {error.message}
        </p>
      )}
      {run !== undefined && (
        <div className="tool-result">
          <p className="muted">
            Taken at <time dateTime={run.taken_at}>{formatRunTime(run.taken_at, new Date())}</time>
          </p>
          {caveats.length > 0 && (
            <ul className="tool-caveats" aria-label="Caveats">
              {caveats.map((caveat) => (
                <li key={caveat}>{caveat}</li>
              ))}
            </ul>
          )}
          {summary.length > 0 && (
            <dl className="tool-summary">
              {summary.map(([key, value]) => (
                <div key={key}>
                  <dt>{key}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          {output !== undefined && (
            <pre className="tool-output" aria-label="Output">
              {output}
            </pre>
          )}
          <details>
            <summary>Raw JSON</summary>
            <pre className="tool-raw">{JSON.stringify(run.result, null, 2)}</pre>
          </details>
        </div>
      )}
    </section>
  );
}
