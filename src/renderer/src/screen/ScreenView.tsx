// The console's Screen view: the selected device's live screen (frames as they arrive, fps, capture method), the
// tree beside it with bounds drawn over the screen (hover highlights, click selects and shows the attributes), and
// the user's actions on the live screen: click = tap, drag = swipe, Back/Home/Enter, text, D-pad keys in TV mode,
// Scroll up/down, and Launch/Stop of a package (asked through the approval dialog; AppControls.tsx); Find, Tap text
// and Wait for text (FindControls.tsx, WaitControls.tsx); Tap node and Inject on the selected node (NodeControls.tsx,
// the strong approval dialog). F toggles Freeze (the last frame and tree stay), / focuses Find; the palette opens,
// freezes and refreshes it (screenCommands.ts).
// docs/ui-loop.md "Console Screen view".
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { ScreenKey } from '../../../shared/api/screenSchemas';
import { useConsole } from '../store/context';
import {
  attributeText,
  gestureOf,
  hitTest,
  nodeRect,
  toDevice,
  toDisplayed,
  type Point,
} from './screenGeometry';
import { SCREEN_VIEW_ID } from './screenCommands';
import { AppControls } from './AppControls';
import { FindControls } from './FindControls';
import { NodeControls } from './NodeControls';
import { VerificationBuilder } from './VerificationBuilder';
import { WaitControls } from './WaitControls';
import type { ScreenVerification } from './screenSlice';
import './screen.css';

const DPAD: { key: ScreenKey; label: string }[] = [
  { key: 'up', label: 'Up' },
  { key: 'left', label: 'Left' },
  { key: 'center', label: 'Center' },
  { key: 'right', label: 'Right' },
  { key: 'down', label: 'Down' },
];

const ATTRIBUTES = [
  'class',
  'resource_id',
  'text',
  'content_description',
  'bounds',
  'package',
  'clickable',
  'focusable',
  'focused',
  'selected',
  'enabled',
  'scrollable',
] as const;

