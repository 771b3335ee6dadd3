/**
 * Who is signed in: the staff profile from `staffMe` (or from the login answer), shared through
 * a context that the staff layout provides once the profile is loaded. Screens ask `useCan()`
 * only to hide what the role may not do; the server checks every call on its own.
 */
import { createContext, useContext } from 'react';
import { queryOptions } from '@tanstack/react-query';
import type { StaffPermission, StaffProfile } from '@pp/contract';
import { apiCall } from './api-client';

export const staffMeQueryKey = ['staffMe'] as const;

export const staffMeQuery = () =>
  queryOptions({
    queryKey: staffMeQueryKey,
    queryFn: ({ signal }) => apiCall('staffMe', {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const StaffContext = createContext<StaffProfile | null>(null);

export function useStaff(): StaffProfile {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the staff layout');
  return staff;
}

export function hasPermission(staff: Pick<StaffProfile, 'permissions'> | null, permission: StaffPermission): boolean {
  return staff?.permissions.includes(permission) ?? false;
}

/** `can('reviews.decide')` for the signed-in staff member. */
export function useCan(): (permission: StaffPermission) => boolean {
  const staff = useStaff();
  return (permission) => hasPermission(staff, permission);
}
