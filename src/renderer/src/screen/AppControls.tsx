// The Screen view's app and scroll buttons: a package field with the device's installed packages as suggestions
// (list_android_apps, the App inspector's own probe and card), Launch and Stop (android.launch_app / stop_app: the
// console's approval dialog asks first), and Scroll up / Scroll down (android.scroll from `wm size`: the user's own
// action on the live screen, like a drag). The tools validate the package; their errors show with the view's others.
import { useState, type ReactNode } from 'react';
import type { ScreenAction } from '../../../shared/api/screenSchemas';
import { useProbe } from '../diagnostics/useProbe';
import { list, str } from '../diagnostics/viewData';

export function AppControls(props: {
  serial: string;
  disabled: boolean;
  send: (action: ScreenAction) => void;
}): ReactNode {
  const { serial, disabled, send } = props;
  const apps = useProbe(serial, 'list_android_apps', { args: { scope: 'all' } });
  const packages = list(apps.card?.run?.result, 'packages')
    .map((entry) => str(entry, 'package'))
    .filter((name): name is string => name !== undefined)
    .sort();
  const [packageName, setPackageName] = useState('');
  const chosen = packageName.trim();
  const listId = `screen-packages-${serial}`;
  return (
    <div className="screen-actions" role="group" aria-label="App">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen !== '') send({ kind: 'launch_app', package: chosen });
        }}
      >
        <input
          aria-label="Package"
          placeholder="com.example.app"
          list={listId}
          value={packageName}
          spellCheck={false}
          onChange={(event) => setPackageName(event.target.value)}
        />
        <datalist id={listId}>
          {packages.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <button type="submit" disabled={disabled || chosen === ''}>
          Launch
        </button>
        <button
          type="button"
          disabled={disabled || chosen === ''}
          onClick={() => send({ kind: 'stop_app', package: chosen })}
        >
          Stop
        </button>
      </form>
      <button type="button" disabled={disabled} onClick={() => send({ kind: 'scroll', direction: 'up' })}>
        Scroll up
      </button>
      <button type="button" disabled={disabled} onClick={() => send({ kind: 'scroll', direction: 'down' })}>
        Scroll down
      </button>
    </div>
  );
}
