// The UI action tools, in the order tools/list and --help show them (docs/ui-loop.md "Actions").
import { launchApp, stopApp } from './appTools';
import { inputText, pressBack, pressEnter, pressHome, scroll, swipe } from './inputTools';
import { injectInput, tap, tapNode, tapText } from './tapTools';

export const UI_ACTION_TOOLS = [
  tapText,
  tapNode,
  tap,
  launchApp,
  stopApp,
  pressBack,
  pressHome,
  pressEnter,
  swipe,
  scroll,
  inputText,
  injectInput,
];
