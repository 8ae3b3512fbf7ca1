import { Button } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { categoryLabels } from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { type AppStoryParameters, SLOW, sessionAs, storyUsers, withApp } from '../../test-support';
import { EligibilityGate } from './EligibilityGate';

/** How often the gate asked the server about the member's standing. */
let asked = 0;
const countEligibility = http.post('*/rest/v1/rpc/investment_eligibility', () => {
  asked += 1;
  return HttpResponse.json({ code: 'NOT_CLASSIFIED', at: null });
});

/** The list above which the gate sits, reading again: no rows while it loads, then another first row. */
function GateOverAListThatReadsAgain() {
  const [firstRow, setFirstRow] = useState<string | null>('solar-park-groningen');
  const readAgain = () => {
    setFirstRow(null);
    setTimeout(() => setFirstRow('clean-water-kenya'), 50);
  };
  return (
    <>
      <Button type="button" variant="soft" onClick={readAgain}>
        Read the list again
      </Button>
      <EligibilityGate anyOpportunityId={firstRow} />
    </>
  );
}

const meta = {
  title: 'Screens/Opportunities/Eligibility gate',
  component: GateOverAListThatReadsAgain,
  decorators: [withApp],
  parameters: {
    layout: 'padded',
    app: {
      url: '/opportunities',
      session: sessionAs('investor', storyUsers.fundedInvestor),
    } satisfies AppStoryParameters,
    msw: { handlers: [countEligibility] },
  },
  beforeEach: () => {
    asked = 0;
  },
} satisfies Meta<typeof GateOverAListThatReadsAgain>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Classification is the member's, not an opportunity's: while the list reads again, the step being
 * filled in stays, with what was chosen, and the server is not asked again.
 */
export const StepKeptWhileTheListReadsAgain: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const step = await canvas.findByRole('region', { name: 'Before you invest' }, SLOW);
    const country = within(step).getByLabelText('Country of residence');
    await userEvent.selectOptions(country, 'NL');
    const retail = within(step).getByRole('radio', { name: new RegExp(categoryLabels.retail.label) });
    await userEvent.click(retail);
    await userEvent.click(canvas.getByRole('button', { name: 'Read the list again' }));
    // The list's next first row has arrived (50 ms); the step is the same one, as it was left.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await waitFor(() => expect(canvas.getByRole('region', { name: 'Before you invest' })).toBe(step));
    await expect(country).toHaveValue('NL');
    await expect(retail).toBeChecked();
    await expect(asked).toBe(1);
  },
};