function inTextField(target: EventTarget): boolean {
  return target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function ScreenView(props: { serial: string }): ReactNode {
  const { serial } = props;
  const screen = useConsole((state) => state.screen);
  const listed = useConsole((state) => state.devices.some((device) => device.serial === serial));
  const follow = useConsole((state) => state.screenFollow);
  const deviceListed = useConsole((state) => state.screenDeviceListed);
  const freeze = useConsole((state) => state.screenFreeze);
  const loadTree = useConsole((state) => state.screenLoadTree);
  const hover = useConsole((state) => state.screenHover);
  const select = useConsole((state) => state.screenSelect);
  const act = useConsole((state) => state.screenAct);
  const focusPending = useConsole((state) => state.screen.focusPending);
  const focusTaken = useConsole((state) => state.screenFocusTaken);
  const image = useRef<HTMLImageElement>(null);
  const view = useRef<HTMLElement>(null);
  const findField = useRef<HTMLInputElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [down, setDown] = useState<Point | null>(null);
  const [text, setText] = useState('');
  const [tvToggle, setTvToggle] = useState<boolean | null>(null);
  const [verification, setVerification] = useState<ScreenVerification>({});

  useEffect(() => {
    follow(serial, document.visibilityState !== 'hidden');
    const onVisibility = (): void => follow(serial, document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      follow(null, false);
    };
  }, [serial, follow]);
  useEffect(() => deviceListed(listed), [listed, deviceListed]);
  const hasFrame = screen.live.frame !== null;
  // The displayed size changes with the window too, not only when a new frame loads (a still screen sends the same
  // PNG, so no load event): the bounds drawn over it follow the element's own size.
  useEffect(() => {
    const element = image.current;
    if (!hasFrame || element === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setSize({ width: element.clientWidth, height: element.clientHeight }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasFrame]);
  // "Open live screen" asked for the focus: take it once shown, so F and / work at once.
  useEffect(() => {
    if (!focusPending || view.current === null) return;
    view.current.scrollIntoView({ block: 'start' });
    view.current.focus();
    focusTaken();
  }, [focusPending, focusTaken]);
  useEffect(() => {
    void loadTree(serial);
  }, [serial, loadTree]);

  const { live, tree, frozen } = screen;
  const frame = live.frame;
  const displayed =
    frame === null
      ? null
      : {
          widthPx: frame.widthPx,
          heightPx: frame.heightPx,
          displayedWidth: size.width,
          displayedHeight: size.height,
        };
  const television = tvToggle ?? tree?.television === true;
  const nodes = tree?.nodes ?? [];
  const selectedNode = nodes.find((node) => node.index === screen.selected) ?? null;
  // The hovered node's box and the selected one's (once, when they are the same node).
  const marks: Array<{ kind: 'hovered' | 'selected'; index: number | null }> = [
    { kind: 'hovered', index: screen.hovered === screen.selected ? null : screen.hovered },
    { kind: 'selected', index: screen.selected },
  ];
  const highlighted = marks.flatMap(({ kind, index }) => {
    const node = index === null ? undefined : nodes.find((candidate) => candidate.index === index);
    const rect = node === undefined ? null : nodeRect(node);
    return rect === null || displayed === null ? [] : [{ kind, index, rect: toDisplayed(displayed, rect) }];
  });

  const pointOf = (event: PointerEvent<HTMLElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const send = (action: Parameters<typeof act>[1]): void => void act(serial, action, verification);
  const onPointerUp = (event: PointerEvent<HTMLElement>): void => {
    if (down === null || displayed === null) return;
    const gesture = gestureOf(displayed, down, pointOf(event));
    setDown(null);
    if (gesture === null) return;
    if (gesture.kind === 'tap') {
      const hit = hitTest(nodes, { x: gesture.x, y: gesture.y });
      select(hit?.index ?? null);
    }
    send(gesture);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>): void => {
    if (displayed === null) return;
    const point = toDevice(displayed, pointOf(event));
    hover(point === null ? null : (hitTest(nodes, point)?.index ?? null));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (inTextField(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'f' || event.key === 'F') {
      event.preventDefault();
      freeze(!frozen);
    } else if (event.key === '/') {
      event.preventDefault();
      findField.current?.focus();
    }
  };

  const status =
    live.status === 'disconnected'
      ? 'disconnected'
      : live.status === 'failed'
        ? 'capture failed'
        : live.status;
  return (
    <section
      ref={view}
      className="screen-view"
      id={SCREEN_VIEW_ID}
      tabIndex={-1}
      aria-labelledby="screen-title"
      onKeyDown={onKeyDown}
    >
      <div className="screen-head">
        <h2 id="screen-title">Screen</h2>
        <span className={`screen-status status-${live.status}`} data-testid="screen-status">
          {status}
        </span>
        <span className="muted" data-testid="screen-fps">
          {live.fps === null ? '– fps' : `${live.fps} fps`} · {frame?.method ?? '–'} · {live.frames} frames
          {frame !== null ? ` · ${Math.round(frame.captureMs)} ms` : ''}
        </span>
        <button type="button" aria-pressed={frozen} aria-keyshortcuts="F" onClick={() => freeze(!frozen)}>
          {frozen ? 'Unfreeze' : 'Freeze'}
        </button>
        <label>
          <input
            type="checkbox"
            checked={television}
            onChange={(event) => setTvToggle(event.target.checked)}
          />{' '}
          TV mode
        </label>
      </div>
      {live.error !== null && (
        <p className="error-text" role="alert">
          <strong>{live.error.code}</strong> {live.error.message}
        </p>
      )}
      <div className="screen-body">
        <div
          className="screen-frame"
          data-testid="screen-frame"
          onPointerDown={(event) => setDown(pointOf(event))}
          onPointerUp={onPointerUp}
          onPointerMove={onPointerMove}
          onPointerLeave={() => hover(null)}
        >
          {frame === null ? (
            <p className="muted">
              {live.status === 'live' ? 'Waiting for the first frame…' : 'No frame yet.'}
            </p>
          ) : (
            <img
              ref={image}
              draggable={false}
              alt={`Live screen of ${serial}`}
              src={`data:${frame.mimeType};base64,${frame.base64}`}
              onLoad={(event) =>
                setSize({ width: event.currentTarget.clientWidth, height: event.currentTarget.clientHeight })
              }
            />
          )}
          {highlighted.map(({ kind, index, rect }) => (
            <div
              key={`${kind}-${index}`}
              data-testid={`screen-${kind}-box`}
              className={kind === 'selected' ? 'screen-box selected' : 'screen-box'}
              style={{
                left: rect.left,
                top: rect.top,
                width: rect.right - rect.left,
                height: rect.bottom - rect.top,
              }}
            />
          ))}
        </div>
        <div className="screen-side">
          <div className="screen-actions" role="group" aria-label="Keys">
            <button type="button" onClick={() => send({ kind: 'key', key: 'back' })}>
              Back
            </button>
            <button type="button" onClick={() => send({ kind: 'key', key: 'home' })}>
              Home
            </button>
            <button type="button" onClick={() => send({ kind: 'key', key: 'enter' })}>
              Enter
            </button>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (text !== '') send({ kind: 'text', text });
              }}
            >
              <input
                aria-label="Text to type"
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
              <button type="submit">Type</button>
            </form>
          </div>
          <AppControls serial={serial} disabled={screen.acting} send={send} />
          <FindControls
            serial={serial}
            disabled={screen.acting}
            selected={selectedNode}
            findField={findField}
            send={send}
          />
          <WaitControls serial={serial} />
          <NodeControls selected={selectedNode} disabled={screen.acting} send={send} />
          {television && (
            <div className="screen-dpad" role="group" aria-label="D-pad">
              {DPAD.map(({ key, label }) => (
                <button
                  key={key}
                  type="button"
                  disabled={screen.acting}
                  onClick={() => send({ kind: 'key', key })}
                >
                  {label}
                </button>
              ))}
              <p data-testid="screen-focus">
                Focused:{' '}
                {tree === null
                  ? 'unknown'
                  : tree.focused.length === 0
                    ? 'none'
                    : tree.focused
                        .map((focus) => focus.labels.join(' / ') || focus.class || 'unlabelled')
                        .join('; ')}
              </p>
            </div>
          )}
          <VerificationBuilder value={verification} onChange={setVerification} />
          {screen.lastAction !== null && (
            <p data-testid="screen-action-result">
              action_sent: {String(screen.lastAction.action_sent)} · <code>{screen.lastAction.command}</code>
              {screen.lastAction.confirmed_labels !== null &&
                ` · confirmed ${screen.lastAction.confirmed_labels.join(', ')}`}
            </p>
          )}
          {screen.actionError !== null && (
            <p className="error-text" role="alert" data-testid="screen-action-error">
              <strong>{screen.actionError.code}</strong> {screen.actionError.message}
            </p>
          )}
          <div className="screen-tree-head">
            <strong>Tree</strong>
            {tree !== null && (
              <span className="muted" data-testid="screen-tree-source">
                {tree.source} · {tree.complete ? 'complete' : tree.truncated ? 'truncated' : 'partial'} ·{' '}
                {tree.node_count} nodes
              </span>
            )}
            <button type="button" className="ghost" disabled={frozen} onClick={() => void loadTree(serial)}>
              Refresh tree
            </button>
          </div>
          {screen.treeError !== null && (
            <p className="error-text" role="alert">
              <strong>{screen.treeError.code}</strong> {screen.treeError.message}
            </p>
          )}
          <ul className="screen-tree" aria-label="UI tree">
            {nodes.map((node) => (
              <li
                key={node.index}
                style={{ paddingLeft: node.depth * 10 }}
                className={node.index === screen.selected ? 'selected' : undefined}
                onMouseEnter={() => hover(node.index)}
                onMouseLeave={() => hover(null)}
              >
                <button type="button" className="ghost" onClick={() => select(node.index)}>
                  {(node.class ?? 'unknown').split('.').pop()} {node.text ?? node.content_description ?? ''}
                </button>
              </li>
            ))}
          </ul>
          {selectedNode !== null && (
            <dl className="screen-attributes" data-testid="screen-attributes">
              {ATTRIBUTES.map((name) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{attributeText(selectedNode[name])}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
    </section>
  );
}
