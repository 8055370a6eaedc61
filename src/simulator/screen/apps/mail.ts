// A mail inbox: search pill with avatar, message rows with sender avatars, and a Compose button.
import { shade } from '../colors';
import { drawText, fillCircle, fillRect, fillRoundRect, withShadow } from '../draw';
import { drawGlyph } from '../glyphs';
import type { UiNode } from '../../device/uiTree';
import type { BarTint, Frame } from './frame';
import { drawToolbar, textLine } from './pages';

const MESSAGES: ReadonlyArray<readonly [string, string, string, string, boolean, string]> = [
  [
    'Shoply',
    'Your order #48213 has shipped',
    'Wireless Earbuds Pro and 2 more items are on the way',
    '10:42\u202FAM',
    true,
    '#E65100',
  ],
  [
    'Priya Natarajan',
    'QA sync notes',
    'Attached are the notes from today\u2019s sync. The overlay looks good on API 35',
    '9:15\u202FAM',
    true,
    '#7B1FA2',
  ],
  [
    'Atlas Maps',
    'Your May timeline',
    'You visited 12 places and travelled 148 km this month',
    'Jun 2',
    false,
    '#0F9D58',
  ],
  [
    'Jonas Weber',
    'Re: Release checklist',
    'Thanks! I\u2019ll run the screenshot suite on the tablet tomorrow',
    'Jun 2',
    false,
    '#00838F',
  ],
  [
    'Build Bot',
    'Nightly build #1287 passed',
    'All 1,942 tests passed in 6 min 12 s',
    'Jun 1',
    false,
    '#455A64',
  ],
  [
    'Marta Silva',
    'Lunch on Friday?',
    'There\u2019s a new place near the office that does great ramen',
    'May 31',
    false,
    '#C2185B',
  ],
  [
    'Calendar',
    'Reminder: device lab booking',
    'Friday 10:00\u201312:00 \u00B7 Room 4B',
    'May 30',
    false,
    '#1A73E8',
  ],
  [
    'Security alert',
    'New sign-in on a phone',
    'We noticed a new sign-in to your account',
    'May 29',
    false,
    '#5F6368',
  ],
  ['Kenji Sato', 'Photos from the offsite', '42 photos shared with you', 'May 28', false, '#EF6C00'],
  [
    'Newsletter',
    'This week in Android testing',
    'Flaky tests, screenshot diffs and more',
    'May 27',
    false,
    '#6D4C41',
  ],
];
const INK = '#1F1F1F';
const MUTED = '#5E5E5E';

/** One message, opened from its inbox row. */
function drawMessage(frame: Frame, index: number): void {
  const { ctx, dp, content, ui } = frame;
  const message = MESSAGES[index] ?? MESSAGES[0];
  if (message === undefined) return;
  const [sender, subject, snippet, time, , color] = message;
  const top = drawToolbar(frame, subject, { background: '#FFFFFF', bar: '#F6F8FC', ink: INK });
  const left = content.left + 16 * dp;
  const width = content.right - content.left - 32 * dp;
  textLine(
    frame,
    ui.content,
    subject,
    left,
    top + 44 * dp,
    { sizePx: 22 * dp, color: INK, maxWidth: width },
    'subject',
  );
  fillCircle(ctx, left + 20 * dp, top + 92 * dp, 20 * dp, color);
  ui.add(
    ui.content,
    'android.widget.ImageView',
    { x: left, y: top + 72 * dp, width: 40 * dp, height: 40 * dp },
    { resourceId: ui.id('contact_badge'), contentDesc: `About ${sender}` },
  );
  drawText(ctx, sender.charAt(0), left + 20 * dp, top + 99 * dp, {
    sizePx: 18 * dp,
    color: '#FFFFFF',
    align: 'center',
  });
  textLine(
    frame,
    ui.content,
    sender,
    left + 56 * dp,
    top + 88 * dp,
    { sizePx: 16 * dp, color: INK, weight: 500 },
    'sender_name',
  );
  textLine(
    frame,
    ui.content,
    `to me \u00B7 ${time}`,
    left + 56 * dp,
    top + 108 * dp,
    { sizePx: 13 * dp, color: MUTED },
    'recipient_summary',
  );
  textLine(
    frame,
    ui.content,
    snippet,
    left,
    top + 156 * dp,
    { sizePx: 16 * dp, color: INK, maxWidth: width },
    'message_body',
  );
}

