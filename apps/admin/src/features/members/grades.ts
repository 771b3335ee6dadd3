/** Member grades (spec section 3): 0 and -1 regular, 1 retail, 2 store, 3 supplier, 4 regional agent, 5 general agent. */
export const gradeLevels = [-1, 0, 1, 2, 3, 4, 5] as const;
export type GradeName = 'regular' | 'retail' | 'store' | 'supplier' | 'regionalAgent' | 'generalAgent';

const names: Record<number, GradeName> = {
  [-1]: 'regular',
  0: 'regular',
  1: 'retail',
  2: 'store',
  3: 'supplier',
  4: 'regionalAgent',
  5: 'generalAgent',
};

/** The grade's name key, or null for a level outside the known range. */
export function gradeName(level: number): GradeName | null {
  return names[level] ?? null;
}
