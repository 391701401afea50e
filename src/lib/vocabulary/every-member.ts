/**
 * Checks at compile time that a list names every member of `T`, in any order: a second order of
 * the same members (one an API documents) then fails to compile when a member is added.
 */
export function everyMember<T extends string>() {
  return <const L extends readonly T[]>(
    list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> }),
  ): L => list;
}
