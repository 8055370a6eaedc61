// The screenshot with zoom (wheel, buttons, keys) and pan (drag, arrows), and the reported and predicted bounds
// drawn over it as two distinct outlines.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { formatBounds } from '../../../shared/geometry/bounds';
import type { Rect } from '../../../shared/geometry/types';
import { useElementSize } from '../ui/hooks';
import {
  actualSize,
  clampToView,
  fitViewport,
  panBy,
  rectToView,
  wheelFactor,
  zoomAt,
  type Viewport,
} from './viewport';

export interface ScreenshotViewerProps {
  src: string;
  widthPx: number;
  heightPx: number;
  reportedBounds?: Rect;
  predictedBounds?: Rect;
}

function Outline(props: { rect: Rect; viewport: Viewport; kind: 'reported' | 'predicted' }): ReactNode {
  const box = rectToView(props.rect, props.viewport);
  return (
    <rect
      className={`outline outline-${props.kind}`}
      x={box.x}
      y={box.y}
      width={box.width}
      height={box.height}
    />
  );
}

export function ScreenshotViewer(props: ScreenshotViewerProps): ReactNode {
  const view = useRef<HTMLDivElement>(null);
  const size = useElementSize(view);
  const image = { width: props.widthPx, height: props.heightPx };
  const [manual, setManual] = useState<Viewport | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const viewport = manual ?? fitViewport(image, size);
  const latest = useRef(viewport);
  latest.current = viewport;

  const apply = (next: Viewport): void => setManual(clampToView(next, image, size));
  const zoomCentre = (factor: number): void =>
    apply(zoomAt(viewport, factor, { x: size.width / 2, y: size.height / 2 }));

  useEffect(() => {
    const element = view.current;
    if (element === null) return;
    // Why a native listener: React's wheel listener is passive, so it cannot stop the page from scrolling.
    const onWheel = (event: WheelEvent): void => {
      event.preventDefault();
      const bounds = element.getBoundingClientRect();
      const point = { x: event.clientX - bounds.left, y: event.clientY - bounds.top };
      const next = zoomAt(latest.current, wheelFactor(event.deltaY, event.deltaMode), point);
      setManual(clampToView(next, { width: props.widthPx, height: props.heightPx }, bounds));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [props.widthPx, props.heightPx]);

  const onKeyDown = (event: KeyboardEvent): void => {
    const step = 40;
    const actions: Record<string, () => void> = {
      '+': () => zoomCentre(1.25),
      '=': () => zoomCentre(1.25),
      '-': () => zoomCentre(0.8),
      '0': () => setManual(null),
      '1': () => apply(actualSize(viewport, size)),
      ArrowLeft: () => apply(panBy(viewport, step, 0)),
      ArrowRight: () => apply(panBy(viewport, -step, 0)),
      ArrowUp: () => apply(panBy(viewport, 0, step)),
      ArrowDown: () => apply(panBy(viewport, 0, -step)),
    };
    const action = actions[event.key];
    if (action === undefined || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    action();
  };

  return (
    <div className="viewer">
      <div className="viewer-toolbar">
        <button
          type="button"
          className="small"
          onClick={() => setManual(null)}
          aria-pressed={manual === null}
        >
          Fit
        </button>
        <button type="button" className="small" onClick={() => apply(actualSize(viewport, size))}>
          100%
        </button>
        <button type="button" className="small" aria-label="Zoom out" onClick={() => zoomCentre(0.8)}>
          {'\u2212'}
        </button>
        <button type="button" className="small" aria-label="Zoom in" onClick={() => zoomCentre(1.25)}>
          +
        </button>
        <span className="mono muted small" aria-live="off">
          {Math.round(viewport.scale * 1000) / 10}%
        </span>
      </div>
      <div
        ref={view}
        className={`viewer-stage ${viewport.scale >= 2 ? 'pixelated' : ''}`}
        style={{ aspectRatio: `${props.widthPx} / ${props.heightPx}` }}
        tabIndex={0}
        aria-label="Screenshot viewer: drag to pan, wheel or +/- to zoom, 0 to fit, 1 for 100%"
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          drag.current = { x: event.clientX, y: event.clientY };
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          const start = drag.current;
          if (start === null) return;
          drag.current = { x: event.clientX, y: event.clientY };
          apply(panBy(latest.current, event.clientX - start.x, event.clientY - start.y));
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      >
        <img
          src={props.src}
          alt="Screenshot"
          draggable={false}
          style={{
            width: props.widthPx,
            height: props.heightPx,
            transform: `translate(${viewport.x}px, ${viewport.y}px) scale(${viewport.scale})`,
          }}
        />
        <svg className="viewer-overlay" width={size.width} height={size.height} aria-hidden="true">
          {props.predictedBounds && (
            <Outline rect={props.predictedBounds} viewport={viewport} kind="predicted" />
          )}
          {props.reportedBounds && (
            <Outline rect={props.reportedBounds} viewport={viewport} kind="reported" />
          )}
        </svg>
      </div>
      <ul className="legend" aria-label="Bounds legend">
        <li>
          <span className="legend-swatch outline-reported" aria-hidden="true" /> Reported bounds{' '}
          <span className="mono">{props.reportedBounds ? formatBounds(props.reportedBounds) : 'none'}</span>
        </li>
        <li>
          <span className="legend-swatch outline-predicted" aria-hidden="true" /> Predicted bounds{' '}
          <span className="mono">{props.predictedBounds ? formatBounds(props.predictedBounds) : 'none'}</span>
        </li>
      </ul>
    </div>
  );
}
