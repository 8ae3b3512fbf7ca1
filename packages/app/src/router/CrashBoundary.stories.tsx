import { Button, Flex, Text } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@vault/domain';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { CrashBoundary } from './CrashBoundary';

function BrokenScreen(): never {
  throw new Error('Cannot read properties of undefined (reading "apy")');
}

/** A page that crashes, and a way out, as Root wires it: the boundary keyed by the path. */
function CrashThenNavigate() {
  const [path, setPath] = useState('/opportunities/broken');
  return (
    <Flex direction="column" gap="3">
      <Button variant="soft" onClick={() => setPath('/dashboard')}>
        Go to dashboard
      </Button>
      <CrashBoundary resetKey={path}>
        {path === '/dashboard' ? <Text as="p">Dashboard content</Text> : <BrokenScreen />}
      </CrashBoundary>
    </Flex>
  );
}

const meta = {
  title: 'App/Crash boundary',
  component: CrashThenNavigate,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof CrashThenNavigate>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A screen that throws shows the crash page with its message; moving to another path recovers. */
export const ScreenThrowsThenNavigates: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('the crash page replaces the broken screen', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: messages.crashed })).toBeVisible();
      await expect(canvas.getByRole('alert')).toHaveTextContent('reading "apy"');
    });
    await step('navigating away clears the crash', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Go to dashboard' }));
      await expect(canvas.getByText('Dashboard content')).toBeVisible();
      await expect(canvas.queryByRole('heading', { name: messages.crashed })).not.toBeInTheDocument();
    });
  },
};
