// The device screen at its real aspect ratio (last screenshot, else a neutral screen) with the predicted panel.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { DisplayMetrics } from '../../../shared/geometry/types';
import { useElementSize, useLoadedImage } from '../ui/hooks';
import { drawNeutralScreen, drawPanel, drawUsableOutline, prepareCanvas } from './draw';
import { markPreviewDrawn } from './latency';
import { previewMeasurer } from './measurer';
import type { Prediction } from '../../../shared/geometry/prediction';
import { fitScreen } from './screenFit';

export interface PreviewScreenProps {
  metrics: DisplayMetrics;
  prediction: Prediction | null;
  /** A data: URL of the device's last screenshot, when it has the display's size. */
  background: string | null;
  /** A data: URL of the foreground app's icon. */
  iconUrl: string | null;
  deviceName: string;
}

export function PreviewScreen(props: PreviewScreenProps): ReactNode {
  const { metrics, prediction, background } = props;
  const box = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const size = useElementSize(box);
  const icon = useLoadedImage(props.iconUrl);
  const fit = fitScreen({ width: metrics.widthPx, height: metrics.heightPx }, size);

  useLayoutEffect(() => {
    const canvas = base.current;
    if (canvas === null || fit.scale === 0 || background !== null) return;
    const context = prepareCanvas(canvas, fit.width, fit.height, fit.scale);
    if (context !== null) drawNeutralScreen(context, metrics);
  }, [metrics, fit.width, fit.height, fit.scale, background]);

  useLayoutEffect(() => {
    const canvas = overlay.current;
    if (canvas === null || fit.scale === 0) return;
    const context = prepareCanvas(canvas, fit.width, fit.height, fit.scale);
    if (context === null) return;
    drawUsableOutline(context, metrics, 1 / fit.scale);
    if (prediction?.ok === true) {
      drawPanel(context, prediction.value.layout, prediction.value.spec, previewMeasurer(), icon);
    }
    markPreviewDrawn();
  }, [metrics, prediction, icon, fit.width, fit.height, fit.scale]);

  return (
    <div className="screen-box" ref={box} style={{ aspectRatio: `${metrics.widthPx} / ${metrics.heightPx}` }}>
      <div
        className="screen"
        style={{ width: fit.width, height: fit.height }}
        role="img"
        aria-label={`Preview of the panel on ${props.deviceName}`}
      >
        {background !== null ? (
          <img
            className="screen-layer"
            src={background}
            alt=""
            style={{ width: fit.width, height: fit.height }}
          />
        ) : (
          <canvas className="screen-layer" ref={base} />
        )}
        <canvas className="screen-layer" ref={overlay} />
      </div>
    </div>
  );
}
