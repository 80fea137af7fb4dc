import { fullName } from '../../../domain/person-name';
import { Role } from '../../../domain/roles';
import type { StaffPage } from '../../../domain/staff-views';
import type { User } from '../../../domain/user.schema';
import { useStaffApi } from '../staff-api';

/** The active hunters, for the filters and the assignment of supervisors (GET /api/users). */
export function useHunters(enabled: boolean): { id: string; name: string }[] {
  const [load] = useStaffApi<StaffPage<User>>(
    enabled ? `/api/users?role=${Role.CHASSEUR}&archived=0&pageSize=100` : '',
  );
  if (!enabled || load.status !== 'ready') return [];
  return load.data.items.map((u) => ({ id: u._id, name: fullName(u) }));
}

/** The « Chasseur » filter of the staff lists: all, the unassigned, then each hunter. */
export function hunterFilterOptions(
  hunters: readonly { id: string; name: string }[],
): { value: string; label: string }[] {
  return [
    { value: '', label: 'Tous' },
    { value: 'none', label: 'Non attribués' },
    ...hunters.map((h) => ({ value: h.id, label: h.name })),
  ];
}
