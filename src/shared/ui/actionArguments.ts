// Arguments of the UI action tools (android.tap_text ... inject_android_input, docs/ui-loop.md "Actions"): zod
// strictObjects with the reference's names and limits (section 4.2), plus the optional `verification` object.
import { z } from 'zod';
import { PACKAGE_NAME } from '../android/packageName';
import { BOUNDS_PATTERN } from './uiArguments';

/** Coordinates above this are refused (reference 4.2). */
export const MAX_COORDINATE = 20_000;
export const DEFAULT_SWIPE_MS = 500;
export const DEFAULT_INJECT_MS = 700;
export const DEFAULT_VERIFY_TIMEOUT_MS = 2000;

const coordinate = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of pixels from 0 to ${MAX_COORDINATE}` })
    .int(`${name} must be a whole number of pixels`)
    .min(0, `${name} must be at least 0`)
    .max(MAX_COORDINATE, `${name} must be at most ${MAX_COORDINATE}`);

const durationMs = z
  .number({ error: 'duration_ms must be a number of milliseconds from 100 to 10000' })
  .int('duration_ms must be a whole number of milliseconds')
  .min(100, 'duration_ms must be at least 100')
  .max(10_000, 'duration_ms must be at most 10000')
  .optional();

const byteLimited = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .min(1, `${name} must not be empty`)
    .refine(
      (value) => new TextEncoder().encode(value).length <= 1024,
      `${name} must be at most 1024 bytes of UTF-8`,
    );

const bounds = z
  .string({ error: 'bounds must be a string like [0,0][100,50]' })
  .regex(BOUNDS_PATTERN, 'bounds must look like [left,top][right,bottom], e.g. [0,0][100,50]');

const source = z
  .enum(['auto', 'operator', 'uiautomator'], { error: 'source must be one of auto, operator, uiautomator' })
  .optional();

/** The seed's postcondition object; at least one check is required. */
export const VERIFICATION = z
  .strictObject({
    verify_change: z.boolean({ error: 'verify_change must be true or false' }).optional(),
    expected_package: PACKAGE_NAME.optional(),
    text_present: byteLimited('text_present').optional(),
    text_absent: byteLimited('text_absent').optional(),
    timeout_ms: z
      .number({ error: 'timeout_ms must be a number of milliseconds from 100 to 10000' })
      .int('timeout_ms must be a whole number of milliseconds')
      .min(100, 'timeout_ms must be at least 100')
      .max(10_000, 'timeout_ms must be at most 10000')
      .optional(),
  })
  .refine(
    (value) =>
      value.verify_change === true ||
      value.expected_package !== undefined ||
      value.text_present !== undefined ||
      value.text_absent !== undefined,
    {
      message:
        'verification needs at least one check: verify_change: true, expected_package, text_present or text_absent',
    },
  );

export type Verification = z.output<typeof VERIFICATION>;

const verification = VERIFICATION.optional();

export const TAP_TEXT_ARGUMENTS = z.strictObject({ text: byteLimited('text'), source, verification });
export const TAP_NODE_ARGUMENTS = z.strictObject({ bounds, source, verification });
export const TAP_ARGUMENTS = z.strictObject({ x: coordinate('x'), y: coordinate('y'), verification });
export const APP_ARGUMENTS = z.strictObject({ package: PACKAGE_NAME, verification });
export const KEY_ARGUMENTS = z.strictObject({ verification });

export const SWIPE_ARGUMENTS = z.strictObject({
  x: coordinate('x'),
  y: coordinate('y'),
  end_x: coordinate('end_x'),
  end_y: coordinate('end_y'),
  duration_ms: durationMs,
  verification,
});

export const SCROLL_ARGUMENTS = z
  .strictObject({
    x: coordinate('x').optional(),
    y: coordinate('y').optional(),
    end_x: coordinate('end_x').optional(),
    end_y: coordinate('end_y').optional(),
    duration_ms: durationMs,
    direction: z.enum(['down', 'up'], { error: 'direction must be down or up' }).optional(),
    verification,
  })
  .refine(
    (value) => {
      const given = [value.x, value.y, value.end_x, value.end_y].filter((v) => v !== undefined).length;
      return given === 0 || given === 4;
    },
    { message: 'give all four of x, y, end_x, end_y, or none (then the display size decides)' },
  )
  .refine((value) => value.x === undefined || value.direction === undefined, {
    message: 'direction applies only without coordinates: drop direction, or drop x, y, end_x, end_y',
  });

export const INPUT_TEXT_ARGUMENTS = z.strictObject({
  text: byteLimited('text'),
  mode: z.enum(['append', 'replace'], { error: 'mode must be append or replace' }).optional(),
  verification,
});

export const INJECT_INPUT_ARGUMENTS = z
  .strictObject({
    action: z.enum(['tap', 'long_press', 'swipe', 'text'], {
      error: 'action must be one of tap, long_press, swipe, text',
    }),
    bounds,
    x: coordinate('x').optional(),
    y: coordinate('y').optional(),
    end_x: coordinate('end_x').optional(),
    end_y: coordinate('end_y').optional(),
    duration_ms: durationMs,
    text: byteLimited('text').optional(),
    verification,
  })
  .refine((value) => (value.action === 'text') === (value.text !== undefined), {
    message: 'text is required for action "text" and only allowed there',
  })
  .refine((value) => (value.x === undefined) === (value.y === undefined), {
    message: 'give x and y together, or neither (then the centre of bounds)',
  })
  .refine(
    (value) =>
      value.action === 'swipe'
        ? value.end_x !== undefined && value.end_y !== undefined
        : value.end_x === undefined && value.end_y === undefined,
    { message: 'end_x and end_y are required for action "swipe" and only allowed there' },
  );
