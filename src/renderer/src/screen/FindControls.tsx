// The Screen view's Find (screen:find: exact text or description and/or exact bounds, the one node in a complete
// tree, highlighted over the screen and selected in the tree; or the structured refusal with its advice and
// candidates) and Tap text (android.tap_text through the console's strong approval dialog). / in the view focuses
// the Find field (ScreenView.tsx).
import { useState, type ReactNode, type RefObject } from 'react';
import type { ScreenAction, ScreenNode } from '../../../shared/api/screenSchemas';
import { adviceFor } from '../runs/errorAdvice';
import { useConsole } from '../store/context';

interface Candidate {
  text: string | null;
  content_description: string | null;
  bounds: string | null;
}

function candidatesOf(details: Record<string, unknown> | undefined): Candidate[] {
  const list = details?.candidates;
  if (!Array.isArray(list)) return [];
  return list
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    .map((entry) => ({
      text: typeof entry.text === 'string' ? entry.text : null,
      content_description: typeof entry.content_description === 'string' ? entry.content_description : null,
      bounds: typeof entry.bounds === 'string' ? entry.bounds : null,
    }))
    .slice(0, 6);
}

export function describeFound(node: ScreenNode): string {
  const label = node.text ?? node.content_description;
  return `${(node.class ?? 'unknown').split('.').pop()}${label === null ? '' : ` '${label}'`} at ${node.bounds ?? 'unknown bounds'}`;
}

export function FindControls(props: {
  serial: string;
  disabled: boolean;
  selected: ScreenNode | null;
  findField: RefObject<HTMLInputElement | null>;
  send: (action: ScreenAction) => void;
}): ReactNode {
  const { serial, disabled, selected, findField, send } = props;
  const find = useConsole((state) => state.screen.find);
  const runFind = useConsole((state) => state.screenFind);
  const [text, setText] = useState('');
  const [bounds, setBounds] = useState('');
  const query = {
    ...(text === '' ? {} : { text }),
    ...(bounds.trim() === '' ? {} : { bounds: bounds.trim() }),
  };
  const canFind = text !== '' || bounds.trim() !== '';
  const error = find.error;
  return (
    <div className="screen-find" role="group" aria-label="Find">
      <form
        className="screen-actions"
        onSubmit={(event) => {
          event.preventDefault();
          if (canFind) void runFind(serial, query);
        }}
      >
        <input
          ref={findField}
          aria-label="Find text"
          aria-keyshortcuts="/"
          placeholder="exact text or description"
          value={text}
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
        />
        <input
          aria-label="Find bounds"
          className="screen-bounds"
          placeholder="[l,t][r,b]"
          value={bounds}
          spellCheck={false}
          onChange={(event) => setBounds(event.target.value)}
        />
        <button
          type="button"
          className="ghost"
          disabled={selected?.bounds == null}
          title="Fill in the bounds of the node selected in the tree"
          onClick={() => setBounds(selected?.bounds ?? '')}
        >
          Use selected bounds
        </button>
        <button type="submit" disabled={!canFind || find.status === 'finding'}>
          Find
        </button>
        <button
          type="button"
          disabled={disabled || text === ''}
          title="android.tap_text: asks your strong approval, then re-reads the target before the tap"
          onClick={() => send({ kind: 'tap_text', text })}
        >
          Tap text
        </button>
      </form>
      {find.status === 'finding' && <p className="muted">{'Finding\u2026'}</p>}
      {find.status === 'found' && find.answer !== null && (
        <p data-testid="screen-find-result">
          Found {describeFound(find.answer.node)} · {find.answer.node.package ?? 'unknown package'} ·{' '}
          {find.selected ? 'selected in the tree' : 'not in the frozen tree: resume (F) to see it'}
        </p>
      )}
      {find.status === 'failed' && error !== null && (
        <div className="error-text" role="alert" data-testid="screen-find-error">
          <strong>{error.code}</strong> {error.message}
          <div className="hint">{error.hint ?? adviceFor(error.code)}</div>
          {candidatesOf(error.details).length > 0 && (
            <ul className="screen-candidates" aria-label="Candidates">
              {candidatesOf(error.details).map((candidate, index) => (
                <li key={`${candidate.bounds ?? ''}-${index}`}>
                  {candidate.text ?? candidate.content_description ?? 'unlabelled'} {candidate.bounds ?? ''}
                  {candidate.bounds !== null && (
                    <button
                      type="button"
                      className="ghost"
                      aria-label={`Use bounds ${candidate.bounds}`}
                      onClick={() => setBounds(candidate.bounds ?? '')}
                    >
                      Use these bounds
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
