import { Button, Flex } from '@radix-ui/themes';

/** Back and the step's submit button, in the same place on every step. */
export function StepActions({ onBack, nextLabel }: { onBack: () => void; nextLabel: string }) {
  return (
    <Flex gap="3" justify="between" mt="2">
      <Button type="button" variant="soft" color="gray" highContrast onClick={onBack}>
        Back
      </Button>
      <Button type="submit">{nextLabel}</Button>
    </Flex>
  );
}
