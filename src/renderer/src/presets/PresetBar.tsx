// Presets: load, save (the current design, valid only) and delete saved designs.
import { useId, useState, type ReactNode } from 'react';
import { useConsole } from '../store/context';
import { selectDesignCheck } from '../store/selectors';
import { ConfirmDialog } from '../ui/Dialog';

export function PresetBar(): ReactNode {
  const presets = useConsole((state) => state.presets);
  const presetsError = useConsole((state) => state.presetsError);
  const valid = useConsole((state) => selectDesignCheck(state).issueCount === 0);
  const savePreset = useConsole((state) => state.savePreset);
  const deletePreset = useConsole((state) => state.deletePreset);
  const applyPreset = useConsole((state) => state.applyPreset);
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState(false);
  const selectId = useId();
  const nameId = useId();
  const current = presets.some((preset) => preset.name === chosen) ? chosen : '';

  return (
    <section className="preset-bar" aria-label="Presets">
      <div className="inline-row">
        <label htmlFor={selectId} className="field-label">
          Preset
        </label>
        <select id={selectId} value={current} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{presets.length === 0 ? 'No presets yet' : 'Choose a preset\u2026'}</option>
          {presets.map((preset) => (
            <option key={preset.name} value={preset.name}>
              {preset.name}
            </option>
          ))}
        </select>
        <button type="button" disabled={current === ''} onClick={() => applyPreset(current)}>
          Load preset
        </button>
        <button type="button" className="ghost" disabled={current === ''} onClick={() => setConfirming(true)}>
          Delete preset
        </button>
      </div>
      <form
        className="inline-row"
        onSubmit={(event) => {
          event.preventDefault();
          void savePreset(name).then((saved) => {
            if (saved) {
              setChosen(name.trim());
              setName('');
            }
          });
        }}
      >
        <label htmlFor={nameId} className="field-label">
          Preset name
        </label>
        <input
          id={nameId}
          value={name}
          placeholder={current || 'e.g. checkout-right'}
          onChange={(event) => setName(event.target.value)}
          maxLength={120}
        />
        <button
          type="submit"
          disabled={!valid || name.trim() === ''}
          title={valid ? 'Save the current design under this name' : 'Fix the design before saving it'}
        >
          Save preset
        </button>
      </form>
      {presetsError !== null && <p className="error-text">{presetsError.message}</p>}
      <ConfirmDialog
        title="Delete preset"
        open={confirming}
        message={`Delete the preset \u201c${current}\u201d? This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => void deletePreset(current)}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
