import { Badge, Box, Code, Table, Text } from '@radix-ui/themes';
import { isGatedFor, type RouteDefinition, roleIds, roleLabel, roleMayOpen, routes } from '@vault/domain';

function accessNote(route: RouteDefinition): string {
  if (route.access === 'public') return 'Public';
  if (route.access === 'signed-in') return 'Any signed-in user';
  return route.gate ? 'Roles below; investors must be ready' : 'Roles below';
}

/**
 * Who may open what, read straight from the domain route table, so designers and testers see
 * the rules the guard applies. The admin flag opens every route, so it is not a column.
 */
export function AccessMatrix() {
  return (
    <Box>
      <Text as="p" size="2" mb="3">
        The admin flag bypasses every check. A gated route also needs an investor's wallet, approved KYC and first
        on-ramp; otherwise the investor is sent to <Code>/access-required</Code>.
      </Text>
      <Table.Root variant="surface" size="1">
        <caption>Access matrix: routes by role</caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Route</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Rule</Table.ColumnHeaderCell>
            {roleIds.map((role) => (
              <Table.ColumnHeaderCell key={role}>
                <abbr title={roleLabel(role)}>{role}</abbr>
              </Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {routes.map((route) => (
            <Table.Row key={route.path}>
              <Table.RowHeaderCell>
                <Code>{route.path}</Code>
              </Table.RowHeaderCell>
              <Table.Cell>{accessNote(route)}</Table.Cell>
              {roleIds.map((role) => (
                <Table.Cell key={role}>
                  {roleMayOpen(route, role) ? (
                    <Badge color="green" highContrast>
                      {isGatedFor(route, role) ? 'Allowed, gated' : 'Allowed'}
                    </Badge>
                  ) : (
                    <Badge color="gray" highContrast>
                      Denied
                    </Badge>
                  )}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
