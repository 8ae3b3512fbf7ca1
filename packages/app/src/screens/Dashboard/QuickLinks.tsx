import { Button, Flex } from '@radix-ui/themes';
import type { QuickLink } from '@vault/domain';
import { Link } from 'react-router-dom';

/** A row of quick buttons; each is a real link, so it opens in a new tab too. */
export function QuickLinks({ links, label }: { links: readonly QuickLink[]; label: string }) {
  return (
    <Flex asChild gap="3" wrap="wrap" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      <ul aria-label={label}>
        {links.map((link) => (
          <li key={link.href}>
            <Button asChild variant="soft" size="3">
              <Link to={link.href}>{link.label}</Link>
            </Button>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
