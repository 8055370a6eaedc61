// Arguments of the screenshot and vision tools (docs/ui-loop.md "Screenshots and vision"; reference section 5).
import { z } from 'zod';

/** A device path for a PNG: absolute, naming a file, no CR/LF/NUL (the reference's rules). */
const devicePath = z
  .string({ error: 'path must be an absolute device path such as /sdcard/Pictures/screen.png' })
  .max(4096, 'path must be at most 4096 characters')
  .refine(
    (value) => value.startsWith('/'),
    'path must be absolute (start with /), e.g. /sdcard/Pictures/screen.png',
  )
  .refine((value) => !value.endsWith('/') && !/\/\.{1,2}$/.test(value), 'path must name a file, not a folder')
  .refine((value) => !/[\r\n\0]/.test(value), 'path must not contain CR, LF or NUL');

export const SCREENSHOT_ARGUMENTS = z.strictObject({
  path: devicePath
    .describe('optional: also write the PNG on the device at this absolute path (needs approval)')
    .optional(),
});

/** android.read_screen never writes a file, so `path` is an unknown field (reference: it refuses a path). */
export const READ_SCREEN_ARGUMENTS = z.strictObject({});

export const CAPTURE_SCREEN_ARGUMENTS = z.strictObject({
  path: devicePath.describe('absolute device path of the PNG to write (needs approval)'),
});

export const VIEW_SCREENSHOT_ARGUMENTS = z.strictObject({
  path: z
    .string({ error: 'path must be an absolute path of an image file on this computer' })
    .min(1, 'path must be an absolute path of an image file on this computer')
    .max(4096, 'path must be at most 4096 characters')
    .refine((value) => !/[\r\n\0]/.test(value), 'path must not contain CR, LF or NUL')
    .describe('absolute path of a PNG, JPEG or WebP file on this computer'),
});
