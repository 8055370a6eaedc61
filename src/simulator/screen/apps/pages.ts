// Building blocks of the simulated apps' inner pages: a toolbar with a working Navigate-up button, text lines that
// record their nodes, and an AlertDialog drawn in its own window over a scrim.
import type { UiAction, UiNode } from '../../device/uiTree';
import { robotoFont } from '../../../node/fonts/roboto';
import { drawText, fillRect, fillRoundRect, withShadow, type TextStyle } from '../draw';
import { drawGlyph } from '../glyphs';
import { UiBuilder } from '../uiBuilder';
import type { Frame } from './frame';

/** Draws a page's background and toolbar (Navigate up goes back); returns the toolbar's bottom edge. */
export function drawToolbar(
  frame: Frame,
  title: string,
  colors: { background: string; bar: string; ink: string },
): number {
  const { ctx, dp, content, ui } = frame;
  fillRect(ctx, 0, 0, frame.widthPx, frame.heightPx, colors.background);
  const bottom = content.top + 64 * dp;
  fillRect(ctx, 0, 0, frame.widthPx, bottom, colors.bar);
  const toolbar = ui.add(
    ui.content,
    'android.view.ViewGroup',
    { x: content.left, y: content.top, width: content.right - content.left, height: 64 * dp },
    { resourceId: ui.id('toolbar') },
  );
  drawGlyph(ctx, 'back', content.left + 28 * dp, content.top + 32 * dp, 24 * dp, colors.ink);
  ui.add(
    toolbar,
    'android.widget.ImageButton',
    { x: content.left + 4 * dp, y: content.top + 8 * dp, width: 48 * dp, height: 48 * dp },
    { contentDesc: 'Navigate up', clickable: true, focusable: true, action: { kind: 'back' } },
  );
  const style = { sizePx: 22 * dp, color: colors.ink, weight: 500 } as const;
  textLine(frame, toolbar, title, content.left + 72 * dp, content.top + 40 * dp, {
    ...style,
    maxWidth: content.right - content.left - 88 * dp,
  });
  return bottom;
}

/** Draws one line of text and records its TextView under `parent`. */
export function textLine(
  frame: Frame,
  parent: UiNode,
  text: string,
  x: number,
  y: number,
  style: TextStyle,
  resourceId?: string,
): UiNode {
  const width = drawText(frame.ctx, text, x, y, style);
  return frame.ui.text(
    parent,
    text,
    x,
    y,
    { width, sizePx: style.sizePx, ...(style.align ? { align: style.align } : {}) },
    resourceId ? { resourceId: frame.ui.id(resourceId) } : {},
  );
}

export interface DialogButton {
  label: string;
  action: UiAction;
  /** Filled in the brand colour (the confirming button). */
  filled?: boolean;
}

/**
 * Draws an AlertDialog over the page: a scrim, then the dialog's own window, which becomes the active window the
 * UI tree describes (as uiautomator dumps the dialog, not the activity under it).
 */
export function drawDialog(frame: Frame, title: string, message: string, buttons: DialogButton[]): void {
  const { ctx, dp, content } = frame;
  fillRect(ctx, 0, 0, frame.widthPx, frame.heightPx, 'rgba(0, 0, 0, 0.32)');
  const width = Math.min(content.right - content.left - 48 * dp, 400 * dp);
  const height = 196 * dp;
  const left = Math.round(content.left + (content.right - content.left - width) / 2);
  const top = Math.round(content.top + (content.bottom - content.top - height) / 2);
  const window = { left, top, right: Math.round(left + width), bottom: Math.round(top + height) };
  withShadow(ctx, 12 * dp, 4 * dp, () => fillRoundRect(ctx, left, top, width, height, 28 * dp, '#FFFFFF'));
  const ui = new UiBuilder(frame.app.packageName, frame.widthPx, frame.heightPx, window, window);
  ui.root.cancelOnTouchOutside = true;
  frame.ui = ui;
  const panel = ui.add(
    ui.content,
    'android.widget.LinearLayout',
    { x: left, y: top, width, height },
    {
      resourceId: ui.id('parentPanel'),
    },
  );
  textLine(
    frame,
    panel,
    title,
    left + 24 * dp,
    top + 48 * dp,
    { sizePx: 24 * dp, color: '#1C1B1F' },
    'alertTitle',
  );
  textLine(frame, panel, message, left + 24 * dp, top + 88 * dp, {
    sizePx: 15 * dp,
    color: '#49454F',
    maxWidth: width - 48 * dp,
  });
  let right = left + width - 24 * dp;
  const buttonTop = top + height - 24 * dp - 44 * dp;
  for (const button of [...buttons].reverse()) {
    ctx.font = robotoFont(16 * dp, 500);
    const buttonWidth = Math.max(64 * dp, ctx.measureText(button.label).width + 48 * dp);
    const x = right - buttonWidth;
    const brand = frame.app.brandColor;
    if (button.filled) fillRoundRect(ctx, x, buttonTop, buttonWidth, 44 * dp, 22 * dp, brand);
    ui.add(
      panel,
      'android.widget.Button',
      { x, y: buttonTop, width: buttonWidth, height: 44 * dp },
      { text: button.label, clickable: true, focusable: true, action: button.action },
    );
    drawText(ctx, button.label, x + buttonWidth / 2, buttonTop + 28 * dp, {
      sizePx: 16 * dp,
      weight: 500,
      color: button.filled ? '#FFFFFF' : brand,
      align: 'center',
    });
    right = x - 8 * dp;
  }
}

/** Frames one sweep of the indeterminate progress bar takes (1.5 s at 60 Hz). */
const SWEEP_FRAMES = 90;

/** An indeterminate LinearProgressIndicator along the top of the window, its segment at `animationFrame`'s place. */
export function drawBusyIndicator(frame: Frame, animationFrame: number): void {
  const { ctx, dp, ui } = frame;
  const { left, top, right } = frame.content;
  const width = right - left;
  const height = 4 * dp;
  const brand = frame.app.brandColor;
  fillRect(ctx, left, top, width, height, '#E0E0E0');
  const segment = width * 0.4;
  const x = left - segment + ((animationFrame % SWEEP_FRAMES) / SWEEP_FRAMES) * (width + segment);
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  fillRect(ctx, x, top, segment, height, brand);
  ctx.restore();
  ui.add(
    ui.content,
    'android.widget.ProgressBar',
    { x: left, y: top, width, height },
    {
      resourceId: ui.id('loading_indicator'),
    },
  );
}
