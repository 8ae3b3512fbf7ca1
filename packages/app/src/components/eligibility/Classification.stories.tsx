import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  categoryLabels,
  classificationErrors,
  professionalCriteriaLabels,
  professionalProtectionsWarning,
  ukStatementLabel,
} from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { type AppStoryParameters, SLOW, sessionAs, storyUsers, withApp } from '../../test-support';
import { ClassificationStep } from './ClassificationStep';

const investor = sessionAs('investor', storyUsers.fundedInvestor);
const saveUrl = '*/rest/v1/rpc/save_investor_profile';

/** The last declaration the step sent, as the server received it. */
let sent: unknown = null;
const recordSave = http.post(saveUrl, async ({ request }) => {
  sent = await request.json();
  return HttpResponse.json({ member_id: storyUsers.fundedInvestor.id });
});

const meta = {
  title: 'Screens/Classification',
  component: ClassificationStep,
  decorators: [withApp],
  args: { onSaved: fn() },
  parameters: {
    layout: 'padded',
    app: { url: '/opportunities', session: investor } satisfies AppStoryParameters,
    msw: { handlers: [recordSave] },
  },
  beforeEach: () => {
    sent = null;
  },
} satisfies Meta<typeof ClassificationStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Outside the UK: retail, professional and company; a retail investor declares nothing more. */
export const EuRetail: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('radio')).toBeNull();
    await userEvent.selectOptions(canvas.getByLabelText('Country of residence'), 'DE');
    const radios = canvas.getAllByRole('radio');
    await expect(radios).toHaveLength(3);
    await expect(canvas.queryByRole('radio', { name: new RegExp(categoryLabels.uk_restricted.label) })).toBeNull();
    await userEvent.click(canvas.getByRole('radio', { name: new RegExp(categoryLabels.retail.label) }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith('retail'));
    await expect(sent).toEqual({ country: 'DE', category: 'retail', answers: {} });
  },
};

/** A UK resident sees only the three FCA categories, each with its signed statement. */
export const UkCategories: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Country of residence'), 'GB');
    await expect(canvas.getAllByRole('radio')).toHaveLength(3);
    for (const category of ['uk_restricted', 'uk_high_net_worth', 'uk_sophisticated'] as const)
      await expect(canvas.getByRole('radio', { name: new RegExp(categoryLabels[category].label) })).toBeVisible();
    await expect(canvas.queryByRole('radio', { name: new RegExp(categoryLabels.retail.label) })).toBeNull();
    await userEvent.click(canvas.getByRole('radio', { name: new RegExp(categoryLabels.uk_high_net_worth.label) }));
    await userEvent.click(canvas.getByRole('checkbox', { name: ukStatementLabel }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith('uk_high_net_worth'));
    await expect(sent).toEqual({ country: 'GB', category: 'uk_high_net_worth', answers: { statement_signed: true } });
  },
};

/** An elective professional reads the protections they lose and ticks the criteria they meet. */
export const ElectiveProfessional: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Country of residence'), 'FR');
    await userEvent.click(canvas.getByRole('radio', { name: new RegExp(categoryLabels.professional.label) }));
    await expect(canvas.getByText(professionalProtectionsWarning)).toBeVisible();
    const criteria = within(canvas.getByRole('group', { name: 'Professional criteria' }));
    await expect(criteria.getAllByRole('checkbox')).toHaveLength(3);
    await userEvent.click(criteria.getByRole('checkbox', { name: professionalCriteriaLabels.portfolio_over_500k }));
    await userEvent.click(criteria.getByRole('checkbox', { name: professionalCriteriaLabels.one_year_in_finance }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith('professional'));
    await expect(sent).toEqual({
      country: 'FR',
      category: 'professional',
      answers: { portfolio_over_500k: true, ten_trades_a_quarter: false, one_year_in_finance: true },
    });
  },
};

/** The server refuses (one criterion only): its reason shows and every answer stays as it was. */
export const ServerRefuses: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post(saveUrl, () =>
          HttpResponse.json(
            { code: '22023', message: classificationErrors.CRITERIA_NOT_MET, details: null, hint: null },
            { status: 400 },
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Country of residence'), 'IT');
    await userEvent.click(canvas.getByRole('radio', { name: new RegExp(categoryLabels.professional.label) }));
    await userEvent.click(canvas.getByRole('checkbox', { name: professionalCriteriaLabels.ten_trades_a_quarter }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save and continue' }));
    await expect(await canvas.findByRole('alert', {}, SLOW)).toHaveTextContent(classificationErrors.CRITERIA_NOT_MET);
    await expect(canvas.getByLabelText('Country of residence')).toHaveValue('IT');
    await expect(canvas.getByRole('radio', { name: new RegExp(categoryLabels.professional.label) })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: professionalCriteriaLabels.ten_trades_a_quarter })).toBeChecked();
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

/** While the server works the button is busy and a second click sends nothing more. */
export const Saving: Story = {
  parameters: { msw: { handlers: [http.post(saveUrl, () => delay('infinite'))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Country of residence'), 'NL');
    await userEvent.click(canvas.getByRole('radio', { name: new RegExp(categoryLabels.corporate.label) }));
    const save = canvas.getByRole('button', { name: 'Save and continue' });
    await userEvent.click(save);
    await waitFor(() => expect(save).toBeDisabled());
  },
};

/** A UK statement older than 12 months: the step asks again. */
export const Expired: Story = {
  args: { expired: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Sign your investor statement again' })).toBeVisible();
  },
};
