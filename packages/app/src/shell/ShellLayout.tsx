import { Badge, Box, Button, DropdownMenu, Flex, Link as RadixLink, Separator, Text } from '@radix-ui/themes';
import {
  adminMenu,
  breadcrumbs,
  COPYRIGHT_YEAR,
  footerLinks,
  messages,
  primaryNav,
  showsAdminMenu,
  userMenu,
} from '@vault/domain';
import { SkipLink } from '@vault/ui';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAppearance } from '../appearance/appearance';
import { useDemoMode } from '../demo/demoMode';
import { useSession } from '../session/SessionProvider';
import { LogoMark } from './Logo';
import { isCurrent } from './links';
import { useOnline } from './useOnline';

/**
 * The authenticated shell (SPEC.md 2 'Shell layout'). A stand-in built from Radix Themes until
 * @vault/ui's AppShell lands; all rules (links, admin menu, breadcrumbs) come from @vault/domain.
 */
export function ShellLayout() {
  const { session, logout } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const online = useOnline();
  const { appearance, toggle } = useAppearance();
  const crumbs = breadcrumbs(pathname);

  return (
    <Flex direction="column" minHeight="100vh">
      <SkipLink />
      <Box asChild px="4" py="3" style={{ borderBottom: '1px solid var(--gray-a5)' }}>
        <header>
          <Flex align="center" gap="4" wrap="wrap">
            <Link to="/" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color: 'inherit' }}>
              <LogoMark />
              <Text weight="bold" size="4">
                Vault
              </Text>
            </Link>
            {demo ? (
              <Badge color="amber" variant="solid">
                Demo
              </Badge>
            ) : null}
            <Box asChild style={{ overflowX: 'auto', flex: '1 1 320px' }}>
              <nav aria-label="Primary">
                <Flex asChild gap="3" style={{ listStyle: 'none', margin: 0, padding: 0, whiteSpace: 'nowrap' }}>
                  <ul>
                    {primaryNav.map((link) => (
                      <li key={link.href}>
                        <RadixLink asChild weight={isCurrent(link.href, pathname) ? 'bold' : 'regular'}>
                          <Link to={link.href} aria-current={isCurrent(link.href, pathname) ? 'page' : undefined}>
                            {link.label}
                          </Link>
                        </RadixLink>
                      </li>
                    ))}
                  </ul>
                </Flex>
              </nav>
            </Box>
            {showsAdminMenu(session) ? (
              <nav aria-label="Admin">
                <Flex asChild gap="3" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  <ul>
                    {adminMenu.map((link) => (
                      <li key={link.href}>
                        <RadixLink asChild>
                          <Link to={link.href} aria-current={isCurrent(link.href, pathname) ? 'page' : undefined}>
                            {link.label}
                          </Link>
                        </RadixLink>
                      </li>
                    ))}
                  </ul>
                </Flex>
              </nav>
            ) : null}
            <Text size="1" color="gray">
              {messages.paletteHint}
            </Text>
            {session.user ? (
              <DropdownMenu.Root>
                <DropdownMenu.Trigger>
                  <Button variant="soft" aria-label={`User menu for ${session.user.email}`}>
                    {session.user.email}
                    <DropdownMenu.TriggerIcon />
                  </Button>
                </DropdownMenu.Trigger>
                <DropdownMenu.Content align="end">
                  {userMenu.map((item) => (
                    <DropdownMenu.Item key={item.href} onSelect={() => navigate(item.href)}>
                      {item.label}
                    </DropdownMenu.Item>
                  ))}
                  <DropdownMenu.Item onSelect={toggle}>
                    {appearance === 'dark' ? 'Light appearance' : 'Dark appearance'}
                  </DropdownMenu.Item>
                  <DropdownMenu.Separator />
                  <DropdownMenu.Item
                    onSelect={() => {
                      logout();
                      navigate('/');
                    }}
                  >
                    Logout
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Root>
            ) : null}
          </Flex>
        </header>
      </Box>
      {online ? null : (
        <Box role="status" px="4" py="2" style={{ background: 'var(--amber-a4)' }}>
          <Text size="2">{messages.offline}</Text>
        </Box>
      )}
      <Box asChild px="4" py="2">
        <nav aria-label="Breadcrumb">
          <Flex asChild gap="2" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            <ol>
              {crumbs.map((crumb, index) => {
                const last = index === crumbs.length - 1;
                return (
                  <li key={crumb.href}>
                    {last ? (
                      <Text size="2" aria-current="page">
                        {crumb.label}
                      </Text>
                    ) : (
                      <Text size="2">
                        <RadixLink asChild>
                          <Link to={crumb.href}>{crumb.label}</Link>
                        </RadixLink>
                        <span aria-hidden="true"> /</span>
                      </Text>
                    )}
                  </li>
                );
              })}
            </ol>
          </Flex>
        </nav>
      </Box>
      <Box asChild px="4" py="4" style={{ flex: 1, outline: 'none' }}>
        <main id="main-content" tabIndex={-1}>
          <Outlet />
        </main>
      </Box>
      <Separator size="4" />
      <Box asChild px="4" py="4">
        <footer>
          <Flex gap="4" wrap="wrap" align="center">
            <Text size="2" color="gray">
              © {COPYRIGHT_YEAR} Vault. All rights reserved.
            </Text>
            {footerLinks.map((link) =>
              link.href ? (
                <RadixLink key={link.label} size="2" asChild>
                  <Link to={link.href}>{link.label}</Link>
                </RadixLink>
              ) : (
                <Text key={link.label} size="2" color="gray">
                  {link.label}
                </Text>
              ),
            )}
          </Flex>
        </footer>
      </Box>
    </Flex>
  );
}
