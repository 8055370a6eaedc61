import { PNG } from 'pngjs';
import { resolvePath, writeRefusal } from '../../device/fileAccess';
import { filesOf } from '../../device/files';
import { failWith, type CommandContext } from '../commandTable';

/** Pixel format code of RGBA_8888 in screencap's raw header. */
const RAW_FORMAT_RGBA_8888 = 1;
/** HAL_DATASPACE_SRGB, written as the fourth header word from API 28 on. */
const DATASPACE_SRGB = 0x08810000;

/**
 * `screencap -p` writes the provider's PNG unchanged; `screencap` without -p writes the raw format
 * (width, height, format [, dataspace] as u32le, then RGBA pixels), decoded from that PNG. With a FILENAME the
 * image goes to that device file instead of stdout, as PNG when -p is given or the name ends in `.png`.
 */
export async function screencap(context: CommandContext): Promise<number> {
  let png = false;
  let fileName: string | undefined;
  const args = [...context.args];
  while (args.length > 0) {
    const argument = args.shift() as string;
    if (argument === '-p') png = true;
    else if (argument === '-d') args.shift();
    else if (argument === '-h') return failWith(context, 'usage: screencap [-hp] [-d display-id] [FILENAME]');
    else if (argument.startsWith('-'))
      return failWith(context, `screencap: invalid option -- ${argument.slice(1)}`);
    else fileName = argument;
  }
  if (fileName === undefined) return capture(context, png, context.stdout);
  const path = resolvePath(fileName, context.environment.PWD ?? '/');
  const files = filesOf(context.device.state);
  const refusal = writeRefusal(files, path);
  if (refusal) return failWith(context, `Error opening file: ${fileName} (${refusal}).`);
  const chunks: Buffer[] = [];
  const status = await capture(context, png || fileName.endsWith('.png'), (chunk) =>
    chunks.push(Buffer.from(chunk)),
  );
  if (status === 0)
    files.write(path, {
      data: Buffer.concat(chunks),
      mode: 0o660,
      mtimeSeconds: Math.floor(Date.now() / 1000),
    });
  return status;
}

async function capture(
  context: CommandContext,
  png: boolean,
  output: (chunk: Uint8Array) => void,
): Promise<number> {
  const capture = context.device.captureScreen;
  if (!capture)
    return failWith(
      context,
      'Error: no display to capture (no screen provider attached to this simulated device)',
    );
  let image: Uint8Array;
  try {
    image = await capture();
  } catch (error) {
    return failWith(
      context,
      `Error: capturing the screen failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (png) {
    output(image);
    return 0;
  }
  let decoded: PNG;
  try {
    decoded = PNG.sync.read(Buffer.from(image));
  } catch (error) {
    return failWith(
      context,
      `Error: the screen provider returned an invalid PNG: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const withDataspace = context.device.state.sdkLevel >= 28;
  const header = Buffer.alloc(withDataspace ? 16 : 12);
  header.writeUInt32LE(decoded.width, 0);
  header.writeUInt32LE(decoded.height, 4);
  header.writeUInt32LE(RAW_FORMAT_RGBA_8888, 8);
  if (withDataspace) header.writeUInt32LE(DATASPACE_SRGB, 12);
  output(header);
  output(decoded.data);
  return 0;
}
