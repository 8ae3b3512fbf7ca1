import { Button, Flex } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Stepper, type StepperProps } from './Stepper';

/** The investment flow of docs/product.md §2: amount; payment method; confirm; submitted. */
const investmentSteps = ['Amount', 'Payment method', 'Confirm', 'Submitted'];

const meta = {
  title: 'Components/Stepper',
  component: Stepper,
  args: { steps: investmentSteps, current: 1, label: 'Investment progress' },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Stepper>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** What a person sees at step `at`: the bar at at/total, 'Step at of total', the current step marked. */
async function expectAt(canvas: Canvas, at: number, steps: readonly string[], label = 'Investment progress') {
  const total = steps.length;
  await expect(canvas.getByText(`Step ${at} of ${total}`)).toBeVisible();
  const bar = canvas.getByRole('progressbar', { name: label });
  await expect(bar).toHaveAttribute('aria-valuenow', String(at));
  await expect(bar).toHaveAttribute('aria-valuemax', String(total));
  await expect(bar).toHaveAttribute('aria-valuetext', `Step ${at} of ${total}: ${steps[at - 1]}`);
  const items = within(canvas.getByRole('list', { name: label })).getAllByRole('listitem');
  await expect(items.map((item) => item.getAttribute('aria-current'))).toEqual(
    steps.map((_, index) => (index + 1 === at ? 'step' : null)),
  );
  for (const [index, item] of items.entries()) {
    const completed = within(item).queryByText('(completed)');
    await expect(completed !== null).toBe(index + 1 < at);
  }
}

/** Step 1: the bar a quarter full, nothing completed. */
export const FirstStep: Story = {
  name: 'Step 1 of 4',
  args: { current: 1 },
  play: async ({ canvasElement }) => expectAt(within(canvasElement), 1, investmentSteps),
};

/** Step 3: two steps completed, Confirm current. */
export const ThirdStep: Story = {
  name: 'Step 3 of 4',
  args: { current: 3 },
  play: async ({ canvasElement }) => expectAt(within(canvasElement), 3, investmentSteps),
};

/** The last step: the bar full. */
export const LastStep: Story = {
  name: 'Step 4 of 4 (submitted)',
  args: { current: 4 },
  play: async ({ canvasElement }) => expectAt(within(canvasElement), 4, investmentSteps),
};

/** A value outside 1…total (e.g. from a stale URL) is clamped rather than drawn wrong. */
export const OutOfRangeClamped: Story = {
  name: 'Out-of-range step is clamped',
  args: { current: 9 },
  play: async ({ canvasElement }) => expectAt(within(canvasElement), 4, investmentSteps),
};

/** Registration's three steps, with its own label. */
export const Registration: Story = {
  name: 'Registration (3 steps)',
  args: {
    steps: ['Personal Information', 'Contact Information', 'Account Setup'],
    current: 2,
    label: 'Registration progress',
  },
  play: async ({ canvasElement }) =>
    expectAt(
      within(canvasElement),
      2,
      ['Personal Information', 'Contact Information', 'Account Setup'],
      'Registration progress',
    ),
};

function FlowHarness(props: StepperProps) {
  const [current, setCurrent] = useState(props.current);
  const total = props.steps.length;
  return (
    <Flex direction="column" gap="4">
      <Stepper {...props} current={current} />
      <Flex gap="2">
        <Button variant="soft" color="gray" disabled={current === 1} onClick={() => setCurrent(current - 1)}>
          Back
        </Button>
        <Button disabled={current === total} onClick={() => setCurrent(current + 1)}>
          Continue
        </Button>
      </Flex>
    </Flex>
  );
}

/** Walking the flow with Continue and Back moves the bar and the current step with it. */
export const WalkingTheFlow: Story = {
  name: 'Continue and Back move it',
  render: (args) => <FlowHarness {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectAt(canvas, 1, investmentSteps);
    for (const at of [2, 3, 4]) {
      await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
      await expectAt(canvas, at, investmentSteps);
    }
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expectAt(canvas, 3, investmentSteps);
  },
};
