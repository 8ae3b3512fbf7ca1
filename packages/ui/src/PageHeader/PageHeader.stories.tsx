import { Button } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PageHeader } from './PageHeader';

const meta = {
  title: 'Layout/PageHeader',
  component: PageHeader,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "A page's h1, description, actions slot and optional Back button.\n\n**When to use:** at the top of a page's content: its title (the page's h1), a description and page actions.\n\n**When not:** for sections inside a page (use a heading) or more than once per page.",
      },
    },
  },
  argTypes: { actions: { control: false }, description: { control: 'text' } },
  args: { title: 'Explore Tokenized Real-World Assets' },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Explore Tokenized Real-World Assets' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Back' })).toBeNull();
  },
};

export const WithDescriptionAndActions: Story = {
  args: {
    description: 'Audited impact investments across Europe, Africa and Asia.',
    actions: (
      <Button type="button" variant="soft">
        Reset
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Audited impact investments across Europe, Africa and Asia.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reset' })).toBeVisible();
  },
};

export const WithBack: Story = {
  args: { title: 'Groningen Solar Park II', onBack: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Groningen Solar Park II' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

export const BackByKeyboard: Story = {
  args: { title: 'Invest', onBack: fn(), backLabel: 'Back to opportunity' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Back to opportunity' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};
