// The panel fields: placement, size, colours and lifetime. An empty field is omitted and gets its default.
import { useId, type ReactNode } from 'react';
import { PANEL_DEFAULTS, PANEL_NUMBER_FIELDS } from '../../../shared/execution/limits';
import { normalizeColor } from '../../../shared/execution/colors';
import { markDesignInput } from '../preview/latency';
import { cssColor } from '../preview/draw';
import { useConsole } from '../store/context';
import { selectDesign, selectDesignCheck } from '../store/selectors';
import { resetFields, setField, type DesignField } from './design';
import { fieldMessage } from './params';
import { rangeText } from '../../../shared/execution/humanMessage';

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type NumberField = keyof typeof PANEL_NUMBER_FIELDS;
type ColorField = 'textColor' | 'backgroundColor';

const LABELS: Record<DesignField, string> = {
  anchor: 'Anchor',
  textAlign: 'Text align',
  topOffsetDp: 'Top offset (dp)',
  edgeOffsetDp: 'Edge offset (dp)',
  widthDp: 'Width (dp)',
  fontSizeSp: 'Font size (sp)',
  textColor: 'Text colour',
  backgroundColor: 'Background colour',
  ttlMs: 'TTL (ms)',
};

function useField(field: DesignField) {
  const value = useConsole((state) => selectDesign(state).fields[field]);
  const issue = useConsole((state) => selectDesignCheck(state).issues[field]);
  const editDesign = useConsole((state) => state.editDesign);
  const change = (next: string, timeStamp: number, coalesce = true): void => {
    markDesignInput(timeStamp);
    editDesign(setField, { field, value: next }, coalesce ? `field:${field}` : null);
  };
  return { value, issue, change };
}

function FieldShell(props: {
  field: DesignField;
  id: string;
  issue: string | undefined;
  hint: string;
  children: ReactNode;
}): ReactNode {
  return (
    <div className={`field ${props.issue !== undefined ? 'invalid' : ''}`}>
      <label htmlFor={props.id} className="field-label">
        {LABELS[props.field]}
      </label>
      {props.children}
      {props.issue !== undefined ? (
        <p className="field-error" id={`${props.id}-error`}>
          {fieldMessage(props.issue)}
        </p>
      ) : (
        <p className="field-hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, issue: string | undefined): string {
  return issue !== undefined ? `${id}-error` : `${id}-hint`;
}

function SideField(props: { field: 'anchor' | 'textAlign' }): ReactNode {
  const { value, issue, change } = useField(props.field);
  const id = useId();
  return (
    <FieldShell field={props.field} id={id} issue={issue} hint="Physical side, not the locale's">
      <select
        id={id}
        value={value}
        aria-invalid={issue !== undefined}
        aria-describedby={describedBy(id, issue)}
        onChange={(event) => change(event.target.value, event.timeStamp, false)}
      >
        <option value="">Default ({PANEL_DEFAULTS[props.field]})</option>
        <option value="left">left</option>
        <option value="right">right</option>
      </select>
    </FieldShell>
  );
}

function NumberInput(props: { field: NumberField }): ReactNode {
  const { value, issue, change } = useField(props.field);
  const id = useId();
  const limits = PANEL_NUMBER_FIELDS[props.field];
  return (
    <FieldShell
      field={props.field}
      id={id}
      issue={issue}
      hint={`${capitalized(rangeText(limits.min, limits.max))}, default ${limits.default.toLocaleString('en-US')}`}
    >
      <input
        id={id}
        className="mono"
        inputMode="numeric"
        value={value}
        placeholder={`${limits.default} (default)`}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={issue !== undefined}
        aria-describedby={describedBy(id, issue)}
        onChange={(event) => change(event.target.value, event.timeStamp)}
      />
    </FieldShell>
  );
}

/** `#RRGGBB` of a colour for <input type=color> (which has no alpha). */
function rgbOf(hex: string): string {
  const canonical = normalizeColor(hex);
  return canonical === null ? '#000000' : `#${canonical.slice(3).toLowerCase()}`;
}

function ColorInput(props: { field: ColorField }): ReactNode {
  const { value, issue, change } = useField(props.field);
  const id = useId();
  const fallback = PANEL_DEFAULTS[props.field];
  const effective = normalizeColor(value.trim()) ?? fallback;
  const pickerName = props.field === 'textColor' ? 'Colour picker for text' : 'Colour picker for background';
  return (
    <FieldShell field={props.field} id={id} issue={issue} hint={`#AARRGGBB or #RRGGBB, default ${fallback}`}>
      <div className="color-row">
        <span className="swatch" aria-hidden="true">
          <span style={{ background: cssColor(effective) }} />
        </span>
        <input
          id={id}
          className="mono"
          value={value}
          placeholder={fallback}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={issue !== undefined}
          aria-describedby={describedBy(id, issue)}
          onChange={(event) => change(event.target.value, event.timeStamp)}
        />
        <input
          type="color"
          aria-label={pickerName}
          title={`${pickerName} (RGB; the alpha in the hex field is kept)`}
          value={rgbOf(effective)}
          onChange={(event) =>
            change(`#${effective.slice(1, 3)}${event.target.value.slice(1).toUpperCase()}`, event.timeStamp)
          }
        />
      </div>
    </FieldShell>
  );
}

export function FieldGrid(): ReactNode {
  const editDesign = useConsole((state) => state.editDesign);
  return (
    <div className="field-block">
      <div className="field-block-head">
        <p className="hint">Empty fields are omitted: the Operator applies the default shown in grey.</p>
        <button type="button" className="ghost small" onClick={() => editDesign(resetFields, undefined)}>
          Reset fields
        </button>
      </div>
      <div className="field-grid">
        <SideField field="anchor" />
        <SideField field="textAlign" />
        <NumberInput field="topOffsetDp" />
        <NumberInput field="edgeOffsetDp" />
        <NumberInput field="widthDp" />
        <NumberInput field="fontSizeSp" />
        <ColorInput field="textColor" />
        <ColorInput field="backgroundColor" />
        <NumberInput field="ttlMs" />
      </div>
    </div>
  );
}
