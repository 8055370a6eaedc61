// Keys, gestures and text: android.press_back|home|enter (`input keyevent 4|3|66`), android.swipe, android.scroll
// (without coordinates from `wm size`, re-read after approval) and android.input_text (printable ASCII through
// `input text`; Unicode and replace through the Operator's set_text, operatorText.ts). All are the reference's
// dangerous actions: strong approval.
import { fail, ok, type Result } from '../../../shared/errors';
import {
  DEFAULT_SWIPE_MS,
  INPUT_TEXT_ARGUMENTS,
  KEY_ARGUMENTS,
  SCROLL_ARGUMENTS,
  SWIPE_ARGUMENTS,
} from '../../../shared/ui/actionArguments';
import { defineTool, type AndroidToolContext } from '../../android/tool';
import {
  inputTextCommand,
  keyCommand,
  KEYCODES,
  PRINTABLE_ASCII,
  scrollGesture,
  swipeCommand,
} from './commands';
import { checkSetTextCapable, prepareSetText } from './operatorText';
import { performAction, type Prepared } from './perform';
import { contextPorts, readDisplaySize } from './ports';

const VERIFY_NOTE = 'Optional verification (verify_change, expected_package, text_present/text_absent).';

function keyTool(key: keyof typeof KEYCODES) {
  const name = `android.press_${key}`;
  return defineTool({
    name,
    cli: { command: 'ui', verb: `press-${key}` },
    description: `Presses ${key === 'back' ? 'Back' : key === 'home' ? 'Home' : 'Enter'} (\`input keyevent ${KEYCODES[key]}\`). Dangerous: strong approval. ${VERIFY_NOTE}`,
    risk: 'dangerous',
    arguments: KEY_ARGUMENTS,
    run(context, args) {
      const command = keyCommand(key);
      return performAction(
        {
          tool: name,
          kind: `press_${key}`,
          strength: 'strong',
          prepare: () => Promise.resolve(ok({ command, preview: command, target: null, tree: null })),
        },
        contextPorts(context),
        args.verification,
      );
    },
  });
}

export const pressBack = keyTool('back');
export const pressHome = keyTool('home');
export const pressEnter = keyTool('enter');

interface Gesture {
  x: number;
  y: number;
  end_x: number;
  end_y: number;
}

/** The gesture's command once every point is inside the display (`wm size`, read now). */
async function gesture(
  context: AndroidToolContext,
  given: Gesture | 'down' | 'up',
  durationMs: number,
  label: string,
): Promise<Result<Prepared>> {
  const size = await readDisplaySize(context);
  if (!size.ok) return size;
  const { width, height } = size.value;
  const points = typeof given === 'string' ? scrollGesture(size.value, given) : given;
  for (const [name, x, y] of [
    ['the start', points.x, points.y],
    ['the end', points.end_x, points.end_y],
  ] as const)
    if (x >= width || y >= height)
      return fail(
        'INVALID_ARGUMENTS',
        `${name} (${x}, ${y}) is outside the ${width}x${height} display: give points with x < ${width} and y < ${height}`,
        { display: `${width}x${height}`, point: { x, y } },
      );
  const command = swipeCommand(points.x, points.y, points.end_x, points.end_y, durationMs);
  return ok({
    command,
    preview: `${label} from (${points.x}, ${points.y}) to (${points.end_x}, ${points.end_y}) on the ${width}x${height} display: ${command}`,
    target: null,
    tree: null,
  });
}

export const swipe = defineTool({
  name: 'android.swipe',
  cli: { command: 'ui', verb: 'swipe' },
  description:
    'Swipes from (x, y) to (end_x, end_y) over duration_ms (default 500, 100-10000; `input swipe`), points inside the display. ' +
    `Dangerous: strong approval. ${VERIFY_NOTE}`,
  risk: 'dangerous',
  arguments: SWIPE_ARGUMENTS,
  run(context, args) {
    const points = { x: args.x, y: args.y, end_x: args.end_x, end_y: args.end_y };
    const duration = args.duration_ms ?? DEFAULT_SWIPE_MS;
    return performAction(
      {
        tool: 'android.swipe',
        kind: 'swipe',
        strength: 'strong',
        prepare: () => gesture(context, points, duration, 'swipe'),
        revalidate: () => gesture(context, points, duration, 'swipe'),
      },
      contextPorts(context),
      args.verification,
    );
  },
});

export const scroll = defineTool({
  name: 'android.scroll',
  cli: { command: 'ui', verb: 'scroll' },
  description:
    'Scrolls the content: without coordinates, a vertical swipe at half the `wm size` width from 3/4 to 1/4 of the ' +
    'height (downward, the default) or the reverse (`direction: "up"`); the size is read again after approval and a ' +
    `changed gesture is refused. Or all of x, y, end_x, end_y. Dangerous: strong approval. ${VERIFY_NOTE}`,
  risk: 'dangerous',
  arguments: SCROLL_ARGUMENTS,
  run(context, args) {
    const given: Gesture | 'down' | 'up' =
      args.x === undefined
        ? (args.direction ?? 'down')
        : { x: args.x, y: args.y!, end_x: args.end_x!, end_y: args.end_y! };
    const duration = args.duration_ms ?? DEFAULT_SWIPE_MS;
    const label = typeof given === 'string' ? `scroll ${given}` : 'scroll';
    return performAction(
      {
        tool: 'android.scroll',
        kind: 'scroll',
        strength: 'strong',
        prepare: () => gesture(context, given, duration, label),
        revalidate: () => gesture(context, given, duration, label),
      },
      contextPorts(context),
      args.verification,
    );
  },
});

/** The shell path types it (printable ASCII, appended); anything else needs the Operator's set_text. */
function needsOperator(text: string, mode: 'append' | 'replace' | undefined): boolean {
  return mode === 'replace' || !PRINTABLE_ASCII.test(text);
}

export const inputText = defineTool({
  name: 'android.input_text',
  cli: { command: 'ui', verb: 'input-text' },
  description:
    'Types text into the focused field. Printable ASCII (up to 1024 bytes) is appended through `input text` (spaces ' +
    'as %s, a literal %s split so it is never decoded). Unicode text and mode "replace" go through the Operator\'s ' +
    "set_text (ACTION_SET_TEXT on the focused editable field, read from the Operator's tree and revalidated after " +
    'approval; password fields are refused); without an Operator that offers set_text they are refused and nothing ' +
    `is sent. Dangerous: strong approval. ${VERIFY_NOTE}`,
  risk: 'dangerous',
  arguments: INPUT_TEXT_ARGUMENTS,
  run(context, args) {
    // The path is chosen here, before approval, and never swapped after it (the seed's bridge rule).
    if (needsOperator(args.text, args.mode)) {
      const replace = args.mode === 'replace';
      return performAction(
        {
          tool: 'android.input_text',
          kind: 'input_text',
          strength: 'strong',
          async prepare() {
            const capable = await checkSetTextCapable(context);
            if (!capable.ok) return capable;
            return prepareSetText(context, args.text, replace);
          },
          revalidate: () => prepareSetText(context, args.text, replace),
        },
        contextPorts(context),
        args.verification,
      );
    }
    return performAction(
      {
        tool: 'android.input_text',
        kind: 'input_text',
        strength: 'strong',
        prepare() {
          const command = inputTextCommand(args.text);
          if (!command.ok) return Promise.resolve(command);
          return Promise.resolve(
            ok({
              command: command.value,
              preview: `type text '${args.text}' into the focused field: ${command.value}`,
              target: null,
              tree: null,
            }),
          );
        },
      },
      contextPorts(context),
      args.verification,
    );
  },
});
