// Public surface of the simulated screen: renderer, Roboto measurer, app icons and profile mapping.
export { renderScreen, screenMeasurer, screenTree } from './renderScreen';
export {
  createRobotoMeasurer,
  ROBOTO_ASCENT_PER_EM,
  ROBOTO_DESCENT_PER_EM,
} from '../../node/fonts/robotoMeasurer';
export { neutralIcon, NEUTRAL_ICON_COLOR, renderAppIcon } from './icons';
export { navigationBarPosition, screenAppOf, screenInputFromProfile, type ScreenMoment } from './fromProfile';
export type { NavigationBarPosition, ScreenApp, ScreenInput, ScreenPanel } from './types';
