// The Screen view's postcondition builder for the next action: verify_change, expected_package, text_present,
// text_absent, timeout_ms (the UI action tools' `verification` argument).
import type { ReactNode } from 'react';
import type { ScreenVerification } from './screenSlice';

export function VerificationBuilder(props: {
  value: ScreenVerification;
  onChange: (value: ScreenVerification) => void;
}): ReactNode {
  const { value, onChange } = props;
  const set = (name: keyof ScreenVerification, given: string | boolean): void => {
    const next: ScreenVerification = { ...value };
    if (given === '' || given === false) delete next[name];
    else if (name === 'timeout_ms') next.timeout_ms = Number(given);
    else if (name === 'verify_change') next.verify_change = true;
    else next[name] = String(given);
    onChange(next);
  };
  const text = (name: 'expected_package' | 'text_present' | 'text_absent', label: string): ReactNode => (
    <label>
      {label} <input value={value[name] ?? ''} onChange={(event) => set(name, event.target.value)} />
    </label>
  );
  return (
    <fieldset className="screen-verification">
      <legend>Verify the next action</legend>
      <label>
        <input
          type="checkbox"
          checked={value.verify_change === true}
          onChange={(event) => set('verify_change', event.target.checked)}
        />{' '}
        screen changes
      </label>
      {text('expected_package', 'package')}
      {text('text_present', 'text shown')}
      {text('text_absent', 'text gone')}
      <label>
        timeout ms{' '}
        <input
          type="number"
          min={100}
          max={30000}
          value={value.timeout_ms ?? ''}
          onChange={(event) => set('timeout_ms', event.target.value)}
        />
      </label>
    </fieldset>
  );
}
