import * as v from 'valibot';
import { parseTable } from './table';

export const roleIds = [
  'investor',
  'mfo_admin',
  'cl_spv_admin',
  'eq_spv_admin',
  'production_spv',
  'compliance',
] as const;

export type Role = (typeof roleIds)[number];

export const RoleSchema = v.picklist(roleIds, 'must be one of the six Vault roles');

const RoleDefinitionSchema = v.object({
  id: RoleSchema,
  label: v.pipe(v.string(), v.nonEmpty()),
});
export type RoleDefinition = v.InferOutput<typeof RoleDefinitionSchema>;

/** The six roles of the platform, each with the label people read. */
export const roles: readonly RoleDefinition[] = parseTable('roles', RoleDefinitionSchema, [
  { id: 'investor', label: 'Investor' },
  { id: 'mfo_admin', label: 'Multi-family-office admin' },
  { id: 'cl_spv_admin', label: 'Commercial lending SPV admin' },
  { id: 'eq_spv_admin', label: 'Equity SPV admin' },
  { id: 'production_spv', label: 'Production SPV' },
  { id: 'compliance', label: 'Compliance officer' },
]);

export function roleLabel(role: Role): string {
  return roles.find((r) => r.id === role)?.label ?? role;
}
