// Content: Text or Template, the multi-line box, and (templates) one insert button per placeholder with the
// value it has on the target device now.
import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { MAX_PANEL_TEXT_UNITS } from '../../../shared/execution/limits';
import { PLACEHOLDER_NAMES, type PlaceholderName } from '../../../shared/template/placeholders';
import { markDesignInput } from '../preview/latency';
import { placeholderValues } from '../../../shared/geometry/prediction';
import { useConsole } from '../store/context';
import { selectDesign, selectDesignCheck, selectTargetDescription } from '../store/selectors';
import { EDITOR_ID } from '../ui/useShortcuts';
import { insertPlaceholder, placeholderToken, setContent, setMode, type ContentMode } from './design';
import { fieldMessage } from './params';

function PlaceholderList(props: { onInsert: (name: PlaceholderName) => void }): ReactNode {
  const entry = useConsole(selectTargetDescription);
  const targetSerial = useConsole((state) => state.targetSerial);
  const describeDevice = useConsole((state) => state.describeDevice);
  const description = entry?.description;
  const values = useMemo(() => (description ? placeholderValues(description) : null), [description]);
  const icon = description?.foregroundApp?.iconPng;
  return (
    <div className="placeholders">
      <div className="placeholders-header">
        <span className="muted">
          {values === null
            ? entry?.status === 'loading'
              ? 'Reading values from the device\u2026'
              : 'Values appear once the target device describes itself.'
            : `Values on ${description?.device.model ?? targetSerial ?? 'the device'} now`}
        </span>
        {targetSerial !== null && (
          <button
            type="button"
            className="ghost small"
            onClick={() => void describeDevice(targetSerial)}
            disabled={entry?.status === 'loading'}
          >
            Refresh values
          </button>
        )}
      </div>
      <ul className="placeholder-list" aria-label="Placeholders">
        {PLACEHOLDER_NAMES.map((name) => (
          <li key={name}>
            <button
              type="button"
              className="chip mono"
              aria-label={`Insert ${placeholderToken(name)}`}
              title={`Insert ${placeholderToken(name)} at the cursor`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => props.onInsert(name)}
            >
              {name}
            </button>
            <span className="placeholder-value" title={values?.[name]}>
              {name === 'foreground_app.icon' && icon ? (
                <img className="app-icon" src={`data:image/png;base64,${icon}`} alt="app icon" />
              ) : (
                (values?.[name] ?? '\u2014')
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ContentEditor(): ReactNode {
  const design = useConsole(selectDesign);
  const check = useConsole(selectDesignCheck);
  const editDesign = useConsole((state) => state.editDesign);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const nextCursor = useRef<number | null>(null);
  const issue = check.issues.content;
  const label = design.mode === 'text' ? 'Panel text' : 'Template';

  useLayoutEffect(() => {
    const box = textarea.current;
    if (nextCursor.current === null || box === null) return;
    box.focus();
    box.setSelectionRange(nextCursor.current, nextCursor.current);
    nextCursor.current = null;
  });

  const chooseMode = (mode: ContentMode): void => editDesign(setMode, mode);
  const insert = (name: PlaceholderName): void => {
    const box = textarea.current;
    const start = box?.selectionStart ?? design.content.length;
    const end = box?.selectionEnd ?? start;
    nextCursor.current = Math.min(start, end) + placeholderToken(name).length;
    editDesign(insertPlaceholder, { name, start, end });
  };

  return (
    <div className="content-editor">
      <div className="content-head">
        <div role="radiogroup" aria-label="Content" className="segmented">
          {(['text', 'template'] as const).map((mode) => (
            <label key={mode} className={design.mode === mode ? 'on' : ''}>
              <input
                type="radio"
                name="content-mode"
                value={mode}
                checked={design.mode === mode}
                onChange={() => chooseMode(mode)}
              />
              {mode === 'text' ? 'Text' : 'Template'}
            </label>
          ))}
        </div>
        <span className="muted counter" id="content-counter">
          {design.content.length} / {MAX_PANEL_TEXT_UNITS} units
        </span>
      </div>
      <label htmlFor={EDITOR_ID} className="field-label">
        {label}
      </label>
      <textarea
        id={EDITOR_ID}
        ref={textarea}
        className="content-box mono"
        value={design.content}
        rows={5}
        spellCheck={false}
        aria-invalid={issue !== undefined}
        aria-describedby={issue !== undefined ? 'content-error content-counter' : 'content-counter'}
        onChange={(event) => {
          markDesignInput(event.timeStamp);
          editDesign(setContent, event.target.value, 'content');
        }}
      />
      {issue !== undefined && (
        <p className="field-error" id="content-error">
          {fieldMessage(issue)}
        </p>
      )}
      {design.mode === 'text' ? (
        <p className="hint">
          Literal text: {'{{\u2026}}'} is shown as typed. Switch to Template for live values.
        </p>
      ) : (
        <PlaceholderList onInsert={insert} />
      )}
    </div>
  );
}
