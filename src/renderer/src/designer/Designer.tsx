// The panel designer column: content, fields, presets, copy-out, and the run buttons.
import type { ReactNode } from 'react';
import { PresetBar } from '../presets/PresetBar';
import { RunBar } from '../runs/RunBar';
import { useConsole } from '../store/context';
import { ContentEditor } from './ContentEditor';
import { ExportBar } from './ExportBar';
import { FieldGrid } from './FieldGrid';
import './designer.css';

function UndoButtons(): ReactNode {
  const canUndo = useConsole((state) => state.designHistory.past.length > 0);
  const canRedo = useConsole((state) => state.designHistory.future.length > 0);
  const undoDesign = useConsole((state) => state.undoDesign);
  const redoDesign = useConsole((state) => state.redoDesign);
  return (
    <span className="undo-buttons">
      <button
        type="button"
        className="ghost small"
        disabled={!canUndo}
        onClick={undoDesign}
        title="Undo (Ctrl/Cmd+Z)"
      >
        Undo
      </button>
      <button
        type="button"
        className="ghost small"
        disabled={!canRedo}
        onClick={redoDesign}
        title="Redo (Ctrl/Cmd+Shift+Z)"
      >
        Redo
      </button>
    </span>
  );
}

export function Designer(): ReactNode {
  return (
    <section className="column designer" id="panel-design" tabIndex={-1} aria-labelledby="designer-heading">
      <div className="column-scroll">
        <header className="panel-header">
          <h2 id="designer-heading">Panel design</h2>
          <UndoButtons />
        </header>
        <div data-designer>
          <ContentEditor />
          <FieldGrid />
        </div>
        <PresetBar />
        <ExportBar />
      </div>
      <RunBar />
    </section>
  );
}
