import { AlertDialog, Button, Flex } from '@radix-ui/themes';

/** The alert after Express Interest: materials will be emailed. No request is made (docs/product.md §2). */
export function ExpressInterestDialog({
  name,
  email,
  open,
  onOpenChange,
}: {
  name: string;
  email: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Thank you for your interest</AlertDialog.Title>
        <AlertDialog.Description size="2">
          We will email the investment materials for {name}
          {email ? ` to ${email}` : ''} shortly.
        </AlertDialog.Description>
        <Flex justify="end" mt="4">
          <AlertDialog.Action>
            <Button>OK</Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
