// The live preview region: the panel where the layout predicts it on the target device, its bounds as text,
// and a clear message when the layout cannot fit.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SetOnScreenLogParams } from '../../../shared/execution/types';
import { formatBounds } from '../../../shared/geometry/bounds';
import { imageUrl } from '../history/historySlice';
import { adviceFor } from '../runs/errorAdvice';
import { useConsole } from '../store/context';
import { selectDesignCheck, selectTargetDescription, selectTargetDevice } from '../store/selectors';
import { useFontsReady } from '../ui/hooks';
import { previewMeasurer } from './measurer';
import { metadataOf, metricsOf, predictPanel, type Prediction } from '../../../shared/geometry/prediction';
import { PreviewScreen } from './PreviewScreen';
import { BackgroundChooser } from './BackgroundChooser';
import { backgroundImage } from './backgroundSlice';
import { liveViewOf } from './liveBackground';
import { usePageShown } from './usePageShown';
import { loadZoom, saveZoom, type PreviewZoom } from './zoom';
import './preview.css';

function PredictionFacts(props: { prediction: Prediction | null; stale: boolean }): ReactNode {
  const { prediction } = props;
  if (prediction === null) return <p className="muted">Loading Roboto…</p>;
  if (!prediction.ok) {
    return (
      <div className="error-box">
        <p className="error-title">Layout invalid: the panel will not fit</p>
        <p>{prediction.error.message}</p>
        <p className="mono small">{prediction.error.code}</p>
        <p className="advice">{prediction.error.hint ?? adviceFor(prediction.error.code)}</p>
      </div>
    );
  }
  const { layout, boundsText, content } = prediction.value;
  return (
    <div className="facts">
      <p className="bounds-line">
        Predicted bounds <span className="mono">{boundsText}</span>
      </p>
      <p className="muted">
        {layout.lines.length} line{layout.lines.length === 1 ? '' : 's'} ·{' '}
        {Math.round(layout.fontSizePx * 10) / 10} px text · line {layout.lineHeightPx} px
      </p>
      {layout.truncated && (
        <p className="warn-text">
          Truncated: only {layout.maxLines} complete line{layout.maxLines === 1 ? '' : 's'} fit; the device
          reports truncated: &quot;true&quot;.
        </p>
      )}
      {content.truncated && <p className="warn-text">A template value was bounded (ends with …).</p>}
      {props.stale && <p className="warn-text">The design has errors: this is the last valid design.</p>}
    </div>
  );
}

