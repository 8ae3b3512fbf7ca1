import { type PositionDayRow, PositionDayRowSchema, type PositionRow, PositionRowSchema } from '@vault/domain';
import { type MemberRead, useMemberRead } from '../_query/memberRead';

/** The member's positions (`my_positions()`, docs/offerings.md): a row per offering held. */
export const positionsRead: MemberRead<PositionRow> = { fn: 'my_positions', schema: PositionRowSchema };

/** /placements and the investor dashboard read the same positions. */
export const usePositions = () => useMemberRead(positionsRead);

/** The positions day by day (`my_position_history()`, docs/returns.md): the returns and the value over time. */
const positionHistoryRead: MemberRead<PositionDayRow> = {
  fn: 'my_position_history',
  schema: PositionDayRowSchema,
};

export const usePositionHistory = () => useMemberRead(positionHistoryRead);