/** Draws the inbox, or the message opened from it. */
export function drawMail(frame: Frame): BarTint {
  if (frame.page.name === 'message') {
    drawMessage(frame, frame.page.item ?? 0);
    return { darkStatusIcons: true, darkNavigationIcons: true, statusBarColor: '#F6F8FC' };
  }
  const { ctx, dp, content, ui } = frame;
  const brand = frame.app.brandColor;
  const line = (
    parent: UiNode,
    text: string,
    x: number,
    y: number,
    style: Parameters<typeof drawText>[4],
    id?: string,
  ): void => {
    const width = drawText(ctx, text, x, y, style);
    ui.text(
      parent,
      text,
      x,
      y,
      { width, sizePx: style.sizePx, ...(style.align ? { align: style.align } : {}) },
      id ? { resourceId: ui.id(id) } : {},
    );
  };
  fillRect(ctx, 0, 0, frame.widthPx, frame.heightPx, '#F6F8FC');
  const left = content.left;
  const right = content.right;
  const searchTop = content.top + 8 * dp;
  fillRoundRect(ctx, left + 16 * dp, searchTop, right - left - 32 * dp, 52 * dp, 26 * dp, '#E9EEF6');
  const search = ui.add(
    ui.content,
    'android.widget.FrameLayout',
    { x: left + 16 * dp, y: searchTop, width: right - left - 32 * dp, height: 52 * dp },
    { resourceId: ui.id('search_bar'), clickable: true, focusable: true },
  );
  drawGlyph(ctx, 'menu', left + 44 * dp, searchTop + 26 * dp, 22 * dp, '#444746');
  ui.add(
    search,
    'android.widget.ImageButton',
    { x: left + 20 * dp, y: searchTop + 2 * dp, width: 48 * dp, height: 48 * dp },
    { contentDesc: 'Open navigation drawer', clickable: true, focusable: true },
  );
  line(
    search,
    'Search in mail',
    left + 76 * dp,
    searchTop + 32 * dp,
    { sizePx: 17 * dp, color: '#444746' },
    'search_hint',
  );
  ui.add(
    search,
    'android.widget.ImageView',
    { x: right - 60 * dp, y: searchTop + 10 * dp, width: 32 * dp, height: 32 * dp },
    {
      resourceId: ui.id('account_avatar'),
      contentDesc: 'Account and settings',
      clickable: true,
      focusable: true,
    },
  );
  fillCircle(ctx, right - 44 * dp, searchTop + 26 * dp, 16 * dp, '#8E24AA');
  drawText(ctx, 'A', right - 44 * dp, searchTop + 32 * dp, {
    sizePx: 16 * dp,
    color: '#FFFFFF',
    align: 'center',
    weight: 500,
  });
  line(
    ui.content,
    'Inbox',
    left + 16 * dp,
    searchTop + 88 * dp,
    { sizePx: 14 * dp, color: MUTED },
    'folder_name',
  );
  const rowHeight = 84 * dp;
  const listTop = searchTop + 104 * dp;
  const offset = frame.page.scroll.threads ?? 0;
  const list = ui.add(
    ui.content,
    'androidx.recyclerview.widget.RecyclerView',
    { x: left, y: listTop, width: right - left, height: content.bottom - listTop },
    {
      resourceId: ui.id('thread_list'),
      scrollable: true,
      focusable: true,
      scroll: {
        key: 'threads',
        maxPx: Math.max(0, MESSAGES.length * rowHeight - (content.bottom - listTop)),
      },
    },
  );
  // The list scrolls inside its own area: rows end above the navigation bar and slide under the folder line.
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, listTop, frame.widthPx, content.bottom - listTop);
  ctx.clip();
  MESSAGES.forEach(([sender, subject, snippet, time, unread, color], index) => {
    const top = listTop + index * rowHeight - offset;
    if (top > content.bottom || top + rowHeight < listTop) return;
    const row = ui.add(
      list,
      'android.view.ViewGroup',
      { x: left, y: top, width: right - left, height: rowHeight },
      {
        resourceId: ui.id('thread_row'),
        contentDesc: `${unread ? 'Unread, ' : ''}${sender}, ${subject}, ${snippet}, ${time}`,
        clickable: true,
        longClickable: true,
        focusable: true,
        action: { kind: 'open', page: 'message', item: index, activity: '.MessageActivity' },
      },
    );
    fillCircle(ctx, left + 36 * dp, top + 28 * dp, 20 * dp, color);
    drawText(ctx, sender.charAt(0), left + 36 * dp, top + 35 * dp, {
      sizePx: 18 * dp,
      color: '#FFFFFF',
      align: 'center',
    });
    const textLeft = left + 72 * dp;
    const weight = unread ? 500 : 400;
    const ink = unread ? INK : '#3C3C3C';
    drawText(ctx, time, right - 16 * dp, top + 20 * dp, {
      sizePx: 12 * dp,
      color: unread ? INK : MUTED,
      align: 'right',
      weight,
    });
    const maxWidth = right - textLeft - 80 * dp;
    line(row, sender, textLeft, top + 20 * dp, { sizePx: 16 * dp, color: ink, weight, maxWidth }, 'sender');
    line(row, subject, textLeft, top + 42 * dp, { sizePx: 14 * dp, color: ink, weight, maxWidth }, 'subject');
    const snippetStyle = { sizePx: 14 * dp, color: MUTED, maxWidth: right - textLeft - 48 * dp };
    line(row, snippet, textLeft, top + 62 * dp, snippetStyle, 'snippet');
    drawGlyph(ctx, 'star', right - 28 * dp, top + 56 * dp, 20 * dp, '#C4C7C5');
  });
  ctx.restore();
  const fabWidth = 148 * dp;
  const fabTop = content.bottom - 16 * dp - 56 * dp;
  const fabLeft = right - 16 * dp - fabWidth;
  withShadow(ctx, 8 * dp, 3 * dp, () =>
    fillRoundRect(ctx, fabLeft, fabTop, fabWidth, 56 * dp, 16 * dp, shade(brand, 0.78)),
  );
  ui.add(
    ui.content,
    'android.widget.Button',
    { x: fabLeft, y: fabTop, width: fabWidth, height: 56 * dp },
    { text: 'Compose', resourceId: ui.id('compose_button'), clickable: true, focusable: true },
  );
  drawGlyph(ctx, 'pencil', fabLeft + 34 * dp, fabTop + 28 * dp, 22 * dp, shade(brand, -0.55));
  drawText(ctx, 'Compose', fabLeft + 58 * dp, fabTop + 34 * dp, {
    sizePx: 16 * dp,
    color: shade(brand, -0.55),
    weight: 500,
  });
  return { darkStatusIcons: true, darkNavigationIcons: true, statusBarColor: brand };
}
