import { departmentLabel, departmentNames } from '../../../domain/departments';

/** The department filter of a staff list: all, then each department the agency covers. */
export const departmentOptions = [
  { value: '', label: 'Tous' },
  ...Object.keys(departmentNames).map((code) => ({ value: code, label: departmentLabel(code) })),
];
