import { Text } from '@radix-ui/themes';
import { hrefFor } from '@vault/domain';
import { Logo } from '@vault/ui';
import { Link } from 'react-router-dom';

/** The logo and the product name, linking home: the header of the pages outside the shell. */
export function HomeLink() {
  return (
    <Link
      to={hrefFor('landing')}
      aria-label="Vault home"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color: 'inherit', textDecoration: 'none' }}
    >
      <Logo size={32} />
      <Text weight="bold" size="5">
        Vault
      </Text>
    </Link>
  );
}
