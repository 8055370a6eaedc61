// What the device says about a run's evidence reaches the QA engineer: a panel replaced mid-capture fails the run
// with its reason and advice, and an Operator without device leases is named in the result.
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, openConsole, resultColumn, saveScreen, step } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'lease' });

test('a panel replaced while the screenshot is taken fails the run with EVIDENCE_PANEL_REPLACED', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  const sim = phone.simulator;
  let open = (): void => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let entered = (): void => undefined;
  const capturing = new Promise<void>((resolve) => (entered = resolve));
  sim.device.setCaptureScreen(async () => {
    entered();
    await gate;
    return sim.capture();
  });
  await button(page, 'Run sequence').click();
  await capturing;
  // A density change redraws the panel as a new generation while the host is capturing.
  sim.state.setDensityOverride(480);
  open();
  const column = resultColumn(page, phone);
  await expect(step(column, 'Clear panel')).toContainText('succeeded', { timeout: 15_000 });
  await expect(column.getByText('EVIDENCE_PANEL_REPLACED').first()).toBeVisible();
  await expect(column).toContainText('failed');
  sim.device.setCaptureScreen(() => sim.capture());
  sim.state.setDensityOverride(undefined);
  await saveScreen(page, '14-panel-replaced', column);
});

test('an Operator without device leases runs as before, with a warning in the result', async ({ page }) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  phone.simulator.operator.legacyProtocol = true;
  try {
    await openConsole(page, stack());
    await button(page, 'Run sequence').click();
    const column = resultColumn(page, phone);
    await expect(step(column, 'Clear panel')).toContainText('succeeded', { timeout: 15_000 });
    await expect(column.getByText(/^No device lease: /)).toBeVisible();
    await saveScreen(page, '15-no-lease', column);
  } finally {
    phone.simulator.operator.legacyProtocol = false;
  }
});
