// "Copy as CLI command" and "Copy as JSON payload"; when the clipboard refuses, the text is shown to copy by hand.
import { useState, type ReactNode } from 'react';
import { useConsole } from '../store/context';
import { selectDesignCheck } from '../store/selectors';
import { Dialog } from '../ui/Dialog';
import { cliCommand } from './cliCommand';
import { payloadJson, randomNonce } from './payload';

export function ExportBar(): ReactNode {
  const check = useConsole(selectDesignCheck);
  const targetSerial = useConsole((state) => state.targetSerial);
  const settings = useConsole((state) => state.appInfo?.settings);
  const notify = useConsole((state) => state.notify);
  const [manual, setManual] = useState<{ title: string; text: string } | null>(null);
  const params = check.params;
  const reason = params === null ? 'Fix the design first' : undefined;

  const copy = async (title: string, text: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      notify(`Copied ${title}`);
    } catch {
      setManual({ title, text });
    }
  };

  return (
    <div className="export-bar">
      <button
        type="button"
        disabled={params === null}
        title={reason ?? 'An androperator on-screen-log set command for a POSIX shell'}
        onClick={() => {
          if (params === null) return;
          const command = cliCommand(params, {
            serial: targetSerial,
            ...(settings ? { operatorPackage: settings.operatorPackage, timeoutMs: settings.timeoutMs } : {}),
          });
          void copy('CLI command', command);
        }}
      >
        Copy as CLI command
      </button>
      <button
        type="button"
        disabled={params === null}
        title={reason ?? 'A complete set_on_screen_log execution payload'}
        onClick={() => {
          if (params === null) return;
          const json = payloadJson(params, {
            now: Date.now(),
            nonce: randomNonce(),
            ...(settings ? { timeoutMs: settings.timeoutMs } : {}),
          });
          if (json.ok) void copy('JSON payload', json.value);
          else notify(json.error.message, 'error');
        }}
      >
        Copy as JSON payload
      </button>
      <Dialog title={`Copy ${manual?.title ?? ''}`} open={manual !== null} onClose={() => setManual(null)}>
        <p className="hint">The clipboard is not available here: select the text and copy it.</p>
        <textarea className="mono manual-copy" readOnly value={manual?.text ?? ''} rows={8} />
      </Dialog>
    </div>
  );
}
