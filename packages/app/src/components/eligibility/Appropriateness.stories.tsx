import type { Meta, StoryObj } from '@storybook/react-vite';
import { appropriatenessWarning, clientQuestionnaire, currentQuestionnaire } from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { type AppStoryParameters, SLOW, sessionAs, storyUsers, withApp } from '../../test-support';
import { AppropriatenessStep } from './AppropriatenessStep';

const investor = sessionAs('investor', storyUsers.fundedInvestor);
const questionnaireHandler = http.post('*/rest/v1/rpc/current_questionnaire', () =>
  HttpResponse.json(clientQuestionnaire()),
);
const submitUrl = '*/rest/v1/rpc/submit_appropriateness';
const acknowledgeUrl = '*/rest/v1/rpc/acknowledge_appropriateness_warning';

let sent: unknown = null;
let acknowledgements = 0;
const answerWith = (result: { passed: boolean; retake_at: string | null }) =>
  http.post(submitUrl, async ({ request }) => {
    sent = await request.json();
    return HttpResponse.json({ version: currentQuestionnaire.version, score: 0, ...result });
  });
const acknowledgeHandler = http.post(acknowledgeUrl, () => {
  acknowledgements += 1;
  return HttpResponse.json({});
});

const meta = {
  title: 'Screens/Appropriateness',
  component: AppropriatenessStep,
  decorators: [withApp],
  args: { onDone: fn() },
  parameters: {
    layout: 'padded',
    app: { url: '/opportunities', session: investor } satisfies AppStoryParameters,
    msw: { handlers: [questionnaireHandler, answerWith({ passed: true, retake_at: null }), acknowledgeHandler] },
  },
  beforeEach: () => {
    sent = null;
    acknowledgements = 0;
  },
} satisfies Meta<typeof AppropriatenessStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Answers every question with its first option (the questionnaire's scoring lives on the server). */
async function answerAll(canvasElement: HTMLElement): Promise<Record<string, string>> {
  const canvas = within(canvasElement);
  const answers: Record<string, string> = {};
  await canvas.findByText(currentQuestionnaire.questions[0]?.text ?? '', {}, SLOW);
  for (const question of currentQuestionnaire.questions) {
    const option = question.options[0];
    if (!option) continue;
    await userEvent.click(canvas.getByRole('radio', { name: option.text }));
    answers[question.id] = option.id;
  }
  return answers;
}

/** The server's questions, every one answered before Submit; a pass moves on. */
export const Passed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Submit answers' }, SLOW)).toBeDisabled();
    const answers = await answerAll(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit answers' }));
    await waitFor(() => expect(args.onDone).toHaveBeenCalled());
    await expect(sent).toEqual({ version: currentQuestionnaire.version, answers });
  },
};

/** EU retail, "not appropriate": the warning, and Continue only after the explicit acknowledgement. */
export const NotAppropriate: Story = {
  parameters: {
    msw: { handlers: [questionnaireHandler, answerWith({ passed: false, retake_at: null }), acknowledgeHandler] },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await answerAll(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit answers' }));
    const warning = await canvas.findByRole('alert', {}, SLOW);
    await expect(warning).toHaveTextContent(appropriatenessWarning.title);
    const proceed = canvas.getByRole('button', { name: 'Continue' });
    await expect(proceed).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: appropriatenessWarning.acknowledge }));
    await userEvent.click(proceed);
    await waitFor(() => expect(args.onDone).toHaveBeenCalled());
    await expect(acknowledgements).toBe(1);
  },
};

/** UK retail must pass: a failed test says when it can be taken again, with nothing to acknowledge. */
export const UkFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        questionnaireHandler,
        answerWith({ passed: false, retake_at: '2026-11-25T21:00:00.000Z' }),
        acknowledgeHandler,
      ],
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await answerAll(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit answers' }));
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent(/take them again after/);
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};
