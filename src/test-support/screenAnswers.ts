// Well-formed and broken answers of the Screen view's channels (screen:frame / tree / act / find / waitText /
// cancelWait), spread into consoleAnswers.ts's per-channel maps.
import type {
  ScreenActAnswer,
  ScreenFindAnswer,
  ScreenFrameAnswer,
  ScreenTreeAnswer,
  ScreenWaitAnswer,
} from '../shared/api/screenSchemas';

const frame: ScreenFrameAnswer = {
  serial: 'emulator-5554',
  mimeType: 'image/png',
  base64: 'iVBORw0KGgo=',
  widthPx: 1080,
  heightPx: 2400,
  method: 'screencap-p',
  captureMs: 180,
  encodeMs: null,
  capturedAt: '2026-12-03T08:00:00.000Z',
};

const tree: ScreenTreeAnswer = {
  serial: 'emulator-5554',
  source: 'uiautomator',
  status: 'complete',
  truncated: false,
  complete: true,
  node_count: 1,
  nodes: [
    {
      index: 0,
      parent: null,
      depth: 0,
      package: 'com.example',
      class: 'android.widget.Button',
      resource_id: 'com.example:id/ok',
      text: 'OK',
      content_description: null,
      bounds: '[0,0][100,50]',
      clickable: true,
      focused: false,
      focusable: true,
      selected: false,
      enabled: true,
      scrollable: null,
    },
  ],
  focused: [],
  fallback_reason: 'the Operator service is not enabled',
  duration_ms: 40,
  television: false,
  takenAt: '2026-12-03T08:00:00.000Z',
};

const act: ScreenActAnswer = {
  serial: 'emulator-5554',
  tool: 'android.tap',
  action_sent: true,
  command: 'input tap 50 25',
  result: { kind: 'tap', action_sent: true, command: 'input tap 50 25', verification: null },
  confirmed_labels: null,
};

const okNode = tree.nodes[0]!;

const find: ScreenFindAnswer = {
  serial: 'emulator-5554',
  query: { text: 'OK', bounds: null },
  node: okNode,
  tree,
};

const wait: ScreenWaitAnswer = {
  serial: 'emulator-5554',
  text: 'OK',
  source: 'uiautomator',
  polls: 2,
  elapsed_ms: 320,
  node: okNode,
};

export const SCREEN_CHANNEL_ANSWERS = {
  'screen:frame': frame,
  'screen:tree': tree,
  'screen:act': act,
  'screen:find': find,
  'screen:waitText': wait,
  'screen:cancelWait': { cancelled: true },
};

export const SCREEN_BROKEN_ANSWERS = {
  'screen:frame': { value: { ...frame, method: 'jpeg' }, field: 'method' },
  'screen:tree': {
    value: { ...tree, nodes: [{ ...tree.nodes[0], focusable: 'yes' }] },
    field: 'nodes[0].focusable',
  },
  'screen:act': { value: { ...act, confirmed_labels: 'none' }, field: 'confirmed_labels' },
  'screen:find': { value: { ...find, node: { ...okNode, bounds: 7 } }, field: 'node.bounds' },
  'screen:waitText': { value: { ...wait, polls: '2' }, field: 'polls' },
  'screen:cancelWait': { value: { cancelled: 1 }, field: 'cancelled' },
};
