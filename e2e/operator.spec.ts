// The Operator section of the selected device: disabling the accessibility service from the console shows in its
// status and makes Set panel fail with ON_SCREEN_LOG_SERVICE_UNAVAILABLE; enabling it again brings it back.
import { expect, test, useConsoleStack } from './fixtures/test';
import { openConsole, resultColumn, saveScreen, step } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'operator' });

test('Disable service -> "Service enabled" no and Set panel fails; Enable service -> yes again', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  const section = page.getByRole('region', { name: 'Operator', exact: true });
  const serviceEnabled = section.getByRole('row', { name: /^Service enabled/ }).getByRole('cell');
  await expect(section).toContainText('com.androperator.operator');
  await expect(section.getByRole('row', { name: /^Installed/ }).getByRole('cell')).toHaveText(/yes$/);
  await expect(serviceEnabled).toHaveText(/yes$/);
  // Only the toggle that applies is enabled.
  await expect(section.getByRole('button', { name: 'Enable service' })).toBeDisabled();

  await section.getByRole('button', { name: 'Disable service' }).click();
  await expect(section).toContainText('Accessibility service disabled.');
  await expect(serviceEnabled).toHaveText(/no$/);
  await expect(section).toHaveAttribute('aria-busy', 'false');
  await expect(section.getByRole('button', { name: 'Disable service' })).toBeDisabled();
  await saveScreen(page, '14-operator-disabled', section);

  // The button knows it will fail now (issue 14 defect 7): running it anyway is a deliberate second choice.
  await page.getByRole('button', { name: /^Set panel\s*will fail$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Run anyway' }).click();
  const set = step(resultColumn(page, phone), 'Set panel');
  await expect(set).toContainText('failed');
  await expect(set).toContainText('ON_SCREEN_LOG_SERVICE_UNAVAILABLE');

  await section.getByRole('button', { name: 'Enable service' }).click();
  await expect(section).toContainText('Accessibility service enabled.');
  await expect(serviceEnabled).toHaveText(/yes$/);
  // The devices list follows from devices:changed.
  await expect(page.getByRole('list', { name: 'Devices', exact: true })).toContainText('service enabled');
});
