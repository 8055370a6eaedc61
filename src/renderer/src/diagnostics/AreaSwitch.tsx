// The top bar's area switch: "On-screen logs" | "Diagnostics", a tab list (arrow keys move between the two).
import type { KeyboardEvent, ReactNode } from 'react';
import { useConsole } from '../store/context';
import { AREA_LABELS, AREAS, type ConsoleArea } from './area';

export function AreaSwitch(): ReactNode {
  const area = useConsole((state) => state.area);
  const setArea = useConsole((state) => state.setArea);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: ConsoleArea =
      AREAS[(AREAS.indexOf(area) + (event.key === 'ArrowRight' ? 1 : AREAS.length - 1)) % AREAS.length] ??
      'logs';
    setArea(next);
    document.getElementById(`area-tab-${next}`)?.focus();
  };
  return (
    <div className="area-switch" role="tablist" aria-label="Console area" onKeyDown={onKeyDown}>
      {AREAS.map((candidate) => (
        <button
          key={candidate}
          id={`area-tab-${candidate}`}
          type="button"
          role="tab"
          aria-selected={area === candidate}
          tabIndex={area === candidate ? 0 : -1}
          className={`ghost area-tab ${area === candidate ? 'active' : ''}`}
          onClick={() => setArea(candidate)}
        >
          {AREA_LABELS[candidate]}
        </button>
      ))}
    </div>
  );
}
