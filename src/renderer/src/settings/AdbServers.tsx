// The Settings dialog's "adb servers" section: every watched server, adding a lab's server, switching one off,
// removing one.
import { useId, useState, type ReactNode } from 'react';
import type { AdbServerInfo } from '../../../shared/api/contract';
import { useConsole } from '../store/context';

/** The hub's name for the machine's own adb server, which cannot be removed. */
const LOCAL_SERVER = 'local';

function reachableText(server: AdbServerInfo): string {
  if (server.reachable === undefined) return 'checking\u2026';
  return server.reachable ? 'yes' : 'no';
}

export function AdbServers(): ReactNode {
  const servers = useConsole((state) => state.adbServers);
  const error = useConsole((state) => state.adbServersError);
  const busy = useConsole((state) => state.adbServersBusy);
  const addAdbServer = useConsole((state) => state.addAdbServer);
  const removeAdbServer = useConsole((state) => state.removeAdbServer);
  const setAdbServerEnabled = useConsole((state) => state.setAdbServerEnabled);
  const notice = useConsole((state) => state.adbServersNotice);
  const [address, setAddress] = useState('');
  const headingId = useId();
  const inputId = useId();
  const errorId = useId();
  return (
    <section className="settings-servers" aria-labelledby={headingId}>
      <h3 id={headingId}>adb servers</h3>
      <p className="hint">
        Added, switched and removed at once (not part of Save). Remote servers are kept across restarts;
        switch one off to stop watching it without forgetting it.
      </p>
      <ul className="server-list" aria-labelledby={headingId}>
        {servers.map((server) => {
          const labelId = `${headingId}-${server.server}`;
          const enabled = server.enabled !== false;
          return (
            <li key={server.server} className={enabled ? 'server-entry' : 'server-entry server-off'}>
              <div className="server-line">
                <span id={labelId} className="mono server-name">
                  {server.server}
                </span>
                {enabled ? (
                  <>
                    <span className={server.reachable === false ? 'tone-bad' : 'muted'}>
                      reachable: {reachableText(server)}
                    </span>
                    <span className="muted">
                      {server.deviceCount} {server.deviceCount === 1 ? 'device' : 'devices'}
                    </span>
                  </>
                ) : (
                  <span className="muted">off: not watched</span>
                )}
                <span className="spacer" />
                {server.server !== LOCAL_SERVER && (
                  <label className="server-switch">
                    <input
                      type="checkbox"
                      role="switch"
                      checked={enabled}
                      aria-label={`Watch ${server.server}`}
                      disabled={busy}
                      onChange={(event) => void setAdbServerEnabled(server.server, event.target.checked)}
                    />
                    On
                  </label>
                )}
                {server.server !== LOCAL_SERVER && (
                  <button
                    type="button"
                    className="small"
                    aria-label={`Remove ${server.server}`}
                    aria-describedby={labelId}
                    disabled={busy}
                    onClick={() => void removeAdbServer(server.server)}
                  >
                    Remove
                  </button>
                )}
              </div>
              {server.aliases !== undefined && server.aliases.length > 0 && (
                <p className="muted server-aliases">
                  Also added as <span className="mono">{server.aliases.join(', ')}</span> (the same server)
                </p>
              )}
              {enabled && server.error !== undefined && (
                <p className="error-text server-error">{server.error.message}</p>
              )}
            </li>
          );
        })}
      </ul>
      <form
        className="server-add"
        onSubmit={(event) => {
          event.preventDefault();
          if (address.trim() === '' || busy) return;
          void addAdbServer(address).then((added) => {
            if (added) setAddress('');
          });
        }}
      >
        <label htmlFor={inputId}>Add adb server (host:port)</label>
        <div className="server-add-row">
          <input
            id={inputId}
            className="mono"
            value={address}
            placeholder="lab-adb.example.com:5037"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error !== null}
            aria-describedby={error === null ? undefined : errorId}
            onChange={(event) => setAddress(event.target.value)}
          />
          <button type="submit" disabled={busy || address.trim() === ''}>
            Add server
          </button>
        </div>
      </form>
      {notice !== null && (
        <p className="server-notice" role="status">
          {notice}
        </p>
      )}
      {error !== null && (
        <p id={errorId} className="error-text" role="alert">
          <code>{error.code}</code>: {error.message}
        </p>
      )}
    </section>
  );
}
