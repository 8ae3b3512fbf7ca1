import { Button, Flex } from '@radix-ui/themes';

/** Back and the step's submit button, in the same place on every step. */
export function StepActions({
  onBack,
  nextLabel,
  pending = false,
}: {
  onBack: () => void;
  nextLabel: string;
  /** While the server works: the submit button shows it is busy and takes no second click. */
  pending?: boolean;
}) {
  return (
    <Flex gap="3" justify="between" mt="2">
      <Button type="button" variant="soft" color="gray" highContrast onClick={onBack} disabled={pending}>
        Back
      </Button>
      <Button type="submit" loading={pending}>
        {nextLabel}
      </Button>
    </Flex>
  );
}
