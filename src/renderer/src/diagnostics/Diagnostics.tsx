// The Diagnostics area: for the selected device, one card per registered read-only Android tool (the environment
// card first when inspect_android_environment is registered).
import { useEffect, type ReactNode } from 'react';
import { useConsole } from '../store/context';
import { ToolCardView } from './ToolCard';
import { LogcatView } from '../logcat/LogcatView';
import './diagnostics.css';

const ENVIRONMENT_TOOL = 'inspect_android_environment';

export function Diagnostics(): ReactNode {
  const tools = useConsole((state) => state.androidTools);
  const toolsError = useConsole((state) => state.androidToolsError);
  const loadAndroidTools = useConsole((state) => state.loadAndroidTools);
  const serial = useConsole((state) => state.targetSerial);
  useEffect(() => {
    if (tools === null) void loadAndroidTools();
  }, [tools, loadAndroidTools]);
  const readOnly = (tools ?? []).filter((tool) => tool.risk === 'read_only');
  const environment = readOnly.find((tool) => tool.name === ENVIRONMENT_TOOL);
  const others = readOnly.filter((tool) => tool !== environment);
  return (
    <section className="column diagnostics" aria-labelledby="diagnostics-title">
      <div className="column-scroll">
        <h2 id="diagnostics-title">
          Diagnostics{serial === null ? '' : <span className="muted"> · {serial}</span>}
        </h2>
        {toolsError !== null && (
          <p className="error-text" role="alert">
            <strong>{toolsError.code}</strong> {toolsError.message}
          </p>
        )}
        {serial !== null && <LogcatView key={serial} serial={serial} />}
        {serial === null ? (
          <p className="muted">Select a device to run diagnostics on it.</p>
        ) : tools === null ? (
          <p className="muted">Loading tools\u2026</p>
        ) : (
          <div className="tool-cards" key={serial}>
            {environment !== undefined && (
              <ToolCardView serial={serial} tool={environment} title="Environment" />
            )}
            {others.map((tool) => (
              <ToolCardView key={tool.name} serial={serial} tool={tool} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
