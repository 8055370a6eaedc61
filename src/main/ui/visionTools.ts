// Screenshots for vision (reference section 5): android.screenshot, android.read_screen, capture_android_screen and
// view_screenshot (CLI `androperator ui screenshot|read-screen|capture|view-screenshot`). An image answer carries
// `image: { mime_type, bytes, data_base64 }`; the MCP server sends it as image content (src/main/mcp/androidTools.ts).
import { lstat, readFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { fail, ok, type Result } from '../../shared/errors';
import { shellQuote } from '../../shared/android/shellQuote';
import {
  CAPTURE_SCREEN_ARGUMENTS,
  READ_SCREEN_ARGUMENTS,
  SCREENSHOT_ARGUMENTS,
  VIEW_SCREENSHOT_ARGUMENTS,
} from '../../shared/ui/visionArguments';
import { defineTool, type AndroidToolContext } from '../android/tool';
import { captureScreen } from '../screenshot/capture';
import { prepareForVision, VISION_LIMITS, type VisionImage } from '../screenshot/vision';

/** The answer fields of an image: the reference's summary line, sizes, and the bytes for the attachment. */
function imageAnswer(image: VisionImage): Record<string, unknown> {
  return {
    summary: image.summary,
    source: image.source,
    sent: image.sent,
    transformed: image.transformed,
    image: {
      mime_type: image.mimeType,
      bytes: image.data.length,
      data_base64: Buffer.from(image.data).toString('base64'),
    },
  };
}

function deviceOf(context: AndroidToolContext): Result<NonNullable<AndroidToolContext['device']>> {
  return context.device === undefined
    ? fail('INVALID_ARGUMENTS', 'this tool needs a device: pass device (an adb serial)', { field: 'device' })
    : ok(context.device);
}

/**
 * The screen as an attachment. The PNG comes straight from `screencap -p` over adb's exec service into memory:
 * no file is written on the device or on this computer, so there is nothing to leave behind.
 */
async function screenAttachment(context: AndroidToolContext): Promise<Result<Record<string, unknown>>> {
  const device = deviceOf(context);
  if (!device.ok) return device;
  const capture = await captureScreen(device.value.client, device.value.serial, { scale: 100 });
  if (!capture.ok) return capture;
  const image = await prepareForVision(capture.value.png);
  if (!image.ok) return image;
  return ok({ serial: device.value.serial, written: null, ...imageAnswer(image.value) });
}

/** `screencap -p '<path>'` on the device after approval; a refused approval sends nothing. */
async function writeOnDevice(
  context: AndroidToolContext,
  tool: string,
  path: string,
): Promise<Result<{ path: string; command: string }>> {
  const device = deviceOf(context);
  if (!device.ok) return device;
  const command = `screencap -p ${shellQuote(path)}`;
  const approved = await context.approve({
    tool,
    device: device.value.serial,
    preview: command,
    strength: 'normal',
  });
  if (!approved.ok) return approved;
  const run = await context.run(command);
  if (!run.ok) return run;
  const { exit_code: exitCode, stdout, stderr } = run.value;
  const output = `${stdout}${stderr}`.trim();
  if (exitCode !== 0 || /^Error/m.test(output))
    return fail(
      'ANDROID_COMMAND_FAILED',
      `screencap could not write ${path}${output === '' ? ` (exit ${exitCode})` : `: ${output}`}; check that the folder exists and the shell user may write there (/sdcard/ or /data/local/tmp/)`,
      { path, command, exit_code: exitCode, output, action_sent: true },
    );
  return ok({ path, command });
}

export const androidScreenshot = defineTool({
  name: 'android.screenshot',
  cli: { command: 'ui', verb: 'screenshot' },
  description:
    'The screen as an image attachment (PNG, or JPEG fitting 1600x1600 when over 2 MiB) with the summary line ' +
    '`source=WxH, sent=WxH, bytes=N, transformed=bool`. Read-only; with `path` it also writes the PNG on the ' +
    "device (`screencap -p '<path>'`), which needs approval. Needs a vision-capable model to be of use.",
  risk: 'read_only',
  arguments: SCREENSHOT_ARGUMENTS,
  async run(context, args) {
    if (args.path !== undefined) {
      const written = await writeOnDevice(context, 'android.screenshot', args.path);
      if (!written.ok) return written;
      const attached = await screenAttachment(context);
      if (!attached.ok) return attached;
      return ok({ kind: 'screenshot', ...attached.value, written: written.value });
    }
    const attached = await screenAttachment(context);
    return attached.ok ? ok({ kind: 'screenshot', ...attached.value }) : attached;
  },
});

export const androidReadScreen = defineTool({
  name: 'android.read_screen',
  cli: { command: 'ui', verb: 'read-screen' },
  description:
    'The screen as an image attachment for a vision-capable model, like android.screenshot without path; it never ' +
    'writes a file and refuses `path`. Read-only. The image shows pixels only: read the UI tree for exact text.',
  risk: 'read_only',
  arguments: READ_SCREEN_ARGUMENTS,
  async run(context) {
    const attached = await screenAttachment(context);
    return attached.ok ? ok({ kind: 'read_screen', ...attached.value }) : attached;
  },
});

export const captureAndroidScreen = defineTool({
  name: 'capture_android_screen',
  cli: { command: 'ui', verb: 'capture' },
  description:
    "Writes the screen as a PNG on the device (`screencap -p '<path>'`, absolute path with a file name). Mutating: " +
    'approval first; if refused, nothing is captured or written. Returns no image: use android.screenshot for that.',
  risk: 'mutating',
  arguments: CAPTURE_SCREEN_ARGUMENTS,
  async run(context, args) {
    const written = await writeOnDevice(context, 'capture_android_screen', args.path);
    return written.ok ? ok({ kind: 'capture_android_screen', action_sent: true, ...written.value }) : written;
  },
});

export const viewScreenshot = defineTool({
  name: 'view_screenshot',
  cli: { command: 'ui', verb: 'view-screenshot' },
  description:
    'An image file on this computer as an attachment: PNG, JPEG or WebP by content (not by name), at most 32 MiB ' +
    'and 80 megapixels; PNG/JPEG up to 2 MiB pass unchanged, others are resized to fit 1600x1600 and sent as JPEG ' +
    '(quality 82), refused if still over 2 MiB. Read-only.',
  risk: 'read_only',
  device: 'none',
  arguments: VIEW_SCREENSHOT_ARGUMENTS,
  async run(_context, args) {
    const { path } = args;
    if (!isAbsolute(path))
      return fail('INVALID_ARGUMENTS', `path must be absolute; got ${path}`, { field: 'path', path });
    const stats = await lstat(path).catch((error: NodeJS.ErrnoException) => error);
    if (stats instanceof Error)
      return fail(
        'NOT_FOUND',
        stats.code === 'ENOENT' ? `${path} does not exist` : `${path} cannot be read: ${stats.message}`,
        { path, osCode: stats.code ?? null },
      );
    if (!stats.isFile())
      return fail(
        'IMAGE_REFUSED',
        `${path} is not a regular file (a folder or a link): give the image file itself`,
        {
          path,
          reason: 'not_a_file',
        },
      );
    if (stats.size > VISION_LIMITS.sourceBytes)
      return fail(
        'IMAGE_REFUSED',
        `${path} is ${stats.size} bytes, over the 32 MiB limit; crop or shrink it first`,
        {
          path,
          reason: 'source_too_large',
          bytes: stats.size,
          limit: VISION_LIMITS.sourceBytes,
        },
      );
    const image = await prepareForVision(await readFile(path));
    if (!image.ok)
      return fail(image.error.code, `${path}: ${image.error.message}`, { ...image.error.details, path });
    return ok({ kind: 'view_screenshot', path, ...imageAnswer(image.value) });
  },
});

export const VISION_TOOLS = [androidScreenshot, androidReadScreen, captureAndroidScreen, viewScreenshot];
