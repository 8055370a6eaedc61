// Shoply's "Sign in" page (`.auth.SignInActivity`, opened from the checkout toolbar): an email EditText, a password
// EditText (inputType textPassword) and a "Sign in" button, drawn as Material outlined text fields.
//
// What a real Android reports for the password field (AOSP frameworks/base):
// - TextView.onInitializeAccessibilityNodeInfoInternal sets `password` from hasPasswordTransformationMethod(). From
//   Android 8 (API 26) it always sets the text to getTextForAccessibility(): the hint while the field is empty,
//   otherwise `mTransformed`, the PasswordTransformationMethod's output, one U+2022 BULLET per character
//   (PasswordTransformationMethod.DOT = '\u2022'). So `uiautomator dump` shows `text="•••••••"`, never the secret.
// - Up to Android 7.1 the text was set only `if (!isPassword || shouldSpeakPasswordsForAccessibility())`, so the
//   dump's text is "" there (empty field included).
// - The screen draws the same bullets. Limit: with Settings' "Show passwords" (system `show_password`, default 1) a
//   real field shows the last typed character for 1500 ms (PasswordTransformationMethod.Visible); the simulated
//   field always masks every character, as with `show_password` 0.
import { isLight } from '../colors';
import { drawText, fillRect, fillRoundRect, strokeRoundRect } from '../draw';
import type { UiNode } from '../../device/uiTree';
import type { Frame } from './frame';
import { drawToolbar, textLine } from './pages';

const INK = '#1C1B1F';
const MUTED = '#5F6368';
const OUTLINE = '#79747E';
/** PasswordTransformationMethod.DOT. */
export const PASSWORD_DOT = '\u2022';
/** From this API level a password node's text is its masked text (or hint); before, it has no text. */
const MASKED_TEXT_SDK = 26;

export const SIGN_IN_ACTIVITY = '.auth.SignInActivity';

interface FieldSpec {
  field: 'email' | 'password';
  hint: string;
  resourceId: string;
  password: boolean;
}

const FIELDS: readonly FieldSpec[] = [
  { field: 'email', hint: 'Email', resourceId: 'email', password: false },
  { field: 'password', hint: 'Password', resourceId: 'password', password: true },
];

/** The text the field's AccessibilityNodeInfo carries (what the dump and the Operator's walker read). */
export function accessibilityText(spec: { password: boolean; hint: string }, typed: string, sdk: number) {
  if (spec.password) {
    if (sdk < MASKED_TEXT_SDK) return undefined;
    return typed === '' ? spec.hint : PASSWORD_DOT.repeat([...typed].length);
  }
  // An empty EditText reports its hint as its text (AccessibilityNodeInfo.isShowingHintText).
  return typed === '' ? spec.hint : typed;
}

function drawField(frame: Frame, parent: UiNode, spec: FieldSpec, left: number, top: number, right: number) {
  const { ctx, dp, ui } = frame;
  const height = 56 * dp;
  const typed = frame.page.fields[spec.field] ?? '';
  const focused = frame.page.focused === spec.field;
  const brand = frame.app.brandColor;
  fillRoundRect(ctx, left, top, right - left, height, 4 * dp, '#FFFFFF');
  strokeRoundRect(
    ctx,
    left,
    top,
    right - left,
    height,
    4 * dp,
    focused ? brand : OUTLINE,
    (focused ? 2 : 1) * dp,
  );
  const text = accessibilityText(spec, typed, frame.sdk);
  ui.add(
    parent,
    'android.widget.EditText',
    { x: left, y: top, width: right - left, height },
    {
      ...(text === undefined ? {} : { text }),
      hint: spec.hint,
      resourceId: ui.id(spec.resourceId),
      clickable: true,
      longClickable: true,
      focusable: true,
      focused,
      password: spec.password,
      // The key does not follow the (changing) text, so D-pad focus stays on the field while typing.
      focusKey: `field|${spec.resourceId}`,
      action: { kind: 'focus', field: spec.field },
    },
  );
  const shown = typed === '' ? spec.hint : spec.password ? PASSWORD_DOT.repeat([...typed].length) : typed;
  const textLeft = left + 16 * dp;
  const width = drawText(ctx, shown, textLeft, top + 35 * dp, {
    sizePx: 16 * dp,
    color: typed === '' ? MUTED : INK,
    maxWidth: right - left - 32 * dp,
  });
  // The text cursor after the typed text (or before the hint).
  if (focused) fillRect(ctx, textLeft + (typed === '' ? 0 : width), top + 16 * dp, 2 * dp, 24 * dp, brand);
}

/** Draws the sign-in page. */
export function drawSignIn(frame: Frame): void {
  const { ctx, dp, content, ui } = frame;
  const brand = frame.app.brandColor;
  const onBrand = isLight(brand) ? INK : '#FFFFFF';
  drawToolbar(frame, 'Sign in', { background: '#F5F5F5', bar: brand, ink: onBrand });
  const width = Math.min(content.right - content.left - 32 * dp, 480 * dp);
  const left = content.left + (content.right - content.left - width) / 2;
  const right = left + width;
  let y = content.top + 64 * dp + 48 * dp;
  const form = ui.add(
    ui.content,
    'android.widget.LinearLayout',
    { x: left, y: y - 32 * dp, width, height: 300 * dp },
    { resourceId: ui.id('sign_in_form') },
  );
  textLine(
    frame,
    form,
    'Welcome back',
    left,
    y,
    { sizePx: 24 * dp, color: INK, weight: 500 },
    'sign_in_title',
  );
  y += 28 * dp;
  for (const spec of FIELDS) {
    drawField(frame, form, spec, left, y, right);
    y += 72 * dp;
  }
  fillRoundRect(ctx, left, y, width, 48 * dp, 24 * dp, brand);
  // No handler: the simulated shop has no account backend, so a tap on "Sign in" leaves the page as it is.
  ui.add(
    form,
    'android.widget.Button',
    { x: left, y, width, height: 48 * dp },
    { text: 'Sign in', resourceId: ui.id('sign_in_button'), clickable: true, focusable: true },
  );
  drawText(ctx, 'Sign in', left + width / 2, y + 30 * dp, {
    sizePx: 16 * dp,
    color: onBrand,
    weight: 500,
    align: 'center',
  });
}