export function Preview(): ReactNode {
  const entry = useConsole(selectTargetDescription);
  // A disconnected target keeps its preview (its last description), so the design stays checkable.
  const device = useConsole(
    (state) =>
      selectTargetDevice(state) ??
      (state.targetSerial === null ? undefined : state.lastSeen[state.targetSerial]),
  );
  const check = useConsole(selectDesignCheck);
  const choice = useConsole((state) => state.previewBackground);
  const live = useConsole((state) => state.liveBackground);
  const followLive = useConsole((state) => state.followLiveBackground);
  const region = useRef<HTMLElement>(null);
  const pageShown = usePageShown(region);
  const [zoom, setZoomState] = useState<PreviewZoom>(loadZoom);
  const setZoom = useCallback((next: PreviewZoom) => {
    setZoomState(next);
    saveZoom(next);
  }, []);
  const lastValid = useRef<SetOnScreenLogParams | null>(null);
  if (check.params !== null) lastValid.current = check.params;
  const params = check.params ?? lastValid.current;
  const fontsReady = useFontsReady();
  const description = entry?.description;
  const metadata = useMemo(() => (description ? metadataOf(description) : null), [description]);
  const metrics = useMemo(() => (description ? metricsOf(description) : null), [description]);
  const prediction = useMemo(
    () =>
      fontsReady && params !== null && description && metadata
        ? predictPanel(params, description, previewMeasurer(), metadata)
        : null,
    [fontsReady, params, description, metadata],
  );

  const display = description?.display;
  // Only a capture known to show no panel: a sequence's screenshot has the old panel baked in.
  const capture = useConsole((state) =>
    device === undefined ? undefined : backgroundImage(state, device.serial, display),
  );
  const serial = device?.serial ?? null;
  const online = device?.state === 'device';
  // Frames only while the live screen is chosen, the preview is on screen and the device can answer.
  const describedShown = description !== undefined && metrics?.ok === true;
  useEffect(() => {
    followLive({ serial, online, shown: pageShown && describedShown });
  }, [followLive, serial, online, pageShown, describedShown]);
  useEffect(() => () => followLive({ serial: null, online: false, shown: false }), [followLive]);
  const liveView = useMemo(() => liveViewOf(live, serial, online, display), [live, serial, online, display]);
  const liveFrame = choice === 'live' && liveView.kind === 'frame' ? liveView.frame : null;
  const liveUrl = useMemo(
    () => (liveFrame === null ? null : `data:${liveFrame.mimeType};base64,${liveFrame.base64}`),
    [liveFrame],
  );
  const captureUrl = choice !== 'neutral' && capture !== undefined ? imageUrl(capture) : null;
  const background = liveUrl ?? captureUrl;
  const shown = liveUrl !== null ? 'live' : captureUrl !== null ? 'capture' : 'neutral';
  const deviceName = device?.model ?? device?.serial ?? 'the device';
  const iconPng = description?.foregroundApp?.iconPng;

  let body: ReactNode;
  if (device === undefined) {
    body = <p className="empty">Choose a target device to preview the panel on its screen.</p>;
  } else if (description === undefined || metrics === null) {
    body =
      entry?.status === 'failed' && entry.error ? (
        <div className="error-box">
          <p className="error-title">No description from {deviceName}</p>
          <p>{entry.error.message}</p>
          <p className="advice">{adviceFor(entry.error.code)}</p>
        </div>
      ) : (
        <p className="empty">
          {entry?.status === 'loading' ? 'Reading the display\u2026' : 'The device is not described yet.'}
        </p>
      );
  } else {
    body = (
      <div
        className={`preview-body ${display && display.widthPx > display.heightPx ? 'landscape' : ''} ${
          zoom.mode === 'fit' ? '' : 'zoomed'
        }`}
      >
        {metrics.ok ? (
          <PreviewScreen
            metrics={metrics.value}
            prediction={prediction}
            background={background}
            iconUrl={iconPng ? `data:image/png;base64,${iconPng}` : null}
            deviceName={deviceName}
            zoom={zoom}
            onZoom={setZoom}
          />
        ) : null}
        <div className="preview-side">
          <PredictionFacts prediction={prediction} stale={check.params === null && params !== null} />
          <dl className="display-facts">
            <dt>Display</dt>
            <dd>
              {description.display.widthPx} × {description.display.heightPx} px,{' '}
              {description.display.densityDpi} dpi
            </dd>
            <dt>Font scale</dt>
            <dd>{description.display.fontScale}</dd>
            <dt>Usable</dt>
            <dd className="mono">
              {description.display.usable ? formatBounds(description.display.usable) : 'unknown'}
            </dd>
            <dt>Android</dt>
            <dd>
              {description.device.release} (API {description.device.sdkInt})
            </dd>
          </dl>
          {metrics.ok && (
            <BackgroundChooser
              serial={device.serial}
              online={online}
              shown={shown}
              live={liveView}
              display={description.display}
            />
          )}
          {entry?.status === 'failed' && (
            <p className="warn-text">Showing the last description: {entry.error?.message}</p>
          )}
        </div>
      </div>
    );
  }

  return (
    <section className="panel preview" aria-labelledby="preview-heading" ref={region}>
      <header className="panel-header">
        <h2 id="preview-heading">Preview</h2>
        <span className="muted">{device ? deviceName : ''}</span>
      </header>
      {body}
    </section>
  );
}
