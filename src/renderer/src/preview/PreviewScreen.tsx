// The device screen at its real aspect ratio (a capture without panel, else a neutral screen) with the predicted
// panel, zoomable: fit the box, 1:1 (one device pixel per screen pixel), or steps in between (buttons and keys).
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { DisplayMetrics } from '../../../shared/geometry/types';
import { useElementSize, useLoadedImage } from '../ui/hooks';
import { drawNeutralScreen, drawPanel, drawUsableOutline, prepareCanvas } from './draw';
import { markPreviewDrawn } from './latency';
import { previewMeasurer } from './measurer';
import type { Prediction } from '../../../shared/geometry/prediction';
import { fitScreen } from './screenFit';
import { cssScale, FIT, zoomForKey, zoomPercent, zoomStep, type PreviewZoom } from './zoom';

export interface PreviewScreenProps {
  metrics: DisplayMetrics;
  prediction: Prediction | null;
  /** A data: URL of a capture of the device's screen without a panel, when it has the display's size. */
  background: string | null;
  /** A data: URL of the foreground app's icon. */
  iconUrl: string | null;
  deviceName: string;
  zoom: PreviewZoom;
  onZoom: (zoom: PreviewZoom) => void;
}

function ZoomBar(props: {
  zoom: PreviewZoom;
  shown: number;
  onZoom: (zoom: PreviewZoom) => void;
}): ReactNode {
  const { zoom, shown, onZoom } = props;
  const oneToOne = zoom.mode === 'scale' && zoom.scale === 1;
  return (
    <div className="zoom-bar" role="toolbar" aria-label="Preview zoom">
      <button type="button" className="small" aria-pressed={zoom.mode === 'fit'} onClick={() => onZoom(FIT)}>
        Fit
      </button>
      <button
        type="button"
        className="small"
        aria-pressed={oneToOne}
        title="One device pixel per screen pixel"
        onClick={() => onZoom({ mode: 'scale', scale: 1 })}
      >
        1:1
      </button>
      <button
        type="button"
        className="small"
        aria-label="Zoom out"
        onClick={() => onZoom({ mode: 'scale', scale: zoomStep(shown, -1) })}
      >
        {'\u2212'}
      </button>
      <button
        type="button"
        className="small"
        aria-label="Zoom in"
        onClick={() => onZoom({ mode: 'scale', scale: zoomStep(shown, 1) })}
      >
        +
      </button>
      <output className="mono muted small zoom-readout" aria-label="Zoom">
        {zoomPercent(shown)}
      </output>
    </div>
  );
}

export function PreviewScreen(props: PreviewScreenProps): ReactNode {
  const { metrics, prediction, background, zoom } = props;
  const stage = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const size = useElementSize(stage);
  const icon = useLoadedImage(props.iconUrl);
  const ratio = window.devicePixelRatio || 1;
  const fitted = fitScreen({ width: metrics.widthPx, height: metrics.heightPx }, size);
  const scale = cssScale(zoom, fitted.scale, ratio);
  const width = metrics.widthPx * scale;
  const height = metrics.heightPx * scale;
  // What the readout says: screen pixels per device pixel.
  const shown = scale * ratio;

  useLayoutEffect(() => {
    const canvas = base.current;
    if (canvas === null || scale === 0 || background !== null) return;
    const context = prepareCanvas(canvas, width, height, scale);
    if (context !== null) drawNeutralScreen(context, metrics);
  }, [metrics, width, height, scale, background]);

  useLayoutEffect(() => {
    const canvas = overlay.current;
    if (canvas === null || scale === 0) return;
    const context = prepareCanvas(canvas, width, height, scale);
    if (context === null) return;
    drawUsableOutline(context, metrics, 1 / scale);
    if (prediction?.ok === true) {
      drawPanel(context, prediction.value.layout, prediction.value.spec, previewMeasurer(), icon);
    }
    markPreviewDrawn();
  }, [metrics, prediction, icon, width, height, scale]);

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const next = zoomForKey(event.key, shown);
    if (next === null) return;
    event.preventDefault();
    props.onZoom(next);
  };

  return (
    <div className="screen-wrap">
      <ZoomBar zoom={zoom} shown={shown} onZoom={props.onZoom} />
      <div
        ref={stage}
        className={`screen-stage ${zoom.mode === 'fit' ? 'fit' : 'zoomed'}`}
        style={zoom.mode === 'fit' ? { aspectRatio: `${metrics.widthPx} / ${metrics.heightPx}` } : undefined}
        tabIndex={0}
        aria-label="Preview screen: + and - zoom, 0 fits, 1 shows 1:1, arrows scroll"
        onKeyDown={onKeyDown}
      >
        <div
          className="screen"
          style={{ width, height }}
          role="img"
          aria-label={`Preview of the panel on ${props.deviceName}`}
        >
          {background !== null ? (
            <img className="screen-layer" src={background} alt="" style={{ width, height }} />
          ) : (
            <canvas className="screen-layer" ref={base} />
          )}
          <canvas className="screen-layer" ref={overlay} />
        </div>
      </div>
    </div>
  );
}
