// The row schemas live in @vault/domain (the backend contract); these names stay for the screens.
export type {
  EntityRow as TableRow,
  EntityTableName as TableName,
  Repayment,
} from '@vault/domain';
/**
 * Every table the screens read and the schema its rows must meet (docs/decisions.md (13)); the
 * backend's extra columns (a per-member row's `user_id`) are dropped by the schemas.
 */
export { tableEntitySchemas as tableSchemas } from '@vault/domain';
